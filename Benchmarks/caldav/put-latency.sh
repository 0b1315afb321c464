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
bin="${CAMPUSCAL_BIN:-.build-release/release/campuscal}"
if [ ! -x "$bin" ]; then
    echo "put-latency.sh: no CampusCal binary at $bin; build one (swift build -c release --product campuscal" \
        "--scratch-path .build-release) or set CAMPUSCAL_BIN" >&2
    exit 1
fi
work=$(mktemp -d)
pid=""
cleanup() {
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
field() { python3 -c "import json,sys; print(json.load(sys.stdin)[\"$1\"])"; }
: > "$work/campuscal.toml"
echo "Bench1234" | "$bin" user add bench --password-stdin --config "$work/campuscal.toml" --database "$work/campuscal.sqlite" >/dev/null
"$bin" serve --config "$work/campuscal.toml" --host 127.0.0.1 --port "$port" --database "$work/campuscal.sqlite" \
    --set log.level=warning 2>/dev/null &
pid=$!
for _ in $(seq 100); do curl -s -o /dev/null "$base/healthz" && break; sleep 0.1; done
token=$(curl -fs -X POST "$base/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"Bench1234"}' | field token)
password=$(curl -fs -X POST "$base/api/v1/me/app-passwords" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' -d '{"name":"benchmark"}' | field password)
calendar=$(curl -fs -X POST "$base/api/v1/calendars" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"name":"Benchmark"}' | field id)
python3 Benchmarks/caldav/put_latency.py "$base" bench "$password" "/dav/calendars/bench/$calendar/" "$pid" --rounds "$rounds"
