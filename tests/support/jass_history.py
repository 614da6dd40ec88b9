"""Swiss Jass (Schieber) played through the API for the clubs' statistics, the tournaments and the exports: the
hands that give a game whose points and strokes (Striche) disagree, a club with Jass matches beside a Bela one,
and a Jass tournament of four pairs. Every figure the tests expect is worked out by hand in RULES.md §11's terms
(win 2, Berg 1, Match 1, Kontermatch 2, Schneider 2), never read from the server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient

from tests.support.api import API, BELA_MADE, MadeTournament, bearer


def _per_side(side: int, mine: Any, theirs: Any) -> list[Any]:
    return [mine, theirs] if side == 0 else [theirs, mine]


def upset(winner: int) -> list[dict[str, Any]]:
    """A Schieber game ``winner`` wins 1080 to 690 while the other side gets 4 strokes to its 2: the other side
    makes a Match as taker (257, 1 stroke), a Kontermatch against ``winner``'s trumps (257, 2 strokes) and so
    reaches Berg (500) first (1 stroke); then eight hands of 130 + 5 to 22 take ``winner`` to 1080 (win: 2)."""
    loser = 1 - winner
    every_trick = {"contract": "hearts", "card_points": _per_side(loser, 152, 0), "last_trick": loser}
    return [{"taker": loser, **every_trick}, {"taker": winner, **every_trick},
            *[{"taker": winner, "contract": "hearts", "card_points": _per_side(winner, 130, 22), "last_trick": winner}
              for _ in range(8)]]


UPSET_TOTALS, UPSET_STROKES = (1080, 690), (2, 4)
"""``upset(0)``'s game: totals and strokes, the winner's first."""


def rout(winner: int) -> list[dict[str, Any]]:
    """A Schieber game ``winner`` wins 1099 to 0: seven hands of 152 + 5 (the other side took a trick worth
    nothing, so no Match). Strokes 5 to 0: win 2, Berg 1, Schneider 2 (the loser under 500)."""
    return [{"taker": winner, "contract": "hearts", "card_points": _per_side(winner, 152, 0), "last_trick": winner,
             "took_trick": [True, True]} for _ in range(7)]


ROUT_TOTALS, ROUT_STROKES = (1099, 0), (5, 0)


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()


def play(client: FlaskClient, match_id: str, headers: dict[str, str], hands: list[dict[str, Any]]) -> dict[str, Any]:
    """Record the hands one by one (each 201); the match's state after the last."""
    for hand in hands:
        ok(client.post(f"{API}/matches/{match_id}/hands", json=hand, headers=headers), 201)
    state: dict[str, Any] = ok(client.get(f"{API}/matches/{match_id}", headers=headers))["state"]
    return state


CLUB_PLAYERS = ["Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom", "Zoe", "Ben"]


@dataclass
class JassClub:
    id: str
    token: str
    matches: dict[str, str]

    @property
    def auth(self) -> dict[str, str]:
        return bearer(self.token)


def jass_club(client: FlaskClient) -> JassClub:
    """A club with three Schieber matches and a Bela one:

    * ``upset``: Ana & Ivo (side 0) beat Mike & Yvonne 1080 to 690, strokes 2 to 4;
    * ``rout``: Ana & Ivo beat Eva & Tom 1099 to 0, strokes 5 to 0;
    * ``running``: Mike & Yvonne against Eva & Tom, one hand (a Match for Mike & Yvonne: a stroke so far, no game
      decided, so nothing counted);
    * ``bela``: Zoe against Ben, one hand: they never played Jass.
    """
    club = ok(client.post(f"{API}/clubs", json={"name": "Jassclub Bern", "players": CLUB_PLAYERS}), 201)
    auth = bearer(club["club_token"])
    seats = {"upset": ["Ana", "Mike", "Ivo", "Yvonne"], "rout": ["Ana", "Eva", "Ivo", "Tom"],
             "running": ["Mike", "Eva", "Yvonne", "Tom"]}
    hands = {"upset": upset(0), "rout": rout(0), "running": upset(1)[:1]}
    ids: dict[str, str] = {}
    for key, players in seats.items():
        made = ok(client.post(f"{API}/matches", json={"variant": "schieber", "players": players, "club": club["id"]},
                              headers=auth), 201)
        ids[key] = made["id"]
        play(client, made["id"], auth, hands[key])
    bela = ok(client.post(f"{API}/matches", json={"variant": "bela", "players": ["Zoe", "Ben"], "club": club["id"]},
                          headers=auth), 201)
    ids["bela"] = bela["id"]
    play(client, bela["id"], auth, [BELA_MADE])
    return JassClub(club["id"], club["club_token"], ids)


PAIRS = [["Ana", "Ivo"], ["Mike", "Yvonne"], ["Eva", "Tom"], ["Lea", "Max"]]
JASS_EVENING = {"name": "Jass-Abend", "variant": "schieber", "format": "swiss", "entry": "pairs", "rounds": 1,
                "seed": 26}


def jass_tournament(client: FlaskClient, body: dict[str, Any] | None = None) -> MadeTournament:
    """A Schieber swiss of four pairs and one round, its first round drawn (two tables)."""
    made = MadeTournament(ok(client.post(f"{API}/tournaments", json=body or JASS_EVENING), 201))
    for pair in PAIRS:
        ok(client.post(f"{made.url}/players", json={"names": pair}, headers=made.auth), 201)
    ok(client.post(f"{made.url}/rounds", headers=made.auth), 201)
    return made


def tables(client: FlaskClient, made: MadeTournament) -> list[dict[str, Any]]:
    """The tables of the round being played, as the organizer sees them (with their scorer links)."""
    view = ok(client.get(made.url, headers=made.auth))
    found: list[dict[str, Any]] = view["rounds"][-1]["tables"]
    return found


def play_table(client: FlaskClient, table: dict[str, Any], hands: list[dict[str, Any]]) -> dict[str, Any]:
    """Score the table's match with the token of its scorer link."""
    match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
    return play(client, match_id, bearer(token), hands)


def play_evening(client: FlaskClient, made: MadeTournament) -> dict[str, int]:
    """Table 1 an upset (side 0 wins on points, side 1 has more strokes), table 2 a rout for side 0. The pairs'
    places as the strokes rank them: {"rout winner", "upset loser", "upset winner", "rout loser"} → entry index."""
    first, second = tables(client, made)
    play_table(client, first, upset(0))
    play_table(client, second, rout(0))
    return {"rout winner": second["entries"][0][0], "upset loser": first["entries"][1][0],
            "upset winner": first["entries"][0][0], "rout loser": second["entries"][1][0]}
