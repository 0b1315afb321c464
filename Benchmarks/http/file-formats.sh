#!/usr/bin/env bash
# Calendar files through a plugin vs the server's own iCalendar (issue #9): a 2,000-event calendar
# exported as .ics (built in) and as CSV (csv-files, a C plugin in its own runner process, the events
# crossing the socket as JSON), and the same events imported from each. Each step is timed over
# several repetitions in one run, so the ratios hold on a noisy machine even when the times do not.
#
#   Benchmarks/http/file-formats.sh [events] [repetitions]      (default 2000 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
events="${1:-2000}"
repetitions="${2:-5}"
if [ -z "${CAMPUSCAL_BIN:-}" ]; then
    swift build -c release --product campuscal --product csv-files --scratch-path .build-release
fi
export CAMPUSCAL_BIN="${CAMPUSCAL_BIN:-.build-release/release/campuscal}"
plugins=$(mktemp -d)
scripts/package-plugins "$(dirname "$CAMPUSCAL_BIN")" "$plugins" >/dev/null
export CAMPUSCAL_PLUGINS_DIRECTORY="$plugins"
source Benchmarks/http/start-server.sh
trap 'if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; fi; rm -rf "$work" "$plugins"' EXIT
url="http://127.0.0.1:$port"
auth="Authorization: Bearer $token"

# The calendar: $events one-hour events over the autumn term, from an .ics made here.
python3 - "$events" > "$work/term.ics" <<'PY'
import sys, datetime
n = int(sys.argv[1])
print("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r", end="\n")
start = datetime.datetime(2026, 9, 1, 8, 0)
for i in range(n):
    t = start + datetime.timedelta(hours=(i * 7) % (100 * 24))
    e = t + datetime.timedelta(hours=1)
    print(f"BEGIN:VEVENT\r\nUID:bench-{i}@example.edu\r\nDTSTAMP:20260801T000000Z\r\n"
          f"DTSTART;TZID=America/Denver:{t:%Y%m%dT%H%M%S}\r\nDTEND;TZID=America/Denver:{e:%Y%m%dT%H%M%S}\r\n"
          f"SUMMARY:Lecture {i}\\, room {i % 40}\r\nLOCATION:Building {i % 12}\r\nEND:VEVENT\r", end="\n")
print("END:VCALENDAR\r", end="\n")
PY
calendar() { curl -fs -X POST "$url/api/v1/calendars" -H "$auth" -H 'Content-Type: application/json' -d "{\"name\":\"$1\"}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])'; }
term=$(calendar Term)
curl -fs -X POST "$url/api/v1/calendars/$term/import" -H "$auth" -H 'Content-Type: text/calendar' --data-binary "@$work/term.ics" >/dev/null
window="from=2026-08-01&to=2027-01-01&tz=America/Denver"
curl -fs "$url/api/v1/calendars/$term/export?format=csv&$window" -H "$auth" -o "$work/term.csv"
echo "calendar: $events events; .ics $(wc -c < "$work/term.ics") bytes, .csv $(wc -c < "$work/term.csv") bytes"

# Median wall time of $repetitions runs of a command, in milliseconds.
median() {
    local times=()
    for _ in $(seq "$repetitions"); do
        local t0 t1
        t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N)
        times+=($(( (t1 - t0) / 1000000 )))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}
export_ics() { curl -fs "$url/api/v1/calendars/$term/export.ics" -H "$auth"; }
export_csv() { curl -fs "$url/api/v1/calendars/$term/export?format=csv&$window" -H "$auth"; }
# Imports into one calendar: the first creates, the rest find everything unchanged (the common re-import).
ics_target=$(calendar "ICS copy"); csv_target=$(calendar "CSV copy")
import_ics() { curl -fs -X POST "$url/api/v1/calendars/$ics_target/import" -H "$auth" -H 'Content-Type: text/calendar' --data-binary "@$work/term.ics"; }
import_csv() { curl -fs -X POST "$url/api/v1/calendars/$csv_target/import?tz=America/Denver" -H "$auth" -H 'Content-Type: text/csv' --data-binary "@$work/term.csv"; }
export_ics >/dev/null; export_csv >/dev/null   # warm: caches, the runner's first call
a=$(median export_ics); b=$(median export_csv)
echo "export: .ics ${a} ms, CSV through the plugin ${b} ms (median of $repetitions)"
import_ics >/dev/null; import_csv >/dev/null
c=$(median import_ics); d=$(median import_csv)
echo "re-import (all unchanged): .ics ${c} ms, CSV through the plugin ${d} ms (median of $repetitions)"
summary='import json,sys; r=json.load(sys.stdin); print(sys.argv[1], "report:", r["created"], "created,", r["updated"], "updated,", r["unchanged"], "unchanged,", len(r["problems"]), "problems")'
import_ics | python3 -c "$summary" .ics
import_csv | python3 -c "$summary" CSV
curl -fs "$url/api/v1/calendars/$csv_target/events?$window" -H "$auth" \
    | python3 -c "import json,sys; n=len(json.load(sys.stdin)['items']); print('CSV copy holds', n, 'events'); sys.exit(0 if n == $events else 1)"
