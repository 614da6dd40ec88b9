"""The limits of what a table types, written once: the API's shapes, the forms, the phone's engine, the database's
columns and the pages' ``maxlength`` all read them here (standard library, at the bottom of the package, so every
layer and the engine packed for the phone may)."""

from __future__ import annotations

SEATS = 4
"""The most players at a table (and so the start form's seats)."""
NAME_LIMIT = 40
"""The longest name of a player, in characters."""
NOTE_LIMIT = 500
"""The longest note or reason a scorer writes beside a hand (a change, a void, a dispute)."""
CLUB_NAME_LIMIT = 80
"""The longest name of a club."""
TOURNAMENT_NAME_LIMIT = 80
"""The longest name of a tournament."""
REASON_LIMIT = 200
"""The longest reason the organizer gives for deciding a table."""
MELDS_LIMIT = 60
"""The longest declarations box of the hand form ("20 50 100 …")."""
