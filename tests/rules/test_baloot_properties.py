"""Baloot's own hand-value identities (RULES.md §13), over hands Hypothesis draws: the cards' game points are always
the hand's 16 (Hokum) or 26 (Sun), or a kaboot's 25 or 44; what the sides write is those, every project and each
baloot once, whoever made it; a double multiplies everything but the baloot; the buyer never writes more than the
other side when it failed."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS, Contract, Position, Result, make_rules, score_hand
from scorekeeper.rules.hand import read_hand
from scorekeeper.rules.scoring import game_points_pair, hand_points
from tests.rules.test_properties import FEW, hands

BALOOT = PRESETS["baloot"]


def _parts(rules: Any, raw: dict[str, Any]) -> tuple[int, int, int]:
    """The hand's card game points (16, 26, or a kaboot's), its projects and its baloot, in game points."""
    hand = read_hand(rules, raw)
    sun = hand.contract is Contract.NO_TRUMPS
    per = 5 if sun else 10
    cards = [c or 0 for c in hand.card_points or (0, 0)]
    took = hand.took_trick or [cards[s] > 0 or s == hand.last_trick for s in range(2)]
    whole = (44 if sun else 25) if sum(took) == 1 else (26 if sun else 16)
    melds = hand_points(rules.melds_in(hand.contract), hand, 0, ("a", "b")).sums
    projects = sum(terms.melds for terms in melds if terms is not None) // per
    return whole, projects, 2 * sum(hand.bela)


@FEW
@given(raw=st.tuples(st.integers(0, 162), st.sampled_from([None, Contract.NO_TRUMPS])))
def test_the_cards_game_points_are_always_the_hand_s(raw: tuple[int, Contract | None]) -> None:
    """§13: "Both rules always give 16 and 26"."""
    points, contract = raw
    total = BALOOT.deck(contract) + BALOOT.last_trick
    if points > total:
        return
    turned, _ = game_points_pair(BALOOT, (points, total - points), contract)
    assert sum(turned) == (26 if contract is Contract.NO_TRUMPS else 16)
    assert all(abs(t * (5 if contract else 10) - p) <= 10 for t, p in zip(turned, (points, total - points),
                                                                           strict=True))


@FEW
@given(data=st.data())
def test_the_sides_write_the_hand_every_project_and_each_baloot_once(data: st.DataObject) -> None:
    """§13: made or level, each side writes its own; khasran, "the other side writes the whole hand — 16 or 26 (or
    the kaboot) and every project of both sides; the buyer writes nothing but its baloot"; doubled, the winner
    writes "both sides' card game points and projects ... times the multiplier", "baloot stays ×1 with its
    holder"."""
    raw = data.draw(hands(BALOOT), label="hand")
    out = score_hand(BALOOT, Position.start(BALOOT), raw)
    whole, projects, baloot = _parts(BALOOT, raw)
    times = (1, 2, 3, 4)[raw.get("double", 0)]
    assert sum(out.scores) == (whole + projects) * times + baloot, out.explanation
    if out.result is Result.BATE:
        assert out.scores[raw["taker"]] <= 2, out.explanation  # its baloot at most
    if times > 1 and out.result is not Result.TIE:
        loser = raw["taker"] if out.result is Result.BATE else 1 - raw["taker"]
        assert out.scores[loser] <= 2, out.explanation


@FEW
@given(data=st.data(), level=st.sampled_from([1, 2, 3]))
def test_doubled_projects_stop_at_two_under_the_house_rule(data: st.DataObject, level: int) -> None:
    """§13: "Projects are multiplied at every level (option doubled-projects: all; double-only: ×2 at most)"."""
    rules = make_rules("baloot", {"doubled-projects": "double-only"})
    drawn = data.draw(hands(rules), label="hand")
    assume(drawn["contract"] != "no-trumps")  # Sun has the double alone
    raw = {**drawn, "double": level}
    out = score_hand(rules, Position.start(rules), raw)
    whole, projects, baloot = _parts(rules, raw)
    assert sum(out.scores) == whole * (1, 2, 3, 4)[level] + projects * min(2, (1, 2, 3, 4)[level]) + baloot
