"""Tournaments: a night of many tables. Players (or pairs) register, each round's tables are drawn
(``scorekeeper.tournament``) from a stored seed, every table plays an ordinary match (its own edit secret,
its own pages), and the standings follow the matches' results.

- ``common``        finding a tournament, the organizer's secret, the row lock, format and rules
- ``registration``  creating a tournament and registering entries
- ``rounds``        closing a round and drawing the next; the organizer's decision of a table; the
                    tournament finishing by itself when its last round's last table is over
- ``view``          the organizer's and the venue screen's view; the venue's revision
- ``publish``       live updates of the venue screen
"""

from __future__ import annotations

from .common import (
    ENTRY_LIMIT,
    REASON_LIMIT,
    TOURNAMENT_NAME_LIMIT,
    Closed,
    authorize_organizer,
    find_screen,
    find_tournament,
    table_token,
)
from .publish import publish_venue, publish_venue_for_match, venue_channel, venue_message
from .registration import create_tournament, register, register_at_screen
from .rounds import decide, finish_at_last_table, next_round
from .view import draw_sheet, table_of_match, tournament_json, tournament_view, venue_json, venue_revision, view_text

__all__ = [
    "ENTRY_LIMIT", "REASON_LIMIT", "TOURNAMENT_NAME_LIMIT", "Closed", "authorize_organizer", "create_tournament",
    "decide", "draw_sheet", "find_screen", "find_tournament", "finish_at_last_table", "next_round", "publish_venue",
    "publish_venue_for_match", "register", "register_at_screen", "table_of_match", "table_token", "tournament_json",
    "tournament_view", "venue_channel", "venue_json", "venue_message", "venue_revision", "view_text",
]
