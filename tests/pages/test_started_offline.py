"""A match started with no signal reaches the server when the signal returns. The phone sends the start
form's fields as it kept them, with its own key, to ``POST /offline/create``; the server reads them with the
start form itself, creates the match once (a retry is answered the same match), and the phone keeps the edit key
in its cookie as after any start. The hands then follow through the outbox's ``sync``. The pages the phone
keeps to score it meanwhile (``/offline/new/<game>/…``) hold no secret."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS
from tests.support.pages import Phone

OUTBOX = {"X-Scorekeeper-Outbox": "1"}
FIELDS = {"variant": "bela", "first_dealer": "1", "player_0": "Ana", "player_1": "Marko", "target": "701",
          "tie": "", "claims": "", "bela_on_bate": "", "melds": "", "best_of": ""}


def _create(phone: FlaskClient, fields: dict[str, Any], key: str) -> Any:
    return phone.post("/offline/create", json={"fields": fields, "key": key}, headers=OUTBOX)


def test_the_match_is_created_once_and_the_phone_keeps_its_key(client: FlaskClient) -> None:
    key = secrets.token_urlsafe(16)
    made = _create(client, FIELDS, key)
    assert made.status_code == 201, made.get_data(as_text=True)
    answer = made.get_json()
    assert made.headers["Cache-Control"] == "no-store"
    data = answer["data"]
    assert data["players"] == ["Ana", "Marko"] and data["rules"]["target"] == 701 and data["first_dealer"] == 1
    assert "edit_token" not in made.get_data(as_text=True)
    # The phone holds the key: it scores the match's hands through the outbox.
    hand = {"taker": 0, "card_points": [100, 52], "last_trick": 0}
    change = {"kind": "record", "hand": hand, "revision": data["revision"], "key": secrets.token_urlsafe(16)}
    sent = client.post(data["urls"]["sync"], headers=OUTBOX, json=change)
    assert sent.status_code == 201, sent.get_data(as_text=True)
    # A retry (the answer was lost on its way back) is the same match, not a second one.
    again = _create(client, FIELDS, key)
    assert again.status_code == 201 and again.get_json()["id"] == answer["id"]
    assert [h["number"] for h in again.get_json()["data"]["hands"]] == [1]


def test_a_start_the_server_refuses_names_the_field_and_creates_nothing(client: FlaskClient) -> None:
    refused = _create(client, {**FIELDS, "player_1": "ana"}, secrets.token_urlsafe(16))
    assert refused.status_code == 422
    assert "same name" in refused.get_json()["errors"]["players"][0]
    too_long = _create(client, {**FIELDS, "target": "lots"}, secrets.token_urlsafe(16))
    assert too_long.status_code == 422 and list(too_long.get_json()["errors"]) == ["target"]
    assert client.get("/matches").status_code == 200
    assert "Marko" not in client.get("/matches").get_data(as_text=True)


@pytest.mark.parametrize("body", [None, [], {"fields": "x", "key": "k"}, {"fields": {}, "key": 3},
                                  {"fields": {"variant": ["x"]}, "key": "a" * 22}])
def test_odd_input_is_refused_clearly(client: FlaskClient, body: Any) -> None:
    answer = client.post("/offline/create", json=body, headers=OUTBOX)
    assert 400 <= answer.status_code < 500
    if body is not None:
        assert answer.get_json()["errors"]
    # Without the outbox's header (a form on another site), nothing is read.
    assert client.post("/offline/create", json={"fields": FIELDS, "key": "k" * 22}).status_code == 400


def test_a_guessable_key_is_refused(client: FlaskClient) -> None:
    answer = _create(client, FIELDS, "match-1")
    assert answer.status_code == 422 and "random" in answer.get_json()["errors"]["Idempotency-Key"][0]


@pytest.mark.parametrize("variant", list(PRESETS))
def test_the_blank_pages_of_every_game_hold_no_secret(client: FlaskClient, variant: str) -> None:
    for page in ("offline", "hand", "claim"):
        answer = client.get(f"/offline/new/{variant}/{page}")
        assert answer.status_code == 200
        text = answer.get_data(as_text=True)
        assert f"new~{variant}~blank" in text and "\u20601\u2060" in text
        assert "key=" not in text and "no-store" not in answer.headers.get("Cache-Control", "")
    assert client.get(f"/offline/new/{variant}/sheet").status_code == 404
    assert client.get("/offline/new/poker/hand").status_code == 404


def test_a_page_kept_for_no_signal_leaves_the_one_time_message_to_the_next_page(phone: Phone) -> None:
    """The service worker fetches a match's pages to keep them (static/js/sw.js, header X-Scorekeeper-Keep) while
    the phone goes on: such a fetch must not use up the message the next page shows once — here the match's key,
    shown only this once after the start."""
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    kept = phone.client.get(f"/m/{match_id}/hand", headers={"X-Scorekeeper-Keep": "1"}).get_data(as_text=True)
    assert "Keep this link: it is the key to this match" not in kept
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Keep this link: it is the key to this match" in sheet


def test_a_page_kept_for_no_signal_never_brings_a_shown_message_back(phone: Phone) -> None:
    """A keep fetch runs beside the phone's own pages with the cookie it had when it started: here the cookie from
    before the sheet showed the match's key. Writing that cookie back would bring the key's one-time message back to
    life, to be shown (and kept for no signal) on a later page. Its answer sets no cookie; the key is not shown
    again."""
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    before = phone.client.get_cookie("session")
    assert before is not None
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Keep this link: it is the key to this match" in sheet
    # The service worker's fetch, sent with the cookie from before the sheet (a second client: no cookie jar of its
    # own, so only the stale cookie goes with it).
    keeper = phone.client.application.test_client(use_cookies=False)
    for path in (f"/m/{match_id}/offline", f"/m/{match_id}/hand", f"/m/{match_id}/claim", f"/m/{match_id}/rules",
                 "/matches", "/"):
        kept = keeper.get(path, headers={"X-Scorekeeper-Keep": "1", "Cookie": f"session={before.value}"})
        assert kept.status_code == 200, path
        assert "Keep this link: it is the key to this match" not in kept.get_data(as_text=True), path
        assert "Set-Cookie" not in kept.headers, path
        for header in kept.headers.getlist("Set-Cookie"):  # what the browser would do with one
            name, _, rest = header.partition("=")
            phone.client.set_cookie(name, rest.split(";", 1)[0])
    again = phone.client.get(f"/m/{match_id}/hand").get_data(as_text=True)
    assert "Keep this link: it is the key to this match" not in again


def test_a_page_that_shows_a_one_time_message_is_never_kept(phone: Phone) -> None:
    """The service worker keeps a match's pages as the phone opens them (static/js/sw.js), unless the answer says
    no-store: a page that shows the match's key (or any one-time message) says so, so no kept page holds the key."""
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    shown = phone.client.get(f"/m/{match_id}/hand")
    assert "Keep this link: it is the key to this match" in shown.get_data(as_text=True)
    assert "no-store" in shown.headers["Cache-Control"]
    after = phone.client.get(f"/m/{match_id}/hand")
    assert "Keep this link" not in after.get_data(as_text=True)
    assert "no-store" not in after.headers.get("Cache-Control", "")
