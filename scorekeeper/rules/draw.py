"""The draw of a tournament: who sits at which table, on which side, round after round, and who is ahead.

Words (the rule book's): an *entry* is one registration, a player alone or, in a four-handed game, a pair of
partners. A *round* is every table played at once; each *table* is one match between its *sides*; an entry
with no table in a round has a *bye*. The *draw* comes from the tournament's seed: the same seed and the same
results always give the same draw, so a draw can be made again and checked.

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

Entries are named by their index in the list of entries, from 0; tables and rounds are numbered from 1.
Standard library only, like the rest of the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .errors import RuleError
from .words import N_, Listed, Said

FORMATS: tuple[str, ...] = ("knockout-remix", "knockout", "swiss", "round-robin")
"""The tournament formats, by the names the API uses."""

ENTRY_KINDS: tuple[str, ...] = ("players", "pairs")
"""How entries are made: each player alone, or (four-handed only) a pair of partners."""

KNOCKOUTS: tuple[str, ...] = ("knockout-remix", "knockout")
"""The formats in which a side that loses its table is out."""

MAX_SWISS_ROUNDS = 50
"""The most rounds a swiss tournament may have."""

TABLE_SHAPES: frozenset[tuple[int, int]] = frozenset({(2, 2), (3, 3), (4, 2)})
"""The tables the games have, as (players, sides): two-handed, three-handed, four-handed in partnerships."""

_SEARCH_STEPS = 100_000
"""How many tables (swiss) or partnerships (knockout-remix) a search may try before the draw settles for the
fewest rematches or for new partners of the last round only: far more than a club's tournament needs, the
search only runs that long when no draw avoids them."""

_PARTNER_TRIES = 50
"""How many random splits knockout-remix tries for partnerships nobody has had before, before it searches
for one in order (the random tries draw every such split alike; the search finds one whenever there is one)."""

Sides = tuple[tuple[int, ...], ...]
"""The entries on each side of one table, by side."""


@dataclass(frozen=True, slots=True)
class Format:
    """How a tournament is played: its format, how entries are made, and the game's table."""

    format: str
    """One of FORMATS."""
    entry: str
    """One of ENTRY_KINDS: "players" or "pairs"."""
    players_per_table: int
    """The game's players at a table: 2, 3 or 4."""
    sides_per_table: int
    """The game's sides at a table: 2 (two-handed, or four-handed in partnerships) or 3 (three-handed)."""
    rounds: int | None = None
    """Swiss only: how many rounds are played."""


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
    """Per side, the entries on it: one entry (a player or a pair), or in knockout-remix four-handed the two
    players drawn as partners."""
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
    """The entries with no table this round: in a knockout they go through to the next round, in swiss they
    score a bye."""


@dataclass(frozen=True, slots=True)
class TableResult:
    """One decided table of a played round."""

    sides: Sides
    """The table's sides, as drawn."""
    totals: tuple[int, ...]
    """The points each side scored in the match."""
    winner: int
    """The side that won: the match's winner, or the organizer's decision."""


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
    """Tables played (in swiss and round-robin a bye counts as one, won)."""
    won: int
    points_for: int
    points_against: int
    reached: int | None
    """Knockouts: the round the entry reached (the round it went out in, or the one it is in); None otherwise."""


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


@dataclass(slots=True)
class _Tally:
    """What one entry has done so far."""

    played: int = 0
    won: int = 0
    points_for: int = 0
    points_against: int = 0
    through: int = 0
    """Knockouts: rounds got through (a table won, or a bye)."""


# --- what a format allows -------------------------------------------------------------------------------------


def check_format(fmt: Format) -> None:
    """Refuse a tournament that cannot be played: an unknown format or entry kind, a table no game has,
    pairs where partnerships do not stay together, rounds where the format decides them itself."""
    if fmt.format not in FORMATS:
        raise RuleError("format", Said("unknown format %(value)s: choose one of %(formats)s", value=repr(fmt.format),
                                       formats=Listed(FORMATS, N_(", "))))
    if (fmt.players_per_table, fmt.sides_per_table) not in TABLE_SHAPES:
        raise RuleError("format", Said("a table is two players, three players, or four players in two partnerships"))
    _check_entry_kind(fmt)
    _check_rounds(fmt)
    if fmt.format == "round-robin" and fmt.sides_per_table != 2:
        raise RuleError("format", Said("round-robin needs two sides at a table: three-handed, every table puts a "
                                       "player against two others at once, and rounds in which every two players "
                                       "meet exactly once can be drawn only for a few numbers of players; choose "
                                       "swiss or knockout"))


def _check_entry_kind(fmt: Format) -> None:
    if fmt.entry not in ENTRY_KINDS:
        raise RuleError("entry", Said("unknown entry %(value)s: players enter alone (players) or as pairs (pairs)",
                                      value=repr(fmt.entry)))
    if fmt.entry == "pairs" and fmt.players_per_table != 4:
        raise RuleError("entry", Said("pairs entry needs a four-handed game; %(players)s-handed games enter players",
                                      players=fmt.players_per_table))
    if fmt.format == "knockout-remix" and fmt.entry == "pairs":
        raise RuleError("entry", Said("knockout-remix draws new pairs every round, so players enter alone"))
    if fmt.format != "knockout-remix" and fmt.entry == "players" and fmt.players_per_table == 4:
        # Translators: %(format)s is a tournament's format: "knockout", "swiss" or "round-robin".
        raise RuleError("entry", Said("a four-handed %(format)s keeps its partnerships all the way, so pairs enter; "
                                      "knockout-remix draws new partners every round from players entered alone",
                                      format=_format_word(fmt.format)))


def _check_rounds(fmt: Format) -> None:
    rounds = fmt.rounds
    if fmt.format != "swiss":
        if rounds is not None:
            # Translators: %(format)s is a tournament's format: "knockout", "knockout-remix" or "round-robin".
            raise RuleError("rounds", Said("only a swiss tournament chooses its number of rounds; %(format)s has as "
                                           "many as its entries need", format=_format_word(fmt.format)))
    elif rounds is None or isinstance(rounds, bool) or not isinstance(rounds, int):
        raise RuleError("rounds", Said("a swiss tournament needs its number of rounds, from 1 to %(most)s",
                                       most=MAX_SWISS_ROUNDS))
    elif not 1 <= rounds <= MAX_SWISS_ROUNDS:
        raise RuleError("rounds", Said("a swiss tournament has from 1 to %(most)s rounds, not %(rounds)s",
                                       most=MAX_SWISS_ROUNDS, rounds=rounds))


_FORMAT_WORDS = {
    # Translators: a tournament's format, in a sentence: a knockout where players draw new partners every round.
    "knockout-remix": Said("knockout-remix"),
    # Translators: a tournament's format, in a sentence.
    "knockout": Said("knockout"),
    # Translators: a tournament's format, in a sentence.
    "swiss": Said("swiss"),
    # Translators: a tournament's format, in a sentence.
    "round-robin": Said("round-robin"),
}


def _format_word(name: str) -> str:
    """A format in a sentence: ``knockout`` (said in the table's language)."""
    return _FORMAT_WORDS.get(name, name)


def entries_per_table(fmt: Format) -> int:
    """How many entries one table seats: its players in knockout-remix, otherwise one entry per side."""
    return fmt.players_per_table if fmt.format == "knockout-remix" else fmt.sides_per_table


def _per_side(fmt: Format) -> int:
    """How many entries sit on one side: two drawn partners in knockout-remix four-handed, otherwise one."""
    return fmt.players_per_table // fmt.sides_per_table if fmt.format == "knockout-remix" else 1


def _remix_sizes(fmt: Format, count: int) -> list[int]:
    """The numbers of players knockout-remix can take, up to ``count`` and one beyond it: four-handed 4, 8, 16…
    (one full table in the final, and each round before it twice the players)."""
    sizes = [fmt.players_per_table]
    while sizes[-1] <= count or len(sizes) < 4:
        sizes.append(sizes[-1] * fmt.sides_per_table)
    return sizes


def check_entries(fmt: Format, count: int) -> None:
    """Refuse a number of entries the format cannot seat: fewer than one table, a knockout-remix that does not
    come down to one full table, a three-handed knockout that would leave two players at the end."""
    check_format(fmt)
    if fmt.format == "knockout-remix":
        sizes = _remix_sizes(fmt, count)
        if count not in sizes:
            # Translators: %(sizes)s are the numbers of players the format can take: "4, 8, 16, 32".
            raise RuleError("entries", Said("knockout-remix needs %(sizes)s… players; %(count)s registered",
                                            sizes=Listed(sizes[:4], N_(", ")), count=count))
        return
    need = entries_per_table(fmt)
    if count < need:
        raise RuleError("entries", Said("a table needs %(need)s pairs; %(count)s registered", need=need, count=count)
                        if fmt.entry == "pairs" else
                        Said("a table needs %(need)s players; %(count)s registered", need=need, count=count))
    if fmt.format == "knockout" and (count - 1) % (fmt.sides_per_table - 1):
        raise RuleError("entries", Said("a three-handed knockout needs an odd number of players: each table puts two "
                                        "out, so an even number would leave two at the end; %(count)s registered",
                                        count=count))


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
    sides = fmt.sides_per_table
    if fmt.format == "swiss":
        assert fmt.rounds is not None  # check_format saw to it
        return fmt.rounds
    if fmt.format == "round-robin":
        return count - 1 if count % 2 == 0 else count
    if fmt.format == "knockout-remix":
        return _remix_sizes(fmt, count).index(count) + 1
    rounds = 1
    while sides**rounds < count:
        rounds += 1
    return rounds


def _first_round_byes(fmt: Format, count: int) -> int:
    """Knockout: how many entries have a bye in the first round, so that every later round is full.

    The bracket has sides**rounds places, so the first round has sides**(rounds - 1) places to go through to;
    each table fills one of them with one winner and puts the others out, each bye fills one with its entry.
    """
    places = int(fmt.sides_per_table ** (total_rounds(fmt, count) - 1))
    tables = (count - places) // (fmt.sides_per_table - 1)
    return places - tables


# --- the rounds played ----------------------------------------------------------------------------------------


def _check_shape(fmt: Format, count: int, played: Sequence[PlayedRound]) -> None:
    """Every played round numbered in turn, every result a table of the game, every entry there once at most."""
    if len(played) > total_rounds(fmt, count):
        raise RuleError("played", Said("%(played)s rounds are played, but the tournament has %(rounds)s",
                                       played=len(played), rounds=total_rounds(fmt, count)))
    for number, rnd in enumerate(played, start=1):
        if rnd.number != number:
            raise RuleError("played", Said("the played rounds go 1, 2, 3…: round %(round)s is numbered %(number)s",
                                           round=number, number=rnd.number))
        for result in rnd.results:
            _check_result(fmt, number, result)
        seen = [entry for result in rnd.results for side in result.sides for entry in side] + list(rnd.byes)
        strange = [entry for entry in seen if isinstance(entry, bool) or not 0 <= entry < count]
        if strange:
            raise RuleError("played", Said("round %(round)s names entry %(entry)s; the entries go from 0 to %(last)s",
                                           round=number, entry=strange[0], last=count - 1))
        twice = [entry for entry, times in Counter(seen).items() if times > 1]
        if twice:
            raise RuleError("played", Said("entry %(entry)s is there twice in round %(round)s", entry=twice[0],
                                           round=number))


def _check_result(fmt: Format, number: int, result: TableResult) -> None:
    sides = fmt.sides_per_table
    if len(result.sides) != sides or any(len(side) != _per_side(fmt) for side in result.sides):
        raise RuleError("played", Said("a table of round %(round)s does not have the game's %(sides)s sides",
                                       round=number, sides=sides))
    if len(result.totals) != sides:
        raise RuleError("played", Said("a table of round %(round)s needs one total per side", round=number))
    if isinstance(result.winner, bool) or not 0 <= result.winner < sides:
        raise RuleError("played", Said("a table of round %(round)s needs its winner, a side from 0 to %(last)s",
                                       round=number, last=sides - 1))


def _entries_of(rnd: PlayedRound) -> set[int]:
    return {entry for result in rnd.results for side in result.sides for entry in side} | set(rnd.byes)


def _winners(result: TableResult) -> tuple[int, ...]:
    return result.sides[result.winner]


def _check_present(number: int, rnd: PlayedRound, expected: Iterable[int]) -> None:
    """Every entry expected in the round has a table or a bye, and nobody else is there."""
    expected = set(expected)
    there = _entries_of(rnd)
    if there - expected:
        raise RuleError("played", Said("entry %(entry)s plays round %(round)s but is out", entry=min(there - expected),
                                       round=number))
    if expected - there:
        raise RuleError("played", Said("entry %(entry)s has neither a table nor a bye in round %(round)s",
                                       entry=min(expected - there), round=number))


def _walk(fmt: Format, count: int, played: Sequence[PlayedRound]) -> tuple[int, ...]:
    """Check the played rounds against the format; the entries still in, knockout in bracket order."""
    _check_shape(fmt, count, played)
    still: tuple[int, ...] = tuple(range(count))
    for number, rnd in enumerate(played, start=1):
        _check_present(number, rnd, still)
        if fmt.format == "knockout-remix":
            if rnd.byes:
                raise RuleError("played", Said("knockout-remix has no byes, but round %(round)s gives some",
                                               round=number))
            still = tuple(sorted(entry for result in rnd.results for entry in _winners(result)))
        elif fmt.format == "knockout":
            still = _through(fmt, count, number, rnd, still)
    return still


def _through(fmt: Format, count: int, number: int, rnd: PlayedRound, bracket: tuple[int, ...]) -> tuple[int, ...]:
    """Knockout: who goes through from a played round, in the next round's bracket order."""
    if number == 1:
        byes = _first_round_byes(fmt, count)
        if len(rnd.byes) != byes:
            raise RuleError("played", Said("the first round of this knockout has %(byes)s byes, not %(given)s",
                                           byes=byes, given=len(rnd.byes)))
        return _interleave([_winners(result)[0] for result in rnd.results], list(rnd.byes))
    if rnd.byes:
        raise RuleError("played", Said("only the first round of a knockout has byes, but round %(round)s gives some",
                                       round=number))
    decided = {frozenset(e for side in result.sides for e in side): result for result in rnd.results}
    through = []
    for table, group in enumerate(_chunks(bracket, fmt.sides_per_table), start=1):
        result = decided.get(frozenset(group))
        if result is None:
            raise RuleError("played", Said("round %(round)s does not follow the bracket: entries %(entries)s meet at "
                                           "table %(table)s", round=number, entries=Listed(group, N_(", ")),
                                           table=table))
        through.append(_winners(result)[0])
    return tuple(through)


def _interleave(winners: list[int], byes: list[int]) -> tuple[int, ...]:
    """The bracket after the first round: table 1's winner, the first bye, table 2's winner, the second bye…
    so byes meet the winners of a table before they meet each other."""
    order = []
    for index in range(max(len(winners), len(byes))):
        order.extend(winners[index:index + 1])
        order.extend(byes[index:index + 1])
    return tuple(order)


def _chunks(items: Sequence[int], size: int) -> list[tuple[int, ...]]:
    return [tuple(items[start:start + size]) for start in range(0, len(items), size)]


def finished(fmt: Format, count: int, played: Sequence[PlayedRound]) -> bool:
    """Whether every round of the tournament has been played."""
    _walk(fmt, count, played)
    return len(played) >= total_rounds(fmt, count)


def still_in(fmt: Format, count: int, played: Sequence[PlayedRound]) -> tuple[int, ...]:
    """Knockouts: the entries not yet out (after the final, the winners); swiss and round-robin: every entry."""
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
    byes: tuple[int, ...] = ()
    if fmt.format == "knockout-remix":
        groups = _remix_draw(fmt, still, played, rng)
    elif fmt.format == "knockout":
        groups, byes = _knockout_draw(fmt, count, number, still, rng)
    elif fmt.format == "swiss":
        groups, byes = _swiss_draw(fmt, count, played, rng)
    else:
        groups, byes = _round_robin_draw(count, number, random.Random(f"{seed}/order"))
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


def _remix_draw(fmt: Format, still: tuple[int, ...], played: Sequence[PlayedRound], rng: random.Random) -> list[Sides]:
    """Knockout-remix: the players still in, drawn into new sides, then into tables."""
    players = list(still)
    per_side = _per_side(fmt)
    if per_side == 1 or not played:
        rng.shuffle(players)
        sides = _chunks(players, per_side)
    else:
        sides = _new_partners(players, played, rng)
    return [tuple(group) for group in _chunk_sides(sides, fmt.sides_per_table)]


def _chunk_sides(sides: list[tuple[int, ...]], size: int) -> list[list[tuple[int, ...]]]:
    return [sides[start:start + size] for start in range(0, len(sides), size)]


def _new_partners(players: list[int], played: Sequence[PlayedRound], rng: random.Random) -> list[tuple[int, ...]]:
    """Partnerships for the next round: nobody with anyone they partnered before when that is possible, and
    never with the partner of the round just played."""
    ever = {frozenset(side) for rnd in played for result in rnd.results for side in result.sides}
    for _ in range(_PARTNER_TRIES):
        rng.shuffle(players)
        sides = _chunks(players, 2)
        if not any(frozenset(side) in ever for side in sides):
            return sides
    try:
        found = _partners_avoiding(players, ever, _Budget(_SEARCH_STEPS))
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
    pairs = [list(_winners(result)) for result in rnd.results]
    rng.shuffle(pairs)
    for pair in pairs:
        rng.shuffle(pair)
    sides: list[tuple[int, ...]] = [(pair[0], pairs[(index + 1) % len(pairs)][1]) for index, pair in enumerate(pairs)]
    rng.shuffle(sides)
    return sides


def _knockout_draw(fmt: Format, count: int, number: int, bracket: tuple[int, ...],
                   rng: random.Random) -> tuple[list[Sides], tuple[int, ...]]:
    """Knockout: the first round draws the bracket, its byes first; later rounds follow the bracket."""
    sides = fmt.sides_per_table
    if number > 1:
        return [tuple((entry,) for entry in group) for group in _chunks(bracket, sides)], ()
    order = list(range(count))
    rng.shuffle(order)
    byes = _first_round_byes(fmt, count)
    return [tuple((entry,) for entry in group) for group in _chunks(order[byes:], sides)], tuple(order[:byes])


def _round_robin_draw(count: int, number: int, rng: random.Random) -> tuple[list[Sides], tuple[int, ...]]:
    """Round-robin by the circle method: one entry stays, the others turn one place each round; with an odd
    count the entry set against nobody has the bye. ``rng`` shuffles who is where, the same for every round."""
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


def _swiss_draw(fmt: Format, count: int, played: Sequence[PlayedRound],
                rng: random.Random) -> tuple[list[Sides], tuple[int, ...]]:
    """Swiss: entries ranked by wins, points difference and points for (equal ones in drawn order), then set
    against the nearest-ranked entries they have not met."""
    tallies = _tallies(fmt, count, played)
    ranked = list(range(count))
    rng.shuffle(ranked)
    ranked.sort(key=lambda entry: _score_key(tallies[entry]), reverse=True)
    meetings: Counter[frozenset[int]] = Counter(
        frozenset(pair) for rnd in played for result in rnd.results
        for pair in combinations([e for side in result.sides for e in side], 2))
    had_bye = {entry for rnd in played for entry in rnd.byes}
    tables, byes = _swiss_tables(ranked, fmt.sides_per_table, meetings, had_bye)
    return [tuple((entry,) for entry in table) for table in tables], byes


def _swiss_tables(ranked: list[int], size: int, meetings: Counter[frozenset[int]],
                  had_bye: set[int]) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    """Tables of ``size`` with no rematch while one can be avoided; the spare entries have the bye, the
    lowest-ranked that have not had one yet (a second bye only if that avoids a rematch)."""
    spare = len(ranked) % size
    lowest_first = ranked[::-1]
    fresh = [entry for entry in lowest_first if entry not in had_bye]
    met, budget, dead = set(meetings), _Budget(_SEARCH_STEPS), set[frozenset[int]]()
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


# --- standings ------------------------------------------------------------------------------------------------


def _tallies(fmt: Format, count: int, played: Sequence[PlayedRound]) -> list[_Tally]:
    """Each entry's tables, wins and points; a bye is a win with no points in swiss and round-robin, and in a
    knockout only a round got through."""
    tallies = [_Tally() for _ in range(count)]
    knockout = fmt.format in KNOCKOUTS
    for rnd in played:
        for result in rnd.results:
            everything = sum(result.totals)
            for index, side in enumerate(result.sides):
                for entry in side:
                    tally = tallies[entry]
                    tally.played += 1
                    tally.won += index == result.winner
                    tally.through += index == result.winner
                    tally.points_for += result.totals[index]
                    tally.points_against += everything - result.totals[index]
        for entry in rnd.byes:
            tallies[entry].through += 1
            if not knockout:
                tallies[entry].played += 1
                tallies[entry].won += 1
    return tallies


def _score_key(tally: _Tally) -> tuple[int, int, int]:
    return tally.won, tally.points_for - tally.points_against, tally.points_for


def standings(fmt: Format, entries: Sequence[Entry], played: Sequence[PlayedRound]) -> list[Standing]:
    """Every entry, best first: most wins, then the best points difference (points for less points against),
    then the most points for. In the knockouts the round reached comes first (a bye takes an entry to the next
    round without a win; the winners of the final are above everyone, and knockout-remix's two winning partners
    share first place). In swiss and round-robin a bye counts as
    a table played and won, with no points for or against. Entries equal on all of it share a rank."""
    count = len(entries)
    check_entries(fmt, count)
    _walk(fmt, count, played)
    tallies = _tallies(fmt, count, played)
    knockout = fmt.format in KNOCKOUTS
    last = total_rounds(fmt, count)

    def key(entry: int) -> tuple[int, ...]:
        tally = tallies[entry]
        if not knockout:
            return _score_key(tally)
        if tally.through == last:  # the winners of the final: knockout-remix's two partners share first place
            return (tally.through,)
        return (tally.through, *_score_key(tally))

    order = sorted(range(count), key=key, reverse=True)
    table: list[Standing] = []
    for place, entry in enumerate(order, start=1):
        rank = table[-1].rank if table and key(table[-1].entry) == key(entry) else place
        tally = tallies[entry]
        table.append(Standing(entry=entry, rank=rank, played=tally.played, won=tally.won,
                              points_for=tally.points_for, points_against=tally.points_against,
                              reached=min(tally.through + 1, last) if knockout else None))
    return table


def winner(fmt: Format, entries: Sequence[Entry], played: Sequence[PlayedRound]) -> tuple[int, ...] | None:
    """Once every round is played, who won: in a knockout the entries of the side that won the final (in
    knockout-remix the two partners), in swiss and round-robin the entries ranked first (more than one when
    they are equal on every count). None before the end."""
    if not finished(fmt, len(entries), played):
        return None
    if fmt.format in KNOCKOUTS:
        final = played[-1].results[0]
        return _winners(final)
    return tuple(line.entry for line in standings(fmt, entries, played) if line.rank == 1)
