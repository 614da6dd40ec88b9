"""The JSON API through the test client: create a match, send hands, and check that a failed request saved nothing."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from scorekeeper.rules import PRESETS

API = "/api/v1"
URLSAFE = re.compile(r"^[A-Za-z0-9_-]+$")
WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}

TABLE = {2: ["Mike", "Yvonne"], 3: ["Ann", "Bob", "Cy"], 4: ["Ann", "Bob", "Cat", "Dan"]}
"""The players of a test match by the number of seats: a four-handed game's sides are "Ann & Cat", "Bob & Dan"."""

# Hands whose scores RULES.md fixes (side 0 takes unless said otherwise).
BELA_MADE = {"taker": 0, "card_points": [65, 60], "last_trick": 0}
"""RULES.md §9.1: 75 against 60, made: 75 / 60."""
BELA_BATE = {"taker": 0, "card_points": [60, 51], "last_trick": 1}
"""RULES.md §9.2: 60 against 61, bate: 0 / 121."""
BELA_TIE = {"taker": 0, "card_points": [61, 71], "last_trick": 0}
"""RULES.md §9.5: 71 all: side 1 scores 71, 71 held in the pot."""
BELA_SIDE1_MADE = {"taker": 1, "card_points": [60, 70], "last_trick": 1}
"""RULES.md §9.5, second hand: side 1 takes and makes 80 against 60."""
BELA_BIG = {"taker": 0, "card_points": [80, 62], "last_trick": 0}
"""90 against 62, made."""
BELA_IMPOSSIBLE = {"taker": 0, "card_points": [80, 80], "last_trick": 0}
"""160 card points: more than the 152 in the deck."""


def create_key(name: str) -> str:
    """A create's Idempotency-Key as a phone makes one (16 random bytes in base64url, the 128 bits a create's key
    needs), the same for the same ``name`` so that a test can send it again."""
    return base64.urlsafe_b64encode(hashlib.sha256(name.encode()).digest()[:16]).decode().rstrip("=")


def bearer(token: str) -> dict[str, str]:
    """The Authorization header for ``token``."""
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Made:
    """A match created through the API, with its secrets."""

    body: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.body["id"])

    @property
    def edit_token(self) -> str:
        return str(self.body["edit_token"])

    @property
    def view_token(self) -> str:
        return str(self.body["view_token"])

    @property
    def url(self) -> str:
        return f"{API}/matches/{self.id}"

    @property
    def edit(self) -> dict[str, str]:
        return bearer(self.edit_token)

    @property
    def view(self) -> dict[str, str]:
        return bearer(self.view_token)



@dataclass
class MadeTournament:
    """A tournament created through the API, with its secrets."""

    body: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.body["id"])

    @property
    def url(self) -> str:
        return f"{API}/tournaments/{self.id}"

    @property
    def organizer_token(self) -> str:
        return str(self.body["organizer_token"])

    @property
    def view_token(self) -> str:
        return str(self.body["view_token"])

    @property
    def auth(self) -> dict[str, str]:
        return bearer(self.organizer_token)

    @property
    def screen(self) -> str:
        """The venue screen's address in the API."""
        return f"{API}/tournaments/boards/{self.view_token}"


def create(client: FlaskClient, variant: str = "bela", players: list[str] | None = None, **extra: Any) -> Made:
    """Create a match (201 expected)."""
    if players is None:
        seats = PRESETS[variant].players if variant in PRESETS else 2
        players = ["Mike", "Yvonne", "Ana", "Ivo"][:seats]
    response = client.post(f"{API}/matches", json={"variant": variant, "players": players, **extra})
    assert response.status_code == 201, response.get_data(as_text=True)
    return Made(response.get_json())


def record(client: FlaskClient, match: Made, hand: dict[str, Any], status: int = 201,
           headers: dict[str, str] | None = None) -> dict[str, Any]:
    """Record a hand and check the status."""
    response = client.post(f"{match.url}/hands", json=hand, headers={**match.edit, **(headers or {})})
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert isinstance(body, dict)
    return body


def assert_errors(response: TestResponse, status: int, field: str | None = None) -> list[dict[str, str]]:
    """The response is ``status`` with a JSON ``{"errors": [{"field", "message"}, …]}`` body (naming ``field``)."""
    text = response.get_data(as_text=True)
    assert response.status_code == status, text
    assert response.mimetype == "application/json", text
    assert "<html" not in text.lower()
    body = json.loads(text)
    # A stale write (412) also says what the match did since (docs/api.md "Headers").
    members = {"errors", "revision", "changes"} if status == 412 else {"errors"}
    assert isinstance(body, dict) and "errors" in body and set(body) <= members, body
    errors = body["errors"]
    assert isinstance(errors, list) and errors, body
    for error in errors:
        assert isinstance(error, dict), body
        assert isinstance(error.get("field"), str) and error["field"], body
        assert isinstance(error.get("message"), str) and error["message"], body
    if field is not None:
        assert field in [e["field"] for e in errors], body
    return list(errors)


def row_counts(app: Flask) -> dict[str, int]:
    """How many rows each table holds."""
    from scorekeeper.extensions import db
    from scorekeeper.models import Event, Hand, IdempotencyKey, Match

    with app.app_context():
        return {model.__tablename__: int(db.session.scalar(select(func.count()).select_from(model)) or 0)
                for model in (Match, Hand, Event, IdempotencyKey)}


def all_stored_text(app: Flask) -> str:
    """Every value of every row of every table, as one string (to look for secrets in it)."""
    from scorekeeper.extensions import db

    parts: list[str] = []
    with app.app_context():
        for table in db.metadata.sorted_tables:
            for row in db.session.execute(select(table)):
                parts.extend(json.dumps(value, default=str) for value in row)
    return "\n".join(parts)


def snapshot(app: Flask, client: FlaskClient, match: Made | None) -> dict[str, Any]:
    """What a failed request must leave as it was: the match, its state and hands, its events, the row counts."""
    shot: dict[str, Any] = {"counts": row_counts(app)}
    if match is not None:
        got = client.get(match.url, headers=match.edit)
        assert got.status_code == 200, got.get_data(as_text=True)
        events = client.get(f"{match.url}/events", headers=match.edit)
        assert events.status_code == 200, events.get_data(as_text=True)
        shot["match"] = got.get_json()
        shot["etag"] = got.headers.get("ETag")
        shot["events"] = events.get_json()
    return shot


def assert_unchanged(app: Flask, client: FlaskClient, match: Made | None, before: dict[str, Any]) -> None:
    """Nothing was saved since ``before``: same revision, hands, events, and no new rows anywhere."""
    after = snapshot(app, client, match)
    if match is not None:
        assert after["match"]["state"]["revision"] == before["match"]["state"]["revision"]
        assert after["match"]["state"]["hands"] == before["match"]["state"]["hands"]
        assert after["events"] == before["events"]
        assert after["match"] == before["match"]
        assert after["etag"] == before["etag"]
    assert after["counts"] == before["counts"]


def club_row_counts(app: Flask) -> dict[str, int]:
    """How many rows each table a club touches holds: clubs, players, seats, matches, hands, events, keys."""
    from scorekeeper.extensions import db
    from scorekeeper.models import Club, Event, Hand, IdempotencyKey, Match, MatchPlayer, Player

    with app.app_context():
        return {model.__tablename__: int(db.session.scalar(select(func.count()).select_from(model)) or 0)
                for model in (Club, Player, MatchPlayer, Match, Hand, Event, IdempotencyKey)}
