"""The API says each hand's explanation in the language the client asks for: ``Accept-Language``
picks one of its languages, English when none fits. Checked with the pseudo catalog ("⟦…⟧" around each message of
the sources, served as Croatian), so the test does not hang on any translator's wording; the Croatian words
themselves are checked by tests/rules/golden explanations."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import API, Made, create
from tests.support.languages import PSEUDO, pseudo_app, unwrapped

BATE = {"taker": 0, "card_points": [42, 110], "last_trick": 0}
"""Bela: Mike takes, 52 against 110: bate."""
MADE = {"taker": 1, "card_points": [60, 92], "last_trick": 1}


@pytest.fixture
def pseudo(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    with pseudo_app(database_url, tmp_path) as app:
        yield app


def said_in_pseudo(lines: list[str]) -> bool:
    """Every line is a message of the catalog with only names, numbers and signs left outside ⟦ ⟧."""
    rest = unwrapped(" ".join(lines)).replace("Mike", "").replace("Yvonne", "")
    return all(line.startswith("⟦") for line in lines) and not any(c.isalpha() for c in rest)


def explanations(body: dict[str, Any]) -> list[list[str]]:
    return [hand["explanation"] for hand in body["state"]["hands"]]


def played(client: FlaskClient) -> Made:
    match = create(client, "bela", ["Mike", "Yvonne"])
    for hand in (BATE, MADE):
        assert client.post(f"{match.url}/hands", json=hand, headers=match.edit).status_code == 201
    return match


def test_the_match_and_the_board_are_explained_in_the_language_asked(pseudo: Flask) -> None:
    client = pseudo.test_client()
    match = played(client)
    for path, auth in ((match.url, match.edit), (f"{API}/boards/{match.view_token}", {})):
        english = client.get(path, headers=auth).get_json()
        asked = client.get(path, headers={**auth, "Accept-Language": f"{PSEUDO}-HR,en;q=0.5"})
        assert asked.status_code == 200 and "Accept-Language" in asked.headers["Vary"]
        said = asked.get_json()
        assert [len(lines) for lines in explanations(said)] == [len(lines) for lines in explanations(english)]
        assert all(said_in_pseudo(lines) for lines in explanations(said)), explanations(said)
        assert "bate" in " ".join(explanations(english)[0])
        # A language the app does not speak: English.
        other = client.get(path, headers={**auth, "Accept-Language": "xx, tlh;q=0.8"}).get_json()
        assert explanations(other) == explanations(english)
        # Everything but the words is the same board.
        for hand in said["state"]["hands"] + english["state"]["hands"]:
            hand.pop("explanation")
        assert said == english


def test_a_recorded_hand_is_explained_in_the_language_asked(pseudo: Flask) -> None:
    client = pseudo.test_client()
    match = create(client, "bela", ["Mike", "Yvonne"])
    asked = client.post(f"{match.url}/hands", json=BATE, headers={**match.edit, "Accept-Language": PSEUDO})
    assert asked.status_code == 201
    assert said_in_pseudo(asked.get_json()["explanation"]), asked.get_json()["explanation"]
    english = client.post(f"{match.url}/hands", json=MADE, headers=match.edit)
    assert not any("⟦" in line for line in english.get_json()["explanation"])


@pytest.mark.postgresql
def test_the_board_stream_says_each_hand_in_the_watchers_language(pseudo: Flask) -> None:
    """A watcher asking in another language gets the whole board, said in it, for each hand (the published
    changes carry the engine's English); an English watcher gets the change as before."""
    from tests.api.test_board_stream import blocks, event_of, open_stream

    pseudo.config.update(BOARD_KEEP_ALIVE_SECONDS=60, REDIS_URL=None)
    client = pseudo.test_client()
    match = create(client, "bela", ["Mike", "Yvonne"])
    asked = open_stream(client, match.view_token, headers={"Accept-Language": PSEUDO})
    english = open_stream(client, match.view_token)
    try:
        said_stream, english_stream = blocks(asked), blocks(english)
        for stream in (said_stream, english_stream):
            assert next(stream) == "retry: 2000\n\n"
            assert (event_of(next(stream)) or {}).get("id") == "1"
        assert client.post(f"{match.url}/hands", json=BATE, headers=match.edit).status_code == 201
        said = event_of(next(said_stream))
        plain = event_of(next(english_stream))
        assert said is not None and (said["event"], said["id"]) == ("state", "2")
        assert plain is not None and (plain["event"], plain["id"]) == ("change", "2")
        lines = json.loads(said["data"])["state"]["hands"][0]["explanation"]
        assert said_in_pseudo(lines), lines
        assert json.loads(said["data"]) == client.get(f"{API}/boards/{match.view_token}",
                                                      headers={"Accept-Language": PSEUDO}).get_json()
    finally:
        asked.close()
        english.close()


def test_a_croatian_client_reads_croatian_explanations_and_errors(client: FlaskClient) -> None:
    """With the real catalogs: Croatian words for a bate (docs/glossary.md: *pad*) and a problem said as the
    Croatian catalog says it; an unknown language reads English."""
    from babel.support import Translations

    from tests.support.languages import TRANSLATIONS

    croatian = Translations.load(str(TRANSLATIONS), ["hr"])
    match = create(client, "bela", ["Mike", "Yvonne"])
    recorded = client.post(f"{match.url}/hands", json=BATE, headers={**match.edit, "Accept-Language": "hr-HR"})
    assert recorded.status_code == 201
    assert "pad" in " ".join(recorded.get_json()["explanation"])
    board = client.get(f"{API}/boards/{match.view_token}", headers={"Accept-Language": "hr"}).get_json()
    said = board["state"]["hands"][0]["explanation"]
    assert said[-1] == "Zvač Mike: 52 protiv 110: pad. Yvonne piše cijelu ruku, 162."
    refused = client.get(f"{API}/matches/nope", headers={**match.edit, "Accept-Language": "hr"})
    english = client.get(f"{API}/matches/nope", headers={**match.edit, "Accept-Language": "tlh"})
    assert refused.status_code == english.status_code == 404
    assert refused.get_json()["errors"][0]["message"] == croatian.gettext("no match %(id)s") % {"id": "'nope'"}
    assert english.get_json()["errors"][0]["message"] == "no match 'nope'"
