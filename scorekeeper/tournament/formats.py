"""The tournament formats, one class each, registered once by the name the API uses.

Each format says how it is played by overriding a few hooks of ``TournamentFormat`` (as python-chess's
variants override a board's): which entries and tables it takes, how many rounds it has, who is still in after
a round, how a round is drawn, and how its standings rank. Everything else (the checks every format shares,
the seats, the standings' lines) is ``draw.py``'s, which looks a format up here by its name. A new format is
one more class with ``@register``; the API, the forms and the pages read ``FORMATS``.

The four formats:

* ``knockout-remix``: players enter alone. Before every round the players still in are drawn into tables and,
  four-handed, into new partnerships; each table's winning side goes on. It needs exactly one full table
  in the final: four-handed 4, 8, 16, 32… players (16 play 4 tables, then 2, then 1).
* ``knockout``: fixed entries (pairs four-handed, players otherwise). The first round fills a bracket of 2, 4,
  8… places (three-handed 3, 9, 27…) with byes; after that the winners meet as the bracket says, with no
  new draw.
* ``swiss``: fixed entries play the rounds the organizer chose; every round sets entries with the same or the
  nearest number of wins against each other, never against an entry they already met while that can be
  avoided.
* ``round-robin``: every entry meets every other once (two sides a table only).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import ClassVar, TypeVar

from ..rules.errors import RuleError
from ..rules.words import N_, Listed, Said
from .pairing import circle, interleave, new_partners, sides_into_tables, tables_without_rematch
from .rounds import EntryTotals, Format, PlayedRound, Sides, chunks, entry_totals, winners

MAX_SWISS_ROUNDS = 50
"""The most rounds a swiss tournament may have."""

Pairing = tuple[list[Sides], tuple[int, ...]]
"""A round's tables (the entries on each side of each) and its byes."""


class TournamentFormat(ABC):
    """A tournament format: its words, and the hooks a format overrides. Each format says how many rounds it
    has and how a round is drawn; the other hooks' defaults are a format of fixed entries (a pair four-handed, a
    player otherwise), one entry a side, where a bye counts as a table won."""

    name: ClassVar[str]
    """The format's name in the API (``"swiss"``)."""
    word: ClassVar[Said]
    """The format in a sentence: ``knockout``."""
    title: ClassVar[Said]
    """The format as organizers call it, first in "Knockout, 6 fixed pairs"."""
    description: ClassVar[Said]
    """What the format is, as the new tournament form offers it."""
    knockout: ClassVar[bool] = False
    """Whether a side that loses its table is out: a bye is then a round got through and not a table won, the
    standings rank by the round reached first, and the winners are the side that won the final."""
    chooses_rounds: ClassVar[bool] = False
    """Whether the organizer chooses how many rounds are played (otherwise the entries decide it)."""
    new_partners: ClassVar[bool] = False
    """Whether partners are drawn anew every round (four-handed), from players entered alone."""
    nights: ClassVar[Mapping[int, Said]] = {}
    """Four-handed, the names organizers give the format's nights by their number of players."""

    # --- what the format takes ------------------------------------------------------------------------------

    def check_entry(self, fmt: Format) -> None:
        """Refuse an entry kind the format cannot take (``fmt.entry`` is one of ENTRY_KINDS already)."""
        if fmt.entry == "players" and fmt.players_per_table == 4:
            # Translators: %(format)s is a tournament's format: "knockout", "swiss" or "round-robin".
            raise RuleError("entry", Said("a four-handed %(format)s keeps its partnerships all the way, so pairs "
                                          "enter; knockout-remix draws new partners every round from players "
                                          "entered alone", format=self.word))

    def check_rounds(self, fmt: Format) -> None:
        """Refuse a number of rounds the format cannot have."""
        if fmt.rounds is not None:
            # Translators: %(format)s is a tournament's format: "knockout", "knockout-remix" or "round-robin".
            raise RuleError("rounds", Said("only a swiss tournament chooses its number of rounds; %(format)s has as "
                                           "many as its entries need", format=self.word))

    def check_table(self, fmt: Format) -> None:
        """Refuse a game's table the format cannot be played at (the table is one a game has already); by
        default a format is played at any game's table."""
        return None

    def entries_per_table(self, fmt: Format) -> int:
        """How many entries one table seats."""
        return fmt.sides_per_table

    def per_side(self, fmt: Format) -> int:
        """How many entries sit on one side."""
        return 1

    def check_count(self, fmt: Format, count: int) -> None:
        """Refuse a number of entries the format cannot seat."""
        need = self.entries_per_table(fmt)
        if count < need:
            raise RuleError("entries", Said("a table needs %(need)s pairs; %(count)s registered", need=need,
                                            count=count)
                            if fmt.entry == "pairs" else
                            Said("a table needs %(need)s players; %(count)s registered", need=need, count=count))

    @abstractmethod
    def rounds(self, fmt: Format, count: int) -> int:
        """How many rounds the tournament has with ``count`` entries (the format and count are checked)."""

    # --- the rounds ----------------------------------------------------------------------------------------

    def after_round(self, fmt: Format, count: int, number: int, rnd: PlayedRound,
                    still: tuple[int, ...]) -> tuple[int, ...]:
        """Check a played round against the format, and give the entries still in after it (a knockout's in
        bracket order); everyone stays in by default."""
        return still

    @abstractmethod
    def pair(self, fmt: Format, count: int, number: int, still: tuple[int, ...], played: Sequence[PlayedRound],
             seed: int, rng: random.Random) -> Pairing:
        """Round ``number``'s tables and byes, drawn with ``rng`` (the round's own; ``seed`` is the tournament's)."""

    # --- the standings -------------------------------------------------------------------------------------

    def standing_key(self, totals: EntryTotals, last: int) -> tuple[int, ...]:
        """The entry's place in the standings, best highest: wins, points difference, points for."""
        return totals.score_key()

    def reached(self, totals: EntryTotals, last: int) -> int | None:
        """The round the entry reached, for the formats that say it."""
        return None


_Kind = TypeVar("_Kind", bound=type[TournamentFormat])
_REGISTERED: dict[str, TournamentFormat] = {}

FORMATS: Mapping[str, TournamentFormat] = _REGISTERED
"""Every format by its name in the API, in the order the new tournament form offers them."""


def register(kind: _Kind) -> _Kind:
    """Add a format to FORMATS under its name (a class decorator)."""
    _REGISTERED[kind.name] = kind()
    return kind


def find_format(name: str) -> TournamentFormat:
    """The format of that name; a RuleError on ``format`` for a name no format has."""
    kind = _REGISTERED.get(name) if isinstance(name, str) else None
    if kind is None:
        raise RuleError("format", Said("unknown format %(value)s: choose one of %(formats)s", value=repr(name),
                                       formats=Listed(FORMATS, N_(", "))))
    return kind


class _Knockouts(TournamentFormat):
    """The formats in which a side that loses its table is out."""

    knockout = True

    def standing_key(self, totals: EntryTotals, last: int) -> tuple[int, ...]:
        # The round reached first (a bye takes an entry to the next round without a win); the winners of the
        # final above everyone, and equal among themselves: knockout-remix's two winning partners share first place.
        if totals.through == last:
            return (totals.through,)
        return (totals.through, *totals.score_key())

    def reached(self, totals: EntryTotals, last: int) -> int | None:
        return min(totals.through + 1, last)


@register
class KnockoutRemix(_Knockouts):
    """Players enter alone; before every round the players still in are drawn into tables and, four-handed,
    into new partnerships; each table's winning side goes on, down to one full table in the final."""

    name = "knockout-remix"
    # Translators: a tournament's format, in a sentence: a knockout where players draw new partners every round.
    word = Said("knockout-remix")
    # Translators: a tournament's format as organizers call it, first in "Knockout, 12 players, new partners every
    # round".
    title = Said("Knockout")
    # Translators: a tournament's format as organizers call it, then what it is; "quick" and "classic" are the
    # names organizers give its 8- and 16-player nights.
    description = Said("Knockout, new partners every round: players enter alone, and each table's winners are "
                       "drawn into new pairs for the next round (quick knockout: 8 players, 2 rounds; classic: "
                       "16 players, 3 rounds; 4 or 32 players too)")
    new_partners = True
    nights = {
        # Translators: the knockout with new partners every round, as organizers call its 8-player night (2 rounds).
        8: Said("Quick knockout"),
        # Translators: the knockout with new partners every round, as organizers call its 16-player night (3 rounds).
        16: Said("Classic knockout"),
    }

    def check_entry(self, fmt: Format) -> None:
        if fmt.entry == "pairs":
            raise RuleError("entry", Said("knockout-remix draws new pairs every round, so players enter alone"))

    def entries_per_table(self, fmt: Format) -> int:
        return fmt.players_per_table

    def per_side(self, fmt: Format) -> int:
        return fmt.players_per_table // fmt.sides_per_table

    def _sizes(self, fmt: Format, count: int) -> list[int]:
        """The numbers of players it can take, up to ``count`` and one beyond it: four-handed 4, 8, 16… (one
        full table in the final, and each round before it twice the players)."""
        sizes = [fmt.players_per_table]
        while sizes[-1] <= count or len(sizes) < 4:
            sizes.append(sizes[-1] * fmt.sides_per_table)
        return sizes

    def check_count(self, fmt: Format, count: int) -> None:
        sizes = self._sizes(fmt, count)
        if count not in sizes:
            # Translators: %(sizes)s are the numbers of players the format can take: "4, 8, 16, 32".
            raise RuleError("entries", Said("knockout-remix needs %(sizes)s… players; %(count)s registered",
                                            sizes=Listed(sizes[:4], N_(", ")), count=count))

    def rounds(self, fmt: Format, count: int) -> int:
        return self._sizes(fmt, count).index(count) + 1

    def after_round(self, fmt: Format, count: int, number: int, rnd: PlayedRound,
                    still: tuple[int, ...]) -> tuple[int, ...]:
        if rnd.byes:
            raise RuleError("played", Said("knockout-remix has no byes, but round %(round)s gives some",
                                           round=number))
        return tuple(sorted(entry for result in rnd.results for entry in winners(result)))

    def pair(self, fmt: Format, count: int, number: int, still: tuple[int, ...], played: Sequence[PlayedRound],
             seed: int, rng: random.Random) -> Pairing:
        """The players still in, drawn into new sides, then into tables."""
        players = list(still)
        per_side = self.per_side(fmt)
        if per_side == 1 or not played:
            rng.shuffle(players)
            sides = chunks(players, per_side)
        else:
            sides = new_partners(players, played, rng)
        return sides_into_tables(sides, fmt.sides_per_table), ()


@register
class Knockout(_Knockouts):
    """Fixed entries; the first round fills a bracket with byes, after it the winners meet as the bracket says."""

    name = "knockout"
    # Translators: a tournament's format, in a sentence.
    word = Said("knockout")
    # Translators: a tournament's format as organizers call it, first in "Knockout, 6 fixed pairs".
    title = Said("Knockout")
    description = Said("Knockout, fixed pairs: each table's winners go on, byes fill the first round (players "
                       "enter alone in two- and three-handed games)")

    def check_count(self, fmt: Format, count: int) -> None:
        super().check_count(fmt, count)
        if (count - 1) % (fmt.sides_per_table - 1):
            raise RuleError("entries", Said("a three-handed knockout needs an odd number of players: each table "
                                            "puts two out, so an even number would leave two at the end; "
                                            "%(count)s registered", count=count))

    def rounds(self, fmt: Format, count: int) -> int:
        rounds = 1
        while fmt.sides_per_table**rounds < count:
            rounds += 1
        return rounds

    def _first_round_byes(self, fmt: Format, count: int) -> int:
        """How many entries have a bye in the first round, so that every later round is full.

        The bracket has sides**rounds places, so the first round has sides**(rounds - 1) places to go through
        to; each table fills one of them with one winner and puts the others out, each bye fills one with its
        entry.
        """
        places = int(fmt.sides_per_table ** (self.rounds(fmt, count) - 1))
        tables = (count - places) // (fmt.sides_per_table - 1)
        return places - tables

    def after_round(self, fmt: Format, count: int, number: int, rnd: PlayedRound,
                    still: tuple[int, ...]) -> tuple[int, ...]:
        """Who goes through from a played round, in the next round's bracket order."""
        if number == 1:
            byes = self._first_round_byes(fmt, count)
            if len(rnd.byes) != byes:
                raise RuleError("played", Said("the first round of this knockout has %(byes)s byes, not %(given)s",
                                               byes=byes, given=len(rnd.byes)))
            return interleave([winners(result)[0] for result in rnd.results], list(rnd.byes))
        if rnd.byes:
            raise RuleError("played", Said("only the first round of a knockout has byes, but round %(round)s gives "
                                           "some", round=number))
        decided = {frozenset(e for side in result.sides for e in side): result for result in rnd.results}
        through = []
        for table, group in enumerate(chunks(still, fmt.sides_per_table), start=1):
            result = decided.get(frozenset(group))
            if result is None:
                raise RuleError("played", Said("round %(round)s does not follow the bracket: entries %(entries)s "
                                               "meet at table %(table)s", round=number,
                                               entries=Listed(group, N_(", ")), table=table))
            through.append(winners(result)[0])
        return tuple(through)

    def pair(self, fmt: Format, count: int, number: int, still: tuple[int, ...], played: Sequence[PlayedRound],
             seed: int, rng: random.Random) -> Pairing:
        """The first round draws the bracket, its byes first; later rounds follow the bracket."""
        sides = fmt.sides_per_table
        if number > 1:
            return [tuple((entry,) for entry in group) for group in chunks(still, sides)], ()
        order = list(range(count))
        rng.shuffle(order)
        byes = self._first_round_byes(fmt, count)
        return [tuple((entry,) for entry in group) for group in chunks(order[byes:], sides)], tuple(order[:byes])


@register
class Swiss(TournamentFormat):
    """Fixed entries play the rounds the organizer chose, each against the nearest-ranked it has not met."""

    name = "swiss"
    # Translators: a tournament's format, in a sentence.
    word = Said("swiss")
    # Translators: a tournament's format (the Swiss system) as organizers call it, first in "Swiss, 6 fixed pairs".
    title = Said("Swiss")
    description = Said("Swiss, fixed pairs: every entry plays every round, against the entries with as many wins, "
                       "never twice; you choose how many rounds")
    chooses_rounds = True

    def check_rounds(self, fmt: Format) -> None:
        rounds = fmt.rounds
        if rounds is None or isinstance(rounds, bool) or not isinstance(rounds, int):
            raise RuleError("rounds", Said("a swiss tournament needs its number of rounds, from 1 to %(most)s",
                                           most=MAX_SWISS_ROUNDS))
        if not 1 <= rounds <= MAX_SWISS_ROUNDS:
            raise RuleError("rounds", Said("a swiss tournament has from 1 to %(most)s rounds, not %(rounds)s",
                                           most=MAX_SWISS_ROUNDS, rounds=rounds))

    def rounds(self, fmt: Format, count: int) -> int:
        assert fmt.rounds is not None  # check_rounds saw to it
        return fmt.rounds

    def pair(self, fmt: Format, count: int, number: int, still: tuple[int, ...], played: Sequence[PlayedRound],
             seed: int, rng: random.Random) -> Pairing:
        """Entries ranked as the standings rank them (wins, points difference and points for; a Jass evening
        strokes, then points for; equal ones in drawn order), then set against the nearest-ranked entries they
        have not met."""
        totals = entry_totals(count, played, bye_is_a_win=True, by_strokes=fmt.strokes)
        ranked = list(range(count))
        rng.shuffle(ranked)
        ranked.sort(key=lambda entry: totals[entry].score_key(), reverse=True)
        meetings: Counter[frozenset[int]] = Counter(
            frozenset(pair) for rnd in played for result in rnd.results
            for pair in combinations([e for side in result.sides for e in side], 2))
        had_bye = {entry for rnd in played for entry in rnd.byes}
        tables, byes = tables_without_rematch(ranked, fmt.sides_per_table, meetings, had_bye)
        return [tuple((entry,) for entry in table) for table in tables], byes


@register
class RoundRobin(TournamentFormat):
    """Every entry meets every other once, by the circle method."""

    name = "round-robin"
    # Translators: a tournament's format, in a sentence.
    word = Said("round-robin")
    # Translators: a tournament's format (every entry meets every other once), first in "Round-robin, 3 players".
    title = Said("Round-robin")
    description = Said("Round-robin, fixed pairs: every entry meets every other once (players alone in "
                       "two-handed games)")

    def check_table(self, fmt: Format) -> None:
        if fmt.sides_per_table != 2:
            raise RuleError("format", Said("round-robin needs two sides at a table: three-handed, every table puts "
                                           "a player against two others at once, and rounds in which every two "
                                           "players meet exactly once can be drawn only for a few numbers of "
                                           "players; choose swiss or knockout"))

    def rounds(self, fmt: Format, count: int) -> int:
        return count - 1 if count % 2 == 0 else count

    def pair(self, fmt: Format, count: int, number: int, still: tuple[int, ...], played: Sequence[PlayedRound],
             seed: int, rng: random.Random) -> Pairing:
        # Who is where on the circle is drawn once for the tournament, not per round.
        return circle(count, number, random.Random(f"{seed}/order"))
