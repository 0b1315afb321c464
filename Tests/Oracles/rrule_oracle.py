#!/usr/bin/env python3
"""RRULE oracle: CampusCal's recurrence engine against python-dateutil.

Generates random RFC 5545 rules with a fixed seed, expands each with dateutil (with zoneinfo time
zones) and with the Swift engine (the `recurrence-oracle` executable), and compares instance for
instance, as wall-clock time and as UTC instant.

    python3 -m venv .venv && .venv/bin/pip install -r Tests/Oracles/requirements.txt
    swift build --product recurrence-oracle
    .venv/bin/python Tests/Oracles/rrule_oracle.py [--cases 3000] [--seed 5545]
    swift build -c release --product recurrence-oracle
    .venv/bin/python Tests/Oracles/rrule_oracle.py --bench --binary .build/release/recurrence-oracle

Known, deliberate differences from dateutil, handled here so that like is compared with like:
- RFC 5545 makes DTSTART the first instance, counted by COUNT, even if the rule does not match it;
  dateutil leaves a non-matching DTSTART out. The reference list is therefore DTSTART followed by
  dateutil's instances with COUNT reduced by one, whenever dateutil's first instance is not DTSTART.
- dateutil intersects plain and ordinal BYDAY values (BYDAY=MO,-1FR means "Mondays that are the
  last Friday", i.e. nothing); RFC 5545 and CampusCal take the union. Rules mixing them are not generated.
- dateutil 2.9 miscounts the last ISO week of some years (2011-01-01 is "week 53"); BYWEEKNO is
  generated in ±1…51 only. The Swift unit tests pin the correct weeks.
- dateutil's first WEEKLY period runs from DTSTART (not from the WKST before it) to the next WKST, so
  BYSETPOS counts from DTSTART in that first week; RFC 5545 and CampusCal count from the week's
  start. WEEKLY rules with BYSETPOS get WKST = DTSTART's weekday, where both agree.
- dateutil reads UNTIL=<DATE> as midnight; CampusCal, for timed events, as the whole day. DATE
  UNTILs are generated for all-day events only, where both agree.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time
import warnings
from datetime import datetime, timedelta, timezone
from itertools import islice
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr

ZONES = ["America/Denver", "Europe/London", "Pacific/Auckland", "Australia/Lord_Howe"]
VIEWERS = ["UTC", "America/Denver", "Europe/London", "Pacific/Auckland"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
FREQS = ["YEARLY"] * 5 + ["MONTHLY"] * 5 + ["WEEKLY"] * 4 + ["DAILY"] * 4 + ["HOURLY"] * 2 + ["MINUTELY", "SECONDLY"]
WALL = "%Y-%m-%dT%H:%M:%S"


def sample(rng, values, lo=1, hi=3):
    return sorted(rng.sample(values, rng.randint(lo, min(hi, len(values)))))


def make_case(rng, ident):
    kind = rng.choice(["zoned"] * 6 + ["utc", "floating", "date"])
    tz = rng.choice(ZONES) if kind == "zoned" else "UTC"
    viewer = rng.choice(VIEWERS)
    # Starts cluster around DST transitions (Mar/Apr/Sep/Oct/Nov, 01:00-03:00), month ends and leap years.
    year = rng.choice([2019, 2020, 2023, 2024, 2025, 2026, 2027, 2028])
    month = rng.choice([1, 2, 3, 4, 9, 10, 11, 12, rng.randint(1, 12)])
    day = rng.choice([1, 7, 15, 28, 29, 30, 31, rng.randint(1, 31)])
    while True:
        try:
            datetime(year, month, day)
            break
        except ValueError:
            day -= 1
    hour = rng.choice([1, 2, 3, 9, rng.randint(0, 23)])
    minute = rng.choice([0, 30, 45, rng.randint(0, 59)])
    second = rng.choice([0, 0, rng.randint(0, 59)])
    if kind == "date":
        hour = minute = second = 0
    start = datetime(year, month, day, hour, minute, second)

    freq = rng.choice([f for f in FREQS if kind != "date" or f in ("YEARLY", "MONTHLY", "WEEKLY", "DAILY")])
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.4:
        parts.append(f"INTERVAL={rng.choice([2, 3, 4, 5, 7, rng.randint(1, 12)])}")
    by = {}
    if rng.random() < 0.35:
        by["BYMONTH"] = sample(rng, list(range(1, 13)), 1, 4)
    if freq in ("YEARLY", "MONTHLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY") and rng.random() < 0.3:
        by["BYMONTHDAY"] = sample(rng, [1, 15, 28, 29, 30, 31, -1, -2, -31, rng.randint(1, 31), -rng.randint(1, 31)], 1, 3)
    if freq in ("YEARLY", "HOURLY", "MINUTELY", "SECONDLY") and rng.random() < 0.15:
        by["BYYEARDAY"] = sample(rng, [1, 60, 100, 200, 365, 366, -1, -100, -366, rng.randint(1, 366)], 1, 3)
    weekno = freq == "YEARLY" and rng.random() < 0.25
    if weekno:
        by["BYWEEKNO"] = sample(rng, [1, 2, 10, 26, 51, -1, -2, -10, rng.randint(1, 51), -rng.randint(1, 51)], 1, 3)
    if rng.random() < 0.45:
        if freq in ("MONTHLY", "YEARLY") and not weekno and rng.random() < 0.5:
            top = 5 if freq == "MONTHLY" or "BYMONTH" in by else 53
            ords = {rng.choice([1, 2, 3, 4, -1, -2, rng.randint(1, top), -rng.randint(1, top)]) for _ in range(rng.randint(1, 2))}
            by["BYDAY"] = sorted(f"{o}{rng.choice(DAYS)}" for o in ords)
        else:
            chosen = set(sample(rng, DAYS, 1, 5))
            by["BYDAY"] = [d for d in DAYS if d in chosen]
    if kind != "date":
        if freq != "HOURLY" and rng.random() < 0.25 or freq in ("MINUTELY", "SECONDLY") and rng.random() < 0.6:
            by["BYHOUR"] = sample(rng, [0, 1, 2, 3, 9, 12, 17, 23], 1, 3)
        if rng.random() < 0.2 or freq == "SECONDLY" and rng.random() < 0.7:
            by["BYMINUTE"] = sample(rng, [0, 15, 30, 45, 59], 1, 2)
        if rng.random() < 0.1:
            by["BYSECOND"] = sample(rng, [0, 30, 59], 1, 2)
    # BYSETPOS on MINUTELY/SECONDLY selects from one-second periods; dateutil would crawl through every second.
    # And only where a period can hold more than one instance: a DAILY period without BYHOUR…, or an
    # HOURLY one without BYMINUTE…, holds one, so BYSETPOS=2 never matches, and dateutil, which checks
    # UNTIL only when it yields, would walk to year 9999 (the engine's unit tests pin those rules).
    sub_daily = any(k in by and len(by[k]) > 1 for k in ("BYHOUR", "BYMINUTE", "BYSECOND"))
    sub_hourly = any(k in by and len(by[k]) > 1 for k in ("BYMINUTE", "BYSECOND"))
    several = freq in ("YEARLY", "MONTHLY", "WEEKLY") or (freq == "DAILY" and sub_daily) or (freq == "HOURLY" and sub_hourly)
    if by and several and freq not in ("MINUTELY", "SECONDLY") and rng.random() < 0.25:
        by["BYSETPOS"] = sample(rng, [1, 2, 3, -1, -2, 10], 1, 2)
    for name in ["BYMONTH", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "BYSETPOS"]:
        if name in by:
            parts.append(f"{name}=" + ",".join(str(v) for v in by[name]))
    wkst = rng.choice(DAYS) if rng.random() < 0.3 else None
    if freq == "WEEKLY" and "BYSETPOS" in by:
        wkst = DAYS[start.weekday()]  # see the module comment: dateutil's first week starts at DTSTART
    if wkst:
        parts.append(f"WKST={wkst}")
    end = rng.random()
    if end < 0.4:
        parts.append(f"COUNT={rng.randint(1, 40)}")
    elif end < 0.7:
        span = {"YEARLY": 3000, "MONTHLY": 900, "WEEKLY": 200, "DAILY": 60}.get(freq, 2)
        until = start + timedelta(days=rng.uniform(0, span), seconds=rng.randint(0, 86399))
        if kind == "date":
            parts.append("UNTIL=" + until.strftime("%Y%m%d"))
        elif kind == "floating":
            parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
        else:
            zone = ZoneInfo(tz) if kind == "zoned" else timezone.utc
            parts.append("UNTIL=" + until.replace(tzinfo=zone).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ"))
    rng.shuffle(parts)
    case = {
        "id": ident, "rule": ";".join(parts), "kind": kind, "tz": tz, "viewer": viewer, "limit": rng.choice([10, 25, 60]),
        "start": start.strftime("%Y%m%d") if kind == "date" else start.strftime("%Y%m%dT%H%M%S"),
    }
    if rng.random() < 0.25:  # a window query some years after DTSTART: exercises the jump-ahead
        # dateutil walks every second (minute, hour) up to the window, so sub-daily rules get nearer windows.
        reach = {"SECONDLY": 1, "MINUTELY": 3, "HOURLY": 60}.get(freq, 3 * 365)
        lo = start + timedelta(days=rng.uniform(0, reach))
        hi = lo + timedelta(days=rng.choice([1, 7, 40, 400]))
        zone = ZoneInfo(viewer if kind in ("floating", "date") else tz)
        case["from"] = float(int(lo.replace(tzinfo=zone).timestamp()))
        case["to"] = float(int(hi.replace(tzinfo=zone).timestamp()))
    return case


def zone_of(case):
    if case["kind"] == "zoned":
        return ZoneInfo(case["tz"])
    return timezone.utc if case["kind"] == "utc" else None


def reference(case):
    """dateutil's instances, adjusted to RFC 5545's DTSTART rule, as [wall, instant] pairs."""
    zone = zone_of(case)
    viewer = ZoneInfo(case["viewer"])
    fmt = "%Y%m%d" if case["kind"] == "date" else "%Y%m%dT%H%M%S"
    start = datetime.strptime(case["start"], fmt).replace(tzinfo=zone)
    try:
        rule = rrulestr(case["rule"], dtstart=start)
    except ValueError as error:
        # dateutil refuses rules whose BYHOUR/BYMINUTE/BYSECOND the INTERVAL can never reach;
        # for RFC 5545 such a rule adds nothing, and the set is DTSTART alone.
        if "empty set" not in str(error):
            raise
        rule = _Never()
    # A horizon (an extra UNTIL) keeps dateutil from walking to year 9999 on rules that never match;
    # both sides are compared up to it.
    freq = next(p[5:] for p in case["rule"].split(";") if p.startswith("FREQ="))
    years = {"YEARLY": 30, "MONTHLY": 30, "WEEKLY": 5, "DAILY": 5, "HOURLY": 5}.get(freq, 1)
    if "BYSETPOS=" in case["rule"] or freq in ("MINUTELY", "SECONDLY"):
        # dateutil's BYSETPOS and sub-hourly rules cost it seconds per simulated year when they rarely
        # match; a shorter horizon keeps every case under a second and still spans DST changes.
        years = {"YEARLY": 30, "MONTHLY": 10, "WEEKLY": 2, "DAILY": 1, "HOURLY": 0.1}.get(freq, 0.05)
    horizon = start.replace(tzinfo=None) + timedelta(days=365 * years)
    if not isinstance(rule, _Never) and (rule._until is None or rule._until.replace(tzinfo=None) > horizon):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # COUNT with UNTIL is deprecated in dateutil, and fine here
            rule = rule.replace(until=horizon.replace(tzinfo=zone))
    first = next(iter(rule), None)
    if first is not None and first.replace(tzinfo=None) > horizon:
        first = None
    if first is None or first.replace(tzinfo=None) != start.replace(tzinfo=None):
        count = rule._count
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            rest = [] if count == 1 else (rule.replace(count=count - 1) if count else rule)
        stream = _chain([start], rest)
    else:
        stream = iter(rule)

    def row(x):
        aware = x if x.tzinfo else x.replace(tzinfo=viewer)
        return [x.strftime(WALL), int(aware.timestamp())]

    out = []
    if "from" in case:
        hi_local = datetime.fromtimestamp(case["to"], zone or viewer).replace(tzinfo=None) + timedelta(days=2)
        for x in stream:
            naive = x.replace(tzinfo=None)
            if naive > hi_local or naive > horizon:
                break
            r = row(x)
            if case["from"] <= r[1] < case["to"]:
                out.append(r)
        out.sort(key=lambda r: (r[1], r[0]))
        return out[: case["limit"]], horizon
    for x in islice(stream, case["limit"]):
        if x.replace(tzinfo=None) > horizon:
            break
        out.append(row(x))
    return out, horizon


DATEUTIL_SECONDS = 1.0


class _TooSlow(Exception):
    pass


def _too_slow(*_):
    raise _TooSlow()


def bounded_reference(case):
    """`reference(case)`, or None when dateutil needs more than DATEUTIL_SECONDS (it walks period by
    period and checks UNTIL only when it yields, so a rule that rarely matches can take minutes);
    such cases are reported as skipped (≈ 4 % of them), and more than 10 % fail the run."""
    import signal

    signal.signal(signal.SIGALRM, _too_slow)
    signal.setitimer(signal.ITIMER_REAL, DATEUTIL_SECONDS)
    try:
        return reference(case)
    except _TooSlow:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


class _Never(list):
    _count = None


def _chain(head, rest):
    yield from head
    yield from rest


def run_swift(binary, cases):
    text = "".join(json.dumps(c) + "\n" for c in cases)
    done = subprocess.run([binary], input=text, capture_output=True, text=True, check=True)
    results = {}
    for line in done.stdout.splitlines():
        obj = json.loads(line)
        results[obj["id"]] = obj
    return results


def check(args):
    rng = random.Random(args.seed)
    cases = [make_case(rng, i) for i in range(args.cases)]
    swift = run_swift(args.binary, cases)
    # dateutil is the slow side (pure Python): spread its cases over every core.
    import multiprocessing
    with multiprocessing.Pool() as pool:
        references = pool.map(bounded_reference, cases, chunksize=8)
    passed = failed = skipped = 0
    for case, result in zip(cases, references):
        if result is None:
            skipped += 1
            continue
        expected, horizon = result
        got = swift.get(case["id"], {})
        if "error" in got:
            actual = "error: " + got["error"]
        else:
            limit = horizon.strftime(WALL)
            actual = [r for r in got.get("occurrences", []) if r[0] <= limit]
        if actual == expected:
            passed += 1
            continue
        failed += 1
        if failed <= args.show:
            print(f"MISMATCH {json.dumps(case)}")
            if isinstance(actual, str):
                print(f"  swift: {actual}")
            else:
                for i, (e, a) in enumerate(zip(expected + [None] * len(actual), actual + [None] * len(expected))):
                    if e != a:
                        print(f"  first difference at #{i}: dateutil {e}  swift {a}")
                        break
                print(f"  dateutil {len(expected)} instances, swift {len(actual)}")
    print(f"rrule-oracle: {passed} passed, {failed} failed, {skipped} skipped (dateutil over {DATEUTIL_SECONDS:g} s)")
    if skipped > len(cases) // 10:
        print("rrule-oracle: more than 10 % of the cases were too slow for dateutil; the comparison is too thin")
        return 1
    return 1 if failed else 0


BENCH = [
    ("daily", "FREQ=DAILY"),
    ("weekly BYDAY", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
    ("monthly BYDAY ordinal", "FREQ=MONTHLY;BYDAY=2TU,-1FR"),
    ("monthly BYMONTHDAY", "FREQ=MONTHLY;BYMONTHDAY=1,15,-1"),
    ("yearly BYWEEKNO", "FREQ=YEARLY;BYWEEKNO=1,20,40;BYDAY=MO,TH"),
    ("BYSETPOS", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
]


def bench(args):
    n, repeats = 1000, args.repeats
    start = datetime(2020, 1, 6, 9, 30, tzinfo=ZoneInfo("America/Denver"))
    cases = [{"id": i, "rule": r, "start": "20200106T093000", "kind": "zoned", "tz": "America/Denver", "viewer": "UTC",
              "limit": n, "bench": repeats} for i, (_, r) in enumerate(BENCH)]
    swift = run_swift(args.binary, cases)
    print(f"{'rule class':24} {'dateutil occ/s':>15} {'CampusCal occ/s':>16} {'speed-up':>9}")
    worst = float("inf")
    for i, (name, text) in enumerate(BENCH):
        rule = rrulestr(text, dtstart=start)
        t0 = time.perf_counter()
        count = 0
        for _ in range(max(1, repeats // 10)):
            for x in islice(rule, n):
                x.timestamp()  # the instant, as the Swift side computes it too
                count += 1
        py = count / (time.perf_counter() - t0)
        sw = swift[i]["count"] / swift[i]["seconds"]
        worst = min(worst, sw / py)
        print(f"{name:24} {py:15,.0f} {sw:16,.0f} {sw / py:8.1f}x")
    print(f"slowest class: {worst:.1f}x dateutil")
    return 0


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cases", type=int, default=3000)
    p.add_argument("--seed", type=int, default=5545)
    p.add_argument("--show", type=int, default=10, help="mismatches to print")
    p.add_argument("--binary", default=os.path.join(root, ".build", "debug", "recurrence-oracle"))
    p.add_argument("--bench", action="store_true", help="occurrences per second, CampusCal vs dateutil")
    p.add_argument("--repeats", type=int, default=50)
    args = p.parse_args()
    sys.exit(bench(args) if args.bench else check(args))


if __name__ == "__main__":
    main()
