"""The venue screen of a tournament (/t/screen/<view_token>), read with the test client as a phone or the venue's
TV reads it: the tournament's name, game, format and round, every table of the round by its players' names with
its live score and where it stands, the standings, the registered players and the self-registration QR code while
players register, the winners when it is over; its changing part (/live); no secret anywhere on it (no organizer
token, no table's scorer or confirmation link); an unknown screen is a 404 page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.api import API, bearer
from tests.support.pages import parse_page, text

QUICK = {"name": "Friday Belote", "variant": "belote", "rules": {"deal-limit": 7}, "format": "knockout-remix",
         "entry": "players", "seed": 12345}
"""Seed 001's Quick Tournament: Belote, a game ends after 7 deals, new partners every round."""
EIGHT = ["Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom", "Lea", "Max"]
MADE_9_7 = {"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0}
"""Belote, the taker side 0 makes 92 against 70 in hearts: 9 / 7 in tens."""
REDOUBLED_VALAT = {"taker": 0, "contract": "hearts", "double": 2, "card_points": [152, 0], "last_trick": 0}
"""Every trick, redoubled: 252 → 25 × 4 = 100 (a valat does not end the game by itself)."""
REDOUBLED = {"taker": 0, "contract": "hearts", "double": 2, "card_points": [82, None], "last_trick": 0}
"""92 against 70, redoubled: the taker scores everything, 162 → 16 × 4 = 64."""


@dataclass
class Night:
    """A tournament made through the API: its creation answer (with both secrets)."""

    body: dict[str, Any]

    @property
    def url(self) -> str:
        return f"{API}/tournaments/{self.body['id']}"

    @property
    def auth(self) -> dict[str, str]:
        return bearer(self.body["organizer_token"])

    @property
    def screen(self) -> str:
        return f"/t/screen/{self.body['view_token']}"


def night(client: FlaskClient, players: list[str] = EIGHT) -> Night:
    made = client.post(f"{API}/tournaments", json=QUICK)
    assert made.status_code == 201, made.get_data(as_text=True)
    tournament = Night(made.get_json())
    for name in players:
        answer = client.post(f"{tournament.url}/players", json={"name": name}, headers=tournament.auth)
        assert answer.status_code == 201, answer.get_data(as_text=True)
    return tournament


def draw(client: FlaskClient, tournament: Night) -> list[dict[str, Any]]:
    """Close the round and draw the next (or finish); the organizer's tables of the round now current."""
    answer = client.post(f"{tournament.url}/rounds", headers=tournament.auth)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return tables(client, tournament)


def organizer_view(client: FlaskClient, tournament: Night) -> dict[str, Any]:
    answer = client.get(tournament.url, headers=tournament.auth)
    assert answer.status_code == 200
    body: dict[str, Any] = answer.get_json()
    return body


def tables(client: FlaskClient, tournament: Night) -> list[dict[str, Any]]:
    rounds = organizer_view(client, tournament)["rounds"]
    return list(rounds[-1]["tables"]) if rounds else []


def hand(client: FlaskClient, table: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    """A hand at the table, sent with the token of the table's scorer link."""
    match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
    answer = client.post(f"{API}/matches/{match_id}/hands", json=body, headers=bearer(token))
    assert answer.status_code == 201, answer.get_data(as_text=True)
    state: dict[str, Any] = answer.get_json()["state"]
    return state


def win(client: FlaskClient, table: dict[str, Any]) -> None:
    """Side 0 wins the table's match in two hands (100, then 64: 164 of 151)."""
    hand(client, table, REDOUBLED_VALAT)
    assert hand(client, table, REDOUBLED)["finished"]


def page(client: FlaskClient, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.mimetype == "text/html"
    return answer.get_data(as_text=True)


def table_text(html: str, number: int) -> str:
    """Table ``number`` as the screen writes it: its number, its sides with their totals, where it stands (the
    line of its seats left out: see ``seats_text``)."""
    found = parse_page(html).find(id=f"table-{number}")
    assert len(found) == 1, f"table {number} is not on the screen"
    return found[0].text().split(" Seats: ")[0]


def seats_text(html: str, number: int) -> str:
    found = parse_page(html).find(id=f"table-{number}")[0].find(**{"class": "table-seats"})
    assert len(found) == 1
    return found[0].text()


def secrets_of(client: FlaskClient, tournament: Night) -> list[str]:
    """Every secret of the tournament: the organizer's token, every table's scorer token and confirmation links."""
    found = [tournament.body["organizer_token"]]
    for round_ in organizer_view(client, tournament)["rounds"]:
        for table in round_["tables"]:
            found.append(table["links"]["scorer"].split("#")[1])
            found.extend(link.rsplit("/", 1)[1] for link in table["links"]["confirm"])
    return found


def assert_no_secret(html: str, secrets: list[str]) -> None:
    for secret in secrets:
        assert secret not in html
    assert "/m/" not in html and "/c/" not in html  # no scorer page, no confirmation page linked


# ---------------------------------------------------------------- registering


def test_while_players_register_the_screen_lists_them_with_the_code_to_register(client: FlaskClient) -> None:
    tournament = night(client, ["Ana", "Ivo", "Mike"])
    html = page(client, tournament.screen)
    words = text(html)
    assert "Friday Belote" in words
    assert "Belote (151) · Knockout, new partners every round · registration open" in words
    assert "The draw's seed: 12345" in words
    assert "Registered: 3" in words
    entries = [item.text() for item in parse_page(html).walk() if item.tag == "li"
               and item.parent is not None and "venue-entries" in item.parent.classes()]
    assert entries == ["Ana", "Ivo", "Mike"]
    register = f"http://localhost{tournament.screen}/register"
    links = [a.attrs["href"] for a in parse_page(html).walk() if a.tag == "a"]
    assert register in links
    assert 'aria-label="QR code of the page to register for Friday Belote"' in html
    assert "Round" not in words and "Standings" not in words  # nothing drawn yet
    assert_no_secret(html, secrets_of(client, tournament))


@pytest.mark.postgresql
def test_the_screen_follows_the_venues_event_stream_and_says_how_old_it_is_without_javascript(
        client: FlaskClient) -> None:
    tournament = night(client)
    html = page(client, tournament.screen)
    live = parse_page(html).find(id="live")[0]
    token = tournament.body["view_token"]
    assert live.attrs["data-events"] == f"{API}/tournaments/boards/{token}/events"
    assert live.attrs["data-partial"] == f"{tournament.screen}/live"
    venue = client.get(f"{API}/tournaments/boards/{token}").get_json()
    assert live.attrs["data-revision"] == str(venue["revision"])
    status = parse_page(html).find(id="live-status")[0].text()
    assert re.fullmatch(r"Figures as of \d\d:\d\d:\d\d UTC: reload the page for newer ones\.", status), status
    assert '<script src="/static/js/live.js" defer></script>' in html
    assert "<script>" not in html  # no inline script (the CSP forbids it)
    assert 'href="/static/css/venue.css"' in html


# ---------------------------------------------------------------- playing


def test_a_round_in_play_shows_each_table_by_names_with_its_live_score(client: FlaskClient) -> None:
    tournament = night(client)
    first, second = draw(client, tournament)
    hand(client, first, MADE_9_7)

    html = page(client, tournament.screen)
    words = text(html)
    assert "Belote (151) · Quick knockout, 8 players, new partners every round · Round 1 of 2" in words
    one, two = first["names"], second["names"]
    assert table_text(html, 1) == f"Table 1 {one[0]} 9 : 7 {one[1]} playing"
    assert table_text(html, 2) == f"Table 2 {two[0]} 0 : 0 {two[1]} playing"
    # The draw: who sits where, and who dealt first (the seats go round the table, partners facing).
    a, b = second["sides"]
    assert re.fullmatch(rf"Seats: {a[0]}, {b[0]}, {a[1]}, {b[1]} · first dealer ({'|'.join(EIGHT)})",
                        seats_text(html, 2)), seats_text(html, 2)
    assert "side 0" not in words and "entry" not in words.lower()
    # No standings while the first round is being played: everyone would be level (they appear once a round is
    # over, below).
    assert parse_page(html).find(**{"aria-label": "Standings"}) == []
    assert_no_secret(html, secrets_of(client, tournament))

    # The changing part alone: the same tables, without the page around it.
    part = page(client, f"{tournament.screen}/live")
    assert "<html" not in part and 'id="live"' not in part
    assert table_text(part, 1) == f"Table 1 {one[0]} 9 : 7 {one[1]} playing"
    assert_no_secret(part, secrets_of(client, tournament))

    hand(client, first, MADE_9_7)
    assert table_text(page(client, f"{tournament.screen}/live"), 1) == f"Table 1 {one[0]} 18 : 14 {one[1]} playing"


def test_a_won_table_and_a_decided_one_say_so_in_words_and_the_next_draw_shows(client: FlaskClient) -> None:
    tournament = night(client)
    first, second = draw(client, tournament)
    win(client, first)
    answer = client.post(f"{tournament.url}/tables/2/decide", json={"winner": 1, "reason": "Ivo had to leave"},
                         headers=tournament.auth)
    assert answer.status_code == 200, answer.get_data(as_text=True)

    html = page(client, tournament.screen)
    one, two = first["names"], second["names"]
    assert table_text(html, 1) == f"Table 1 ★ {one[0]} 164 : 0 {one[1]} won by {one[0]}"
    assert table_text(html, 2) == f"Table 2 {two[0]} 0 : 0 ★ {two[1]} decided for {two[1]}: Ivo had to leave"
    assert "Every table of round 1 is over: the draw of round 2 comes next." in text(html)

    final, = draw(client, tournament)
    html = page(client, tournament.screen)
    assert "Round 2 of 2" in text(html)
    winners = set(one[0].split(" & ")) | set(two[1].split(" & "))
    assert {name for side in final["sides"] for name in side} == winners
    assert table_text(html, 1) == f"Table 1 {final['names'][0]} 0 : 0 {final['names'][1]} playing"
    standings = parse_page(html).find(**{"aria-label": "Standings"})[0].text()
    for name in winners:
        assert f"{name} reached round 2 · won 1 of 1" in standings
    assert_no_secret(html, secrets_of(client, tournament))


# ---------------------------------------------------------------- finished


def test_the_tournament_finishes_by_itself_and_shows_its_winners_big(client: FlaskClient) -> None:
    """The final's last hand finishes the tournament: the screen names the winners at once, nobody closes a round."""
    tournament = night(client)
    for table in draw(client, tournament):
        win(client, table)
    html = page(client, f"{tournament.screen}?tv=1")  # a round before the last waits for the organizer's draw
    assert "✓ Every table of round 1 is over: the draw of round 2 comes next." in text(html)
    assert not parse_page(html).find(**{"class": "winners-names"})
    final, = draw(client, tournament)
    win(client, final)

    html = page(client, f"{tournament.screen}?tv=1")
    assert "closes the round" not in text(html) and "comes next" not in text(html)
    root = parse_page(html)
    assert 'class="venue tv"' in html
    assert root.find(**{"class": "winners-names"})[0].text() == final["names"][0]
    assert root.find(**{"aria-label": "The winners"})[0].text() == f"★ Winners {final['names'][0]}"
    assert "Belote (151) · Quick knockout, 8 players, new partners every round · finished" in text(html)
    assert "The final round: round 2" in text(html)
    standings = root.find(**{"aria-label": "Standings"})[0].text()
    champions = final["names"][0].split(" & ")
    assert standings.startswith(("Standings 1. " + champions[0], "Standings 1. " + champions[1])), standings
    assert_no_secret(html, secrets_of(client, tournament))


# ---------------------------------------------------------------- unknown


def test_an_unknown_screen_is_a_not_found_page(client: FlaskClient) -> None:
    for path in ("/t/screen/no-such-screen", "/t/screen/no-such-screen/live", "/t/screen/no-such-screen?tv=1",
                 "/t/screen/%ED%A0%BD", "/t/screen/%00/live"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer.mimetype == "text/html"
        words = text(answer.get_data(as_text=True))
        assert "Not found" in words and "no venue screen at this link" in words
