"""What the rules made of one hand, as data: what ``scoring.py`` decides and ``explain.py`` says.

No sentence is made here: each record holds the figures one step of RULES.md section 4 settled, so the
explanation is said from the decision itself and cannot tell a different story from the scores.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .hand import ClaimParts, RevokeChallenge
from .variants import ThanksKind


class SideSum(NamedTuple):
    """One side's hand points, term by term (RULES.md section 4, step 1)."""

    card_points: int
    last_trick: bool
    """The side took the last trick (worth ``Rules.last_trick``: 10 by default)."""
    doubled: bool
    """Its card points, with the last trick, count twice: no-trumps in a game that doubles them."""
    melds: int
    """The declarations it holds: credited values, or what it won in the contest of declarations."""
    melds_count: bool
    """False when the side took no trick in a game that scores melds only with a trick."""
    bela: int
    """What its bela is worth (0 without one)."""
    valat: int
    """What the valat adds (0 unless the side took every trick)."""
    total: int
    """Its hand points."""


class Transfer(NamedTuple):
    """A side that took no trick handed its declarations and bela to the other (``melds-need-trick: transfer``)."""

    side: int
    to: int
    melds: int
    bela: int
    """What the bela handed over is worth (0 without one)."""


class HandPoints(NamedTuple):
    """Hand points of each side, how each was made up, and the contest of declarations they rest on."""

    points: tuple[int, ...]
    sums: tuple[SideSum | None, ...]
    """Each side's terms; None for a side with card points alone (nothing to add up)."""
    valat: int | None
    """The side that took every trick, in a game that scores a valat."""
    meld_contest: tuple[str, ...] = ()
    """The sentences of the contest between the sides' declarations (``melds.contest`` says who scores what)."""
    transfer: Transfer | None = None
    """A side that took no trick and handed its declarations and bela over, before the hand was judged."""


class Ruling(Enum):
    """A row of the decision table: what the success rule and the tie rule made of a hand (RULES.md section 4,
    steps 4 and 5). ``scoring.py`` gives each row its result and who scores what."""

    MADE = "made"
    """The taker has more than every defender: every side scores its own."""
    BATE = "bate"
    """The taker has less than the best defender, who scores its own and the taker's points."""
    BATE_DEFENDERS_LEVEL = "bate, defenders level"
    """Bate, and two defenders tie for the most: each scores its own; the taker's points go into the pot."""
    TIE_HOLD_TAKER = "tie: the taker's points hang"
    """A tie with the best defender (tie rule hold-taker): the defenders score their own; the taker's hang."""
    TIE_HOLD_ALL = "tie: everything hangs"
    """A tie (tie rule hold-all): nobody scores; the whole hand value hangs."""
    TIE_TAKER_NOTHING = "tie: the taker scores nothing"
    """A tie (tie rule taker-nothing): the defenders score their own; the taker nothing."""
    DOUBLED_MADE = "doubled, made"
    """Made on a doubled hand: the taker scores everything."""
    DOUBLED_BATE = "doubled, bate"
    """Bate on a doubled hand: the best defender scores everything."""
    DOUBLED_TIE_HANGS = "doubled, tie: everything hangs"
    """A tie on a doubled hand where a tie holds points over: everything hangs."""
    DOUBLED_TIE_TAKER_NOTHING = "doubled, tie: the taker scores nothing"
    """A tie on a doubled hand (tie rule taker-nothing): the defenders score their own."""
    HALF_MADE = "made, the defenders under half"
    """Success rule half-bait (Clobby): the defenders have less than half the hand value; each side its own."""
    BAITED = "baited"
    """Success rule half-bait: the defenders have half or more; they score the whole hand value."""
    EACH_OWN = "each side its own"
    """Success rule each-own (Jass): no bate; every side writes its own points."""

    # The members are singletons: hashed by identity, a lookup in the decision table costs no call to Enum's
    # own __hash__ (which hashes the name in Python, on every hand of a replay).
    __hash__ = object.__hash__


class Ruled(NamedTuple):
    """The success and tie rules' verdict on a hand: its row of the decision table and what that gives."""

    ruling: Ruling
    taker: int
    scorer: int | None
    """The side that won the hand (it takes the pot): the taker, or the defender who scores the taker's points or
    everything; None when nobody won it."""
    scores: tuple[int, ...]
    """What each side scores by this verdict, before tens, a bela kept aside, the double and the pot."""
    hang: int
    """What goes into the pot by this verdict."""


class Revoked(NamedTuple):
    """A revoke challenge that decided the hand: ``gainer`` scores its own and ``loser``'s points."""

    challenge: RevokeChallenge
    gainer: int
    loser: int


class Step(NamedTuple):
    """Scores and what hangs before and after a step that changes every figure: tens, or the double."""

    scores: tuple[int, ...]
    hang: int
    to_scores: tuple[int, ...]
    to_hang: int


class Ending(Enum):
    """What a hand did to the end of the game (RULES.md section 6)."""

    WON = "won"
    """A side reached the target, ahead of any other that did: it wins the game."""
    LEVEL = "level"
    """Sides reached the target level on the highest total: another hand is played."""
    VALAT = "valat"
    """A side reached the target on a hand with a valat, on which no game is won."""
    DEAL_LIMIT_WON = "deal limit, won"
    """The deal limit reached: the side ahead wins the game."""
    DEAL_LIMIT_LEVEL = "deal limit, level"
    """The deal limit reached with sides level at the top: another deal is played."""
    DEAL_LIMIT_VALAT = "deal limit, valat"
    """The deal limit reached on a hand with a valat, on which no game is won."""
    DEAL_LIMIT_DRAW = "deal limit, draw"
    """The deal limit reached with sides level at the top, where level means a draw (Klaverjas)."""
    GAHWA = "gahwa"
    """Baloot's gahwa: the side that won the hand wins the game at once."""


class GameEnd(NamedTuple):
    """How the game stands after a hand that reached its target or its deal limit."""

    ending: Ending
    sides: tuple[int, ...] = ()
    """The side that won the game, or the sides level at the top."""
    total: int = 0
    """The winner's total, or the level sides'."""
    deal: int = 0
    """The deal just played, counted from 1 in the game (the deal limit's endings)."""

    @property
    def winner(self) -> int | None:
        """The side that won the game, if this ending is a win."""
        return self.sides[0] if self.ending in (Ending.WON, Ending.DEAL_LIMIT_WON, Ending.GAHWA) else None

    @property
    def drawn(self) -> bool:
        """Whether this ending is a drawn game."""
        return self.ending is Ending.DEAL_LIMIT_DRAW


class Penalty(NamedTuple):
    """Option bait-penalty: the taker's ``nth`` bait in the game cost it ``points``."""

    side: int
    nth: int
    points: int


class BidFailed(Enum):
    """Why a bid failed, *dedans* (RULES.md §12)."""

    SHORT = "short of the bid"
    """The taker's points did not reach the bid."""
    NOT_MORE = "not more than the defence"
    """They reached it, but were not more than the defence's (option bid-success: reach-and-beat)."""
    NO_CAPOT = "no capot"
    """A bid of capot, and the defence took a trick."""


class BidJudged(NamedTuple):
    """A hand of a game with bids (Belote contrée, RULES.md §12) judged by its bid: made, or dedans."""

    taker: int
    bid: int | str
    """What was bid: points, or capot."""
    value: int
    """What the bid is worth: itself, or the capot bid's value."""
    failed: BidFailed | None
    """Why the bid failed; None: made."""
    terms: tuple[tuple[tuple[str, int], ...], ...]
    """What each side's line is made of, as (kind, points): ``points``, ``bid``, ``hand``, ``declarations``,
    ``bela``; empty for a side that writes nothing."""
    lines: tuple[int, ...]
    """Each side's line: its terms added up."""
    multiplier: int
    """Coinche ×2, surcoinche ×4 (or ×3); 1 when neither."""
    double: int
    """0, 1 (coinche) or 2 (surcoinche)."""
    kept: tuple[int, ...]
    """What the side that lost a coinched contract keeps (its belote, or its own points, not multiplied)."""
    before_rounding: tuple[int, ...]
    """Each side's score of the hand before the rounding."""
    rounded: tuple[int, ...]
    """Each side's score of the hand after the rounding (the same without one)."""

    @property
    def winner(self) -> int:
        """The side that wins the contract: the taker when made, the defence when dedans."""
        return self.taker if self.failed is None else 1 - self.taker


class Verdict(Enum):
    """How a Baloot hand went for its buyer (RULES.md §13)."""

    MADE = "made"
    """More game points than the other side (or level, and more raw points)."""
    FAILED = "failed"
    """Fewer game points (or level, and fewer raw points): khasran."""
    LEVEL = "level"
    """Level in game points and in raw points: each side writes its own."""


class GamePointsJudged(NamedTuple):
    """A hand of a game whose raw points become game points (Baloot, RULES.md §13), judged for its buyer."""

    taker: int
    raw: tuple[int, ...]
    """Each side's raw points: card points with the last trick (*abnat*)."""
    cards: tuple[int, ...]
    """Each side's card game points: the raw points turned (16 or 26 in all), or the kaboot's."""
    per_point: int
    """Raw points to one game point: 10 with trumps, 5 without (Sun counts double)."""
    both_six: bool
    """Both sides' raw points end in 6 (Hokum): the side with more rounds down, so that the hand stays 16."""
    kaboot: int | None
    """The side that took every trick."""
    projects: tuple[int, ...]
    """Each side's projects in game points (only the contest's winner has any)."""
    baloot: tuple[int, ...]
    """Each side's baloot in game points: always its own, never multiplied, never lost."""
    verdict: Verdict
    level_raw: bool
    """The game points were level and the raw points decided."""
    multiplier: int
    double: int
    winner: int | None
    """The side that wins the hand (writes everything when it is doubled or the buyer failed); None: level."""
    project_times: int
    """What the projects were multiplied by (``doubled-projects: double-only`` stops at 2)."""
    whole: int
    """The hand's card game points and every project, as the winner of a doubled hand or of a khasran writes them,
    before the multiplier."""


class Decided(NamedTuple):
    """A hand played to its end and decided: by the success and tie rules, or by a revoke challenge."""

    hand_points: HandPoints
    pay: tuple[int, ...]
    """What changes hands: the hand points less any bela that stays with its side."""
    revoked: Revoked | None
    ruled: Ruled | None
    """The success and tie rules' verdict (None when a revoke challenge decided the hand)."""
    in_tens: Step | None
    kept: tuple[int, ...]
    """The bela each side keeps whatever happens (house rule bela-on-bate: stays), in points; empty without."""
    multiplier: int
    doubled: Step | None
    winner: int | None
    """The side that won the hand and takes the pot."""
    pot_taken: int
    """The pot the winner took."""
    hang: int
    """What the hand put into the pot: what hangs after tens and the double."""
    scores: tuple[int, ...]
    """What each side adds to its game total, pot included."""
    pot: int
    """What is held after the hand."""
    totals: tuple[int, ...]
    """Game totals after the hand."""
    ends: tuple[GameEnd, ...]
    """What the hand did to the end of the game: the target's rule, then the deal limit's."""
    game_winner: int | None
    penalty: Penalty | None = None
    """A bait penalty the hand made due (option bait-penalty)."""
    baits: tuple[int, ...] = ()
    """Each side's baits counted after the hand (option bait-penalty; empty without one)."""
    times: int = 1
    """The contract's multiplier (Jass): everything each side wrote, multiplied."""
    kontermatch: bool = False
    """The valat (Jass's Match) was made by the side that did not choose trumps."""
    bid: BidJudged | None = None
    """A game with bids: the hand judged by its bid (the success and tie rules do not apply)."""
    game_points: GamePointsJudged | None = None
    """A game of game points (Baloot): the hand judged in them (the success and tie rules do not apply)."""


class Forfeit(NamedTuple):
    """A false claim that forfeits the hand: the other side scores the whole hand value (Clobby)."""

    other: int
    deck: int
    """Card points of the deck with the last trick."""
    melds: int
    bela: int
    value: int
    meld_contest: tuple[str, ...]
    pot: int
    """The pot the other side takes too."""


class Claimed(NamedTuple):
    """A side claimed the game in the middle of the hand with ``points`` won so far."""

    side: int
    points: int
    total: int
    """The side's total before the hand."""
    reached: int
    """Its total with the points claimed."""
    parts: ClaimParts | None
    good: bool
    """The claim reaches the target: the side wins the game."""
    lost_to: int | None
    """The side that wins the game when a false claim loses it."""
    forfeit: Forfeit | None
    ends: tuple[GameEnd, ...]
    claimed: tuple[int, ...]
    """The points claimed, as each side's hand points (the claimant's; 0 for the others)."""
    scores: tuple[int, ...]
    pot: int
    totals: tuple[int, ...]
    winner: int | None
    """The side that won the hand: the claimant of a good claim, else the side that profits from the false one."""
    game_winner: int | None
    thanks: Thanked | None = None
    """Jass's bedanken: how the counting order decided (None for other claims)."""


class Thanked(NamedTuple):
    """Jass's bedanken decided (RULES.md §11): both sides add what they had won, multiplied; the claimant that
    reached the target wins unless the other got there with an earlier kind of points."""

    times: int
    reached: tuple[int | None, ...]
    """For each side, the place in the counting order (0, 1, 2) of the kind that took it to the target; None: it
    did not reach it."""
    order: tuple[ThanksKind, ...]
    """The kinds in counting order: Stöck, Weis, the tricks (or Stöck, the tricks, Weis)."""
