"""`campuscal serve` as the browser tests and the web benchmark start it: one place for the command
line, the wait for /readyz (failing with the server's own words when it exits at start) and the stop.
Standard library only, beside Tests/Contract/run_contract_tests.py's `http`."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Contract"))
from run_contract_tests import http  # noqa: E402


def start(binary: Path, work: Path, port: int, settings: dict[str, str], timeout: float = 60) -> subprocess.Popen:
    """Serves on 127.0.0.1:`port` with the database in `work` (also the working directory, so no
    config/campuscal.toml is picked up), each setting as `--set key=value`; returns once ready."""
    command = [str(binary), "serve", "--host", "127.0.0.1", "--port", str(port), "--database", str(work / "campuscal.sqlite")]
    for key, value in settings.items():
        command += ["--set", f"{key}={value}"]
    log = work / "server.log"
    process = subprocess.Popen(command, stdout=open(log, "wb"), stderr=subprocess.STDOUT, cwd=work, start_new_session=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited at start: " + log.read_text(errors="replace")[-2000:])
        try:
            if http("GET", f"http://127.0.0.1:{port}/readyz", timeout=2)[0] == 200:
                return process
        except OSError:
            pass
        time.sleep(0.2)
    stop(process)
    raise RuntimeError(f"the server did not become ready within {timeout:.0f} s (see {log})")


def stop(process: subprocess.Popen | None) -> None:
    """SIGTERM (the server stops gracefully), SIGKILL after 15 s."""
    if process is not None and process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
