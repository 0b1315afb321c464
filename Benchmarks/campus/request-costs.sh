#!/usr/bin/env bash
# What each request type of the peak mix costs the server (issue #11): for each, wrk with
# [connections] connections for [seconds] seconds, every request for the next of the first 6,000
# active students (so caches see what the mix makes them see: few repeats), and the server's CPU
# seconds from /proc over the run. Prints requests/s and milliseconds of server CPU per request.
#
#   Benchmarks/campus/request-costs.sh [seconds] [connections]
#   Benchmarks/campus/request-costs.sh 8 32
#
# Reads are repeated; create-task really creates tasks (the copy of the campus is thrown away).
source "$(dirname "$0")/common.sh"
seconds="${1:-8}"
connections="${2:-32}"
command -v wrk >/dev/null || { echo "wrk is needed: scripts/install-deps --bench"; exit 1; }
ensure_campus
start_server

python3 - "$campus_dir/campus.json" >"$work/students.lua" <<'PY'
import json, sys
active = json.load(open(sys.argv[1]))["active"][:6000]
print("students = {")
for student in active:
    print('{"%s","%s"},' % (student["token"], student["feedToken"]))
print("}")
PY
read -r today tomorrow monday next_monday due < <(python3 -c '
import datetime
t = datetime.datetime.now(datetime.timezone.utc).date()
m = t - datetime.timedelta(days=t.weekday())
print(t, t + datetime.timedelta(days=1), m, m + datetime.timedelta(days=7), t + datetime.timedelta(days=5))')

# name, method, path (FEED: the student's subscription feed), body
kinds=(
    "me GET /api/v1/me"
    "week-view GET /api/v1/agenda?from=$monday&to=$next_monday"
    "day-view GET /api/v1/agenda?from=$today&to=$tomorrow"
    "day-tasks GET /api/v1/tasks/day/$today"
    "todo-list GET /api/v1/todo"
    "task-list GET /api/v1/tasks?status=open"
    "feed-sync GET FEED"
    "invitations GET /api/v1/invitations?status=pending"
    "notifications GET /api/v1/notifications"
    "create-task POST /api/v1/tasks"
)
echo "## request costs: ${seconds}s each, $connections connections, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
printf '%-14s %10s %22s\n' request "req/s" "server CPU ms/request"
for kind in "${kinds[@]}"; do
    read -r name method path <<<"$kind"
    cat >"$work/kind.lua" <<LUA
dofile("$work/students.lua")
local i = 0
request = function()
  i = i + 1
  local s = students[(i % #students) + 1]
  if "$path" == "FEED" then return wrk.format("GET", "/feeds/" .. s[2] .. "/calendar.ics") end
  local headers = {["Authorization"] = "Bearer " .. s[1]}
  if "$method" == "POST" then
    headers["Content-Type"] = "application/json"
    return wrk.format("POST", "$path", headers, '{"title":"Review lecture notes","priority":"high","due":{"date":"$due"}}')
  end
  return wrk.format("GET", "$path", headers)
end
LUA
    before=$(awk '{print $14 + $15}' "/proc/$server/stat")
    result=$(wrk -t1 -c"$connections" -d"${seconds}s" -s "$work/kind.lua" "$url")
    after=$(awk '{print $14 + $15}' "/proc/$server/stat")
    rate=$(awk '/Requests\/sec/ {print $2}' <<<"$result")
    failed=$(awk '/Non-2xx/ {print $NF}' <<<"$result")
    python3 -c "import os, sys; rate, ticks = float(sys.argv[2]), int(sys.argv[3]); hz = os.sysconf('SC_CLK_TCK')
print('%-14s %10.0f %22.3f%s' % (sys.argv[1], rate, ticks / hz * 1000 / (rate * $seconds), '  (%s not 2xx)' % sys.argv[4] if sys.argv[4] else ''))" \
        "$name" "$rate" "$((after - before))" "${failed:-}"
done
