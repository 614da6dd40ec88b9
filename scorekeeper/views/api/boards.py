"""Boards under /api/v1: what watchers see with a view token, and its live stream of server-sent events."""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Iterator

from flask import Response, current_app, request

from ... import live, services
from ...extensions import db
from ...services import BadRequest
from .requests import json_text

STREAM_SECONDS = 600
"""A stream ends after ten minutes; EventSource reconnects by itself and resumes from Last-Event-ID."""
KEEP_ALIVE_SECONDS = 15
"""How often an idle stream sends a keep-alive comment and asks the database for the match's revision, so a
missed update (a publication lost on its way) reaches the board within two ticks. The app's
``BOARD_KEEP_ALIVE_SECONDS`` overrides it."""
REVISION_DIGITS = 18
"""The longest revision a stream accepts to resume from (more digits than any match will reach)."""


def board(view_token: str) -> Response:
    """Read-only state for watchers: the view token is the only key needed."""
    match = services.find_board(view_token)
    return json_text(services.board_json(match), 200, match.revision)


def resume_after() -> int:
    """The revision the watcher already has: ``Last-Event-ID`` (what EventSource sends when it reconnects), else
    the ``last_event_id`` query (what the page puts in its first URL); -1 without either. 400 naming the
    field when one is there but is no revision."""
    seen = -1
    for field, value in (("last_event_id", request.args.get("last_event_id")),
                         ("Last-Event-ID", request.headers.get("Last-Event-ID"))):
        if value is None or not value.strip():
            continue
        value = value.strip()
        # str.isdigit alone accepts "²" and other digits int() refuses: ASCII digits only.
        if not (value.isascii() and value.isdigit() and len(value) <= REVISION_DIGITS):
            shown = value if len(value) <= 40 else value[:40] + "…"
            raise BadRequest(field, f"{field} is the revision of the last event seen, such as 7, not {shown!r}")
        seen = int(value)
    return seen


def board_events(view_token: str) -> Response:
    """Server-sent events: each event's id is the revision, its data the board state (docs/api.md)."""
    seen = resume_after()
    match = services.find_board(view_token)
    match_id = match.id
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    keep_alive = float(app.config.get("BOARD_KEEP_ALIVE_SECONDS") or KEEP_ALIVE_SECONDS)
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

    def stored_revision() -> int | None:
        with app.app_context():  # a session of its own, its connection back in the pool at once
            return services.current_revision(match_id)

    def stored_message() -> live.Message:
        with app.app_context():
            return services.current_message(match_id)

    def catch_up(sent: int) -> live.Message | None:
        """The stored board when it is newer than ``sent``: whatever the broker did, a tick repairs a miss."""
        try:
            revision = broker.latest_revision(match_id, stored_revision, keep_alive / 2)
            if revision is None or revision <= sent:
                return None
            return broker.latest_state(match_id, revision, stored_message)
        except Exception:  # the database unreachable for a moment: the next tick asks again
            app.logger.exception("could not check the revision of match %s", match_id)
            return None

    def stream() -> Iterator[str]:
        sent = seen
        yield "retry: 2000\n\n"
        if current.revision > sent:
            yield live.encode(current)
            sent = current.revision
        deadline = time.monotonic() + STREAM_SECONDS
        tick = time.monotonic() + keep_alive
        while (now := time.monotonic()) < deadline:
            if now >= tick:
                tick = now + keep_alive
                missed = catch_up(sent)
                if missed is not None and missed.revision > sent:
                    yield live.encode(missed)
                    sent = missed.revision
                else:
                    yield ": keep-alive\n\n"
                continue
            try:
                message = box.get(timeout=min(tick, deadline) - now)
            except queue.Empty:
                continue
            if message.revision > sent:
                yield live.encode(message)
                sent = message.revision

    response = Response(stream(), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no",
                                 "X-Served-By": str(os.getpid())})
    response.call_on_close(lambda: broker.close(match_id, box))
    return response
