"""Broken input typed or linked on the pages, on both databases: a NUL in a name, a club's
name, a dispute note or a void's reason is shown beside its field (or at the sheet's top) and saves nothing; a
club's date filter at the ends of the calendar, and query arguments holding a NUL or half of a character
(``%ED%A0%80``), answer a page, never a server error."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Club, Event, Hand, Match, Player
from tests.support.pages import Phone, all_errors, beside, form_data, hidden, text

pytestmark = pytest.mark.postgresql  # text PostgreSQL refuses (a NUL, half a character) typed into the pages

BROKEN_WORDS = "is not valid text: it holds a broken character"


def _counts(app: Flask) -> dict[str, int]:
    with app.app_context():
        return {model.__tablename__: int(db.session.scalar(select(func.count()).select_from(model)) or 0)
                for model in (Club, Player, Match, Hand, Event)}


def _new_club(client: FlaskClient, name: str, players: str = "") -> tuple[int, str]:
    page = client.get("/clubs/new").get_data(as_text=True)
    fields = hidden(page)
    answer = client.post("/clubs/new", data={"csrf_token": fields["csrf_token"],
                                             "idempotency_key": fields["idempotency_key"],
                                             "name": name, "players": players})
    return answer.status_code, answer.headers.get("Location", "") or answer.get_data(as_text=True)


def test_a_nul_in_a_club_form_is_shown_beside_its_field(app: Flask, client: FlaskClient) -> None:
    before = _counts(app)
    status, page = _new_club(client, "The Anchor\x00")
    assert status == 200
    assert BROKEN_WORDS in beside(page, "name")[0], all_errors(page)
    status, page = _new_club(client, "The Anchor", "Mike\nAna\x00")
    assert status == 200
    assert BROKEN_WORDS in beside(page, "players")[0], all_errors(page)
    assert _counts(app) == before


def test_a_nul_in_a_player_name_on_the_start_page_is_shown_beside_it(app: Flask, phone: Phone) -> None:
    before = _counts(app)
    page = phone.client.get("/").get_data(as_text=True)
    data = {"csrf_token": hidden(page)["csrf_token"], "idempotency_key": hidden(page)["idempotency_key"],
            "variant": "bela", "first_dealer": "0", "target": "", "tie": "", "claims": "", "best_of": "",
            "player_0": "Mike\x00", "player_1": "Yvonne"}
    answer = phone.client.post("/", data=data)
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert BROKEN_WORDS in beside(html, "player_0")[0], all_errors(html)
    assert _counts(app) == before


def _sheet_with_a_hand(phone: Phone) -> str:
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    status, _ = phone.post(f"/m/{match_id}/hand", {"taker": "0", "card_points-0": "65", "card_points-1": "60",
                                                   "last_trick": "0"})
    assert status == 302
    return match_id


@pytest.mark.parametrize("note", ["the last trick\x00", "%00"], ids=["NUL", "percent"])
def test_a_nul_in_a_dispute_note_on_the_sheet_saves_nothing(app: Flask, phone: Phone, note: str) -> None:
    """On PostgreSQL the NUL reached the database, which refused it: a server error."""
    match_id = _sheet_with_a_hand(phone)
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    action = f"/m/{match_id}/hand/1/dispute"
    before = _counts(app)
    answer = phone.client.post(action, data={**form_data(sheet, action), "note": note}, follow_redirects=True)
    assert answer.status_code == 200
    words = text(answer.get_data(as_text=True))
    if note == "%00":  # typed as it reads: plain text, kept
        assert "Hand 1 is marked disputed." in words
        return
    assert BROKEN_WORDS in words and "Hand 1 is marked disputed." not in words
    assert _counts(app) == before


def test_a_nul_in_a_voids_reason_on_the_sheet_saves_nothing(app: Flask, phone: Phone) -> None:
    match_id = _sheet_with_a_hand(phone)
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    action = f"/m/{match_id}/hand/1/void"
    before = _counts(app)
    answer = phone.client.post(action, data={**form_data(sheet, action), "reason": "miscounted\x00"},
                               follow_redirects=True)
    assert answer.status_code == 200
    assert BROKEN_WORDS in text(answer.get_data(as_text=True))
    assert _counts(app) == before


@pytest.mark.parametrize("args", ["to=9999-12-31", "from=0001-01-01", "from=0001-01-01&to=9999-12-31",
                                  "to=10000-01-01", "player=%00", "player=%ED%A0%80", "game=%00",
                                  "from=%ED%A0%80"])
def test_a_club_page_filter_at_the_edge_answers_a_page(phone: Phone, args: str) -> None:
    status, location = _new_club(phone.client, "Kitchen", "Baka\nDida")
    assert status == 302
    club_id = location.rsplit("/", 1)[1]
    match_id = phone.start("bela", ["Baka", "Dida"], club=club_id)
    for path in (f"/clubs/{club_id}", f"/clubs/{club_id}/stats", "/matches"):
        answer = phone.client.get(f"{path}?{args}")
        assert answer.status_code == 200, (path, answer.get_data(as_text=True)[:500])
        page = answer.get_data(as_text=True)
        if args in ("to=9999-12-31", "from=0001-01-01", "from=0001-01-01&to=9999-12-31") and "stats" not in path:
            assert f"/m/{match_id}" in page, path
        if args == "player=%ED%A0%80" and path == f"/clubs/{club_id}":
            assert beside(page, "player") == ["nobody called '%ED%A0%80' plays in this club"]


@pytest.mark.parametrize("path", ["/clubs/{club}/players/%00", "/clubs/{club}/players/%ED%A0%80",
                                  "/clubs/{club}/head-to-head?a=%00&b=%ED%A0%80", "/?player=%00&player=%ED%A0%80",
                                  "/referee/melds?match=%00", "/clubs/%00", "/m/%00", "/board/%00",
                                  "/clubs/{club}/join?key=%ED%A0%80"])
def test_a_link_holding_a_nul_or_half_a_character_answers_a_page(phone: Phone, path: str) -> None:
    status, location = _new_club(phone.client, "Kitchen", "Baka\nDida")
    assert status == 302
    answer = phone.client.get(path.format(club=location.rsplit("/", 1)[1]))
    assert answer.status_code < 500, answer.get_data(as_text=True)[:500]
