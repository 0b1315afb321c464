#!/usr/bin/env bash
# CampusCal side by side with Radicale (issue #11), locally and in one run: the same 2,000-event
# student calendar (.ics made by compare.py, deterministic) imported into each server through its
# own interface, and the same month window (November 2026, America/Denver, recurring events
# expanded) asked of each:
#   CampusCal (release binary, fresh SQLite file): POST /api/v1/calendars/{id}/import of the .ics,
#     GET /api/v1/calendars/{id}/events?from=…&to=…&tz=America/Denver.
#   Radicale (PyPI, pinned in requirements.txt, fresh storage folder, no auth): MKCALENDAR, then a
#     PUT of the whole VCALENDAR to the collection; a CalDAV REPORT calendar-query with a time-range
#     filter and <C:expand> (and, for reference, the same without expand).
# Each import goes into a fresh calendar/collection (median of IMPORTS); the month query is repeated
# QUERIES times after a warm-up, once the same request (CampusCal answers from its occurrence-list
# cache) and once with a window one second later every time (no cache hits); median and p95. One
# Python client (http.client, keep-alive) times both, requests interleaved. Every answer is checked
# against the occurrences the generator computed. Prints a Markdown table with Radicale / CampusCal.
#
#   Benchmarks/radicale/compare.sh [imports] [queries]     (default 5 20; about 10 minutes on 2
#                                                           cores, nearly all of it Radicale's)
#
# Uses .build-release/release/campuscal as built (CAMPUSCAL_BIN overrides; this script never
# builds) and installs Radicale into the git-ignored .venv when missing. Both servers are stopped
# and the temporary folder removed on exit, error or interrupt.
set -euo pipefail
cd "$(dirname "$0")/../.."
imports="${1:-5}"
queries="${2:-20}"
bin="${CAMPUSCAL_BIN:-.build-release/release/campuscal}"
if [ ! -x "$bin" ]; then
    echo "compare.sh: no CampusCal binary at $bin; build one (swift build -c release --product campuscal" \
        "--scratch-path .build-release) or set CAMPUSCAL_BIN" >&2
    exit 1
fi

# Radicale, at the pinned version, in the repository's virtualenv.
requirements=Benchmarks/radicale/requirements.txt
pinned=$(sed -n 's/^radicale==//p' "$requirements")
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
if ! .venv/bin/python -c 'import sys, radicale; sys.exit(radicale.VERSION != sys.argv[1])' "$pinned" 2>/dev/null; then
    echo "Installing Radicale $pinned into .venv"
    .venv/bin/pip install --quiet --disable-pip-version-check -r "$requirements"
fi
python=.venv/bin/python

work=$(mktemp -d)
campuscal_pid=""
radicale_pid=""
stop() {   # PID: SIGTERM, then SIGKILL after 5 s (Radicale finishes a request in progress first,
           # which during its import can take a minute)
    kill "$1" 2>/dev/null || return 0
    for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}
cleanup() {
    for pid in $campuscal_pid $radicale_pid; do stop "$pid"; done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
free_port() { "$python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
wait_for() {   # URL: until it answers, at most 10 s
    for _ in $(seq 100); do curl -s -o /dev/null "$1" && return 0; sleep 0.1; done
    echo "compare.sh: no answer from $1" >&2
    return 1
}

# CampusCal: as Benchmarks/http/start-server.sh does, without building, and with the built-in
# defaults (an empty configuration file: config/campuscal.toml may name settings newer than the binary).
campuscal_port=$(free_port)
: > "$work/campuscal.toml"
echo "Bench1234" | "$bin" user add bench --password-stdin --config "$work/campuscal.toml" \
    --database "$work/campuscal.sqlite" >/dev/null
"$bin" serve --config "$work/campuscal.toml" --host 127.0.0.1 --port "$campuscal_port" \
    --database "$work/campuscal.sqlite" --set log.level=warning &
campuscal_pid=$!
wait_for "http://127.0.0.1:$campuscal_port/healthz"
token=$(curl -fs -X POST "http://127.0.0.1:$campuscal_port/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"Bench1234"}' | "$python" -c 'import json,sys; print(json.load(sys.stdin)["token"])')

# Radicale: its own configuration file only (no /etc or ~ ones), storage in the temporary folder.
radicale_port=$(free_port)
mkdir "$work/radicale"
cat > "$work/radicale.conf" <<EOF
[server]
hosts = 127.0.0.1:$radicale_port
[auth]
type = none
[storage]
filesystem_folder = $work/radicale
[logging]
level = warning
EOF
"$python" -m radicale --config "$work/radicale.conf" 2>"$work/radicale.log" &
radicale_pid=$!
wait_for "http://127.0.0.1:$radicale_port/"

"$python" Benchmarks/radicale/compare.py generate "$work/student-year.ics"
echo "CampusCal: $bin ($(date -r "$bin" '+built %Y-%m-%d %H:%M')); Radicale $("$python" -c 'import radicale; print(radicale.VERSION)');" \
    "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$python" Benchmarks/radicale/compare.py run --ics "$work/student-year.ics" \
    --campuscal "http://127.0.0.1:$campuscal_port" --token "$token" \
    --radicale "http://127.0.0.1:$radicale_port" --imports "$imports" --queries "$queries"
# Radicale's log, less what it always says at start-up (no auth, a new storage folder, log levels).
unexpected=$(grep -v -e '^$' -e '\[INFO\]' -e 'Logging level set to' -e 'No user authentication is selected' \
    -e 'Storage location subfolder: .* does not exist, creating now' "$work/radicale.log" || true)
if [ -n "$unexpected" ]; then
    echo "Radicale logged:"
    echo "$unexpected" | head -20 | sed 's/^/  /'
fi
