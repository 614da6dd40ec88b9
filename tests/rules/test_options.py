"""Every preset and every option value of RULES.md, checked by what a player sees at the table.

Each test quotes the sentence of the rule book, docs/rules.md (or of one of its source texts), that it rests on.
Hands are written as API.md "A hand" describes them; sides are numbered from 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence as Seq
from typing import Any

import pytest

from scorekeeper.rules import (
    OPTION_NAMES,
    PRESETS,
    Contract,
    HandResult,
    MatchFinished,
    MatchState,
    Position,
    Rank,
    RuleError,
    Rules,
    Sequence,
    Square,
    Suit,
    contest,
    make_rules,
    replay,
    score_hand,
    tens_pair,
)

Hand = dict[str, Any]


def rules_for(variant: str, overrides: Mapping[str, object] | None = None) -> Rules:
    return make_rules(variant, overrides)


def score(
    variant: str,
    hand: Hand,
    totals: Seq[int] | None = None,
    pot: int = 0,
    dealer: int = 0,
    overrides: Mapping[str, object] | None = None,
) -> HandResult:
    """Score one hand of ``variant`` from the given position (0 each, empty pot by default)."""
    rules = rules_for(variant, overrides)
    position = Position(tuple(totals) if totals is not None else (0,) * rules.sides, pot, dealer)
    return score_hand(rules, position, hand)


def play(
    variant: str, hands: list[Hand], overrides: Mapping[str, object] | None = None, first_dealer: int = 0,
) -> MatchState:
    return replay(rules_for(variant, overrides), hands, first_dealer=first_dealer)


def said(result: HandResult) -> str:
    """The explanation as one lower-case text, to look for key words in."""
    return " ".join(result.explanation).lower()


def refused(variant: str, overrides: Mapping[str, object]) -> dict[str, str]:
    """The problems (field → message) of overrides the engine must refuse."""
    with pytest.raises(RuleError) as info:
        make_rules(variant, overrides)
    return {p.field: p.message for p in info.value.problems}


# ---------------------------------------------------------------------------------------------------------------
# §5 Presets


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        ("bela", {"players": 2, "target": 501, "success": "beat-each", "tie": "hold-taker",
                  "melds-need-trick": True, "claims": "any-time", "claim-from": None, "claim-window": None,
                  "false-claim": "loses-game", "best-of": 3}),
        ("bela-3", {"players": 3, "target": 501, "success": "beat-each", "tie": "hold-taker",
                    "melds-need-trick": True, "claims": "any-time", "false-claim": "loses-game", "best-of": 1}),
        ("klaberjass", {"players": 2, "target": 500, "success": "beat-each", "tie": "taker-nothing",
                        "melds-need-trick": True, "claims": "none", "best-of": 1}),
        ("clobby", {"players": 4, "sides": 2, "target": 1001, "success": "half-bait", "tie": "taker-fails",
                    "melds-need-trick": False, "claims": "any-time", "claim-from": 900,
                    "false-claim": "forfeits-hand", "best-of": 1}),
        ("belote", {"players": 4, "sides": 2, "target": 151, "tens": True, "success": "beat-each",
                    "tie": "hold-taker", "melds-need-trick": False, "claims": "none", "best-of": 1,
                    "valat": 90, "no-win-on-valat": True, "sequence-tie": "nobody"}),
        ("zensa", {"players": 2, "target": 500, "tie": "taker-nothing", "claims": "none",
                   "meld-values": {"sequence-3": 20, "sequence-4": 50, "sequence-5": 100, "square-J": 200,
                                   "square-A": 100, "square-K": 100, "square-Q": 100, "square-10": 100}}),
        ("derda", {"players": 2, "target": 500, "tie": "taker-nothing", "claims": "none",
                   "meld-values": {"sequence-3": 30, "sequence-4": 50}}),
        ("south-african", {"players": 4, "sides": 2, "target": 500, "success": "beat-each",
                           "tie": "taker-nothing", "melds-need-trick": False, "claims": "none", "best-of": 1,
                           "contracts": ["clubs", "diamonds", "hearts", "spades", "no-trumps"]}),
    ],
)
def test_presets_match_the_table_of_section_5(variant: str, expected: dict[str, object]) -> None:
    """RULES.md §5: "| `bela` | 000 | 2 players | 501 | beat-each | hold-taker | yes | any time (false claim
    loses the game) | 3 |" and the other rows of the preset table."""
    shown = PRESETS[variant].as_dict()
    for option, value in expected.items():
        assert shown[option] == value, option


# ---------------------------------------------------------------------------------------------------------------
# §4.5 Tie rules, two-handed and three-handed

TIE_TWO = {"taker": 0, "card_points": [61, 71], "last_trick": 0}  # 71-71
TIE_THREE = {"taker": 0, "card_points": [50, 60, 40], "last_trick": 0}  # 60-60-40


@pytest.mark.parametrize(
    ("tie", "result", "scores", "pot", "words"),
    [
        ("hold-taker", "tie", (0, 71), 71, ["tie", "defenders score their own", "held over", "pot"]),
        ("hold-all", "tie", (0, 0), 142, ["tie", "nobody scores", "142 is held over"]),
        ("taker-nothing", "tie", (0, 71), 0, ["tie", "taker scores nothing"]),
        ("taker-fails", "bate", (0, 142), 0, ["bate", "hand value 142"]),
    ],
)
def test_tie_rules_two_handed(tie: str, result: str, scores: tuple[int, ...], pot: int, words: list[str]) -> None:
    """RULES.md §4.5: "`hold-taker` (Bela default, the Scottish Bela text): defenders score their own; the taker's hand
    points go into the pot. `hold-all` (Klaberjass variation): nobody scores; the whole hand value goes into the
    pot. `taker-nothing` (Klaberjass book rule): taker 0, defenders their own; nothing is held. `taker-fails`:
    counts as failed." """
    out = score("bela", TIE_TWO, overrides={"tie": tie})
    assert out.points == (71, 71)
    assert out.result.value == result
    assert out.scores == scores
    assert out.totals == scores
    assert out.pot == pot
    for word in words:
        assert word in said(out)


@pytest.mark.parametrize(
    ("tie", "result", "scores", "pot", "words"),
    [
        ("hold-taker", "tie", (0, 60, 40), 60, ["tie", "defenders score their own", "60 is held over"]),
        ("hold-all", "tie", (0, 0, 0), 160, ["tie", "nobody scores", "160 is held over"]),
        ("taker-nothing", "tie", (0, 60, 40), 0, ["tie", "taker scores nothing"]),
        ("taker-fails", "bate", (0, 120, 40), 0, ["bate", "60 + the taker's 60 = 120", "others keep their own"]),
    ],
)
def test_tie_rules_three_handed(tie: str, result: str, scores: tuple[int, ...], pot: int, words: list[str]) -> None:
    """RULES.md §4.4: "Exactly equal to the best defender: the **tie rule** decides." In three-handed play
    a failed taker's points go to "the defender with the most hand points ...; in three-handed play the other
    defender keeps its own." (bela-3; §4.5 tie rules as in two-handed play)."""
    out = score("bela-3", TIE_THREE, overrides={"tie": tie})
    assert out.points == (60, 60, 40)
    assert out.result.value == result
    assert out.scores == scores
    assert out.pot == pot
    for word in words:
        assert word in said(out)


def test_presets_use_their_own_tie_rule() -> None:
    """RULES.md §9.7: "`klaberjass`: tie 70-70 → taker 0, defender 70." and §9.5: "`bela`: tie 71-71 (taker
    side 0) → side 1 scores 71, pot 71." """
    klaberjass = score("klaberjass", {"taker": 0, "card_points": [60, 70], "last_trick": 0})
    assert (klaberjass.scores, klaberjass.pot) == ((0, 70), 0)
    bela = score("bela", TIE_TWO)
    assert (bela.scores, bela.pot) == ((0, 71), 71)


def test_bela_3_bate_goes_to_the_higher_defender() -> None:
    """RULES.md §9.8: "`bela-3`: taker 50, B 55, C 45 → 0 / 105 / 45." (the Scottish Bela text: "In the case of a bate
    the higher opponent wins the bate player's points.")"""
    out = score("bela-3", {"taker": 0, "card_points": [40, 55, 45], "last_trick": 0})
    assert out.points == (50, 55, 45)
    assert out.result.value == "bate"
    assert out.scores == (0, 105, 45)
    assert out.winner == 1


def test_bela_3_defenders_tied_for_most_against_a_bate_taker_fill_the_pot() -> None:
    """RULES.md §4.6: "In three-handed play, if the two defenders tie for the most hand points against a failed
    taker, the taker's hand points go into the pot." """
    state = play("bela-3", [
        {"taker": 0, "card_points": [30, 50, 50], "last_trick": 0},  # 40 against 50 and 50
        {"taker": 1, "card_points": [30, 60, 20], "last_trick": 1},  # 30, 70, 20: side 1 makes
    ])
    first, second = (h.outcome for h in state.hands)
    assert first is not None and second is not None
    assert first.result.value == "bate"
    assert first.scores == (0, 50, 50)
    assert first.pot == 40
    assert "defenders tie for the most" in said(first)
    assert second.scores == (30, 70 + 40, 20)
    assert second.pot == 0
    assert "takes the pot of 40" in said(second)
    assert state.totals == (30, 160, 70)


# ---------------------------------------------------------------------------------------------------------------
# §4.6 The pot


def test_pot_grows_over_consecutive_ties_and_goes_to_a_taker_who_makes() -> None:
    """RULES.md §4.6: "the pot goes to the side that wins the next hand that has a winner: the taker if made,
    ... It grows over consecutive ties." """
    state = play("bela", [
        {"taker": 0, "card_points": [61, 71], "last_trick": 0},  # 71-71, taker 0: side 1 scores 71, pot 71
        {"taker": 1, "card_points": [71, 61], "last_trick": 1},  # 71-71, taker 1: side 0 scores 71, pot 142
        {"taker": 0, "card_points": [70, 62], "last_trick": 0},  # 80-62: side 0 makes and takes the pot
    ])
    pots = [h.outcome.pot for h in state.hands if h.outcome]
    assert pots == [71, 142, 0]
    last = state.hands[2].outcome
    assert last is not None
    assert last.result.value == "made"
    assert last.scores == (80 + 142, 62)
    assert "takes the pot of 142" in said(last)
    assert state.totals == (71 + 222, 71 + 62)
    assert state.pot == 0


def test_pot_goes_to_the_side_that_scored_a_bate() -> None:
    """RULES.md §4.6: "the pot goes to ... the side that scored the failed taker's points if failed."
    and §9.5: "Next hand side 1 takes and makes 80-60 → side 1 scores 80 + 71, side 0 60, pot 0." """
    state = play("bela", [
        {"taker": 0, "card_points": [61, 71], "last_trick": 0},  # tie: pot 71
        {"taker": 0, "card_points": [50, 92], "last_trick": 0},  # 60 against 92: bate
    ])
    bate = state.hands[1].outcome
    assert bate is not None
    assert bate.result.value == "bate"
    assert bate.scores == (0, 152 + 71)
    assert bate.pot == 0
    assert "takes the pot of 71" in said(bate)
    assert state.totals == (0, 71 + 223)


def test_worked_example_5_pot_to_the_next_taker() -> None:
    """RULES.md §9.5: "`bela`: tie 71-71 (taker side 0) → side 1 scores 71, pot 71. Next hand side 1 takes and
    makes 80-60 → side 1 scores 80 + 71, side 0 60, pot 0." """
    state = play("bela", [
        {"taker": 0, "card_points": [61, 71], "last_trick": 0},
        {"taker": 1, "card_points": [60, 70], "last_trick": 1},
    ])
    second = state.hands[1].outcome
    assert second is not None
    assert second.scores == (60, 151)
    assert second.pot == 0
    assert state.totals == (60, 71 + 151)


def test_pot_survives_a_thrown_in_hand() -> None:
    """RULES.md §4.1: "**Thrown in** ...: nobody scores; only the deal moves on." and §4.6 the pot waits for
    "the next hand that has a winner"."""
    state = play("bela", [
        {"taker": 0, "card_points": [61, 71], "last_trick": 0},  # pot 71
        {"thrown_in": True},
        {"taker": 1, "card_points": [60, 70], "last_trick": 1},  # side 1 makes 80-60
    ])
    thrown = state.hands[1].outcome
    assert thrown is not None
    assert thrown.result.value == "thrown-in"
    assert thrown.scores == (0, 0)
    assert thrown.pot == 71
    assert "pot of 71 waits" in said(thrown)
    last = state.hands[2].outcome
    assert last is not None
    assert last.scores == (60, 80 + 71)
    assert state.pot == 0


def test_pot_in_three_handed_goes_to_the_bate_scorer() -> None:
    """RULES.md §4.6: "the side that scored the failed taker's points if failed" takes the pot."""
    state = play("bela-3", [
        {"taker": 0, "card_points": [50, 60, 40], "last_trick": 0},  # tie 60-60-40: pot 60
        {"taker": 1, "card_points": [30, 40, 60], "last_trick": 2},  # 40 against 30 and 70: bate
    ])
    bate = state.hands[1].outcome
    assert bate is not None
    assert bate.result.value == "bate"
    assert bate.scores == (30, 0, 70 + 40 + 60)
    assert state.totals == (30, 60, 40 + 170)


def test_pot_open_when_a_game_ends_is_not_scored_and_next_game_starts_at_0_0() -> None:
    """RULES.md §4.7: "A pot still open when a game ends is not scored (the hand history keeps it); the next game
    starts at 0-0 with an empty pot." """
    state = play("klaberjass", [
        {"taker": 0, "card_points": [130, 12], "last_trick": 0},  # 140-12: 140 / 12
        {"taker": 1, "card_points": [61, 51], "last_trick": 1},  # 61-61 tie: side 0 reaches 201, 61 held
    ], overrides={"target": 200, "tie": "hold-taker", "best-of": 3}, first_dealer=1)
    ending = state.hands[1].outcome
    assert ending is not None
    assert ending.result.value == "tie"
    assert ending.game_winner == 0
    assert ending.pot == 61  # kept in the history
    assert ending.totals == (201, 12)
    assert state.games[0].winner == 0
    assert state.games[0].totals == (201, 12)
    assert state.games_won == (1, 0)
    assert state.game == 2
    assert state.totals == (0, 0)
    assert state.pot == 0
    assert not state.finished


# ---------------------------------------------------------------------------------------------------------------
# §6 Claims: Scottish any-time


def test_scottish_good_claim_wins_at_once_even_as_a_bate_taker() -> None:
    """RULES.md §9.6: "`bela`: totals 478 (side 1) / 495; side 1 claims with 40 won so far → 518, side 1 wins
    the game." and §6: "it wins at once, even as a taker who would have gone bate." """
    out = score("bela", {"taker": 1, "claim": {"side": 1, "points": 40}}, totals=(495, 478))
    assert out.result.value == "claim"
    assert out.game_winner == 1
    assert out.scores == (0, 40)
    assert out.totals == (495, 518)
    assert "good claim" in said(out)
    assert "wins the game" in said(out)
    # Played out, the same taker would have gone bate: 50 against 90.
    played_out = score("bela", {"taker": 1, "card_points": [80, 50], "last_trick": 0}, totals=(495, 478))
    assert played_out.result.value == "bate"
    assert played_out.totals == (495 + 140, 478)
    assert played_out.game_winner is None  # and, unclaimed, no win either


def test_scottish_false_claim_in_three_handed_play() -> None:
    """RULES.md §6: "A false claim loses the game." Three-handed, the rule book does not say who wins it; the
    engine gives it to the other player with the highest total."""
    out = score("bela-3", {"taker": 0, "claim": {"side": 0, "points": 10}}, totals=(480, 300, 420))
    assert out.result.value == "false-claim"
    assert out.game_winner == 2
    assert out.totals == (480, 300, 420)


def test_scottish_false_claim_loses_the_game() -> None:
    """RULES.md §9.6: "Same with 20 won so far → 498, false claim: side 0 wins the game." and §6: "A false claim
    loses the game." """
    out = score("bela", {"taker": 1, "claim": {"side": 1, "points": 20}}, totals=(495, 478))
    assert out.result.value == "false-claim"
    assert out.game_winner == 0
    assert out.scores == (0, 0)
    assert out.totals == (495, 478)
    assert "false claim" in said(out)
    assert "side 0 wins the game" in said(out)


def test_scottish_side_over_the_target_has_not_won_without_a_claim() -> None:
    """RULES.md §6: "A side that ends a hand at or over the target without claiming has not won yet: it must
    claim during a later hand (after taking a trick)." """
    out = score("bela", {"taker": 0, "card_points": [65, 60], "last_trick": 0}, totals=(480, 300))
    assert out.totals == (555, 360)
    assert out.game_winner is None
    state = play("bela", [
        {"taker": 0, "card_points": [142, 0], "last_trick": 0},  # 152 of a target of 150
        {"taker": 1, "card_points": [20, 60], "last_trick": 1},  # side 0 still has not won
        {"taker": 1, "claim": {"side": 0, "points": 4}},
    ], overrides={"target": 150})
    after_two = state.hands[1].outcome
    assert after_two is not None
    assert after_two.totals == (172, 70)
    assert after_two.game_winner is None
    claim = state.hands[2].outcome
    assert claim is not None
    assert claim.result.value == "claim"
    assert claim.game_winner == 0
    assert state.games_won == (1, 0)


def test_scottish_can_claim_and_needs_on_the_board() -> None:
    """RULES.md §6: "a side may claim at any moment of a hand." """
    state = play("bela", [{"taker": 0, "card_points": [65, 60], "last_trick": 0}])
    assert state.can_claim == (True, True)
    assert state.needs == (501 - 75, 501 - 60)


# ---------------------------------------------------------------------------------------------------------------
# §6 East Lothian: claim-window 3

EAST_LOTHIAN = {"claim-window": 3}


def test_east_lothian_claim_within_three_tricks_is_good() -> None:
    """RULES.md §6: "Option `claim-window: 3` (East Lothian): a claim is allowed only within the first three
    tricks"."""
    out = score("bela", {"taker": 1, "claim": {"side": 1, "points": 40, "trick": 2}}, totals=(495, 478),
                overrides=EAST_LOTHIAN)
    assert out.result.value == "claim"
    assert out.game_winner == 1
    assert out.totals == (495, 518)


def test_east_lothian_claim_in_trick_4_is_refused() -> None:
    """RULES.md §6: "a claim is allowed only within the first three tricks; otherwise hands are scored in
    full"."""
    with pytest.raises(RuleError) as info:
        score("bela", {"taker": 1, "claim": {"side": 1, "points": 40, "trick": 4}}, totals=(495, 478),
              overrides=EAST_LOTHIAN)
    assert info.value.field == "claim.trick"
    assert "first 3 tricks" in info.value.message
    assert "trick 4" in info.value.message


def test_east_lothian_end_of_hand_win_applies() -> None:
    """RULES.md §6: "otherwise hands are scored in full and `end-of-hand` applies." """
    out = score("bela", {"taker": 0, "card_points": [65, 60], "last_trick": 0}, totals=(480, 300),
                overrides=EAST_LOTHIAN)
    assert out.totals == (555, 360)
    assert out.game_winner == 0
    assert "wins the game" in said(out)


# ---------------------------------------------------------------------------------------------------------------
# §6 Clobby: claim-from 900


def test_clobby_claim_below_900_is_refused() -> None:
    """RULES.md §6: "`claim-from: 900` (Clobby): only a side whose total before the hand is at least 900 may
    claim." """
    with pytest.raises(RuleError) as info:
        score("clobby", {"taker": 0, "claim": {"side": 0, "points": 160}}, totals=(899, 700))
    assert info.value.field == "claim.side"
    assert "899" in info.value.message and "900" in info.value.message


def test_clobby_good_claim_leaves_the_other_total_unchanged() -> None:
    """RULES.md §9.10: "`clobby`: side 0 on 930 claims with 75 won → 1005, wins; side 1 unchanged." """
    out = score("clobby", {"taker": 1, "claim": {"side": 0, "points": 75}}, totals=(930, 640))
    assert out.result.value == "claim"
    assert out.game_winner == 0
    assert out.totals == (1005, 640)
    assert out.scores == (75, 0)


def test_clobby_false_claim_forfeits_the_hand_value() -> None:
    """RULES.md §6: "False claim: the claiming side forfeits the hand: the other side scores the whole hand value
    (162 + all declared melds and bella); if that takes it to the target it wins, else another hand is dealt." """
    hand = {"taker": 0, "claim": {"side": 0, "points": 50}, "melds": [[20], []], "bela": [0, 1]}
    out = score("clobby", hand, totals=(930, 700))
    assert out.result.value == "false-claim"
    assert out.scores == (0, 162 + 20 + 20)
    assert out.totals == (930, 902)
    assert out.game_winner is None
    assert "forfeits the hand" in said(out)
    assert "162 + melds 20 + bella 20 = 202" in said(out)

    winning = score("clobby", hand, totals=(930, 810))
    assert winning.totals == (930, 1012)
    assert winning.game_winner == 1
    assert "side 1 wins the game" in said(winning)


def test_clobby_claim_rights_on_the_board() -> None:
    """RULES.md §6: "only a side whose total before the hand is at least 900 may claim." """
    state = play("clobby", [{"taker": 0, "card_points": [142, None], "last_trick": 0}])
    assert state.totals == (152, 10)
    assert state.can_claim == (False, False)
    assert replay(rules_for("clobby", {"claim-from": 150}), [
        {"taker": 0, "card_points": [142, None], "last_trick": 0}]).can_claim == (True, False)


def test_clobby_half_bait_worked_example() -> None:
    """RULES.md §9.9: "`clobby`: hand value 202 (162 + a 20 run + bella): defenders 101 → 0 / 202 (bait);
    defenders 100 → 102 / 100." """
    bait = score("clobby", {"taker": 0, "card_points": [71, 81], "last_trick": 0, "melds": [[20], []],
                            "bela": [0, 1]})
    assert bait.points == (101, 101)
    assert bait.result.value == "bate"
    assert bait.scores == (0, 202)
    assert "bait" in said(bait)
    assert "half or more of the hand value 202" in said(bait)
    made = score("clobby", {"taker": 0, "card_points": [72, 80], "last_trick": 0, "melds": [[20], []],
                            "bela": [0, 1]})
    assert made.points == (102, 100)
    assert made.result.value == "made"
    assert made.scores == (102, 100)


# ---------------------------------------------------------------------------------------------------------------
# §6 No claims: end of hand (klaberjass)


def test_klaberjass_refuses_a_claim() -> None:
    """RULES.md §5: `klaberjass` claims "none: end of hand"."""
    with pytest.raises(RuleError) as info:
        score("klaberjass", {"taker": 0, "claim": {"side": 0, "points": 40}}, totals=(480, 300))
    assert info.value.field == "claim"
    assert "no claims" in info.value.message


def test_klaberjass_wins_at_the_end_of_a_hand() -> None:
    """RULES.md §6: "`end-of-hand`: after a hand, a side at or over the target wins"."""
    out = score("klaberjass", {"taker": 0, "card_points": [70, 60], "last_trick": 0}, totals=(450, 300))
    assert out.totals == (530, 360)
    assert out.game_winner == 0
    assert "reaches 530 of 500" in said(out)
    state = play("klaberjass", [{"taker": 0, "card_points": [70, 60], "last_trick": 0}])
    assert state.can_claim == (False, False)


def test_klaberjass_both_over_the_target_higher_wins() -> None:
    """RULES.md §6: "if several are, the higher total wins"."""
    out = score("klaberjass", {"taker": 1, "card_points": [70, 72], "last_trick": 1}, totals=(450, 460))
    assert out.totals == (520, 542)
    assert out.game_winner == 1


def test_klaberjass_both_level_over_the_target_play_on() -> None:
    """RULES.md §6: "if they are equal, another hand is played." """
    out = score("klaberjass", {"taker": 0, "card_points": [70, 70], "last_trick": 0}, totals=(450, 460))
    assert out.totals == (530, 530)
    assert out.game_winner is None
    assert "level on 530" in said(out)
    assert "another hand is played" in said(out)


# ---------------------------------------------------------------------------------------------------------------
# §4.2 Revoke


def test_revoke_upheld_two_sided_gives_the_whole_hand_value() -> None:
    """RULES.md §4.2: "upheld → the offending side scores 0 and the challenger scores its own hand points plus the
    offender's ... In two-sided games that is the whole hand value" """
    out = score("bela", {"taker": 0, "card_points": [80, 62], "last_trick": 0,
                         "revoke": {"accused": 0, "accuser": 1, "upheld": True}})
    assert out.points == (90, 62)
    assert out.result.value == "revoke"
    assert out.scores == (0, 152)
    assert out.winner == 1
    assert "upheld" in said(out)


def test_revoke_wrong_challenge_two_sided() -> None:
    """RULES.md §4.2: "a wrong challenge → the challenger scores 0 and the accused side scores its own plus the
    challenger's." """
    out = score("bela", {"taker": 0, "card_points": [80, 62], "last_trick": 0,
                         "revoke": {"accused": 0, "accuser": 1, "upheld": False}})
    assert out.scores == (152, 0)
    assert out.winner == 0
    assert "wrong challenge" in said(out)


def test_revoke_three_handed_third_player_keeps_its_own() -> None:
    """RULES.md §4.2: "In two-sided games that is the whole hand value; a third player keeps its own." """
    hand = {"taker": 0, "card_points": [50, 40, 30], "last_trick": 0}
    upheld = score("bela-3", {**hand, "revoke": {"accused": 0, "accuser": 1, "upheld": True}})
    assert upheld.points == (60, 40, 30)
    assert upheld.scores == (0, 100, 30)
    wrong = score("bela-3", {**hand, "revoke": {"accused": 0, "accuser": 1, "upheld": False}})
    assert wrong.scores == (100, 0, 30)


def test_revoke_in_belote_scores_in_tens() -> None:
    """RULES.md §4.2: "Revoke challenge (any variant ...)" with §7: "A side taking all points in tens: round the
    whole." """
    hand = {"taker": 0, "contract": "hearts", "card_points": [82, 70], "last_trick": 0}
    upheld = score("belote", {**hand, "revoke": {"accused": 0, "accuser": 1, "upheld": True}})
    assert upheld.scores == (0, 16)
    assert "162 → 16" in said(upheld)
    wrong = score("belote", {**hand, "revoke": {"accused": 0, "accuser": 1, "upheld": False}})
    assert wrong.scores == (16, 0)


# ---------------------------------------------------------------------------------------------------------------
# §4.1 Thrown in, schmeiss


@pytest.mark.parametrize(("variant", "dealer_after"), [("bela", 1), ("bela-3", 1), ("clobby", 1), ("belote", 3)])
def test_thrown_in_nobody_scores_and_the_deal_moves(variant: str, dealer_after: int) -> None:
    """RULES.md §4.1: "**Thrown in** (everybody passed, or schmeiss accepted): nobody scores; only the deal moves
    on." """
    state = play(variant, [{"thrown_in": True}])
    out = state.hands[0].outcome
    assert out is not None
    assert out.result.value == "thrown-in"
    assert set(out.scores) == {0}
    assert set(state.totals) == {0}
    assert state.dealer == dealer_after
    assert "nobody scores" in said(out)


def test_schmeiss_accepted_is_a_thrown_in_hand_and_previous_non_dealer_deals() -> None:
    """RULES.md §4.1: "Thrown in (everybody passed, or schmeiss accepted)"; the Scottish Bela text: "If the opponent
    of the player who says Schmeiss agrees, the cards are thrown in and the previous non-dealer deals"."""
    state = play("bela", [{"thrown_in": True}], first_dealer=0)
    assert state.totals == (0, 0)
    assert state.dealer == 1


def test_schmeiss_refused_is_an_ordinary_hand_with_the_schmeisser_as_taker() -> None:
    """The Scottish Bela text: "the opponent of the Schmeisser can insist on playing, in which case the player who said
    Schmeiss becomes the taker, exactly as though he had chosen the suit of the turned-up card as trumps." """
    made = play("bela", [{"taker": 1, "card_points": [60, 80], "last_trick": 1}], first_dealer=0)
    out = made.hands[0].outcome
    assert out is not None
    assert out.result.value == "made"
    assert out.scores == (60, 90)
    assert made.dealer == 1
    bate = play("bela", [{"taker": 1, "card_points": [80, 60], "last_trick": 1}], first_dealer=0)
    assert bate.totals == (150, 0)
    assert bate.dealer == 0


# ---------------------------------------------------------------------------------------------------------------
# §7 Belote: contracts, multipliers, valat


def test_belote_worked_example_11_made_and_inside() -> None:
    """RULES.md §9.11: "`belote`: hearts, taker 92, defenders 70 → 9 / 7. Taker 72, defenders 90 → 0 / 16." """
    made = score("belote", {"taker": 0, "contract": "hearts", "card_points": [82, 70], "last_trick": 0})
    assert made.scores == (9, 7)
    assert "92 → 9" in said(made) and "70 → 7" in said(made)
    inside = score("belote", {"taker": 0, "contract": "hearts", "card_points": [72, 80], "last_trick": 1})
    assert inside.result.value == "bate"
    assert inside.scores == (0, 16)


def test_belote_hanging_worked_example_12() -> None:
    """RULES.md §9.12: "`belote`: hearts, 81-81 → side 1 scores 8, 8 hangs. Next hand side 1 takes and makes
    100-62 → side 1 scores 10 + 8, side 0 scores 6." """
    state = play("belote", [
        {"taker": 0, "contract": "hearts", "card_points": [71, 81], "last_trick": 0},
        {"taker": 1, "contract": "spades", "card_points": [62, 90], "last_trick": 1},
    ])
    first, second = state.hands[0].outcome, state.hands[1].outcome
    assert first is not None and second is not None
    assert first.result.value == "tie"
    assert (first.scores, first.pot) == ((0, 8), 8)
    assert (second.scores, second.pot) == ((6, 18), 0)
    assert state.totals == (6, 26)


@pytest.mark.parametrize(
    ("double", "cards", "last", "melds", "scores", "result", "words"),
    [
        (1, [85, 67], 0, [[20], []], (36, 0), "made", ["doubled", "182 → 18", "18 × 2 = 36"]),
        (1, [67, 85], 1, [[], [20]], (0, 36), "bate", ["doubled", "182 → 18", "18 × 2 = 36"]),
        (2, [85, 67], 0, [[20], []], (72, 0), "made", ["redoubled", "182 → 18", "18 × 4 = 72"]),
        (2, [67, 85], 1, [[], [20]], (0, 72), "bate", ["redoubled", "182 → 18", "18 × 4 = 72"]),
    ],
)
def test_belote_doubled_and_redoubled_winner_scores_everything(
    double: int, cards: list[int], last: int, melds: list[list[int]], scores: tuple[int, int], result: str,
    words: list[str],
) -> None:
    """RULES.md §7: "Doubled / redoubled: the side with more points scores everything × 2 / × 4 (bonuses
    included), whoever doubled." and "Tens first, then the multiplier"; §9.15: "`belote`: hearts doubled, taker
    95 + 20 tierce, defenders 67 → taker scores 36, defenders 0." (redoubled: 18 × 4 = 72, not 728 / 10 = 73)"""
    out = score("belote", {"taker": 0, "contract": "hearts", "double": double, "card_points": cards,
                           "last_trick": last, "melds": melds})
    assert out.result.value == result
    assert out.scores == scores
    for word in words:
        assert word in said(out)


@pytest.mark.parametrize(("double", "hangs", "whole"), [(1, 32, "16 × 2 = 32"), (2, 64, "16 × 4 = 64")])
def test_belote_doubled_hanging_everything_hangs_for_the_next_winner(double: int, hangs: int, whole: str) -> None:
    """RULES.md §7: "Equal: everything × 2 / × 4 hangs for the next winner." and "A redoubled 81–81 hangs 64." """
    state = play("belote", [
        {"taker": 0, "contract": "hearts", "double": double, "card_points": [71, 81], "last_trick": 0},
        {"taker": 1, "contract": "spades", "card_points": [62, 90], "last_trick": 1},  # 100-62: 10 / 6
    ])
    hanging, next_hand = state.hands[0].outcome, state.hands[1].outcome
    assert hanging is not None and next_hand is not None
    assert hanging.result.value == "tie"
    assert hanging.scores == (0, 0)
    assert hanging.pot == hangs
    assert whole in said(hanging) and "hangs" in said(hanging)
    assert next_hand.scores == (6, 10 + hangs)
    assert state.pot == 0


def test_belote_hanging_points_pile_up() -> None:
    """RULES.md §7: "the taker's points hang for the winner of the next hand, and pile up over further hanging
    hands." """
    state = play("belote", [
        {"taker": 0, "contract": "hearts", "card_points": [71, 81], "last_trick": 0},  # 8 hangs
        {"taker": 1, "contract": "clubs", "card_points": [81, 71], "last_trick": 1},  # 8 more
        {"taker": 0, "contract": "hearts", "card_points": [90, 62], "last_trick": 0},  # 100-62
    ])
    assert [h.outcome.pot for h in state.hands if h.outcome] == [8, 16, 0]
    last = state.hands[2].outcome
    assert last is not None
    assert last.scores == (10 + 16, 6)


def test_belote_no_game_is_won_on_a_hand_with_a_valat() -> None:
    """RULES.md §6: "`belote` (151): end-of-hand; no game is won on a hand with a valat: play another hand." """
    out = score("belote", {"taker": 0, "contract": "hearts", "card_points": [152, 0], "last_trick": 0},
                totals=(140, 50))
    assert out.valat
    assert out.points == (162 + 90, 0)
    assert out.scores == (25, 0)
    assert out.totals == (165, 50)
    assert out.game_winner is None
    assert "valat" in said(out) and "no game is won" in said(out)
    valat: Hand = {"taker": 0, "contract": "hearts", "card_points": [152, 0], "last_trick": 0}
    state = play("belote", [valat] * 7)  # 7 × 25 = 175: over 151 on a valat every time
    assert state.totals == (175, 0)
    assert not state.finished
    won = replay(rules_for("belote"), [
        *[valat] * 7,
        {"taker": 0, "contract": "hearts", "card_points": [82, 70], "last_trick": 0},
    ])
    assert won.finished
    assert won.winner == 0


def test_belote_valat_bonus_is_not_doubled_in_no_trumps() -> None:
    """RULES.md §7: "Valat (one side took every trick): +90 to that side; not doubled in no-trumps; multiplied by
    double." """
    out = score("belote", {"taker": 0, "contract": "no-trumps", "card_points": [120, 0], "last_trick": 0})
    assert out.points == ((120 + 10) * 2 + 90, 0)
    assert out.scores == (35, 0)
    assert "valat 90" in said(out)
    doubled = score("belote", {"taker": 0, "contract": "hearts", "double": 1, "card_points": [152, 0],
                               "last_trick": 0})
    assert doubled.points == (252, 0)
    assert doubled.scores == (50, 0)
    assert "252 → 25" in said(doubled) and "25 × 2 = 50" in said(doubled)


def test_belote_valat_needs_every_trick() -> None:
    """RULES.md §7: "Valat (one side took every trick)"; API.md: "One side taking every trick is a valat"."""
    out = score("belote", {"taker": 0, "contract": "hearts", "card_points": [152, 0], "last_trick": 0,
                           "took_trick": [True, True]})
    assert not out.valat
    assert out.points == (162, 0)


# ---------------------------------------------------------------------------------------------------------------
# §7 Tens


@pytest.mark.parametrize(
    ("contract", "cards", "last", "scores", "words"),
    [
        # suit: last digit 6+ rounds up, 5 or less down
        ("hearts", [87, 65], 0, (10, 6), ["97 → 10", "65 → 6"]),
        ("spades", [78, 74], 0, (9, 7), ["88 → 9", "74 → 7"]),
        # suit: both end in 6 -> the higher rounds down and the lower up
        ("hearts", [86, 66], 0, (9, 7), ["96 → 9", "66 → 7"]),
        # all-trumps: 5+ up, 4 or less down
        ("all-trumps", [125, 123], 0, (14, 12), ["135 → 14", "123 → 12"]),
        # all-trumps: both end in 4 -> the lower rounds up and the higher down (§9.14)
        ("all-trumps", [124, 124], 0, (13, 13), ["134 → 13", "124 → 13"]),
        # no-trumps: rounded after doubling, 5+ up (§9.13)
        ("no-trumps", [63, 57], 0, (15, 11), ["146 → 15", "114 → 11"]),
        ("no-trumps", [68, 52], 0, (16, 10), ["156 → 16", "104 → 10"]),
    ],
)
def test_tens_rounding(
    contract: str, cards: list[int], last: int, scores: tuple[int, int], words: list[str],
) -> None:
    """RULES.md §7: "**Tens.** Divide by 10 and round: suit contract: last digit 6+ rounds up, 5 or less down; if
    both sides' points end in 6, the higher rounds down and the lower up. All-trumps: 5+ up, 4 or less down; if
    both end in 4, the lower rounds up and the higher down. No-trumps (after doubling): 5+ up." """
    out = score("belote", {"taker": 0, "contract": contract, "card_points": cards, "last_trick": last})
    assert out.scores == scores
    for word in words:
        assert word in said(out)


def test_tens_whole_rounding_for_inside() -> None:
    """RULES.md §7: "A side taking all points in tens: round the whole." """
    suit = score("belote", {"taker": 0, "contract": "hearts", "card_points": [65, 87], "last_trick": 1})
    assert suit.points == (65, 97)
    assert suit.scores == (0, 16)  # 162 → 16, not 65 → 6 plus 97 → 10
    assert "162 → 16" in said(suit)
    trumps = score("belote", {"taker": 0, "contract": "all-trumps", "card_points": [110, 138], "last_trick": 1})
    assert trumps.scores == (0, 26)
    assert "258 → 26" in said(trumps)
    no_trumps = score("belote", {"taker": 0, "contract": "no-trumps", "card_points": [50, 70], "last_trick": 1})
    assert no_trumps.scores == (0, 26)


def test_tens_hanging_106_106_scores_10_and_hangs_11() -> None:
    """RULES.md §7: "Hanging with 106-106 (suit) or 154-154 (all-trumps): the defenders score 10 (15) and 11
    (16) hangs." """
    out = score("belote", {"taker": 0, "contract": "hearts", "card_points": [46, 106], "last_trick": 0,
                           "melds": [[50], []]})
    assert out.points == (106, 106)
    assert out.scores == (0, 10)
    assert out.pot == 11
    assert "hanging 106 → 11" in said(out)


def test_tens_hanging_154_154_scores_15_and_hangs_16() -> None:
    """RULES.md §7: "Hanging with 106-106 (suit) or 154-154 (all-trumps): the defenders score 10 (15) and 11
    (16) hangs." """
    out = score("belote", {"taker": 0, "contract": "all-trumps", "card_points": [94, 154], "last_trick": 0,
                           "melds": [[50], []]})
    assert out.points == (154, 154)
    assert out.scores == (0, 15)
    assert out.pot == 16


@pytest.mark.parametrize(
    ("first", "second", "contract", "expected"),
    [
        (97, 65, Contract.HEARTS, (10, 6)),
        (86, 76, Contract.HEARTS, (8, 8)),
        (76, 86, Contract.CLUBS, (8, 8)),
        (135, 123, Contract.ALL_TRUMPS, (14, 12)),
        (134, 124, Contract.ALL_TRUMPS, (13, 13)),
        (124, 134, Contract.ALL_TRUMPS, (13, 13)),
        (146, 114, Contract.NO_TRUMPS, (15, 11)),
        (106, 106, Contract.HEARTS, (10, 11)),
        (154, 154, Contract.ALL_TRUMPS, (15, 16)),
    ],
)
def test_tens_pair(first: int, second: int, contract: Contract, expected: tuple[int, int]) -> None:
    """RULES.md §7: the tens rules above, applied to two sides' points together."""
    assert tens_pair(first, second, contract) == expected


# ---------------------------------------------------------------------------------------------------------------
# §3 Meld contests

NAMES = ("North", "South")


def test_meld_longer_sequence_wins() -> None:
    """RULES.md §3: "Only the side holding the best sequence scores sequences, and then all of its sequences.
    Best = longer"."""
    out = contest(rules_for("bela"), Contract.HEARTS, 0,
                  [[Sequence(3, Rank.ACE, Suit.CLUBS)], [Sequence(4, Rank.JACK, Suit.SPADES)]], NAMES)
    assert out.scores == (0, 50)
    assert "longer" in " ".join(out.explanation)


def test_meld_higher_top_card_wins() -> None:
    """RULES.md §3: "Best = longer; then higher top card"."""
    out = contest(rules_for("bela"), Contract.HEARTS, 1,
                  [[Sequence(3, Rank.KING, Suit.CLUBS)], [Sequence(3, Rank.QUEEN, Suit.DIAMONDS)]], NAMES)
    assert out.scores == (20, 0)
    assert "king high" in " ".join(out.explanation)


def test_meld_sequence_in_trumps_wins() -> None:
    """RULES.md §3: "then a sequence in trumps" (API.md referee example: side 1's is in trumps: side 1 scores
    20)."""
    out = contest(rules_for("bela"), Contract.HEARTS, 0,
                  [[Sequence(3, Rank.KING, Suit.CLUBS)], [Sequence(3, Rank.KING, Suit.HEARTS)]], NAMES)
    assert out.scores == (0, 20)
    assert "in trumps" in " ".join(out.explanation)


@pytest.mark.parametrize(("forehand", "scores"), [(0, (20, 0)), (1, (0, 20))])
def test_meld_forehand_breaks_a_tie_in_bela(forehand: int, scores: tuple[int, int]) -> None:
    """RULES.md §3: "then (Bela) forehand's"."""
    out = contest(rules_for("bela"), Contract.HEARTS, forehand,
                  [[Sequence(3, Rank.KING, Suit.CLUBS)], [Sequence(3, Rank.KING, Suit.DIAMONDS)]], NAMES)
    assert out.scores == scores
    assert "forehand" in " ".join(out.explanation)


def test_meld_referee_example_of_the_api() -> None:
    """API.md referee example: "Both twenties, both king high; side 1's is in trumps: side 1 scores 20." """
    out = contest(rules_for("bela"), Contract.HEARTS, 0,
                  [[Sequence(3, Rank.KING, Suit.CLUBS)], [Sequence(3, Rank.KING, Suit.HEARTS)]],
                  ("side 0", "side 1"))
    assert out.scores == (0, 20)
    assert out.explanation == ("Both twenties, both king high; side 1's is in trumps: side 1 scores 20.",)
    fifties = contest(rules_for("bela"), Contract.HEARTS, 0,
                      [[Sequence(4, Rank.ACE, Suit.CLUBS)], [Sequence(4, Rank.KING, Suit.SPADES)]], NAMES)
    assert "Both fifties" in " ".join(fifties.explanation)


def test_meld_sequence_in_trumps_makes_no_difference_in_belote() -> None:
    """RULES.md §3: "`belote` (151): **nobody** scores sequences, whether or not one of them is in trumps (seed
    001: "If both sequences are equal, than neither team receives premiums")." """
    out = contest(rules_for("belote"), Contract.HEARTS, 0,
                  [[Sequence(3, Rank.KING, Suit.CLUBS)], [Sequence(3, Rank.KING, Suit.HEARTS)]], NAMES)
    assert out.scores == (0, 0)
    assert "nobody scores sequences" in " ".join(out.explanation)


def test_meld_equal_best_sequences_score_nothing_in_belote() -> None:
    """RULES.md §3: "(Belote 151) equal best sequences on both sides: nobody scores sequences." """
    out = contest(rules_for("belote"), Contract.HEARTS, 0,
                  [[Sequence(3, Rank.KING, Suit.CLUBS)], [Sequence(3, Rank.KING, Suit.DIAMONDS)]], NAMES)
    assert out.scores == (0, 0)
    assert "nobody scores sequences" in " ".join(out.explanation)


def test_meld_squares_are_judged_apart_in_belote() -> None:
    """RULES.md §3: "In Belote 151 squares are judged apart from sequences: only the side with the higher square
    scores squares." (the Belote 151 text: "Premiums for card sequences are given even if the other team has a
    Square.")"""
    apart = contest(rules_for("belote"), Contract.HEARTS, 0,
                    [[Sequence(4, Rank.KING, Suit.CLUBS)], [Square(Rank.JACK)]], NAMES)
    assert apart.scores == (50, 200)
    both = contest(rules_for("belote"), Contract.HEARTS, 0,
                   [[Sequence(3, Rank.KING, Suit.CLUBS), Square(Rank.ACE)],
                    [Sequence(3, Rank.JACK, Suit.HEARTS), Square(Rank.NINE)]], NAMES)
    assert both.scores == (20, 150)
    assert "judged apart" in " ".join(both.explanation)
    assert "four nines" in " ".join(both.explanation)


def test_meld_partners_combine_in_four_handed_play() -> None:
    """RULES.md §3: "Partners' melds count together (four-handed)." and "Only the side holding the best sequence
    scores sequences, and then all of its sequences." """
    out = contest(rules_for("clobby"), Contract.HEARTS, 0,
                  [[Sequence(3, Rank.KING, Suit.CLUBS), Sequence(4, Rank.JACK, Suit.SPADES)],
                   [Sequence(3, Rank.ACE, Suit.DIAMONDS)]], NAMES)
    assert out.scores == (70, 0)
    assert "20 + 50 = 70" in " ".join(out.explanation)
    hand = score("belote", {"taker": 0, "contract": "hearts", "card_points": [82, 70], "last_trick": 0,
                            "melds": [[{"kind": "sequence", "length": 3, "top": "K", "suit": "clubs"},
                                       {"kind": "sequence", "length": 3, "top": "Q", "suit": "spades"}],
                                      [{"kind": "sequence", "length": 3, "top": "J", "suit": "diamonds"}]]})
    assert hand.points == (92 + 40, 70)
    assert hand.scores == (13, 7)


def test_meld_a_run_of_five_is_a_fifty_in_bela_and_a_hundred_in_belote() -> None:
    """RULES.md §3: "Belote (151) also 5+ cards = 100. In Bela a run of five or more is still a fifty." """
    run = [[Sequence(5, Rank.ACE, Suit.CLUBS)], []]
    assert contest(rules_for("bela"), Contract.HEARTS, 0, run, NAMES).scores == (50, 0)
    assert contest(rules_for("belote"), Contract.HEARTS, 0, run, NAMES).scores == (100, 0)


def test_meld_a_run_of_five_beats_a_higher_run_of_four_in_bela() -> None:
    """RULES.md §3: "Best = longer; then higher top card" - longer first, even where a run of five is "still a
    fifty" (the Scottish Bela text compares equal values by the top card; the rule book's order is followed)."""
    out = contest(rules_for("bela"), Contract.HEARTS, 1,
                  [[Sequence(5, Rank.QUEEN, Suit.CLUBS)], [Sequence(4, Rank.ACE, Suit.SPADES)]], NAMES)
    assert out.scores == (50, 0)


def test_melds_need_a_trick_but_bela_still_counts() -> None:
    """RULES.md §9.4: "`bela`: side 1 holds a fifty (credited) but took no trick; side 1 declared bela; side 0 took
    all tricks with 90 card points and the last trick → side 0 100, side 1 20." """
    out = score("bela", {"taker": 0, "card_points": [90, 0], "last_trick": 0, "melds": [[], [50]],
                         "bela": [0, 1]})
    assert out.points == (100, 20)
    assert out.scores == (100, 20)
    assert "took no trick" in said(out)


def test_melds_count_without_a_trick_where_the_variant_says_so() -> None:
    """RULES.md §5: `clobby` and `belote` have "melds need trick: no"."""
    out = score("clobby", {"taker": 0, "card_points": [152, 0], "last_trick": 0, "melds": [[], [50]]})
    assert out.points == (162, 50)
    unchanged = score("bela", {"taker": 0, "card_points": [90, 0], "last_trick": 0, "melds": [[], [50]]},
                      overrides={"melds-need-trick": False})
    assert unchanged.points == (100, 50)


def test_declared_melds_in_a_hand_are_judged_with_forehand_from_the_deal() -> None:
    """RULES.md §3: "(Bela) forehand's" wins equal sequences; §8 the deal decides who is forehand (the player
    after the dealer leads)."""
    hand = {"taker": 0, "contract": "hearts", "card_points": [70, 62], "last_trick": 0,
            "melds": [[{"kind": "sequence", "length": 3, "top": "K", "suit": "clubs"}],
                      [{"kind": "sequence", "length": 3, "top": "K", "suit": "diamonds"}]]}
    dealer_0 = score("bela", hand, dealer=0)  # side 1 is forehand
    assert dealer_0.points == (80, 82)
    assert dealer_0.result.value == "bate"
    dealer_1 = score("bela", hand, dealer=1)  # side 0 is forehand
    assert dealer_1.points == (100, 62)
    assert dealer_1.result.value == "made"


# ---------------------------------------------------------------------------------------------------------------
# §8 The deal


def test_two_handed_winner_deals_and_the_deal_passes_after_a_tie_or_thrown_in() -> None:
    """RULES.md §8: "Bela / Klaberjass (2 players): the winner of a hand deals the next; after a tie or a
    thrown-in hand the deal passes to the other player." """
    state = play("bela", [
        {"taker": 1, "card_points": [60, 70], "last_trick": 1},  # side 1 makes: 1 deals
        {"taker": 1, "card_points": [50, 80], "last_trick": 1},  # side 1 makes again: 1 deals again
        {"taker": 1, "card_points": [80, 60], "last_trick": 0},  # bate: side 0 deals
        {"taker": 0, "card_points": [61, 71], "last_trick": 0},  # tie: deal passes to 1
        {"thrown_in": True},  # deal passes to 0
    ], first_dealer=0)
    dealers: list[int] = []
    for n in range(1, 6):
        dealers.append(replay(rules_for("bela"), [h.input for h in state.hands[:n]]).dealer)
    assert dealers == [1, 1, 0, 1, 0]
    assert state.dealer == 0
    assert state.leader == 1


def test_klaberjass_taker_nothing_tie_passes_the_deal() -> None:
    """RULES.md §8: "after a tie ... the deal passes to the other player." """
    state = play("klaberjass", [{"taker": 1, "card_points": [70, 60], "last_trick": 1}], first_dealer=1)
    assert state.totals == (70, 0)
    assert state.dealer == 0


def test_three_handed_deal_passes_clockwise() -> None:
    """RULES.md §8: "Three-handed: deal passes clockwise." (the Scottish Bela text: "Dealer deals clockwise")"""
    hands: list[Hand] = [{"taker": 0, "card_points": [70, 40, 30], "last_trick": 0}] * 4
    dealers = [play("bela-3", hands[:n], first_dealer=0).dealer for n in range(5)]
    assert dealers == [0, 1, 2, 0, 1]
    assert play("bela-3", hands[:1], first_dealer=0).leader == 2


def test_clobby_deal_passes_to_the_left() -> None:
    """RULES.md §8: "Clobby: to the left." (the Clobby pub rules: "the player to the dealer's left commences play")"""
    hands: list[Hand] = [{"taker": 0, "card_points": [90, None], "last_trick": 0}] * 4
    dealers = [play("clobby", hands[:n], first_dealer=2).dealer for n in range(5)]
    assert dealers == [2, 3, 0, 1, 2]
    assert play("clobby", [], first_dealer=2).leader == 3


def test_belote_deal_passes_to_the_right() -> None:
    """RULES.md §8: "Belote 151: to the right (counter-clockwise)." (the Belote 151 text: "the next player (to the
    right of the dealer) deals"; "The player to the right of the dealer begins the game")"""
    hands: list[Hand] = [{"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0}] * 4
    dealers = [play("belote", hands[:n], first_dealer=1).dealer for n in range(5)]
    assert dealers == [1, 0, 3, 2, 1]
    assert play("belote", [], first_dealer=1).leader == 0


# ---------------------------------------------------------------------------------------------------------------
# Best of three


def test_best_of_three_match() -> None:
    """RULES.md §1: "**match**: best of N games"; the Scottish Bela text: "Normally best-of-three is played, the
    winner of the last game dealing for the first hand of the next." and §4.7: "the next game starts at 0-0"."""
    hands: list[Hand] = [
        {"taker": 0, "card_points": [70, 62], "last_trick": 0},  # game 1: 80 / 62, side 0 deals
        {"taker": 1, "claim": {"side": 1, "points": 90}},  # 152 of 150: side 1 wins game 1
        {"taker": 1, "claim": {"side": 0, "points": 150}},  # game 2 to side 0
    ]
    rules = rules_for("bela", {"target": 150})
    assert rules.best_of == 3

    after_one = replay(rules, hands[:2], first_dealer=0)
    assert after_one.games_won == (0, 1)
    assert after_one.game == 2
    assert after_one.totals == (0, 0)
    assert after_one.pot == 0
    assert after_one.dealer == 1  # the winner of the last game deals
    assert after_one.winner is None and not after_one.finished
    assert [(g.number, g.totals, g.winner) for g in after_one.games] == [(1, (80, 152), 1), (2, (0, 0), None)]

    after_two = replay(rules, hands, first_dealer=0)
    assert after_two.games_won == (1, 1)
    assert after_two.dealer == 0
    assert not after_two.finished

    final = replay(rules, [*hands, {"taker": 0, "claim": {"side": 0, "points": 150}}], first_dealer=0)
    assert final.games_won == (2, 1)
    assert final.winner == 0
    assert final.finished
    assert final.can_claim == (False, False)
    assert [g.winner for g in final.games] == [1, 0, 0]

    with pytest.raises(MatchFinished) as info:
        replay(rules, [*hands, {"taker": 0, "claim": {"side": 0, "points": 150}}, {"thrown_in": True}])
    assert info.value.field == "hands.5"
    assert "finished" in info.value.message


def test_best_of_one_ends_the_match_with_the_game() -> None:
    """RULES.md §5: `klaberjass` is best of 1."""
    state = play("klaberjass", [{"taker": 0, "card_points": [70, 60], "last_trick": 0}], overrides={"target": 50})
    assert state.finished
    assert state.winner == 0
    assert state.games_won == (1, 0)


def test_three_handed_next_game_keeps_dealing_clockwise() -> None:
    """RULES.md §8: "Three-handed: deal passes clockwise." (the winner-deals rule is for two players only)"""
    state = play("bela-3", [{"taker": 2, "claim": {"side": 2, "points": 60}}],
                 overrides={"target": 50, "best-of": 3}, first_dealer=0)
    assert state.games_won == (0, 0, 1)
    assert state.game == 2
    assert state.dealer == 1


# ---------------------------------------------------------------------------------------------------------------
# §5 Overrides: every option accepted, nonsense refused


@pytest.mark.parametrize(
    ("variant", "overrides", "shown"),
    [
        ("bela", {"target": 500}, {"target": 500}),
        ("bela", {"success": "half-bait", "tie": "taker-fails"}, {"success": "half-bait", "tie": "taker-fails"}),
        ("clobby", {"success": "beat-each", "tie": "hold-taker"}, {"success": "beat-each", "tie": "hold-taker"}),
        ("bela", {"tie": "hold-taker"}, {"tie": "hold-taker"}),
        ("bela", {"tie": "hold-all"}, {"tie": "hold-all"}),
        ("bela", {"tie": "taker-nothing"}, {"tie": "taker-nothing"}),
        ("bela", {"tie": "taker-fails"}, {"tie": "taker-fails"}),
        ("klaberjass", {"melds-need-trick": False}, {"melds-need-trick": False}),
        ("belote", {"melds-need-trick": True}, {"melds-need-trick": True}),
        ("bela", {"claims": "none"}, {"claims": "none"}),
        ("klaberjass", {"claims": "any-time"}, {"claims": "any-time"}),
        ("bela", {"claim-window": 3}, {"claim-window": 3}),
        ("bela", {"claim-window": None}, {"claim-window": None}),
        ("bela", {"claim-from": 450}, {"claim-from": 450}),
        ("clobby", {"claim-from": None}, {"claim-from": None}),
        ("bela", {"false-claim": "forfeits-hand"}, {"false-claim": "forfeits-hand"}),
        ("clobby", {"false-claim": "loses-game"}, {"false-claim": "loses-game"}),
        ("bela", {"revoke": "none"}, {"revoke": "none"}),
        ("bela", {"revoke": "forfeit-hand"}, {"revoke": "forfeit-hand"}),
        ("bela", {"best-of": 5}, {"best-of": 5}),
        ("klaberjass", {"best-of": 1}, {"best-of": 1}),
        ("klaberjass", {"meld-values": {"sequence-3": 30}}, {"meld-values": {"sequence-3": 30, "sequence-4": 50}}),
        ("zensa", {"meld-values": {"square-J": 0}},
         {"meld-values": {"sequence-3": 20, "sequence-4": 50, "sequence-5": 100, "square-A": 100,
                          "square-K": 100, "square-Q": 100, "square-10": 100}}),
        ("bela", {"tens": True}, {"tens": True}),
        ("belote", {"tens": False}, {"tens": False}),
        ("klaberjass", {"valat": 100}, {"valat": 100}),
        ("belote", {"valat": 0}, {"valat": 0}),
        ("klaberjass", {"valat": 90, "no-win-on-valat": True}, {"no-win-on-valat": True}),
        ("belote", {"no-win-on-valat": False}, {"no-win-on-valat": False}),
        ("bela", {"sequence-tie": "nobody"}, {"sequence-tie": "nobody"}),
        ("belote", {"sequence-tie": "forehand"}, {"sequence-tie": "forehand"}),
        ("bela", {"melds_need_trick": False, "best_of": 1}, {"melds-need-trick": False, "best-of": 1}),
    ],
)
def test_every_option_can_be_overridden(variant: str, overrides: dict[str, object], shown: dict[str, object]) -> None:
    """RULES.md §5: "Every column is an option a match may override when it is created (e.g. `bela` to 500, or
    `tie: taker-fails`). The options a match was created with are stored with it and shown on its scoreboard"."""
    rules = make_rules(variant, overrides)
    as_shown = rules.as_dict()
    for option, value in shown.items():
        assert as_shown[option] == value, option
    # Everything not overridden stays as the preset has it.
    preset = PRESETS[variant].as_dict()
    touched = {name.replace("_", "-") for name in overrides}
    assert {k: v for k, v in as_shown.items() if k not in touched} == {
        k: v for k, v in preset.items() if k not in touched}


def test_every_option_name_of_the_rule_book_is_overridable() -> None:
    """RULES.md header: "every option a match may override" - target, success, tie, melds-need-trick, claims,
    claim-window, claim-from, false-claim, revoke, best-of, meld-values, tens, valat, no-win-on-valat,
    sequence-tie; §3 melds, §4 bela-on-bate, §6 deal-limit; §10 meld-contest, valat-to, deal-limit-level,
    bait-penalty, contracts (Tarabish's no-trumps); §11 last-trick, multipliers, meld-contest-tie, claim-required,
    claim-order, and the tournament counting's bela-points (with melds: none); §12 bid-success, bid-scores,
    capot-bid, dedans, belote-on-dedans, double-values, double-loser, rounding; §13 sun-double, doubled-projects."""
    assert set(OPTION_NAMES) == {
        "target", "success", "tie", "melds-need-trick", "claims", "claim-window", "claim-from", "false-claim",
        "revoke", "best-of", "meld-values", "tens", "valat", "no-win-on-valat", "sequence-tie",
        "melds", "bela-on-bate", "deal-limit", "meld-contest", "valat-to", "deal-limit-level", "bait-penalty",
        "contracts", "last-trick", "multipliers", "meld-contest-tie", "claim-required", "claim-order", "bela-points",
        "bid-success", "bid-scores", "capot-bid", "dedans", "belote-on-dedans", "double-values", "double-loser",
        "rounding", "sun-double", "doubled-projects",
    }


def test_overrides_change_the_scoring() -> None:
    """RULES.md §5: "a disputed hand is judged by the rules agreed before it." - overrides take effect."""
    # bela to 500 with claims: none plays to the end of a hand
    out = score("bela", {"taker": 0, "card_points": [65, 60], "last_trick": 0}, totals=(430, 0),
                overrides={"target": 500, "claims": "none"})
    assert out.game_winner == 0
    # sequence-tie nobody in bela
    equal = [[Sequence(3, Rank.KING, Suit.CLUBS)], [Sequence(3, Rank.KING, Suit.DIAMONDS)]]
    assert contest(rules_for("bela", {"sequence-tie": "nobody"}), Contract.HEARTS, 0, equal, NAMES).scores == (0, 0)
    # klaberjass with derda's thirty
    derda = score("klaberjass", {"taker": 0, "card_points": [70, 60], "last_trick": 0, "melds": [[30], []]},
                  overrides={"meld-values": {"sequence-3": 30}})
    assert derda.points == (110, 60)
    # tens in bela
    tens = score("bela", {"taker": 0, "card_points": [87, 65], "last_trick": 0}, overrides={"tens": True})
    assert tens.scores == (10, 6)
    # valat in klaberjass
    valat = score("klaberjass", {"taker": 0, "card_points": [100, 0], "last_trick": 0}, overrides={"valat": 100})
    assert valat.valat
    assert valat.points == (210, 0)
    # a false claim forfeiting the hand in bela
    forfeit = score("bela", {"taker": 0, "claim": {"side": 0, "points": 10}}, totals=(480, 300),
                    overrides={"false-claim": "forfeits-hand"})
    assert forfeit.totals == (480, 462)
    assert forfeit.game_winner is None
    # half-bait in bela
    bait = score("bela", {"taker": 0, "card_points": [60, 71], "last_trick": 1},
                 overrides={"success": "half-bait", "tie": "taker-fails"})
    assert bait.points == (60, 81)
    assert bait.scores == (0, 141)


@pytest.mark.parametrize(
    ("variant", "overrides", "field", "words"),
    [
        ("bela", {"target": -5}, "target", ["above 0", "-5"]),
        ("bela", {"target": 0}, "target", ["above 0"]),
        ("bela", {"target": "five hundred"}, "target", ["whole number"]),
        ("bela", {"target": True}, "target", ["whole number"]),
        ("bela", {"tie": "sometimes"}, "tie", ["'sometimes' is not a tie rule", "hold-taker"]),
        ("bela", {"success": "beat-all"}, "success", ["not a success rule"]),
        ("bela", {"claims": "always"}, "claims", ["not a claims rule"]),
        ("bela", {"false-claim": "nothing"}, "false-claim", ["not a false-claim rule"]),
        ("bela", {"revoke": "ignore"}, "revoke", ["not a revoke rule"]),
        ("bela", {"sequence-tie": "dealer"}, "sequence-tie", ["not a sequence-tie rule"]),
        ("clobby", {"claim-from": 1200}, "claim-from", ["between 0 and the target 1001", "1200"]),
        ("clobby", {"claim-from": -1}, "claim-from", ["between 0 and the target"]),
        ("bela", {"best-of": 2}, "best-of", ["odd number", "2"]),
        ("bela", {"best-of": 0}, "best-of", ["odd number"]),
        ("bela", {"jokers": True}, "jokers", ["unknown option", "target"]),
        ("bela", {"success": "half-bait"}, "tie", ["half-bait", "taker-fails"]),
        ("clobby", {"tie": "hold-taker"}, "tie", ["half-bait", "taker-fails"]),
        ("bela-3", {"success": "half-bait", "tie": "taker-fails"}, "success", ["two sides"]),
        ("klaberjass", {"claim-window": 3}, "claim-window", ["needs claims"]),
        ("klaberjass", {"claim-from": 400}, "claim-from", ["needs claims"]),
        ("bela", {"claim-window": 10}, "claim-window", ["1 to 9", "10"]),
        ("bela", {"claim-window": 0}, "claim-window", ["1 to 9"]),
        ("bela", {"melds-need-trick": "yes"}, "melds-need-trick", ["true or false"]),
        ("bela", {"tens": 1}, "tens", ["true or false"]),
        ("bela", {"meld-values": {"sequence-10": 100}}, "meld-values", ["no meld"]),
        ("bela", {"meld-values": {"sequence-3": 25}}, "meld-values", ["multiple of 10"]),
        ("bela", {"meld-values": [20, 50]}, "meld-values", ["object"]),
        ("bela", {"valat": -10}, "valat", ["multiple of 10"]),
        ("bela", {"valat": 95}, "valat", ["multiple of 10"]),
        ("bela-3", {"tens": True}, "tens", ["two sides"]),
        ("bela-3", {"false-claim": "forfeits-hand"}, "false-claim", ["two sides"]),
    ],
)
def test_nonsense_overrides_are_refused_naming_the_option(
    variant: str, overrides: dict[str, object], field: str, words: list[str],
) -> None:
    """RULES.md §5: "Every column is an option a match may override"; an option set to something that is not a
    rule is refused, naming the option (API.md: "422 a hand or match the rules do not allow (each problem named,
    with its field)")."""
    problems = refused(variant, overrides)
    assert field in problems
    for word in words:
        assert word in problems[field]


def test_several_nonsense_overrides_are_reported_at_once() -> None:
    """API.md: "each problem named, with its field"."""
    problems = refused("bela", {"target": -5, "best-of": 2})
    assert set(problems) == {"target", "best-of"}
    problems = refused("bela", {"tie": "sometimes", "jokers": 1, "tens": "no"})
    assert set(problems) == {"tie", "jokers", "tens"}


def test_unknown_variant_is_refused() -> None:
    """RULES.md §5 lists the presets; any other name is no game."""
    with pytest.raises(RuleError) as info:
        make_rules("poker")
    assert info.value.field == "variant"
    assert "unknown game" in info.value.message and "bela" in info.value.message
