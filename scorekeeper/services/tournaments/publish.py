"""Live updates of a tournament's venue screen: after every write to the tournament, and after every hand at
one of its tables, the screen's stream (channel ``tournament:<id>``) is sent the venue view at its new
revision (``view.venue_revision``)."""

from __future__ import annotations

from flask import current_app
from sqlalchemy import select

from ... import live
from ...extensions import db
from ...models import TournamentTable
from ...serializers import to_json
from ..publishing import broker
from .common import find_tournament
from .view import load, revision_of, tournament_body

CHANNEL_PREFIX = "tournament:"


def venue_channel(tournament_id: str) -> str:
    """The broker's channel of the tournament's venue screen."""
    return CHANNEL_PREFIX + tournament_id


def venue_message(tournament_id: str) -> live.Message:
    """The venue view as stored now, as the message a stream sends (its revision the venue's)."""
    loaded = load(find_tournament(tournament_id))
    return live.Message(venue_channel(tournament_id), revision_of(loaded),
                        to_json(tournament_body(loaded, secrets=False)))


def publish_venue(tournament_id: str) -> None:
    """Tell every open venue screen of the tournament its new view (after the write committed)."""
    channel = venue_channel(tournament_id)
    if not current_app.config.get("REDIS_URL") and not broker().watchers(channel):
        return  # nobody here watches: a screen opening now subscribes before it reads the view
    try:
        broker().publish(venue_message(tournament_id))
    except Exception:  # a broker outage must not turn a write into an error
        current_app.logger.exception("could not publish the venue of tournament %s", tournament_id)


def publish_venue_for_match(match_id: str) -> None:
    """After a hand at a tournament's table: its venue screens are sent the new view. Nothing is read when this
    process watches no stream at all (in-process broker), else one indexed lookup says whether the match is a
    table."""
    try:
        if not current_app.config.get("REDIS_URL") and not broker().watchers():
            return
        tournament_id = db.session.scalar(select(TournamentTable.tournament_id)
                                          .where(TournamentTable.match_id == match_id))
    except Exception:
        current_app.logger.exception("could not look up the tournament of match %s", match_id)
        return
    if tournament_id is not None:
        publish_venue(tournament_id)
