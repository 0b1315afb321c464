#!/usr/bin/env bash
# Paired comparison of two server builds (issue #11): the peak mix at one rate, the two builds
# alternated ABBA round after round, each run on a fresh server and a fresh copy of the campus.
# Prints each run's server CPU per request (from the run's own CPU mean, so the clients' feed
# prefetch before it is not counted), p99, and each round's B/A ratio with their mean ± standard
# error. On this shared 2-core machine runs of one build differ by up to a fifth; comparing within
# a round cancels most of that.
#
#   Benchmarks/campus/compare.sh RATE SECONDS ROUNDS BIN_A BIN_B
#   Benchmarks/campus/compare.sh 2000 20 4 /tmp/before/campuscal .build-release/release/campuscal
#
# BIN_A and BIN_B are campuscal executables (or scripts that exec one, e.g. with an environment
# variable set); the simulator is CAMPUS_SIMULATOR_BIN or .build-release/release/campus-simulator.
# Servers run from the repository, so they read config/campuscal.toml: a build older than a key in
# it refuses to start ("unknown setting"); wrap it in a script that first cds elsewhere.
set -euo pipefail
rate="$1"
seconds="$2"
rounds="$3"
builds=("$4" "$5")
cd "$(dirname "$0")/../.."
export CAMPUS_SKIP_BUILD=1
export CAMPUS_SIMULATOR_BIN="${CAMPUS_SIMULATOR_BIN:-$PWD/.build-release/release/campus-simulator}"
results=$(mktemp -d "${TMPDIR:-/tmp}/campus-compare.XXXXXX")

run_one() { # label binary round
    CAMPUSCAL_BIN="$2" bash -c '
        source Benchmarks/campus/common.sh
        ensure_campus
        start_server
        "$simulator" run --url "$url" --campus "$campus_dir/campus.json" --rate "$1" --duration "$2" \
            --connections 512 --server-pid "$server" --json "$3" >"$3.txt" 2>&1' _ "$rate" "$seconds" "$results/$3-$1.json"
    python3 - "$results/$3-$1.json" "$1" "$3" <<'PY'
import json, sys
phase = json.load(open(sys.argv[1]))["phases"][0]
overall, server = phase["overall"], phase["server"]
print(f'round {sys.argv[3]} {sys.argv[2]}: {server["cpuMeanPercent"] * 10 / overall["throughput"]:.4f} ms of server CPU a request, '
      f'p99 {overall["p99Ms"]:.1f} ms, {overall["throughput"]:.0f} req/s, errors {overall["errorCount"]}, shed {overall["shed"]}')
PY
}

echo "## compare: A=${builds[0]} B=${builds[1]}, $rate req/s, ${seconds}s runs, $rounds rounds, $(date -u +%Y-%m-%dT%H:%MZ)"
for round in $(seq "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then order="0 1"; else order="1 0"; fi
    for which in $order; do
        label=$([ "$which" = 0 ] && echo A || echo B)
        run_one "$label" "${builds[$which]}" "$round"
    done
done
python3 - "$results" "$rounds" <<'PY'
import json, math, sys
def cost(path):
    phase = json.load(open(path))["phases"][0]
    return phase["server"]["cpuMeanPercent"] * 10 / phase["overall"]["throughput"]
ratios = [cost(f"{sys.argv[1]}/{r}-B.json") / cost(f"{sys.argv[1]}/{r}-A.json") - 1 for r in range(1, int(sys.argv[2]) + 1)]
mean = sum(ratios) / len(ratios)
se = math.sqrt(sum((x - mean) ** 2 for x in ratios) / (len(ratios) - 1) / len(ratios)) if len(ratios) > 1 else float("nan")
print("B against A, per round: " + ", ".join(f"{100 * x:+.1f}%" for x in ratios))
print(f"mean {100 * mean:+.1f}% ± {100 * se:.1f}% (standard error)")
PY
rm -rf "$results"
