"""A phone at a pub's table, for the tests and benchmarks that need one: a throttling proxy in front of the app (the
phone's radio: a rate each way shared by every connection, a latency; the service worker's fetches cross it too,
which CDP's network throttling does not reach) that counts the bytes on the wire and can lose the signal (``cut``),
and a tab slowed as a whole (``TabSlowdown``: the browser's renderer processes, with their workers, run a share of
the time: CDP's CPU throttling slows a page's main thread only).

Used by tests/browser/test_ready_for_no_signal.py and benchmarks/offline_phone.py (which documents the method)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import time
from pathlib import Path

HOST = "127.0.0.1"
RUN, PERIOD = 0.025, 0.100
"""By default the renderers run RUN seconds of every PERIOD: a CPU 4× slower."""


class Link:
    """One direction of the phone's radio link: a rate shared by every connection, bytes sent in turn."""

    CATCH_UP = 0.05
    """Seconds of the link's time a late wake-up may make up for (so sleeping late does not slow the link)."""

    def __init__(self, rate: float | None) -> None:
        self.rate = rate
        self.free_at = 0.0

    async def carry(self, size: int) -> None:
        """Wait until ``size`` bytes have crossed the link (after those already asked for)."""
        if not self.rate:
            return
        now = asyncio.get_running_loop().time()
        self.free_at = max(now - self.CATCH_UP, self.free_at) + size / self.rate
        if self.free_at > now:
            await asyncio.sleep(self.free_at - now)


class Proxy:
    """A TCP proxy on 127.0.0.1 in front of the server, in a thread of its own: it slows what crosses it (given
    rates and a latency) and counts the bytes each way. ``cut()`` is the signal lost: every connection dropped,
    new ones refused."""

    CHUNK = 16 * 1024
    PIECE = 4 * 1024
    QUEUE = 16
    MAX_CONNECTIONS = 64

    def __init__(self, target: int, down: float | None, up: float | None, latency: float) -> None:
        self.target, self.latency = target, latency
        self.down, self.up = Link(down), Link(up)
        self.bytes = {"down": 0, "up": 0}
        self.connections = 0
        self.refused = 0
        self.cut_off = False
        self.live: set[asyncio.StreamWriter] = set()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="proxy", daemon=True)
        self.thread.start()
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, HOST, 0), self.loop).result(10)
        self.port = int(self.server.sockets[0].getsockname()[1])
        self.url = f"http://{HOST}:{self.port}"

    def snapshot(self) -> dict[str, int]:
        return dict(self.bytes)

    def cut(self) -> None:
        """No signal: drop every connection and refuse new ones."""
        def drop() -> None:
            self.cut_off = True
            for writer in list(self.live):
                writer.transport.abort()
        self.loop.call_soon_threadsafe(drop)

    def stop(self) -> None:
        async def close() -> None:
            # Cut off first: a connection accepted just before the close, whose handling begins only now, drops
            # itself (``_serve``) instead of staying open past the loop, for the garbage collector to warn about.
            self.cut_off = True
            self.server.close()
            for _ in range(2):  # again for a connection whose handling was under way during the first pass
                for writer in list(self.live):
                    writer.transport.abort()
                await asyncio.sleep(0.05)
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        if not self.thread.is_alive():
            self.loop.close()

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        if self.cut_off or len(self.live) >= self.MAX_CONNECTIONS:
            self.refused += 1
            client_writer.transport.abort()
            return
        self.connections += 1
        writers = [client_writer]
        self.live.add(client_writer)
        try:
            if self.latency:
                await asyncio.sleep(self.latency)  # the connection's handshake
            server_reader, server_writer = await asyncio.wait_for(asyncio.open_connection(HOST, self.target), 10)
            writers.append(server_writer)
            self.live.add(server_writer)
            pumps = [asyncio.create_task(self._pump(client_reader, server_writer, self.up, "up")),
                     asyncio.create_task(self._pump(server_reader, client_writer, self.down, "down"))]
            try:
                await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for pump in pumps:
                    pump.cancel()
                await asyncio.gather(*pumps, return_exceptions=True)
        except (OSError, TimeoutError):
            pass
        finally:
            for writer in writers:
                self.live.discard(writer)
                writer.close()

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, link: Link,
                    direction: str) -> None:
        """One direction: what is read waits half the latency, then crosses the link, in order."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes] | None] = asyncio.Queue(self.QUEUE)
        delay = self.latency / 2

        async def carry() -> None:
            while (item := await queue.get()) is not None:
                due, chunk = item
                if (wait := due - loop.time()) > 0:
                    await asyncio.sleep(wait)
                for start in range(0, len(chunk), self.PIECE):
                    piece = chunk[start:start + self.PIECE]
                    await link.carry(len(piece))
                    writer.write(piece)
                    self.bytes[direction] += len(piece)
                    await writer.drain()
            if writer.can_write_eof():
                writer.write_eof()

        async def read() -> None:
            while chunk := await reader.read(self.CHUNK):
                await queue.put((loop.time() + delay, chunk))
            await queue.put(None)

        try:
            async with asyncio.TaskGroup() as group:
                group.create_task(read())
                group.create_task(carry())
        except* (OSError, asyncio.IncompleteReadError):
            pass


def _stat(pid: int) -> tuple[int, int] | None:
    """A process's parent and start time (/proc/PID/stat), or None when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), int(fields[19])


class TabSlowdown:
    """The browser's renderer processes (descendants of this process with ``--type=renderer``) let run ``run``
    seconds of every ``period``: SIGSTOP and SIGCONT from a thread; all continued by ``stop()``."""

    RESCAN = 0.2

    def __init__(self, run: float = RUN, period: float = PERIOD) -> None:
        self.run, self.period = run, period
        self.ours = os.getpid()
        self.renderers: dict[int, int] = {}  # pid → start time
        self.kinds: dict[tuple[int, int], bool] = {}  # (pid, start time) → is a renderer
        self.ran = self.stopped = 0.0
        self.cycles = 0
        self.done = threading.Event()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._cycle, name="tab-slowdown", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.done.set()
        if self.thread.ident is not None:
            self.thread.join(5)
        self._signal(signal.SIGCONT)  # again, whatever the thread managed

    def share(self) -> float | None:
        """The share of the time the renderers really ran."""
        total = self.ran + self.stopped
        return round(self.ran / total, 3) if total else None

    def _scan(self) -> None:
        """The renderers under this process now."""
        children: dict[int, list[int]] = {}
        starts: dict[int, int] = {}
        for name in os.listdir("/proc"):
            if name.isdigit() and (found := _stat(int(name))):
                children.setdefault(found[0], []).append(int(name))
                starts[int(name)] = found[1]
        below, stack = [], list(children.get(self.ours, []))
        while stack and len(below) < 500:
            pid = stack.pop()
            below.append(pid)
            stack.extend(children.get(pid, []))
        renderers = {}
        for pid in below:
            key = (pid, starts[pid])
            if key not in self.kinds:
                try:
                    self.kinds[key] = b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()
                except OSError:
                    self.kinds[key] = False
            if self.kinds[key]:
                renderers[pid] = starts[pid]
        with self.lock:
            self.renderers = renderers

    def _signal(self, which: signal.Signals) -> None:
        with self.lock:
            known = dict(self.renderers)
        for pid, started in known.items():
            found = _stat(pid)
            if found is None or found[1] != started:  # gone (its number may be another process's now)
                continue
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, which)

    def _cycle(self) -> None:
        scanned = 0.0
        try:
            while not self.done.is_set():
                if time.monotonic() - scanned >= self.RESCAN:
                    self._scan()
                    scanned = time.monotonic()
                began = time.monotonic()
                self.done.wait(self.run)
                self._signal(signal.SIGSTOP)
                paused = time.monotonic()
                time.sleep(self.period - self.run)
                self._signal(signal.SIGCONT)
                self.ran += paused - began
                self.stopped += time.monotonic() - paused
                self.cycles += 1
        finally:
            self._signal(signal.SIGCONT)


# ---------------------------------------------------------------- the page, stamped from inside
