"""Storage and work that do not grow with the match: a write answers what changed (the
hand, the revision, the state without its hands), the full state stays one GET away; what a hand write
stores (the match's cache, the idempotency row) stays the same size at hand 5 and hand 200; and a read of
an unchanged match or board is answered 304 to If-None-Match."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, select

from scorekeeper.extensions import db
from scorekeeper.models import IdempotencyKey, Match
from scorekeeper.serializers import to_json
from tests.support.api import BELA_BATE, BELA_BIG, BELA_MADE, Made, create, record

pytestmark = pytest.mark.postgresql  # what a write stores, measured in the database

HANDS = [{"thrown_in": True}, {"taker": 0, "card_points": [90, 62], "last_trick": 0},
         {"taker": 1, "card_points": [100, 52], "last_trick": 0}]


def _full_state(client: FlaskClient, made: Made) -> dict[str, Any]:
    response = client.get(made.url, headers=made.edit)
    assert response.status_code == 200
    state: dict[str, Any] = response.get_json()["state"]
    return state


def _without_hands(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "hands"}


def test_every_write_answers_the_hand_and_the_state_without_its_hands(client: FlaskClient) -> None:
    made = create(client, rules={"target": 100000})
    record(client, made, BELA_MADE)
    record(client, made, BELA_BATE)
    answers = {
        "record": client.post(f"{made.url}/hands", json=BELA_BIG, headers=made.edit),
        "edit": client.put(f"{made.url}/hands/1", json=BELA_BIG, headers=made.edit),
        "void": client.delete(f"{made.url}/hands/2", headers=made.edit),
        "restore": client.post(f"{made.url}/hands/2/restore", headers=made.edit),
        "dispute": client.post(f"{made.url}/hands/3/dispute", json={"note": "no 20"}, headers=made.edit),
        "resolve": client.post(f"{made.url}/hands/3/resolve", json={"resolution": "stands", "note": "ok"},
                               headers=made.edit),
    }
    for kind, response in answers.items():
        assert response.status_code in (200, 201), (kind, response.get_data(as_text=True))
        body = response.get_json()
        assert "hands" not in body["state"], kind
        assert {"totals", "pot", "dealer", "game", "games", "winner", "finished", "revision"} <= set(body["state"])
        assert body["revision"] == body["state"]["revision"] and response.headers["ETag"] == f'"{body["revision"]}"'
    # The last answer is the state as a GET shows it, less the hands; its hand is the state's entry.
    last = answers["resolve"].get_json()
    full = _full_state(client, made)
    assert _without_hands(full) == last["state"]
    assert full["hands"][2] == {k: v for k, v in last.items() if k not in ("revision", "state")}
    assert [h["number"] for h in full["hands"]] == [1, 2, 3]


@contextmanager
def _bytes_written(app: Flask) -> Iterator[list[int]]:
    """The characters of every value the statements inside send to the database for INSERT and UPDATE."""
    written: list[int] = []

    def count(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, many: bool) -> None:
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE")):
            rows = parameters if many else [parameters]
            for row in rows:
                values = row.values() if isinstance(row, dict) else row
                written.append(sum(len(str(v)) for v in values))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield written
    finally:
        event.remove(engine, "before_cursor_execute", count)


def _sizes(app: Flask, client: FlaskClient, made: Made, n: int) -> tuple[int, int, int, int]:
    """Record hand ``n`` with an idempotency key: (characters written, characters answered, the stored answer's
    size, the match row's cached summary's size)."""
    with _bytes_written(app) as written:
        response = client.post(f"{made.url}/hands", json=HANDS[n % len(HANDS)],
                               headers={**made.edit, "Idempotency-Key": f"hand-{n}"})
    assert response.status_code == 201, response.get_data(as_text=True)
    with app.app_context():
        stored = db.session.scalar(select(IdempotencyKey.response).where(IdempotencyKey.key == f"hand-{n}"))
        match = db.session.get(Match, made.id)
        assert stored is not None and match is not None and match.state_summary is not None
        summary = len(to_json(match.state_summary))
    return sum(written), len(response.get_data()), len(stored), summary


def test_what_a_hand_write_stores_does_not_grow_with_the_match(app: Flask, client: FlaskClient) -> None:
    made = create(client, rules={"target": 100000})
    sizes: dict[int, tuple[int, int, int, int]] = {}
    for n in range(1, 201):
        if n in (5, 200):
            sizes[n] = _sizes(app, client, made, n)
        else:
            record(client, made, HANDS[n % len(HANDS)])
    early, late = sizes[5], sizes[200]
    # A few more digits in the totals and numbers: never a hand's worth (an entry is ~500 characters).
    for name, a, b in zip(("written", "answered", "stored answer", "cached summary"), early, late, strict=True):
        assert b <= a + 200, (name, a, b)
    assert late[2] < 4096
    assert len(_full_state(client, made)["hands"]) == 200


def test_a_read_of_an_unchanged_match_or_board_is_answered_304(client: FlaskClient) -> None:
    made = create(client)
    record(client, made, BELA_MADE)
    board = f"/api/v1/boards/{made.view_token}"
    for url, headers in ((made.url, made.edit), (made.url, made.view), (board, {})):
        first = client.get(url, headers=headers)
        assert first.status_code == 200 and first.headers["ETag"] == '"2"'
        for tag in ('"2"', 'W/"2"', '"1", "2"', "*"):
            again = client.get(url, headers={**headers, "If-None-Match": tag})
            assert again.status_code == 304, (url, tag)
            assert again.get_data() == b"" and again.headers["ETag"] == '"2"'
        assert client.get(url, headers={**headers, "If-None-Match": '"1"'}).status_code == 200
    # A 304 still needs a token that may read the match.
    assert client.get(made.url, headers={"If-None-Match": '"2"'}).status_code == 401
    record(client, made, BELA_BATE)
    changed = client.get(made.url, headers={**made.edit, "If-None-Match": '"2"'})
    assert changed.status_code == 200 and changed.headers["ETag"] == '"3"'
    assert len(changed.get_json()["state"]["hands"]) == 2
