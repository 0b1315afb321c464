"""Seeds a benchmark user with 5 calendars and 2,000 events (a quarter of them recurring).

Usage: month_view_seed.py BASE_URL TOKEN  → prints the calendar ids, one per line.
Events spread over the academic year 2026-08 … 2027-07, in America/Denver; recurring ones are
weekly class meetings (BYDAY, UNTIL the end of term), as a student's calendars hold them.
"""
import json
import random
import sys
import urllib.request

from bench_calendar import semester_ics

BASE, TOKEN = sys.argv[1], sys.argv[2]
random.seed(20261122)


def call(method, path, body=None, content_type="application/json"):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(BASE + path, data=data, method=method)
    request.add_header("Authorization", "Bearer " + TOKEN)
    if data is not None:
        request.add_header("Content-Type", content_type)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


for index in range(5):
    calendar = call("POST", "/api/v1/calendars", {"name": f"Calendar {index}", "timeZone": "America/Denver"})
    report = call("POST", f"/api/v1/calendars/{calendar['id']}/import", semester_ics(index, 400), "text/calendar")
    assert report["created"] == 400, report
    print(calendar["id"])
