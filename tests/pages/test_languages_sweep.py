"""No English left: every page of a match of every game, and the pages around the matches, read in
a pseudo language in which every message of the sources is "⟦…⟧" (served as Croatian). What a page shows
outside ⟦ ⟧ must be the players' names, numbers, card signs and addresses only: a word of English there is a
message nobody marked for translation, or text the engine said that was not said in the page's language.

Each failure lists every page and every English word left on it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS
from tests.pages.test_words_sweep import GROUPS, PLAYERS, Match
from tests.support.app import SharedApps
from tests.support.languages import (  # noqa: F401 (the sweeps' fixtures: SQLite, the pseudo app, its phone)
    PSEUDO,
    english_left,
    pseudo_catalog,
    pseudo_folder,
    pseudo_phone,
    pseudo_served,
    sqlite_only,
)
from tests.support.pages import form_data, parse_page

LEAVE_OUT = ("languages", "language-names", "day")
"""Left in their own words on purpose: the language switch and the choice of a board's language (each language
named in its own); and the days, written with the language's own calendar words (CLDR's, through Babel). (The
rules pages once left each option's code in English, "Zvanje van: none": a page now says only what it does.)"""


def left_on(client: FlaskClient, paths: list[str], allowed: tuple[str, ...] = tuple(PLAYERS),
            method: str = "GET", data: dict[str, Any] | None = None) -> dict[str, list[str]]:
    """The English words left on each page (a page that does not open is reported too)."""
    faults: dict[str, list[str]] = {}
    for path in paths:
        answer = client.open(path, method=method, data=data)
        if answer.status_code not in (200, 400, 404, 409, 422):
            faults[path] = [f"answered {answer.status_code}"]
            continue
        words = english_left(answer.get_data(as_text=True), allowed, leave_out=LEAVE_OUT)
        if words:
            faults[path] = sorted(set(words))
    return faults


def report(faults: dict[str, list[str]]) -> str:
    return "English left in the pseudo language:\n" + "\n".join(
        f"  {path}: {' '.join(words)}" for path, words in faults.items())


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedApps]:
    """The pseudo app (SQLite, as the sweeps' other fixtures), its phone asking for the pseudo language, and a
    match of each game on it: made once, read by every group's test (reading a page changes nothing)."""
    apps = SharedApps(tmp_path_factory.mktemp("languages-sweep"), BABEL_TRANSLATION_DIRECTORIES=str(pseudo_catalog()))
    apps.app("sqlite")[1].environ_base["HTTP_ACCEPT_LANGUAGE"] = PSEUDO
    yield apps
    apps.close()


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("variant", list(PRESETS))
def test_every_page_of_a_match_is_said_in_the_pages_language(shared: SharedApps, variant: str, group: str) -> None:
    match = shared.kept("sqlite", variant, lambda app, phone: Match(app, phone, variant))
    _, phone = shared.app("sqlite")
    paths = match.pages(group)
    if group == "sheet":  # and the pages the sheet links to (the undo question, the changes …)
        sheet = parse_page(phone.get(f"/m/{match.id}").get_data(as_text=True))
        paths += sorted({href for n in sheet.walk() if n.tag == "a"
                         and (href := n.attrs.get("href", "")).startswith(f"/m/{match.id}/")
                         and not re.search(r"/(export\.|again|join|hand|claim|rules)", href)} - set(paths))
    faults = left_on(phone, paths)
    assert not faults, report(faults)


def test_the_pages_around_the_matches_are_said_in_the_pages_language(phone: FlaskClient) -> None:
    paths = ["/", "/rules", *[f"/rules/{variant}" for variant in PRESETS], "/referee/melds", "/referee/cards",
             "/referee/legal-plays", "/referee/roem", "/clubs/new", "/tournaments/new", "/no-such-page"]
    faults = left_on(phone, paths)
    assert not faults, report(faults)


def test_the_start_form_with_its_errors_is_said_in_the_pages_language(phone: FlaskClient) -> None:
    """The start form sent empty: every problem beside its field in the page's language."""
    page = phone.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    answer = phone.post("/", data={"csrf_token": token.group(1) if token else "", "variant": "bela"})
    assert answer.status_code in (200, 422), answer.status
    words = english_left(answer.get_data(as_text=True), leave_out=LEAVE_OUT)
    assert not words, words


@pytest.mark.parametrize("variant", ["bela", "belote", "clobby"])
def test_the_hand_and_claim_forms_with_their_errors_are_said_in_the_pages_language(
        pseudo: Flask, phone: FlaskClient, variant: str) -> None:
    """The hand form sent with what a hurried scorer sends (no taker, card points that are no number, more
    card points than the deck holds), and the claim form sent empty: every problem in the page's language."""
    match = Match(pseudo, phone, variant)
    faults: dict[str, list[str]] = {}
    for path, fields in ((f"/m/{match.id}/hand", {"card_points-0": "abc", "card_points-1": "999"}),
                         (f"/m/{match.id}/hand", {"taker": "0", "card_points-0": "400", "last_trick": "0"}),
                         (f"/m/{match.id}/claim", {})):
        page = phone.get(path)
        if page.status_code == 404:  # a game without claims
            continue
        data = {**form_data(page.get_data(as_text=True)), **fields}
        answer = phone.post(path, data=data)
        assert answer.status_code == 422, (path, answer.status)  # refused, with its problems beside the fields
        assert "has-error" in answer.get_data(as_text=True) or 'role="alert"' in answer.get_data(as_text=True)
        words = english_left(answer.get_data(as_text=True), PLAYERS, leave_out=LEAVE_OUT)
        if words:
            faults[f"POST {path} {fields}"] = sorted(set(words))
    assert not faults, report(faults)
