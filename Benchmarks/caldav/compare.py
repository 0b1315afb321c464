"""CampusCal, Radicale and Xandikos side by side over CalDAV (issue #29): Benchmarks/caldav/compare.sh runs it.

    compare.py --server NAME HOME_URL USER PASSWORD [--server …] [--collection NAME KEY URL …]
               [--repeats N] [--markdown FILE]

HOME_URL is a calendar home (the parent of calendar collections): the benchmark makes its two
collections (`items`, `events`) there with MKCALENDAR, or uses the empty ones --collection names
for a server without MKCALENDAR, then times the five workloads of the issue on every server:

    puts       1,000 sequential PUTs of new events (If-None-Match: *), one connection
    propfind   PROPFIND depth 1 of that 1,000-item collection (getetag, getcontenttype)
    multiget   calendar-multiget of 500 of its items (getetag, calendar-data)
    expand     calendar-query over November 2026 with <C:expand> on a 2,000-event collection
               (1,800 single events, 200 weekly series)
    sync       sync-collection from a token taken before 100 changes (60 changed, 20 new, 20 deleted)

One timing client for every server: http.client, one keep-alive connection per server, each request
timed from sending to the last byte of the body read (nothing parsed inside the timing). The timed
requests are interleaved (one server, then the next, for each repetition and each block of 50 PUTs), so a noisy
machine slows them alike; medians and the spread (p10–p90) of the repetitions are reported, never the best run.
Every answer is checked: PUT statuses, 1,000 and 500 responses, the expanded occurrences against
`recurring_ical_events` over the same events, the 100 changes in the sync report. A server that
does not answer sync-collection at all (no 207 to the first one) is shown as unsupported there.
"""

import argparse
import base64
import datetime as dt
import http.client
import random
import statistics
import sys
import time
import urllib.parse
import xml.etree.ElementTree as ET

import icalendar
import recurring_ical_events

SEED = 20261127
DAV = "DAV:"
CALDAV = "urn:ietf:params:xml:ns:caldav"
NS = {"d": DAV, "c": CALDAV}
PUT_BLOCK = 50  # sequential PUTs to one server before the next server's (see main)
WINDOW = (dt.datetime(2026, 11, 1, tzinfo=dt.timezone.utc), dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc))


def stamp(value):
    return value.strftime("%Y%m%dT%H%M%SZ")


def event_text(uid, start, minutes, title, rule=None, description=None):
    """One VCALENDAR with one VEVENT, the way phone clients PUT them (CRLF, UTC times)."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//CampusCal//caldav-bench//EN",
        "BEGIN:VEVENT",
        f"UID:{uid}",
        "DTSTAMP:20261101T000000Z",
        f"DTSTART:{stamp(start)}",
        f"DTEND:{stamp(start + dt.timedelta(minutes=minutes))}",
        f"SUMMARY:{title}",
    ]
    if description:
        lines.append(f"DESCRIPTION:{description}")
    if rule:
        lines.append(f"RRULE:{rule}")
    lines += ["END:VEVENT", "END:VCALENDAR", ""]
    return "\r\n".join(lines)


def generate(count, series, seed):
    """`count` events (uid → text), `series` of them weekly, spread over the Fall 2026 semester."""
    rng = random.Random(seed)
    semester = dt.datetime(2026, 8, 24, tzinfo=dt.timezone.utc)
    events = {}
    for index in range(count):
        day = semester + dt.timedelta(days=rng.randrange(0, 110))
        start = day.replace(hour=rng.choice([14, 15, 16, 17, 18, 19, 20, 21]), minute=rng.choice([0, 15, 30, 45]))
        rule = f"FREQ=WEEKLY;COUNT={rng.randrange(8, 16)}" if index < series else None
        title = rng.choice(["Lecture", "Lab", "Study group", "Office hours", "Quiz review", "Club meeting"]) + f" {index}"
        description = "Room " + str(rng.randrange(100, 400)) if index % 3 == 0 else None
        # Named after the UID, as iOS, DAVx5 and python-caldav name what they create (CampusCal
        # requires it: resources are events, found by UID).
        events[f"bench-{seed}-{index}"] = event_text(
            f"bench-{seed}-{index}", start, rng.choice([50, 75, 110]), title, rule, description
        )
    return events


def expected_occurrences(events):
    """How many occurrences of `events` touch WINDOW, by the independent oracle."""
    calendar = icalendar.Calendar()
    for text in events.values():
        for component in icalendar.Calendar.from_ical(text).walk("VEVENT"):
            calendar.add_component(component)
    return len(recurring_ical_events.of(calendar).between(*WINDOW))


class Server:
    """One CalDAV server: a keep-alive connection, Basic credentials, and its two collections."""

    def __init__(self, name, home, user, password):
        self.name = name
        self.home = home if home.endswith("/") else home + "/"
        parsed = urllib.parse.urlsplit(self.home)
        self.host, self.port = parsed.hostname, parsed.port or 80
        self.auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        self.connection = None
        self.collections = {}

    def request(self, method, url, body=None, headers=None):
        """(status, headers, body bytes, seconds): timed from sending to the body's last byte."""
        path = urllib.parse.urlsplit(url).path if url.startswith("http") else url
        all_headers = {"Authorization": self.auth, "Content-Length": str(len(body or b""))}
        all_headers.update(headers or {})
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=300)
            try:
                started = time.perf_counter()
                self.connection.request(method, path, body=body, headers=all_headers)
                response = self.connection.getresponse()
                data = response.read()
                seconds = time.perf_counter() - started
                if response.getheader("Connection", "").lower() == "close":
                    self.connection.close()
                    self.connection = None
                return response.status, response, data, seconds
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                self.connection = None
                if attempt:
                    raise
        raise RuntimeError("unreachable")

    def make_collection(self, key, run, given=None):
        if given:
            self.collections[key] = urllib.parse.urlsplit(given).path
            return self.collections[key]
        url = urllib.parse.urlsplit(self.home).path + f"bench-{run}-{key}/"
        body = (
            '<?xml version="1.0" encoding="utf-8"?>'
            '<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>'
            f"<d:displayname>Benchmark {key}</d:displayname>"
            "<c:supported-calendar-component-set><c:comp name=\"VEVENT\"/></c:supported-calendar-component-set>"
            "</d:prop></d:set></c:mkcalendar>"
        ).encode()
        status, _, data, _ = self.request("MKCALENDAR", url, body, {"Content-Type": "application/xml; charset=utf-8"})
        if status != 201:
            sys.exit(f"compare.py: {self.name} answered MKCALENDAR {url} with {status}: {data[:300]!r}")
        self.collections[key] = url
        return url


def check(condition, message):
    if not condition:
        sys.exit("compare.py: " + message)


def multistatus(data):
    return ET.fromstring(data).findall("d:response", NS)


def put_all(server, collection, events, timings=None):
    """PUTs every event as its own resource; records each PUT's time in `timings`."""
    hrefs = {}
    for uid, text in events.items():
        href = collection + urllib.parse.quote(uid) + ".ics"
        status, _, data, seconds = server.request(
            "PUT", href, text.encode(), {"Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"}
        )
        check(status in (201, 204), f"{server.name}: PUT {href} answered {status}: {data[:300]!r}")
        if timings is not None:
            timings.append(seconds)
        hrefs[uid] = href
    return hrefs


PROPFIND = (
    b'<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop>'
    b"<d:getetag/><d:getcontenttype/><d:resourcetype/></d:prop></d:propfind>"
)


def multiget_body(hrefs):
    inner = "".join(f"<d:href>{href}</d:href>" for href in hrefs)
    return (
        '<?xml version="1.0" encoding="utf-8"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
        f"<d:prop><d:getetag/><c:calendar-data/></d:prop>{inner}</c:calendar-multiget>"
    ).encode()


EXPAND = (
    '<?xml version="1.0" encoding="utf-8"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
    "<d:prop><d:getetag/><c:calendar-data>"
    f'<c:expand start="{stamp(WINDOW[0])}" end="{stamp(WINDOW[1])}"/>'
    "</c:calendar-data></d:prop>"
    '<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">'
    f'<c:time-range start="{stamp(WINDOW[0])}" end="{stamp(WINDOW[1])}"/>'
    "</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>"
).encode()


def sync_body(token):
    return (
        '<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:">'
        f"<d:sync-token>{token}</d:sync-token><d:sync-level>1</d:sync-level>"
        "<d:prop><d:getetag/></d:prop></d:sync-collection>"
    ).encode()


def occurrences_in(data):
    count = 0
    for response in multistatus(data):
        for calendar_data in response.iter(f"{{{CALDAV}}}calendar-data"):
            count += (calendar_data.text or "").count("BEGIN:VEVENT")
    return count


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", nargs=4, action="append", metavar=("NAME", "HOME_URL", "USER", "PASSWORD"), required=True)
    parser.add_argument("--collection", nargs=3, action="append", default=[], metavar=("NAME", "KEY", "URL"))
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--markdown")
    arguments = parser.parse_args()
    servers = [Server(*values) for values in arguments.server]
    given = {(name, key): url for name, key, url in arguments.collection}
    run = dt.datetime.now().strftime("%H%M%S")
    small = generate(1000, 0, SEED)
    large = generate(2000, 200, SEED + 1)
    expected = expected_occurrences(large)
    print(f"compare.py: {len(small)} + {len(large)} events; {expected} occurrences in November 2026 (recurring_ical_events)", flush=True)

    timings = {server.name: {key: [] for key in ("puts", "lone", "propfind", "multiget", "expand", "sync")} for server in servers}
    state = {}
    # The 1,000 timed PUTs interleaved in blocks: 50 PUTs to one server, then 50 to the next, and
    # round again, so a noisy stretch of the machine slows every server's PUTs alike (run one
    # server's 1,000 after another's, the ratio was as much the machine's minute as the servers').
    # Blocks, not single PUTs: the workload is a client's sequential PUTs, and a server that meets
    # every PUT after the other servers' 80 ms is measuring a woken, cache-cold machine instead.
    # That PUT is real too (a phone's lone PUT), so the first PUT of each block is reported apart.
    collections = {server.name: server.make_collection("items", run, given.get((server.name, "items"))) for server in servers}
    hrefs = {server.name: {} for server in servers}
    put_totals = {server.name: 0.0 for server in servers}
    uids = list(small)
    for block in range(0, len(uids), PUT_BLOCK):
        for server in servers:
            for position, uid in enumerate(uids[block : block + PUT_BLOCK]):
                series = timings[server.name]["puts"]
                href = put_all(server, collections[server.name], {uid: small[uid]}, series)[uid]
                hrefs[server.name][uid] = href
                put_totals[server.name] += series[-1]
                if position == 0:
                    timings[server.name]["lone"].append(series[-1])
    for server in servers:
        events = server.make_collection("events", run, given.get((server.name, "events")))
        put_all(server, events, large)
        state[server.name] = (collections[server.name], events, list(hrefs[server.name].values()))
        print(f"compare.py: {server.name}: 1,000 PUTs in {put_totals[server.name]:.1f} s; 2,000 more stored", flush=True)

    # The sync token before the 100 changes, then the changes.
    tokens = {}
    for server in servers:
        items, _, hrefs = state[server.name]
        status, _, data, _ = server.request("REPORT", items, sync_body(""), {"Content-Type": "application/xml", "Depth": "0"})
        if status == 207:
            token = ET.fromstring(data).findtext("d:sync-token", namespaces=NS)
            check(token, f"{server.name}: initial sync-collection gave no sync-token")
            tokens[server.name] = token
        else:
            print(f"compare.py: {server.name} does not answer sync-collection ({status}); shown as unsupported", flush=True)
        rng = random.Random(SEED)
        changed = rng.sample(hrefs, 80)
        for href in changed[:60]:
            uid = urllib.parse.unquote(href.rsplit("/", 1)[1][:-4])
            text = small[uid].replace("SUMMARY:", "SUMMARY:Moved ")
            status, _, data, _ = server.request("PUT", href, text.encode(), {"Content-Type": "text/calendar; charset=utf-8"})
            check(status in (201, 204), f"{server.name}: changing PUT answered {status}: {data[:200]!r}")
        for href in changed[60:]:
            status, _, data, _ = server.request("DELETE", href)
            check(status in (200, 204), f"{server.name}: DELETE answered {status}: {data[:200]!r}")
        put_all(server, items, generate(20, 0, SEED + 2))

    for repeat in range(arguments.repeats + 1):
        for server in servers:
            items, events, hrefs = state[server.name]
            record = repeat > 0  # the first round warms caches and connections
            status, _, data, seconds = server.request("PROPFIND", items, PROPFIND, {"Depth": "1", "Content-Type": "application/xml"})
            check(status == 207 and len(multistatus(data)) == 1001, f"{server.name}: PROPFIND gave {status}, {len(multistatus(data))} responses")
            if record:
                timings[server.name]["propfind"].append(seconds)
            body = multiget_body(hrefs[80:580])
            status, _, data, seconds = server.request("REPORT", items, body, {"Depth": "1", "Content-Type": "application/xml"})
            check(status == 207 and len(multistatus(data)) == 500, f"{server.name}: multiget gave {status}, {len(multistatus(data))} responses")
            if record:
                timings[server.name]["multiget"].append(seconds)
            status, _, data, seconds = server.request("REPORT", events, EXPAND, {"Depth": "1", "Content-Type": "application/xml"})
            found = occurrences_in(data) if status == 207 else -1
            check(found == expected, f"{server.name}: expanded REPORT gave {status} with {found} occurrences, expected {expected}")
            if record:
                timings[server.name]["expand"].append(seconds)
            if server.name not in tokens:
                continue
            body = sync_body(tokens[server.name])
            status, _, data, seconds = server.request("REPORT", items, body, {"Content-Type": "application/xml", "Depth": "0"})
            changes = len(multistatus(data)) if status == 207 else -1
            check(changes == 100, f"{server.name}: sync-collection gave {status} with {changes} changes, expected 100")
            if record:
                timings[server.name]["sync"].append(seconds)

    rows = [
        ("1,000 sequential PUTs (per PUT)", "puts"),
        (f"the first PUT of each block of {PUT_BLOCK}, after the other servers' (per PUT)", "lone"),
        ("PROPFIND depth 1, 1,000 items", "propfind"),
        ("calendar-multiget of 500", "multiget"),
        ("expanded time-range REPORT, 2,000 events", "expand"),
        ("sync-collection after 100 changes", "sync"),
    ]
    names = [server.name for server in servers]
    first = names[0]
    header = "| workload | " + " | ".join(f"{name} median ms (p10–p90)" for name in names)
    header += "".join(f" | {name} / {first}" for name in names[1:]) + " |"
    lines = [header, "|" + "---|" * (1 + len(names) + len(names) - 1)]
    for label, key in rows:
        medians = {name: statistics.median(timings[name][key]) * 1000 for name in names if timings[name][key]}
        cells = [
            f"{medians[name]:.2f} ({percentile(timings[name][key], 0.1) * 1000:.2f}–{percentile(timings[name][key], 0.9) * 1000:.2f})"
            if name in medians
            else "unsupported"
            for name in names
        ]
        ratios = [
            f"{medians[name] / medians[first]:.1f}×" if name in medians and first in medians else "—" for name in names[1:]
        ]
        lines.append(f"| {label} | " + " | ".join(cells) + "".join(f" | {ratio}" for ratio in ratios) + " |")
    lines.append("")
    lines.append("1,000 PUTs, whole: " + ", ".join(f"{name} {put_totals[name]:.1f} s" for name in names))
    table = "\n".join(lines)
    print(table)
    if arguments.markdown:
        with open(arguments.markdown, "w") as file:
            file.write(table + "\n")


if __name__ == "__main__":
    main()
