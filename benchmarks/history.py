"""History benchmark: how long a club's pages take for a club of a busy table's year.

Target: **< 500 ms** (median of the repetitions) for each club page: the club page, its statistics, a
player's page and a head-to-head, for a club of 300 matches among 8 players.

The club is built in process in a temporary SQLite file (``create_app`` + the Alembic migrations): 8 players,
``--matches`` matches of mixed games (two-handed bela, bela-3, four-handed belote, klaberjass, clobby), each
with players drawn by a seeded ``random.Random`` and spread over a year. Every match is played to its end
through ``services.record_hand`` with legal hands from the engine benchmark's generator (stopping at the first
``Finished``), except the newest, which is left unfinished. The number of matches and hands and the build time
are reported.

Each page is fetched with the Flask test client (the phone holds the club's secret in its session, through
``/clubs/<id>/join``); the club's JSON export (``/api/v1/clubs/<id>/export``, bearer club token) is timed too.
Baselines measured in the same run: one match's score sheet ``/m/<id>`` (an ordinary page), and reading the
club's cached match states alone (``history.records(history.club_matches(club))``), so that what adding up
the statistics and rendering cost is visible. A page that misses the target is profiled once (cProfile) and
the functions where its time goes are printed. The verdict is on the median; the best repetition is shown
beside it.

Usage::

    python benchmarks/history.py               # a table
    python benchmarks/history.py --json        # the same figures as JSON
    python benchmarks/history.py --matches 30 --repeat 9 --seed 7
    python benchmarks/history.py --profile     # profile every club page, missed or not

The exit status is 1 when a club page misses the target.

Bounded: the build records about 9 hands per match (at most 400; about 7 s for 300 matches), then 7 timed
calls x (1 + repeat); about 20 s with the defaults.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import logging
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import machine, make_hand, timings_ms  # noqa: E402
from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from scorekeeper import MIGRATIONS, create_app, services  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import Match  # noqa: E402
from scorekeeper.rules import PRESETS, Rules, make_rules  # noqa: E402
from scorekeeper.rules.hand import claim_points_limit  # noqa: E402
from scorekeeper.rules.variants import Claims  # noqa: E402
from scorekeeper.services import history  # noqa: E402

TARGET_MS = 500.0
"""The target: each club page in under 500 ms."""

GAMES = ("bela", "bela-3", "belote", "klaberjass", "clobby")
PLAYERS = ("Ana", "Boris", "Cvijeta", "Davor", "Ema", "Filip", "Goran", "Hana")
HAND_LIMIT = 400
"""A match not won after this many hands stops the build (a generator bug, not a slow server)."""
CLAIM_REACH = 100
"""A side this close to the target claims in the next hand (in the games won only by a claim)."""
YEAR = timedelta(days=365)
CLUB_PAGES = ("club", "stats", "player", "head-to-head")


class BuildError(RuntimeError):
    """The club could not be built as asked."""


def make_app(folder: Path) -> Flask:
    """The app on a fresh, migrated SQLite file in ``folder``."""
    from flask_migrate import upgrade

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'history.db'}",
                      "WTF_CSRF_ENABLED": False, "SECRET_KEY": "history-benchmark"})
    app.instance_path = str(folder / "instance")
    logging.disable(logging.INFO)  # the migrations' log lines
    try:
        with app.app_context():
            upgrade(directory=str(MIGRATIONS))
    finally:
        logging.disable(logging.NOTSET)
    return app


def claim(rng: random.Random, rules: Rules, state: dict[str, Any]) -> dict[str, Any] | None:
    """A good claim by the side nearest the target when it is within a hand's reach (Bela's games are won
    only by a claim); None while nobody is."""
    near = [(need, side) for side, (need, may) in enumerate(zip(state["needs"], state["can_claim"], strict=True))
            if may and need <= CLAIM_REACH]
    if not near:
        return None
    need, side = min(near)
    points = min(need + rng.randrange(30), claim_points_limit(rules))
    return {"claim": {"side": side, "points": points}}


def play(match_id: str, token: str, variant: str, rng: random.Random, finish: bool) -> int:
    """Record legal hands until the match is won (``Finished``), or only a few if not ``finish``; the hands."""
    rules = make_rules(variant, {})
    by_claim = rules.claims is not Claims.NONE and rules.claim_window is None and rules.claim_from is None
    hands = 0
    stop = rng.randint(2, 5) if not finish else HAND_LIMIT
    state: dict[str, Any] = {}
    while hands < stop:
        hand = make_hand(rng, rules)
        if by_claim and state:
            hand = claim(rng, rules, state) or hand
        try:
            state = services.record_hand(match_id, token, hand).body["state"]
        except services.Finished:
            return hands
        hands += 1
    if finish:
        raise BuildError(f"a {variant} match was not won after {HAND_LIMIT} hands")
    return hands


def build(app: Flask, matches: int, seed: int) -> dict[str, Any]:
    """The club: ``matches`` matches of mixed games among 8 players over a year, the newest unfinished."""
    rng = random.Random(f"{seed}:history")
    start = time.perf_counter()
    first_day = datetime(2025, 11, 21, 18, tzinfo=UTC)
    hands = 0
    finished = 0
    sheet: tuple[str, str, int] | None = None
    with app.app_context():
        club = services.create_club({"name": "Thursday table", "players": list(PLAYERS)}).body
        club_id, club_token = club["id"], club["club_token"]
        lengths: list[tuple[int, str, str]] = []
        for number in range(matches):
            variant = rng.choice(GAMES)
            seats = PRESETS[variant].players
            answer = services.create_match({"variant": variant, "players": rng.sample(PLAYERS, seats),
                                            "first_dealer": rng.randrange(seats), "club": club_id},
                                           None, club_token).body
            last = number == matches - 1
            played = play(answer["id"], answer["edit_token"], variant, rng, finish=not last)
            hands += played
            finished += not last
            # Spread over a year, oldest first (the pages order and chart by day).
            moment = first_day + YEAR * number / max(matches, 1) + timedelta(minutes=rng.randrange(180))
            db.session.get(Match, answer["id"]).created_at = moment
            db.session.commit()
            if not last:
                lengths.append((played, answer["id"], answer["edit_token"]))
        lengths.sort()
        if lengths:
            played, match_id, token = lengths[len(lengths) // 2]  # a match of the median length
            sheet = (match_id, token, played)
        db.session.remove()
    return {"club_id": club_id, "club_token": club_token, "matches": matches, "finished": finished,
            "hands": hands, "build_s": round(time.perf_counter() - start, 1), "sheet": sheet}


def head_to_head_pair(app: Flask, club_id: str) -> tuple[str, str, int]:
    """The two players who met most often on opposite sides, and how often."""
    with app.app_context():
        club = services.find_club(club_id)
        best = ("", "", -1)
        for i, a in enumerate(PLAYERS):
            for b in PLAYERS[i + 1:]:
                met = len(history.meetings(club, a, b)["matches"])
                if met > best[2]:
                    best = (a, b, met)
        db.session.remove()
    return best


def fetcher(client: FlaskClient, path: str, headers: dict[str, str] | None = None) -> Callable[[], object]:
    """A call that fetches ``path`` and checks it answered 200."""
    def fetch() -> object:
        response = client.get(path, headers=headers)
        if response.status_code != 200:
            raise BuildError(f"GET {path}: {response.status_code} {response.get_data(as_text=True)[:300]}")
        return response.get_data()
    return fetch


def profile(run: Callable[[], object], top: int = 15) -> list[dict[str, Any]]:
    """Where one call's time goes: the functions with the most cumulative time (the call's own frames aside)."""
    profiler = cProfile.Profile()
    profiler.enable()
    run()
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = []
    for (file, line, name), (_, calls, own, cumulative, _) in stats.stats.items():  # type: ignore[attr-defined]
        rows.append({"function": f"{Path(file).name}:{line}({name})" if line else name,
                     "calls": calls, "own_ms": round(own * 1000, 1), "cumulative_ms": round(cumulative * 1000, 1),
                     "cumulative_share": round(cumulative / total, 3) if total else None})
    keep = [r for r in rows if "benchmarks" not in r["function"] and "testing.py" not in r["function"]]
    by_own = sorted(rows, key=lambda r: r["own_ms"], reverse=True)[:top]
    by_cumulative = sorted(keep, key=lambda r: r["cumulative_ms"], reverse=True)[:top * 2]
    return [{"total_ms": round(total * 1000, 1), "by_cumulative": by_cumulative, "by_own": by_own}]


def measure(matches: int, repeat: int, seed: int, force_profile: bool) -> dict[str, Any]:
    """Build the club, then time its pages, the export and the two baselines."""
    with tempfile.TemporaryDirectory(prefix="history-bench-") as folder:
        app = make_app(Path(folder))
        built = build(app, matches, seed)
        club_id, token = built["club_id"], built["club_token"]
        first, second, met = head_to_head_pair(app, club_id)
        client = app.test_client()
        joined = client.get(f"/clubs/{club_id}/join?key={token}")
        if joined.status_code != 302:
            raise BuildError(f"joining the club: {joined.status_code}")
        if built["sheet"] is None:
            raise BuildError("no finished match for the sheet baseline: use --matches 2 or more")
        sheet_id, sheet_token, sheet_hands = built["sheet"]
        if client.get(f"/m/{sheet_id}/join?key={sheet_token}").status_code != 302:
            raise BuildError("joining the sheet's match")
        player = PLAYERS[0]
        runs: dict[str, tuple[str, Callable[[], object]]] = {
            "club": ("GET /clubs/<id>", fetcher(client, f"/clubs/{club_id}")),
            "stats": ("GET /clubs/<id>/stats", fetcher(client, f"/clubs/{club_id}/stats")),
            "player": (f"GET /clubs/<id>/players/{player}", fetcher(client, f"/clubs/{club_id}/players/{player}")),
            "head-to-head": (f"GET /clubs/<id>/head-to-head?a={first}&b={second}",
                             fetcher(client, f"/clubs/{club_id}/head-to-head?a={first}&b={second}")),
            "export": ("GET /api/v1/clubs/<id>/export",
                       fetcher(client, f"/api/v1/clubs/{club_id}/export", {"Authorization": f"Bearer {token}"})),
            "sheet": (f"GET /m/<id> ({sheet_hands} hands; baseline)", fetcher(client, f"/m/{sheet_id}")),
        }

        def read_states() -> object:
            with app.app_context():
                records = history.records(history.club_matches(services.find_club(club_id)))
                db.session.remove()
            return records

        runs["states"] = ("records(club_matches(club)) alone (baseline)", read_states)
        rows: list[dict[str, Any]] = []
        for page, (what, run) in runs.items():
            median, best = timings_ms(run, repeat)
            rows.append({"page": page, "request": what, "median_ms": round(median, 2), "best_ms": round(best, 2),
                         **({"target_ms": TARGET_MS, "passed": median < TARGET_MS} if page in CLUB_PAGES else {})})
        sheet_ms = next(r["median_ms"] for r in rows if r["page"] == "sheet")
        for row in rows:
            row["ratio_to_sheet"] = round(row["median_ms"] / sheet_ms, 2) if sheet_ms else None
        profiles = {row["page"]: profile(runs[row["page"]][1])[0] for row in rows
                    if row["page"] in CLUB_PAGES and (force_profile or not row["passed"])}
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    built.pop("club_token")
    built.pop("sheet")
    return {"club": {**built, "players": len(PLAYERS), "sheet_hands": sheet_hands,
                     "head_to_head": {"a": first, "b": second, "meetings": met}},
            "results": rows, "profiles": profiles}


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The figures as a Markdown table."""
    lines = ["| request | median ms | best ms | ÷ sheet | target | result |",
             "| --- | ---: | ---: | ---: | --- | --- |"]
    for row in rows:
        target = f"< {TARGET_MS:g} ms" if "target_ms" in row else "—"
        result = ("pass" if row["passed"] else "FAIL") if "passed" in row else "—"
        lines.append(f"| {row['request']} | {row['median_ms']:.1f} | {row['best_ms']:.1f} | "
                     f"{row['ratio_to_sheet']:.2f}× | {target} | {result} |")
    return "\n".join(lines)


def profile_text(page: str, found: dict[str, Any], top: int = 12) -> str:
    """A profile as lines: the call's total, then the functions by cumulative and by own time."""
    lines = [f"Profile of {page} (one call, {found['total_ms']:.0f} ms under cProfile), by cumulative time:"]
    lines += [f"  {r['cumulative_ms']:8.1f} ms {100 * (r['cumulative_share'] or 0):5.1f} %  {r['calls']:>7} calls  "
              f"{r['function']}" for r in found["by_cumulative"][:top * 2]]
    lines.append("  by own time:")
    lines += [f"  {r['own_ms']:8.1f} ms  {r['calls']:>7} calls  {r['function']}" for r in found["by_own"][:top]]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit status 1 if any club page misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--matches", type=int, default=300, help="matches in the club (default 300, a year)")
    parser.add_argument("--repeat", type=int, default=9, help="timed repetitions per request (default 9)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the generated club")
    parser.add_argument("--profile", action="store_true", help="profile every club page, not only a slow one")
    args = parser.parse_args(argv)
    if not 2 <= args.matches <= 1000 or not 1 <= args.repeat <= 50:
        parser.error("keep it bounded: --matches 2..1000, --repeat 1..50")
    figures = measure(args.matches, args.repeat, args.seed, args.profile)
    rows = figures["results"]
    passed = all(row["passed"] for row in rows if "passed" in row)
    if args.json:
        print(json.dumps({"machine": machine(), "repeat": args.repeat, "seed": args.seed, **figures}, indent=2))
    else:
        info, club = machine(), figures["club"]
        print(f"History pages, a club of {club['matches']} matches ({club['finished']} finished) and "
              f"{club['hands']} hands among {club['players']} players, built in {club['build_s']} s; "
              f"head-to-head {club['head_to_head']['a']}–{club['head_to_head']['b']} "
              f"({club['head_to_head']['meetings']} meetings); median of {args.repeat}; "
              f"nproc {info['nproc']}, Python {info['python']}")
        print(table(rows))
        missed = [row["page"] for row in rows if "passed" in row and not row["passed"]]
        verdict = "met by every club page" if passed else "NOT met by " + ", ".join(missed)
        print(f"Target < {TARGET_MS:g} ms: {verdict}.")
        for page, found in figures["profiles"].items():
            print()
            print(profile_text(page, found))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
