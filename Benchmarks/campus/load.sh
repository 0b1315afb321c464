#!/usr/bin/env bash
# Load run (issue #11): the peak mix in rising steps against a fresh copy of the seeded campus.
#
#   Benchmarks/campus/load.sh [steps] [seconds-per-step] [connections]
#   Benchmarks/campus/load.sh 75,500,1000,2000,3000,4000 30 512
#
# Writes the table to stdout and JSON to $CAMPUS_OUT (default: a temporary file, printed at the end).
source "$(dirname "$0")/common.sh"
steps="${1:-75,500,1000,2000,3000,4000}"
seconds="${2:-30}"
connections="${3:-512}"
out="${CAMPUS_OUT:-$(mktemp "${TMPDIR:-/tmp}/campus-load.XXXXXX.json")}"
ensure_campus
start_server
echo "## load: steps $steps req/s, ${seconds}s each, $connections connections, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
"$simulator" run --url "$url" --campus "$campus_dir/campus.json" --steps "$steps" --duration "$seconds" \
    --connections "$connections" --server-pid "$server" --json "$out"
echo
summarize "$out"
echo "JSON: $out"
