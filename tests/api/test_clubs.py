"""Clubs through the API: creating one, its secret guarding every read, club matches (names matched to the club's
players without case), the club's token scoring its matches, the match list's filters, head-to-head, and the
club export and import (a round trip on either backend; a changed document imports nothing at all)."""

from __future__ import annotations

import copy
import csv
import hashlib
import io
import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import (
    API,
    BELA_BIG,
    BELA_MADE,
    BELA_SIDE1_MADE,
    URLSAFE,
    Made,
    assert_errors,
    bearer,
    club_row_counts,
    create,
    create_key,
)

CLUBS = f"{API}/clubs"
PLAYERS = ["Mike", "Yvonne", "Ana", "Ivo"]
BELA3_HANDS = [
    {"taker": 0, "card_points": [40, 55, 45], "last_trick": 0},
    {"taker": 0, "card_points": [30, 50, 50], "last_trick": 0},
    {"taker": 1, "card_points": [30, 60, 20], "last_trick": 1},
]
BELOTE_HANDS = [
    {"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0},
    {"taker": 0, "contract": "spades", "card_points": [90, None], "last_trick": 0},
    {"taker": 0, "contract": "clubs", "card_points": [100, None], "last_trick": 0},
]


@dataclass
class Club:
    """A club created through the API, with its secret."""

    body: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.body["id"])

    @property
    def token(self) -> str:
        return str(self.body["club_token"])

    @property
    def auth(self) -> dict[str, str]:
        return bearer(self.token)

    @property
    def url(self) -> str:
        return f"{CLUBS}/{self.id}"


def make_club(client: FlaskClient, name: str = "The Anchor", players: list[str] | None = None) -> Club:
    response = client.post(CLUBS, json={"name": name, "players": PLAYERS if players is None else players})
    assert response.status_code == 201, response.get_data(as_text=True)
    return Club(response.get_json())


def club_match(client: FlaskClient, club: Club, variant: str = "bela", players: list[str] | None = None,
               **extra: Any) -> Made:
    if players is None:
        players = PLAYERS[:4 if variant == "belote" else 3 if variant == "bela-3" else 2]
    response = client.post(f"{API}/matches", json={"variant": variant, "players": players, "club": club.id, **extra},
                           headers=club.auth)
    assert response.status_code == 201, response.get_data(as_text=True)
    return Made(response.get_json())


def send(client: FlaskClient, club: Club, made: Made, hand: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"{made.url}/hands", json=hand, headers=club.auth)
    assert response.status_code == 201, response.get_data(as_text=True)
    body: dict[str, Any] = response.get_json()
    return body


def digest(document: dict[str, Any]) -> str:
    body = {key: value for key, value in document.items() if key != "digest"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def redigest(document: dict[str, Any]) -> dict[str, Any]:
    document["digest"] = digest(document)
    return document


# ---------------------------------------------------------------- creating a club


def test_create_a_club(app: Flask, client: FlaskClient) -> None:
    response = client.post(CLUBS, json={"name": "  The   Anchor ", "players": ["Mike", " Yvonne "]})
    assert response.status_code == 201, response.get_data(as_text=True)
    body = response.get_json()
    token = body["club_token"]
    assert isinstance(token, str) and URLSAFE.match(token) and len(token) >= 43
    assert body["name"] == "The Anchor" and body["players"] == ["Mike", "Yvonne"]
    assert body["links"]["club"] == f"/clubs/{body['id']}/join?key={token}"
    club = Club(body)
    got = client.get(club.url, headers=club.auth)
    assert got.status_code == 200
    assert got.get_json() == {"id": club.id, "name": "The Anchor", "created_at": body["created_at"],
                              "players": ["Mike", "Yvonne"], "language": None}
    assert token not in got.get_data(as_text=True)
    assert club_row_counts(app)["clubs"] == 1 and club_row_counts(app)["players"] == 2


@pytest.mark.parametrize(("body", "field", "message"), [
    ({"players": ["Mike"]}, "name", "the club needs a name"),
    ({"name": "   "}, "name", "the club needs a name"),
    ({"name": 7}, "name", "the club needs a name"),
    ({"name": "x" * 81}, "name", "at most 80 characters"),
    ({"name": "Pub", "players": ["Mike", " MIKE "]}, "players.1", "named twice"),
    ({"name": "Pub", "players": ["Mi ke", "mi  KE"]}, "players.1", "named twice"),
    ({"name": "Pub", "players": ["Mike", ""]}, "players.1", "every player needs a name"),
    ({"name": "Pub", "players": "Mike"}, "players", "a list"),
])
def test_a_bad_club_is_refused_and_nothing_saved(app: Flask, client: FlaskClient, body: dict[str, Any],
                                                 field: str, message: str) -> None:
    before = club_row_counts(app)
    errors = assert_errors(client.post(CLUBS, json=body), 422, field)
    assert any(message in e["message"] for e in errors if e["field"] == field), errors
    assert club_row_counts(app) == before


def test_a_name_of_80_characters_is_enough(app: Flask, client: FlaskClient) -> None:
    assert client.post(CLUBS, json={"name": "x" * 80}).status_code == 201


def test_a_club_needs_a_json_object(app: Flask, client: FlaskClient) -> None:
    assert_errors(client.post(CLUBS, data="name=Pub", content_type="text/plain"), 400, "body")
    assert_errors(client.post(CLUBS, data="{not json", content_type="application/json"), 400, "body")
    assert_errors(client.post(CLUBS, json=["Pub"]), 400, "body")
    assert club_row_counts(app)["clubs"] == 0


@pytest.mark.postgresql
def test_a_retried_create_with_its_key_is_the_same_club(app: Flask, client: FlaskClient) -> None:
    body = {"name": "Pub", "players": ["Mike", "Ana"]}
    key = {"Idempotency-Key": create_key("club-1")}
    first = client.post(CLUBS, json=body, headers=key)
    again = client.post(CLUBS, json=body, headers=key)
    assert first.status_code == again.status_code == 201
    assert first.get_json()["id"] == again.get_json()["id"]
    assert first.get_json()["club_token"] == again.get_json()["club_token"]
    counts = club_row_counts(app)
    assert counts["clubs"] == 1 and counts["players"] == 2
    club = Club(again.get_json())
    assert client.get(club.url, headers=club.auth).status_code == 200  # the replayed secret opens the club

    assert_errors(client.post(CLUBS, json={"name": "Other pub"}, headers=key), 422, "Idempotency-Key")
    assert club_row_counts(app) == counts


# ---------------------------------------------------------------- the club's secret guards every read

READS = ["", "/matches", "/stats", "/players/Mike", "/head-to-head?a=Mike&b=Yvonne", "/export", "/export.csv"]


@pytest.mark.parametrize("path", READS)
def test_every_club_read_needs_the_clubs_secret(app: Flask, client: FlaskClient, path: str) -> None:
    club = make_club(client)
    other = make_club(client, "The Crown")
    match = club_match(client, club)
    for headers in ({}, bearer("wrong-" + "x" * 40), match.edit, match.view, other.auth, {"Authorization": club.token},
                    {"Authorization": "Basic " + club.token}):
        errors = assert_errors(client.get(club.url + path, headers=headers), 401, "Authorization")
        assert club.token not in json.dumps(errors)
    assert client.get(club.url + path, headers=club.auth).status_code == 200
    assert client.get(club.url + path, headers={"Authorization": f"bearer  {club.token} "}).status_code == 200
    for headers in (club.auth, {}, bearer("nope")):
        errors = assert_errors(client.get(f"{CLUBS}/no-such-club{path}", headers=headers), 404, "id")
        assert "no club 'no-such-club'" in errors[0]["message"]


# ---------------------------------------------------------------- matches in a club


@pytest.mark.postgresql
def test_a_club_match_takes_the_clubs_spelling_and_adds_new_names(app: Flask, client: FlaskClient) -> None:
    club = make_club(client, players=["Mike", "Yvonne"])
    made = club_match(client, club, "bela-3", ["mike", "  YVONNE ", "Zed  Zed"])
    assert made.body["players"] == ["Mike", "Yvonne", "Zed Zed"]
    assert client.get(club.url, headers=club.auth).get_json()["players"] == ["Mike", "Yvonne", "Zed Zed"]
    again = club_match(client, club, "bela", ["zed zed", "MIKE"])
    assert again.body["players"] == ["Zed Zed", "Mike"]
    counts = club_row_counts(app)
    assert counts["players"] == 3 and counts["match_players"] == 5
    listed = client.get(f"{club.url}/matches", headers=club.auth).get_json()["matches"]
    assert {row["id"] for row in listed} == {made.id, again.id}


def test_a_club_match_needs_the_clubs_secret(app: Flask, client: FlaskClient) -> None:
    club = make_club(client)
    other = make_club(client, "The Crown")
    body = {"variant": "bela", "players": ["Mike", "Newcomer"], "club": club.id}
    before = club_row_counts(app)
    for headers in ({}, bearer("wrong"), other.auth):
        assert_errors(client.post(f"{API}/matches", json=body, headers=headers), 401, "Authorization")
    assert_errors(client.post(f"{API}/matches", json={**body, "club": "no-such-club"}, headers=club.auth), 404,
                  "club")
    assert_errors(client.post(f"{API}/matches", json={**body, "club": 12}, headers=club.auth), 422, "club")
    assert club_row_counts(app) == before
    assert "Newcomer" not in client.get(club.url, headers=club.auth).get_json()["players"]


@pytest.mark.postgresql
def test_two_seats_that_are_one_club_player_are_refused(app: Flask, client: FlaskClient) -> None:
    club = make_club(client, players=["Mike", "Mi ke"])
    before = club_row_counts(app)
    for players in (["Mi ke", "Mi  ke"], ["mike", "MIKE "], ["Mi  KE", "mi ke"]):
        body = {"variant": "bela-3", "players": ["Ana", *players], "club": club.id}
        errors = assert_errors(client.post(f"{API}/matches", json=body, headers=club.auth), 422, "players")
        assert any("same name" in e["message"] for e in errors), errors
    assert club_row_counts(app)["matches"] == before["matches"]
    made = club_match(client, club, "bela-3", ["Ivo", "mi  KE", "mike"])
    assert made.body["players"] == ["Ivo", "Mi ke", "Mike"]


@pytest.mark.postgresql
def test_a_refused_club_match_adds_no_player(app: Flask, client: FlaskClient) -> None:
    club = make_club(client, players=["Mike"])
    before = club_row_counts(app)
    body = {"variant": "bela-3", "players": ["Ivo", "Mi ke", "Mi  ke"], "club": club.id}
    assert_errors(client.post(f"{API}/matches", json=body, headers=club.auth), 422, "players")
    assert client.get(club.url, headers=club.auth).get_json()["players"] == ["Mike"]
    assert club_row_counts(app) == before


def test_the_clubs_secret_scores_its_matches_only(app: Flask, client: FlaskClient) -> None:
    club = make_club(client)
    made = club_match(client, club)
    outside = create(client)
    other_club = make_club(client, "The Crown")
    elsewhere = club_match(client, other_club)

    assert send(client, club, made, BELA_MADE)["number"] == 1
    send(client, club, made, BELA_BIG)
    edited = client.put(f"{made.url}/hands/1", json=BELA_SIDE1_MADE, headers=club.auth)
    assert edited.status_code == 200, edited.get_data(as_text=True)
    voided = client.delete(f"{made.url}/hands/2", headers=club.auth)
    assert voided.status_code == 200, voided.get_data(as_text=True)
    assert client.get(made.url, headers=club.auth).status_code == 200
    # The match's own token still works alongside the club's.
    assert client.post(f"{made.url}/hands", json=BELA_MADE, headers=made.edit).status_code == 201
    hands = client.get(made.url, headers=made.edit).get_json()["state"]["hands"]
    assert [(h["number"], h["voided"]) for h in hands] == [(1, False), (2, True), (3, False)]
    assert hands[0]["input"]["taker"] == 1

    for match in (outside, elsewhere):
        before = club_row_counts(app)
        assert_errors(client.post(f"{match.url}/hands", json=BELA_MADE, headers=club.auth), 401, "Authorization")
        assert_errors(client.get(match.url, headers=club.auth), 401, "Authorization")
        assert client.post(f"{match.url}/hands", json=BELA_MADE, headers=match.edit).status_code == 201
        assert_errors(client.put(f"{match.url}/hands/1", json=BELA_BIG, headers=club.auth), 401, "Authorization")
        assert_errors(client.delete(f"{match.url}/hands/1", headers=club.auth), 401, "Authorization")
        assert club_row_counts(app)["hands"] == before["hands"] + 1


# ---------------------------------------------------------------- the match list and its filters


def _listed(client: FlaskClient, club: Club, **args: str) -> list[str]:
    response = client.get(f"{club.url}/matches", query_string=args, headers=club.auth)
    assert response.status_code == 200, response.get_data(as_text=True)
    return [row["id"] for row in response.get_json()["matches"]]


@pytest.mark.postgresql
def test_the_match_list_filters(app: Flask, client: FlaskClient) -> None:
    club = make_club(client)
    first = club_match(client, club, "bela", ["Mike", "Yvonne"])
    time.sleep(0.01)
    second = club_match(client, club, "bela-3", ["Ana", "Ivo", "Yvonne"])
    time.sleep(0.01)
    third = club_match(client, club, "bela", ["Ana", "Mike"])
    create(client)  # outside the club: never listed

    assert _listed(client, club) == [third.id, second.id, first.id]  # newest first
    assert _listed(client, club, player="mIKE") == [third.id, first.id]
    assert _listed(client, club, player=" ana ") == [third.id, second.id]
    assert _listed(client, club, game="bela-3") == [second.id]
    assert _listed(client, club, game="bela", player="yvonne") == [first.id]
    assert _listed(client, club, game="belote") == []
    today = datetime.now(UTC).date()
    day = today.isoformat()
    before, after = (today - timedelta(days=1)).isoformat(), (today + timedelta(days=1)).isoformat()
    assert _listed(client, club, **{"from": day, "to": day}) == [third.id, second.id, first.id]
    assert _listed(client, club, **{"from": before}) == [third.id, second.id, first.id]
    assert _listed(client, club, **{"from": after}) == []
    assert _listed(client, club, to=before) == []
    assert _listed(client, club, to=day, player="Yvonne") == [second.id, first.id]
    response = client.get(f"{club.url}/matches", query_string={"player": "mike", "from": day}, headers=club.auth)
    assert response.get_json()["filters"] == {"player": "Mike", "from": day}
    row = response.get_json()["matches"][0]
    assert row["day"] == day and row["players"] == ["Ana", "Mike"] and row["result"] == "not started"


@pytest.mark.postgresql
@pytest.mark.parametrize(("args", "field", "message"), [
    ({"from": "2026-11-21", "to": "2026-11-20"}, "to", "before the first"),
    ({"from": "2026-13-01"}, "from", "YYYY-MM-DD"),
    ({"to": "yesterday"}, "to", "YYYY-MM-DD"),
    ({"game": "poker"}, "game", "no game 'poker'"),
    ({"player": "Nobody"}, "player", "nobody called 'Nobody'"),
])
def test_bad_filters_name_the_field(app: Flask, client: FlaskClient, args: dict[str, str], field: str,
                                    message: str) -> None:
    club = make_club(client)
    club_match(client, club)
    errors = assert_errors(client.get(f"{club.url}/matches", query_string=args, headers=club.auth), 422, field)
    assert any(message in e["message"] for e in errors if e["field"] == field), errors


def test_head_to_head_names_two_different_players(app: Flask, client: FlaskClient) -> None:
    club = make_club(client)
    made = club_match(client, club)
    send(client, club, made, BELA_MADE)
    assert client.get(f"{club.url}/head-to-head", query_string={"a": "mike", "b": "YVONNE"},
                      headers=club.auth).status_code == 200
    errors = assert_errors(client.get(f"{club.url}/head-to-head", query_string={"a": "Mike", "b": " mike "},
                                      headers=club.auth), 422, "b")
    assert "two different players" in errors[0]["message"]
    errors = assert_errors(client.get(f"{club.url}/head-to-head", query_string={"a": "Nobody", "b": "Mike"},
                                      headers=club.auth), 422, "a")
    assert "nobody called 'Nobody'" in errors[0]["message"]
    assert_errors(client.get(f"{club.url}/head-to-head", query_string={"b": "Mike"}, headers=club.auth), 422, "a")
    assert_errors(client.get(f"{club.url}/players/Nobody", headers=club.auth), 422, "name")
    assert client.get(f"{club.url}/players/mike", headers=club.auth).get_json()["name"] == "Mike"


# ---------------------------------------------------------------- export and import


def _played_club(client: FlaskClient) -> tuple[Club, list[Made]]:
    """A club with three matches of three games: a few hands each, one voided and one disputed."""
    club = make_club(client)
    bela = club_match(client, club, "bela", ["mike", "Yvonne"])
    for hand in (BELA_MADE, BELA_BIG, BELA_SIDE1_MADE, BELA_MADE):
        send(client, club, bela, hand)
    assert client.delete(f"{bela.url}/hands/4", headers=club.auth).status_code == 200
    assert client.post(f"{bela.url}/hands/2/dispute", json={"note": "the 20 was never shown"},
                       headers=club.auth).status_code == 200
    time.sleep(0.01)
    three = club_match(client, club, "bela-3", ["Mike", "Ana", "Ivo"])
    for hand in BELA3_HANDS:
        send(client, club, three, hand)
    assert client.delete(f"{three.url}/hands/1", headers=three.edit).status_code == 200
    assert client.post(f"{three.url}/hands/3/dispute", json={"note": "count again"},
                       headers=club.auth).status_code == 200
    time.sleep(0.01)
    belote = club_match(client, club, "belote", ["Mike", "Yvonne", "Ana", "Ivo"])
    for hand in BELOTE_HANDS:
        send(client, club, belote, hand)
    assert client.delete(f"{belote.url}/hands/2", headers=club.auth).status_code == 200
    assert client.post(f"{belote.url}/hands/3/dispute", json={"note": "who had the belote?"},
                       headers=club.auth).status_code == 200
    return club, [bela, three, belote]


def _export(client: FlaskClient, club: Club) -> dict[str, Any]:
    response = client.get(f"{club.url}/export", headers=club.auth)
    assert response.status_code == 200, response.get_data(as_text=True)
    document: dict[str, Any] = response.get_json()
    return document


def _without_match_ids(value: Any) -> Any:
    """The statistics with the match named in each biggest hand left out (an import's matches are new)."""
    if isinstance(value, dict):
        return {key: ({k: v for k, v in item.items() if k != "match"} if key == "biggest_hand" and item else
                      _without_match_ids(item)) for key, item in value.items()}
    if isinstance(value, list):
        return [_without_match_ids(item) for item in value]
    return value


@pytest.mark.postgresql
def test_club_export_and_import_round_trip(app: Flask, client: FlaskClient) -> None:
    club, matches = _played_club(client)
    document = _export(client, club)
    assert document["format"] == "scorekeeper-club" and document["version"] == 1
    assert document["club"]["name"] == "The Anchor" and document["players"] == PLAYERS
    assert [m["match"]["variant"] for m in document["matches"]] == ["bela", "bela-3", "belote"]
    assert document["digest"] == digest(document)
    assert all(m["digest"] == digest(m) for m in document["matches"])
    text = json.dumps(document)
    assert club.token not in text and all(m.edit_token not in text and m.view_token not in text for m in matches)

    response = client.post(f"{CLUBS}/imports", json=document)
    assert response.status_code == 201, response.get_data(as_text=True)
    copy_ = Club(response.get_json())
    assert copy_.id != club.id and copy_.token != club.token
    assert URLSAFE.match(copy_.token) and len(copy_.token) >= 43
    assert copy_.body["name"] == "The Anchor" and copy_.body["players"] == PLAYERS
    assert len(copy_.body["matches"]) == 3 and not set(copy_.body["matches"]) & {m.id for m in matches}
    assert_errors(client.get(copy_.url, headers=club.auth), 401, "Authorization")  # the old secret opens nothing
    assert client.get(copy_.url, headers=copy_.auth).get_json()["players"] == PLAYERS

    for original, new_id in zip(matches, copy_.body["matches"], strict=True):
        old = client.get(original.url, headers=club.auth).get_json()
        new = client.get(f"{API}/matches/{new_id}", headers=copy_.auth).get_json()
        old_state, new_state = dict(old["state"]), dict(new["state"])
        old_state.pop("revision")
        new_state.pop("revision")
        assert new_state == old_state
        assert new["players"] == old["players"] and new["rules"] == old["rules"]
        assert any(h["voided"] for h in new_state["hands"]) and any(h.get("disputed") for h in new_state["hands"])

    old_stats = client.get(f"{club.url}/stats", headers=club.auth).get_json()
    new_stats = client.get(f"{copy_.url}/stats", headers=copy_.auth).get_json()
    assert new_stats["matches"] == 3
    assert _without_match_ids(new_stats) == _without_match_ids(old_stats)
    assert [row["id"] for row in client.get(f"{copy_.url}/matches", headers=copy_.auth).get_json()["matches"]] == \
        list(reversed(copy_.body["matches"]))
    # The copy is a club of its own: its secret scores its matches.
    assert client.post(f"{API}/matches/{copy_.body['matches'][0]}/hands", json=BELA_MADE,
                       headers=copy_.auth).status_code == 201


def _tampered(document: dict[str, Any], how: str) -> tuple[Any, int, str]:
    """A changed copy of a club export: (the body, the status expected, the field named)."""
    changed = copy.deepcopy(document)
    if how == "wrong format":
        changed["format"] = "scorekeeper-match"
        return redigest(changed), 422, "format"
    if how == "wrong version":
        changed["version"] = 2
        return redigest(changed), 422, "version"
    if how == "version true":
        changed["version"] = True
        return redigest(changed), 422, "version"
    if how == "missing matches":
        del changed["matches"]
        return redigest(changed), 422, "matches"
    if how == "missing players":
        del changed["players"]
        return redigest(changed), 422, "players"
    if how == "no digest":
        del changed["digest"]
        return changed, 422, "digest"
    if how == "card points":
        changed["matches"][0]["hands"][0]["input"]["card_points"] = [66, 59]
        return changed, 422, "digest"
    if how == "card points, outer digest":
        changed["matches"][0]["hands"][0]["input"]["card_points"] = [66, 59]
        return redigest(changed), 422, "matches.0.digest"
    if how == "card points, both digests":
        changed["matches"][0]["hands"][0]["input"]["card_points"] = [66, 59]
        redigest(changed["matches"][0])
        return redigest(changed), 422, "matches.0.state"
    if how == "last match, both digests":
        changed["matches"][2]["hands"][0]["input"]["card_points"] = [92, None]
        redigest(changed["matches"][2])
        return redigest(changed), 422, "matches.2.state"
    if how == "match not an export":
        changed["matches"][1]["format"] = "nothing"
        return redigest(changed), 422, "matches.1.format"
    if how == "duplicate players":
        changed["players"].append("mike")
        return redigest(changed), 422, "players.4"
    if how == "no club name":
        changed["club"]["name"] = " "
        return redigest(changed), 422, "name"
    if how == "not an object":
        return [changed], 400, "body"
    raise AssertionError(how)


TAMPERINGS = ["wrong format", "wrong version", "version true", "missing matches", "missing players", "no digest",
              "card points", "card points, outer digest", "card points, both digests", "last match, both digests",
              "match not an export", "duplicate players", "no club name", "not an object"]


@pytest.mark.postgresql
@pytest.mark.parametrize("how", TAMPERINGS)
def test_a_changed_club_export_imports_nothing(app: Flask, client: FlaskClient, how: str) -> None:
    club, _ = _played_club(client)
    document = _export(client, club)
    body, status, field = _tampered(document, how)
    before = club_row_counts(app)
    errors = assert_errors(client.post(f"{CLUBS}/imports", json=body), status, field)
    if how == "card points":
        assert errors == [{"field": "digest", "message": "the document was changed after export"}]
    if how == "card points, outer digest":
        assert errors == [{"field": "matches.0.digest", "message": "the document was changed after export"}]
    if how.startswith("card points") or how.startswith("last match"):
        assert all(e["field"] == field for e in errors), errors
    assert club_row_counts(app) == before  # no club, no player, no match, no hand, no event
    assert client.post(f"{CLUBS}/imports", json=document).status_code == 201  # the untouched one still imports


@pytest.mark.postgresql
def test_club_import_is_idempotent_with_a_key(app: Flask, client: FlaskClient) -> None:
    club, _ = _played_club(client)
    document = _export(client, club)
    key = {"Idempotency-Key": create_key("club-import-1")}
    first = client.post(f"{CLUBS}/imports", json=document, headers=key)
    before = club_row_counts(app)
    again = client.post(f"{CLUBS}/imports", json=document, headers=key)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert club_row_counts(app) == before and before["clubs"] == 2


# ---------------------------------------------------------------- the club's CSV


@pytest.mark.postgresql
def test_club_csv_has_a_row_per_hand_of_every_match(app: Flask, client: FlaskClient) -> None:
    club, matches = _played_club(client)
    formula = '=HYPERLINK("x")'
    odd = club_match(client, club, "bela", [formula, "Mike"])
    send(client, club, odd, BELA_MADE)
    response = client.get(f"{club.url}/export.csv", headers=club.auth)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    text = response.get_data(as_text=True)
    assert text.startswith("match,day,kind of game,side 1,side 2,side 3,hand")
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], rows[1:]
    assert header[:7] == ["match", "day", "kind of game", "side 1", "side 2", "side 3", "hand"]
    assert header[-2:] == ["pot", "explanation"]
    column = {name: i for i, name in enumerate(header)}
    expected: list[tuple[str, str]] = []
    for made in [*matches, odd]:
        state = client.get(made.url, headers=made.edit).get_json()["state"]
        expected.extend((made.id, str(h["number"])) for h in state["hands"])
    assert [(row[column["match"]], row[column["hand"]]) for row in body] == expected
    assert len(body) == 4 + 3 + 3 + 1
    assert all(len(row) == len(header) for row in body)
    last = body[-1]
    assert last[column["side 1"]] == "'" + formula and last[column["side 2"]] == "Mike"
    assert last[column["taker"]] == "'" + formula
    assert last[column["day"]] == datetime.now(UTC).date().isoformat()
    belote_rows = [row for row in body if row[column["match"]] == matches[2].id]
    assert {row[column["side 1"]] for row in belote_rows} == {"Mike & Ana"}
    assert {row[column["side 3"]] for row in belote_rows} == {""}
    assert club.token not in text


@pytest.mark.postgresql
def test_a_club_export_larger_than_an_ordinary_request_imports(client: FlaskClient) -> None:
    """Every other request is held to 256 KB; an import may be a club of years (here a padded document, its
    digest made again, as a long history would be)."""
    club = make_club(client, players=["Mike", "Yvonne"])
    made = club_match(client, club)
    send(client, club, made, BELA_MADE)
    document = client.get(f"{club.url}/export", headers=club.auth).get_json()
    document["club"]["about"] = "x" * 400_000
    document["digest"] = digest(document)
    body = json.dumps(document)
    assert len(body) > 256 * 1024
    assert client.post(f"{API}/matches", data=body, content_type="application/json").status_code == 413
    answer = client.post(f"{API}/clubs/imports", data=body, content_type="application/json")
    assert answer.status_code == 201, answer.get_data(as_text=True)[:300]
    match = document["matches"][0]
    match["match"]["about"] = "x" * 400_000
    match["digest"] = digest(match)
    answer = client.post(f"{API}/imports", data=json.dumps(match), content_type="application/json")
    assert answer.status_code == 201, answer.get_data(as_text=True)[:300]


def test_ids_never_start_like_a_spreadsheet_formula(monkeypatch: pytest.MonkeyPatch) -> None:
    """A match or club id is the first cell of the club's CSV: one starting with "-" would be a formula."""
    import secrets

    from scorekeeper import services

    drawn = iter(["-AT2d2ssOCupBMqF", "_AT2d2ssOCupBMqF"])
    # The random source itself, wherever in services the id is drawn.
    monkeypatch.setattr(secrets, "token_urlsafe", lambda size: next(drawn))
    assert services.new_id() == "_AT2d2ssOCupBMqF"


@pytest.mark.postgresql
def test_a_name_with_a_nul_character_is_refused_and_saves_nothing(app: Flask, client: FlaskClient) -> None:
    club = make_club(client, players=["Mike"])
    before = club_row_counts(app)
    body = {"variant": "bela", "players": ["Mike", "Ana\x00"], "club": club.id}
    errors = assert_errors(client.post(f"{API}/matches", json=body, headers=club.auth), 422, "players.1")
    assert errors[0]["message"].startswith("the name is not valid text: it holds a broken character")
    assert club_row_counts(app) == before
