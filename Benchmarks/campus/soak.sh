#!/usr/bin/env bash
# Soak run (issue #11): the peak mix at one rate for 10 minutes; the server's RSS every 10 s, and
# its growth from the end of the first minute (warm caches) to the end.
#
#   Benchmarks/campus/soak.sh [rate] [seconds] [connections]
#   Benchmarks/campus/soak.sh 1000 600 512
source "$(dirname "$0")/common.sh"
rate="${1:-1000}"
seconds="${2:-600}"
connections="${3:-512}"
out="${CAMPUS_OUT:-$(mktemp "${TMPDIR:-/tmp}/campus-soak.XXXXXX.json")}"
ensure_campus
start_server
echo "## soak: $rate req/s for ${seconds}s, $connections connections, $(date -u +%Y-%m-%dT%H:%MZ)"
"$simulator" run --url "$url" --campus "$campus_dir/campus.json" --rate "$rate" --duration "$seconds" \
    --connections "$connections" --server-pid "$server" --json "$out"
echo
summarize "$out"
python3 - "$out" <<'PY'
import json, sys
samples = json.load(open(sys.argv[1]))["serverSamples"]
print("RSS every 10 s (MB):", " ".join(f'{s["rssMB"]:.0f}' for s in samples if round(s["t"]) % 10 == 0))
warm = [s for s in samples if s["t"] >= 60]
if warm:
    first, last = warm[0]["rssMB"], warm[-1]["rssMB"]
    print(f"RSS after 1 min {first:.0f} MB, at the end {last:.0f} MB: growth {last - first:+.0f} MB ({(last - first) / first * 100:+.1f}%); peak {max(s['rssMB'] for s in samples):.0f} MB")
PY
echo "JSON: $out"
