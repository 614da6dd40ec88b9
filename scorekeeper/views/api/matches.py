"""Matches under /api/v1: start one, read it with its state, and its audit log of events."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from ... import services
from ...i18n import speaking
from ...rate_limits import limited
from .requests import bearer_token, caller, idempotency_key, json_text, not_modified, object_body, respond


@limited("creates")
def create_match() -> Response:
    """A new match → 201 with its two secrets (``edit_token``, ``view_token``), its links and its state."""
    return respond(services.create_match(object_body(), idempotency_key(), bearer_token(), caller=caller()))


def get_match(match_id: str) -> Response:
    """The match and its state; either token. Its revision is the ETag."""
    keys = services.match_keys(match_id)  # the revision and tokens only: the board may be known already
    services.authorize(keys, bearer_token(), edit=False)
    unchanged = not_modified(keys.revision)  # before the state is read: an unchanged match costs no replay
    if unchanged is not None:
        return unchanged
    revision, text = services.board_text(keys, *speaking())
    return json_text(text, 200, revision)


def match_events(match_id: str) -> Any:
    """The audit log: every create, record, edit and void, oldest first; either token."""
    match = services.find_match(match_id)
    services.authorize(match, bearer_token(), edit=False)
    return jsonify({"events": services.events_of(match)})
