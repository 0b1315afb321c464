"""CampusCal vs Radicale, side by side (issue #11): the helper Benchmarks/radicale/compare.sh runs.

    compare.py generate OUT.ics
        writes the benchmark calendar (2,000 events, deterministic) and prints what is in it.
    compare.py run --ics FILE --campuscal URL --token TOKEN --radicale URL [--imports N] [--queries N]
        times the bulk import and the month-window query on both servers with one client and
        prints the table (and, with --markdown FILE, writes it as Markdown too).

One timing client for both servers: http.client, one keep-alive connection per server, each
request timed from sending to the last byte of the body read (nothing parsed inside the timing).
Both servers are measured in the same run and interleaved (one CampusCal request, then the same
for Radicale), so a noisy machine slows both alike. Every answer is checked: each import's result,
and each month answer against occurrences the generator computed itself.
"""

import argparse
import base64
import datetime as dt
import http.client
import json
import math
import random
import re
import statistics
import sys
import time
import urllib.parse
import xml.etree.ElementTree as ET
from collections import Counter
from zoneinfo import ZoneInfo

from dateutil import rrule

DENVER = ZoneInfo("America/Denver")
UTC = dt.timezone.utc
SEED = 20261125
EVENTS = 2000
# The month window: November 2026 for a viewer in America/Denver (daylight time ends on Nov 1;
# Thanksgiving break, excluded from the weekly classes by EXDATE, is in it).
MONTH_FROM = dt.datetime(2026, 11, 1, tzinfo=DENVER)
MONTH_TO = dt.datetime(2026, 12, 1, tzinfo=DENVER)

VTIMEZONE = """BEGIN:VTIMEZONE
TZID:America/Denver
BEGIN:DAYLIGHT
TZOFFSETFROM:-0700
TZOFFSETTO:-0600
TZNAME:MDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0600
TZOFFSETTO:-0700
TZNAME:MST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE"""


# ---------------------------------------------------------------------------------------------
# The calendar

class Event:
    """One VEVENT (or a master and its overrides, sharing the UID) and the occurrences it has."""

    def __init__(self, uid):
        self.uid = uid
        self.lines = []          # the VEVENT blocks, unfolded content lines
        self.occurrences = []    # (summary, start, end, all_day): aware datetimes, or dates


def _escape(text):
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _fold(line):
    """RFC 5545 folding at 75 octets (the text is ASCII)."""
    out = [line[:75]]
    line = line[75:]
    while line:
        out.append(" " + line[:74])
        line = line[74:]
    return "\r\n".join(out)


def _local(t):
    return f"TZID=America/Denver:{t:%Y%m%dT%H%M%S}"


def _utc(t):
    return f"{t.astimezone(UTC):%Y%m%dT%H%M%SZ}"


def _timed(uid, summary, start, end, stamp, location=None, description=None, in_utc=False, extra=()):
    lines = ["BEGIN:VEVENT", f"UID:{uid}", f"DTSTAMP:{stamp}"]
    if in_utc:   # as invitations from other systems often arrive
        lines += [f"DTSTART:{_utc(start)}", f"DTEND:{_utc(end)}"]
    else:
        lines += [f"DTSTART;{_local(start)}", f"DTEND;{_local(end)}"]
    lines += list(extra)
    lines.append(f"SUMMARY:{_escape(summary)}")
    if location:
        lines.append(f"LOCATION:{_escape(location)}")
    if description:
        lines.append(f"DESCRIPTION:{_escape(description)}")
    lines.append("END:VEVENT")
    return lines


def generate():
    """The benchmark calendar: a student's academic year, 2026-08-01 to 2027-07-31."""
    rnd = random.Random(SEED)
    stamp = "20260801T120000Z"
    events = []

    def new(kind):
        e = Event(f"{kind}-{len(events):04d}@bench.campuscal.example.edu")
        events.append(e)
        return e

    # Weekly recurring classes, labs and clubs, two terms (RRULE; EXDATE over the breaks).
    terms = [
        ("Fall", dt.date(2026, 8, 24), dt.date(2026, 12, 11),
         [dt.date(2026, 9, 7)] + [dt.date(2026, 11, 25) + dt.timedelta(days=d) for d in range(3)]),
        ("Spring", dt.date(2027, 1, 11), dt.date(2027, 4, 30),
         [dt.date(2027, 1, 18)] + [dt.date(2027, 3, 15) + dt.timedelta(days=d) for d in range(5)]),
    ]
    subjects = ["CS", "MATH", "PHYS", "CHEM", "ENGL", "HIST", "ECON", "BIOL", "STAT", "PSYC"]
    buildings = ["Romney", "Talmage", "Eyring", "Benson", "JFSB", "Clyde", "Tanner", "Wilkinson"]
    patterns = [("MO,WE,FR", [0, 2, 4], 50), ("TU,TH", [1, 3], 75)]
    moved = None
    for term, first, last, breaks in terms:
        for c in range(5):
            code = f"{subjects[rnd.randrange(len(subjects))]} {rnd.randrange(100, 500)}"
            byday, weekdays, minutes = patterns[c % 2]
            hour = 8 + c * 2 + (c % 2)
            series = [(f"{code} lecture ({term})", byday, weekdays, dt.time(hour, 0), minutes)]
            if c < 3:   # three of the five have a weekly lab
                day = rnd.choice([1, 3]) if c % 2 == 0 else rnd.choice([0, 2, 4])
                series.append((f"{code} lab ({term})", ["MO", "TU", "WE", "TH", "FR"][day], [day],
                               dt.time(15 + c, 0), 110))
            for summary, byday, weekdays, at, minutes in series:
                e = new("class")
                d0 = first
                while d0.weekday() not in weekdays:
                    d0 += dt.timedelta(days=1)
                start = dt.datetime.combine(d0, at, DENVER)
                until = dt.datetime.combine(last, dt.time(23, 59, 59), DENVER)
                exdates = [dt.datetime.combine(b, at, DENVER) for b in breaks if b.weekday() in weekdays]
                rule = f"FREQ=WEEKLY;BYDAY={byday};UNTIL={_utc(until)}"
                extra = [f"RRULE:{rule}"]
                if exdates:
                    extra.append("EXDATE;TZID=America/Denver:" + ",".join(f"{x:%Y%m%dT%H%M%S}" for x in exdates))
                room = f"{rnd.choice(buildings)} {rnd.randrange(100, 400)}"
                e.lines.append(_timed(e.uid, summary, start, start + dt.timedelta(minutes=minutes), stamp,
                                      location=room, extra=extra))
                occ = rrule.rrule(rrule.WEEKLY, dtstart=start, byweekday=weekdays,
                                  until=until)
                starts = [s for s in occ if s not in exdates]
                override = None
                if moved is None and term == "Fall" and "lecture" in summary and 0 in weekdays:
                    # One lecture of the term moved to the afternoon (RECURRENCE-ID override).
                    moved = dt.datetime.combine(dt.date(2026, 11, 16), at, DENVER)
                    new_start = dt.datetime.combine(moved.date(), dt.time(16, 0), DENVER)
                    override = (moved, new_start)
                    e.lines.append(_timed(e.uid, summary + " (moved)", new_start,
                                          new_start + dt.timedelta(minutes=minutes), stamp, location=room,
                                          extra=[f"RECURRENCE-ID;{_local(moved)}"]))
                for s in starts:
                    if override and s == override[0]:
                        s2 = override[1]
                        e.occurrences.append((summary + " (moved)", s2, s2 + dt.timedelta(minutes=minutes), False))
                    else:
                        e.occurrences.append((summary, s, s + dt.timedelta(minutes=minutes), False))
    # A weekend job all year, and a study group every other week.
    for summary, byday, weekday, at, minutes, interval in [
            ("Shift at the campus bookstore", "SA", 5, dt.time(10, 0), 240, 1),
            ("Study group (every other week)", "SU", 6, dt.time(18, 30), 120, 2)]:
        e = new("weekly")
        d0 = dt.date(2026, 8, 1)
        while d0.weekday() != weekday:
            d0 += dt.timedelta(days=1)
        start = dt.datetime.combine(d0, at, DENVER)
        until = dt.datetime(2027, 7, 31, 23, 59, 59, tzinfo=DENVER)
        rule = f"FREQ=WEEKLY;INTERVAL={interval};BYDAY={byday};UNTIL={_utc(until)}"
        e.lines.append(_timed(e.uid, summary, start, start + dt.timedelta(minutes=minutes), stamp,
                              extra=[f"RRULE:{rule}"]))
        for s in rrule.rrule(rrule.WEEKLY, interval=interval, dtstart=start, byweekday=[weekday], until=until):
            e.occurrences.append((summary, s, s + dt.timedelta(minutes=minutes), False))

    # All-day events: holidays and breaks (some several days long), deadlines, yearly birthdays.
    def all_day(kind, summary, day, days=1, yearly=False):
        e = new(kind)
        end = day + dt.timedelta(days=days)
        lines = ["BEGIN:VEVENT", f"UID:{e.uid}", f"DTSTAMP:{stamp}",
                 f"DTSTART;VALUE=DATE:{day:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}"]
        if yearly:
            lines.append("RRULE:FREQ=YEARLY")
        lines += [f"SUMMARY:{_escape(summary)}", "TRANSP:TRANSPARENT", "END:VEVENT"]
        e.lines.append(lines)
        years = range(day.year, 2031) if yearly else [day.year]
        for y in years:
            d = day.replace(year=y)
            e.occurrences.append((summary, d, d + dt.timedelta(days=days), True))

    for summary, day, days in [
            ("Labor Day", dt.date(2026, 9, 7), 1), ("Fall break", dt.date(2026, 10, 15), 2),
            ("Thanksgiving break", dt.date(2026, 11, 25), 4), ("Last day of classes", dt.date(2026, 12, 11), 1),
            ("Finals week", dt.date(2026, 12, 14), 5), ("Winter break", dt.date(2026, 12, 19), 23),
            ("Martin Luther King Jr. Day", dt.date(2027, 1, 18), 1), ("Presidents' Day", dt.date(2027, 2, 15), 1),
            ("Spring break", dt.date(2027, 3, 13), 9), ("Finals week", dt.date(2027, 5, 3), 5),
            ("Commencement", dt.date(2027, 5, 8), 1), ("Independence Day", dt.date(2027, 7, 4), 1),
            ("Veterans Day", dt.date(2026, 11, 11), 1), ("Add/drop deadline", dt.date(2026, 9, 4), 1),
            ("Withdrawal deadline", dt.date(2026, 11, 6), 1), ("Registration opens", dt.date(2026, 11, 30), 1),
            ("Housing application due", dt.date(2026, 12, 1), 1)]:
        all_day("holiday", summary, day, days)
    year_start = dt.date(2026, 8, 1)
    for i in range(15):
        all_day("birthday", f"Birthday: friend {i + 1}", year_start + dt.timedelta(days=rnd.randrange(365)), yearly=True)
    for i in range(8):
        all_day("trip", f"Trip {i + 1}", year_start + dt.timedelta(days=rnd.randrange(360)), rnd.randrange(2, 5))
    for i in range(60):
        all_day("deadline", f"Deadline: {rnd.choice(subjects)} assignment {i + 1}",
                year_start + dt.timedelta(days=rnd.randrange(365)))

    # The rest: single timed events over the year, most of them in term time.
    kinds = ["Study session", "Office hours", "Exam", "Club meeting", "Dinner", "Gym", "Tutoring",
             "Interview", "Advising", "Movie night", "Project meeting", "Quiz review", "Volunteer shift"]
    durations = [30, 45, 50, 60, 60, 60, 90, 90, 120, 180]
    in_term = [(terms[0][1], terms[0][2]), (terms[1][1], terms[1][2])]
    i = 0
    while len(events) < EVENTS:
        i += 1
        if rnd.random() < 0.75:
            first, last = in_term[rnd.randrange(2)]
        else:
            first, last = dt.date(2026, 8, 1), dt.date(2027, 7, 31)
        day = first + dt.timedelta(days=rnd.randrange((last - first).days + 1))
        start = dt.datetime.combine(day, dt.time(rnd.randrange(8, 22), rnd.choice([0, 15, 30, 45])), DENVER)
        end = start + dt.timedelta(minutes=rnd.choice(durations))
        kind = rnd.choice(kinds)
        summary = f"{kind} {i}"
        location = f"{rnd.choice(buildings)} {rnd.randrange(100, 400)}" if rnd.random() < 0.7 else None
        description = (f"Bring notes, laptop and the reading for week {rnd.randrange(1, 16)}"
                       if rnd.random() < 0.3 else None)
        e = new("event")
        e.lines.append(_timed(e.uid, summary, start, end, stamp, location, description, in_utc=rnd.random() < 0.05))
        e.occurrences.append((summary, start, end, False))

    body = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CampusCal//benchmark vs Radicale//EN",
            "CALSCALE:GREGORIAN", "X-WR-CALNAME:Student year 2026-27", *VTIMEZONE.split("\n")]
    for e in events:
        for block in e.lines:
            body += block
    body.append("END:VCALENDAR")
    text = "".join(_fold(line) + "\r\n" for line in body)
    return text, events


def expected(events, all_day_zone, window_from=MONTH_FROM, window_to=MONTH_TO):
    """The occurrences overlapping the window, as comparable keys (summary, start): a timed start as
    a UTC instant, an all-day one as its date. All-day occurrences are placed in all_day_zone."""
    keys = Counter()
    for e in events:
        for summary, start, end, all_day in e.occurrences:
            if all_day:
                s = dt.datetime.combine(start, dt.time(0), all_day_zone)
                t = dt.datetime.combine(end, dt.time(0), all_day_zone)
                key = (summary, start.isoformat())
            else:
                s, t = start, end
                key = (summary, f"{start.astimezone(UTC):%Y-%m-%dT%H:%M:%SZ}")
            if s < window_to and t > window_from:
                keys[key] += 1
    return keys


# ---------------------------------------------------------------------------------------------
# The timing client

class Server:
    def __init__(self, url, headers):
        u = urllib.parse.urlsplit(url)
        self.host, self.port = u.hostname, u.port
        self.headers = headers
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=300)

    def request(self, method, path, body=None, headers=None):
        """(status, response headers, body bytes, seconds): sent and read to the last byte, on the
        kept-alive connection."""
        h = dict(self.headers)
        h.update(headers or {})
        if isinstance(body, str):
            body = body.encode()
        t0 = time.perf_counter()
        self.connection.request(method, path, body=body, headers=h)
        r = self.connection.getresponse()
        data = r.read()
        seconds = time.perf_counter() - t0
        if r.getheader("Connection", "").lower() == "close":
            self.connection.close()
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=300)
        return r.status, r.headers, data, seconds


def expect(status, wanted, what, data):
    if status not in wanted:
        sys.exit(f"{what}: HTTP {status}, expected {wanted}: {data[:500]!r}")


# CampusCal: its REST API.

def campuscal_create(cc, name):
    status, _, data, _ = cc.request("POST", "/api/v1/calendars", json.dumps({"name": name, "timeZone": "America/Denver"}),
                                    {"Content-Type": "application/json"})
    expect(status, (201,), "CampusCal: create calendar", data)
    return json.loads(data)["id"]


def campuscal_import(cc, calendar, ics):
    status, _, data, seconds = cc.request("POST", f"/api/v1/calendars/{calendar}/import", ics,
                                          {"Content-Type": "text/calendar"})
    expect(status, (200,), "CampusCal: import", data)
    report = json.loads(data)
    if report["created"] != EVENTS or report["problems"]:
        sys.exit(f"CampusCal: import created {report['created']} of {EVENTS} events, problems: {report['problems'][:5]}")
    return seconds


def campuscal_month_path(calendar, shift):
    start = "2026-11-01" if shift == 0 else f"{(MONTH_FROM + dt.timedelta(seconds=shift)).astimezone(UTC):%Y-%m-%dT%H:%M:%SZ}"
    return f"/api/v1/calendars/{calendar}/events?from={start}&to=2026-12-01&tz=America/Denver"


def campuscal_month(cc, calendar, shift=0):
    status, _, data, seconds = cc.request("GET", campuscal_month_path(calendar, shift))
    expect(status, (200,), "CampusCal: month", data)
    return data, seconds


def campuscal_keys(data):
    keys = Counter()
    for o in json.loads(data)["items"]:
        if o["allDay"]:
            start = o["start"].get("date") or o["start"]["dateTime"][:10]
        else:
            start = dt.datetime.fromisoformat(o["startsAt"].replace("Z", "+00:00")).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        keys[(o["title"], start)] += 1
    return keys


# Radicale: CalDAV.

def radicale_create(rad, name):
    body = ('<?xml version="1.0" encoding="utf-8"?>'
            '<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>'
            f'<D:displayname>{name}</D:displayname>'
            '<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>'
            '</D:prop></D:set></C:mkcalendar>')
    path = f"/bench/{name}/"
    status, _, data, _ = rad.request("MKCALENDAR", path, body, {"Content-Type": "application/xml; charset=utf-8"})
    expect(status, (201,), "Radicale: MKCALENDAR", data)
    return path


def radicale_import(rad, path, ics):
    status, _, data, seconds = rad.request("PUT", path, ics, {"Content-Type": "text/calendar; charset=utf-8"})
    expect(status, (201, 204), "Radicale: PUT of the whole calendar", data)
    return seconds


def radicale_count_items(rad, path):
    status, _, data, _ = rad.request("PROPFIND", path, '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>'
                                     '<D:getetag/></D:prop></D:propfind>', {"Depth": "1", "Content-Type": "application/xml"})
    expect(status, (207,), "Radicale: PROPFIND", data)
    return len(ET.fromstring(data).findall("{DAV:}response")) - 1   # less the collection itself


def radicale_report_body(shift, expand):
    start = f"{(MONTH_FROM + dt.timedelta(seconds=shift)).astimezone(UTC):%Y%m%dT%H%M%SZ}"
    end = f"{MONTH_TO.astimezone(UTC):%Y%m%dT%H%M%SZ}"
    data = f'<C:calendar-data><C:expand start="{start}" end="{end}"/></C:calendar-data>' if expand else "<C:calendar-data/>"
    return ('<?xml version="1.0" encoding="utf-8"?>'
            '<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
            f'<D:prop><D:getetag/>{data}</D:prop>'
            '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">'
            f'<C:time-range start="{start}" end="{end}"/>'
            '</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>')


def radicale_month(rad, path, shift=0, expand=True):
    status, _, data, seconds = rad.request("REPORT", path, radicale_report_body(shift, expand),
                                           {"Depth": "1", "Content-Type": "application/xml; charset=utf-8"})
    expect(status, (207,), "Radicale: REPORT calendar-query", data)
    return data, seconds


def _unfold(text):
    return re.sub(r"\r?\n[ \t]", "", text).splitlines()


def radicale_keys(data):
    """The VEVENTs in a REPORT answer, as keys like expected()'s (and how many resources held them)."""
    keys = Counter()
    root = ET.fromstring(data)
    resources = 0
    for cd in root.iter("{urn:ietf:params:xml:ns:caldav}calendar-data"):
        resources += 1
        summary = start = None
        for line in _unfold(cd.text or ""):
            if line == "BEGIN:VEVENT":
                summary = start = None
            elif line.startswith("SUMMARY"):
                summary = line.split(":", 1)[1].replace("\\,", ",").replace("\\;", ";").replace("\\\\", "\\")
            elif line.startswith("DTSTART"):
                name, value = line.split(":", 1)
                params = dict(p.split("=", 1) for p in name.split(";")[1:])
                if params.get("VALUE") == "DATE" or len(value) == 8:
                    start = f"{value[:4]}-{value[4:6]}-{value[6:8]}"
                else:
                    t = dt.datetime.strptime(value.rstrip("Z"), "%Y%m%dT%H%M%S")
                    zone = UTC if value.endswith("Z") else ZoneInfo(params.get("TZID", "UTC"))
                    start = f"{t.replace(tzinfo=zone).astimezone(UTC):%Y-%m-%dT%H:%M:%SZ}"
            elif line == "END:VEVENT":
                keys[(summary, start)] += 1
    return keys, resources


# ---------------------------------------------------------------------------------------------

def ms(seconds):
    return seconds * 1000


def p95(values):
    s = sorted(values)
    return s[max(0, math.ceil(0.95 * len(s)) - 1)]


def describe_difference(a, b, name_a, name_b):
    only_a, only_b = a - b, b - a
    lines = []
    for k in sorted(only_a):
        lines.append(f"    only {name_a}: {k}")
    for k in sorted(only_b):
        lines.append(f"    only {name_b}: {k}")
    return "\n".join(lines[:20])


def run(args):
    ics = open(args.ics, encoding="utf-8", newline="").read()
    text, events = generate()
    if text != ics:
        sys.exit(f"{args.ics} is not the calendar `compare.py generate` makes: the expected occurrences would be wrong")
    want_campuscal = expected(events, DENVER)   # all-day events placed in the viewer's zone
    want_radicale = expected(events, UTC)       # RFC 4791 floating/date values: Radicale reads them as UTC

    cc = Server(args.campuscal, {"Authorization": f"Bearer {args.token}"})
    rad = Server(args.radicale, {"Authorization": "Basic " + base64.b64encode(b"bench:bench").decode()})
    status, _, data, _ = rad.request("PROPFIND", "/bench/", '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>'
                                     '<D:resourcetype/></D:prop></D:propfind>', {"Depth": "0", "Content-Type": "application/xml"})
    expect(status, (207,), "Radicale: the principal collection", data)

    # 1. Bulk import: the same .ics, each time into a fresh calendar / collection (made untimed),
    #    the two servers in turn.
    import_cc, import_rad = [], []
    cc_calendars, rad_paths = [], []
    for i in range(args.imports):
        cal = campuscal_create(cc, f"Import {i + 1}")
        path = radicale_create(rad, f"import-{i + 1}")
        if i % 2 == 0:
            import_cc.append(campuscal_import(cc, cal, ics))
            import_rad.append(radicale_import(rad, path, ics))
        else:
            import_rad.append(radicale_import(rad, path, ics))
            import_cc.append(campuscal_import(cc, cal, ics))
        cc_calendars.append(cal)
        rad_paths.append(path)
        print(f"  import {i + 1}: CampusCal {ms(import_cc[-1]):8.1f} ms   Radicale {ms(import_rad[-1]):8.1f} ms", file=sys.stderr)
    stored = radicale_count_items(rad, rad_paths[0])
    if stored != EVENTS:
        sys.exit(f"Radicale holds {stored} items after the import, not {EVENTS}")

    # 2. The month window on the first imported calendar of each.
    cal, path = cc_calendars[0], rad_paths[0]
    data_cc, _ = campuscal_month(cc, cal)            # warm-up, and the answers checked
    data_rad, _ = radicale_month(rad, path)
    data_rad_plain, _ = radicale_month(rad, path, expand=False)
    got_cc = campuscal_keys(data_cc)
    got_rad, _ = radicale_keys(data_rad)
    got_plain, plain_resources = radicale_keys(data_rad_plain)
    checks = []
    ok = True
    for name, got, want in [("CampusCal", got_cc, want_campuscal), ("Radicale", got_rad, want_radicale)]:
        same = got == want
        ok &= same
        checks.append(f"{name}: {sum(got.values())} occurrences in the month, expected {sum(want.values())}"
                      f" — {'the same occurrences' if same else 'DIFFERENT:'}")
        if not same:
            checks.append(describe_difference(got, want, "answer", "expected"))
    difference = describe_difference(got_cc, got_rad, "CampusCal", "Radicale")
    checks.append(f"CampusCal vs Radicale: {sum(got_cc.values())} vs {sum(got_rad.values())} occurrences"
                  + ("; the difference:\n" + difference if difference else "; the same"))
    checks.append(f"Radicale without expand: {plain_resources} events (masters with their overrides) touch the month")
    print("\n".join(checks))
    if not ok:
        sys.exit("an answer differs from the expected occurrences")

    def timed_queries(shifting):
        cc_t, rad_t, plain_t = [], [], []
        for n in range(args.queries):
            shift = (n + 1) if shifting else 0   # a window one second later each time: no cache key repeats
            order = [("cc", lambda: campuscal_month(cc, cal, shift)),
                     ("rad", lambda: radicale_month(rad, path, shift)),
                     ("plain", lambda: radicale_month(rad, path, shift, expand=False))]
            if n % 2:
                order.reverse()
            for name, f in order:
                body, seconds = f()
                {"cc": cc_t, "rad": rad_t, "plain": plain_t}[name].append(seconds)
                if shifting:   # every answer of the shifted windows is checked too (outside the timing)
                    if name == "cc":
                        count, want = len(json.loads(body)["items"]), sum(want_campuscal.values())
                    elif name == "rad":
                        count, want = sum(radicale_keys(body)[0].values()), sum(want_radicale.values())
                    else:
                        count, want = radicale_keys(body)[1], plain_resources
                    if count != want:
                        sys.exit(f"{name}: {count} in the window shifted by {shift} s, not {want}")
        return cc_t, rad_t, plain_t

    same_cc, same_rad, same_plain = timed_queries(False)
    shift_cc, shift_rad, shift_plain = timed_queries(True)

    rows = [
        ("Bulk import of the 2,000-event .ics into a new calendar", f"median of {args.imports}",
         import_cc, import_rad),
        ("Month window, occurrences expanded, the same request repeated (CampusCal: from its cache)",
         f"median of {args.queries}", same_cc, same_rad),
        ("Month window, occurrences expanded, a new window each time (no cache hits)",
         f"median of {args.queries}", shift_cc, shift_rad),
        ("Month window, a new window each time; Radicale without expand (its events, not occurrences)",
         f"median of {args.queries}", shift_cc, shift_plain),
    ]
    table = ["| measure | CampusCal median (p95) | Radicale median (p95) | Radicale / CampusCal (medians) |",
             "|---|---|---|---|"]
    for what, how, a, b in rows:
        table.append(f"| {what} ({how}) | {ms(statistics.median(a)):,.1f} ms ({ms(p95(a)):,.1f}) "
                     f"| {ms(statistics.median(b)):,.1f} ms ({ms(p95(b)):,.1f}) "
                     f"| **{statistics.median(b) / statistics.median(a):,.1f}×** |")
    sizes = (f"answer sizes: CampusCal {len(data_cc):,} bytes JSON; Radicale {len(data_rad):,} bytes XML with "
             f"expand, {len(data_rad_plain):,} without; the .ics {len(ics.encode()):,} bytes")
    print()
    print("\n".join(table))
    print(sizes)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(table) + "\n\n" + "\n".join(checks) + "\n" + sizes + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("out")
    r = sub.add_parser("run")
    r.add_argument("--ics", required=True)
    r.add_argument("--campuscal", required=True)
    r.add_argument("--token", required=True)
    r.add_argument("--radicale", required=True)
    r.add_argument("--imports", type=int, default=5)
    r.add_argument("--queries", type=int, default=20)
    r.add_argument("--markdown")
    args = parser.parse_args()
    if args.command == "generate":
        text, events = generate()
        with open(args.out, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        def has(e, text):
            return any(text in line for block in e.lines for line in block)
        all_day = sum(1 for e in events if has(e, "VALUE=DATE"))
        recurring = sum(1 for e in events if has(e, "RRULE") and not has(e, "VALUE=DATE"))
        print(f"{len(events)} events: {len(events) - all_day - recurring} single timed, {recurring} weekly recurring "
              f"(RRULE), {all_day} all-day (15 of them yearly); {len(text):,} bytes; "
              f"{sum(expected(events, DENVER).values())} occurrences in November 2026 (America/Denver)")
    else:
        run(args)


if __name__ == "__main__":
    main()
