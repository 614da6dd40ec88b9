"""The match endpoints of API.md: create, read, boards, variants, the OpenAPI document, and JSON errors."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS
from tests.support.api import (
    API,
    URLSAFE,
    assert_errors,
    assert_unchanged,
    bearer,
    create,
    record,
    row_counts,
    snapshot,
)

STATE_FIELDS = {"revision", "game", "totals", "pot", "games", "games_won", "winner", "finished", "dealer",
                "can_claim", "hands"}

# The endpoint table of API.md, as (method, Flask rule).
API_MD_ENDPOINTS = [
    ("POST", "/api/v1/matches"),
    ("GET", "/api/v1/matches/<match_id>"),
    ("POST", "/api/v1/matches/<match_id>/hands"),
    ("PUT", "/api/v1/matches/<match_id>/hands/<int:number>"),
    ("DELETE", "/api/v1/matches/<match_id>/hands/<int:number>"),
    ("GET", "/api/v1/matches/<match_id>/events"),
    ("POST", "/api/v1/preview"),
    ("GET", "/api/v1/variants"),
    ("GET", "/api/v1/boards/<view_token>"),
    ("GET", "/api/v1/boards/<view_token>/events"),
    ("POST", "/api/v1/referee/melds"),
    ("POST", "/api/v1/referee/legal-plays"),
]


def _plain(rule: str) -> str:
    """A Flask rule with its converters dropped: ``<int:number>`` → ``<number>``."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"<\1>", rule)


def _api_rules(app: Flask) -> list[tuple[str, str]]:
    """Every (method, rule) the app routes under /api/v1 (HEAD and OPTIONS left out)."""
    return sorted((method, rule.rule) for rule in app.url_map.iter_rules() if rule.rule.startswith(API)
                  for method in (rule.methods or set()) - {"HEAD", "OPTIONS"})


# ---------------------------------------------------------------- create


def test_create_two_handed(app: Flask, client: FlaskClient) -> None:
    response = client.post(f"{API}/matches", json={
        "variant": "bela", "players": ["Mike", "Yvonne"], "rules": {"target": 500}, "best_of": 3,
        "first_dealer": 1})
    assert response.status_code == 201
    body = response.get_json()
    assert body["variant"] == "bela"
    assert body["rules"]["target"] == 500
    assert body["rules"]["tie"] == "hold-taker"  # resolved from the preset, not only the overrides
    assert body["rules"]["best-of"] == 3
    assert body["sides"] == [{"index": 0, "name": "Mike", "players": ["Mike"]},
                             {"index": 1, "name": "Yvonne", "players": ["Yvonne"]}]
    assert isinstance(body["id"], str) and body["id"]
    assert isinstance(body["links"]["board"], str) and body["view_token"] in body["links"]["board"]
    assert isinstance(body["links"]["scorer"], str) and body["links"]["scorer"].startswith("/")
    state = body["state"]
    assert set(state) >= STATE_FIELDS
    assert state["revision"] == 1
    assert state["game"] == 1
    assert state["totals"] == [0, 0]
    assert state["pot"] == 0
    assert state["games"] == [{"number": 1, "totals": [0, 0], "winner": None}]
    assert state["games_won"] == [0, 0]
    assert state["winner"] is None
    assert state["finished"] is False
    assert state["dealer"] == 1
    assert state["can_claim"] == [True, True]  # Bela: a claim at any time
    assert state["hands"] == []
    assert response.headers["ETag"] == '"1"'
    assert row_counts(app)["matches"] == 1


def test_create_four_handed_sides_are_seats_one_three_and_two_four(client: FlaskClient) -> None:
    body = create(client, "belote", ["Ana", "Bo", "Cy", "Di"]).body
    assert body["sides"] == [{"index": 0, "name": "Ana & Cy", "players": ["Ana", "Cy"]},
                             {"index": 1, "name": "Bo & Di", "players": ["Bo", "Di"]}]
    assert body["rules"]["target"] == 151
    assert body["state"]["totals"] == [0, 0]
    assert body["state"]["can_claim"] == [False, False]


def test_create_three_handed(client: FlaskClient) -> None:
    body = create(client, "bela-3", ["A", "B", "C"]).body
    assert [side["players"] for side in body["sides"]] == [["A"], ["B"], ["C"]]
    assert body["state"]["totals"] == [0, 0, 0]


@pytest.mark.parametrize("variant, tie", [("bela", "hold-taker"), ("klaberjass", "taker-nothing")])
def test_create_rules_are_resolved_from_the_preset(client: FlaskClient, variant: str, tie: str) -> None:
    assert create(client, variant).body["rules"]["tie"] == tie
    assert create(client, variant, rules={"tie": "taker-fails"}).body["rules"]["tie"] == "taker-fails"


def test_tokens_are_long_random_and_distinct(app: Flask, client: FlaskClient) -> None:
    first, second = create(client), create(client)
    for made in (first, second):
        for token in (made.edit_token, made.view_token):
            assert len(token) >= 22 and URLSAFE.match(token), token  # at least 128 bits, URL-safe
        assert made.edit_token != made.view_token
    assert first.edit_token != second.edit_token
    assert first.view_token != second.view_token
    assert first.id != second.id

    from scorekeeper.extensions import db
    from scorekeeper.models import Match

    with app.app_context():
        stored = db.session.get(Match, first.id)
        assert stored is not None
        assert stored.edit_token_hash != first.edit_token
        assert first.edit_token not in stored.edit_token_hash


def _create_body(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"variant": "bela", "players": ["Mike", "Yvonne"]}
    body.update(changes)
    return {k: v for k, v in body.items() if v is not None}


@pytest.mark.parametrize("body, field", [
    (_create_body(variant="snap"), "variant"),
    (_create_body(variant=None), "variant"),
    (_create_body(players=["Mike", "Yvonne", "Ana"]), "players"),
    (_create_body(players=["Mike"]), "players"),
    (_create_body(variant="belote"), "players"),
    (_create_body(players=None), "players"),
    (_create_body(players="Mike, Yvonne"), "players"),
    (_create_body(players=["Mike", "mike"]), "players"),
    (_create_body(players=["Mike", " "]), "players.1"),
    (_create_body(players=["Mike", 7]), "players.1"),
    (_create_body(first_dealer=2), "first_dealer"),
    (_create_body(first_dealer=-1), "first_dealer"),
    (_create_body(first_dealer="0"), "first_dealer"),
    (_create_body(first_dealer=True), "first_dealer"),
    (_create_body(rules={"target": -5}), "rules.target"),
    (_create_body(rules={"target": "lots"}), "rules.target"),
    (_create_body(rules={"tie": "coin-toss"}), "rules.tie"),
    (_create_body(rules={"no-such-option": 1}), "rules.no-such-option"),
    (_create_body(rules=["target", 500]), "rules"),
    (_create_body(best_of=2), "best_of"),
], ids=lambda value: value if isinstance(value, str) else None)
def test_create_rejects_what_the_rules_do_not_allow(app: Flask, client: FlaskClient, body: dict[str, Any],
                                                    field: str) -> None:
    before = snapshot(app, client, None)
    assert_errors(client.post(f"{API}/matches", json=body), 422, field)
    assert_unchanged(app, client, None, before)
    assert row_counts(app)["matches"] == 0


@pytest.mark.parametrize("data, content_type", [
    ("not json", "application/json"),
    ('{"variant": "bela", "players": ["Mike", "Yvonne"]}', "text/plain"),
    ('{"variant": "bela", "players": ["Mike", "Yvonne"]}', "application/x-www-form-urlencoded"),
    ("", "application/json"),
    ("null", "application/json"),
    ('["bela", ["Mike", "Yvonne"]]', "application/json"),
    ('"bela"', "application/json"),
    ("42", "application/json"),
    ("[" * 50_000 + "]" * 50_000, "application/json"),
], ids=["bad-json", "text-plain", "form", "empty", "null", "array", "string", "number", "too-deep"])
def test_create_needs_a_json_object(app: Flask, client: FlaskClient, data: str, content_type: str) -> None:
    before = snapshot(app, client, None)
    assert_errors(client.post(f"{API}/matches", data=data, content_type=content_type), 400)
    assert_unchanged(app, client, None, before)


# ---------------------------------------------------------------- read


def test_get_match_with_either_token(client: FlaskClient) -> None:
    made = create(client)
    record(client, made, {"taker": 0, "card_points": [65, 60], "last_trick": 0})
    for headers in (made.edit, made.view):
        response = client.get(made.url, headers=headers)
        assert response.status_code == 200
        body = response.get_json()
        assert body["id"] == made.id
        assert body["variant"] == "bela"
        assert body["rules"] == made.body["rules"]
        assert body["sides"] == made.body["sides"]
        assert body["state"]["revision"] == 2
        assert body["state"]["totals"] == [75, 60]
        assert [hand["number"] for hand in body["state"]["hands"]] == [1]
        assert response.headers["ETag"] == f'"{body["state"]["revision"]}"'
        assert "edit_token" not in body


def test_get_match_needs_a_token(client: FlaskClient) -> None:
    made, other = create(client), create(client)
    assert_errors(client.get(made.url), 401, "Authorization")
    assert_errors(client.get(made.url, headers=bearer("forged-" + made.view_token[7:])), 401)
    assert_errors(client.get(made.url, headers=bearer(other.edit_token)), 401)
    assert_errors(client.get(made.url, headers=bearer(other.view_token)), 401)
    assert_errors(client.get(made.url, headers={"Authorization": made.edit_token}), 401)  # no scheme
    assert_errors(client.get(made.url, headers={"Authorization": "Bearer "}), 401)
    assert_errors(client.get(made.url, headers=bearer("\u00e9t\u00e9")), 401)  # Latin-1, not ASCII


@pytest.mark.postgresql
def test_get_unknown_match_is_404(client: FlaskClient) -> None:
    made = create(client)
    assert_errors(client.get(f"{API}/matches/no-such-match", headers=made.edit), 404)
    assert_errors(client.get(f"{API}/matches/no-such-match"), 404)
    assert_errors(client.get(f"{API}/matches/a%00b", headers=made.edit), 404)  # PostgreSQL text has no NUL


def test_board(client: FlaskClient) -> None:
    made = create(client)
    record(client, made, {"taker": 0, "card_points": [65, 60], "last_trick": 0})
    response = client.get(f"{API}/boards/{made.view_token}")
    assert response.status_code == 200
    body = response.get_json()
    assert body["id"] == made.id
    assert body["sides"] == made.body["sides"]
    assert body["state"]["totals"] == [75, 60]
    assert body["state"] == client.get(made.url, headers=made.edit).get_json()["state"]
    assert response.headers["ETag"] == f'"{body["state"]["revision"]}"'


def test_unknown_board_is_404(client: FlaskClient) -> None:
    made = create(client)
    assert_errors(client.get(f"{API}/boards/no-such-board"), 404)
    assert_errors(client.get(f"{API}/boards/{made.edit_token}"), 404)  # the edit token is no board link
    assert_errors(client.get(f"{API}/boards/{made.id}"), 404)
    assert_errors(client.get(f"{API}/boards/a%00b"), 404)
    assert_errors(client.get(f"{API}/boards/no-such-board/events"), 404)
    assert_errors(client.get(f"{API}/boards/{made.edit_token}/events"), 404)


def test_variants(client: FlaskClient) -> None:
    response = client.get(f"{API}/variants")
    assert response.status_code == 200
    variants = response.get_json()["variants"]
    # Every game of the registry, each once, as the engine's preset says it.
    assert [v["variant"] for v in variants] == list(PRESETS)
    by_name = {v["variant"]: v for v in variants}
    assert all(by_name[name]["players"] == rules.players for name, rules in PRESETS.items())
    assert by_name["bela"]["target"] == 501 and by_name["bela"]["tie"] == "hold-taker"
    assert by_name["klaberjass"]["target"] == 500 and by_name["klaberjass"]["tie"] == "taker-nothing"
    assert by_name["clobby"]["target"] == 1001 and by_name["clobby"]["players"] == 4
    assert by_name["belote"]["target"] == 151
    assert by_name["bela-3"]["players"] == 3
    # RULES.md §2a: the Czech games put the queen on top, and their bejle is worth 40.
    assert by_name["bela"]["top-trump"] == "J" and by_name["bela"]["bela-points"] == 20
    assert by_name["bela"]["deal-limit"] is None
    for czech, players in (("bulka", 2), ("darda", 4)):
        assert by_name[czech]["top-trump"] == "Q" and by_name[czech]["bela-points"] == 40
        assert by_name[czech]["players"] == players and by_name[czech]["target"] == 500
    for name, rules in by_name.items():
        assert create(client, name).body["rules"] == rules  # a match without overrides gets the preset


def test_create_darda_with_a_deal_limit(client: FlaskClient) -> None:
    """Darda (RULES.md §2a) with the Belote tournaments' deal limit (§6): the options are kept, the state counts
    the deals played, and one side's card points are the rest of the 151 in the deck (§9.19)."""
    made = create(client, "darda", ["Ann", "Bob", "Cat", "Dan"], rules={"deal-limit": 7})
    rules = made.body["rules"]
    assert rules["deal-limit"] == 7 and rules["top-trump"] == "Q" and rules["bela-points"] == 40
    assert made.body["state"]["deals"] == 0
    answer = record(client, made, {"taker": 0, "contract": "hearts", "card_points": [100, None], "last_trick": 0})
    assert answer["scores"] == [110, 51]
    state = client.get(made.url, headers=made.view).get_json()["state"]
    assert state["deals"] == 1 and state["totals"] == [110, 51]
    record(client, made, {"thrown_in": True})
    assert client.get(made.url, headers=made.view).get_json()["state"]["deals"] == 1  # thrown in: not a deal
    bad = client.post(f"{API}/matches", json={"variant": "darda", "players": ["Ann", "Bob", "Cat", "Dan"],
                                              "rules": {"deal-limit": 0}})
    assert assert_errors(bad, 422, "rules.deal-limit")


# ---------------------------------------------------------------- the contract's endpoints


def test_openapi_lists_every_api_route(app: Flask, client: FlaskClient) -> None:
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    document = response.get_json()
    assert document["openapi"].startswith("3.")
    paths = document["paths"]
    routed = {(method, _openapi_path(rule)) for method, rule in _api_rules(app)}
    assert len(routed) >= 10
    for method, path in sorted(routed):
        assert method.lower() in paths.get(path, {}), f"{method} {path} is served but missing from openapi.json"
    for path, operations in paths.items():
        for method in set(operations) & {"get", "post", "put", "patch", "delete"}:
            assert (method.upper(), path) in routed, f"openapi.json documents {method.upper()} {path}: not served"


def _openapi_path(rule: str) -> str:
    """A Flask rule written as an OpenAPI path: ``<int:number>`` → ``{number}``."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


@pytest.mark.parametrize("method, rule", API_MD_ENDPOINTS, ids=lambda value: value)
def test_every_api_md_endpoint_is_served(app: Flask, method: str, rule: str) -> None:
    routed = {(m, _plain(r)) for m, r in _api_rules(app)}
    assert (method, _plain(rule)) in routed


# ---------------------------------------------------------------- errors are JSON


def test_unknown_api_path_is_json_404(client: FlaskClient) -> None:
    assert_errors(client.get(f"{API}/nothing-here"), 404)
    assert_errors(client.post(f"{API}/nothing-here", json={}), 404)
    assert_errors(client.get("/api/v2/matches"), 404)
    assert_errors(client.put(f"{API}/matches/x/hands/not-a-number", json={}), 404)


@pytest.mark.parametrize("method, path", [
    ("DELETE", "/variants"), ("POST", "/variants"), ("GET", "/preview"), ("GET", "/matches"),
    ("PUT", "/matches"), ("PATCH", "/matches/x"), ("DELETE", "/matches/x"), ("GET", "/matches/x/hands"),
    ("POST", "/matches/x/hands/1"), ("POST", "/boards/x"), ("PUT", "/openapi.json"),
])
def test_wrong_method_is_json_405(app: Flask, client: FlaskClient, method: str, path: str) -> None:
    made = create(client)
    before = snapshot(app, client, made)
    response = client.open(f"{API}{path.replace('/x', '/' + made.id)}", method=method, json={},
                           headers=made.edit)
    assert_errors(response, 405)
    assert_unchanged(app, client, made, before)


def test_too_large_body_is_json_413(app: Flask, client: FlaskClient) -> None:
    before = snapshot(app, client, None)
    body = '{"variant": "bela", "players": ["Mike", "Yvonne"], "pad": "' + "x" * 300_000 + '"}'
    assert_errors(client.post(f"{API}/matches", data=body, content_type="application/json"), 413)
    assert_unchanged(app, client, None, before)


@pytest.mark.fresh_app  # adds a route: an app that has answered a request takes none, and the next test must not see it
def test_server_error_is_json_500_without_a_trace(app: Flask) -> None:
    def boom() -> Any:
        raise RuntimeError("secret detail of the failure")

    app.add_url_rule(f"{API}/test-only-boom", "test_only_boom", boom)
    response = app.test_client().get(f"{API}/test-only-boom")
    assert_errors(response, 500)
    text = response.get_data(as_text=True)
    assert "secret detail" not in text and "Traceback" not in text
