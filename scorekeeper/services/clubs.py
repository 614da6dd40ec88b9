"""Clubs: a regular table's name, secret and players; a match played in a club seats the club's players;
the house rules a club last played each game with."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from .. import serializers, shapes
from ..extensions import db
from ..models import Club, Match, MatchPlayer, Player, utcnow
from ..rules import Problem
from ..rules.limits import CLUB_NAME_LIMIT, NAME_LIMIT
from ..rules.words import Said
from .access import authorize_club, find_club, hash_token, new_id, new_token, secret_from_seed, with_secret
from .errors import Answer, Invalid, json_object
from .idempotency import caller_scope, fingerprint, idempotent
from .text import language_of, text_problem, title_problem

CLUB_PLAYER_LIMIT = 500


def player_key(name: str) -> str:
    """A name as a club compares it: case folded, inner spaces collapsed."""
    return " ".join(name.casefold().split())


def name_problem(name: object, field: str) -> Problem | None:
    """What is wrong with a player's name as typed (none, broken text, too long), or None."""
    if not isinstance(name, str) or not name.strip():
        return Problem(field, Said("every player needs a name"))
    # Translators: a player's name, in "… is not valid text: it holds a broken character".
    if broken := text_problem(name, field, Said("the name")):
        return broken
    if len(name.strip()) > NAME_LIMIT:
        return Problem(field, Said("a name has at most %(limit)s characters", limit=NAME_LIMIT))
    return None


def club_of_body(data: Mapping[str, Any], token: str | None) -> Club | None:
    """The club a new match names (``"club"``), after checking the token is its secret; None without one."""
    club_id = data.get("club")
    if club_id is None:
        return None
    if not isinstance(club_id, str) or not club_id:
        raise Invalid("club", Said("the club is its id, as text"))
    club = find_club(club_id)
    authorize_club(club, token)
    return club


def _club_player(club: Club, name: str) -> Player:
    """The club's player of that name (compared without case), added to the club if new."""
    key = player_key(name)
    player = db.session.scalar(select(Player).where(Player.club_id == club.id, Player.key == key))
    if player is not None:
        return player
    player = Player(club_id=club.id, name=" ".join(name.split()), key=key)
    try:
        with db.session.begin_nested():  # another phone may add the same new name at the same moment
            db.session.add(player)
    except IntegrityError:
        player = db.session.scalars(select(Player).where(Player.club_id == club.id, Player.key == key)).one()
    return player


def club_seats(club: Club | None, players: list[str]) -> list[Player]:
    """The club's players for these names, in seat order (none without a club)."""
    seated = [_club_player(club, name) for name in players] if club is not None else []
    if len({player.id for player in seated}) != len(seated):
        raise Invalid("players", Said("two players have the same name: the sheet could not tell them apart"))
    return seated


def seat_players(match: Match, club: Club | None, seated: list[Player]) -> None:
    """Make the (flushed) match a club match: its names spelled as the club has them, and who sat where."""
    if club is None:
        return
    match.players = [player.name for player in seated]
    db.session.add_all(MatchPlayer(match_id=match.id, seat=seat, player_id=player.id)
                       for seat, player in enumerate(seated))


def club_players(club: Club) -> list[Player]:
    """The club's players in the order they were first named."""
    return list(db.session.scalars(select(Player).where(Player.club_id == club.id).order_by(Player.id)))


def read_club_names(data: Mapping[str, Any]) -> tuple[str, list[str]]:
    problems: list[Problem] = []
    name = data.get("name")
    problem = title_problem(name, "name", missing=Said("the club needs a name, such as the pub or the family"),
                            # Translators: in "… is not valid text: it holds a broken character".
                            what=Said("the club's name"),
                            too_long=Said("a club's name has at most %(limit)s characters", limit=CLUB_NAME_LIMIT),
                            limit=CLUB_NAME_LIMIT)
    if problem is not None:
        problems.append(problem)
    players = data.get("players", [])
    names: list[str] = []
    if not isinstance(players, list) or len(players) > CLUB_PLAYER_LIMIT:
        problems.append(Problem("players", Said("the players are a list of at most %(limit)s names",
                                                limit=CLUB_PLAYER_LIMIT)))
        players = []
    seen: set[str] = set()
    for i, player in enumerate(players):
        if wrong := name_problem(player, f"players.{i}"):
            problems.append(wrong)
        elif player_key(player) in seen:
            problems.append(Problem(f"players.{i}", Said("%(name)r is named twice", name=player.strip())))
        else:
            seen.add(player_key(player))
            names.append(player)
    if problems:
        raise Invalid(problems)
    return " ".join(str(name).split()), names


def club_body(club: Club) -> shapes.Club:
    """The club as the API shows it, without its secret."""
    return serializers.club(club, [player.name for player in club_players(club)])


def new_club(name: str, names: list[str], created_at: datetime | None = None) -> tuple[Club, str]:
    seed = new_token()
    club = Club(id=new_id(), name=name, token_hash=hash_token(secret_from_seed(seed)),
                created_at=created_at or utcnow())
    db.session.add(club)
    db.session.flush()
    for player in names:
        _club_player(club, player)
    return club, seed


def with_club_token(answer: Answer) -> Answer:
    """A stored club answer with the club's secret made from its seed, and the club's link."""
    return with_secret(answer, "club_token", "club", lambda id_, token: f"/clubs/{id_}/join?key={token}")

def create_club(data: Any, idempotency_key: str | None = None, *, caller: str) -> Answer:
    """A new club with its name and, if given, its first players → 201 with its secret (shown once; a retry
    is answered only to the same ``caller``)."""
    body = json_object(data)
    print_ = fingerprint("POST", "/api/v1/clubs", body)

    def work() -> Answer:
        name, names = read_club_names(body)
        language = language_of(body)
        club, seed = new_club(name, names)
        club.language = language
        return Answer.of(201, {**club_body(club), "club_token_seed": seed})

    return with_club_token(idempotent(caller_scope("club", caller), idempotency_key, print_, work))


CLUB_RULES_LOOKBACK = 200
"""Newest matches of a club read to find the house rules it last played each game with."""


def club_house_rules(club: Club) -> dict[str, dict[str, Any]]:
    """The stored options (``Rules.as_dict()``) of the club's newest match of each game, newest game first:
    what its next match of that game starts with."""
    rows = db.session.execute(
        select(Match.variant, Match.rules).where(Match.club_id == club.id)
        .order_by(Match.created_at.desc(), Match.id).limit(CLUB_RULES_LOOKBACK)).all()
    found: dict[str, dict[str, Any]] = {}
    for variant, stored in rows:
        found.setdefault(variant, dict(stored or {}))
    return found
