"""The services: state changes of a match, a club or an import as small verbs. The only code that commits.

One module per noun; the verbs are re-exported here, so a view writes ``services.record_hand(...)``:

- ``errors``       the answer of a write (``Answer``) and the errors with their HTTP status
- ``access``       public ids, secrets, and who may score, watch, confirm or use a club
- ``state``        a match's rules, the engine's replay of its hands, and the cache of it
- ``idempotency``  a retried write answered once
- ``matches``      starting a match
- ``hands``        recording, editing, voiding, undoing and restoring hands
- ``disputes``     disputes, rulings and confirmations
- ``clubs``        clubs, their players and their house rules
- ``imports``      a match or club rebuilt from its export
- ``exports``      the export documents and CSV sheets of a match or a club
- ``history``      finding matches and the statistics of players (read only)
- ``publishing``   live updates after a write
- ``tournaments``  tournament nights: entries, the draw of each round, tables (matches), standings
- ``health``       what /healthz checks: the database, its migrations, Redis (read only; not re-exported)

Scores come only from the engine: the state is a replay of the stored hands, cached per revision.
Links and the request stay in the views: nothing here reads ``flask.request``.
"""

from __future__ import annotations

from ..extensions import db
from ..serializers import side_names, stamp, to_json
from .access import (
    authorize,
    authorize_club,
    can_confirm,
    can_edit,
    can_use_club,
    confirm_token,
    find_board,
    find_club,
    find_match,
    hash_token,
    new_id,
    new_token,
)
from .boards import Keys, board_keys, board_text, match_keys, screen_language
from .clubs import (
    CLUB_NAME_LIMIT,
    CLUB_PLAYER_LIMIT,
    NAME_LIMIT,
    club_body,
    club_house_rules,
    club_players,
    create_club,
    player_key,
)
from .disputes import RESOLUTIONS, confirm_hand, dispute_hand, resolve_hand
from .errors import Answer, BadRequest, Finished, Invalid, NotFound, ServiceError, Stale, Unauthorized, json_object
from .hands import (
    CHANGES_LIMIT,
    NOTE_LIMIT,
    REVISION_LIMIT,
    changes_since,
    edit_hand,
    record_hand,
    restore_hand,
    undo_hand,
    void_hand,
    would_score,
)
from .idempotency import KEY_LIMIT, fingerprint
from .imports import (
    CLUB_FORMAT,
    CLUB_MATCH_LIMIT,
    EXPORT_FORMAT,
    EXPORT_VERSION,
    IMPORT_EVENT_LIMIT,
    IMPORT_HAND_LIMIT,
    document_digest,
    exported_state,
    import_club,
    import_match,
)
from .matches import blank_match, create_match
from .publishing import broker, current_message, current_revision, publish
from .state import (
    events_of,
    match_body,
    match_json,
    next_position,
    rules_of,
    sides_of,
    state_of,
    state_text,
    summary_of,
)
from .tournaments import (
    authorize_organizer,
    create_tournament,
    decide,
    find_screen,
    find_tournament,
    next_round,
    publish_venue,
    publish_venue_for_match,
    register,
    register_at_screen,
    table_of_match,
    tournament_json,
    venue_channel,
    venue_json,
    venue_message,
    venue_revision,
    view_text,
)

__all__ = [
    "Keys", "board_keys", "board_text", "match_keys", "screen_language",
    "CLUB_FORMAT", "CLUB_MATCH_LIMIT", "CLUB_NAME_LIMIT", "CLUB_PLAYER_LIMIT", "EXPORT_FORMAT", "EXPORT_VERSION",
    "IMPORT_EVENT_LIMIT", "IMPORT_HAND_LIMIT", "KEY_LIMIT", "NAME_LIMIT", "NOTE_LIMIT", "RESOLUTIONS",
    "REVISION_LIMIT", "CHANGES_LIMIT", "changes_since", "would_score",
    "Answer", "BadRequest", "Finished", "Invalid", "NotFound", "ServiceError", "Stale",
    "Unauthorized", "authorize", "authorize_club", "broker", "can_confirm", "can_edit",
    "can_use_club", "club_body", "club_house_rules", "club_players", "confirm_hand", "confirm_token",
    "blank_match", "create_club", "create_match", "current_message", "current_revision", "db", "dispute_hand",
    "document_digest", "edit_hand", "events_of",
    "exported_state", "find_board", "find_club", "find_match", "fingerprint", "hash_token", "import_club",
    "import_match", "json_object", "match_body", "match_json", "new_id", "new_token", "next_position",
    "player_key", "publish", "record_hand", "resolve_hand", "restore_hand", "rules_of", "side_names",
    "sides_of", "stamp", "state_of", "state_text", "summary_of", "to_json", "undo_hand", "void_hand",
    # tournaments
    "authorize_organizer", "create_tournament", "decide", "find_screen", "find_tournament", "next_round",
    "publish_venue", "publish_venue_for_match", "register", "register_at_screen", "table_of_match",
    "tournament_json", "venue_channel", "venue_json", "venue_message", "venue_revision", "view_text",
]
