#!/usr/bin/env bash
# A throwaway Samba 4 Active Directory domain controller for the directory-login tests, run as a normal
# process on 127.0.0.1: no system service. Started by Tests/CampusCalTestSupport/SambaADServer.swift.
#
#   Tests/Support/ad/start-samba-ad.sh DIR      (DIR: a fresh, empty directory; SAMBA_DEBUG=3 logs every bind)
#
# Provisions a new domain (realm CAMPUS.TEST, NetBIOS domain CAMPUS, base DC=campus,DC=test) with the
# seed below, or on later starts copies the one it provisioned before (SAMBA_AD_CACHE, default
# ~/.cache/campuscal; SAMBA_AD_FRESH=1 provisions anew); config DIR/etc/smb.conf, database DIR/private.
# Makes a CA (DIR/private/tls/ca.pem) and a server certificate for IP:127.0.0.1, DNS:localhost, the
# machine's name and dc1.campus.test, starts samba with only its LDAP service, writes its PID to
# DIR/samba.pid (it is also the process group of all samba's tasks) and prints exactly one line to stdout:
#   ready ldap=389 ldaps=636 base=DC=campus,DC=test
# Everything else goes to stderr or DIR/samba.log, DIR/provision.log.
# Stop: kill -KILL -- -"$(cat DIR/samba.pid)".
#
# Samba's LDAP ports are fixed (389, 636, 3268 and 3269 for the global catalog; smb.conf has no setting
# for them), so only one such server can run at a time on 127.0.0.1, and it needs root.
#
# Seed (containers CN=Users,DC=campus,DC=test; CN is the display name, sAMAccountName the login name;
# userPrincipalName NAME@campus.test; mail NAME@campus.test):
#   Administrator    Admin-pass1!     domain admin
#   campuscal        Service-pass1!   service account for searches (CN=campuscal)
#   alice            Alice-pass1!     CN=Alice Archer  +1 208 555 0101  Students
#   bob              Bob-pass1!       CN=Bob Baker                      Students
#   carol            Carol-pass1!     CN=Carol Chen                     Faculty, IT Staff (-> CampusCal Admins)
#   dave             Dave-pass1!      CN=Dave Diaz                      Students; DISABLED (userAccountControl 514)
#   frank            Frank-pass1!     CN=Frank Fischer                  must change password (pwdLastSet 0)
# Groups (global security groups, CN=NAME,CN=Users,...): Students, Faculty, IT Staff, and CampusCal Admins,
# whose only member is the group IT Staff. Minimum password age and history are 0, so tests may change
# passwords freely; complexity stays on (3 of upper/lower/digit/other, at least 7 characters).
# Simple binds: the full DN, alice@CAMPUS.TEST or CAMPUS\alice. Failures are all 49 with "…, data 52e, v1db1"
# (wrong password or unknown user), "data 533" (disabled) or "data 773" (must change) in the message.
set -euo pipefail

die() { echo "start-samba-ad: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: start-samba-ad.sh DIR"
mkdir -p "$1"
dir=$(cd "$1" && pwd)

samba_bin=$(command -v samba || true)
if [ -z "$samba_bin" ] && [ -x /usr/sbin/samba ]; then samba_bin=/usr/sbin/samba; fi
[ -n "$samba_bin" ] || die "samba is not installed (apt-get install -y samba-ad-dc samba-ad-provision, or scripts/install-deps --test)"
samba_tool=$(command -v samba-tool || echo /usr/bin/samba-tool)
[ -x "$samba_tool" ] || die "samba-tool is not installed (package samba-common-bin)"
[ -d /usr/share/samba/setup ] || die "Samba's provisioning data is missing (apt-get install -y samba-ad-provision)"
# The system python3, which has Samba's modules (a pyenv python3 on PATH has not, and is slow to start).
python=/usr/bin/python3
[ -x "$python" ] || die "/usr/bin/python3 is not installed"
"$python" -c 'import samba.samdb' 2>/dev/null || die "Samba's Python modules are missing (package python3-samba)"
for tool in openssl ldapsearch; do
    command -v "$tool" >/dev/null || die "$tool is not installed (packages ldap-utils, openssl)"
done

realm=CAMPUS.TEST
base=DC=campus,DC=test
admin_password='Admin-pass1!'
ldap_port=389
ldaps_port=636

# The fixed ports must be free: samba would start without them, and the bind check below would then
# succeed against the server that holds them.
busy=$("$python" -c '
import socket
for port in (389, 636, 3268, 3269):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try: s.bind(("127.0.0.1", port))
    except OSError as error: print(port, error.strerror); break
    finally: s.close()')
[ -z "$busy" ] || die "port ${busy%% *} on 127.0.0.1 is not free (${busy#* }): another Samba AD test server \
still running? Only one can run at a time; its processes show as \"samba: ...\" in ps."

# --- The domain: provisioned and seeded once (≈ 10-15 s), kept as a template in the cache, copied from
# there on every later start (≈ 0.1 s). The template is never run, and the only file naming its own path
# is etc/smb.conf, which is rewritten for DIR; the TLS keys are made anew for each DIR below. Its name
# has a hash of this script and of Samba's version, so an edit of either makes a new one.
# SAMBA_AD_FRESH=1 provisions straight into DIR instead. ---
provision() { # TARGET: a new domain with the seed, not started
    local target=$1
    mkdir -p "$target/run" "$target/log"
    "$samba_tool" domain provision --targetdir="$target" --realm="$realm" --domain=CAMPUS \
        --adminpass="$admin_password" --server-role=dc --dns-backend=NONE --use-rfc2307 \
        --host-ip=127.0.0.1 --host-name=dc1 \
        --option="interfaces = 127.0.0.1" --option="bind interfaces only = yes" \
        --option="server services = ldap" \
        --option="pid directory = $target/run" --option="ncalrpc dir = $target/run/ncalrpc" \
        --option="winbindd socket directory = $target/run/winbindd" \
        --option="ntp signd socket directory = $target/run/ntp_signd" \
        --option="log file = $target/log/%m.log" \
        >"$target/provision.log" 2>&1 || die "samba-tool domain provision failed:
$(tail -20 "$target/provision.log")"
    # Simple binds over plain LDAP (as the tests' clients make them); provision drops this from --option.
    sed -i 's/^\[global\]$/&\n\tldap server require strong auth = no/' "$target/etc/smb.conf"
    grep -q 'require strong auth = no' "$target/etc/smb.conf" || die "could not edit $target/etc/smb.conf"

    # The seed, straight into the new database: the same SamDB calls samba-tool's user create / user
    # disable / group add / group addmembers make, in one Python process (≈ 1 s instead of ≈ 0.5 s for
    # each of ~16 samba-tool runs).
    "$python" - "$target/etc/smb.conf" >>"$target/provision.log" 2>&1 <<'EOF' || die "seeding the directory failed:
$(tail -20 "$target/provision.log")"
import sys
import ldb
from samba.auth import system_session
from samba.param import LoadParm
from samba.samdb import SamDB

lp = LoadParm()
lp.load(sys.argv[1])
db = SamDB(session_info=system_session(), lp=lp)
domain = db.domain_dn()

# Let tests change passwords (e.g. frank's) more than once a day and back to an old one.
settings = ldb.Message(ldb.Dn(db, domain))
settings["minPwdAge"] = ldb.MessageElement("0", ldb.FLAG_MOD_REPLACE, "minPwdAge")
settings["pwdHistoryLength"] = ldb.MessageElement("0", ldb.FLAG_MOD_REPLACE, "pwdHistoryLength")
db.modify(settings)

def user(name, password, given=None, surname=None, phone=None, must_change=False, description=None):
    # useusernameascn=None is samba-tool's default: CN = "Given Surname" when there are names.
    db.newuser(name, password, useusernameascn=None, givenname=given, surname=surname,
               mailaddress=f"{name}@campus.test", telephonenumber=phone, description=description,
               force_password_change_at_next_login_req=must_change)

user("campuscal", "Service-pass1!", description="CampusCal directory searches")
user("alice", "Alice-pass1!", "Alice", "Archer", phone="+1 208 555 0101")
user("bob", "Bob-pass1!", "Bob", "Baker")
user("carol", "Carol-pass1!", "Carol", "Chen")
user("dave", "Dave-pass1!", "Dave", "Diaz")
user("frank", "Frank-pass1!", "Frank", "Fischer", must_change=True)
db.disable_account("(sAMAccountName=dave)")
for group, members in [("Students", ["alice", "bob", "dave"]), ("Faculty", ["carol"]),
                       ("IT Staff", ["carol"]), ("CampusCal Admins", ["IT Staff"])]:
    db.newgroup(group)
    db.add_remove_group_members(group, members)
EOF
}

cache=${SAMBA_AD_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/campuscal}
key=$( { cat "${BASH_SOURCE[0]}"; "$samba_bin" -V; } | sha256sum | cut -c1-16)
template="$cache/samba-ad-$key"
if [ "${SAMBA_AD_FRESH:-0}" = 1 ]; then
    provision "$dir"
else
    if [ ! -d "$template" ]; then
        mkdir -p "$cache" || die "cannot create the cache directory $cache (set SAMBA_AD_CACHE or SAMBA_AD_FRESH=1)"
        # Leftovers: other versions' templates, and builds that were killed.
        find "$cache" -mindepth 1 -maxdepth 1 \( -name 'samba-ad-*' ! -name "samba-ad-$key" -o -name '.build-*' -mmin +30 \) \
            -exec rm -rf {} + 2>/dev/null || true
        build=$(mktemp -d "$cache/.build-XXXXXX")
        provision "$build"
        echo "$build" > "$build/built-in"
        # Atomic: when another start has made the template meanwhile, keep that one.
        mv -T "$build" "$template" 2>/dev/null || rm -rf "$build"
    fi
    cp -a "$template/." "$dir/" || die "could not copy the template $template to $dir"
    built_in=$(cat "$dir/built-in")
    conf=$(cat "$dir/etc/smb.conf")
    printf '%s\n' "${conf//"$built_in"/"$dir"}" > "$dir/etc/smb.conf"
fi
cd "$dir"
mkdir -p private/tls

# --- Certificates (EC keys: fast; Samba would otherwise make RSA-4096 ones for DC1.campus.test only,
# which no client can verify for 127.0.0.1). Samba's default file names, so smb.conf needs nothing. ---
ssl() { openssl "$@" 2>>"$dir/openssl.log" || die "openssl $1 failed: $(tail -5 "$dir/openssl.log")"; }
tls=private/tls
ssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=CampusCal Test AD CA" \
    -keyout "$tls/ca-key.pem" -out "$tls/ca.pem" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
ssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=dc1.campus.test" \
    -keyout "$tls/key.pem" -out "$tls/server.csr"
san="IP:127.0.0.1,DNS:localhost,DNS:dc1.campus.test"
host=$(uname -n)
if [[ "$host" =~ ^[A-Za-z0-9.-]+$ ]] && [ "$host" != localhost ]; then san="$san,DNS:$host"; fi
printf '%s\n' "subjectAltName=$san" "extendedKeyUsage=serverAuth" \
    "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature,keyEncipherment" > "$tls/server.ext"
ssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca-key.pem" -CAcreateserial -days 2 \
    -extfile "$tls/server.ext" -out "$tls/cert.pem"
chmod 600 "$tls/key.pem" "$tls/ca-key.pem"   # Samba refuses a key that others may read.

# --- Start and wait. ---
: > samba.log
# samba must not inherit the caller's descriptors: Foundation's Process watches a socket its child
# inherits to learn that the child exited, so a samba holding it makes waitUntilExit() hang until it dies.
# -F keeps samba in the foreground (no fork, so $! is its PID); not -i, which stops samba as soon as stdin
# reaches EOF. samba -F stays in the caller's process group, so it gets a session of its own first (setsid
# without a fork): its PID is then the process group of all its tasks, and one kill stops them all.
(
    for fd in /proc/$BASHPID/fd/*; do
        fd=${fd##*/}
        if [ "$fd" -gt 2 ] && [ "$fd" != 255 ]; then eval "exec $fd>&-"; fi
    done
    exec "$python" -c 'import os, sys; os.setsid(); os.execv(sys.argv[1], sys.argv[1:])' \
        "$samba_bin" -F --debug-stdout -d "${SAMBA_DEBUG:-1}" -s "$dir/etc/smb.conf"
) </dev/null >>samba.log 2>&1 &
pid=$!
echo "$pid" > samba.pid
ready=0
# Until the ready line is printed, any failure stops samba (its whole process group, and any helper
# started with this configuration) so nothing is left running.
stop_all() {
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    for cmdline in /proc/[0-9]*/cmdline; do
        if tr '\0' ' ' 2>/dev/null < "$cmdline" | grep -qF "$dir/etc/smb.conf"; then
            other=${cmdline#/proc/}; kill -KILL "${other%/cmdline}" 2>/dev/null || true
        fi
    done
}
trap '[ "$ready" = 1 ] || stop_all' EXIT

try_bind() { # URL, then ldapsearch options: a base search on the domain as the administrator
    local url=$1; shift
    ldapsearch -x -LLL -o nettimeout=2 -H "$url" -D "Administrator@$realm" -w "$admin_password" \
        -b "$base" -s base "$@" dn >/dev/null 2>&1
}
for _ in $(seq 600); do
    kill -0 "$pid" 2>/dev/null || die "samba exited at start:
$(tail -30 samba.log)"
    if try_bind "ldap://127.0.0.1:$ldap_port"; then ready=2; break; fi
    sleep 0.1
done
[ "$ready" = 2 ] || die "samba did not accept a simple bind within 60 s:
$(tail -30 samba.log)"
LDAPTLS_CACERT="$dir/$tls/ca.pem" LDAPTLS_REQCERT=demand try_bind "ldaps://127.0.0.1:$ldaps_port" \
    || die "LDAPS on port $ldaps_port does not work with the generated CA:
$(tail -30 samba.log)"

ready=1
echo "ready ldap=$ldap_port ldaps=$ldaps_port base=$base"
