"""The corpus of Tests/Oracles/window_oracle.py: calendars with EXDATE, RDATE and RECURRENCE-ID
overrides, each with the windows to query and the features it uses (for --skip-features)."""

from __future__ import annotations

import datetime as dt
import random
import zoneinfo
from dataclasses import dataclass, field
from pathlib import Path

import icalendar
from dateutil import rrule as du

UTC = dt.timezone.utc


@dataclass
class Case:
    name: str
    ics: str
    # (from, to, viewer zone): UTC seconds since 1970 and an IANA name.
    windows: list[tuple[int, int, str]]
    features: set[str] = field(default_factory=set)


# ---------------------------------------------------------------- writing iCalendar


@dataclass(frozen=True)
class T:
    """A time as a file writes it: kind date | floating | utc | zoned, wall clock, zone."""

    kind: str
    wall: dt.datetime
    zone: str | None = None

    def text(self) -> str:
        if self.kind == "date":
            return self.wall.strftime("%Y%m%d")
        return self.wall.strftime("%Y%m%dT%H%M%S") + ("Z" if self.kind == "utc" else "")

    def params(self) -> str:
        if self.kind == "date":
            return ";VALUE=DATE"
        if self.kind == "zoned":
            return f';TZID="{self.zone}"' if " " in self.zone else f";TZID={self.zone}"
        return ""

    def line(self, name: str, extra: str = "") -> str:
        return f"{name}{extra}{self.params()}:{self.text()}"

    def instant(self, viewer: str = "UTC") -> int:
        zone = UTC if self.kind == "utc" else _zone(self.zone if self.kind == "zoned" else viewer)
        return int(self.wall.replace(tzinfo=zone).timestamp())

    def shifted(self, delta: dt.timedelta) -> T:
        return T(self.kind, self.wall + delta, self.zone)

    def as_utc(self) -> T:
        """The same instant written with Z (how some programs write EXDATE and RECURRENCE-ID)."""
        moment = dt.datetime.fromtimestamp(self.instant(), UTC).replace(tzinfo=None)
        return T("utc", moment)


WINDOWS_ZONES = {"Pacific Standard Time": "America/Los_Angeles", "W. Europe Standard Time": "Europe/Berlin"}


def _zone(name: str) -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(WINDOWS_ZONES.get(name, name))


def D(y, m, d) -> T:  # noqa: N802
    return T("date", dt.datetime(y, m, d))


def F(y, m, d, h=0, mi=0) -> T:  # noqa: N802
    return T("floating", dt.datetime(y, m, d, h, mi))


def U(y, m, d, h=0, mi=0) -> T:  # noqa: N802
    return T("utc", dt.datetime(y, m, d, h, mi))


def Z(zone, y, m, d, h=0, mi=0) -> T:  # noqa: N802
    return T("zoned", dt.datetime(y, m, d, h, mi), zone)


def time_list(name: str, times: list[T]) -> list[str]:
    """One property per group of same-form times, comma-joined as Google and Outlook write them."""
    groups: dict[tuple, list[T]] = {}
    for time in times:
        groups.setdefault((time.kind, time.zone), []).append(time)
    return [f"{name}{group[0].params()}:{','.join(t.text() for t in group)}" for group in groups.values()]


def vevent(
    uid: str,
    start: T,
    end: T | None = None,
    *,
    duration: str | None = None,
    rrule: str | None = None,
    exdates: list[T] = (),
    rdates: list[T] = (),
    periods: list[tuple[T, str]] = (),
    recurrence_id: T | None = None,
    this_and_future: bool = False,
    summary: str = "Event",
    status: str | None = None,
    sequence: int | None = None,
) -> str:
    lines = ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20240101T000000Z", start.line("DTSTART")]
    if end is not None:
        lines.append(end.line("DTEND"))
    if duration:
        lines.append(f"DURATION:{duration}")
    if recurrence_id is not None:
        lines.append(recurrence_id.line("RECURRENCE-ID", ";RANGE=THISANDFUTURE" if this_and_future else ""))
    if rrule:
        lines.append(f"RRULE:{rrule}")
    lines += time_list("EXDATE", list(exdates)) + time_list("RDATE", list(rdates))
    for begin, finish in periods:
        lines.append(f"RDATE;VALUE=PERIOD{begin.params()}:{begin.text()}/{finish}")
    lines.append(f"SUMMARY:{summary}")
    if status:
        lines.append(f"STATUS:{status}")
    if sequence is not None:
        lines.append(f"SEQUENCE:{sequence}")
    lines.append("END:VEVENT")
    return "\r\n".join(lines)


OUTLOOK_TIMEZONES = """BEGIN:VTIMEZONE
TZID:Pacific Standard Time
BEGIN:STANDARD
DTSTART:16011104T020000
RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11
TZOFFSETFROM:-0700
TZOFFSETTO:-0800
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:16010311T020000
RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3
TZOFFSETFROM:-0800
TZOFFSETTO:-0700
END:DAYLIGHT
END:VTIMEZONE
BEGIN:VTIMEZONE
TZID:W. Europe Standard Time
BEGIN:STANDARD
DTSTART:16011028T030000
RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:16010325T020000
RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
END:DAYLIGHT
END:VTIMEZONE""".replace("\n", "\r\n")


def calendar(*events: str, timezones: str = "") -> str:
    parts = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CampusCal//window oracle//EN"]
    parts += [timezones] if timezones else []
    return "\r\n".join(parts + list(events) + ["END:VCALENDAR"]) + "\r\n"


# ---------------------------------------------------------------- features


def features_of(ics: str) -> set[str]:
    """What a calendar uses, read from the file itself so that tags cannot drift from content."""
    found = set()
    cal = icalendar.Calendar.from_ical(ics)
    for event in cal.walk("VEVENT"):
        start = event["DTSTART"]
        if "EXDATE" in event:
            found.add("exdate")
        rdates = event.get("RDATE", [])
        for rdate in rdates if isinstance(rdates, list) else [rdates]:
            found.add("rdate")
            if rdate.params.get("VALUE") == "PERIOD" or any(isinstance(d.dt, tuple) for d in rdate.dts):
                found.add("rdate-period")
        if not isinstance(start.dt, dt.datetime):
            found.add("all-day")
        elif start.dt.tzinfo is None:
            found.add("floating")
        if " " in str(start.params.get("TZID", "")):
            found.add("windows-tzid")
        if "DTEND" in event and _utc_seconds(event["DTEND"].dt) == _utc_seconds(start.dt):
            found.add("zero-length")  # LMS deadlines: DTEND = DTSTART
        if "RECURRENCE-ID" in event:
            found.add("recurrence-id")
            rid = event["RECURRENCE-ID"]
            if rid.params.get("RANGE") == "THISANDFUTURE":
                found.add("thisandfuture")
            if str(event.get("STATUS", "")).upper() == "CANCELLED":
                found.add("cancelled-override")
            if _utc_seconds(start.dt) != _utc_seconds(rid.dt):
                found.add("moved-override")
    return found


def _utc_seconds(value) -> int:
    if not isinstance(value, dt.datetime):
        value = dt.datetime(value.year, value.month, value.day)
    return int((value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp())


def iso(text: str) -> int:
    return int(dt.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp())


def case(name: str, ics: str, windows: list[tuple[str, str, str]], *tags: str) -> Case:
    return Case(name, ics, [(iso(a), iso(b), viewer) for a, b, viewer in windows], features_of(ics) | set(tags))


# ---------------------------------------------------------------- hand-written cases


def hand_cases() -> list[Case]:
    den, lon, lhi, ber = "America/Denver", "Europe/London", "Australia/Lord_Howe", "Europe/Berlin"
    march = ("2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z")
    cases = [
        case(  # Google writes EXDATE in DTSTART's zone; the series crosses the US DST change
            "google-weekly-exdates",
            calendar(
                vevent(
                    "google-1@google.com",
                    Z(den, 2024, 2, 26, 9),
                    Z(den, 2024, 2, 26, 10, 15),
                    rrule="FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20240430T155959Z",
                    exdates=[Z(den, 2024, 3, 11, 9), Z(den, 2024, 3, 13, 9)],
                    summary="Algorithms lecture",
                )
            ),
            [
                (*march, den),
                ("2024-03-08T00:00:00Z", "2024-03-16T00:00:00Z", lon),
                ("2024-03-11T15:30:00Z", "2024-03-18T15:30:00Z", "Asia/Tokyo"),
            ],
            "dst",
        ),
        case(  # Apple sometimes writes EXDATE in UTC for a zoned series
            "apple-exdate-in-utc",
            calendar(
                vevent(
                    "apple-1",
                    Z(lon, 2024, 3, 25, 18, 30),
                    Z(lon, 2024, 3, 25, 19, 30),
                    rrule="FREQ=DAILY;COUNT=10",
                    exdates=[U(2024, 3, 30, 18, 30), U(2024, 4, 1, 17, 30), U(2024, 4, 2, 19, 30)],
                    summary="Evening run",
                )
            ),
            [("2024-03-24T00:00:00Z", "2024-04-10T00:00:00Z", lon), ("2024-03-24T00:00:00Z", "2024-04-10T00:00:00Z", "America/New_York")],
            "dst",
        ),
        case(  # Outlook: Windows zone names with their VTIMEZONEs, both DST changes of the year
            "outlook-windows-tzids",
            calendar(
                vevent(
                    "outlook-1",
                    Z("W. Europe Standard Time", 2024, 10, 15, 16),
                    Z("W. Europe Standard Time", 2024, 10, 15, 17),
                    rrule="FREQ=WEEKLY;COUNT=6;BYDAY=TU",
                    exdates=[Z("W. Europe Standard Time", 2024, 10, 29, 16)],
                    summary="Sprechstunde",
                ),
                vevent(
                    "outlook-2",
                    Z("Pacific Standard Time", 2024, 10, 31, 8),
                    Z("Pacific Standard Time", 2024, 10, 31, 8, 30),
                    rrule="FREQ=DAILY;INTERVAL=2;COUNT=5",
                    exdates=[Z("Pacific Standard Time", 2024, 11, 4, 8)],
                    summary="Standup",
                ),
                timezones=OUTLOOK_TIMEZONES,
            ),
            [("2024-10-01T00:00:00Z", "2024-12-01T00:00:00Z", "UTC"), ("2024-10-27T00:00:00Z", "2024-11-06T00:00:00Z", "Asia/Tokyo")],
            "dst",
        ),
        case(  # RDATE lists: comma-joined, in UTC, on the DST day, and one duplicating a rule instance
            "rdate-lists",
            calendar(
                vevent(
                    "rdate-1",
                    Z(lon, 2024, 3, 25, 10),
                    Z(lon, 2024, 3, 25, 11),
                    rrule="FREQ=DAILY;COUNT=3",
                    rdates=[Z(lon, 2024, 3, 31, 10), Z(lon, 2024, 4, 2, 18), Z(lon, 2024, 3, 26, 10), U(2024, 4, 5, 8, 30)],
                    summary="Tutorial",
                ),
                vevent(
                    "rdate-only", Z(den, 2024, 3, 5, 14), Z(den, 2024, 3, 5, 15), rdates=[Z(den, 2024, 3, 12, 14), Z(den, 2024, 3, 19, 16)]
                ),
            ),
            [(*march, lon), ("2024-03-31T00:00:00Z", "2024-04-30T00:00:00Z", den), ("2024-03-26T09:30:00Z", "2024-03-31T09:30:00Z", "UTC")],
        ),
        case(  # RDATE;VALUE=PERIOD gives an occurrence its own length (end or duration)
            "rdate-periods",
            calendar(
                vevent(
                    "period-1",
                    U(2024, 4, 1, 9),
                    U(2024, 4, 1, 10),
                    rrule="FREQ=DAILY;COUNT=2",
                    periods=[(U(2024, 4, 5, 9), "20240405T120000Z"), (U(2024, 4, 6, 9), "PT30M")],
                    summary="Lab",
                )
            ),
            [("2024-04-01T00:00:00Z", "2024-04-10T00:00:00Z", "UTC"), ("2024-04-05T10:00:00Z", "2024-04-05T11:00:00Z", "UTC")],
        ),
        case(  # all-day: read in the viewer's zone on both sides; a window cutting a day in half
            "all-day-series",
            calendar(
                vevent(
                    "allday-1",
                    D(2024, 3, 8),
                    D(2024, 3, 9),
                    rrule="FREQ=WEEKLY;COUNT=6",
                    exdates=[D(2024, 3, 15)],
                    rdates=[D(2024, 3, 20)],
                    summary="Quiz day",
                ),
                vevent("allday-2", D(2024, 3, 9), D(2024, 3, 12), rrule="FREQ=MONTHLY;COUNT=3", summary="Field trip"),
                vevent("allday-3", D(2024, 3, 10), rrule="FREQ=DAILY;COUNT=3", summary="No DTEND"),
            ),
            [
                (*march, "Pacific/Chatham"),
                (*march, den),
                ("2024-03-10T12:00:00Z", "2024-03-11T12:00:00Z", "UTC"),
                ("2024-05-09T06:00:00Z", "2024-05-09T07:00:00Z", den),
            ],
            "dst",
        ),
        case(  # floating: 08:00 wherever the viewer is, across the viewer's DST change
            "floating-series",
            calendar(
                vevent(
                    "floating-1",
                    F(2024, 3, 5, 8),
                    F(2024, 3, 5, 9),
                    rrule="FREQ=DAILY;COUNT=10",
                    exdates=[F(2024, 3, 7, 8)],
                    rdates=[F(2024, 3, 20, 2, 30)],
                    summary="Breakfast",
                )
            ),
            [(*march, den), (*march, "Asia/Kolkata"), ("2024-03-10T15:30:00Z", "2024-03-11T15:30:00Z", den)],
            "dst",
        ),
        case(  # overnight occurrences spanning the DST change (exact length), times in the gap and the overlap
            "dst-denver",
            calendar(
                vevent("denver-night", Z(den, 2024, 3, 7, 22), Z(den, 2024, 3, 8, 6), rrule="FREQ=DAILY;COUNT=6", summary="Night shift"),
                vevent("denver-gap", Z(den, 2024, 3, 8, 2, 30), Z(den, 2024, 3, 8, 3), rrule="FREQ=DAILY;COUNT=5", summary="In the gap"),
                vevent(
                    "denver-fold", Z(den, 2024, 11, 1, 1, 30), Z(den, 2024, 11, 1, 2, 15), rrule="FREQ=DAILY;COUNT=4", summary="In the fold"
                ),
            ),
            [(*march, den), ("2024-03-10T08:00:00Z", "2024-03-10T09:30:00Z", "UTC"), ("2024-10-30T00:00:00Z", "2024-11-06T00:00:00Z", lon)],
            "dst",
        ),
        case(
            "dst-london",
            calendar(
                vevent(
                    "london-fold",
                    Z(lon, 2024, 10, 24, 1, 30),
                    Z(lon, 2024, 10, 24, 2, 30),
                    rrule="FREQ=DAILY;COUNT=6",
                    exdates=[Z(lon, 2024, 10, 26, 1, 30)],
                    summary="Fold",
                ),
                vevent("london-gap", Z(lon, 2024, 3, 28, 1, 15), duration="PT1H", rrule="FREQ=DAILY;COUNT=6", summary="Gap"),
            ),
            [("2024-03-25T00:00:00Z", "2024-04-05T00:00:00Z", lon), ("2024-10-20T00:00:00Z", "2024-11-01T00:00:00Z", "America/Denver")],
            "dst",
        ),
        case(  # Lord Howe moves by 30 minutes at 02:00
            "dst-lord-howe",
            calendar(
                vevent("lhi-1", Z(lhi, 2024, 4, 4, 1, 45), Z(lhi, 2024, 4, 4, 2, 15), rrule="FREQ=DAILY;COUNT=6", summary="Ferry"),
                vevent(
                    "lhi-2",
                    Z(lhi, 2024, 10, 3, 2, 10),
                    Z(lhi, 2024, 10, 3, 3),
                    rrule="FREQ=DAILY;COUNT=6",
                    exdates=[Z(lhi, 2024, 10, 5, 2, 10)],
                    rdates=[Z(lhi, 2024, 10, 6, 2, 20)],
                    summary="Tide",
                ),
            ),
            [
                ("2024-04-01T00:00:00Z", "2024-04-12T00:00:00Z", lhi),
                ("2024-09-30T00:00:00Z", "2024-10-12T00:00:00Z", "UTC"),
                ("2024-10-05T15:30:00Z", "2024-10-05T16:00:00Z", lhi),
            ],
            "dst",
        ),
        case(  # occurrences moved into and out of a window (RECURRENCE-ID with another DTSTART)
            "moved-occurrences",
            calendar(
                vevent("moved-1", Z(den, 2024, 3, 4, 9), Z(den, 2024, 3, 4, 10), rrule="FREQ=WEEKLY;COUNT=8", summary="Seminar"),
                vevent(
                    "moved-1",
                    Z(den, 2024, 4, 2, 13),
                    Z(den, 2024, 4, 2, 15),
                    recurrence_id=Z(den, 2024, 3, 18, 9),
                    summary="Seminar (moved out)",
                    sequence=1,
                ),
                vevent(
                    "moved-1",
                    Z(den, 2024, 3, 29, 9),
                    Z(den, 2024, 3, 29, 10),
                    recurrence_id=Z(den, 2024, 4, 8, 9),
                    summary="Seminar (moved in)",
                    sequence=1,
                ),
                vevent(
                    "moved-1",
                    Z(den, 2024, 3, 11, 9),
                    Z(den, 2024, 3, 11, 11),
                    recurrence_id=U(2024, 3, 11, 15),
                    summary="Seminar (longer, id in UTC)",
                ),
            ),
            [
                (*march, den),
                ("2024-04-01T00:00:00Z", "2024-05-01T00:00:00Z", den),
                ("2024-03-18T15:00:00Z", "2024-03-18T17:00:00Z", "UTC"),
                ("2024-03-11T16:30:00Z", "2024-03-11T17:30:00Z", lon),
            ],
            "dst",
        ),
        case(  # a cancelled override stays (STATUS:CANCELLED); an EXDATE removes even an overridden one
            "cancelled-occurrences",
            calendar(
                vevent(
                    "cancel-1",
                    Z(ber, 2024, 5, 6, 8),
                    Z(ber, 2024, 5, 6, 9, 30),
                    rrule="FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10",
                    exdates=[Z(ber, 2024, 5, 20, 8)],
                    summary="Chemistry",
                ),
                vevent(
                    "cancel-1",
                    Z(ber, 2024, 5, 9, 8),
                    Z(ber, 2024, 5, 9, 9, 30),
                    recurrence_id=Z(ber, 2024, 5, 9, 8),
                    summary="Chemistry",
                    status="CANCELLED",
                ),
                vevent(
                    "cancel-1",
                    Z(ber, 2024, 5, 21, 8),
                    Z(ber, 2024, 5, 21, 9, 30),
                    recurrence_id=Z(ber, 2024, 5, 20, 8),
                    summary="Chemistry (moved, but excluded)",
                ),
                vevent(
                    "cancel-2",
                    Z(ber, 2024, 5, 7, 12),
                    Z(ber, 2024, 5, 7, 13),
                    rrule="FREQ=DAILY;COUNT=3",
                    summary="Cancelled series",
                    status="CANCELLED",
                ),
            ),
            [("2024-05-01T00:00:00Z", "2024-06-15T00:00:00Z", ber), ("2024-05-09T06:30:00Z", "2024-05-09T07:00:00Z", "UTC")],
        ),
        case(  # THISANDFUTURE: later occurrences move by the same difference, take its length and title
            "this-and-future",
            calendar(
                vevent("taf-1", Z(ber, 2024, 3, 5, 10), Z(ber, 2024, 3, 5, 11), rrule="FREQ=WEEKLY;COUNT=10", summary="Lab meeting"),
                vevent(
                    "taf-1",
                    Z(ber, 2024, 3, 19, 11, 30),
                    Z(ber, 2024, 3, 19, 13),
                    recurrence_id=Z(ber, 2024, 3, 19, 10),
                    this_and_future=True,
                    summary="Lab meeting (new slot)",
                    sequence=1,
                ),
                vevent(
                    "taf-1",
                    Z(ber, 2024, 4, 10, 9),
                    Z(ber, 2024, 4, 10, 10),
                    recurrence_id=Z(ber, 2024, 4, 9, 10),
                    summary="Lab meeting (one-off)",
                    sequence=2,
                ),
                vevent("taf-2", D(2024, 3, 4), D(2024, 3, 5), rrule="FREQ=WEEKLY;COUNT=6", summary="Deadline"),
                vevent(
                    "taf-2", D(2024, 3, 20), D(2024, 3, 22), recurrence_id=D(2024, 3, 18), this_and_future=True, summary="Deadline (later)"
                ),
                vevent("taf-3", Z(den, 2024, 3, 4, 9), Z(den, 2024, 3, 4, 10), rrule="FREQ=DAILY;COUNT=14", summary="Check-in"),
                vevent(
                    "taf-3",
                    Z(den, 2024, 3, 8, 8),
                    Z(den, 2024, 3, 8, 9),
                    recurrence_id=U(2024, 3, 8, 16),
                    this_and_future=True,
                    summary="Check-in (earlier)",
                ),
            ),
            [("2024-03-01T00:00:00Z", "2024-05-20T00:00:00Z", ber), (*march, "UTC"), ("2024-03-26T10:00:00Z", "2024-03-26T10:30:00Z", ber)],
            "dst",
        ),
        case(  # single events with overrides; overrides whose series is not in the file
            "one-off-and-orphans",
            calendar(
                vevent("single-1", Z(lon, 2024, 6, 3, 14), Z(lon, 2024, 6, 3, 15), summary="Viva"),
                vevent(
                    "single-1", Z(lon, 2024, 6, 4, 10), Z(lon, 2024, 6, 4, 11), recurrence_id=Z(lon, 2024, 6, 3, 14), summary="Viva (moved)"
                ),
                vevent(
                    "orphan-1",
                    Z(den, 2024, 6, 5, 9),
                    Z(den, 2024, 6, 5, 10),
                    recurrence_id=Z(den, 2024, 6, 5, 8),
                    summary="Shared occurrence",
                ),
            ),
            [("2024-06-01T00:00:00Z", "2024-06-10T00:00:00Z", lon)],
        ),
        case(  # two versions of one override: the higher SEQUENCE wins on both sides
            "override-sequence",
            calendar(
                vevent("seq-1", U(2024, 7, 1, 12), U(2024, 7, 1, 13), rrule="FREQ=DAILY;COUNT=5", summary="Office hour"),
                vevent(
                    "seq-1", U(2024, 7, 3, 15), U(2024, 7, 3, 16), recurrence_id=U(2024, 7, 3, 12), summary="Office hour v2", sequence=2
                ),
                vevent(
                    "seq-1", U(2024, 7, 3, 14), U(2024, 7, 3, 15), recurrence_id=U(2024, 7, 3, 12), summary="Office hour v1", sequence=1
                ),
            ),
            [("2024-07-01T00:00:00Z", "2024-07-08T00:00:00Z", "Europe/Paris")],
        ),
    ]
    return cases


# ---------------------------------------------------------------- the fixtures


def fixture_cases(folder: Path) -> list[Case]:
    """The Google/Apple/Outlook/LMS fixtures, windows around their first event."""
    cases = []
    for path in sorted(folder.rglob("*.ics")):
        text = path.read_text(encoding="utf-8")
        try:
            cal = icalendar.Calendar.from_ical(text)
        except ValueError:
            continue  # messy-lf-lowercase.ics (a BOM, lower case) is for our parser only; it has no VEVENT
        starts = [_utc_seconds(e["DTSTART"].dt) for e in cal.walk("VEVENT") if "DTSTART" in e]
        if not starts:
            continue
        first = min(starts)
        day = 86_400
        windows = [
            (first - 7 * day, first + 70 * day, "UTC"),
            (first - 2 * day, first + 30 * day, "America/Denver"),
            (first + 3600, first + 7 * day, "Asia/Tokyo"),
        ]
        cases.append(Case(f"fixture-{path.relative_to(folder)}", text, windows, features_of(text) | {"fixture"}))
    return cases


# ---------------------------------------------------------------- seeded random calendars

ZONES = ["America/Denver", "Europe/London", "Australia/Lord_Howe", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Pacific/Auckland"]
VIEWERS = ZONES + ["UTC", "Asia/Tokyo", "Pacific/Chatham", "America/Los_Angeles"]
# DST changes of 2024/2025 in the zones above, so that series run across them.
CHANGES = [
    dt.datetime(*d)
    for d in [
        (2024, 3, 10),
        (2024, 3, 31),
        (2024, 4, 7),
        (2024, 9, 29),
        (2024, 10, 6),
        (2024, 10, 27),
        (2024, 11, 3),
        (2025, 3, 9),
        (2025, 3, 30),
        (2025, 4, 6),
        (2025, 10, 26),
    ]
]
HOURS = [(0, 0), (1, 30), (2, 0), (2, 30), (8, 0), (9, 0), (12, 15), (17, 45), (22, 0), (23, 30)]
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def _series(rng: random.Random, uid: str, base: dt.datetime) -> tuple[list[str], list[tuple[T, dt.timedelta]]]:
    """One random series with its overrides as VEVENT texts, and its occurrences (start, length) before overrides."""
    kind = rng.choices(["zoned", "utc", "floating", "date"], [55, 10, 15, 20])[0]
    zone = rng.choice(ZONES) if kind == "zoned" else None
    hour, minute = (0, 0) if kind == "date" else rng.choice(HOURS)
    start = T(kind, base.replace(hour=hour, minute=minute), zone)
    if kind == "date":
        length = dt.timedelta(days=rng.choice([1, 1, 1, 2, 3]))
    else:
        length = dt.timedelta(minutes=rng.choice([15, 30, 60, 60, 90, 180, 480, 1440, 1500]))

    freq = rng.choices(["DAILY", "WEEKLY", "MONTHLY", None], [35, 40, 15, 10])[0]
    walls: list[dt.datetime] = [start.wall]
    rule = None
    if freq:
        interval = rng.choice([1, 1, 2, 3]) if freq != "MONTHLY" else 1
        parts = [f"FREQ={freq}"] + ([f"INTERVAL={interval}"] if interval > 1 else [])
        byweekday = None
        if freq == "WEEKLY" and rng.random() < 0.5:
            # DTSTART stays on the rule: for RFC 5545 (and us) an off-rule DTSTART counts toward COUNT,
            # for dateutil it does not (see rrule_oracle.py); that is the RRULE oracle's business.
            days = sorted(set(rng.sample(range(7), rng.randint(1, 3))) | {start.wall.weekday()})
            parts.append("BYDAY=" + ",".join(WEEKDAYS[d] for d in days))
            byweekday = days
        stop = rng.choices(["count", "until", "none"], [50, 30, 20])[0]
        count = rng.randint(3, 25) if stop == "count" else None
        until = start.wall + dt.timedelta(days=rng.randint(10, 90)) if stop == "until" else None
        freq_number = {"DAILY": du.DAILY, "WEEKLY": du.WEEKLY, "MONTHLY": du.MONTHLY}[freq]
        expansion = du.rrule(
            freq_number, dtstart=start.wall, interval=interval, byweekday=byweekday, count=count or (None if until else 60), until=until
        )
        walls = list(expansion)[:60]
        if count:
            parts.append(f"COUNT={count}")
        if until:
            until_time = T(kind, until, zone)
            text = (
                until.strftime("%Y%m%d")
                if kind == "date"
                else until_time.as_utc().text() if kind in ("zoned", "utc") else until_time.text()
            )
            parts.append(f"UNTIL={text}")
        rule = ";".join(parts)
    instances = [T(kind, wall, zone) for wall in walls]
    if not instances:
        instances = [start]

    def written(time: T) -> T:
        # Zoned times are sometimes written in UTC, as Apple and some feeds do, unless recurring-ical-
        # events' naive wall-clock matching would then pair it with another instance (see _clash).
        if kind == "zoned" and rng.random() < 0.25 and not _clash(time.as_utc(), instances):
            return time.as_utc()
        return time

    exdates = [written(t) for t in rng.sample(instances, min(len(instances), rng.choice([0, 0, 1, 2, 3])))]
    rdates = []
    for _ in range(rng.choice([0, 0, 0, 1, 2, 3])):
        anchor = rng.choice(instances)
        if rng.random() < 0.2:
            rdate = written(anchor)  # duplicates an instance: counted once
        elif kind == "date":
            rdate = anchor.shifted(dt.timedelta(days=rng.randint(1, 10)))
        else:
            rdate = written(anchor.shifted(dt.timedelta(days=rng.randint(1, 10), hours=rng.randint(-3, 3))))
        if not _clash(rdate, exdates):
            rdates.append(rdate)
    if not rule and not rdates:
        exdates = []  # an EXDATE on a one-off event: see window_oracle.py, "not compared"
    periods = []
    if kind in ("zoned", "utc") and rng.random() < 0.04:  # a known gap (see window_oracle.py): rare, so few cases skip
        begin = rng.choice(instances).shifted(dt.timedelta(days=rng.randint(1, 5), hours=2))
        periods.append((begin, f"PT{rng.choice([20, 45, 150])}M"))

    end = T(kind, start.wall + length, zone)
    use_duration = kind != "date" and rng.random() < 0.2
    summary = f"Series {uid.split('@')[0]}"
    texts = [
        vevent(
            uid,
            start,
            None if use_duration else end,
            duration=f"PT{int(length.total_seconds() // 60)}M" if use_duration else None,
            rrule=rule,
            exdates=exdates,
            rdates=rdates,
            periods=periods,
            summary=summary,
        )
    ]
    if rng.random() < 0.45:
        taken = set()
        excluded = {e.instant() for e in exdates}
        for number in range(rng.randint(1, 3)):
            original = rng.choice(instances)
            if original.wall in taken:
                continue
            taken.add(original.wall)
            # One that an EXDATE also removes now and then, otherwise only live instances.
            if original.instant() in excluded and rng.random() < 0.7:
                continue
            change = rng.choice(["moved", "moved", "moved-far", "retitled", "cancelled", "longer"])
            if kind == "date":
                move = dt.timedelta(days=rng.choice([-2, -1, 1, 3])) if change.startswith("moved") else dt.timedelta(0)
                new_length = length + dt.timedelta(days=1) if change == "longer" else length
            else:
                move = dt.timedelta(hours=rng.choice([-26, -3, -1, 1, 2, 5, 30]), minutes=rng.choice([0, 0, 30]))
                move = move if change == "moved" else dt.timedelta(days=rng.choice([-20, 20])) if change == "moved-far" else dt.timedelta(0)
                new_length = length * 2 if change == "longer" else length
            new_start = original.shifted(move)
            texts.append(
                vevent(
                    uid,
                    new_start,
                    T(kind, new_start.wall + new_length, zone),
                    recurrence_id=written(original),
                    this_and_future=rng.random() < 0.12 and number == 0,
                    summary=f"{summary} ({change})",
                    status="CANCELLED" if change == "cancelled" else None,
                    sequence=rng.choice([None, 1]),
                )
            )
    return texts, [(t, length) for t in instances]


def _naive_forms(time: T) -> set[dt.datetime]:
    """The keys recurring-ical-events matches EXDATEs and RECURRENCE-IDs by: UTC and wall clock, both naive."""
    if time.kind != "zoned":
        return {time.wall}
    return {time.wall, dt.datetime.fromtimestamp(time.instant(), UTC).replace(tzinfo=None)}


def _clash(time: T, others: list[T]) -> bool:
    """Whether `time` shares a naive key with another time that is a different instant."""
    return any(_naive_forms(time) & _naive_forms(other) and time.instant() != other.instant() for other in others)


def generated_cases(count: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    cases = []
    for number in range(count):
        if rng.random() < 0.5:
            base = rng.choice(CHANGES) - dt.timedelta(days=rng.randint(0, 21))
        else:
            base = dt.datetime(2024, 1, 1) + dt.timedelta(days=rng.randint(0, 700))
        texts: list[str] = []
        occurrences: list[tuple[T, dt.timedelta]] = []
        for k in range(rng.choice([1, 1, 2, 3])):
            more, instances = _series(rng, f"gen{number}-{k}@campuscal.test", base + dt.timedelta(days=rng.randint(0, 5)))
            texts += more
            occurrences += instances
        ics = calendar(*texts)
        windows = []
        for shape in ["month", "week", "cut", "tiny"]:
            viewer = rng.choice(VIEWERS)
            time, length = rng.choice(occurrences)
            at = time.instant(viewer)
            span = int(length.total_seconds())
            if shape == "month":
                windows.append((at - 3 * 86_400, at + 31 * 86_400, viewer))
            elif shape == "week":
                windows.append((at - rng.randint(0, 48) * 3600, at + 7 * 86_400, viewer))
            elif shape == "cut":  # starts or ends in the middle of an occurrence
                middle = at + span // 2
                windows.append(
                    (middle, middle + rng.randint(1, 72) * 3600, viewer)
                    if rng.random() < 0.5
                    else (middle - rng.randint(1, 72) * 3600, middle, viewer)
                )
            else:
                windows.append((at + 60, at + 120, viewer))
        cases.append(Case(f"generated-{number}", ics, windows, features_of(ics)))
    return cases
