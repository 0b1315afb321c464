# Sourced by the CalDAV benchmarks (compare.sh, put-latency.sh): starts the release CampusCal on a
# fresh SQLite file in $work with the built-in defaults and a user `bench` holding an app password.
#
#   campuscal_check_binary    fails, saying how to build one, when there is no binary
#   start_campuscal WORK      sets base (http://127.0.0.1:PORT), token and app_password, and adds
#                             the server's PID to the caller's `pids` array: the caller stops every
#                             PID there and removes WORK on exit
#   campuscal_calendar NAME   makes a calendar over REST and prints its DAV collection's URL
#
# Uses .build-release/release/campuscal (CAMPUSCAL_BIN overrides; nothing here builds).
bin="${CAMPUSCAL_BIN:-.build-release/release/campuscal}"

campuscal_free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
campuscal_field() { python3 -c "import json,sys; print(json.load(sys.stdin)[\"$1\"])"; }

campuscal_check_binary() {
    if [ ! -x "$bin" ]; then
        echo "$(basename "$0"): no CampusCal binary at $bin; build one (swift build -c release --product campuscal" \
            "--scratch-path .build-release) or set CAMPUSCAL_BIN" >&2
        return 1
    fi
}

start_campuscal() {
    local work="$1" port
    campuscal_check_binary
    port=$(campuscal_free_port)
    base="http://127.0.0.1:$port"
    : > "$work/campuscal.toml"
    echo "Bench1234" | "$bin" user add bench --password-stdin --config "$work/campuscal.toml" --database "$work/campuscal.sqlite" >/dev/null
    "$bin" serve --config "$work/campuscal.toml" --host 127.0.0.1 --port "$port" --database "$work/campuscal.sqlite" \
        --set log.level=warning 2>"$work/campuscal.log" &
    pids+=($!)
    for _ in $(seq 100); do curl -s -o /dev/null "$base/healthz" && break; sleep 0.1; done
    if ! curl -s -o /dev/null "$base/healthz"; then
        echo "$(basename "$0"): CampusCal did not answer at $base (its log: $work/campuscal.log)" >&2
        return 1
    fi
    token=$(curl -fs -X POST "$base/api/v1/auth/login" -H 'Content-Type: application/json' \
        -d '{"username":"bench","password":"Bench1234"}' | campuscal_field token)
    app_password=$(curl -fs -X POST "$base/api/v1/me/app-passwords" -H "Authorization: Bearer $token" \
        -H 'Content-Type: application/json' -d '{"name":"benchmark"}' | campuscal_field password)
}

campuscal_calendar() {
    local id
    id=$(curl -fs -X POST "$base/api/v1/calendars" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d "{\"name\":\"Benchmark $1\"}" | campuscal_field id)
    echo "$base/dav/calendars/bench/$id/"
}
