#!/usr/bin/env python3
"""Latency from a reminder's due time to its arrival on an open event stream (issue #4).

Against a running server (see sse-latency.sh): registers USERS students, opens one
`GET /api/v1/notifications/stream` per student, then creates tasks whose reminders fall due at
spread-out whole seconds over the next SPREAD seconds ("at" reminders, so the due instant is
known exactly). Each notice's arrival time minus its due time is its latency; the script prints
p50/p95/p99/max and how many arrived. Standard library only.

    python3 Benchmarks/notifications/sse_latency.py http://127.0.0.1:PORT [users] [per-user] [spread]
"""
import datetime
import http.client
import json
import sys
import threading
import time
import urllib.parse
import urllib.request


def call(base, method, path, token=None, body=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        data = response.read()
        return json.loads(data) if data else None


def listen(base, token, arrivals, lock, ready):
    """Reads one event stream, recording (title, arrival time) for every notice until the server closes it."""
    url = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=600)
    connection.request("GET", "/api/v1/notifications/stream", headers={"Authorization": "Bearer " + token})
    response = connection.getresponse()
    ready.release()
    buffer = b""
    while True:
        chunk = response.fp.readline()
        if not chunk:
            return
        now = time.time()
        buffer += chunk
        if chunk in (b"\n", b"\r\n"):
            for line in buffer.decode().splitlines():
                if line.startswith("data: "):
                    with lock:
                        arrivals.append((json.loads(line[6:])["title"], now))
            buffer = b""


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    base = sys.argv[1]
    users = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    per_user = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    spread = float(sys.argv[4]) if len(sys.argv) > 4 else 20.0
    run = str(int(time.time()))
    tokens = []
    for index in range(users):
        name = f"sse{run}x{index}"
        call(base, "POST", "/api/v1/auth/register", body={"username": name, "password": "Bench1234!"})
        tokens.append(call(base, "POST", "/api/v1/auth/login", body={"username": name, "password": "Bench1234!"})["token"])
    arrivals, lock, ready = [], threading.Lock(), threading.Semaphore(0)
    for token in tokens:
        threading.Thread(target=listen, args=(base, token, arrivals, lock, ready), daemon=True).start()
    for _ in tokens:
        ready.acquire()

    # Due instants from 3 s after the last task is created, spread evenly over whole seconds
    # (reminder times have one-second precision: fractions are dropped).
    creation_budget = 0.02 * users * per_user + 2
    first = int(time.time() + creation_budget + 3)
    due = {}
    count = users * per_user
    for index in range(count):
        token = tokens[index % users]
        instant = first + int(spread * index / count)
        title = f"R{index}"
        due[title] = instant
        at = datetime.datetime.fromtimestamp(instant, datetime.timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
        call(base, "POST", "/api/v1/tasks", token=token,
             body={"title": title, "priority": "low", "due": {"date": "2030-01-01"}, "reminders": [{"at": at}]})
    if time.time() > first:
        print(f"sse-latency: creating the tasks took too long ({time.time() - first + 3:.1f} s); raise the budget", file=sys.stderr)
        return 1
    time.sleep(max(0.0, first + spread - time.time()) + 3)
    with lock:
        latencies = [arrived - due[title] for title, arrived in arrivals if title in due]
    if not latencies:
        print("sse-latency: nothing arrived", file=sys.stderr)
        return 1
    ms = [1000 * value for value in latencies]
    print(f"sse-latency: {len(ms)} of {count} reminders arrived on {users} open streams over {spread:.0f} s; "
          f"due -> delivered p50 {percentile(ms, 0.5):.0f} ms, p95 {percentile(ms, 0.95):.0f} ms, "
          f"p99 {percentile(ms, 0.99):.0f} ms, max {max(ms):.0f} ms, min {min(ms):.0f} ms")
    return 0 if len(ms) == count else 1


if __name__ == "__main__":
    sys.exit(main())
