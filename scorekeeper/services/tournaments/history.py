"""A club's tournaments in its history (read only): each with its day, winners and runners-up, and a
player's results in them (the rank, the round reached). Every figure is the draw's standings."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from ...extensions import db
from ...models import Club, Tournament
from ...serializers import entry_name, stamp
from ...tournament import find_format
from ..clubs import player_key
from .view import load, tournament_body

CLUB_TOURNAMENTS_SHOWN = 50
"""The newest tournaments a club's page lists."""


def runners_up(view: dict[str, Any]) -> list[int]:
    """The entries second to the winners: a knockout's final's other sides; else the best rank after the first."""
    if view["winner"] is None:
        return []
    won = set(view["winner"]["entries"])
    if find_format(view["format"]).knockout and view["rounds"] and view["rounds"][-1]["tables"]:
        final = view["rounds"][-1]["tables"][0]
        return [entry for side in final["entries"] for entry in side if entry not in won]
    ranks = [line["rank"] for line in view["standings"] if line["index"] not in won]
    if not ranks:
        return []
    return [line["index"] for line in view["standings"] if line["rank"] == min(ranks) and line["index"] not in won]


def _row(tournament: Tournament) -> dict[str, Any]:
    view = tournament_body(load(tournament), secrets=False)
    names = {entry["index"]: entry["names"] for entry in view["entries"]}
    second = runners_up(view)
    return {"id": tournament.id, "name": tournament.name, "day": stamp(tournament.created_at)[:10],
            "status": tournament.status, "format": tournament.format, "view": view,
            "screen": f"/t/screen/{tournament.view_token}",
            "winners": view["winner"]["name"] if view["winner"] else None,
            "runners_up": ", ".join(entry_name(names[i]) for i in second) if second else None}


def _club_tournaments(club: Club) -> list[Tournament]:
    return list(db.session.scalars(select(Tournament).where(Tournament.club_id == club.id)
                                   .order_by(Tournament.created_at.desc(), Tournament.id)
                                   .limit(CLUB_TOURNAMENTS_SHOWN)))


def club_tournaments(club: Club) -> list[dict[str, Any]]:
    """The club's tournaments, newest first: name, day, status, and once finished the winners and runners-up."""
    return [{k: v for k, v in _row(t).items() if k != "view"} for t in _club_tournaments(club)]


def player_tournaments(club: Club, name: str) -> list[dict[str, Any]]:
    """The club's tournaments ``name`` played in, newest first: the rank (of how many entries), the round
    reached (knockouts), and whether the player's entry won or was runner-up."""
    key = player_key(name)
    found = []
    for tournament in _club_tournaments(club):
        row = _row(tournament)
        view = row["view"]
        entry = next((e for e in view["entries"] if key in {player_key(n) for n in e["names"]}), None)
        if entry is None:
            continue
        line = next((s for s in view["standings"] if s["index"] == entry["index"]), None)
        winners = set(view["winner"]["entries"]) if view["winner"] else set()
        found.append({"id": tournament.id, "name": tournament.name, "day": row["day"], "status": row["status"],
                      "entry": entry["name"], "entries": len(view["entries"]),
                      "rank": line["rank"] if line else None, "reached": line["reached"] if line else None,
                      "total_rounds": view["total_rounds"], "won": entry["index"] in winners,
                      "runner_up": entry["index"] in runners_up(view)})
    return found
