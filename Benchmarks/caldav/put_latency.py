"""How long one CalDAV PUT takes on a warm server and on one that was idle: Benchmarks/caldav/put-latency.sh runs it.

    put_latency.py URL USER PASSWORD COLLECTION_PATH PID [--count N] [--pause SECONDS] [--rounds R]

PUTs new events (If-None-Match: *, the body a phone sends) over one keep-alive connection, in
rounds that alternate between back to back and with a pause before each PUT (30 ms by default,
about what compare.py's other two servers take between two of CampusCal's PUTs). For each kind it
prints the median and p10–p90 of every PUT's time (sending to the answer's last byte) and the
server's CPU per PUT, read from /proc/PID/stat around each round. Why: on a shared VM a thread
woken after a pause runs slower (cold caches, an idle vCPU to wake), and compare.py's interleaved
PUTs meet the server in that state.
"""

import argparse
import base64
import http.client
import os
import statistics
import time
import urllib.parse
import uuid


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url")
    parser.add_argument("user")
    parser.add_argument("password")
    parser.add_argument("collection")
    parser.add_argument("pid", type=int)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--pause", type=float, default=0.03)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    target = urllib.parse.urlsplit(arguments.url)
    connection = http.client.HTTPConnection(target.hostname, target.port)
    auth = "Basic " + base64.b64encode(f"{arguments.user}:{arguments.password}".encode()).decode()
    results = {"back to back": ([], []), f"{int(arguments.pause * 1000)} ms apart": ([], [])}

    def put(index):
        uid = str(uuid.uuid4())
        body = (
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//CampusCal benchmark//EN\r\nBEGIN:VEVENT\r\n"
            f"UID:{uid}\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261110T{index % 20:02d}0000Z\r\n"
            f"DTEND:20261110T{index % 20:02d}3000Z\r\nSUMMARY:Event {index}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        ).encode()
        headers = {"Authorization": auth, "Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"}
        started = time.perf_counter()
        connection.request("PUT", arguments.collection + uid + ".ics", body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        seconds = time.perf_counter() - started
        if response.status != 201:
            raise SystemExit(f"put_latency.py: PUT answered {response.status}")
        return seconds

    for index in range(100):  # warm-up: statement caches, connections
        put(index)
    for _ in range(arguments.rounds):
        for name, pause in zip(results, (0, arguments.pause)):
            timings, cpu = results[name]
            before = cpu_seconds(arguments.pid)
            for index in range(arguments.count):
                if pause:
                    time.sleep(pause)
                timings.append(put(index))
            cpu.append((cpu_seconds(arguments.pid) - before) / arguments.count)

    print("| PUTs | median ms (p10–p90) | server CPU per PUT, ms (median of rounds) |")
    print("|---|---|---|")
    for name, (timings, cpu) in results.items():
        timings.sort()
        p10, p90 = timings[len(timings) // 10], timings[len(timings) * 9 // 10]
        print(f"| {name} | {statistics.median(timings) * 1000:.2f} ({p10 * 1000:.2f}–{p90 * 1000:.2f}) | {statistics.median(cpu) * 1000:.2f} |")


if __name__ == "__main__":
    main()
