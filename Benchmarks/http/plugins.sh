#!/usr/bin/env bash
# API throughput with the shipped plugins enabled vs disabled (issue #9; target: < 5% slower).
# A release server with us-holidays (C, in-process: day labels on every month view) and
# task-rewards (Swift, in a plugin runner process: an event hook on every completed task) installed;
# a student's mix (Benchmarks/http/plugins_mix.lua: day labels, a task read, a task created, a task
# completed) at 16 connections; the two plugins turned off and on over the admin API between runs,
# alternating enabled / disabled twice so that the machine's noise falls on both.
#
#   Benchmarks/http/plugins.sh [seconds-per-run]      (default 10)
#   TOGGLE="org.campuscal.task-rewards"  toggles only the plugins named
#   COMPLETE=0                           renames tasks instead of completing them (no task-rewards hook)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration="${1:-10}"
if [ -z "${CAMPUSCAL_BIN:-}" ]; then
    swift build -c release --product campuscal --product us-holidays --product task-rewards --scratch-path .build-release
fi
export CAMPUSCAL_BIN="${CAMPUSCAL_BIN:-.build-release/release/campuscal}"
plugins=$(mktemp -d)
scripts/package-plugins "$(dirname "$CAMPUSCAL_BIN")" "$plugins" >/dev/null
export CAMPUSCAL_PLUGINS_DIRECTORY="$plugins"
source Benchmarks/http/start-server.sh
trap 'if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; fi; rm -rf "$work" "$plugins"' EXIT

url="http://127.0.0.1:$port"
echo "Admin1234" | "$bin" user add admin --role admin --password-stdin --database "$work/db.sqlite" >/dev/null
admin=$(curl -fs -X POST "$url/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"admin","password":"Admin1234"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
task=$(curl -fs -X POST "$url/api/v1/tasks" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"title":"Reading","priority":"low"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
curl -fs "$url/api/v1/plugins" -H "Authorization: Bearer $token" | python3 -c '
import json, sys
for p in json.load(sys.stdin)["items"]: print("plugin", p["id"] + ":", p["status"], "(" + p["isolation"] + ")")'

switch() {
    for id in ${TOGGLE:-org.campuscal.us-holidays org.campuscal.task-rewards}; do
        curl -fs -X POST "$url/api/v1/admin/plugins/$id/$1" -H "Authorization: Bearer $admin" >/dev/null
    done
}
# CPU seconds (user + system) a process has used so far; 0 when there is none.
cpu() { if [ -n "$1" ] && [ -r "/proc/$1/stat" ]; then awk '{ printf "%.2f", ($14 + $15) / 100 }' "/proc/$1/stat"; else echo 0; fi; }
run() {
    echo "### plugins $1, 16 connections, ${duration} s"
    local runner before_server before_runner
    runner=$(pgrep -P "$server" -f plugin-runner | head -1 || true)
    before_server=$(cpu "$server"); before_runner=$(cpu "$runner")
    wrk -t2 -c16 -d"${duration}s" --latency -s Benchmarks/http/plugins_mix.lua "$url/" -- "$token" "$task" "${COMPLETE:-1}" \
        | grep -E "Requests/sec|Latency|99%|answers other|Non-2xx"
    awk -v s="$(cpu "$server")" -v s0="$before_server" -v r="$(cpu "$runner")" -v r0="$before_runner" \
        'BEGIN { printf "CPU seconds: server %.2f, plugin runner %.2f\n", s - s0, r - r0 }'
}
for round in 1 2; do
    switch enable; run enabled
    switch disable; run disabled
done
switch enable
curl -fs "$url/api/v1/plugins/org.campuscal.task-rewards/panel" -H "Authorization: Bearer $token"; echo
