"""The organizer's tournament pages through Flask's test client, as a browser posts them (CSRF token read from
the page): a new tournament from its form, registering on the organizer's phone and by the venue screen's QR
code, the draw with its refusals in words, deciding a table (a missing reason beside its field, nothing saved),
the line on a table's match pages, the printed draw sheet, the downloads without secrets, a club's history of
its tournaments, and the organizer page refusing a phone without the key."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Tournament, TournamentEntry, TournamentTable
from tests.support.api import API, bearer
from tests.support.pages import all_errors, beside, hidden, parse_page, post_form

EIGHT = ["Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom", "Lea", "Max"]


def page_text(html: str) -> str:
    return parse_page(html).text()


def _counts(app: Flask) -> tuple[int, int, int]:
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(model))  # type: ignore[return-value]
                     for model in (Tournament, TournamentEntry, TournamentTable))


def new_tournament(client: FlaskClient, **fields: str) -> tuple[int, str]:
    """Fill the new tournament form (Friday Belote, seed 001's Quick format by default) and send it."""
    page = client.get("/t/new").get_data(as_text=True)
    data = {k: v for k, v in hidden(page).items() if k in ("csrf_token", "idempotency_key")}
    data.update({"name": "Friday Belote", "variant": "belote", "deal_limit": "7", "format": "knockout-remix",
                 "entry": "players", "seed": "12345", "rounds": "", "club": ""})
    data.update(fields)
    answer = client.post("/t/new", data=data)
    return answer.status_code, answer.headers.get("Location", "") or answer.get_data(as_text=True)


def send(client: FlaskClient, page_path: str, action: str, fields: dict[str, str]) -> tuple[int, str]:
    """Post the form of the page at ``page_path`` whose action is ``action`` (its hidden fields kept)."""
    answer = post_form(client, page_path, action, fields)
    return answer.status_code, answer.headers.get("Location", "") or answer.get_data(as_text=True)


class Organizer:
    """The organizer's phone running one tournament through its pages."""

    def __init__(self, client: FlaskClient, **fields: str) -> None:
        self.client = client
        status, location = new_tournament(client, **fields)
        assert status == 302, all_errors(location)
        self.path = location
        self.id = location.rsplit("/", 1)[1]

    def page(self) -> str:
        answer = self.client.get(self.path)
        assert answer.status_code == 200
        return answer.get_data(as_text=True)

    def register(self, name: str, partner: str | None = None) -> tuple[int, str]:
        fields = {"name": name} if partner is None else {"name": name, "partner": partner}
        return send(self.client, self.path, f"{self.path}/players", fields)

    def draw(self) -> tuple[int, str]:
        return send(self.client, self.path, f"{self.path}/rounds", {})

    def decide(self, number: int, winner: str, reason: str) -> tuple[int, str]:
        return send(self.client, self.path, f"{self.path}/tables/{number}/decide",
                    {"winner": winner, "reason": reason})

    def view(self) -> dict[str, Any]:
        """The tournament as the API shows the organizer (the scorer links of the tables)."""
        with self.client.application.app_context():
            from scorekeeper.services import tournament_json
            return json.loads(tournament_json(db.session.get(Tournament, self.id)))  # type: ignore[arg-type]

    def screen(self) -> str:
        return str(self.view()["links"]["screen"])


def test_a_tournament_is_created_from_its_form_and_its_link_shown_once(client: FlaskClient) -> None:
    organizer = Organizer(client)
    first = organizer.page()
    assert "Keep this link: it is the key to the tournament" in first
    assert "Draw seed 12345: anyone can check the draw." in page_text(first)
    assert "Belote (151) · Knockout, new partners every round · a game ends after 7 deals" in page_text(first)
    link = re.search(r'href="http://localhost(/t/[^"]+/join\?key=[^"]+)"', first)
    assert link and 'class="qr-box"' in first
    assert "Keep this link" not in organizer.page()
    # Another phone: refused without the key (with the form the key of a "#" link is posted to), let in with it.
    other = client.application.test_client()
    refused = other.get(organizer.path)
    assert refused.status_code == 403 and "No key for this tournament" in refused.get_data(as_text=True)
    assert parse_page(refused.get_data(as_text=True)).find(id="key-in-link")[0].attrs["action"] == \
        f"{organizer.path}/join"
    assert other.get(f"{organizer.path}/join?key=wrong").status_code == 403
    joined = other.get(link.group(1))
    assert joined.status_code == 302 and joined.headers["Location"] == organizer.path
    assert other.get(organizer.path).status_code == 200
    # The fragment link (the API's links.organizer) posts its key from the refusal page.
    third = client.application.test_client()
    token = link.group(1).split("key=")[1]
    csrf = hidden(third.get(organizer.path).get_data(as_text=True))["csrf_token"]
    posted = third.post(f"{organizer.path}/join", data={"csrf_token": csrf, "key": token})
    assert posted.status_code == 303 and third.get(organizer.path).status_code == 200


def test_the_formats_are_named_as_organizers_call_them(client: FlaskClient) -> None:
    """The form's formats say what each is (knockout, Swiss, round-robin), how many players make a quick or a
    classic night, and whether partners change; the pages name the tournament's format with its players."""
    form = parse_page(client.get("/t/new").get_data(as_text=True))
    labels = [label.text() for label in form.find(id="group-format")[0].walk() if label.tag == "label"]
    assert [label.split(":")[0] for label in labels] == [
        "Knockout, new partners every round", "Knockout, fixed pairs", "Swiss, fixed pairs", "Round-robin, fixed pairs"]
    assert "quick knockout: 8 players, 2 rounds; classic: 16 players, 3 rounds" in labels[0]
    assert not [label for label in labels if "knockout-remix" in label or "round-robin:" in label]
    organizer = _drawn(client)
    words = page_text(organizer.page())
    assert "Belote (151) · Quick knockout, 8 players, new partners every round · a game ends after 7 deals" in words
    printed = page_text(client.get(f"{organizer.path}/print").get_data(as_text=True))
    assert "Belote (151) · Quick knockout, 8 players, new partners every round · a game ends after 7 deals" in printed
    pairs = Organizer(client, format="swiss", entry="pairs", rounds="2")
    for first, second in (("Ana", "Ivo"), ("Mike", "Yvonne"), ("Eva", "Tom"), ("Lea", "Max")):
        pairs.register(first, second)
    assert pairs.draw()[0] == 302
    assert "Belote (151) · Swiss, 4 fixed pairs · a game ends after 7 deals" in page_text(pairs.page())
    two_handed = Organizer(client, variant="bela", format="round-robin", deal_limit="")
    for name in ("Ana", "Ivo", "Mike"):
        two_handed.register(name)
    assert two_handed.draw()[0] == 302
    assert "Bela (two-handed) · Round-robin, 3 players Draw seed" in page_text(two_handed.page())


def test_the_start_page_links_to_a_new_tournament(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert [a for a in parse_page(page).walk() if a.tag == "a" and a.attrs.get("href") == "/t/new"]


def test_new_tournament_errors_are_shown_beside_their_field_and_save_nothing(app: Flask,
                                                                            client: FlaskClient) -> None:
    before = _counts(app)
    status, page = new_tournament(client, name="  ")
    assert status == 422 and beside(page, "name") == ["the tournament needs a name, such as \"Friday Belote\""]
    status, page = new_tournament(client, format="knockout-remix", entry="pairs")
    assert status == 422 and "entry" in all_errors(page)
    status, page = new_tournament(client, seed="-4")
    assert status == 422 and beside(page, "seed")
    assert _counts(app) == before


def test_register_draw_decide_and_finish_on_the_organizer_page(app: Flask, client: FlaskClient) -> None:
    organizer = Organizer(client)
    for name in EIGHT[:6]:
        assert organizer.register(name)[0] == 302
    status, page = organizer.register("ana")
    assert status == 422 and beside(page, "name") == [
        "Ana is already registered: two players of one name could not be told apart"]
    status, page = organizer.draw()
    assert status == 422
    assert "knockout-remix needs 4, 8, 16, 32… players; 6 registered" in page_text(page)
    for name in EIGHT[6:]:
        organizer.register(name)
    entries = [li.text() for li in parse_page(organizer.page()).find(id="entries")[0].walk() if li.tag == "li"]
    assert entries == EIGHT
    assert organizer.draw()[0] == 302

    page = organizer.page()
    view = organizer.view()
    tables = view["rounds"][0]["tables"]
    for table in tables:
        heading = f"Table {table['number']}: {' v '.join(table['names'])} — 0 : 0, playing"
        assert heading in page_text(page)
        match_id = table["match"]
        assert re.search(rf'href="http://localhost/m/{match_id}/join\?key=[^"]+"', page)
        assert f"/c/{match_id}/0/" in page and f"/c/{match_id}/1/" in page
    assert "side 0" not in page_text(page) and "entry 3" not in page_text(page)
    assert "Register a player" not in page_text(page)

    # The next round waits for the tables, named by their players.
    status, page = organizer.draw()
    assert status == 409
    assert f"table 1 ({' v '.join(tables[0]['names'])}) is still playing" in page_text(page)

    # Deciding without a reason: the message beside the reason, nothing saved.
    status, page = organizer.decide(1, "1", "  ")
    assert status == 422 and beside(page, "reason") == [
        "say why the table is decided (a no-show, a dispute …), in 1 to 200 characters"]
    status, page = organizer.decide(1, "1", "")
    assert status == 422 and beside(page, "reason") == ["say why the table is decided (a no-show, a dispute …)"]
    status, page = organizer.decide(1, "", "no-show")
    assert status == 422 and beside(page, "winner") == ["choose the side that wins the table"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(TournamentTable)
                                 .where(TournamentTable.decided_winner.is_not(None))) == 0

    assert organizer.decide(1, "1", "Ana was called away")[0] == 302
    assert organizer.decide(2, "0", "a dispute over the last trick")[0] == 302
    page = organizer.page()
    assert f"Table 1: {' v '.join(tables[0]['names'])} — 0 : 0, decided for {tables[0]['names'][1]}" in page_text(page)
    assert "Why: Ana was called away" in page_text(page)
    assert "Standings" in page_text(page)

    assert organizer.draw()[0] == 302  # round 2: the final
    assert "Round 2 of 2" in page_text(organizer.page())
    words = page_text(organizer.page())
    assert "Finish: name the winners" not in words and "Draw round 3" not in words
    assert "The tournament finishes by itself once every table of the final round is won or decided." in words
    final = organizer.view()["rounds"][1]["tables"][0]
    assert organizer.decide(1, "0", "closing time")[0] == 302  # the final's last table: the winners are named
    page = organizer.page()
    assert "The tournament is over" in page_text(page)
    assert f"Winners: {final['names'][0]}" in page_text(page)
    assert f"Runners-up: {final['sides'][1][0]}, {final['sides'][1][1]}" in page_text(page)


def test_players_register_themselves_until_the_first_round(app: Flask, client: FlaskClient) -> None:
    organizer = Organizer(client)
    page = organizer.page()
    link = re.search(r'href="http://localhost(/t/screen/[^"]+/register)"', page)
    assert link
    path = link.group(1)
    player = client.application.test_client()
    form = player.get(path).get_data(as_text=True)
    assert "Register yourself for the tournament. 0 registered so far." in page_text(form)
    status, location = send(player, path, path, {"name": "  Ana  "})
    assert status == 302
    assert "Ana registered. See you at the table." in page_text(player.get(location).get_data(as_text=True))
    before = _counts(app)
    status, page = send(player, path, path, {"name": "ANA"})
    assert status == 422 and beside(page, "name") == [
        "Ana is already registered: two players of one name could not be told apart"]
    status, page = send(player, path, path, {"name": ""})
    assert status == 422 and beside(page, "name") == ["every player needs a name"]
    assert _counts(app) == before
    assert "Ana" in page_text(organizer.page())
    for name in EIGHT[1:]:
        organizer.register(name)
    organizer.draw()
    closed = player.get(path)
    assert closed.status_code == 200
    assert "Registration is closed: the first round has been drawn." in page_text(closed.get_data(as_text=True))
    assert not parse_page(closed.get_data(as_text=True)).find(name="name")
    assert client.get("/t/screen/nothing-here/register").status_code == 404


def test_pairs_register_as_a_pair(client: FlaskClient) -> None:
    organizer = Organizer(client, format="knockout", entry="pairs")
    assert organizer.register("Ana", "Ivo")[0] == 302
    status, page = organizer.register("Mike", "mike")
    assert status == 422 and beside(page, "partner") == ["a pair is two different players"]
    assert "Ana & Ivo" in page_text(organizer.page())


def _drawn(client: FlaskClient) -> Organizer:
    organizer = Organizer(client)
    for name in EIGHT:
        organizer.register(name)
    assert organizer.draw()[0] == 302
    return organizer


def test_a_tables_sheet_and_board_say_which_table_and_round(client: FlaskClient) -> None:
    organizer = _drawn(client)
    table = organizer.view()["rounds"][0]["tables"][1]
    scorer = client.application.test_client()
    match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
    assert scorer.get(f"/m/{match_id}/join?key={token}").status_code == 302
    screen = organizer.screen()
    for html in (scorer.get(f"/m/{match_id}").get_data(as_text=True),
                 client.get(table["links"]["board"]).get_data(as_text=True)):
        [label] = parse_page(html).find(**{"class": "table-label"})
        assert label.text() == "Table 2, round 1 of Friday Belote"
        assert [a.attrs["href"] for a in label.walk() if a.tag == "a"] == [screen]
    # A match of no tournament has no such line.
    ordinary = client.post(f"{API}/matches", json={"variant": "bela", "players": ["Mike", "Yvonne"]}).get_json()
    assert "table-label" not in client.get(ordinary["links"]["board"]).get_data(as_text=True)


def test_the_printed_draw_sheet(client: FlaskClient) -> None:
    organizer = _drawn(client)
    view = organizer.view()
    answer = client.get(f"{organizer.path}/print")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    words = page_text(page)
    assert "Draw seed 12345: anyone can check the draw." in words and "Round 1 of 2" in words
    assert 'class="print"' in page
    with client.application.app_context():
        from scorekeeper.models import Match
        for table in view["rounds"][0]["tables"]:
            match = db.session.get(Match, table["match"])
            assert match is not None
            seats = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(match.players))
            assert f"{table['number']} {seats}" in words
            assert match.players[match.first_dealer] in words
            assert f"{table['number']} {seats} " in words and "0 : 0 playing" in words
    assert "Standings" not in words  # nobody has played yet: everyone is level until a round is over
    assert "/m/" not in page and "key=" not in page
    assert client.application.test_client().get(f"{organizer.path}/print").status_code == 403


@pytest.mark.postgresql
def test_exports_carry_the_results_and_no_secret(client: FlaskClient) -> None:
    organizer = _drawn(client)
    view = organizer.view()
    organizer.decide(1, "1", "=HYPERLINK(\"x\") no-show")
    secrets = {view["links"]["screen"].rsplit("/", 1)[1]}
    for table in view["rounds"][0]["tables"]:
        secrets.add(table["links"]["scorer"].split("#")[1])
        secrets.add(table["links"]["board"].rsplit("/", 1)[1])
        secrets.update(link.rsplit("/", 1)[1] for link in table["links"]["confirm"])
    # Through the API, with the organizer's secret (from the session of the organizer's phone).
    with client.session_transaction() as session:
        token = dict(session["tournaments"])[organizer.id]
    assert client.get(f"{API}/tournaments/{organizer.id}/export").status_code == 401
    document = client.get(f"{API}/tournaments/{organizer.id}/export", headers=bearer(token))
    assert document.status_code == 200
    body = document.get_json()
    assert body["format"] == "scorekeeper-tournament" and body["tournament"]["seed"] == 12345
    assert [e["name"] for e in body["entries"]] == EIGHT
    assert body["rounds"][0]["tables"][0]["decided"]["winner"] == 1
    sheet = client.get(f"{API}/tournaments/{organizer.id}/export.csv", headers=bearer(token))
    assert sheet.status_code == 200 and sheet.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(sheet.get_data(as_text=True))))
    assert rows[0] == ["round", "table", "match", "side_1", "side_2", "side_3", "total_1", "total_2", "total_3",
                       "result", "winner", "reason"]
    first = view["rounds"][0]["tables"][0]
    assert rows[1][:5] == ["1", "1", first["match"], *first["names"]]
    assert rows[1][9:] == ["decided", first["names"][1], "'=HYPERLINK(\"x\") no-show"]
    assert rows[2][9] == "playing"
    # The organizer page's downloads.
    page = organizer.page()
    assert f'href="{organizer.path}/export.json"' in page and f'href="{organizer.path}/export.csv"' in page
    download = client.get(f"{organizer.path}/export.json")
    assert download.headers["Content-Disposition"].startswith(
        'attachment; filename="scorekeeper-tournament-Friday-Belote-')
    assert json.loads(download.get_data()) == body
    assert client.get(f"{organizer.path}/export.csv").get_data() == sheet.get_data()
    assert client.application.test_client().get(f"{organizer.path}/export.csv").status_code == 403
    for text in (document.get_data(as_text=True), sheet.get_data(as_text=True)):
        assert token not in text
        assert not [secret for secret in secrets if secret in text]


def test_a_clubs_tournaments_show_in_its_history(client: FlaskClient) -> None:
    page = client.get("/clubs/new").get_data(as_text=True)
    answer = client.post("/clubs/new", data={**{k: v for k, v in hidden(page).items()
                                                 if k in ("csrf_token", "idempotency_key")},
                                              "name": "The Miners' Arms", "players": ""})
    club_id = answer.headers["Location"].rsplit("/", 1)[1]
    organizer = Organizer(client, club=club_id)
    for name in EIGHT:
        organizer.register(name)
    organizer.draw()
    club_page = page_text(client.get(f"/clubs/{club_id}").get_data(as_text=True))
    assert "Tournaments" in club_page and "Friday Belote" in club_page and "being played" in club_page
    for number in (1, 2):
        organizer.decide(number, "0", "closing time")
    organizer.draw()
    final = organizer.view()["rounds"][1]["tables"][0]
    organizer.decide(1, "0", "closing time")  # the final decided: the tournament is over
    club_page = page_text(client.get(f"/clubs/{club_id}").get_data(as_text=True))
    winners, runners = final["sides"]
    assert f"winners {winners[0]} & {winners[1]}, runners-up {runners[0]}, {runners[1]}" in club_page
    player = page_text(client.get(f"/clubs/{club_id}/players/{winners[0]}").get_data(as_text=True))
    assert f"{winners[0]}'s tournaments" in player and "Friday Belote" in player
    assert "won · reached round 2 of 2" in player
    runner = page_text(client.get(f"/clubs/{club_id}/players/{runners[0]}").get_data(as_text=True))
    assert "runner-up · reached round 2 of 2" in runner
    out = next(name for name in EIGHT if name not in {*winners, *runners})
    early = page_text(client.get(f"/clubs/{club_id}/players/{out}").get_data(as_text=True))
    assert re.search(r"rank \d of 8 · reached round 1 of 2", early)


def test_pages_that_show_secrets_are_not_stored(client: FlaskClient) -> None:
    organizer = _drawn(client)
    link = organizer.view()
    paths = [organizer.path, f"{organizer.path}/live", f"{organizer.path}/print", f"{organizer.path}/export.json",
             f"{organizer.path}/export.csv", "/t/new"]
    for path in paths:
        assert client.get(path).headers.get("Cache-Control") == "no-store", path
    # The page's changing part (what live.js fetches) holds the tables' scoring links: the organizer's only.
    live = client.get(f"{organizer.path}/live").get_data(as_text=True)
    assert "Table 1: " in page_text(live) and "/join?key=" in live
    assert client.application.test_client().get(f"{organizer.path}/live").status_code == 403
    assert link["links"]["screen"]


# ---------------------------------------------------------------- broken input (the bar: never a 500, nothing saved)

BROKEN = ("Ana\x00", "\x00")
"""A NUL inside a name, and a name that is only one (half a character is tried in the links below: a form
cannot even be encoded with one)."""


@pytest.mark.postgresql
def test_broken_text_in_every_tournament_form_is_named_beside_its_field_and_saves_nothing(
        app: Flask, client: FlaskClient) -> None:
    for text in BROKEN:
        before = _counts(app)
        status, page = new_tournament(client, name=f"Friday {text}")
        assert status in (200, 422), page
        assert "not valid text" in " ".join(beside(page, "name")), all_errors(page)
        assert _counts(app) == before
    organizer = Organizer(client)
    register = f"{organizer.screen()}/register"
    for text in BROKEN:
        before = _counts(app)
        status, page = send(app.test_client(), register, register, {"name": text})  # a player's own phone
        assert status in (400, 422), page
        assert "not valid text" in " ".join(all_errors(page).get("name", [])), all_errors(page)
        assert _counts(app) == before
        status, page = organizer.register(text)
        assert status in (400, 422), page
        assert "not valid text" in " ".join(all_errors(page).get("name", [])), all_errors(page)
        assert _counts(app) == before
    for name in EIGHT[:4]:
        assert organizer.register(name)[0] == 302
    assert organizer.draw()[0] == 302
    for text in BROKEN:
        before = _counts(app)
        status, page = organizer.decide(1, "0", f"no-show {text}")
        assert status in (400, 422), page
        assert "not valid text" in " ".join(all_errors(page).get("reason", [])), all_errors(page)
        assert _counts(app) == before
        assert not organizer.view()["rounds"][0]["tables"][0]["decided"]


@pytest.mark.postgresql
def test_links_holding_a_nul_or_half_a_character_answer_a_page(client: FlaskClient) -> None:
    for path in ("/t/%00", "/t/%ED%A0%80", "/t/%00/print", "/t/screen/%00", "/t/screen/%ED%A0%80",
                 "/t/screen/%00/register", "/t/screen/%ED%A0%80/live", "/t/x/join?key=%00",
                 "/t/new?seed=%ED%A0%80"):
        answer = client.get(path)
        assert answer.status_code < 500, (path, answer.status_code)
