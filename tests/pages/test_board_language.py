"""A board or a venue screen in the language its match, club or tournament set: a pub's TV shows
the table's language whatever the TV's browser says, while a phone whose player chose a language with the
switch keeps its own. Set through the API's create bodies (``"language": "hr"``) and the pages' forms."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.api import API, MadeTournament, assert_errors, create
from tests.support.pages import Element, Phone, hidden, parse_page

TV = {"Accept-Language": "en-GB,en;q=0.9"}
"""The pub TV's browser: English."""


def lang_of(client: FlaskClient, path: str, **headers: str) -> tuple[str, Element]:
    answer = client.get(path, headers={**TV, **headers})
    assert answer.status_code == 200, answer.status
    tree = parse_page(answer.get_data(as_text=True))
    html = [n for n in tree.walk() if n.tag == "html"]
    return (html[0].attrs["lang"] if html else ""), tree


def test_a_match_sets_its_boards_language(client: FlaskClient) -> None:
    match = create(client, "bela", ["Mike", "Yvonne"], language="hr")
    assert match.body["language"] == "hr"
    record = client.post(f"{match.url}/hands", json={"taker": 0, "card_points": [42, 110], "last_trick": 0},
                         headers=match.edit)
    assert record.status_code == 201
    board = f"/board/{match.view_token}"
    for path in (board, f"{board}?tv=1", f"{board}/rules"):
        assert lang_of(client, path)[0] == "hr", path
    # The explanation too (Croatian's word for a bate), and the live part the board fetches.
    assert "pad" in lang_of(client, board)[1].text() and "pad" in lang_of(client, f"{board}/live")[1].text()
    # A phone that chose French with the switch reads the same board in French.
    client.get(f"{board}?lang=fr")
    assert lang_of(client, board)[0] == "fr"
    # The API speaks the asker's language, and names the board's.
    body = client.get(f"{API}/boards/{match.view_token}", headers=TV).get_json()
    assert body["language"] == "hr" and "bate" in " ".join(body["state"]["hands"][0]["explanation"])
    # The scorer's own pages follow the scorer's phone, not the board's language.
    other = create(client, "bela", ["Ana", "Ivo"])
    assert other.body["language"] is None and lang_of(client, f"/board/{other.view_token}")[0] == "fr"


def test_a_clubs_language_is_its_matches_boards(client: FlaskClient) -> None:
    club = client.post(f"{API}/clubs", json={"name": "Pod lipom", "language": "hr"})
    assert club.status_code == 201 and club.get_json()["language"] == "hr"
    token = club.get_json()["club_token"]
    answer = client.post(f"{API}/matches", json={"variant": "bela", "players": ["Mike", "Yvonne"],
                                                 "club": club.get_json()["id"]},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert answer.get_json()["language"] is None
    assert lang_of(client, f"/board/{answer.get_json()['view_token']}")[0] == "hr"
    # The match's own language wins over its club's.
    own = client.post(f"{API}/matches", json={"variant": "bela", "players": ["Mike", "Yvonne"], "language": "bg",
                                              "club": club.get_json()["id"]},
                      headers={"Authorization": f"Bearer {token}"})
    assert lang_of(client, f"/board/{own.get_json()['view_token']}")[0] == "bg"


def test_a_tournaments_language_is_its_venue_screens_and_tables(client: FlaskClient) -> None:
    made = client.post(f"{API}/tournaments", json={
        "name": "Belote du vendredi", "variant": "belote", "format": "knockout-remix", "entry": "players",
        "seed": 7, "language": "fr"})
    assert made.status_code == 201, made.get_data(as_text=True)
    tournament = MadeTournament(made.get_json())
    assert tournament.body["language"] == "fr"
    screen = tournament.body["links"]["screen"]
    assert lang_of(client, screen)[0] == "fr" and lang_of(client, f"{screen}?tv=1")[0] == "fr"
    for name in ("Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom", "Lea", "Max"):
        assert client.post(f"{tournament.url}/players", json={"name": name},
                           headers=tournament.auth).status_code == 201
    drawn = client.post(f"{tournament.url}/rounds", headers=tournament.auth)
    assert drawn.status_code == 201, drawn.get_data(as_text=True)
    view = client.get(tournament.url, headers=tournament.auth).get_json()
    table = view["rounds"][0]["tables"][0]
    assert lang_of(client, table["links"]["board"])[0] == "fr"


@pytest.mark.postgresql
@pytest.mark.parametrize("value", ["xx", "HR", "", 7, ["hr"], {"hr": True}, "hr\x00", "\ud800", "h" * 10_000])
def test_a_language_the_app_does_not_speak_is_refused(client: FlaskClient, value: Any) -> None:
    for path, body in ((f"{API}/matches", {"variant": "bela", "players": ["Mike", "Yvonne"]}),
                       (f"{API}/clubs", {"name": "Pod lipom"}),
                       (f"{API}/tournaments", {"name": "Friday", "variant": "belote", "format": "knockout-remix",
                                               "entry": "players", "seed": 1})):
        errors = assert_errors(client.post(path, json={**body, "language": value}), 422, "language")
        assert "not a language the app speaks" in errors[0]["message"] and "hr" in errors[0]["message"]


def _club_form(client: FlaskClient, language: str) -> tuple[int, str]:
    fields = hidden(client.get("/clubs/new").get_data(as_text=True))
    answer = client.post("/clubs/new", data={"csrf_token": fields["csrf_token"],
                                             "idempotency_key": fields["idempotency_key"],
                                             "name": "Kod Mate", "players": "Ana\nIvo", "language": language})
    return answer.status_code, answer.get_data(as_text=True)


def test_the_club_form_sets_the_clubs_language(client: FlaskClient) -> None:
    select = re.search(r'<select[^>]*id="language".*?</select>', client.get("/clubs/new").get_data(as_text=True))
    assert select is not None
    options = re.findall(r'value="([^"]*)"', select.group(0))
    assert options[:2] == ["", "en"] and "hr" in options and "pl" in options
    status, html = _club_form(client, "xx")
    assert status == 200 and "not a language the app speaks" in html  # beside the field, nothing saved
    status, _ = _club_form(client, "hr")
    assert status == 302
    from scorekeeper.extensions import db
    from scorekeeper.models import Club

    with client.application.app_context():
        assert [club.language for club in db.session.query(Club)] == ["hr"]


def test_the_start_form_sets_the_boards_language(client: FlaskClient) -> None:
    """Among the house rules of the start page: the board's language; the match's board then speaks it."""
    page = client.get("/").get_data(as_text=True)
    house = re.search(r'<details class="house".*?</details>', page, re.S)
    assert house is not None and 'name="language"' in house.group(0)
    match_id = Phone(client).start("bela", ["Mike", "Yvonne"], language="bg")
    sheet = client.get(f"/m/{match_id}").get_data(as_text=True)
    board = re.search(r'href="[^"]*(/board/[^"/?]+)"', sheet)
    assert board is not None
    assert lang_of(client, board.group(1))[0] == "bg"
