"""Idempotency-Key: a retry answers the first answer and records nothing new; a reused key is 422."""

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
    Made,
    assert_errors,
    assert_unchanged,
    create,
    create_key,
    record,
    row_counts,
    snapshot,
)

pytestmark = pytest.mark.postgresql  # retries: a key's unique row, the constraint a concurrent retry meets

CREATE = {"variant": "bela", "players": ["Mike", "Yvonne"], "rules": {"target": 500}}


def _events(client: FlaskClient, made: Made) -> list[dict[str, Any]]:
    return list(client.get(f"{made.url}/events", headers=made.edit).get_json()["events"])


def test_a_retried_record_answers_the_first_answer(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    headers = {**made.edit, "Idempotency-Key": "hand-1"}
    first = client.post(f"{made.url}/hands", json=BELA_MADE, headers=headers)
    assert first.status_code == 201
    after_first = snapshot(app, client, made)
    second = client.post(f"{made.url}/hands", json=BELA_MADE, headers=headers)
    assert second.status_code == 201
    assert second.get_json() == first.get_json()
    assert second.headers["ETag"] == first.headers["ETag"]
    assert_unchanged(app, client, made, after_first)
    state = after_first["match"]["state"]
    assert [h["number"] for h in state["hands"]] == [1]
    assert [e["kind"] for e in _events(client, made)] == ["create", "record"]

    # Still the first answer after the match moved on; still nothing new.
    record(client, made, BELA_BIG)
    moved = snapshot(app, client, made)
    third = client.post(f"{made.url}/hands", json=BELA_MADE, headers=headers)
    assert third.status_code == 201 and third.get_json() == first.get_json()
    assert_unchanged(app, client, made, moved)


def test_a_used_key_with_a_different_request_is_422(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE, headers={"Idempotency-Key": "k"})
    before = snapshot(app, client, made)
    for method, path, body in (("POST", "/hands", BELA_BIG), ("PUT", "/hands/1", BELA_MADE),
                               ("DELETE", "/hands/1", None)):
        response = client.open(f"{made.url}{path}", method=method, json=body,
                               headers={**made.edit, "Idempotency-Key": "k"})
        assert_errors(response, 422, "Idempotency-Key")
        assert_unchanged(app, client, made, before)


def test_a_retried_edit_and_void_record_once(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    record(client, made, BELA_BIG)
    for method, path, body in (("PUT", "/hands/1", BELA_BATE), ("DELETE", "/hands/2", None)):
        headers = {**made.edit, "Idempotency-Key": f"{method}-once"}
        first = client.open(f"{made.url}{path}", method=method, json=body, headers=headers)
        assert first.status_code == 200
        after_first = snapshot(app, client, made)
        second = client.open(f"{made.url}{path}", method=method, json=body, headers=headers)
        assert second.status_code == 200 and second.get_json() == first.get_json()
        assert_unchanged(app, client, made, after_first)
    assert [e["kind"] for e in _events(client, made)] == ["create", "record", "record", "edit", "void"]


def test_a_failed_request_does_not_use_up_its_key(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    headers = {**made.edit, "Idempotency-Key": "fix-and-retry"}
    before = snapshot(app, client, made)
    assert_errors(client.post(f"{made.url}/hands", json=BELA_IMPOSSIBLE, headers=headers), 422, "card_points")
    assert_errors(client.post(f"{made.url}/hands", json=BELA_MADE, headers={**headers, "If-Match": '"7"'}), 412)
    assert_errors(client.post(f"{made.url}/hands", data="nope", content_type="application/json", headers=headers),
                  400)
    assert_unchanged(app, client, made, before)
    assert client.post(f"{made.url}/hands", json=BELA_MADE, headers=headers).status_code == 201


def test_keys_belong_to_their_match(client: FlaskClient) -> None:
    first, second = create(client), create(client)
    one = record(client, first, BELA_MADE, headers={"Idempotency-Key": "same"})
    two = record(client, second, BELA_BATE, headers={"Idempotency-Key": "same"})
    assert one["result"] == "made" and two["result"] == "bate"


def test_a_retry_still_needs_the_edit_token(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE, headers={"Idempotency-Key": "mine"})
    before = snapshot(app, client, made)
    for headers in ({}, made.view):
        response = client.post(f"{made.url}/hands", json=BELA_MADE, headers={**headers, "Idempotency-Key": "mine"})
        assert_errors(response, 401)
    assert_unchanged(app, client, made, before)


@pytest.mark.parametrize("key", ["", "k" * 201])
def test_a_key_of_the_wrong_length_is_422(app: Flask, client: FlaskClient, key: str) -> None:
    made = create(client)
    before = snapshot(app, client, made)
    response = client.post(f"{made.url}/hands", json=BELA_MADE, headers={**made.edit, "Idempotency-Key": key})
    assert_errors(response, 422, "Idempotency-Key")
    assert_unchanged(app, client, made, before)
    assert_errors(client.post(f"{API}/matches", json=CREATE, headers={"Idempotency-Key": key}), 422,
                  "Idempotency-Key")
    assert_unchanged(app, client, made, before)


def test_a_retried_create_answers_the_same_match(app: Flask, client: FlaskClient) -> None:
    headers = {"Idempotency-Key": create_key("new-match")}
    first = client.post(f"{API}/matches", json=CREATE, headers=headers)
    assert first.status_code == 201
    counts = row_counts(app)
    assert counts["matches"] == 1
    second = client.post(f"{API}/matches", json=CREATE, headers=headers)
    assert second.status_code == 201
    a, b = first.get_json(), second.get_json()
    assert (b["id"], b["edit_token"], b["view_token"], b["links"]) == (a["id"], a["edit_token"], a["view_token"],
                                                                          a["links"])
    assert b == a
    assert row_counts(app) == counts
    made = Made(b)
    assert [e["kind"] for e in _events(client, made)] == ["create"]
    # The token a retry answers is the real one.
    assert record(client, made, BELA_MADE)["number"] == 1


def test_a_used_create_key_with_a_different_body_is_422(app: Flask, client: FlaskClient) -> None:
    headers = {"Idempotency-Key": create_key("new-match")}
    made = Made(client.post(f"{API}/matches", json=CREATE, headers=headers).get_json())
    before = snapshot(app, client, made)
    response = client.post(f"{API}/matches", json={**CREATE, "players": ["Ana", "Ivo"]}, headers=headers)
    assert_errors(response, 422, "Idempotency-Key")
    assert_unchanged(app, client, made, before)
    assert row_counts(app)["matches"] == 1


def test_a_failed_create_does_not_use_up_its_key(app: Flask, client: FlaskClient) -> None:
    headers = {"Idempotency-Key": create_key("try-again")}
    before = snapshot(app, client, None)
    assert_errors(client.post(f"{API}/matches", json={**CREATE, "players": ["Mike"]}, headers=headers), 422,
                  "players")
    assert_unchanged(app, client, None, before)
    assert row_counts(app)["matches"] == 0
    assert client.post(f"{API}/matches", json=CREATE, headers=headers).status_code == 201
    assert row_counts(app)["matches"] == 1
