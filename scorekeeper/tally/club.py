"""Statistics of a club's history: counts taken from the engine's results, never scored again here.

Each match comes in as the engine gave its state (``MatchState.as_dict()``, docs/api.md "State"), with the players
of each side. A player's figures add up what the hands and games of their side did; a partnership's (the two
players of a side in four-handed play) the same for that pair. Every rate keeps the counts it is made of, so a
page can say "made 12 of 20 hands taken".

Words (RULES.md): a side *takes* a hand when it is the taker and the hand is decided by the success rule
(made, bate or a tie); *defender* is every other side in such a hand. Hand points are the side's points in the
hand before the success rule (card points, last trick, declarations, bela), the engine's ``points``.

Jass (a game whose state keeps strokes, RULES.md §11): a side's *strokes* (Striche) are the engine's, per game;
they are counted, with the points the side wrote, over the games decided (as ``games``), and only in such games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from ..rules.scoring import Result

TAKEN = frozenset({Result.MADE.value, Result.BATE.value, Result.TIE.value})
"""The results of a hand decided by the success rule: the taker made it, was bate, or tied."""


class MatchRecord(NamedTuple):
    """One match as the statistics read it."""

    id: str
    variant: str
    day: str
    """The day it was played, ``YYYY-MM-DD``."""
    sides: tuple[tuple[str, ...], ...]
    """The players of each side, by side index."""
    state: Mapping[str, Any]
    """The engine's state with its hands (``MatchState.as_dict()``)."""


def _half_up(value: Fraction, places: int) -> Decimal:
    """``value`` rounded as a person rounds: halves away from zero (62.5% is 63%, not 62%)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def rate(count: int, of: int) -> dict[str, Any]:
    """A rate with the counts behind it; ``percent`` is a whole number, or None when ``of`` is 0."""
    return {"count": count, "of": of, "percent": int(_half_up(Fraction(100 * count, of), 0)) if of else None}


def average(total: int, hands: int) -> dict[str, Any]:
    """An average with what it is made of; ``average`` to one decimal, or None for no hands."""
    return {"hands": hands, "points": total,
            "average": float(_half_up(Fraction(total, hands), 1)) if hands else None}


@dataclass(slots=True)
class Tally:
    """What one player's (or one partnership's) sides did over a set of matches."""

    matches_played: int = 0
    """Finished matches."""
    matches_won: int = 0
    matches_unfinished: int = 0
    games_played: int = 0
    """Games decided (a game still being played is not counted)."""
    games_won: int = 0
    hands_played: int = 0
    """Hands scored (voided hands are left out)."""
    taken: int = 0
    made: int = 0
    bate: int = 0
    tied: int = 0
    taker_points: int = 0
    defended: int = 0
    defender_points: int = 0
    claims_good: int = 0
    claims_false: int = 0
    keeps_strokes: bool = False
    """Whether a match counted keeps strokes (Jass): the figures then say them, even before a game is decided."""
    stroke_games: int = 0
    """Games decided in the matches that keep strokes."""
    strokes_won: int = 0
    strokes_against: int = 0
    stroke_points: int = 0
    """The points the side wrote in those games (its game totals), and the other sides' below."""
    stroke_points_against: int = 0
    biggest: dict[str, Any] | None = None
    """The hand with the most hand points for the side: points, match, hand, day, variant."""
    matches: list[str] = field(default_factory=list)
    """The ids of the matches counted, oldest first."""

    def add_match(self, record: MatchRecord, side: int) -> None:
        """Count one match from the point of view of ``side``."""
        state = record.state
        self.matches.append(record.id)
        if state.get("finished"):
            self.matches_played += 1
            self.matches_won += state.get("winner") == side
        else:
            self.matches_unfinished += 1
        self.keeps_strokes |= "strokes" in state
        for game in state.get("games") or ():
            if game.get("winner") is not None:
                self.games_played += 1
                self.games_won += game["winner"] == side
                if game.get("strokes") is not None:
                    self._add_strokes(game, side)
        for hand in state.get("hands") or ():
            if not hand.get("voided") and hand.get("result") is not None:
                self._add_hand(record, hand, side)

    def _add_strokes(self, game: Mapping[str, Any], side: int) -> None:
        """A decided Jass game's strokes and points, for ``side`` and against it."""
        strokes, totals = game["strokes"], game.get("totals") or ()
        self.stroke_games += 1
        self.strokes_won += int(strokes[side])
        self.strokes_against += sum(int(value) for index, value in enumerate(strokes) if index != side)
        self.stroke_points += int(totals[side]) if side < len(totals) else 0
        self.stroke_points_against += sum(int(value) for index, value in enumerate(totals) if index != side)

    def _add_hand(self, record: MatchRecord, hand: Mapping[str, Any], side: int) -> None:
        self.hands_played += 1
        result = hand["result"]
        given = hand.get("input") or {}
        points = hand.get("points") or ()
        mine = int(points[side]) if side < len(points) else 0
        if result in TAKEN:
            if given.get("taker") == side:
                self.taken += 1
                self.made += result == Result.MADE.value
                self.bate += result == Result.BATE.value
                self.tied += result == Result.TIE.value
                self.taker_points += mine
            else:
                self.defended += 1
                self.defender_points += mine
        claim = given.get("claim")
        if isinstance(claim, Mapping) and claim.get("side") == side:
            self.claims_good += result == Result.CLAIM.value
            self.claims_false += result == Result.FALSE_CLAIM.value
        if mine > 0 and (self.biggest is None or mine > self.biggest["points"]):
            self.biggest = {"points": mine, "match": record.id, "hand": hand.get("number"), "day": record.day,
                            "variant": record.variant, "result": result}

    def as_dict(self) -> dict[str, Any]:
        """The figures with the counts behind each rate and average; ``strokes`` only where a match counted keeps
        them (Jass), so every other game's figures are as they were."""
        figures: dict[str, Any] = {
            "matches": {"played": self.matches_played, "won": self.matches_won,
                        "unfinished": self.matches_unfinished,
                        "win_rate": rate(self.matches_won, self.matches_played)},
            "games": {"played": self.games_played, "won": self.games_won,
                      "win_rate": rate(self.games_won, self.games_played)},
            "hands": {"played": self.hands_played, "taken": self.taken, "made": self.made, "bate": self.bate,
                      "tie": self.tied},
            "make_rate": rate(self.made, self.taken),
            "bate_rate": rate(self.bate, self.taken),
            "as_taker": average(self.taker_points, self.taken),
            "as_defender": average(self.defender_points, self.defended),
            "claims": {"good": self.claims_good, "false": self.claims_false},
            "biggest_hand": self.biggest,
        }
        if self.keeps_strokes:
            figures["strokes"] = {"games": self.stroke_games, "won": self.strokes_won,
                                  "against": self.strokes_against, "points": self.stroke_points,
                                  "points_against": self.stroke_points_against}
        return figures


def _side_of(record: MatchRecord, player: str) -> int | None:
    for index, players in enumerate(record.sides):
        if player in players:
            return index
    return None


def player_tallies(records: Iterable[MatchRecord]) -> dict[str, Tally]:
    """Every player's tally over ``records`` (oldest first), by name."""
    tallies: dict[str, Tally] = {}
    for record in records:
        for side, players in enumerate(record.sides):
            for player in players:
                tallies.setdefault(player, Tally()).add_match(record, side)
    return tallies


def partnership_tallies(records: Iterable[MatchRecord]) -> dict[tuple[str, ...], Tally]:
    """Every partnership's tally (sides of two or more players), keyed by its players in name order."""
    tallies: dict[tuple[str, ...], Tally] = {}
    for record in records:
        for side, players in enumerate(record.sides):
            if len(players) > 1:
                tallies.setdefault(tuple(sorted(players)), Tally()).add_match(record, side)
    return tallies


def head_to_head(records: Iterable[MatchRecord], first: str, second: str) -> dict[str, Any]:
    """Two players against each other: the matches where they sat on different sides, and each one's tally
    over just those matches (so ``matches.won`` is who won their meetings)."""
    met = [r for r in records
           if (a := _side_of(r, first)) is not None and (b := _side_of(r, second)) is not None and a != b]
    tallies = {name: Tally() for name in (first, second)}
    for record in met:
        for name, tally in tallies.items():
            tally.add_match(record, _side_of(record, name))  # type: ignore[arg-type]
    return {"players": [first, second], "matches": [r.id for r in met],
            "tallies": {name: tally.as_dict() for name, tally in tallies.items()}}


def results(records: Sequence[MatchRecord], player: str) -> list[dict[str, Any]]:
    """The player's finished matches, oldest first, each won or lost with the running counts (for a chart)."""
    rows: list[dict[str, Any]] = []
    won = 0
    for record in records:
        side = _side_of(record, player)
        if side is None or not record.state.get("finished"):
            continue
        winner = record.state.get("winner")
        won += winner == side
        against = [p for index, players in enumerate(record.sides) if index != side for p in players]
        rows.append({"day": record.day, "match": record.id, "variant": record.variant,
                     "partners": [p for p in record.sides[side] if p != player], "against": against,
                     "won": winner == side, "won_so_far": won, "played_so_far": len(rows) + 1})
    return rows
