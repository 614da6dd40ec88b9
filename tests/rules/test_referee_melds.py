"""The referee's meld question: declarations read as the table announces them, and who scores them.

tests/rules/test_options.py already covers the order of the contest (longer, higher, in trumps, forehand,
Belote's equal sequences, squares apart, partners); this file covers what it does not: the declarations read
from API.md's JSON, three sides, all-trumps, and every input problem named with its field. Each test quotes the
sentence of the rule book (docs/rules.md), docs/api.md or a source text (docs/rules.md, "Sources") it rests on.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import MeldContest, RuleError, judge_melds, make_rules


def seq(length: int, top: str, suit: str) -> dict[str, Any]:
    return {"kind": "sequence", "length": length, "top": top, "suit": suit}


def square(rank: str) -> dict[str, Any]:
    return {"kind": "square", "rank": rank}


def judge(variant: str, contract: object, forehand: object, declarations: object,
          names: list[str] | None = None) -> MeldContest:
    return judge_melds(make_rules(variant), contract, forehand, declarations, names)


def problems(variant: str, contract: object, forehand: object, declarations: object) -> dict[str, str]:
    with pytest.raises(RuleError) as info:
        judge(variant, contract, forehand, declarations)
    return {p.field: p.message for p in info.value.problems}


def test_api_md_example() -> None:
    """API.md Referee: `{"variant": "bela", "contract": "hearts", "forehand": 0, "declarations": [[{"kind":
    "sequence", "length": 3, "top": "K", "suit": "clubs"}], [{"kind": "sequence", "length": 3, "top": "K", "suit":
    "hearts"}]]}` → `{"scores": [0, 20], "explanation": ["Both twenties, both king high; side 1's is in trumps:
    side 1 scores 20."]}`."""
    out = judge("bela", "hearts", 0, [[seq(3, "K", "clubs")], [seq(3, "K", "hearts")]])
    assert out.scores == (0, 20)
    assert out.explanation == ("Both twenties, both king high; side 1's is in trumps: side 1 scores 20.",)


def test_only_one_side_declared() -> None:
    """RULES.md §3: "Only the side holding the best sequence scores sequences, and then all of its sequences." """
    out = judge("bela", "hearts", 0, [[], [seq(3, "9", "spades"), seq(4, "A", "clubs")]], ["Mike", "Yvonne"])
    assert out.scores == (0, 70)
    assert out.explanation == ("Only Yvonne declared a sequence (4-card sequence to the ace in clubs): "
                               "Yvonne scores 20 + 50 = 70.",)


def test_three_handed_equal_sequences_go_to_the_first_to_play_after_forehand() -> None:
    """RULES.md §3: "then (Bela) forehand's" - with three players, of sequences equal in every way the one whose
    holder plays first from forehand (clockwise: the Scottish Bela text "Players speak in turn clockwise")."""
    out = judge("bela-3", "hearts", 2, [[seq(3, "K", "clubs")], [seq(3, "K", "spades")], []], ["A", "B", "C"])
    assert out.scores == (20, 0, 0)
    assert out.explanation == ("Both twenties, both king high; equal in every way, and A plays first of them: "
                               "A scores 20.",)
    assert judge("bela-3", "hearts", 1, [[seq(3, "K", "clubs")], [seq(3, "K", "spades")], []]).scores == (0, 20, 0)


def test_three_handed_longest_wins_over_two_others() -> None:
    """RULES.md §3: "Best = longer"."""
    out = judge("bela-3", "hearts", 0, [[seq(3, "A", "clubs")], [seq(4, "J", "spades")], [seq(3, "K", "hearts")]],
                ["A", "B", "C"])
    assert out.scores == (0, 50, 0)
    assert out.explanation == ("B's 4-card sequence (fifty) is longer than A's and C's: B scores 50.",)


def test_all_trumps_has_no_sequence_in_trumps_step() -> None:
    """RULES.md §3: "then a sequence in trumps; ... (Belote 151) equal best sequences on both sides: nobody scores
    sequences." - in all-trumps every suit is trumps (the Belote 151 text: "all colors are trump colors"), so that step
    separates nobody."""
    out = judge("belote", "all-trumps", 0, [[seq(3, "K", "clubs")], [seq(3, "K", "hearts")]])
    assert out.scores == (0, 0)
    assert out.explanation == ("Both twenties, both king high; equal best sequences: nobody scores sequences.",)


def test_squares_are_read_and_judged() -> None:
    """The Belote 151 text: "If both teams announced Squares, premiums receive only the team who's Square rewards more
    score" and "Premiums for card sequences are given even if the other team has a Square." """
    out = judge("belote", "spades", 0, [[square("9"), seq(3, "A", "hearts")], [square("J")]])
    assert out.scores == (20, 200)
    assert out.explanation[-1] == "Side 1 scores 200 for squares (four jacks)."


# ---------------------------------------------------------------------------------------------------------------
# Input problems, each with its field (API.md Errors: "each problem named, with its field")


def test_declarations_must_be_one_list_per_side() -> None:
    """API.md: `"declarations": [[...], [...]]` - one list per side."""
    assert set(problems("bela", "hearts", 0, None)) == {"declarations"}
    assert set(problems("bela", "hearts", 0, [[seq(3, "K", "clubs")]])) == {"declarations"}
    assert set(problems("bela-3", "hearts", 0, [[], []])) == {"declarations"}
    assert set(problems("bela", "hearts", 0, [[], "fifty"])) == {"declarations.1"}


def test_a_declaration_that_is_no_meld() -> None:
    """RULES.md §3: "Sequences, natural order, same suit" and "Squares (four of a kind; Belote 151 and Zensa
    only)"."""
    found = problems("bela", "hearts", 0, [[seq(4, "9", "clubs")], [square("J")]])
    assert set(found) == {"declarations.0", "declarations.1"}
    assert "no 4-card sequence can end in the nine" in found["declarations.0"]
    assert "four jacks score nothing" in found["declarations.1"]
    found = problems("bela", "hearts", 0, [[{"kind": "tierce"}], [seq(3, "K", "purple")]])
    assert set(found) == {"declarations.0", "declarations.1"}


def test_credited_values_are_not_declarations() -> None:
    """API.md "A hand": melds are "either numbers (credited values) or declarations to adjudicate" - the referee
    adjudicates declarations only."""
    found = problems("bela", "hearts", 0, [[20], [seq(3, "K", "clubs")]])
    assert set(found) == {"declarations.0"}


def test_a_card_in_two_declarations() -> None:
    """A pack has one of each card: the same card cannot be in two declarations."""
    found = problems("bela", "hearts", 0, [[seq(3, "K", "clubs")], [seq(3, "A", "clubs")]])
    assert set(found) == {"declarations.1"}
    assert "in two declarations" in found["declarations.1"]


def test_no_declarations_in_no_trumps() -> None:
    """RULES.md §3: "No melds at all in no-trumps (Belote 151, South African)." """
    found = problems("belote", "no-trumps", 0, [[seq(3, "K", "clubs")], []])
    assert set(found) == {"declarations"}
    assert judge("belote", "no-trumps", 0, [[], []]).scores == (0, 0)


def test_contract_and_forehand_are_needed() -> None:
    """RULES.md §3: "then a sequence in trumps; then (Bela) forehand's" - the verdict depends on both."""
    found = problems("bela", None, 2, [[], []])
    assert set(found) == {"contract", "forehand"}
    assert set(problems("bela", "no-trumps", True, [[], []])) == {"contract", "forehand"}


def test_bela_always_counts_in_a_meld_ruling() -> None:
    """RULES.md §3: "Bela is "absolute": it counts whatever else happens (also with no trick taken)." The
    referee adds it to the side that declared it, whoever wins the sequences."""
    from scorekeeper.rules import make_rules
    from scorekeeper.rules.referee import judge_melds

    judged = judge_melds(make_rules("bela"), "hearts", 0,
                         [[{"kind": "sequence", "length": 4, "top": "A", "suit": "clubs"}], []], ["Mike", "Yvonne"],
                         bela=[0, 1])
    assert judged.scores == (50, 20)
    assert judged.explanation[-1] == "Bela always counts: Yvonne scores 20 for the K and Q of trumps."


def test_the_card_counter_counts_with_the_engine() -> None:
    """RULES.md §2: "Deck totals (32 cards, without the last trick): one trump suit 152; all trumps 248; no
    trumps 120." The counter's two sides of a four-handed deal must make the deck."""
    from scorekeeper.rules import Card, Contract
    from scorekeeper.rules.referee import count_card_points

    jack, nine, ace = Card.parse("JH"), Card.parse("9H"), Card.parse("AS")
    count = count_card_points(Contract.HEARTS, [[jack, nine], [ace]], full_deck=True)
    assert count.points == (34, 11) and count.deck == 152 and count.other == 118 and count.adds_up is False
    assert count_card_points(Contract.NO_TRUMPS, [[jack, nine]], full_deck=False).points == (2,)
