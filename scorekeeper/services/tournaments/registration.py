"""Before the first round: creating a tournament (its game, house rules, format, entry and seed) and
registering its players or pairs."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from ... import serializers
from ...extensions import db
from ...models import Player, Tournament, TournamentEntry
from ...rules import Problem, RuleError, Rules, make_rules
from ...rules.words import Said
from ...tournament import ENTRY_KINDS, FORMATS, Format, draw
from ..access import hash_token, new_id, new_token, secret_from_seed, with_secret
from ..clubs import club_of_body, name_problem, player_key
from ..errors import Answer, Invalid, json_object
from ..idempotency import caller_scope, fingerprint, idempotent
from ..text import language_of, title_problem
from .common import (
    ENTRY_LIMIT,
    SEED_LIMIT,
    TOURNAMENT_NAME_LIMIT,
    Closed,
    authorize_organizer,
    find_screen,
    find_tournament,
    scope_of,
    take_tournament,
)
from .publish import publish_venue
from .view import load, tournament_body

DEFAULT_SEED_LIMIT = 1_000_000
"""A seed drawn for the organizer is below this: six digits anyone can read off the screen and check."""


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_rules(data: Mapping[str, Any]) -> Rules:
    variant = data.get("variant")
    overrides = data.get("rules") or {}
    if not isinstance(overrides, Mapping):
        raise Invalid("rules", Said("house rules are an object of option names and values"))
    try:
        return make_rules(variant if isinstance(variant, str) else "", dict(overrides))
    except RuleError as error:
        raise Invalid([p if p.field == "variant" else Problem(f"rules.{p.field}", p.message)
                       for p in error.problems]) from None


def read_create(data: Mapping[str, Any]) -> tuple[str, Rules, Format, int]:
    """The tournament's name, rules, format and seed as sent; Invalid naming each problem."""
    problems: list[Problem] = []
    name = data.get("name")
    problem = title_problem(
        name, "name",
        # Translators: "Friday Belote" is an example of a tournament's name: a weekday and the game.
        missing=Said("the tournament needs a name, such as \"Friday Belote\""),
        # Translators: in "… is not valid text: it holds a broken character".
        what=Said("the tournament's name"),
        too_long=Said("a tournament's name has at most %(limit)s characters", limit=TOURNAMENT_NAME_LIMIT),
        limit=TOURNAMENT_NAME_LIMIT)
    if problem is not None:
        problems.append(problem)
    rules: Rules | None = None
    try:
        rules = _read_rules(data)
    except Invalid as error:
        problems.extend(error.problems)
    kind, entry, rounds = data.get("format"), data.get("entry", "players"), data.get("rounds")
    if not isinstance(kind, str) or kind not in FORMATS:
        # Translators: formats is the formats' names in the API ("knockout-remix, knockout, swiss, round-robin"):
        # keep them as they are.
        problems.append(Problem("format", Said("the format is one of %(formats)s", formats=", ".join(FORMATS))))
    if not isinstance(entry, str) or entry not in ENTRY_KINDS:
        # Translators: entries is the kinds of entry in the API ("players, pairs"): keep them as they are.
        problems.append(Problem("entry", Said("the entry is one of %(entries)s", entries=", ".join(ENTRY_KINDS))))
    if rounds is not None and not _whole(rounds):
        problems.append(Problem("rounds", Said("the rounds are a whole number")))
    seed = data.get("seed")
    if seed is None:
        seed = secrets.randbelow(DEFAULT_SEED_LIMIT)
    elif not _whole(seed) or not 0 <= seed <= SEED_LIMIT:
        problems.append(Problem("seed", Said("the seed is a whole number from 0 to %(limit)s", limit=SEED_LIMIT)))
    if problems or rules is None:
        raise Invalid(problems)
    fmt = Format(str(kind), str(entry), rules.players, rules.sides, rounds, strokes=rules.strokes)
    try:
        draw.check_format(fmt)
    except RuleError as error:
        raise Invalid(error.problems) from None
    return " ".join(str(name).split()), rules, fmt, int(seed)


def create_tournament(data: Any, idempotency_key: str | None = None, token: str | None = None, *,
                      caller: str) -> Answer:
    """A new tournament → 201 with its organizer's secret (shown once; a retry is answered only to the same
    ``caller``) and its venue screen's token. With ``"club"`` (and the club's secret as ``token``) its tables
    are the club's matches."""
    body = json_object(data)
    club = club_of_body(body, token)
    print_ = fingerprint("POST", "/api/v1/tournaments", body)

    def work() -> Answer:
        name, rules, fmt, seed = read_create(body)
        seed_secret = new_token()
        tournament = Tournament(
            id=new_id(), name=name, variant=rules.variant, rules=rules.as_dict(), format=fmt.format,
            entry=fmt.entry, rounds=fmt.rounds, seed=seed, status="registering", byes=[], winner=None,
            organizer_token_hash=hash_token(secret_from_seed(seed_secret)), view_token=new_token(),
            club_id=club.id if club is not None else None, revision=1, language=language_of(body))
        db.session.add(tournament)
        db.session.flush()
        return Answer.of(201, {**tournament_body(load(tournament), secrets=True),
                               "view_token": tournament.view_token, "organizer_token_seed": seed_secret})

    scope = caller_scope("tournament", f"club {club.id}" if club is not None else caller)
    return with_organizer_token(idempotent(scope, idempotency_key, print_, work))


def with_organizer_token(answer: Answer) -> Answer:
    """A stored create answer with the organizer's secret made from its seed, and the organizer's link."""
    return with_secret(answer, "organizer_token", "organizer", lambda id_, token: f"/t/{id_}#{token}")

def _read_names(data: Mapping[str, Any], pairs: bool) -> tuple[str, list[str]]:
    """The names of the entry being registered, with the field they came in; Invalid naming the field."""
    if pairs:
        names = data.get("names")
        if not isinstance(names, list) or len(names) != 2:
            # Translators: "names": ["Ana", "Ivo"] is the API's field with two players' names: keep it as it is.
            raise Invalid("names",
                          Said("a pair enters together: send its two players as \"names\": [\"Ana\", \"Ivo\"]"))
        field = "names"
    elif "name" in data:
        names, field = [data.get("name")], "name"
    elif isinstance(data.get("names"), list) and len(data["names"]) == 1:
        names, field = data["names"], "names"
    else:
        # Translators: "name" is the API's field: keep it as it is.
        raise Invalid("name", Said("players enter alone: send the player's name as \"name\""))
    fields = [field] if field == "name" else [f"names.{i}" for i in range(len(names))]
    problems = [wrong for name, where in zip(names, fields, strict=True) if (wrong := name_problem(name, where))]
    if problems:
        raise Invalid(problems)
    return field, [" ".join(str(name).split()) for name in names]


def register(tournament_id: str, token: str | None, data: Any, idempotency_key: str | None = None) -> Answer:
    """Register a player (``{"name": …}``) or, for pairs entry, a pair (``{"names": [a, b]}``) → 201 with
    the entry and every entry so far. Only before the first round (409 after it); a name already registered
    (compared without case) is refused, naming its field."""
    body = json_object(data)
    tournament = find_tournament(tournament_id)
    authorize_organizer(tournament, token)
    return _register(tournament_id, body, idempotency_key,
                     fingerprint("POST", f"/api/v1/tournaments/{tournament_id}/players", body))


def register_at_screen(view_token: str, data: Any, idempotency_key: str | None = None) -> Answer:
    """A player (or a pair) registering on their own phone, from the venue screen's QR code: the same checks as
    ``register`` (names checked like a club's, one name once), no organizer's secret (the screen's token is
    the way in). Only before the first round (409 after it)."""
    body = json_object(data)
    tournament = find_screen(view_token)
    return _register(tournament.id, body, idempotency_key,
                     fingerprint("POST", f"/t/screen/{tournament.id}/register", body))


def _register(tournament_id: str, body: Mapping[str, Any], idempotency_key: str | None, print_: str) -> Answer:
    db.session.rollback()
    scope = scope_of(tournament_id)

    def work() -> Answer:
        locked = take_tournament(tournament_id, scope, idempotency_key, print_)
        if locked.status != "registering":
            raise Closed("status", Said("registration is over: the first round was drawn"))
        field, names = _read_names(body, locked.entry == "pairs")
        entries = list(db.session.scalars(select(TournamentEntry).where(
            TournamentEntry.tournament_id == tournament_id).order_by(TournamentEntry.number)))
        if len(entries) >= ENTRY_LIMIT:
            raise Invalid(field, Said("a tournament takes at most %(limit)s entries", limit=ENTRY_LIMIT))
        taken = {player_key(name): name for entry in entries for name in entry.names}
        if len(names) == 2 and player_key(names[0]) == player_key(names[1]):
            raise Invalid("names.1", Said("a pair is two different players"))
        for i, name in enumerate(names):
            if player_key(name) in taken:
                raise Invalid(field if field == "name" else f"names.{i}",
                              Said("%(name)s is already registered: two players of one name could not be told apart",
                                   name=taken[player_key(name)]))
        entry = TournamentEntry(tournament_id=tournament_id, number=len(entries), names=_club_spelling(locked, names))
        db.session.add(entry)
        db.session.flush()
        # Before the first round the tournament has no tables: its own revision is the venue's.
        return Answer.of(201, {"entry": serializers.tournament_entry(entry),
                               "entries": [serializers.tournament_entry(e) for e in [*entries, entry]],
                               "revision": locked.revision})

    answer = idempotent(scope, idempotency_key, print_, work)
    publish_venue(tournament_id)
    return answer


def _club_spelling(tournament: Tournament, names: list[str]) -> list[str]:
    """In a club's tournament, each name as the club spells its player (a new name joins the club when its
    first table is drawn, as in any club match)."""
    if tournament.club_id is None:
        return names
    spelled = dict(db.session.execute(select(Player.key, Player.name).where(
        Player.club_id == tournament.club_id, Player.key.in_([player_key(name) for name in names]))).all())
    return [spelled.get(player_key(name), name) for name in names]
