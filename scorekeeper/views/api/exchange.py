"""Export and import of a match under /api/v1 (docs/api.md "Export and import"): JSON and CSV out, JSON in."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request

from ... import services
from ...rate_limits import limited
from ...services import exports
from ..downloads import csv_response
from .requests import bearer_token, caller, idempotency_key, json_body, respond

IMPORT_BODY_LIMIT = 16 * 1024 * 1024
"""The largest match import (a match of thousands of hands); every other request keeps the app's 256 KB."""


def export_match(match_id: str) -> Any:
    """Everything needed to rebuild the match, with a digest; either token."""
    match = services.find_match(match_id)
    services.authorize(match, bearer_token(), edit=False)
    return jsonify(exports.export_document(match))


def export_match_csv(match_id: str) -> Response:
    """One row per hand, for spreadsheets; either token."""
    match = services.find_match(match_id)
    services.authorize(match, bearer_token(), edit=False)
    return csv_response(exports.export_csv(match), exports.filename(match, "csv"))


@limited("imports")
def import_match() -> Response:
    """A new match (new id, new tokens) from an export → 201."""
    request.max_content_length = IMPORT_BODY_LIMIT
    return respond(services.import_match(json_body(), idempotency_key(), caller=caller()))
