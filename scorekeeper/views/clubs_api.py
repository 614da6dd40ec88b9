"""Clubs under /api/v1: create one, its players and matches, statistics, head-to-head, export and import.

Every read needs the club's secret as ``Authorization: Bearer <club_token>``; a wrong or missing one is 401.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from .. import exchange, history, services
from ..models import Club
from .api import _answer, _json, _token
from .exchange import csv_response

bp = Blueprint("clubs_api", __name__, url_prefix="/api/v1")


def _club(club_id: str) -> Club:
    club = services.find_club(club_id, field="id")
    services.authorize_club(club, _token())
    return club


def _names(club: Club) -> list[str]:
    return [p.name for p in services.club_players(club)]


@bp.post("/clubs")
def create_club() -> Any:
    """A new club → 201 with its secret ``club_token`` (shown once) and its link."""
    return _answer(services.create_club(_json(), request.headers.get("Idempotency-Key")))


@bp.get("/clubs/<club_id>")
def get_club(club_id: str) -> Any:
    """The club: its name and players."""
    return jsonify(services.club_body(_club(club_id)))


@bp.get("/clubs/<club_id>/matches")
def club_matches(club_id: str) -> Any:
    """The club's matches, newest first; filters ``player``, ``game``, ``from``, ``to`` (YYYY-MM-DD)."""
    club = _club(club_id)
    filters = history.read_filters(request.args, _names(club))
    return jsonify({"filters": filters.as_args(),
                    "matches": [history.match_row(m) for m in history.club_matches(club, filters)]})


@bp.get("/clubs/<club_id>/stats")
def club_stats(club_id: str) -> Any:
    """Every player's and partnership's figures; filters ``game``, ``from``, ``to``."""
    club = _club(club_id)
    filters = history.read_filters(request.args)
    return jsonify({"filters": filters.as_args(), **history.club_stats(club, filters)})


@bp.get("/clubs/<club_id>/players/<name>")
def player(club_id: str, name: str) -> Any:
    """One player's figures, results over time, partnerships and opponents."""
    club = _club(club_id)
    return jsonify(history.player_stats(club, history.spelled(_names(club), name, "name")))


@bp.get("/clubs/<club_id>/head-to-head")
def head_to_head(club_id: str) -> Any:
    """Two players (``a`` and ``b``) against each other."""
    club = _club(club_id)
    first, second = history.read_pair(_names(club), request.args)
    return jsonify(history.meetings(club, first, second))


@bp.get("/clubs/<club_id>/export")
def export_club(club_id: str) -> Any:
    """The whole club: players and every match as its export, with a digest."""
    return jsonify(exchange.club_document(_club(club_id)))


@bp.get("/clubs/<club_id>/export.csv")
def export_club_csv(club_id: str) -> Response:
    """One row per hand of every match of the club."""
    club = _club(club_id)
    return csv_response(exchange.club_csv(club), exchange.club_filename(club, "csv"))


IMPORT_BODY_LIMIT = 64 * 1024 * 1024
"""The largest import body: a club of years (every other request keeps the app's 256 KB)."""


@bp.post("/clubs/imports")
def import_club() -> Any:
    """A new club (new id, new secret) from a club export → 201."""
    request.max_content_length = IMPORT_BODY_LIMIT
    return _answer(services.import_club(_json(), request.headers.get("Idempotency-Key")))
