"""The family's new members through the JSON API (RULES.md §10, API.md "More of the family"): a Croatian Bela,
Klaverjas, Tarabish and Deberc table starts its game, records its hands, and is told in words what it may not do.
Each check is what a phone sees: the status, the named field, the state after."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import API, assert_errors, assert_unchanged, create, record, snapshot

CROATIAN = ["Ana", "Ivo", "Marko", "Petra"]
DUTCH = ["Anouk", "Daan", "Sem", "Lotte"]


def test_every_new_game_is_offered_with_its_options(client: FlaskClient) -> None:
    """API.md: presets bela-4, klaverjas, tarabish, deberc, deberc-3, deberc-4 join GET /api/v1/variants, with their
    options under the names RULES.md §10 gives."""
    shown = {v["variant"]: v for v in client.get(f"{API}/variants").get_json()["variants"]}
    assert shown["bela-4"]["melds-need-trick"] == "transfer" and shown["bela-4"]["meld-contest"] == "single"
    assert shown["bela-4"]["sequence-tie"] == "forehand-only" and shown["bela-4"]["target"] == 1001
    assert shown["klaverjas"]["target"] is None and shown["klaverjas"]["deal-limit"] == 16
    assert shown["klaverjas"]["deal-limit-level"] == "draw" and shown["klaverjas"]["valat-to"] == "taker"
    assert shown["tarabish"]["sequence-tie"] == "trumps-then-nobody" and shown["tarabish"]["tie"] == "taker-nothing"
    assert [shown[name]["players"] for name in ("deberc", "deberc-3", "deberc-4")] == [2, 3, 4]
    assert all(shown[name]["sequence-tie"] == "all" for name in ("deberc", "deberc-3", "deberc-4"))


def test_a_belot_wins_the_croatian_game_at_once(client: FlaskClient) -> None:
    """RULES.md §10e.24: `bela-4`, target 1001, totals 500 / 300: `belot: 1` → 0 / 1001; totals 500 / 1301; side 1
    wins the game. (Here from 100 / 0: the game ends on the belot whatever the totals.)"""
    made = create(client, "bela-4", CROATIAN)
    record(client, made, {"taker": 0, "card_points": [90, 62], "last_trick": 0})
    answer = record(client, made, {"belot": 1})
    assert answer["result"] == "belot" and answer["scores"] == [0, 1001] and answer["totals"] == [100, 1063]
    assert "Ivo & Petra hold a belot, all eight cards of one suit" in " ".join(answer["explanation"])
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["finished"] and state["winner"] == 1
    assert_errors(client.post(f"{made.url}/hands", json={"belot": 0}, headers=made.edit), 409, "match")


@pytest.mark.parametrize(("variant", "hand", "field", "words"), [
    ("bela", {"belot": 0}, "belot", "has no belot"),
    ("bela-4", {"belot": 0, "taker": 1}, "taker", "give only belot"),
    ("bela-4", {"belot": 2}, "belot", "not a side"),
    ("bela-4", {"belot": True}, "belot", "not a side"),
    ("bela-4", {"taker": 0, "card_points": [100, 52], "last_trick": 0, "melds": [[20], [50]]}, "melds",
     "only the side with the best declaration"),
    ("bela-4", {"taker": 0, "card_points": [100, 52], "last_trick": 0,
                "melds": [[{"kind": "sequence", "length": 8, "top": "A", "suit": "hearts"}], []]}, "melds.0",
     "a belot"),
    ("bela-4", {"taker": 0, "card_points": [100, 52], "last_trick": 0,
                "melds": [[{"kind": "sequence", "length": 3, "top": "A", "suit": "hearts"}],
                          [{"kind": "sequence", "length": 3, "top": "A", "suit": "clubs"}]]}, "melds",
     "the player nearer to forehand decides"),
    ("bela-4", {"taker": 0, "card_points": [100, 52], "last_trick": 0, "melds": [[30], []]}, "melds.0",
     "30 is not a meld"),
    ("deberc", {"taker": 0, "card_points": [100, 40], "last_trick": 0,
                "melds": [[{"kind": "square", "rank": "J"}], []]}, "melds.0", "score nothing"),
])
def test_a_hand_the_game_does_not_allow_is_refused_and_nothing_is_saved(
        app: Flask, client: FlaskClient, variant: str, hand: dict[str, Any], field: str, words: str) -> None:
    """RULES.md §10a: a declared eight-card sequence is refused ("that is a belot"); crediting both sides under one
    contest is refused; per-side declarations that tie exactly are refused (say which seat holds each); a credited
    value must be one a declaration of that game has. §10d: a declared square is refused."""
    made = create(client, variant)
    before = snapshot(app, client, made)
    errors = assert_errors(client.post(f"{made.url}/hands", json=hand, headers=made.edit), 422, field)
    assert any(words in e["message"] for e in errors), errors
    assert_unchanged(app, client, made, before)


def test_a_klaverjas_game_of_sixteen_deals_ends_drawn(client: FlaskClient) -> None:
    """RULES.md §10b: A game is **16 deals** with no target; equal totals are a **draw**; a match of one game ends
    drawn (`finished`, no winner). API.md: the game has "winner": null and "drawn": true."""
    made = create(client, "klaverjas", DUTCH)
    for deal in range(16):
        answer = record(client, made, {"taker": deal % 2, "card_points": [82, 70] if deal % 2 == 0 else [70, 82],
                                       "last_trick": deal % 2})
    assert "Deal 16 of 16 played and Anouk & Sem and Daan & Lotte are level on 1296: the game is a draw." \
        in answer["explanation"]
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["finished"] and state["winner"] is None and state["needs"] == []
    assert state["games"] == [{"number": 1, "totals": [1296, 1296], "winner": None, "drawn": True}]
    errors = assert_errors(client.post(f"{made.url}/hands", json={"thrown_in": True}, headers=made.edit), 409)
    assert "finished" in errors[0]["message"]


def test_the_race_ends_the_game_with_what_both_sides_had_won(client: FlaskClient) -> None:
    """RULES.md §10a: `claims: race`: both sides add what they had won; the claiming side must reach the target and
    end ahead, otherwise the claim is refused as bad input (422), never scored as a false claim."""
    made = create(client, "bela-4", CROATIAN, rules={"claims": "race", "target": 301})
    record(client, made, {"taker": 0, "card_points": [142, 10], "last_trick": 0, "melds": [[100], []]})  # 252 / 10
    short = client.post(f"{made.url}/hands", json={"taker": 1, "claim": {"side": 0, "points": [40, 28]}},
                        headers=made.edit)
    errors = assert_errors(short, 422, "claim.points")
    assert "Ana & Marko would have 292: a claim of the race must reach 301 and be ahead" in errors[0]["message"]
    one = client.post(f"{made.url}/hands", json={"taker": 1, "claim": {"side": 0, "points": 60}}, headers=made.edit)
    assert_errors(one, 422, "claim.points")
    answer = record(client, made, {"taker": 1, "claim": {"side": 0, "points": [60, 28]}})
    assert answer["result"] == "claim" and answer["scores"] == [60, 28] and answer["totals"] == [312, 38]
    assert client.get(made.url, headers=made.edit).get_json()["state"]["winner"] == 0


@pytest.mark.parametrize(("variant", "rules", "field"), [
    ("bela", {"target": None}, "target"),
    ("deberc-3", {"melds-need-trick": "transfer"}, "melds-need-trick"),
    ("bela-3", {"claims": "race"}, "claims"),
    ("klaverjas", {"claims": "any-time"}, "claims"),
    ("deberc", {"bait-penalty": [3]}, "bait-penalty"),
    ("deberc", {"bait-penalty": [0, 100]}, "bait-penalty"),
    ("deberc", {"bait-penalty": "3, 100"}, "bait-penalty"),
    ("bela-4", {"meld-contest": "both"}, "meld-contest"),
    ("bela-4", {"valat-to": "nobody"}, "valat-to"),
    ("klaverjas", {"deal-limit-level": "sudden-death"}, "deal-limit-level"),
    ("bela-4", {"sequence-tie": "forehand-first"}, "sequence-tie"),
    ("bela-4", {"melds-need-trick": "yes"}, "melds-need-trick"),
    ("tarabish", {"contracts": ["no-trumps"]}, "contracts"),
    ("tarabish", {"contracts": "no-trumps"}, "contracts"),
    ("belote", {"contracts": ["clubs", "diamonds", "hearts", "spades"]}, "contracts"),
])
def test_house_rules_that_make_no_sense_are_refused_on_create(client: FlaskClient, variant: str,
                                                              rules: dict[str, Any], field: str) -> None:
    """Each option works with every preset where it makes sense, and is checked on create with a clear
    error where it does not."""
    response = client.post(f"{API}/matches", json={"variant": variant, "players": ["A", "B", "C", "D"][
        :{"bela": 2, "deberc-3": 3, "bela-3": 3, "klaverjas": 4, "deberc": 2, "bela-4": 4, "tarabish": 4,
          "belote": 4}[variant]], "rules": rules})
    assert_errors(response, 422, f"rules.{field}")


def test_options_travel_to_other_games(client: FlaskClient) -> None:
    """The new options work with the older presets where they make sense: a Belote table playing 16 deals to a
    draw, a Klaberjass table with one contest of declarations, a Bela table with the Dutch pit."""
    made = create(client, "belote", ["Mike", "Yvonne", "Ana", "Ivo"],
                  rules={"target": None, "deal-limit": 2, "deal-limit-level": "draw"})
    record(client, made, {"taker": 0, "contract": "hearts", "card_points": [82, 70], "last_trick": 0})
    record(client, made, {"taker": 1, "contract": "hearts", "card_points": [70, 82], "last_trick": 1})
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    assert state["finished"] and state["winner"] is None and state["games"][0]["drawn"] is True
    single = create(client, "klaberjass", rules={"meld-contest": "single"})
    answer = record(client, single, {"taker": 0, "card_points": [80, 50], "last_trick": 0, "melds": [
        [{"kind": "sequence", "length": 3, "top": "A", "suit": "hearts"}],
        [{"kind": "sequence", "length": 4, "top": "K", "suit": "clubs"}]]})
    assert answer["points"] == [90, 100]


def test_a_drawn_klaverjas_game_and_a_debertz_travel_through_export_and_import(client: FlaskClient) -> None:
    """Everywhere a game appears: exports and imports. A drawn Klaverjas game, and a Deberc game won by
    a debertz under the bolts house rule, come back from their export as the very same state."""
    drawn = create(client, "klaverjas", DUTCH)
    for deal in range(16):
        record(client, drawn, {"taker": deal % 2, "card_points": [82, 70] if deal % 2 == 0 else [70, 82],
                               "last_trick": deal % 2})
    bolts = create(client, "deberc", ["Oksana", "Taras"], rules={"bait-penalty": [2, 100]})
    for hand in ({"taker": 0, "card_points": [40, 70], "last_trick": 1},
                 {"taker": 0, "card_points": [40, 70], "last_trick": 1}, {"belot": 1}):
        record(client, bolts, hand)
    for made in (drawn, bolts):
        original = client.get(made.url, headers=made.edit).get_json()["state"]
        document = client.get(f"{made.url}/export", headers=made.view).get_json()
        answer = client.post(f"{API}/imports", json=document)
        assert answer.status_code == 201, answer.get_data(as_text=True)
        copy_ = answer.get_json()
        rebuilt = client.get(f"{API}/matches/{copy_['id']}", headers={
            "Authorization": f"Bearer {copy_['view_token']}"}).get_json()["state"]
        assert rebuilt.pop("revision") == original.pop("revision") + 1
        assert rebuilt == original
    assert original["totals"] == [-100, 741] and original["winner"] == 1


@pytest.mark.parametrize("variant", ["bela-4", "tarabish"])
def test_no_hand_is_thrown_in_where_the_dealer_must_call(app: Flask, client: FlaskClient, variant: str) -> None:
    """RULES.md §10a: when three have passed the dealer must name them (*mus*): no hand is thrown in. §10c: if nobody
    calls, the dealer must (no hand is thrown in: `thrown_in` is refused)."""
    made = create(client, variant)
    before = snapshot(app, client, made)
    errors = assert_errors(client.post(f"{made.url}/hands", json={"thrown_in": True}, headers=made.edit), 422,
                           "thrown_in")
    assert "the dealer must name trumps" in errors[0]["message"]
    assert_unchanged(app, client, made, before)


def test_klaverjas_to_1500_instead_of_16_deals(client: FlaskClient) -> None:
    """RULES.md §10b: Playing to 1500 is the options `target: 1500, deal-limit: null`: the game then ends at the
    target, not after 16 deals, and the state says what each side still needs."""
    made = create(client, "klaverjas", DUTCH, rules={"target": 1500, "deal-limit": None})
    for _ in range(16):
        answer = record(client, made, {"taker": 0, "card_points": [82, 70], "last_trick": 0})
    state = answer["state"]
    assert not state["finished"] and state["totals"] == [16 * 92, 16 * 70] and state["needs"] == [28, 380]
    answer = record(client, made, {"taker": 0, "card_points": [82, 70], "last_trick": 0})
    assert answer["state"]["winner"] == 0 and answer["state"]["games"][0]["totals"] == [17 * 92, 17 * 70]
