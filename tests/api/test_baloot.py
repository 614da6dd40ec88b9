"""Baloot through the JSON API (RULES.md §13, docs/api.md "A hand of Baloot"): a Riyadh table records Sun and Hokum,
projects, kaboot and doubles to a sakka of 152, raw points in and game points out; what the game does not allow is
refused with the field named and nothing saved. Each check is what a phone sees."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import API, assert_errors, assert_unchanged, create, record, snapshot

TABLE = ["سعد", "فهد", "خالد", "ناصر"]
"""Seats in order: سعد and خالد are side 0, فهد and ناصر side 1."""


def hand(contract: str, points: int | None, taker: int = 0, last: int = 0, **extra: Any) -> dict[str, Any]:
    """The buyer's raw card points given (the last trick apart), the other side's left to the engine."""
    cards = [points, None] if taker == 0 else [None, points]
    return {"taker": taker, "contract": contract, "card_points": cards, "last_trick": last, **extra}


def test_baloot_is_offered_with_its_own_house_rules(client: FlaskClient) -> None:
    """API.md: preset baloot to 152, Sun (no-trumps) beside the suits, its options sun-double and doubled-projects."""
    shown = {v["variant"]: v for v in client.get(f"{API}/variants").get_json()["variants"]}
    baloot = shown["baloot"]
    assert (baloot["target"], baloot["players"]) == (152, 4)
    assert baloot["contracts"] == ["clubs", "diamonds", "hearts", "spades", "no-trumps"]
    assert (baloot["sun-double"], baloot["doubled-projects"]) == ("behind-over-100", "all")
    assert "sun-double" not in shown["coinche"] and "rounding" not in baloot


def test_a_sakka_to_152_in_game_points(client: FlaskClient) -> None:
    """RULES.md §13.48, §13.52, §13.55, §13.56, §13.59: raw points in, game points out, a kaboot, a double."""
    made = create(client, "baloot", TABLE)
    answer = record(client, made, hand("no-trumps", 70))
    assert (answer["result"], answer["points"], answer["scores"], answer["valat"]) == ("made", [80, 50], [16, 10],
                                                                                       False)
    answer = record(client, made, hand("hearts", 90, bela=[1, 0], melds=[[50], []]))
    assert answer["scores"] == [17, 6]
    answer = record(client, made, hand("spades", 152))
    assert (answer["scores"], answer["valat"]) == ([25, 0], 0)
    assert "took every trick: kaboot, 25." in " ".join(answer["explanation"])
    answer = record(client, made, hand("clubs", 90, double=3))
    assert answer["scores"] == [64, 0] and "Four (×4)" in " ".join(answer["explanation"])
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["totals"] == [122, 16] and not state["finished"]
    answer = record(client, made, hand("hearts", 70, taker=1, last=1, double=1))
    assert (answer["result"], answer["scores"]) == ("bate", [32, 0])
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["totals"] == [154, 16] and state["finished"] and state["winner"] == 0


def test_gahwa_wins_the_game_at_once(client: FlaskClient) -> None:
    """RULES.md §13.60: "Hokum, gahwa, raw 100 / 62 → the buyer's side wins the game at once"."""
    made = create(client, "baloot", TABLE)
    answer = record(client, made, hand("hearts", 90, gahwa=True))
    assert answer["scores"] == [10, 6]
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["finished"] and state["winner"] == 0


@pytest.mark.parametrize(("variant", "body", "field", "words"), [
    ("baloot", hand("no-trumps", 70, bela=[1, 0]), "bela", "no baloot in no-trumps"),
    ("baloot", hand("hearts", 90, melds=[[200], []]), "melds.0", "200"),
    ("baloot", hand("hearts", 90, melds=[[{"kind": "square", "rank": "9"}], []]), "melds.0", "score nothing"),
    ("baloot", hand("no-trumps", 70, double=2), "double", "Sun has the double alone"),
    ("baloot", hand("no-trumps", 70, double=1), "double", "Sun may be doubled only"),
    ("baloot", hand("hearts", 90, double=4), "double", "four ×4"),
    ("baloot", hand("hearts", 90, gahwa="yes"), "gahwa", "true or false"),
    ("baloot", hand("hearts", 90, thrown_in=True), "thrown_in", "no hand is thrown in"),
    ("coinche", {**hand("hearts", 90), "bid": 80, "gahwa": True}, "gahwa", "has no gahwa"),
])
def test_what_baloot_does_not_allow_is_refused_and_nothing_is_saved(
        app: Flask, client: FlaskClient, variant: str, body: dict[str, Any], field: str, words: str) -> None:
    """RULES.md §13: baloot is Hokum's; four hundred (four aces) is Sun's; four nines score nothing; Sun has the
    double alone, only from behind; four levels of doubling; a hand where all pass is not recorded; gahwa is
    Baloot's."""
    made = create(client, variant, TABLE)
    before = snapshot(app, client, made)
    errors = assert_errors(client.post(f"{made.url}/hands", json=body, headers=made.edit), 422, field)
    assert any(words in e["message"] for e in errors), errors
    assert_unchanged(app, client, made, before)


def test_sun_doubled_from_behind_and_by_the_house_rule(client: FlaskClient) -> None:
    """RULES.md §13: Sun "allowed only when one side has 100 or more and the doubling side has less: option
    sun-double: behind-over-100, or any"."""
    made = create(client, "baloot", TABLE, rules={"sun-double": "any"})
    assert record(client, made, hand("no-trumps", 70, double=1))["scores"] == [52, 0]
    made = create(client, "baloot", TABLE)
    record(client, made, hand("hearts", 152))  # 25
    for _ in range(3):
        record(client, made, hand("hearts", 152))  # 100 in all: the buyer's side over 100, the other under
    assert record(client, made, hand("no-trumps", 70, double=1))["scores"] == [52, 0]


@pytest.mark.parametrize(("contract", "scores"), [("no-trumps", [200, 0]), ("hearts", [100, 0])])
def test_the_referee_counts_four_aces_by_the_contract(client: FlaskClient, contract: str, scores: list[int]) -> None:
    """RULES.md §13: "hundred (five in sequence, or four K, Q, J or 10; in Hokum four aces too) 100 ...; four hundred
    (four aces, Sun only) 200": the referee answers in raw points, by the contract asked."""
    response = client.post(f"{API}/referee/melds", json={
        "variant": "baloot", "contract": contract, "forehand": 0,
        "declarations": [[{"kind": "square", "rank": "A"}], [{"kind": "sequence", "length": 3, "top": "K",
                                                              "suit": "clubs"}]]})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["scores"] == scores
