"""Fake Brightspace, Canvas and Moodle servers for the LMS importer tests, all on one 127.0.0.1 port.

Started by the Swift helper LMSTestServer (Tests/CampusCalTestSupport/LMSTestServer.swift); by hand:

  /usr/bin/python3 Tests/Support/lms_server.py --port 0 --fixtures Tests/Fixtures/lms \
      --control-dir /tmp/lms [--static-token canvas=TOKEN ...] [--lifetime SECONDS]

Serves the fixture story of Tests/Fixtures/lms (see Tests/Support/README-lms.md for routes and
tokens): the three LMS APIs on distinct paths, their ICS feeds, and their token endpoints. The
importer under test talks to it over real HTTP/1.1, so paging, auth headers and error handling are
exercised as they would be against a campus server.

The Swift tests have no HTTP client of their own, so the server is steered through files in the
--control-dir, not through HTTP:
  port            written (temp name, then rename) once the socket accepts connections.
  control.json    read before every request: {"phase": 1|2, "fail": [rule...], "revoke": [token...],
                  "delay_ms": N, "serve": {"lms/name.json": "lms/other.json"}}. A fail rule is {"method", "pathPrefix", "status", "headers", "body",
                  "times", "params"}; its remaining count lives in this process's memory, keyed by
                  the rule's index and content, so the file is never written here and the test side
                  may rewrite it at any time (appending rules keeps the older rules' counts).
  requests.jsonl  one JSON line per request, written before the response is sent, so a test that
                  has its answer can read the line.
Standard library only: the tests run it with /usr/bin/python3, outside any venv.
"""

import argparse
import base64
import http.server
import json
import os
import re
import secrets
import signal
import sys
import threading
import time
import urllib.parse

FIXTURE_HOSTS = {
    "brightspace": "https://ilearn.example.edu",
    "canvas": "https://canvas.example.edu",
    "moodle": "https://moodle.example.edu",
}

# Feed secrets that are always valid unless revoked; more can be added with --static-token.
DEFAULT_FEED_TOKENS = {
    "brightspace-feed": "d2lFeedQ7xP3mK9vT2",
    "canvas-feed": "Zq8Lm3Vt7Rk2Wp9Xn4Bc6Hd1Jf5Gs0Ay2Eu7Io3",
    "moodle-feed": "5b8e2f1c9a7d4e3b6f0a2c8d1e9b7a4f3c6d5e2a",
}
DEFAULT_CLIENTS = {
    "brightspace": ("campuscal-d2l-test", "d2l-test-secret"),
    "canvas": ("170000000000042", "canvas-test-secret"),
}
TOKEN_KINDS = {"brightspace", "canvas", "moodle"} | set(DEFAULT_FEED_TOKENS)

# The fixture story's one student and one course per LMS.
D2L_USER, D2L_ORG_UNIT = 71234, 184233
CANVAS_USER, CANVAS_COURSE = {"id": 40817, "name": "Avery Testwell"}, 5173
MOODLE_USERNAME, MOODLE_USER, MOODLE_COURSE = "atestwell", 5521, 312

# D2L calendar events per ObjectListPage: the fixture's six events become two pages, so `Next` is followed.
D2L_EVENTS_PER_PAGE = 2  # six events: three pages, so paging is exercised beyond one Next
# Single-use authorization codes starting with this are accepted without the browser step.
TEST_CODE_PREFIX = "test-code"


class Response:
    def __init__(self, status, body=b"", content_type="application/json; charset=utf-8", headers=None):
        self.status = status
        self.body = body if isinstance(body, bytes) else body.encode("utf-8")
        self.headers = [("Content-Type", content_type)] if content_type else []
        self.headers += list((headers or {}).items()) if isinstance(headers, dict) else list(headers or [])


def json_response(value, status=200, headers=None):
    return Response(status, json.dumps(value, ensure_ascii=False, indent=2), headers=headers)


class Fixtures:
    """The fixture files, read on each use so a phase switch is immediate and nothing is cached stale."""

    def __init__(self, root, serve=None):
        self.root = root
        # control.json's "serve": a variant of the story in place of a fixture ("canvas/courses.json" →
        # "canvas/courses-concluded.json"), for the edge cases one student's story does not have.
        self.serve = serve or {}

    def path(self, lms, name, phase):
        replacement = self.serve.get(f"{lms}/{name}")
        if replacement:
            lms, name = replacement.split("/", 1)
        # Phase 2 (the second sync) serves NAME-resync.EXT where it exists, NAME.EXT otherwise.
        stem, ext = os.path.splitext(name)
        if phase == 2:
            resync = os.path.join(self.root, lms, f"{stem}-resync{ext}")
            if os.path.exists(resync):
                return resync
        return os.path.join(self.root, lms, name)

    def raw(self, lms, name, phase=1):
        with open(self.path(lms, name, phase), "rb") as file:
            return file.read()

    def json(self, lms, name, phase=1):
        return json.loads(self.raw(lms, name, phase).decode("utf-8"))

    def headers(self, lms, name):
        """The `name: value` lines of a captured .headers.txt, status line dropped."""
        lines = self.raw(lms, name).decode("utf-8").splitlines()
        return [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]


class State:
    """Tokens and codes the server issued, and fail-rule counters; shared by the handler threads."""

    def __init__(self, static_tokens, clients, token_lifetime, moodle_password):
        self.lock = threading.Lock()
        self.tokens = {}  # token -> {"kind", "type", "expires", ...}
        self.codes = {}  # code -> {"kind", "client_id", "redirect_uri", "scope"}
        self.used_codes = set()
        self.revoked = set()
        self.fail_counts = {}
        self.clients = clients
        self.token_lifetime = token_lifetime
        self.moodle_password = moodle_password
        self.d2l_credits = 50000
        self.moodle_token = None  # What token.php hands out: the fixture's token until that is revoked.
        for kind, token in static_tokens:
            # TOKEN@USER: the token of another student of the story (Canvas: a user of course-users.json).
            token, _, user = token.partition("@")
            self.tokens[token] = {"kind": kind, "type": "access" if kind in FIXTURE_HOSTS else "feed", "expires": None}
            if user:
                self.tokens[token]["user"] = int(user)

    def issue(self, kind, token_type, prefix, **extra):
        token = f"{prefix}-{secrets.token_hex(16)}"
        expires = time.time() + self.token_lifetime if token_type == "access" else None
        self.tokens[token] = dict(kind=kind, type=token_type, expires=expires, **extra)
        return token

    def valid(self, token, kind, token_type, revoked):
        with self.lock:
            record = self.tokens.get(token)
            if not record or record["kind"] != kind or record["type"] != token_type:
                return None
            if token in self.revoked or token in revoked:
                return None
            if record["expires"] is not None and record["expires"] < time.time():
                return None
            return record


class Control:
    """control.json, re-read before each request; the last good copy survives a malformed file."""

    def __init__(self, directory):
        self.file = os.path.join(directory, "control.json")
        self.last = {}

    def load(self):
        try:
            with open(self.file, encoding="utf-8") as file:
                self.last = json.load(file)
        except FileNotFoundError:
            self.last = {}
        except (OSError, ValueError) as error:
            log(f"control.json unreadable, keeping the previous control: {error}")
        return self.last


def log(message):
    print(f"lms_server: {message}", file=sys.stderr, flush=True)


def first(values, name, default=None):
    found = values.get(name)
    return found[0] if found else default


def indexed(values, name):
    """Moodle array parameters: courseids[0]=312&courseids[1]=… (or courseids[]=…) in index order."""
    pattern = re.compile(re.escape(name) + r"\[(\d*)\]$")
    found = [(int(m.group(1) or 0), value) for key, vals in values.items() if (m := pattern.match(key)) for value in vals]
    return [value for _, value in sorted(found, key=lambda pair: pair[0])]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "lms-test-server/1"

    # Set on the class by main().
    state: State
    fixtures: Fixtures
    control: Control
    control_dir: str
    base_url: str
    log_lock = threading.Lock()

    def do_GET(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    def do_DELETE(self):
        self.dispatch()

    def do_PUT(self):
        self.dispatch()

    def log_message(self, format, *args):
        log(f"{self.address_string()} {format % args}")

    # ---- request plumbing ----

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def dispatch(self):
        url = urllib.parse.urlsplit(self.path)
        self.url_path = url.path
        self.query = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        body = self.read_body()
        content_type = self.headers.get("Content-Type", "")
        self.form = {}
        if body and content_type.split(";")[0].strip().lower() == "application/x-www-form-urlencoded":
            self.form = urllib.parse.parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
        self.params = {**self.query, **self.form}  # Moodle reads both, the body winning.
        control = self.control.load()
        self.fixtures = Fixtures(type(self).fixtures.root, control.get("serve"))
        self.phase = 2 if control.get("phase") == 2 else 1
        self.revoked = set(control.get("revoke") or [])
        delay = control.get("delay_ms") or 0
        if delay:
            time.sleep(delay / 1000)
        try:
            response = self.injected_failure(control.get("fail") or []) or self.route()
        except Exception as error:  # A bug here must show as a 500 with a reason, not a hung client.
            log(f"error serving {self.command} {self.path}: {error!r}")
            response = Response(500, f"lms_server error: {error!r}\n", "text/plain; charset=utf-8")
        self.record(response, body)
        self.send_response(response.status)
        for name, value in response.headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(response.body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(response.body)

    def record(self, response, body):
        entry = {
            "time": time.time(),
            "method": self.command,
            "path": self.url_path,
            "query": self.query,
            # Lower-cased names: clients differ in header case, and tests should not have to.
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "form": self.form,
            "status": response.status,
        }
        if body and not self.form:
            entry["body"] = body.decode("utf-8", "replace")
        line = json.dumps(entry, ensure_ascii=False) + "\n"
        with self.log_lock, open(os.path.join(self.control_dir, "requests.jsonl"), "a", encoding="utf-8") as file:
            file.write(line)

    def injected_failure(self, rules):
        for index, rule in enumerate(rules):
            method = (rule.get("method") or "*").upper()
            if method not in ("*", self.command) or not self.url_path.startswith(rule.get("pathPrefix", "")):
                continue
            wanted = rule.get("params") or {}
            if any(first(self.params, name) != str(value) for name, value in wanted.items()):
                continue
            times = rule.get("times", 1)
            key = (index, json.dumps(rule, sort_keys=True))
            with self.state.lock:
                used = self.state.fail_counts.get(key, 0)
                if times is not None and 0 <= times <= used:
                    continue
                self.state.fail_counts[key] = used + 1
            headers = dict(rule.get("headers") or {})
            body = rule.get("body", "")
            content_type = next((headers.pop(name) for name in list(headers) if name.lower() == "content-type"), None)
            if content_type is None:
                content_type = "application/json; charset=utf-8" if body[:1] in ("{", "[") else "text/plain; charset=utf-8"
            return Response(int(rule.get("status", 500)), body, content_type, headers)
        return None

    def route(self):
        for method, pattern, handler in ROUTES:
            match = re.fullmatch(pattern, self.url_path)
            if match and method == self.command:
                return handler(self, *match.groups())
        if any(re.fullmatch(pattern, self.url_path) for _, pattern, _ in ROUTES):
            return Response(405, "method not allowed\n", "text/plain; charset=utf-8")
        return Response(404, f"no route for {self.url_path}\n", "text/plain; charset=utf-8")

    def bearer(self):
        header = self.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        return token.strip() if scheme.lower() == "bearer" else None

    def client_credentials(self):
        """client_id/client_secret from the form, or from HTTP Basic auth (both are allowed by RFC 6749)."""
        header = self.headers.get("Authorization", "")
        if header.lower().startswith("basic "):
            try:
                user, _, password = base64.b64decode(header[6:]).decode("utf-8").partition(":")
                return urllib.parse.unquote(user), urllib.parse.unquote(password)
            except ValueError:
                return None, None
        return first(self.form, "client_id"), first(self.form, "client_secret")

    # ---- OAuth 2 (Brightspace and Canvas share the shape, not the refresh rules) ----

    def authorize(self, kind):
        redirect_uri = first(self.query, "redirect_uri")
        client_id = first(self.query, "client_id")
        if first(self.query, "response_type") != "code" or not redirect_uri or client_id != self.state.clients[kind][0]:
            return Response(400, "invalid authorization request\n", "text/plain; charset=utf-8")
        with self.state.lock:
            code = f"{'bs' if kind == 'brightspace' else 'cv'}-code-{secrets.token_hex(8)}"
            self.state.codes[code] = {"kind": kind, "client_id": client_id, "redirect_uri": redirect_uri,
                                      "scope": first(self.query, "scope")}
        parameters = {"code": code}
        if "state" in self.query:
            parameters["state"] = first(self.query, "state")
        separator = "&" if "?" in redirect_uri else "?"
        return Response(302, b"", None, {"Location": redirect_uri + separator + urllib.parse.urlencode(parameters)})

    def token(self, kind):
        def error(code, status=400, description=None):
            body = {"error": code}
            if description:
                body["error_description"] = description
            return json_response(body, status, {"Cache-Control": "no-store"})

        client_id, client_secret = self.client_credentials()
        if (client_id, client_secret) != self.state.clients[kind]:
            return error("invalid_client", 401)
        grant = first(self.form, "grant_type")
        prefix = "bs" if kind == "brightspace" else "cv"
        with self.state.lock:
            if grant == "authorization_code":
                code, redirect_uri = first(self.form, "code"), first(self.form, "redirect_uri")
                issued = self.state.codes.get(code or "")
                known = (issued and issued["kind"] == kind) or (code or "").startswith(TEST_CODE_PREFIX)
                if not known or not redirect_uri or (kind, code) in self.state.used_codes or code in self.revoked:
                    return error("invalid_grant", description="authorization code is invalid or was used")
                if issued and issued["redirect_uri"] != redirect_uri:
                    return error("invalid_grant", description="redirect_uri does not match the authorization request")
                self.state.used_codes.add((kind, code))
                scope = (issued or {}).get("scope") or "core:*:*"
                refresh = self.state.issue(kind, "refresh", f"{prefix}-refresh", scope=scope)
                access = self.state.issue(kind, "access", f"{prefix}-access", refresh=refresh)
            elif grant == "refresh_token":
                presented = first(self.form, "refresh_token") or ""
                record = self.state.tokens.get(presented)
                if (not record or record["kind"] != kind or record["type"] != "refresh"
                        or presented in self.state.revoked or presented in self.revoked):
                    return error("invalid_grant", description="refresh token is invalid, revoked or already used")
                scope = record.get("scope") or "core:*:*"
                if kind == "brightspace":
                    # D2L refresh tokens are single-use: the presented one dies, a new one is issued.
                    self.state.revoked.add(presented)
                    refresh = self.state.issue(kind, "refresh", f"{prefix}-refresh", scope=scope)
                else:
                    refresh = presented  # Canvas keeps the original refresh token and sends none back.
                access = self.state.issue(kind, "access", f"{prefix}-access", refresh=refresh)
            else:
                return error("unsupported_grant_type")
        lifetime = self.state.token_lifetime
        if kind == "brightspace":
            body = {"access_token": access, "token_type": "Bearer", "expires_in": lifetime,
                    "refresh_token": refresh, "scope": scope}
        else:
            body = {"access_token": access, "token_type": "Bearer", "user": CANVAS_USER, "expires_in": lifetime}
            if grant == "authorization_code":
                body["refresh_token"] = refresh
        return json_response(body, headers={"Cache-Control": "no-store"})

    # ---- Brightspace ----

    def d2l_headers(self):
        with self.state.lock:
            self.state.d2l_credits = max(0, self.state.d2l_credits - 10)
            remaining = self.state.d2l_credits
        return {"X-Rate-Limit-Remaining": str(remaining), "X-Rate-Limit-Reset": "60", "X-Request-Cost": "10"}

    def d2l_json(self, value, status=200):
        return json_response(value, status, self.d2l_headers())

    def d2l_guard(self, product, version, org_unit=None):
        """None when the call may proceed; else the 401/404 a tenant would send."""
        token = self.bearer()
        if not token or not self.state.valid(token, "brightspace", "access", self.revoked):
            return Response(401, b"", None, {"WWW-Authenticate": 'Bearer error="invalid_token"', **self.d2l_headers()})
        supported = next(v["SupportedVersions"] for v in self.fixtures.json("brightspace", "versions.json")
                         if v["ProductCode"] == product)
        if version not in supported:
            return Response(404, b"", None, self.d2l_headers())
        if org_unit is not None and org_unit != str(D2L_ORG_UNIT):
            return Response(404, b"", None, self.d2l_headers())
        return None

    def d2l_versions(self):
        return self.d2l_json(self.fixtures.json("brightspace", "versions.json", self.phase))

    def d2l_whoami(self, version):
        return self.d2l_guard("lp", version) or self.d2l_json(self.fixtures.json("brightspace", "whoami.json", self.phase))

    def d2l_enrollments(self, version):
        denied = self.d2l_guard("lp", version)
        if denied:
            return denied
        bookmark = first(self.query, "bookmark")
        page1 = self.fixtures.json("brightspace", "myenrollments-page1.json", self.phase)
        if not bookmark:
            page = page1
        elif bookmark == page1["PagingInfo"]["Bookmark"]:
            page = self.fixtures.json("brightspace", "myenrollments-page2.json", self.phase)
        else:
            page = {"PagingInfo": {"Bookmark": None, "HasMoreItems": False}, "Items": []}
        type_id = first(self.query, "orgUnitTypeId")
        if type_id:
            page["Items"] = [item for item in page["Items"] if str(item["OrgUnit"]["Type"]["Id"]) == type_id]
        return self.d2l_json(page)

    def d2l_folders(self, version, org_unit):
        return self.d2l_guard("le", version, org_unit) or self.d2l_json(
            self.fixtures.json("brightspace", "dropbox-folders.json", self.phase))

    def d2l_my_submissions(self, version, org_unit, folder):
        denied = self.d2l_guard("le", version, org_unit)
        if denied:
            return denied
        folders = {str(f["Id"]) for f in self.fixtures.json("brightspace", "dropbox-folders.json", self.phase)}
        if folder not in folders:
            return Response(404, b"", None, self.d2l_headers())
        captured = self.fixtures.json("brightspace", "dropbox-mysubmissions.json", self.phase)
        if folder == "50211":  # The fixture is Field Journal 1's (graded 18/20); it names no folder itself.
            return self.d2l_json(captured)
        # Synthesized: the other folders have nothing submitted yet (same entity, status 0 unsubmitted).
        entity = captured[0]["Entity"] if captured else {"DisplayName": "Avery Testwell", "EntityId": D2L_USER,
                                                          "EntityType": "User"}
        return self.d2l_json([{"Entity": entity, "Status": 0, "Feedback": None, "Submissions": [],
                               "CompletionDate": None}])

    def d2l_my_events(self, version):
        denied = self.d2l_guard("le", version)
        if denied:
            return denied
        missing = [name for name in ("orgUnitIdsCSV", "startDateTime", "endDateTime") if not first(self.query, name)]
        if missing:
            return self.d2l_json({"Errors": [{"Message": f"Missing required parameter {name}"} for name in missing]}, 400)
        org_units = {part.strip() for part in first(self.query, "orgUnitIdsCSV").split(",")}
        events = [e for e in self.fixtures.json("brightspace", "calendar-myevents.json", self.phase)["Objects"]
                  if str(e["OrgUnitId"]) in org_units]
        start = 0
        bookmark = first(self.query, "bookmark")
        if bookmark:
            ids = [str(e["CalendarEventId"]) for e in events]
            if bookmark not in ids:
                return self.d2l_json({"Errors": [{"Message": "Invalid bookmark"}]}, 400)
            start = ids.index(bookmark) + 1
        page = events[start:start + D2L_EVENTS_PER_PAGE]
        next_url = None
        if start + D2L_EVENTS_PER_PAGE < len(events):
            query = [(k, v) for k, vals in self.query.items() if k != "bookmark" for v in vals]
            query.append(("bookmark", str(page[-1]["CalendarEventId"])))
            next_url = f"{self.base_url}{self.url_path}?{urllib.parse.urlencode(query)}"
        return self.d2l_json({"Next": next_url, "Objects": page})

    def d2l_classlist(self, version, org_unit):
        return self.d2l_guard("le", version, org_unit) or self.d2l_json(
            self.fixtures.json("brightspace", "classlist.json", self.phase))

    def d2l_grades(self, version, org_unit):
        return self.d2l_guard("le", version, org_unit) or self.d2l_json(
            self.fixtures.json("brightspace", "grade-values.json", self.phase))

    def d2l_feed(self):
        token = first(self.query, "token") or ""
        if not self.state.valid(token, "brightspace-feed", "feed", self.revoked):
            return Response(403, "Forbidden\n", "text/plain; charset=utf-8")
        return Response(200, self.fixtures.raw("brightspace", "feed.ics", self.phase), "text/calendar; charset=utf-8")

    # ---- Canvas ----

    def canvas_headers(self):
        return {"x-rate-limit-remaining": "699.9", "x-request-cost": "0.03"}

    def canvas_guard(self):
        token = self.bearer() or first(self.query, "access_token")
        if not token:
            # No WWW-Authenticate: "not authorized", as opposed to a bad token.
            return json_response({"status": "unauthenticated", "errors": [{"message": "user authorization required"}]},
                                 401)
        if not self.state.valid(token, "canvas", "access", self.revoked):
            return json_response({"errors": [{"message": "Invalid access token."}]}, 401,
                                 {"WWW-Authenticate": 'Bearer realm="canvas-lms"'})
        return None

    def canvas_json(self, name):
        return self.canvas_guard() or json_response(self.fixtures.json("canvas", name, self.phase),
                                                    headers=self.canvas_headers())

    def canvas_course(self, course):
        if course != str(CANVAS_COURSE):
            return json_response({"errors": [{"message": "The specified resource does not exist."}]}, 404)
        return None

    def canvas_self(self):
        denied = self.canvas_guard()
        if denied:
            return denied
        record = self.state.tokens.get(self.bearer() or "") or {}
        if record.get("user"):
            # Another student of CS 246: who they are comes from the course's people.
            person = next((u for u in self.fixtures.json("canvas", "course-users.json", self.phase) if u["id"] == record["user"]), None)
            if person is None:
                return json_response({"errors": [{"message": "The specified resource does not exist."}]}, 404)
            return json_response({key: person[key] for key in ("id", "name", "sortable_name", "short_name") if key in person},
                                 headers=self.canvas_headers())
        return self.canvas_json("user-self.json")

    def canvas_course_users(self, course):
        return self.canvas_guard() or self.canvas_course(course) or self.canvas_json("course-users.json")

    def canvas_courses(self):
        return self.canvas_json("courses.json")

    def canvas_assignments(self, course):
        denied = self.canvas_guard() or self.canvas_course(course)
        if denied:
            return denied
        # The two captured pages of three (their Link headers say per_page=3), whatever per_page asks for,
        # so a client always has to follow rel="next"; the links' hosts are rewritten to this server.
        page = first(self.query, "page", "1")
        if page not in ("1", "2"):
            return json_response([], headers=self.canvas_headers())
        captured = self.fixtures.headers("canvas", f"assignments-page{page}.headers.txt")
        headers = [(name, value.replace(FIXTURE_HOSTS["canvas"], self.base_url)) for name, value in captured
                   if name.lower() in ("link", "x-rate-limit-remaining", "x-request-cost")]
        body = self.fixtures.raw("canvas", f"assignments-page{page}.json", self.phase)
        return Response(200, body, "application/json; charset=utf-8", headers)

    def canvas_submissions(self, course):
        return self.canvas_guard() or self.canvas_course(course) or self.canvas_json("submissions.json")

    def canvas_calendar_events(self):
        denied = self.canvas_guard()
        if denied:
            return denied
        kind = first(self.query, "type", "event")
        name = {"event": "calendar-events.json", "assignment": "calendar-events-assignments.json"}.get(kind)
        if not name:
            return json_response({"errors": [{"message": "invalid type"}]}, 400)
        contexts = self.query.get("context_codes[]", [])
        # Without context_codes Canvas returns only the personal calendar, which is empty in this story.
        events = self.fixtures.json("canvas", name, self.phase)
        events = [e for e in events if e["context_code"] in contexts]
        return json_response(events, headers=self.canvas_headers())

    def canvas_planner(self):
        return self.canvas_json("planner-items.json")

    def canvas_logout(self):
        token = self.bearer()
        with self.state.lock:
            record = self.state.tokens.get(token or "")
            if not record or record["kind"] != "canvas":
                return json_response({"errors": [{"message": "Invalid access token."}]}, 401,
                                     {"WWW-Authenticate": 'Bearer realm="canvas-lms"'})
            self.state.revoked.add(token)
            if record.get("refresh"):
                self.state.revoked.add(record["refresh"])
        return json_response({})

    def canvas_feed(self, token):
        if not self.state.valid(token, "canvas-feed", "feed", self.revoked):
            return Response(404, "The page you were looking for doesn't exist.\n", "text/plain; charset=utf-8")
        return Response(200, self.fixtures.raw("canvas", "feed.ics", self.phase), "text/calendar; charset=utf-8")

    # ---- Moodle ----

    def moodle_login(self):
        if first(self.params, "service") != "moodle_mobile_app":
            return json_response({"error": "Web service is not available (it doesn't exist or might be disabled)",
                                  "errorcode": "servicenotavailable", "stacktrace": None, "debuginfo": None,
                                  "reproductionlink": None})
        if first(self.params, "username") != MOODLE_USERNAME or first(self.params, "password") != self.state.moodle_password:
            return json_response(self.fixtures.json("moodle", "token-error.json", self.phase))
        body = self.fixtures.json("moodle", "token.json", self.phase)
        with self.state.lock:
            current = self.state.moodle_token or (body["token"], body["privatetoken"])
            if current[0] in self.state.revoked or current[0] in self.revoked:
                # The old token was deleted; logging in again makes a new one, as Moodle does.
                current = (secrets.token_hex(16), secrets.token_hex(32))
            self.state.moodle_token = current
            body["token"], body["privatetoken"] = current
            self.state.tokens.setdefault(current[0], {"kind": "moodle", "type": "access", "expires": None})
        return json_response(body)

    def moodle_exception(self, exception, errorcode, message):
        return json_response({"exception": exception, "errorcode": errorcode, "message": message})

    def moodle_rest(self):
        if first(self.params, "moodlewsrestformat") != "json":
            body = ('<?xml version="1.0" encoding="UTF-8" ?>\n<EXCEPTION class="lms_server">\n'
                    "<MESSAGE>this test server answers only moodlewsrestformat=json</MESSAGE>\n</EXCEPTION>\n")
            return Response(200, body, "application/xml; charset=utf-8")
        if not self.state.valid(first(self.params, "wstoken") or "", "moodle", "access", self.revoked):
            return json_response(self.fixtures.json("moodle", "error-invalidtoken.json", self.phase))
        function = first(self.params, "wsfunction")
        handler = MOODLE_FUNCTIONS.get(function)
        offered = {f["name"] for f in self.fixtures.json("moodle", "site-info.json", self.phase)["functions"]}
        if function not in offered:
            return self.moodle_exception("webservice_access_exception", "accessexception", "Access control exception")
        if not handler:
            # In the site's function list but without a fixture: a gap in this server, not a Moodle answer.
            return Response(501, f"lms_server: no fixture for {function}\n", "text/plain; charset=utf-8")
        return handler(self)

    def invalid_parameter(self, detail):
        return self.moodle_exception("invalid_parameter_exception", "invalidparameter",
                                     f"Invalid parameter value detected ({detail})")

    def moodle_site_info(self):
        return json_response(self.fixtures.json("moodle", "site-info.json", self.phase))

    def moodle_users_courses(self):
        user = first(self.params, "userid")
        if not user:
            return self.invalid_parameter("Missing required key in single structure: userid")
        if user != str(MOODLE_USER):
            return self.moodle_exception("required_capability_exception", "nopermissions",
                                         "Sorry, but you do not currently have permissions to do that (View participants).")
        return json_response(self.fixtures.json("moodle", "users-courses.json", self.phase))

    def moodle_assignments(self):
        wanted = indexed(self.params, "courseids")
        body = self.fixtures.json("moodle", "assignments.json", self.phase)
        if wanted:
            body["courses"] = [c for c in body["courses"] if str(c["id"]) in wanted]
            known = {str(c["id"]) for c in body["courses"]}
            body["warnings"] = body.get("warnings", []) + [
                {"item": "course", "itemid": int(course), "warningcode": "1",
                 "message": "No access rights in module context"} for course in wanted if course not in known]
        return json_response(body)

    def moodle_submission_status(self):
        assignment = first(self.params, "assignid")
        if not assignment:
            return self.invalid_parameter("Missing required key in single structure: assignid")
        if assignment == "4470":  # The fixture is Presentación oral 1's (graded 87/100).
            return json_response(self.fixtures.json("moodle", "submission-status.json", self.phase))
        if assignment == "4471":
            return json_response(MOODLE_STATUS_4471)
        return self.moodle_exception("dml_missing_record_exception", "invalidrecord",
                                     "Can't find data record in database table course_modules.")

    def moodle_action_events(self):
        try:
            limit = int(first(self.params, "limitnum", "20"))
            after = first(self.params, "aftereventid")
            time_from = first(self.params, "timesortfrom")
            time_to = first(self.params, "timesortto")
            time_from, time_to = (int(t) if t not in (None, "") else None for t in (time_from, time_to))
        except ValueError:
            return self.invalid_parameter("not an integer")
        if limit < 1 or limit > 50:
            return self.moodle_exception("limit_invalid_parameter_exception", "invalidparameter",
                                         "Limit must be between 1 and 50 (inclusive)")
        events = sorted(self.fixtures.json("moodle", "action-events.json", self.phase)["events"],
                        key=lambda e: (e["timesort"], e["id"]))
        events = [e for e in events if (time_from is None or e["timesort"] >= time_from)
                  and (time_to is None or e["timesort"] <= time_to)]
        if after and after != "0":
            ids = [str(e["id"]) for e in events]
            events = events[ids.index(after) + 1:] if after in ids else []
        page = events[:limit]
        return json_response({"events": page, "firstid": page[0]["id"] if page else None,
                              "lastid": page[-1]["id"] if page else None})

    def moodle_calendar_events(self):
        """**Synthesized** calendar-events.json: the events of the asked courses (and the user's own) within the window."""
        courses = set(indexed(self.params, "events[courseids]"))
        try:
            start = int(first(self.params, "options[timestart]", "0") or 0)
            end = first(self.params, "options[timeend]")
            end = int(end) if end not in (None, "") else None
        except ValueError:
            return self.invalid_parameter("not an integer")
        body = self.fixtures.json("moodle", "calendar-events.json", self.phase)
        body["events"] = [e for e in body["events"] if (str(e["courseid"]) in courses or e["courseid"] in (0, 1))
                          and e["timestart"] >= start and (end is None or e["timestart"] <= end)]
        return json_response(body)

    def moodle_enrolled_users(self):
        return self.moodle_course_fixture("enrolled-users.json")

    def moodle_grade_items(self):
        return self.moodle_course_fixture("grade-items.json")

    def moodle_course_fixture(self, name):
        """A per-course function's fixture: `courseid` must be the story's course 312."""
        course = first(self.params, "courseid")
        if not course:
            return self.invalid_parameter("Missing required key in single structure: courseid")
        if course != str(MOODLE_COURSE):
            return self.moodle_exception("dml_missing_record_exception", "invalidrecord",
                                         "Can't find data record in database table course.")
        return json_response(self.fixtures.json("moodle", name, self.phase))

    def moodle_feed(self):
        token = first(self.query, "authtoken") or ""
        if first(self.query, "userid") != str(MOODLE_USER) or not self.state.valid(token, "moodle-feed", "feed",
                                                                                    self.revoked):
            # Moodle's export_execute.php dies with this text and HTTP 200.
            return Response(200, "Invalid authentication", "text/html; charset=utf-8")
        return Response(200, self.fixtures.raw("moodle", "feed.ics", self.phase), "text/calendar; charset=utf-8")


# Synthesized (no fixture): Ensayo 1 has not been submitted yet at sync 1.
MOODLE_STATUS_4471 = {
    "lastattempt": {
        "submission": {
            "id": 66187, "userid": MOODLE_USER, "attemptnumber": 0, "timecreated": 1789353667,
            "timemodified": 1789353667, "timestarted": None, "status": "new", "groupid": 0, "assignment": 4471,
            "latest": 1,
            "plugins": [{"type": "file", "name": "File submissions",
                         "fileareas": [{"area": "submission_files", "files": []}]},
                        {"type": "comments", "name": "Submission comments"}],
        },
        "submissionsenabled": True, "locked": False, "graded": False, "canedit": True, "caneditowner": True,
        "cansubmit": True, "extensionduedate": None, "timelimit": 0, "blindmarking": False,
        "gradingstatus": "notgraded", "usergroups": [],
    },
    "assignmentdata": {"attachments": {"intro": [], "activity": []}},
    "warnings": [],
}

MOODLE_FUNCTIONS = {
    "core_webservice_get_site_info": Handler.moodle_site_info,
    "core_enrol_get_users_courses": Handler.moodle_users_courses,
    "mod_assign_get_assignments": Handler.moodle_assignments,
    "mod_assign_get_submission_status": Handler.moodle_submission_status,
    "core_calendar_get_action_events_by_timesort": Handler.moodle_action_events,
    "gradereport_user_get_grade_items": Handler.moodle_grade_items,
    "core_enrol_get_enrolled_users": Handler.moodle_enrolled_users,
    "core_calendar_get_calendar_events": Handler.moodle_calendar_events,
}

VERSION = r"(\d+\.\d+)"
ROUTES = [
    # Brightspace (the auth host's routes live here too)
    ("GET", r"/oauth2/auth", lambda h: h.authorize("brightspace")),
    ("POST", r"/core/connect/token", lambda h: h.token("brightspace")),
    ("GET", r"/d2l/api/versions/?", Handler.d2l_versions),
    ("GET", rf"/d2l/api/lp/{VERSION}/users/whoami/?", Handler.d2l_whoami),
    ("GET", rf"/d2l/api/lp/{VERSION}/enrollments/myenrollments/?", Handler.d2l_enrollments),
    ("GET", rf"/d2l/api/le/{VERSION}/(\d+)/dropbox/folders/?", Handler.d2l_folders),
    ("GET", rf"/d2l/api/le/{VERSION}/(\d+)/dropbox/folders/(\d+)/submissions/mysubmissions/?",
     Handler.d2l_my_submissions),
    ("GET", rf"/d2l/api/le/{VERSION}/calendar/events/myEvents/?", Handler.d2l_my_events),
    ("GET", rf"/d2l/api/le/{VERSION}/(\d+)/grades/values/myGradeValues/?", Handler.d2l_grades),
    ("GET", rf"/d2l/api/le/{VERSION}/(\d+)/classlist/?", Handler.d2l_classlist),
    ("GET", r"/d2l/le/calendar/feed/user/feed\.ics", Handler.d2l_feed),
    # Canvas
    ("GET", r"/login/oauth2/auth", lambda h: h.authorize("canvas")),
    ("POST", r"/login/oauth2/token", lambda h: h.token("canvas")),
    ("DELETE", r"/login/oauth2/token", Handler.canvas_logout),
    ("GET", r"/api/v1/users/self", Handler.canvas_self),
    ("GET", r"/api/v1/courses", Handler.canvas_courses),
    ("GET", r"/api/v1/courses/(\d+)/assignments", Handler.canvas_assignments),
    ("GET", r"/api/v1/courses/(\d+)/students/submissions", Handler.canvas_submissions),
    ("GET", r"/api/v1/courses/(\d+)/users", Handler.canvas_course_users),
    ("GET", r"/api/v1/calendar_events", Handler.canvas_calendar_events),
    ("GET", r"/api/v1/planner/items", Handler.canvas_planner),
    ("GET", r"/feeds/calendars/user_([A-Za-z0-9]+)\.ics", Handler.canvas_feed),
    # Moodle (token.php and server.php take GET as well as POST, as Moodle does)
    ("POST", r"/login/token\.php", Handler.moodle_login),
    ("GET", r"/login/token\.php", Handler.moodle_login),
    ("POST", r"/webservice/rest/server\.php", Handler.moodle_rest),
    ("GET", r"/webservice/rest/server\.php", Handler.moodle_rest),
    ("GET", r"/calendar/export_execute\.php", Handler.moodle_feed),
]


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument("--fixtures", required=True, help="the lms fixture folder (brightspace/, canvas/, moodle/)")
    parser.add_argument("--control-dir", required=True, help="where port, control.json and requests.jsonl live")
    parser.add_argument("--static-token", action="append", default=[], metavar="KIND=TOKEN",
                        help=f"a token valid from the start; KIND is one of {', '.join(sorted(TOKEN_KINDS))}; "
                             "canvas=TOKEN@USERID is another student of the story (a user of canvas/course-users.json)")
    parser.add_argument("--client", action="append", default=[], metavar="KIND=ID:SECRET",
                        help="OAuth client credentials for brightspace or canvas (defaults in README-lms.md)")
    parser.add_argument("--moodle-password", default="Testwell-2026", help="atestwell's Moodle password")
    parser.add_argument("--token-lifetime", type=int, default=3600, help="seconds an issued access token lives")
    parser.add_argument("--lifetime", type=float, default=900, help="exit after this many seconds")
    parser.add_argument("--bind", default="127.0.0.1",
                        help="loopback address to listen on (127.0.0.2: a host the tests do not allow-list)")
    arguments = parser.parse_args()

    static = [(kind, token) for kind, token in DEFAULT_FEED_TOKENS.items()]
    for item in arguments.static_token:
        kind, _, token = item.partition("=")
        if kind not in TOKEN_KINDS or not token:
            parser.error(f"--static-token {item!r}: want KIND=TOKEN with KIND in {sorted(TOKEN_KINDS)}")
        static.append((kind, token))
    clients = dict(DEFAULT_CLIENTS)
    for item in arguments.client:
        kind, _, pair = item.partition("=")
        client_id, _, secret = pair.partition(":")
        if kind not in DEFAULT_CLIENTS or not client_id or not secret:
            parser.error(f"--client {item!r}: want brightspace|canvas=ID:SECRET")
        clients[kind] = (client_id, secret)

    os.makedirs(arguments.control_dir, exist_ok=True)
    if not arguments.bind.startswith("127."):
        parser.error("--bind: a 127.x.y.z loopback address only; tests never listen beyond this machine")
    server = Server((arguments.bind, arguments.port), Handler)
    port = server.server_address[1]
    Handler.state = State(static, clients, arguments.token_lifetime, arguments.moodle_password)
    Handler.fixtures = Fixtures(os.path.abspath(arguments.fixtures))
    Handler.control = Control(arguments.control_dir)
    Handler.control_dir = arguments.control_dir
    Handler.base_url = f"http://{arguments.bind}:{port}"
    open(os.path.join(arguments.control_dir, "requests.jsonl"), "a").close()

    stopping = threading.Event()

    def stop(reason):
        if not stopping.is_set():
            stopping.set()
            log(f"stopping: {reason}")
            threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, lambda *_: stop("SIGTERM"))
    signal.signal(signal.SIGINT, lambda *_: stop("SIGINT"))

    # Bounded: a server whose test crashed (or whose parent died) goes away by itself.
    parent, deadline = os.getppid(), time.monotonic() + arguments.lifetime

    def watchdog():
        while not stopping.wait(0.5):
            if os.getppid() != parent:
                stop("parent exited")
            elif time.monotonic() > deadline:
                stop(f"lifetime of {arguments.lifetime:g} s reached")

    threading.Thread(target=watchdog, daemon=True).start()

    # The socket listens since Server(); the port file appears whole, by rename, only now.
    port_file = os.path.join(arguments.control_dir, "port")
    with open(port_file + ".tmp", "w") as file:
        file.write(f"{port}\n")
    os.replace(port_file + ".tmp", port_file)
    log(f"listening on {Handler.base_url}")
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
