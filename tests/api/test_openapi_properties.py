"""The served OpenAPI document against the server's answers, by property-based testing (Schemathesis).

Schemathesis loads GET /api/v1/openapi.json from the app and, for every operation in it, generates requests
from the document: its coverage phase walks each parameter's and body's edges (missing, wrong type, out of
range, not JSON …) and its fuzzing phase draws more with Hypothesis, valid and invalid alike. Every answer
must pass ``CHECKS``: no 5xx, a status the document lists for the operation, the content type it names,
its required headers, and a body that fits its schema (an event stream: each event); and a request the
document forbids (a generated negative case) must be refused, so the server is never looser than its document.

Generated ids and tokens reach nothing but 404 and 401, so the app under test starts with a table (a club
with a match played in it: hands recorded, one voided, one confirmed, one disputed; a finished match; and a
tournament in each state: registering with 8 players, playing round 1 of 2, finished), and ``_realize`` turns
most generated ids, tokens and a few body members into the table's real ones. Its choices come from a
checksum of the generated case, so a run stays reproducible and a failure replays. A case that moved a
tournament on (drew its round, registered a ninth player, decided its last table) is followed by a fresh
tournament in that state, as a finished match is by a new one, so the operations keep reaching their 200,
201 and 409 answers, not only 401, 404 and 422.

Bounded in time: ``MAX_EXAMPLES`` random cases per operation (fewer for the imports, whose documents are
slow to generate) on top of the coverage phase's (about 3,000 requests in all), derandomized so that
``make test`` does not pass or fail by chance; about 45 s of CPU, collection included.

The schema is loaded at import, from an app that only serves the document, and the cases go to one app per
module (``table``): Schemathesis's ``pytest.from_fixture`` loader fails on pytest 9.2 (it reads
``Function._nodeid``, which pytest no longer has).
"""

from __future__ import annotations

import copy
import random
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from flask import Flask
from flask.testing import FlaskClient
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from scorekeeper import create_app, services
from scorekeeper.views.api import streams
from tests.support.api import (
    API,
    BELA_BATE,
    BELA_BIG,
    BELA_MADE,
    BELA_TIE,
    Made,
    MadeTournament,
    bearer,
    create,
    record,
)
from tests.support.app import migrated_app

MAX_EXAMPLES = 10
"""Random cases per operation (Hypothesis), besides the coverage phase's deterministic ones."""
IMPORT_EXAMPLES = 3
"""Random cases for the two imports: a whole export document takes long to generate."""

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance, unsupported_method, negative_data_rejection]
"""What every answer must satisfy: no 5xx; the document's status, content type, headers and body; a method
the path does not have is 405 with its Allow header; and a request the document forbids is refused (``REFUSALS``)."""

REFUSALS = ["400", "401", "403", "404", "405", "406", "409", "412", "413", "415", "422", "428", "429", "5xx"]
"""The statuses that refuse a request the document forbids: Schemathesis's own list, with 412 (a write based on
a revision the match has moved on from is refused before its body is read) and 413 (a body too large to read)."""

CONFIG = schemathesis.Config.from_dict({
    "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True},
    "checks": {"negative_data_rejection": {"expected-statuses": REFUSALS}},
    "operations": [{"include-path-regex": "/imports$", "generation": {"max-examples": IMPORT_EXAMPLES}}],
})


@dataclass
class Table:
    """What the app holds: the real ids and secrets ``_realize`` puts into generated cases."""

    app: Flask
    club_id: str
    club_token: str
    players: list[str]
    playing: Made
    finished: Made
    confirm_tokens: dict[str, list[str]]
    match_export: dict[str, Any]
    club_export: dict[str, Any]
    tournaments: dict[str, MadeTournament]
    """By the state it is kept in: ``registering`` (8 players, the draw not made), ``playing`` (round 1 of 2
    drawn), ``finished``."""

    def revision(self, match_id: str) -> int:
        """The match's revision now (for If-Match)."""
        with self.app.app_context():
            return services.find_match(match_id).revision

    def keep_finished(self) -> None:
        """A finished match again, should a generated write have voided or changed the claim that ended it."""
        client = self.app.test_client()
        if not client.get(self.finished.url, headers=self.finished.view).get_json()["state"]["finished"]:
            self.finished = _finished_match(self.app, client, self.confirm_tokens)

    def keep_tournaments(self) -> None:
        """Each tournament in its state again, should a generated write have moved it on."""
        client = self.app.test_client()
        for status, tournament in self.tournaments.items():
            body = client.get(tournament.url, headers=tournament.auth).get_json()
            if body["status"] != status or (status == "registering" and len(body["entries"]) != len(EIGHT)):
                self.tournaments[status] = _tournament(client, status)


def _finished_match(app: Flask, client: FlaskClient, confirm_tokens: dict[str, list[str]]) -> Made:
    finished = create(client, "bela", rules={"best-of": 1, "target": 100})
    record(client, finished, {"claim": {"side": 0, "points": 120}})
    with app.app_context():
        confirm_tokens[finished.id] = [services.confirm_token(finished.id, side) for side in (0, 1)]
    return finished


QUICK = {"name": "Friday Belote", "variant": "belote", "rules": {"deal-limit": 7}, "format": "knockout-remix",
         "seed": 12345}
"""Seed 001's Quick Tournament: 8 players, 2 rounds of new pairs."""
EIGHT = ["Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom", "Lea", "Max"]
NEW_TOURNAMENTS = [
    QUICK,
    {"name": "Belote league", "variant": "belote", "format": "swiss", "entry": "pairs", "rounds": 3},
    {"name": "Bela cup", "variant": "bela", "format": "knockout"},
    {"name": "Klaberjass round", "variant": "klaberjass", "format": "round-robin", "seed": 7},
]
"""Creates the contract takes (201); most generated ones are refused (422)."""


def _tournament(client: FlaskClient, status: str) -> MadeTournament:
    """A Quick tournament with 8 players registered: the draw not made (``registering``), round 1 drawn
    (``playing``: two tables still playing), or its two rounds decided (``finished``: the final's decision
    finishes it)."""
    created = client.post(f"{API}/tournaments", json=QUICK)
    assert created.status_code == 201, created.get_data(as_text=True)
    tournament = MadeTournament(created.get_json())
    for name in EIGHT:
        registered = client.post(f"{tournament.url}/players", json={"name": name}, headers=tournament.auth)
        assert registered.status_code == 201, registered.get_data(as_text=True)
    for _ in range({"registering": 0, "playing": 1, "finished": 2}[status]):
        drawn = client.post(f"{tournament.url}/rounds", headers=tournament.auth)
        assert drawn.status_code == 201, drawn.get_data(as_text=True)
        if status == "finished":
            for table in drawn.get_json()["drawn"]["tables"]:
                decided = client.post(f"{tournament.url}/tables/{table['number']}/decide",
                                      json={"winner": 0, "reason": "a no-show"}, headers=tournament.auth)
                assert decided.status_code == 200, decided.get_data(as_text=True)
    if status == "finished":  # the final's table decided: the tournament finished by itself
        closed = client.get(tournament.url, headers=tournament.auth)
        assert closed.get_json()["status"] == "finished", closed.get_data(as_text=True)
    return tournament


def _lay_table(app: Flask) -> Table:
    """A club with a match played in it (hand 1 confirmed by side 1, hand 2 voided, hand 3 disputed, hand 4),
    a finished match, and the exports of both."""
    client = app.test_client()
    club = client.post(f"{API}/clubs", json={"name": "The Miners Arms", "players": ["Mike", "Yvonne"]})
    assert club.status_code == 201, club.get_data(as_text=True)
    club_id, club_token = club.get_json()["id"], club.get_json()["club_token"]
    response = client.post(f"{API}/matches", json={"variant": "bela", "players": ["Mike", "Ana"], "club": club_id},
                           headers=bearer(club_token))
    assert response.status_code == 201, response.get_data(as_text=True)
    playing = Made(response.get_json())
    for hand in (BELA_MADE, BELA_BATE, BELA_BIG, BELA_MADE):
        record(client, playing, hand)
    with app.app_context():
        confirm_tokens = {playing.id: [services.confirm_token(playing.id, side) for side in (0, 1)]}
    assert client.delete(f"{playing.url}/hands/2", headers=playing.edit).status_code == 200
    assert client.post(f"{playing.url}/hands/1/confirm", json={"side": 1},
                       headers=bearer(confirm_tokens[playing.id][1])).status_code == 200
    assert client.post(f"{playing.url}/hands/3/dispute", json={"note": "the last trick"},
                       headers=playing.edit).status_code == 200
    finished = _finished_match(app, client, confirm_tokens)
    match_export = client.get(f"{playing.url}/export", headers=playing.view).get_json()
    club_export = client.get(f"{API}/clubs/{club_id}/export", headers=bearer(club_token)).get_json()
    tournaments = {status: _tournament(client, status) for status in ("registering", "playing", "finished")}
    return Table(app, club_id, club_token, ["Mike", "Yvonne", "Ana"], playing, finished, confirm_tokens,
                 match_export, club_export, tournaments)


KEEP = object()
"""The choice that leaves the generated value as it was (unknown ids and wrong tokens stay covered)."""


def _weighted(rng: random.Random, *choices: tuple[Any, int]) -> Any:
    return rng.choices([value for value, _ in choices], [weight for _, weight in choices])[0]


HANDS = [BELA_MADE, BELA_BATE, BELA_TIE, BELA_BIG]
"""Hands the rules allow in Bela: most generated hands are refused (422), these are recorded."""


def _realize(case: Any, table: Table) -> None:
    """Most generated ids and tokens become real ones, in place, chosen by a checksum of the whole case."""
    path = case.operation.path
    seed = repr((case.operation.label, case.path_parameters, case.query, case.headers, case.body))
    rng = random.Random(zlib.crc32(seed.encode()))
    headers = dict(case.headers or {})
    params = case.path_parameters if case.path_parameters is not None else {}
    body = case.body if isinstance(case.body, dict) else {}
    playing, finished = table.playing, table.finished

    if path == f"{API}/preview" and rng.random() < 0.4:
        case.body = body = {"hand": dict(rng.choice(HANDS)), **rng.choice([{"match": ""}, {"variant": "bela"}])}
    if "match_id" in params or "match" in body:
        match = _weighted(rng, (playing, 4), (finished, 1), (KEEP, 1))
        made = playing if match is KEEP else match
        if "match_id" in params and match is not KEEP:
            params["match_id"] = match.id
        if "match" in body and match is not KEEP:
            body["match"] = match.id
        if path.endswith("/confirm"):
            side = rng.choice([0, 1])
            token = _weighted(rng, (table.confirm_tokens[made.id][side], 4), (made.edit_token, 1), (KEEP, 1))
            if "side" in body and rng.random() < 0.8:
                body["side"] = side
        else:
            token = _weighted(rng, (made.edit_token, 4), (made.view_token, 1), (table.club_token, 1),
                              (finished.edit_token if made is playing else playing.edit_token, 1), (KEEP, 1))
        if token is not KEEP:
            headers["Authorization"] = f"Bearer {token}"
        number = str(params.get("number", ""))
        if number.isdigit() and int(number) > 0 and rng.random() < 0.85:
            params["number"] = rng.randint(1, 6)
        if "If-Match" in headers and match is not KEEP:
            headers["If-Match"] = _weighted(rng, (f'"{table.revision(match.id)}"', 2), (headers["If-Match"], 1))
        writes_a_hand = path.endswith("/hands") or (path.endswith("/{number}") and case.method.upper() == "PUT")
        if writes_a_hand and rng.random() < 0.3:
            case.body = dict(rng.choice(HANDS))
    if path.startswith(f"{API}/tournaments"):
        _realize_tournament(case, table, rng, headers, params)
    elif "view_token" in params:
        params["view_token"] = _weighted(rng, (playing.view_token, 3), (finished.view_token, 1),
                                         (params["view_token"], 1))
    if "club_id" in params or "club" in body:
        if "club_id" in params and rng.random() < 0.8:
            params["club_id"] = table.club_id
        if "club" in body and rng.random() < 0.6:
            body["club"] = table.club_id
        token = _weighted(rng, (table.club_token, 4), (playing.edit_token, 1), (KEEP, 1))
        if token is not KEEP:
            headers["Authorization"] = f"Bearer {token}"
    for name in ("name", "a", "b", "player"):
        location = params if name == "name" else case.query
        if location is not None and name in location and rng.random() < 0.8:
            location[name] = rng.choice(table.players)
    if path.endswith("/imports") and rng.random() < 0.1:
        case.body = copy.deepcopy(table.club_export if path.startswith(f"{API}/clubs/") else table.match_export)
    if headers:
        case.headers = headers


def _realize_tournament(case: Any, table: Table, rng: random.Random, headers: dict[str, Any],
                        params: dict[str, Any]) -> None:
    """A tournament's operations: mostly a real tournament (in one of its states) with its organizer's token,
    a real table number, the venue screen's real token; sometimes a body the contract takes."""
    path = case.operation.path
    tournaments = list(table.tournaments.values())
    chosen = _weighted(rng, (table.tournaments["registering"], 3), (table.tournaments["playing"], 4),
                       (table.tournaments["finished"], 1), (KEEP, 1))
    made = table.tournaments["playing"] if chosen is KEEP else chosen
    if "tournament_id" in params:
        if chosen is not KEEP:
            params["tournament_id"] = chosen.id
        others = [t.organizer_token for t in tournaments if t is not made]
        token = _weighted(rng, (made.organizer_token, 5), (rng.choice(others), 1), (made.view_token, 1),
                          (table.club_token, 1), (KEEP, 1))
        if token is not KEEP:
            headers["Authorization"] = f"Bearer {token}"
    if "view_token" in params and rng.random() < 0.85:
        params["view_token"] = rng.choice([t.view_token for t in tournaments] + [table.playing.view_token])
    number = str(params.get("number", ""))
    if number.lstrip("-").isdigit() and rng.random() < 0.85:
        params["number"] = rng.randint(1, 3)
    if path == f"{API}/tournaments" and rng.random() < 0.4:
        case.body = copy.deepcopy(rng.choice(NEW_TOURNAMENTS))
        if rng.random() < 0.3:
            case.body["club"] = table.club_id
            headers["Authorization"] = f"Bearer {table.club_token}"
    if path.endswith("/players") and rng.random() < 0.4:
        name = rng.choice([*EIGHT, "Zoe", "Ben"])
        case.body = {"names": [name, "Ida"]} if rng.random() < 0.2 else {"name": name}
    if path.endswith("/decide") and rng.random() < 0.4:
        case.body = {"winner": rng.choice([0, 1]), "reason": "Mike was called away"}


def _document_app() -> Flask:
    """An app that only serves the document to generate from (its database is never opened); the app the
    cases are sent to is checked to serve the same document."""
    return create_app({"TESTING": True, "SECRET_KEY": "openapi", "SQLALCHEMY_DATABASE_URI": "sqlite://"})


schema = schemathesis.openapi.from_wsgi(f"{API}/openapi.json", _document_app(), config=CONFIG)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    """The app the cases are sent to: a fresh, migrated SQLite database with the table laid."""
    tmp_path = tmp_path_factory.mktemp("openapi")
    with pytest.MonkeyPatch.context() as patch, \
            migrated_app(f"sqlite:///{tmp_path / 'test.sqlite'}", tmp_path) as application:
        patch.setattr(streams, "STREAM_SECONDS", 0)  # a real board's event stream ends after its first event
        assert application.test_client().get(f"{API}/openapi.json").get_json() == schema.raw_schema
        yield _lay_table(application)


@schema.parametrize()
def test_every_answer_matches_the_openapi_document(case: Any, table: Table) -> None:
    table.keep_finished()
    if case.operation.path.startswith(f"{API}/tournaments/"):
        table.keep_tournaments()
    _realize(case, table)
    # Over WSGI nothing undoes gzip as an HTTP client would, so the answer is asked for as it is written;
    # tests/api/test_api_headers.py holds compressed answers to the plain ones.
    case.call_and_validate(app=table.app, checks=CHECKS, headers={"Accept-Encoding": "identity"})
