"""The draw of a tournament: who sits at which table, on which side, round after round, and who is ahead.

Words (the rule book's): an *entry* is one registration, a player alone or, in a four-handed game, a pair of
partners. A *round* is every table played at once; each *table* is one match between its *sides*; an entry
with no table in a round has a *bye*. The *draw* comes from the tournament's seed: the same seed and the same
results always give the same draw, so a draw can be made again and checked.

What every format shares is here: the checks of a tournament, of its entries and of the rounds played, the
seats, the standings' lines and the winner. What differs between formats (how a round is drawn, who is still in,
how many rounds, how the standings rank) is each format's hooks, in formats.py, looked up by the format's name.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from ..rules.errors import RuleError
from ..rules.words import Said
from .formats import TournamentFormat, find_format
from .rounds import (
    ENTRY_KINDS,
    TABLE_SHAPES,
    Entry,
    Format,
    PlayedRound,
    Round,
    Sides,
    Standing,
    Table,
    TableResult,
    entries_of,
    entry_totals,
    winners,
)

# --- what a format allows -------------------------------------------------------------------------------------


def check_format(fmt: Format) -> None:
    """Refuse a tournament that cannot be played: an unknown format or entry kind, a table no game has,
    pairs where partnerships do not stay together, rounds where the format decides them itself."""
    kind = find_format(fmt.format)
    if (fmt.players_per_table, fmt.sides_per_table) not in TABLE_SHAPES:
        raise RuleError("format", Said("a table is two players, three players, or four players in two partnerships"))
    if fmt.entry not in ENTRY_KINDS:
        raise RuleError("entry", Said("unknown entry %(value)s: players enter alone (players) or as pairs (pairs)",
                                      value=repr(fmt.entry)))
    if fmt.entry == "pairs" and fmt.players_per_table != 4:
        raise RuleError("entry", Said("pairs entry needs a four-handed game; %(players)s-handed games enter players",
                                      players=fmt.players_per_table))
    kind.check_entry(fmt)
    kind.check_rounds(fmt)
    kind.check_table(fmt)


def entries_per_table(fmt: Format) -> int:
    """How many entries one table seats: its players where partners are drawn every round, otherwise one entry
    per side."""
    return find_format(fmt.format).entries_per_table(fmt)


def check_entries(fmt: Format, count: int) -> None:
    """Refuse a number of entries the format cannot seat: fewer than one table, or a number its rounds cannot
    come down to one table with (each format's ``check_count``)."""
    check_format(fmt)
    find_format(fmt.format).check_count(fmt, count)


def check_entry_names(fmt: Format, entries: Sequence[Entry]) -> None:
    """Refuse entries the format cannot take: too many or too few, a pair that is not two players, a player
    without a name, or one player in two entries."""
    check_entries(fmt, len(entries))
    size = 2 if fmt.entry == "pairs" else 1
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        field = f"entries.{index}"
        if len(entry.names) != size:
            raise RuleError(field, Said("a pair is two players") if size == 2
                            else Said("a player enters alone: one name"))
        for name in entry.names:
            if not isinstance(name, str) or not name.strip():
                raise RuleError(field, Said("every player needs a name"))
            key = name.strip().casefold()
            if key in seen:
                raise RuleError(field, Said("%(name)s is already entered (entry %(entry)s)", name=name.strip(),
                                            entry=seen[key] + 1))
            seen[key] = index


def total_rounds(fmt: Format, count: int) -> int:
    """How many rounds the tournament has with ``count`` entries."""
    check_entries(fmt, count)
    return find_format(fmt.format).rounds(fmt, count)


# --- the rounds played ----------------------------------------------------------------------------------------


def _check_shape(fmt: Format, kind: TournamentFormat, count: int, played: Sequence[PlayedRound]) -> None:
    """Every played round numbered in turn, every result a table of the game, every entry there once at most."""
    if len(played) > total_rounds(fmt, count):
        raise RuleError("played", Said("%(played)s rounds are played, but the tournament has %(rounds)s",
                                       played=len(played), rounds=total_rounds(fmt, count)))
    for number, rnd in enumerate(played, start=1):
        if rnd.number != number:
            raise RuleError("played", Said("the played rounds go 1, 2, 3…: round %(round)s is numbered %(number)s",
                                           round=number, number=rnd.number))
        for result in rnd.results:
            _check_result(fmt, kind, number, result)
        seen = [entry for result in rnd.results for side in result.sides for entry in side] + list(rnd.byes)
        strange = [entry for entry in seen if isinstance(entry, bool) or not 0 <= entry < count]
        if strange:
            raise RuleError("played", Said("round %(round)s names entry %(entry)s; the entries go from 0 to %(last)s",
                                           round=number, entry=strange[0], last=count - 1))
        twice = [entry for entry, times in Counter(seen).items() if times > 1]
        if twice:
            raise RuleError("played", Said("entry %(entry)s is there twice in round %(round)s", entry=twice[0],
                                           round=number))


def _check_result(fmt: Format, kind: TournamentFormat, number: int, result: TableResult) -> None:
    sides = fmt.sides_per_table
    if len(result.sides) != sides or any(len(side) != kind.per_side(fmt) for side in result.sides):
        raise RuleError("played", Said("a table of round %(round)s does not have the game's %(sides)s sides",
                                       round=number, sides=sides))
    if len(result.totals) != sides:
        raise RuleError("played", Said("a table of round %(round)s needs one total per side", round=number))
    if isinstance(result.winner, bool) or not 0 <= result.winner < sides:
        raise RuleError("played", Said("a table of round %(round)s needs its winner, a side from 0 to %(last)s",
                                       round=number, last=sides - 1))
    if fmt.strokes and (result.strokes is None or len(result.strokes) != sides):
        # glossary: Striche. Translators: the strokes are Jass's Striche, which a Jass tournament ranks by.
        raise RuleError("played", Said("a table of round %(round)s needs its strokes, one number per side",
                                       round=number))


def _check_present(number: int, rnd: PlayedRound, expected: Iterable[int]) -> None:
    """Every entry expected in the round has a table or a bye, and nobody else is there."""
    expected = set(expected)
    there = entries_of(rnd)
    if there - expected:
        raise RuleError("played", Said("entry %(entry)s plays round %(round)s but is out", entry=min(there - expected),
                                       round=number))
    if expected - there:
        raise RuleError("played", Said("entry %(entry)s has neither a table nor a bye in round %(round)s",
                                       entry=min(expected - there), round=number))


def _walk(fmt: Format, count: int, played: Sequence[PlayedRound]) -> tuple[int, ...]:
    """Check the played rounds against the format; the entries still in, knockout in bracket order."""
    kind = find_format(fmt.format)
    _check_shape(fmt, kind, count, played)
    still: tuple[int, ...] = tuple(range(count))
    for number, rnd in enumerate(played, start=1):
        _check_present(number, rnd, still)
        still = kind.after_round(fmt, count, number, rnd, still)
    return still


def finished(fmt: Format, count: int, played: Sequence[PlayedRound]) -> bool:
    """Whether every round of the tournament has been played."""
    _walk(fmt, count, played)
    return len(played) >= total_rounds(fmt, count)


def still_in(fmt: Format, count: int, played: Sequence[PlayedRound]) -> tuple[int, ...]:
    """Knockouts: the entries not yet out (after the final, the winners); the other formats: every entry."""
    return tuple(sorted(_walk(fmt, count, played)))


# --- the draw -------------------------------------------------------------------------------------------------


def draw_round(fmt: Format, entries: Sequence[Entry], played: Sequence[PlayedRound], seed: int) -> Round:
    """The next round's tables, sides, seats and first dealers, and its byes.

    The draw is random but repeatable: it depends only on the seed, the round's number, the entries and the
    results played, so drawing again gives the same round.
    """
    check_entry_names(fmt, entries)
    count = len(entries)
    still = _walk(fmt, count, played)
    total = total_rounds(fmt, count)
    if len(played) >= total:
        raise RuleError("rounds", Said("the tournament is over: all %(rounds)s rounds are played", rounds=total))
    number = len(played) + 1
    rng = random.Random(f"{seed}/{number}")
    groups, byes = find_format(fmt.format).pair(fmt, count, number, still, played, seed, rng)
    tables = tuple(_seat(fmt, entries, table, group, rng) for table, group in enumerate(groups, start=1))
    return Round(number=number, tables=tables, byes=byes)


def _seat(fmt: Format, entries: Sequence[Entry], number: int, sides: Sides, rng: random.Random) -> Table:
    """Draw which side is side 0, who of a side sits first, and the first dealer."""
    order = list(sides)
    rng.shuffle(order)
    drawn: list[tuple[int, ...]] = []
    names: list[list[str]] = []
    for side in order:
        members = list(side)
        rng.shuffle(members)
        players = [name for entry in members for name in entries[entry].names]
        if len(members) == 1:
            rng.shuffle(players)
        drawn.append(tuple(members))
        names.append(players)
    seats = tuple(names[seat % len(names)][seat // len(names)] for seat in range(fmt.players_per_table))
    return Table(number=number, sides=tuple(drawn), seats=seats, first_dealer=rng.randrange(fmt.players_per_table))


# --- standings ------------------------------------------------------------------------------------------------


def standings(fmt: Format, entries: Sequence[Entry], played: Sequence[PlayedRound]) -> list[Standing]:
    """Every entry, best first: most wins, then the best points difference (points for less points against),
    then the most points for; where the game keeps strokes (a Jass evening, ``fmt.strokes``), the most strokes,
    then the most points for. In the knockouts the round reached comes first (a bye takes an entry to the next
    round without a win; the winners of the final are above everyone, and two winning partners share first
    place). In the other formats a bye counts as a table played and won, with no points for or against (and a
    won game's strokes). Entries equal on all of it share a rank."""
    count = len(entries)
    check_entries(fmt, count)
    _walk(fmt, count, played)
    kind = find_format(fmt.format)
    totals = entry_totals(count, played, bye_is_a_win=not kind.knockout, by_strokes=fmt.strokes)
    last = total_rounds(fmt, count)

    def key(entry: int) -> tuple[int, ...]:
        return kind.standing_key(totals[entry], last)

    order = sorted(range(count), key=key, reverse=True)
    table: list[Standing] = []
    for place, entry in enumerate(order, start=1):
        rank = table[-1].rank if table and key(table[-1].entry) == key(entry) else place
        tally = totals[entry]
        table.append(Standing(entry=entry, rank=rank, played=tally.played, won=tally.won,
                              points_for=tally.points_for, points_against=tally.points_against,
                              reached=kind.reached(tally, last), strokes=tally.strokes if fmt.strokes else None))
    return table


def winner(fmt: Format, entries: Sequence[Entry], played: Sequence[PlayedRound]) -> tuple[int, ...] | None:
    """Once every round is played, who won: in a knockout the entries of the side that won the final (two
    partners drawn together, or one entry), in the other formats the entries ranked first (more than one when
    they are equal on every count). None before the end."""
    if not finished(fmt, len(entries), played):
        return None
    if find_format(fmt.format).knockout:
        return winners(played[-1].results[0])
    return tuple(line.entry for line in standings(fmt, entries, played) if line.rank == 1)
