"""Starting a match: reading what the table chose (game, house rules, players, first dealer), and the new
match's row, tokens and first state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..extensions import db
from ..models import Event, Match
from ..rules import Problem, Replayer, RuleError, Rules, make_rules
from ..rules.words import Said
from ..serializers import side_names
from .access import hash_token, new_id, new_token, secret_from_seed, with_secret
from .clubs import club_of_body, club_seats, name_problem, seat_players
from .errors import Answer, Invalid
from .idempotency import caller_scope, fingerprint, idempotent
from .state import cache_state, match_body
from .text import language_of


def create_match(data: Mapping[str, Any], idempotency_key: str | None = None, token: str | None = None, *,
                 caller: str) -> Answer:
    """Create a match; the answer carries the edit token, shown only to its creator: ``caller`` names who
    asks (the phone's session, or the address the request came from), and a retry is answered only within it.

    With ``"club": "<club id>"`` the match is played in that club (``token`` must be the club's secret): each
    name is the club player's of that name (compared without case), and a new name joins the club."""
    club = club_of_body(data, token)
    print_ = fingerprint("POST", "/api/v1/matches", data)

    def work() -> Answer:
        rules, players, first_dealer = read_create(data)
        match, secret = new_match(rules, players, first_dealer, 1)
        match.club_id = club.id if club is not None else None
        match.language = language_of(data)
        db.session.add(match)
        db.session.flush()  # before any savepoint: SQLite's driver opens the transaction at the first write
        seat_players(match, club, club_seats(club, players))
        cache_state(match, Replayer(rules, first_dealer, side_names(rules, players)).state(), 1, [])
        db.session.add(Event(match_id=match.id, revision=1, kind="create",
                             data={"variant": rules.variant, "rules": match.rules, "players": players,
                                   "first_dealer": first_dealer}))
        db.session.flush()
        return Answer.of(201, {**match_body(match), **secret})

    # A club's match: whoever shows the club's secret may score it anyway, so the club is the scope.
    scope = caller_scope("create", f"club {club.id}" if club is not None else caller)
    return with_edit_token(idempotent(scope, idempotency_key, print_, work))


def new_match(rules: Rules, players: list[str], first_dealer: int, revision: int) -> tuple[Match, dict[str, str]]:
    """A new match row with a fresh id and fresh tokens (create and import), and the secrets its creator
    is answered: the view token and the edit token's seed (``with_edit_token`` turns it into the token)."""
    seed = new_token()
    view_token = new_token()
    match = Match(
        id=new_id(), variant=rules.variant, rules=rules.as_dict(), players=players,
        first_dealer=first_dealer, edit_token_hash=hash_token(secret_from_seed(seed)), view_token=view_token,
        revision=revision,
    )
    return match, {"view_token": view_token, "edit_token_seed": seed}


def with_edit_token(answer: Answer) -> Answer:
    """The stored answer of a create or import with the edit token made from its seed, and the scorer's link."""
    return with_secret(answer, "edit_token", "scorer", lambda id_, token: f"/m/{id_}#{token}")


def read_create(data: Mapping[str, Any]) -> tuple[Rules, list[str], int]:
    problems: list[Problem] = []
    variant = data.get("variant")
    overrides = data.get("rules") or {}
    if not isinstance(overrides, Mapping):
        raise Invalid("rules", Said("house rules are an object of option names and values"))
    overrides = dict(overrides)
    if "best_of" in data:
        overrides["best-of"] = data["best_of"]
    try:
        rules = make_rules(str(variant) if variant is not None else "", overrides)
    except RuleError as error:
        raise Invalid([p if p.field == "variant" else Problem(
            "best_of" if p.field == "best-of" and "best_of" in data else f"rules.{p.field}", p.message)
            for p in error.problems]) from None
    players = data.get("players")
    if not isinstance(players, list) or len(players) != rules.players:
        # Translators: %(game)s is the game's name (Bela, Belote …), %(players)s how many play it.
        problems.append(Problem("players", Said("%(game)s is played by %(players)s: give %(players)s names in seat "
                                                "order", game=rules.title, players=rules.players)))
        players = []
    else:
        problems.extend(wrong for i, name in enumerate(players) if (wrong := name_problem(name, f"players.{i}")))
        players = [p.strip() if isinstance(p, str) else "" for p in players]
        if not problems and len({p.casefold() for p in players}) != len(players):
            problems.append(Problem("players", Said("two players have the same name: the sheet could not tell "
                                                    "them apart")))
    first_dealer = data.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < rules.players:
        problems.append(Problem("first_dealer", Said("the first dealer is a seat from 0 to %(last)s",
                                                     last=rules.players - 1)))
        first_dealer = 0
    if problems:
        raise Invalid(problems)
    return rules, players, first_dealer


def blank_match(variant: str, players: list[str], match_id: str) -> Match | None:
    """A match of ``variant``'s preset that is never stored: the pages a phone keeps to score a match it started
    with no signal are drawn from it (the phone writes its own players and hands in). None for an unknown game."""
    try:
        rules = make_rules(variant, {})
    except RuleError:
        return None
    match = Match(id=match_id, variant=rules.variant, rules=rules.as_dict(), players=players[: rules.players],
                  first_dealer=0, revision=0, view_token="", edit_token_hash="")
    cache_state(match, Replayer(rules, 0, side_names(rules, match.players)).state(), 0, [])
    return match
