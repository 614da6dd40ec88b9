"""Tournaments: the formats (a registry, one class per format with a few hooks), the draw of every round from
the tournament's seed, and the standings. Standard library only, like the engine whose errors and words it
uses (``scorekeeper.rules``); nothing of the app.

Typical use::

    fmt = Format("swiss", "players", players_per_table=2, sides_per_table=2, rounds=3)
    first = draw_round(fmt, [Entry(("Ana",)), Entry(("Ivo",))], played=[], seed=7)
    FORMATS["swiss"].chooses_rounds  # True
"""

from .draw import (
    check_entries,
    check_entry_names,
    check_format,
    draw_round,
    entries_per_table,
    finished,
    standings,
    still_in,
    total_rounds,
    winner,
)
from .formats import FORMATS, MAX_SWISS_ROUNDS, TournamentFormat, find_format, register
from .rounds import ENTRY_KINDS, TABLE_SHAPES, Entry, Format, PlayedRound, Round, Standing, Table, TableResult

__all__ = [
    "ENTRY_KINDS", "FORMATS", "MAX_SWISS_ROUNDS", "TABLE_SHAPES",
    "Entry", "Format", "PlayedRound", "Round", "Standing", "Table", "TableResult", "TournamentFormat",
    "check_entries", "check_entry_names", "check_format", "draw_round", "entries_per_table", "find_format",
    "finished", "register", "standings", "still_in", "total_rounds", "winner",
]
