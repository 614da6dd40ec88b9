"""The phone's sheet with no signal is the server's sheet: the same template (scorer/_sheet_live.html), drawn by the
phone's worker (scorekeeper/offline/worker.py's ``sheet_page``, Jinja2 over the packed templates, the catalog the
phone downloads) from what the phone keeps of the match (its data.json). For every game, in English and Croatian,
the live sheet as the server renders it and the phone's drawing are read as a person reads them: the same words
everywhere (scores, totals, needs, games won, who deals next, each row's result and explanation, the game heads and
ends, the buttons), the same chalk board Z and strokes for Jass. Only what needs the signal differs, and is checked
to: the board's QR code and its Share button, and the forms that dispute a hand."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.offline import worker
from scorekeeper.offline.drawing import ENDPOINTS, Addresses
from scorekeeper.rules import PRESETS
from tests.offline.conftest import PHONE_LANGUAGES
from tests.offline.test_sheet_words import PLAYERS, Match, _hands
from tests.support.app import SharedApps
from tests.support.pages import Element, parse_page

SIGNAL_ONLY = {"share-now", "dispute", "resolve"}
"""What the server's sheet has and the phone's has not: sharing the board (its QR code, made on the server) and
disputing a hand (the phone's outbox carries hands, voids and restores only)."""


def _without(node: Element, classes: set[str]) -> Element:
    """``node`` with every element of one of ``classes`` taken out (in place)."""
    node.parts = [part for part in node.parts if isinstance(part, str) or not (classes & part.classes())]
    node.children = [child for child in node.children if not (classes & child.classes())]
    for child in node.children:
        _without(child, classes)
    return node


def read(html: str, classes: set[str] = SIGNAL_ONLY) -> dict[str, Any]:
    """The sheet's part as a person reads it, without ``classes``: all its words, each row's, and the Z."""
    root = _without(parse_page(html), classes)
    rows = {node.attrs["id"]: re.sub(r"\s+", " ", node.text()).strip()
            for node in root.walk() if node.tag == "details" and node.attrs.get("id", "").startswith("hand-")}
    return {
        "words": re.sub(r"\s+", " ", root.text()).strip(),
        "rows": rows,
        "totals": [node.text() for node in root.walk() if "total" in node.classes()],
        "z": [(node.attrs.get("data-chalk"), node.attrs.get("aria-label"))
              for node in root.walk() if node.tag == "svg" and "chalk-z" in node.classes()],
        "strokes": [re.sub(r"\s+", " ", node.text()).strip() for node in root.walk()
                    if {"strokes", "game-strokes"} & node.classes()],
        "buttons": [re.sub(r"\s+", " ", node.text()).strip() for node in root.walk()
                    if node.tag in ("a", "button") and "button" in node.classes()],
    }


def addresses(app: Flask) -> dict[str, str]:
    with app.test_request_context():
        from scorekeeper.views.offline import phone_addresses

        return phone_addresses()


def phone(app: Flask, client: FlaskClient, match_id: str, language: str, args: dict[str, str] | None = None) -> str:
    """The phone's drawing of the sheet, from the match as the phone keeps it."""
    data = client.get(f"/m/{match_id}/data.json").get_json()
    match = {key: data[key] for key in ("variant", "rules", "players", "first_dealer")}
    drawn = worker.sheet_page(match, data["hands"], language, {
        "id": data["id"], "revision": data["revision"], "was": data["was"], "urls": addresses(app),
        "args": args or {}})
    assert "html" in drawn, drawn
    return str(drawn["html"])


@pytest.mark.parametrize("language", PHONE_LANGUAGES)
@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_phone_draws_the_sheet_the_server_draws(shared: SharedApps, backend: str, catalogs: None,
                                                    variant: str, language: str) -> None:
    match = shared.kept(backend, variant, lambda app, client: Match(app, client, variant))
    app, client = shared.app(backend)
    server = client.get(f"/m/{match.id}/live?lang={language}", follow_redirects=True)
    assert server.status_code == 200
    live, drawn = read(server.get_data(as_text=True)), read(phone(app, client, match.id, language))
    # The match has what a sheet shows: rows, a voided one, a game's end, totals.
    assert len(live["rows"]) >= 4 and "voided" in server.get_data(as_text=True) and live["totals"]
    assert drawn["rows"] == live["rows"]
    assert drawn["totals"] == live["totals"]
    assert drawn["buttons"] == live["buttons"]
    assert drawn["words"] == live["words"]
    assert drawn["z"] == live["z"] and drawn["strokes"] == live["strokes"]
    if PRESETS[variant].strokes:
        assert live["z"] and live["strokes"]  # Jass: the chalk board's Z for each side, its strokes
    if language != "en":
        english = read(phone(app, client, match.id, "en"))
        assert english["words"] != drawn["words"]  # said in the page's language


def test_only_what_needs_the_signal_is_left_out(shared: SharedApps, backend: str, catalogs: None) -> None:
    match = shared.kept(backend, "bela", lambda app, client: Match(app, client, "bela"))
    app, client = shared.app(backend)
    live = client.get(f"/m/{match.id}/live?lang=en", follow_redirects=True).get_data(as_text=True)
    drawn = phone(app, client, match.id, "en")
    nothing = read(live, set())
    assert "Mark hand 1 disputed" in nothing["buttons"] or "Mark hand 1 disputed" in nothing["words"]
    assert "Mark hand 1 disputed" not in read(drawn, set())["words"]
    assert read(live, set())["words"] != read(drawn, set())["words"]


def test_what_was_just_done_is_said_as_the_server_says_it(shared: SharedApps, backend: str, catalogs: None) -> None:
    match = shared.kept(backend, "bela", lambda app, client: Match(app, client, "bela"))
    app, client = shared.app(backend)
    for args in ({"saved": "3"}, {"voided": "2"}):
        query = "&".join(f"{k}={v}" for k, v in args.items())
        live = read(client.get(f"/m/{match.id}/live?lang=en&{query}", follow_redirects=True).get_data(as_text=True))
        drawn = read(phone(app, client, match.id, "en", args))
        assert drawn["words"] == live["words"]
        assert ("Recorded hand 3" if "saved" in args else "Voided hand 2") in drawn["words"]


def test_a_hand_not_sent_yet_is_marked_on_its_row(shared: SharedApps, backend: str, catalogs: None) -> None:
    match = shared.kept(backend, "bela", lambda app, client: Match(app, client, "bela"))
    app, client = shared.app(backend)
    data = client.get(f"/m/{match.id}/data.json").get_json()
    game = {key: data[key] for key in ("variant", "rules", "players", "first_dealer")}
    drawn = worker.sheet_page(game, data["hands"], "en", {"id": data["id"], "revision": data["revision"],
                                                          "urls": addresses(app), "unsent": [3]})
    rows = read(str(drawn["html"]))["rows"]
    assert "↑ not sent yet" in rows["hand-3"] and "not sent" not in rows["hand-1"]


def test_the_phones_addresses_are_the_apps(app: Flask) -> None:
    """Each link and form of the phone's drawing goes where Flask's url_for sends the server's (the hand form
    excepted: a hand is changed in the kept form, ``?change=``)."""
    from flask import url_for

    patterns = addresses(app)
    assert set(patterns) == set(ENDPOINTS)
    phone_url_for = Addresses(patterns)
    with app.test_request_context():
        for endpoint in ENDPOINTS:
            values: dict[str, Any] = {"match_id": "AbC-12_x", "number": 7, "revision": 12, "view_token": "tok_1"}
            rule = next(iter(app.url_map.iter_rules(endpoint)))
            given = {name: values[name] for name in rule.arguments}
            extra = {"revision": 12} if "revision" not in rule.arguments else {}
            if endpoint == "scorer.edit_hand":
                assert phone_url_for(endpoint, **given) == url_for("scorer.new_hand", match_id="AbC-12_x") + "?change=7"
                continue
            assert phone_url_for(endpoint, **given, **extra, print=None) == url_for(endpoint, **given, **extra)
        assert phone_url_for("scorer.sheet", match_id="a b", _anchor="scoring") == url_for(
            "scorer.sheet", match_id="a b", _anchor="scoring")


def test_every_address_the_drawn_templates_ask_for_is_the_phones() -> None:
    """Each ``url_for`` in the templates the phone draws with names a page the phone has an address for: one it
    lacks would stop the drawing of every sheet that shows that link (a match in play, say, and not the finished
    one the other tests read)."""
    from jinja2 import Environment, FileSystemLoader, nodes

    from scorekeeper.offline.drawing import TEMPLATES

    folder = Path(__file__).resolve().parents[2] / "templates"
    environment = Environment(loader=FileSystemLoader(folder), extensions=["jinja2.ext.i18n"])
    asked = set()
    for name in TEMPLATES:
        tree = environment.parse((folder / name).read_text(encoding="utf-8"))
        for call in tree.find_all(nodes.Call):
            if isinstance(call.node, nodes.Name) and call.node.name == "url_for":
                assert isinstance(call.args[0], nodes.Const), f"{name}: url_for of a name not written out"
                asked.add(call.args[0].value)
    assert asked and asked <= set(ENDPOINTS), sorted(asked - set(ENDPOINTS))


@pytest.mark.parametrize("variant", list(PRESETS))
def test_a_match_in_play_is_drawn_as_the_server_draws_it(shared: SharedApps, backend: str, catalogs: None,
                                                          variant: str) -> None:
    """Two hands in, nothing ended: the sheet with everything a match in play offers (Record, Undo, Thrown in,
    the whole suit, the claim) drawn on the phone as on the server."""
    rules = PRESETS[variant]
    app, client = shared.app(backend)
    answer = client.post("/api/v1/matches", json={"variant": variant, "players": PLAYERS[:rules.players]})
    assert answer.status_code == 201
    body = answer.get_json()
    auth = {"Authorization": f"Bearer {body['edit_token']}"}
    for hand in _hands(rules)[:2]:
        assert client.post(f"/api/v1/matches/{body['id']}/hands", json=hand, headers=auth).status_code == 201
    assert client.get(f"/m/{body['id']}/join?key={body['edit_token']}").status_code == 302
    server = client.get(f"/m/{body['id']}/live?lang=en", follow_redirects=True)
    live, drawn = read(server.get_data(as_text=True)), read(phone(app, client, body["id"], "en"))
    assert any(button.startswith("Record hand 3") for button in live["buttons"]), live["buttons"]
    assert drawn == live


def test_the_engine_draws_a_sheet_just_saved_before_its_snapshot() -> None:
    """Before the phone keeps the engine's memory snapshot, ``warm`` draws a sheet as it is right after a Save with
    no signal (what a first drawing does once is then in the snapshot: the first Save costs what the later ones
    do). The drawing must succeed, or it warms nothing: a hand just recorded, not sent yet, and its totals."""
    drawn = worker.warm_sheet()
    assert "html" in drawn, drawn
    words = read(str(drawn["html"]))
    assert "Recorded hand 1" in words["words"] and "↑ not sent yet" in words["rows"]["hand-1"]
    assert drawn["hands"] == 1 and sum(drawn["totals"]) > 0
