"""No English left on the clubs' and tournaments' pages, in the pseudo language: every club page (new,
club, stats, head-to-head, player, phone), every tournament page (new, organizer at each stage, register, venue,
print) and their forms posted with errors. The pages' own choice of a language names each language in its own
(class ``language-names``), as the switch at every page's foot does: left out."""

from __future__ import annotations

import io
from typing import Any

from flask.testing import FlaskClient

from tests.support.api import API, BELA_BATE, BELA_MADE, bearer
from tests.support.languages import (  # noqa: F401 (the sweeps' fixtures: SQLite, the pseudo app, its phone)
    PSEUDO,
    english_left,
    pseudo_folder,
    pseudo_phone,
    pseudo_served,
    sqlite_only,
)
from tests.support.pages import post_form

EIGHT = ["Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom", "Lea", "Max"]
NAMES = (*EIGHT, "Nobody", "Friday Belote", "Pairs Night", "The Arms", "Kitchen", "Baka", "baka", "Late")
REDOUBLED_VALAT = {"taker": 0, "contract": "hearts", "double": 2, "card_points": [152, 0], "last_trick": 0}
REDOUBLED = {"taker": 0, "contract": "hearts", "double": 2, "card_points": [82, None], "last_trick": 0}


class Faults:
    def __init__(self) -> None:
        self.found: dict[str, list[str]] = {}

    def check(self, where: str, answer: Any, allowed: tuple[str, ...] = NAMES) -> str:
        html = answer.get_data(as_text=True)
        if answer.status_code not in (200, 400, 403, 404, 409, 422):
            self.found[where] = [f"answered {answer.status_code}"]
            return html
        words = english_left(html, allowed, leave_out=("languages", "language-names", "day"))
        if words:
            self.found[where] = sorted(set(words))
        return html

    def get(self, client: FlaskClient, path: str) -> str:
        return self.check(f"GET {path}", client.get(path))

    def assert_none(self) -> None:
        assert not self.found, "English left:\n" + "\n".join(f"  {k}: {' '.join(v)}" for k, v in self.found.items())


def hand(client: FlaskClient, table: dict[str, Any], body: dict[str, Any]) -> None:
    match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
    answer = client.post(f"{API}/matches/{match_id}/hands", json=body, headers=bearer(token))
    assert answer.status_code == 201, answer.get_data(as_text=True)


def win(client: FlaskClient, table: dict[str, Any]) -> None:
    hand(client, table, REDOUBLED_VALAT)
    hand(client, table, REDOUBLED)


def test_every_club_page_is_said_in_the_pages_language(phone: FlaskClient) -> None:
    faults = Faults()
    faults.get(phone, "/clubs/new")
    faults.get(phone, "/matches")
    faults.get(phone, "/matches?from=nope&game=nope")
    faults.get(phone, "/matches?player=Mike&game=bela&from=2020-01-01")
    faults.check("POST /clubs/new (no name)", post_form(phone, "/clubs/new", "/clubs/new", {"name": " "}))
    faults.check("POST /clubs/new (twice)", post_form(phone, "/clubs/new", "/clubs/new",
                                                      {"name": "Kitchen", "players": "Baka\nbaka"}))
    faults.check("POST /clubs/new (long)", post_form(phone, "/clubs/new", "/clubs/new", {"name": "x" * 81}))
    faults.check("POST /clubs/import (no file)", post_form(phone, "/clubs/new", "/clubs/import", {}))
    faults.check("POST /clubs/import (not JSON)", post_form(
        phone, "/clubs/new", "/clubs/import", {"file": (io.BytesIO(b"nope"), "club.json")},
        content_type="multipart/form-data"))
    faults.check("POST /clubs/import (not a club)", post_form(
        phone, "/clubs/new", "/clubs/import", {"file": (io.BytesIO(b'{"format": "x"}'), "club.json")},
        content_type="multipart/form-data"))
    made = phone.post(f"{API}/clubs", json={"name": "The Arms", "players": EIGHT})
    assert made.status_code == 201, made.get_data(as_text=True)
    club = made.get_json()
    key = bearer(club["club_token"])
    assert phone.get(f"/clubs/{club['id']}/join?key={club['club_token']}").status_code == 302
    first = phone.get(f"/clubs/{club['id']}")  # the link shown once
    faults.check("GET club (first)", first)
    matches = []
    for variant, players, rules in (("bela", ["Mike", "Yvonne"], {"target": 501}),
                                    ("bela", ["Mike", "Ana"], {}),
                                    ("belote", ["Mike", "Ivo", "Yvonne", "Ana"], {}),
                                    ("klaberjass", ["Mike", "Ivo"], {})):
        answer = phone.post(f"{API}/matches", json={"variant": variant, "players": players, "club": club["id"],
                                                   "rules": rules}, headers=key)
        assert answer.status_code == 201, answer.get_data(as_text=True)
        matches.append(answer.get_json())
    for body in (BELA_MADE, BELA_BATE, BELA_MADE, BELA_MADE, BELA_MADE, BELA_MADE, BELA_MADE, BELA_MADE):
        answer = phone.post(f"{API}/matches/{matches[0]['id']}/hands", json=body,
                            headers=bearer(matches[0]["edit_token"]))
        if answer.status_code != 201:
            break
    phone.post(f"{API}/matches/{matches[1]['id']}/hands", json=BELA_MADE, headers=bearer(matches[1]["edit_token"]))
    base = f"/clubs/{club['id']}"
    for path in (base, f"{base}?player=Mike&game=bela&from=2020-01-01&to=2030-01-01", f"{base}?from=nope&game=nope",
                 f"{base}?from=2030-01-01&to=2020-01-01", f"{base}?player=Nobody", f"{base}?all=1",
                 f"{base}/stats", f"{base}/stats?game=bela", f"{base}/stats?from=2020-01-01&to=2030-01-01",
                 f"{base}/stats?game=bela&from=2020-01-01", f"{base}/stats?from=2030-01-01",
                 f"{base}/stats?game=nope", f"{base}/head-to-head", f"{base}/head-to-head?a=Mike&b=Yvonne",
                 f"{base}/head-to-head?a=Mike&b=Mike", f"{base}/head-to-head?a=Nobody&b=",
                 f"{base}/head-to-head?a=Mike&b=Eva", f"{base}/players/Mike", f"{base}/players/Lea",
                 "/clubs/new", "/matches"):
        faults.get(phone, path)
    faults.assert_none()


def test_every_tournament_page_is_said_in_the_pages_language(phone: FlaskClient) -> None:
    faults = Faults()
    made = phone.post(f"{API}/clubs", json={"name": "The Arms", "players": EIGHT})
    club = made.get_json()
    assert phone.get(f"/clubs/{club['id']}/join?key={club['club_token']}").status_code == 302
    faults.get(phone, "/t/new")
    form = {"name": "Friday Belote", "variant": "belote", "deal_limit": "7", "format": "knockout-remix",
            "entry": "players", "seed": "12345", "rounds": "", "club": club["id"]}
    for wrong in ({"name": " "}, {"entry": "pairs"}, {"seed": "-4"}, {"seed": "x"}, {"format": "swiss"},
                  {"format": "nope", "entry": "nope"}):
        faults.check(f"POST /t/new {wrong}", post_form(phone, "/t/new", "/t/new", {**form, **wrong}))
    answer = post_form(phone, "/t/new", "/t/new", form)
    assert answer.status_code == 302, answer.get_data(as_text=True)
    path = answer.headers["Location"]
    faults.get(phone, path)  # with the new link
    faults.get(phone, path)
    refused = phone.application.test_client()
    refused.environ_base["HTTP_ACCEPT_LANGUAGE"] = PSEUDO
    faults.check("GET organizer (no key)", refused.get(path))
    faults.check("register (no name)", post_form(phone, path, f"{path}/players", {"name": " "}))
    faults.check("draw (too few)", post_form(phone, path, f"{path}/rounds", {}))
    for name in EIGHT[:7]:
        assert post_form(phone, path, f"{path}/players", {"name": name}).status_code == 302
    faults.check("register (twice)", post_form(phone, path, f"{path}/players", {"name": "ana"}))
    with phone.application.app_context():
        from scorekeeper.extensions import db
        from scorekeeper.models import Tournament
        view_token = db.session.get(Tournament, path.rsplit("/", 1)[1]).view_token
    screen = f"/t/screen/{view_token}"
    for page in (screen, f"{screen}?tv=1", f"{screen}/live", f"{screen}/register", f"{path}/print"):
        faults.get(phone, page)
    faults.check("self-register (no name)", post_form(phone, f"{screen}/register", f"{screen}/register",
                                                      {"name": ""}))
    done = post_form(phone, f"{screen}/register", f"{screen}/register", {"name": "Max"})
    assert done.status_code == 302
    faults.get(phone, done.headers["Location"])
    assert post_form(phone, path, f"{path}/rounds", {}).status_code == 302
    faults.get(phone, path)
    faults.check("decide (no reason)", post_form(phone, path, f"{path}/tables/1/decide", {"winner": "1"}))
    faults.check("decide (no winner)", post_form(phone, path, f"{path}/tables/1/decide", {"reason": "gone"}))
    assert post_form(phone, path, f"{path}/tables/1/decide", {"winner": "1", "reason": "Ivo had to leave"}
                     ).status_code == 302
    faults.check("draw (tables playing)", post_form(phone, path, f"{path}/rounds", {}))
    tournament_id = path.rsplit("/", 1)[1]
    token = None
    with phone.session_transaction() as session:
        token = dict(session["tournaments"])[tournament_id]
    auth = bearer(token)
    tables = phone.get(f"{API}/tournaments/{tournament_id}", headers=auth).get_json()["rounds"][-1]["tables"]
    hand(phone, tables[1], REDOUBLED_VALAT)
    for page in (path, screen, f"{screen}?tv=1", f"{screen}/live", f"{path}/print", f"{screen}/register"):
        faults.get(phone, page)
    hand(phone, tables[1], REDOUBLED)
    for page in (path, screen, f"{screen}/live", f"{path}/print"):
        faults.get(phone, page)
    assert post_form(phone, path, f"{path}/rounds", {}).status_code == 302
    tables = phone.get(f"{API}/tournaments/{tournament_id}", headers=auth).get_json()["rounds"][-1]["tables"]
    for page in (path, screen, f"{screen}/live", f"{path}/print"):
        faults.get(phone, page)
    for page in (path, screen, f"{screen}/live", f"{path}/print"):  # the final under way
        faults.get(phone, page)
    win(phone, tables[0])  # the final won: the tournament is finished
    for page in (path, screen, f"{screen}?tv=1", f"{screen}/live", f"{path}/print", f"{screen}/register",
                 f"/clubs/{club['id']}", f"/clubs/{club['id']}/players/Mike", f"/clubs/{club['id']}/players/Ana",
                 f"/m/{tables[0]['match']}", f"/board/{tables[0]['links']['board'].rsplit('/', 1)[1]}"):
        faults.get(phone, page)
    # Pairs, and a Swiss night: their organizer pages and print sheets.
    for extra in ({"name": "Pairs Night", "format": "knockout", "entry": "pairs", "variant": "clobby"},
                  {"name": "Pairs Night", "format": "swiss", "rounds": "2", "entry": "players", "variant": "bela"}):
        answer = post_form(phone, "/t/new", "/t/new", {**form, **extra, "club": ""})
        assert answer.status_code == 302, answer.get_data(as_text=True)
        other = answer.headers["Location"]
        if extra["entry"] == "pairs":
            faults.check("register pair (same twice)", post_form(phone, other, f"{other}/players",
                                                                 {"name": "Ana", "partner": "ana"}))
            for a, b in (("Ana", "Ivo"), ("Mike", "Yvonne"), ("Eva", "Tom")):
                assert post_form(phone, other, f"{other}/players", {"name": a, "partner": b}).status_code == 302
        else:
            for name in EIGHT[:5]:
                assert post_form(phone, other, f"{other}/players", {"name": name}).status_code == 302
        faults.get(phone, other)
        assert post_form(phone, other, f"{other}/rounds", {}).status_code == 302, other
        faults.get(phone, other)
        faults.get(phone, f"{other}/print")
        with phone.application.app_context():
            from scorekeeper.extensions import db
            from scorekeeper.models import Tournament
            token2 = db.session.get(Tournament, other.rsplit("/", 1)[1]).view_token
        faults.get(phone, f"/t/screen/{token2}")
    faults.assert_none()
