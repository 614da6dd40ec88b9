"""Tournaments through the API (docs/api.md "Tournaments"), on both backends: creating one (its two secrets, the
organizer's never stored), registering players and pairs, drawing and closing rounds, a whole Quick tournament
(8 players, Belote with a deal limit of 7, knockout-remix) played hand by hand through the match API, a table
the organizer decides, a pairs knockout with byes, a club's tournament feeding the club's match list, the
venue screen without secrets and its live updates, retries, and every refusal of the contract (nothing saved).
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tests.support.api import API, URLSAFE, MadeTournament, all_stored_text, assert_errors, bearer, create, create_key

TOURNAMENTS = f"{API}/tournaments"
QUICK = {"name": "Friday Belote", "variant": "belote", "rules": {"deal-limit": 7}, "format": "knockout-remix",
         "entry": "players", "seed": 12345}
"""Seed 001's Quick Tournament: Belote, a game ends after 7 deals, new pairs every round."""
EIGHT = ["Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom", "Lea", "Max"]
TEN = [*EIGHT, "Zoe", "Ben"]
PAIRS = [["Ana", "Ivo"], ["Mike", "Yvonne"], ["Eva", "Tom"], ["Lea", "Max"], ["Zoe", "Ben"], ["Ida", "Jan"]]
HALF = "\ud83d"
"""Half of an emoji: JSON carries it, UTF-8 cannot."""


def belote_hand(side: int) -> dict[str, Any]:
    """A Belote hand the taker ``side`` makes in hearts (RULES.md §9.11: 92 against 70 → 9 / 7)."""
    points: list[int | None] = [None, None]
    points[side] = 82
    return {"taker": side, "contract": "hearts", "card_points": points, "last_trick": side}


def make(client: FlaskClient, body: dict[str, Any] | None = None, headers: dict[str, str] | None = None,
         **extra: Any) -> MadeTournament:
    response = client.post(TOURNAMENTS, json={**(body or QUICK), **extra}, headers=headers or {})
    assert response.status_code == 201, response.get_data(as_text=True)
    return MadeTournament(response.get_json())


def enter(client: FlaskClient, made: MadeTournament, entries: list[str] | list[list[str]]) -> None:
    for entry in entries:
        body = {"names": entry} if isinstance(entry, list) else {"name": entry}
        response = client.post(f"{made.url}/players", json=body, headers=made.auth)
        assert response.status_code == 201, response.get_data(as_text=True)


def next_round(client: FlaskClient, made: MadeTournament) -> dict[str, Any]:
    response = client.post(f"{made.url}/rounds", headers=made.auth)
    assert response.status_code == 201, response.get_data(as_text=True)
    body: dict[str, Any] = response.get_json()
    return body


def state(client: FlaskClient, made: MadeTournament) -> dict[str, Any]:
    response = client.get(made.url, headers=made.auth)
    assert response.status_code == 200, response.get_data(as_text=True)
    body: dict[str, Any] = response.get_json()
    return body


def current_tables(client: FlaskClient, made: MadeTournament) -> list[dict[str, Any]]:
    view = state(client, made)
    tables: list[dict[str, Any]] = view["rounds"][-1]["tables"]
    return tables


def play_out(client: FlaskClient, table: dict[str, Any], side: int) -> dict[str, Any]:
    """Score the table's match hand by hand, with the token of its scorer link, until ``side`` wins it (a
    game ends after the 7th deal: the side ahead wins)."""
    match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
    assert match_id == table["match"]
    for _ in range(12):
        response = client.post(f"{API}/matches/{match_id}/hands", json=belote_hand(side), headers=bearer(token))
        assert response.status_code == 201, response.get_data(as_text=True)
        if response.get_json()["state"]["finished"]:
            assert response.get_json()["state"]["winner"] == side
            body: dict[str, Any] = response.get_json()
            return body
    raise AssertionError("the match did not finish")


def entries_of(table: dict[str, Any]) -> set[int]:
    return {entry for side in table["entries"] for entry in side}


def rows(app: Flask) -> dict[str, int]:
    """How many rows each table a tournament writes holds."""
    from scorekeeper.extensions import db
    from scorekeeper.models import (
        Event,
        IdempotencyKey,
        Match,
        MatchPlayer,
        Player,
        Tournament,
        TournamentEntry,
        TournamentTable,
    )

    with app.app_context():
        return {model.__tablename__: int(db.session.scalar(select(func.count()).select_from(model)) or 0)
                for model in (Tournament, TournamentEntry, TournamentTable, Match, Event, MatchPlayer, Player,
                              IdempotencyKey)}


# ---------------------------------------------------------------- creating


def test_create_answers_both_secrets_and_links_and_stores_neither_organizer_secret(app: Flask,
                                                                                   client: FlaskClient) -> None:
    response = client.post(TOURNAMENTS, json=QUICK)
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_json()
    token, view_token = body["organizer_token"], body["view_token"]
    assert URLSAFE.match(token) and len(token) >= 43 and URLSAFE.match(view_token) and len(view_token) >= 43
    assert body["links"] == {"organizer": f"/t/{body['id']}#{token}", "screen": f"/t/screen/{view_token}"}
    assert {key: body[key] for key in ("name", "variant", "format", "entry", "seed", "status", "round", "club",
                                       "winner", "total_rounds")} == {
        "name": "Friday Belote", "variant": "belote", "format": "knockout-remix", "entry": "players", "seed": 12345,
        "status": "registering", "round": 0, "club": None, "winner": None, "total_rounds": None}
    assert body["rules"]["deal-limit"] == 7 and body["rules"]["target"] == 151  # resolved, as a match stores them
    assert body["entries"] == body["rounds"] == body["standings"] == []
    assert token not in all_stored_text(app)
    assert response.headers["ETag"] == f'"{body["revision"]}"'


def test_without_a_seed_one_is_drawn_and_shown(client: FlaskClient) -> None:
    seeds = {make(client, {key: value for key, value in QUICK.items() if key != "seed"}).body["seed"]
             for _ in range(3)}
    assert all(isinstance(seed, int) and 0 <= seed < 1_000_000 for seed in seeds)
    assert len(seeds) > 1


@pytest.mark.postgresql
def test_a_retried_create_answers_once_and_only_to_its_caller(app: Flask, client: FlaskClient) -> None:
    def send(address: str) -> Any:
        return client.post(TOURNAMENTS, json=QUICK, headers={"Idempotency-Key": create_key("friday")},
                           environ_base={"REMOTE_ADDR": address})

    mine = send("10.0.0.1")
    assert mine.status_code == 201
    assert send("10.0.0.1").get_data() == mine.get_data()
    theirs = send("10.0.0.2")
    assert theirs.status_code == 201 and theirs.get_json()["id"] != mine.get_json()["id"]
    assert mine.get_json()["organizer_token"] not in theirs.get_data(as_text=True)
    assert rows(app)["tournaments"] == 2


@pytest.mark.postgresql
@pytest.mark.parametrize(("body", "field", "words"), [
    ({"name": ""}, "name", "needs a name"),
    ({"name": "x" * 81}, "name", "at most 80"),
    ({"name": f"Friday{HALF}"}, "name", "broken character"),
    ({"name": "Friday\x00"}, "name", "broken character"),
    ({"name": 7}, "name", "needs a name"),
    ({"variant": "poker"}, "variant", "poker"),
    ({"variant": None}, "variant", ""),
    ({"rules": {"deal-limit": 10**30}}, "rules.deal-limit", "deal limit"),
    ({"rules": ["deal-limit"]}, "rules", "object"),
    ({"format": "ladder"}, "format", "knockout-remix"),
    ({"format": ["swiss"]}, "format", "knockout-remix"),
    ({"entry": "teams"}, "entry", "players"),
    ({"entry": "pairs"}, "entry", ""),  # knockout-remix draws new pairs every round
    ({"variant": "bela", "rules": {}, "entry": "pairs", "format": "knockout"}, "entry", "four-handed"),
    ({"format": "swiss", "entry": "pairs"}, "rounds", ""),
    ({"format": "swiss", "entry": "pairs", "rounds": 51}, "rounds", ""),
    ({"format": "swiss", "entry": "pairs", "rounds": 10**30}, "rounds", ""),
    ({"format": "swiss", "entry": "pairs", "rounds": "3"}, "rounds", "whole number"),
    ({"format": "swiss", "entry": "pairs", "rounds": True}, "rounds", "whole number"),
    ({"rounds": 3}, "rounds", ""),
    ({"seed": 2**31}, "seed", "0 to"),
    ({"seed": -1}, "seed", "0 to"),
    ({"seed": 1.5}, "seed", "whole number"),
    ({"seed": "12345"}, "seed", "whole number"),
    ({"variant": "bela-3", "rules": {}, "format": "round-robin"}, "format", ""),
])
def test_a_create_the_contract_refuses_is_422_naming_the_field_and_saves_nothing(
        app: Flask, client: FlaskClient, body: dict[str, Any], field: str, words: str) -> None:
    before = rows(app)
    errors = assert_errors(client.post(TOURNAMENTS, json={**QUICK, **body}), 422, field)
    assert words in " ".join(e["message"] for e in errors if e["field"] == field)
    assert rows(app) == before


def test_every_problem_of_a_create_is_named_at_once(client: FlaskClient) -> None:
    errors = assert_errors(client.post(TOURNAMENTS, json={"name": "", "variant": "belote", "format": "ladder",
                                                          "entry": "teams", "seed": "x"}), 422)
    assert {e["field"] for e in errors} == {"name", "format", "entry", "seed"}


@pytest.mark.parametrize("body", ["not json", "[1, 2]", "null", "\"Friday\""])
def test_a_create_that_is_not_a_json_object_is_400(app: Flask, client: FlaskClient, body: str) -> None:
    before = rows(app)
    assert_errors(client.post(TOURNAMENTS, data=body, content_type="application/json"), 400, "body")
    assert rows(app) == before


# ---------------------------------------------------------------- reading: the organizer and the venue screen


def test_the_tournament_needs_the_organizers_token_and_the_screen_none(client: FlaskClient) -> None:
    made = make(client)
    match = create(client, "bela")
    assert_errors(client.get(made.url), 401, "Authorization")
    assert_errors(client.get(made.url, headers=bearer("wrong")), 401, "Authorization")
    assert_errors(client.get(made.url, headers=bearer(made.body["view_token"])), 401, "Authorization")
    assert_errors(client.get(made.url, headers=match.edit), 401, "Authorization")
    assert_errors(client.get(f"{TOURNAMENTS}/nope", headers=made.auth), 404, "id")
    assert_errors(client.get(f"{TOURNAMENTS}/nope%00", headers=made.auth), 404)
    assert_errors(client.get(f"{TOURNAMENTS}/boards/nope"), 404, "view_token")
    assert_errors(client.get(f"{TOURNAMENTS}/boards/{match.view_token}"), 404, "view_token")
    got = state(client, made)
    assert got["id"] == made.id and made.organizer_token not in str(got)
    screen = client.get(made.screen)
    assert screen.status_code == 200 and screen.get_json()["id"] == made.id
    assert "Cache-Control" not in screen.headers or screen.headers["Cache-Control"] != "no-store"


def test_the_venue_screen_shows_everything_but_the_secrets(client: FlaskClient) -> None:
    made = make(client)
    enter(client, made, EIGHT)
    next_round(client, made)
    organizer = state(client, made)
    screen = client.get(made.screen)
    assert screen.status_code == 200
    venue = screen.get_json()
    assert screen.headers["ETag"] == f'"{venue["revision"]}"' == f'"{organizer["revision"]}"'
    text = screen.get_data(as_text=True)
    assert made.organizer_token not in text
    for table in organizer["rounds"][0]["tables"]:
        scorer_token = table["links"]["scorer"].split("#")[1]
        assert scorer_token not in text
        assert all(link.split("/")[-1] not in text for link in table["links"]["confirm"])
    for table in venue["rounds"][0]["tables"]:
        assert set(table["links"]) == {"board"}

    def without_links(view: dict[str, Any]) -> dict[str, Any]:
        rounds = [{**r, "tables": [{k: v for k, v in t.items() if k != "links"} for t in r["tables"]]}
                  for r in view["rounds"]]
        return {**view, "rounds": rounds}

    assert without_links(venue) == without_links(organizer)


def test_an_unchanged_tournament_is_304(client: FlaskClient) -> None:
    made = make(client)
    etag = client.get(made.url, headers=made.auth).headers["ETag"]
    unchanged = client.get(made.url, headers={**made.auth, "If-None-Match": etag})
    assert unchanged.status_code == 304 and not unchanged.get_data()
    enter(client, made, ["Ana"])
    assert client.get(made.url, headers={**made.auth, "If-None-Match": etag}).status_code == 200


# ---------------------------------------------------------------- registering


def test_register_players_in_order(client: FlaskClient) -> None:
    made = make(client)
    response = client.post(f"{made.url}/players", json={"name": "  Ana  "}, headers=made.auth)
    assert response.status_code == 201, response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
    assert response.get_json()["entry"] == {"index": 0, "name": "Ana", "names": ["Ana"]}
    second = client.post(f"{made.url}/players", json={"name": "Ivo"}, headers=made.auth).get_json()
    assert second["entry"]["index"] == 1
    assert [e["name"] for e in second["entries"]] == ["Ana", "Ivo"]
    assert [e["name"] for e in state(client, made)["entries"]] == ["Ana", "Ivo"]


@pytest.mark.postgresql
@pytest.mark.parametrize(("body", "field", "words"), [
    ({"name": "ana"}, "name", "Ana is already registered"),
    ({"name": " ANA "}, "name", "already registered"),
    ({"name": ""}, "name", "needs a name"),
    ({"name": 42}, "name", "needs a name"),
    ({"name": "x" * 41}, "name", "at most 40"),
    ({"name": f"Ana{HALF}"}, "name", "broken character"),
    ({"name": "Ana\x00"}, "name", "broken character"),
    ({"names": ["Ivo", "Mike"]}, "name", "enter alone"),
    ({}, "name", "enter alone"),
])
def test_a_registration_the_contract_refuses_is_422_and_saves_nothing(
        app: Flask, client: FlaskClient, body: dict[str, Any], field: str, words: str) -> None:
    made = make(client)
    enter(client, made, ["Ana"])
    before = rows(app)
    errors = assert_errors(client.post(f"{made.url}/players", json=body, headers=made.auth), 422, field)
    assert words in " ".join(e["message"] for e in errors if e["field"] == field)
    assert rows(app) == before


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"names": ["Ana", "Mike"]}, "names.0", "already registered"),
    ({"names": ["Mike", "ivo"]}, "names.1", "already registered"),
    ({"names": ["Mike", "mike"]}, "names.1", "two different players"),
    ({"names": ["Mike"]}, "names", "two players"),
    ({"names": "Mike & Yvonne"}, "names", "two players"),
    ({"name": "Mike"}, "names", "two players"),
    ({"names": ["Mike", None]}, "names.1", "needs a name"),
    ({"names": ["Mike", f"Y{HALF}"]}, "names.1", "broken character"),
])
def test_a_pair_the_contract_refuses_is_422_naming_the_field(
        app: Flask, client: FlaskClient, body: dict[str, Any], field: str, words: str) -> None:
    made = make(client, format="knockout", entry="pairs")
    enter(client, made, [["Ana", "Ivo"]])
    before = rows(app)
    errors = assert_errors(client.post(f"{made.url}/players", json=body, headers=made.auth), 422, field)
    assert words in " ".join(e["message"] for e in errors if e["field"] == field)
    assert rows(app) == before


def test_registering_needs_the_organizer_and_a_known_tournament_and_a_json_object(app: Flask,
                                                                                   client: FlaskClient) -> None:
    made = make(client)
    before = rows(app)
    assert_errors(client.post(f"{made.url}/players", json={"name": "Ana"}), 401, "Authorization")
    assert_errors(client.post(f"{made.url}/players", json={"name": "Ana"}, headers=bearer("x")), 401)
    assert_errors(client.post(f"{TOURNAMENTS}/nope/players", json={"name": "Ana"}, headers=made.auth), 404, "id")
    assert_errors(client.post(f"{made.url}/players", data="Ana", content_type="application/json",
                              headers=made.auth), 400, "body")
    assert_errors(client.post(f"{made.url}/players", json=["Ana"], headers=made.auth), 400, "body")
    assert rows(app) == before


@pytest.mark.postgresql
def test_registration_closes_when_the_first_round_is_drawn(app: Flask, client: FlaskClient) -> None:
    made = make(client)
    enter(client, made, EIGHT)
    next_round(client, made)
    before = rows(app)
    errors = assert_errors(client.post(f"{made.url}/players", json={"name": "Zoe"}, headers=made.auth), 409)
    assert "registration is over" in errors[0]["message"]
    assert rows(app) == before


@pytest.mark.postgresql
def test_a_retried_registration_registers_once(app: Flask, client: FlaskClient) -> None:
    made = make(client)
    headers = {**made.auth, "Idempotency-Key": "ana"}
    first = client.post(f"{made.url}/players", json={"name": "Ana"}, headers=headers)
    again = client.post(f"{made.url}/players", json={"name": "Ana"}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_data() == first.get_data()
    assert rows(app)["tournament_entries"] == 1
    assert_errors(client.post(f"{made.url}/players", json={"name": "Ivo"}, headers=headers), 422, "Idempotency-Key")


# ---------------------------------------------------------------- starting and closing rounds


def test_knockout_remix_with_ten_players_cannot_start(app: Flask, client: FlaskClient) -> None:
    made = make(client)
    enter(client, made, TEN)
    before = rows(app)
    errors = assert_errors(client.post(f"{made.url}/rounds", headers=made.auth), 422, "entries")
    assert errors[0]["message"] == "knockout-remix needs 4, 8, 16, 32… players; 10 registered"
    assert rows(app) == before
    assert state(client, made)["status"] == "registering"


def test_rounds_need_the_organizer_and_a_known_tournament(app: Flask, client: FlaskClient) -> None:
    made = make(client)
    enter(client, made, EIGHT)
    before = rows(app)
    assert_errors(client.post(f"{made.url}/rounds"), 401, "Authorization")
    assert_errors(client.post(f"{made.url}/rounds", headers=bearer(made.body["view_token"])), 401)
    assert_errors(client.post(f"{TOURNAMENTS}/nope/rounds", headers=made.auth), 404, "id")
    assert rows(app) == before


def test_a_quick_tournament_played_hand_by_hand(app: Flask, client: FlaskClient) -> None:
    """Seed 001's Quick Tournament: 8 players in 2 rounds; each table's winning pair goes on and is mixed into new
    pairs; the final's winners win the tournament."""
    made = make(client)
    enter(client, made, EIGHT)
    first = next_round(client, made)
    assert first["status"] == "playing" and first["round"] == 1 and first["total_rounds"] == 2
    drawn = first["drawn"]["tables"]
    assert len(drawn) == 2 and first["drawn"]["byes"] == []
    seated = [name for table in drawn for side in table["sides"] for name in side]
    assert sorted(seated) == sorted(EIGHT)  # nobody left out, nobody seated twice
    with pytest.raises(AssertionError):
        next_round(client, made)  # nothing played yet

    tables = current_tables(client, made)
    for table in tables:
        match = client.get(f"{API}/matches/{table['match']}", headers=bearer(table["links"]["scorer"].split("#")[1]))
        assert match.status_code == 200
        assert match.get_json()["rules"]["deal-limit"] == 7  # the tournament's house rules
        players = match.get_json()["players"]  # seat order: seats 0 and 2 are side 0
        assert table["sides"] == [players[0::2], players[1::2]]

    # Table 1 finishes; table 2 is still playing: the round cannot close, and the refusal names table 2.
    play_out(client, tables[0], 0)
    before = rows(app)
    errors = assert_errors(client.post(f"{made.url}/rounds", headers=made.auth), 409, "tables.2")
    names = " v ".join(" & ".join(side) for side in tables[1]["sides"])
    assert errors[0]["message"].startswith(f"table 2 ({names}) is still playing")
    assert [e["field"] for e in errors] == ["tables.2"]
    assert rows(app) == before
    view = state(client, made)
    assert view["rounds"][0]["tables"][0]["finished"] and view["rounds"][0]["tables"][0]["winner"] == 0
    assert view["rounds"][0]["tables"][0]["totals"] == [63, 49]  # the match's totals: 7 deals of 9 / 7
    assert not view["round_complete"]

    play_out(client, tables[1], 1)
    assert state(client, made)["round_complete"]
    winners = set(tables[0]["entries"][0]) | set(tables[1]["entries"][1])
    second = next_round(client, made)
    assert second["round"] == 2 and second["status"] == "playing"
    final = second["drawn"]["tables"]
    assert len(final) == 1
    assert entries_of(final[0]) == winners  # exactly the first round's winners go on
    final_table = current_tables(client, made)[0]
    play_out(client, final_table, 1)  # the final's last hand finishes the tournament
    view = state(client, made)
    champions = final_table["entries"][1]
    assert view["status"] == "finished"
    assert sorted(view["winner"]["entries"]) == sorted(champions)
    assert sorted(view["winner"]["names"]) == sorted(final_table["sides"][1])
    top = [line for line in view["standings"] if line["rank"] == 1]
    assert sorted(line["index"] for line in top) == sorted(champions)
    assert all(line["won"] == 2 and line["played"] == 2 for line in top)
    assert {line["index"] for line in view["standings"] if line["reached"] == 1} == set(range(8)) - winners
    errors = assert_errors(client.post(f"{made.url}/rounds", headers=made.auth), 409, "status")
    assert "finished" in errors[0]["message"]


def test_the_tournament_finishes_by_itself_when_the_final_hand_is_recorded(app: Flask, client: FlaskClient) -> None:
    """The hand that wins the final's match finishes the tournament in the same write: the organizer's GET and the
    venue's answer say "finished" with the winners straight away, the screen is told, and there is no round left
    to close. A round before the last waits for the organizer's draw as it always has."""
    from scorekeeper import services

    made = make(client)
    enter(client, made, EIGHT)
    next_round(client, made)
    for side, table in enumerate(current_tables(client, made)):
        play_out(client, table, side)
    between = state(client, made)
    assert between["status"] == "playing" and between["round"] == 1 and between["round_complete"]
    assert between["winner"] is None  # round 1 over: the organizer draws the final
    next_round(client, made)
    final = current_tables(client, made)[0]
    with app.test_request_context():
        broker = services.broker()
        box = broker.open(services.venue_channel(made.id))
    try:
        last = play_out(client, final, 1)
        told = box.get(timeout=1)
        while not box.empty():
            told = box.get(timeout=1)
    finally:
        broker.close(services.venue_channel(made.id), box)
    assert last["state"]["finished"]
    view = state(client, made)
    assert view["status"] == "finished" and not view["round_complete"]
    assert sorted(view["winner"]["entries"]) == sorted(final["entries"][1])
    assert sorted(view["winner"]["names"]) == sorted(final["sides"][1])
    assert view["winner"]["name"] == final["names"][1]
    screen = client.get(made.screen).get_json()
    assert screen["status"] == "finished" and screen["winner"] == view["winner"]
    assert '"status":"finished"' in told.data and told.revision == screen["revision"]
    top = [line["index"] for line in view["standings"] if line["rank"] == 1]
    assert sorted(top) == sorted(final["entries"][1])
    errors = assert_errors(client.post(f"{made.url}/rounds", headers=made.auth), 409, "status")
    assert "finished" in errors[0]["message"]


def test_deciding_the_last_table_of_the_last_round_finishes_the_tournament(client: FlaskClient) -> None:
    made = make(client)
    enter(client, made, ["Ana", "Ivo", "Mike", "Yvonne"])  # four players: the first round is the final
    table = next_round(client, made)["drawn"]["tables"][0]
    response = client.post(f"{made.url}/tables/1/decide", json={"winner": 0, "reason": "Mike had to leave"},
                           headers=made.auth)
    assert response.status_code == 200, response.get_data(as_text=True)
    view = state(client, made)
    assert view["status"] == "finished"
    assert sorted(view["winner"]["entries"]) == sorted(table["entries"][0])


SIXTEEN = [*EIGHT, "Zoe", "Ben", "Ida", "Jan", "Rea", "Pim", "Kai", "Sol"]


@pytest.mark.postgresql
def test_a_classic_tournament_from_registration_to_the_winning_pair(client: FlaskClient) -> None:
    """Seed 001's Classic Tournament: "16 players in 3 tournament rounds … After the end of each round the winning
    pair will proceed to the next stage. Before every round, the winning players will be mixed again and new
    teams will be formed." Every table played hand by hand on its own scorer link: 4 tables, then 2, then 1."""
    made = make(client, {**QUICK, "name": "Classic Belote"})
    enter(client, made, SIXTEEN)
    answer = next_round(client, made)
    assert answer["total_rounds"] == 3
    still_in = set(range(16))
    partners: set[frozenset[int]] = set()
    for number, count in ((1, 4), (2, 2), (3, 1)):
        assert answer["round"] == number
        tables = current_tables(client, made)
        assert len(tables) == count
        seated = [entry for table in tables for side in table["entries"] for entry in side]
        assert sorted(seated) == sorted(still_in)  # everyone still in plays, nobody twice, nobody else
        pairs = {frozenset(side) for table in tables for side in table["entries"]}
        assert not pairs & partners, "a pair that just won together was not mixed into new teams"
        winners: set[int] = set()
        for n, table in enumerate(tables):
            side = n % 2
            play_out(client, table, side)
            winners |= set(table["entries"][side])
        partners = {frozenset(table["entries"][n % 2]) for n, table in enumerate(tables)}
        still_in = winners
        answer = next_round(client, made) if number < 3 else state(client, made)  # the final ends the night
    assert answer["status"] == "finished"
    assert set(answer["winner"]["entries"]) == still_in and len(still_in) == 2
    view = state(client, made)
    assert sorted(line["index"] for line in view["standings"] if line["rank"] == 1) == sorted(still_in)


def test_a_closed_round_is_final_whatever_its_sheets_say_later(client: FlaskClient) -> None:
    made = make(client)
    enter(client, made, ["Ana", "Ivo", "Mike", "Yvonne"])
    table = next_round(client, made)["drawn"]["tables"][0]
    last = play_out(client, current_tables(client, made)[0], 0)
    closed = state(client, made)
    assert closed["status"] == "finished" and sorted(closed["winner"]["entries"]) == sorted(table["entries"][0])
    before = state(client, made)
    match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
    voided = client.delete(f"{API}/matches/{match_id}/hands/{last['number']}", headers=bearer(token))
    assert voided.status_code == 200 and not voided.get_json()["state"]["finished"]
    after = state(client, made)
    assert after["revision"] > before["revision"]  # the venue saw the change at the table …
    shown = after["rounds"][0]["tables"][0]
    assert shown["finished"] and shown["winner"] == 0 and shown["totals"] == [63, 49]  # … yet the result stands
    assert after["winner"] == before["winner"] and after["standings"] == before["standings"]


@pytest.mark.postgresql
def test_a_retried_round_draws_once(app: Flask, client: FlaskClient) -> None:
    made = make(client)
    enter(client, made, EIGHT)
    headers = {**made.auth, "Idempotency-Key": "round-1"}
    first = client.post(f"{made.url}/rounds", headers=headers)
    again = client.post(f"{made.url}/rounds", headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_data() == first.get_data()
    assert rows(app)["tournament_tables"] == 2


def test_the_draw_follows_the_seed(client: FlaskClient) -> None:
    def first_round(seed: int) -> list[list[list[str]]]:
        made = make(client, seed=seed)
        enter(client, made, EIGHT)
        return [table["sides"] for table in next_round(client, made)["drawn"]["tables"]]

    assert first_round(7) == first_round(7)
    assert len({str(first_round(seed)) for seed in (1, 2, 3, 4)}) > 1


# ---------------------------------------------------------------- deciding a table


@pytest.mark.postgresql
def test_the_organizer_decides_a_table_that_cannot_finish(app: Flask, client: FlaskClient) -> None:
    made = make(client)
    enter(client, made, EIGHT)
    decide_url = f"{made.url}/tables/1/decide"
    errors = assert_errors(client.post(decide_url, json={"winner": 0, "reason": "no-show"}, headers=made.auth),
                           409, "status")
    assert "no round" in errors[0]["message"]
    next_round(client, made)
    tables = current_tables(client, made)
    before = rows(app)
    for body, field in (({"winner": 2, "reason": "no-show"}, "winner"), ({"winner": -1, "reason": "x"}, "winner"),
                        ({"winner": True, "reason": "x"}, "winner"), ({"winner": 10**40, "reason": "x"}, "winner"),
                        ({"winner": "0", "reason": "x"}, "winner"), ({"winner": 1}, "reason"),
                        ({"winner": 1, "reason": "  "}, "reason"), ({"winner": 1, "reason": 5}, "reason"),
                        ({"winner": 1, "reason": "x" * 201}, "reason"),
                        ({"winner": 1, "reason": f"no{HALF}show"}, "reason"),
                        ({"winner": 1, "reason": "no\x00show"}, "reason")):
        assert_errors(client.post(decide_url, json=body, headers=made.auth), 422, field)
    assert_errors(client.post(decide_url, json={"winner": 1, "reason": "no-show"}), 401, "Authorization")
    assert_errors(client.post(f"{made.url}/tables/3/decide", json={"winner": 1, "reason": "x"}, headers=made.auth),
                  404, "number")
    assert_errors(client.post(f"{TOURNAMENTS}/nope/tables/1/decide", json={"winner": 1, "reason": "x"},
                              headers=made.auth), 404, "id")
    assert_errors(client.post(decide_url, data="x", content_type="application/json", headers=made.auth), 400)
    assert rows(app) == before

    reason = "Mike and Ana did not come back from the bar"
    response = client.post(decide_url, json={"winner": 1, "reason": f" {reason} "}, headers=made.auth)
    assert response.status_code == 200, response.get_data(as_text=True)
    decided = response.get_json()
    assert decided["finished"] and decided["winner"] == 1
    assert decided["decided"] == {"winner": 1, "reason": reason}
    view = state(client, made)
    assert view["rounds"][0]["tables"][0]["decided"] == {"winner": 1, "reason": reason}
    assert view["rounds"][0]["tables"][0]["finished"]
    errors = assert_errors(client.post(decide_url, json={"winner": 0, "reason": "again"}, headers=made.auth), 409)
    assert "already decided" in errors[0]["message"]
    # The decision is in the table's match's audit log.
    token = tables[0]["links"]["scorer"].split("#")[1]
    events = client.get(f"{API}/matches/{tables[0]['match']}/events", headers=bearer(token)).get_json()["events"]
    assert events[-1]["kind"] == "decide"
    assert events[-1]["data"]["reason"] == reason and events[-1]["data"]["winner"] == 1
    # A table whose match finished cannot be decided; the round closes with the decided table's side through.
    play_out(client, tables[1], 0)
    errors = assert_errors(client.post(f"{made.url}/tables/2/decide", json={"winner": 1, "reason": "x"},
                                       headers=made.auth), 409, "number")
    assert "finished" in errors[0]["message"]
    final = next_round(client, made)["drawn"]["tables"][0]
    assert entries_of(final) == set(tables[0]["entries"][1]) | set(tables[1]["entries"][0])


# ---------------------------------------------------------------- pairs, byes


def test_a_pairs_knockout_with_byes(client: FlaskClient) -> None:
    """Six fixed pairs: a bracket of 8, so two pairs have a bye in round 1 and meet the winners in round 2."""
    made = make(client, format="knockout", entry="pairs", name="Pairs night")
    enter(client, made, PAIRS)
    first = next_round(client, made)
    assert first["total_rounds"] == 3
    drawn = first["drawn"]
    assert len(drawn["tables"]) == 2 and len(drawn["byes"]) == 2
    playing = [entries_of(table) for table in drawn["tables"]]
    byes = {index for index, pair in enumerate(PAIRS) if " & ".join(pair) in drawn["byes"]}
    assert len(byes) == 2 and not byes & set().union(*playing)
    assert set().union(*playing) | byes == set(range(6))
    for table in drawn["tables"]:
        assert all(len(side) == 1 for side in table["entries"])  # one pair per side
        pairs = [PAIRS[side[0]] for side in table["entries"]]
        assert [sorted(side) for side in table["sides"]] == [sorted(pair) for pair in pairs]  # partners sit together
    tables = current_tables(client, made)
    play_out(client, tables[0], 0)
    response = client.post(f"{made.url}/tables/2/decide", json={"winner": 1, "reason": "no-show"}, headers=made.auth)
    assert response.status_code == 200
    second = next_round(client, made)["drawn"]
    assert second["byes"] == []
    through = {tables[0]["entries"][0][0], tables[1]["entries"][1][0]} | byes
    assert set().union(*(entries_of(table) for table in second["tables"])) == through
    for table in second["tables"]:  # a bye meets a table's winner first
        assert len(entries_of(table) & byes) == 1
    for index, table in enumerate(current_tables(client, made)):
        play_out(client, table, index % 2)
    final = next_round(client, made)["drawn"]["tables"][0]
    play_out(client, current_tables(client, made)[0], 0)
    closed = state(client, made)
    assert closed["winner"]["entries"] == final["entries"][0]
    assert closed["winner"]["name"] == " & ".join(PAIRS[final["entries"][0][0]])
    standings = state(client, made)["standings"]
    assert standings[0]["index"] == final["entries"][0][0] and standings[0]["rank"] == 1
    assert standings[0]["reached"] == 3


@pytest.mark.parametrize(("variant", "fmt", "entry", "entries", "rounds", "total"), [
    ("bela", "round-robin", "players", ["Ana", "Ivo", "Mike"], None, 3),
    ("bela", "swiss", "players", ["Ana", "Ivo", "Mike", "Yvonne", "Eva"], 3, 3),
    ("belote", "swiss", "pairs", PAIRS[:4], 2, 2),
    ("bela-3", "knockout", "players", ["Ana", "Ivo", "Mike", "Yvonne", "Eva"], None, 2),
    ("bela", "knockout-remix", "players", EIGHT, None, 3),
], ids=["round-robin-3", "swiss-5", "swiss-pairs", "knockout-3-handed", "remix-2-handed"])
def test_every_format_runs_to_its_winner(client: FlaskClient, variant: str, fmt: str, entry: str,
                                         entries: list[Any], rounds: int | None, total: int) -> None:
    """Each format drawn round after round (every table decided for its side 0) until it names its winner;
    nobody is seated twice in a round, and every entry has a table or a bye."""
    made = make(client, {"name": "Night", "variant": variant, "format": fmt, "entry": entry,
                         **({"rounds": rounds} if rounds else {})})
    enter(client, made, entries)
    answer = next_round(client, made)
    assert answer["total_rounds"] == total
    played = 0
    while True:
        played += 1
        seated = [e for table in answer["drawn"]["tables"] for e in entries_of(table)]
        assert len(seated) == len(set(seated))
        for table in answer["drawn"]["tables"]:
            response = client.post(f"{made.url}/tables/{table['number']}/decide",
                                   json={"winner": 0, "reason": "quick"}, headers=made.auth)
            assert response.status_code == 200, response.get_data(as_text=True)
        if state(client, made)["status"] == "finished":  # the last round's last table named the winners
            break
        answer = next_round(client, made)
    view = state(client, made)
    answer = view
    assert played == total and answer["status"] == "finished" and answer["winner"]["entries"]
    assert len(view["standings"]) == len(entries)
    assert sorted(line["index"] for line in view["standings"] if line["rank"] == 1) == sorted(
        answer["winner"]["entries"])


# ---------------------------------------------------------------- clubs


def test_a_clubs_tournament_feeds_the_clubs_matches(app: Flask, client: FlaskClient) -> None:
    club = client.post(f"{API}/clubs", json={"name": "The Anchor", "players": ["Mike", "Yvonne"]}).get_json()
    club_auth = bearer(club["club_token"])
    body = {**QUICK, "club": club["id"]}
    assert_errors(client.post(TOURNAMENTS, json=body), 401, "Authorization")
    assert_errors(client.post(TOURNAMENTS, json={**QUICK, "club": "nope"}, headers=club_auth), 404, "club")
    made = make(client, body, headers=club_auth)
    assert made.body["club"] == club["id"]
    enter(client, made, ["mike", "YVONNE", "Ana", "Ivo"])
    assert [e["name"] for e in state(client, made)["entries"]] == ["Mike", "Yvonne", "Ana", "Ivo"]  # the club's
    table = next_round(client, made)["drawn"]["tables"][0]
    listed = client.get(f"{API}/clubs/{club['id']}/matches", headers=club_auth)
    assert listed.status_code == 200
    matches = listed.get_json()["matches"]
    assert [m["id"] for m in matches] == [table["match"]]
    assert sorted(matches[0]["players"]) == ["Ana", "Ivo", "Mike", "Yvonne"]
    players = client.get(f"{API}/clubs/{club['id']}", headers=club_auth).get_json()["players"]
    assert sorted(players) == ["Ana", "Ivo", "Mike", "Yvonne"]  # the new names joined, as in any club match
    # The club's secret scores the club's tables, as it scores any club match.
    response = client.post(f"{API}/matches/{table['match']}/hands", json=belote_hand(0), headers=club_auth)
    assert response.status_code == 201


# ---------------------------------------------------------------- live


@pytest.mark.postgresql
def test_the_venue_revision_follows_every_hand_and_its_screen_is_told(app: Flask, client: FlaskClient) -> None:
    from scorekeeper import services

    made = make(client)
    enter(client, made, ["Ana", "Ivo", "Mike", "Yvonne"])
    with app.test_request_context():
        broker = services.broker()
        box = broker.open(services.venue_channel(made.id))
    try:
        table = next_round(client, made)["drawn"]["tables"][0]
        started = box.get(timeout=1)
        assert started.match_id == f"tournament:{made.id}"
        assert '"status":"playing"' in started.data and "scorer" not in started.data
        with app.app_context():
            assert services.venue_revision(made.id) == started.revision
            assert services.venue_revision("nope") is None
        match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
        response = client.post(f"{API}/matches/{match_id}/hands", json=belote_hand(0), headers=bearer(token))
        assert response.status_code == 201
        update = box.get(timeout=1)
        assert update.revision == started.revision + 1
        assert '"totals":[9,7]' in update.data
        assert client.get(made.screen).get_json()["revision"] == update.revision
        with app.app_context():
            assert services.venue_revision(made.id) == update.revision
    finally:
        broker.close(services.venue_channel(made.id), box)


@pytest.mark.postgresql
def test_the_venue_screens_event_stream_sends_the_view_then_each_hand_at_a_table(app: Flask) -> None:
    """GET /tournaments/boards/<view_token>/events: the venue view on connecting, a new one after a hand at any
    table (its id the venue's revision), a stream that resumes from the last id sends nothing older, and an
    unknown screen has no stream."""
    import json

    app.config.update(BOARD_KEEP_ALIVE_SECONDS=60, REDIS_URL=None)
    client = app.test_client()
    made = make(client)
    enter(client, made, ["Ana", "Ivo", "Mike", "Yvonne"])
    table = next_round(client, made)["drawn"]["tables"][0]
    response = client.get(f"{made.screen}/events", buffered=False)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    try:
        chunks = (c.decode() if isinstance(c, bytes) else c for c in response.response)
        assert next(chunks) == "retry: 2000\n\n"
        first = dict(line.split(": ", 1) for line in next(chunks).strip().splitlines())
        assert first["event"] == "state"
        assert json.loads(first["data"]) == client.get(made.screen).get_json()
        match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
        response_hand = client.post(f"{API}/matches/{match_id}/hands", json=belote_hand(0), headers=bearer(token))
        assert response_hand.status_code == 201
        update = dict(line.split(": ", 1) for line in next(chunks).strip().splitlines())
        venue = json.loads(update["data"])
        assert int(update["id"]) == int(first["id"]) + 1 == venue["revision"]
        assert venue["rounds"][0]["tables"][0]["totals"] == [9, 7]
        assert "scorer" not in update["data"] and made.organizer_token not in update["data"]
    finally:
        response.close()
    again = client.get(f"{made.screen}/events", headers={"Last-Event-ID": str(venue["revision"])}, buffered=False)
    try:
        chunks = (c.decode() if isinstance(c, bytes) else c for c in again.response)
        assert next(chunks) == "retry: 2000\n\n"
        assert again.status_code == 200
    finally:
        again.close()
    assert client.get(f"{TOURNAMENTS}/boards/no-such-screen/events").status_code == 404


REDIS_URL = os.environ.get("SCOREKEEPER_TEST_REDIS_URL")


@pytest.mark.postgresql
@pytest.mark.skipif(not REDIS_URL, reason="set SCOREKEEPER_TEST_REDIS_URL to run with Redis")
def test_with_redis_a_hand_at_a_table_reaches_the_venue_through_redis(app: Flask, client: FlaskClient) -> None:
    from scorekeeper import live, services

    app.config.update(REDIS_URL=REDIS_URL)
    made = make(client)
    enter(client, made, ["Ana", "Ivo", "Mike", "Yvonne"])
    table = next_round(client, made)["drawn"]["tables"][0]
    broker = live.broker_for(REDIS_URL)
    channel = services.venue_channel(made.id)
    box = broker.open(channel)
    try:
        match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
        response = client.post(f"{API}/matches/{match_id}/hands", json=belote_hand(1), headers=bearer(token))
        assert response.status_code == 201
        # The round's own state, published through Redis just before, may still be on its way: the hand's follows.
        deadline = time.monotonic() + 5
        message = box.get(timeout=5)
        while '"totals":[7,9]' not in message.data and time.monotonic() < deadline:
            message = box.get(timeout=max(0.1, deadline - time.monotonic()))
        assert message.match_id == channel and '"totals":[7,9]' in message.data
        assert message.revision == client.get(made.screen).get_json()["revision"]
    finally:
        broker.close(channel, box)


def test_a_hand_of_an_ordinary_match_tells_no_venue(app: Flask, client: FlaskClient) -> None:
    from scorekeeper import services

    match = create(client, "bela")
    with app.test_request_context():
        broker = services.broker()
        box = broker.open("tournament:elsewhere")
    try:
        response = client.post(f"{match.url}/hands", json={"taker": 0, "card_points": [65, 60], "last_trick": 0},
                               headers=match.edit)
        assert response.status_code == 201
        assert box.empty()
    finally:
        broker.close("tournament:elsewhere", box)


# ---------------------------------------------------------------- the OpenAPI document


def test_every_answer_fits_the_openapi_document(client: FlaskClient) -> None:
    """The served document's schemas against real answers at every stage (Schemathesis's generated requests
    rarely get this far: they need a tournament with its entries and a drawn round)."""
    import jsonschema_rs

    components = client.get(f"{API}/openapi.json").get_json()["components"]

    def check(name: str, body: Any) -> None:
        validator = jsonschema_rs.Draft202012Validator({"$ref": f"#/components/schemas/{name}",
                                                        "components": components})
        problems = [str(error) for error in validator.iter_errors(body)]
        assert not problems, (name, problems)

    response = client.post(TOURNAMENTS, json=QUICK)
    check("NewTournament", response.get_json())
    made = MadeTournament(response.get_json())
    check("Tournament", state(client, made))
    for name in ["Ana", "Ivo", "Mike", "Yvonne"]:
        check("Registered", client.post(f"{made.url}/players", json={"name": name}, headers=made.auth).get_json())
    check("RoundDrawn", next_round(client, made))
    check("Tournament", state(client, made))
    decided = client.post(f"{made.url}/tables/1/decide", json={"winner": 0, "reason": "a no-show"},
                          headers=made.auth)
    check("DecidedTable", decided.get_json())
    check("Tournament", state(client, made))
    check("Tournament", client.get(made.screen).get_json())  # four players: deciding the final finished it
    assert state(client, made)["status"] == "finished"
    eight = make(client)
    enter(client, eight, EIGHT)
    next_round(client, eight)
    for number in (1, 2):
        client.post(f"{eight.url}/tables/{number}/decide", json={"winner": 0, "reason": "a no-show"},
                    headers=eight.auth)
    check("RoundDrawn", next_round(client, eight))
    check("Tournament", state(client, eight))
    check("Tournament", client.get(eight.screen).get_json())


def test_a_klaverjas_night_with_a_drawn_table_is_decided_by_the_organizer(client: FlaskClient) -> None:
    """A Klaverjas tournament night. A table whose 16 deals end level is a drawn match (RULES.md §10b: it
    counts for no side), so the round waits for the organizer, who decides it as any table that cannot finish."""
    made = make(client, {**QUICK, "name": "Klaverjasavond", "variant": "klaverjas", "rules": {}})
    enter(client, made, EIGHT)
    next_round(client, made)
    table = current_tables(client, made)[0]
    match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
    for deal in range(16):
        hand = {"taker": deal % 2, "card_points": [82, 70] if deal % 2 == 0 else [70, 82], "last_trick": deal % 2}
        answer = client.post(f"{API}/matches/{match_id}/hands", json=hand, headers=bearer(token))
        assert answer.status_code == 201, answer.get_data(as_text=True)
    drawn = answer.get_json()["state"]
    assert drawn["finished"] and drawn["winner"] is None
    shown = current_tables(client, made)[0]
    assert not shown["finished"] and shown["winner"] is None  # a draw wins no table
    assert client.get(f"/t/screen/{made.view_token}").status_code == 200  # the venue screen, and the organizer's:
    assert client.get(f"/t/{made.id}/join?key={made.organizer_token}").status_code == 302
    for path in (f"/t/{made.id}", f"/t/{made.id}/print", f"/t/{made.id}/export.csv"):
        assert client.get(path).status_code == 200, path
    closing = client.post(f"{made.url}/rounds", headers=made.auth)
    assert closing.status_code == 409, closing.get_data(as_text=True)
    response = client.post(f"{made.url}/tables/1/decide", json={"winner": 0, "reason": "a draw: the cut"},
                           headers=made.auth)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert current_tables(client, made)[0]["winner"] == 0


@pytest.mark.parametrize(("variant", "hand", "target"), [
    # A coinche tournament: 160 in hearts and every trick, 252 + 160 a hand, to a target of 1000.
    ("coinche", {"bid": 160, "contract": "hearts", "card_points": [152, 0]}, 1000),
    # A Baloot sakka evening: Hokum, four (×4) and every trick, 25 × 4 a hand, to 152.
    ("baloot", {"contract": "hearts", "double": 3, "card_points": [152, 0]}, 152),
])
def test_a_coinche_tournament_and_a_baloot_evening_are_played_out(client: FlaskClient, variant: str,
                                                                  hand: dict[str, Any], target: int) -> None:
    """RULES.md §12 and §13 at a tournament night: each table's match is the game with the tournament's house rules,
    scored hand by hand with its own hand (a bid, the doubling), until a side reaches the target and goes on."""
    made = make(client, {**QUICK, "name": f"Friday {variant}", "variant": variant, "rules": {"target": target}})
    enter(client, made, EIGHT)
    next_round(client, made)
    for number, table in enumerate(current_tables(client, made)):
        match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
        side = number % 2
        for _ in range(12):
            body = {**hand, "taker": side, "last_trick": side,
                    "card_points": hand["card_points"] if side == 0 else hand["card_points"][::-1]}
            response = client.post(f"{API}/matches/{match_id}/hands", json=body, headers=bearer(token))
            assert response.status_code == 201, response.get_data(as_text=True)
            if response.get_json()["state"]["finished"]:
                break
        assert response.get_json()["state"]["winner"] == side
    view = state(client, made)
    assert view["variant"] == variant and view["round_complete"]
    assert [t["winner"] for t in view["rounds"][0]["tables"]] == [0, 1]
