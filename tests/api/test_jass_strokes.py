"""Swiss Jass's strokes (Striche) in a club's statistics, in a Jass tournament's standings, and through an export
and import. The hands and the figures expected are tests/support/jass_history.py's, worked out by
hand; other games' figures and standings carry no strokes at all."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import TournamentTable
from tests.support.api import API, bearer
from tests.support.jass_history import (
    JASS_EVENING,
    PAIRS,
    ROUT_STROKES,
    ROUT_TOTALS,
    UPSET_STROKES,
    UPSET_TOTALS,
    jass_club,
    jass_tournament,
    ok,
    play,
    play_evening,
    play_table,
    rout,
    tables,
    upset,
)

pytestmark = pytest.mark.postgresql  # stored JSON (a closed table's strokes), imports, a club's history


def _strokes(games: int, won: int, against: int, points: int, points_against: int) -> dict[str, int]:
    return {"games": games, "won": won, "against": against, "points": points, "points_against": points_against}


# Ana & Ivo: the upset (2 : 4, 1080 : 690) and the rout (5 : 0, 1099 : 0). Mike & Yvonne: the upset's other side;
# their running match's stroke is not counted (no game decided). Eva & Tom: the rout's other side.
ANA = _strokes(2, 7, 4, 2179, 690)
MIKE = _strokes(1, 4, 2, 690, 1080)
EVA = _strokes(1, 0, 5, 0, 1099)


# ---------------------------------------------------------------- a club's statistics


def test_a_clubs_jass_players_and_pairs_have_their_strokes(client: FlaskClient) -> None:
    club = jass_club(client)
    stats = ok(client.get(f"{API}/clubs/{club.id}/stats", headers=club.auth))
    players = {p["name"]: p for p in stats["players"]}
    assert {name: players[name]["strokes"] for name in ("Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom")} == {
        "Ana": ANA, "Ivo": ANA, "Mike": MIKE, "Yvonne": MIKE, "Eva": EVA, "Tom": EVA}
    assert "strokes" not in players["Zoe"] and "strokes" not in players["Ben"]  # Bela only: as it always was
    assert players["Mike"]["games"]["played"] == 1 and players["Mike"]["matches"]["unfinished"] == 1
    pairs = {p["name"]: p["strokes"] for p in stats["partnerships"]}
    assert pairs == {"Ana & Ivo": ANA, "Mike & Yvonne": MIKE, "Eva & Tom": EVA}

    player = ok(client.get(f"{API}/clubs/{club.id}/players/mike", headers=club.auth))
    assert player["strokes"] == MIKE
    assert [p["strokes"] for p in player["partnerships"]] == [MIKE]

    met = ok(client.get(f"{API}/clubs/{club.id}/head-to-head?a=Ana&b=Mike", headers=club.auth))
    assert met["matches"] == [club.matches["upset"]]
    assert met["tallies"]["Ana"]["strokes"] == _strokes(1, 2, 4, 1080, 690)
    assert met["tallies"]["Mike"]["strokes"] == MIKE


def test_a_game_filter_without_jass_shows_no_strokes(client: FlaskClient) -> None:
    club = jass_club(client)
    bela = ok(client.get(f"{API}/clubs/{club.id}/stats?game=bela", headers=club.auth))
    assert [p["name"] for p in bela["players"]] == ["Zoe", "Ben"]
    assert not any("strokes" in p for p in bela["players"])
    jass = ok(client.get(f"{API}/clubs/{club.id}/stats?game=schieber", headers=club.auth))
    assert {p["name"]: p["strokes"]["won"] for p in jass["players"]} == {
        "Ana": 7, "Ivo": 7, "Mike": 4, "Yvonne": 4, "Eva": 0, "Tom": 0}


def test_a_jass_player_still_in_a_first_game_has_no_strokes_yet(client: FlaskClient) -> None:
    """A match being played keeps strokes, so its players' figures say so, with nothing counted yet."""
    club = ok(client.post(f"{API}/clubs", json={"name": "Neu", "players": ["A", "B", "C", "D"]}), 201)
    auth = bearer(club["club_token"])
    made = ok(client.post(f"{API}/matches", json={"variant": "schieber-2500", "players": ["A", "B", "C", "D"],
                                                  "club": club["id"]}, headers=auth), 201)
    play(client, made["id"], auth, upset(0)[:2])
    stats = ok(client.get(f"{API}/clubs/{club['id']}/stats", headers=auth))
    assert [p["strokes"] for p in stats["players"]] == [_strokes(0, 0, 0, 0, 0)] * 4


# ---------------------------------------------------------------- a Jass tournament


def test_a_jass_evening_ranks_by_strokes_then_points(app: Flask, client: FlaskClient) -> None:
    made = jass_tournament(client)
    first, second = tables(client, made)
    assert first["strokes"] == [0, 0] and second["strokes"] == [0, 0]

    play_table(client, first, upset(0))
    view = ok(client.get(made.url, headers=made.auth))
    assert view["rounds"][0]["tables"][0]["strokes"] == list(UPSET_STROKES)
    assert all(line["played"] == 0 and line["strokes"] == 0 for line in view["standings"])  # the round is not over

    play_table(client, second, rout(0))
    view = ok(client.get(made.url, headers=made.auth))
    assert view["status"] == "finished"  # its one round was its last
    place = {"rout winner": second["entries"][0][0], "upset loser": first["entries"][1][0],
             "upset winner": first["entries"][0][0], "rout loser": second["entries"][1][0]}
    lines = [(line["index"], line["rank"], line["strokes"], line["won"], line["points_for"])
             for line in view["standings"]]
    assert lines == [(place["rout winner"], 1, ROUT_STROKES[0], 1, ROUT_TOTALS[0]),
                     (place["upset loser"], 2, UPSET_STROKES[1], 0, UPSET_TOTALS[1]),
                     (place["upset winner"], 3, UPSET_STROKES[0], 1, UPSET_TOTALS[0]),
                     (place["rout loser"], 4, ROUT_STROKES[1], 0, ROUT_TOTALS[1])]
    # Points and strokes disagree: the upset's winner scored more and won its table, yet ranks below its loser.
    assert UPSET_TOTALS[0] > UPSET_TOTALS[1] and UPSET_STROKES[0] < UPSET_STROKES[1]
    assert view["winner"]["entries"] == [place["rout winner"]]

    with app.app_context():  # the closed round keeps each table's strokes, whatever a sheet says later
        stored = db.session.scalars(select(TournamentTable.strokes).order_by(TournamentTable.number)).all()
    assert stored == [list(UPSET_STROKES), list(ROUT_STROKES)]

    screen = ok(client.get(made.screen))
    assert [line["strokes"] for line in screen["standings"]] == [5, 4, 2, 0]
    exported = ok(client.get(f"{made.url}/export", headers=made.auth))
    assert [line["strokes"] for line in exported["standings"]] == [5, 4, 2, 0]
    assert [t["strokes"] for t in exported["rounds"][0]["tables"]] == [list(UPSET_STROKES), list(ROUT_STROKES)]


def test_a_decided_jass_table_gives_the_winner_a_won_games_strokes(client: FlaskClient) -> None:
    """Table 1 stops after the Match and the Kontermatch (side 1: 514 points, strokes 4 with Berg); the organizer
    decides it for side 0, which has no points but a won game's 2 strokes."""
    made = jass_tournament(client)
    first, second = tables(client, made)
    play_table(client, first, upset(0)[:2])
    decided = ok(client.post(f"{made.url}/tables/1/decide", json={"winner": 0, "reason": "Ivo had to leave"},
                             headers=made.auth))
    assert decided["strokes"] == [2, 4] and decided["totals"] == [0, 514]
    play_table(client, second, rout(0))
    view = ok(client.get(made.url, headers=made.auth))
    assert [(line["index"], line["strokes"], line["points_for"]) for line in view["standings"]] == [
        (second["entries"][0][0], 5, 1099), (first["entries"][1][0], 4, 514), (first["entries"][0][0], 2, 0),
        (second["entries"][1][0], 0, 0)]


def test_other_games_standings_and_tables_have_no_strokes(client: FlaskClient) -> None:
    made = jass_tournament(client, {**JASS_EVENING, "variant": "bela-4", "name": "Bela night"})
    view = ok(client.get(made.url, headers=made.auth))
    assert len(view["standings"]) == len(PAIRS)
    assert not any("strokes" in line for line in view["standings"])
    assert not any("strokes" in table for table in view["rounds"][0]["tables"])


def test_a_two_round_swiss_pairs_by_strokes(client: FlaskClient) -> None:
    """Round 2 sets the pairs with the most strokes against each other: the rout's winner meets the upset's
    loser (a lost table), not the upset's winner."""
    made = jass_tournament(client, {**JASS_EVENING, "rounds": 2})
    place = play_evening(client, made)
    ok(client.post(f"{made.url}/rounds", headers=made.auth), 201)
    meetings = [{entry for side in table["entries"] for entry in side} for table in tables(client, made)]
    assert {place["rout winner"], place["upset loser"]} in meetings


# ---------------------------------------------------------------- export and import


def _jass_2500(client: FlaskClient) -> tuple[str, dict[str, str]]:
    """A Schieber to 2500 (♣ ♠ ×2, Obenabe ×3) with Weis and Stöck in spades, a Kontermatch in Obenabe, three
    Obenabe hands and a bedanken claim in clubs that wins the game: 2506 to 416, strokes 7 to 0."""
    made = ok(client.post(f"{API}/matches", json={"variant": "schieber-2500", "players": ["Ana", "Mike", "Ivo",
                                                                                         "Yvonne"]}), 201)
    auth = bearer(made["edit_token"])
    hands = [
        {"taker": 0, "contract": "spades", "card_points": [100, 52], "last_trick": 0, "melds": [[50], []],
         "bela": [1, 0]},
        {"taker": 1, "contract": "top-down", "card_points": [152, 0], "last_trick": 0, "took_trick": [True, False]},
        *[{"taker": 0, "contract": "top-down", "card_points": [120, 32], "last_trick": 0}] * 3,
        {"taker": 0, "contract": "clubs", "claim": {"side": 0, "stoeck": [20, 0], "weis": [50, 0],
                                                    "tricks": [60, 12]}},
    ]
    state = play(client, made["id"], auth, hands)
    assert [(h["result"], h["points"], h["multiplier"]) for h in state["hands"]] == [
        ("made", [350, 104], 2), ("made", [771, 0], 3), ("made", [375, 96], 3), ("made", [375, 96], 3),
        ("made", [375, 96], 3), ("claim", [260, 24], 2)]
    assert state["hands"][1]["valat"] == 0 and state["hands"][1]["kontermatch"] is True
    assert (state["totals"], state["winner"], state["strokes"]) == ([2506, 416], 0, [7, 0])
    return made["id"], auth


def test_a_jass_match_round_trips(client: FlaskClient) -> None:
    match_id, auth = _jass_2500(client)
    original = ok(client.get(f"{API}/matches/{match_id}", headers=auth))
    document = ok(client.get(f"{API}/matches/{match_id}/export", headers=auth))
    assert document["state"]["strokes"] == [7, 0] and document["state"]["games"][0]["strokes"] == [7, 0]
    assert document["hands"][5]["input"]["claim"] == {"side": 0, "stoeck": [20, 0], "weis": [50, 0],
                                                      "tricks": [60, 12]}
    assert document["match"]["rules"]["multipliers"] == {"clubs": 2, "spades": 2, "top-down": 3, "bottom-up": 3}

    copied = ok(client.post(f"{API}/imports", json=document), 201)
    rebuilt = ok(client.get(f"{API}/matches/{copied['id']}", headers=bearer(copied["edit_token"])))
    state, old = dict(rebuilt["state"]), dict(original["state"])
    assert state.pop("revision") == old.pop("revision") + 1
    assert state == old  # every hand's multiplier, Kontermatch, claim and explanation; the strokes
    assert rebuilt["rules"] == original["rules"]


def test_a_house_multiplier_table_round_trips(client: FlaskClient) -> None:
    """A Schieber whose house rules double hearts: the option goes out and comes back, and so do its hands."""
    made = ok(client.post(f"{API}/matches", json={"variant": "schieber", "players": ["A", "B", "C", "D"],
                                                  "rules": {"multipliers": {"hearts": 2}}}), 201)
    auth = bearer(made["edit_token"])
    state = play(client, made["id"], auth, rout(1)[:2])
    assert [h["points"] for h in state["hands"]] == [[0, 314], [0, 314]] and state["strokes"] == [0, 1]
    document = ok(client.get(f"{API}/matches/{made['id']}/export", headers=auth))
    copied = ok(client.post(f"{API}/imports", json=document), 201)
    rebuilt = ok(client.get(f"{API}/matches/{copied['id']}", headers=bearer(copied["edit_token"])))
    assert rebuilt["rules"]["multipliers"] == {"hearts": 2}
    assert [h["points"] for h in rebuilt["state"]["hands"]] == [[0, 314], [0, 314]]
    assert rebuilt["state"]["strokes"] == [0, 1]


def test_a_jass_club_round_trips_with_its_strokes(client: FlaskClient) -> None:
    club = jass_club(client)
    before = ok(client.get(f"{API}/clubs/{club.id}/stats", headers=club.auth))
    document = ok(client.get(f"{API}/clubs/{club.id}/export", headers=club.auth))
    imported = ok(client.post(f"{API}/clubs/imports", json=document), 201)
    after = ok(client.get(f"{API}/clubs/{imported['id']}/stats", headers=bearer(imported["club_token"])))

    def figures(stats: dict[str, Any]) -> Any:
        return ([{k: v for k, v in p.items() if k != "biggest_hand"} for p in stats["players"]],
                [p["strokes"] for p in stats["partnerships"] if "strokes" in p])

    assert figures(after) == figures(before)  # the match ids differ (new ones), every count is the same
    assert {p["name"]: p["strokes"] for p in after["players"] if "strokes" in p}["Ana"] == ANA
