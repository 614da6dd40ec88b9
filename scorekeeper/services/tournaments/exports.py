"""A tournament to take away: the whole of it as a JSON document (entries, every round's tables with their
totals and results, the standings, the winner, the seed that made the draw), and its tables as CSV rows for a
spreadsheet. Neither carries a secret: no organizer's or table's key, no screen or board link."""

from __future__ import annotations

from typing import Any

from ...models import Tournament, utcnow
from ...serializers import stamp
from ..exports import _cell, _writer
from .view import load, tournament_body

TOURNAMENT_FORMAT = "scorekeeper-tournament"
TOURNAMENT_EXPORT_VERSION = 1
MOST_SIDES = 3
"""The sides a table has at most (three-handed games): the CSV always has this many side columns."""
CSV_HEADER = ["round", "table", "match", *(f"side_{i + 1}" for i in range(MOST_SIDES)),
              *(f"total_{i + 1}" for i in range(MOST_SIDES)), "result", "winner", "reason"]
"""The CSV's columns, stable keys a spreadsheet or a script can rely on."""


def tournament_document(tournament: Tournament) -> dict[str, Any]:
    """The whole tournament, as the venue screen shows it without its links."""
    view = tournament_body(load(tournament), secrets=False)
    rounds = [{"number": r["number"], "byes": r["byes"],
               "tables": [{k: v for k, v in table.items() if k != "links"} for table in r["tables"]]}
              for r in view["rounds"]]
    return {
        "format": TOURNAMENT_FORMAT,
        "version": TOURNAMENT_EXPORT_VERSION,
        "tournament": {"id": view["id"], "name": view["name"], "variant": view["variant"], "rules": view["rules"],
                       "format": view["format"], "entry": view["entry"], "rounds": tournament.rounds,
                       "seed": view["seed"], "status": view["status"], "created_at": view["created_at"]},
        "total_rounds": view["total_rounds"],
        "entries": view["entries"],
        "rounds": rounds,
        "standings": view["standings"],
        "winner": view["winner"],
    }


def tournament_csv(tournament: Tournament) -> str:
    """One row per table of every round (its sides by name, its totals, who won and how), then a row per bye."""
    document = tournament_document(tournament)
    out, writer = _writer()
    writer.writerow(CSV_HEADER)
    for round_ in document["rounds"]:
        for table in round_["tables"]:
            names = table["names"]
            result = "decided" if table["decided"] else "won" if table["finished"] else "playing"
            winner = names[table["winner"]] if table["winner"] is not None else None
            reason = table["decided"]["reason"] if table["decided"] else None
            row = [round_["number"], table["number"], table["match"],
                   *(names[i] if i < len(names) else None for i in range(MOST_SIDES)),
                   *(table["totals"][i] if i < len(table["totals"]) else None for i in range(MOST_SIDES)),
                   result, winner, reason]
            writer.writerow([_cell(value) for value in row])
        for bye in round_["byes"]:
            row = [round_["number"], None, None, bye, *([None] * (2 * MOST_SIDES - 1)), "bye", bye, None]
            writer.writerow([_cell(value) for value in row])
    return out.getvalue()


def tournament_filename(tournament: Tournament, extension: str) -> str:
    """The download's file name: the tournament's name and today's day."""
    name = "".join(c for c in tournament.name.replace(" ", "-") if c.isascii() and (c.isalnum() or c == "-"))
    return f"scorekeeper-tournament-{name or 'night'}-{stamp(utcnow())[:10]}.{extension}"
