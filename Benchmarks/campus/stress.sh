#!/usr/bin/env bash
# Stress run (issue #11): beyond capacity, and a sudden spike. The server must shed the excess with
# 503 + Retry-After (server.max_requests_in_flight) and keep answering, never fall over.
#
#   Benchmarks/campus/stress.sh [base-rate] [seconds] [connections]
#   Benchmarks/campus/stress.sh 1500 20 2000
#
# 1. A spike: base rate, then 3 × base, then base again (each for `seconds`).
# 2. Far beyond capacity: 4 × base for `seconds`, with many connections.
# Then checks that the server is still alive and answers a request at once.
source "$(dirname "$0")/common.sh"
base="${1:-1500}"
seconds="${2:-20}"
connections="${3:-2000}"
out="${CAMPUS_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/campus-stress.XXXXXX")}"
ensure_campus
start_server
echo "## stress: spike $base → $((base * 3)) → $base req/s, then $((base * 4)) req/s; ${seconds}s each; $connections connections"
"$simulator" run --url "$url" --campus "$campus_dir/campus.json" --rate "$base" --spike --duration "$seconds" \
    --connections "$connections" --server-pid "$server" --json "$out/spike.json"
"$simulator" run --url "$url" --campus "$campus_dir/campus.json" --rate "$((base * 4))" --duration "$seconds" \
    --connections "$connections" --server-pid "$server" --json "$out/overload.json"
echo
summarize "$out/spike.json"
summarize "$out/overload.json"
kill -0 "$server" && echo "server still running (pid $server); /healthz: $(curl -s -o /dev/null -w '%{http_code} in %{time_total}s' "$url/healthz")"
echo "JSON: $out"
