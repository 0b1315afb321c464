#!/usr/bin/env bash
# The container test (issue #10): builds CampusCal's image with podman and runs it for real.
#
#   Tests/Container/run_container_test.sh            (as root; scripts/test runs it after `swift test`)
#
# 1. hadolint passes on docker/Dockerfile and docker/ldap/Dockerfile.
# 2. A Debian base image made here, once: debootstrap --variant=minbase bookworm into
#    .build/container/rootfs (kept), imported as localhost/debian:bookworm-slim (no registry is reachable).
# 3. The image's `prebuilt` target from the host build (docker/stage-prebuilt: the server, the Swift
#    runtime libraries it and its plugins load, the shipped plugins packaged), with podman build
#    --pull=never --isolation=chroot; every library the server needs resolves inside the image.
# 4. A real slapd on 127.0.0.1 (Tests/Support/ldap/start-slapd.sh, the directory the Swift tests use),
#    and the container on the host's network, configured only by environment variables, with a named
#    volume for /data and one for /plugins. Then:
#    /healthz answers 200; `podman healthcheck run` says healthy; a directory user logs in (StartTLS,
#    verified against the test CA) and gets a token; a directory admin (nested group) too; the shipped
#    plugins are active (GET /api/v1/plugins); a calendar is created; the server runs as uid 10001,
#    not root; SIGTERM (podman stop -t 20) stops it gracefully (exit 0, "CampusCal stopped" logged,
#    within the timeout); a new container on the same volumes still has the calendar. Last, under a
#    seccomp profile that forbids unshare, the isolated plugins still run (with a warning).
#    Every container runs with docker/compose.yaml's hardening (Tests/Container/compose_hardening.py
#    turns it into podman flags): read-only root with a tmpfs /tmp, no capabilities, no new
#    privileges, memory, CPU and pids limits; the test checks each took effect.
#
# Needs podman, buildah, debootstrap, runc, slapd and ldap-utils (scripts/install-deps --test) and
# hadolint in .venv (Tests/Container/requirements.txt). A missing tool is a failure, not a skip:
# CAMPUSCAL_SKIP_CONTAINER=1 is the only way to skip. Other knobs:
#   CAMPUSCAL_CONTAINER_BUILD_DIR   the host build to put in the image (default: the newer of
#                                   .build/debug and .build/release that has campuscal)
#   CAMPUSCAL_DEBIAN_MIRROR         debootstrap's mirror (default http://deb.debian.org/debian)
#   CAMPUSCAL_CONTAINER_KEEP=1      keep the containers, volumes and slapd folder for a look afterwards
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "${CAMPUSCAL_SKIP_CONTAINER:-0}" = 1 ]; then
    echo "SKIPPED container test: CAMPUSCAL_SKIP_CONTAINER=1"
    exit 0
fi

started=$EPOCHREALTIME
step_started=$started
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
step() { # NAME: ends the previous step, prints its time
    echo "   ($(elapsed "$step_started") s)"
    step_started=$EPOCHREALTIME
    echo "== container: $*"
}
fail() {
    echo "FAILED container test: $*" >&2
    exit 1
}
passed=0
check() { # DESCRIPTION: one check passed
    passed=$((passed + 1))
    echo "   ok: $*"
}

# --- Tools ----------------------------------------------------------------------------------------
echo "== container: tools"
for tool in podman buildah debootstrap runc curl python3 ldapsearch; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (scripts/install-deps --test installs it); CAMPUSCAL_SKIP_CONTAINER=1 skips this test"
done
[ -x /usr/sbin/slapd ] || fail "slapd is not installed (scripts/install-deps --test)"
[ -x .venv/bin/hadolint ] || fail ".venv/bin/hadolint is missing (scripts/install-deps --test installs Tests/Container/requirements.txt)"
[ "$(id -u)" = 0 ] || fail "podman builds here need root (the test runs as root in CI); CAMPUSCAL_SKIP_CONTAINER=1 skips it"

cache=.build/container
mkdir -p "$cache"
image=localhost/campuscal:container-test
base_image=localhost/debian:bookworm-slim
run_id=campuscal-test-$$
data_volume=$run_id-data
plugins_volume=$run_id-plugins
slapd_dir=$(mktemp -d "${TMPDIR:-/tmp}/campuscal-container-test.XXXXXX")
log_dir=$slapd_dir/logs
mkdir -p "$log_dir"
containers=()

# podman as these machines need it: runc (the default runtime fails on this cgroup setup), explicit
# ulimits (runc may not raise them here), and no systemd timer for health checks (no systemd here:
# the checks are run by hand below with `podman healthcheck run`).
pm() { podman --runtime runc "$@"; }
run_flags=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --health-interval=disable)
# The hardening docker/compose.yaml deploys with (read-only root, tmpfs, no capabilities, no new
# privileges, memory, CPU and process limits), read from it: every container below runs under it.
hardening_flags=$(.venv/bin/python Tests/Container/compose_hardening.py docker/compose.yaml) \
    || fail "docker/compose.yaml's hardening: $hardening_flags"
mapfile -t hardening <<<"$hardening_flags"
run_flags+=("${hardening[@]}")

cleanup() {
    local status=$?
    set +e
    if [ "$status" != 0 ]; then
        for container in "${containers[@]}"; do
            echo "--- podman logs $container (last 60 lines)" >&2
            pm logs "$container" 2>&1 | tail -60 >&2
        done
        [ -f "$slapd_dir/slapd/slapd.log" ] && { echo "--- slapd.log (last 20 lines)" >&2; tail -20 "$slapd_dir/slapd/slapd.log" >&2; }
    fi
    if [ "${CAMPUSCAL_CONTAINER_KEEP:-0}" = 1 ]; then
        echo "kept: containers ${containers[*]:-none}, volumes $data_volume $plugins_volume, $slapd_dir" >&2
    else
        for container in "${containers[@]}"; do pm rm -f -v -t 0 "$container" >/dev/null 2>&1; done
        pm volume rm -f "$data_volume" "$plugins_volume" >/dev/null 2>&1
    fi
    if [ -f "$slapd_dir/slapd/slapd.pid" ]; then
        kill -9 "$(cat "$slapd_dir/slapd/slapd.pid")" 2>/dev/null
    fi
    [ "${CAMPUSCAL_CONTAINER_KEEP:-0}" = 1 ] || rm -rf "$slapd_dir"
    echo "== container: total $(elapsed "$started") s"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- 1. hadolint ----------------------------------------------------------------------------------
step "hadolint"
for dockerfile in docker/Dockerfile docker/ldap/Dockerfile; do
    .venv/bin/hadolint --no-color "$dockerfile" || fail "hadolint finds problems in $dockerfile"
    check "hadolint $dockerfile"
done

# --- 2. Debian base image -------------------------------------------------------------------------
step "Debian base image ($base_image)"
if pm image exists "$base_image"; then
    check "$base_image exists"
else
    if [ ! -f "$cache/rootfs/etc/debian_version" ]; then
        rm -rf "$cache/rootfs.partial"
        debootstrap --variant=minbase bookworm "$cache/rootfs.partial" "${CAMPUSCAL_DEBIAN_MIRROR:-http://deb.debian.org/debian}" \
            >"$log_dir/debootstrap.log" 2>&1 || fail "debootstrap failed: $(tail -5 "$log_dir/debootstrap.log")"
        mv "$cache/rootfs.partial" "$cache/rootfs"
    fi
    # Package lists and downloaded .debs stay out: the image's apt-get update fetches fresh lists.
    tar -C "$cache/rootfs" --exclude='./var/lib/apt/lists/*' --exclude='./var/cache/apt/*' -c . \
        | pm import - "$base_image" >/dev/null 2>"$log_dir/import.err" || fail "podman import failed: $(cat "$log_dir/import.err")"
    check "$base_image imported from a debootstrap rootfs"
fi

# --- 3. The image ---------------------------------------------------------------------------------
step "image (--target prebuilt)"
build_dir=${CAMPUSCAL_CONTAINER_BUILD_DIR:-}
if [ -z "$build_dir" ]; then
    for candidate in .build/debug .build/release; do
        [ -x "$candidate/campuscal" ] || continue
        if [ -z "$build_dir" ] || [ "$candidate/campuscal" -nt "$build_dir/campuscal" ]; then build_dir=$candidate; fi
    done
fi
[ -n "$build_dir" ] || fail "no .build/debug/campuscal or .build/release/campuscal: build first (swift build)"
docker/stage-prebuilt "$build_dir" "$cache/context"
previous=$(pm image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
version=$("$build_dir/campuscal" --version)
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
pm build --format docker --pull=never --isolation=chroot --target prebuilt \
    --build-arg BASE_IMAGE="$base_image" --build-arg CAMPUSCAL_VERSION="$version" --build-arg CAMPUSCAL_COMMIT="$commit" \
    -t "$image" -f docker/Dockerfile "$cache/context" >"$log_dir/build.log" 2>&1 \
    || fail "podman build failed: $(tail -30 "$log_dir/build.log")"
# The image this one replaces goes, with its layers (a new binary each run would otherwise pile up).
if [ -n "$previous" ] && [ "$previous" != "$(pm image inspect --format '{{.Id}}' "$image")" ]; then
    pm rmi "$previous" >/dev/null 2>&1 || true
fi
echo "   $(grep -c 'Using cache' "$log_dir/build.log" || true) cached steps; $(pm image inspect --format '{{.Size}}' "$image" | awk '{ printf "%.0f MB", $1 / 1e6 }')"
missing=$(pm run --rm "${run_flags[@]}" --entrypoint /bin/sh "$image" -c \
    'for f in /usr/lib/campuscal/bin/campuscal /usr/lib/campuscal/plugins/*/*.so; do ldd "$f" | grep "not found" | sed "s|^|$f: |"; done' 2>"$log_dir/ldd.err") || fail "the image does not run: $(grep -v systemd "$log_dir/ldd.err")"
[ -z "$missing" ] || fail "libraries missing in the image: $missing"
check "every library of the server and the plugins resolves in the image"
# The image's metadata: what `docker run` relies on.
config=$(pm image inspect --format '{{.Config.User}}|{{.Config.StopSignal}}|{{json .Config.Healthcheck}}|{{json .Config.Volumes}}|{{json .Config.ExposedPorts}}' "$image")
[[ "$config" == 10001:10001\|SIGTERM\|*healthz*\|*'"/data"'*'"/plugins"'*\|*8080/tcp* ]] || fail "image metadata is not as the Dockerfile says: $config"
check "image: user 10001, STOPSIGNAL SIGTERM, HEALTHCHECK on /healthz, volumes /data /plugins /config, port 8080"
labels=$(pm image inspect --format '{{index .Config.Labels "org.opencontainers.image.version"}}|{{index .Config.Labels "org.opencontainers.image.revision"}}' "$image")
[ "$labels" = "$version|$commit" ] || fail "the image's OCI labels say '$labels', not '$version|$commit'"
check "image: labelled version $version, revision ${commit:0:12}"

# --- 4. A directory and a port --------------------------------------------------------------------
step "slapd (the campus directory) on 127.0.0.1"
ready=$(Tests/Support/ldap/start-slapd.sh "$slapd_dir/slapd" 2>"$log_dir/start-slapd.err") \
    || fail "start-slapd.sh failed: $(tail -20 "$log_dir/start-slapd.err")"
ldap_port=$(sed -n 's/.*ldap=\([0-9]*\).*/\1/p' <<<"$ready")
[ -n "$ldap_port" ] || fail "start-slapd.sh said '$ready'"
check "slapd answers on ldap://127.0.0.1:$ldap_port"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base=http://127.0.0.1:$port

# The container's configuration: environment variables only (docker/README.md).
# shellcheck disable=SC2054 # the commas are inside DNs
env_flags=(
    -e CAMPUSCAL_SERVER_PORT="$port"
    -e CAMPUSCAL_LOG_FORMAT=json
    -e CAMPUSCAL_LDAP_URIS="ldap://127.0.0.1:$ldap_port"
    -e CAMPUSCAL_LDAP_START_TLS=true
    -e CAMPUSCAL_LDAP_CA_FILE=/config/ldap-ca.pem
    -e CAMPUSCAL_LDAP_BIND_DN=cn=campuscal,ou=services,dc=campus,dc=test
    -e CAMPUSCAL_LDAP_BIND_PASSWORD=servicepass
    -e CAMPUSCAL_LDAP_USER_BASE=ou=people,dc=campus,dc=test
    -e "CAMPUSCAL_LDAP_USER_FILTER=(&(objectClass=inetOrgPerson)(uid={username}))"
    -e "CAMPUSCAL_LDAP_DISABLED_FILTER=(employeeType=disabled)"
    -e CAMPUSCAL_LDAP_NESTED_GROUPS=walk
    -e "CAMPUSCAL_LDAP_ADMIN_GROUPS=cn=campuscal-admins,ou=groups,dc=campus,dc=test"
    -e "CAMPUSCAL_LDAP_FACULTY_GROUPS=cn=faculty,ou=groups,dc=campus,dc=test; cn=it-staff,ou=groups,dc=campus,dc=test"
    -e CAMPUSCAL_SERVER_CORS_ALLOWED_ORIGINS=https://app.campus.test
)
# start_container NAME: on the host's network (so it reaches slapd on loopback), both volumes, the test CA.
start_container() {
    pm run -d --name "$1" "${run_flags[@]}" --network host \
        -v "$data_volume:/data" -v "$plugins_volume:/plugins" \
        -v "$slapd_dir/slapd/ca.pem:/config/ldap-ca.pem:ro" \
        "${env_flags[@]}" "$image" >/dev/null 2>"$log_dir/run-$1.err" || fail "podman run failed: $(cat "$log_dir/run-$1.err")"
    containers+=("$1")
}
# wait_healthy NAME: /healthz answers 200 within 60 s, or the container's death or the timeout fails the test.
wait_healthy() {
    local deadline=$((SECONDS + 60))
    until [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/healthz" 2>/dev/null)" = 200 ]; do
        [ "$(pm inspect --format '{{.State.Running}}' "$1" 2>/dev/null)" = true ] || fail "container $1 exited before answering /healthz"
        [ "$SECONDS" -lt "$deadline" ] || fail "/healthz did not answer 200 within 60 s"
        sleep 0.2
    done
}
# api METHOD PATH [TOKEN] [JSON]: prints "STATUS BODY"
api() {
    local args=(-s -X "$1" -w '\n%{http_code}' -H 'Content-Type: application/json')
    [ -n "${3:-}" ] && args+=(-H "Authorization: Bearer $3")
    [ -n "${4:-}" ] && args+=(--data "$4")
    curl "${args[@]}" "$base$2"
}
status_of() { tail -n1 <<<"$1"; }
body_of() { sed '$d' <<<"$1"; }
json() { # JSON-TEXT PYTHON-EXPRESSION-ON-d
    python3 -c 'import json, sys; d = json.loads(sys.argv[1]); print(eval(sys.argv[2]))' "$1" "$2"
}

# --- 5. Run ---------------------------------------------------------------------------------------
step "first container: start, /healthz"
pm volume create "$data_volume" >/dev/null
pm volume create "$plugins_volume" >/dev/null
first=$run_id-1
start_container "$first"
wait_healthy "$first"
check "/healthz answers 200 after $(elapsed "$step_started") s"

step "hardening (docker/compose.yaml): read-only root, no capabilities, limits"
echo "   flags: ${hardening[*]}"
! pm exec "$first" sh -c 'echo x > /usr/lib/campuscal/x' 2>/dev/null || fail "the image's files are writable"
! pm exec "$first" sh -c 'echo x > /etc/x' 2>/dev/null || fail "/etc is writable"
pm exec "$first" sh -c 'echo x > /tmp/x && rm /tmp/x' || fail "/tmp (tmpfs) is not writable"
[ "$(pm inspect --format '{{.HostConfig.ReadonlyRootfs}}' "$first")" = true ] || fail "the root filesystem is not read-only"
check "root filesystem read-only; /tmp (tmpfs), /data and /plugins writable"
# Every process's effective and permitted capabilities are empty, and none may gain privileges.
caps=$(pm exec "$first" sh -c 'for p in /proc/[0-9]*; do awk "/^(CapEff|CapPrm|NoNewPrivs):/ { print \$1, \$2 }" $p/status 2>/dev/null; done' | sort -u | tr '\n' ' ')
[ "$caps" = "CapEff: 0000000000000000 CapPrm: 0000000000000000 NoNewPrivs: 1 " ] || fail "processes' capabilities and no_new_privs: $caps"
check "every process: no capabilities, no_new_privs set"
limits=$(pm inspect --format '{{.HostConfig.Memory}} {{.HostConfig.NanoCpus}} {{.HostConfig.PidsLimit}}' "$first")
read -r memory nano_cpus pids_limit <<<"$limits"
[ "$memory" -gt 0 ] && [ "$nano_cpus" -gt 0 ] && [ "$pids_limit" -gt 0 ] || fail "limits not applied: $limits"
tasks=$(pm exec "$first" sh -c 'cat /proc/[0-9]*/status 2>/dev/null | awk "/^Threads:/ { n += \$2 } END { print n }"')
[ "$tasks" -lt $((pids_limit / 2)) ] || fail "$tasks threads, too close to the pids limit $pids_limit"
check "limits: memory $((memory >> 20)) MiB, $((nano_cpus / 1000000000)) CPUs, $pids_limit pids ($tasks threads in use)"

step "health check, non-root, login, plugins, a calendar"
pm healthcheck run "$first" >"$log_dir/healthcheck.out" 2>&1 || fail "podman healthcheck run: $(cat "$log_dir/healthcheck.out")"
health=$(pm inspect --format '{{.State.Health.Status}}' "$first")
[ "$health" = healthy ] || fail "health status is '$health'"
check "podman healthcheck run: $health"

# Every process in the container (tini, the server, plugin runners) runs as campuscal (10001).
uids=$(pm top "$first" huser user 2>/dev/null | tail -n +2 | awk '{ print $2 }' | sort -u | tr '\n' ' ')
[ "$(pm exec "$first" id -u)" = 10001 ] || fail "podman exec id -u is not 10001"
[ "$uids" = "campuscal " ] || fail "processes run as: $uids ($(pm top "$first" user pid args 2>&1))"
server_uid=$(pm exec "$first" sh -c 'for p in /proc/[0-9]*; do case "$(tr "\0" " " < $p/cmdline)" in */usr/lib/campuscal/bin/campuscal\ serve*) awk "/^Uid:/ { print \$2 }" $p/status;; esac; done' | sort -u)
[ "$server_uid" = 10001 ] || fail "the server process's uid is '$server_uid'"
check "not root: the server runs as uid $server_uid; every process: $uids"

reply=$(api POST /api/v1/auth/login "" '{"username":"alice","password":"Alice-pass1"}')
[ "$(status_of "$reply")" = 200 ] || fail "alice's login: $reply"
token=$(json "$(body_of "$reply")" 'd["token"]')
role=$(json "$(body_of "$reply")" 'd["user"]["role"]')
[ -n "$token" ] && [ "$role" = student ] || fail "alice's login gave token '$token', role '$role'"
check "directory login (StartTLS, CA checked): alice gets a token, role $role"
reply=$(api POST /api/v1/auth/login "" '{"username":"carol","password":"Carol-pass1"}')
[ "$(status_of "$reply")" = 200 ] || fail "carol's login: $reply"
admin_token=$(json "$(body_of "$reply")" 'd["token"]')
role=$(json "$(body_of "$reply")" 'd["user"]["role"]')
[ "$role" = admin ] || fail "carol (campuscal-admins through it-staff) is '$role', not admin"
check "directory groups from the environment: carol is $role (nested group)"
reply=$(api POST /api/v1/auth/login "" '{"username":"alice","password":"wrong-Pass1"}')
[ "$(status_of "$reply")" = 401 ] || fail "a wrong password gave $(status_of "$reply")"
check "a wrong password: 401"

reply=$(api GET /api/v1/plugins "$admin_token")
[ "$(status_of "$reply")" = 200 ] || fail "GET /api/v1/plugins: $reply"
plugins=$(json "$(body_of "$reply")" '" ".join(sorted(p["id"].split(".")[-1] + "=" + p["status"] + ("(" + p["isolation"] + ")" if p["isolation"] != "in-process" else "") for p in d["items"]))')
echo "   plugins: $plugins"
for name in us-holidays task-rewards campus-webhook csv-files; do
    [[ " $plugins " == *" $name=active"* ]] || fail "plugin $name is not active: $(body_of "$reply")"
done
check "the shipped plugins are active: $plugins"
if grep -q "does not allow user namespaces" <(pm logs "$first" 2>&1); then
    echo "   note: user namespaces are not available in the container: isolated plugins run without a network namespace (warning logged)"
else
    # Each plugin runner's network namespace against the server's (read from /proc inside the container).
    namespaces=$(pm exec "$first" sh -c 'for p in /proc/[0-9]*; do
        set -- $(tr "\0" " " < $p/cmdline 2>/dev/null)
        [ "${1:-}" = /usr/lib/campuscal/bin/campuscal ] || continue
        echo "${2:-} $(readlink $p/ns/net)"; done')
    server_ns=$(awk '$1 == "serve" { print $2 }' <<<"$namespaces")
    runners=$(awk '$1 == "plugin-runner"' <<<"$namespaces" | wc -l)
    own=$(awk -v s="$server_ns" '$1 == "plugin-runner" && $2 != s' <<<"$namespaces" | wc -l)
    echo "   isolated plugins: $own of $runners runners in a network namespace of their own (unshare --user --net in the container)"
fi

# A campus web app on another origin, listed by an environment variable (issue #32): its preflight is
# answered; another site's gets no CORS headers.
preflight() { curl -s -o /dev/null -D - -X OPTIONS -H "Origin: $1" -H 'Access-Control-Request-Method: POST' "$base/api/v1/calendars"; }
headers=$(preflight https://app.campus.test)
grep -qi '^access-control-allow-origin: https://app.campus.test' <<<"$headers" || fail "the listed origin's preflight: $headers"
! grep -qi '^access-control-' <<<"$(preflight https://elsewhere.test)" || fail "an unlisted origin got CORS headers"
check "CORS from CAMPUSCAL_SERVER_CORS_ALLOWED_ORIGINS: the listed origin's preflight answered, another's not"

# The web app (issue #30) ships in the image: / is its page, and the module it names is served gzipped and immutable.
page=$(curl -s "$base/")
script=$(grep -o '/assets/[0-9a-f]\{16\}/[^"]*\.js' <<<"$page" | head -1)
[ -n "$script" ] || fail "/ is not the web app's page: $(head -c 300 <<<"$page")"
asset_headers=$(curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip' "$base$script")
grep -qi '^cache-control: public, max-age=31536000, immutable' <<<"$asset_headers" || fail "$script: $asset_headers"
check "the web app from /usr/lib/campuscal/web: / names $script, served immutable"

reply=$(api POST /api/v1/calendars "$token" '{"name":"Container test","timeZone":"America/Denver"}')
[ "$(status_of "$reply")" = 201 ] || fail "creating a calendar: $reply"
calendar=$(json "$(body_of "$reply")" 'd["id"]')
check "alice created calendar $calendar"

step "graceful stop on SIGTERM (podman stop -t 20)"
stop_started=$EPOCHREALTIME
pm stop -t 20 "$first" >/dev/null 2>"$log_dir/stop.err" || fail "podman stop: $(cat "$log_dir/stop.err")"
stop_seconds=$(elapsed "$stop_started")
exit_code=$(pm inspect --format '{{.State.ExitCode}}' "$first")
[ "$exit_code" = 0 ] || fail "the server exited with $exit_code after SIGTERM"
awk -v s="$stop_seconds" 'BEGIN { exit !(s < 19) }' || fail "stopping took $stop_seconds s: SIGTERM was not heeded (podman killed it at 20 s)"
pm logs "$first" 2>&1 | grep -q "CampusCal stopped" || fail "the log does not say 'CampusCal stopped'"
check "stopped in $stop_seconds s, exit code 0, log: CampusCal stopped"

step "a new container on the same volumes"
second=$run_id-2
start_container "$second"
wait_healthy "$second"
check "/healthz answers 200 after $(elapsed "$step_started") s"
reply=$(api POST /api/v1/auth/login "" '{"username":"alice","password":"Alice-pass1"}')
[ "$(status_of "$reply")" = 200 ] || fail "alice's login in the new container: $reply"
token=$(json "$(body_of "$reply")" 'd["token"]')
reply=$(api GET "/api/v1/calendars/$calendar" "$token")
[ "$(status_of "$reply")" = 200 ] && [ "$(json "$(body_of "$reply")" 'd["name"]')" = "Container test" ] \
    || fail "the calendar is gone after the restart: $reply"
check "calendar $calendar is still there (volume $data_volume)"
pm stop -t 20 "$second" >/dev/null 2>&1
[ "$(pm inspect --format '{{.State.ExitCode}}' "$second")" = 0 ] || fail "the second container exited with $(pm inspect --format '{{.State.ExitCode}}' "$second")"
check "second container stopped with exit code 0"

# Where the runtime forbids user namespaces (Docker's default seccomp profile refuses `unshare` to a
# container without CAP_SYS_ADMIN), the isolated plugins must still run, with a warning in the log.
step "a container where unshare is forbidden (seccomp)"
profile=$(pm info --format '{{.Host.Security.SECCOMPProfilePath}}')
[ -f "$profile" ] || fail "podman's seccomp profile '$profile' is missing"
python3 - "$profile" "$slapd_dir/no-unshare.json" <<'PY'
import json, sys
profile = json.load(open(sys.argv[1]))
for rule in profile["syscalls"]:
    rule["names"] = [name for name in rule["names"] if name != "unshare"]
profile["syscalls"].append({"names": ["unshare"], "action": "SCMP_ACT_ERRNO", "errnoRet": 1})
json.dump(profile, open(sys.argv[2], "w"))
PY
third=$run_id-3
run_flags+=(--security-opt "seccomp=$slapd_dir/no-unshare.json")
start_container "$third"
wait_healthy "$third"
! pm exec "$third" unshare --user --map-current-user --net true 2>/dev/null || fail "unshare still works under the profile"
reply=$(api POST /api/v1/auth/login "" '{"username":"carol","password":"Carol-pass1"}')
admin_token=$(json "$(body_of "$reply")" 'd["token"]')
reply=$(api GET /api/v1/plugins "$admin_token")
for name in task-rewards csv-files; do
    [ "$(json "$(body_of "$reply")" "[p['status'] for p in d['items'] if p['id'] == 'org.campuscal.$name'][0]")" = active ] \
        || fail "without user namespaces, $name is not active: $(body_of "$reply")"
done
warnings=$(pm logs "$third" 2>&1 | grep -c "does not allow user namespaces" || true)
[ "$warnings" -ge 2 ] || fail "no warning about user namespaces in the log"
check "without user namespaces: task-rewards and csv-files active, $warnings warnings logged (runners not network-isolated)"
pm stop -t 20 "$third" >/dev/null 2>&1
[ "$(pm inspect --format '{{.State.ExitCode}}' "$third")" = 0 ] || fail "the third container exited with $(pm inspect --format '{{.State.ExitCode}}' "$third")"

echo "   ($(elapsed "$step_started") s)"
echo "container: $passed passed, 0 failed"
