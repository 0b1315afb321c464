"""First load of the web app's month view in Chromium (issue #30): bytes transferred and time to
interactive, with a month of 300 occurrences.

Starts `campuscal serve` (the release build; CAMPUSCAL_BIN overrides) on a fresh database with the
shipped web app, registers a student in America/Denver with ten daily series of 30 occurrences from
the 1st of the current month (300 occurrences in the month shown), then loads `/#/month` REPEATS
times, each in a new headless Chromium with an empty cache and a new profile (a first visit):

- transferred: the page plus every resource and API call of the load, as Navigation and Resource
  Timing report them (`transferSize`: headers and compressed bodies as they came over the wire),
  counted when the month is shown;
- shown: from the start of navigation to the month view's `campuscal:month-shown` mark (the month
  asked for drawn with its events — the moment the student can read and use it); domInteractive and
  the load event beside it.

Medians and the p10–p90 spread of the repetitions; never the best run.

    .venv-web/bin/python Benchmarks/web/first_load.py [REPEATS]     (default 7)
"""

from __future__ import annotations

import datetime
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "Contract"))
sys.path.insert(0, str(REPO / "Tests" / "Web"))
from run_contract_tests import free_port, http  # noqa: E402
import campuscal_process  # noqa: E402  (the same start and stop as the browser tests)

ZONE = "America/Denver"
PASSWORD = "Bench-Passw0rd!"


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def seed(base: str) -> tuple[str, int]:
    http("POST", base + "/api/v1/auth/register", {"username": "bench", "password": PASSWORD, "timeZone": ZONE})
    token = http("POST", base + "/api/v1/auth/login", {"username": "bench", "password": PASSWORD})[2]["token"]
    calendar = http("POST", base + "/api/v1/calendars", {"name": "Classes", "timeZone": ZONE}, token=token)[2]["id"]
    first = datetime.date.today().replace(day=1)
    for series in range(10):
        hour = 8 + series
        status, _, body = http("POST", base + f"/api/v1/calendars/{calendar}/events", {
            "title": f"Course {series + 1} session",
            "start": {"dateTime": f"{first}T{hour:02d}:00:00", "timeZone": ZONE},
            "end": {"dateTime": f"{first}T{hour:02d}:50:00", "timeZone": ZONE},
            "recurrenceRule": "FREQ=DAILY;COUNT=30"}, token=token)
        if status != 201:
            raise RuntimeError(f"seeding answered {status}: {body}")
    occurrences = http("GET", base + f"/api/v1/agenda?from={first}&to={first + datetime.timedelta(days=31)}&tz={ZONE}", token=token)[2]["items"]
    return token, len(occurrences)


def one_load(base: str, token: str) -> dict:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=en-US",
                     "--window-size=1280,900", "--disable-extensions", "--no-first-run"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    try:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ZONE})
        # Sign in on a same-origin page that loads none of the app, so the timed load starts cold.
        driver.get(base + "/healthz")
        driver.execute_script("sessionStorage.setItem('campuscal.token', arguments[0])", token)
        driver.get(base + "/#/month")
        WebDriverWait(driver, 30, poll_frequency=0.05).until(
            lambda d: d.execute_script("return performance.getEntriesByName('campuscal:month-shown').length > 0"))
        return driver.execute_script("""
            const nav = performance.getEntriesByType('navigation')[0];
            const resources = performance.getEntriesByType('resource');
            const shown = performance.getEntriesByName('campuscal:month-shown')[0].startTime;
            return {
              shown, domInteractive: nav.domInteractive, load: nav.loadEventEnd,
              transferred: nav.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
              decoded: nav.decodedBodySize + resources.reduce((sum, r) => sum + r.decodedBodySize, 0),
              requests: 1 + resources.length,
              events: document.querySelectorAll('[data-testid="event-item"]').length,
            };""")
    finally:
        driver.quit()


def main() -> int:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    binary = Path(os.environ.get("CAMPUSCAL_BIN", REPO / ".build-release" / "release" / "campuscal")).resolve()
    if not binary.exists():
        print(f"first_load.py: {binary} is not built (swift build -c release --product campuscal --scratch-path .build-release)")
        return 2
    work = Path(tempfile.mkdtemp(prefix="campuscal-first-load-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = campuscal_process.start(binary, work, port, {"server.web_directory": str(REPO / "web"), "log.level": "warning"})
    try:
        token, occurrences = seed(base)
        load = os.getloadavg()
        print(f"first_load.py: {binary.relative_to(REPO)}, {occurrences} occurrences in the month; {os.cpu_count()} cores, "
              f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; Chromium "
              f"{subprocess.run(['/usr/bin/chromium', '--version'], capture_output=True, text=True).stdout.split()[1]}", flush=True)
        runs = [one_load(base, token) for _ in range(repeats)]
    finally:
        campuscal_process.stop(server)
    print(f"\n{repeats} first visits, each in a new browser with an empty cache; medians (p10–p90):\n")
    print("| measure | median | p10–p90 |\n|---|---|---|")
    for key, label, scale, unit in [("transferred", "transferred", 1 / 1024, "KB"), ("decoded", "decoded (uncompressed)", 1 / 1024, "KB"),
                                    ("requests", "requests", 1, ""), ("domInteractive", "DOM interactive", 1, "ms"),
                                    ("shown", "month shown with its events", 1, "ms"), ("load", "load event end", 1, "ms")]:
        values = [run[key] * scale for run in runs]
        print(f"| {label} | {statistics.median(values):.1f} {unit} | {quantile(values, 0.1):.1f}–{quantile(values, 0.9):.1f} |")
    print(f"\nevent items drawn in the month view: {sorted(set(run['events'] for run in runs))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
