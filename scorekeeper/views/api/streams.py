"""Server-sent event streams: a match's board, or a tournament's venue screen. One shape for both: subscribe,
send the watcher the whole state when it is behind, then each update as it comes, and on each keep-alive tick
ask the database for the channel's revision, so an update whose publication was lost still arrives. A stream
that has sent nothing for a heartbeat sends a ``heartbeat`` event, so the page can tell a quiet match from a
lost signal (an open connection may not notice by itself that the phone lost it)."""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Callable, Iterator

from flask import Flask, Response, current_app, request
from flask_babel import force_locale

from ... import live, services
from ...extensions import db
from ...rules.words import Said
from ...services import BadRequest

STREAM_SECONDS = 600
"""A stream ends after ten minutes; EventSource reconnects by itself and resumes from Last-Event-ID."""
KEEP_ALIVE_SECONDS = 15
"""How often a stream asks the database for the channel's revision, so a missed update (a publication lost on
its way) reaches the watcher within two ticks; a tick that finds nothing missed sends a heartbeat. The app's
``BOARD_KEEP_ALIVE_SECONDS`` overrides it."""
HEARTBEAT_SECONDS = 5
"""The longest a stream stays silent: after this long without sending anything it sends a ``heartbeat`` event
(no id; its data the revision the watcher has). static/js/live.js says the connection is lost when it hears
nothing for two heartbeats, so a phone whose signal went without a word says so within about 11 s (at once
when the browser knows it is offline). Events rather than comments, because EventSource shows a page no
comment. The app's ``BOARD_HEARTBEAT_SECONDS`` (``SCOREKEEPER_HEARTBEAT_SECONDS``) overrides it; the pages
read the same setting (``heartbeat_seconds``)."""
REVISION_DIGITS = 18
"""The longest revision a stream accepts to resume from (more digits than any match will reach)."""


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
            # Translators: %(field)s is the header or argument's name (Last-Event-ID), written as is; %(value)s
            # what the request sent, in quotes.
            raise BadRequest(field, Said("%(field)s is the revision of the last event seen, such as 7, not %(value)s",
                                         field=field, value=repr(shown)))
        seen = int(value)
    return seen


def heartbeat_seconds(app: Flask) -> float:
    """The app's heartbeat: ``BOARD_HEARTBEAT_SECONDS`` when it is a positive number, else ``HEARTBEAT_SECONDS``."""
    try:
        seconds = float(app.config.get("BOARD_HEARTBEAT_SECONDS") or HEARTBEAT_SECONDS)
    except (TypeError, ValueError):
        return HEARTBEAT_SECONDS
    return seconds if seconds > 0 else HEARTBEAT_SECONDS


def heartbeat(revision: int) -> str:
    """The block a silent stream sends: a ``heartbeat`` event without an id (so the last event's id, which a
    reconnecting EventSource sends back, stays the last revision), its data the revision the watcher has."""
    return f"event: heartbeat\ndata: {revision}\n\n"


def event_stream(channel: str, seen: int, current: Callable[[], live.Message],
                 stored_revision: Callable[[], int | None], language: str = "en") -> Response:
    """The stream of ``channel`` for a watcher that has revision ``seen``.

    ``current()`` loads the channel's whole state as a message and ``stored_revision()`` its revision, both
    from the database; the stream calls them inside an app context of its own (its connection back in the
    pool at once), never holding the request's session while it waits. A watcher in another ``language``
    (its Accept-Language) gets the whole state, said in it, where others get a change: the changes are
    published once, in the engine's English, for every watcher."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    keep_alive = float(app.config.get("BOARD_KEEP_ALIVE_SECONDS") or KEEP_ALIVE_SECONDS)
    beat = heartbeat_seconds(app)
    broker = services.broker()
    box = broker.open(channel)  # before reading the state, so no update can fall in between
    try:
        first = current()
    except BaseException:
        broker.close(channel, box)
        raise
    finally:
        db.session.remove()

    def revision_now() -> int | None:
        with app.app_context():
            return stored_revision()

    def state_now() -> live.Message:
        with app.app_context(), force_locale(language):
            return current()

    def whole(revision: int) -> live.Message | None:
        """The stored state at ``revision`` or later (loaded once per process however many streams ask; in
        another language, from the boards' cache of said texts)."""
        try:
            if language != "en":
                return state_now()
            return broker.latest_state(channel, revision, state_now)
        except Exception:  # the database unreachable for a moment: the next tick asks again
            app.logger.exception("could not load the state of %s", channel)
            return None

    def catch_up(sent: int) -> live.Message | None:
        """The stored state when it is newer than ``sent``: whatever the broker did, a tick repairs a miss."""
        try:
            revision = broker.latest_revision(channel, revision_now, keep_alive / 2)
        except Exception:
            app.logger.exception("could not check the revision of %s", channel)
            return None
        if revision is None or revision <= sent:
            return None
        return whole(revision)

    def to_send(message: live.Message, sent: int) -> live.Message | None:
        """What a watcher at ``sent`` gets for ``message``: a change only on top of the revision before it."""
        if message.revision <= sent:
            return None
        if message.kind == "change" and (message.revision != sent + 1 or language != "en"):
            return whole(message.revision)
        return message

    def stream() -> Iterator[str]:
        sent = seen
        yield "retry: 2000\n\n"
        if first.revision > sent:
            yield live.encode(first)
            sent = first.revision
        deadline = time.monotonic() + STREAM_SECONDS
        tick = time.monotonic() + keep_alive
        quiet_until = time.monotonic() + beat
        while (now := time.monotonic()) < deadline:
            if now >= tick:
                tick = now + keep_alive
                quiet_until = now + beat
                missed = catch_up(sent)
                if missed is not None and missed.revision > sent:
                    yield live.encode(missed)
                    sent = missed.revision
                else:
                    yield heartbeat(sent)
                continue
            # A change already waiting goes out rather than the heartbeat that fell due meanwhile.
            due = now >= quiet_until
            try:
                message = box.get_nowait() if due else box.get(timeout=min(tick, quiet_until, deadline) - now)
            except queue.Empty:
                message = None
            out = to_send(message, sent) if message is not None else None
            if out is not None and out.revision > sent:
                yield live.encode(out)
                sent = out.revision
                quiet_until = time.monotonic() + beat
            elif due:
                quiet_until = now + beat
                yield heartbeat(sent)

    response = Response(stream(), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no",
                                 "X-Served-By": str(os.getpid())})
    response.call_on_close(lambda: broker.close(channel, box))
    return response
