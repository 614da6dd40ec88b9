"""What a phone remembers, in its signed session cookie: the edit keys of the matches it started or scored,
the secrets of the clubs it joined and of the tournaments it organizes. Nothing else identifies a phone."""

from __future__ import annotations

from flask import abort, session

from .. import services
from ..extensions import db
from ..models import Club, Match

REMEMBERED = 30
"""Matches a phone keeps the keys of (the newest); a club keeps the rest of its history."""
CLUBS_REMEMBERED = 8
TOURNAMENTS_REMEMBERED = 8
"""Tournaments a phone keeps the organizer's secret of."""


def _stored(name: str) -> dict[str, str]:
    """The ids and secrets kept under ``name``, oldest first. They are kept as a list of pairs: the session's
    JSON sorts an object's keys, which would lose the order (an older cookie may still hold an object)."""
    value = session.get(name)
    if isinstance(value, dict):
        return {str(k): str(v) for k, v in value.items()}
    if isinstance(value, list):
        return {str(pair[0]): str(pair[1]) for pair in value if isinstance(pair, list) and len(pair) == 2}
    return {}


def identity() -> str:
    """This phone's own random id, kept in its session: what scopes the idempotency key of a match or club it
    creates (a retry from this phone is answered once; nobody else's request is answered its secrets)."""
    value = session.get("phone")
    if not isinstance(value, str) or len(value) < 16:
        value = session["phone"] = services.new_token()
    return "phone " + value


def keys() -> dict[str, str]:
    """Match id → edit key, oldest first."""
    return _stored("keys")


def club_keys() -> dict[str, str]:
    """Club id → the club's secret, oldest first."""
    return _stored("clubs")


def tournament_keys() -> dict[str, str]:
    """Tournament id → the organizer's secret, oldest first."""
    return _stored("tournaments")


def _keep(name: str, item_id: str, token: str, most: int) -> None:
    stored = _stored(name)
    stored.pop(item_id, None)
    stored[item_id] = token
    session[name] = [[key, value] for key, value in list(stored.items())[-most:]]
    session.permanent = True


def remember(match_id: str, token: str) -> None:
    """Keep a match's edit key (the newest last)."""
    _keep("keys", match_id, token, REMEMBERED)


def remember_club(club_id: str, token: str) -> None:
    """Keep a club's secret."""
    _keep("clubs", club_id, token, CLUBS_REMEMBERED)


def remember_tournament(tournament_id: str, token: str) -> None:
    """Keep the organizer's secret of a tournament."""
    _keep("tournaments", tournament_id, token, TOURNAMENTS_REMEMBERED)


def forget(match_id: str) -> None:
    """Forget a match on this phone: its edit key leaves the cookie (the match itself stays on the server)."""
    stored = _stored("keys")
    if stored.pop(match_id, None) is not None:
        session["keys"] = [[key, value] for key, value in stored.items()]


def first_time(kind: str, item_id: str) -> bool:
    """True the first time this phone is shown the key of ``item_id`` (the link is shown once)."""
    name = f"shown_{kind}"
    shown = session.get(name)
    shown = list(shown) if isinstance(shown, list) else []
    if item_id in shown:
        return False
    session[name] = [*shown[-REMEMBERED:], item_id]
    return True


def scoring_key(match: Match) -> str | None:
    """The key this phone scores ``match`` with: its own edit key, or the secret of the match's club."""
    for token in (keys().get(match.id), club_keys().get(match.club_id) if match.club_id else None):
        if token and services.can_edit(match, token):
            return token
    return None


def scored_match(match_id: str) -> tuple[Match, str]:
    """The match and the key this phone scores it with; 403 when this phone has no key for it (404: no match)."""
    match = services.find_match(match_id)
    token = scoring_key(match)
    if token is None:
        abort(403)
    return match, token


def clubs() -> list[Club]:
    """The clubs this phone holds a good secret for, newest joined first."""
    found = []
    for club_id, token in reversed(club_keys().items()):
        club = db.session.get(Club, club_id)
        if club is not None and services.can_use_club(club, token):
            found.append(club)
    return found
