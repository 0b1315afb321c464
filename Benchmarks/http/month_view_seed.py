"""Seeds a benchmark user with 5 calendars and 2,000 events (a quarter of them recurring).

Usage: month_view_seed.py BASE_URL TOKEN  → prints the calendar ids, one per line.
Events spread over the academic year 2026-08 … 2027-07, in America/Denver; recurring ones are
weekly class meetings (BYDAY, UNTIL the end of term), as a student's calendars hold them.
"""
import json
import random
import sys
import urllib.request

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
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CampusCal bench//EN"]
    for number in range(400):
        month = random.choice([8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7])
        year = 2026 if month >= 8 else 2027
        day = random.randint(1, 28)
        hour = random.randint(7, 20)
        lines += ["BEGIN:VEVENT", f"UID:bench-{index}-{number}", "DTSTAMP:20260801T000000Z",
                  f"DTSTART;TZID=America/Denver:{year}{month:02d}{day:02d}T{hour:02d}0000",
                  f"DTEND;TZID=America/Denver:{year}{month:02d}{day:02d}T{hour:02d}5000",
                  f"SUMMARY:Event {index}-{number}", "LOCATION:Room 101"]
        if number % 4 == 0:
            days = random.choice(["MO,WE,FR", "TU,TH", "MO", "WE", "FR"])
            lines.append(f"RRULE:FREQ=WEEKLY;BYDAY={days};UNTIL=20270430T235959Z")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    report = call("POST", f"/api/v1/calendars/{calendar['id']}/import", "\r\n".join(lines).encode(), "text/calendar")
    assert report["created"] == 400, report
    print(calendar["id"])
