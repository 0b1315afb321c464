#!/usr/bin/env bash
# Fuzzes the iCalendar parser, the RRULE parser, the window query over a fuzzed calendar and the CalDAV
# request bodies with libFuzzer for a bounded time (issues #11, #24, #29).
#
#   Tests/Fuzz/run_fuzzers.sh [seconds-per-target]      (default 60)
#
# Builds fuzz-icalendar and fuzz-rrule with -sanitize=fuzzer and AddressSanitizer in a build folder of
# their own (.build-fuzz), then runs each on a copy of its committed corpus (Tests/Fuzz/corpus/*), so a
# run never changes the tree. Fails if libFuzzer reports a crash, a hang (an input over -timeout), a leak
# or an out-of-memory, and prints the reproducer; reproducers are also kept in .build-fuzz/artifacts.
# Replay one with an ordinary build: swift build --product fuzz-icalendar && .build/debug/fuzz-icalendar FILE
#
# Optimised (release) by default: unoptimised Swift under coverage and AddressSanitizer runs some inputs
# tens of times slower, past the per-input time limit. FUZZ_CONFIGURATION=debug builds faster, for trying
# out a change to the targets.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-60}"
configuration="${FUZZ_CONFIGURATION:-release}"
scratch=.build-fuzz
# --sanitize=fuzzer makes SwiftPM leave `main` to libFuzzer instead of renaming the target's own. It
# passes each sanitizer as a flag of its own, in no fixed order, and swiftc keeps only the last one:
# -Xswiftc -sanitize=fuzzer,address comes after them and asks for both (coverage and AddressSanitizer).
# shellcheck disable=SC2054 # the comma is swiftc's list of sanitizers, not an array separator
flags=(
    -c "$configuration" --scratch-path "$scratch" --sanitize=fuzzer
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCAMPUSCAL_LIBFUZZER
)

# Swift's own crash backtracer would catch a trap before libFuzzer does (and trips AddressSanitizer
# reading the crashed process's memory); without it libFuzzer reports the trap and saves the input.
export SWIFT_BACKTRACE=enable=no
# A known leak outside CampusCal would be suppressed, named, in lsan.supp (none is now); any leak fails the run.
export LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$scratch/artifacts"

started=$SECONDS
for product in fuzz-icalendar fuzz-rrule fuzz-window fuzz-davxml; do
    if ! swift build --product "$product" "${flags[@]}" >"$work/build.log" 2>&1; then
        # The dependencies' "unhandled file" warnings and gold's notes on ASan symbols are noise here.
        grep -v -e "unhandled; explicitly declare" -e "/CMakeLists.txt$" -e "Cannot export local symbol" "$work/build.log"
        exit 1
    fi
done
bin="$(swift build "${flags[@]}" --show-bin-path)"
echo "fuzz build ($configuration): $((SECONDS - started)) s"
failed=0

count() { find "$1" -type f | wc -l; }

# fuzz PRODUCT CORPUS-NAME MAX-LEN
fuzz() {
    local product=$1 name=$2 max_len=$3 dict=${4:-}
    local corpus="$work/corpus-$name" artifacts="$work/artifacts-$name" log="$work/$name.log"
    cp -R "Tests/Fuzz/corpus/$name" "$corpus"
    mkdir -p "$artifacts"
    echo "-- $product: ${seconds} s on a copy of Tests/Fuzz/corpus/$name ($(count "$corpus") inputs)"
    local status=0
    # -timeout: one input may take at most 5 s (a hang or a quadratic blow-up is a failure, not slowness);
    # -rss_limit_mb: and at most 2 GB; -max_len: up to 4 MB for files, so that the amplifications only
    # large inputs show (review H1: a 2.4 MB file of one huge name and 200,000 ENDs) are in reach.
    local options=(
        -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len="$max_len"
        -dict="Tests/Fuzz/${dict:-$name}.dict" -artifact_prefix="$artifacts/" -print_final_stats=1
    )
    "$bin/$product" "${options[@]}" "$corpus" >"$log" 2>&1 || status=$?
    if [ "$status" -eq 0 ] && [ -z "$(ls -A "$artifacts")" ]; then
        grep -E "^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" "$log"
        echo "   corpus: $(count "$corpus") inputs after the run"
        return
    fi
    failed=1
    echo "!! $product failed (exit status $status); the end of its log:"
    tail -n 60 "$log"
    echo "!! Fix the parser, then add the reproducer to Tests/Fuzz/corpus/$name/ under a name saying what it caught;"
    echo "!! replay it without the fuzz build: swift build --product $product && .build/debug/$product FILE"
    for artifact in "$artifacts"/*; do
        [ -e "$artifact" ] || continue
        cp "$artifact" "$scratch/artifacts/$product-$(basename "$artifact")"
        echo "!! reproducer $scratch/artifacts/$product-$(basename "$artifact") ($(wc -c <"$artifact") bytes), base64:"
        base64 "$artifact" | head -c 20000
        echo
    done
}

fuzz fuzz-icalendar icalendar 4194304
fuzz fuzz-rrule rrule 256
# The icalendar dictionary serves the window target too (its inputs are a window header and a file).
fuzz fuzz-window window 4194304 icalendar
# Up to 64 KiB: small bodies give the readers' logic many more runs a minute under AddressSanitizer
# (the 1 MiB bound of server.max_body_bytes is a unit test's).
fuzz fuzz-davxml davxml 65536
exit "$failed"
