"""What the benchmarks share: a gunicorn process on 127.0.0.1, a free port, and the error they raise; a crowd of
event-stream watchers on asyncio (live.py, tournament.py); the settings' scaffolding (api.py, tournament.py)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import multiprocessing.connection
import os
import platform
import resource
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Coroutine, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import version
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
    ``wait``: how long it may take to answer (migrations and a worker's start, longer on a loaded machine).
    """

    def __init__(self, name: str, command: list[str], port: int, env: dict[str, str], folder: Path,
                 probe: str, quick_stop: bool = False, cwd: Path = ROOT, wait: float = 30) -> None:
        self.name, self.port, self.url = name, port, f"http://{HOST}:{port}"
        self.quick_stop = quick_stop
        self.log_path = folder / f"{name}.log"
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(command, cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + wait
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
        raise BenchmarkError(f"{name} did not answer within {wait:g} s:\n{self.log_path.read_text()}")

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


@dataclass
class Verdict:
    """A target, the figure measured against it, and whether it was met."""

    name: str
    target: str
    measured: str
    passed: bool


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": float("nan"), "p95": float("nan"), "p99": float("nan"), "max": float("nan")}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "max": round(ordered[-1], 2)}


def machine() -> dict[str, Any]:
    """The machine and the versions of the event-stream benchmarks (live.py, tournament.py)."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cpus": os.cpu_count(), "os": platform.platform(), "python": platform.python_version(),
            "gunicorn": version("gunicorn"), "gevent": version("gevent"), "flask": version("flask"),
            "load_average": [round(x, 2) for x in os.getloadavg()]}


# ---------------------------------------------------------------- a quiet machine

BUSY_WARNING = 0.2
"""A share of the CPUs busy while our servers idle above which the figures are flagged (someone else is working)."""


def cpu_busy(seconds: float = 1.0) -> float | None:
    """The share of all CPUs busy over ``seconds`` (from /proc/stat), or None where there is none."""

    def sample() -> tuple[int, int]:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
        return sum(fields), idle

    try:
        total0, idle0 = sample()
        time.sleep(seconds)
        total1, idle1 = sample()
    except (OSError, ValueError, IndexError):
        return None
    total = total1 - total0
    return round(1 - (idle1 - idle0) / total, 3) if total > 0 else None


def wait_until_quiet(log: Any, wait: float) -> float | None:
    """The CPUs' busy share in the last second, after waiting up to ``wait`` s for it to fall below half
    BUSY_WARNING (our servers idle meanwhile)."""
    deadline = time.monotonic() + wait
    busy = cpu_busy()
    while busy is not None and busy > BUSY_WARNING / 2 and time.monotonic() < deadline:
        print(f"  waiting for a quiet machine: {busy:.0%} of the CPUs busy", file=log, flush=True)
        busy = cpu_busy()
    return busy


# ---------------------------------------------------------------- a crowd of event-stream watchers


def raise_fd_limit(needed: int) -> int:
    """Raise this process's open-file limit (soft, up to the hard one) to ``needed``; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return int(soft)


class Crowd:
    """The client process's watchers: how many are connected, and what went wrong; a benchmark's own crowd
    adds what it records of the events."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.settled = 0
        self.connected = 0
        self.ready = asyncio.Event()
        self.failures: list[str] = []

    def settle(self, connected: bool) -> None:
        """One watcher is connected (its response began: the server has subscribed it), or failed to."""
        self.settled += 1
        self.connected += connected
        if self.settled == self.count:
            self.ready.set()


async def watch(crowd: Crowd, port: int, path: str, on_event: Callable[[bytes, float], None], label: str) -> None:
    """Read the event stream at ``path`` as EventSource does (HTTP/1.1 chunked), until cancelled: each event with
    an id goes to ``on_event`` with the time it was read; a failure goes to ``crowd.failures`` as ``label``."""
    settled = False
    writer = None
    try:
        reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 22)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept: text/event-stream\r\n"
                     f"Cache-Control: no-cache\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200") or b"transfer-encoding: chunked" not in head.lower():
            raise BenchmarkError(f"{head[:200]!r}")
        settled = True
        crowd.settle(True)
        buffer = b""
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                raise BenchmarkError("the server ended the stream")
            buffer += (await reader.readexactly(size + 2))[:-2]
            while (end := buffer.find(b"\n\n")) >= 0:
                event, buffer = buffer[:end], buffer[end + 2:]
                if not event.startswith(b"id: "):
                    continue  # retry, keep-alive
                on_event(event, time.monotonic())
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, BenchmarkError, ValueError) as error:
        crowd.failures.append(f"{label}: {error!r}")
        if not settled:
            crowd.settle(False)
    finally:
        if writer is not None:
            writer.close()


def event_id(event: bytes) -> int:
    """The id of an event read by ``watch`` (its first line, ``id: N``)."""
    return int(event[4:event.index(b"\n")])


def event_data(event: bytes) -> bytes:
    """The data of an event read by ``watch``."""
    return event.partition(b"\ndata: ")[2]


async def run_crowd(crowd: Crowd, watches: Iterable[Coroutine[Any, Any, None]],
                    pipe: multiprocessing.connection.Connection, report: Callable[[], dict[str, Any]]) -> None:
    """Start the ``watches``, 50 at a time; once all settled, send how many connected; on "stop", end them and
    send ``report()``."""
    tasks = []
    for index, coroutine in enumerate(watches):
        tasks.append(asyncio.create_task(coroutine))
        if index % 50 == 49:
            await asyncio.sleep(0.02)  # a crowd arriving, not a SYN flood
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(crowd.ready.wait(), timeout=60)
    await asyncio.sleep(0.5)  # the first events (the current state) read before timing anything
    pipe.send({"connected": crowd.connected, "failures": crowd.failures[:10]})
    await asyncio.get_running_loop().run_in_executor(None, pipe.recv)  # "stop": all posted and drained
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    pipe.send(report())


class CrowdProcess:
    """The watchers' client process (forked, so reading the streams does not slow the scorers' POSTs):
    ``target(*args, pipe)`` runs in it."""

    def __init__(self, name: str, target: Callable[..., None], args: tuple[Any, ...]) -> None:
        self.name = name
        context = multiprocessing.get_context("fork")
        self.pipe, child = context.Pipe()
        self.process = context.Process(target=target, args=(*args, child), daemon=True)
        self.process.start()

    def hello(self) -> dict[str, Any]:
        """How many connected, and the first failures."""
        if not self.pipe.poll(90):
            raise BenchmarkError(f"{self.name}: the watchers did not connect within 90 s")
        return self.pipe.recv()

    def report(self) -> dict[str, Any]:
        """Stop the watchers: what they read."""
        self.pipe.send("stop")
        if not self.pipe.poll(60):
            raise BenchmarkError(f"{self.name}: the watchers did not report within 60 s")
        return self.pipe.recv()

    def close(self) -> None:
        self.process.join(timeout=10)
        if self.process.is_alive():
            self.process.kill()


# ---------------------------------------------------------------- api.py's and tournament.py's settings


@contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """A fresh schema of its own on the PostgreSQL server at ``url`` (127.0.0.1 only), dropped afterwards: the
    URL that puts the app in it."""
    import psycopg

    if urllib.parse.urlsplit(url).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise BenchmarkError(f"the benchmark runs against 127.0.0.1 only, not {url!r}")
    schema = f"bench_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    try:
        base = url.replace("postgresql://", "postgresql+psycopg://", 1)
        yield f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


def add_setting_arguments(parser: argparse.ArgumentParser, each: str) -> None:
    """--json, --strict, --postgres, --redis and --quiet-wait (before ``each`` run or phase)."""
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--postgres", metavar="URL",
                        help="also measure PostgreSQL at URL (127.0.0.1; a schema of its own) with 2 workers and Redis")
    parser.add_argument("--redis", metavar="URL", help="the Redis of the PostgreSQL setting (default: "
                                                        "SCOREKEEPER_REDIS_URL)")
    parser.add_argument("--quiet-wait", type=float, default=0, metavar="SECONDS",
                        help=f"before each {each}, wait up to this long for other processes to leave the CPUs idle")


def redis_for_postgres(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """The Redis URL of the PostgreSQL setting: --redis, else SCOREKEEPER_REDIS_URL; an error when --postgres
    has none."""
    redis_url = args.redis or os.environ.get("SCOREKEEPER_REDIS_URL")
    if args.postgres and not redis_url:
        parser.error("--postgres runs 2 workers, which need --redis (or SCOREKEEPER_REDIS_URL)")
    return redis_url


def measure_settings(script: str, measure: Callable[[int, str | None, str | None], dict[str, Any]], workers: int,
                     postgres: str | None, redis_url: str | None) -> dict[str, dict[str, Any]] | None:
    """``measure(workers, database_url, redis_url)`` on SQLite with ``workers``, then, given ``postgres``, on a
    schema of its own there with 2 workers and Redis; None (the error printed) when a BenchmarkError stops it."""
    try:
        results = {"sqlite": measure(workers, None, None)}
        if postgres:
            with postgres_schema(postgres) as url:
                results["postgresql"] = measure(2, url, redis_url)
    except BenchmarkError as error:
        print(f"{script}: {error}", file=sys.stderr)
        return None
    return results


def print_results(results: dict[str, dict[str, Any]], args: argparse.Namespace,
                  table: Callable[[dict[str, Any]], str],
                  side_by_side: Callable[[dict[str, dict[str, Any]]], str]) -> int:
    """Print the settings' figures (as JSON with --json, else a table each and, for two, side by side); the
    exit status."""
    if args.json:
        print(json.dumps(results if len(results) > 1 else results["sqlite"], indent=2, ensure_ascii=False))
    else:
        print("\n\n".join(table(r) for r in results.values()))
        if len(results) > 1:
            print("\n" + side_by_side(results))
    return 1 if args.strict and not all(r["passed"] for r in results.values()) else 0
