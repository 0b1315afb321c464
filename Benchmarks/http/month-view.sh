#!/usr/bin/env bash
# Month view: GET /api/v1/agenda for one month over a user with 5 calendars and 2,000 events
# (a quarter recurring), and GET /api/v1/calendars/{id}/events for one calendar, 64 connections.
#
#   Benchmarks/http/month-view.sh [seconds-per-run]      (default 15)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration="${1:-15}"
scripts/install-deps --bench
bin="${CAMPUSCAL_BIN:-.build-release/release/campuscal}"
if [ -z "${CAMPUSCAL_BIN:-}" ]; then swift build -c release --product campuscal --scratch-path .build-release; fi

work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
echo "Bench1234" | "$bin" user add bench --password-stdin --database "$work/db.sqlite" >/dev/null
"$bin" serve --host 127.0.0.1 --port "$port" --database "$work/db.sqlite" --set log.level=warning &
server=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
token=$(curl -fs -X POST "http://127.0.0.1:$port/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"Bench1234"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

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
