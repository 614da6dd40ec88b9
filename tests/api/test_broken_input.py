"""Input that used to be stored and then break every page that showed it, or that broke the request itself
(a finding of the security review): a lone surrogate (half of an emoji: ``"\\ud800"`` in JSON) or a NUL in any text the
API keeps, an idempotency key with a NUL, a club id that is half a character, times past the year 9999 in an
import, a club's date filter at the last day there is. Each is a clear 4xx naming its field, and nothing is
saved; on both databases (a NUL broke only PostgreSQL, a time past 9999 only PostgreSQL)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import (
    API,
    BELA_MADE,
    Made,
    assert_errors,
    assert_unchanged,
    bearer,
    club_row_counts,
    create,
    record,
    row_counts,
    snapshot,
)

pytestmark = pytest.mark.postgresql  # text PostgreSQL refuses (a NUL, half a character) and times past 9999

HALF = "\ud83d"
"""The first half of 😀 alone: JSON carries it (``"\\ud83d"``), UTF-8 cannot."""
BROKEN = {"lone surrogate": f"Ana{HALF}", "low surrogate": "\udc00x", "NUL": "Ana\x00"}
BROKEN_WORDS = "is not valid text: it holds a broken character"


def _club(client: FlaskClient, name: str = "The Anchor", players: list[str] | None = None) -> dict[str, Any]:
    response = client.post(f"{API}/clubs", json={"name": name, "players": players or ["Mike", "Yvonne"]})
    assert response.status_code == 201, response.get_data(as_text=True)
    body: dict[str, Any] = response.get_json()
    return body


def _says_broken(errors: list[dict[str, str]], field: str) -> None:
    messages = [error["message"] for error in errors if error["field"] == field]
    assert messages and BROKEN_WORDS in messages[0], errors


# ------------------------------------------------------------------------------------------ names


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_player_name_is_refused_and_saves_nothing(app: Flask, client: FlaskClient, text: str) -> None:
    before = row_counts(app)
    response = client.post(f"{API}/matches", json={"variant": "bela", "players": [text, "B"]})
    _says_broken(assert_errors(response, 422, "players.0"), "players.0")
    assert row_counts(app) == before
    # The phone's pages that list its matches still answer (they broke on a stored half character).
    assert client.get("/").status_code == 200
    assert client.get("/matches").status_code == 200


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_club_name_or_club_player_is_refused_and_saves_nothing(app: Flask, client: FlaskClient,
                                                                       text: str) -> None:
    before = club_row_counts(app)
    errors = assert_errors(client.post(f"{API}/clubs", json={"name": text, "players": ["Mike"]}), 422, "name")
    _says_broken(errors, "name")
    errors = assert_errors(client.post(f"{API}/clubs", json={"name": "Pub", "players": ["Mike", text]}), 422,
                           "players.1")
    _says_broken(errors, "players.1")
    assert club_row_counts(app) == before


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_name_in_a_club_match_adds_no_player(app: Flask, client: FlaskClient, text: str) -> None:
    club = _club(client)
    before = club_row_counts(app)
    response = client.post(f"{API}/matches", json={"variant": "bela", "players": ["Mike", text], "club": club["id"]},
                           headers=bearer(club["club_token"]))
    _says_broken(assert_errors(response, 422, "players.1"), "players.1")
    assert club_row_counts(app) == before
    assert client.get(f"{API}/clubs/{club['id']}", headers=bearer(club["club_token"])).get_json()["players"] == [
        "Mike", "Yvonne"]


@pytest.mark.parametrize("club_id", [HALF, "a\x00b"], ids=["half", "NUL"])
def test_a_club_id_that_is_not_text_is_no_club(app: Flask, client: FlaskClient, club_id: str) -> None:
    before = club_row_counts(app)
    response = client.post(f"{API}/matches", json={"variant": "bela", "players": ["A", "B"], "club": club_id})
    assert_errors(response, 404, "club")
    assert club_row_counts(app) == before


# ------------------------------------------------------------------------------------------ notes and reasons


def _match_with_a_hand(client: FlaskClient) -> Made:
    made = create(client, players=["Mike", "Yvonne"])
    record(client, made, BELA_MADE)
    return made


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_dispute_note_is_refused_and_saves_nothing(app: Flask, client: FlaskClient, text: str) -> None:
    made = _match_with_a_hand(client)
    before = snapshot(app, client, made)
    response = client.post(f"{made.url}/hands/1/dispute", json={"note": f"the last trick {text}"}, headers=made.edit)
    _says_broken(assert_errors(response, 422, "note"), "note")
    assert_unchanged(app, client, made, before)
    assert client.get(f"{made.url}/export.csv", headers=made.edit).status_code == 200


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_ruling_note_is_refused_and_saves_nothing(app: Flask, client: FlaskClient, text: str) -> None:
    made = _match_with_a_hand(client)
    assert client.post(f"{made.url}/hands/1/dispute", json={"note": "melds"}, headers=made.edit).status_code == 200
    before = snapshot(app, client, made)
    response = client.post(f"{made.url}/hands/1/resolve", json={"note": text, "resolution": "stands"},
                           headers=made.edit)
    _says_broken(assert_errors(response, 422, "note"), "note")
    assert_unchanged(app, client, made, before)


def test_a_change_reason_with_a_nul_is_refused_and_saves_nothing(app: Flask, client: FlaskClient) -> None:
    made = _match_with_a_hand(client)
    before = snapshot(app, client, made)
    response = client.delete(f"{made.url}/hands/1", headers={**made.edit, "X-Change-Reason": "miscounted\x00"})
    _says_broken(assert_errors(response, 422, "reason"), "reason")
    response = client.put(f"{made.url}/hands/1", json=BELA_MADE,
                          headers={**made.edit, "X-Change-Reason": "miscounted\x00"})
    _says_broken(assert_errors(response, 422, "reason"), "reason")
    assert_unchanged(app, client, made, before)


def test_an_idempotency_key_with_a_nul_is_refused_and_saves_nothing(app: Flask, client: FlaskClient) -> None:
    made = _match_with_a_hand(client)
    before = snapshot(app, client, made)
    response = client.post(f"{made.url}/hands", json=BELA_MADE, headers={**made.edit, "Idempotency-Key": "k\x00"})
    _says_broken(assert_errors(response, 422, "Idempotency-Key"), "Idempotency-Key")
    assert_unchanged(app, client, made, before)
    clubs = club_row_counts(app)
    response = client.post(f"{API}/clubs", json={"name": "Pub"}, headers={"Idempotency-Key": "\x00"})
    assert_errors(response, 422, "Idempotency-Key")
    assert club_row_counts(app) == clubs


# ------------------------------------------------------------------------------------------ imports


def _export(client: FlaskClient) -> dict[str, Any]:
    made = _match_with_a_hand(client)
    assert client.post(f"{made.url}/hands/1/dispute", json={"note": "melds"}, headers=made.edit).status_code == 200
    document: dict[str, Any] = client.get(f"{made.url}/export", headers=made.edit).get_json()
    return document


def _redigest(document: dict[str, Any]) -> dict[str, Any]:
    from scorekeeper.services import document_digest

    document["digest"] = document_digest(document)
    return document


def _broken_export(document: dict[str, Any], where: str) -> tuple[dict[str, Any], str]:
    changed = copy.deepcopy(document)
    if where == "player":
        changed["match"]["players"][1] = f"Yvonne{HALF}"
        return _redigest(changed), "match.players.1"
    if where == "dispute note":
        changed["hands"][0]["dispute_note"] = f"melds{HALF}"
        return _redigest(changed), "hands.1.dispute_note"
    if where == "event data":
        changed["events"][-1]["data"]["note"] = "melds\x00"
        return _redigest(changed), f"events.{len(changed['events']) - 1}.data.note"
    if where == "event kind":
        changed["events"][0]["kind"] = f"create{HALF}"
        return _redigest(changed), "events.0.kind"
    if where == "hand input key":
        changed["hands"][0]["input"][HALF] = 1
        return _redigest(changed), "hands.1.input"
    if where == "digest":
        changed["digest"] = HALF
        return changed, "digest"
    raise AssertionError(where)


@pytest.mark.parametrize("where", ["player", "dispute note", "event data", "event kind", "hand input key", "digest"])
def test_an_import_with_broken_text_imports_nothing(app: Flask, client: FlaskClient, where: str) -> None:
    document, field = _broken_export(_export(client), where)
    before = row_counts(app)
    errors = assert_errors(client.post(f"{API}/imports", json=document), 422, field)
    if where != "digest":
        _says_broken(errors, field)
    assert row_counts(app) == before


@pytest.mark.parametrize("moment", ["9999-12-31T23:00:00-05:00", "0001-01-01T00:00:00+05:00",
                                    "9999-12-31T23:59:59+00:00"])
def test_an_import_with_a_time_past_the_calendar_imports_nothing(app: Flask, client: FlaskClient,
                                                                 moment: str) -> None:
    """PostgreSQL keeps 10000-01-01, and then nothing can read the match again."""
    document = _export(client)
    before = row_counts(app)
    created = copy.deepcopy(document)
    created["match"]["created_at"] = moment
    errors = assert_errors(client.post(f"{API}/imports", json=_redigest(created)), 422, "match.created_at")
    assert "between the years 1 and 9999" in errors[0]["message"]
    event = copy.deepcopy(document)
    event["events"][0]["at"] = moment
    assert_errors(client.post(f"{API}/imports", json=_redigest(event)), 422, "events.0.at")
    assert row_counts(app) == before


def test_a_club_import_with_broken_text_imports_nothing(app: Flask, client: FlaskClient) -> None:
    club = _club(client)
    made = client.post(f"{API}/matches", json={"variant": "bela", "players": ["Mike", "Yvonne"], "club": club["id"]},
                       headers=bearer(club["club_token"]))
    assert made.status_code == 201
    document: dict[str, Any] = client.get(f"{API}/clubs/{club['id']}/export",
                                          headers=bearer(club["club_token"])).get_json()
    before = club_row_counts(app)
    for change, field in ((lambda d: d["club"].update(name=f"Pub{HALF}"), "name"),
                          (lambda d: d["players"].append("Ana\x00"), "players.2"),
                          (lambda d: d.update(digest=HALF), "digest")):
        changed = copy.deepcopy(document)
        change(changed)
        if field != "digest":
            _redigest(changed)
        assert_errors(client.post(f"{API}/clubs/imports", json=changed), 422, field)
    assert club_row_counts(app) == before


# ------------------------------------------------------------------------------------------ the club's filters


@pytest.mark.parametrize("args", ["to=9999-12-31", "from=0001-01-01", "from=0001-01-01&to=9999-12-31",
                                  "from=9999-12-31", "to=0001-01-01"])
def test_a_club_filter_at_the_ends_of_the_calendar_answers(app: Flask, client: FlaskClient, args: str) -> None:
    club = _club(client)
    auth = bearer(club["club_token"])
    made = client.post(f"{API}/matches", json={"variant": "bela", "players": ["Mike", "Yvonne"], "club": club["id"]},
                       headers=auth)
    assert made.status_code == 201
    listed = client.get(f"{API}/clubs/{club['id']}/matches?{args}", headers=auth)
    assert listed.status_code == 200, listed.get_data(as_text=True)
    today_in = args.startswith(("to=9", "from=0"))
    assert [row["id"] for row in listed.get_json()["matches"]] == ([made.get_json()["id"]] if today_in else [])
    stats = client.get(f"{API}/clubs/{club['id']}/stats?{args}", headers=auth)
    assert stats.status_code == 200, stats.get_data(as_text=True)


def test_a_club_filter_that_is_no_day_names_its_field(client: FlaskClient) -> None:
    club = _club(client)
    auth = bearer(club["club_token"])
    for args, field in (("to=10000-01-01", "to"), ("from=0000-12-31", "from"), ("to=9999-12-32", "to"),
                        ("from=%00", "from"), ("player=%00", "player"), ("player=%ED%A0%80", "player")):
        assert_errors(client.get(f"{API}/clubs/{club['id']}/matches?{args}", headers=auth), 422, field)


@pytest.mark.parametrize("field", ["pot", "dealer"])
def test_a_preview_position_of_true_is_no_number(client: FlaskClient, field: str) -> None:
    """JSON true is not a pot or a dealer (Python counts a bool as an int): a clear 422, not a pot of True."""
    before = {"totals": [0, 0], "pot": 0, "dealer": 0, field: True}
    answer = client.post("/api/v1/preview", json={"variant": "bela", "before": before,
                                                  "hand": {"taker": 1, "card_points": [65, 60], "last_trick": 0}})
    assert answer.status_code == 422, answer.get_data(as_text=True)
    assert f"before.{field}" in {problem["field"] for problem in answer.get_json()["errors"]}
