"""Belote contrée's own hand-value identities (RULES.md §12), over hands Hypothesis draws: what the two sides write
is the hand and the bid, shared out by the bid; coinche multiplies the winner's line alone; the rounding moves a
score by 5 at most and never makes a bid."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, Position, Result, make_rules, score_hand
from scorekeeper.rules.hand import CAPOT, read_hand
from scorekeeper.rules.scoring import hand_points
from tests.rules.test_properties import FEW, hands

COINCHE = PRESETS["coinche"]


def _value(rules: Any, raw: dict[str, Any]) -> tuple[tuple[int, ...], int, int]:
    """The hand points of each side (card points, last trick, counted declarations, belote, capot), the bid's worth
    and each side's belote count, read from the hand as given."""
    hand = read_hand(rules, raw)
    points = hand_points(rules, hand, 0, ("a", "b")).points
    bid = rules.capot_bid if hand.bid == CAPOT else int(hand.bid or 0)
    return points, bid, sum(hand.bela)


@FEW
@given(data=st.data())
def test_not_coinched_the_sides_write_the_hand_and_the_bid(data: st.DataObject) -> None:
    """§12: made, the taker scores "its points plus the bid", the defence "its own points"; dedans, the defence
    scores "162 + the bid" and "every declaration of both sides", the taker "nothing but its own belote". Either way
    the two sides write the hand's points and the bid, once."""
    raw = {**data.draw(hands(COINCHE), label="hand"), "double": 0}
    out = score_hand(COINCHE, Position.start(COINCHE), raw)
    points, bid, _ = _value(COINCHE, raw)
    assert out.result in (Result.MADE, Result.BATE)
    assert sum(out.scores) == sum(points) + bid, out.explanation
    taker = raw["taker"]
    if out.result is Result.MADE:
        assert out.scores[taker] == points[taker] + bid, out.explanation
        assert out.scores[taker] >= (bid if raw["bid"] != CAPOT else 502), out.explanation
    else:
        assert out.scores[taker] <= 20, out.explanation  # its belote at most


@FEW
@given(data=st.data(), double=st.sampled_from([1, 2]), keeps=st.sampled_from(["nothing", "keeps-own"]))
def test_coinche_multiplies_the_winners_line_alone(data: st.DataObject, double: int, keeps: str) -> None:
    """§12: "the side that wins the contract (the taker when made, the defence when dedans) scores its line times
    the multiplier and the other side nothing but its belote" (``keeps-own``: its own points, unmultiplied)."""
    rules = make_rules("coinche", {"double-loser": keeps})
    raw = data.draw(hands(rules), label="hand")
    plain = score_hand(rules, Position.start(rules), {**raw, "double": 0})
    out = score_hand(rules, Position.start(rules), {**raw, "double": double})
    assert out.result is plain.result, "a coinche never changes whether the bid is made"
    winner = raw["taker"] if out.result is Result.MADE else 1 - raw["taker"]
    loser = 1 - winner
    times = (1, 2, 4)[double]
    if out.result is Result.BATE:
        # The defence's line holds the whole hand; the failed taker's holds only its belote, which it keeps.
        assert out.scores[winner] == plain.scores[winner] * times, out.explanation
        assert out.scores[loser] == plain.scores[loser], out.explanation
    else:
        assert out.scores[winner] == plain.scores[winner] * times, out.explanation
        if keeps == "keeps-own":
            assert out.scores[loser] == plain.scores[loser], out.explanation
        else:
            assert out.scores[loser] in (0, 20, 40), out.explanation


@FEW
@given(data=st.data(), rounding=st.sampled_from(["nearest-ten", "five-down"]))
def test_the_rounding_moves_a_score_by_five_at_most_and_never_makes_a_bid(data: st.DataObject, rounding: str) -> None:
    """§12: "applied to each side's score of the hand after everything else"; "Rounding never makes a bid"."""
    rules = make_rules("coinche", {"rounding": rounding})
    raw = data.draw(hands(rules), label="hand")
    plain = score_hand(COINCHE, Position.start(COINCHE), raw)
    out = score_hand(rules, Position.start(rules), raw)
    assert out.result is plain.result
    for before, after in zip(plain.scores, out.scores, strict=True):
        assert after % 10 == 0 and abs(after - before) <= 5, out.explanation
