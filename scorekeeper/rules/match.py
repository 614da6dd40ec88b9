"""Replaying a match: the ordered hands, voided ones skipped, to the full state of docs/api.md "State"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .errors import MatchFinished, RuleError
from .hand import HandInput, default_names, read_hand
from .scoring import HandResult, Position, Result, leader_seat, score_hand
from .variants import Claims, Deal, Rules
from .words import Said

ENGINE_VERSION = 4
"""Raised whenever the engine's results or the state's shape change (a corrected rule, a new field, a hand's
explanation), so stored caches of an older engine are replayed rather than served. 2: tens before the multiplier,
squares in trump order, Belote sequence ties, the Czech games, ``deals``. 3: ``valat`` on each hand. 4: a claim's
explanation says what became of an open pot. (RULES.md §10's games changed no stored match: a drawn game, their one
new field, exists only in them.)"""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One stored hand: its input as given, and whether it was voided."""

    input: Mapping[str, Any]
    voided: bool = False
    number: int | None = None
    """The hand's number in the match; by default its place in the list, from 1."""


class ScoredHand(NamedTuple):
    """A hand of the match with what the engine made of it (None for a voided hand)."""

    number: int
    game: int | None
    input: Mapping[str, Any]
    voided: bool
    outcome: HandResult | None

    def as_dict(self) -> dict[str, Any]:
        """The hand as docs/api.md shows it."""
        out = self.outcome
        shown: dict[str, Any] = {
            "number": self.number, "game": self.game, "input": dict(self.input), "voided": self.voided,
            "result": out.result.value if out else None,
            "points": list(out.points) if out else None,
            "scores": list(out.scores) if out else None,
            "pot": out.pot if out else None,
            "totals": list(out.totals) if out else None,
            "explanation": list(out.explanation) if out else [],
            "valat": out.valat if out else None,
        }
        if out is not None and out.valat_side is not None:
            shown["valat"] = out.valat_side  # Baloot's kaboot, Jass's Match: the side that took every trick
        if out is not None and out.multiplier is not None:
            # Jass (docs/api.md): the multiplier, a Match as the side that made it, a Kontermatch said.
            shown["multiplier"] = out.multiplier
            shown["valat"] = out.valat_side if out.valat_side is not None else False
            if out.kontermatch:
                shown["kontermatch"] = True
        return shown


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of the match: its totals and winner (None while it is being played)."""

    number: int
    totals: tuple[int, ...]
    winner: int | None
    drawn: bool = False
    """The game ended level after its deal limit, where level is a draw (Klaverjas): it counts for no side."""
    strokes: tuple[int, ...] | None = None
    """Each side's strokes in the game (Jass's Striche; None in other games): so far, while it is played."""

    @property
    def over(self) -> bool:
        """Whether the game has ended: won, or drawn."""
        return self.winner is not None or self.drawn

    def as_dict(self) -> dict[str, Any]:
        """The game as docs/api.md shows it."""
        shown: dict[str, Any] = {"number": self.number, "totals": list(self.totals), "winner": self.winner}
        if self.drawn:
            shown["drawn"] = True  # only a drawn game says so: every other game's answer is as it always was
        if self.strokes is not None:
            shown["strokes"] = list(self.strokes)
        return shown


@dataclass(frozen=True, slots=True)
class MatchState:
    """The whole state of a match after replaying its hands (docs/api.md "State", less the revision)."""

    game: int
    totals: tuple[int, ...]
    pot: int
    games: tuple[GameRecord, ...]
    games_won: tuple[int, ...]
    winner: int | None
    finished: bool
    dealer: int
    """The seat that deals the next hand."""
    leader: int
    """The seat that leads to the next hand's first trick (forehand)."""
    can_claim: tuple[bool, ...]
    """Which sides the rules allow to claim the game during the next hand."""
    needs: tuple[int, ...]
    """Points each side still needs to reach the target."""
    hands: tuple[ScoredHand, ...]
    deals: int = 0
    """Deals played in the current game, thrown-in ones not counted (a deal limit counts these)."""
    baits: tuple[int, ...] = ()
    """Each side's baits in the current game since its last bait penalty (option bait-penalty; empty without)."""
    strokes: tuple[int, ...] = ()
    """Each side's strokes over the match's games, the current one's so far too (Jass; empty elsewhere)."""

    @property
    def position(self) -> Position:
        """The position the next hand is scored from."""
        current = self.games[-1].strokes if self.games and not self.games[-1].over else None
        return Position(self.totals, self.pot, self.dealer, self.game, self.deals, self.baits, current or ())

    def summary(self) -> dict[str, Any]:
        """The state as docs/api.md shows it, without its hands (what ``Replayer.resume`` needs)."""
        return self.as_dict(hands=False)

    def as_dict(self, hands: bool = True) -> dict[str, Any]:
        """The state as docs/api.md shows it (the server adds ``revision``)."""
        out = {
            "game": self.game, "totals": list(self.totals), "pot": self.pot,
            "games": [g.as_dict() for g in self.games], "games_won": list(self.games_won),
            "winner": self.winner, "finished": self.finished, "dealer": self.dealer, "leader": self.leader,
            "can_claim": list(self.can_claim), "needs": list(self.needs), "deals": self.deals,
        }
        if self.baits:
            out["baits"] = list(self.baits)  # only under option bait-penalty: every other state is as it was
        if self.strokes:
            out["strokes"] = list(self.strokes)  # only in games kept in strokes (Jass)
        if hands:
            out["hands"] = [h.as_dict() for h in self.hands]
        return out


STROKES_WIN = 2
"""Jass's strokes (RULES.md §11): the winner of a game 2."""
STROKES_BERG = 1
"""The first side to reach half the target: 1 (Berg)."""
STROKES_MATCH = 1
"""Each Match: 1 to the side that made it; a Kontermatch 2."""
STROKES_KONTERMATCH = 2
STROKES_SCHNEIDER = 2
"""To the winner, when the loser ends under half the target (Schneider): 2 more."""


def game_strokes(rules: Rules, position: Position, outcome: HandResult) -> tuple[int, ...]:
    """Each side's strokes in the game after this hand (Jass's Striche, RULES.md §11): the game's winner 2; Berg 1
    to the first side to reach half the target (both in the same hand: the higher total; level, nobody); each
    Match 1, each Kontermatch 2; Schneider 2 more to the winner when the loser ends under half the target."""
    strokes = list(position.strokes or (0,) * rules.sides)
    if outcome.valat_side is not None:
        strokes[outcome.valat_side] += STROKES_KONTERMATCH if outcome.kontermatch else STROKES_MATCH
    target = rules.target
    totals = outcome.totals
    if target is not None and 2 * max(position.totals) < target <= 2 * max(totals):
        top = max(totals)
        reached = [s for s in range(rules.sides) if totals[s] == top]
        if len(reached) == 1:
            strokes[reached[0]] += STROKES_BERG
    winner = outcome.game_winner
    if winner is not None:
        strokes[winner] += STROKES_WIN
        losers = [s for s in range(rules.sides) if s != winner]
        if target is not None and all(2 * totals[s] < target for s in losers):
            strokes[winner] += STROKES_SCHNEIDER
    return tuple(strokes)


def _next_dealer(rules: Rules, dealer: int, winner: int | None) -> int:
    if rules.deal is Deal.WINNER:
        # Two-handed: the winner of a hand deals; after a tie or a thrown-in hand the deal passes on.
        return winner if winner is not None else (dealer + 1) % rules.players
    step = -1 if rules.deal is Deal.RIGHT else 1
    return (dealer + step) % rules.players


def _can_claim(rules: Rules, totals: Sequence[int], finished: bool) -> tuple[bool, ...]:
    if finished or rules.claims is Claims.NONE:
        return (False,) * rules.sides
    if rules.claim_from is None:
        return (True,) * rules.sides
    return tuple(t >= rules.claim_from for t in totals)


def _needs(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """Points each side still needs to reach the target; none in a game without one (Klaverjas's 16 deals)."""
    target = rules.target
    return () if target is None else tuple(max(target - t, 0) for t in totals)


def finished_match(names: Sequence[str], winner: int | None) -> Said:
    """Why no hand can be added: the match is over, won or drawn."""
    if winner is None:
        # glossary: game
        return Said("the match is finished: it ended in a draw")
    return Said("the match is finished: %(side)s won it", side=names[winner])


class Replayer:
    """Scores a match's hands one after another; ``replay`` is this applied to every hand from the start.

    ``resume`` carries on from a state already worked out (its summary, without its hands), so recording
    the next hand scores that hand alone and gives exactly what a full replay would.
    """

    def __init__(self, rules: Rules, first_dealer: int = 0, names: Sequence[str] | None = None) -> None:
        if not 0 <= first_dealer < rules.players:
            raise RuleError("first_dealer", Said("the first dealer is a seat from 0 to %(last)s",
                                                 last=rules.players - 1))
        self.rules = rules
        self.names = tuple(names) if names else default_names(rules)
        self.position = Position.start(rules, first_dealer)
        self.games: list[GameRecord] = []
        self.games_won = [0] * rules.sides
        self.winner: int | None = None
        self.finished = False
        """The match is over: won, or (a match of one game) drawn."""
        self.hands: list[ScoredHand] = []

    @classmethod
    def resume(cls, rules: Rules, summary: Mapping[str, Any], names: Sequence[str] | None = None) -> Replayer:
        """Carry on from a state as ``MatchState.as_dict`` gives it; its ``hands`` are not needed."""
        replayer = cls(rules, 0, names)
        games = summary["games"]
        current = games[-1] if games and games[-1]["winner"] is None and not games[-1].get("drawn") else None
        strokes = tuple(current["strokes"]) if current is not None and "strokes" in current else ()
        replayer.position = Position(tuple(summary["totals"]), summary["pot"], summary["dealer"], summary["game"],
                                     summary["deals"], tuple(summary.get("baits", ())), strokes)
        replayer.games = [GameRecord(g["number"], tuple(g["totals"]), g["winner"], g.get("drawn", False),
                                     tuple(g["strokes"]) if "strokes" in g else None)
                          for g in games if g["winner"] is not None or g.get("drawn")]
        replayer.games_won = list(summary["games_won"])
        replayer.winner = summary["winner"]
        replayer.finished = summary["finished"]
        return replayer

    def add(self, entry: HandRecord | Mapping[str, Any], number: int) -> ScoredHand:
        """Score the next stored hand (a voided one is kept and not scored)."""
        record = entry if isinstance(entry, HandRecord) else HandRecord(entry)
        rules, names, position = self.rules, self.names, self.position
        if record.voided:
            scored = ScoredHand(number, None, record.input, True, None)
            self.hands.append(scored)
            return scored
        if self.finished:
            raise MatchFinished(f"hands.{number}", finished_match(names, self.winner))
        try:
            hand = read_hand(rules, record.input, names)
            outcome = score_hand(rules, position, hand, names)
        except RuleError as error:
            raise error.prefixed(f"hands.{number}") from None
        scored = ScoredHand(number, position.game, record.input, False, outcome)
        self.hands.append(scored)
        dealer = _next_dealer(rules, position.dealer, outcome.winner)
        deals = position.deals + (outcome.result is not Result.THROWN_IN)
        strokes = game_strokes(rules, position, outcome) if rules.strokes else ()
        if outcome.game_winner is None and not outcome.drawn:
            self.position = Position(outcome.totals, outcome.pot, dealer, position.game, deals, outcome.baits,
                                     strokes)
            return scored
        self.games.append(GameRecord(position.game, outcome.totals, outcome.game_winner, outcome.drawn,
                                     strokes if rules.strokes else None))
        if outcome.game_winner is not None:
            self.games_won[outcome.game_winner] += 1
        if outcome.game_winner is not None and self.games_won[outcome.game_winner] * 2 > rules.best_of:
            self.winner = outcome.game_winner
            self.finished = True
            self.position = Position(outcome.totals, outcome.pot, dealer, position.game, deals, outcome.baits)
        elif outcome.drawn and rules.best_of == 1:
            # A match of one game ends with it, drawn; a longer one goes on until a side has the games it needs.
            self.finished = True
            self.position = Position(outcome.totals, outcome.pot, dealer, position.game, deals, outcome.baits)
        else:
            if rules.deal is Deal.WINNER and outcome.game_winner is not None:
                # Two-handed: the winner of the last game deals the first hand of the next.
                dealer = outcome.game_winner
            self.position = Position((0,) * rules.sides, 0, dealer, position.game + 1)
        return scored

    def state(self) -> MatchState:
        """The state after the hands added so far (``hands`` holds those added since the start or resume)."""
        rules, position, winner = self.rules, self.position, self.winner
        finished = self.finished
        running = (position.strokes or (0,) * rules.sides) if rules.strokes else None
        current = [] if finished else [GameRecord(position.game, position.totals, None, strokes=running)]
        games = (*self.games, *current)
        return MatchState(
            game=position.game, totals=position.totals, pot=position.pot, games=games,
            games_won=tuple(self.games_won), winner=winner, finished=finished, dealer=position.dealer,
            leader=leader_seat(rules, position.dealer), can_claim=_can_claim(rules, position.totals, finished),
            needs=_needs(rules, position.totals), hands=tuple(self.hands),
            deals=position.deals, baits=position.baits,
            strokes=tuple(sum(g.strokes[s] for g in games if g.strokes) for s in range(rules.sides))
            if rules.strokes else (),
        )


def replay(
    rules: Rules,
    hands: Sequence[HandRecord | Mapping[str, Any]],
    first_dealer: int = 0,
    names: Sequence[str] | None = None,
) -> MatchState:
    """Score every hand in order from the start, skipping voided ones. Deterministic and pure.

    A hand the rules do not allow raises a RuleError whose fields start with ``hands.<number>``.
    """
    replayer = Replayer(rules, first_dealer, names)
    for index, entry in enumerate(hands):
        number = entry.number if isinstance(entry, HandRecord) and entry.number is not None else index + 1
        replayer.add(entry, number)
    return replayer.state()


def check_next(rules: Rules, state: MatchState, raw: Mapping[str, Any] | HandInput,
               names: Sequence[str] | None = None) -> HandResult:
    """Score a hand that would come next, without recording it (the live preview)."""
    if state.finished:
        raise MatchFinished("match", finished_match(names or default_names(rules), state.winner))
    return score_hand(rules, state.position, raw, names)
