"""Engine replay benchmark: how long ``replay(rules, hands)`` takes for a 1,000-hand match of each preset.

Target: **< 20 ms per 1,000 hands** for every preset (median of the repetitions), so that replaying a
whole match after an edit stays far below a request's time budget.

For each preset a legal 1,000-hand match is generated with a seeded ``random.Random`` (the same hands on
every run). The rules are overridden so that every hand is scored: a target no match reaches, best of 1,
no claims. The match mixes suit contracts (and, where the preset has them, no-trumps, all-trumps,
doubles), credited melds, bela, ties, revoke challenges and thrown-in hands. A baseline that only reads
each input's card points is timed in the same run, to show the cost of the loop itself on this machine.
The pass/fail verdict is on the median; the best repetition is shown beside it.

Usage::

    python benchmarks/engine.py            # a table
    python benchmarks/engine.py --json     # the same figures as JSON
    python benchmarks/engine.py --repeat 25 --hands 1000 --seed 7

The exit status is 1 when a preset misses the target.

Bounded: 8 presets x (1 + repeat) replays of ``hands`` hands; about 5 s with the defaults.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules import PRESETS, Contract, Rules, make_rules, replay  # noqa: E402
from scorekeeper.rules.variants import Claims, Contest  # noqa: E402

TARGET_MS = 20.0
"""The target: a 1,000-hand replay in under 20 ms."""

LAST_TRICK = 10


def endless_rules(variant: str) -> Rules:
    """The preset with nothing that ends the match early: a huge target, best of 1, no claims."""
    overrides: dict[str, object] = {"target": 10**9, "best-of": 1, "deal-limit": None}
    if PRESETS[variant].claims is not Claims.NONE:
        overrides.update({"claims": "none", "claim-from": None, "claim-window": None})
    return make_rules(variant, overrides)


def _card_points(rng: random.Random, rules: Rules, deck: int) -> list[int | None]:
    """Legal card points: never 1 (nor deck-1 in four-handed play); four-handed may leave one side null."""
    if rules.full_deck:
        value = rng.choice([v for v in range(deck + 1) if v not in (1, deck - 1)])
        given = rng.randrange(rules.sides)
        other: int | None = None if rng.random() < 0.5 else deck - value
        return [value if s == given else other for s in range(rules.sides)]
    left = deck - rng.randrange(0, 30)  # in two- and three-handed play not every card is played
    points: list[int | None] = []
    for s in range(rules.sides):
        value = left if s == rules.sides - 1 else rng.randint(0, left)
        value = 0 if value == 1 else value
        points.append(value)
        left -= value
    rng.shuffle(points)
    return points


def _melds(rng: random.Random, rules: Rules, contract: Contract | None) -> list[list[int]]:
    """Credited melds: values of the variant only, sequence-only values to one side, none in no-trumps."""
    melds: list[list[int]] = [[] for _ in range(rules.sides)]
    if contract is Contract.NO_TRUMPS or rng.random() < 0.5:
        return melds
    sequences = {v for k, v in rules.meld_values.items() if k.startswith("sequence-")}
    squares = {v for k, v in rules.meld_values.items() if k.startswith("square-")}
    side = rng.randrange(rules.sides)
    melds[side].append(rng.choice(sorted(sequences)))
    if squares and rng.random() < 0.2:
        # Under one contest (Croatian Bela) only one side is credited declarations.
        to = rng.randrange(rules.sides)
        melds[side if rules.meld_contest is Contest.SINGLE else to].append(rng.choice(sorted(squares)))
    return melds


def make_hand(rng: random.Random, rules: Rules) -> dict[str, Any]:
    """One legal hand input (API.md "A hand") for ``rules``, without a claim."""
    sides = rules.sides
    if rng.random() < 0.02 and rules.throw_in:  # Croatian Bela, Tarabish: the dealer must call
        return {"thrown_in": True}
    contract = rng.choice(rules.contracts)
    hand: dict[str, Any] = {"taker": rng.randrange(sides), "contract": contract.value}
    if rules.doubles:
        hand["double"] = rng.choices((0, 1, 2), weights=(8, 2, 1))[0]
    deck = rules.deck(contract)
    hand["card_points"] = _card_points(rng, rules, deck)
    hand["last_trick"] = rng.randrange(sides)
    hand["melds"] = _melds(rng, rules, contract)
    bela = [0] * sides
    if (contract.is_suit or contract is Contract.ALL_TRUMPS) and rng.random() < 0.3:  # no bela without trumps
        bela[rng.randrange(sides)] = 1
    hand["bela"] = bela
    if rng.random() < 0.05:
        _make_a_tie(rules, hand, deck)
    if rng.random() < 0.03:
        accused = rng.randrange(sides)
        hand["revoke"] = {"accused": accused, "accuser": (accused + 1) % sides, "upheld": rng.random() < 0.7}
    return hand


def _make_a_tie(rules: Rules, hand: dict[str, Any], deck: int) -> None:
    """Set the card points, where the cards allow it, so that the taker equals the next side."""
    taker = hand["taker"]
    defender = (taker + 1) % rules.sides

    def extra(s: int) -> int:
        last = rules.last_trick if s == hand["last_trick"] else 0
        melds: list[int] = hand["melds"][s]
        bela: int = hand["bela"][s]
        return last + sum(melds) + rules.bela_points * bela

    if rules.full_deck:
        twice = deck + extra(defender) - extra(taker)
        mine = twice // 2
        if twice % 2 == 0 and 2 <= mine <= deck - 2:
            hand["card_points"] = [mine if s == taker else deck - mine for s in range(rules.sides)]
        return
    cards = [c or 0 for c in hand["card_points"]]
    cards[defender] = cards[taker] + extra(taker) - extra(defender)
    if cards[defender] >= 2 and sum(cards) <= deck:
        hand["card_points"] = cards


def make_match(variant: str, hands: int, seed: int) -> tuple[Rules, list[dict[str, Any]]]:
    """The rules and a legal ``hands``-hand match for ``variant``, the same for the same seed."""
    rules = endless_rules(variant)
    rng = random.Random(f"{seed}:{variant}")
    return rules, [make_hand(rng, rules) for _ in range(hands)]


def baseline(hands: Sequence[dict[str, Any]]) -> int:
    """Merely iterate the same inputs: read each hand's card points."""
    total = 0
    for hand in hands:
        points = hand.get("card_points")
        if points:
            total += points[0] or 0
    return total


def timings_ms(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and best wall time of ``run`` in milliseconds, after one warm-up call.

    The best of the repetitions is shown next to the median: on a shared machine it is the figure least
    disturbed by other work.
    """
    run()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, min(times) * 1000


def measure(variant: str, hands: int, repeat: int, seed: int) -> dict[str, Any]:
    """The figures of one preset, per 1,000 hands."""
    rules, match = make_match(variant, hands, seed)
    state = replay(rules, match)
    assert len(state.hands) == hands and not state.finished, "every hand must be scored"
    scale = 1000 / hands
    replay_ms, best_ms = (t * scale for t in timings_ms(lambda: replay(rules, match), repeat))
    baseline_ms = timings_ms(lambda: baseline(match), repeat)[0] * scale
    return {
        "preset": variant,
        "hands": hands,
        "replay_ms_per_1000": round(replay_ms, 2),
        "best_replay_ms_per_1000": round(best_ms, 2),
        "baseline_ms_per_1000": round(baseline_ms, 3),
        "ratio": round(replay_ms / baseline_ms) if baseline_ms else None,
        "target_ms_per_1000": TARGET_MS,
        "passed": replay_ms < TARGET_MS,
    }


def machine() -> dict[str, Any]:
    """Where the figures were taken."""
    return {"nproc": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The figures as a Markdown table."""
    lines = [
        "| preset | median ms per 1,000 hands | best ms | baseline ms | ratio | target | result |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for row in rows:
        lines.append(
            f"| {row['preset']} | {row['replay_ms_per_1000']:.2f} | {row['best_replay_ms_per_1000']:.2f} | "
            f"{row['baseline_ms_per_1000']:.3f} | "
            f"{row['ratio']}× | < {TARGET_MS:g} ms per 1,000 hands | {'pass' if row['passed'] else 'FAIL'} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit status 1 if any preset misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--repeat", type=int, default=15, help="timed repetitions per preset (default 15)")
    parser.add_argument("--hands", type=int, default=1000, help="hands in each match (default 1000)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the generated matches")
    parser.add_argument("--preset", action="append", choices=sorted(PRESETS), help="only these presets")
    args = parser.parse_args(argv)
    if not 1 <= args.repeat <= 200 or not 1 <= args.hands <= 20_000:
        parser.error("keep it bounded: --repeat 1..200, --hands 1..20000")
    rows = [measure(variant, args.hands, args.repeat, args.seed) for variant in args.preset or PRESETS]
    if args.json:
        print(json.dumps({"machine": machine(), "repeat": args.repeat, "results": rows}, indent=2))
    else:
        info = machine()
        print(f"Engine replay, {args.hands} hands per match, median of {args.repeat}; "
              f"nproc {info['nproc']}, Python {info['python']}")
        print(table(rows))
        met = all(row["passed"] for row in rows)
        print(f"Target < {TARGET_MS:g} ms per 1,000 hands: {'met' if met else 'NOT met'} for every preset."
              if met else f"Target < {TARGET_MS:g} ms per 1,000 hands: NOT met by "
              f"{', '.join(row['preset'] for row in rows if not row['passed'])}.")
    return 0 if all(row["passed"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
