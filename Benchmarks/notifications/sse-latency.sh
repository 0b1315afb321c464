#!/usr/bin/env bash
# Due time → Server-Sent Events delivery latency, against a release server on a fresh database:
# 40 students with a stream open each, 1,000 reminders falling due over 20 seconds.
#
#   Benchmarks/notifications/sse-latency.sh [users] [reminders-per-user] [spread-seconds]
set -euo pipefail
cd "$(dirname "$0")/../.."
source Benchmarks/http/start-server.sh
python3 Benchmarks/notifications/sse_latency.py "http://127.0.0.1:$port" "${1:-40}" "${2:-25}" "${3:-20}"
