#!/usr/bin/env bash
# Directory (LDAP) logins (issue #6): POST /api/v1/auth/login for a user of a local slapd (the seeded
# throwaway one of Tests/Support/ldap: alice, a student) against the same for a local account
# (registered over HTTP; bcrypt at the production cost 12), at 1 and 8 connections, then the
# directory at 32 (more logins in flight than the directory's pool of 8 threads); and single
# logins timed with curl, the first directory login (which also creates alice's account) cold.
#
# A directory login, as configured here ([directory.campus]: StartTLS verified against the test CA,
# a service account, nested_groups = "walk"): a new TCP connection, StartTLS and its TLS handshake,
# a root-DSE search (does the server answer), the service account's bind, the user search, one
# base search per group (alice: one) for the groups it is in, the user's own bind, unbind. No bcrypt.
# Prints the CPU seconds the server and slapd used during each run: with wrk, slapd and the server
# on the same 2 cores, that says where a login's time goes.
#
#   Benchmarks/http/directory-login.sh [seconds-per-run]      (default 10)
#   DIRECTORY_POOL=N Benchmarks/http/directory-login.sh ...    (max_connections, default 8: the pool's threads)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration="${1:-10}"
pool="${DIRECTORY_POOL:-8}"

# Build before slapd starts (start-server.sh then skips it), so slapd never outlives a failed build.
if [ -z "${CAMPUSCAL_BIN:-}" ]; then swift build -c release --product campuscal --scratch-path .build-release; fi
export CAMPUSCAL_BIN="${CAMPUSCAL_BIN:-.build-release/release/campuscal}"

ldap=$(mktemp -d)
stop_slapd() {
    if [ -s "$ldap/slapd.pid" ]; then kill -9 "$(cat "$ldap/slapd.pid")" 2>/dev/null || true; fi
    rm -rf "$ldap"
}
trap stop_slapd EXIT
# start-server.sh replaces the EXIT trap; until it is set again below, a failure stops slapd through ERR.
trap stop_slapd ERR
ready=$(Tests/Support/ldap/start-slapd.sh "$ldap")
ldap_port=$(sed -n 's/^ready ldap=\([0-9]*\) .*/\1/p' <<<"$ready")
slapd=$(cat "$ldap/slapd.pid")

cat > "$ldap/campuscal.toml" <<EOF
[auth]
bcrypt_cost = 12

[directory.campus]
uris = ["ldap://127.0.0.1:$ldap_port"]
start_tls = true
ca_file = "$ldap/ca.pem"
bind_dn = "cn=campuscal,ou=services,dc=campus,dc=test"
bind_password = "servicepass"
user_base = "ou=people,dc=campus,dc=test"
user_filter = "(uid={username})"
nested_groups = "walk"
admin_groups = ["cn=campuscal-admins,ou=groups,dc=campus,dc=test"]
faculty_groups = ["cn=faculty,ou=groups,dc=campus,dc=test"]
max_connections = $pool
EOF
# Read by `campuscal user add` and `campuscal serve` in start-server.sh (instead of config/campuscal.toml).
export CAMPUSCAL_CONFIG="$ldap/campuscal.toml"
# Until start-server.sh names the server, its EXIT trap stops slapd (the one thing running).
server=$slapd
source Benchmarks/http/start-server.sh
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"; stop_slapd' EXIT
trap - ERR

url="http://127.0.0.1:$port/api/v1/auth/login"
login() { # USERNAME PASSWORD -> "STATUS SECONDS"
    curl -s -o /dev/null -w '%{http_code} %{time_total}' -X POST "$url" -H 'Content-Type: application/json' \
        -d "{\"username\":\"$1\",\"password\":\"$2\"}"
}
expect_200() { # WHAT "STATUS SECONDS"
    [ "${2%% *}" = 200 ] || { echo "directory-login: $1 answered ${2%% *}, not 200" >&2; exit 1; }
}

echo "## $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores; $(uname -m); ${duration}s per run; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "directory pool: max_connections = $pool; slapd $("$(command -v slapd || echo /usr/sbin/slapd)" -VV 2>&1 | sed -n 's/.*slapd \([0-9.]*\).*/\1/p' | head -1) on ldap://127.0.0.1:$ldap_port (StartTLS)"
echo

echo "### single logins (curl time_total)"
cold=$(login alice Alice-pass1)
expect_200 "the first login of alice" "$cold"
echo "directory, cold (first login since start: new pool thread, TLS context, alice's account created): ${cold#* } s"
warm=()
for _ in 1 2 3 4 5; do reply=$(login alice Alice-pass1); expect_200 "alice" "$reply"; warm+=("${reply#* }"); done
echo "directory, the next 5 one after another: ${warm[*]} s"
registered=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/api/v1/auth/register" \
    -H 'Content-Type: application/json' -d '{"username":"local.user","password":"Local-pass1"}')
[ "$registered" = 201 ] || { echo "directory-login: registering local.user answered $registered" >&2; exit 1; }
local_times=()
for _ in 1 2 3 4 5; do reply=$(login local.user Local-pass1); expect_200 "local.user" "$reply"; local_times+=("${reply#* }"); done
echo "local (bcrypt cost 12), 5 one after another: ${local_times[*]} s"
echo

ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# Every core's busy and total ticks (idle and iowait are not busy): were the 2 cores saturated?
cores() { awk '/^cpu / {total = 0; for (i = 2; i <= NF; i++) total += $i; print total - $5 - $6, total}' /proc/stat; }
result="$ldap/wrk.out"
run() { # TITLE CONNECTIONS USERNAME PASSWORD
    local threads=2 server0 slapd0 busy0 total0 busy1 total1 logins
    [ "$2" -gt 1 ] || threads=1
    echo "### POST /api/v1/auth/login, $1, $2 connection(s)"
    server0=$(cpu "$server"); slapd0=$(cpu "$slapd"); read -r busy0 total0 < <(cores)
    # A local login at 8 connections can take over 2 s (wrk's default timeout) on a busy machine.
    wrk -t"$threads" -c"$2" -d"${duration}s" --timeout 30s --latency -s Benchmarks/http/directory_login.lua "$url" -- "$3" "$4" \
        | tee "$result"
    read -r busy1 total1 < <(cores)
    logins=$(sed -n 's/^logins answered: \([0-9]*\),.*/\1/p' "$result")
    python3 -c 'import sys
server, slapd, ticks, n, busy, total, cores = (int(a) for a in sys.argv[1:8])
per = lambda t: f"{t / ticks / max(n, 1) * 1000:.1f} ms"
print(f"CPU during the run: server {server / ticks:.1f} s, slapd {slapd / ticks:.1f} s;",
      f"per login: server {per(server)}, slapd {per(slapd)};",
      f"all {cores} cores {100 * busy / max(total, 1):.0f}% busy (wrk and anything else running included)")' \
        $(( $(cpu "$server") - server0 )) $(( $(cpu "$slapd") - slapd0 )) "$ticks" "${logins:-0}" \
        $(( busy1 - busy0 )) $(( total1 - total0 )) "$(nproc)"
    if grep -q 'NOT ALL LOGINS SUCCEEDED' "$result"; then echo "directory-login: some logins failed" >&2; exit 1; fi
    echo
}
run "directory user (alice)" 1 alice Alice-pass1
run "local user (bcrypt 12)" 1 local.user Local-pass1
run "directory user (alice)" 8 alice Alice-pass1
run "local user (bcrypt 12)" 8 local.user Local-pass1
run "directory user (alice), the pool has $pool threads" 32 alice Alice-pass1
echo "server peak RSS: $(grep VmHWM "/proc/$server/status" | awk '{print $2, $3}')"
