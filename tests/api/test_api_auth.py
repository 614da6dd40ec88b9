"""Who may do what: every write needs the edit token, reads take either token, and secrets stay secret."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from tests.support.api import (
    API,
    BELA_BIG,
    BELA_MADE,
    WRITE_METHODS,
    Made,
    all_stored_text,
    assert_errors,
    assert_unchanged,
    bearer,
    create,
    create_key,
    record,
    snapshot,
)


def _match_rules(app: Flask, methods: set[str]) -> list[tuple[str, Rule]]:
    """Every (method, rule) under /api/v1 that names a match and answers one of ``methods``."""
    found = [(method, rule) for rule in app.url_map.iter_rules()
             if rule.rule.startswith(API) and "match_id" in rule.arguments
             for method in sorted((rule.methods or set()) & methods)]
    return sorted(found, key=lambda pair: (pair[0] == "DELETE", pair[1].rule, pair[0]))


def _path(rule: Rule, made: Made) -> str:
    """The rule's path for ``made``'s match and its hand 1."""
    values = {"match_id": made.id, "number": "1"}
    unknown = set(rule.arguments) - set(values)
    assert not unknown, f"{rule.rule}: teach the auth sweep a value for {unknown}"
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", lambda m: values[m.group(1)], rule.rule)


def _bad_credentials(made: Made, other: Made) -> dict[str, dict[str, str]]:
    return {
        "missing": {},
        "empty": {"Authorization": "Bearer "},
        "forged": bearer("A" * len(made.edit_token)),
        "view token": made.view,
        "other match's edit token": other.edit,
        "edit token without the scheme": {"Authorization": made.edit_token},
        "edit token as Basic": {"Authorization": f"Basic {made.edit_token}"},
        "edit token's hash": bearer(_stored_hash(made)),
        "not ASCII": bearer("\u00e9" * 43),
    }


def _stored_hash(made: Made) -> str:
    from scorekeeper.services import hash_token

    return hash_token(made.edit_token)


def test_every_write_needs_the_edit_token(app: Flask, client: FlaskClient) -> None:
    made, other = create(client), create(client)
    record(client, made, BELA_MADE)
    rules = _match_rules(app, WRITE_METHODS)
    swept = {(method, rule.rule) for method, rule in rules}
    assert {("POST", f"{API}/matches/<match_id>/hands"), ("PUT", f"{API}/matches/<match_id>/hands/<int:number>"),
            ("DELETE", f"{API}/matches/<match_id>/hands/<int:number>")} <= swept
    before = snapshot(app, client, made)
    before_other = snapshot(app, client, other)
    for method, rule in rules:
        for name, headers in _bad_credentials(made, other).items():
            response = client.open(_path(rule, made), method=method, json=BELA_BIG,
                                   headers={**headers, "Idempotency-Key": f"sweep-{method}-{name}"})
            assert response.status_code == 401, f"{method} {rule.rule} with {name}: {response.status_code}"
            assert_errors(response, 401)
            assert_unchanged(app, client, made, before)
            assert_unchanged(app, client, other, before_other)


def test_every_write_works_with_the_edit_token(app: Flask, client: FlaskClient) -> None:
    """The sweep above is not vacuous: the same requests with the edit token succeed."""
    for method, rule in _match_rules(app, WRITE_METHODS):
        made = create(client)
        record(client, made, BELA_MADE)
        body, headers = _referee_write(app, client, made, rule.rule)
        response = client.open(_path(rule, made), method=method, json=body, headers=headers)
        assert 200 <= response.status_code < 300, f"{method} {rule.rule}: {response.get_data(as_text=True)}"


def _referee_write(app: Flask, client: FlaskClient, made: Made, rule: str) -> tuple[Any, dict[str, str]]:
    """The body and headers a write needs: a hand, or for the referee's writes a note (and a dispute to
    resolve), or a side's confirmation token instead of the edit token."""
    if rule.endswith("/dispute"):
        return {"note": "the melds were never shown"}, made.edit
    if rule.endswith("/resolve"):
        client.post(f"{made.url}/hands/1/dispute", json={"note": "melds"}, headers=made.edit)
        return {"note": "they were shown", "resolution": "stands"}, made.edit
    if rule.endswith("/restore"):
        client.delete(f"{made.url}/hands/1", headers=made.edit)
        return None, made.edit
    if rule.endswith("/confirm"):
        from scorekeeper.services import confirm_token

        with app.app_context():
            return {"side": 1}, bearer(confirm_token(made.id, 1))
    return BELA_BIG, made.edit


def test_every_read_takes_either_token_and_nothing_else(app: Flask, client: FlaskClient) -> None:
    made, other = create(client), create(client)
    record(client, made, BELA_MADE)
    rules = _match_rules(app, {"GET"})
    assert {rule.rule for _, rule in rules} >= {f"{API}/matches/<match_id>", f"{API}/matches/<match_id>/events"}
    for _, rule in rules:
        path = _path(rule, made)
        for headers in (made.edit, made.view):
            assert client.get(path, headers=headers).status_code == 200, rule.rule
        for name, headers in _bad_credentials(made, other).items():
            if name == "view token":
                continue
            response = client.get(path, headers=headers)
            assert response.status_code == 401, f"GET {rule.rule} with {name}: {response.status_code}"
            assert_errors(response, 401)
        assert_errors(client.get(path, headers=other.view), 401)


def test_preview_of_a_match_needs_one_of_its_tokens(client: FlaskClient) -> None:
    made, other = create(client), create(client)
    for name, headers in _bad_credentials(made, other).items():
        if name == "view token":
            continue
        response = client.post(f"{API}/preview", json={"match": made.id, "hand": BELA_MADE}, headers=headers)
        assert response.status_code == 401, name
        assert_errors(response, 401)


def _reads(client: FlaskClient, made: Made) -> dict[str, Any]:
    return {
        "board": client.get(f"{API}/boards/{made.view_token}"),
        "match with the view token": client.get(made.url, headers=made.view),
        "match with the edit token": client.get(made.url, headers=made.edit),
        "events with the view token": client.get(f"{made.url}/events", headers=made.view),
        "events with the edit token": client.get(f"{made.url}/events", headers=made.edit),
        "preview with the view token": client.post(f"{API}/preview", json={"match": made.id, "hand": BELA_MADE},
                                                   headers=made.view),
    }


def test_reads_never_show_the_edit_token(client: FlaskClient) -> None:
    made = create(client)
    answers = [client.post(f"{made.url}/hands", json=BELA_MADE, headers=made.edit),
               client.put(f"{made.url}/hands/1", json=BELA_BIG, headers=made.edit),
               client.post(f"{made.url}/hands", json=BELA_MADE, headers=made.edit),
               client.delete(f"{made.url}/hands/2", headers=made.edit)]
    secret_hash = _stored_hash(made)
    for name, response in [*_reads(client, made).items(), *((f"write {i}", r) for i, r in enumerate(answers))]:
        assert response.status_code in (200, 201), name
        text = response.get_data(as_text=True)
        assert made.edit_token not in text, name
        assert secret_hash not in text, name
        assert "edit_token" not in text, name
    board = client.get(f"{API}/boards/{made.view_token}").get_json()
    assert "scorer" not in board["links"]


def test_the_edit_token_is_stored_only_as_a_hash(app: Flask, client: FlaskClient) -> None:
    plain = create(client)
    response = client.post(f"{API}/matches", json={"variant": "belote", "players": ["A", "B", "C", "D"]},
                           headers={"Idempotency-Key": create_key("create-once")})
    keyed = Made(response.get_json())
    for made in (plain, keyed):
        record(client, made, BELA_MADE if made is plain else
               {"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0},
               headers={"Idempotency-Key": "hand-once"})
    stored = all_stored_text(app)
    for made in (plain, keyed):
        assert made.edit_token not in stored
        assert _stored_hash(made) in stored

    from scorekeeper.extensions import db
    from scorekeeper.models import IdempotencyKey, Match

    with app.app_context():
        keys = db.session.scalars(db.select(IdempotencyKey)).all()
        assert len(keys) == 3
        for key in keys:
            for made in (plain, keyed):
                assert made.edit_token not in key.response
        for made in (plain, keyed):
            row = db.session.get(Match, made.id)
            assert row is not None and row.edit_token_hash != made.edit_token


@pytest.mark.parametrize("scheme", ["Bearer", "bearer", "BEARER"])
def test_the_bearer_scheme_is_case_insensitive(client: FlaskClient, scheme: str) -> None:
    made = create(client)
    assert client.get(made.url, headers={"Authorization": f"{scheme} {made.edit_token}"}).status_code == 200
