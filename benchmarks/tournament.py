"""A tournament night: 64 players, 16 tables scoring at once, 200 phones and screens watching.

    .venv/bin/python benchmarks/tournament.py [--period 2] [--venue 100] [--boards 100] [--quiet-wait 0]
        [--json] [--strict]
        [--postgres postgresql://postgres@127.0.0.1:5432/test --redis redis://127.0.0.1:6379/0]

Starts `scorekeeper serve` (1 worker, gevent, a fresh SQLite file in a temporary folder, 127.0.0.1 only) and,
through the API as the organizer's phone would, creates seed 001's format for a big night: a knockout-remix
Belote tournament with {"deal-limit": 7}, 64 players registered, round 1 drawn (16 tables of 4). Then the 16
tables score their matches at once, each on its own scorer link (its own keep-alive connection, an
Idempotency-Key on every hand as the phones send it): 7 Belote hands a table (the takers alternate, each hand
92 against 70, so the 7th deal ends the game by the deal limit), 112 hands in all, which is round 1 to its end.

Four phases, each on a tournament of its own, so every phase scores the same 112 hands:

- paced: each table records a hand every PERIOD seconds (2 s by default; the tables staggered across it):
  16 tables make 8 hands a second, a hundred times a real night's rate (a deal takes minutes);
- as fast as they go: each table posts its next hand as soon as the last one is answered;

each once with a crowd and once as the control: the crowd is 200 event streams opened from a separate client
process on asyncio (HTTP/1.1 chunked, as EventSource reads them), 100 on the venue screen
(GET /api/v1/tournaments/boards/<view_token>/events) and 100 spread over the 16 tables' boards
(GET /api/v1/boards/<view_token>/events, 6 or 7 a table); the control is the same writes with one watcher on
the venue screen (what the writes and a delivery cost without a crowd: the baseline of the ratios).

Measured: each hand's write latency (POST sent → 201 read); each venue watcher's delivery latency for each
hand (the hand's 201 read by its table → that watcher having read the first venue event whose table shows the
hand's totals; one clock, CLOCK_MONOTONIC, shared by the processes; it can be negative, since the server sends
the event before it answers the POST); the same on the boards (→ the board event of the hand's revision);
errors; the server's CPU seconds; and, as benchmarks/api.py does, the share of the machine's CPUs busy in the
second before each phase with the servers idle (someone else's work: the figures understate the server).
A hand whose keep-alive connection the server closed as it went out (gunicorn keeps an idle one 2 s) is sent
again on a new connection with its Idempotency-Key, as a browser does, timed from the first try and counted;
the errors the server logged (the last line of each traceback) are listed with the figures.

With --postgres URL --redis URL the four phases run again, in the same run, on PostgreSQL (a fresh schema of
its own, 127.0.0.1 only) with 2 workers and Redis, and the two settings are printed side by side.

Targets (the crowd, paced): hand write p99 < 100 ms and venue-screen delivery p95 < 1 s, at 16 tables and 200
watchers; every watcher gets every hand; no error. The fast phases are reported with no target (the room's
most hurried case). Bounded: about a minute a setting with the defaults, under 3 minutes with both; every
wait has its limit (60 s for the crowd to connect, 30 s a write, 60 s for the watchers' report).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import http.client
import json
import multiprocessing.connection
import os
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import asdict, dataclass, field
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
    add_setting_arguments,
    event_data,
    event_id,
    free_port,
    machine,
    measure_settings,
    percentiles,
    print_results,
    raise_fd_limit,
    redis_for_postgres,
    run_crowd,
    wait_until_quiet,
    watch,
)

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scorekeeper.cli import gunicorn_command  # noqa: E402 - after the path fix, so it runs from anywhere

PLAYERS = 64
TABLES = PLAYERS // 4
TAKERS = (0, 1, 0, 1, 0, 1, 0)
"""The side that takes each of a table's hands: side 0 ends 57 to 55 after the 7th deal (the deal limit)."""
HANDS = len(TAKERS) * TABLES
VENUE_WATCHERS = 100
BOARD_WATCHERS = 100
PERIOD = 2.0
"""Seconds between two hands at one table in the paced phases."""
WRITE_P99_TARGET_MS = 100.0
VENUE_P95_TARGET_MS = 1000.0
DRAIN_SECONDS = 2.0
"""How long after the last hand the watchers keep reading before they report."""
WRITE_TIMEOUT = 30
TOURNAMENT = {"name": "Friday Belote", "variant": "belote", "rules": {"deal-limit": 7},
              "format": "knockout-remix", "entry": "players", "seed": 1}


def belote_hand(side: int) -> dict[str, Any]:
    """A Belote hand the taker ``side`` makes in hearts: 82 card points and the last trick, 92 against 70."""
    points: list[int | None] = [None, None]
    points[side] = 82
    return {"taker": side, "contract": "hearts", "card_points": points, "last_trick": side}


# ---------------------------------------------------------------- the watchers (a client process of their own)


@dataclass
class Watcher:
    """One open stream: a venue screen's, or a table's board (``table`` its number)."""

    path: str
    table: int | None = None


class _Crowd(Crowd):
    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.events: list[list[tuple[int, float]]] = [[] for _ in range(count)]
        self.venue_data: dict[int, bytes] = {}
        """Each venue revision's event data, as the first watcher read it (parsed after the run, not while
        timing: one revision is one state, whoever sent it)."""


async def _watch(crowd: _Crowd, index: int, port: int, watcher: Watcher) -> None:
    venue = watcher.table is None
    events = crowd.events[index]

    def on_event(event: bytes, now: float) -> None:
        revision = event_id(event)
        events.append((revision, now))
        if venue and revision not in crowd.venue_data:
            crowd.venue_data[revision] = event_data(event)

    await watch(crowd, port, watcher.path, on_event, f"watcher {index} ({watcher.path.split('/')[3]})")


async def _watchers(port: int, watchers: list[Watcher], pipe: multiprocessing.connection.Connection) -> None:
    crowd = _Crowd(len(watchers))
    await run_crowd(crowd, (_watch(crowd, index, port, watcher) for index, watcher in enumerate(watchers)), pipe,
                    lambda: {"events": crowd.events, "venue_data": crowd.venue_data,
                             "failures": crowd.failures[:10], "failed": len(crowd.failures)})


def _watcher_process(port: int, watchers: list[Watcher], pipe: multiprocessing.connection.Connection) -> None:
    raise_fd_limit(len(watchers) + 256)
    asyncio.run(_watchers(port, watchers, pipe))


# ---------------------------------------------------------------- the scorers (a thread a table)


@dataclass
class Table:
    """A table of round 1: its number, its match, the scorer link's token, its board's token."""

    number: int
    match: str
    token: str
    board: str


@dataclass
class Write:
    table: int
    sent: float
    answered: float
    revision: int
    points: int
    """The table's totals added up after the hand (they grow with every hand: the venue event that shows the
    hand is the first whose table adds up to this)."""


def score_table(port: int, table: Table, start: float, period: float, writes: list[Write],
                errors: list[str], retries: list[int]) -> None:
    """Record the table's hands one after another: at ``start`` + k × ``period`` (paced), or each as soon as the
    last one is answered (``period`` 0)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=WRITE_TIMEOUT)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {table.token}"}
    try:
        for k, taker in enumerate(TAKERS):
            if period:
                time.sleep(max(0.0, start + k * period - time.monotonic()))
            body = json.dumps(belote_hand(taker)).encode()
            key = uuid.uuid4().hex
            sent = time.monotonic()
            for attempt in (1, 2):
                try:
                    connection.request("POST", f"/api/v1/matches/{table.match}/hands", body=body,
                                       headers={**headers, "Idempotency-Key": key})
                    response = connection.getresponse()
                    data = response.read()
                    break
                except (OSError, http.client.HTTPException) as error:
                    # The server closed the idle keep-alive connection as the hand went out (gunicorn keeps
                    # one 2 s): a browser sends it again on a new connection, the Idempotency-Key making
                    # that safe. The latency counts from the first try.
                    connection.close()
                    connection = http.client.HTTPConnection(HOST, port, timeout=WRITE_TIMEOUT)
                    if attempt == 2:
                        errors.append(f"table {table.number}, hand {k + 1}: {error!r}")
                    else:
                        retries.append(table.number)
            else:
                continue
            answered = time.monotonic()
            if response.status != 201:
                errors.append(f"table {table.number}, hand {k + 1}: {response.status} {data[:200]!r}")
                continue
            state = json.loads(data)["state"]
            writes.append(Write(table.number, sent, answered, int(state["revision"]), sum(state["totals"])))
    finally:
        connection.close()


# ---------------------------------------------------------------- one phase


@dataclass
class Phase:
    """What one phase measured."""

    name: str
    paced: bool
    watchers: int
    busy_before: float | None
    writes: int
    write_ms: dict[str, float]
    venue_ms: dict[str, float]
    venue_got: int
    venue_expected: int
    board_ms: dict[str, float]
    board_got: int
    board_expected: int
    seconds: float
    """From the first hand sent to the last answered."""
    server_cpu_s: float
    venue_event_bytes: int
    retries: int
    """Hands sent again on a new connection after the server closed the idle one as they went out."""
    errors: list[str] = field(default_factory=list)


def night(server: Server, tag: str) -> tuple[str, list[Table]]:
    """A new tournament with 64 players and round 1 drawn: the venue screen's token, and the 16 tables."""
    made = server.json("POST", "/api/v1/tournaments", {**TOURNAMENT, "name": f"Friday Belote {tag}"})
    auth = {"Authorization": f"Bearer {made['organizer_token']}"}
    for n in range(PLAYERS):
        server.json("POST", f"/api/v1/tournaments/{made['id']}/players", {"name": f"Player {tag}{n + 1}"}, auth)
    drawn = server.json("POST", f"/api/v1/tournaments/{made['id']}/rounds", headers=auth)["drawn"]
    venue = server.json("GET", f"/api/v1/tournaments/boards/{made['view_token']}")
    boards = {t["number"]: t["links"]["board"].removeprefix("/board/") for t in venue["rounds"][0]["tables"]}
    tables = []
    for t in drawn["tables"]:
        match_id, token = t["links"]["scorer"].removeprefix("/m/").split("#")
        tables.append(Table(t["number"], match_id, token, boards[t["number"]]))
    if len(tables) != TABLES:
        raise BenchmarkError(f"round 1 drew {len(tables)} tables, not {TABLES}")
    return made["view_token"], tables


def crowd_of(screen: str, tables: list[Table], venue: int, boards: int) -> list[Watcher]:
    watchers = [Watcher(f"/api/v1/tournaments/boards/{screen}/events") for _ in range(venue)]
    watchers += [Watcher(f"/api/v1/boards/{tables[i % len(tables)].board}/events", tables[i % len(tables)].number)
                 for i in range(boards)]
    return watchers


def deliveries(writes: list[Write], watchers: list[Watcher], events: list[list[tuple[int, float]]],
               venue_data: dict[int, bytes]) -> tuple[list[float], int, int, list[float], int, int]:
    """Per watcher and hand, from the hand's 201 to the first event that shows it: on the venue screen the
    first event whose table adds up to the hand's totals, on a board the event of the hand's revision."""
    points: dict[int, dict[int, int]] = {}
    for revision, data in venue_data.items():
        view = json.loads(data)
        points[revision] = {t["number"]: sum(t["totals"]) for t in view["rounds"][-1]["tables"]} if view["rounds"] \
            else {}
    by_table: dict[int, list[Write]] = {}
    for write in writes:
        by_table.setdefault(write.table, []).append(write)
    venue_ms: list[float] = []
    board_ms: list[float] = []
    venue_expected = board_expected = 0
    for watcher, seen in zip(watchers, events, strict=True):
        if watcher.table is None:
            venue_expected += len(writes)
            for write in writes:
                got = next((at for revision, at in seen
                            if points.get(revision, {}).get(write.table, -1) >= write.points), None)
                if got is not None:
                    venue_ms.append((got - write.answered) * 1000)
        else:
            mine = by_table.get(watcher.table, [])
            board_expected += len(mine)
            for write in mine:
                got = next((at for revision, at in seen if revision >= write.revision), None)
                if got is not None:
                    board_ms.append((got - write.answered) * 1000)
    return venue_ms, len(venue_ms), venue_expected, board_ms, len(board_ms), board_expected


def phase(name: str, server: Server, paced: bool, period: float, venue: int, boards: int, log: Any,
          quiet_wait: float) -> Phase:
    """A new night; ``venue`` + ``boards`` watchers connect; the 16 tables score round 1 to its end."""
    screen, tables = night(server, name.replace(" ", "-").replace(",", ""))
    watchers = crowd_of(screen, tables, venue, boards)
    busy = wait_until_quiet(log, quiet_wait)
    process = CrowdProcess(name, _watcher_process, (server.port, watchers))
    errors: list[str] = []
    writes: list[Write] = []
    retries: list[int] = []
    try:
        hello = process.hello()
        errors += hello["failures"]
        print(f"  {name}: {hello['connected']} of {len(watchers)} watchers connected; "
              f"{HANDS} hands at {TABLES} tables", file=log, flush=True)
        cpu_before = server.cpu_seconds()
        start = time.monotonic() + 0.2
        threads = [threading.Thread(target=score_table, daemon=True, args=(
            server.port, table, start + (i * period / TABLES if paced else 0), period if paced else 0,
            writes, errors, retries)) for i, table in enumerate(tables)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=len(TAKERS) * (period + WRITE_TIMEOUT))
        if any(thread.is_alive() for thread in threads):
            raise BenchmarkError(f"{name}: a table's scorer did not finish")
        cpu = server.cpu_seconds() - cpu_before
        time.sleep(DRAIN_SECONDS)
        report = process.report()
    finally:
        process.close()
    errors += report["failures"]
    venue_ms, venue_got, venue_expected, board_ms, board_got, board_expected = deliveries(
        writes, watchers, report["events"], report["venue_data"])
    first = min((w.sent for w in writes), default=0.0)
    last = max((w.answered for w in writes), default=0.0)
    return Phase(
        name=name, paced=paced, watchers=len(watchers), busy_before=busy, writes=len(writes),
        write_ms=percentiles([(w.answered - w.sent) * 1000 for w in writes]),
        venue_ms=percentiles(venue_ms), venue_got=venue_got, venue_expected=venue_expected,
        board_ms=percentiles(board_ms), board_got=board_got, board_expected=board_expected,
        seconds=round(last - first, 2), server_cpu_s=round(cpu, 2),
        venue_event_bytes=max((len(d) for d in report["venue_data"].values()), default=0), retries=len(retries),
        errors=errors)


def logged_errors(log: Path) -> list[str]:
    """The distinct errors the server logged (the last line of each traceback), at most 5, each with its count."""
    counts: dict[str, int] = {}
    lines = log.read_text(errors="replace").splitlines()
    for number, line in enumerate(lines):
        ends_traceback = number + 1 == len(lines) or not lines[number + 1].startswith((" ", "Traceback", "\t"))
        if line and not line.startswith((" ", "[")) and ends_traceback and "Error" in line.split(":")[0]:
            counts[line[:300]] = counts.get(line[:300], 0) + 1
    return [f"{count} × {line}" for line, count in list(counts.items())[:5]]


@dataclass(frozen=True)
class Bench:
    """How to run: seconds between a table's hands when paced, the crowd, where to log, how long to wait for a
    quiet machine before each phase."""

    period: float = PERIOD
    venue: int = VENUE_WATCHERS
    boards: int = BOARD_WATCHERS
    log: Any = sys.stderr
    quiet_wait: float = 0


def benchmark(bench: Bench, workers: int = 1, database_url: str | None = None,
              redis_url: str | None = None) -> dict[str, Any]:
    """The four phases on one setting: a fresh SQLite file with ``workers`` workers when ``database_url`` is
    None, else that database; ``redis_url`` the broker (the in-process one when None)."""
    period, log, quiet_wait = bench.period, bench.log, bench.quiet_wait
    watchers = bench.venue + bench.boards
    limit = raise_fd_limit(watchers + 256)
    if limit < watchers + 64:
        raise BenchmarkError(f"the open-file limit is {limit}: too low for {watchers} watchers")
    with tempfile.TemporaryDirectory(prefix="scorekeeper-tournament-bench-") as tmp:
        folder = Path(tmp)
        env = {**os.environ, "SCOREKEEPER_DATABASE_URL": database_url or f"sqlite:///{folder / 'night.sqlite'}",
               "SCOREKEEPER_SECRET_KEY": "benchmark",
               # It registers and creates faster than any venue: the limits on anonymous writes are off.
               "SCOREKEEPER_RATE_LIMITS": "off"}
        for variable in ("SCOREKEEPER_REDIS_URL", "HOST", "PORT"):
            env.pop(variable, None)
        if redis_url:
            env["SCOREKEEPER_REDIS_URL"] = redis_url
        port = free_port()
        command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", HOST, "--port", str(port),
                   "--workers", str(workers), "--quiet"]
        setting = "PostgreSQL" if database_url else "SQLite"
        print(f"scorekeeper: serve on a fresh {setting} database, {workers} worker(s)", file=log, flush=True)
        server = Server("scorekeeper", command, port, env, folder, "/api/v1/variants", quick_stop=True)
        try:
            phases = {
                "control paced": phase("1 watcher, paced", server, True, period, 1, 0, log, quiet_wait),
                "crowd paced": phase(f"{watchers} watching, paced", server, True, period, bench.venue,
                                     bench.boards, log, quiet_wait),
                "control fast": phase("1 watcher, fast", server, False, period, 1, 0, log, quiet_wait),
                "crowd fast": phase(f"{watchers} watching, fast", server, False, period, bench.venue,
                                    bench.boards, log, quiet_wait),
            }
        finally:
            server.stop()
            server_errors = logged_errors(server.log_path)

    crowd, control = phases["crowd paced"], phases["control paced"]
    clean = not server_errors and all(not p.errors and p.writes == HANDS and p.venue_got == p.venue_expected
                and p.board_got == p.board_expected for p in phases.values())
    verdicts = [
        Verdict(f"hand write p99, {TABLES} tables, {watchers} watching", f"< {WRITE_P99_TARGET_MS:.0f} ms",
                f"{crowd.write_ms['p99']:.1f} ms ({control.write_ms['p99']:.1f} with 1 watching)",
                crowd.write_ms["p99"] < WRITE_P99_TARGET_MS),
        Verdict("venue screen delivery p95", f"< {VENUE_P95_TARGET_MS:.0f} ms",
                f"{crowd.venue_ms['p95']:.1f} ms ({control.venue_ms['p95']:.1f} with 1 watching)",
                crowd.venue_ms["p95"] < VENUE_P95_TARGET_MS),
        Verdict("every watcher got every hand, no error", "all",
                f"{sum(p.venue_got + p.board_got for p in phases.values())}/"
                f"{sum(p.venue_expected + p.board_expected for p in phases.values())}, "
                f"{sum(len(p.errors) for p in phases.values())} errors", clean),
    ]
    busiest = max((p.busy_before for p in phases.values() if p.busy_before is not None), default=None)
    return {
        "machine": machine(),
        "settings": {"players": PLAYERS, "tables": TABLES, "hands": HANDS, "period_s": period,
                     "venue_watchers": bench.venue, "board_watchers": bench.boards,
                     "database": "PostgreSQL (a schema of its own)" if database_url else
                                 "SQLite (WAL) in a temporary folder",
                     "broker": "Redis" if redis_url else "in-process", "gunicorn_workers": workers,
                     "app_command": gunicorn_command(HOST, port, workers, quiet=True),
                     "tournament": TOURNAMENT},
        "phases": {key: asdict(p) for key, p in phases.items()},
        "busiest_before_a_phase": busiest,
        "server_errors": server_errors,
        "verdicts": [asdict(v) for v in verdicts],
        "passed": all(v.passed for v in verdicts),
    }


def table(result: dict[str, Any]) -> str:
    s, m = result["settings"], result["machine"]
    out = [
        f"Tournament night: {m['cpus']} × {m['cpu']}, Python {m['python']}, gunicorn {m['gunicorn']}, "
        f"gevent {m['gevent']} (load average before: {' '.join(str(x) for x in m['load_average'])})",
        f"{s['players']} players, knockout-remix Belote (deal-limit 7), round 1: {s['tables']} tables × "
        f"{s['hands'] // s['tables']} hands = {s['hands']} hands; paced: a hand a table every {s['period_s']:g} s",
        f"crowd: {s['venue_watchers']} on the venue screen + {s['board_watchers']} on the tables' boards; "
        f"database: {s['database']}; broker: {s['broker']}; workers: {s['gunicorn_workers']}",
        "",
        f"{'phase':<22}{'busy':>5}{'writes':>7}{'write p50':>10}{'p99':>7}{'max':>7}"
        f"{'venue p50':>10}{'p95':>7}{'max':>7}{'got':>12}{'board p50':>10}{'p95':>7}{'got':>10}"
        f"{'secs':>6}{'CPU s':>7}",
    ]
    notes: list[str] = []
    for p in result["phases"].values():
        busy = "" if p["busy_before"] is None else f"{p['busy_before']:.0%}"
        w, v, b = p["write_ms"], p["venue_ms"], p["board_ms"]
        board = (f"{b['p50']:>10.1f}{b['p95']:>7.1f}{p['board_got']:>5}/{p['board_expected']:<4}"
                 if p["board_expected"] else f"{'':>10}{'':>7}{'':>10}")
        if p["retries"]:
            notes.append(f"{p['name']}: {p['retries']} hands sent again on a new connection (the server had "
                         "closed the idle one as they went out)")
        out.append(f"{p['name']:<22}{busy:>5}{p['writes']:>7}{w['p50']:>10.1f}{w['p99']:>7.1f}{w['max']:>7.1f}"
                   f"{v['p50']:>10.1f}{v['p95']:>7.1f}{v['max']:>7.1f}{p['venue_got']:>6}/{p['venue_expected']:<5}"
                   f"{board}{p['seconds']:>6.1f}{p['server_cpu_s']:>7.1f}")
    venue_bytes = max(p["venue_event_bytes"] for p in result["phases"].values())
    out.append(f"(ms; venue/board: a hand's 201 → a watcher reading the event that shows it; busy: the share of "
               f"the CPUs in use in the second before the phase, servers idle; a venue event is {venue_bytes} B)")
    out += notes
    for p in result["phases"].values():
        for error in p["errors"][:5]:
            out.append(f"{p['name']}: {error}")
    for error in result["server_errors"]:
        out.append(f"server log: {error}")
    crowd = s["venue_watchers"] + s["board_watchers"]
    out += ["", f"{f'target ({crowd} watching, paced)':<44}{'goal':>10}{'measured':>40}  result"]
    for v in result["verdicts"]:
        out.append(f"{v['name']:<44}{v['target']:>10}{v['measured']:>40}  {'PASS' if v['passed'] else 'FAIL'}")
    return "\n".join(out)


def side_by_side(results: dict[str, dict[str, Any]]) -> str:
    out = [f"{'side by side (ms)':<40}" + "".join(f"{name:>26}" for name in results)]
    shapes = [f"{r['settings']['gunicorn_workers']} worker(s), {r['settings']['broker']}" for r in results.values()]
    out.append(f"{'':<40}" + "".join(f"{shape:>26}" for shape in shapes))
    crowd = next(iter(results.values()))["phases"]["crowd paced"]["watchers"]
    rows = [(f"write p99, {crowd} watching, paced", "crowd paced", "write_ms", "p99"),
            ("write p99, 1 watcher, paced", "control paced", "write_ms", "p99"),
            (f"venue delivery p95, {crowd} watching, paced", "crowd paced", "venue_ms", "p95"),
            ("venue delivery p95, 1 watcher, paced", "control paced", "venue_ms", "p95"),
            (f"write p99, {crowd} watching, fast", "crowd fast", "write_ms", "p99"),
            ("write p99, 1 watcher, fast", "control fast", "write_ms", "p99"),
            (f"venue delivery p95, {crowd} watching, fast", "crowd fast", "venue_ms", "p95")]
    for label, key, figure, at in rows:
        out.append(f"{label:<40}" + "".join(f"{r['phases'][key][figure][at]:>26.1f}" for r in results.values()))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--period", type=float, default=PERIOD,
                        help=f"seconds between two hands at a table in the paced phases (0.5 to 5; {PERIOD:g})")
    add_setting_arguments(parser, "phase")
    parser.add_argument("--venue", type=int, default=VENUE_WATCHERS, help="the crowd's streams on the venue "
                        f"screen ({VENUE_WATCHERS})")
    parser.add_argument("--boards", type=int, default=BOARD_WATCHERS, help="the crowd's streams on the tables' "
                        f"boards, spread over the {TABLES} tables ({BOARD_WATCHERS})")
    args = parser.parse_args(argv)
    if not 0 <= args.quiet_wait <= 60:
        parser.error("--quiet-wait is 0 to 60 seconds")
    if not (0 <= args.venue <= 1000 and 0 <= args.boards <= 1000 and args.venue + args.boards >= 1):
        parser.error("--venue and --boards are 0 to 1000 each, at least one watcher in all")
    if not 0.5 <= args.period <= 5:
        parser.error("--period is 0.5 to 5 seconds")
    redis_url = redis_for_postgres(parser, args)
    bench = Bench(args.period, args.venue, args.boards, sys.stderr, args.quiet_wait)
    started = time.monotonic()
    results = measure_settings("benchmarks/tournament.py", functools.partial(benchmark, bench), 1, args.postgres,
                               redis_url)
    if results is None:
        return 2
    print(f"whole run: {time.monotonic() - started:.0f} s", file=sys.stderr)
    return print_results(results, args, table, side_by_side)


if __name__ == "__main__":
    raise SystemExit(main())
