"""A plugin runner that lies (issue #26, finding 3): it speaks the runner protocol on descriptor 3
(Sources/CampusCalPlugins/Runner/RunnerMessages.swift, one JSON value a line) but loads nothing,
and answers every request with what a compromised runner could send. The server must check each
answer as if the plugin had given it. Used by BadPluginTests+Answers.swift."""
import json
import os

channel = os.fdopen(3, "r+b", buffering=0)
reader = os.fdopen(os.dup(3), "rb")


def answer(value):
    channel.write((json.dumps({"answer": {"_0": value}}) + "\n").encode())


def reply(value):
    answer({"reply": {"_0": value}})


# Far over every bound the server applies (256-byte panel values, 2,000-byte messages, 64 KiB descriptions,
# labels of 128) yet not 1 MiB: under a debug build with AddressSanitizer and the other tests running, three
# 1 MiB answers took most of a call's 2 s deadline, and CI once saw the call time out.
HUGE = "x" * (1 << 17)
for line in reader:
    request = json.loads(line)
    if "call" in request:
        request = request["call"]["_0"]
    if "load" in request:
        # More features than the manifest promises, and a job every second.
        answer({"loaded": {"features": ["campuscal.day-labels/1", "campuscal.user-panel/1", "campuscal.importer/1"],
                           "interest": {"changes": 0, "items": 0}, "labelsStableSeconds": 4000000000, "jobIntervalSeconds": 1,
                           "importFormat": {"format": "ICS", "name": "", "mediaType": "text/calendar"}}})
    elif "dayLabels" in request:
        first = request["dayLabels"]["first"]
        reply({"dayLabels": {"_0": [
            {"date": first, "label": HUGE, "kind": "holiday"},
            {"date": "1999-01-01", "label": "Outside the range", "kind": "holiday"},
            {"date": first, "label": "NUL\u0000inside", "kind": "holiday"},
            {"date": first, "label": "Forged but fine", "kind": "observance"},
        ]}})
    elif "panel" in request:
        fields = [{"name": "huge", "label": "Huge", "value": HUGE}, {"name": "Bad Name", "label": "x", "value": "y"}]
        fields += [{"name": "f%d" % i, "label": "Field %d" % i, "value": str(i)} for i in range(40)]
        reply({"panel": {"_0": fields}})
    elif "parse" in request:
        event = {"uid": "e1", "title": "Fine", "allDay": False, "timeZone": "UTC", "start": [2026, 12, 1, 9, 0, 0], "end": [2026, 12, 1, 10, 0, 0]}
        impossible = dict(event, uid="e2", start=[2026, 2, 30, 9, 0, 0])
        backwards = dict(event, uid="e3", start=[2026, 12, 1, 11, 0, 0])
        reply({"parsed": {"_0": {"events": [event, impossible, backwards, dict(event, uid="e4", title=HUGE)],
                                  "problems": [{"line": -5, "message": HUGE}]}}})
    elif "shutDown" in request:
        answer({"done": {}})
        break
    else:
        reply({"failed": {"reason": HUGE, "timedOut": False}})
