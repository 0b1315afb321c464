#!/usr/bin/env bash
# CampusCal side by side with Radicale and Xandikos over CalDAV (issue #29), locally and in one run:
# the five workloads of Benchmarks/caldav/compare.py (1,000 sequential PUTs, PROPFIND depth 1 over
# 1,000 items, calendar-multiget of 500, an expanded time-range REPORT over 2,000 events,
# sync-collection after 100 changes), timed by one Python client, interleaved, every answer checked.
#
#   Benchmarks/caldav/compare.sh [repeats]      (default 15; about 15 minutes on 2 cores, nearly all
#                                                of it Radicale's and Xandikos's PUTs and expansions)
#
# Each server starts fresh in a temporary folder: CampusCal (the release binary as built, SQLite,
# a user with an app password, its two calendars made over REST, since it has no MKCALENDAR yet),
# Radicale and Xandikos (PyPI, pinned in requirements.txt, no authentication). Uses
# .build-release/release/campuscal (CAMPUSCAL_BIN overrides; this script never builds) and installs
# the peers into a git-ignored virtualenv of their own, .venv-caldav-bench (their icalendar pin
# differs from the oracles' in .venv), when missing. Every server is stopped and the folder removed
# on exit, error or interrupt. Prints a Markdown table: medians and p10–p90 of the repetitions, and
# each peer's median over CampusCal's.
set -euo pipefail
cd "$(dirname "$0")/../.."
repeats="${1:-15}"
source Benchmarks/caldav/campuscal-server.sh
campuscal_check_binary

requirements=Benchmarks/caldav/requirements.txt
if [ ! -x .venv-caldav-bench/bin/python ]; then python3 -m venv .venv-caldav-bench; fi
if ! .venv-caldav-bench/bin/python -c 'import radicale, xandikos, recurring_ical_events' 2>/dev/null; then
    .venv-caldav-bench/bin/pip install --quiet --disable-pip-version-check -r "$requirements"
fi
python=.venv-caldav-bench/bin/python

work=$(mktemp -d)
pids=()
stop() {   # PID: SIGTERM, then SIGKILL after 5 s
    kill "$1" 2>/dev/null || return 0
    for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}
cleanup() {
    for pid in "${pids[@]}"; do stop "$pid"; done
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

# CampusCal, with the built-in defaults (an empty configuration file).
start_campuscal "$work"
items=$(campuscal_calendar items)
events=$(campuscal_calendar events)

# Radicale: its own configuration only, storage in the temporary folder.
radicale_port=$(free_port)
"$python" -m radicale --config "" --storage-filesystem-folder="$work/radicale" --auth-type=none \
    --server-hosts="127.0.0.1:$radicale_port" --logging-level=warning 2>"$work/radicale.log" &
pids+=($!)
wait_for "http://127.0.0.1:$radicale_port/"

# Xandikos: single user, no authentication; calendars are made under /user/calendars/.
xandikos_port=$(free_port)
.venv-caldav-bench/bin/xandikos serve --defaults -d "$work/xandikos" --state-dir "$work/xandikos-state" -l 127.0.0.1 \
    -p "$xandikos_port" --no-detect-systemd 2>"$work/xandikos.log" &
pids+=($!)
wait_for "http://127.0.0.1:$xandikos_port/"

echo "CampusCal: $bin ($(date -r "$bin" '+built %Y-%m-%d %H:%M')); Radicale $("$python" -c 'import radicale; print(radicale.VERSION)');" \
    "Xandikos $("$python" -c 'import xandikos; print(".".join(map(str, xandikos.__version__)))'); $(nproc) cores," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$python" Benchmarks/caldav/compare.py --repeats "$repeats" \
    --server campuscal "$base/dav/calendars/bench/" bench "$app_password" \
    --collection campuscal items "$items" --collection campuscal events "$events" \
    --server radicale "http://127.0.0.1:$radicale_port/bench/" bench x \
    --server xandikos "http://127.0.0.1:$xandikos_port/user/calendars/" bench x
