#!/usr/bin/env bash
# Agenda of a user who sees 20 shared calendars (issue #5 target: p99 < 20 ms): 10 classmates
# each own 2 calendars × 2,000 events (a quarter of them weekly class meetings) — 40,000 events —
# and share them with the benchmark user, who owns none: 18 at `read`, 2 at `free-busy` (those
# come as busy time only). One month of GET /api/v1/agenda: first cold (curl, computed and
# cached), then wrk at 1 and 8 connections, plain and gzipped, as the viewer repeats the view.
#
#   Benchmarks/http/shared-agenda.sh [seconds]      (default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration="${1:-10}"
source Benchmarks/http/start-server.sh
base="http://127.0.0.1:$port"
auth="Authorization: Bearer $token"

start=$(date +%s)
shared=$(python3 Benchmarks/http/shared_agenda_seed.py "$base" bench)
echo "seeded 10 owners × 2 calendars × 2,000 events (40,000) through the import endpoint in $(( $(date +%s) - start )) s"
echo "shared with the viewer: $(echo "$shared" | awk '{print $2}' | sort | uniq -c | awk '{printf "%s%s at %s", sep, $1, $2; sep=", "}')"
echo "the viewer's calendars: $(curl -fs "$base/api/v1/calendars" -H "$auth" | python3 -c '
import collections, json, sys
d = json.load(sys.stdin); items = d["items"] if isinstance(d, dict) else d
print(len(items), "—", dict(collections.Counter(c["access"] for c in items)))')"

month="from=2026-11-01&to=2026-12-01&tz=America/Denver"
timing='%{http_code}, %{size_download} bytes, first byte %{time_starttransfer} s, total %{time_total} s'
echo
echo "### cold: the first GET /api/v1/agenda for the month (expands every series, encodes, caches)"
curl -fs -o "$work/agenda.json" -w "$timing\n" "$base/api/v1/agenda?$month" -H "$auth"
echo "occurrences in the month: $(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["items"]))' "$work/agenda.json")"
echo "the same again (cached):        $(curl -fs -o /dev/null -w "$timing" "$base/api/v1/agenda?$month" -H "$auth")"
echo "first gzipped (gzip once):      $(curl -fs -o /dev/null -w "$timing" "$base/api/v1/agenda?$month" -H "$auth" -H 'Accept-Encoding: gzip')"
echo "gzipped again (cached):         $(curl -fs -o /dev/null -w "$timing" "$base/api/v1/agenda?$month" -H "$auth" -H 'Accept-Encoding: gzip')"
for other in "from=2026-10-01&to=2026-11-01" "from=2026-12-01&to=2027-01-01" "from=2027-02-01&to=2027-03-01"; do
    echo "cold, $other: $(curl -fs -o /dev/null -w "$timing" "$base/api/v1/agenda?$other&tz=America/Denver" -H "$auth")"
done

echo
echo "### GET /api/v1/agenda (20 shared calendars, one month), 1 connection"
wrk -t1 -c1 -d"${duration}s" --latency -H "$auth" "$base/api/v1/agenda?$month"
echo
echo "### the same, 8 connections"
wrk -t2 -c8 -d"${duration}s" --latency -H "$auth" "$base/api/v1/agenda?$month"
echo
echo "### gzipped (Accept-Encoding: gzip, as browsers and phone apps send), 1 connection"
wrk -t1 -c1 -d"${duration}s" --latency -H "$auth" -H "Accept-Encoding: gzip" "$base/api/v1/agenda?$month"
echo
echo "### gzipped, 8 connections"
wrk -t2 -c8 -d"${duration}s" --latency -H "$auth" -H "Accept-Encoding: gzip" "$base/api/v1/agenda?$month"
echo
echo "server peak RSS: $(grep VmHWM /proc/$server/status | awk '{print $2, $3}')"
