"""Boards under /api/v1: what watchers see with a view token, and its live stream of server-sent events."""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Iterator

from flask import Response, request

from ... import live, services
from ...extensions import db
from .requests import json_text

STREAM_SECONDS = 600
"""A stream ends after ten minutes; EventSource reconnects by itself and resumes from Last-Event-ID."""
KEEP_ALIVE_SECONDS = 15


def board(view_token: str) -> Response:
    """Read-only state for watchers: the view token is the only key needed."""
    match = services.find_board(view_token)
    return json_text(services.board_json(match), 200, match.revision)


def board_events(view_token: str) -> Response:
    """Server-sent events: each event's id is the revision, its data the board state (API.md)."""
    match = services.find_board(view_token)
    match_id = match.id
    last = request.headers.get("Last-Event-ID") or request.args.get("last_event_id") or ""
    seen = int(last) if last.strip().isdigit() else -1
    broker = services.broker()
    box = broker.open(match_id)  # before reading the state, so no update can fall in between
    try:
        db.session.refresh(match)
        current = live.Message(match_id, match.revision, services.board_json(match))
    except BaseException:
        broker.close(match_id, box)
        raise
    finally:
        db.session.remove()

    def stream() -> Iterator[str]:
        sent = seen
        yield "retry: 2000\n\n"
        if current.revision > sent:
            yield live.encode(current)
            sent = current.revision
        deadline = time.monotonic() + STREAM_SECONDS
        while time.monotonic() < deadline:
            try:
                message = box.get(timeout=KEEP_ALIVE_SECONDS)
            except queue.Empty:
                yield ": keep-alive\n\n"
                continue
            if message.revision > sent:
                yield live.encode(message)
                sent = message.revision

    response = Response(stream(), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no",
                                 "X-Served-By": str(os.getpid())})
    response.call_on_close(lambda: broker.close(match_id, box))
    return response
