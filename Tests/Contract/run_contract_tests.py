#!/usr/bin/env python3
"""Contract test: the OpenAPI document is valid, and the live server keeps it.

1. Validates Sources/CampusCalAPI/OpenAPI/openapi.json as OpenAPI 3.1 (openapi-spec-validator).
2. Starts the server binary on a fresh temporary database with one administrator, waits for
   /readyz, checks that the served document equals the file, and logs in.
3. Runs schemathesis over every documented operation against the live server, with the admin's
   bearer token: no 5xx, every status, content type, header and body as documented, and invalid
   input rejected. POST /api/v1/auth/logout revokes the token it is sent, so it gets a run of its
   own, last. Tokens come from the auth provider in contract_hooks.py.
4. Always stops the server. Exits non-zero on any failure; the last line printed is
   `contract: N passed, M failed` (N/M count checks: the two document checks, one per operation
   of each schemathesis run plus its stateful scenarios, "the server logged no errors", and —
   read from the run's HAR report — "at least CONTRACT_MIN_REQUESTS requests, no 5xx among them"
   (issue #11: ≥ 5,000 generated requests without a server error).

Run from the repository root with the venv made from Tests/Contract/requirements.txt:

    .venv/bin/python Tests/Contract/run_contract_tests.py

Environment:
    CAMPUSCAL_BIN            server binary (default .build/debug/campuscal)
    CONTRACT_MAX_EXAMPLES    test cases per operation and phase (default 100)
    CONTRACT_SEED            schemathesis/hypothesis seed (default 20240601)
    CONTRACT_WORKERS         schemathesis workers (default 2)
    CONTRACT_KEEP_TMP=1      keep the temporary directory (database, server log, reports)
    CONTRACT_SCHEMATHESIS_ARGS  extra arguments for `schemathesis run` (debugging)
    CONTRACT_MIN_REQUESTS    requests the main run must send at least (default 5000)
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ElementTree
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SPEC_PATH = REPO / "Sources" / "CampusCalAPI" / "OpenAPI" / "openapi.json"
LOGOUT_OPERATION_ID = "logout"
# An event stream never ends, so schemathesis would wait on it forever; the Swift tests
# (NotificationTests) read it over a raw socket instead.
STREAM_OPERATION_IDS = ["streamNotifications"]

# The checks every response is held to: the required ones must exist in the installed schemathesis;
# the others are used when it has them (it is asked which checks it knows).
REQUIRED_CHECKS = [
    "not_a_server_error",  # no 5xx
    "status_code_conformance",  # every status is documented for its operation
    "content_type_conformance",  # and so is its media type
    "response_headers_conformance",  # documented required headers are present and match their schema
    "response_schema_conformance",  # the body matches its schema
]
OPTIONAL_CHECKS = [
    "negative_data_rejection",  # schema-violating requests are refused with a 4xx
    "ignored_auth",  # operations with `security` refuse requests without a valid token
    "missing_required_header",  # a missing required header is refused
    "unsupported_method",  # undocumented methods get 405
    "allow_header_conformance",  # a 405 carries an Allow header listing the documented methods
]


@dataclass
class Tally:
    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def ok(self, name: str) -> None:
        self.passed.append(name)
        print(f"PASS {name}", flush=True)

    def fail(self, name: str, why: str = "") -> None:
        self.failed.append(name)
        print(f"FAIL {name}{': ' + why if why else ''}", flush=True)


def log(message: str) -> None:
    print(f"[contract] {message}", flush=True)


# --- 1. the document ---------------------------------------------------------------------------


def validate_document(tally: Tally) -> dict | None:
    name = "openapi.json is a valid OpenAPI 3.1 document"
    try:
        from openapi_spec_validator import OpenAPIV31SpecValidator
    except ImportError as error:
        tally.fail(name, f"{error}; install Tests/Contract/requirements.txt (see this file's docstring)")
        return None

    try:
        spec = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        tally.fail(name, f"cannot read {SPEC_PATH}: {error}")
        return None
    if not str(spec.get("openapi", "")).startswith("3.1."):
        tally.fail(name, f"'openapi' is {spec.get('openapi')!r}, expected 3.1.x")
        return None
    errors = list(OpenAPIV31SpecValidator(spec).iter_errors())
    if errors:
        for error in errors:
            path = "/".join(str(part) for part in error.absolute_path)
            print(f"  {path or '<root>'}: {error.message}", flush=True)
        tally.fail(name, f"{len(errors)} error(s)")
        return None
    tally.ok(name)
    return spec


# --- 2. the server -----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def http(method: str, url: str, body: dict | None = None, token: str | None = None, timeout: float = 10):
    """(status, headers, parsed-or-raw body) of one request."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, headers, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, raw = error.code, error.headers, error.read()
    try:
        return status, headers, json.loads(raw) if raw else None
    except ValueError:
        return status, headers, raw


class Server:
    def __init__(self, binary: Path, workdir: Path) -> None:
        self.binary = binary
        self.workdir = workdir  # also the working directory: no config/campuscal.toml is picked up
        self.database = workdir / "campuscal.sqlite"
        self.log_path = workdir / "server.log"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self._log = None

    def add_admin(self, username: str, password: str) -> None:
        self.admin_username, self.admin_password = username, password
        self.add_user(username, password, "admin")

    def add_user(self, username: str, password: str, role: str) -> None:
        result = subprocess.run(
            [str(self.binary), "user", "add", username, "--role", role, "--password-stdin", "--database", str(self.database)],
            input=password + "\n",
            capture_output=True,
            text=True,
            timeout=120,
            cwd=self.workdir,
        )
        if result.returncode != 0:
            raise RuntimeError(f"'campuscal user add' exited {result.returncode}:\n{result.stdout}{result.stderr}")

    def start(self) -> None:
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [
                str(self.binary), "serve",
                "--host", "127.0.0.1", "--port", str(self.port),
                "--database", str(self.database),
                "--set", "auth.bcrypt_cost=12",
                # The shipped web app, so that its page and asset routes are fuzzed like the rest.
                "--set", f"server.web_directory={Path(__file__).resolve().parents[2] / 'web'}",
                # Every fuzzed login comes from 127.0.0.1: past the per-address allowance of failed
                # logins (issue #25: 30 an hour, then growing delays) the admin's own token fetch
                # would be made to wait too. The throttle has its own tests; here it is out of the way.
                "--set", "auth.source_failure_allowance=100000",
            ],
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            cwd=self.workdir,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        last = "no answer"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode} before it was ready")
            try:
                status, _, body = http("GET", self.base + "/readyz", timeout=2)
                if status == 200:
                    return
                last = f"{status} {body}"
            except OSError as error:
                last = str(error)
            time.sleep(0.2)
        raise RuntimeError(f"/readyz did not answer 200 within {timeout:.0f} s (last: {last})")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            started = time.monotonic()
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
                log(f"server stopped (exit {self.process.returncode}) {time.monotonic() - started:.1f} s after SIGTERM")
            except subprocess.TimeoutExpired:
                log("server still running 15 s after SIGTERM; killing it")
                self.process.kill()
                self.process.wait(timeout=15)
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def server_errors_logged(self) -> list[str]:
        """Lines the server logged at error level or worse (it logs every 5xx it answers)."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return []
        return [line for line in text.splitlines() if re.match(r"^\S+ (error|critical) ", line)]


def add_login_example_user(server: Server, spec: dict | None) -> None:
    """Creates the account of the documented login example, so that the example logs in (200)
    and the login response is checked against its schema too: fuzzed logins never succeed."""
    try:
        example = spec["paths"]["/api/v1/auth/login"]["post"]["requestBody"]["content"]["application/json"]["example"]
        username, password = example["username"], example["password"]
    except (KeyError, TypeError):
        log("the login operation has no example with username and password; login 200 is not exercised")
        return
    server.add_user(username, password, "student")
    log(f"created the login example's account '{username}'")


def login(server: Server, username: str, password: str) -> str:
    status, _, body = http("POST", server.base + "/api/v1/auth/login", {"username": username, "password": password})
    if status != 200 or not isinstance(body, dict) or "token" not in body:
        raise RuntimeError(f"login as {username} answered {status}: {body}")
    return body["token"]


def check_served_document(server: Server, spec: dict, tally: Tally) -> None:
    name = "GET /api/v1/openapi.json serves openapi.json"
    status, headers, body = http("GET", server.base + "/api/v1/openapi.json")
    if status != 200:
        tally.fail(name, f"status {status}")
    elif not (headers.get("Content-Type") or "").startswith("application/json"):
        tally.fail(name, f"Content-Type {headers.get('Content-Type')!r}")
    elif body != spec:
        tally.fail(name, "the served document differs from the file (the binary embeds it: rebuild it)")
    else:
        tally.ok(name)


# --- 3. schemathesis ---------------------------------------------------------------------------


def schemathesis_command() -> list[str]:
    beside = Path(sys.executable).parent / "schemathesis"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("schemathesis")
    if found:
        return [found]
    return [sys.executable, "-m", "schemathesis.cli"]


def available_checks() -> list[str]:
    """The wanted checks that the installed schemathesis offers (its `run --help` lists them)."""
    result = subprocess.run(schemathesis_command() + ["--version"], capture_output=True, text=True)
    help_text = subprocess.run(schemathesis_command() + ["run", "--help"], capture_output=True, text=True).stdout
    known = set(re.findall(r"[a-z_]+", help_text))
    missing = [check for check in REQUIRED_CHECKS if check not in known]
    if missing:
        raise RuntimeError(
            f"schemathesis ({' '.join(schemathesis_command())}) is missing or lacks the checks {', '.join(missing)}; "
            "install Tests/Contract/requirements.txt"
        )
    checks = REQUIRED_CHECKS + [check for check in OPTIONAL_CHECKS if check in known]
    log(f"{result.stdout.strip()}; checks: {', '.join(checks)}")
    skipped = [check for check in OPTIONAL_CHECKS if check not in known]
    if skipped:
        log(f"not available in this version, not run: {', '.join(skipped)}")
    return checks


def summarize_statuses(label: str, har: Path, spec: dict | None) -> list[tuple[str, int]]:
    """Print which statuses each documented operation answered, to show what the run reached.
    Returns every (operation, status) the run saw."""
    try:
        entries = json.loads(har.read_text(encoding="utf-8"))["log"]["entries"]
    except (OSError, ValueError, KeyError):
        log(f"({label}) no HAR report to summarize")
        return []
    templates = list((spec or {}).get("paths", {}))

    def operation(method: str, path: str) -> str | None:
        segments = path.split("/")
        for template in templates:
            pattern = template.split("/")
            if len(pattern) == len(segments) and all(p.startswith("{") or p == s for p, s in zip(pattern, segments)):
                documented = method.lower() in spec["paths"][template]
                return f"{method} {template}" if documented else None
        return None

    seen: dict[str, Counter] = {}
    answers: list[tuple[str, int]] = []
    for entry in entries:
        method = entry["request"]["method"]
        path = urllib.parse.urlsplit(entry["request"]["url"]).path
        key = operation(method, path) or "undocumented method or path"
        seen.setdefault(key, Counter())[entry["response"]["status"]] += 1
        answers.append((key, entry["response"]["status"]))
    log(f"({label}) {len(entries)} requests; statuses answered:")
    for key in sorted(seen, key=lambda k: (k.startswith("undocumented"), k.split(" ")[-1], k)):
        statuses = ", ".join(f"{status}×{count}" for status, count in sorted(seen[key].items()))
        print(f"    {key}: {statuses}", flush=True)
    return answers


def check_answers(label: str, answers: list[tuple[str, int]], minimum: int, tally: Tally) -> None:
    """The run as a whole: enough requests, and not one answered with a server error (a status 0
    is a request the server never answered: a crash or a hang)."""
    name = f"{label}: at least {minimum} requests, no server error"
    failures = [f"{key} → {status or 'no answer'}" for key, status in answers if status >= 500 or status == 0]
    if failures:
        tally.fail(name, f"{len(failures)} of {len(answers)}: " + "; ".join(sorted(set(failures))[:5]))
    elif len(answers) < minimum:
        tally.fail(name, f"only {len(answers)} requests")
    else:
        tally.ok(f"{name} ({len(answers)} requests)")


def run_schemathesis(
    label: str, server: Server, spec: dict | None, checks: list[str], workdir: Path, filters: list[str], tally: Tally,
    minimum_requests: int = 1,
) -> None:
    max_examples = os.environ.get("CONTRACT_MAX_EXAMPLES", "100")
    seed = os.environ.get("CONTRACT_SEED", "20240601")
    workers = os.environ.get("CONTRACT_WORKERS", "2")
    junit = workdir / f"junit-{label}.xml"
    har = workdir / f"{label}.har"
    command = schemathesis_command() + [
        "--config-file", str(Path(__file__).resolve().parent / "schemathesis.toml"),
        "run", server.base + "/api/v1/openapi.json",
        "--checks", ",".join(checks),
        "--max-examples", max_examples,
        "--seed", seed,
        "--workers", workers,
        "--generation-database", "none",
        "--request-timeout", "20",
        "--no-color",
        "--report", "junit,har",
        "--report-dir", str(workdir / f"report-{label}"),
        "--report-junit-path", str(junit),
        "--report-har-path", str(har),
        *filters,
        *shlex.split(os.environ.get("CONTRACT_SCHEMATHESIS_ARGS", "")),
    ]
    log(f"schemathesis ({label}): {shlex.join(command)}")
    started = time.monotonic()
    # The bearer token comes from the auth provider in contract_hooks.py, which logs in again (and
    # repairs the account if the run locked it out, reset its password or demoted it) when needed.
    environment = dict(
        os.environ,
        NO_COLOR="1",
        SCHEMATHESIS_HOOKS="contract_hooks",
        PYTHONPATH=os.pathsep.join(filter(None, [str(Path(__file__).resolve().parent), os.environ.get("PYTHONPATH")])),
        CONTRACT_BASE_URL=server.base,
        CONTRACT_ADMIN_USERNAME=server.admin_username,
        CONTRACT_ADMIN_PASSWORD=server.admin_password,
        CONTRACT_BIN=str(server.binary),
        CONTRACT_DATABASE=str(server.database),
    )
    result = subprocess.run(command, cwd=workdir, env=environment)
    log(f"schemathesis ({label}) exited {result.returncode} after {time.monotonic() - started:.1f} s")

    check_answers(label, summarize_statuses(label, har, spec), minimum_requests, tally)
    counted = 0
    failed_here = 0
    if junit.exists():
        for case in ElementTree.parse(junit).getroot().iter("testcase"):
            name = f"{label}: {case.get('name')}"
            counted += 1
            problems = case.findall("failure") + case.findall("error")
            if problems:
                failed_here += 1
                tally.fail(name, "; ".join((p.get("message") or p.tag)[:200] for p in problems))
            elif case.find("skipped") is not None:
                failed_here += 1
                tally.fail(name, "not tested (skipped)")
            else:
                tally.ok(name)
    if counted == 0:
        tally.fail(f"{label}: schemathesis", "no operation was tested")
    elif result.returncode != 0 and failed_here == 0:
        tally.fail(f"{label}: schemathesis", f"exited {result.returncode}")


# --- main --------------------------------------------------------------------------------------


def main() -> int:
    tally = Tally()
    started = time.monotonic()
    spec = validate_document(tally)

    binary = Path(os.environ.get("CAMPUSCAL_BIN", ".build/debug/campuscal"))
    if not binary.is_absolute():
        binary = (Path.cwd() / binary) if (Path.cwd() / binary).exists() else (REPO / binary)
    if not binary.exists():
        tally.fail("server binary", f"{binary} does not exist; build it with 'swift build --product campuscal'")
        return finish(tally, started)

    workdir = Path(tempfile.mkdtemp(prefix="campuscal-contract-"))
    server = Server(binary, workdir)
    try:
        admin = "contract-admin"
        password = "Contract-" + secrets.token_hex(8) + "9A"
        server.add_admin(admin, password)
        add_login_example_user(server, spec)
        server.start()
        server.wait_ready()
        log(f"server ready at {server.base} (log: {server.log_path})")
        if spec is not None:
            check_served_document(server, spec, tally)

        checks = available_checks()
        login(server, admin, password)  # fail early, with a clear message, if logging in is broken
        run_schemathesis(
            "api",
            server,
            spec,
            checks,
            workdir,
            ["--exclude-operation-id", LOGOUT_OPERATION_ID]
            + [flag for operation in STREAM_OPERATION_IDS for flag in ("--exclude-operation-id", operation)],
            tally,
            minimum_requests=int(os.environ.get("CONTRACT_MIN_REQUESTS", "5000")),
        )
        # Last and on its own, since each call revokes the token it is sent.
        run_schemathesis("logout", server, spec, checks, workdir, ["--include-operation-id", LOGOUT_OPERATION_ID], tally)

        if server.process.poll() is not None:
            tally.fail("server stayed up", f"exited with {server.process.returncode} during the run")
        errors = server.server_errors_logged()
        if errors:
            tally.fail("server logged no errors", f"{len(errors)} line(s), first: {errors[0][:300]}")
        else:
            tally.ok("server logged no errors")
    except Exception as error:  # setup went wrong: report it as a failure, with the server's log
        tally.fail("setup", str(error))
    finally:
        server.stop()
        if tally.failed:
            print("--- server log (tail) ---", flush=True)
            print(server.log_tail(), flush=True)
            print("--- end of server log ---", flush=True)
        if os.environ.get("CONTRACT_KEEP_TMP") == "1":
            log(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    return finish(tally, started)


def finish(tally: Tally, started: float) -> int:
    log(f"finished in {time.monotonic() - started:.1f} s")
    if tally.failed:
        print("failed:", flush=True)
        for name in tally.failed:
            print(f"  - {name}", flush=True)
    print(f"contract: {len(tally.passed)} passed, {len(tally.failed)} failed", flush=True)
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
