"""One JSON shape of each thing the server shows: a match, a hand of its state, a club, an audit event.

Shared by the API, the pages and the live board. It sits *below* the services (it imports only the engine
and the models): the services store some answers byte for byte (an idempotent retry, the state cache), so
they must build them in this shape themselves. Nothing here reads the database or the request.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from .models import Club, Event, Hand, Match
from .rules import Rules, ScoredHand


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


def side_names(rules: Rules, players: list[str]) -> list[str]:
    """One name per side: the player, or the partners joined with ``&`` in four-handed play."""
    if rules.players == 4:
        return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    return list(players)


def sides(match: Match, rules: Rules) -> list[dict[str, Any]]:
    """The sides of a match: index, name and players."""
    names = side_names(rules, match.players)
    return [
        {"index": i, "name": names[i],
         "players": [p for seat, p in enumerate(match.players) if rules.side_of(seat) == i]}
        for i in range(rules.sides)
    ]


def match_head(match: Match, rules: Rules) -> dict[str, Any]:
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
    }


def hand_entry(scored: ScoredHand, row: Hand | None) -> dict[str, Any]:
    """A hand's entry in the state: the engine's result, with what the table said of it (a dispute, the
    sides that confirmed it) taken from its stored row, so the cache stays a function of the rows."""
    entry = scored.as_dict()
    disputed = bool(row is not None and row.disputed)
    entry["disputed"] = disputed
    entry["dispute"] = row.dispute_note if disputed and row is not None else None
    entry["confirmed_by"] = sorted(row.confirmed_by or []) if row is not None else []
    return entry


def event(row: Event) -> dict[str, Any]:
    """An entry of the audit log."""
    return {"revision": row.revision, "kind": row.kind, "hand": row.hand_number, "data": row.data,
            "at": stamp(row.created_at)}


def club(row: Club, players: list[str]) -> dict[str, Any]:
    """The club as the API shows it, without its secret."""
    return {"id": row.id, "name": row.name, "created_at": stamp(row.created_at), "players": players}
