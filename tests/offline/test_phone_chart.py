"""The running-totals chart the phone draws with no signal is the server's, byte for byte: one code for both
(scorekeeper/offline/charts.py), the server saying its words with Flask-Babel (scorekeeper/charts.py), the phone with
the catalog it downloads (the engine's cut, views/engine.py, which keeps the catalog's own plural rule). Checked for
every game and a match of several games, in every language the app speaks."""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from scorekeeper import charts as server_charts
from scorekeeper.app import create_app
from scorekeeper.languages import LANGUAGES
from scorekeeper.offline import charts, worker
from scorekeeper.rules import PRESETS
from scorekeeper.views.engine import catalog
from tests.offline.test_sheet_words import PLAYERS, _hands


@pytest.fixture(scope="module")
def web() -> Iterator[Flask]:
    yield create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "chart"})


def phone_words(language: str) -> charts.Words:
    """The chart's words as the phone says them: the downloaded catalog (English has none: its own words)."""
    data = catalog(language)
    return charts.catalog_words(gettext.GNUTranslations(io.BytesIO(data)) if data else gettext.NullTranslations())


def played(variant: str) -> tuple[dict[str, Any], list[str]]:
    """A match of ``variant`` as the phone replays it: a made, a bate, a voided hand and more, to its end."""
    rules = PRESETS[variant]
    match = {"variant": variant, "players": PLAYERS[:rules.players]}
    hands = _hands(rules)
    rows = [{"number": n, "input": hand, "voided": n == 2} for n, hand in enumerate(hands, start=1)]
    names = worker.names_of(worker.rules_of(match), match) or [str(side + 1) for side in range(rules.sides)]
    return worker.replay(match, rows), names


def several_games() -> dict[str, Any]:
    """Three sides over three games, a hand voided, a total under nothing."""
    totals = {1: [80, 40, -20], 2: [162, 130, 25], 3: [60, 200, 90], 4: [10, 0, 70], 5: [300, 150, 260]}
    games = {1: 1, 2: 1, 3: 2, 4: 3, 5: 3}
    return {"hands": [{"number": n, "game": games[n], "voided": n == 3, "totals": t} for n, t in totals.items()]}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_phone_draws_the_chart_the_server_draws(web: Flask, language: str) -> None:
    words = phone_words(language)
    with web.test_request_context("/", headers={"Cookie": f"lang={language}"}):
        for variant in PRESETS:
            state, names = played(variant)
            target = PRESETS[variant].target
            shown: dict[str, Any]
            for shown in ({"hands": []}, {"hands": state["hands"][:1]}, state):
                server = str(server_charts.running_score_svg(shown, names, target))
                assert str(charts.running_score_svg(shown, names, target, words)) == server, variant
        names = ["Ann & <Cat>", "Bob", "Dan"]
        for target in (1001, None):
            server = str(server_charts.running_score_svg(several_games(), names, target, "x"))
            assert str(charts.running_score_svg(several_games(), names, target, words, "x")) == server
    if language != "en":  # said in the language, the plurals too ("2 donnes", "4 ruke")
        english = phone_words("en")
        assert str(charts.running_score_svg(several_games(), names, None, english)) != server
        assert "hands" not in server.split("<desc")[1].split("</desc>")[0]
