"""Export and import of a match under /api/v1 (API.md "Export and import")."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from .. import exchange, services
from .api import _answer, _json, _token

bp = Blueprint("exchange", __name__, url_prefix="/api/v1")
IMPORT_BODY_LIMIT = 16 * 1024 * 1024
"""The largest match import (a match of thousands of hands); every other request keeps the app's 256 KB."""


def csv_response(text: str, filename: str | None = None) -> Response:
    """A CSV download (werkzeug adds ``charset=utf-8`` to a text type)."""
    response = Response(text, mimetype="text/csv")
    if filename is not None:
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/matches/<match_id>/export")
def export_match(match_id: str) -> Any:
    """Everything needed to rebuild the match, with a digest; either token."""
    match = services.find_match(match_id)
    services.authorize(match, _token(), edit=False)
    return jsonify(exchange.export_document(match))


@bp.get("/matches/<match_id>/export.csv")
def export_csv(match_id: str) -> Response:
    """One row per hand, for spreadsheets; either token."""
    match = services.find_match(match_id)
    services.authorize(match, _token(), edit=False)
    return csv_response(exchange.export_csv(match), exchange.filename(match, "csv"))


@bp.post("/imports")
def import_match() -> Any:
    """A new match (new id, new tokens) from an export → 201."""
    request.max_content_length = IMPORT_BODY_LIMIT
    return _answer(services.import_match(_json(), request.headers.get("Idempotency-Key")))
