"""A match exported: a JSON document with everything needed to rebuild it (``imports.import_match`` reads
it back), and a CSV sheet for spreadsheets. Neither carries a secret: no edit token, no board token.

The JSON document and the CSV's column headers and values (``made``, ``yes``) are stable English keys a script
can rely on; the CSV's words for people (each hand's explanation, the game's name) are said in the page's
language when the web layer gives a ``say`` (``i18n.said``), English without one."""

from __future__ import annotations

import csv
import io
from typing import Any

from ..extensions import db
from ..models import Club, Hand, Match, utcnow
from ..rules import HandInput, RuleError, Rules, read_hand
from ..serializers import side_names, stamp
from .clubs import club_players
from .imports import CLUB_FORMAT, EXPORT_FORMAT, EXPORT_VERSION, document_digest, exported_state
from .state import Say, events_of, rules_of, state_of, summary_of


def export_document(match: Match) -> dict[str, Any]:
    """The export of docs/api.md "Export": the match, its hands as entered, its audit log, the engine's state
    summary, and the SHA-256 digest of the rest."""
    hands = db.session.scalars(db.select(Hand).where(Hand.match_id == match.id).order_by(Hand.number))
    document: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "match": {
            "variant": match.variant,
            "rules": dict(match.rules),
            "players": list(match.players),
            "first_dealer": match.first_dealer,
            "created_at": stamp(match.created_at),
        },
        "hands": [
            {"number": h.number, "input": h.input, "voided": h.voided, "disputed": h.disputed,
             "dispute_note": h.dispute_note, "confirmed_by": sorted(h.confirmed_by or [])}
            for h in hands
        ],
        "events": events_of(match),
        "state": exported_state(summary_of(match)),
    }
    document["digest"] = document_digest(document)
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


def _read(rules: Rules, given: Any) -> HandInput | None:
    """A stored hand's input as the engine reads it (a full deck's missing side filled in), or None."""
    try:
        return read_hand(rules, given)
    except RuleError:
        return None


DOUBLES = {1: "double", 2: "redouble"}
BID_DOUBLES = {1: "coinche", 2: "surcoinche"}
"""A game with bids says its double and redouble in its own words (Belote contrée)."""


def _melds(given: Any) -> str | None:
    """A side's melds as given: credited values (``20 50``), or declarations (``sequence 4 K clubs``)."""
    if not isinstance(given, list) or not given:
        return None
    return " ".join(" ".join(str(v) for v in m.values()) if isinstance(m, dict) else str(m) for m in given)


def _hand_rows(match: Match, names: list[str], width: int, say: Say | None = None) -> list[list[Any]]:
    """The match's hands as rows: the hand and every part of its input (``HAND_HEAD``), then per side
    (``width`` columns of each) its card points (the engine's reading: in a game where every card is played,
    the side left out has the rest of the deck), melds as given, bela declared, hand points, score and total,
    then the pot and the explanation (said with ``say``, English without)."""
    rules = rules_of(match)
    state = state_of(match, sayable=say is not None)
    rows = []

    def name(side: Any) -> str | None:
        return names[side] if isinstance(side, int) and not isinstance(side, bool) and 0 <= side < len(names) else None

    for hand in state["hands"]:
        given = hand.get("input") or {}
        read = _read(rules, given)
        claim = read.claim if read is not None else None
        revoke = read.revoke if read is not None else None
        row: list[Any] = [hand["number"], hand.get("game"), hand.get("voided"), hand.get("result"),
                          name(given.get("taker")), read.bid if read is not None else None, given.get("contract"),
                          (BID_DOUBLES if rules.bids else DOUBLES).get(read.double) if read is not None else None,
                          name(read.last_trick) if read is not None else None,
                          name(claim.side) if claim else None, claim.points if claim else None,
                          name(revoke.accuser) if revoke else None, name(revoke.accused) if revoke else None,
                          revoke.upheld if revoke else None, bool(given.get("thrown_in"))]
        card_points = read.card_points if read is not None and read.card_points is not None else None
        bela = read.bela if read is not None else ()
        row.extend(_at(list(card_points) if card_points else None, side) for side in range(width))
        row.extend(_melds(_at(given.get("melds"), side)) for side in range(width))
        row.extend(bela[side] or None if side < len(bela) else None for side in range(width))
        for values in (hand.get("points"), hand.get("scores"), hand.get("totals")):
            row.extend(_at(values, side) for side in range(width))
        lines = hand.get("explanation") or []
        row.extend([hand.get("pot"), " ".join(say(line) for line in lines) if say is not None else " ".join(lines)])
        rows.append(row)
    return rows


HAND_HEAD = ["hand", "game", "voided", "result", "taker", "bid", "contract", "double", "last trick", "claim by",
             "claim points", "revoke called by", "revoke called on", "revoke upheld", "thrown in"]
SIDE_COLUMNS = ("card points", "melds", "bela", "hand points", "score", "total")


def _writer() -> tuple[io.StringIO, Any]:
    out = io.StringIO()
    return out, csv.writer(out)


def export_csv(match: Match, say: Say | None = None) -> str:
    """One row per hand, a header row first, the sides named in the header; the explanations said with
    ``say`` (English without)."""
    names = side_names(rules_of(match), match.players)
    out, writer = _writer()
    header = list(HAND_HEAD)
    for label in SIDE_COLUMNS:
        header.extend(f"{label} ({name})" for name in names)
    writer.writerow([_cell(h) for h in [*header, "pot", "explanation"]])
    writer.writerows([_cell(value) for value in row] for row in _hand_rows(match, names, len(names), say))
    return out.getvalue()


MOST_SIDES = 3


def club_matches(club: Club) -> list[Match]:
    """The club's matches, oldest first (the order an export keeps)."""
    return list(db.session.scalars(db.select(Match).where(Match.club_id == club.id)
                                   .order_by(Match.created_at, Match.id)))


def club_document(club: Club) -> dict[str, Any]:
    """The whole club: its name, its players, and every match as ``export_document`` gives it, with a digest
    of all of it (each match keeps its own too)."""
    document: dict[str, Any] = {
        "format": CLUB_FORMAT,
        "version": EXPORT_VERSION,
        "club": {"name": club.name, "created_at": stamp(club.created_at)},
        "players": [player.name for player in club_players(club)],
        "matches": [export_document(match) for match in club_matches(club)],
    }
    document["digest"] = document_digest(document)
    return document


def club_csv(club: Club, say: Say | None = None) -> str:
    """One row per hand of every match, oldest match first: the match's id, day, game and sides, then the
    hand as ``export_csv`` gives it with the sides numbered (side 1 to 3) since matches differ; the games'
    names and the explanations said with ``say`` (English without)."""
    out, writer = _writer()
    header = ["match", "day", "kind of game", *(f"side {i + 1}" for i in range(MOST_SIDES)), *HAND_HEAD]
    for label in SIDE_COLUMNS:
        header.extend(f"{label} (side {i + 1})" for i in range(MOST_SIDES))
    writer.writerow([*header, "pot", "explanation"])
    for match in club_matches(club):
        rules = rules_of(match)
        names = side_names(rules, match.players)
        head = [match.id, stamp(match.created_at)[:10], say(rules.title) if say is not None else rules.title,
                *(names[i] if i < len(names) else None for i in range(MOST_SIDES))]
        writer.writerows([_cell(value) for value in [*head, *row]]
                         for row in _hand_rows(match, names, MOST_SIDES, say))
    return out.getvalue()


def club_filename(club: Club, extension: str) -> str:
    """The club download's file name: its name and today's day."""
    name = "".join(c for c in club.name.replace(" ", "-") if c.isascii() and (c.isalnum() or c == "-")) or "club"
    return f"scorekeeper-club-{name}-{stamp(utcnow())[:10]}.{extension}"


def filename(match: Match, extension: str) -> str:
    """The download's file name: the players and the day the match began."""
    players = "-".join("".join(c for c in name if c.isascii() and c.isalnum()) for name in match.players) or "match"
    return f"scorekeeper-{players}-{stamp(match.created_at)[:10]}.{extension}"
