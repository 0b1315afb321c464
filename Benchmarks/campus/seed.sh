#!/usr/bin/env bash
# Seeds the simulated campus (issue #11) into a cache folder, unless it is there already.
#
#   Benchmarks/campus/seed.sh                      45,000 students, seed 1 → .build-release/campus/u45000-s1/
#   CAMPUS_USERS=3000 Benchmarks/campus/seed.sh    a smaller campus
#
# Builds the release binaries first unless CAMPUSCAL_BIN is given. The other scripts call this.
source "$(dirname "$0")/common.sh"
ensure_campus
echo "campus: $campus_dir ($(du -sh "$campus_dir/db.sqlite" | cut -f1))"
