"""A create's secret goes only to the one who created it.

A retried create (same Idempotency-Key, same body, same caller) is answered once, with the same secret; the
same key and body sent by anybody else makes their own match and never shows the first one's secret. Keys are
forgotten after a day. a create's key must be random (128 bits), since everyone in a pub shares one
address: a guessable one ("match-1") is refused, 422 naming Idempotency-Key, and creates nothing.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import API, assert_errors, create_key, row_counts

pytestmark = pytest.mark.postgresql  # retries of creates: keys' rows, their age (a time with its zone)

BODY = {"variant": "bela", "players": ["Mike", "Yvonne"]}


def _create(client: FlaskClient, path: str, body: dict, address: str, key: str = create_key("match-1")):
    return client.post(f"{API}/{path}", json=body, headers={"Idempotency-Key": key},
                       environ_base={"REMOTE_ADDR": address})


def test_the_same_key_from_another_caller_never_gets_the_first_creators_edit_token(app: Flask,
                                                                                   client: FlaskClient) -> None:
    mine = _create(client, "matches", BODY, "10.0.0.1")
    assert mine.status_code == 201
    again = _create(client, "matches", BODY, "10.0.0.1")
    assert again.get_data() == mine.get_data()  # my own retry: the first answer, byte for byte
    theirs = _create(client, "matches", BODY, "10.0.0.2")
    assert theirs.status_code == 201
    assert theirs.get_json()["id"] != mine.get_json()["id"]
    assert mine.get_json()["edit_token"] not in theirs.get_data(as_text=True)
    assert mine.get_json()["view_token"] not in theirs.get_data(as_text=True)
    assert row_counts(app)["matches"] == 2


def test_the_same_key_from_another_caller_never_gets_the_first_clubs_secret(client: FlaskClient) -> None:
    body = {"name": "The Anchor", "players": ["Mike", "Yvonne"]}
    mine = _create(client, "clubs", body, "10.0.0.1", create_key("club-1"))
    theirs = _create(client, "clubs", body, "10.0.0.2", create_key("club-1"))
    assert mine.status_code == theirs.status_code == 201
    assert theirs.get_json()["id"] != mine.get_json()["id"]
    assert mine.get_json()["club_token"] not in theirs.get_data(as_text=True)
    assert _create(client, "clubs", body, "10.0.0.1", create_key("club-1")).get_data() == mine.get_data()


def test_a_key_is_forgotten_after_its_retention(app: Flask, client: FlaskClient) -> None:
    from scorekeeper.extensions import db
    from scorekeeper.models import IdempotencyKey
    from scorekeeper.services.idempotency import RETENTION

    first = _create(client, "matches", BODY, "10.0.0.1")
    with app.app_context():
        for row in db.session.scalars(db.select(IdempotencyKey)):
            row.created_at = row.created_at - RETENTION - timedelta(minutes=1)
        db.session.commit()
    later = _create(client, "matches", BODY, "10.0.0.1")
    assert later.status_code == 201
    assert later.get_json()["id"] != first.get_json()["id"]  # a new create, not a day-old answer
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(IdempotencyKey)) == 1  # the old one pruned


GUESSABLE = ["match-1", "hand-1", "a" * 40, "abcabcabcabcabcabcabcabcabc", "0123456789abcdef0123",
             "Mike and Yvonne, Friday", "123e4567-e89b-12d3-a456", "bWF0Y2gtMQ=="]
"""Keys a create refuses: short words, a run of one character, a word repeated, hex short of 32 digits, a
space or a comma (outside the base64 alphabets), base64 of a short word."""
RANDOM = ["3q2-7wEjRsKlQ0v_X9nPZg", "b7f3c1e2a9d84f6b8c0e5a1d2f3b4c5d", "123e4567-e89b-12d3-a456-426614174000",
          "uT9+ZbQ2m/8XkLr4N1aWcQ==", "f" + "0123456789ABCDEFGHIJKLMNOPQRSTUV"]
"""Keys a create takes: 16 random bytes in base64url (what the pages send), 32 hex digits, a UUID, standard
base64 with its padding, a longer one."""


def _body_of(client: FlaskClient, path: str) -> dict:
    """A create's body that is right in every other way: an exported match or club for the imports."""
    if path == "matches":
        return BODY
    if path == "clubs":
        return {"name": "The Anchor", "players": ["Mike", "Yvonne"]}
    if path == "tournaments":
        return {"name": "Friday Bela", "variant": "bela", "format": "round-robin"}
    kind = "matches" if path == "imports" else "clubs"
    made = _create(client, kind, _body_of(client, kind), "10.0.0.9", create_key(path)).get_json()
    token = made["view_token"] if kind == "matches" else made["club_token"]
    document = client.get(f"{API}/{kind}/{made['id']}/export", headers={"Authorization": f"Bearer {token}"})
    assert document.status_code == 200, document.get_data(as_text=True)
    return dict(document.get_json())


@pytest.mark.parametrize("path", ["matches", "clubs", "tournaments", "imports", "clubs/imports"])
def test_a_guessable_key_on_a_create_is_refused_and_creates_nothing(app: Flask, client: FlaskClient,
                                                                    path: str) -> None:
    body = _body_of(client, path)
    before = row_counts(app)
    for key in GUESSABLE:
        (error,) = assert_errors(_create(client, path, body, "10.0.0.1", key), 422, "Idempotency-Key")
        assert error["message"] == ("a key that creates a match, club, tournament or import must be random, so "
                                    "that nobody else can send it: send 128 random bits, such as 16 random bytes "
                                    "in base64url (22 characters) or 32 random hex digits"), key
        assert row_counts(app) == before
    assert _create(client, path, body, "10.0.0.1", RANDOM[0]).status_code == 201  # the same body, a good key


@pytest.mark.parametrize("key", RANDOM)
def test_a_random_key_creates_once_and_replays(app: Flask, client: FlaskClient, key: str) -> None:
    first = _create(client, "matches", BODY, "10.0.0.1", key)
    assert first.status_code == 201, first.get_data(as_text=True)
    assert _create(client, "matches", BODY, "10.0.0.1", key).get_data() == first.get_data()
    assert row_counts(app)["matches"] == 1


def test_a_hand_write_may_keep_a_short_key(client: FlaskClient) -> None:
    made = _create(client, "matches", BODY, "10.0.0.1").get_json()
    headers = {"Authorization": f"Bearer {made['edit_token']}", "Idempotency-Key": "hand-1"}
    hand = {"taker": 0, "card_points": [65, 60], "last_trick": 0}
    first = client.post(f"{API}/matches/{made['id']}/hands", json=hand, headers=headers)
    assert first.status_code == 201
    assert client.post(f"{API}/matches/{made['id']}/hands", json=hand, headers=headers).get_data() == first.get_data()


def test_the_pages_send_random_keys(client: FlaskClient) -> None:
    from scorekeeper.services.idempotency import guessable
    from tests.support.pages import hidden

    keys = {hidden(client.get(path).get_data(as_text=True))["idempotency_key"] for path in ("/", "/", "/clubs/new")}
    assert len(keys) == 3 and not any(guessable(key) for key in keys)
