"""What a tournament is made of: its format as chosen, its entries, the rounds drawn and played, the standings.

Entries are named by their index in the list of entries, from 0; tables and rounds are numbered from 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.match import STROKES_WIN

ENTRY_KINDS: tuple[str, ...] = ("players", "pairs")
"""How entries are made: each player alone, or (four-handed only) a pair of partners."""

TABLE_SHAPES: frozenset[tuple[int, int]] = frozenset({(2, 2), (3, 3), (4, 2)})
"""The tables the games have, as (players, sides): two-handed, three-handed, four-handed in partnerships."""

Sides = tuple[tuple[int, ...], ...]
"""The entries on each side of one table, by side."""


@dataclass(frozen=True, slots=True)
class Format:
    """How a tournament is played: its format, how entries are made, and the game's table."""

    format: str
    """The name of one of the registered formats (``tournament.FORMATS``)."""
    entry: str
    """One of ENTRY_KINDS: "players" or "pairs"."""
    players_per_table: int
    """The game's players at a table: 2, 3 or 4."""
    sides_per_table: int
    """The game's sides at a table: 2 (two-handed, or four-handed in partnerships) or 3 (three-handed)."""
    rounds: int | None = None
    """Only for a format that chooses its number of rounds: how many are played."""
    strokes: bool = False
    """Whether the game keeps strokes (Jass's Striche, ``Rules.strokes``): the standings then rank by strokes,
    then points for, and every table's result carries each side's strokes."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One registration: a player's name, or the two names of a pair of partners."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a drawn round."""

    number: int
    """From 1 within its round."""
    sides: Sides
    """Per side, the entries on it: one entry (a player or a pair), or in a format drawing new partners every
    round, four-handed, the two players drawn as partners."""
    seats: tuple[str, ...]
    """The players' names in seat order, as a match takes them: seat i plays for side i % sides, so
    four-handed is (side 0's first, side 1's first, side 0's second, side 1's second)."""
    first_dealer: int
    """The seat that deals first, drawn."""


@dataclass(frozen=True, slots=True)
class Round:
    """A drawn round: its tables and its byes."""

    number: int
    """From 1."""
    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    """The entries with no table this round: in a knockout they go through to the next round, in the other
    formats they score a bye."""


@dataclass(frozen=True, slots=True)
class TableResult:
    """One decided table of a played round."""

    sides: Sides
    """The table's sides, as drawn."""
    totals: tuple[int, ...]
    """The points each side scored in the match."""
    winner: int
    """The side that won: the match's winner, or the organizer's decision."""
    strokes: tuple[int, ...] | None = None
    """Where the game keeps strokes (Jass): each side's strokes over the match's games; None elsewhere."""


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """A round that has been played to the end.

    Keep the results in the order of the round's tables (table 1 first) and the byes in the order the round
    gave them: a knockout's bracket follows that order into the next round.
    """

    number: int
    results: tuple[TableResult, ...]
    byes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """One entry's line in the standings."""

    entry: int
    rank: int
    """From 1; entries equal on every count share a rank (1, 2, 2, 4)."""
    played: int
    """Tables played (outside the knockouts a bye counts as one, won)."""
    won: int
    points_for: int
    points_against: int
    reached: int | None
    """Knockouts: the round the entry reached (the round it went out in, or the one it is in); None otherwise."""
    strokes: int | None = None
    """Where the game keeps strokes (Jass): the strokes of the entry's tables, its byes' included; None elsewhere."""


@dataclass(slots=True)
class EntryTotals:
    """What one entry has done so far."""

    played: int = 0
    won: int = 0
    points_for: int = 0
    points_against: int = 0
    through: int = 0
    """Knockouts: rounds got through (a table won, or a bye)."""
    strokes: int = 0
    """Where the game keeps strokes (Jass): the strokes of the entry's sides, and a won game's for a bye."""
    by_strokes: bool = False
    """Whether the game keeps strokes, and so ranks by them."""

    def score_key(self) -> tuple[int, ...]:
        """Best first when sorted in reverse: wins, then points difference, then points for; where the game keeps
        strokes (a Jass evening), strokes, then points for."""
        if self.by_strokes:
            return self.strokes, self.points_for
        return self.won, self.points_for - self.points_against, self.points_for


def entry_totals(count: int, played: Sequence[PlayedRound], bye_is_a_win: bool,
                 by_strokes: bool = False) -> list[EntryTotals]:
    """Each entry's tables, wins and points (and, ``by_strokes``, strokes); a bye is a round got through, and
    where ``bye_is_a_win`` also a table played and won with no points (and, by strokes, a won game's strokes)."""
    totals = [EntryTotals(by_strokes=by_strokes) for _ in range(count)]
    for rnd in played:
        for result in rnd.results:
            everything = sum(result.totals)
            for index, side in enumerate(result.sides):
                for entry in side:
                    tally = totals[entry]
                    tally.played += 1
                    tally.won += index == result.winner
                    tally.through += index == result.winner
                    tally.points_for += result.totals[index]
                    tally.points_against += everything - result.totals[index]
                    if by_strokes and result.strokes is not None:
                        tally.strokes += result.strokes[index]
        for entry in rnd.byes:
            totals[entry].through += 1
            if bye_is_a_win:
                totals[entry].played += 1
                totals[entry].won += 1
                totals[entry].strokes += STROKES_WIN if by_strokes else 0
    return totals


def winners(result: TableResult) -> tuple[int, ...]:
    """The entries of the side that won the table."""
    return result.sides[result.winner]


def entries_of(rnd: PlayedRound) -> set[int]:
    """Every entry with a table or a bye in the round."""
    return {entry for result in rnd.results for side in result.sides for entry in side} | set(rnd.byes)


def chunks(items: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """``items`` cut in groups of ``size``, in order."""
    return [tuple(items[start:start + size]) for start in range(0, len(items), size)]
