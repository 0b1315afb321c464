#!/bin/bash
# The image's `campuscal` command: installed as /usr/local/bin/campuscal (the real binary is
# /usr/lib/campuscal/bin/campuscal). It is the container's entrypoint and also what
# `docker exec CONTAINER campuscal …` runs, so the server and the shell commands see the same settings.
# It does only what the server cannot do from the environment by itself, then execs the real binary:
#
#  1. The server reads every setting `table.key` from CAMPUSCAL_TABLE_KEY itself (config/campuscal.toml).
#     The exception is a campus directory: `[directory.NAME]` tables come only from a file or `--set`.
#     So CAMPUSCAL_LDAP_* (docker/README.md lists them) become `--set directory.NAME.key=value`, NAME
#     being CAMPUSCAL_LDAP_NAME (default "campus"). CAMPUSCAL_LDAP_BIND_PASSWORD never goes on the
#     command line (`ps` would show it): it is written to a file only this user reads, in /dev/shm.
#  2. /config/campuscal.toml, when present and CAMPUSCAL_CONFIG is unset, is the configuration file.
#  3. For `serve`: the plugins shipped in the image (/usr/lib/campuscal/plugins/NAME) are installed into
#     the plugins directory when missing there or different (a new image brings its plugins along).
#     CAMPUSCAL_SHIPPED_PLUGINS="none", or a space-separated list of names, limits that. Plugins an
#     administrator installed are never touched; each shipped one is recorded as enabled (the server
#     loads no plugin an administrator did not install or enable), and a disabled plugin stays
#     disabled (the database remembers it).
#
# No arguments, or options only, means `serve`.
set -euo pipefail

real=/usr/lib/campuscal/bin/campuscal
shipped=/usr/lib/campuscal/plugins

if [ $# -eq 0 ] || [[ "$1" == -* ]]; then
    set -- serve "$@"
fi

if [ -z "${CAMPUSCAL_CONFIG:-}" ] && [ -f /config/campuscal.toml ]; then
    export CAMPUSCAL_CONFIG=/config/campuscal.toml
fi

say() { echo "campuscal-entrypoint: $*" >&2; }

# The library (and anything else) first, plugin.toml (which carries the library's sha256) last, each
# through a temporary name: a half-copied plugin never loads.
install_shipped_plugins() {
    local wanted=${CAMPUSCAL_SHIPPED_PLUGINS:-all} target=${CAMPUSCAL_PLUGINS_DIRECTORY:-/plugins}
    local folder name file
    [ "$wanted" != none ] && [ -d "$shipped" ] || return 0
    for folder in "$shipped"/*/; do
        folder=${folder%/}
        name=${folder##*/}
        [ -f "$folder/plugin.toml" ] || continue
        if [ "$wanted" != all ] && [[ " $wanted " != *" $name "* ]]; then continue; fi
        if cmp -s "$folder/plugin.toml" "$target/$name/plugin.toml"; then continue; fi
        if ! mkdir -p "$target/$name" 2>/dev/null || [ ! -w "$target/$name" ]; then
            say "cannot write $target/$name: the shipped plugin $name is not installed"
            continue
        fi
        for file in "$folder"/*; do
            [ "${file##*/}" = plugin.toml ] && continue
            cp "$file" "$target/$name/.${file##*/}.new"
            mv "$target/$name/.${file##*/}.new" "$target/$name/${file##*/}"
        done
        cp "$folder/plugin.toml" "$target/$name/.plugin.toml.new"
        mv "$target/$name/.plugin.toml.new" "$target/$name/plugin.toml"
        say "installed the shipped plugin $name into $target/$name"
    done
}

# The server loads only plugins an administrator installed or enabled (issue #26), so each shipped
# plugin in the plugins directory is recorded as enabled — unless an administrator turned it off or
# removed it, which stays so. `serve`'s --config, --database and --set options go along, so that the
# record lands in the database the server opens.
enable_shipped_plugins() {
    local wanted=${CAMPUSCAL_SHIPPED_PLUGINS:-all} target=${CAMPUSCAL_PLUGINS_DIRECTORY:-/plugins}
    local folder name ids=() options=()
    [ "$wanted" != none ] && [ -d "$shipped" ] || return 0
    for folder in "$shipped"/*/; do
        folder=${folder%/}
        name=${folder##*/}
        if [ "$wanted" != all ] && [[ " $wanted " != *" $name "* ]]; then continue; fi
        cmp -s "$folder/plugin.toml" "$target/$name/plugin.toml" || continue
        ids+=("$(sed -n 's/^id *= *"\(.*\)"/\1/p' "$folder/plugin.toml")")
    done
    [ ${#ids[@]} -gt 0 ] || return 0
    shift
    while [ $# -gt 0 ]; do
        case "$1" in
            --config | --database | --set) [ $# -ge 2 ] && options+=("$1" "$2") && shift ;;
            --config=* | --database=* | --set=*) options+=("$1") ;;
        esac
        shift
    done
    "$real" plugin enable --unless-disabled "${ids[@]}" "${options[@]}" >/dev/null ||
        say "could not record the shipped plugins as enabled; enable them with: campuscal plugin enable ${ids[*]}"
}

# CAMPUSCAL_LDAP_<KEY> → directory.NAME.<key>. Lists go one item per line, as the server reads them:
# URIs separated by spaces or commas; group DNs (which hold commas) by ";".
directory_options=()
collect_directory_options() {
    local name=${CAMPUSCAL_LDAP_NAME:-campus} key variable value
    value=$(tr ', ' '\n\n' <<<"$CAMPUSCAL_LDAP_URIS" | sed '/^$/d')
    directory_options+=(--set "directory.$name.uris=$value")
    for key in start_tls ca_file verify_peer connect_timeout_seconds timeout_seconds bind_dn bind_password_file \
        user_base user_filter disabled_filter opt_out_filter display_name_attribute email_attribute \
        phone_attribute group_attribute nested_groups group_base max_connections admin_groups faculty_groups; do
        variable=CAMPUSCAL_LDAP_${key^^}
        [ -n "${!variable+set}" ] || continue
        value=${!variable}
        case "$key" in
            admin_groups | faculty_groups) value=$(tr ';' '\n' <<<"$value" | sed 's/^ *//; s/ *$//; /^$/d') ;;
        esac
        directory_options+=(--set "directory.$name.$key=$value")
    done
    # The password itself: the server would read CAMPUSCAL_DIRECTORY_<NAME>_BIND_PASSWORD from the
    # environment, but plugin runners inherit the server's environment, and an option would show in
    # `ps`. So it goes into a file only this user can read, in memory (/dev/shm) where there is one,
    # named by bind_password_file, and leaves the environment. CAMPUSCAL_LDAP_BIND_PASSWORD_FILE (a
    # mounted secret) needs none of this.
    variable=${name^^}
    variable=CAMPUSCAL_DIRECTORY_${variable//-/_}_BIND_PASSWORD
    local password=${CAMPUSCAL_LDAP_BIND_PASSWORD:-${!variable:-}}
    if [ -n "$password" ] && [ -z "${CAMPUSCAL_LDAP_BIND_PASSWORD_FILE:-}" ]; then
        local folder file
        for folder in /dev/shm /tmp; do
            folder=$folder/campuscal-$(id -u)
            (umask 077 && mkdir -p "$folder") 2>/dev/null && [ -O "$folder" ] && [ -w "$folder" ] || continue
            file=$folder/directory-$name-bind-password
            (umask 077 && printf '%s' "$password" > "$file.new" && mv "$file.new" "$file") && break
            file=
        done
        if [ -z "${file:-}" ]; then
            say "cannot write the directory's bind password to /dev/shm or /tmp; use CAMPUSCAL_LDAP_BIND_PASSWORD_FILE"
            exit 1
        fi
        directory_options+=(--set "directory.$name.bind_password_file=$file")
    fi
    unset CAMPUSCAL_LDAP_BIND_PASSWORD "$variable"
}

case "$1" in
    serve | config | migrate | user | plugin)
        if [ "$1" = serve ]; then install_shipped_plugins; enable_shipped_plugins "$@"; fi
        if [ -n "${CAMPUSCAL_LDAP_URIS:-}" ]; then collect_directory_options; fi
        ;;
esac
exec "$real" "$@" "${directory_options[@]}"
