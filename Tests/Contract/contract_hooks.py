"""Schemathesis hooks for the contract test (loaded through SCHEMATHESIS_HOOKS).

The authenticated operations get a bearer token of the contract test's administrator. The run is
free to do anything the API allows to that account: lock its username out with failed logins,
reset its password, demote it, log it out, delete it (through another administrator it made). Each of those ends its sessions, and schemathesis then
answers the next 401 by asking this provider for a new token and replaying the request. So that
a new token can always be had, the provider repairs the account first when logging in fails,
with the server's own administration CLI on the same database (reset-password also unlocks).

Settings come from the environment set by run_contract_tests.py:
CONTRACT_BASE_URL, CONTRACT_ADMIN_USERNAME, CONTRACT_ADMIN_PASSWORD, CONTRACT_BIN, CONTRACT_DATABASE.
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
import urllib.error
import urllib.request

import schemathesis

BASE_URL = os.environ["CONTRACT_BASE_URL"]
USERNAME = os.environ["CONTRACT_ADMIN_USERNAME"]
PASSWORD = os.environ["CONTRACT_ADMIN_PASSWORD"]
BINARY = os.environ["CONTRACT_BIN"]
DATABASE = os.environ["CONTRACT_DATABASE"]

# Operations that need no session (no `security` in the document).
OPEN_PATHS = r"^/(healthz|readyz|api/v1/openapi\.json|api/v1/auth/(login|register))$"

_lock = threading.Lock()
repairs = 0


def _login() -> tuple[int, dict]:
    request = urllib.request.Request(
        BASE_URL + "/api/v1/auth/login",
        data=json.dumps({"username": USERNAME, "password": PASSWORD}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, {}


def _cli(*arguments: str, stdin: str | None = None) -> None:
    result = subprocess.run(
        [BINARY, "user", *arguments, "--database", DATABASE],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if result.returncode != 0:
        raise RuntimeError(f"campuscal user {arguments[0]} exited {result.returncode}: {result.stderr.strip()}")


def _repair() -> None:
    """Give the account back its password and role, and lift any lock; make it again when the run
    deleted it (another administrator it made may delete this one, as the API allows)."""
    global repairs
    repairs += 1
    try:
        _cli("reset-password", USERNAME, "--password-stdin", stdin=PASSWORD + "\n")
    except RuntimeError as error:
        if "No such user" not in str(error):
            raise
        _cli("add", USERNAME, "--role", "admin", "--password-stdin", stdin=PASSWORD + "\n")
    _cli("set-role", USERNAME, "admin")


@schemathesis.auth().skip_for(path_regex=OPEN_PATHS)
class AdminSession:
    def get(self, case, context):
        with _lock:
            status, body = _login()
            if status != 200 or body.get("user", {}).get("role") != "admin":
                _repair()
                status, body = _login()
            if status != 200:
                raise RuntimeError(f"cannot log in as {USERNAME} even after repairing the account ({status})")
            return body["token"]

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"
