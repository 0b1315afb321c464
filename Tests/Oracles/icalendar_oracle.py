#!/usr/bin/env python3
"""Acceptance oracle for CampusCal's iCalendar layer, judged by the Python `icalendar` library.

For every .ics in the corpus (the three LMS feeds, the Google/Apple/Outlook-style fixtures in
Tests/Fixtures/ics/, and generated calendars full of tricky text) it runs the Swift
`icalendar-oracle` filter and checks:

  tree-strict   our re-serialised tree is strict RFC 5545: CRLF, <= 75 octets a line, no UTF-8
                sequence split by a fold;
  tree-lossless `icalendar` reads the same components, properties, parameters and values from our
                output as from the original (compared through icalendar's own canonical output);
  typed-fields  our typed mapping (--json) agrees with icalendar on UID, SUMMARY, DESCRIPTION,
                LOCATION, DTSTART/DTEND/DUE (as UTC instants, dates or floating times), CATEGORIES,
                RRULE, EXDATE;
  typed-export  our typed export (--typed) is strict, parses, keeps every event's text and start
                instant, and defines a VTIMEZONE for every TZID it uses.

Usage:
  python -m venv .venv && .venv/bin/pip install -r Tests/Oracles/requirements-icalendar.txt
  swift build --product icalendar-oracle
  .venv/bin/python Tests/Oracles/icalendar_oracle.py [--binary PATH] [--generated N] [--seed S]
  .venv/bin/python Tests/Oracles/icalendar_oracle.py --bench --binary .build/release/icalendar-oracle

Ends with `icalendar-oracle: N passed, M failed` and exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import zoneinfo
from pathlib import Path

import icalendar

ROOT = Path(__file__).resolve().parents[2]
UTC = dt.timezone.utc


def run(binary: str, args: list[str], data: bytes) -> tuple[bytes, str]:
    proc = subprocess.run([binary, *args], input=data, capture_output=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"{binary} {' '.join(args)} exited {proc.returncode}: {proc.stderr.decode(errors='replace')[:500]}")
    return proc.stdout, proc.stderr.decode(errors="replace")


# ---------------------------------------------------------------- checks


def check_strict(data: bytes) -> None:
    assert data.endswith(b"\r\n"), "output does not end with CRLF"
    lines = data[:-2].split(b"\r\n")
    for number, line in enumerate(lines, 1):
        assert b"\n" not in line and b"\r" not in line, f"line {number}: bare CR or LF"
        assert len(line) <= 75, f"line {number}: {len(line)} octets > 75"
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise AssertionError(f"line {number}: fold splits a UTF-8 sequence ({error})") from None
        assert line, f"line {number}: empty line"
    data.decode("utf-8")


def check_lossless(original: bytes, ours: bytes) -> None:
    theirs = icalendar.Calendar.from_ical(original).to_ical().split(b"\r\n")
    mine = icalendar.Calendar.from_ical(ours).to_ical().split(b"\r\n")
    for index, (a, b) in enumerate(zip(theirs, mine)):
        assert a == b, f"canonical line {index + 1} differs:\n      original: {a!r}\n      ours:     {b!r}"
    assert len(theirs) == len(mine), f"canonical length differs: {len(theirs)} vs {len(mine)} lines"


def time_json(prop) -> dict | None:
    """An icalendar date/date-time property in the oracle JSON's form."""
    if prop is None:
        return None
    value = prop.dt
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            return {"kind": "floating", "value": value.isoformat()}
        return {"kind": "instant", "utc": value.astimezone(UTC).replace(tzinfo=None).isoformat()}
    return {"kind": "date", "value": value.isoformat()}


def same_time(expected: dict | None, ours: dict | None, what: str) -> None:
    if expected is None or ours is None:
        assert expected is None and ours is None, f"{what}: expected {expected}, ours {ours}"
        return
    if expected["kind"] == "instant":
        assert ours["kind"] in ("utc", "zoned"), f"{what}: expected an instant {expected['utc']}, ours {ours}"
        assert ours["utc"] == expected["utc"], f"{what}: expected {expected['utc']}Z, ours {ours['utc']}Z ({ours})"
    else:
        assert ours["kind"] == expected["kind"] and ours["value"] == expected["value"], f"{what}: expected {expected}, ours {ours}"


def text(component, name: str) -> str | None:
    value = component.get(name)
    if value is None:
        return None
    if isinstance(value, list):
        value = value[0]
    return str(value)


def categories(component) -> list[str]:
    value = component.get("CATEGORIES")
    if value is None:
        return []
    values = value if isinstance(value, list) else [value]
    return [str(c) for item in values for c in item.cats if str(c)]


def date_list(component, name: str) -> list[dict]:
    value = component.get(name)
    if value is None:
        return []
    values = value if isinstance(value, list) else [value]
    return [time_json(item) for group in values for item in group.dts]


def rrule_parts(text_value: str | None) -> set[str] | None:
    if text_value is None:
        return None
    return {part.upper() for part in text_value.split(";") if part}


def check_fields(original: bytes, rows: list[dict]) -> None:
    calendar = icalendar.Calendar.from_ical(original)
    # Ours lists the events first, then the to-dos, each in document order.
    expected = calendar.walk("VEVENT") + calendar.walk("VTODO")
    assert len(rows) == len(expected), f"{len(rows)} typed items, icalendar sees {len(expected)}"
    for component, row in zip(expected, rows):
        uid = text(component, "UID")
        where = f"{component.name} {uid}"
        assert row["component"] == component.name, f"{where}: ours is a {row['component']}"
        assert row["uid"] == uid, f"{where}: UID ours {row['uid']!r}"
        for key, name in (("summary", "SUMMARY"), ("description", "DESCRIPTION"), ("location", "LOCATION"), ("url", "URL")):
            assert row.get(key) == text(component, name), f"{where}: {name} expected {text(component, name)!r}, ours {row.get(key)!r}"
        same_time(time_json(component.get("DTSTART")), row.get("start"), f"{where} DTSTART")
        if component.name == "VEVENT":
            same_time(time_json(component.get("DTEND")), row.get("end"), f"{where} DTEND")
        else:
            same_time(time_json(component.get("DUE")), row.get("due"), f"{where} DUE")
        same_time(time_json(component.get("RECURRENCE-ID")), row.get("recurrenceID"), f"{where} RECURRENCE-ID")
        assert row["categories"] == categories(component), f"{where}: CATEGORIES expected {categories(component)}, ours {row['categories']}"
        rrule = component.get("RRULE")
        expected_rule = rrule_parts(rrule.to_ical().decode() if rrule is not None else None)
        assert rrule_parts(row.get("rrule")) == expected_rule, f"{where}: RRULE expected {expected_rule}, ours {row.get('rrule')}"
        exdates = date_list(component, "EXDATE")
        assert len(exdates) == len(row["exdates"]), f"{where}: {len(row['exdates'])} EXDATEs, expected {len(exdates)}"
        for index, (a, b) in enumerate(zip(exdates, row["exdates"])):
            same_time(a, b, f"{where} EXDATE[{index}]")


def check_typed_export(original: bytes, exported: bytes) -> None:
    check_strict(exported)
    theirs = icalendar.Calendar.from_ical(original)
    ours = icalendar.Calendar.from_ical(exported)

    def key(component):
        rid = time_json(component.get("RECURRENCE-ID"))
        return (component.name, text(component, "UID"), json.dumps(rid, sort_keys=True))

    mine = {key(c): c for c in ours.walk() if c.name in ("VEVENT", "VTODO")}
    expected = [c for c in theirs.walk() if c.name in ("VEVENT", "VTODO")]
    assert len(mine) == len({key(c) for c in expected}), f"{len(mine)} items exported, {len(expected)} in the original"
    for component in expected:
        where = f"{component.name} {text(component, 'UID')}"
        exported_component = mine.get(key(component))
        assert exported_component is not None, f"{where}: missing from the typed export"
        for name in ("SUMMARY", "DESCRIPTION", "LOCATION"):
            assert text(exported_component, name) == text(component, name), (
                f"{where}: {name} expected {text(component, name)!r}, exported {text(exported_component, name)!r}"
            )
        for name in ("DTSTART", "DTEND", "DUE"):
            a, b = time_json(component.get(name)), time_json(exported_component.get(name))
            if a is not None and a["kind"] == "instant":
                assert b is not None and b["kind"] == "instant" and a["utc"] == b["utc"], f"{where}: {name} expected {a}, exported {b}"
            else:
                assert a == b, f"{where}: {name} expected {a}, exported {b}"
    defined = {str(tz["TZID"]) for tz in ours.walk("VTIMEZONE")}
    for component in ours.walk():
        for name, value in component.property_items(recursive=False):
            values = value if isinstance(value, list) else [value]
            for item in values:
                tzid = getattr(item, "params", {}).get("TZID")
                assert tzid is None or tzid in defined, f"{component.name} {name} uses TZID {tzid} without a VTIMEZONE"


# ---------------------------------------------------------------- corpus

TRICKY = [
    "Comma, then more, commas",
    "semi;colon;separated",
    "back\\slash \\n not a newline",
    "two\nlines\nand a third",
    "Windows\r\nline end",
    "emoji 🎓🧪 family 👩‍👩‍👧‍👦 flag 🇺🇸 skin 👋🏽",
    "日本語のテキストと中文文本以及한국어",
    "combining e\u0301 and a\u0308 and Z\u0335",
    "double \"quotes\" and 'single'",
    "colon: value: more",
    "caret ^ and ^n and ^^",
    "tab\tseparated",
    "trailing space ",
    " leading space",
    "",
    "Ωμέγα Ελληνικά — Кириллица — עברית — العربية",
]
ZONES = ["America/Denver", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Auckland",
         "America/Sao_Paulo", "Asia/Tokyo", "Europe/London", "America/St_Johns"]


def tricky(rng: random.Random, long: bool = False) -> str:
    parts = rng.sample(TRICKY, rng.randint(1, 4))
    if long:
        parts.append("".join(rng.choice("aé日🎓,;\\\n ") for _ in range(rng.randint(60, 400))))
    return " | ".join(parts)


def random_time(rng: random.Random, zone: str | None, all_day: bool):
    day = dt.date(2026, 1, 1) + dt.timedelta(days=rng.randint(0, 700))
    if all_day:
        return day
    at = dt.datetime.combine(day, dt.time(rng.randint(0, 23), rng.choice([0, 15, 30, 45]), rng.choice([0, 0, 30])))
    if zone == "UTC":
        return at.replace(tzinfo=UTC)
    if zone:
        return at.replace(tzinfo=zoneinfo.ZoneInfo(zone))
    return at


def generated_calendar(rng: random.Random, events: int) -> bytes:
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//CampusCal oracle//generated//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", icalendar.vText(tricky(rng)))
    for index in range(events):
        item = icalendar.Todo() if rng.random() < 0.15 else icalendar.Event()
        item.add("uid", f"gen-{index}-{rng.randrange(10**9)}@campuscal.test")
        item.add("dtstamp", dt.datetime(2026, 9, 14, 15, 0, tzinfo=UTC))
        item.add("summary", tricky(rng))
        if rng.random() < 0.8:
            item.add("description", tricky(rng, long=rng.random() < 0.5))
        if rng.random() < 0.5:
            item.add("location", tricky(rng))
        all_day = rng.random() < 0.2
        zone = None if all_day else rng.choice(ZONES + ["UTC", "UTC", None])
        start = random_time(rng, zone, all_day)
        item.add("dtstart", start)
        if item.name == "VEVENT":
            if rng.random() < 0.5:
                item.add("dtend", start + (dt.timedelta(days=1) if all_day else dt.timedelta(minutes=rng.randint(0, 600))))
            elif rng.random() < 0.5:
                item.add("duration", dt.timedelta(days=1) if all_day else dt.timedelta(minutes=rng.randint(1, 600)))
            if rng.random() < 0.3:
                item.add("rrule", {"freq": "weekly", "count": rng.randint(2, 20), "byday": ["MO", "WE"]})
                item.add("exdate", [start + dt.timedelta(days=7), start + dt.timedelta(days=14)])
        else:
            item.add("due", start + dt.timedelta(days=rng.randint(0, 5)))
            item.add("priority", rng.randint(0, 9))
        if rng.random() < 0.5:
            item.add("categories", rng.sample(["Exam", "Lab, wet", "Reading;notes", "Ünïcødé", "🎓"], rng.randint(1, 3)))
        if rng.random() < 0.4:
            item.add("attendee", "mailto:student@example.edu",
                     parameters={"CN": rng.choice(["Doe, Jane", "A \"quoted\" name", "caret ^ name", "Plain Name", "Zoë: TA"]),
                                 "ROLE": "REQ-PARTICIPANT"})
        if rng.random() < 0.4:
            item.add("x-campuscal-note", icalendar.vText(tricky(rng, long=True)))
        if rng.random() < 0.3:
            alarm = icalendar.Alarm()
            alarm.add("action", "DISPLAY")
            alarm.add("description", tricky(rng))
            alarm.add("trigger", dt.timedelta(minutes=-rng.randint(0, 120)))
            item.add_component(alarm)
        calendar.add_component(item)
    calendar.add_missing_timezones()
    return calendar.to_ical()


def corpus(args) -> list[tuple[str, bytes]]:
    files = [(f"lms/{path.name}", path.read_bytes()) for path in sorted((ROOT / "Tests/Fixtures/ics/lms").glob("*.ics"))]
    files += [(path.name, path.read_bytes()) for path in sorted((ROOT / "Tests/Fixtures/ics").glob("*.ics"))]
    rng = random.Random(args.seed)
    files += [(f"generated-{index}", generated_calendar(rng, rng.randint(1, 25))) for index in range(args.generated)]
    return files


# ---------------------------------------------------------------- main


def bench(args) -> int:
    rng = random.Random(7)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CampusCal oracle//bench//EN"]
    for index in range(args.bench_events):
        zone = rng.choice(["America/Denver", "Mountain Standard Time", None])
        start = dt.datetime(2026, 9, 1, 8) + dt.timedelta(hours=rng.randint(0, 24 * 300))
        when = start.strftime("%Y%m%dT%H%M%S")
        ends = (start + dt.timedelta(minutes=50)).strftime("%Y%m%dT%H%M%S")
        lines += ["BEGIN:VEVENT", f"UID:bench-{index}@campuscal.test", "DTSTAMP:20260914T150000Z",
                  f"DTSTART;TZID={zone}:{when}" if zone else f"DTSTART:{when}Z",
                  f"DTEND;TZID={zone}:{ends}" if zone else f"DTEND:{ends}Z",
                  f"SUMMARY:Lecture {index}\\, room {rng.randint(1, 400)}; notes",
                  "DESCRIPTION:" + icalendar.vText(tricky(rng, long=True)).to_ical().decode(),
                  "LOCATION:Science Hall\\, Room 118", "CATEGORIES:BOT 240,Lecture",
                  "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=40" if index % 5 == 0 else "SEQUENCE:0",
                  "X-ALT-DESC;FMTTYPE=text/html:<p>Lecture</p>",
                  "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM",
                  "END:VEVENT"]
    lines.append("END:VCALENDAR")
    data = icalendar.Calendar.from_ical("\r\n".join(lines) + "\r\n").to_ical()  # folded, valid
    with tempfile.NamedTemporaryFile(suffix=".ics", delete=False) as handle:
        handle.write(data)
    print(f"bench: {args.bench_events} events, {len(data) / 1e6:.1f} MB in {handle.name}")
    for mode in (["--typed", "--bench"], ["--tree", "--bench"]):
        began = time.monotonic()
        out, err = run(args.binary, mode, data)
        wall = time.monotonic() - began
        print(f"bench: {' '.join(mode)}: wall {wall:.3f} s (process); {err.strip().splitlines()[-1]}")
    os.unlink(handle.name)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("ICALENDAR_ORACLE_BIN", str(ROOT / ".build/debug/icalendar-oracle")))
    parser.add_argument("--generated", type=int, default=40, help="number of generated calendars")
    parser.add_argument("--seed", type=int, default=20260914)
    parser.add_argument("--bench", action="store_true", help="time a generated 10,000-event calendar instead")
    parser.add_argument("--bench-events", type=int, default=10_000)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    if args.bench:
        return bench(args)

    passed = failed = 0
    for name, original in corpus(args):
        checks = []
        try:
            tree, tree_issues = run(args.binary, ["--tree"], original)
            rows_text, _ = run(args.binary, ["--json"], original)
            typed, _ = run(args.binary, ["--typed"], original)
            checks = [
                ("tree-strict", lambda: check_strict(tree)),
                ("tree-lossless", lambda: check_lossless(original, tree)),
                ("typed-fields", lambda: check_fields(original, json.loads(rows_text))),
                ("typed-export", lambda: check_typed_export(original, typed)),
            ]
        except Exception as error:  # the binary itself failed
            print(f"FAIL {name}: {error}")
            failed += 4
            continue
        for check_name, check in checks:
            try:
                check()
                passed += 1
                if args.verbose:
                    print(f"ok   {name} {check_name}")
            except Exception as error:
                failed += 1
                print(f"FAIL {name} {check_name}: {type(error).__name__}: {error}")
    print(f"icalendar-oracle: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
