"""Belote contrée through the JSON API (RULES.md §12, docs/api.md "A hand of Belote contrée"): a French table
records its bids, coinches and capots to 2000; what the game does not allow is refused with the field named and
nothing saved; its house rules are its own; the export carries the bid. Each check is what a phone sees."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import API, assert_errors, assert_unchanged, create, record, snapshot

TABLE = ["Ana", "Ivo", "Marko", "Petra"]
"""Seats in order: Ana & Marko are side 0, Ivo & Petra side 1."""


def bid(taker: int, value: int | str, points: int | None, last: int = 0, **extra: Any) -> dict[str, Any]:
    """The taker's card points given (the last trick apart), the defence's left to the engine."""
    cards = [points, None] if taker == 0 else [None, points]
    return {"taker": taker, "bid": value, "contract": "hearts", "card_points": cards, "last_trick": last, **extra}


def test_coinche_is_offered_with_its_own_house_rules(client: FlaskClient) -> None:
    """API.md: preset coinche, its eight options shown in its rules and in no other game's."""
    shown = {v["variant"]: v for v in client.get(f"{API}/variants").get_json()["variants"]}
    coinche = shown["coinche"]
    assert (coinche["target"], coinche["players"], coinche["doubles"]) == (2000, 4, True)
    assert {key: coinche[key] for key in ("bid-success", "bid-scores", "capot-bid", "dedans", "belote-on-dedans",
                                          "double-values", "double-loser", "rounding")} == {
        "bid-success": "reach", "bid-scores": "points-and-bid", "capot-bid": 250, "dedans": "162-plus-bid",
        "belote-on-dedans": "holder", "double-values": "2-4", "double-loser": "nothing", "rounding": "none"}
    assert "rounding" not in shown["belote"] and "bid-success" not in shown["bela"]


def test_a_game_to_2000_with_coinche_capot_and_dedans(client: FlaskClient) -> None:
    """RULES.md §12.36, §12.44, §12.45: made, coinched dedans, a capot bid; the game ends at 2000."""
    made = create(client, "coinche", TABLE)
    answer = record(client, made, bid(0, 120, 120))
    assert (answer["result"], answer["points"], answer["scores"]) == ("made", [250, 32], [250, 32])
    assert "Ana & Marko bid 120 and have 130: made." in answer["explanation"]
    answer = record(client, made, bid(1, 120, 100, last=1, double=1))
    assert (answer["result"], answer["points"], answer["scores"]) == ("bate", [282, 0], [564, 0])
    assert "Ivo & Petra bid 120 and have only 110: dedans." in answer["explanation"]
    assert "Coinched: 282 × 2 = 564." in answer["explanation"]
    answer = record(client, made, bid(0, "capot", 152))
    assert (answer["scores"], answer["valat"]) == ([502, 0], True)
    assert "Ana & Marko took every trick: capot." in answer["explanation"]
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["totals"] == [1316, 32] and not state["finished"]
    answer = record(client, made, bid(0, 160, 152, double=2))
    assert answer["scores"] == [(252 + 160) * 4, 0]
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["finished"] and state["winner"] == 0


@pytest.mark.parametrize(("variant", "body", "field", "words"), [
    ("coinche", bid(0, 75, 120), "bid", "80 to 160 in tens"),
    ("coinche", bid(0, 165, 120), "bid", "80 to 160 in tens"),
    ("coinche", bid(0, "120", 120), "bid", "80 to 160 in tens"),
    ("coinche", {"taker": 0, "contract": "hearts", "double": 1, "card_points": [120, None], "last_trick": 0},
     "bid", "say the bid"),
    ("coinche", bid(0, 120, 120, double=3), "double", "coinche"),
    ("coinche", {**bid(0, 120, 120), "contract": "no-trumps"}, "contract", "not a contract"),
    ("coinche", bid(0, 120, 120, thrown_in=True), "thrown_in", "no hand is thrown in"),
    ("belote", {**bid(0, 120, 120), "contract": "hearts"}, "bid", "has no bids"),
])
def test_what_coinche_does_not_allow_is_refused_and_nothing_is_saved(
        app: Flask, client: FlaskClient, variant: str, body: dict[str, Any], field: str, words: str) -> None:
    """RULES.md §12: "A bid outside 80–160 in tens is refused"; a hand where all pass is not recorded; coinche and
    surcoinche are the only doubles; contracts are the suits unless the house adds no-trumps; no other game bids."""
    made = create(client, variant, TABLE)
    before = snapshot(app, client, made)
    errors = assert_errors(client.post(f"{made.url}/hands", json=body, headers=made.edit), 422, field)
    assert any(words in e["message"] for e in errors), errors
    assert_unchanged(app, client, made, before)


@pytest.mark.parametrize(("variant", "rules", "field", "words"), [
    ("bela", {"rounding": "nearest-ten"}, "rules.rounding", "no rule of Bela"),
    ("coinche", {"rounding": "up"}, "rules.rounding", "nearest-ten"),
    ("coinche", {"capot-bid": 255}, "rules.capot-bid", "in tens"),
    ("coinche", {"double-values": "2-8"}, "rules.double-values", "2-3"),
    ("coinche", {"tens": True}, "rules.tens", "not scored in tens"),
])
def test_house_rules_of_coinche_are_its_own(client: FlaskClient, variant: str, rules: dict[str, Any], field: str,
                                            words: str) -> None:
    """API.md: the options of a kind of game may be set only for the games of that kind, each read and checked."""
    players = TABLE if variant == "coinche" else ["Mike", "Yvonne"]
    response = client.post(f"{API}/matches", json={"variant": variant, "players": players, "rules": rules})
    errors = assert_errors(response, 422, field)
    assert any(words in e["message"] for e in errors), errors


def test_a_table_s_house_rules_change_the_scores(client: FlaskClient) -> None:
    """RULES.md §12.43 (keeps-own) and §12.46 (five-down) through a match's own rules."""
    made = create(client, "coinche", TABLE, rules={"double-loser": "keeps-own", "rounding": "five-down"})
    assert record(client, made, bid(0, 120, 120, double=1))["scores"] == [500, 30]
    assert record(client, made, bid(0, 80, 75))["scores"] == [160, 80]


def test_the_export_carries_the_bid(client: FlaskClient) -> None:
    """The CSV gives the bid its own column, and the double in the game's words."""
    made = create(client, "coinche", TABLE)
    record(client, made, bid(0, 120, 120, double=2))
    rows = list(csv.reader(io.StringIO(client.get(f"{made.url}/export.csv", headers=made.view).get_data(
        as_text=True))))
    cell = {name: i for i, name in enumerate(rows[0])}
    assert (rows[1][cell["bid"]], rows[1][cell["double"]], rows[1][cell["result"]]) == ("120", "surcoinche", "made")
