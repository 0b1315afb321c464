#!/usr/bin/env bash
# The shipped plugins' cost under the campus's own peak mix (issues #9 and #11): one release server
# on a fresh copy of the seeded campus with every plugin in Plugins/ installed — us-holidays (C, in
# the server: day labels), task-rewards (Swift, isolated in a plugin runner: an event hook on every
# completed task), csv-files (isolated) — all turned off and on over the admin API between runs.
#
# The server is CPU-bound, so its throughput is the inverse of the CPU it spends a request: each run
# offers the same rate, below capacity, and the script reports the CPU seconds the server and its
# plugin runners used per 1,000 requests answered. Runs go enabled, disabled, disabled, enabled, …
# (ABBA) after a warm-up run (the caches fill), so that a drift over time (the database grows, the
# page cache warms) falls on both sides evenly.
#
#   Benchmarks/campus/plugins.sh [rounds] [seconds-per-run] [rate] [connections]
#   Benchmarks/campus/plugins.sh 4 20 800 512
source "$(dirname "$0")/common.sh"
rounds="${1:-4}"
seconds="${2:-20}"
rate="${3:-800}"
connections="${4:-512}"
out="${CAMPUS_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/campus-plugins.XXXXXX")}"
if [ -z "${CAMPUS_SKIP_BUILD:-}" ]; then
    swift build -c release --product us-holidays --scratch-path .build-release
    swift build -c release --product task-rewards --scratch-path .build-release
fi
ensure_campus
plugins=$(mktemp -d)
trap 'stop_server; rm -rf "$plugins"' EXIT
scripts/package-plugins "$(dirname "$bin")" "$plugins" >/dev/null
CAMPUSCAL_PLUGINS_DIRECTORY="$plugins" start_server

echo "Admin1234" | "$bin" user add bench-admin --role admin --password-stdin --database "$work/db.sqlite" >/dev/null
admin=$(curl -fs -X POST "$url/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench-admin","password":"Admin1234"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
curl -fs "$url/api/v1/admin/plugins" -H "Authorization: Bearer $admin" | python3 -c '
import json, sys
for p in json.load(sys.stdin)["items"]: print("plugin", p["id"] + ":", p["status"], "(" + p["isolation"] + ")")'
ids=$(curl -fs "$url/api/v1/admin/plugins" -H "Authorization: Bearer $admin" | python3 -c '
import json, sys
print(" ".join(p["id"] for p in json.load(sys.stdin)["items"]))')
switch() {
    for id in $ids; do
        curl -fs -X POST "$url/api/v1/admin/plugins/$id/$1" -H "Authorization: Bearer $admin" >/dev/null
    done
}
# Every live process under $1: a plugin runner sits two levels down since issue #26 (prlimit execs
# bwrap, whose namespace's init starts the runner), so children alone would miss its CPU.
descendants() {
    local child
    for child in $(pgrep -P "$1" || true); do echo "$child"; descendants "$child"; done
}
# CPU seconds (user + system) used so far by the server and every process under it (the plugin runners).
cpu() {
    local total=0 pid
    for pid in "$server" $(descendants "$server"); do
        if [ -r "/proc/$pid/stat" ]; then total=$(awk -v t="$total" '{ printf "%.2f", t + ($14 + $15) / 100 }' "/proc/$pid/stat"); fi
    done
    echo "$total"
}
# One run at the offered rate; prints its line (and appends it to runs.txt).
run() {
    local before
    before=$(cpu)
    # --cold-clients: no feeds fetched before the run, whose CPU this count would include.
    "$simulator" run --url "$url" --campus "$campus_dir/campus.json" --rate "$rate" --duration "$seconds" \
        --connections "$connections" --server-pid "$server" --json "$out/$2.json" --cold-clients >"$out/$2.txt"
    python3 - "$out/$2.json" "$1" "$(cpu)" "$before" <<'PY' | tee -a "$out/runs.txt"
import json, sys
p = json.load(open(sys.argv[1]))["phases"][0]
o, mix = p["overall"], p["mix"]
done = mix.get("complete-task", {}).get("throughput", 0)
cpu = float(sys.argv[3]) - float(sys.argv[4])
answered = o["throughput"] * p["seconds"]
print(f'{sys.argv[2]:>9}: {o["throughput"]:7.1f} req/s ({done:5.1f} completions/s)  p50 {o["p50Ms"]:6.1f}  p99 {o["p99Ms"]:7.1f} ms  '
      f'errors {o["errorCount"]}  CPU {cpu:6.2f} s = {1000 * cpu / answered:.3f} s per 1,000 requests')
PY
}
echo "## plugins enabled vs disabled, campus mix at $rate req/s offered, ${seconds}s a run, $connections connections, $(date -u +%Y-%m-%dT%H:%MZ)"
switch enable
run warm-up warm-up
for round in $(seq "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then order="enabled disabled"; else order="disabled enabled"; fi
    for state in $order; do
        switch "${state%d}"; run "$state" "$state-$round"
    done
done
switch enable
python3 - "$out/runs.txt" <<'PY'
import re, statistics, sys
runs = []
for line in open(sys.argv[1]):
    m = re.match(r"\s*(enabled|disabled):.*= ([0-9.]+) s per 1,000", line)
    if m: runs.append((m.group(1), float(m.group(2))))
per = {state: [cpu for s, cpu in runs if s == state] for state in ("enabled", "disabled")}
on, off = (sum(v) / len(v) for v in (per["enabled"], per["disabled"]))
print(f"CPU per 1,000 requests: enabled {on:.3f} s, disabled {off:.3f} s → the plugins cost {100 * (on / off - 1):+.1f}% "
      f"(throughput of a CPU-bound server {100 * (off / on - 1):+.1f}%)")
# Each round's pair side by side: the database grows and the machine's neighbours come and go, so
# runs far apart differ more than the plugins do; the rounds' own ratios cancel that drift.
pairs = [dict(runs[i:i + 2]) for i in range(0, len(runs) - 1, 2)]
ratios = [p["enabled"] / p["disabled"] - 1 for p in pairs if len(p) == 2]
if len(ratios) >= 2:
    mean, error = statistics.mean(ratios), statistics.stdev(ratios) / len(ratios) ** 0.5
    # One-sided 95% bound from Student's t (df = rounds - 1).
    t = {1: 6.31, 2: 2.92, 3: 2.35, 4: 2.13, 5: 2.02, 6: 1.94, 7: 1.89, 8: 1.86, 9: 1.83, 10: 1.81, 11: 1.80}.get(len(ratios) - 1, 1.78)
    print("per round: " + " ".join(f"{100 * r:+.1f}%" for r in ratios))
    print(f"paired: the plugins cost {100 * mean:+.1f}% ± {100 * error:.1f}% (standard error over {len(ratios)} rounds); "
          f"95% upper bound {100 * (mean + t * error):+.1f}% (target < 5%)")
PY
# The hooks did their work: task-rewards keeps each rewarded student's points in its state.
echo "task-rewards state: $(sqlite3 "$work/db.sqlite" "SELECT count(*) FROM pluginState WHERE pluginID = 'org.campuscal.task-rewards'") keys"
curl -fs "$url/api/v1/admin/plugins" -H "Authorization: Bearer $admin" | python3 -c '
import json, sys
for p in json.load(sys.stdin)["items"]: print("plugin", p["id"] + ":", p["status"])'
echo "results: $out"
