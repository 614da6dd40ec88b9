"""Properties of the scoring engine over random legal hands of every preset (RULES.md, API.md "A hand").

The strategies below draw only hands the rules allow, so a RuleError from the engine on one of them is a
bug in either the strategy or the engine. The properties:

(a) no score is ever negative, and within a game the totals only grow, by exactly the hand's scores;
(b) with an empty pot, no claim and nothing held, the sides' scores add up to the hand value times the
    double (Belote: that figure rounded whole to tens by the contract's rule);
(c) a pot is never lost while the game goes on: every hand's scores plus what is held after it equal what
    was held before it plus what the hand put in; over a game, totals plus pot equal everything put in;
(d) replay is deterministic, and replaying a prefix gives the state recorded at that point;
(e) editing (or voiding) a hand rescores every hand after it, consistently.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    PRESETS,
    Contract,
    HandRecord,
    HandResult,
    MatchFinished,
    MatchState,
    Position,
    Replayer,
    Result,
    Rules,
    make_rules,
    replay,
    score_hand,
)
from scorekeeper.rules.hand import BIDS
from scorekeeper.rules.variants import (
    BelaOnBate,
    Claims,
    Contest,
    FalseClaim,
    Melds,
    NoTrick,
    Revoke,
    SequenceTie,
    Success,
    Tie,
    ValatTo,
)
from tests.support.examples import examples

VARIANTS = sorted(PRESETS)
CZECH_GAMES = frozenset({"bulka", "darda"})
JASS_GAMES = frozenset({"schieber", "schieber-2500"})
"""RULES.md §11: the last trick 5, each side writes its own, the multiplier on everything, bedanken."""
JASS_TIMES = {"schieber-2500": {"clubs": 2, "spades": 2, "top-down": 3, "bottom-up": 3}}
"""RULES.md §11: "the standard "2500" table doubles ♣ and ♠ and triples Obenabe and Undenufe"; schieber all ×1."""
"""RULES.md §2a: the queen the top trump, a deck of 151 card points, bejle 40."""
FEW = settings(max_examples=examples(100), deadline=None)
SOME = settings(max_examples=examples(30), deadline=None)

Hand = dict[str, Any]


# --- what the rule book says, written out independently of the engine -------------------------------


def contract_of(raw: Mapping[str, Any]) -> Contract | None:
    """The hand's contract, or None when it was not given."""
    value = raw.get("contract")
    return Contract(value) if value is not None else None


def deck_of(rules: Rules, contract: Contract | None) -> int:
    """Card points of the deck without the last trick (§2, §2a): 152, all-trumps 248, no-trumps 120; Czech 151."""
    if rules.variant in CZECH_GAMES:
        return 151
    return {Contract.ALL_TRUMPS: 248, Contract.NO_TRUMPS: 120}.get(contract, 152)  # type: ignore[call-overload]


def last_trick_of(rules: Rules) -> int:
    """The last trick: 10; Jass 5 (§11)."""
    return 5 if rules.variant in JASS_GAMES else 10


def times_of(rules: Rules, raw: Mapping[str, Any]) -> int:
    """Jass's multiplier of the hand's contract (§11); 1 elsewhere."""
    return JASS_TIMES.get(rules.variant, {}).get(raw.get("contract") or "", 1)


def bela_of(rules: Rules) -> int:
    """What a bela is worth (§3): 20, the Czech bejle 40."""
    return 40 if rules.variant in CZECH_GAMES else 20


def multiplier_of(raw: Mapping[str, Any]) -> int:
    """Double ×2, redouble ×4 (RULES.md §7)."""
    return (1, 2, 4)[raw.get("double", 0) or 0]


def in_tens(points: int, contract: Contract | None) -> int:
    """A whole figure in tens: suit contracts round 6 and up up, all-trumps and no-trumps 5 and up (§7)."""
    up_from = 6 if contract is None or contract.is_suit else 5
    return (points + 10 - up_from) // 10


def kept(rules: Rules, points: int, raw: Mapping[str, Any]) -> int:
    """``points`` as the game keeps them: as they are, or whole in tens for Belote."""
    return in_tens(points, contract_of(raw)) if rules.tens else points


def fewest_cards(rules: Rules) -> dict[int, int]:
    """For each meld value the variant knows, the fewest cards that make a meld worth it."""
    cards: dict[int, int] = {}
    for key, value in rules.meld_values.items():
        n = 4 if key.startswith("square-") else int(key.rsplit("-", 1)[1])
        cards[value] = min(cards.get(value, n), n)
    return cards


def sequence_only(rules: Rules) -> set[int]:
    """Meld values only a sequence is worth: only the side with the best sequence may be credited them."""
    sequences = {v for k, v in rules.meld_values.items() if k.startswith("sequence-")}
    squares = {v for k, v in rules.meld_values.items() if k.startswith("square-")}
    return sequences - squares


def square_only(rules: Rules) -> set[int]:
    """Meld values only a square is worth: only the side with the higher square may be credited them."""
    sequences = {v for k, v in rules.meld_values.items() if k.startswith("sequence-")}
    squares = {v for k, v in rules.meld_values.items() if k.startswith("square-")}
    return squares - sequences


def card_points_of(rules: Rules, raw: Mapping[str, Any]) -> list[int]:
    """Each side's card points, the missing one derived from the deck in four-handed play (§2)."""
    given = raw["card_points"]
    deck = deck_of(rules, contract_of(raw))
    known = sum(v for v in given if v is not None)
    return [deck - known if v is None else v for v in given]


def took_trick_of(rules: Rules, raw: Mapping[str, Any]) -> list[bool]:
    """Who took a trick: as given, else a side with card points or the last trick (API.md)."""
    if raw.get("took_trick") is not None:
        return list(raw["took_trick"])
    cards = card_points_of(rules, raw)
    return [cards[s] > 0 or s == raw["last_trick"] for s in range(rules.sides)]


def expected_points(rules: Rules, raw: Mapping[str, Any]) -> list[int]:
    """Hand points of each side by RULES.md §1-§3 and §7: card points, last trick, melds, bela, valat."""
    sides = rules.sides
    contract = contract_of(raw)
    cards = card_points_of(rules, raw)
    took = took_trick_of(rules, raw)
    melds = raw.get("melds") or [[] for _ in range(sides)]
    bela = raw.get("bela") or [0] * sides
    trick_takers = [s for s in range(sides) if took[s]]
    valat = trick_takers[0] if rules.valat and len(trick_takers) == 1 else None
    if valat is not None and rules.valat_to is ValatTo.TAKER and valat != raw.get("taker"):
        valat = None  # §10b: only the playing side's pit scores
    if rules.melds_need_trick is NoTrick.TRANSFER and len(trick_takers) == 1:
        # §10a: a side that took no trick hands all its declarations and its bela to the other side.
        winner = trick_takers[0]
        melds = [[m for side in melds for m in side] if s == winner else [] for s in range(sides)]
        bela = [sum(bela) if s == winner else 0 for s in range(sides)]
    doubled = contract is Contract.NO_TRUMPS and rules.no_trumps_doubled
    points = []
    for s in range(sides):
        base = cards[s] + (last_trick_of(rules) if s == raw["last_trick"] else 0)
        total = base * 2 if doubled else base
        if took[s] or rules.melds_need_trick is not True:
            total += sum(melds[s])
        total += bela_of(rules) * bela[s]
        if valat == s:
            total += rules.valat
        points.append(total * times_of(rules, raw))
    return points


def put_in(rules: Rules, raw: Mapping[str, Any], out: HandResult) -> int:
    """What a hand that is not a claim puts into the game, scored or held, in the game's units (§4, §7).

    Everything of the hand value (Belote: in tens), times the double, except under ``taker-nothing``: a tie
    there gives the taker's hand points to nobody (but a bela that stays with the taker is still its own).
    """
    if out.result is Result.THROWN_IN:
        return 0
    if rules.bids or rules.game_points:
        return sum(out.scores)  # §12, §13: what the bid or the game points share out (their own property tests)
    value = sum(out.points)
    if out.result is Result.TIE and rules.tie is Tie.TAKER_NOTHING:
        value -= out.points[raw["taker"]]
        if rules.bela_on_bate is BelaOnBate.STAYS and out.result is not Result.REVOKE:
            value += bela_of(rules) * (raw.get("bela") or [0] * rules.sides)[raw["taker"]]
    # §7: "Tens first, then the multiplier".
    return kept(rules, value, raw) * multiplier_of(raw)


def forfeited_value(rules: Rules, raw: Mapping[str, Any]) -> int:
    """The whole hand value a false claim forfeits (Clobby): the deck, last trick, melds and bela (§6)."""
    melds: list[list[int]] = raw.get("melds") or [[]]
    bela: list[int] = raw.get("bela") or [0]
    return deck_of(rules, contract_of(raw)) + last_trick_of(rules) + sum(map(sum, melds)) + bela_of(rules) * sum(bela)


def can_hold(rules: Rules) -> bool:
    """Whether any hand can put points in the pot under these rules."""
    if rules.success is Success.EACH_OWN:
        return False  # §11: each side writes its own; nothing is ever held
    if rules.tie in (Tie.HOLD_TAKER, Tie.HOLD_ALL):
        return True
    return rules.sides > 2 and rules.success is Success.BEAT_EACH


def claimants(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """The sides that may claim during the next hand, from the totals before it (§6)."""
    if rules.claims is Claims.NONE:
        return ()
    return tuple(s for s in range(rules.sides) if rules.claim_from is None or totals[s] >= rules.claim_from)


# --- strategies -------------------------------------------------------------------------------------


def _card_points(draw: st.DrawFn, rules: Rules, deck: int) -> list[int | None]:
    sides = rules.sides
    if rules.full_deck:
        # 0, 2 .. deck-2, or the whole deck: 1 and deck-1 cannot be made from real cards.
        index = draw(st.integers(0, deck - 2))
        value = 0 if index == 0 else deck if index == deck - 2 else index + 1
        given = draw(st.integers(0, sides - 1))
        other: int | None = deck - value if draw(st.booleans()) else None
        return [value if s == given else other for s in range(sides)]
    left = deck
    points: list[int | None] = []
    for _ in range(sides):
        # Anything from 0 to what is left, but never 1.
        index = draw(st.integers(0, max(left - 1, 0)))
        value = index + 1 if index else 0
        points.append(value)
        left -= value
    return points


def _melds(draw: st.DrawFn, rules: Rules, contract: Contract | None) -> list[list[int]]:
    sides = rules.sides
    values = sorted(set(rules.meld_values.values()))
    if contract is Contract.NO_TRUMPS or not values or rules.melds is Melds.NONE:
        return [[] for _ in range(sides)]
    cards = fewest_cards(rules)
    only_sequences, only_squares = sequence_only(rules), square_only(rules)
    sequence_side = draw(st.integers(0, sides - 1))
    square_side = draw(st.integers(0, sides - 1))
    each_side = rules.melds is Melds.EACH_SIDE  # §3: no contest, so any side may be credited any meld
    # §10a: under one contest only one side scores declarations; §10d: equal best sequences all score.
    single = not each_side and rules.meld_contest is Contest.SINGLE
    any_sequence = rules.sequence_tie is SequenceTie.ALL
    melds = []
    for s in range(sides):
        if single and s != sequence_side:
            melds.append([])
            continue
        allowed = [v for v in values if (each_side or single or any_sequence or s == sequence_side
                                         or v not in only_sequences)
                   and (each_side or single or s == square_side or v not in only_squares)]
        chosen = draw(st.lists(st.sampled_from(allowed), max_size=3)) if allowed else []
        side: list[int] = []
        used = 0
        for value in chosen:
            if used + cards[value] <= rules.cards_per_side:
                side.append(value)
                used += cards[value]
        melds.append(side)
    return melds


def _bela(draw: st.DrawFn, rules: Rules, contract: Contract | None) -> list[int]:
    # No bela without trumps: no-trumps, Jass's Obenabe and Undenufe (§11).
    most = 4 if contract is Contract.ALL_TRUMPS else 1 if contract is None or contract.is_suit else 0
    bela = [0] * rules.sides
    for _ in range(draw(st.integers(0, most))):
        bela[draw(st.integers(0, rules.sides - 1))] += 1
    return bela


def _aim_for_a_tie(rules: Rules, hand: Hand, deck: int) -> None:
    """Change the card points, where the cards allow, so the taker exactly equals one defender."""
    taker: int = hand["taker"]
    defender = (taker + 1) % rules.sides
    cards = card_points_of(rules, hand)
    melds: list[list[int]] = hand.get("melds") or [[] for _ in range(rules.sides)]
    bela: list[int] = hand.get("bela") or [0] * rules.sides

    def extra(s: int) -> int:
        return (last_trick_of(rules) if s == hand["last_trick"] else 0) + sum(melds[s]) + bela_of(rules) * bela[s]

    if rules.full_deck:
        twice = deck + extra(defender) - extra(taker)
        if twice % 2:
            return
        mine = twice // 2
        if 0 <= mine <= deck and mine not in (1, deck - 1):
            hand["card_points"] = [mine if s == taker else deck - mine for s in range(rules.sides)]
        return
    theirs = cards[taker] + extra(taker) - extra(defender)
    cards[defender] = theirs
    if 0 <= theirs <= deck and theirs != 1 and sum(cards) <= deck:
        hand["card_points"] = cards


@st.composite
def hands(draw: st.DrawFn, rules: Rules, claim_sides: Sequence[int] = (), claim_now: bool = False) -> Hand:
    """A legal hand input (API.md "A hand") for ``rules``; a claim only by one of ``claim_sides``.

    ``claim_now`` makes it a claim (when a side may claim).
    """
    sides = rules.sides
    kind = 90 if claim_now else draw(st.integers(0, 99))
    if kind >= 96 and rules.throw_in:
        return {"thrown_in": True}
    claim = kind >= 90 and bool(claim_sides)
    revoke = 80 <= kind < 90 and rules.revoke is not Revoke.NONE

    hand: Hand = {"taker": draw(st.integers(0, sides - 1))}
    if rules.contract_required:
        contract: Contract | None = draw(st.sampled_from(rules.contracts))
    else:
        contract = draw(st.none() | st.sampled_from(rules.contracts))
    if contract is not None:
        hand["contract"] = contract.value
    if rules.doubles:
        # Baloot's Sun is doubled only from behind (its own tests): its hands here are not.
        sun = rules.game_points and contract is Contract.NO_TRUMPS
        hand["double"] = 0 if sun else draw(st.integers(0, len(rules.double_levels) - 1))
    if rules.game_points and draw(st.integers(0, 9)) == 9:
        hand["gahwa"] = True
    if rules.bids:
        hand["bid"] = draw(st.sampled_from(BIDS))
    melds = _melds(draw, rules, contract)
    if any(melds) or draw(st.booleans()):
        hand["melds"] = melds
    bela = _bela(draw, rules, contract)
    if any(bela) or draw(st.booleans()):
        hand["bela"] = bela

    if claim and rules.variant in JASS_GAMES:
        # §11 bedanken: both sides' Stöck, Weis and trick points so far, before the multiplier.
        stoeck, weis = [0, 0], [0, 0]
        if contract is not None and contract.is_suit and draw(st.booleans()):
            stoeck[draw(st.integers(0, 1))] = 20
        if draw(st.booleans()) and rules.melds is not Melds.NONE:
            weis[draw(st.integers(0, 1))] = draw(st.sampled_from([20, 50, 100, 150, 200, 250, 300]))
        first = draw(st.integers(0, 157))
        hand["claim"] = {"side": draw(st.sampled_from(list(claim_sides))), "stoeck": stoeck, "weis": weis,
                         "tricks": [first, draw(st.integers(0, 157 - first))]}
        return hand
    if claim:
        hand["claim"] = {"side": draw(st.sampled_from(list(claim_sides))), "points": draw(st.integers(0, 182))}
        if rules.claim_window is not None:
            hand["claim"]["trick"] = draw(st.integers(1, rules.claim_window))
        return hand

    deck = deck_of(rules, contract)
    hand["card_points"] = _card_points(draw, rules, deck)
    hand["last_trick"] = draw(st.integers(0, sides - 1))
    if draw(st.integers(0, 5)) == 5:
        _aim_for_a_tie(rules, hand, deck)
    if draw(st.integers(0, 4)) == 4:
        cards = card_points_of(rules, hand)
        hand["took_trick"] = [cards[s] > 0 or s == hand["last_trick"] or draw(st.booleans()) for s in range(sides)]
    if revoke:
        accused = draw(st.integers(0, sides - 1))
        accuser = (accused + draw(st.integers(1, sides - 1))) % sides
        hand["revoke"] = {"accused": accused, "accuser": accuser, "upheld": draw(st.booleans())}
    return hand


@st.composite
def positions(draw: st.DrawFn, rules: Rules) -> Position:
    """A position a game of ``rules`` can be in before a hand: totals, a pot where one can arise, a dealer."""
    # Under the Scottish claim rule a side may stand over the target: it has not claimed yet.
    target = 2000 if rules.target is None else rules.target  # a game of so many deals has no target
    top = target - 1 if rules.wins_at_end_of_hand else target + 200
    totals = tuple(draw(st.integers(0, top)) for _ in range(rules.sides))
    pot = draw(st.integers(0, 40 if rules.tens else 250)) if can_hold(rules) and draw(st.booleans()) else 0
    return Position(totals, pot, draw(st.integers(0, rules.players - 1)))


def match_rules(data: st.DataObject, variant: str, single_game: bool = False) -> Rules:
    """The preset, or the preset with a lower target so that games end often, or one endless game; each with
    the house rules of §3, §4 and §6 a table may choose (bela-on-bate, melds, deal-limit)."""
    rules = PRESETS[variant]
    choice = "endless" if single_game else data.draw(st.sampled_from(["preset", "short", "endless"]), label="rules")
    house: dict[str, object] = {
        "bela-on-bate": data.draw(st.sampled_from(list(BelaOnBate)), label="bela-on-bate").value,
        "melds": data.draw(st.sampled_from(list(Melds)), label="melds").value,
    }
    if choice != "endless":
        # A game without a target (Klaverjas) is its deal limit's deals: it keeps one.
        limits = st.integers(1, 9) if rules.target is None else st.none() | st.integers(1, 9)
        house["deal-limit"] = data.draw(limits, label="deal-limit")
    if choice == "preset":
        return make_rules(variant, house)
    if choice == "endless":
        overrides: dict[str, object] = {"target": 10**9, "best-of": 1, "deal-limit": None, **house}
        if rules.claims is not Claims.NONE:
            overrides.update({"claims": "none", "claim-from": None, "claim-window": None})
        return make_rules(variant, overrides)
    short: dict[str, object] = {"target": None if rules.target is None else rules.target // 3, **house}
    if rules.claim_from is not None:
        short["claim-from"] = rules.claim_from // 3
    return make_rules(variant, short)


def after(position: Position, out: HandResult) -> Position:
    """The position the next hand of the same game is scored from (the dealer kept at 0: credited melds do not
    depend on who is forehand); a deal limit counts every deal but a thrown-in one (§6)."""
    deals = position.deals + (out.result is not Result.THROWN_IN)
    return Position(out.totals, out.pot, 0, position.game, deals)


def play(data: st.DataObject, rules: Rules, most: int, claims: bool = True) -> list[Hand]:
    """A legal match of up to ``most`` hands, stopping when the match is won.

    The test keeps its own score of where the match stands, enough to offer a claim only to a side the
    rules let claim (Clobby: from 900) and to stop when the match is over.
    """
    position = Position.start(rules)
    games_won = [0] * rules.sides
    played: list[Hand] = []
    for _ in range(data.draw(st.integers(1, most), label="hands")):
        claim_sides = claimants(rules, position.totals) if claims else ()
        # A claim while a pot is open ends the game with the pot unscored: make it common enough to test.
        claim_now = bool(claim_sides and position.pot) and data.draw(st.booleans(), label="claim now")
        raw = data.draw(hands(rules, claim_sides, claim_now))
        played.append(raw)
        out = score_hand(rules, position, raw)
        if out.game_winner is None and not out.drawn:
            position = after(position, out)
            continue
        if out.drawn:
            # A game drawn at its deal limit (Klaverjas): a match of one game ends with it.
            if rules.best_of == 1:
                break
        else:
            games_won[out.game_winner] += 1
            if games_won[out.game_winner] * 2 > rules.best_of:
                break
        position = Position.start(rules)
    return played


# --- checks shared by the properties ----------------------------------------------------------------


def check_hand(rules: Rules, before: Position, raw: Mapping[str, Any], out: HandResult) -> int | None:
    """Properties (a) and (c) of one hand; returns what it put into the game (None when a claim ended it)."""
    assert all(score >= 0 for score in out.scores), out.explanation
    assert out.pot >= 0
    if "claim" in raw and rules.variant in JASS_GAMES:
        check_thanks(rules, before, raw, out)
        return None
    if out.result is Result.FALSE_CLAIM and rules.false_claim is FalseClaim.LOSES_GAME:
        # The game is over at once: nothing is scored, the totals stand.
        assert out.scores == (0,) * rules.sides and out.totals == before.totals
        assert out.game_winner is not None and out.game_winner != raw["claim"]["side"]
        return None
    assert out.totals == tuple(t + s for t, s in zip(before.totals, out.scores, strict=True)), out.explanation
    if out.result is Result.CLAIM:
        claim = raw["claim"]
        assert out.game_winner == claim["side"]
        assert out.scores == tuple(claim["points"] if s == claim["side"] else 0 for s in range(rules.sides))
        assert out.pot == before.pot  # an open pot is not scored when the game ends
        return None
    if out.result is Result.FALSE_CLAIM:
        # Clobby: the claimant forfeits the hand; the other side scores the whole hand value and the pot.
        other = 1 - raw["claim"]["side"]
        assert out.scores[other] == forfeited_value(rules, raw) + before.pot and out.pot == 0
        return forfeited_value(rules, raw)
    if rules.bids or rules.game_points:
        # §12: a hand's points are each side's line before the coinche; §13: its raw points, its scores game points.
        # Their identities are tests/rules/test_bid_properties.py's and test_baloot_properties.py's.
        return sum(out.scores)
    if out.result is not Result.THROWN_IN:
        assert list(out.points) == expected_points(rules, raw), out.explanation
    value = put_in(rules, raw, out)
    assert sum(out.scores) + out.pot == before.pot + value, out.explanation
    return value


def check_thanks(rules: Rules, before: Position, raw: Mapping[str, Any], out: HandResult) -> None:
    """§11 bedanken: both sides add what they had won so far, multiplied; a claimant short of the target loses the
    game; if both reached it, the side that got there with an earlier kind in the counting order wins."""
    claim = raw["claim"]
    times = times_of(rules, raw)
    order = ("stoeck", "weis", "tricks") if rules.claim_order.value == "stoeck-weis-stich" else (
        "stoeck", "tricks", "weis")
    won = [sum(claim[kind][s] for kind in order) * times for s in range(2)]
    assert list(out.scores) == won
    assert out.totals == tuple(t + w for t, w in zip(before.totals, won, strict=True))
    target = rules.target
    assert target is not None

    def place(s: int) -> int | None:
        running = before.totals[s]
        for index, kind in enumerate(order):
            running += claim[kind][s] * times
            if running >= target:
                return index
        return None

    side = claim["side"]
    if place(side) is None:
        assert out.result is Result.FALSE_CLAIM and out.game_winner == 1 - side
    else:
        other = place(1 - side)
        mine = place(side)
        assert mine is not None
        assert out.result is Result.CLAIM
        assert out.game_winner == (1 - side if other is not None and other < mine else side)


def check_match(rules: Rules, raws: Sequence[Mapping[str, Any] | HandRecord], state: MatchState) -> None:
    """Every hand of a replayed match is its own hand scored from the position the hands before it left."""
    records = [r if isinstance(r, HandRecord) else HandRecord(r) for r in raws]
    assert len(state.hands) == len(records)
    position = Position.start(rules)
    put_so_far = 0
    games_won = [0] * rules.sides
    for record, scored in zip(records, state.hands, strict=True):
        assert scored.input == record.input
        if record.voided:
            assert scored.voided and scored.outcome is None
            continue
        out = scored.outcome
        assert out is not None and scored.game == position.game
        # The dealer changes only who is forehand, which credited melds do not depend on.
        assert out == score_hand(rules, position, record.input)
        value = check_hand(rules, position, record.input, out)
        if out.game_winner is None and not out.drawn:
            assert value is not None
            put_so_far += value
            assert sum(out.totals) + out.pot == put_so_far
            position = after(position, out)
            continue
        if out.game_winner is not None:
            games_won[out.game_winner] += 1
            if games_won[out.game_winner] * 2 > rules.best_of:
                assert state.finished and state.winner == out.game_winner and scored is state.hands[-1]
                assert state.totals == out.totals
                return
        elif rules.best_of == 1:
            # A game drawn at its deal limit (deal-limit-level: draw) ends a match of one game, drawn.
            assert state.finished and state.winner is None and scored is state.hands[-1]
            assert state.totals == out.totals
            return
        position = Position((0,) * rules.sides, 0, 0, position.game + 1)
        put_so_far = 0
    assert not state.finished and state.winner is None
    assert (state.game, state.totals, state.pot) == (position.game, position.totals, position.pot)
    assert state.deals == position.deals
    assert list(state.games_won) == games_won


# --- the properties ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@FEW
@given(data=st.data())
def test_a_hand_never_takes_points_away(variant: str, data: st.DataObject) -> None:
    """(a), and (c) for one hand: scores are never negative, totals grow by the scores, nothing is lost."""
    rules = PRESETS[variant]
    before = data.draw(positions(rules), label="before")
    raw = data.draw(hands(rules, claimants(rules, before.totals)), label="hand")
    out = score_hand(rules, before, raw)
    event(out.result.value)
    check_hand(rules, before, raw, out)
    assert all(after >= prior for after, prior in zip(out.totals, before.totals, strict=True))


@pytest.mark.parametrize("variant", VARIANTS)
@FEW
@given(data=st.data())
def test_a_decided_hand_shares_out_the_hand_value(variant: str, data: st.DataObject) -> None:
    """(b): no pot, no claim, nothing held: the scores add up to the hand value × double (whole, in tens)."""
    rules = PRESETS[variant]
    raw = data.draw(hands(rules), label="hand")
    out = score_hand(rules, Position.start(rules), raw)
    event(out.result.value)
    if out.result not in (Result.MADE, Result.BATE, Result.REVOKE) or out.pot or rules.bids or rules.game_points:
        return  # games with bids or game points have their own: tests/rules/test_bid_properties.py, _baloot_
    whole = sum(out.points)
    if rules.tens:
        # Each side rounds its own points, yet the two roundings always add up to the whole rounded once;
        # §7: "Tens first, then the multiplier".
        assert sum(out.scores) == in_tens(whole, contract_of(raw)) * multiplier_of(raw), out.explanation
    else:
        assert sum(out.scores) == whole * multiplier_of(raw), out.explanation


@pytest.mark.parametrize("variant", VARIANTS)
@SOME
@given(data=st.data())
def test_a_pot_is_never_lost_over_a_match(variant: str, data: st.DataObject) -> None:
    """(a) and (c) over a replayed match: within each game, totals plus pot equal everything put in."""
    rules = match_rules(data, variant)
    raws = play(data, rules, most=30)
    state = replay(rules, raws)
    event(f"games played: {len(state.games)}")
    event(f"hands held something: {any(h.outcome and h.outcome.pot for h in state.hands)}")
    check_match(rules, raws, state)


@pytest.mark.parametrize("variant", VARIANTS)
@SOME
@given(data=st.data())
def test_replay_is_deterministic_and_prefixes_agree(variant: str, data: st.DataObject) -> None:
    """(d): the same hands give the same state; a prefix gives the state recorded on its last hand."""
    rules = match_rules(data, variant)
    raws = play(data, rules, most=25)
    full = replay(rules, raws)
    assert replay(rules, [dict(r) for r in raws]).as_dict() == full.as_dict()
    k = data.draw(st.integers(0, len(raws)), label="prefix")
    prefix = replay(rules, raws[:k])
    assert prefix.hands == full.hands[:k]
    last = full.hands[k - 1].outcome if k else None
    game = full.hands[k - 1].game if k else None
    if last is None or game is None:
        assert (prefix.game, prefix.totals, prefix.pot) == (1, (0,) * rules.sides, 0)
    elif last.game_winner is None and not last.drawn:
        assert (prefix.totals, prefix.pot, prefix.game) == (last.totals, last.pot, game)
        assert not prefix.finished
    elif prefix.finished:
        assert prefix.totals == last.totals and prefix.winner == last.game_winner
    else:
        # A game ended on the prefix's last hand: the next one starts at 0 with an empty pot.
        assert (prefix.totals, prefix.pot, prefix.game) == ((0,) * rules.sides, 0, game + 1)
    if k < len(raws) and not prefix.finished:
        # The next hand, scored from the prefix's position, is the hand the full replay recorded.
        assert score_hand(rules, prefix.position, raws[k]) == full.hands[k].outcome
    # Resuming from the prefix's summary (as the server does when a hand is recorded) and adding the rest
    # gives exactly the full replay.
    resumed = Replayer.resume(rules, json.loads(json.dumps(prefix.summary())))
    for number, raw in enumerate(raws[k:], start=k + 1):
        resumed.add(raw, number)
    assert resumed.state().summary() == full.summary()
    assert resumed.state().hands == full.hands[k:]


@pytest.mark.parametrize("variant", VARIANTS)
@SOME
@given(data=st.data())
def test_editing_a_hand_rescores_every_later_hand(variant: str, data: st.DataObject) -> None:
    """(e): after a hand is replaced or voided, earlier hands stand and every later hand is scored again."""
    endless = data.draw(st.booleans(), label="one endless game")
    rules = match_rules(data, variant, single_game=endless)
    # No claims: an edit could leave a later claim standing where the rules no longer allow it (Clobby).
    raws = play(data, rules, most=25, claims=False)
    original = replay(rules, raws)
    j = data.draw(st.integers(0, len(raws) - 1), label="edited")
    void = data.draw(st.booleans(), label="void")
    new_raw = raws[j] if void else data.draw(hands(rules), label="new hand")
    edited_raws: list[Mapping[str, Any] | HandRecord] = list(raws)
    edited_raws[j] = HandRecord(raws[j], voided=True) if void else new_raw
    try:
        edited = replay(rules, edited_raws)
    except MatchFinished as finished:
        # The edit moved the end of the match earlier: the hands after it can no longer be recorded.
        n = int(finished.field.split(".")[1])
        assert not endless and n > j + 1
        edited_raws = edited_raws[: n - 1]
        edited = replay(rules, edited_raws)
        assert edited.finished
    check_match(rules, edited_raws, edited)
    assert edited.hands[:j] == original.hands[:j]
    if not endless:
        return

    def put_in_at(state: MatchState, i: int, raw: Mapping[str, Any]) -> int:
        out = state.hands[i].outcome
        return 0 if out is None else put_in(rules, raw, out)

    change = put_in_at(edited, j, new_raw) - put_in_at(original, j, raws[j])
    for k in range(j, len(raws)):
        was, now = original.hands[k].outcome, edited.hands[k].outcome
        assert was is not None
        if now is None:
            continue
        # One endless game: everything put in after the edit is the same, so the running sum moves by
        # exactly what the edited hand put in differently.
        assert sum(now.totals) + now.pot - sum(was.totals) - was.pot == change
        assert now.points == was.points or k == j
    no_pot = all(h.outcome is None or h.outcome.pot == 0 for h in (*original.hands, *edited.hands))
    if no_pot:
        # Nothing held anywhere: each later hand scores as before, so every total moves by the same amount.
        was_j = original.hands[j].outcome
        now_j = edited.hands[j].outcome
        assert was_j is not None
        before = original.hands[j - 1].outcome.totals if j else (0,) * rules.sides  # type: ignore[union-attr]
        now_totals = now_j.totals if now_j is not None else before
        shift = tuple(a - b for a, b in zip(now_totals, was_j.totals, strict=True))
        for k in range(j, len(raws)):
            was, now = original.hands[k].outcome, edited.hands[k].outcome
            assert was is not None
            if now is not None:
                assert tuple(a - b for a, b in zip(now.totals, was.totals, strict=True)) == shift
                if k > j:
                    assert now.scores == was.scores


@pytest.mark.parametrize("variant", sorted(CZECH_GAMES))
@FEW
@given(data=st.data())
def test_czech_hand_values_add_up_to_the_151_point_deck(variant: str, data: st.DataObject) -> None:
    """§2a: "One trump suit: 61 + 3 × 30 = **151** card points, 161 with the last trick." Four-handed (Darda)
    every card is played, so a hand without declarations is worth exactly 161; two-handed (Bulka) at most that."""
    rules = PRESETS[variant]
    raw = data.draw(hands(rules), label="hand")
    if "card_points" not in raw or raw.get("revoke"):
        return
    raw = {**raw, "melds": [[] for _ in range(rules.sides)], "bela": [0] * rules.sides, "took_trick": None}
    out = score_hand(rules, Position.start(rules), raw)
    if rules.full_deck:
        assert sum(out.points) == 161, out.explanation
        assert sum(out.scores) + out.pot == 161 or out.result is Result.TIE, out.explanation
    else:
        assert sum(out.points) <= 161, out.explanation


@pytest.mark.parametrize("double", [1, 2])
@FEW
@given(data=st.data())
def test_belote_multiplier_applies_to_tens(double: int, data: st.DataObject) -> None:
    """§7: "**Tens first, then the multiplier**: the points are put in tens by the rules below as if the hand
    were not doubled, and the tens are multiplied": every score and every hanging figure of a doubled hand is
    a multiple of 2 (redoubled: 4), and they add up to the hand value in tens times the multiplier."""
    rules = PRESETS["belote"]
    raw = {**data.draw(hands(rules), label="hand"), "double": double}
    if "card_points" not in raw:
        return
    out = score_hand(rules, Position.start(rules), raw)
    multiplier = (1, 2, 4)[double]
    assert all(score % multiplier == 0 for score in (*out.scores, out.pot)), out.explanation
    if out.result is not Result.TIE or rules.tie is not Tie.TAKER_NOTHING:
        assert sum(out.scores) + out.pot == in_tens(sum(out.points), contract_of(raw)) * multiplier, out.explanation


def test_a_game_drawn_at_its_deal_limit_ends_a_match_of_one_game() -> None:
    """The case Hypothesis found: Klaverjas with a deal limit of 2, level at 182 after both deals. RULES.md §10b:
    "equal totals are a draw … a match of one game ends drawn (`finished`, no winner)"; the model agrees."""
    rules = make_rules("klaverjas", {"deal-limit": 2, "melds": "none"})
    raws = [{"taker": 0, "bela": [1, 0], "card_points": [0, None], "last_trick": 0},
            {"taker": 1, "bela": [1, 0], "card_points": [None, 0], "last_trick": 0}]
    state = replay(rules, raws)
    assert state.finished and state.winner is None and state.totals == (182, 182)
    check_match(rules, raws, state)
