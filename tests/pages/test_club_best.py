"""The "Who is best at what" table on a club's statistics page, held against a replay of the club's hands. A tie
names every player at the top with their own figures: Ana made 4 of the 4 hands she took and Marko 3 of 3, both
100 %, and the page says each one's own count (it once said "Ana, Marko: 100 %: made 4 of 4")."""

from __future__ import annotations

from flask.testing import FlaskClient

from scorekeeper.rules import make_rules, replay
from tests.support.api import API, bearer
from tests.support.pages import parse_page

PLAYERS = ["Ana", "Marko"]
ANA_MAKES = {"taker": 0, "card_points": [100, 52], "last_trick": 0}
MARKO_MAKES = {"taker": 1, "card_points": [52, 100], "last_trick": 1}
ANA_MAKES_MORE = {"taker": 0, "card_points": [101, 51], "last_trick": 0}
HANDS = [ANA_MAKES, MARKO_MAKES, ANA_MAKES, MARKO_MAKES, ANA_MAKES_MORE, MARKO_MAKES, ANA_MAKES]
"""Ana takes 4 and makes them (110, 110, 111, 110 hand points: 110.3 a hand), Marko takes 3 and makes them."""


def _replayed() -> dict[str, tuple[int, int]]:
    """Each player's hands made and hands taken, from the engine's replay of the hands (not the app's figures)."""
    state = replay(make_rules("bela"), HANDS, 0, PLAYERS)
    counts = {name: [0, 0] for name in PLAYERS}
    for hand, scored in zip(HANDS, state.hands, strict=True):
        taker = counts[PLAYERS[hand["taker"]]]
        taker[1] += 1
        taker[0] += scored.as_dict()["result"] == "made"
    return {name: (made, taken) for name, (made, taken) in counts.items()}


def _club(client: FlaskClient) -> str:
    """The club with the hands played, opened on this phone: its id."""
    club = client.post(f"{API}/clubs", json={"name": "The Anchor", "players": PLAYERS}).get_json()
    auth = bearer(club["club_token"])
    made = client.post(f"{API}/matches", json={"variant": "bela", "players": PLAYERS, "club": club["id"]},
                       headers=auth).get_json()
    for hand in HANDS:
        assert client.post(f"{API}/matches/{made['id']}/hands", json=hand, headers=auth).status_code == 201
    assert client.get(f"/clubs/{club['id']}/join?key={club['club_token']}").status_code == 302
    return str(club["id"])


def test_a_tie_names_every_leader_with_their_own_count(client: FlaskClient) -> None:
    page = parse_page(client.get(f"/clubs/{_club(client)}/stats").get_data(as_text=True))
    best = page.find(**{"class": "best"})[0]
    terms = [n.text() for n in best.walk() if n.tag == "dt"]
    rows = dict(zip(terms, [n for n in best.walk() if n.tag == "dd"], strict=True))
    leaders = [span.text() for span in rows["Best at making the hands they take"].find(**{"class": "leader"})]
    counts = _replayed()
    assert counts == {"Ana": (4, 4), "Marko": (3, 3)}
    assert leaders == [f"{name}: 100%: made {made} of {taken}" for name, (made, taken) in counts.items()]


def test_every_figure_on_the_page_is_written_the_language_s_way(client: FlaskClient) -> None:
    """One page mixed "176.7" and "176,7": in Croatian every average is written "110,3"."""
    club = _club(client)
    words = parse_page(client.get(f"/clubs/{club}/stats?lang=hr", follow_redirects=True).get_data(as_text=True)).text()
    assert "110.3" not in words
    assert words.count("110,3") >= 2  # who is best at it, and Ana's own figures
