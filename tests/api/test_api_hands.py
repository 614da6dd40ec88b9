"""Recording, editing and voiding hands; the audit log; preview; 400, 404, 409, 412 and 422 for hands."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import (
    API,
    BELA_BATE,
    BELA_BIG,
    BELA_IMPOSSIBLE,
    BELA_MADE,
    BELA_SIDE1_MADE,
    BELA_TIE,
    Made,
    assert_errors,
    assert_unchanged,
    create,
    record,
    snapshot,
)

HAND_FIELDS = {"number", "game", "input", "voided", "result", "points", "scores", "pot", "totals", "explanation"}
RESULTS = {"made", "bate", "tie", "claim", "false-claim", "revoke", "thrown-in"}


def _three_hands(client: FlaskClient) -> Made:
    """A bela match with hands 75–60 made, side 1 making 80–60, and 90–62 made."""
    made = create(client)
    record(client, made, BELA_MADE)
    record(client, made, BELA_SIDE1_MADE)
    record(client, made, BELA_BIG)
    return made


def _state(client: FlaskClient, made: Made) -> dict[str, Any]:
    response = client.get(made.url, headers=made.edit)
    assert response.status_code == 200
    return dict(response.get_json()["state"])


def _finished_klaberjass(client: FlaskClient) -> Made:
    """Klaberjass to 100, one game: a single made hand of 110 wins the match."""
    made = create(client, "klaberjass", rules={"target": 100}, best_of=1)
    body = record(client, made, {"taker": 0, "card_points": [100, 42], "last_trick": 0})
    assert body["state"]["finished"] is True
    assert body["state"]["winner"] == 0
    return made


# ---------------------------------------------------------------- record


def test_record_a_made_hand(client: FlaskClient) -> None:
    made = create(client)
    response = client.post(f"{made.url}/hands", json=BELA_MADE, headers=made.edit)
    assert response.status_code == 201
    hand = response.get_json()
    assert set(hand) >= HAND_FIELDS
    assert hand["number"] == 1
    assert hand["game"] == 1
    assert hand["input"] == BELA_MADE
    assert hand["voided"] is False
    assert hand["result"] == "made"
    assert hand["points"] == [75, 60]
    assert hand["scores"] == [75, 60]
    assert hand["pot"] == 0
    assert hand["totals"] == [75, 60]
    assert hand["explanation"] and all(isinstance(line, str) for line in hand["explanation"])
    state = hand["state"]
    assert state["revision"] == 2
    assert state["totals"] == [75, 60]
    # The answer carries what changed (the hand, the revision, the state without its hands); the full state
    # is one GET away.
    assert "hands" not in state
    assert response.headers["ETag"] == '"2"'
    full = _state(client, made)
    assert full["hands"] == [{k: v for k, v in hand.items() if k not in ("state", "revision")}]
    assert {k: v for k, v in full.items() if k != "hands"} == state


def test_record_bate(client: FlaskClient) -> None:
    """RULES.md §9.2: taker 60 against 61 → 0 / 121."""
    made = create(client)
    hand = record(client, made, BELA_BATE)
    assert hand["result"] == "bate"
    assert hand["points"] == [60, 61]
    assert hand["scores"] == [0, 121]
    assert hand["totals"] == [0, 121]
    assert any("bate" in line for line in hand["explanation"])
    assert hand["state"]["dealer"] == 1  # the winner of the hand deals the next


def test_record_tie_then_pot(client: FlaskClient) -> None:
    """RULES.md §9.5: 71 all holds 71; side 1 then makes 80–60 and takes the pot."""
    made = create(client)
    tie = record(client, made, BELA_TIE)
    assert tie["result"] == "tie"
    assert tie["scores"] == [0, 71]
    assert tie["pot"] == 71
    assert tie["state"]["pot"] == 71
    after = record(client, made, BELA_SIDE1_MADE)
    assert after["result"] == "made"
    assert after["scores"] == [60, 151]
    assert after["pot"] == 0
    assert after["totals"] == [60, 222]


def test_record_klaberjass_tie_gives_the_taker_nothing(client: FlaskClient) -> None:
    """RULES.md §9.7: 70 all → taker 0, defender 70."""
    made = create(client, "klaberjass")
    hand = record(client, made, {"taker": 0, "card_points": [60, 70], "last_trick": 0})
    assert hand["scores"] == [0, 70]
    assert hand["pot"] == 0


def test_record_four_handed_with_one_side_derived(client: FlaskClient) -> None:
    """RULES.md §9.11: belote, hearts, taker 92 against 70 → 9 / 7; the other side's card points derived."""
    made = create(client, "belote")
    hand = record(client, made, {"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0})
    assert hand["points"] == [92, 70]
    assert hand["scores"] == [9, 7]
    assert hand["totals"] == [9, 7]
    assert hand["result"] in RESULTS


def test_hand_numbers_follow_on(client: FlaskClient) -> None:
    made = _three_hands(client)
    state = _state(client, made)
    assert [h["number"] for h in state["hands"]] == [1, 2, 3]
    assert [h["totals"] for h in state["hands"]] == [[75, 60], [135, 140], [225, 202]]
    assert state["totals"] == [225, 202]
    assert state["revision"] == 4
    assert state["games"] == [{"number": 1, "totals": [225, 202], "winner": None}]


# ---------------------------------------------------------------- edit and void


def test_edit_rescores_every_later_hand(client: FlaskClient) -> None:
    made = _three_hands(client)
    before = _state(client, made)
    response = client.put(f"{made.url}/hands/1", json=BELA_TIE, headers=made.edit)
    assert response.status_code == 200
    hand = response.get_json()
    assert hand["number"] == 1
    assert hand["input"] == BELA_TIE
    assert hand["result"] == "tie"
    assert hand["scores"] == [0, 71]
    assert hand["pot"] == 71
    assert hand["revision"] == before["revision"] + 1
    assert response.headers["ETag"] == f'"{hand["revision"]}"'
    state = _state(client, made)
    assert hand["state"] == {k: v for k, v in state.items() if k != "hands"}
    two, three = state["hands"][1], state["hands"][2]
    # Hand 2 is unchanged as input, but now wins the pot of 71 (RULES.md §9.5).
    assert two["input"] == BELA_SIDE1_MADE
    assert two["scores"] == [60, 151] and two["pot"] == 0 and two["totals"] == [60, 222]
    assert three["scores"] == [90, 62] and three["totals"] == [150, 284]
    assert state["totals"] == [150, 284]
    assert before["totals"] == [225, 202]
    assert state["revision"] == before["revision"] + 1


def test_void_keeps_the_hand_but_no_longer_scores_it(client: FlaskClient) -> None:
    made = _three_hands(client)
    response = client.delete(f"{made.url}/hands/2", headers=made.edit)
    assert response.status_code == 200
    hand = response.get_json()
    assert hand["number"] == 2
    assert hand["voided"] is True
    assert hand["input"] == BELA_SIDE1_MADE
    state = _state(client, made)
    assert hand["state"] == {k: v for k, v in state.items() if k != "hands"}
    assert [(h["number"], h["voided"]) for h in state["hands"]] == [(1, False), (2, True), (3, False)]
    assert state["hands"][2]["totals"] == [165, 122]
    assert state["totals"] == [165, 122]
    assert state["revision"] == 5
    assert response.headers["ETag"] == '"5"'
    # The next hand is number 4: a voided number is never reused.
    assert record(client, made, BELA_MADE)["number"] == 4


def test_events_log_every_change_oldest_first(client: FlaskClient) -> None:
    made = _three_hands(client)
    client.put(f"{made.url}/hands/1", json=BELA_TIE, headers=made.edit)
    client.delete(f"{made.url}/hands/2", headers=made.edit)
    for headers in (made.edit, made.view):
        response = client.get(f"{made.url}/events", headers=headers)
        assert response.status_code == 200
        events = response.get_json()["events"]
        assert [(e["kind"], e["hand"], e["revision"]) for e in events] == [
            ("create", None, 1), ("record", 1, 2), ("record", 2, 3), ("record", 3, 4), ("edit", 1, 5),
            ("void", 2, 6)]
        assert events[4]["data"] == {"before": BELA_MADE, "after": BELA_TIE}
        assert events[1]["data"]["input"] == BELA_MADE
        assert all(isinstance(e["at"], str) for e in events)


def test_events_need_a_token(client: FlaskClient) -> None:
    made = create(client)
    assert_errors(client.get(f"{made.url}/events"), 401)
    assert_errors(client.get(f"{made.url}/events", headers={"Authorization": "Bearer forged"}), 401)
    assert_errors(client.get(f"{API}/matches/nope/events", headers=made.edit), 404)


# ---------------------------------------------------------------- failed writes save nothing


def _write(client: FlaskClient, made: Made, method: str, path: str, **kwargs: Any) -> Any:
    headers = {**made.edit, **kwargs.pop("headers", {})}
    return client.open(f"{made.url}{path}", method=method, headers=headers, **kwargs)


@pytest.mark.parametrize("variant, method, path, hand, field", [
    ("bela", "POST", "/hands", BELA_IMPOSSIBLE, "card_points"),
    ("bela", "POST", "/hands", {"taker": 0, "card_points": [200, 0], "last_trick": 0}, "card_points.0"),
    ("bela", "POST", "/hands", {"taker": 2, "card_points": [80, 62], "last_trick": 0}, "taker"),
    ("bela", "POST", "/hands", {"taker": 0, "card_points": [80, 62]}, "last_trick"),
    ("bela", "POST", "/hands", {**BELA_MADE, "colour": "red"}, "colour"),
    ("bela", "POST", "/hands", {}, None),
    ("klaberjass", "POST", "/hands", {"claim": {"side": 0, "points": 40}}, "claim"),
    ("belote", "POST", "/hands", {"taker": 0, "card_points": [82, None], "last_trick": 0}, "contract"),
    ("belote", "POST", "/hands", {"taker": 0, "contract": "hearts", "card_points": [1, None], "last_trick": 0},
     "card_points.0"),
    ("bela", "PUT", "/hands/1", BELA_IMPOSSIBLE, "card_points"),
    ("klaberjass", "PUT", "/hands/1", {"claim": {"side": 0, "points": 40}}, "claim"),
], ids=lambda value: value if isinstance(value, str) else None)
def test_a_hand_the_rules_do_not_allow_is_422(app: Flask, client: FlaskClient, variant: str, method: str, path: str,
                                              hand: dict[str, Any], field: str | None) -> None:
    made = create(client, variant)
    first = {"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0} if variant == "belote" \
        else BELA_MADE
    record(client, made, first)
    before = snapshot(app, client, made)
    assert_errors(_write(client, made, method, path, json=hand), 422, field)
    assert_unchanged(app, client, made, before)


def test_preview_of_a_bad_hand_in_a_match_names_the_field(client: FlaskClient) -> None:
    made = create(client)
    response = client.post(f"{API}/preview", json={"match": made.id, "hand": BELA_IMPOSSIBLE}, headers=made.edit)
    assert_errors(response, 422, "hand.card_points")


def test_edit_or_void_of_a_voided_hand_is_422(app: Flask, client: FlaskClient) -> None:
    made = _three_hands(client)
    assert client.delete(f"{made.url}/hands/2", headers=made.edit).status_code == 200
    before = snapshot(app, client, made)
    assert_errors(client.delete(f"{made.url}/hands/2", headers=made.edit), 422, "number")
    assert_unchanged(app, client, made, before)
    assert_errors(client.put(f"{made.url}/hands/2", json=BELA_MADE, headers=made.edit), 422, "number")
    assert_unchanged(app, client, made, before)


@pytest.mark.parametrize("method, path", [("PUT", "/hands/4"), ("DELETE", "/hands/4"), ("PUT", "/hands/0"),
                                          ("DELETE", "/hands/99999999999999999999")])
def test_unknown_hand_is_404(app: Flask, client: FlaskClient, method: str, path: str) -> None:
    made = _three_hands(client)
    before = snapshot(app, client, made)
    assert_errors(_write(client, made, method, path, json=BELA_MADE), 404)
    assert_unchanged(app, client, made, before)


@pytest.mark.parametrize("method, path", [("POST", "/hands"), ("PUT", "/hands/1"), ("DELETE", "/hands/1"),
                                          ("GET", ""), ("GET", "/events")])
def test_unknown_match_is_404(app: Flask, client: FlaskClient, method: str, path: str) -> None:
    made = _three_hands(client)
    before = snapshot(app, client, made)
    response = client.open(f"{API}/matches/no-such-match{path}", method=method, json=BELA_MADE, headers=made.edit)
    assert_errors(response, 404)
    response = client.open(f"{API}/matches/a%00b{path}", method=method, json=BELA_MADE, headers=made.edit)
    assert_errors(response, 404)
    assert_unchanged(app, client, made, before)


@pytest.mark.parametrize("data, content_type", [
    ("not json", "application/json"),
    ('{"taker": 0, "card_points": [65, 60], "last_trick": 0}', "text/plain"),
    ("", "application/json"),
    ("null", "application/json"),
    ('[{"taker": 0, "card_points": [65, 60], "last_trick": 0}]', "application/json"),
    ('"hand"', "application/json"),
    ("7", "application/json"),
    ("[" * 50_000 + "]" * 50_000, "application/json"),
], ids=["bad-json", "text-plain", "empty", "null", "array", "string", "number", "too-deep"])
@pytest.mark.parametrize("method, path", [("POST", "/hands"), ("PUT", "/hands/1")])
def test_a_hand_that_is_not_a_json_object_is_400(app: Flask, client: FlaskClient, method: str, path: str, data: str,
                                                 content_type: str) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    before = snapshot(app, client, made)
    assert_errors(_write(client, made, method, path, data=data, content_type=content_type), 400)
    assert_unchanged(app, client, made, before)


def test_recording_after_the_match_is_finished_is_409(app: Flask, client: FlaskClient) -> None:
    made = _finished_klaberjass(client)
    before = snapshot(app, client, made)
    assert_errors(client.post(f"{made.url}/hands", json=BELA_MADE, headers=made.edit), 409)
    assert_unchanged(app, client, made, before)
    # Also with a matching If-Match and an Idempotency-Key: still nothing saved, and the key is not used up.
    revision = before["match"]["state"]["revision"]
    headers = {**made.edit, "If-Match": f'"{revision}"', "Idempotency-Key": "after-the-end"}
    assert_errors(client.post(f"{made.url}/hands", json=BELA_MADE, headers=headers), 409)
    assert_unchanged(app, client, made, before)


def test_a_finished_match_can_still_be_corrected(client: FlaskClient) -> None:
    made = _finished_klaberjass(client)
    response = client.put(f"{made.url}/hands/1", json={"taker": 0, "card_points": [40, 42], "last_trick": 1},
                          headers=made.edit)
    assert response.status_code == 200
    state = response.get_json()["state"]
    assert state["finished"] is False and state["winner"] is None
    assert state["totals"] == [0, 92]  # bate: 40 against 52, below the target of 100
    assert record(client, made, BELA_MADE)["number"] == 2


# ---------------------------------------------------------------- If-Match


def test_if_match(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    first = client.post(f"{made.url}/hands", json=BELA_MADE, headers={**made.edit, "If-Match": '"1"'})
    assert first.status_code == 201
    assert first.headers["ETag"] == '"2"' == f'"{first.get_json()["state"]["revision"]}"'
    got = client.get(made.url, headers=made.edit)
    assert got.headers["ETag"] == f'"{got.get_json()["state"]["revision"]}"' == '"2"'

    before = snapshot(app, client, made)
    for method, path, body in (("POST", "/hands", BELA_MADE), ("PUT", "/hands/1", BELA_BIG),
                               ("DELETE", "/hands/1", None)):
        for stale in ('"1"', '"3"', "1", 'W/"1"', '"99999999999999999999"'):
            response = _write(client, made, method, path, json=body, headers={"If-Match": stale})
            assert_errors(response, 412, "If-Match")
            assert_unchanged(app, client, made, before)
        for malformed in ('"two"', '"-1"', '"\u0663"', ""):
            response = _write(client, made, method, path, json=body, headers={"If-Match": malformed})
            assert_errors(response, 400, "If-Match")
            assert_unchanged(app, client, made, before)

    edited = client.put(f"{made.url}/hands/1", json=BELA_BIG, headers={**made.edit, "If-Match": '"2"'})
    assert edited.status_code == 200 and edited.headers["ETag"] == '"3"'
    voided = client.delete(f"{made.url}/hands/1", headers={**made.edit, "If-Match": 'W/"3"'})
    assert voided.status_code == 200 and voided.headers["ETag"] == '"4"'
    assert voided.get_json()["state"]["revision"] == 4


# ---------------------------------------------------------------- preview


def test_preview_from_a_variant(app: Flask, client: FlaskClient) -> None:
    before = snapshot(app, client, None)
    response = client.post(f"{API}/preview", json={"variant": "bela", "hand": BELA_BATE})
    assert response.status_code == 200
    body = response.get_json()
    assert body["result"] == "bate"
    assert body["points"] == [60, 61]
    assert body["scores"] == [0, 121]
    assert body["pot"] == 0
    assert body["totals"] == [0, 121]
    assert any("bate" in line for line in body["explanation"])
    assert_unchanged(app, client, None, before)


def test_preview_with_house_rules_and_names(client: FlaskClient) -> None:
    body = client.post(f"{API}/preview", json={
        "variant": "bela", "rules": {"tie": "taker-fails"}, "sides": ["Mike", "Yvonne"], "hand": BELA_TIE,
    }).get_json()
    assert body["result"] == "bate"
    assert body["scores"] == [0, 142]
    assert any("Yvonne" in line for line in body["explanation"])


def test_preview_against_a_match(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_TIE)  # 71 in the pot
    before = snapshot(app, client, made)
    for headers in (made.edit, made.view):
        response = client.post(f"{API}/preview", json={"match": made.id, "hand": BELA_SIDE1_MADE}, headers=headers)
        assert response.status_code == 200
        body = response.get_json()
        assert body["scores"] == [60, 151]
        assert body["totals"] == [60, 222]
        assert body["pot"] == 0
    assert_unchanged(app, client, made, before)
    assert_errors(client.post(f"{API}/preview", json={"match": made.id, "hand": BELA_MADE}), 401)
    assert_errors(client.post(f"{API}/preview", json={"match": made.id, "hand": BELA_MADE},
                              headers={"Authorization": "Bearer forged"}), 401)
    assert_errors(client.post(f"{API}/preview", json={"match": "nope", "hand": BELA_MADE}, headers=made.edit), 404)
    assert_unchanged(app, client, made, before)


@pytest.mark.parametrize("body, field", [
    ({"variant": "bela", "hand": BELA_IMPOSSIBLE}, "hand.card_points"),
    ({"variant": "bela", "hand": {"taker": 0, "card_points": [200, 0], "last_trick": 0}}, "hand.card_points.0"),
    ({"variant": "snap", "hand": BELA_MADE}, "variant"),
    ({"hand": BELA_MADE}, "variant"),
    ({"variant": "bela", "rules": {"tie": "coin-toss"}, "hand": BELA_MADE}, "rules.tie"),
    ({"variant": "bela", "rules": {"target": -5}, "hand": BELA_MADE}, "rules.target"),
    ({"variant": "bela", "rules": "strict", "hand": BELA_MADE}, "rules"),
    ({"variant": "bela"}, "hand"),
    ({"variant": "bela", "hand": [BELA_MADE]}, "hand"),
    ({"variant": "bela", "sides": ["Only one"], "hand": BELA_MADE}, "sides"),
    ({"variant": "klaberjass", "hand": {"claim": {"side": 0, "points": 40}}}, "hand.claim"),
    ({"variant": "bela", "before": {"totals": [1]}, "hand": BELA_MADE}, "before.totals"),
], ids=lambda value: value if isinstance(value, str) else None)
def test_preview_names_the_bad_field(app: Flask, client: FlaskClient, body: dict[str, Any], field: str) -> None:
    before = snapshot(app, client, None)
    assert_errors(client.post(f"{API}/preview", json=body), 422, field)
    assert_unchanged(app, client, None, before)


@pytest.mark.parametrize("data, content_type", [
    ("not json", "application/json"), ('{"variant": "bela"}', "text/plain"), ("[]", "application/json")])
def test_preview_needs_a_json_object(client: FlaskClient, data: str, content_type: str) -> None:
    assert_errors(client.post(f"{API}/preview", data=data, content_type=content_type), 400)


def test_a_claim_given_by_its_parts_is_added_up_by_the_engine_and_kept_as_given(client: FlaskClient) -> None:
    """docs/api.md "The hand": a claim may give ``parts`` instead of ``points``; RULES.md §6 counts
    "declarations that count, card points of tricks taken, last trick"."""
    made = create(client)
    for _ in range(3):
        record(client, made, BELA_BIG)  # side 0 on 270
    assert _state(client, made)["totals"][0] == 270
    parts = {"card_points": 57, "declarations": [20, 50], "bela": True, "last_trick": True}
    body = record(client, made, {"claim": {"side": 0, "parts": parts}})
    assert body["result"] == "false-claim"
    assert "Mike claims with 157 won so far: 270 + 157 = 427, short of 501. False claim." in body["explanation"]
    assert body["input"]["claim"]["parts"] == parts
    assert "Mike: card points 57 + last trick 10 + melds 70 + bela 20 = 157." in body["explanation"]
    bad = client.post(f"{made.url}/hands", json={"claim": {"side": 0, "points": 10, "parts": {"card_points": 9}}},
                      headers=made.edit)
    assert_errors(bad, 422, "claim.points")
