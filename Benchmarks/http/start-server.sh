# Shared by the HTTP benchmarks: builds (unless CAMPUSCAL_BIN is set), starts a release server on a
# fresh SQLite file and a free port, creates and logs in the user "bench". Sets $bin, $port, $token,
# $server and $work; the caller's EXIT trap stops the server.
scripts/install-deps --bench
bin="${CAMPUSCAL_BIN:-.build-release/release/campuscal}"
if [ -z "${CAMPUSCAL_BIN:-}" ]; then swift build -c release --product campuscal --scratch-path .build-release; fi

work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
trap 'if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
echo "Bench1234" | "$bin" user add bench --password-stdin --database "$work/db.sqlite" >/dev/null
# The plugins the caller packaged, recorded as enabled: the server loads no plugin an administrator did not enable.
if [ -n "${CAMPUSCAL_PLUGINS_DIRECTORY:-}" ] && ls "$CAMPUSCAL_PLUGINS_DIRECTORY"/*/plugin.toml >/dev/null 2>&1; then
    # shellcheck disable=SC2046  # one id per word
    "$bin" plugin enable $(sed -n 's/^id *= *"\(.*\)"/\1/p' "$CAMPUSCAL_PLUGINS_DIRECTORY"/*/plugin.toml) --database "$work/db.sqlite" >/dev/null
fi
"$bin" serve --host 127.0.0.1 --port "$port" --database "$work/db.sqlite" --set log.level=warning &
server=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
token=$(curl -fs -X POST "http://127.0.0.1:$port/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"Bench1234"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
