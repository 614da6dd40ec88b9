"""Any text in the bodies that store text (a new match's names, a new club's name and players, a dispute note),
drawn by Hypothesis with NULs, lone surrogates and other control characters mixed in: never a server error;
a refusal saves nothing; whatever is saved can be shown again (the match's CSV, the club's page data).

Bounded: ``EXAMPLES`` cases per test, no deadline; a few seconds on SQLite."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.services.text import broken_character
from tests.support.api import API, BELA_MADE, bearer, club_row_counts, create, record, row_counts
from tests.support.examples import examples

pytestmark = pytest.mark.postgresql  # any text, NULs and half characters among it, stored and read back

EXAMPLES = examples(50)
BREAKING = ["\x00", "\ud800", "\udbff", "\udc00", "\udfff", "\ud83d", "\ude00", "\x1b", "\u2028", "\ufffe", " "]
"""Characters that broke, or might break, storing and showing text: NUL, lone surrogates (high and low, an
emoji's halves), an escape, a line separator, a noncharacter, a space (names are stripped)."""

TEXT = st.lists(st.one_of(st.characters(exclude_categories=()), st.sampled_from(BREAKING)),
                max_size=12).map("".join)
"""Text of up to 12 characters, any code point (surrogates included), the breaking ones often."""

FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _sound(value: Any) -> bool:
    return isinstance(value, str) and broken_character(value) is None


def _received(value: str) -> str:
    """``value`` as the server reads it from a JSON body: two surrogates that make a pair are one character."""
    text: str = json.loads(json.dumps(value))
    return text


@FUZZ
@given(first=TEXT, second=TEXT, extra=st.dictionaries(TEXT, TEXT, max_size=2))
def test_any_player_names(app: Flask, client: FlaskClient, first: str, second: str, extra: dict[str, str]) -> None:
    before = row_counts(app)
    response = client.post(f"{API}/matches", json={**extra, "variant": "bela", "players": [first, second]})
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code == 201:
        body = response.get_json()
        assert all(_sound(name) for name in body["players"]), body["players"]
        assert client.get(f"{API}/matches/{body['id']}/export.csv",
                          headers=bearer(body["edit_token"])).status_code == 200
    else:
        assert row_counts(app) == before
        if not (_sound(_received(first)) and _sound(_received(second))):
            assert response.status_code == 422


@FUZZ
@given(name=TEXT, players=st.lists(TEXT, max_size=3))
def test_any_club_names(app: Flask, client: FlaskClient, name: str, players: list[str]) -> None:
    before = club_row_counts(app)
    response = client.post(f"{API}/clubs", json={"name": name, "players": players})
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code == 201:
        body = response.get_json()
        assert _sound(body["name"]) and all(_sound(player) for player in body["players"]), body
        shown = client.get(f"{API}/clubs/{body['id']}", headers=bearer(body["club_token"]))
        assert shown.status_code == 200
    else:
        assert club_row_counts(app) == before


@FUZZ
@given(note=TEXT)
def test_any_dispute_note(app: Flask, client: FlaskClient, note: str) -> None:
    if "fuzzed match" not in app.extensions:  # one match for the whole run: a dispute is resolved again below
        app.extensions["fuzzed match"] = made = create(client, players=["Mike", "Yvonne"])
        record(client, made, BELA_MADE)
    made = app.extensions["fuzzed match"]
    before = row_counts(app)
    response = client.post(f"{made.url}/hands/1/dispute", json={"note": note}, headers=made.edit)
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code == 200:
        assert _sound(_received(note))
        assert client.get(f"{made.url}/export.csv", headers=made.edit).status_code == 200
        assert client.get(f"{made.url}/events", headers=made.edit).status_code == 200
        resolved = client.post(f"{made.url}/hands/1/resolve", json={"note": "agreed", "resolution": "stands"},
                               headers=made.edit)
        assert resolved.status_code == 200, resolved.get_data(as_text=True)
    else:
        assert response.status_code == 422 and (not _sound(_received(note)) or not note.strip()), note
        assert row_counts(app) == before
