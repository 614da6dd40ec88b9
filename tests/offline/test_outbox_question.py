"""The outbox's question, when another phone changed the match while this one kept hands with no signal, is the
server's two-phones question: drawn by the phone's worker (``outbox_question``) from the same macro the hand form's
question is drawn from (``scorer/_conflict.html``), with the server's words for what the other phone did, this
phone's waiting hands as the engine scores them if kept, and the two answers. In English and in Croatian (the
catalog the phone downloads)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.offline import worker
from tests.offline.conftest import PHONE_LANGUAGES
from tests.support.api import BELA_BATE, BELA_BIG, BELA_MADE, Made, create, record
from tests.support.pages import Element, form_data, parse_page

OUTBOX = {"X-Scorekeeper-Outbox": "1"}
THEIRS = {"taker": 1, "card_points": [50, 102], "last_trick": 1}
"""The other phone's hand 4, recorded with a signal while this phone had none."""
WAITING = (BELA_MADE, BELA_BIG, BELA_BATE)
"""This phone's three hands, kept with no signal: hands 4 to 6 on the phone, 5 to 7 if both are kept."""


def _words(node: Element) -> str:
    return re.sub(r"\s+", " ", node.text()).strip()


def _section(html: str, section_id: str) -> Element:
    found = [node for node in parse_page(html).walk() if node.tag == "section" and node.attrs.get("id") == section_id]
    assert len(found) == 1, html
    return found[0]


def _heading(section: Element) -> Element:
    heads = [node for node in section.walk() if node.attrs.get("id") == section.attrs.get("aria-labelledby")]
    assert len(heads) == 1
    return heads[0]


def _asked(app: Flask, language: str) -> tuple[Made, FlaskClient, dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """A Bela match of three hands; this phone keeps three more with no signal while another phone records hand 4.
    The first of them sent when the signal is back is answered 412: the match as this phone then has it (the
    server's hands, its own on top, numbered after them), the three waiting changes and the server's answer."""
    api = app.test_client()
    made = create(api)
    for hand in (BELA_MADE, BELA_BATE, BELA_BIG):
        record(api, made, hand)
    phone = app.test_client()
    assert phone.get(f"/m/{made.id}/join?key={made.edit_token}").status_code == 302
    kept = phone.get(f"/m/{made.id}/data.json").get_json()
    record(api, made, THEIRS)
    answer = phone.post(f"/m/{made.id}/sync?lang={language}", headers={**OUTBOX, "Accept-Language": language},
                        json={"kind": "record", "hand": WAITING[0], "revision": kept["revision"], "key": "k" * 22})
    assert answer.status_code == 412
    conflict = answer.get_json()["conflict"]
    data = phone.get(f"/m/{made.id}/data.json").get_json()
    hands = [{"number": h["number"], "input": h["input"], "voided": h["voided"]} for h in data["hands"]]
    behind = [{"kind": "record", "number": len(hands) + n} for n in range(1, len(WAITING) + 1)]
    hands += [{"number": b["number"], "input": hand, "voided": False} for b, hand in zip(behind, WAITING, strict=True)]
    match = {key: data[key] for key in ("variant", "rules", "players", "first_dealer")}
    return made, phone, match, hands, {"behind": behind, "conflict": conflict}


@pytest.mark.parametrize("language", PHONE_LANGUAGES)
def test_the_outbox_asks_once_in_the_servers_words_with_the_hands_scored_if_kept(app: Flask, catalogs: None,
                                                                                 language: str) -> None:
    made, phone, match, hands, asked = _asked(app, language)
    drawn = worker.outbox_question(match, hands, asked["behind"], asked["conflict"], language)
    sections = [n for n in parse_page(drawn["html"]).walk() if n.attrs.get("role") == "alert"]
    assert len(sections) == 1 and sections[0].attrs["id"] == "outbox-question"
    words = _words(sections[0])
    theirs = [change["words"] for change in asked["conflict"]["changes"]]
    assert len(theirs) == 1 and theirs[0] in words
    assert ("Another phone recorded hand 4 (Mike +50, Yvonne +112)" in words) == (language == "en")
    # Keep both: the server scores the three hands as the question said it would.
    revision = asked["conflict"]["revision"]
    for n, hand in enumerate(WAITING):
        sent = phone.post(f"/m/{made.id}/sync", headers=OUTBOX,
                          json={"kind": "record", "hand": hand, "revision": revision + n, "key": f"{n}" * 22})
        assert sent.status_code == 201, sent.get_json()
    kept = phone.get(made.url, headers=made.edit).get_json()["state"]["hands"][4:]
    assert [h["number"] for h in kept] == [5, 6, 7]
    for hand in kept:
        scores = f"Mike +{hand['scores'][0]}, Yvonne +{hand['scores'][1]}"
        assert f"{hand['number']}: {scores}" in words, (scores, words)
    translations = worker._CATALOGS.get(language)
    keep = "Keep both (yours become hands %(first)s to %(last)s)"
    said = (translations.gettext(keep) if translations else keep) % {"first": 5, "last": 7}
    buttons = [(n.attrs.get("data-answer"), _words(n)) for n in sections[0].walk() if n.tag == "button"]
    drop = translations.gettext("Drop mine") if translations else "Drop mine"
    assert buttons == [("keep", said), ("drop", drop)]
    assert (said == "Keep both (yours become hands 5 to 7)") == (language == "en")


def test_the_outbox_and_the_hand_form_ask_with_one_drawing(app: Flask, catalogs: None) -> None:
    """The hand form's question (a save after another phone's hand) and the outbox's: the same section, classes,
    role and heading, from ``conflict_question``."""
    _made, _phone, match, hands, asked = _asked(app, "en")
    outbox = _section(worker.outbox_question(match, hands, asked["behind"], asked["conflict"], "en")["html"],
                      "outbox-question")

    api = app.test_client()
    made = create(api)
    record(api, made, BELA_MADE)
    phones = app.test_client(), app.test_client()
    pages = []
    for phone in phones:
        assert phone.get(f"/m/{made.id}/join?key={made.edit_token}").status_code == 302
        pages.append(phone.get(f"/m/{made.id}/hand").get_data(as_text=True))
    fields = {"taker": "0", "card_points-0": "92", "card_points-1": "60", "last_trick": "0"}
    assert phones[0].post(f"/m/{made.id}/hand", data={**form_data(pages[0], "#hand-form"), **fields}).status_code == 302
    stale = phones[1].post(f"/m/{made.id}/hand", data={**form_data(pages[1], "#hand-form"), **fields})
    assert stale.status_code == 409
    form = _section(stale.get_data(as_text=True), "conflict")

    assert outbox.classes() == form.classes() | {"outbox-question"}
    assert outbox.attrs["role"] == form.attrs["role"] == "alert"
    assert _words(_heading(outbox)) == _words(_heading(form))
    assert [n.classes() for n in outbox.children[:3]] == [n.classes() for n in form.children[:3]]

