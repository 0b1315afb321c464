#!/usr/bin/env bash
# Month view: GET /api/v1/agenda for one month over a user with 5 calendars and 2,000 events
# (a quarter recurring), and GET /api/v1/calendars/{id}/events for one calendar, 64 connections:
# first as clients repeat views (served from the occurrence-list cache), then with every request
# a different window (never cached: expansion and JSON encoding each time).
#
#   Benchmarks/http/month-view.sh [seconds-per-run]      (default 15)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration="${1:-15}"
source Benchmarks/http/start-server.sh

start=$(date +%s%N)
calendars=$(python3 Benchmarks/http/month_view_seed.py "http://127.0.0.1:$port" "$token")
echo "seeded 5 calendars × 400 events through the import endpoint in $(( ($(date +%s%N) - start) / 1000000 )) ms"
first=$(echo "$calendars" | head -1)
month="from=2026-11-01&to=2026-12-01&tz=America/Denver"
echo "agenda occurrences in the month: $(curl -fs "http://127.0.0.1:$port/api/v1/agenda?$month" -H "Authorization: Bearer $token" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["items"]))')"
echo
echo "### GET /api/v1/agenda (5 calendars, one month), 64 connections"
wrk -t2 -c64 -d"${duration}s" --latency -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/agenda?$month"
echo
echo "### GET /api/v1/calendars/{id}/events (one calendar, one month), 64 connections"
wrk -t2 -c64 -d"${duration}s" --latency -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/calendars/$first/events?$month"
echo
echo "### the same two, gzipped (Accept-Encoding: gzip, as browsers and phone apps send), 64 connections"
wrk -t2 -c64 -d"${duration}s" --latency -H "Authorization: Bearer $token" -H "Accept-Encoding: gzip" \
    "http://127.0.0.1:$port/api/v1/agenda?$month"
wrk -t2 -c64 -d"${duration}s" --latency -H "Authorization: Bearer $token" -H "Accept-Encoding: gzip" \
    "http://127.0.0.1:$port/api/v1/calendars/$first/events?$month"
echo
echo "### uncached: the same two requests with a different window each time (no cache hits), 64 connections"
wrk -t2 -c64 -d"${duration}s" --latency -s Benchmarks/http/distinct-windows.lua -H "Authorization: Bearer $token" \
    "http://127.0.0.1:$port/api/v1/agenda?$month"
wrk -t2 -c64 -d"${duration}s" --latency -s Benchmarks/http/distinct-windows.lua -H "Authorization: Bearer $token" \
    "http://127.0.0.1:$port/api/v1/calendars/$first/events?$month"
