"""Boards under /api/v1: what watchers see with a view token, and its live stream of server-sent events."""

from __future__ import annotations

from flask import Response

from ... import services
from ...i18n import speaking
from .requests import json_text, not_modified
from .streams import event_stream, resume_after


def board(view_token: str) -> Response:
    """Read-only state for watchers: the view token is the only key needed."""
    keys = services.board_keys(view_token)
    unchanged = not_modified(keys.revision)
    if unchanged is not None:
        return unchanged
    revision, text = services.board_text(keys, *speaking())
    return json_text(text, 200, revision)


def board_events(view_token: str) -> Response:
    """Server-sent events (docs/api.md): each event's id is the revision; a ``state`` event carries the whole
    board (on connecting, and whenever the watcher missed an update), a ``change`` event what one write
    changed (the hand, the state without its hands, the revision, the kind of write)."""
    seen = resume_after()
    # The keys on a connection of their own, given back at once: a stream must not hold one while it opens (with
    # many streams opening at once, each holding one and waiting for another would drain the pool).
    match_id = services.board_keys(view_token).id
    language, say = speaking()
    return event_stream(match_id, seen, lambda: services.current_message(match_id, language, say),
                        lambda: services.current_revision(match_id), language if say is not None else "en")
