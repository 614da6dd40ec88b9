"""Statistics of a club's history: each player's and each partnership's figures over the matches played,
head to head, and a player's results one after the other. Counts taken from the engine's results, never
scored again. Standard library only (the engine's hand results come from ``scorekeeper.rules``); nothing of
the app.
"""

from .club import (
    TAKEN,
    MatchRecord,
    Tally,
    average,
    head_to_head,
    partnership_tallies,
    player_tallies,
    rate,
    results,
)

__all__ = [
    "TAKEN", "MatchRecord", "Tally",
    "average", "head_to_head", "partnership_tallies", "player_tallies", "rate", "results",
]
