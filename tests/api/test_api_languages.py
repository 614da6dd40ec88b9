"""The API's error messages in the language the client asks for: ``Accept-Language`` picks one of the
seven, English when none fits (or without the header). Each case is a bad request whose message a service, the
API's request helpers or its HTTP errors make; the field and the status are the same in every language.

Checked with the pseudo catalog (every message of the sources wrapped in "⟦…⟧", served as Croatian), so the
test does not hang on any translator's wording: under ``hr`` the message is the catalog's, ⟦its English⟧ with
the fields filled in; without the header, and with a language the app does not speak, it is the English one."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.support.api import API, BELA_MADE, Made, bearer, create
from tests.support.languages import PSEUDO, pseudo_app


@pytest.fixture
def pseudo(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    with pseudo_app(database_url, tmp_path) as app:
        yield app


Ask = Callable[[FlaskClient, Made, dict[str, str]], TestResponse]


@dataclass(frozen=True)
class Case:
    """A bad request (``ask``, given the client, a match with one hand and the language's headers) and what it
    answers in English."""

    ask: Ask
    status: int
    field: str
    english: str


CASES = {
    "unknown match": Case(
        lambda client, match, headers: client.get(f"{API}/matches/no-such-match", headers=headers),
        404, "id", "no match 'no-such-match'"),
    "unknown hand": Case(
        lambda client, match, headers: client.delete(f"{match.url}/hands/9", headers={**match.edit, **headers}),
        404, "number", "no hand 9 in this match"),
    "a hand that is not an object": Case(
        lambda client, match, headers: client.post(f"{match.url}/hands", json=[1, 2],
                                                   headers={**match.edit, **headers}),
        400, "body", "send the hand as a JSON object"),
    "a body that is not JSON": Case(
        lambda client, match, headers: client.post(f"{match.url}/hands", data="taker=0",
                                                   headers={**match.edit, **headers}),
        400, "body", "send a JSON object with Content-Type: application/json"),
    "a wrong token": Case(
        lambda client, match, headers: client.get(match.url, headers={**bearer("not-the-token"), **headers}),
        401, "Authorization", "this token cannot see this match"),
    "no token": Case(
        lambda client, match, headers: client.post(f"{match.url}/hands", json=BELA_MADE, headers=headers),
        401, "Authorization", "send the match's token as 'Authorization: Bearer <token>'"),
    "a bad If-Match": Case(
        lambda client, match, headers: client.post(f"{match.url}/hands", json=BELA_MADE,
                                                   headers={**match.edit, "If-Match": "seven", **headers}),
        400, "If-Match", 'If-Match is a revision in quotes, such as "7", not \'seven\''),
    "a stale If-Match": Case(
        lambda client, match, headers: client.post(f"{match.url}/hands", json=BELA_MADE,
                                                   headers={**match.edit, "If-Match": '"1"', **headers}),
        412, "If-Match", "the match is at revision 2, not 1: another phone changed it; reload and try again"),
    "a dispute without a note": Case(
        lambda client, match, headers: client.post(f"{match.url}/hands/1/dispute", json={},
                                                   headers={**match.edit, **headers}),
        422, "note", "write a note: a few words the table agreed on"),
    "a note that is not text": Case(
        lambda client, match, headers: client.post(f"{match.url}/hands/1/dispute", json={"note": 7},
                                                   headers={**match.edit, **headers}),
        422, "note", "the note is text"),
    "a hand restored that counts": Case(
        lambda client, match, headers: client.post(f"{match.url}/hands/1/restore", headers={**match.edit, **headers}),
        422, "number", "hand 1 is not voided: there is nothing to restore"),
    "a wrong resolution": Case(
        lambda client, match, headers: client.post(f"{match.url}/hands/1/resolve",
                                                   json={"note": "agreed", "resolution": "maybe"},
                                                   headers={**match.edit, **headers}),
        422, "resolution", "the resolution is 'stands' (no change: the score stands), 'edited' or 'voided'"),
    "a path the API does not have": Case(
        lambda client, match, headers: client.get(f"{API}/nothing-here", headers=headers),
        404, "path", "The requested URL was not found on the server. If you entered the URL manually please check "
                     "your spelling and try again."),
    "a method the path does not take": Case(
        lambda client, match, headers: client.put(f"{API}/matches", json={}, headers=headers),
        405, "path", "The method is not allowed for the requested URL."),
}


def played(client: FlaskClient) -> Made:
    """A match of Bela with one hand recorded (revision 2)."""
    match = create(client, "bela", ["Mike", "Yvonne"])
    assert client.post(f"{match.url}/hands", json=BELA_MADE, headers=match.edit).status_code == 201
    return match


def answered(response: TestResponse, case: Case) -> str:
    """The one problem's message, after checking the status and the field (the same in every language)."""
    assert response.status_code == case.status, response.get_json()
    assert response.mimetype == "application/json"
    errors = response.get_json()["errors"]
    assert [e["field"] for e in errors] == [case.field], errors
    return str(errors[0]["message"])


@pytest.mark.parametrize("name", list(CASES))
def test_a_bad_request_is_answered_in_the_language_asked(pseudo: Flask, name: str) -> None:
    case = CASES[name]
    client = pseudo.test_client()
    match = played(client)
    english = answered(case.ask(client, match, {}), case)
    assert english == case.english
    assert answered(case.ask(client, match, {"Accept-Language": "xx"}), case) == case.english
    croatian = answered(case.ask(client, match, {"Accept-Language": f"{PSEUDO},en;q=0.5"}), case)
    assert croatian != english
    assert croatian == f"⟦{case.english}⟧"


def test_a_message_made_of_messages_is_said_whole(pseudo: Flask) -> None:
    """A problem whose parts are messages of their own (a broken character in a note: what, why, what to do)
    says each part in the language asked."""
    client = pseudo.test_client()
    match = played(client)

    def ask(headers: dict[str, str]) -> str:
        response = client.post(f"{match.url}/hands/1/dispute", json={"note": "cut \ud800 emoji"},
                               headers={**match.edit, **headers})
        return answered(response, Case(lambda *_: response, 422, "note", ""))

    english = ("the note is not valid text: it holds a broken character (half of an emoji or another character "
               "cut in two); type it again")
    assert ask({}) == english
    assert ask({"Accept-Language": PSEUDO}) == (
        "⟦⟦the note⟧ is not valid text: it holds a broken character (⟦half of an emoji or another character cut in "
        "two⟧); ⟦type it again⟧⟧")


def test_several_problems_are_each_said(pseudo: Flask) -> None:
    """Every problem of a refused request is said, each beside its own field."""
    client = pseudo.test_client()
    body = {"variant": "bela", "players": ["Mike", "Mike"], "first_dealer": 5}
    english = client.post(f"{API}/matches", json=body).get_json()["errors"]
    croatian = client.post(f"{API}/matches", json=body, headers={"Accept-Language": PSEUDO}).get_json()["errors"]
    assert [e["field"] for e in croatian] == [e["field"] for e in english] == ["players", "first_dealer"]
    assert [e["message"] for e in croatian] == [f"⟦{e['message']}⟧" for e in english]
    assert english[1]["message"] == "the first dealer is a seat from 0 to 1"
