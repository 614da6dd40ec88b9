"""What the benchmarks share: a gunicorn process on 127.0.0.1, a free port, and the error they raise."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


class BenchmarkError(RuntimeError):
    """Something stopped the benchmark from measuring."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


class Server:
    """A gunicorn process on 127.0.0.1 (``scorekeeper serve`` execs into it), its log in ``folder``.

    ``quick_stop`` ends it with SIGQUIT: open event streams would hold a graceful stop for its whole timeout.
    """

    def __init__(self, name: str, command: list[str], port: int, env: dict[str, str], folder: Path,
                 probe: str, quick_stop: bool = False) -> None:
        self.name, self.port, self.url = name, port, f"http://{HOST}:{port}"
        self.quick_stop = quick_stop
        self.log_path = folder / f"{name}.log"
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.close()
                raise BenchmarkError(f"{name} exited at start:\n{self.log_path.read_text()}")
            try:
                with urllib.request.urlopen(self.url + probe, timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise BenchmarkError(f"{name} did not answer within 30 s:\n{self.log_path.read_text()}")

    def stop(self) -> None:
        """Stop the server and close its log."""
        if self.process.poll() is None:
            if self.quick_stop:
                self.process.send_signal(signal.SIGQUIT)
            else:
                self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of gunicorn and its workers so far; 0 where /proc is not there."""
        ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            pid, ppid = int(stat.parent.name), int(fields[1])
            if self.process.pid in (pid, ppid):
                total += int(fields[11]) + int(fields[12])
        return total / ticks

    def json(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
        """Send a JSON request and decode the answer; an HTTP error stops the benchmark."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            raise BenchmarkError(f"{method} {path}: {error.code} {error.read()[:500]!r}") from None
