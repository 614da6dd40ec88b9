"""The history pages' forms through Flask's test client, as a browser posts them (CSRF token read from the
page): starting a club, its errors, importing a club's file, and the phone's match list with its filters."""

from __future__ import annotations

import io
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Club, Match, Player
from tests.support.pages import Phone, all_errors, hidden


def _counts(app: Flask) -> tuple[int, int, int]:
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(model))  # type: ignore[return-value]
                     for model in (Club, Player, Match))


def _new_club(client: FlaskClient, name: str, players: str = "") -> tuple[int, str]:
    page = client.get("/clubs/new").get_data(as_text=True)
    fields = hidden(page)
    answer = client.post("/clubs/new", data={"csrf_token": fields["csrf_token"],
                                             "idempotency_key": fields["idempotency_key"],
                                             "name": name, "players": players})
    return answer.status_code, answer.headers.get("Location", "") or answer.get_data(as_text=True)


def test_a_club_is_started_and_its_link_shown_once(client: FlaskClient) -> None:
    status, location = _new_club(client, "The Miners' Arms", "Mike\nYvonne\n\n")
    assert status == 302
    first = client.get(location).get_data(as_text=True)
    link = re.search(r'href="(http://[^"]+/join\?key=[^"]+)"', first)
    assert link and "This is the club's link: keep it" in first
    assert "This is the club's link" not in client.get(location).get_data(as_text=True)
    # Another phone: refused without the link, let in with it.
    other = client.application.test_client()
    assert other.get(location).status_code == 403
    joined = other.get(link.group(1).removeprefix("http://localhost"))
    assert joined.status_code == 302 and joined.headers["Location"] == location
    assert "Mike" in other.get(location).get_data(as_text=True)


def test_club_form_errors_are_shown_beside_their_field_and_save_nothing(app: Flask, client: FlaskClient) -> None:
    before = _counts(app)
    status, page = _new_club(client, "   ")
    assert status == 200 and all_errors(page)["name"] == ["⚠ the club needs a name, such as the pub or the family"]
    status, page = _new_club(client, "Kitchen", "Baka\nbaka ")
    assert status == 200 and all_errors(page)["players"] == ["⚠ 'baka' is named twice"]
    assert _counts(app) == before


@pytest.mark.postgresql
def test_a_club_file_is_imported_and_a_changed_one_refused(app: Flask, client: FlaskClient) -> None:
    phone = Phone(client)
    _, location = _new_club(client, "Kitchen", "Baka\nDida")
    club_id = location.rsplit("/", 1)[1]
    page = client.get(f"/?club={club_id}").get_data(as_text=True)
    assert 'list="club-players"' in page and '<option value="Baka">' in page
    match_id = phone.start("bela", ["baka", "Dida"], club=club_id)
    status, _ = phone.post(f"/m/{match_id}/hand", {"taker": "0", "card_points-0": "65",
                                                       "card_points-1": "60", "last_trick": "0"})
    assert status == 302
    download = client.get(f"/clubs/{club_id}/export.json")
    assert download.headers["Content-Disposition"].startswith('attachment; filename="scorekeeper-club-Kitchen-')
    document = json.loads(download.get_data())
    assert document["players"] == ["Baka", "Dida"] and document["matches"][0]["match"]["players"] == ["Baka", "Dida"]

    def upload(content: bytes) -> tuple[int, str]:
        token = hidden(client.get("/clubs/new").get_data(as_text=True))["csrf_token"]
        answer = client.post("/clubs/import", data={"csrf_token": token,
                                                    "file": (io.BytesIO(content), "club.json")},
                             content_type="multipart/form-data")
        return answer.status_code, answer.headers.get("Location", "") or answer.get_data(as_text=True)

    before = _counts(app)
    changed = json.loads(json.dumps(document))
    changed["matches"][0]["hands"][0]["input"]["card_points"] = [70, 55]
    status, page = upload(json.dumps(changed).encode())
    assert status == 422 and all_errors(page)["file"] == [
        "⚠ Nothing was imported: digest: the document was changed after export."]
    status, page = upload(b"not json")
    assert status == 422 and "this file is not JSON" in all_errors(page)["file"][0]
    assert _counts(app) == before

    status, location = upload(json.dumps(document).encode())
    assert status == 302 and location.rsplit("/", 1)[1] != club_id
    imported = client.get(location).get_data(as_text=True)
    assert "Kitchen" in imported and "Baka v Dida" in imported and "75–60" in imported


def test_the_phones_match_list_and_its_filters(client: FlaskClient) -> None:
    phone = Phone(client)
    phone.start("bela", ["Mike", "Yvonne"])
    phone.start("belote", ["Ann", "Bob", "Cat", "Dan"])
    page = client.get("/matches").get_data(as_text=True)
    assert page.count('class="button match-row"') == 2
    assert page.index("Ann &amp; Cat v Bob &amp; Dan") < page.index("Mike v Yvonne")  # newest first
    page = client.get("/matches?game=belote").get_data(as_text=True)
    assert page.count('class="button match-row"') == 1 and "Mike v Yvonne" not in page
    page = client.get("/matches?player=yvonne").get_data(as_text=True)
    assert page.count('class="button match-row"') == 1 and "Mike v Yvonne" in page
    page = client.get("/matches?from=2026-13-01&game=nonsense").get_data(as_text=True)
    errors = all_errors(page)
    assert errors["from"] == ["⚠ a day is written YYYY-MM-DD, such as 2026-11-21, not '2026-13-01'"]
    assert errors["game"][0].startswith("⚠ no game 'nonsense'")
    assert page.count('class="button match-row"') == 2  # a bad filter narrows nothing
    page = client.get("/matches?from=2020-01-01&to=2020-01-31").get_data(as_text=True)
    assert "No match on this phone fits." in page


def test_a_phone_forgets_its_oldest_match_first(client: FlaskClient) -> None:
    from scorekeeper.views.phone import REMEMBERED

    phone = Phone(client)
    started = [phone.start("bela", [f"P{i}", "Q"]) for i in range(REMEMBERED + 1)]
    page = client.get("/matches").get_data(as_text=True)
    assert page.count('class="button match-row"') == REMEMBERED
    assert f"/m/{started[0]}" not in page and f"/m/{started[1]}" in page and f"/m/{started[-1]}" in page
    assert client.get(f"/m/{started[0]}").status_code == 403


def test_head_to_head_page(client: FlaskClient) -> None:
    phone = Phone(client)
    _, location = _new_club(client, "Kitchen", "Baka\nDida\nTeta")
    club_id = location.rsplit("/", 1)[1]
    phone.start("bela", ["Baka", "Dida"], club=club_id)
    page = client.get(f"/clubs/{club_id}/head-to-head")
    assert page.status_code == 200 and "Compare" in page.get_data(as_text=True)
    answer = client.get(f"/clubs/{club_id}/head-to-head?a=baka&b=BAKA")
    assert answer.status_code == 422 and all_errors(answer.get_data(as_text=True)) == {
        "b": ["⚠ choose two different players"]}
    answer = client.get(f"/clubs/{club_id}/head-to-head?a=Nobody&b=Dida")
    assert all_errors(answer.get_data(as_text=True)) == {"a": ["⚠ nobody called 'Nobody' plays in this club"]}
    html = client.get(f"/clubs/{club_id}/head-to-head?a=dida&b=baka").get_data(as_text=True)
    assert "Dida 0 – 0 Baka" in html and html.count('class="button match-row"') == 1
    html = client.get(f"/clubs/{club_id}/head-to-head?a=Teta&b=Baka").get_data(as_text=True)
    assert "Teta and Baka have not played on opposite sides yet." in html


def test_a_long_club_list_shows_the_newest_and_the_rest_on_asking(client: FlaskClient) -> None:
    from scorekeeper.views.clubs import LIST_SHOWN

    phone = Phone(client)
    _, location = _new_club(client, "Kitchen", "Baka\nDida")
    club_id = location.rsplit("/", 1)[1]
    started = [phone.start("bela", ["Baka", "Dida"], club=club_id) for _ in range(LIST_SHOWN + 2)]
    page = client.get(location).get_data(as_text=True)
    assert page.count('class="button match-row"') == LIST_SHOWN and f"/m/{started[-1]}" in page
    assert f"Show all {LIST_SHOWN + 2} matches (2 older)" in page and f"/m/{started[0]}" not in page
    page = client.get(location + "?all=1").get_data(as_text=True)
    assert page.count('class="button match-row"') == LIST_SHOWN + 2 and "Show all" not in page


def test_a_phone_that_scored_a_match_through_its_link_lists_it(client: FlaskClient) -> None:
    """"The phone remembers the matches it started or scored": the second phone opened the edit link."""
    phone = Phone(client)
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    sheet = client.get(f"/m/{match_id}").get_data(as_text=True)
    link = re.search(rf'(/m/{match_id}/join\?key=[^"&]+)', sheet)
    assert link is not None
    other = client.application.test_client()
    assert "Mike v Yvonne" not in other.get("/matches").get_data(as_text=True)
    assert other.get(link.group(1)).status_code == 302
    assert "Mike v Yvonne" in other.get("/matches").get_data(as_text=True)
