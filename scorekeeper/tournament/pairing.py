"""Who meets whom: the searches the formats draw their tables with.

New partnerships nobody has had before, a round of the circle method, a knockout's bracket after its first
round, and tables with no rematch while one can be avoided. Each search is bounded: when it would try more than
``SEARCH_STEPS`` tables or partnerships it settles for the fewest rematches, or for new partners of the last
round only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from .rounds import PlayedRound, Sides, chunks, winners

SEARCH_STEPS = 100_000
"""How many tables (no rematch) or partnerships (new partners) a search may try before the draw settles for the
fewest rematches or for new partners of the last round only: far more than a club's tournament needs, the
search only runs that long when no draw avoids them."""

PARTNER_TRIES = 50
"""How many random splits are tried for partnerships nobody has had before, before a search for one in order
(the random tries draw every such split alike; the search finds one whenever there is one)."""


class _SearchTooLong(Exception):
    """A search of the draw tried more than it may."""


class _Budget:
    """How many more tries a search of the draw may make."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _SearchTooLong


# --- new partners ---------------------------------------------------------------------------------------------


def sides_into_tables(sides: list[tuple[int, ...]], size: int) -> list[Sides]:
    """Drawn sides, ``size`` to a table, in order."""
    return [tuple(sides[start:start + size]) for start in range(0, len(sides), size)]


def new_partners(players: list[int], played: Sequence[PlayedRound], rng: random.Random) -> list[tuple[int, ...]]:
    """Partnerships for the next round: nobody with anyone they partnered before when that is possible, and
    never with the partner of the round just played."""
    ever = {frozenset(side) for rnd in played for result in rnd.results for side in result.sides}
    for _ in range(PARTNER_TRIES):
        rng.shuffle(players)
        sides = chunks(players, 2)
        if not any(frozenset(side) in ever for side in sides):
            return sides
    try:
        found = _partners_avoiding(players, ever, _Budget(SEARCH_STEPS))
    except _SearchTooLong:
        found = None
    return found if found is not None else _rotated_partners(played[-1], rng)


def _partners_avoiding(players: list[int], avoid: set[frozenset[int]],
                       budget: _Budget) -> list[tuple[int, ...]] | None:
    """Every player (in the drawn order) given a partner they have not had, or None when that cannot be done."""
    if not players:
        return []
    first, rest = players[0], players[1:]
    for partner in rest:
        budget.spend()
        if frozenset((first, partner)) in avoid:
            continue
        others = _partners_avoiding([player for player in rest if player != partner], avoid, budget)
        if others is not None:
            return [(first, partner), *others]
    return None


def _rotated_partners(rnd: PlayedRound, rng: random.Random) -> list[tuple[int, ...]]:
    """New partnerships for certain: the winning pairs in a drawn circle, the first of each pair with the second
    of the next, so nobody keeps the partner of the round just played."""
    pairs = [list(winners(result)) for result in rnd.results]
    rng.shuffle(pairs)
    for pair in pairs:
        rng.shuffle(pair)
    sides: list[tuple[int, ...]] = [(pair[0], pairs[(index + 1) % len(pairs)][1]) for index, pair in enumerate(pairs)]
    rng.shuffle(sides)
    return sides


# --- fixed orders ---------------------------------------------------------------------------------------------


def circle(count: int, number: int, rng: random.Random) -> tuple[list[Sides], tuple[int, ...]]:
    """Round ``number`` of the circle method: one entry stays, the others turn one place each round; with an
    odd count the entry set against nobody has the bye. ``rng`` shuffles who is where, the same for every
    round."""
    order: list[int | None] = list(range(count))
    rng.shuffle(order)
    if count % 2:
        order.append(None)
    ring = order[1:]
    turn = (number - 1) % len(ring)
    line = [order[0], *ring[turn:], *ring[:turn]]
    pairs = [(line[index], line[-1 - index]) for index in range(len(line) // 2)]
    tables: list[Sides] = []
    byes: list[int] = []
    for a, b in pairs:
        if a is None or b is None:
            byes.extend(entry for entry in (a, b) if entry is not None)
        else:
            tables.append(((a,), (b,)))
    return tables, tuple(byes)


def interleave(winners: list[int], byes: list[int]) -> tuple[int, ...]:
    """The bracket after the first round: table 1's winner, the first bye, table 2's winner, the second bye…
    so byes meet the winners of a table before they meet each other."""
    order = []
    for index in range(max(len(winners), len(byes))):
        order.extend(winners[index:index + 1])
        order.extend(byes[index:index + 1])
    return tuple(order)


# --- no rematch -----------------------------------------------------------------------------------------------


def tables_without_rematch(ranked: list[int], size: int, meetings: Counter[frozenset[int]],
                           had_bye: set[int]) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    """Tables of ``size`` with no rematch while one can be avoided; the spare entries have the bye, the
    lowest-ranked that have not had one yet (a second bye only if that avoids a rematch)."""
    spare = len(ranked) % size
    lowest_first = ranked[::-1]
    fresh = [entry for entry in lowest_first if entry not in had_bye]
    met, budget, dead = set(meetings), _Budget(SEARCH_STEPS), set[frozenset[int]]()
    try:
        for candidates in (fresh, lowest_first):
            for byes in combinations(candidates, spare):
                rest = [entry for entry in ranked if entry not in byes]
                tables = _fresh_tables(rest, size, met, budget, dead)
                if tables is not None:
                    return tables, byes
    except _SearchTooLong:
        pass
    byes = tuple((fresh + [entry for entry in lowest_first if entry in had_bye])[:spare])
    return _fewest_rematches([entry for entry in ranked if entry not in byes], size, meetings), byes


def _fresh_tables(ranked: list[int], size: int, met: set[frozenset[int]], budget: _Budget,
                  dead: set[frozenset[int]]) -> list[tuple[int, ...]] | None:
    """Tables of ``size`` in which nobody meets an entry they met before, or None; the best-ranked entry left
    takes the nearest-ranked it may meet, going further down only when the rest cannot be seated otherwise."""
    if not ranked:
        return []
    if frozenset(ranked) in dead:
        return None
    first, rest = ranked[0], ranked[1:]
    for picks in combinations(range(len(rest)), size - 1):
        budget.spend()
        table = (first, *(rest[index] for index in picks))
        if any(frozenset(pair) in met for pair in combinations(table, 2)):
            continue
        left = [entry for index, entry in enumerate(rest) if index not in picks]
        tables = _fresh_tables(left, size, met, budget, dead)
        if tables is not None:
            return [table, *tables]
    dead.add(frozenset(ranked))
    return None


def _fewest_rematches(ranked: list[int], size: int, meetings: Counter[frozenset[int]]) -> list[tuple[int, ...]]:
    """When every draw has a rematch: the best-ranked entry left with those it met least, nearest first."""
    left, tables = list(ranked), []
    while left:
        table = [left.pop(0)]
        while len(table) < size:
            table.append(left.pop(_least_met(left, table, meetings)))
        tables.append(tuple(table))
    return tables


def _least_met(left: list[int], table: list[int], meetings: Counter[frozenset[int]]) -> int:
    def times(index: int) -> tuple[int, int]:
        return sum(meetings[frozenset((left[index], entry))] for entry in table), index
    return min(range(len(left)), key=times)
