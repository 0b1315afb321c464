#!/usr/bin/env python3
"""CalDAV scenario: python-caldav against the real server binary (issue #29).

Starts `campuscal serve` on a fresh database (the contract test's `Server`), makes two students,
and as a phone would: finds the calendars from the bare host (RFC 6764), PUTs a weekly series with
an EXDATE and a moved occurrence, finds it by time range, reads through REST what DAV wrote and
through DAV what REST changed, deletes it, syncs (sync-collection) the DAV delete and a REST add
since a token, and checks that a read share refuses writes and that invalid iCalendar is refused
with a DAV precondition and stores nothing; puts a VTODO in the task calendar and sees it,
its priority and its completion through REST, and REST's changes through DAV; a calendar shared at
the free-busy level answers busy time (private events included) and refuses everything else without
naming an event; and an ATTENDEE is invited and answers through DAV, the organiser reading the
answer through REST. Prints
`caldav scenario: N passed, M failed` last; exits non-zero on any failure.

    CAMPUSCAL_BIN=.build/debug/campuscal .venv/bin/python Tests/CalDAV/caldav_scenario.py
"""

from __future__ import annotations

import base64
import datetime
import os
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import caldav
import icalendar
import recurring_ical_events
from caldav.lib import error as caldav_error

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Contract"))
from run_contract_tests import Server, Tally, http, login  # noqa: E402  (the same server harness)

PASSWORD = "Scenario-Passw0rd!"
UTC = datetime.timezone.utc

SERIES = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//campuscal//caldav scenario//EN
BEGIN:VEVENT
UID:cs235-lecture@scenario
DTSTAMP:20261101T000000Z
DTSTART;TZID=America/Denver:20261201T090000
DTEND;TZID=America/Denver:20261201T095000
RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=8
EXDATE;TZID=America/Denver:20261203T090000
SUMMARY:CS 235 lecture
LOCATION:TMCB 1170
END:VEVENT
BEGIN:VEVENT
UID:cs235-lecture@scenario
DTSTAMP:20261101T000000Z
RECURRENCE-ID;TZID=America/Denver:20261208T090000
DTSTART;TZID=America/Denver:20261208T130000
DTEND;TZID=America/Denver:20261208T135000
SUMMARY:CS 235 lecture (moved)
END:VEVENT
END:VCALENDAR
"""


def app_password(server: Server, token: str, name: str) -> str:
    status, _, body = http("POST", server.base + "/api/v1/me/app-passwords", {"name": name}, token=token)
    if status != 201:
        raise RuntimeError(f"making an app password answered {status}: {body}")
    return body["password"]


def raw_put(url: str, body: str, username: str, password: str) -> tuple[int, str]:
    """A PUT whose refusal we read ourselves (python-caldav raises on a 403 without its body)."""
    credentials = base64.b64encode(f"{username}:{password}".encode()).decode()
    request = urllib.request.Request(
        url, data=body.encode(), method="PUT", headers={"Content-Type": "text/calendar", "Authorization": f"Basic {credentials}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.read().decode()


def check(tally: Tally, name: str, condition: bool, why: str = "") -> None:
    if condition:
        tally.ok(name)
    else:
        tally.fail(name, why)


def scenario(server: Server, tally: Tally) -> None:
    ada_token = login(server, "ada", PASSWORD)
    status, _, calendar = http("POST", server.base + "/api/v1/calendars", {"name": "Classes"}, token=ada_token)
    calendar_id = calendar["id"]

    # Discovery from the bare host: /.well-known/caldav redirects to the DAV root.
    request = urllib.request.Request(server.base + "/.well-known/caldav", method="GET")
    opener = urllib.request.build_opener(type("NoRedirect", (urllib.request.HTTPRedirectHandler,), {"redirect_request": lambda *a: None}))
    try:
        opener.open(request)
        check(tally, "well-known redirects", False, "no redirect")
    except urllib.error.HTTPError as answer:
        check(tally, "well-known redirects", answer.code == 301 and answer.headers.get("Location") == "/dav/", f"{answer.code}")

    secret = app_password(server, ada_token, "scenario phone")
    client = caldav.DAVClient(url=server.base + "/dav/", username="ada", password=secret)
    principal = client.principal()
    calendars = {c.get_display_name(): c for c in principal.calendars()}
    check(tally, "the principal's home lists the REST calendar", "Classes" in calendars, f"{list(calendars)}")
    classes = calendars["Classes"]

    event = classes.add_event(SERIES)
    check(tally, "a series with an EXDATE and an override is stored", event.url is not None)

    # REST shows what DAV wrote: 8 occurrences less the EXDATE, one moved to the afternoon.
    status, _, listed = http(
        "GET", server.base + f"/api/v1/calendars/{calendar_id}/events?from=2026-12-01&to=2027-01-01&tz=America/Denver", token=ada_token)
    items = listed.get("items", []) if isinstance(listed, dict) else []
    titles = sorted(item["title"] for item in items)
    check(tally, "REST lists the DAV series' occurrences", len(items) == 7, f"{len(items)} occurrences: {titles}")
    check(tally, "the moved occurrence is the override's", "CS 235 lecture (moved)" in titles, f"{titles}")

    found = classes.search(start=datetime.datetime(2026, 12, 14, tzinfo=UTC), end=datetime.datetime(2026, 12, 19, tzinfo=UTC), event=True)
    check(tally, "a time-range search finds the series by a later occurrence", len(found) == 1, f"{len(found)} found")
    empty = classes.search(start=datetime.datetime(2027, 2, 1, tzinfo=UTC), end=datetime.datetime(2027, 3, 1, tzinfo=UTC), event=True)
    check(tally, "a time-range search past the series finds nothing", len(empty) == 0, f"{len(empty)} found")

    # Expanded by the server: Tue 8 (moved to 13:00) and Thu 10 December, as REST lists them.
    expanded = classes.search(
        start=datetime.datetime(2026, 12, 7, tzinfo=UTC), end=datetime.datetime(2026, 12, 14, tzinfo=UTC), event=True, expand=True,
        server_expand=True)
    starts = sorted(str(item.icalendar_component.get("DTSTART").dt) for item in expanded)
    check(tally, "the server expands a series in a range", starts == ["2026-12-08 20:00:00+00:00", "2026-12-10 16:00:00+00:00"], f"{starts}")
    # The whole series expanded by the server, against recurring-ical-events (the independent oracle)
    # expanding the same iCalendar text: the same instants and the same titles.
    whole = (datetime.datetime(2026, 11, 30, tzinfo=UTC), datetime.datetime(2027, 1, 4, tzinfo=UTC))
    served = classes.search(start=whole[0], end=whole[1], event=True, expand=True, server_expand=True)
    ours = sorted((item.icalendar_component.get("DTSTART").dt.astimezone(UTC), str(item.icalendar_component.get("SUMMARY")))
                  for item in served)
    oracle = sorted((occurrence.get("DTSTART").dt.astimezone(UTC), str(occurrence.get("SUMMARY")))
                    for occurrence in recurring_ical_events.of(icalendar.Calendar.from_ical(SERIES)).between(*whole))
    check(tally, "the server's expansion equals recurring-ical-events'", ours == oracle and len(ours) == 7, f"{ours} != {oracle}")

    # A REST change is a DAV change.
    event_id = items[0]["eventId"]
    status, _, _ = http("PATCH", server.base + f"/api/v1/events/{event_id}", {"title": "CS 235 (room change)"}, token=ada_token)
    reloaded = classes.event_by_url(event.url)
    check(tally, "DAV reads the REST change", "SUMMARY:CS 235 (room change)" in reloaded.data, reloaded.data[:300])

    # sync-collection (RFC 6578): a token now; the REST add and the DAV delete below are what it reports next.
    synced = classes.objects_by_sync_token(load_objects=False)
    check(tally, "an initial sync-collection lists the series", len(list(synced)) == 1, f"{len(list(synced))} objects")

    # Invalid iCalendar: a DAV precondition, nothing stored.
    status, body = raw_put(str(classes.url) + "broken.ics", "BEGIN:VCALENDAR\r\nEND:NOTHING\r\n", "ada", secret)
    check(tally, "invalid iCalendar is refused with valid-calendar-data", status == 403 and "valid-calendar-data" in body, f"{status} {body[:200]}")
    check(tally, "and nothing is stored", len(classes.events()) == 1, f"{len(classes.events())} resources")

    # A calendar made on the phone (MKCALENDAR), renamed there (PROPPATCH), seen and deleted through REST.
    made = principal.make_calendar(name="Study plan", cal_id="study-plan")
    check(tally, "MKCALENDAR makes a calendar at the address asked for", str(made.url).endswith("/dav/calendars/ada/study-plan/"), str(made.url))
    made.set_properties([caldav.elements.dav.DisplayName("Study plan (spring)")])
    _, _, listing = http("GET", server.base + "/api/v1/calendars", token=ada_token)
    names = {item["name"]: item["id"] for item in listing["items"]}
    check(tally, "REST sees the calendar the phone made and renamed", "Study plan (spring)" in names, f"{list(names)}")
    made.add_event(SERIES.replace("UID:", "UID:study-"))
    if "Study plan (spring)" in names:
        http("DELETE", server.base + f"/api/v1/calendars/{names['Study plan (spring)']}", token=ada_token)
    check(tally, "a calendar deleted through REST is gone from the phone", "Study plan (spring)" not in [c.get_display_name() for c in principal.calendars()])

    # A read share reads but refuses writes with 403.
    status, _, _ = http(
        "POST", server.base + "/api/v1/calendar-shares", {"calendarIds": [calendar_id], "usernames": ["ben"], "level": "read"}, token=ada_token)
    ben_token = login(server, "ben", PASSWORD)
    ben = caldav.DAVClient(url=server.base + "/dav/", username="ben", password=app_password(server, ben_token, "ben's laptop"))
    shared = {c.get_display_name(): c for c in ben.principal().calendars()}.get("Classes")
    check(tally, "the share is in the recipient's home", shared is not None)
    if shared is not None:
        check(tally, "the recipient reads the event", len(shared.events()) == 1)
        try:
            shared.add_event(SERIES.replace("cs235-lecture@scenario", "bens@scenario"))
            check(tally, "a read share refuses writes", False, "the write was accepted")
        except caldav_error.DAVError as refusal:
            check(tally, "a read share refuses writes", "403" in str(refusal) or "Forbidden" in str(refusal), str(refusal)[:200])

    reloaded.delete()
    status, _, _ = http("GET", server.base + f"/api/v1/events/{event_id}", token=ada_token)
    check(tally, "a DAV delete is a REST delete", status == 404, f"{status}")
    status, _, _ = http(
        "POST", server.base + f"/api/v1/calendars/{calendar_id}/events", {"title": "Office hours", "start": {"date": "2026-12-15"}},
        token=ada_token)
    updated, deleted = synced.sync()
    check(
        tally, "sync-collection reports the DAV delete and the REST add since its token",
        status == 201 and len(updated) == 1 and len(deleted) == 1, f"{status}: {len(updated)} updated, {len(deleted)} deleted")
    tasks_round_trip(server, tally, ada_token, principal)
    free_busy_share(server, tally, client, ada_token, ben)
    scheduling(server, tally, classes, ada_token, ben)
    outbox_free_busy(server, tally, ben)
    check(tally, "the server logged no errors", not server.server_errors_logged(), "\n".join(server.server_errors_logged()[:5]))


TODO = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//campuscal//caldav scenario//EN
BEGIN:VTODO
UID:reading-4@scenario
DTSTAMP:20261101T000000Z
SUMMARY:Read chapter 4
DUE:20261211T170000Z
PRIORITY:2
END:VTODO
END:VCALENDAR
"""


def rest_task(server: Server, token: str, title: str) -> dict | None:
    _, _, listed = http("GET", server.base + "/api/v1/tasks", token=token)
    items = listed.get("items", []) if isinstance(listed, dict) else []
    return next((item for item in items if item.get("title") == title), None)


def tasks_round_trip(server: Server, tally: Tally, token: str, principal: caldav.Principal) -> None:
    """The task calendar (VTODO): a phone's task is a REST task, completion and priority both ways."""
    tasks = {c.get_display_name(): c for c in principal.calendars()}.get("Tasks")
    check(tally, "the home lists the task calendar", tasks is not None)
    if tasks is None:
        return
    check(tally, "the task calendar holds VTODOs only", tasks.get_supported_components() == ["VTODO"], f"{tasks.get_supported_components()}")
    todo = tasks.add_todo(TODO)
    task = rest_task(server, token, "Read chapter 4")
    check(tally, "a DAV VTODO is a REST task, PRIORITY 2 high", task is not None and task.get("priority") == "high", f"{task}")
    todo.complete()
    task = rest_task(server, token, "Read chapter 4")
    check(tally, "completed on the phone, completed in REST", task is not None and task.get("status") == "completed", f"{task}")
    if task is not None:
        http("PATCH", server.base + f"/api/v1/tasks/{task['id']}", {"priority": "low", "status": "open"}, token=token)
    todo.load()
    check(tally, "REST's low priority and reopening reach DAV", "PRIORITY:9" in todo.data and "STATUS:NEEDS-ACTION" in todo.data, todo.data[:400])
    listed = tasks.todos(include_completed=True)
    check(tally, "the task calendar lists the task", len(listed) == 1, f"{len(listed)} todos")
    todo.delete()
    check(tally, "a DAV delete of a task is a REST delete", rest_task(server, token, "Read chapter 4") is None)


def raw_request(method: str, url: str, username: str, password: str, body: str | None = None) -> tuple[int, str]:
    """Any DAV request, its status and body read whatever the status."""
    credentials = base64.b64encode(f"{username}:{password}".encode()).decode()
    headers = {"Authorization": f"Basic {credentials}", "Depth": "1", "Content-Type": "application/xml"}
    request = urllib.request.Request(url, data=body.encode() if body else None, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.read().decode()


def scheduling(server: Server, tally: Tally, classes: caldav.Calendar, ada_token: str, ben: caldav.DAVClient) -> None:
    """RFC 6638 on invitations: ada's ATTENDEE (ben's principal) is invited; ben accepts by PUTting
    his copy with PARTSTAT=ACCEPTED; ada sees the answer through REST."""
    classes.add_event(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//scenario//EN\r\nBEGIN:VEVENT\r\nUID:review@scenario\r\n"
        "DTSTAMP:20261101T000000Z\r\nDTSTART:20261211T200000Z\r\nDTEND:20261211T210000Z\r\nSUMMARY:Exam review\r\n"
        f"ORGANIZER:{server.base}/dav/principals/ada/\r\nATTENDEE;PARTSTAT=NEEDS-ACTION:{server.base}/dav/principals/ben/\r\n"
        "END:VEVENT\r\nEND:VCALENDAR\r\n")
    status, _, sent = http("GET", server.base + "/api/v1/invitations/sent", token=ada_token)
    items = sent.get("items", []) if isinstance(sent, dict) else []
    invitees = [(row["username"], row["response"]) for item in items for row in item.get("invitees") or []]
    check(tally, "an ATTENDEE who is a CampusCal user is invited as REST invites", invitees == [("ben", "pending")], f"{status} {invitees}")
    if not items:
        return

    inbox = {c.get_display_name(): c for c in ben.principal().calendars()}.get("Invitations")
    check(tally, "the invitee's home has an Invitations calendar", inbox is not None)
    if inbox is None:
        return
    copies = inbox.events()
    check(tally, "the invited event is in it", len(copies) == 1 and "SUMMARY:Exam review" in copies[0].data, f"{len(copies)}")
    if not copies:
        return
    copy = copies[0]
    check(tally, "the invitee's copy asks for an answer", "PARTSTAT=NEEDS-ACTION" in copy.data, copy.data[-400:])
    copy.data = copy.data.replace("PARTSTAT=NEEDS-ACTION", "PARTSTAT=ACCEPTED")
    copy.save()
    status, _, seen = http("GET", server.base + f"/api/v1/invitations/{items[0]['id']}", token=ada_token)
    answers = [(row["username"], row["response"]) for row in (seen.get("invitees") or [])] if isinstance(seen, dict) else []
    check(tally, "an invitation answered through DAV is seen through REST", answers == [("ben", "accepted")], f"{status} {answers}")


def outbox_free_busy(server: Server, tally: Tally, ben: caldav.DAVClient) -> None:
    """RFC 6638 free-busy: ben POSTs a VFREEBUSY REQUEST about ada to his outbox and gets the busy
    time of the calendars she shares with him (her private appointment included), nothing more."""
    outbox = ben.principal().schedule_outbox()
    request = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//scenario//EN\r\nMETHOD:REQUEST\r\nBEGIN:VFREEBUSY\r\nUID:fb@scenario\r\n"
        "DTSTAMP:20261101T000000Z\r\nDTSTART:20261209T000000Z\r\nDTEND:20261210T000000Z\r\n"
        f"ORGANIZER:{server.base}/dav/principals/ben/\r\nATTENDEE:{server.base}/dav/principals/ada/\r\n"
        "ATTENDEE:mailto:nobody@nowhere.example\r\nEND:VFREEBUSY\r\nEND:VCALENDAR\r\n")
    credentials = base64.b64encode(f"{ben.username}:{ben.password}".encode()).decode()
    posted = urllib.request.Request(
        str(outbox.url), data=request.encode(), method="POST",
        headers={"Content-Type": "text/calendar", "Authorization": f"Basic {credentials}"})
    try:
        with urllib.request.urlopen(posted, timeout=10) as answer:
            status, body = answer.status, answer.read().decode()
    except urllib.error.HTTPError as answer:
        status, body = answer.code, answer.read().decode()
    check(tally, "the outbox answers a VFREEBUSY request with the attendee's shared busy time",
          status == 200 and "2.0;Success" in body and "FREEBUSY;FBTYPE=BUSY:20261209T170000Z/20261209T190000Z" in body, f"{status} {body[:400]}")
    check(tally, "and an unknown address gets no authority, naming no event",
          "3.8;No authority" in body and not any(word in body for word in ["Therapy", "Gym"]), body[:400])


def free_busy_share(server: Server, tally: Tally, ada: caldav.DAVClient, ada_token: str, ben: caldav.DAVClient) -> None:
    """A calendar shared at the free-busy level: in the recipient's home, answering busy time
    (a private appointment included) and nothing else about its events."""
    status, _, made = http("POST", server.base + "/api/v1/calendars", {"name": "Private life"}, token=ada_token)
    private_life = {c.get_display_name(): c for c in ada.principal().calendars()}["Private life"]
    private_life.add_event(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//scenario//EN\r\nBEGIN:VEVENT\r\nUID:therapy@scenario\r\n"
        "DTSTAMP:20261101T000000Z\r\nDTSTART:20261209T170000Z\r\nDTEND:20261209T180000Z\r\nSUMMARY:Therapy\r\n"
        "CLASS:PRIVATE\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    private_life.add_event(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//scenario//EN\r\nBEGIN:VEVENT\r\nUID:gym@scenario\r\n"
        "DTSTAMP:20261101T000000Z\r\nDTSTART:20261209T175000Z\r\nDTEND:20261209T190000Z\r\nSUMMARY:Gym with Carla\r\n"
        "RRULE:FREQ=DAILY;COUNT=2\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    http("POST", server.base + "/api/v1/calendar-shares", {"calendarIds": [made["id"]], "usernames": ["ben"], "level": "free-busy"},
         token=ada_token)

    listed = {c.get_display_name(): c for c in ben.principal().calendars()}
    shared = listed.get("Private life")
    check(tally, "a free-busy share is in the recipient's home", shared is not None, f"{list(listed)}")
    if shared is None:
        return
    busy = shared.freebusy_request(datetime.datetime(2026, 12, 1, tzinfo=UTC), datetime.datetime(2027, 1, 1, tzinfo=UTC))
    text = busy.data if isinstance(busy.data, str) else busy.data.decode()
    check(tally, "free-busy-query answers the private appointment and the series as merged busy time",
          "FREEBUSY;FBTYPE=BUSY:20261209T170000Z/20261209T190000Z" in text
          and "FREEBUSY;FBTYPE=BUSY:20261210T175000Z/20261210T190000Z" in text, text[:600])
    check(tally, "the free-busy answer names no event", not any(word in text for word in ["Therapy", "Gym", "therapy", "gym"]), text[:600])

    username, password = ben.username, ben.password
    url = str(shared.url)
    answers = {
        "PROPFIND depth 1": raw_request("PROPFIND", url, username, password, '<d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>'),
        "GET of an event": raw_request("GET", url + "therapy%40scenario.ics", username, password),
        "calendar-query": raw_request(
            "REPORT", url, username, password,
            '<c:calendar-query xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:d="DAV:"><d:prop><c:calendar-data/></d:prop>'
            '<c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>'),
        "calendar-multiget": raw_request(
            "REPORT", url, username, password,
            '<c:calendar-multiget xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:d="DAV:"><d:prop><c:calendar-data/></d:prop>'
            f'<d:href>{url}gym%40scenario.ics</d:href></c:calendar-multiget>'),
        "sync-collection": raw_request(
            "REPORT", url, username, password,
            '<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>'),
    }
    for name, (status, body) in answers.items():
        expected = 207 if name == "PROPFIND depth 1" else 403
        check(tally, f"a free-busy share answers {name} with {expected}",
              status == expected and (expected == 207 or "need-privileges" in body), f"{status} {body[:200]}")
        check(tally, f"and {name} reveals no event", not any(w in body for w in ["Therapy", "Gym", "therapy", "gym", ".ics"]), body[:300])
    try:
        shared.events()
        check(tally, "python-caldav cannot list a free-busy share's events", False, "it listed them")
    except caldav_error.DAVError:
        check(tally, "python-caldav cannot list a free-busy share's events", True)


def main() -> int:
    binary = Path(os.environ.get("CAMPUSCAL_BIN", ".build/debug/campuscal")).resolve()
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="campuscal-caldav-") as directory:
        server = Server(binary, Path(directory))
        try:
            for username in ["ada", "ben"]:
                server.add_user(username, PASSWORD, "student")
            server.start()
            server.wait_ready()
            scenario(server, tally)
        except Exception as failure:  # noqa: BLE001 — any failure is reported with the server's log
            tally.fail("the scenario ran to the end", f"{type(failure).__name__}: {failure}\n{server.log_tail()}")
        finally:
            server.stop()
    print(f"caldav scenario: {len(tally.passed)} passed, {len(tally.failed)} failed")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
