"""Swiss Jass's strokes (Striche) on the pages: a club's page and statistics say each Jass player's
strokes with the points written, and nothing of it for a player who never played Jass; a Jass evening's
standings (the organizer's page, the printed sheet, the venue screen) rank by strokes and show them, and a
Bela night's do not."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.support.api import API
from tests.support.jass_history import JASS_EVENING, PAIRS, jass_club, jass_tournament, ok, play_evening, tables
from tests.support.pages import parse_page


def _page(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return response.get_data(as_text=True)


def _lines(html: str, css: str) -> dict[str, str]:
    """The page's links in list ``css`` by the name in bold: each one's visible text."""
    root = parse_page(html)
    found = {}
    for section in root.walk():
        if css in section.classes():
            for item in section.walk():
                if item.tag == "li":
                    name = next(n.text() for n in item.walk() if n.tag == "strong")
                    found[name] = item.text()
    return found


def test_the_club_page_shows_each_jass_players_strokes_with_the_points(client: FlaskClient) -> None:
    club = jass_club(client)
    assert client.get(f"/clubs/{club.id}/join?key={club.token}").status_code == 302
    players = _lines(_page(client, f"/clubs/{club.id}"), "club-players")
    assert "Striche 7 : 4, points 2179 : 690, in 2 games" in players["Ana"]
    assert "Striche 4 : 2, points 690 : 1080, in 1 game" in players["Mike"]
    assert "Striche 0 : 5, points 0 : 1099, in 1 game" in players["Tom"]
    assert "Striche" not in players["Zoe"] and "Striche" not in players["Ben"]  # Bela only: as the page always was
    assert players["Zoe"] == "Zoe no finished match yet · 1 being played made 1 of 1 hands taken (100%)"

    stats = parse_page(_page(client, f"/clubs/{club.id}/stats"))
    best = next(n for n in stats.walk() if "best" in n.classes()).text()
    assert "Most Striche Ana: Striche 7 : 4 Ivo: Striche 7 : 4" in best
    cards = {next(h.text() for h in n.walk() if h.tag == "h3"): n.text()
             for n in stats.walk() if "figures-card" in n.classes()}
    assert "Striche 7 won, 4 against; points 2179 : 690; in 2 games of Jass" in cards["Ana"]
    assert "Striche 4 won, 2 against; points 690 : 1080; in 1 game of Jass" in cards["Mike & Yvonne"]
    assert "Striche" not in cards["Zoe"]

    bela_only = parse_page(_page(client, f"/clubs/{club.id}/stats?game=bela")).text()
    assert "Striche" not in bela_only
    mike = parse_page(_page(client, f"/clubs/{club.id}/players/Mike")).text()
    assert "Striche 4 won, 2 against; points 690 : 1080; in 1 game of Jass" in mike


def test_a_jass_evenings_standings_rank_by_strokes_on_every_page(client: FlaskClient) -> None:
    made = jass_tournament(client)
    place = play_evening(client, made)
    order = [" & ".join(PAIRS[place[key]]) for key in ("rout winner", "upset loser", "upset winner", "rout loser")]

    assert client.get(f"/t/{made.id}/join?key={made.organizer_token}").status_code == 302
    for path in (f"/t/{made.id}", f"/t/{made.id}/print"):
        page = parse_page(_page(client, path))
        table = next(n for n in page.walk() if n.tag == "table" and "standings" in n.classes())
        head = [cell.text() for cell in table.walk() if cell.tag == "th" and cell.attrs.get("scope") == "col"]
        assert head == ["Rank", "Pair", "Striche", "Points for", "Played", "Won", "Points against"]
        rows = [[cell.text() for cell in row.walk() if cell.tag in ("td", "th")]
                for row in table.walk() if row.tag == "tr"][1:]
        assert rows == [["1", order[0], "5", "1099", "1", "1", "0"], ["2", order[1], "4", "690", "1", "0", "1080"],
                        ["3", order[2], "2", "1080", "1", "1", "690"], ["4", order[3], "0", "0", "1", "0", "1099"]]
        assert "Ranked by Striche, then by points for." in page.text()

    screen = parse_page(_page(client, f"/t/screen/{made.view_token}"))
    standings = next(n for n in screen.walk() if "venue-standings" in n.classes())
    lines = [item.text() for item in standings.walk() if item.tag == "li"]
    assert lines[0] == f"1. {order[0]} Striche 5 · points 1099 : 0 · won 1 of 1"
    assert lines[1] == f"2. {order[1]} Striche 4 · points 690 : 1080 · won 0 of 1"


def test_a_bela_nights_standings_have_no_strokes(client: FlaskClient) -> None:
    made = jass_tournament(client, {**JASS_EVENING, "variant": "bela-4", "name": "Bela night"})
    for table in tables(client, made):
        match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
        for _ in range(12):
            hand = {"taker": 0, "card_points": [152, 0], "last_trick": 0, "took_trick": [True, True]}
            answer = ok(client.post(f"{API}/matches/{match_id}/hands", json=hand,
                                    headers={"Authorization": f"Bearer {token}"}), 201)
            if answer["state"]["finished"]:
                break
    assert client.get(f"/t/{made.id}/join?key={made.organizer_token}").status_code == 302
    organizer = parse_page(_page(client, f"/t/{made.id}")).text()
    assert "Points for" in organizer and "Striche" not in organizer
    assert "Striche" not in parse_page(_page(client, f"/t/screen/{made.view_token}")).text()
