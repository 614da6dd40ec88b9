"""Clubs under /api/v1: create one, its players and matches, statistics, head-to-head, export and import.

Every read needs the club's secret as ``Authorization: Bearer <club_token>``; a wrong or missing one is 401.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request

from ... import services
from ...models import Club
from ...rate_limits import limited
from ...services import exports, history
from ..downloads import csv_response
from .requests import bearer_token, caller, idempotency_key, json_body, respond


def _club(club_id: str) -> Club:
    club = services.find_club(club_id, field="id")
    services.authorize_club(club, bearer_token())
    return club


def _names(club: Club) -> list[str]:
    return [p.name for p in services.club_players(club)]


@limited("creates")
def create_club() -> Response:
    """A new club → 201 with its secret ``club_token`` (shown once) and its link."""
    return respond(services.create_club(json_body(), idempotency_key(), caller=caller()))


def get_club(club_id: str) -> Any:
    """The club: its name and players."""
    return jsonify(services.club_body(_club(club_id)))


def club_matches(club_id: str) -> Any:
    """The club's matches, newest first; filters ``player``, ``game``, ``from``, ``to`` (YYYY-MM-DD)."""
    club = _club(club_id)
    filters = history.read_filters(request.args, _names(club))
    return jsonify({"filters": filters.as_args(),
                    "matches": [history.match_row(m) for m in history.club_matches(club, filters)]})


def club_stats(club_id: str) -> Any:
    """Every player's and partnership's figures; filters ``game``, ``from``, ``to``."""
    club = _club(club_id)
    filters = history.read_filters(request.args)
    return jsonify({"filters": filters.as_args(), **history.club_stats(club, filters)})


def club_player(club_id: str, name: str) -> Any:
    """One player's figures, results over time, partnerships and opponents."""
    club = _club(club_id)
    return jsonify(history.player_stats(club, history.spelled(_names(club), name, "name")))


def head_to_head(club_id: str) -> Any:
    """Two players (``a`` and ``b``) against each other."""
    club = _club(club_id)
    first, second = history.read_pair(_names(club), request.args)
    return jsonify(history.meetings(club, first, second))


def export_club(club_id: str) -> Any:
    """The whole club: players and every match as its export, with a digest."""
    return jsonify(exports.club_document(_club(club_id)))


def export_club_csv(club_id: str) -> Response:
    """One row per hand of every match of the club."""
    club = _club(club_id)
    return csv_response(exports.club_csv(club), exports.club_filename(club, "csv"))


IMPORT_BODY_LIMIT = 64 * 1024 * 1024
"""The largest import body: a club of years (every other request keeps the app's 256 KB)."""


@limited("imports")
def import_club() -> Response:
    """A new club (new id, new secret) from a club export → 201."""
    request.max_content_length = IMPORT_BODY_LIMIT
    return respond(services.import_club(json_body(), idempotency_key(), caller=caller()))
