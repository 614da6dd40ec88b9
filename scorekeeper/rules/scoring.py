"""Scoring one hand, in the order of RULES.md section 4, with the sentences that explain it."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from .cards import LAST_TRICK, Contract
from .errors import RuleError
from .hand import ClaimParts, HandInput, default_names, read_hand
from .melds import Declaration, contest
from .variants import BelaOnBate, Deal, FalseClaim, Rules, Success, Tie, capital_bela
from .words import N_, Listed, Said


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
        # What the side's sum says, term by term: "card points 65", "last trick 10", "melds 20" …
        terms: list[Said] = []
        if s == last:
            base += LAST_TRICK
            terms = [_card_points(cards[s]), Said("last trick %(points)s", points=LAST_TRICK)]
        elif doubled_cards or melds[s] or bela[s] or valat == s:
            terms = [_card_points(base)]
        if doubled_cards:
            # Translators: card points doubled in no-trumps: "(card points 65 + last trick 10) × 2".
            terms = [Said("(%(sum)s) × %(times)s", sum=Listed(terms, " + "), times=2) if s == last
                     # Translators: card points doubled in no-trumps: "card points 65 × 2".
                     else Said("%(sum)s × %(times)s", sum=terms[0], times=2)]
            base *= 2
        total = base
        if melds[s]:
            if rules.melds_need_trick and not took[s]:
                lines.append(Said("%(side)s took no trick: melds %(points)s do not count.", side=names[s],
                                  points=melds[s]))
            else:
                total += melds[s]
                terms.append(Said("melds %(points)s", points=melds[s]))
        if bela[s]:
            total += rules.bela_points * bela[s]
            terms.append(_bela(rules, rules.bela_points * bela[s]))
        if valat == s:
            total += rules.valat
            # glossary: valat
            terms.append(Said("valat %(points)s", points=rules.valat))
        points.append(total)
        if terms:
            # Translators: a side's hand points added up: "Mike: card points 65 + last trick 10 + melds 20 = 95."
            lines.append(Said("%(side)s: %(sum)s = %(total)s.", side=names[s], sum=Listed(terms, " + "), total=total))
    if valat is not None:
        # glossary: valat
        lines.append(Said("%(side)s took every trick: a valat.", side=names[valat]))
    return points, valat


def _claim_parts(rules: Rules, parts: ClaimParts, name: str) -> Said:
    """What the claimant has won so far, added up as a side's hand points are: "Ana: card points 57 + melds 20 +
    last trick 10 = 87."."""
    terms: list[Said] = [_card_points(parts.card_points)]
    if parts.last_trick:
        terms.append(Said("last trick %(points)s", points=LAST_TRICK))
    if parts.declarations:
        terms.append(Said("melds %(points)s", points=sum(parts.declarations)))
    if parts.bela:
        terms.append(_bela(rules, rules.bela_points))
    return Said("%(side)s: %(sum)s = %(total)s.", side=name, sum=Listed(terms, " + "), total=parts.total(rules))


def _card_points(points: int) -> Said:
    return Said("card points %(points)s", points=points)


def _bela(rules: Rules, points: int) -> Said:
    """The bela in a sum: ``bela 20``, ``belote 20``."""
    # glossary: belote and rebelote
    # Translators: %(bela)s is the game's word for K and Q of trumps (bela, belote); %(points)s what it is worth.
    return Said("%(bela)s %(points)s", bela=rules.bela_word, points=points)


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
        lines.append(Said("Thrown in: nobody scores; the deal moves on."))
        if pot:
            # glossary: pot, hand
            lines.append(Said("The pot of %(pot)s waits for the next hand with a winner.", pot=pot))
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
        fields = {"accuser": names[challenge.accuser], "accused": names[challenge.accused], "loser": names[loser],
                  "gainer": names[gainer], "own": points[gainer], "points": points[loser],
                  "total": points[gainer] + points[loser]}
        team = rules.team(names[gainer])
        if challenge.upheld:
            # glossary: revoke
            lines.append(Said.agreeing(team, N_("Revoke challenge by %(accuser)s against %(accused)s: upheld. "
                                                "%(loser)s scores 0; %(gainer)s scores own %(own)s + %(loser)s's "
                                                "%(points)s = %(total)s."),
                                    # Translators: the same, said of teams (two partners each): its verbs plural.
                                    N_("Revoke challenge by %(accuser)s against %(accused)s: upheld. %(loser)s score "
                                       "0; %(gainer)s score their own %(own)s + %(loser)s's %(points)s = %(total)s."),
                              **fields))
        else:
            # glossary: revoke
            lines.append(Said.agreeing(team, N_("Revoke challenge by %(accuser)s against %(accused)s: a wrong "
                                                "challenge. %(loser)s scores 0; %(gainer)s scores own %(own)s + "
                                                "%(loser)s's %(points)s = %(total)s."),
                                    # Translators: the same, said of teams (two partners each): its verbs plural.
                                    N_("Revoke challenge by %(accuser)s against %(accused)s: a wrong challenge. "
                                       "%(loser)s score 0; %(gainer)s score their own %(own)s + %(loser)s's %(points)s "
                                       "= %(total)s."),
                              **fields))
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
            if rules.tens:
                # glossary: belote and rebelote
                # Translators: %(Bela)s and %(bela)s are the game's word for K and Q of trumps, the first with a
                # capital first letter; %(tens)s is %(points)s in tens.
                lines.append(Said.agreeing(rules.team(names[s]), N_("%(Bela)s always counts: %(side)s keeps %(bela)s "
                                                                    "%(points)s (%(tens)s in tens)."),
                                  # Translators: the same, said of a team (two partners): its verbs plural.
                                  N_("%(Bela)s always counts: %(side)s keep %(bela)s %(points)s (%(tens)s in tens)."),
                                  Bela=capital_bela(rules), side=names[s], bela=rules.bela_word, points=bela,
                                  tens=counted))
            else:
                # glossary: belote and rebelote
                # Translators: %(Bela)s and %(bela)s are the game's word for K and Q of trumps, the first with a
                # capital first letter.
                lines.append(Said.agreeing(rules.team(names[s]), N_("%(Bela)s always counts: %(side)s keeps %(bela)s "
                                                                    "%(points)s."),
                                  # Translators: the same, said of a team (two partners): its verbs plural.
                                  N_("%(Bela)s always counts: %(side)s keep %(bela)s %(points)s."),
                                  Bela=capital_bela(rules), side=names[s], bela=rules.bela_word, points=bela))
    if multiplier > 1:
        scores, hang = _multiply(multiplier, scores, hang, lines)
    if winner is not None and pot:
        scores[winner] += pot
        lines.append(_takes_the_pot(names[winner], pot))
        pot = 0
    if hang:
        pot += hang
        # glossary: pot, hand
        lines.append(Said("%(points)s goes into the pot, which holds %(pot)s for the winner of the next hand.",
                          points=hang, pot=pot))

    new_totals = tuple(t + s for t, s in zip(totals, scores, strict=True))
    game_winner = None
    if rules.wins_at_end_of_hand:
        game_winner = _end_of_hand_winner(rules, new_totals, valat is not None, names, lines)
    if game_winner is None and rules.deal_limit is not None:
        game_winner = _deal_limit_winner(rules, position, new_totals, valat is not None, names, lines)
    return HandResult(result, tuple(points), tuple(scores), pot, new_totals, tuple(lines), winner,
                      game_winner, valat is not None)


def _takes_the_pot(name: str, pot: int) -> Said:
    # glossary: pot
    return Said("%(side)s also takes the pot of %(pot)s.", side=name, pot=pot)


def _doubled(multiplier: int) -> Said:
    """``Doubled`` (×2) or ``Redoubled`` (×4), starting a sentence or a part of one."""
    # Translators: the hand was doubled (×2), as in "Doubled: Mike scores everything, 162."
    return (Said("Doubled") if multiplier == 2
            # Translators: the hand was redoubled (×4), as in "Redoubled: Mike scores everything, 162."
            else Said("Redoubled"))


def _multiply(multiplier: int, scores: list[int], hang: int, lines: list[str]) -> tuple[list[int], int]:
    """Double ×2, redouble ×4, applied last: in Belote after the points are put in tens (RULES.md §7)."""
    # Translators: a score multiplied by the double: "60 × 2 = 120".
    parts = [Said("%(points)s × %(times)s = %(total)s", points=v, times=multiplier, total=v * multiplier)
             for v in scores if v]
    if hang:
        # glossary: hanging
        parts.append(Said("hanging %(points)s × %(times)s = %(total)s", points=hang, times=multiplier,
                          total=hang * multiplier))
    if parts:
        # Translators: %(doubled)s is "Doubled" or "Redoubled"; %(scores)s the scores multiplied: "60 × 2 = 120".
        lines.append(Said("%(doubled)s: %(scores)s.", doubled=_doubled(multiplier), scores=Listed(parts, N_(", "))))
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
    against = points[defenders[0]] if sides == 2 else Listed((points[d] for d in defenders), N_(" and "))
    # glossary: taker
    # Translators: how a hand begins to be judged: "Taker Mike: 90 against 72" (or "against 60 and 42", three
    # players); the sentences after it say what came of it.
    head = Said("Taker %(side)s: %(points)s against %(against)s", side=names[taker], points=points[taker],
                against=against)
    scores = [0] * sides

    if rules.success is Success.HALF_BAIT:
        defender = defenders[0]
        if 2 * points[defender] >= sum(points):
            # glossary: hand, baited
            # Translators: %(head)s is "Taker Mike: 70 against 92"; %(whole)s "the hand value 162".
            lines.append(Said.agreeing(rules.team(names[defender]), N_("%(head)s: %(side)s has half or more of the "
                                                                       "hand value %(value)s: bait. %(side)s scores "
                                                                       "%(whole)s."),
                              # Translators: the same, said of a team (two partners): its verbs plural.
                              N_("%(head)s: %(side)s have half or more of the hand value %(value)s: bait. %(side)s "
                                 "score %(whole)s."), head=head, side=names[defender], value=sum(points),
                              whole=_whole(value, points)))
            scores[defender] = value
            return Result.BATE, scores, 0, defender
        # glossary: made it, hand
        # Translators: %(head)s is "Taker Mike: 92 against 70".
        lines.append(Said("%(head)s: made, the defenders have less than half of %(value)s. Each side scores its own.",
                          head=head, value=sum(points)))
        return Result.MADE, list(pay), 0, taker

    if points[taker] > best:
        outcome = Result.MADE
    elif points[taker] < best or rules.tie is Tie.TAKER_FAILS:
        outcome = Result.BATE
    else:
        outcome = Result.TIE

    if multiplier > 1:
        doubled = _doubled(multiplier)
        if outcome is Result.MADE:
            # glossary: made it
            # Translators: %(head)s is "Taker Mike: 92 against 70"; %(doubled)s "Doubled" or "Redoubled".
            lines.append(Said.agreeing(rules.team(names[taker]), N_("%(head)s: made. %(doubled)s: %(side)s scores "
                                                                    "everything, %(value)s."),
                              # Translators: the same, said of a team (two partners): its verbs plural.
                              N_("%(head)s: made. %(doubled)s: %(side)s score everything, %(value)s."), head=head,
                              doubled=doubled, side=names[taker], value=value))
            scores[taker] = value
            return outcome, scores, 0, taker
        if outcome is Result.BATE:
            scorer = max(defenders, key=lambda d: points[d])
            # glossary: bate
            # Translators: %(head)s is "Taker Mike: 70 against 92"; %(doubled)s "Doubled" or "Redoubled".
            lines.append(Said.agreeing(rules.team(names[scorer]), N_("%(head)s: bate. %(doubled)s: %(side)s scores "
                                                                     "everything, %(value)s."),
                              # Translators: the same, said of a team (two partners): its verbs plural.
                              N_("%(head)s: bate. %(doubled)s: %(side)s score everything, %(value)s."), head=head,
                              doubled=doubled, side=names[scorer], value=value))
            scores[scorer] = value
            return outcome, scores, 0, scorer
        if rules.tie in (Tie.HOLD_TAKER, Tie.HOLD_ALL):
            # glossary: hanging
            # Translators: %(head)s is "Taker Mike: 81 against 81"; %(doubled)s "Doubled" or "Redoubled".
            lines.append(Said("%(head)s: a tie. %(doubled)s: everything, %(value)s, hangs.", head=head,
                              doubled=doubled, value=value))
            return outcome, scores, value, None
        # glossary: taker
        # Translators: %(head)s is "Taker Mike: 81 against 81"; %(doubled)s "Doubled" or "Redoubled".
        lines.append(Said("%(head)s: a tie. %(doubled)s: the taker scores nothing; defenders score their own.",
                          head=head, doubled=doubled))
        for d in defenders:
            scores[d] = pay[d]
        return outcome, scores, 0, None

    if outcome is Result.MADE:
        # glossary: made it
        # Translators: %(head)s is "Taker Mike: 92 against 70".
        lines.append(Said("%(head)s: made. Each side scores its own.", head=head))
        return outcome, list(pay), 0, taker
    if outcome is Result.BATE:
        tops = [d for d in defenders if points[d] == best]
        if len(tops) > 1:
            # glossary: bate, taker, pot
            # Translators: %(head)s is "Taker Mike: 40 against 61 and 61".
            lines.append(Said("%(head)s: bate, and the defenders tie for the most. Each defender scores its own; "
                              "the taker's %(points)s goes into the pot.", head=head, points=pay[taker]))
            for d in defenders:
                scores[d] = pay[d]
            return outcome, scores, pay[taker], None
        scorer = tops[0]
        for d in defenders:
            scores[d] = pay[d]
        scores[scorer] += pay[taker]
        if sides == 2:
            # glossary: bate
            # Translators: %(head)s is "Taker Mike: 70 against 92"; %(whole)s "the hand value 162".
            lines.append(Said.agreeing(rules.team(names[scorer]), N_("%(head)s: bate. %(side)s scores %(whole)s."),
                              # Translators: the same, said of a team (two partners): its verbs plural.
                              N_("%(head)s: bate. %(side)s score %(whole)s."), head=head, side=names[scorer],
                              whole=_whole(value, points)))
        else:
            # glossary: bate, taker
            # Translators: %(head)s is "Taker Mike: 40 against 72 and 50".
            lines.append(Said.agreeing(rules.team(names[scorer]), N_("%(head)s: bate. %(side)s has the most and scores "
                                                                     "own %(own)s + the taker's %(points)s = "
                                                                     "%(total)s; the others keep their own."),
                              # Translators: the same, said of a team (two partners): its verbs plural.
                              N_("%(head)s: bate. %(side)s have the most and score their own %(own)s + the taker's "
                                 "%(points)s = %(total)s; the others keep their own."), head=head, side=names[scorer],
                              own=pay[scorer], points=pay[taker], total=scores[scorer]))
        return outcome, scores, 0, scorer

    # An exact tie with the best defender: the tie rule decides.
    if rules.tie is Tie.HOLD_TAKER:
        for d in defenders:
            scores[d] = pay[d]
        # glossary: taker
        # Translators: %(head)s is "Taker Mike: 81 against 81".
        lines.append(Said("%(head)s: a tie. The defenders score their own; the taker's %(points)s is held over.",
                          head=head, points=pay[taker]))
        return outcome, scores, pay[taker], None
    if rules.tie is Tie.HOLD_ALL:
        # glossary: hand
        # Translators: %(head)s is "Taker Mike: 81 against 81".
        lines.append(Said("%(head)s: a tie. Nobody scores; the hand value %(value)s is held over.", head=head,
                          value=value))
        return outcome, scores, value, None
    for d in defenders:
        scores[d] = pay[d]
    # glossary: taker
    # Translators: %(head)s is "Taker Mike: 81 against 81".
    lines.append(Said("%(head)s: a tie. The taker scores nothing; the defenders score their own.", head=head))
    return outcome, scores, 0, None


def _whole(value: int, points: list[int]) -> Said:
    """``the hand value 121``; ``the rest of the hand value, 101`` when a bela stays with its side."""
    if value == sum(points):
        # glossary: hand
        return Said("the hand value %(value)s", value=value)
    # glossary: hand
    # Translators: what is left of the hand value once a bela that stays with its side is set aside.
    return Said("the rest of the hand value, %(value)s", value=value)


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
    # Translators: a score put in tens: "82 → 8".
    parts = [Said("%(points)s → %(tens)s", points=scores[s], tens=tens[s]) for s in nonzero]
    if hang:
        # glossary: hanging
        parts.append(Said("hanging %(points)s → %(tens)s", points=hang, tens=hang_tens))
    if parts:
        # Translators: the scores put in tens (Belote): "Tens: 82 → 8, 80 → 8."
        lines.append(Said("Tens: %(scores)s.", scores=Listed(parts, N_(", "))))
    return tens, hang_tens


def _end_of_hand_winner(
    rules: Rules, totals: tuple[int, ...], valat: bool, names: Sequence[str], lines: list[str],
) -> int | None:
    reached = [s for s in range(rules.sides) if totals[s] >= rules.target]
    if not reached:
        return None
    if valat and rules.no_win_on_valat:
        # glossary: game, hand, valat
        lines.append(Said("No game is won on a hand with a valat: another hand is played."))
        return None
    top = max(totals[s] for s in reached)
    leaders = [s for s in reached if totals[s] == top]
    if len(leaders) > 1:
        # glossary: hand
        lines.append(Said("%(sides)s are level on %(total)s: another hand is played.", sides=_and(names, leaders),
                          total=top))
        return None
    # glossary: game
    lines.append(Said.agreeing(rules.team(names[leaders[0]]), N_("%(side)s reaches %(total)s of %(target)s: %(side)s "
                                                                 "wins the game."),
                      # Translators: the same, said of a team (two partners): its verbs plural.
                      N_("%(side)s reach %(total)s of %(target)s: %(side)s win the game."), side=names[leaders[0]],
                      total=top, target=rules.target))
    return leaders[0]


def _and(names: Sequence[str], sides: list[int]) -> Listed:
    """``Mike and Yvonne``."""
    return Listed((names[s] for s in sides), N_(" and "))


def _deal_limit_winner(
    rules: Rules, position: Position, totals: tuple[int, ...], valat: bool, names: Sequence[str], lines: list[str],
) -> int | None:
    """Option deal-limit (RULES.md §6): after the N-th played deal of a game nobody has won, the side ahead
    wins it; level sides play on, deal by deal, until one is ahead."""
    limit = rules.deal_limit
    deal = position.deals + 1
    if limit is None or deal < limit:
        return None
    at_limit = deal == limit
    if valat and rules.no_win_on_valat:
        if at_limit:
            # glossary: game, hand, valat
            lines.append(Said("Deal %(deal)s of %(limit)s played, but no game is won on a hand with a valat: another "
                              "deal is played.", deal=deal, limit=limit))
        else:
            # glossary: game, hand, valat
            lines.append(Said("Deal %(deal)s (%(limit)s was the limit) played, but no game is won on a hand with a "
                              "valat: another deal is played.", deal=deal, limit=limit))
        return None
    top = max(totals)
    leaders = [s for s in range(rules.sides) if totals[s] == top]
    if len(leaders) > 1:
        if at_limit:
            lines.append(Said("Deal %(deal)s of %(limit)s played and %(sides)s are level on %(total)s: another deal "
                              "is played.", deal=deal, limit=limit, sides=_and(names, leaders), total=top))
        else:
            lines.append(Said("Deal %(deal)s (%(limit)s was the limit) played and %(sides)s are level on %(total)s: "
                              "another deal is played.", deal=deal, limit=limit, sides=_and(names, leaders),
                              total=top))
        return None
    if at_limit:
        # glossary: game
        lines.append(Said.agreeing(rules.team(names[leaders[0]]), N_("Deal %(deal)s of %(limit)s played: %(side)s is "
                                                                     "ahead with %(total)s and wins the game."),
                          # Translators: the same, said of a team (two partners): its verbs plural.
                          N_("Deal %(deal)s of %(limit)s played: %(side)s are ahead with %(total)s and win the game."),
                          deal=deal, limit=limit, side=names[leaders[0]], total=top))
    else:
        # glossary: game
        lines.append(Said.agreeing(rules.team(names[leaders[0]]), N_("Deal %(deal)s (%(limit)s was the limit) played: "
                                                                     "%(side)s is ahead with %(total)s and wins the "
                                                                     "game."),
                          # Translators: the same, said of a team (two partners): its verbs plural.
                          N_("Deal %(deal)s (%(limit)s was the limit) played: %(side)s are ahead with %(total)s and "
                             "win the game."), deal=deal, limit=limit, side=names[leaders[0]], total=top))
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
        # glossary: claim
        raise RuleError("claim.side", Said.agreeing(rules.team(names[side]), N_("%(side)s has %(total)s: only a side "
                                                                                "on %(least)s or more may claim"),
                                           # Translators: the same, said of a team (two partners): its verbs plural.
                                           N_("%(side)s have %(total)s: only a side on %(least)s or more may claim"),
                                           side=names[side], total=totals[side], least=rules.claim_from))
    if claim.parts is not None:
        lines.append(_claim_parts(rules, claim.parts, names[side]))
    reached = totals[side] + claim.points
    zero = (0,) * sides
    claimed = tuple(claim.points if s == side else 0 for s in range(sides))
    fields = {"side": names[side], "points": claim.points, "total": totals[side], "reached": reached,
              "target": rules.target}
    if reached >= rules.target:
        # glossary: claim, game
        # Translators: %(points)s were won so far in this hand; %(total)s is the side's total before it.
        lines.append(Said.agreeing(rules.team(names[side]), N_("%(side)s claims with %(points)s won so far: %(total)s "
                                                               "+ %(points)s = %(reached)s, reaching %(target)s. Good "
                                                               "claim: %(side)s wins the game."),
                          # Translators: the same, said of a team (two partners): its verbs plural.
                          N_("%(side)s claim with %(points)s won so far: %(total)s + %(points)s = %(reached)s, "
                             "reaching %(target)s. Good claim: %(side)s win the game."), **fields))
        scores = tuple(claim.points if s == side else 0 for s in range(sides))
        new_totals = tuple(t + v for t, v in zip(totals, scores, strict=True))
        return HandResult(Result.CLAIM, scores, scores, position.pot, new_totals, tuple(lines), side, side)
    # glossary: claim
    # Translators: %(points)s were won so far in this hand; %(total)s is the side's total before it.
    lines.append(Said.agreeing(rules.team(names[side]), N_("%(side)s claims with %(points)s won so far: %(total)s + "
                                                           "%(points)s = %(reached)s, "
                                                           "short of %(target)s. False "
                                                           "claim."),
                      # Translators: the same, said of a team (two partners): its verbs plural.
                      N_("%(side)s claim with %(points)s won so far: %(total)s + %(points)s = %(reached)s, short of "
                         "%(target)s. False claim."), **fields))
    if rules.false_claim is FalseClaim.LOSES_GAME:
        others = sorted((s for s in range(sides) if s != side), key=lambda s: (-totals[s], (s - side) % sides))
        winner = others[0]
        # glossary: claim, game
        lines.append(Said.agreeing(rules.team(names[winner]), N_("A false claim loses the game: %(side)s wins the "
                                                                 "game."),
                          # Translators: the same, said of a team (two partners): its verbs plural.
                          N_("A false claim loses the game: %(side)s win the game."), side=names[winner]))
        return HandResult(Result.FALSE_CLAIM, claimed, zero, position.pot, totals, tuple(lines), winner, winner)
    other = 1 - side
    melds = _meld_scores(rules, hand, forehand, names, lines)
    bela = rules.bela_points * sum(hand.bela)
    deck = rules.deck(hand.contract) + LAST_TRICK
    value = deck + sum(melds) + bela
    forfeit = [0] * sides
    forfeit[other] = value + position.pot
    terms: list[object] = [deck]
    if sum(melds):
        terms.append(Said("melds %(points)s", points=sum(melds)))
    if bela:
        terms.append(_bela(rules, bela))
    # glossary: hand
    # Translators: %(sum)s is the hand value added up: "162", "162 + melds 20 + bela 20".
    lines.append(Said.agreeing(rules.team(names[side]), N_("%(side)s forfeits the hand: %(other)s scores the hand "
                                                           "value %(sum)s = %(total)s."),
                      # Translators: the same, said of a team (two partners): its verbs plural.
                      N_("%(side)s forfeit the hand: %(other)s score the hand value %(sum)s = %(total)s."),
                      side=names[side], other=names[other], sum=Listed(terms, " + "), total=value))
    if position.pot:
        lines.append(_takes_the_pot(names[other], position.pot))
    new_totals = tuple(t + v for t, v in zip(totals, forfeit, strict=True))
    game_winner = _end_of_hand_winner(rules, new_totals, False, names, lines)
    if game_winner is None:
        game_winner = _deal_limit_winner(rules, position, new_totals, False, names, lines)
    return HandResult(Result.FALSE_CLAIM, claimed, tuple(forfeit), 0, new_totals, tuple(lines), other, game_winner)

