"""Scoring one hand, in the order of RULES.md section 4: the rules decide first, as data (``judgement.py``), and
``explain.py`` says after what they decided.

The success rule and the tie rule are a decision table (``_DECISIONS``): each ruling, one row, gives the hand's
result and who scores what; every other step (tens, a bela kept aside, the double, the pot, the game's end) is a
small function returning its figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum, StrEnum
from typing import NamedTuple

from .cards import Contract
from .errors import RuleError
from .explain import (
    explain_belot,
    explain_claim,
    explain_hand,
    explain_thrown_in,
    race_falls_short,
    too_soon_to_claim,
)
from .hand import CAPOT, HandInput, RevokeChallenge, Thanks, default_names, read_hand
from .judgement import (
    BidFailed,
    BidJudged,
    Claimed,
    Decided,
    Ending,
    Forfeit,
    GameEnd,
    GamePointsJudged,
    HandPoints,
    Penalty,
    Revoked,
    Ruled,
    Ruling,
    SideSum,
    Step,
    Thanked,
    Transfer,
    Verdict,
)
from .melds import Declaration, contest
from .variants import (
    BelaOnBate,
    BeloteOnDedans,
    BidScores,
    BidSuccess,
    Contest,
    Deal,
    DealLimitLevel,
    Dedans,
    DoubledProjects,
    DoubleLoser,
    FalseClaim,
    Melds,
    NoTrick,
    Rules,
    Success,
    SunDouble,
    ThanksKind,
    Tie,
    ValatTo,
)
from .words import Said


class Result(StrEnum):
    """How a hand ended (docs/api.md ``result``)."""

    MADE = "made"
    """The taker made it: every side scores its own (Belote: "outside")."""
    BATE = "bate"
    """The taker failed (Belote: "inside", Clobby: "bait")."""
    TIE = "tie"
    """The taker equalled the best defender; the tie rule decided (Belote: "hanging")."""
    CLAIM = "claim"
    """A good claim: the claimant won the game in the middle of the hand."""
    FALSE_CLAIM = "false-claim"
    """A claim that fell short."""
    REVOKE = "revoke"
    """A revoke challenge decided the hand."""
    THROWN_IN = "thrown-in"
    """Nobody took, or schmeiss was accepted: nobody scores."""
    BELOT = "belot"
    """A whole suit dealt to one side (Croatian belot, Deberc's debertz): it wins the game, the hand unplayed."""


class Position(NamedTuple):
    """Where a game stands before a hand: totals, the pot, who deals, how many deals were played."""

    totals: tuple[int, ...]
    pot: int = 0
    dealer: int = 0
    game: int = 1
    deals: int = 0
    """Deals played so far in this game (thrown-in deals do not count): what a deal limit counts."""
    baits: tuple[int, ...] = ()
    """Each side's baits in this game since its last bait penalty (option bait-penalty); empty without one."""
    strokes: tuple[int, ...] = ()
    """Each side's strokes so far in this game (Jass's Striche: Berg and Matches); empty in other games."""

    @classmethod
    def start(cls, rules: Rules, dealer: int = 0) -> Position:
        """A new game: 0 each, an empty pot."""
        return cls((0,) * rules.sides, 0, dealer)


class HandResult(NamedTuple):
    """What a hand did to the game (docs/api.md "Answer of a recorded hand")."""

    result: Result
    points: tuple[int, ...]
    """Hand points of each side (before the success rule)."""
    scores: tuple[int, ...]
    """What each side adds to its game total from this hand, pot included."""
    pot: int
    """What is held after this hand."""
    totals: tuple[int, ...]
    """Game totals after this hand."""
    explanation: tuple[str, ...]
    """The sentences that say why, each a ``Said`` (``explain.py``)."""
    winner: int | None
    """The side that won the hand (takes the pot, and deals next in two-handed play); None after a tie."""
    game_winner: int | None
    """The side that won the game on this hand, if any."""
    valat: bool = False
    drawn: bool = False
    """The game ended drawn on this hand (deal-limit-level: draw): it counts for no side."""
    baits: tuple[int, ...] = ()
    """Each side's baits counted after this hand (option bait-penalty; empty without one)."""
    multiplier: int | None = None
    """The contract's multiplier in a game that has them (Jass; None elsewhere): ``points`` and ``scores`` are
    after it."""
    valat_side: int | None = None
    """The side that took every trick, where that scored (Jass's Match)."""
    kontermatch: bool = False
    """The Match was made by the side that did not choose trumps (Jass's Kontermatch)."""


def leader_seat(rules: Rules, dealer: int) -> int:
    """The seat that leads to the first trick (forehand): the next after the dealer in the deal's direction."""
    step = -1 if rules.deal is Deal.RIGHT else 1
    return (dealer + step) % rules.players


def _tens_one(points: int, contract: Contract | None) -> int:
    """Round one side's points to tens: suit 6 and up rounds up; all-trumps and no-trumps 5 and up."""
    up_from = 6 if contract is None or contract.is_suit else 5
    return (points + 10 - up_from) // 10


def tens_pair(first: int, second: int, contract: Contract | None) -> tuple[int, int]:
    """Round two sides' points to tens together (RULES.md section 7).

    Suit: both ending in 6, the higher rounds down and the lower up. All-trumps: both ending in 4, the
    lower rounds up and the higher down. When the two are equal (hanging 106-106 or 154-154), ``first``
    (the defenders) rounds down and ``second`` (what hangs) rounds up.
    """
    clash = 6 if contract is None or contract.is_suit else 4 if contract is Contract.ALL_TRUMPS else None
    if clash is not None and first % 10 == clash and second % 10 == clash:
        if first >= second:
            return first // 10, second // 10 + 1
        return first // 10 + 1, second // 10
    return _tens_one(first, contract), _tens_one(second, contract)


def hand_points(rules: Rules, hand: HandInput, forehand_side: int, names: Sequence[str]) -> HandPoints:
    """Hand points of each side (card points, last trick, declarations that count, bela, valat), the terms of
    each side that has more than card points, the side that took a valat if any, and the contest of
    declarations (``names`` say it)."""
    sides = rules.sides
    given = hand.card_points
    cards = [c or 0 for c in given] if given else [0] * sides
    last = hand.last_trick
    took = hand.took_trick or [cards[s] > 0 or s == last for s in range(sides)]
    melds, meld_contest = _meld_scores(rules, hand, forehand_side, names)
    valat = took.index(True) if rules.valat and given and sum(took) == 1 else None
    if valat is not None and rules.valat_to is ValatTo.TAKER and valat != hand.taker:
        valat = None  # the defenders taking every trick only make the taker fail (Dutch pit)
    doubled = hand.contract is Contract.NO_TRUMPS and rules.no_trumps_doubled
    bela = hand.bela
    transfer = None
    if rules.melds_need_trick is NoTrick.TRANSFER and given and sum(took) == 1:
        # A side that took no trick hands its declarations and its bela to the other, before the hand is judged.
        loser = took.index(False)
        winner = 1 - loser
        if melds[loser] or bela[loser]:
            transfer = Transfer(loser, winner, melds[loser], rules.bela_points * bela[loser])
            melds = [melds[loser] + melds[winner] if s == winner else 0 for s in range(sides)]
            bela = tuple(bela[loser] + bela[winner] if s == winner else 0 for s in range(sides))
    points: list[int] = []
    sums: list[SideSum | None] = []
    for s in range(sides):
        if not (s == last or doubled or melds[s] or bela[s] or valat == s):
            # Card points alone: nothing to add up (and no sentence to say it).
            points.append(cards[s])
            sums.append(None)
            continue
        base = (cards[s] + (rules.last_trick if s == last else 0)) * (2 if doubled else 1)
        melds_count = not (rules.melds_need_trick is True and not took[s])
        bela_points = rules.bela_points * bela[s]
        valat_points = rules.valat if valat == s else 0
        total = base + (melds[s] if melds_count else 0) + bela_points + valat_points
        points.append(total)
        sums.append(SideSum(cards[s], s == last, doubled, melds[s], melds_count, bela_points, valat_points, total))
    return HandPoints(tuple(points), tuple(sums), valat, meld_contest, transfer)


def _meld_scores(
    rules: Rules, hand: HandInput, forehand_side: int, names: Sequence[str],
) -> tuple[list[int], tuple[str, ...]]:
    """What each side's declarations score, and the sentences of their contest (credited values need none)."""
    melds = hand.melds
    if hand.melds_by_seat is not None:
        return _seat_melds(rules, hand, hand.melds_by_seat, forehand_side, names)
    if not any(melds):
        return [0] * rules.sides, ()
    if hand.declared:
        declarations: list[list[Declaration]] = [
            [m for m in side if not isinstance(m, int)] for side in melds
        ]
        judged = contest(rules, hand.contract, forehand_side, declarations, names)
        return list(judged.scores), judged.explanation
    # Credited values only (a hand gives values or declarations, never both).
    return [sum(side) for side in melds], ()  # type: ignore[arg-type]


def _seat_melds(
    rules: Rules, hand: HandInput, seats: Sequence[Sequence[Declaration]], forehand_seat: int, names: Sequence[str],
) -> tuple[list[int], tuple[str, ...]]:
    """Declarations given per seat (four-handed play): one contest between the seats, the player nearer to forehand
    settling an exact tie, each seat named by its side; in the other contests the seats' declarations are their
    sides'."""
    sides = rules.sides
    if rules.meld_contest is Contest.SINGLE and rules.melds is not Melds.EACH_SIDE:
        seat_names = [names[rules.side_of(seat)] for seat in range(len(seats))]
        judged = contest(rules, hand.contract, forehand_seat, seats, seat_names)
        scores = [0] * sides
        for seat, points in enumerate(judged.scores):
            scores[rules.side_of(seat)] += points
        return scores, judged.explanation
    per_side: list[list[Declaration]] = [[] for _ in range(sides)]
    for seat, declared in enumerate(seats):
        per_side[rules.side_of(seat)].extend(declared)
    if not any(per_side):
        return [0] * sides, ()
    judged = contest(rules, hand.contract, rules.side_of(forehand_seat), per_side, names)
    return list(judged.scores), judged.explanation


# ------------------------------------------------------------------------------------------------ the verdict


class _Share(Enum):
    """Who scores what under a ruling."""

    EACH_OWN = "every side scores its own"
    ONE_TAKES_ALL = "the scorer scores the whole hand value"
    TAKER_TO_SCORER = "the defenders score their own, the scorer the taker's points too"
    TAKER_HANGS = "the defenders score their own; the taker's points hang"
    TAKER_NOTHING = "the defenders score their own; the taker nothing"
    ALL_HANGS = "nobody scores; the whole hand value hangs"


_DECISIONS: dict[Ruling, tuple[Result, _Share]] = {
    # The decision table (RULES.md section 4, steps 4 and 5): each ruling's result, and who scores what.
    Ruling.MADE: (Result.MADE, _Share.EACH_OWN),
    Ruling.HALF_MADE: (Result.MADE, _Share.EACH_OWN),
    Ruling.DOUBLED_MADE: (Result.MADE, _Share.ONE_TAKES_ALL),
    Ruling.BATE: (Result.BATE, _Share.TAKER_TO_SCORER),
    Ruling.BATE_DEFENDERS_LEVEL: (Result.BATE, _Share.TAKER_HANGS),
    Ruling.BAITED: (Result.BATE, _Share.ONE_TAKES_ALL),
    Ruling.DOUBLED_BATE: (Result.BATE, _Share.ONE_TAKES_ALL),
    Ruling.TIE_HOLD_TAKER: (Result.TIE, _Share.TAKER_HANGS),
    Ruling.TIE_HOLD_ALL: (Result.TIE, _Share.ALL_HANGS),
    Ruling.TIE_TAKER_NOTHING: (Result.TIE, _Share.TAKER_NOTHING),
    Ruling.DOUBLED_TIE_HANGS: (Result.TIE, _Share.ALL_HANGS),
    Ruling.DOUBLED_TIE_TAKER_NOTHING: (Result.TIE, _Share.TAKER_NOTHING),
    Ruling.EACH_OWN: (Result.MADE, _Share.EACH_OWN),
}

_TIES = {
    # A tie with the best defender, by the tie rule: the ruling on a plain hand, and on a doubled one.
    Tie.HOLD_TAKER: (Ruling.TIE_HOLD_TAKER, Ruling.DOUBLED_TIE_HANGS),
    Tie.HOLD_ALL: (Ruling.TIE_HOLD_ALL, Ruling.DOUBLED_TIE_HANGS),
    Tie.TAKER_NOTHING: (Ruling.TIE_TAKER_NOTHING, Ruling.DOUBLED_TIE_TAKER_NOTHING),
}


def rule_on(rules: Rules, taker: int, points: Sequence[int], pay: Sequence[int], doubled: bool) -> Ruled:
    """Apply the success rule and the tie rule (RULES.md section 4, steps 4 and 5): the ruling, then what its row
    of the decision table gives.

    ``points`` decide (hand points); ``pay`` is what changes hands: the hand points less any bela that stays
    with its side. A double decides as a plain hand does and changes only who scores; it is applied later, by
    the caller.
    """
    sides = rules.sides
    defenders = [s for s in range(sides) if s != taker]
    scorer: int | None = taker
    if rules.success is Success.EACH_OWN:
        # No bate (Jass): each side writes its own; the hand is the side's with the most points, if one has.
        top = max(points)
        tops = [s for s in range(sides) if points[s] == top]
        ruling, scorer = Ruling.EACH_OWN, tops[0] if len(tops) == 1 else None
    elif rules.success is Success.HALF_BAIT:
        defender = defenders[0]
        if 2 * points[defender] >= sum(points):
            ruling, scorer = Ruling.BAITED, defender
        else:
            ruling = Ruling.HALF_MADE
    else:
        best = max([points[d] for d in defenders])
        if points[taker] > best:
            ruling = Ruling.DOUBLED_MADE if doubled else Ruling.MADE
        elif points[taker] < best or rules.tie is Tie.TAKER_FAILS:
            tops = [d for d in defenders if points[d] == best]
            scorer = tops[0]
            if doubled:
                ruling = Ruling.DOUBLED_BATE
            elif len(tops) == 1:
                ruling = Ruling.BATE
            else:
                ruling, scorer = Ruling.BATE_DEFENDERS_LEVEL, None
        else:
            ruling, scorer = _TIES[rules.tie][doubled], None
    share = _DECISIONS[ruling][1]
    hang = 0
    if share is _Share.EACH_OWN:
        scores = list(pay)
    elif share is _Share.ONE_TAKES_ALL:
        assert scorer is not None
        scores = [0] * sides
        scores[scorer] = sum(pay)
    elif share is _Share.ALL_HANGS:
        scores = [0] * sides
        hang = sum(pay)
    else:
        scores = [0 if s == taker else pay[s] for s in range(sides)]
        if share is _Share.TAKER_TO_SCORER:
            assert scorer is not None
            scores[scorer] += pay[taker]
        elif share is _Share.TAKER_HANGS:
            hang = pay[taker]
    return Ruled(ruling, taker, scorer, tuple(scores), hang)


def _revoked(challenge: RevokeChallenge, points: Sequence[int]) -> tuple[Revoked, list[int]]:
    """A revoke challenge decides the hand: the side in the wrong scores 0, the other its own and their points."""
    gainer, loser = (challenge.accuser, challenge.accused) if challenge.upheld else (
        challenge.accused, challenge.accuser)
    scores = list(points)
    scores[gainer] += points[loser]
    scores[loser] = 0
    return Revoked(challenge, gainer, loser), scores


def _to_tens(contract: Contract | None, scores: Sequence[int], hang: int) -> Step:
    """Scores and the hanging points in tens (two sides; RULES.md section 7)."""
    nonzero = [s for s in range(2) if scores[s]]
    tens = [0, 0]
    hang_tens = 0
    if len(nonzero) == 2:
        tens[0], tens[1] = tens_pair(scores[0], scores[1], contract)
        if hang:
            hang_tens = _tens_one(hang, contract)
    elif len(nonzero) == 1 and hang:
        tens[nonzero[0]], hang_tens = tens_pair(scores[nonzero[0]], hang, contract)
    else:
        for s in nonzero:
            tens[s] = _tens_one(scores[s], contract)
        hang_tens = _tens_one(hang, contract) if hang else 0
    return Step(tuple(scores), hang, tuple(tens), hang_tens)


def _multiply(multiplier: int, scores: Sequence[int], hang: int) -> Step:
    """The double's multiplier (Belote: ×2, redoubled ×4), applied last: in Belote after the points are put in tens
    (RULES.md §7)."""
    return Step(tuple(scores), hang, tuple(v * multiplier for v in scores), hang * multiplier)


# ------------------------------------------------------------------------------------------------ the game's end


def _game_ends(
    rules: Rules, position: Position, totals: Sequence[int], valat: bool, end_of_hand: bool,
) -> tuple[GameEnd, ...]:
    """What the hand did to the end of the game: reaching the target (where a hand's end can win), then the deal
    limit when that gave no winner."""
    target = rules.target
    reached = _end_of_hand(rules, totals, valat) if end_of_hand and target is not None and max(totals) >= target \
        else None
    if rules.deal_limit is None or (reached is not None and reached.winner is not None):
        return () if reached is None else (reached,)
    limit = _deal_limit(rules, position, totals, valat)
    if limit is None:
        return () if reached is None else (reached,)
    return (limit,) if reached is None else (reached, limit)


def _leaders(sides: Sequence[int], totals: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The sides of ``sides`` with the highest total, and that total."""
    top = max(totals[s] for s in sides)
    return tuple(s for s in sides if totals[s] == top), top


def _end_of_hand(rules: Rules, totals: Sequence[int], valat: bool) -> GameEnd | None:
    """The target: the side that reached it with the most wins; level sides play another hand."""
    target = rules.target
    assert target is not None
    reached = [s for s in range(rules.sides) if totals[s] >= target]
    if not reached:
        return None
    if valat and rules.no_win_on_valat:
        return GameEnd(Ending.VALAT)
    leaders, top = _leaders(reached, totals)
    return GameEnd(Ending.LEVEL if len(leaders) > 1 else Ending.WON, leaders, top)


def _deal_limit(rules: Rules, position: Position, totals: Sequence[int], valat: bool) -> GameEnd | None:
    """Option deal-limit (RULES.md §6): after the N-th played deal of a game nobody has won, the side ahead
    wins it; level sides play on, deal by deal, until one is ahead."""
    limit = rules.deal_limit
    deal = position.deals + 1
    if limit is None or deal < limit:
        return None
    if valat and rules.no_win_on_valat:
        return GameEnd(Ending.DEAL_LIMIT_VALAT, deal=deal)
    leaders, top = _leaders(range(rules.sides), totals)
    if len(leaders) == 1:
        return GameEnd(Ending.DEAL_LIMIT_WON, leaders, top, deal)
    level = Ending.DEAL_LIMIT_DRAW if rules.deal_limit_level is DealLimitLevel.DRAW else Ending.DEAL_LIMIT_LEVEL
    return GameEnd(level, leaders, top, deal)


# ------------------------------------------------------------------------------------------------ a hand


def score_hand(
    rules: Rules,
    position: Position,
    hand: HandInput | object,
    names: Sequence[str] | None = None,
) -> HandResult:
    """Score one hand from the game's position before it (RULES.md section 4, steps 1 to 7).

    ``hand`` is a HandInput or the API's mapping; a RuleError names every problem. The rules decide first
    (``judge_hand``, ``judge_claim``); the explanation says after what they decided, the sides named ``names``.
    """
    names = names or default_names(rules)
    if not isinstance(hand, HandInput):
        hand = read_hand(rules, hand, names)
    if hand.belot is not None:
        return _belot(rules, position, hand.belot, names)
    if hand.thrown_in:
        zero = (0,) * rules.sides
        return HandResult(Result.THROWN_IN, zero, zero, position.pot, position.totals,
                          explain_thrown_in(position.pot), None, None)
    # Forehand matters only to equal declared sequences (and a forfeited claim's declarations).
    # Declarations given per seat are judged between the seats: forehand is then a seat.
    leader = leader_seat(rules, position.dealer)
    forehand = leader if hand.melds_by_seat is not None else rules.side_of(leader) if any(hand.melds) else 0
    if hand.claim is not None:
        claimed = judge_claim(rules, position, hand, names, forehand)
        result = Result.CLAIM if claimed.good else Result.FALSE_CLAIM
        times = claimed.thanks.times if claimed.thanks is not None else None
        return HandResult(result, claimed.claimed, claimed.scores, claimed.pot, claimed.totals,
                          explain_claim(rules, claimed, names), claimed.winner, claimed.game_winner,
                          multiplier=times if rules.multipliers or rules.strokes else None)
    decided = judge_hand(rules, position, hand, forehand, names)
    if decided.game_points is not None:
        judged = decided.game_points
        result = {Verdict.MADE: Result.MADE, Verdict.FAILED: Result.BATE, Verdict.LEVEL: Result.TIE}[judged.verdict]
        return HandResult(result, judged.raw, decided.scores, decided.pot, decided.totals,
                          explain_hand(rules, decided, names), decided.winner, decided.game_winner,
                          judged.kaboot is not None, valat_side=judged.kaboot)
    if decided.bid is not None:
        bid = decided.bid
        return HandResult(Result.MADE if bid.failed is None else Result.BATE, bid.lines, decided.scores,
                          decided.pot, decided.totals, explain_hand(rules, decided, names), decided.winner,
                          decided.game_winner, decided.hand_points.valat is not None)
    result = Result.REVOKE if decided.ruled is None else _DECISIONS[decided.ruled.ruling][0]
    points = decided.hand_points.points
    if decided.times != 1:
        points = tuple(p * decided.times for p in points)
    return HandResult(result, points, decided.scores, decided.pot, decided.totals,
                      explain_hand(rules, decided, names), decided.winner, decided.game_winner,
                      decided.hand_points.valat is not None, bool(decided.ends) and decided.ends[-1].drawn,
                      decided.baits, decided.times if rules.multipliers or rules.strokes else None,
                      decided.hand_points.valat if rules.strokes else None, decided.kontermatch)


def _belot(rules: Rules, position: Position, side: int, names: Sequence[str]) -> HandResult:
    """A whole suit dealt to ``side`` (RULES.md §10a): the game's target to it, 0 to the others; it wins the game.
    The hand is not played, and an open pot is not scored (as when any game ends)."""
    target = rules.target
    assert target is not None  # read_hand refuses a belot in a game without a target
    scores = tuple(target if s == side else 0 for s in range(rules.sides))
    totals = tuple(t + v for t, v in zip(position.totals, scores, strict=True))
    return HandResult(Result.BELOT, scores, scores, 0, totals, explain_belot(rules, side, target, names), side, side)


def judge_hand(rules: Rules, position: Position, hand: HandInput, forehand: int, names: Sequence[str]) -> Decided:
    """What the rules make of a hand played to its end, before a word is said (``names`` only say the contest
    of declarations); ``forehand`` is the side that led to the first trick."""
    if rules.game_points:
        return _judge_game_points(rules, position, hand, forehand, names)
    points = hand_points(rules, hand, forehand, names)
    if rules.bids and hand.bid is not None:
        return _judge_bid(rules, position, hand, points)
    multiplier = rules.double_times[hand.double]
    taker = hand.taker if hand.taker is not None else 0
    # Bela that stays with its side (house rule bela-on-bate: stays) is set aside before any point changes hands.
    kept: tuple[int, ...] = ()
    pay = points.points
    if rules.bela_on_bate is BelaOnBate.STAYS and hand.revoke is None and any(hand.bela):
        kept = tuple(rules.bela_points * n for n in hand.bela)
        pay = tuple(p - k for p, k in zip(points.points, kept, strict=True))
    revoked: Revoked | None = None
    ruled: Ruled | None = None
    if hand.revoke is not None:
        revoked, scores = _revoked(hand.revoke, points.points)
        hang = 0
        winner: int | None = revoked.gainer
    else:
        ruled = rule_on(rules, taker, points.points, pay, multiplier > 1)
        scores, hang, winner = list(ruled.scores), ruled.hang, ruled.scorer
    in_tens = None
    if rules.tens:
        in_tens = _to_tens(hand.contract, scores, hang)
        scores, hang = list(in_tens.to_scores), in_tens.to_hang
    for s, bela in enumerate(kept):
        # A bela is a whole number of tens: added after the rounding, it changes nobody's rounding.
        scores[s] += bela // 10 if rules.tens else bela
    doubled = None
    if multiplier > 1:
        doubled = _multiply(multiplier, scores, hang)
        scores, hang = list(doubled.to_scores), doubled.to_hang
    times = rules.multiplier(hand.contract)
    if times != 1:
        # Jass's multiplier: everything a side writes in the hand (RULES.md §11).
        scores = [v * times for v in scores]
    taken = 0
    if winner is not None and position.pot:
        taken = position.pot
        scores[winner] += taken
    baits, penalty = _bait_penalty(rules, position, ruled)
    if penalty is not None:
        scores[penalty.side] -= penalty.points
    totals = tuple(t + s for t, s in zip(position.totals, scores, strict=True))
    ends = _game_ends(rules, position, totals, points.valat is not None, rules.wins_at_end_of_hand)
    kontermatch = points.valat is not None and rules.strokes and points.valat != taker
    return Decided(points, pay, revoked, ruled, in_tens, kept, multiplier, doubled, winner, taken, hang,
                   tuple(scores), position.pot - taken + hang, totals, ends, ends[-1].winner if ends else None,
                   penalty, baits, times, kontermatch)


def _bid_failed(rules: Rules, hand: HandInput, points: HandPoints, taker: int) -> BidFailed | None:
    """Whether the bid was made (RULES.md §12): a capot by taking every trick; a bid in points when the taker's
    points reach it (and, under bid-success reach-and-beat, are more than the defence's). No rounding makes a bid."""
    if hand.bid == CAPOT:
        return None if points.valat == taker else BidFailed.NO_CAPOT
    assert isinstance(hand.bid, int)
    mine, theirs = points.points[taker], points.points[1 - taker]
    if mine < hand.bid:
        return BidFailed.SHORT
    if rules.bid_success is BidSuccess.REACH_AND_BEAT and mine <= theirs:
        return BidFailed.NOT_MORE
    return None


def _judge_bid(rules: Rules, position: Position, hand: HandInput, points: HandPoints) -> Decided:
    """A hand of Belote contrée judged by its bid (RULES.md §12): made, the taker writes its points and the bid,
    the defence its own; dedans, the defence writes the hand, the bid and every declaration, the taker nothing but
    its belote. Coinche and surcoinche multiply the line of the side that wins the contract, the other keeping only
    its belote (or its own points); then each side's score is rounded, by the house's rounding."""
    taker = hand.taker if hand.taker is not None else 0
    defence = 1 - taker
    assert hand.bid is not None
    value = rules.capot_bid if hand.bid == CAPOT else int(hand.bid)
    failed = _bid_failed(rules, hand, points, taker)
    bela = [rules.bela_points * n for n in (hand.bela or (0, 0))]
    melds = [terms.melds if terms is not None and terms.melds_count else 0 for terms in points.sums]
    terms: list[list[tuple[str, int]]] = [[], []]
    if failed is None:
        mine = points.points[taker]
        if rules.bid_scores is BidScores.POINTS_AND_BID:
            terms[taker] = [("points", mine), ("bid", value)]
        elif rules.bid_scores is BidScores.BID:
            terms[taker] = [("bid", value), *((("bela", bela[taker]),) if bela[taker] else ())]
        else:
            terms[taker] = [("points", mine)]
        if points.points[defence]:
            terms[defence] = [("points", points.points[defence])]
    else:
        deck = rules.deck(hand.contract) + rules.last_trick
        whole = deck // 10 * 10 if rules.dedans is Dedans.FEDERATION else deck
        if points.valat == defence:
            whole += rules.valat
        terms[defence] = [("hand", whole)]
        if rules.dedans is not Dedans.HAND:
            terms[defence].append(("bid", value))
        if melds[0] or melds[1]:
            terms[defence].append(("declarations", melds[0] + melds[1]))
        taker_bela = bela[taker]
        if rules.belote_on_dedans is BeloteOnDedans.DEFENCE:
            taker_bela, defence_bela = 0, bela[defence] + bela[taker]
        else:
            defence_bela = bela[defence]
        if defence_bela:
            terms[defence].append(("bela", defence_bela))
        if taker_bela:
            terms[taker] = [("bela", taker_bela)]
    lines = tuple(sum(points for _kind, points in side) for side in terms)
    multiplier = rules.double_times[hand.double]
    winner = taker if failed is None else defence
    kept: tuple[int, ...] = ()
    if multiplier > 1:
        loser = 1 - winner
        keeps_own = failed is None and rules.double_loser is DoubleLoser.KEEPS_OWN
        # A failed taker's line holds only its belote; a made contract's defence keeps its belote, or its own.
        keep = lines[loser] if failed is not None or keeps_own else bela[loser]
        kept = tuple(keep if s == loser else 0 for s in range(2))
        before = tuple(lines[s] * multiplier if s == winner else kept[s] for s in range(2))
    else:
        before = lines
    rounded = tuple(rules.rounding.apply(v) for v in before)
    judged = BidJudged(taker, hand.bid, value, failed, tuple(tuple(side) for side in terms), lines, multiplier,
                       hand.double, kept, before, rounded)
    scores = list(rounded)
    totals = tuple(t + v for t, v in zip(position.totals, scores, strict=True))
    ends = _game_ends(rules, position, totals, points.valat is not None, rules.wins_at_end_of_hand)
    return Decided(points, points.points, None, None, None, (), multiplier, None, winner, 0, 0, tuple(scores),
                   position.pot, totals, ends, ends[-1].winner if ends else None, bid=judged)


def game_points_pair(rules: Rules, raw: Sequence[int], contract: Contract | None) -> tuple[tuple[int, ...], bool]:
    """Each side's raw points as game points (RULES.md §13), and whether both ended in 6. With trumps ÷ 10, a
    remainder of 6 or more up, 5 or less down; when both end in 6 the side with more rounds down (the pair stays 16).
    Without trumps (Sun) ÷ 5, and when that is not whole the even one of the two whole numbers around it (26)."""
    per = rules.raw_per_game_point(contract)
    if per == 5:
        return tuple(v // 5 if v % 5 == 0 else (v // 5 + (v // 5) % 2) for v in raw), False
    turned = [v // 10 + (1 if v % 10 >= 6 else 0) for v in raw]
    both_six = len(raw) == 2 and raw[0] % 10 == 6 and raw[1] % 10 == 6
    if both_six:
        higher = 0 if raw[0] >= raw[1] else 1
        turned[higher] = raw[higher] // 10
    return tuple(turned), both_six


def _judge_game_points(
    rules: Rules, position: Position, hand: HandInput, forehand: int, names: Sequence[str],
) -> Decided:
    """A Baloot hand (RULES.md §13): raw points to game points (or the kaboot's), projects in game points; the buyer
    needs more game points than the other side (level: the fewer raw points fail; level again: each its own). A
    failed buyer (khasran) or a doubled hand gives the winner the whole hand and every project, times the
    multiplier; baloot always stays with its holder, once. Gahwa: the winner of the hand wins the game."""
    contract = hand.contract
    if (hand.double and contract is Contract.NO_TRUMPS and rules.sun_double is SunDouble.BEHIND_OVER_100
            and not position.totals[1 - (hand.taker or 0)] < 100 <= position.totals[hand.taker or 0]):
        # glossary: Sun, double
        raise RuleError("double", Said("Sun may be doubled only when the buyer's side has 100 or more and the side "
                                       "that doubles has less (the house rule sun-double: any allows it always)"))
    rules = rules.melds_in(contract)
    points = hand_points(rules, hand, forehand, names)
    taker = hand.taker if hand.taker is not None else 0
    other = 1 - taker
    cards = [c or 0 for c in hand.card_points] if hand.card_points else [0, 0]
    raw = tuple(cards[s] + (rules.last_trick if s == hand.last_trick else 0) for s in range(2))
    took = hand.took_trick or [cards[s] > 0 or s == hand.last_trick for s in range(2)]
    kaboot = took.index(True) if sum(took) == 1 else None
    per = rules.raw_per_game_point(contract)
    if kaboot is not None:
        value = rules.kaboot[1 if per == 5 else 0]
        turned: tuple[int, ...] = tuple(value if s == kaboot else 0 for s in range(2))
        both_six = False
    else:
        turned, both_six = game_points_pair(rules, raw, contract)
    melds = [terms.melds if terms is not None and terms.melds_count else 0 for terms in points.sums]
    projects = tuple(m // per for m in melds)
    baloot = tuple(rules.bela_written * n for n in (hand.bela or (0, 0)))
    mine, theirs = turned[taker] + projects[taker], turned[other] + projects[other]
    level_raw = mine == theirs
    if mine != theirs:
        verdict = Verdict.MADE if mine > theirs else Verdict.FAILED
    elif raw[taker] != raw[other]:
        verdict = Verdict.MADE if raw[taker] > raw[other] else Verdict.FAILED
    else:
        verdict = Verdict.LEVEL
    double = hand.double
    multiplier = rules.double_times[double]
    if multiplier > 1 and verdict is Verdict.LEVEL:
        # Level in game and raw points: the side that doubled loses (the other side doubles, the buyer says
        # three, the other side four).
        doubler = other if double % 2 == 1 else taker
        verdict = Verdict.FAILED if doubler == taker else Verdict.MADE
    winner = None if verdict is Verdict.LEVEL else taker if verdict is Verdict.MADE else other
    project_times = min(multiplier, 2) if rules.doubled_projects is DoubledProjects.DOUBLE_ONLY else multiplier
    whole = sum(turned) + sum(projects)
    scores = [0, 0]
    if winner is not None and (multiplier > 1 or verdict is Verdict.FAILED):
        scores[winner] = sum(turned) * multiplier + sum(projects) * project_times
    else:
        scores = [turned[s] + projects[s] for s in range(2)]
    for s in range(2):
        scores[s] += baloot[s]
    judged = GamePointsJudged(taker, raw, turned, per, both_six, kaboot, projects, baloot, verdict, level_raw,
                              multiplier, double, winner, project_times, whole)
    totals = tuple(t + v for t, v in zip(position.totals, scores, strict=True))
    if hand.gahwa and winner is not None:
        ends: tuple[GameEnd, ...] = (GameEnd(Ending.GAHWA, (winner,), totals[winner]),)
    else:
        ends = _game_ends(rules, position, totals, False, rules.wins_at_end_of_hand)
    return Decided(points, points.points, None, None, None, (), multiplier, None, winner, 0, 0, tuple(scores),
                   position.pot, totals, ends, ends[-1].winner if ends else None, game_points=judged)


_FAILED = frozenset({Ruling.BATE, Ruling.BATE_DEFENDERS_LEVEL, Ruling.BAITED, Ruling.DOUBLED_BATE})
"""The rulings in which the taker failed (a hanging tie, or a tie that gives the taker nothing, is no bait)."""


def _bait_penalty(rules: Rules, position: Position, ruled: Ruled | None) -> tuple[tuple[int, ...], Penalty | None]:
    """Option bait-penalty [N, P] (RULES.md §10d, Deberc's bolts): the failed taker's N-th bait in the game costs it
    P points, and its count starts again. Each side's count after the hand, and the penalty if one fell due."""
    if rules.bait_penalty is None:
        return (), None
    counts = list(position.baits or (0,) * rules.sides)
    if ruled is None or ruled.ruling not in _FAILED:
        return tuple(counts), None
    every, points = rules.bait_penalty
    counts[ruled.taker] += 1
    if counts[ruled.taker] < every:
        return tuple(counts), None
    counts[ruled.taker] = 0
    return tuple(counts), Penalty(ruled.taker, every, points)


def _race(rules: Rules, position: Position, side: int, race: tuple[int, ...], names: Sequence[str]) -> Claimed:
    """A claim of the race (``claims: race``, RULES.md §10a): both sides add what they had won so far; the claimant
    must so reach the target and be ahead, else the claim is refused (a RuleError), never scored as false."""
    target = rules.target
    assert target is not None  # check_rules: claims need a target
    totals = tuple(t + won for t, won in zip(position.totals, race, strict=True))
    if totals[side] < target or any(totals[s] >= totals[side] for s in range(rules.sides) if s != side):
        raise RuleError("claim.points", race_falls_short(rules, names[side], totals[side], target))
    return Claimed(side, race[side], position.totals[side], totals[side], None, True, None, None, (), race, race,
                   position.pot, totals, side, side)


def _thanks(rules: Rules, position: Position, side: int, thanks: Thanks, contract: Contract | None) -> Claimed:
    """Jass's bedanken (RULES.md §11): both sides add what they had won so far, multiplied. A claimant short of the
    target loses the game; if both reached it, the counting order decides who got there first (a side needing a
    later kind comes second; needing the same kinds, the claimant wins)."""
    target = rules.target
    assert target is not None  # check_rules: claims need a target
    times = rules.multiplier(contract)
    order = rules.claim_order.kinds
    kinds = {ThanksKind.STOECK: thanks.stoeck, ThanksKind.WEIS: thanks.weis, ThanksKind.TRICKS: thanks.tricks}
    reached: list[int | None] = []
    for s in range(rules.sides):
        running = position.totals[s]
        place: int | None = None
        for index, kind in enumerate(order):
            running += kinds[kind][s] * times
            if place is None and kinds[kind][s] and running >= target:
                place = index
        if place is None and position.totals[s] >= target:
            place = 0
        reached.append(place)
    won = tuple(thanks.won(s) * times for s in range(rules.sides))
    totals = tuple(t + w for t, w in zip(position.totals, won, strict=True))
    mine = reached[side]
    good = mine is not None
    if mine is not None:
        first = [s for s in range(rules.sides) if (place := reached[s]) is not None and place < mine]
        winner = first[0] if first else side
    else:
        others = sorted((s for s in range(rules.sides) if s != side), key=lambda s: -totals[s])
        winner = others[0]
    return Claimed(side, thanks.won(side), position.totals[side], totals[side], None, good,
                   None if good else winner, None, (), won, won, position.pot, totals, winner, winner,
                   Thanked(times, tuple(reached), order))


def judge_claim(rules: Rules, position: Position, hand: HandInput, names: Sequence[str], forehand: int) -> Claimed:
    """What the rules make of a claim (RULES.md section 6): good, false and losing the game, or false and
    forfeiting the hand; a RuleError when the side may not claim yet."""
    claim = hand.claim
    assert claim is not None
    side = claim.side
    totals = position.totals
    if claim.race is not None:
        return _race(rules, position, claim.side, claim.race, names)
    if claim.thanks is not None:
        return _thanks(rules, position, claim.side, claim.thanks, hand.contract)
    if rules.claim_from is not None and totals[side] < rules.claim_from:
        raise RuleError("claim.side", too_soon_to_claim(rules, names[side], totals[side]))
    reached = totals[side] + claim.points
    claimed = tuple(claim.points if s == side else 0 for s in range(rules.sides))
    assert rules.target is not None  # check_rules: claims need a target
    if reached >= rules.target:
        return Claimed(side, claim.points, totals[side], reached, claim.parts, True, None, None, (), claimed,
                       claimed, position.pot, tuple(t + v for t, v in zip(totals, claimed, strict=True)), side, side)
    zero = (0,) * rules.sides
    if rules.false_claim is FalseClaim.LOSES_GAME:
        sides = rules.sides
        others = sorted((s for s in range(sides) if s != side), key=lambda s: (-totals[s], (s - side) % sides))
        winner = others[0]
        return Claimed(side, claim.points, totals[side], reached, claim.parts, False, winner, None, (),
                       claimed, zero, position.pot, totals, winner, winner)
    other = 1 - side
    melds, meld_contest = _meld_scores(rules, hand, forehand, names)
    bela = rules.bela_points * sum(hand.bela)
    deck = rules.deck(hand.contract) + rules.last_trick
    value = deck + sum(melds) + bela
    forfeit = Forfeit(other, deck, sum(melds), bela, value, meld_contest, position.pot)
    scores = tuple(value + position.pot if s == other else 0 for s in range(rules.sides))
    new_totals = tuple(t + v for t, v in zip(totals, scores, strict=True))
    ends = _game_ends(rules, position, new_totals, False, True)
    return Claimed(side, claim.points, totals[side], reached, claim.parts, False, None, forfeit, ends,
                   claimed, scores, 0, new_totals, other, ends[-1].winner if ends else None)
