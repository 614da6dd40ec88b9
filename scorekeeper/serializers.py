"""One JSON shape of each thing the server shows: a match, a hand of its state, a club, an audit event, a
tournament's parts (its entries, tables and standings).

Shared by the API, the pages and the live board. It sits *below* the services (it imports only the engine
and the models): the services store some answers byte for byte (an idempotent retry, the state cache), so
they must build them in this shape themselves. Nothing here reads the database or the request.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, cast

from . import shapes
from .models import Club, Event, Hand, Match, Tournament, TournamentEntry, TournamentTable
from .offline.state import hand_entry as offline_entry
from .offline.state import side_names
from .rules import Rules, ScoredHand
from .rules.match import STROKES_WIN
from .tournament import Standing


def to_json(value: Any) -> str:
    """Compact JSON text (no newlines, so it can stand as one server-sent event's data line)."""
    return json.dumps(value, separators=(",", ":"))


def with_member(text: str, key: str, value_text: str) -> str:
    """JSON object text with one more member whose value is already JSON text (cached text is joined, not
    decoded and encoded again)."""
    return f"{text[:-1]},{json.dumps(key)}:{value_text}}}" if text != "{}" else f"{{{json.dumps(key)}:{value_text}}}"


def stamp(moment: datetime) -> str:
    """A stored time in ISO 8601 with its UTC offset (SQLite hands times back without their zone)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def sides(match: Match, rules: Rules) -> list[shapes.Side]:
    """The sides of a match: index, name and players."""
    names = side_names(rules, match.players)
    return [
        {"index": i, "name": names[i],
         "players": [p for seat, p in enumerate(match.players) if rules.side_of(seat) == i]}
        for i in range(rules.sides)
    ]


def match_head(match: Match, rules: Rules) -> shapes.MatchHead:
    """The match without its state, and without any secret but the board link."""
    return {
        "id": match.id,
        "variant": match.variant,
        "rules": rules.as_dict(),
        "players": list(match.players),
        "sides": sides(match, rules),
        "first_dealer": match.first_dealer,
        "created_at": stamp(match.created_at),
        "updated_at": stamp(match.updated_at),
        "links": {"board": f"/board/{match.view_token}"},
        "language": match.language,
    }


def hand_entry(scored: ScoredHand, row: Hand | None) -> shapes.Hand:
    """A hand's entry in the state: the engine's result, with what the table said of it (a dispute, the
    sides that confirmed it) taken from its stored row, so the cache stays a function of the rows. The shape is
    ``offline.state.hand_entry``'s, which the phone's worker gives too."""
    if row is None:
        return cast(shapes.Hand, offline_entry(scored))  # the phone's bridge imports nothing of the app
    return cast(shapes.Hand, offline_entry(scored, bool(row.disputed), row.dispute_note, row.confirmed_by or []))


def event(row: Event) -> shapes.Event:
    """An entry of the audit log."""
    return {"revision": row.revision, "kind": row.kind, "hand": row.hand_number, "data": row.data,
            "at": stamp(row.created_at)}


def club(row: Club, players: list[str]) -> shapes.Club:
    """The club as the API shows it, without its secret."""
    return {"id": row.id, "name": row.name, "created_at": stamp(row.created_at), "players": players,
            "language": row.language}


# ---------------------------------------------------------------- tournaments


def entry_name(names: list[str]) -> str:
    """An entry as the venue names it: the player, or the pair joined with ``&``."""
    return " & ".join(names)


def tournament_head(row: Tournament, rules: Rules) -> shapes.TournamentHead:
    """The tournament without its rounds, standings or any secret (but the venue screen's link)."""
    return {
        "id": row.id,
        "name": row.name,
        "variant": row.variant,
        "rules": rules.as_dict(),
        "format": row.format,
        "entry": row.entry,
        "seed": row.seed,
        "status": row.status,
        "club": row.club_id,
        "created_at": stamp(row.created_at),
        "updated_at": stamp(row.updated_at),
        "links": {"screen": f"/t/screen/{row.view_token}"},
        "language": row.language,
    }


def tournament_entry(row: TournamentEntry) -> shapes.TournamentEntry:
    """An entry: its index (the draw's number for it, from 0), its name and its players."""
    return {"index": row.number, "name": entry_name(row.names), "names": list(row.names)}


def table_strokes(row: TournamentTable, rules: Rules, summary: dict[str, Any]) -> list[int] | None:
    """Where the game keeps strokes (Jass): each side's strokes at the table. A closed round's as it was closed;
    else its match's over its games (the game being played: so far); and where the organizer decided a table
    whose match had not ended, the side decided the winner also has a won game's strokes. None elsewhere."""
    if not rules.strokes:
        return None
    if row.winner is not None and row.strokes is not None:
        return list(row.strokes)
    strokes = list(summary.get("strokes") or [0] * rules.sides)
    if row.decided_winner is not None and summary["winner"] is None:
        strokes[row.decided_winner] += STROKES_WIN
    return strokes


def tournament_table(row: TournamentTable, match: Match, rules: Rules, summary: dict[str, Any],
                     links: Any) -> shapes.TournamentTable:
    """A table of a round: its match, the players of each side (as the match seats them), the match's totals
    from its state, and whether it is over (its match finished, or the organizer decided it). A table of a
    closed round shows the result it was closed with. Where the game keeps strokes (Jass), each side's strokes
    (``table_strokes``)."""
    decided: shapes.Decided | None = None
    if row.decided_winner is not None:  # a decision is stored with its reason
        decided = {"winner": row.decided_winner, "reason": cast(str, row.decided_reason)}
    winner = row.decided_winner if row.decided_winner is not None else summary["winner"]
    totals = summary["totals"]
    if row.winner is not None:
        winner, totals = row.winner, row.totals or totals
    shown = sides(match, rules)
    table: shapes.TournamentTable = {
        "number": row.number,
        "match": match.id,
        "sides": [side["players"] for side in shown],
        "names": [side["name"] for side in shown],
        "entries": [list(entries) for entries in row.sides],
        "totals": list(totals),
        "games_won": list(summary["games_won"]),
        "finished": winner is not None,
        "winner": winner,
        "decided": decided,
        "links": links,
    }
    strokes = table_strokes(row, rules, summary)
    if strokes is not None:  # only in a game that keeps strokes: every other table is as it was
        table["strokes"] = strokes
    return table


def tournament_standing(standing: Standing, names: list[str]) -> shapes.Standing:
    """A line of the standings; ``reached`` is the round a knockout entry reached (null in other formats);
    ``strokes`` only where the game keeps them (Jass)."""
    line: shapes.Standing = {
        "entry": entry_name(names), "index": standing.entry, "names": list(names), "rank": standing.rank,
        "played": standing.played, "won": standing.won, "points_for": standing.points_for,
        "points_against": standing.points_against, "reached": standing.reached}
    if standing.strokes is not None:
        line["strokes"] = standing.strokes
    return line
