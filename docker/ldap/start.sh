#!/bin/bash
# The demo directory's entrypoint: on the first start (an empty /var/lib/campus-ldap), starts slapd on
# its local socket only, adds seed.ldif through it (so the memberof overlay fills memberOf), stops it;
# then runs slapd in the foreground on ldap://:1389 (SIGTERM stops it cleanly). SLAPD_DEBUG=stats logs
# every operation.
set -euo pipefail
conf=/etc/campus-ldap/slapd.conf
socket=ldapi://%2Frun%2Fcampus-ldap%2Fldapi
if [ ! -f /var/lib/campus-ldap/.seeded ]; then
    slapd -f "$conf" -h "$socket" -d 0 &
    pid=$!
    for _ in $(seq 200); do
        ldapsearch -x -H "$socket" -b "" -s base namingContexts >/dev/null 2>&1 && break
        kill -0 "$pid" || { echo "campus-ldap: slapd did not start" >&2; exit 1; }
        sleep 0.05
    done
    ldapadd -x -H "$socket" -D cn=admin,dc=campus,dc=example -w admin-demo-1 -f /etc/campus-ldap/seed.ldif >/dev/null
    kill "$pid"
    wait "$pid" || true
    touch /var/lib/campus-ldap/.seeded
    echo "campus-ldap: seeded the demo campus (dc=campus,dc=example)" >&2
fi
exec slapd -f "$conf" -h "ldap://:1389/ $socket" -d "${SLAPD_DEBUG:-0}"
