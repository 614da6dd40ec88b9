"""Restoring a voided hand, and undo bound to the revision the phone saw."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import HandRecord, make_rules, replay
from tests.support.api import (
    BELA_BATE,
    BELA_BIG,
    BELA_MADE,
    Made,
    assert_errors,
    assert_unchanged,
    create,
    record,
    snapshot,
)

KLAB_MADE = {"taker": 0, "card_points": [80, 62], "last_trick": 0}
"""Klaberjass: 90 against 62, made: 90 / 62."""


def _restore(client: FlaskClient, made: Made, number: int, headers: dict[str, str] | None = None) -> Any:
    return client.post(f"{made.url}/hands/{number}/restore", headers={**made.edit, **(headers or {})})


def _state(client: FlaskClient, made: Made) -> dict[str, Any]:
    state: dict[str, Any] = client.get(made.url, headers=made.edit).get_json()["state"]
    return state


def _events(client: FlaskClient, made: Made) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = client.get(f"{made.url}/events", headers=made.edit).get_json()["events"]
    return events


def test_a_voided_hand_is_restored_and_every_later_hand_scored_again(app: Flask, client: FlaskClient) -> None:
    made = create(client, "bela")
    record(client, made, BELA_MADE)  # 75 / 60
    record(client, made, BELA_BATE)  # 0 / 121
    record(client, made, BELA_BIG)   # 90 / 62
    assert client.delete(f"{made.url}/hands/2", headers=made.edit).status_code == 200
    assert _state(client, made)["totals"] == [165, 122]

    response = _restore(client, made, 2, {"Idempotency-Key": "restore-2", "If-Match": '"5"'})
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert body["number"] == 2 and body["voided"] is False and body["result"] == "bate"
    assert body["scores"] == [0, 121]
    assert body["state"]["revision"] == 6 and response.headers["ETag"] == '"6"'
    # The totals are the engine's replay of the three hands, as if hand 2 had never been voided.
    rules = make_rules("bela")
    expected = replay(rules, [HandRecord(h) for h in (BELA_MADE, BELA_BATE, BELA_BIG)])
    assert body["state"]["totals"] == list(expected.totals) == [165, 243]
    assert "hands" not in body["state"]
    assert [h["totals"] for h in _state(client, made)["hands"]] == [[75, 60], [75, 181], [165, 243]]

    # A retry with the same key answers the same and restores nothing twice.
    again = _restore(client, made, 2, {"Idempotency-Key": "restore-2", "If-Match": '"5"'})
    assert again.status_code == 200 and again.get_data() == response.get_data()
    kinds = [(e["kind"], e["hand"]) for e in _events(client, made)]
    assert kinds[-2:] == [("void", 2), ("restore", 2)]
    assert len(kinds) == 6  # create, three records, void, restore: the retry added nothing

    # What the void kept for the sheet: the numbers the hand had when it was voided.
    void = _events(client, made)[-2]
    assert void["data"]["was"] == {"result": "bate", "scores": [0, 121], "totals": [75, 181], "pot": 0}


def test_restore_refusals_save_nothing(app: Flask, client: FlaskClient) -> None:
    made = create(client, "bela")
    record(client, made, BELA_MADE)
    record(client, made, BELA_BIG)
    assert client.delete(f"{made.url}/hands/1", headers=made.edit).status_code == 200
    before = snapshot(app, client, made)

    assert_errors(_restore(client, made, 2), 422, "number")           # hand 2 counts: nothing to restore
    assert_errors(_restore(client, made, 9), 404, "number")           # no hand 9
    assert_errors(_restore(client, made, 1, {"If-Match": '"3"'}), 412)  # a stale page
    assert_errors(client.post(f"{made.url}/hands/1/restore"), 401)      # no token
    assert_errors(_restore(client, made, 1, {"Authorization": f"Bearer {made.view_token}"}), 401)
    assert_unchanged(app, client, made, before)


def test_restoring_a_hand_that_would_end_the_match_before_a_later_hand_is_409(
        app: Flask, client: FlaskClient) -> None:
    made = create(client, "klaberjass", rules={"target": 150})
    record(client, made, KLAB_MADE)  # hand 1: Mike 90
    assert client.delete(f"{made.url}/hands/1", headers=made.edit).status_code == 200
    record(client, made, KLAB_MADE)  # hand 2: Mike 90
    won = record(client, made, KLAB_MADE)  # hand 3: Mike 180: wins the match
    assert won["state"]["finished"] is True
    before = snapshot(app, client, made)

    # Counted again, hand 1 would make hand 2 the winning hand, and hand 3 would come after the end.
    errors = assert_errors(_restore(client, made, 1), 409, "number")
    assert errors[0]["message"].startswith("hand 1 was not restored: counted again, it would end the match "
                                           "before hand 3 (")
    assert "Mike won it" in errors[0]["message"]
    assert_unchanged(app, client, made, before)

    # With hand 3 voided too, hand 1 counts again and the match is won on hand 2.
    assert client.delete(f"{made.url}/hands/3", headers=made.edit).status_code == 200
    response = _restore(client, made, 1)
    assert response.status_code == 200, response.get_data(as_text=True)
    state = response.get_json()["state"]
    assert state["finished"] is True and state["winner"] == 0
    assert [g["totals"] for g in state["games"]] == [[180, 124]]

    # Hand 3 now comes after the winning hand: restoring it is refused in the same words' spirit.
    errors = assert_errors(_restore(client, made, 3), 409, "number")
    assert errors[0]["message"].startswith("hand 3 was not restored: the match was over before it (")


def test_undo_voids_only_the_hand_it_names_at_the_revision_it_names(app: Flask) -> None:
    """Two phones at revision 4 both undo hand 3: the first voids it; the second is stale and voids nothing."""
    from scorekeeper import services

    client = app.test_client()
    made = create(client, "bela")
    for hand in (BELA_MADE, BELA_BATE, BELA_BIG):
        record(client, made, hand)
    with app.test_request_context():
        first = services.undo_hand(made.id, 3, made.edit_token, 4, "phone-a")
        assert first.status == 200 and first.body["number"] == 3 and first.body["voided"] is True
        try:
            services.undo_hand(made.id, 3, made.edit_token, 4, "phone-b")
        except services.Stale as error:
            assert error.status == 412
        else:
            raise AssertionError("a second undo from the same revision voided a second hand")
        services.db.session.rollback()
        # Not the last hand that counts, even at the right revision: refused.
        try:
            services.undo_hand(made.id, 1, made.edit_token, 5, "phone-b")
        except services.Invalid as error:
            assert "hand 1 is not the last hand that counts (hand 2 is)" in error.problems[0].message
        else:
            raise AssertionError("undo voided a hand that was not the last")
        services.db.session.rollback()
        # And an undo that names no revision is refused outright.
        try:
            services.undo_hand(made.id, 2, made.edit_token, None)
        except services.BadRequest as error:
            assert error.problems[0].field == "If-Match"
        else:
            raise AssertionError("undo without a revision was accepted")
    state = _state(client, made)
    assert [(h["number"], h["voided"]) for h in state["hands"]] == [(1, False), (2, False), (3, True)]
    assert state["revision"] == 5
    undo = _events(client, made)[-1]
    assert undo["kind"] == "void" and undo["data"]["undo"] is True and undo["data"]["was"]["scores"] == [90, 62]


def test_openapi_describes_restore(client: FlaskClient) -> None:
    spec = client.get("/api/v1/openapi.json").get_json()
    restore = spec["paths"]["/api/v1/matches/{match_id}/hands/{number}/restore"]["post"]
    assert set(restore["responses"]) >= {"200", "401", "404", "409", "412", "422"}
