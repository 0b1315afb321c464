#!/usr/bin/env bash
# A throwaway OpenLDAP server (slapd 2.5) for the directory-login tests, run as a normal process on
# 127.0.0.1: no root, no system service. Started by Tests/CampusCalTestSupport/SlapdServer.swift.
#
#   Tests/Support/ldap/start-slapd.sh DIR      (DIR: a fresh, empty directory; SLAPD_DEBUG=stats logs every operation)
#
# Makes everything under DIR: a CA (ca.pem) and a server certificate for IP:127.0.0.1, DNS:localhost and
# the machine's name (libldap verifies ldap://localhost against that name),
# a second, unrelated CA (other-ca.pem) that does NOT verify the server, slapd.conf, the mdb database.
# Starts slapd on two free ports (plain LDAP with StartTLS, and LDAPS), writes its PID to DIR/slapd.pid,
# adds the seed entries through the running server (so the memberof overlay fills memberOf; slapadd would
# not), and prints exactly one line to stdout:  ready ldap=PORT ldaps=SPORT
# Everything else goes to stderr or DIR/slapd.log. Stop the server with: kill "$(cat DIR/slapd.pid)".
#
# Directory (suffix dc=campus,dc=test):
#   cn=admin,dc=campus,dc=test               adminpass     rootdn, bypasses the ACLs
#   cn=campuscal,ou=services,dc=campus,dc=test servicepass  reads every entry and attribute except userPassword
#   uid=NAME,ou=people,dc=campus,dc=test     inetOrgPerson: uid cn sn givenName displayName mail [telephoneNumber]
#     alice  Alice Archer  Alice-pass1  alice@campus.test  +1 208 555 0101  students
#     bob    Bob Baker     Bob-pass1    bob@campus.test    (no phone)       students
#     carol  Carol Chen    Carol-pass1  carol@campus.test                   faculty, it-staff (-> campuscal-admins)
#     dave   Dave Diaz     Dave-pass1   dave@campus.test                    students, disabled
#     erin   Erin Evans    Erin-pass1   erin@campus.test                    students, directory-optout
#   cn=GROUP,ou=groups,dc=campus,dc=test     groupOfNames, member = DNs:
#     students (alice bob dave erin), faculty (carol), it-staff (carol),
#     campuscal-admins (the GROUP cn=it-staff: carol is an admin only through a nested lookup),
#     disabled (dave), directory-optout (erin)
# memberOf (from the overlay; operational, so ask for it by name or with "+") lists direct groups only:
# carol has faculty and it-staff; cn=it-staff itself has memberOf cn=campuscal-admins.
#
# Disabled account (dave): employeeType "disabled" AND member of cn=disabled. The server enforces it: an
# ACL denies auth on userPassword of entries with employeeType=disabled, so his bind fails with 49
# (invalidCredentials) even with the right password, as AD does. A client tells "disabled" from "wrong
# password" by reading employeeType (or memberOf) with the service account before binding.
# Directory-information opt-out (erin, like a FERPA hold): employeeType "optout" AND member of
# cn=directory-optout. Not enforced by the server (the service account still reads her entry, and she can
# log in); the client must not show her details to other users.
# ACLs: anonymous may only bind (auth); a user may bind as and read its own entry; the service account
# reads everything but password hashes; nobody else reads anything.
set -euo pipefail

die() { echo "start-slapd: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: start-slapd.sh DIR"
mkdir -p "$1"
dir=$(cd "$1" && pwd)

# /usr/sbin is not on every user's PATH.
slapd_bin=$(command -v slapd || true)
if [ -z "$slapd_bin" ] && [ -x /usr/sbin/slapd ]; then slapd_bin=/usr/sbin/slapd; fi
[ -n "$slapd_bin" ] || die "slapd is not installed (apt-get install -y slapd ldap-utils, or scripts/install-deps)"
# The system python3 first: a pyenv shim on PATH costs ~0.2 s per start.
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3 || true)
[ -n "$python" ] || die "python3 is not installed"
for tool in openssl ldapadd ldapsearch; do
    command -v "$tool" >/dev/null || die "$tool is not installed (packages ldap-utils, openssl)"
done
slappasswd_bin=$(command -v slappasswd || echo /usr/sbin/slappasswd)
[ -x "$slappasswd_bin" ] || die "slappasswd (package slapd) is missing"

module_path=
for candidate in /usr/lib/ldap /usr/lib/x86_64-linux-gnu/ldap /usr/lib64/openldap /usr/lib/openldap /usr/libexec/openldap; do
    if [ -e "$candidate/back_mdb.so" ] && [ -e "$candidate/memberof.so" ]; then module_path=$candidate; break; fi
done
[ -n "$module_path" ] || die "no OpenLDAP module directory with back_mdb.so and memberof.so found"
schema_dir=/etc/ldap/schema
[ -f "$schema_dir/inetorgperson.schema" ] || schema_dir=/etc/openldap/schema
[ -f "$schema_dir/inetorgperson.schema" ] || die "OpenLDAP schema files (inetorgperson.schema) not found"

# Two free loopback ports, both held open at once so they differ.
read -r port sport < <("$python" -c '
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))') || true
[ -n "${sport:-}" ] || die "could not pick free ports with python3"

# --- Certificates (EC keys: fast). ---
cd "$dir"
ssl() { openssl "$@" 2>>"$dir/openssl.log" || die "openssl $1 failed: $(tail -5 "$dir/openssl.log")"; }
make_ca() { # NAME CN
    ssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=$2" \
        -keyout "$1-key.pem" -out "$1.pem" \
        -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
}
make_ca ca "CampusCal Test CA"
make_ca other-ca "Unrelated Test CA"
ssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=localhost" \
    -keyout server-key.pem -out server.csr
# libldap checks ldap://localhost against the machine's own name (from gethostname), not "localhost":
# that name goes in too, so both URL spellings verify.
san="IP:127.0.0.1,DNS:localhost"
host=$(uname -n)
if [[ "$host" =~ ^[A-Za-z0-9.-]+$ ]] && [ "$host" != localhost ]; then san="$san,DNS:$host"; fi
printf '%s\n' "subjectAltName=$san" "extendedKeyUsage=serverAuth" \
    "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature,keyEncipherment" > server.ext
ssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 2 -extfile server.ext -out server.pem

# --- Configuration. ---
mkdir -p data
service="cn=campuscal,ou=services,dc=campus,dc=test"
cat > slapd.conf <<EOF
include $schema_dir/core.schema
include $schema_dir/cosine.schema
include $schema_dir/inetorgperson.schema
include $schema_dir/nis.schema
modulepath $module_path
moduleload back_mdb
moduleload memberof
argsfile $dir/slapd.args
TLSCACertificateFile $dir/ca.pem
TLSCertificateFile $dir/server.pem
TLSCertificateKeyFile $dir/server-key.pem

database mdb
maxsize 67108864
suffix "dc=campus,dc=test"
rootdn "cn=admin,dc=campus,dc=test"
rootpw $("$slappasswd_bin" -s adminpass)
directory $dir/data
index objectClass,uid,mail,member eq

overlay memberof
memberof-group-oc groupOfNames
memberof-member-ad member
memberof-memberof-ad memberOf
memberof-refint TRUE

# A disabled account cannot bind: no auth on its password, whoever asks.
access to filter=(employeeType=disabled) attrs=userPassword
    by * none
access to attrs=userPassword
    by anonymous auth
    by self auth
    by * none
access to *
    by dn.exact="$service" read
    by self read
    by anonymous auth
    by * none
EOF

# --- Start and wait. ---
: > slapd.log
# slapd must not inherit the caller's descriptors: Foundation's Process watches a socket its child
# inherits to learn that the child exited, so a slapd holding it makes waitUntilExit() hang until slapd dies.
(
    for fd in /proc/$BASHPID/fd/*; do
        fd=${fd##*/}
        if [ "$fd" -gt 2 ] && [ "$fd" != 255 ]; then eval "exec $fd>&-"; fi
    done
    exec "$slapd_bin" -f "$dir/slapd.conf" -h "ldap://127.0.0.1:$port/ ldaps://127.0.0.1:$sport/" -d "${SLAPD_DEBUG:-0}"
) </dev/null >>slapd.log 2>&1 &
pid=$!
echo "$pid" > slapd.pid
ready=0
# Until the ready line is printed, any failure stops slapd so nothing is left running.
trap '[ "$ready" = 1 ] || { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }' EXIT

for _ in $(seq 500); do
    kill -0 "$pid" 2>/dev/null || die "slapd exited at start:
$(cat slapd.log)"
    if ldapsearch -x -LLL -H "ldap://127.0.0.1:$port" -b "" -s base namingContexts >/dev/null 2>&1; then ready=2; break; fi
    sleep 0.02
done
[ "$ready" = 2 ] || die "slapd did not answer within 10 s:
$(cat slapd.log)"

# --- Seed entries, through the server. ---
hash() { "$slappasswd_bin" -s "$1"; }
person() { # UID GIVEN SN PASSWORD [EXTRA LINES]
    printf 'dn: uid=%s,ou=people,dc=campus,dc=test\nobjectClass: inetOrgPerson\nuid: %s\ncn: %s %s\nsn: %s\ngivenName: %s\n' \
        "$1" "$1" "$2" "$3" "$3" "$2"
    printf 'displayName: %s %s\nmail: %s@campus.test\nuserPassword: %s\n' "$2" "$3" "$1" "$(hash "$4")"
    if [ -n "${5:-}" ]; then echo "$5"; fi
    echo
}
group() { # CN MEMBER-DN...
    printf 'dn: cn=%s,ou=groups,dc=campus,dc=test\nobjectClass: groupOfNames\ncn: %s\n' "$1" "$1"
    shift
    for member in "$@"; do printf 'member: %s\n' "$member"; done
    echo
}
p() { echo "uid=$1,ou=people,dc=campus,dc=test"; }
{
    printf 'dn: dc=campus,dc=test\nobjectClass: dcObject\nobjectClass: organization\ndc: campus\no: Campus\n\n'
    for ou in people groups services; do printf 'dn: ou=%s,dc=campus,dc=test\nobjectClass: organizationalUnit\nou: %s\n\n' "$ou" "$ou"; done
    printf 'dn: %s\nobjectClass: applicationProcess\nobjectClass: simpleSecurityObject\ncn: campuscal\nuserPassword: %s\n\n' \
        "$service" "$(hash servicepass)"
    person alice Alice Archer Alice-pass1 "telephoneNumber: +1 208 555 0101"
    person bob Bob Baker Bob-pass1
    person carol Carol Chen Carol-pass1
    person dave Dave Diaz Dave-pass1 "employeeType: disabled"
    person erin Erin Evans Erin-pass1 "employeeType: optout"
    group students "$(p alice)" "$(p bob)" "$(p dave)" "$(p erin)"
    group faculty "$(p carol)"
    group it-staff "$(p carol)"
    group campuscal-admins "cn=it-staff,ou=groups,dc=campus,dc=test"
    group disabled "$(p dave)"
    group directory-optout "$(p erin)"
} > seed.ldif
ldapadd -x -H "ldap://127.0.0.1:$port" -D "cn=admin,dc=campus,dc=test" -w adminpass -f seed.ldif >>slapd.log 2>&1 \
    || die "ldapadd of the seed entries failed:
$(tail -20 slapd.log)"

ready=1
echo "ready ldap=$port ldaps=$sport"
