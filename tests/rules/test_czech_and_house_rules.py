"""The Czech games (RULES.md §2a) through every part of the engine that knows what a card is worth, and the house
rules of §3 (melds), §4 (bela-on-bate) and §6 (deal-limit) beyond their golden cases.

Each test quotes the sentence of RULES.md (or of the seed it cites) that it rests on. Sides are numbered from 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from scorekeeper.rules import (
    CZECH,
    JASS,
    PRESETS,
    Card,
    Contract,
    HandResult,
    Position,
    Rank,
    RuleError,
    judge_melds,
    legal_plays,
    make_rules,
    replay,
    score_hand,
)
from scorekeeper.rules.cards import FULL_DECK, NATURAL_ORDER
from scorekeeper.rules.describe import describe_rules
from scorekeeper.rules.referee import count_card_points

Hand = dict[str, Any]


def score(variant: str, hand: Hand, overrides: Mapping[str, object] | None = None,
          totals: tuple[int, int] = (0, 0), pot: int = 0) -> HandResult:
    return score_hand(make_rules(variant, overrides), Position(totals, pot), hand)


def said(result: HandResult) -> str:
    return " ".join(result.explanation)


def refused(variant: str, hand: Hand, overrides: Mapping[str, object] | None = None) -> dict[str, str]:
    with pytest.raises(RuleError) as info:
        score(variant, hand, overrides)
    return {p.field: p.message for p in info.value.problems}


# --- §2a: the cards ------------------------------------------------------------------------------------


def test_czech_card_values_follow_the_seed() -> None:
    """§2a: "So in trumps the queen takes the Jass's place and value" (Q 20, 9 14, A 11, 10 10, K 4, J 2), plain
    cards as usual; "One trump suit: 61 + 3 × 30 = **151** card points"."""
    assert dict(CZECH.trump_points) == {Rank.QUEEN: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4,
                                        Rank.JACK: 2, Rank.EIGHT: 0, Rank.SEVEN: 0}
    assert dict(CZECH.plain_points) == dict(JASS.plain_points)
    assert CZECH.deck(Contract.HEARTS) == 151
    assert JASS.deck(Contract.HEARTS) == 152
    assert JASS.deck(Contract.ALL_TRUMPS) == 248 and JASS.deck(Contract.NO_TRUMPS) == 120
    assert sum(CZECH.points(card, Contract.HEARTS) for card in FULL_DECK) == 151


def test_czech_trick_order_in_trumps() -> None:
    """§2a: "Trick rank in trumps Q 9 A 10 K J 8 7; plain as usual."""
    trumps = sorted((Card(rank, Card.parse("QH").suit) for rank in NATURAL_ORDER),
                    key=lambda card: -CZECH.power(card, Contract.HEARTS))
    assert [card.rank.value for card in trumps] == ["Q", "9", "A", "10", "K", "J", "8", "7"]
    plain = sorted((Card(rank, Card.parse("QS").suit) for rank in NATURAL_ORDER),
                   key=lambda card: -CZECH.power(card, Contract.HEARTS))
    assert [card.rank.value for card in plain] == ["A", "10", "K", "Q", "J", "9", "8", "7"]


@pytest.mark.parametrize("variant", ["bulka", "darda"])
def test_card_counter_counts_the_queen_of_trumps_20(variant: str) -> None:
    """§2a: the queen of trumps is worth 20 and the jack of trumps 2; the card counter follows the game."""
    rules = PRESETS[variant]
    taken = [[Card.parse("QH"), Card.parse("JH"), Card.parse("QS")], []]
    count = count_card_points(Contract.HEARTS, taken, rules.full_deck, rules.cards)
    assert count.points == (20 + 2 + 3, 0)
    assert count.deck == 151
    if rules.full_deck:
        assert count.other == 151 - 25
    # The same cards in Bela: the jack of trumps is the 20, the queen 3.
    assert count_card_points(Contract.HEARTS, taken, False).points == (3 + 20 + 3, 0)


def test_legal_plays_beat_a_trump_lead_by_the_czech_order() -> None:
    """§2a: the legal-play referee knows the trump order Q 9 A 10 K J 8 7: over the ace of trumps only the nine
    and the queen go; the jack, a top trump elsewhere, is low here."""
    rules = PRESETS["bulka"]
    judged = legal_plays(rules, "hearts", 1, [{"seat": 0, "card": "AH"}], ["JH", "9H", "QH", "KS"])
    assert [str(card) for card in judged.legal] == ["9H", "QH"]
    bela = legal_plays(PRESETS["klaberjass"], "hearts", 1, [{"seat": 0, "card": "AH"}], ["JH", "9H", "QH", "KS"])
    assert [str(card) for card in bela.legal] == ["JH", "9H"]


def test_darda_card_points_make_151() -> None:
    """§2: "In four-handed games every card is played, so one side's card points fix the other's (entering one
    number is enough, and an impossible pair is an error)", with §2a's deck of 151."""
    out = score("darda", {"taker": 0, "contract": "hearts", "card_points": [100, None], "last_trick": 0})
    assert out.points == (110, 51)
    found = refused("darda", {"taker": 0, "contract": "hearts", "card_points": [100, 52], "last_trick": 0})
    assert "must add up to 151" in found["card_points"]
    found = refused("darda", {"taker": 0, "contract": "hearts", "card_points": [152, None], "last_trick": 0})
    assert "more than the 151 in the deck" in found["card_points.0"]
    found = refused("darda", {"taker": 0, "contract": "hearts", "card_points": [150, None], "last_trick": 0})
    assert "cannot be made from real cards" in found["card_points.0"]


def test_czech_squares_of_tens_score_nothing() -> None:
    """§2a: "four 10, 8 or 7 score nothing: the source names only "honours A, K, J""."""
    found = refused("bulka", {"taker": 0, "contract": "hearts", "card_points": [80, 50], "last_trick": 0,
                              "melds": [[{"kind": "square", "rank": "10"}], []]})
    assert "four tens score nothing in Bulka" in found["melds.0"]


def test_bejle_is_40_and_named_so() -> None:
    """§2a: "*bejle* (K+Q of trumps) 40"; the meld referee and the rules say it in the game's word."""
    judged = judge_melds(PRESETS["darda"], "hearts", 0, [[], []], bela=[0, 1])
    assert judged.scores == (0, 40)
    assert "Bejle always counts" in " ".join(judged.explanation)
    assert any("bejle 40" in line for line in describe_rules(PRESETS["darda"]))
    assert any("queen is the top trump (20)" in line and "151 card points" in line
               for line in describe_rules(PRESETS["bulka"]))


# --- §4 bela-on-bate ---------------------------------------------------------------------------------------


def test_bela_stays_on_a_tie_held_over() -> None:
    """§4: `stays`: "bela always counts": on a tie under hold-taker the taker keeps its bela and the rest of its
    points are held over."""
    hand = {"taker": 0, "card_points": [50, 80], "last_trick": 0, "bela": [1, 0]}
    moves = score("bela", hand)
    stays = score("bela", hand, {"bela-on-bate": "stays"})
    assert moves.result.value == stays.result.value == "tie"
    assert (moves.scores, moves.pot) == ((0, 80), 80)
    assert (stays.scores, stays.pot) == ((20, 80), 60)


def test_bela_stays_in_a_clobby_bait() -> None:
    """§4: `stays` applies to every preset where a failed taker's points change hands: a Clobby bait too."""
    hand = {"taker": 0, "card_points": [61, None], "last_trick": 1, "melds": [[20], []], "bela": [1, 0]}
    moves = score("clobby", hand)
    stays = score("clobby", hand, {"bela-on-bate": "stays"})
    assert moves.scores == (0, 202)
    assert stays.scores == (20, 182)
    assert "Bella always counts" in said(stays)


def test_belote_stays_when_doubled_inside_in_tens() -> None:
    """§4 `stays` with §7's double: the inside taker keeps its belote (2 in tens) × 2; the defenders score the
    rest, in tens, × 2."""
    out = score("belote", {"taker": 0, "contract": "hearts", "double": 1, "card_points": [52, None],
                           "last_trick": 0, "bela": [1, 0]}, {"bela-on-bate": "stays"})
    assert out.points == (82, 100)
    assert out.result.value == "bate"
    assert out.scores == (4, 32)


def test_a_revoke_takes_the_bela_too() -> None:
    """§4.2: "upheld → the offending side scores 0": a revoke is a penalty, so bela-on-bate does not soften it."""
    out = score("bela", {"taker": 0, "card_points": [70, 60], "last_trick": 0, "bela": [1, 0],
                         "revoke": {"accused": 0, "accuser": 1, "upheld": True}}, {"bela-on-bate": "stays"})
    assert out.scores == (0, 160)


# --- §3 melds each-side ------------------------------------------------------------------------------------


def test_each_side_lets_both_sides_be_credited_sequences() -> None:
    """§3 `melds: each-side`: "no contest, every side scores the declarations it holds", so credited sequence
    values on both sides are no longer refused."""
    hand = {"taker": 0, "card_points": [80, 50], "last_trick": 0, "melds": [[20], [50]]}
    assert "only the side with the best sequence" in refused("bela", hand)["melds"]
    out = score("bela", hand, {"melds": "each-side"})
    assert out.points == (110, 100)


def test_each_side_scores_squares_on_both_sides() -> None:
    """§3 `melds: each-side` with squares (Belote): both squares score."""
    judged = judge_melds(make_rules("belote", {"melds": "each-side"}), "hearts", 0,
                         [[{"kind": "square", "rank": "K"}], [{"kind": "square", "rank": "J"}]])
    assert judged.scores == (100, 200)


# --- §6 deal-limit -----------------------------------------------------------------------------------------


def test_no_game_is_won_on_a_valat_at_the_deal_limit() -> None:
    """§6: "no game is won on a hand with a valat: play another hand", also when the deal limit is reached."""
    rules = make_rules("belote", {"deal-limit": 1})
    valat = {"taker": 0, "contract": "hearts", "card_points": [152, None], "last_trick": 0}
    state = replay(rules, [valat, {"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0}])
    first, second = (hand.outcome for hand in state.hands)
    assert first is not None and second is not None
    assert first.game_winner is None and "no game is won on a hand with a valat" in said(first)
    assert second.game_winner == 0
    assert state.finished and state.deals == 2


def test_deal_limit_in_a_claiming_game() -> None:
    """§6 deal-limit with Bela's claims: after the N-th deal the side ahead wins, claim or not."""
    rules = make_rules("bela", {"deal-limit": 2, "best-of": 1})
    hand = {"taker": 0, "card_points": [70, 60], "last_trick": 0}
    state = replay(rules, [hand, hand], names=["Mike", "Yvonne"])
    assert state.finished and state.winner == 0
    last = state.hands[-1].outcome
    assert last is not None and "Deal 2 of 2 played: Mike is ahead with 160" in said(last)


@pytest.mark.parametrize("value", [0, -1, 1001, "7", True, 7.5])
def test_deal_limit_must_count_deals(value: object) -> None:
    """§6: "Option `deal-limit: N`": N is a number of deals."""
    with pytest.raises(RuleError) as info:
        make_rules("belote", {"deal-limit": value})
    assert [p.field for p in info.value.problems] == ["deal-limit"]


def test_new_options_are_shown_with_the_rules() -> None:
    """§5: "The options a match was created with are stored with it and shown on its scoreboard"."""
    shown = make_rules("belote", {"deal-limit": 7, "bela-on-bate": "stays", "melds": "each-side"}).as_dict()
    assert (shown["deal-limit"], shown["bela-on-bate"], shown["melds"]) == (7, "stays", "each-side")
    assert PRESETS["darda"].as_dict()["top-trump"] == "Q" and PRESETS["darda"].as_dict()["bela-points"] == 40
    lines = describe_rules(make_rules("belote", {"deal-limit": 7}))
    assert any("after 7 played deals goes to the side ahead" in line for line in lines)
