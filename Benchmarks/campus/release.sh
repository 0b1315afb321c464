#!/usr/bin/env bash
# What a third-party release costs on a seeded campus (issue #27): the de-identified view of every
# student's events, tasks, grades and courses (k-anonymised, the recipient's ledger read and
# written, every student logged in the disclosure log), and the workload aggregate — each made
# `rounds` times for a new recipient (so no round finds an earlier one's ledger), on one release
# server. Prints each round's wall time, response size and the server's resident memory before and
# at its peak, then the median and the spread.
#
#   Benchmarks/campus/release.sh [rounds]
#   CAMPUS_USERS=9000 CAMPUS_CACHE=/tmp/campus-cache Benchmarks/campus/release.sh 3
source "$(dirname "$0")/common.sh"
rounds="${1:-3}"
out="${CAMPUS_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/campus-release.XXXXXX")}"
ensure_campus
start_server
echo "Admin1234" | "$bin" user add bench-admin --role admin --password-stdin --database "$work/db.sqlite" >/dev/null
admin=$(curl -fs -X POST "$url/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench-admin","password":"Admin1234"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
kib() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$server/status"; }
# The aggregate's window: the whole seeded term, Monday to Monday.
read -r from to < <(python3 - "$campus_dir/campus.json" <<'PY'
import datetime, json, sys
campus = json.load(open(sys.argv[1]))
start = datetime.date.fromisoformat(campus["termStart"])
end = datetime.date.fromisoformat(campus["termEnd"])
start -= datetime.timedelta(days=start.weekday())
end += datetime.timedelta(days=7 - end.weekday())
print(f"{start}T00:00:00Z {end}T00:00:00Z")
PY
)
for round in $(seq "$rounds"); do
    for kind in records aggregate; do
        if [ "$kind" = records ]; then
            path=/api/v1/admin/privacy/releases
            body="{\"recipientId\": \"bench-$round\", \"purpose\": \"Benchmark\", \"categories\": [\"events\", \"tasks\", \"grades\", \"courses\"]}"
        else
            path=/api/v1/admin/privacy/aggregates/workload
            body="{\"recipientId\": \"bench-agg-$round\", \"purpose\": \"Benchmark\", \"from\": \"$from\", \"to\": \"$to\"}"
        fi
        before=$(kib VmRSS)
        started=$(date +%s.%N)
        status=$(curl -s -o "$out/$kind-$round.json" -w '%{http_code} %{size_download}' -X POST "$url$path" \
            -H "Authorization: Bearer $admin" -H 'Content-Type: application/json' --max-time 3600 -d "$body")
        ended=$(date +%s.%N)
        echo "$kind $round $status $(echo "$ended - $started" | bc) $before $(kib VmHWM)" | tee -a "$out/rounds.txt"
    done
done
python3 - "$out" <<'PY'
import json, statistics, sys
rows = [line.split() for line in open(sys.argv[1] + "/rounds.txt")]
for kind in ("records", "aggregate"):
    mine = [r for r in rows if r[0] == kind]
    seconds = [float(r[4]) for r in mine]
    peak = [int(r[6]) / 1024 for r in mine]
    size = int(mine[0][3]) / 1e6
    body = json.load(open(f"{sys.argv[1]}/{kind}-1.json"))
    what = (f'{len(body["records"])} records, {body["subjects"]} students, {body["suppressedRecords"]} left out'
            if kind == "records" else f'{len(body["cells"])} cells')
    print(f'{kind:>9}: {what}; {size:.1f} MB; time median {statistics.median(seconds):.2f} s '
          f'(range {min(seconds):.2f}–{max(seconds):.2f}); server peak RSS {max(peak):.0f} MiB '
          f'(idle {int(mine[0][5]) / 1024:.0f} MiB); statuses {sorted(set(r[2] for r in mine))}')
PY
