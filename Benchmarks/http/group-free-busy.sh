#!/usr/bin/env bash
# Free-busy for a 10-person group over one week (issue #5 target: < 20 ms): each member has
# 5 calendars × 400 events, a quarter of them weekly; 1 and 8 connections (the lookup is a
# person proposing a meeting, not a crowd). The first lookup of a week expands every series; the
# next ones read per-calendar busy intervals cached until that calendar's events change.
#
#   Benchmarks/http/group-free-busy.sh [seconds]      (default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration="${1:-10}"
source Benchmarks/http/start-server.sh
start=$(date +%s)
group=$(python3 Benchmarks/http/group_free_busy_seed.py "http://127.0.0.1:$port" "$token")
echo "seeded a 10-member group with 20,000 events in $(( $(date +%s) - start )) s"
week="from=2026-11-02&to=2026-11-09&tz=America/Denver"
echo "busy intervals in the week: $(curl -fs "http://127.0.0.1:$port/api/v1/groups/$group/free-busy?$week" -H "Authorization: Bearer $token" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(sum(len(m["busy"]) for m in d["members"]), "busy,", len(d["free"]), "free")')"
echo "### GET /api/v1/groups/{id}/free-busy (10 members, one week), 1 connection"
wrk -t1 -c1 -d"${duration}s" --latency -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/groups/$group/free-busy?$week"
echo "### the same, 8 connections"
wrk -t2 -c8 -d"${duration}s" --latency -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/groups/$group/free-busy?$week"
