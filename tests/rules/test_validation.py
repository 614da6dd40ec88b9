"""Every check the engine makes on a hand and a match, each naming its field and saying what is wrong.

Each test quotes the sentence of the rule book (docs/rules.md, cited as RULES.md) or of docs/api.md it rests on.
API.md, Errors:
"422 a hand or match the rules do not allow (each problem named, with its field)."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from scorekeeper.rules import (
    MatchFinished,
    Position,
    RuleError,
    check_next,
    make_rules,
    read_hand,
    replay,
    score_hand,
)

Hand = dict[str, Any]
BELA_HAND: Hand = {"taker": 0, "card_points": [80, 62], "last_trick": 0}
BELOTE_HAND: Hand = {"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0}


def problems(
    variant: str, hand: object, overrides: Mapping[str, object] | None = None, names: Sequence[str] | None = None,
) -> list[tuple[str, str]]:
    """The (field, message) pairs of a hand the engine must refuse."""
    with pytest.raises(RuleError) as info:
        read_hand(make_rules(variant, overrides), hand, names)
    return [(p.field, p.message) for p in info.value.problems]


def message(found: list[tuple[str, str]], field: str) -> str:
    """Every message given for ``field`` (failing if there is none)."""
    texts = [m for f, m in found if f == field]
    assert texts, f"no problem for {field!r} in {found}"
    return " | ".join(texts)


def fields(found: list[tuple[str, str]]) -> set[str]:
    return {f for f, _ in found}


def accepted(variant: str, hand: Hand, overrides: Mapping[str, object] | None = None) -> None:
    read_hand(make_rules(variant, overrides), hand)


# ---------------------------------------------------------------------------------------------------------------
# Card points (RULES.md §2)


def test_negative_card_points() -> None:
    """RULES.md §1: "**card points**: points in the cards a side took in tricks" - never below 0."""
    found = problems("bela", {**BELA_HAND, "card_points": [-5, 60]})
    assert fields(found) == {"card_points.0"}
    assert "cannot be negative" in message(found, "card_points.0")
    assert "-5" in message(found, "card_points.0")


@pytest.mark.parametrize(
    ("variant", "hand", "field", "words"),
    [
        ("bela", {**BELA_HAND, "card_points": [160, 0]}, "card_points.0", ["160", "more than the 152 in the deck"]),
        ("belote", {**BELOTE_HAND, "card_points": [None, 153]}, "card_points.1", ["153", "152 in the deck"]),
        ("belote", {**BELOTE_HAND, "contract": "all-trumps", "card_points": [249, None]}, "card_points.0",
         ["249", "248 in the deck"]),
        ("belote", {**BELOTE_HAND, "contract": "no-trumps", "card_points": [121, None]}, "card_points.0",
         ["121", "120 in the deck"]),
    ],
)
def test_card_points_over_the_deck(variant: str, hand: Hand, field: str, words: list[str]) -> None:
    """RULES.md §2: "Deck totals (32 cards, without the last trick): one trump suit 152; all trumps 248; no trumps
    120." """
    found = problems(variant, hand)
    assert fields(found) == {field}
    for word in words:
        assert word in message(found, field)


def test_two_handed_card_points_may_not_add_up_to_more_than_the_deck() -> None:
    """RULES.md §2: "the card points of **every** side must be given; their sum may be anything up to the deck
    total." """
    found = problems("bela", {**BELA_HAND, "card_points": [100, 60]})
    assert fields(found) == {"card_points"}
    assert "100 + 60 exceed the 152 in the deck" in message(found, "card_points")
    accepted("bela", {**BELA_HAND, "card_points": [100, 52]})
    accepted("bela", {**BELA_HAND, "card_points": [40, 30]})  # fewer than the deck is fine
    found = problems("bela-3", {"taker": 0, "card_points": [60, 60, 40], "last_trick": 0})
    assert "60 + 60 + 40 exceed the 152" in message(found, "card_points")


@pytest.mark.parametrize(
    ("contract", "cards", "field", "value"),
    [
        ("hearts", [1, None], "card_points.0", "1"),
        ("hearts", [None, 151], "card_points.1", "151"),
        ("all-trumps", [247, None], "card_points.0", "247"),
        ("all-trumps", [None, 1], "card_points.1", "1"),
        ("no-trumps", [119, None], "card_points.0", "119"),
    ],
)
def test_four_handed_1_and_deck_minus_1_cannot_be_made(contract: str, cards: list[int | None], field: str,
                                                        value: str) -> None:
    """RULES.md §2: "Some totals cannot be made from real cards (1 and deck-total − 1 in four-handed play): the
    engine rejects them." """
    found = problems("belote", {**BELOTE_HAND, "contract": contract, "card_points": cards})
    assert fields(found) == {field}
    assert f"{value} card points cannot be made from real cards" in message(found, field)


def test_one_card_point_cannot_be_made_in_two_handed_play_either() -> None:
    """RULES.md §2: "Some totals cannot be made from real cards (1 ...)" - no card is worth 1, in any game."""
    found = problems("bela", {**BELA_HAND, "card_points": [1, 60]})
    assert "cannot be made from real cards" in message(found, "card_points.0")
    accepted("bela", {**BELA_HAND, "card_points": [0, 60], "last_trick": 1})


def test_four_handed_pair_must_add_up_to_the_deck() -> None:
    """RULES.md §2: "In four-handed games every card is played, so one side's card points fix the other's (entering
    one number is enough, and an impossible pair is an error)." """
    found = problems("clobby", {"taker": 0, "card_points": [80, 80], "last_trick": 0})
    assert fields(found) == {"card_points"}
    assert "80 + 80 = 160" in message(found, "card_points")
    assert "must add up to 152" in message(found, "card_points")
    found = problems("belote", {**BELOTE_HAND, "contract": "all-trumps", "card_points": [100, 100]})
    assert "must add up to 248" in message(found, "card_points")
    hand = read_hand(make_rules("clobby"), {"taker": 0, "card_points": [None, 70], "last_trick": 0})
    assert hand.card_points == (82, 70)


def test_four_handed_needs_at_least_one_side_card_points() -> None:
    """API.md: "In four-handed games one entry may be `null` and is derived from the deck total." - one, not
    both."""
    found = problems("clobby", {"taker": 0, "card_points": [None, None], "last_trick": 0})
    assert fields(found) == {"card_points"}
    assert "at least one side's card points" in message(found, "card_points")


def test_two_handed_card_points_of_every_side_must_be_given() -> None:
    """RULES.md §2: "In two- and three-handed Bela only some of the cards are played, so the card points of
    **every** side must be given"."""
    found = problems("bela", {**BELA_HAND, "card_points": [None, 60]}, names=["Mike", "Yvonne"])
    assert fields(found) == {"card_points.0"}
    assert "give Mike's card points" in message(found, "card_points.0")
    assert "not every card is played" in message(found, "card_points.0")
    found = problems("bela-3", {"taker": 0, "card_points": [50, 40, None], "last_trick": 0})
    assert fields(found) == {"card_points.2"}


def test_missing_card_points() -> None:
    """API.md: "`card_points`: per side, without the last-trick bonus. ... Not needed with a claim or a thrown-in
    hand." - needed otherwise."""
    found = problems("bela", {"taker": 0, "last_trick": 0})
    assert fields(found) == {"card_points"}
    assert "give the card points each side took" in message(found, "card_points")
    accepted("bela", {"thrown_in": True})
    accepted("bela", {"taker": 0, "claim": {"side": 0, "points": 40}})


@pytest.mark.parametrize(
    ("cards", "field", "words"),
    [
        ([80], "card_points", ["one entry per side", "2 entries"]),
        ([80, 40, 0], "card_points", ["one entry per side"]),
        ("142", "card_points", ["one entry per side"]),
        ([80, 7.5], "card_points.1", ["whole number", "7.5"]),
        ([True, 60], "card_points.0", ["whole number"]),
        (["80", 60], "card_points.0", ["whole number"]),
    ],
)
def test_card_points_shape(cards: object, field: str, words: list[str]) -> None:
    """API.md: "`card_points`: per side, without the last-trick bonus." """
    found = problems("bela", {**BELA_HAND, "card_points": cards})
    assert field in fields(found)
    for word in words:
        assert word in message(found, field)


# ---------------------------------------------------------------------------------------------------------------
# Sides: taker, last_trick


@pytest.mark.parametrize(
    ("variant", "hand", "field", "words"),
    [
        ("bela", {"card_points": [80, 62], "last_trick": 0}, "taker", ["say which side", "0 (side 0) or 1 (side 1)"]),
        ("bela", {**BELA_HAND, "taker": 2}, "taker", ["2 is not a side", "0 to 1"]),
        ("bela", {**BELA_HAND, "taker": -1}, "taker", ["-1 is not a side"]),
        ("bela", {**BELA_HAND, "taker": True}, "taker", ["True is not a side"]),
        ("bela", {**BELA_HAND, "taker": "0"}, "taker", ["is not a side"]),
        ("bela-3", {"taker": 3, "card_points": [50, 40, 30], "last_trick": 0}, "taker", ["3 is not a side", "0 to 2"]),
        ("clobby", {"taker": 2, "card_points": [80, None], "last_trick": 0}, "taker", ["2 is not a side", "0 to 1"]),
        ("bela", {"taker": 0, "card_points": [80, 62]}, "last_trick", ["say which side"]),
        ("bela", {**BELA_HAND, "last_trick": None}, "last_trick", ["say which side"]),
        ("bela-3", {"taker": 0, "card_points": [50, 40, 30], "last_trick": 3}, "last_trick", ["3 is not a side"]),
        ("belote", {**BELOTE_HAND, "last_trick": 2}, "last_trick", ["2 is not a side", "0 to 1"]),
    ],
)
def test_missing_or_out_of_range_side(variant: str, hand: Hand, field: str, words: list[str]) -> None:
    """API.md: "`taker`: side index (required unless `thrown_in`)." and "`last_trick`: side index that took the last
    trick; required unless the hand ended by a claim or was thrown in." RULES.md §1: "Sides are numbered from 0." """
    found = problems(variant, hand)
    assert fields(found) == {field}
    for word in words:
        assert word in message(found, field)


def test_took_trick_must_agree_with_card_points_and_last_trick() -> None:
    """API.md: "`took_trick`: optional; by default a side took a trick if it has card points or the last trick." """
    found = problems("bela", {"taker": 0, "card_points": [0, 60], "last_trick": 1, "took_trick": [True, False]},
                     names=["Mike", "Yvonne"])
    assert fields(found) == {"took_trick"}
    assert "Yvonne has 60 card points, so took a trick" in message(found, "took_trick")
    assert "Yvonne took the last trick, so took a trick" in message(found, "took_trick")
    found = problems("bela", {**BELA_HAND, "took_trick": [True, "yes"]})
    assert "true or false" in message(found, "took_trick")
    accepted("bela", {"taker": 0, "card_points": [0, 60], "last_trick": 1, "took_trick": [True, True]})


# ---------------------------------------------------------------------------------------------------------------
# Melds (RULES.md §3)


@pytest.mark.parametrize(
    ("variant", "value", "allowed"),
    [
        ("bela", 100, "20, 50"),
        ("bela", 30, "20, 50"),
        ("klaberjass", 30, "20, 50"),
        ("derda", 20, "30, 50"),
        ("clobby", 100, "20, 50"),
        ("belote", 30, "20, 50, 100, 150, 200"),
    ],
)
def test_meld_values_that_do_not_exist_in_the_variant(variant: str, value: int, allowed: str) -> None:
    """RULES.md §3: "Sequences ...: 3 cards = 20, 4 cards = 50; Belote (151) also 5+ cards = 100." and §5:
    "`derda` ... a three-card sequence is 30"; the Scottish Bela text: "There are no other valid combinations"."""
    players = 4 if variant in ("clobby", "belote") else 2
    hand: Hand = {"taker": 0, "card_points": [80, 62] if players == 2 else [80, None], "last_trick": 0,
                  "melds": [[value], []]}
    if variant == "belote":
        hand["contract"] = "hearts"
    found = problems(variant, hand)
    assert fields(found) == {"melds.0"}
    assert f"{value} is not a meld" in message(found, "melds.0")
    assert f"melds are worth {allowed}" in message(found, "melds.0")


def test_thirty_is_a_meld_in_derda_only() -> None:
    """RULES.md §5: "`derda` | 002 | as klaberjass, but a three-card sequence is 30"."""
    accepted("derda", {**BELA_HAND, "melds": [[30], []]})
    found = problems("klaberjass", {**BELA_HAND, "melds": [[30], []]})
    assert "30 is not a meld in Klaberjass" in message(found, "melds.0")


@pytest.mark.parametrize(
    ("variant", "melds", "cards"),
    [
        ("bela", [[50, 50, 20], []], 9),
        ("bela", [[], [20, 20, 20, 20]], 9),
        ("bela-3", [[50, 50, 50], [], []], 9),
        ("belote", [[100, 100, 100, 100, 50], []], 16),
    ],
)
def test_more_melds_than_cards_allow(variant: str, melds: list[list[int]], cards: int) -> None:
    """RULES.md §3: "Sequences, natural order, same suit: 3 cards = 20, 4 cards = 50" - a side holds 9 cards in
    two- and three-handed play, 16 between two partners of 8."""
    side = next(i for i, m in enumerate(melds) if m)
    sides = len(melds)
    hand: Hand = {"taker": 0, "last_trick": 0, "melds": melds,
                  "card_points": [80, None] if variant == "belote" else [50, 40, 30][:sides]}
    if variant == "belote":
        hand["contract"] = "hearts"
    found = problems(variant, hand)
    field = f"melds.{side}"
    assert field in fields(found)
    assert f"holds {cards} cards: too few for these melds" in message(found, field)


def test_as_many_melds_as_the_cards_allow_are_fine() -> None:
    """RULES.md §3: "Only the side holding the best sequence scores sequences, and then all of its sequences." """
    accepted("bela", {**BELA_HAND, "melds": [[50, 50], []]})
    accepted("bela", {**BELA_HAND, "melds": [[20, 20, 20], []]})


def test_sequences_credited_to_two_sides() -> None:
    """RULES.md §3: "Only the side holding the best sequence scores sequences"."""
    found = problems("bela", {**BELA_HAND, "melds": [[20], [50]]})
    assert fields(found) == {"melds"}
    assert "only the side with the best sequence scores sequences" in message(found, "melds")
    found = problems("belote", {**BELOTE_HAND, "melds": [[50], [20]]})
    assert "only the side with the best sequence" in message(found, "melds")
    found = problems("bela-3", {"taker": 0, "card_points": [50, 40, 30], "last_trick": 0,
                                "melds": [[], [20], [20]]})
    assert fields(found) == {"melds"}


def test_squares_credited_to_two_sides() -> None:
    """RULES.md §3: "In Belote 151 squares are judged apart from sequences: only the side with the higher square
    scores squares." A sequence of one side and a square of the other both count."""
    accepted("belote", {**BELOTE_HAND, "melds": [[50], [200]]})
    accepted("belote", {**BELOTE_HAND, "melds": [[100], [100]]})  # a quint one side, a square the other
    found = problems("belote", {**BELOTE_HAND, "melds": [[200], [150]]})
    assert fields(found) == {"melds"}
    assert "only the side with the higher square scores squares" in message(found, "melds")


def test_melds_in_no_trumps() -> None:
    """RULES.md §3: "No melds at all in no-trumps (Belote 151, South African)." and §7: "No declarations in
    no-trumps except the valat bonus." """
    found = problems("belote", {**BELOTE_HAND, "contract": "no-trumps", "melds": [[20], []]})
    assert fields(found) == {"melds"}
    assert "no declarations in no-trumps" in message(found, "melds")
    found = problems("south-african", {"taker": 0, "contract": "no-trumps", "card_points": [70, None],
                                       "last_trick": 0, "melds": [[], [50]]})
    assert "no declarations in no-trumps" in message(found, "melds")


@pytest.mark.parametrize(
    ("variant", "declaration", "words"),
    [
        ("bela", {"kind": "sequence", "length": 4, "top": "9", "suit": "clubs"}, ["no 4-card sequence", "nine"]),
        ("bela", {"kind": "sequence", "length": 3, "top": "X", "suit": "clubs"}, ["'X' is not a top card"]),
        ("bela", {"kind": "sequence", "length": 3, "top": "K", "suit": "cups"}, ["'cups' is not a suit"]),
        ("bela", {"kind": "sequence", "length": 9, "top": "A", "suit": "clubs"}, ["3 to 8 cards", "9"]),
        ("bela", {"kind": "sequence", "length": 2, "top": "A", "suit": "clubs"}, ["3 to 8 cards", "2"]),
        ("bela", {"kind": "square", "rank": "J"}, ["four jacks score nothing in Bela"]),
        ("belote", {"kind": "square", "rank": "8"}, ["four eights score nothing in Belote"]),
        ("belote", {"kind": "square", "rank": "1"}, ["'1' is not a rank"]),
        ("bela", {"kind": "run", "length": 3}, ["kind is sequence or square", "'run'"]),
    ],
)
def test_declarations_that_are_no_meld(variant: str, declaration: dict[str, object], words: list[str]) -> None:
    """API.md: declarations are `{"kind": "sequence", "length": 4, "top": "K", "suit": "clubs"}`,
    `{"kind": "square", "rank": "J"}`; RULES.md §3: "**Squares** (four of a kind; Belote 151 and Zensa only)"."""
    hand = BELOTE_HAND if variant == "belote" else BELA_HAND
    found = problems(variant, {**hand, "melds": [[declaration], []]})
    assert fields(found) == {"melds.0"}
    for word in words:
        assert word in message(found, "melds.0")


def test_a_card_in_two_declarations() -> None:
    """RULES.md §3: "Sequences, natural order, same suit" - each card belongs to one declaration (the Belote 151
    text: "If the same card is part of a Square and a sequence ..., the player chooses which to announce.")"""
    found = problems("bela", {**BELA_HAND, "melds": [
        [{"kind": "sequence", "length": 4, "top": "K", "suit": "clubs"}],
        [{"kind": "sequence", "length": 3, "top": "Q", "suit": "clubs"}]]})
    assert fields(found) == {"melds.1"}
    assert "the QC is in two declarations" in message(found, "melds.1")


def test_melds_as_values_and_declarations_at_once() -> None:
    """RULES.md §3: "The engine accepts melds two ways: as **credited values** ..., or as **declarations**"."""
    found = problems("bela", {**BELA_HAND, "melds": [
        [{"kind": "sequence", "length": 3, "top": "K", "suit": "clubs"}], [50]]})
    assert "either as values or as declarations, not both" in message(found, "melds")


@pytest.mark.parametrize(
    ("melds", "field", "words"),
    [
        ("fifty", "melds", ["one entry per side"]),
        (["fifty", []], "melds.0", ["a list per side"]),
        ([["fifty"], []], "melds.0", ["a value such as 20 or a declaration", "'fifty'"]),
    ],
)
def test_meld_shape(melds: object, field: str, words: list[str]) -> None:
    """API.md: "`melds`: per side, a list of either numbers (credited values) or declarations"."""
    found = problems("bela", {**BELA_HAND, "melds": melds})
    assert field in fields(found)
    for word in words:
        assert word in message(found, field)


# ---------------------------------------------------------------------------------------------------------------
# Bela (RULES.md §3)


@pytest.mark.parametrize(
    ("variant", "contract", "bela", "words"),
    [
        ("bela", None, [1, 1], ["only 1 bela can be held", "one K and Q of trumps"]),
        ("belote", "hearts", [1, 1], ["only 1 belote can be held"]),
        ("belote", "all-trumps", [3, 2], ["only 4 belote can be held", "one for each suit"]),
        ("belote", "no-trumps", [1, 0], ["there is no belote in no-trumps"]),
        ("bulka", "hearts", [1, 1], ["only 1 bejle can be held"]),
        ("south-african", "no-trumps", [0, 1], ["there is no bela in no-trumps"]),
    ],
)
def test_more_bela_than_trumps_allow(variant: str, contract: str | None, bela: list[int], words: list[str]) -> None:
    """RULES.md §3: "**Bela / belote**: K+Q of trumps held by one player, declared as played: 20. In all-trumps
    contracts each suit's K+Q counts." and §7: "no-trumps ... no trump values, no bela"."""
    hand: Hand = {"taker": 0, "card_points": [80, 62] if variant in ("bela", "bulka") else [80, None], "last_trick": 0,
                  "bela": bela}
    if contract:
        hand["contract"] = contract
    found = problems(variant, hand)
    assert fields(found) == {"bela"}
    for word in words:
        assert word in message(found, "bela")


def test_bela_that_trumps_allow_are_fine() -> None:
    """RULES.md §3: "In all-trumps contracts each suit's K+Q counts." """
    accepted("belote", {**BELOTE_HAND, "contract": "all-trumps", "bela": [2, 2]})
    accepted("bela", {**BELA_HAND, "bela": [0, 1]})


def test_bela_is_a_count() -> None:
    """API.md: "`bela`: per side, how many bela/belote were declared (0 or 1; up to 4 in all-trumps)." """
    found = problems("bela", {**BELA_HAND, "bela": [-1, 0]})
    assert "bela is a count" in message(found, "bela.0")
    found = problems("bela", {**BELA_HAND, "bela": [0, True]})
    assert "bela is a count" in message(found, "bela.1")


# ---------------------------------------------------------------------------------------------------------------
# Claims (RULES.md §6)


def test_a_claim_where_the_variant_has_none() -> None:
    """RULES.md §5: `klaberjass` / `belote` claims "none: end of hand"."""
    found = problems("klaberjass", {"taker": 0, "claim": {"side": 0, "points": 20}})
    assert fields(found) == {"claim"}
    assert "Klaberjass has no claims" in message(found, "claim")
    found = problems("belote", {"taker": 0, "contract": "hearts", "claim": {"side": 0, "points": 20}})
    assert fields(found) == {"claim"}
    assert "no claims" in message(found, "claim")


def test_a_claim_below_claim_from() -> None:
    """RULES.md §6: "`claim-from: 900` (Clobby): only a side whose total before the hand is at least 900 may
    claim." """
    rules = make_rules("clobby")
    hand = {"taker": 0, "claim": {"side": 1, "points": 100}}
    with pytest.raises(RuleError) as info:
        score_hand(rules, Position((950, 899)), hand, ["Us", "Them"])
    assert info.value.field == "claim.side"
    assert "Them have 899" in info.value.message
    assert "only a side on 900 or more may claim" in info.value.message
    score_hand(rules, Position((950, 900)), hand)  # 900 itself may claim


def test_a_claim_below_claim_from_in_a_match_names_the_hand() -> None:
    """API.md: "422 a hand or match the rules do not allow (each problem named, with its field)." """
    with pytest.raises(RuleError) as info:
        replay(make_rules("clobby"), [{"taker": 0, "claim": {"side": 0, "points": 100}}])
    assert info.value.field == "hands.1.claim.side"
    assert "900" in info.value.message


@pytest.mark.parametrize(
    ("claim", "field", "words"),
    [
        ({"side": 0, "points": 400}, "claim.points", ["0 to 332", "400"]),
        ({"side": 0, "points": -1}, "claim.points", ["whole number"]),
        ({"side": 0}, "claim.points", ["say how many points", "won so far"]),
        ({"side": 3, "points": 40}, "claim.side", ["3 is not a side"]),
        ({"points": 40}, "claim.side", ["say which side"]),
        ({"side": 0, "points": 40, "trick": 10}, "claim.trick", ["1 to 9"]),
        ("now", "claim", ["an object with side and points"]),
    ],
)
def test_claim_shape(claim: object, field: str, words: list[str]) -> None:
    """API.md: "`claim`: a claim in the middle of the hand, with the claimant's points won so far in this
    hand." """
    found = problems("bela", {"taker": 0, "claim": claim})
    assert fields(found) == {field}
    for word in words:
        assert word in message(found, field)


def test_claim_window_needs_the_trick() -> None:
    """RULES.md §6: "Option `claim-window: 3` (East Lothian): a claim is allowed only within the first three
    tricks"."""
    found = problems("bela", {"taker": 0, "claim": {"side": 0, "points": 40}}, {"claim-window": 3})
    assert fields(found) == {"claim.trick"}
    assert "say in which trick" in message(found, "claim.trick")
    found = problems("bela", {"taker": 0, "claim": {"side": 0, "points": 40, "trick": 4}}, {"claim-window": 3})
    assert "only within the first 3 tricks, not in trick 4" in message(found, "claim.trick")


def test_a_hand_is_thrown_in_or_claimed_or_challenged_not_two_of_them() -> None:
    """RULES.md §1: "**hand** (deal): one deal played out, or stopped by a claim, or thrown in." """
    found = problems("bela", {"taker": 0, "claim": {"side": 0, "points": 40}, "thrown_in": True})
    assert fields(found) == {"hand"}
    assert "only one of them" in message(found, "hand")
    found = problems("bela", {"thrown_in": "yes"})
    assert "thrown_in is true or false" in message(found, "thrown_in")


# ---------------------------------------------------------------------------------------------------------------
# Contracts and doubles (RULES.md §7)


def test_a_double_outside_belote() -> None:
    """RULES.md §7: "Double ×2, redouble ×4." (Belote 151 only); API.md: "`double`: 0, 1 (doubled), 2 (redoubled);
    `belote` only." """
    found = problems("bela", {**BELA_HAND, "double": 1})
    assert fields(found) == {"double"}
    assert "has no double or redouble" in message(found, "double")
    found = problems("belote", {**BELOTE_HAND, "double": 3})
    assert "double is 0, 1 (doubled) or 2 (redoubled)" in message(found, "double")
    accepted("bela", {**BELA_HAND, "double": 0})


@pytest.mark.parametrize(
    ("variant", "contract", "words"),
    [
        ("belote", "trumps", ["'trumps' is not a contract in Belote", "all-trumps"]),
        ("belote", "HEARTS", ["'HEARTS' is not a contract"]),
        ("bela", "no-trumps", ["'no-trumps' is not a contract in Bela", "clubs, diamonds, hearts, spades"]),
        ("klaberjass", "all-trumps", ["is not a contract in Klaberjass"]),
    ],
)
def test_unknown_contract(variant: str, contract: str, words: list[str]) -> None:
    """RULES.md §7: "Contracts, low to high: clubs, diamonds, hearts, spades, no-trumps, all-trumps." (Belote);
    §5: South African adds "a no-trumps contract"; Bela has a trump suit only."""
    hand = BELOTE_HAND if variant == "belote" else BELA_HAND
    found = problems(variant, {**hand, "contract": contract})
    assert fields(found) == {"contract"}
    for word in words:
        assert word in message(found, "contract")


def test_missing_contract_in_belote() -> None:
    """API.md: "`contract`: ... required for `belote`, optional elsewhere (the trump suit, kept for history)." """
    found = problems("belote", {"taker": 0, "card_points": [82, None], "last_trick": 0})
    assert fields(found) == {"contract"}
    assert "say the contract" in message(found, "contract")
    accepted("bela", BELA_HAND)
    accepted("belote", {"thrown_in": True})


# ---------------------------------------------------------------------------------------------------------------
# Revoke (RULES.md §4.2)


def test_revoke_accused_equals_accuser() -> None:
    """RULES.md §4.2: "upheld → the offending side scores 0 and the challenger scores its own hand points plus the
    offender's" - the challenger is another side."""
    found = problems("bela", {**BELA_HAND, "revoke": {"accused": 1, "accuser": 1, "upheld": True}})
    assert fields(found) == {"revoke.accuser"}
    assert "cannot challenge itself" in message(found, "revoke.accuser")


@pytest.mark.parametrize(
    ("revoke", "field", "words"),
    [
        ({"accused": 1, "accuser": 0, "upheld": "yes"}, "revoke.upheld", ["true or false"]),
        ({"accused": 1, "accuser": 0}, "revoke.upheld", ["say whether the revoke was upheld"]),
        ({"accused": 2, "accuser": 0, "upheld": True}, "revoke.accused", ["2 is not a side"]),
        ({"accused": 1, "upheld": True}, "revoke.accuser", ["say which side"]),
        (True, "revoke", ["an object with accused, accuser and upheld"]),
    ],
)
def test_revoke_shape(revoke: object, field: str, words: list[str]) -> None:
    """API.md: "`revoke`: a revoke challenge and whether it was upheld." """
    found = problems("bela", {**BELA_HAND, "revoke": revoke})
    assert fields(found) == {field}
    for word in words:
        assert word in message(found, field)


def test_revoke_where_the_house_rules_do_not_score_it() -> None:
    """RULES.md §4.2: "Revoke challenge (any variant; option `revoke`, default `forfeit-hand`)"."""
    found = problems("bela", {**BELA_HAND, "revoke": {"accused": 1, "accuser": 0, "upheld": True}},
                     {"revoke": "none"})
    assert fields(found) == {"revoke"}
    assert "do not score revoke challenges" in message(found, "revoke")


# ---------------------------------------------------------------------------------------------------------------
# The hand as a whole, the match


def test_unknown_fields() -> None:
    """API.md "A hand" lists its fields: taker, contract, double, card_points, last_trick, melds, bela, took_trick,
    claim, revoke, thrown_in (and Belote contrée's bid)."""
    found = problems("bela", {**BELA_HAND, "trumps": "hearts", "Melds": []})
    assert fields(found) == {"trumps", "Melds"}
    assert "unknown field 'trumps'" in message(found, "trumps")
    assert "taker, bid, contract, double" in message(found, "trumps")


def test_a_hand_is_an_object() -> None:
    """API.md: "A hand" is a JSON object."""
    found = problems("bela", [1, 2])
    assert fields(found) == {"hand"}
    assert "a hand is an object" in message(found, "hand")


def test_several_problems_are_reported_at_once() -> None:
    """API.md: "each problem named, with its field"."""
    found = problems("bela", {"taker": 5, "card_points": [-1, 170], "double": 1, "melds": [[100], []],
                              "bela": [2, 0], "colour": 1})
    assert fields(found) == {"colour", "taker", "double", "card_points.0", "card_points.1", "last_trick",
                             "melds.0", "bela"}
    assert "unknown field 'colour'" in message(found, "colour")
    assert "5 is not a side" in message(found, "taker")
    assert "no double" in message(found, "double")
    assert "cannot be negative" in message(found, "card_points.0")
    assert "more than the 152" in message(found, "card_points.1")
    assert "say which side" in message(found, "last_trick")
    assert "100 is not a meld" in message(found, "melds.0")
    assert "only 1 bela" in message(found, "bela")


def test_problems_in_a_match_name_the_hand() -> None:
    """API.md: "422 a hand or match the rules do not allow (each problem named, with its field)." """
    rules = make_rules("bela")
    with pytest.raises(RuleError) as info:
        replay(rules, [BELA_HAND, {**BELA_HAND, "card_points": [-1, 60], "taker": 9}])
    assert {p.field for p in info.value.problems} == {"hands.2.card_points.0", "hands.2.taker"}


def test_a_hand_after_the_match_is_finished() -> None:
    """API.md: "409 the match is finished"; RULES.md §1: "**match**: best of N games (default 1)." """
    rules = make_rules("klaberjass")
    won = {"taker": 0, "card_points": [140, 12], "last_trick": 0}
    state = replay(rules, [won, won, won, won])  # 600: side 0 has won the one game
    assert state.finished
    assert state.winner == 0
    with pytest.raises(MatchFinished) as info:
        replay(rules, [won, won, won, won, {"thrown_in": True}])
    assert info.value.field == "hands.5"
    assert "the match is finished: side 0 won it" in info.value.message
    assert isinstance(info.value, RuleError)
    with pytest.raises(MatchFinished) as preview:
        check_next(rules, state, {"thrown_in": True}, ["Mike", "Yvonne"])
    assert preview.value.field == "match"
    assert "Mike won it" in preview.value.message


def test_a_voided_hand_after_the_match_is_finished_is_kept() -> None:
    """API.md: "void a hand (kept in history, no longer scored)"."""
    from scorekeeper.rules import HandRecord

    rules = make_rules("klaberjass")
    won = {"taker": 0, "card_points": [140, 12], "last_trick": 0}
    state = replay(rules, [won, won, won, won, HandRecord({"thrown_in": True}, voided=True)])
    assert state.finished
    assert state.hands[-1].voided


def test_the_first_dealer_is_a_seat() -> None:
    """API.md: "`first_dealer`" in Create; RULES.md §8: "First dealer: chosen when the match starts." """
    with pytest.raises(RuleError) as info:
        replay(make_rules("belote"), [], first_dealer=4)
    assert info.value.field == "first_dealer"
    assert "seat from 0 to 3" in info.value.message


def test_a_claim_by_its_parts_checks_each_part() -> None:
    """RULES.md §6: the points won so far are "declarations that count, card points of tricks taken, last trick";
    docs/api.md: a claim may give them as ``parts`` instead of the one number, never both disagreeing."""
    claim: Hand = {"side": 0, "parts": {"card_points": 200, "declarations": [30, 20], "bela": "yes"}}
    found = problems("bela", {"claim": claim})
    assert fields(found) == {"claim.parts.card_points", "claim.parts.declarations", "claim.parts.bela"}
    assert "from 0 to 152" in message(found, "claim.parts.card_points")
    assert "20 or 50" in message(found, "claim.parts.declarations")
    found = problems("bela", {"claim": {"side": 0, "points": 40, "parts": {"card_points": 30}}})
    assert fields(found) == {"claim.points"}
    assert "(40) are not what their parts add up to (30)" in message(found, "claim.points")
    found = problems("bela", {"claim": {"side": 0, "parts": {"cards": 30}}})
    assert fields(found) == {"claim.parts"}
    # The same number both ways is one claim.
    read = read_hand(make_rules("bela"), {"claim": {"side": 0, "points": 40, "parts": {"card_points": 30,
                                                                                      "last_trick": True}}})
    assert read.claim is not None and read.claim.points == 40
