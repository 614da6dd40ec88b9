"""Thrown in asks once, like Undo: one mistaken tap would cost a hand. Without JavaScript the sheet's
Thrown in opens a page that asks, naming the hand; its form records it at the revision the sheet showed. And the
button's hint says "schmeiss" only in the languages whose tables say it."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.support.pages import Phone, form_data, parse_page, text


def test_thrown_in_asks_once_and_records_nothing_until_the_table_says_yes(phone: Phone) -> None:
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    link = next(n for n in parse_page(sheet).walk() if n.tag == "a" and "data-thrown-in" in n.attrs)
    asked = phone.client.get(link.attrs["href"])
    assert asked.status_code == 200
    page = asked.get_data(as_text=True)
    assert "Hand 1 thrown in? Nobody scores; the deal moves on." in text(page)
    assert phone.hands(match_id) == 0  # asking recorded nothing
    form = next(n for n in parse_page(page).walk() if n.tag == "form")
    assert form.attrs["action"] == f"/m/{match_id}/thrown-in"
    done = phone.client.post(form.attrs["action"], data=form_data(page, form.attrs["action"]))
    assert done.status_code == 302
    assert phone.hands(match_id) == 1
    assert "thrown in" in text(phone.client.get(done.headers["Location"]).get_data(as_text=True))


def test_thrown_in_from_a_sheet_another_phone_changed_is_asked_about(phone: Phone, client: FlaskClient) -> None:
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    page = phone.client.get(f"/m/{match_id}/thrown-in?revision=1").get_data(as_text=True)
    phone.client.post(f"/m/{match_id}/thrown-in", data=form_data(page, f"/m/{match_id}/thrown-in"))
    # The same page, as it was opened before that hand: asked, never doubled behind the table's back.
    again = phone.client.post(f"/m/{match_id}/thrown-in", data={**form_data(page, f"/m/{match_id}/thrown-in"),
                                                                 "idempotency_key": "k" * 32})
    assert again.status_code == 409 and phone.hands(match_id) == 1
    assert phone.client.get(f"/m/{match_id}/thrown-in?revision=99999999999").status_code == 200


@pytest.mark.parametrize(("language", "says"), [("en", True), ("de", True), ("hr", False), ("bg", False),
                                                ("fr", False), ("nl", False), ("pl", False),
                                                ("uk", False)])
def test_schmeiss_only_where_tables_say_it(phone: Phone, language: str, says: bool) -> None:
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    sheet = phone.client.get(f"/m/{match_id}?lang={language}", follow_redirects=True)
    words = text(sheet.get_data(as_text=True)).lower()
    assert ("schmeiss" in words or "schmeiß" in words or "шмайс" in words) is says
