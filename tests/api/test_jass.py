"""Swiss Jass through the JSON API (RULES.md §11, API.md "Swiss Jass"): a Schieber table records its hands, thanks
(bedanken) to end the game, and reads its strokes; what the game does not allow is refused with the field named and
nothing saved. Each check is what a phone sees: the status, the named field, the state after."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import API, assert_errors, assert_unchanged, create, record, row_counts, snapshot

SWISS = ["Urs", "Vreni", "Beat", "Heidi"]
"""Seats in order: Urs & Beat are side 0, Vreni & Heidi side 1."""


def hand(taker: int, contract: str, points: int | None, last: int, **extra: Any) -> dict[str, Any]:
    """One side's card points given, the other's left for the engine (every card is played)."""
    return {"taker": taker, "contract": contract, "card_points": [points, None], "last_trick": last, **extra}


def test_both_schieber_games_are_offered_with_their_options(client: FlaskClient) -> None:
    """API.md: presets schieber and schieber-2500; options last-trick, success: each-own, multipliers,
    meld-contest-tie, claim-order, claim-required and deck: 36; contracts gain top-down and bottom-up."""
    shown = {v["variant"]: v for v in client.get(f"{API}/variants").get_json()["variants"]}
    jass = shown["schieber"]
    assert (jass["target"], jass["success"], jass["last-trick"], jass["deck"]) == (1000, "each-own", 5, 36)
    assert jass["multipliers"] == {} and jass["meld-contest-tie"] == "sequence-first"
    assert jass["claim-order"] == "stoeck-weis-stich" and jass["claim-required"] is False
    assert jass["contracts"] == ["clubs", "diamonds", "hearts", "spades", "top-down", "bottom-up"]
    assert shown["schieber-2500"]["target"] == 2500
    assert shown["schieber-2500"]["multipliers"] == {"clubs": 2, "spades": 2, "top-down": 3, "bottom-up": 3}
    assert shown["bela"]["last-trick"] == 10 and shown["bela"]["claim-required"] is True


def test_a_hand_answer_carries_the_multiplier_and_the_match(client: FlaskClient) -> None:
    """RULES.md §11.32 and §11.33; API.md: a hand answer's points and scores are after the multiplier and carry
    "multiplier"; a Match says "valat": the side, and "kontermatch": true when the other side made it."""
    made = create(client, "schieber-2500", SWISS)
    answer = record(client, made, hand(0, "top-down", 37, 1))
    assert (answer["points"], answer["scores"], answer["multiplier"]) == ([111, 360], [111, 360], 3)
    assert answer["valat"] is False and "kontermatch" not in answer
    answer = record(client, made, hand(0, "spades", 152, 0))
    assert (answer["scores"], answer["valat"], answer["multiplier"]) == ([514, 0], 0, 2)
    assert "kontermatch" not in answer and "took every trick: Match." in " ".join(answer["explanation"])
    answer = record(client, made, hand(0, "spades", 0, 1))
    assert (answer["scores"], answer["valat"], answer["kontermatch"]) == ([0, 514], 1, True)
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["totals"] == [625, 874]
    # A Match 1, a Kontermatch 2; nobody has reached 1250 for Berg yet.
    assert state["games"] == [{"number": 1, "totals": [625, 874], "winner": None, "strokes": [1, 2]}]
    assert state["strokes"] == [1, 2]
    assert [h["valat"] for h in state["hands"]] == [False, 0, 1]


def test_a_preview_carries_the_multiplier(client: FlaskClient) -> None:
    """API.md: a preview's points and scores are after the multiplier and carry "multiplier"."""
    answer = client.post(f"{API}/preview", json={"variant": "schieber-2500", "hand": hand(1, "clubs", 90, 0)})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert (body["points"], body["multiplier"]) == ([190, 124], 2)


def test_a_whole_game_to_1000_with_strokes_and_bedanken(client: FlaskClient) -> None:
    """RULES.md §11: a side at or over the target after a hand wins; strokes: the winner 2, Berg 1, Schneider 2;
    bedanken: a side short of the target loses the game."""
    made = create(client, "schieber", SWISS)
    for _ in range(4):
        record(client, made, hand(0, "hearts", 120, 0))
    answer = record(client, made, {"taker": 1, "contract": "diamonds",
                                   "claim": {"side": 1, "stoeck": [0, 0], "weis": [0, 0], "tricks": [40, 50]}})
    assert answer["result"] == "false-claim"
    explanation = " ".join(answer["explanation"])
    assert "Vreni & Heidi thanked short of 1000 and lose the game. Urs & Beat win the game." in explanation
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["finished"] and state["winner"] == 0
    assert state["games"][0]["totals"] == [540, 178]
    # The winner 2, Berg 1 (500 reached in hand 4), Schneider 2 (178 is under 500).
    assert state["games"][0]["strokes"] == [5, 0] and state["strokes"] == [5, 0]


def test_bedanken_with_both_sides_over_the_target(client: FlaskClient) -> None:
    """RULES.md §11.35 through the API: the counting order decides; result claim, side 0 wins."""
    made = create(client, "schieber", SWISS, rules={"target": 330})
    for _ in range(2):
        record(client, made, hand(0, "hearts", 152, 0, took_trick=[True, True]))
        record(client, made, hand(1, "clubs", 0, 1, took_trick=[True, True]))
    assert client.get(made.url, headers=made.edit).get_json()["state"]["totals"] == [314, 314]
    answer = record(client, made, {"taker": 0, "contract": "hearts",
                                   "claim": {"side": 1, "stoeck": [20, 0], "weis": [0, 50], "tricks": [12, 31]}})
    assert answer["result"] == "claim" and answer["scores"] == [32, 81]
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["winner"] == 0 and state["finished"]


@pytest.mark.parametrize(("variant", "body", "field", "words"), [
    ("schieber", hand(0, "top-down", 80, 1, bela=[1, 0]), "bela", "there is no Stöck in Obenabe"),
    ("schieber", hand(0, "hearts", 80, 1, melds=[[20], [50]]), "melds", "only the side with the best"),
    ("schieber", hand(0, "hearts", 80, 1, melds=[[30], []]), "melds.0", "30 is not a meld"),
    ("schieber", {"taker": 0, "card_points": [80, None], "last_trick": 1}, "contract", "say the contract"),
    ("schieber", hand(0, "no-trumps", 80, 1), "contract", "not a contract"),
    ("schieber", {"taker": 0, "contract": "top-down", "claim": {"side": 0, "stoeck": [20, 0]}}, "claim.stoeck",
     "no Stöck in Obenabe"),
    ("schieber", {"taker": 0, "contract": "hearts", "claim": {"side": 0, "weis": [20, 50]}}, "claim.weis",
     "only the side with the best Weis"),
    ("schieber", {"taker": 0, "contract": "hearts", "claim": {"side": 0, "tricks": [100, 100]}}, "claim.tricks",
     "more than the 157"),
    ("schieber", {"taker": 0, "contract": "hearts", "claim": {"side": 0, "points": 100}}, "claim.points",
     "stoeck, weis and tricks"),
    ("schieber", hand(0, "hearts", 80, 1, melds=[[{"kind": "sequence", "length": 10, "top": "A",
                                                    "suit": "hearts"}], []]), "melds.0", "3 to 9 cards"),
    ("bela", {"taker": 0, "card_points": [80, 60], "last_trick": 1,
              "melds": [[{"kind": "sequence", "length": 3, "top": "8", "suit": "hearts"},
                         {"kind": "square", "rank": "6"}], []]}, "melds.0", "score nothing"),
    ("bela-4", hand(0, "top-down", 80, 1), "contract", "not a contract"),
    ("bela", {"taker": 0, "card_points": [80, 60], "last_trick": 1, "melds_by_seat": [[], []]}, "melds_by_seat",
     "four-handed games"),
    ("schieber", hand(0, "hearts", 80, 1, melds=[[20], []], melds_by_seat=[[], [], [], []]), "melds_by_seat",
     "not both"),
    ("schieber", hand(0, "hearts", 80, 1, melds_by_seat=[[{"kind": "square", "rank": "J"}],
                                                         [{"kind": "square", "rank": "J"}], [], []]),
     "melds_by_seat.1", "in two declarations"),
])
def test_what_jass_does_not_allow_is_refused_and_nothing_is_saved(
        app: Flask, client: FlaskClient, variant: str, body: dict[str, Any], field: str, words: str) -> None:
    """RULES.md §11: Stöck none in Obenabe or Undenufe; Weis for one side only, on the ladder's values; contracts
    are required; bedanken gives what each side has won by kind; runs of at most nine cards. A 32-card game has no
    sixes and no Obenabe."""
    made = create(client, variant, SWISS if variant != "bela" else None)
    before = snapshot(app, client, made)
    errors = assert_errors(client.post(f"{made.url}/hands", json=body, headers=made.edit), 422, field)
    assert any(words in e["message"] for e in errors), errors
    assert_unchanged(app, client, made, before)


@pytest.mark.parametrize(("variant", "rules", "field", "words"), [
    ("schieber", {"multipliers": {"no-trumps": 2}}, "rules.multipliers", "no contract of Schieber"),
    ("schieber", {"multipliers": {"hearts": 0}}, "rules.multipliers.hearts", "from 1 to 10"),
    ("schieber", {"multipliers": [2]}, "rules.multipliers", "an object"),
    ("schieber", {"last-trick": 7}, "rules.last-trick", "in fives"),
    ("schieber", {"claim-order": "weis-first"}, "rules.claim-order", "stoeck-weis-stich"),
    ("bela", {"contracts": ["clubs", "diamonds", "hearts", "spades", "bottom-up"]}, "rules.contracts",
     "they are Jass contracts"),
])
def test_house_rules_jass_does_not_know_are_refused(client: FlaskClient, variant: str, rules: dict[str, Any],
                                                    field: str, words: str) -> None:
    """API.md: the multipliers option names the game's contracts, each ×1 to ×10; the last trick in fives; the
    counting order one of two; Obenabe and Undenufe only where the game has their card values."""
    response = client.post(f"{API}/matches", json={"variant": variant, "players": SWISS if variant != "bela"
                                                   else ["Mike", "Yvonne"], "rules": rules})
    errors = assert_errors(response, 422, field)
    assert any(words in e["message"] for e in errors), errors


def test_a_table_s_own_multipliers_replace_the_preset_s(client: FlaskClient) -> None:
    """RULES.md §11: The `multipliers` option replaces the preset's table: a contract it does not name is ×1."""
    made = create(client, "schieber-2500", SWISS, rules={"multipliers": {"hearts": 4}})
    assert record(client, made, hand(0, "hearts", 37, 1))["scores"] == [148, 480]
    assert record(client, made, hand(0, "clubs", 37, 1))["scores"] == [37, 120]


def test_a_tournament_passe_counts_without_weis_stoeck_or_match(client: FlaskClient) -> None:
    """RULES.md §11: a fixed number of hands (`target: null, deal-limit: 12`, a tournament "Passe": the higher total
    wins). Tournament counting without Weis, Stöck or Match bonus is `melds: none, bela-points: 0, valat: 0`."""
    made = create(client, "schieber", SWISS, rules={"target": None, "deal-limit": 12, "melds": "none",
                                                    "bela-points": 0, "valat": 0, "claims": "none"})
    refused = client.post(f"{made.url}/hands", json=hand(0, "hearts", 80, 1, melds=[[50], []]), headers=made.edit)
    assert any("count no declarations" in e["message"] for e in assert_errors(refused, 422, "melds"))
    refused = client.post(f"{made.url}/hands", json=hand(0, "hearts", 80, 1, bela=[1, 0]), headers=made.edit)
    assert any("give Stöck no points" in e["message"] for e in assert_errors(refused, 422, "bela"))
    answer = record(client, made, hand(0, "hearts", 152, 0))
    assert answer["scores"] == [157, 0] and answer["valat"] is False
    for _ in range(11):
        answer = record(client, made, hand(1, "diamonds", 60, 1))
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["finished"] and state["winner"] == 1 and state["games"][0]["totals"] == [817, 1067]
    assert state["strokes"] == [0, 2]  # no target: no Berg, no Schneider; the winner 2


def test_a_passe_starts_without_saying_claims_none(app: Flask, client: FlaskClient) -> None:
    """RULES.md §11: a fixed number of hands is `target: null, deal-limit: 12`; with no target there is nothing to
    claim, so claims do not apply unasked. Asking for claims with no target is still refused, naming claims, and
    saves nothing."""
    made = create(client, "schieber", SWISS, rules={"target": None, "deal-limit": 12})
    rules = client.get(made.url, headers=made.edit).get_json()["rules"]
    assert (rules["target"], rules["deal-limit"], rules["claims"]) == (None, 12, "none")
    before = row_counts(app)
    refused = client.post(f"{API}/matches", json={"variant": "schieber", "players": SWISS,
                                                  "rules": {"target": None, "deal-limit": 12, "claims": "any-time"}})
    assert any("need a target" in e["message"] for e in assert_errors(refused, 422, "rules.claims"))
    assert row_counts(app) == before
