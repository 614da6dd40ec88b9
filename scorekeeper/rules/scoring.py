"""Scoring one hand, in the order of RULES.md section 4, with the sentences that explain it."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from .cards import LAST_TRICK, Contract
from .errors import RuleError
from .hand import HandInput, default_names, read_hand
from .melds import Declaration, contest
from .variants import BelaOnBate, Deal, FalseClaim, Rules, Success, Tie


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


class Position(NamedTuple):
    """Where a game stands before a hand: totals, the pot, who deals, how many deals were played."""

    totals: tuple[int, ...]
    pot: int = 0
    dealer: int = 0
    game: int = 1
    deals: int = 0
    """Deals played so far in this game (thrown-in deals do not count): what a deal limit counts."""

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
    winner: int | None
    """The side that won the hand (takes the pot, and deals next in two-handed play); None after a tie."""
    game_winner: int | None
    """The side that won the game on this hand, if any."""
    valat: bool = False


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


def hand_points(
    rules: Rules, hand: HandInput, forehand_side: int, names: Sequence[str], lines: list[str],
) -> tuple[list[int], int | None]:
    """Hand points of each side (card points, last trick, declarations that count, bela, valat).

    Returns the points and the side that took a valat, if any; says each side's sum in ``lines``
    (a side with card points alone needs no sentence).
    """
    sides = rules.sides
    given = hand.card_points
    cards = [c or 0 for c in given] if given else [0] * sides
    last = hand.last_trick
    took = hand.took_trick or [cards[s] > 0 or s == last for s in range(sides)]
    melds = _meld_scores(rules, hand, forehand_side, names, lines)
    valat: int | None = None
    if rules.valat and given and sum(took) == 1:
        valat = took.index(True)
    doubled_cards = hand.contract is Contract.NO_TRUMPS and rules.no_trumps_doubled
    bela = hand.bela
    points: list[int] = []
    for s in range(sides):
        base = cards[s]
        if s == last:
            base += LAST_TRICK
            text = f"card points {cards[s]} + last trick {LAST_TRICK}"
        else:
            text = f"card points {base}" if doubled_cards or melds[s] or bela[s] or valat == s else ""
        if doubled_cards:
            text = f"({text}) × 2" if s == last else f"{text} × 2"
            base *= 2
        total = base
        if melds[s]:
            if rules.melds_need_trick and not took[s]:
                lines.append(f"{names[s]} took no trick: melds {melds[s]} do not count.")
            else:
                total += melds[s]
                text += f" + melds {melds[s]}"
        if bela[s]:
            total += rules.bela_points * bela[s]
            text += f" + {rules.bela_word} {rules.bela_points * bela[s]}"
        if valat == s:
            total += rules.valat
            text += f" + valat {rules.valat}"
        points.append(total)
        if text:
            lines.append(f"{names[s]}: {text} = {total}.")
    if valat is not None:
        lines.append(f"{names[valat]} took every trick: a valat.")
    return points, valat


def _meld_scores(
    rules: Rules, hand: HandInput, forehand_side: int, names: Sequence[str], lines: list[str],
) -> list[int]:
    melds = hand.melds
    if not any(melds):
        return [0] * rules.sides
    if hand.declared:
        declarations: list[list[Declaration]] = [
            [m for m in side if not isinstance(m, int)] for side in melds
        ]
        judged = contest(rules, hand.contract, forehand_side, declarations, names)
        lines.extend(judged.explanation)
        return list(judged.scores)
    # Credited values only (a hand gives values or declarations, never both).
    return [sum(side) for side in melds]  # type: ignore[arg-type]


def score_hand(
    rules: Rules,
    position: Position,
    hand: HandInput | object,
    names: Sequence[str] | None = None,
) -> HandResult:
    """Score one hand from the game's position before it (RULES.md section 4, steps 1 to 7).

    ``hand`` is a HandInput or the API's mapping; a RuleError names every problem.
    """
    names = names or default_names(rules)
    if not isinstance(hand, HandInput):
        hand = read_hand(rules, hand, names)
    sides = rules.sides
    lines: list[str] = []
    totals = position.totals
    pot = position.pot

    if hand.thrown_in:
        lines.append("Thrown in: nobody scores; the deal moves on.")
        if pot:
            lines.append(f"The pot of {pot} waits for the next hand with a winner.")
        return HandResult(Result.THROWN_IN, (0,) * sides, (0,) * sides, pot, totals, tuple(lines), None, None)

    # Forehand matters only to equal declared sequences (and a forfeited claim's declarations).
    forehand = rules.side_of(leader_seat(rules, position.dealer)) if any(hand.melds) else 0
    if hand.claim is not None:
        return _score_claim(rules, position, hand, names, forehand, lines)

    points, valat = hand_points(rules, hand, forehand, names, lines)
    multiplier = (1, 2, 4)[hand.double]
    taker = hand.taker if hand.taker is not None else 0
    # Bela that stays with its side (house rule bela-on-bate: stays) is set aside before any point changes hands.
    kept: list[int] = []
    pay = points
    if rules.bela_on_bate is BelaOnBate.STAYS and hand.revoke is None and any(hand.bela):
        kept = [rules.bela_points * n for n in hand.bela]
        pay = [p - k for p, k in zip(points, kept, strict=True)]
    winner: int | None

    if hand.revoke is not None:
        result = Result.REVOKE
        challenge = hand.revoke
        gainer, loser = (challenge.accuser, challenge.accused) if challenge.upheld else (
            challenge.accused, challenge.accuser)
        verdict = "upheld" if challenge.upheld else "a wrong challenge"
        lines.append(f"Revoke challenge by {names[challenge.accuser]} against {names[challenge.accused]}: "
                     f"{verdict}. {names[loser]} scores 0; {names[gainer]} scores own {points[gainer]} "
                     f"+ {names[loser]}'s {points[loser]} = {points[gainer] + points[loser]}.")
        scores = list(points)
        scores[gainer] += points[loser]
        scores[loser] = 0
        hang = 0
        winner = gainer
    else:
        result, scores, hang, winner = _judge(rules, hand, taker, points, pay, multiplier, names, lines)
    if rules.tens:
        scores, hang = _to_tens(rules, hand.contract, scores, hang, lines)
    for s, bela in enumerate(kept):
        if bela:
            # A bela is a whole number of tens: added after the rounding, it changes nobody's rounding.
            counted = bela // 10 if rules.tens else bela
            scores[s] += counted
            lines.append(f"{rules.bela_word.capitalize()} always counts: {names[s]} keeps {rules.bela_word} {bela}"
                         + (f" ({counted} in tens)." if rules.tens else "."))
    if multiplier > 1:
        scores, hang = _multiply(multiplier, scores, hang, lines)
    if winner is not None and pot:
        scores[winner] += pot
        lines.append(f"{names[winner]} also takes the pot of {pot}.")
        pot = 0
    if hang:
        pot += hang
        lines.append(f"{hang} goes into the pot, which holds {pot} for the winner of the next hand.")

    new_totals = tuple(t + s for t, s in zip(totals, scores, strict=True))
    game_winner = None
    if rules.wins_at_end_of_hand:
        game_winner = _end_of_hand_winner(rules, new_totals, valat is not None, names, lines)
    if game_winner is None and rules.deal_limit is not None:
        game_winner = _deal_limit_winner(rules, position, new_totals, valat is not None, names, lines)
    return HandResult(result, tuple(points), tuple(scores), pot, new_totals, tuple(lines), winner,
                      game_winner, valat is not None)


def _multiply(multiplier: int, scores: list[int], hang: int, lines: list[str]) -> tuple[list[int], int]:
    """Double ×2, redouble ×4, applied last: in Belote after the points are put in tens (RULES.md §7)."""
    word = "Doubled" if multiplier == 2 else "Redoubled"
    parts = [f"{v} × {multiplier} = {v * multiplier}" for v in scores if v]
    if hang:
        parts.append(f"hanging {hang} × {multiplier} = {hang * multiplier}")
    if parts:
        lines.append(f"{word}: {', '.join(parts)}.")
    return [v * multiplier for v in scores], hang * multiplier


def _judge(
    rules: Rules, hand: HandInput, taker: int, points: list[int], pay: list[int], multiplier: int,
    names: Sequence[str], lines: list[str],
) -> tuple[Result, list[int], int, int | None]:
    """Apply the success rule and the tie rule: (result, scores, what goes into the pot, hand winner).

    ``points`` decide (hand points); ``pay`` is what changes hands: the hand points less any bela that stays
    with its side. The double is applied later, by the caller.
    """
    sides = rules.sides
    value = sum(pay)
    defenders = [s for s in range(sides) if s != taker]
    best = max(points[d] for d in defenders)
    against = str(points[defenders[0]]) if sides == 2 else " and ".join(str(points[d]) for d in defenders)
    head = f"Taker {names[taker]}: {points[taker]} against {against}"
    scores = [0] * sides

    if rules.success is Success.HALF_BAIT:
        defender = defenders[0]
        if 2 * points[defender] >= sum(points):
            lines.append(f"{head}: {names[defender]} has half or more of the hand value {sum(points)}: bait. "
                         f"{names[defender]} scores {_whole(value, points)}.")
            scores[defender] = value
            return Result.BATE, scores, 0, defender
        lines.append(f"{head}: made, the defenders have less than half of {sum(points)}. Each side scores its own.")
        return Result.MADE, list(pay), 0, taker

    if points[taker] > best:
        outcome = Result.MADE
    elif points[taker] < best or rules.tie is Tie.TAKER_FAILS:
        outcome = Result.BATE
    else:
        outcome = Result.TIE

    if multiplier > 1:
        word = "Doubled" if multiplier == 2 else "Redoubled"
        if outcome is Result.MADE:
            lines.append(f"{head}: made. {word}: {names[taker]} scores everything, {value}.")
            scores[taker] = value
            return outcome, scores, 0, taker
        if outcome is Result.BATE:
            scorer = max(defenders, key=lambda d: points[d])
            lines.append(f"{head}: bate. {word}: {names[scorer]} scores everything, {value}.")
            scores[scorer] = value
            return outcome, scores, 0, scorer
        if rules.tie in (Tie.HOLD_TAKER, Tie.HOLD_ALL):
            lines.append(f"{head}: a tie. {word}: everything, {value}, hangs.")
            return outcome, scores, value, None
        lines.append(f"{head}: a tie. {word}: the taker scores nothing; defenders score their own.")
        for d in defenders:
            scores[d] = pay[d]
        return outcome, scores, 0, None

    if outcome is Result.MADE:
        lines.append(f"{head}: made. Each side scores its own.")
        return outcome, list(pay), 0, taker
    if outcome is Result.BATE:
        tops = [d for d in defenders if points[d] == best]
        if len(tops) > 1:
            lines.append(f"{head}: bate, and the defenders tie for the most. Each defender scores its own; "
                         f"the taker's {pay[taker]} goes into the pot.")
            for d in defenders:
                scores[d] = pay[d]
            return outcome, scores, pay[taker], None
        scorer = tops[0]
        for d in defenders:
            scores[d] = pay[d]
        scores[scorer] += pay[taker]
        if sides == 2:
            lines.append(f"{head}: bate. {names[scorer]} scores {_whole(value, points)}.")
        else:
            lines.append(f"{head}: bate. {names[scorer]} has the most and scores own {pay[scorer]} "
                         f"+ the taker's {pay[taker]} = {scores[scorer]}; the others keep their own.")
        return outcome, scores, 0, scorer

    # An exact tie with the best defender: the tie rule decides.
    if rules.tie is Tie.HOLD_TAKER:
        for d in defenders:
            scores[d] = pay[d]
        lines.append(f"{head}: a tie. The defenders score their own; the taker's {pay[taker]} is held over.")
        return outcome, scores, pay[taker], None
    if rules.tie is Tie.HOLD_ALL:
        lines.append(f"{head}: a tie. Nobody scores; the hand value {value} is held over.")
        return outcome, scores, value, None
    for d in defenders:
        scores[d] = pay[d]
    lines.append(f"{head}: a tie. The taker scores nothing; the defenders score their own.")
    return outcome, scores, 0, None


def _whole(value: int, points: list[int]) -> str:
    """``the hand value 121``; ``the rest of the hand value, 101`` when a bela stays with its side."""
    return f"the hand value {value}" if value == sum(points) else f"the rest of the hand value, {value}"


def _to_tens(
    rules: Rules, contract: Contract | None, scores: list[int], hang: int, lines: list[str],
) -> tuple[list[int], int]:
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
    parts = [f"{scores[s]} → {tens[s]}" for s in nonzero]
    if hang:
        parts.append(f"hanging {hang} → {hang_tens}")
    if parts:
        lines.append(f"Tens: {', '.join(parts)}.")
    return tens, hang_tens


def _end_of_hand_winner(
    rules: Rules, totals: tuple[int, ...], valat: bool, names: Sequence[str], lines: list[str],
) -> int | None:
    reached = [s for s in range(rules.sides) if totals[s] >= rules.target]
    if not reached:
        return None
    if valat and rules.no_win_on_valat:
        lines.append("No game is won on a hand with a valat: another hand is played.")
        return None
    top = max(totals[s] for s in reached)
    leaders = [s for s in reached if totals[s] == top]
    if len(leaders) > 1:
        lines.append(f"{' and '.join(names[s] for s in leaders)} are level on {top}: another hand is played.")
        return None
    lines.append(f"{names[leaders[0]]} reaches {top} of {rules.target}: {names[leaders[0]]} wins the game.")
    return leaders[0]


def _deal_limit_winner(
    rules: Rules, position: Position, totals: tuple[int, ...], valat: bool, names: Sequence[str], lines: list[str],
) -> int | None:
    """Option deal-limit (RULES.md §6): after the N-th played deal of a game nobody has won, the side ahead
    wins it; level sides play on, deal by deal, until one is ahead."""
    limit = rules.deal_limit
    deal = position.deals + 1
    if limit is None or deal < limit:
        return None
    played = f"Deal {deal} of {limit}" if deal == limit else f"Deal {deal} ({limit} was the limit)"
    if valat and rules.no_win_on_valat:
        lines.append(f"{played} played, but no game is won on a hand with a valat: another deal is played.")
        return None
    top = max(totals)
    leaders = [s for s in range(rules.sides) if totals[s] == top]
    if len(leaders) > 1:
        lines.append(f"{played} played and {' and '.join(names[s] for s in leaders)} are level on {top}: "
                     f"another deal is played.")
        return None
    lines.append(f"{played} played: {names[leaders[0]]} is ahead with {top} and wins the game.")
    return leaders[0]


def _score_claim(
    rules: Rules, position: Position, hand: HandInput, names: Sequence[str], forehand: int, lines: list[str],
) -> HandResult:
    claim = hand.claim
    assert claim is not None
    sides = rules.sides
    side = claim.side
    totals = position.totals
    if rules.claim_from is not None and totals[side] < rules.claim_from:
        raise RuleError("claim.side", f"{names[side]} has {totals[side]}: only a side on {rules.claim_from} "
                                      f"or more may claim")
    reached = totals[side] + claim.points
    zero = (0,) * sides
    claimed = tuple(claim.points if s == side else 0 for s in range(sides))
    if reached >= rules.target:
        lines.append(f"{names[side]} claims with {claim.points} won so far: {totals[side]} + {claim.points} = "
                     f"{reached}, reaching {rules.target}. Good claim: {names[side]} wins the game.")
        scores = tuple(claim.points if s == side else 0 for s in range(sides))
        new_totals = tuple(t + v for t, v in zip(totals, scores, strict=True))
        return HandResult(Result.CLAIM, scores, scores, position.pot, new_totals, tuple(lines), side, side)
    lines.append(f"{names[side]} claims with {claim.points} won so far: {totals[side]} + {claim.points} = "
                 f"{reached}, short of {rules.target}. False claim.")
    if rules.false_claim is FalseClaim.LOSES_GAME:
        others = sorted((s for s in range(sides) if s != side), key=lambda s: (-totals[s], (s - side) % sides))
        winner = others[0]
        lines.append(f"A false claim loses the game: {names[winner]} wins the game.")
        return HandResult(Result.FALSE_CLAIM, claimed, zero, position.pot, totals, tuple(lines), winner, winner)
    other = 1 - side
    melds = _meld_scores(rules, hand, forehand, names, lines)
    bela = rules.bela_points * sum(hand.bela)
    deck = rules.deck(hand.contract) + LAST_TRICK
    value = deck + sum(melds) + bela
    forfeit = [0] * sides
    forfeit[other] = value + position.pot
    extra = f" + melds {sum(melds)}" if sum(melds) else ""
    extra += f" + {rules.bela_word} {bela}" if bela else ""
    lines.append(f"{names[side]} forfeits the hand: {names[other]} scores the hand value {deck}{extra} = {value}.")
    if position.pot:
        lines.append(f"{names[other]} also takes the pot of {position.pot}.")
    new_totals = tuple(t + v for t, v in zip(totals, forfeit, strict=True))
    game_winner = _end_of_hand_winner(rules, new_totals, False, names, lines)
    if game_winner is None:
        game_winner = _deal_limit_winner(rules, position, new_totals, False, names, lines)
    return HandResult(Result.FALSE_CLAIM, claimed, tuple(forfeit), 0, new_totals, tuple(lines), other, game_winner)

