#!/usr/bin/env python3
"""The upgrade path (issue #32): a database a previous version made opens in this one, migrates
and serves everything it held.

Each folder of Tests/Fixtures/upgrade/ is one previous version's database: `campuscal.sql` (a
text dump, so a review can read it), `campuscal.keys` (the keys it sealed secrets with; test keys,
never a campus's) and `expected.json` (what its students saw through the API just before the
dump, and the app password of a phone). `check` (run by scripts/test) loads each into a fresh
file, starts this build's binary on it — which runs the newer migrations at start — and checks:

- SQLite's integrity and foreign-key checks pass after the migrations;
- every student logs in with the same password and sees the same calendars, agenda, tasks and
  shares as before (compared on the fields the old version had: a newer version may add fields);
- a phone signs in over CalDAV with its old app password and syncs;
- and the upgraded server takes new writes.

`make NAME` (at each release, with that release's binary) starts a fresh server, fills it through
the API as students would, records what they see, and writes the folder.

    CAMPUSCAL_BIN=.build/debug/campuscal .venv/bin/python Tests/Upgrade/upgrade_test.py check
    CAMPUSCAL_BIN=.build/debug/campuscal .venv/bin/python Tests/Upgrade/upgrade_test.py make 0.9.0-dev-2026-11-27
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import sqlite3
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Contract"))
from run_contract_tests import Server, http, login  # noqa: E402  (the same server harness)

FIXTURES = Path(__file__).resolve().parents[1] / "Fixtures" / "upgrade"
PEOPLE = {"ada": "Upgrade-Passw0rd-ada", "ben": "Upgrade-Passw0rd-ben"}
WINDOW = "from=2026-11-30T00:00:00Z&to=2027-01-04T00:00:00Z"

SERIES = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//campuscal//upgrade fixture//EN
BEGIN:VEVENT
UID:cs235@upgrade
DTSTAMP:20261101T000000Z
DTSTART;TZID=America/Denver:20261201T090000
DTEND;TZID=America/Denver:20261201T095000
RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=8
EXDATE;TZID=America/Denver:20261203T090000
SUMMARY:CS 235 lecture
BEGIN:VALARM
ACTION:DISPLAY
TRIGGER:-PT15M
DESCRIPTION:Lecture
END:VALARM
END:VEVENT
BEGIN:VEVENT
UID:cs235@upgrade
DTSTAMP:20261101T000000Z
RECURRENCE-ID;TZID=America/Denver:20261208T090000
DTSTART;TZID=America/Denver:20261208T130000
DTEND;TZID=America/Denver:20261208T135000
SUMMARY:CS 235 lecture (moved)
END:VEVENT
BEGIN:VEVENT
UID:clinic@upgrade
DTSTAMP:20261101T000000Z
DTSTART:20261210T170000Z
DTEND:20261210T180000Z
CLASS:PRIVATE
SUMMARY:Clinic
END:VEVENT
END:VCALENDAR
"""


def request(server: Server, method: str, path: str, token: str, body=None):
    status, _, answer = http(method, server.base + path, body, token=token)
    if status >= 400:
        raise RuntimeError(f"{method} {path} answered {status}: {answer}")
    return answer


def seen(server: Server, token: str) -> dict:
    """What a student sees: the fields compared across versions."""
    calendars = request(server, "GET", "/api/v1/calendars", token)["items"]
    agenda = request(server, "GET", f"/api/v1/agenda?{WINDOW}", token)["items"]
    tasks = request(server, "GET", "/api/v1/tasks", token)["items"]
    return {
        "calendars": sorted([c["name"], c["color"], c["timeZone"]] for c in calendars),
        "agenda": sorted([item.get("title"), json.dumps(item.get("start"), sort_keys=True)] for item in agenda),
        "tasks": sorted([t["title"], t["priority"], t["status"], json.dumps(t.get("due"), sort_keys=True)] for t in tasks),
    }


def make(name: str, binary: Path) -> None:
    target = FIXTURES / name
    with tempfile.TemporaryDirectory(prefix="campuscal-upgrade-") as directory:
        server = Server(binary, Path(directory))
        for username, password in PEOPLE.items():
            server.add_user(username, password, "student")
        server.start()
        try:
            server.wait_ready()
            ada, ben = login(server, "ada", PEOPLE["ada"]), login(server, "ben", PEOPLE["ben"])
            classes = request(server, "POST", "/api/v1/calendars", ada, {"name": "Classes", "color": "#AA3300"})["id"]
            req = urllib.request.Request(
                server.base + f"/api/v1/calendars/{classes}/import", data=SERIES.encode(), method="POST",
                headers={"Authorization": f"Bearer {ada}", "Content-Type": "text/calendar"})
            urllib.request.urlopen(req, timeout=30).read()
            request(server, "POST", f"/api/v1/calendars/{classes}/events", ada,
                    {"title": "Office hours", "start": {"dateTime": "2026-12-15T16:00:00Z"}, "end": {"dateTime": "2026-12-15T17:00:00Z"}})
            for title, priority, day in [("Essay draft", "high", "2026-12-09"), ("Read chapter 4", "low", "2026-12-11")]:
                request(server, "POST", "/api/v1/tasks", ada, {"title": title, "priority": priority, "due": {"date": day}})
            done = request(server, "POST", "/api/v1/tasks", ada, {"title": "Lab report", "priority": "medium"})["id"]
            request(server, "PATCH", f"/api/v1/tasks/{done}", ada, {"status": "completed"})
            request(server, "POST", "/api/v1/calendar-shares", ada, {"calendarIds": [classes], "usernames": ["ben"], "level": "read"})
            phone = request(server, "POST", "/api/v1/me/app-passwords", ada, {"name": "Phone"})["password"]
            expected = {"people": {u: seen(server, t) for u, t in [("ada", ada), ("ben", ben)]}, "phone": phone, "calendar": classes}
        finally:
            server.stop()
        target.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(server.database) as database:
            (target / "campuscal.sql").write_text("\n".join(database.iterdump()) + "\n")
        shutil.copy(Path(directory) / "campuscal.keys", target / "campuscal.keys")
        (target / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"upgrade fixture written to {target}")


def check(binary: Path) -> int:
    failures: list[str] = []
    fixtures = sorted(p for p in FIXTURES.iterdir() if (p / "campuscal.sql").exists()) if FIXTURES.exists() else []
    if not fixtures:
        print("upgrade: no fixtures in Tests/Fixtures/upgrade")
        return 1
    for fixture in fixtures:
        expected = json.loads((fixture / "expected.json").read_text())
        with tempfile.TemporaryDirectory(prefix="campuscal-upgrade-") as directory:
            server = Server(binary, Path(directory))
            with sqlite3.connect(server.database) as database:
                database.executescript((fixture / "campuscal.sql").read_text())
            keys = Path(directory) / "campuscal.keys"
            shutil.copy(fixture / "campuscal.keys", keys)
            # Git keeps no mode but the executable bit: the server refuses a key file others may read.
            keys.chmod(0o600)
            server.start()
            try:
                server.wait_ready()
                with sqlite3.connect(server.database) as database:
                    if database.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                        failures.append(f"{fixture.name}: integrity_check failed after the migrations")
                    if database.execute("PRAGMA foreign_key_check").fetchall():
                        failures.append(f"{fixture.name}: foreign_key_check found dangling rows after the migrations")
                for username, before in expected["people"].items():
                    now = seen(server, login(server, username, PEOPLE[username]))
                    for part, rows in before.items():
                        if now[part] != rows:
                            failures.append(f"{fixture.name}: {username}'s {part} changed:\n  before {rows}\n  after  {now[part]}")
                # The phone keeps syncing with its old app password.
                credentials = base64.b64encode(f"ada:{expected['phone']}".encode()).decode()
                body = b'<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>'
                req = urllib.request.Request(
                    server.base + f"/dav/calendars/ada/{expected['calendar']}/", data=body, method="REPORT",
                    headers={"Authorization": f"Basic {credentials}", "Content-Type": "application/xml"})
                with urllib.request.urlopen(req, timeout=30) as answer:
                    text = answer.read().decode()
                    if answer.status != 207 or text.count("<d:response>") + text.count("<D:response>") < 3:
                        failures.append(f"{fixture.name}: the phone's sync answered {answer.status}: {text[:300]}")
                # And the upgraded server takes new writes.
                ada = login(server, "ada", PEOPLE["ada"])
                request(server, "POST", "/api/v1/tasks", ada, {"title": "After the upgrade", "priority": "high"})
                if server.server_errors_logged():
                    failures.append(f"{fixture.name}: the server logged errors: {server.server_errors_logged()[:3]}")
            except Exception as failure:  # noqa: BLE001 — reported with the server's log
                failures.append(f"{fixture.name}: {type(failure).__name__}: {failure}\n{server.log_tail()}")
            finally:
                server.stop()
        print(f"upgrade from {fixture.name}: {'ok' if not failures else 'FAILED'}")
    for failure in failures:
        print("FAIL " + failure)
    return 1 if failures else 0


def main() -> int:
    binary = Path(os.environ.get("CAMPUSCAL_BIN", ".build/debug/campuscal")).resolve()
    if len(sys.argv) >= 3 and sys.argv[1] == "make":
        make(sys.argv[2], binary)
        return 0
    if len(sys.argv) == 2 and sys.argv[1] == "check":
        return check(binary)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
