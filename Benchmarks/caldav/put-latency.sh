#!/usr/bin/env bash
# One CalDAV PUT on a warm CampusCal and on one that was idle (Benchmarks/caldav/put_latency.py):
# the release binary on a fresh SQLite file, a user with an app password and a calendar made over
# REST, then rounds of PUTs back to back and 30 ms apart, with the server's CPU per PUT.
#
#   Benchmarks/caldav/put-latency.sh [rounds]      (default 3; about a minute)
#
# Uses .build-release/release/campuscal (CAMPUSCAL_BIN overrides; this script never builds).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-3}"
source Benchmarks/caldav/campuscal-server.sh
campuscal_check_binary
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
start_campuscal "$work"
collection=$(campuscal_calendar put-latency)
python3 Benchmarks/caldav/put_latency.py "$base" bench "$app_password" "${collection#"$base"}" "${pids[0]}" --rounds "$rounds"
