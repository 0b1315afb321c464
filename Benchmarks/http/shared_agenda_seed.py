"""Seeds the shared-agenda benchmark: 10 classmates each own 2 calendars × 2,000 events (a quarter
of them weekly class meetings, spread over the academic year as month_view_seed.py spreads them) —
20 calendars, 40,000 events — and share all 20 with the viewer: 18 at `read`, 2 at `free-busy`.

Usage: shared_agenda_seed.py BASE_URL VIEWER_USERNAME  → prints "calendar-id level", one per line.
Events are imported through POST /api/v1/calendars/{id}/import, one request per calendar.
"""
import json
import random
import sys
import time
import urllib.request

from bench_calendar import semester_ics
from concurrent.futures import ThreadPoolExecutor

BASE, VIEWER = sys.argv[1], sys.argv[2]
OWNERS, CALENDARS_PER_OWNER, EVENTS_PER_CALENDAR = 10, 2, 2000
random.seed(20261123)


def call(method, path, token, body=None, content_type="application/json"):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as response:
        data = response.read()
        return json.loads(data) if data else None


def owner(index):
    """Registers and logs in one classmate (bcrypt-bound: two at a time keep both cores busy)."""
    name = f"sa{run}x{index}"
    call("POST", "/api/v1/auth/register", None, {"username": name, "password": "Bench1234!"})
    return call("POST", "/api/v1/auth/login", None, {"username": name, "password": "Bench1234!"})["token"]


def calendar(token, index, body):
    """Creates one calendar, imports its 2,000 events; returns the calendar id."""
    created = call("POST", "/api/v1/calendars", token, {"name": f"Shared {index}", "timeZone": "America/Denver"})
    report = call("POST", f"/api/v1/calendars/{created['id']}/import", token, body, "text/calendar")
    assert report["created"] == EVENTS_PER_CALENDAR, report
    return created["id"]


run = str(int(time.time()))
files = [semester_ics(index, EVENTS_PER_CALENDAR) for index in range(OWNERS * CALENDARS_PER_OWNER)]  # in order: the seed fixes them
with ThreadPoolExecutor(max_workers=2) as pool:
    tokens = list(pool.map(owner, range(OWNERS)))
    ids = list(pool.map(calendar, [tokens[index // CALENDARS_PER_OWNER] for index in range(len(files))], range(len(files)), files))
for index, token in enumerate(tokens):
    mine = ids[index * CALENDARS_PER_OWNER:(index + 1) * CALENDARS_PER_OWNER]
    # the last owner shares both calendars at free-busy: the viewer sees only when they are busy
    level = "free-busy" if index == OWNERS - 1 else "read"
    results = call("POST", "/api/v1/calendar-shares", token, {"calendarIds": mine, "usernames": [VIEWER], "level": level})["results"]
    assert all(result["outcome"] == "shared" for result in results), results
    for calendar_id in mine:
        print(calendar_id, level)
