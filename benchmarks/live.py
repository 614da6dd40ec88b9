"""The live board under a crowd: 1,000 open event streams on one match, a hand recorded once a second.

    .venv/bin/python benchmarks/live.py [--watchers 1000] [--hands 20] [--json] [--strict]

Starts `scorekeeper serve` (1 worker, the gevent worker class, a fresh SQLite file in a temporary folder),
creates a match, opens the watchers (GET /api/v1/boards/<view_token>/events, HTTP/1.1 chunked, as a browser's
EventSource reads it) from a separate client process on asyncio streams, then records a hand once a second.
For each hand the delivery latency of each watcher is the time from the POST's answer reaching the scorer to
that watcher having read the whole event of the new revision (one clock: CLOCK_MONOTONIC, shared by the
processes). Meanwhile a probe records a hand on a second match nobody watches, at once after each watched hand
is answered (so during its fan-out) and then every 100 ms: the hand POSTs' latencies while 1,000 watch (both
kinds counted together).

The baseline is benchmarks/sse_bare.py, a bare SSE broadcaster (no framework, no database, the event built once
per message) under the same gunicorn command line, driven the same way: its /publish gets, hand by hand, the
very bytes of the app's events, so each event is as big as the app's; its /probe answers without doing anything.
A control run first does the same writes (10 hands) with a single watcher: what the writes cost without a crowd.

Targets: delivery p95 < 250 ms and ≤ 3 × the baseline's p95; hand POST p99 < 100 ms while 1,000 watch; every
watcher gets every revision. All on 127.0.0.1; bounded (≤ ~90 s with the defaults).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing.connection
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from common import (
    HOST,
    ROOT,
    BenchmarkError,
    Crowd,
    CrowdProcess,
    Server,
    Verdict,
    event_data,
    event_id,
    free_port,
    machine,
    percentiles,
    raise_fd_limit,
    run_crowd,
    watch,
)

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scorekeeper.cli import gunicorn_command  # noqa: E402 - after the path fix, so it runs from anywhere

PERIOD = 1.0
"""Seconds between two hands on the watched match."""
PROBE_PERIOD = 0.1
"""Seconds between two probes (hands on a match nobody watches) meanwhile."""
DELIVERY_P95_TARGET_MS = 250.0
BASELINE_FACTOR = 3.0
POST_P99_TARGET_MS = 100.0
DRAIN_SECONDS = 10.0
"""How long after the last hand every watcher has to receive it."""
CONTROL_HANDS = 10
"""Hands of the control run (the same writes with one watcher), to tell the crowd's cost from the writes' own."""
MAX_WATCHERS = 2000
MAX_HANDS = 40

HANDS = [
    {"taker": 0, "card_points": [90, 62], "last_trick": 0},
    {"taker": 1, "card_points": [100, 52], "last_trick": 0},
    {"thrown_in": True},
]



# The watchers: a client process of their own, so that reading 1,000 streams does not slow the scorer's POSTs.

class _Crowd(Crowd):
    """The client process's watchers: when each read each revision, and how many are connected."""

    def __init__(self, watchers: int, hands: int) -> None:
        super().__init__(watchers)
        self.stamps = [[float("nan")] * watchers for _ in range(hands)]
        self.payloads: list[bytes] = [b""] * hands
        """Each revision's event data as the first watcher read it (the baseline sends the same bytes)."""


async def _watch(crowd: _Crowd, index: int, port: int, path: str, first: int) -> None:
    def on_event(event: bytes, now: float) -> None:
        hand = event_id(event) - first - 1
        if 0 <= hand < len(crowd.stamps):
            crowd.stamps[hand][index] = now
            if index == 0:
                crowd.payloads[hand] = event_data(event)

    await watch(crowd, port, path, on_event, f"watcher {index}")


async def _watchers(port: int, path: str, first: int, watchers: int, hands: int,
                    pipe: multiprocessing.connection.Connection) -> None:
    crowd = _Crowd(watchers, hands)
    await run_crowd(crowd, (_watch(crowd, index, port, path, first) for index in range(watchers)), pipe,
                    lambda: {"stamps": crowd.stamps, "payloads": crowd.payloads, "failures": crowd.failures[:10],
                             "failed": len(crowd.failures)})


def _watcher_process(port: int, path: str, first: int, watchers: int, hands: int,
                     pipe: multiprocessing.connection.Connection) -> None:
    raise_fd_limit(watchers + 256)
    asyncio.run(_watchers(port, path, first, watchers, hands, pipe))


@dataclass
class Run:
    """What one server did under the crowd."""

    name: str
    watchers: int
    hands: int
    event_bytes: int
    delivery_ms: dict[str, float]
    delivered: int
    expected: int
    watched_post_ms: dict[str, float]
    post_ms: dict[str, float]
    posts: int
    probe_next_ms: dict[str, float]
    """The probes sent as soon as each watched hand is answered, while its event goes out to the crowd."""
    probe_later_ms: dict[str, float]
    """The other probes, 200 to 900 ms after a hand."""
    server_cpu_ms_per_s: float
    """The server's CPU time per second of the schedule (a hand, nine probes, the fan-out): unlike the
    latencies, hardly moved by other work on the machine."""
    errors: list[str]


class Poster:
    """A keep-alive HTTP/1.1 connection that times its POSTs."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection(HOST, port, timeout=30)

    def post(self, path: str, body: bytes, headers: dict[str, str]) -> tuple[float, float, bytes]:
        """(sent at, answered at, answer body); fails on any status but 201."""
        started = time.monotonic()
        self.connection.request("POST", path, body=body, headers={"Content-Type": "application/json", **headers})
        response = self.connection.getresponse()
        data = response.read()
        answered = time.monotonic()
        if response.status != 201:
            raise BenchmarkError(f"POST {path}: {response.status} {data[:300]!r}")
        return started, answered, data

    def close(self) -> None:
        self.connection.close()


def crowd(name: str, server: Server, events_path: str, first: int, watchers: int, hands: int,
          watched: tuple[str, dict[str, str], list[bytes]], probe: tuple[str, dict[str, str], list[bytes]],
          log: Any) -> tuple[Run, list[bytes]]:
    """Open the watchers, post ``hands`` watched writes a PERIOD apart with probes between; the figures, and
    each revision's event data as a watcher read it (the baseline's payloads)."""
    port = server.port
    process = CrowdProcess(name, _watcher_process, (port, events_path, first, watchers, hands))
    errors: list[str] = []
    try:
        hello = process.hello()
        errors += hello["failures"]
        print(f"{name}: {hello['connected']} of {watchers} watchers connected", file=log, flush=True)
        watched_path, watched_headers, watched_bodies = watched
        probe_path, probe_headers, probe_bodies = probe
        writer, prober = Poster(port), Poster(port)
        answered_at: list[float] = []
        watched_ms: list[float] = []
        probe_ms: list[float] = []
        next_ms: list[float] = []  # the probes sent as each hand is answered: while its fan-out runs
        later_ms: list[float] = []
        start = time.monotonic() + 0.5
        cpu_before = server.cpu_seconds()
        slots = round(PERIOD / PROBE_PERIOD)
        try:
            for slot in range(hands * slots):
                if slot % slots != 1:  # the first probe after a hand goes at once, into its fan-out
                    time.sleep(max(0.0, start + slot * PROBE_PERIOD - time.monotonic()))
                if slot % slots == 0:
                    n = slot // slots
                    sent, answered, _ = writer.post(watched_path, watched_bodies[n % len(watched_bodies)],
                                                    watched_headers)
                    answered_at.append(answered)
                    watched_ms.append((answered - sent) * 1000)
                else:
                    sent, answered, _ = prober.post(probe_path, probe_bodies[slot % len(probe_bodies)],
                                                    probe_headers)
                    probe_ms.append((answered - sent) * 1000)
                    (next_ms if slot % slots == 1 else later_ms).append(probe_ms[-1])
        finally:
            writer.close()
            prober.close()
        time.sleep(max(0.0, start + hands * PERIOD - time.monotonic()))  # the last second's fan-out
        cpu = server.cpu_seconds() - cpu_before
        time.sleep(min(DRAIN_SECONDS, 1.0))
        report = process.report()
    finally:
        process.close()
    errors += report["failures"]
    delivery = [(stamp - answered_at[n]) * 1000 for n, row in enumerate(report["stamps"])
                for stamp in row if stamp == stamp]
    payloads = list(report["payloads"])
    return Run(
        name=name, watchers=watchers, hands=hands, event_bytes=max(len(p) for p in payloads),
        delivery_ms=percentiles(delivery), delivered=len(delivery), expected=watchers * hands,
        watched_post_ms=percentiles(watched_ms), post_ms=percentiles(watched_ms + probe_ms),
        posts=len(watched_ms) + len(probe_ms), probe_next_ms=percentiles(next_ms),
        probe_later_ms=percentiles(later_ms), server_cpu_ms_per_s=round(cpu * 1000 / (hands * PERIOD), 1),
        errors=errors,
    ), payloads


def benchmark(watchers: int, hands: int, log: Any) -> dict[str, Any]:
    limit = raise_fd_limit(watchers + 256)
    if limit < watchers + 64:
        raise BenchmarkError(f"the open-file limit is {limit}: too low for {watchers} watchers")
    with tempfile.TemporaryDirectory(prefix="scorekeeper-live-bench-") as tmp:
        folder = Path(tmp)
        env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{folder / 'live.sqlite'}",
               "SCOREKEEPER_SECRET_KEY": "benchmark",
               # It creates matches faster than any table: the limits on anonymous writes are off.
               "SCOREKEEPER_RATE_LIMITS": "off"}
        for variable in ("SCOREKEEPER_REDIS_URL", "HOST", "PORT"):
            env.pop(variable, None)

        port = free_port()
        app_command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", HOST, "--port", str(port),
                       "--workers", "1", "--quiet"]
        print("scorekeeper: serve on a fresh SQLite file (it migrates first)", file=log, flush=True)
        app = Server("scorekeeper", app_command, port, env, folder, "/api/v1/variants", quick_stop=True)
        try:
            bodies = [json.dumps(h).encode() for h in HANDS]

            def scorekeeper(name: str, crowd_size: int, count: int) -> tuple[Run, list[bytes]]:
                """On two new matches: ``crowd_size`` watch the first, the probes write to the second."""
                watched, other = (app.json("POST", "/api/v1/matches", {
                    "variant": "bela", "players": [f"North {i}", f"South {i}"], "rules": {"target": 100000}})
                    for i in range(2))
                auth = {"Authorization": f"Bearer {watched['edit_token']}"}
                probe_auth = {"Authorization": f"Bearer {other['edit_token']}"}
                return crowd(name, app, f"/api/v1/boards/{watched['view_token']}/events",
                             watched["state"]["revision"], crowd_size, count,
                             (f"/api/v1/matches/{watched['id']}/hands", auth, bodies),
                             (f"/api/v1/matches/{other['id']}/hands", probe_auth, bodies), log)

            control_run, _ = scorekeeper("scorekeeper, 1 watcher", 1, min(hands, CONTROL_HANDS))
            app_run, payloads = scorekeeper("scorekeeper", watchers, hands)
        finally:
            app.stop()

        bare_port = free_port()
        bare_command = gunicorn_command(HOST, bare_port, 1, app="benchmarks.sse_bare:app", quiet=True)
        print("baseline: benchmarks/sse_bare.py", file=log, flush=True)
        bare = Server("sse-bare", bare_command, bare_port, env, folder, "/", quick_stop=True)
        try:
            bare_run, _ = crowd("bare SSE broadcaster", bare, "/events", 0, watchers, hands,
                                ("/publish", {}, payloads), ("/probe", {}, [b"{}"]), log)
        finally:
            bare.stop()

    a, b = app_run.delivery_ms, bare_run.delivery_ms
    verdicts = [
        Verdict("delivery p95 (POST answered → event read)", f"< {DELIVERY_P95_TARGET_MS:.0f} ms",
                f"{a['p95']:.1f} ms", a["p95"] < DELIVERY_P95_TARGET_MS),
        Verdict("delivery p95 ÷ bare baseline p95", f"≤ {BASELINE_FACTOR:.0f}×",
                f"{a['p95'] / b['p95']:.2f}× ({b['p95']:.1f} ms)" if b["p95"] > 0 else "n/a",
                b["p95"] > 0 and a["p95"] <= BASELINE_FACTOR * b["p95"]),
        Verdict(f"hand POST p99 while {watchers} watch", f"< {POST_P99_TARGET_MS:.0f} ms",
                f"{app_run.post_ms['p99']:.1f} ms (1 watching: {control_run.post_ms['p99']:.1f})",
                app_run.post_ms["p99"] < POST_P99_TARGET_MS),
        Verdict("every watcher got every revision", f"{app_run.expected}",
                f"{app_run.delivered}", app_run.delivered == app_run.expected and not app_run.errors),
    ]
    return {
        "machine": machine(),
        "settings": {"watchers": watchers, "hands": hands, "period_s": PERIOD, "probe_period_s": PROBE_PERIOD,
                     "database": "SQLite (WAL) in a temporary folder", "gunicorn_workers": 1,
                     "app_command": gunicorn_command(HOST, port, 1, quiet=True), "baseline_command": bare_command,
                     "client": "one separate process, asyncio streams, HTTP/1.1 chunked"},
        "runs": {"scorekeeper": asdict(app_run), "bare": asdict(bare_run), "control": asdict(control_run)},
        "verdicts": [asdict(v) for v in verdicts],
        "passed": all(v.passed for v in verdicts),
    }


def table(result: dict[str, Any]) -> str:
    s, m = result["settings"], result["machine"]
    out = [
        f"Live board benchmark: {m['cpus']} × {m['cpu']}, Python {m['python']}, gunicorn {m['gunicorn']}, "
        f"gevent {m['gevent']} (load average before: {' '.join(str(x) for x in m['load_average'])})",
        f"{s['watchers']} watchers on one match, {s['hands']} hands {s['period_s']:.0f} s apart, "
        f"probe POSTs on a match nobody watches (one as each hand is answered, then every "
        f"{s['probe_period_s'] * 1000:.0f} ms); 1 worker",
        "",
        f"{'server':<24}{'event B':>9}{'deliv p50':>11}{'p95':>9}{'p99':>9}{'max':>9}{'got':>13}"
        f"{'POST p50':>10}{'p99':>8}{'max':>8}{'watched max':>13}{'CPU ms/s':>10}",
    ]
    for run in result["runs"].values():
        d, p, w = run["delivery_ms"], run["post_ms"], run["watched_post_ms"]
        out.append(f"{run['name']:<24}{run['event_bytes']:>9}{d['p50']:>11.1f}{d['p95']:>9.1f}{d['p99']:>9.1f}"
                   f"{d['max']:>9.1f}{run['delivered']:>7}/{run['expected']:<5}{p['p50']:>10.1f}{p['p99']:>8.1f}"
                   f"{p['max']:>8.1f}{w['max']:>13.1f}{run['server_cpu_ms_per_s']:>10.0f}")
    out.append("(all times in ms; delivery: from the scorer reading the POST's answer to a watcher having read the "
               "event; CPU ms/s: the server's CPU time per second of the schedule)")
    for run in result["runs"].values():
        n, later = run["probe_next_ms"], run["probe_later_ms"]
        out.append(f"{run['name']}: probe POSTs sent as a hand is answered p50 {n['p50']:.1f} / max {n['max']:.1f} ms; "
                   f"the others p50 {later['p50']:.1f} / p99 {later['p99']:.1f} / max {later['max']:.1f} ms")
    for run in result["runs"].values():
        for error in run["errors"][:5]:
            out.append(f"{run['name']}: {error}")
    out += ["", f"{'target':<46}{'goal':>10}{'measured':>34}  result"]
    for v in result["verdicts"]:
        out.append(f"{v['name']:<46}{v['target']:>10}{v['measured']:>34}  {'PASS' if v['passed'] else 'FAIL'}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--watchers", type=int, default=1000, help=f"open event streams (1 to {MAX_WATCHERS})")
    parser.add_argument("--hands", type=int, default=20, help=f"hands, one a second (1 to {MAX_HANDS})")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args(argv)
    if not 1 <= args.watchers <= MAX_WATCHERS:
        parser.error(f"--watchers is 1 to {MAX_WATCHERS}")
    if not 1 <= args.hands <= MAX_HANDS:
        parser.error(f"--hands is 1 to {MAX_HANDS}")
    try:
        result = benchmark(args.watchers, args.hands, sys.stderr)
    except BenchmarkError as error:
        print(f"benchmarks/live.py: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else table(result))
    return 1 if args.strict and not result["passed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
