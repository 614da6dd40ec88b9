"""Confirmation by each side: a derived link per side, a confirmed hand changes only with a reason."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import (
    BELA_BIG,
    BELA_MADE,
    Made,
    assert_errors,
    assert_unchanged,
    bearer,
    create,
    record,
    snapshot,
)

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
KEY = re.compile(r'name="idempotency_key" value="([^"]+)"')


def _token(app: Flask, made: Made, side: int) -> str:
    from scorekeeper.services import confirm_token

    with app.app_context():
        return confirm_token(made.id, side)


def _page(made: Made, side: int, token: str) -> str:
    return f"/c/{made.id}/{side}/{token}"


def _confirm_on_page(client: FlaskClient, made: Made, side: int, token: str, number: int) -> Any:
    page = client.get(_page(made, side, token))
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    csrf = CSRF.search(html)
    assert csrf is not None, html
    return client.post(f"{_page(made, side, token)}/{number}",
                       data={"csrf_token": csrf.group(1), "idempotency_key": f"page-{number}"})


def _confirm(client: FlaskClient, made: Made, number: int, side: int, token: str) -> Any:
    return client.post(f"{made.url}/hands/{number}/confirm", json={"side": side}, headers=bearer(token))


def _hand(client: FlaskClient, made: Made, number: int) -> dict[str, Any]:
    hands = client.get(made.url, headers=made.edit).get_json()["state"]["hands"]
    return dict(next(h for h in hands if h["number"] == number))


def _events(client: FlaskClient, made: Made) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = client.get(f"{made.url}/events", headers=made.edit).get_json()["events"]
    return events


def test_tokens_are_derived_per_side_and_match(app: Flask, client: FlaskClient) -> None:
    made, other = create(client), create(client)
    expected = base64.urlsafe_b64encode(
        hmac.new(b"test-secret", f"confirm:{made.id}:1".encode(), hashlib.sha256).digest()).rstrip(b"=").decode()
    assert _token(app, made, 1) == expected
    assert len({_token(app, made, 0), _token(app, made, 1), _token(app, other, 1)}) == 3

    record(client, made, BELA_MADE)
    page = client.get(_page(made, 1, _token(app, made, 1)))
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Confirm the hands for Yvonne" in html and "Confirm hand 1" in html
    assert made.edit_token not in html
    for side, token in [(1, "A" * 43), (1, _token(app, made, 0)), (1, _token(app, other, 1)), (2, expected),
                        (0, expected)]:
        assert client.get(_page(made, side, token)).status_code == 404
    assert client.get(f"/c/nope/1/{expected}").status_code == 404


def test_a_side_confirms_on_its_page_and_only_for_itself(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    record(client, made, BELA_BIG)
    token = _token(app, made, 1)
    response = _confirm_on_page(client, made, 1, token, 1)
    assert response.status_code == 302
    assert _hand(client, made, 1)["confirmed_by"] == [1]
    html = client.get(_page(made, 1, token)).get_data(as_text=True)
    assert "✓" in html and "confirmed by Yvonne" in html and "Confirm hand 1" not in html and "Confirm hand 2" in html

    # Side 0's token cannot confirm for side 1 (nor for itself on side 1's address); without CSRF, nothing.
    before = snapshot(app, client, made)
    match = CSRF.search(html)
    assert match is not None
    csrf = {"csrf_token": match.group(1)}
    assert client.post(f"{_page(made, 1, _token(app, made, 0))}/2", data=csrf).status_code == 404
    assert client.post(f"{_page(made, 0, token)}/1", data=csrf).status_code == 404
    assert client.post(f"{_page(made, 1, 'A' * 43)}/1", data=csrf).status_code == 404
    assert client.post(f"{_page(made, 0, _token(app, made, 0))}/1", data={}).status_code == 400
    assert_unchanged(app, client, made, before)

    event = _events(client, made)[-1]
    assert event["kind"] == "confirm" and event["hand"] == 1 and event["data"] == {"side": 1, "name": "Yvonne"}


def test_the_api_confirms_with_the_side_token_only(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    before = snapshot(app, client, made)
    assert_errors(_confirm(client, made, 1, 1, _token(app, made, 0)), 401)
    assert_errors(_confirm(client, made, 1, 1, made.edit_token), 401)
    assert_errors(_confirm(client, made, 1, 5, _token(app, made, 1)), 401)
    assert_errors(client.post(f"{made.url}/hands/1/confirm", json={"side": 1}), 401)
    assert_unchanged(app, client, made, before)

    response = _confirm(client, made, 1, 1, _token(app, made, 1))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["confirmed_by"] == [1]
    before = snapshot(app, client, made)
    assert_errors(_confirm(client, made, 1, 1, _token(app, made, 1)), 422, "number")
    assert_unchanged(app, client, made, before)
    assert _confirm(client, made, 1, 0, _token(app, made, 0)).get_json()["confirmed_by"] == [0, 1]


def test_a_confirmed_hand_changes_only_with_a_reason_and_reopens(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    record(client, made, BELA_MADE)
    assert _confirm(client, made, 1, 1, _token(app, made, 1)).status_code == 200

    before = snapshot(app, client, made)
    errors = assert_errors(client.put(f"{made.url}/hands/1", json=BELA_BIG, headers=made.edit), 422, "reason")
    assert errors[0]["message"] == "hand 1 was confirmed by Yvonne: give a reason to change it"
    assert_errors(client.put(f"{made.url}/hands/1", json=BELA_BIG,
                             headers={**made.edit, "X-Change-Reason": "  "}), 422, "reason")
    assert_errors(client.delete(f"{made.url}/hands/1", headers=made.edit), 422, "reason")
    assert_unchanged(app, client, made, before)

    response = client.put(f"{made.url}/hands/1", json=BELA_BIG,
                          headers={**made.edit, "X-Change-Reason": "the 20 belonged to hand 2"})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["confirmed_by"] == []  # open for confirmation again
    edit = _events(client, made)[-1]
    assert edit["kind"] == "edit" and edit["data"]["reason"] == "the 20 belonged to hand 2"
    assert edit["data"]["reopened"] == [1]

    # Reopened: a plain change needs no reason now; confirmed again, a void needs one.
    assert client.put(f"{made.url}/hands/1", json=BELA_MADE, headers=made.edit).status_code == 200
    assert _confirm(client, made, 1, 0, _token(app, made, 0)).status_code == 200
    assert_errors(client.delete(f"{made.url}/hands/1", headers=made.edit), 422, "reason")
    response = client.delete(f"{made.url}/hands/1", headers={**made.edit, "X-Change-Reason": "misdeal"})
    assert response.status_code == 200, response.get_data(as_text=True)
    void = _events(client, made)[-1]
    assert void["kind"] == "void" and void["data"]["reason"] == "misdeal" and void["data"]["reopened"] == [0]


def test_matches_nobody_confirms_work_as_before(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    assert client.put(f"{made.url}/hands/1", json=BELA_BIG, headers=made.edit).status_code == 200
    assert "reason" not in _events(client, made)[-1]["data"]
    assert client.delete(f"{made.url}/hands/1", headers=made.edit).status_code == 200
