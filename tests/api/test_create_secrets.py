"""Issue 14, finding 1: a create's secret goes only to the one who created it.

A retried create (same Idempotency-Key, same body, same caller) is answered once, with the same secret; the
same (guessable) key and body sent by anybody else makes their own match and never shows the first one's
secret. Keys are forgotten after a day.
"""

from __future__ import annotations

from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import API, row_counts

BODY = {"variant": "bela", "players": ["Mike", "Yvonne"]}


def _create(client: FlaskClient, path: str, body: dict, address: str, key: str = "match-1"):
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
    mine = _create(client, "clubs", body, "10.0.0.1", "club-1")
    theirs = _create(client, "clubs", body, "10.0.0.2", "club-1")
    assert mine.status_code == theirs.status_code == 201
    assert theirs.get_json()["id"] != mine.get_json()["id"]
    assert mine.get_json()["club_token"] not in theirs.get_data(as_text=True)
    assert _create(client, "clubs", body, "10.0.0.1", "club-1").get_data() == mine.get_data()


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
