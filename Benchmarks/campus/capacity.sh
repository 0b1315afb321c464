#!/usr/bin/env bash
# Capacity run (issue #11): the highest rate of the peak mix at which p99 < 200 ms and no request
# fails, is shed or is left unsent — by rising steps, then bisection between the last clean rate
# and the first failing one. Each rate runs on a fresh copy of the campus (so rates are comparable).
#
#   Benchmarks/campus/capacity.sh [seconds-per-rate] [p99-limit-ms] [connections]
#   Benchmarks/campus/capacity.sh 30 200 512
#
# Rates tried: CAMPUS_RATES (default 75,250,500,1000,1500,2000,3000,4000), then bisection to 5%.
source "$(dirname "$0")/common.sh"
seconds="${1:-30}"
limit="${2:-200}"
connections="${3:-512}"
rates="${CAMPUS_RATES:-75,250,500,1000,1500,2000,3000,4000}"
out="${CAMPUS_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/campus-capacity.XXXXXX")}"
ensure_campus

# Runs one rate; true when it passed.
try_rate() {
    start_server
    "$simulator" run --url "$url" --campus "$campus_dir/campus.json" --rate "$1" --duration "$seconds" \
        --connections "$connections" --server-pid "$server" --json "$out/rate-$1.json" >"$out/rate-$1.txt"
    stop_server
    python3 - "$out/rate-$1.json" "$limit" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["phases"][0]
o = p["overall"]
ok = p["clean"] and o["p99Ms"] < float(sys.argv[2])
print(f'  {p["targetRate"]:6.0f} req/s: achieved {o["throughput"]:7.1f}, p99 {o["p99Ms"]:7.1f} ms, errors {o["errorCount"]}, '
      f'shed {o["shed"]}, client-overloaded {o["clientOverloaded"]} → {"pass" if ok else "FAIL"}')
sys.exit(0 if ok else 1)
PY
}

echo "## capacity: p99 < ${limit} ms and zero errors, ${seconds}s per rate, $connections connections, $(date -u +%Y-%m-%dT%H:%MZ)"
good=0
bad=0
for rate in ${rates//,/ }; do
    if try_rate "$rate"; then good=$rate; else bad=$rate; break; fi
done
if [ "$bad" -gt 0 ]; then
    while [ $((bad - good)) -gt $((good / 20 + 10)) ]; do
        mid=$(((good + bad) / 2))
        if try_rate "$mid"; then good=$mid; else bad=$mid; fi
    done
fi
echo "capacity: $good req/s (first failing rate tried: ${bad:-none})"
echo "results: $out"
