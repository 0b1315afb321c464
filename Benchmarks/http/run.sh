#!/usr/bin/env bash
# HTTP throughput and latency of a release build, measured with wrk over loopback.
#
#   Benchmarks/http/run.sh [seconds-per-run]      (default 15)
#
# Starts a fresh server on a temporary SQLite file at the production bcrypt cost (12), then
# measures: GET /healthz (the framework's ceiling), authenticated GET /api/v1/me at 64
# connections, and POST /api/v1/auth/login (bcrypt-bound) at 8 connections.
# wrk runs on the same 2 cores as the server, so absolute numbers understate a real deployment;
# compare the ratios within one run.
set -euo pipefail
cd "$(dirname "$0")/../.."
duration="${1:-15}"
source Benchmarks/http/start-server.sh

echo "## $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores; $(uname -m); ${duration}s per run"
echo
echo "### GET /healthz, 64 connections"
wrk -t2 -c64 -d"${duration}s" --latency "http://127.0.0.1:$port/healthz"
echo
echo "### GET /api/v1/me (authenticated), 64 connections"
wrk -t2 -c64 -d"${duration}s" --latency -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/me"
echo
echo "### POST /api/v1/auth/login (bcrypt cost 12), 8 connections"
wrk -t2 -c8 -d"${duration}s" --latency -s Benchmarks/http/login.lua "http://127.0.0.1:$port/api/v1/auth/login"
echo
echo "server peak RSS: $(grep VmHWM /proc/$server/status | awk '{print $2, $3}')"
