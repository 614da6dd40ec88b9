"""The referee's disputes: a hand flagged with a note, shown as disputed until a ruling resolves it."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import (
    BELA_BIG,
    BELA_MADE,
    Made,
    assert_errors,
    assert_unchanged,
    create,
    record,
    snapshot,
)


def _dispute(client: FlaskClient, made: Made, number: int, note: str = "the 50 was never shown",
             headers: dict[str, str] | None = None) -> Any:
    return client.post(f"{made.url}/hands/{number}/dispute", json={"note": note},
                       headers={**made.edit, **(headers or {})})


def _resolve(client: FlaskClient, made: Made, number: int, resolution: str, note: str = "ruled so",
             headers: dict[str, str] | None = None) -> Any:
    return client.post(f"{made.url}/hands/{number}/resolve", json={"note": note, "resolution": resolution},
                       headers={**made.edit, **(headers or {})})


def _events(client: FlaskClient, made: Made) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = client.get(f"{made.url}/events", headers=made.edit).get_json()["events"]
    return events


def _hand(client: FlaskClient, made: Made, number: int, token: str | None = None) -> dict[str, Any]:
    state = client.get(made.url, headers=made.edit).get_json()["state"]
    hand: dict[str, Any] = next(h for h in state["hands"] if h["number"] == number)
    return hand


def test_a_dispute_is_flagged_shown_and_resolved_as_standing(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    second = record(client, made, BELA_BIG)
    assert second["disputed"] is False and second["dispute"] is None and second["confirmed_by"] == []

    response = _dispute(client, made, 1)
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert body["number"] == 1 and body["disputed"] is True and body["dispute"] == "the 50 was never shown"
    assert body["revision"] == 4 and response.headers["ETag"] == '"4"'
    assert body["state"]["totals"] == second["state"]["totals"]  # a dispute changes no score
    assert _hand(client, made, 1)["disputed"] is True
    assert _hand(client, made, 2)["disputed"] is False

    # The board shows it, in its JSON and on its page, with a word and a sign.
    board = client.get(f"/api/v1/boards/{made.view_token}").get_json()
    assert board["state"]["hands"][0]["dispute"] == "the 50 was never shown"
    page = client.get(f"/board/{made.view_token}").get_data(as_text=True)
    assert "⚑" in page and "disputed" in page and "the 50 was never shown" in page

    response = _resolve(client, made, 1, "stands", "the 50 was shown after the first trick")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["disputed"] is False and response.get_json()["dispute"] is None
    assert "disputed</span>" not in client.get(f"/board/{made.view_token}").get_data(as_text=True)

    kinds = [(e["kind"], e["hand"], e["revision"]) for e in _events(client, made)]
    assert kinds[-2:] == [("dispute", 1, 4), ("resolve", 1, 5)]
    dispute, resolve = _events(client, made)[-2:]
    assert dispute["data"] == {"note": "the 50 was never shown"}
    assert resolve["data"] == {"resolution": "stands", "note": "the 50 was shown after the first trick",
                               "dispute": "the 50 was never shown"}


def test_resolving_by_an_edit_a_revoke_ruling_or_a_void(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    record(client, made, BELA_BIG)
    assert _dispute(client, made, 1).status_code == 200
    # "edited" needs an edit since the dispute.
    before = snapshot(app, client, made)
    assert_errors(_resolve(client, made, 1, "edited"), 422, "resolution")
    assert_errors(_resolve(client, made, 1, "voided"), 422, "resolution")
    assert_unchanged(app, client, made, before)

    ruled = {**BELA_MADE, "revoke": {"accused": 1, "accuser": 0, "upheld": True}}
    assert client.put(f"{made.url}/hands/1", json=ruled, headers=made.edit).status_code == 200
    assert _hand(client, made, 1)["disputed"] is True  # still, until the ruling is written down
    response = _resolve(client, made, 1, "edited", "revoke upheld")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["result"] == "revoke"
    resolve = _events(client, made)[-1]
    assert resolve["kind"] == "resolve" and resolve["data"]["revoke"] == ruled["revoke"]

    assert _dispute(client, made, 2, "dealt out of turn").status_code == 200
    assert client.delete(f"{made.url}/hands/2", headers=made.edit).status_code == 200
    assert_errors(_resolve(client, made, 2, "stands"), 422, "resolution")
    response = _resolve(client, made, 2, "voided", "misdeal: played again")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["voided"] is True and response.get_json()["disputed"] is False


def test_refused_disputes_save_nothing(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    record(client, made, BELA_BIG)
    assert client.delete(f"{made.url}/hands/2", headers=made.edit).status_code == 200
    before = snapshot(app, client, made)
    assert_errors(_dispute(client, made, 1, "   "), 422, "note")
    assert_errors(_dispute(client, made, 1, "x" * 501), 422, "note")
    assert_errors(_dispute(client, made, 2), 422, "number")  # voided
    assert_errors(_dispute(client, made, 9), 404, "number")
    assert_errors(_resolve(client, made, 1, "stands"), 422, "number")  # not disputed
    assert_errors(client.post(f"{made.url}/hands/1/dispute", json={"note": "x"}), 401)
    assert_errors(client.post(f"{made.url}/hands/1/dispute", json={"note": "x"}, headers=made.view), 401)
    assert_unchanged(app, client, made, before)

    assert _dispute(client, made, 1).status_code == 200
    before = snapshot(app, client, made)
    assert_errors(_dispute(client, made, 1, "again"), 422, "number")
    assert_errors(_resolve(client, made, 1, "maybe"), 422, "resolution")
    assert_errors(_resolve(client, made, 1, "stands", ""), 422, "note")
    assert_unchanged(app, client, made, before)


def test_if_match_and_idempotency_key_are_honoured(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    before = snapshot(app, client, made)
    assert_errors(_dispute(client, made, 1, headers={"If-Match": '"1"'}), 412, "If-Match")
    assert_unchanged(app, client, made, before)

    first = _dispute(client, made, 1, headers={"If-Match": '"2"', "Idempotency-Key": "d-1"})
    assert first.status_code == 200
    again = _dispute(client, made, 1, headers={"Idempotency-Key": "d-1"})
    assert again.status_code == 200 and again.get_data() == first.get_data()
    assert [e["kind"] for e in _events(client, made)].count("dispute") == 1
    assert_errors(_dispute(client, made, 1, "other words", headers={"Idempotency-Key": "d-1"}), 422,
                  "Idempotency-Key")


def test_the_cached_state_equals_one_built_from_the_rows(app: Flask, client: FlaskClient) -> None:
    from scorekeeper.extensions import db
    from scorekeeper.models import Match

    made = create(client)
    for hand in (BELA_MADE, BELA_BIG, BELA_MADE):
        record(client, made, hand)
    assert _dispute(client, made, 2, "bela not called").status_code == 200
    record(client, made, BELA_BIG)  # the append path keeps the earlier hands' entries as they were
    cached = client.get(made.url, headers=made.edit).get_json()["state"]
    with app.app_context():
        match = db.session.get(Match, made.id)
        assert match is not None
        match.state_revision = None
        db.session.commit()
    rebuilt = client.get(made.url, headers=made.edit).get_json()["state"]
    assert cached == rebuilt
    assert [h["disputed"] for h in rebuilt["hands"]] == [False, True, False, False]
    assert rebuilt["hands"][1]["dispute"] == "bela not called"
