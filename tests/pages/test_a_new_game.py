"""A game is its preset: one made here, under a name no code knows, is in the registry only, and the start page,
its match's pages, its rules page, the API and the phone's engine (scorekeeper/offline, as Pyodide runs it) all
pick it up. What a new game needs besides (its golden file, its words in the catalogs and the glossary) is
checked elsewhere for every preset; this is the proof that nothing else names the games."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS
from scorekeeper.rules.variants import _PRESETS
from scorekeeper.rules.words import Said
from tests.support.pages import Phone, parse_page, text

NAME = "test-game"


@pytest.fixture
def new_game() -> Iterator[str]:
    """A four-handed game of its own name, title and target, built from South Africa's, in the registry for the
    test only."""
    _PRESETS[NAME] = replace(PRESETS["south-african"], variant=NAME, title=Said("Testing Klaberjass"),
                             description=Said("A game made for a test: four players to 700."), target=700,
                             short_title="", start_place=0)
    try:
        yield NAME
    finally:
        del _PRESETS[NAME]


def test_a_game_in_the_registry_only_is_on_every_page_and_in_the_api(client: FlaskClient, new_game: str) -> None:
    # The start page offers it, last (it has no place of its own), by its title.
    start = client.get("/").get_data(as_text=True)
    assert f'value="{new_game}"' in start and "Testing Klaberjass" in text(start)
    # The API lists it and starts a match of it.
    listed = client.get("/api/v1/variants").get_json()["variants"]
    assert [v["variant"] for v in listed][-1] == new_game and listed[-1]["target"] == 700
    made = client.post("/api/v1/matches", json={"variant": new_game, "players": ["Ana", "Ivo", "Eva", "Luka"]})
    assert made.status_code == 201 and made.get_json()["rules"]["target"] == 700
    # A match of it started on the start page, a hand recorded on its hand form and scored by the engine.
    phone = Phone(client)
    match_id = phone.start(new_game, ["Ana", "Ivo", "Eva", "Luka"])
    status, page = phone.post(f"/m/{match_id}/hand",
                              {"taker": "0", "contract": "hearts", "card_points-0": "90", "last_trick": "0"})
    assert status in (302, 303), page
    assert phone.hands(match_id) == 1
    sheet = text(client.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Testing Klaberjass" in sheet and "700" in sheet
    assert client.get(f"/rules/{new_game}").status_code == 200
    assert "four players to 700" in text(client.get(f"/rules/{new_game}").get_data(as_text=True))
    # The installed app's description names it with the family (once each, without their brackets).
    described = client.get("/manifest.webmanifest").get_json()["description"]
    assert described.endswith(", Testing Klaberjass.") and described.count("Bela") == 1, described


def test_the_installed_apps_description_names_every_game(client: FlaskClient) -> None:
    """The phone's app list says what the app scores: every game of the registry, not four of them, in the phone's
    language."""
    described = client.get("/manifest.webmanifest").get_json()["description"]
    for rules in PRESETS.values():
        assert str(rules.title).split(" (")[0] in described, (rules.variant, described)
    croatian = client.get("/manifest.webmanifest", headers={"Accept-Language": "hr"}).get_json()["description"]
    assert croatian.startswith("Piši rezultat za stolom") and "Schieber" in croatian and "Deberc" in croatian
    # Every page's description says the same (what a search or a shared link shows).
    page = parse_page(client.get("/").get_data(as_text=True))
    [meta] = [node for node in page.walk() if node.tag == "meta" and node.attrs.get("name") == "description"]
    assert meta.attrs["content"] == described


def test_the_phones_engine_scores_a_game_in_the_registry_only(new_game: str) -> None:
    """The engine the phone runs (the same Python, in Pyodide) reads the same registry: it scores the hand."""
    from scorekeeper.offline import worker

    match = {"variant": new_game, "rules": {}, "players": ["Ana", "Ivo", "Eva", "Luka"], "first_dealer": 0}
    hand = {"input": {"taker": 0, "contract": "hearts", "card_points": [90, None], "last_trick": 0}}
    state = worker.replay(match, [hand])
    assert "errors" not in state, state
    assert state["totals"][0] > 0 and state["hands"][0]["number"] == 1
