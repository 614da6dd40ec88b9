"""Limits on anonymous writes, per client address. Creates (matches, clubs, tournaments: the API's and the
pages' alike), imports and self-registration each have a budget; over it the API answers 429 in its error shape
with Retry-After, a page says how long to wait; what a table scores with its key, and every read, is never limited.
The budgets are set low here (the suite's own apps have them off: tests/support/app.py leaves TESTING's default);
the served server with two workers counting in Redis is tests/system/test_served_operations.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.logs import SettingError
from tests.support.api import (
    API,
    BELA_MADE,
    Made,
    assert_errors,
    bearer,
    create,
    create_key,
    record,
    row_counts,
)
from tests.support.app import migrated_app, migrated_database
from tests.support.pages import Phone, parse_page, post_form

pytestmark = pytest.mark.postgresql  # what a refused create leaves behind: nothing, on either database

BUDGETS = {"RATE_LIMITS": "on", "LIMIT_CREATES": "2 per minute", "LIMIT_IMPORTS": "1 per minute",
           "LIMIT_REGISTRATIONS": "2 per minute"}
MATCH = {"variant": "bela", "players": ["Mike", "Yvonne"]}
TOURNAMENT = {"name": "Friday Belote", "variant": "belote", "format": "knockout-remix", "entry": "players"}


@pytest.fixture
def limited(backend: str, tmp_path: Path) -> Iterator[Flask]:
    """The app with small budgets: 2 creates, 1 import and 2 registrations a minute per address."""
    with migrated_database(backend, tmp_path) as url, migrated_app(url, tmp_path, **BUDGETS) as application:
        yield application


def _wait(response: Any) -> int:
    """The Retry-After of a 429, checked to be whole seconds within the minute the budget is counted over."""
    assert response.status_code == 429, response.get_data(as_text=True)
    value = response.headers.get("Retry-After", "")
    assert value.isdigit() and 1 <= int(value) <= 61, value
    return int(value)


def _words(response: Any) -> str:
    """How long a 429 says to wait, in the words its Retry-After makes: a budget counted over a minute is "1
    minute" when refused at once, and "59 seconds" when the refusal came a second into the minute (a slow run)."""
    wait = _wait(response)
    return "1 minute" if wait >= 60 else f"{wait} second{'' if wait == 1 else 's'}"


def _refused_in_the_api_shape(response: Any) -> str:
    _wait(response)
    [error] = assert_errors(response, 429, "rate")
    assert re.fullmatch(r"too many of these from this address in a short time; nothing was saved: "
                        r"try again in \d+ (seconds?|minutes?)", error["message"]), error
    return error["message"]


def test_creates_over_the_budget_are_429_with_when_to_try_again(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(2):
        assert client.post(f"{API}/matches", json=MATCH).status_code == 201
    before = row_counts(limited)
    refused = client.post(f"{API}/matches", json=MATCH)
    assert _refused_in_the_api_shape(refused) == ("too many of these from this address in a short time; nothing was "
                                                  f"saved: try again in {_words(refused)}")
    assert row_counts(limited) == before
    # One budget for every create, whatever it makes and wherever it is sent from: the API's clubs and
    # tournaments, and the pages' forms.
    _refused_in_the_api_shape(client.post(f"{API}/clubs", json={"name": "The Anchor"}))
    _refused_in_the_api_shape(client.post(f"{API}/tournaments", json=TOURNAMENT))
    assert Phone(client).client.get("/").status_code == 200  # the form still opens: only sending it is counted
    # Another address has a budget of its own.
    other = client.post(f"{API}/matches", json=MATCH, environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 201, other.get_data(as_text=True)


def test_an_ipv6_address_spends_its_networks_budget(limited: Flask) -> None:
    """One phone or household holds a whole /64: its addresses share a budget; the next network has its own."""
    client = limited.test_client()
    for address in ("2001:db8::1", "2001:db8::ffff"):
        assert client.post(f"{API}/matches", json=MATCH, environ_base={"REMOTE_ADDR": address}).status_code == 201
    _refused_in_the_api_shape(client.post(f"{API}/matches", json=MATCH, environ_base={"REMOTE_ADDR": "2001:db8::2"}))
    assert client.post(f"{API}/matches", json=MATCH,
                       environ_base={"REMOTE_ADDR": "2001:db8:0:1::1"}).status_code == 201


def test_a_refused_create_spends_nothing(limited: Flask) -> None:
    """A create the server refuses (a phone fumbling the form, a wrong body) makes nothing and spends nothing."""
    client = limited.test_client()
    for _ in range(5):
        assert_errors(client.post(f"{API}/matches", json={"variant": "poker", "players": ["A", "B"]}), 422)
    for _ in range(2):
        assert client.post(f"{API}/matches", json=MATCH).status_code == 201
    _refused_in_the_api_shape(client.post(f"{API}/matches", json=MATCH))


def test_a_table_scoring_its_match_is_never_limited(limited: Flask) -> None:
    """Budgets of one or two a minute, and far more than that of what a table does with its key: hands recorded,
    voided and changed, previews, the match's reads, the board, the health check; on the API and the pages."""
    client = limited.test_client()
    match = create(client, "bela", ["Mike", "Yvonne"])
    for number in range(1, 16):
        record(client, match, BELA_MADE)
        voided = client.delete(f"{match.url}/hands/{number}", headers=match.edit)
        assert voided.status_code == 200, voided.get_data(as_text=True)
    restored = client.post(f"{match.url}/hands/1/restore", headers=match.edit)
    assert restored.status_code == 200, restored.get_data(as_text=True)
    changed = client.put(f"{match.url}/hands/1", json=BELA_MADE, headers=match.edit)
    assert changed.status_code == 200, changed.get_data(as_text=True)
    preview = client.post(f"{API}/preview", json={"match": match.id, "hand": BELA_MADE}, headers=match.edit)
    assert preview.status_code == 200, preview.get_data(as_text=True)
    for path, headers in ((match.url, match.edit), (f"{match.url}/events", match.edit),
                          (f"{API}/boards/{match.view_token}", {}), ("/healthz", {})):
        for _ in range(5):
            assert client.get(path, headers=headers).status_code == 200, path
    phone = Phone(limited.test_client())
    assert phone.client.get(f"/m/{match.id}/join?key={match.edit_token}").status_code == 302
    for _ in range(5):
        status, page = phone.post(f"/m/{match.id}/hand", {"taker": "0", "card_points-0": "65", "card_points-1": "60",
                                                          "last_trick": "0"})
        assert status == 302, page
    assert len(client.get(match.url, headers=match.edit).get_json()["state"]["hands"]) == 20
    # The budget of creates counted all along: one more match, and the next is over it.
    assert client.post(f"{API}/matches", json=MATCH).status_code == 201
    _refused_in_the_api_shape(client.post(f"{API}/matches", json=MATCH))


def test_a_page_over_the_budget_says_how_long_to_wait(limited: Flask) -> None:
    phone = Phone(limited.test_client())
    phone.start("bela", ["Mike", "Yvonne"])
    phone.start("bela", ["Mike", "Yvonne"])
    before = row_counts(limited)
    answer = post_form(phone.client, "/", "/", {"variant": "bela", "player_0": "Mike", "player_1": "Yvonne",
                                                "first_dealer": "0"}, headers={"Referer": "http://localhost/"})
    _wait(answer)
    assert answer.mimetype == "text/html"
    shown = parse_page(answer.get_data(as_text=True))
    assert [n.text() for n in shown.walk() if n.tag == "h1"] == ["Please wait a little"]
    assert ("So many of these came from this network in a short time that the server is holding back: nothing was "
            f"saved. Try again in {_words(answer)}.") in shown.text()
    assert [a.attrs["href"] for a in shown.walk() if a.tag == "a" and a.text() == "Open the page again"] == [
        "http://localhost/"]
    assert row_counts(limited) == before
    # The club form and a new tournament's spend the same budget.
    club = post_form(phone.client, "/clubs/new", "/clubs/new", {"name": "The Anchor", "players": "Mike\nYvonne"})
    assert f"Try again in {_words(club)}." in parse_page(club.get_data(as_text=True)).text()
    assert post_form(phone.client, "/t/new", "/t/new", {"name": "Friday"}).status_code == 429


def test_players_registering_themselves_have_a_budget_the_organizer_does_not(limited: Flask) -> None:
    client = limited.test_client()
    made = client.post(f"{API}/tournaments", json=TOURNAMENT)
    assert made.status_code == 201, made.get_data(as_text=True)
    tournament = made.get_json()
    path = f"/t/screen/{tournament['view_token']}/register"
    player = limited.test_client()
    for name in ("Ana", "Ivo"):
        assert post_form(player, path, path, {"name": name}).status_code == 302
    refused = post_form(player, path, path, {"name": "Mike"})
    _wait(refused)
    assert f"Try again in {_words(refused)}." in parse_page(refused.get_data(as_text=True)).text()
    # The organizer registers with the tournament's secret: never limited.
    for name in ("Mike", "Yvonne", "Eva", "Tom", "Lea", "Max"):
        answer = client.post(f"{API}/tournaments/{tournament['id']}/players", json={"name": name},
                             headers=bearer(tournament["organizer_token"]))
        assert answer.status_code == 201, answer.get_data(as_text=True)
    view = client.get(f"{API}/tournaments/{tournament['id']}", headers=bearer(tournament["organizer_token"]))
    assert [entry["name"] for entry in view.get_json()["entries"]] == ["Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom",
                                                                       "Lea", "Max"]


def test_imports_have_a_budget_of_their_own(limited: Flask) -> None:
    client = limited.test_client()
    match = create(client, "bela", ["Mike", "Yvonne"])
    record(client, match, BELA_MADE)
    document = client.get(f"{match.url}/export", headers=match.edit).get_json()
    first = client.post(f"{API}/imports", json=document, headers={"Idempotency-Key": create_key("import-1")})
    assert first.status_code == 201, first.get_data(as_text=True)
    _refused_in_the_api_shape(client.post(f"{API}/imports", json=document,
                                          headers={"Idempotency-Key": create_key("import-2")}))
    club = client.post(f"{API}/clubs/imports", json={"format": "scorekeeper-club"})
    _refused_in_the_api_shape(club)
    # Imports and creates count apart: one create is still within its budget.
    assert Made(client.post(f"{API}/matches", json=MATCH).get_json()).id


def test_the_openapi_document_lists_429_where_a_budget_is_spent(client: FlaskClient) -> None:
    document = client.get(f"{API}/openapi.json").get_json()
    answering = {(method.upper(), path) for path, operations in document["paths"].items()
                 for method, operation in operations.items() if "429" in operation["responses"]}
    assert answering == {("POST", f"{API}/matches"), ("POST", f"{API}/clubs"), ("POST", f"{API}/tournaments"),
                         ("POST", f"{API}/imports"), ("POST", f"{API}/clubs/imports")}
    too_many = document["components"]["responses"]["TooManyRequests"]
    assert too_many["headers"]["Retry-After"]["required"] is True
    assert "Retry-After" in too_many["description"]


def test_the_suites_apps_have_no_budgets(client: FlaskClient) -> None:
    """An app made for tests (TESTING) limits nothing unless its config turns the budgets on: the suite starts
    matches far faster than any table."""
    for _ in range(30):
        create(client, "bela", ["Mike", "Yvonne"])


@pytest.mark.parametrize(("key", "value", "variable"), [
    ("LIMIT_CREATES", "lots", "SCOREKEEPER_LIMIT_CREATES"),
    ("LIMIT_IMPORTS", "5 per fortnight", "SCOREKEEPER_LIMIT_IMPORTS"),
    ("RATE_LIMITS", "maybe", "SCOREKEEPER_RATE_LIMITS"),
])
def test_a_budget_the_server_cannot_read_stops_it_naming_the_variable(key: str, value: str, variable: str) -> None:
    with pytest.raises(SettingError) as refused:
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x", key: value})
    assert str(refused.value).startswith(f"{variable} is {value!r}: ")
