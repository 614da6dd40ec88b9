"""Live updates: after a write commits, every open board and score sheet of the match is told its new state
(through this process's broker: in-process, or Redis between workers)."""

from __future__ import annotations

from flask import current_app
from sqlalchemy import select

from .. import live
from ..extensions import db
from ..models import Match
from .boards import board_text, match_keys
from .state import Say


def broker() -> live.LocalBroker:
    """This process's broker for live updates (Redis when configured)."""
    return live.broker_for(current_app.config.get("REDIS_URL"))


def publish(match_id: str, revision: int | None = None, change: str | None = None) -> None:
    """Tell every open board and sheet of the match of its new revision (after the write committed): with
    ``change`` (what the write changed, as JSON text, at ``revision``) a small ``change`` message, else the
    whole board as a ``state`` message. A stream that missed the revision before a change sends its watcher
    the whole board instead (``views/api/streams.py``)."""
    if not current_app.config.get("REDIS_URL") and not broker().watchers(match_id):
        # In-process delivery and nobody here watches: skip reloading and encoding the state. A stream
        # opening now subscribes before it reads the state, so it still sees this write.
        return
    try:
        if change is not None and revision is not None:
            message = live.Message(match_id, revision, change, "change")
        else:
            message = current_message(match_id)
        broker().publish(message)
    except Exception:  # a broker outage must not turn a recorded hand into an error
        current_app.logger.exception("could not publish the update of match %s", match_id)


def current_revision(match_id: str) -> int | None:
    """The match's revision as stored now (one indexed read); None when there is no such match. Open streams
    ask this on each keep-alive tick, so an update whose publication never reached them is still sent."""
    return db.session.scalar(select(Match.revision).where(Match.id == match_id))


def current_message(match_id: str, language: str = "en", say: Say | None = None) -> live.Message:
    """The match's board as stored now, as the message a stream sends (its explanations said in ``language``
    by ``say``: English without)."""
    revision, text = board_text(match_keys(match_id), language, say)
    return live.Message(match_id, revision, text)
