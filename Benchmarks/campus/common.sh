# Shared by the campus simulator scripts (issue #11); sourced, not run.
#
# Sets $bin (campuscal), $simulator (campus-simulator) and $campus_dir (the seeded campus, made by
# seed.sh if missing), and defines:
#   start_server [--set key=value …]  a release server on a private copy of the seeded database
#                                     (so every run starts from the same campus), sessions renewed;
#                                     sets $server (pid), $port, $url, $work
#   stop_server                       stops it (also done on exit)
# Environment: CAMPUSCAL_BIN (skip the build: campus-simulator must sit beside it, or set
# CAMPUS_SIMULATOR_BIN), CAMPUS_USERS (45000), CAMPUS_SEED (1), CAMPUS_CACHE (.build-release/campus),
# CAMPUS_EXTRA_SQL (SQL run on each run's copy before the server starts: an experiment, e.g. an index).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

campus_users="${CAMPUS_USERS:-45000}"
campus_seed="${CAMPUS_SEED:-1}"
campus_cache="${CAMPUS_CACHE:-.build-release/campus}"
campus_dir="$campus_cache/u${campus_users}-s${campus_seed}"
if [ -z "${CAMPUSCAL_BIN:-}" ] && [ -z "${CAMPUS_SKIP_BUILD:-}" ]; then
    # One product per invocation: given several --product options, swift build builds only the last.
    swift build -c release --product campuscal --scratch-path .build-release
    swift build -c release --product campus-simulator --scratch-path .build-release
    export CAMPUS_SKIP_BUILD=1
fi
bin="${CAMPUSCAL_BIN:-.build-release/release/campuscal}"
simulator="${CAMPUS_SIMULATOR_BIN:-$(dirname "$bin")/campus-simulator}"

# Seeds once per size and seed; again when the seeded term no longer covers this week (after 3 weeks).
ensure_campus() {
    if [ -f "$campus_dir/campus.json" ] && python3 - "$campus_dir/campus.json" <<'PY'; then return; fi
import datetime, json, sys
today = datetime.date.fromisoformat(json.load(open(sys.argv[1]))["today"])
sys.exit(0 if (datetime.date.today() - today).days < 21 else 1)
PY
    rm -rf "$campus_dir"
    mkdir -p "$campus_dir.tmp"
    rm -f "$campus_dir.tmp/"*
    "$simulator" seed --database "$campus_dir.tmp/db.sqlite" --users "$campus_users" --seed "$campus_seed" \
        --campus "$campus_dir.tmp/campus.json" | tee "$campus_dir.tmp/seed.log"
    mv "$campus_dir.tmp" "$campus_dir"
}

stop_server() {
    if [ -n "${server:-}" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
        server=""
    fi
    if [ -n "${work:-}" ]; then rm -rf "$work"; work=""; fi
}
trap stop_server EXIT

start_server() {
    stop_server
    work=$(mktemp -d "${TMPDIR:-/tmp}/campus-run.XXXXXX")
    cp "$campus_dir/db.sqlite" "$work/db.sqlite"
    "$simulator" renew-sessions --database "$work/db.sqlite" >/dev/null
    # An experiment on the copy only (e.g. an index the server might add): CAMPUS_EXTRA_SQL='CREATE INDEX …'.
    if [ -n "${CAMPUS_EXTRA_SQL:-}" ]; then sqlite3 "$work/db.sqlite" "$CAMPUS_EXTRA_SQL"; fi
    # The copy is 2.4 GB of dirty pages: written back during the run, they stall every fsync of the
    # server's commits for hundreds of milliseconds (a run measured the copy, not the server).
    sync "$work/db.sqlite"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    url="http://127.0.0.1:$port"
    "$bin" serve --host 127.0.0.1 --port "$port" --database "$work/db.sqlite" --set log.level=warning "$@" >"$work/server.log" 2>&1 &
    server=$!
    for _ in $(seq 300); do curl -fs "$url/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
    curl -fs "$url/healthz" >/dev/null || { cat "$work/server.log"; exit 1; }
}

# Prints a run's JSON summary line per phase: rate, p99, errors, shed, client-overloaded, clean.
summarize() {
    python3 - "$1" <<'PY'
import json, sys
for p in json.load(open(sys.argv[1]))["phases"]:
    o = p["overall"]
    print(f'{p["label"]:>14}: {o["throughput"]:7.1f} req/s  p50 {o["p50Ms"]:7.1f}  p99 {o["p99Ms"]:8.1f}  max {o["maxMs"]:8.1f} ms  '
          f'errors {o["errorCount"]}  shed {o["shed"]}  client-overloaded {o["clientOverloaded"]}  {"clean" if p["clean"] else "NOT clean"}')
PY
}
