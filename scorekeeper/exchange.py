"""A match exported: a JSON document with everything needed to rebuild it (``services.import_match`` reads
it back), and a CSV sheet for spreadsheets. Neither carries a secret: no edit token, no board token."""

from __future__ import annotations

import csv
import io
from typing import Any

from . import services
from .extensions import db
from .models import Hand, Match


def export_document(match: Match) -> dict[str, Any]:
    """The export of API.md "Export": the match, its hands as entered, its audit log, the engine's state
    summary, and the SHA-256 digest of the rest."""
    hands = db.session.scalars(db.select(Hand).where(Hand.match_id == match.id).order_by(Hand.number))
    document: dict[str, Any] = {
        "format": services.EXPORT_FORMAT,
        "version": services.EXPORT_VERSION,
        "match": {
            "variant": match.variant,
            "rules": dict(match.rules),
            "players": list(match.players),
            "first_dealer": match.first_dealer,
            "created_at": services.stamp(match.created_at),
        },
        "hands": [
            {"number": h.number, "input": h.input, "voided": h.voided, "disputed": h.disputed,
             "dispute_note": h.dispute_note, "confirmed_by": sorted(h.confirmed_by or [])}
            for h in hands
        ],
        "events": services.events_of(match),
        "state": services.exported_state(services.summary_of(match)),
    }
    document["digest"] = services.document_digest(document)
    return document


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """A cell as a spreadsheet should show it: nothing for None, and text that could be read as a formula
    (a player called ``=HYPERLINK(…)``) kept as text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _at(values: Any, side: int) -> Any:
    return values[side] if isinstance(values, list) and side < len(values) else None


def export_csv(match: Match) -> str:
    """One row per hand, a header row first: the hand, then per side its card points, hand points, score and
    total, then the pot and the explanation."""
    rules = services.rules_of(match)
    names = services.side_names(rules, match.players)
    state = services.state_of(match)
    out = io.StringIO()
    writer = csv.writer(out)
    header = ["hand", "game", "voided", "result", "taker", "contract"]
    for label in ("card points", "hand points", "score", "total"):
        header.extend(f"{label} ({name})" for name in names)
    header.extend(["pot", "explanation"])
    writer.writerow([_cell(h) for h in header])
    for hand in state["hands"]:
        given = hand.get("input") or {}
        taker = given.get("taker")
        row: list[Any] = [hand["number"], hand.get("game"), hand.get("voided"), hand.get("result"),
                          names[taker] if isinstance(taker, int) and 0 <= taker < len(names) else None,
                          given.get("contract")]
        for values in (given.get("card_points"), hand.get("points"), hand.get("scores"), hand.get("totals")):
            row.extend(_at(values, side) for side in range(len(names)))
        row.extend([hand.get("pot"), " ".join(hand.get("explanation") or [])])
        writer.writerow([_cell(value) for value in row])
    return out.getvalue()


def filename(match: Match, extension: str) -> str:
    """The download's file name: the players and the day the match began."""
    players = "-".join("".join(c for c in name if c.isascii() and c.isalnum()) for name in match.players) or "match"
    return f"scorekeeper-{players}-{services.stamp(match.created_at)[:10]}.{extension}"
