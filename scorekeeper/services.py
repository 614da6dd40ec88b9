"""State changes of a match as small verbs: the only code that commits.

Every write takes the match's row first (``UPDATE … SET revision = revision + 1``), so concurrent writes
to one match queue up on PostgreSQL's row lock or SQLite's write lock; ``If-Match`` turns that update
into a compare-and-set. Scores come only from the engine: the state is a replay of the stored hands,
cached per revision.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from flask import current_app
from sqlalchemy import false, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import load_only

from . import live
from .extensions import db
from .models import Club, Event, Hand, IdempotencyKey, Match, MatchPlayer, Player, utcnow
from .rules import (
    ENGINE_VERSION,
    OPTION_NAMES,
    HandRecord,
    MatchState,
    Position,
    Problem,
    Replayer,
    RuleError,
    Rules,
    ScoredHand,
    make_rules,
    replay,
)
from .rules.errors import MatchFinished

NAME_LIMIT = 40
KEY_LIMIT = 200
REVISION_LIMIT = 2**31 - 1
"""The highest revision the INTEGER column holds; an If-Match above it can only be stale."""


class ServiceError(Exception):
    """A request that cannot be carried out; ``status`` is its HTTP status, ``problems`` say why."""

    status = 422

    def __init__(self, problems: list[Problem] | tuple[Problem, ...] | str, message: str = "") -> None:
        self.problems = tuple(problems) if not isinstance(problems, str) else (Problem(problems, message),)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))


class BadRequest(ServiceError):
    """The body is not JSON, or not an object."""

    status = 400


class Unauthorized(ServiceError):
    """A missing or wrong token."""

    status = 401


class NotFound(ServiceError):
    """No such match, hand or board."""

    status = 404


class Finished(ServiceError):
    """The match already has its winner."""

    status = 409


class Stale(ServiceError):
    """``If-Match`` named a revision the match has moved on from."""

    status = 412


class Invalid(ServiceError):
    """A hand or match the rules do not allow."""

    status = 422


class Answer:
    """What a write answers: its HTTP status and its JSON body, as text ready to send."""

    def __init__(self, status: int, text: str, revision: int | None = None) -> None:
        self.status = status
        self.text = text
        self.revision = revision
        self._body: dict[str, Any] | None = None

    @classmethod
    def of(cls, status: int, body: dict[str, Any]) -> Answer:
        """An answer from a JSON-able body."""
        revision = body.get("revision", body.get("state", {}).get("revision"))
        return cls(status, to_json(body), revision)

    @property
    def body(self) -> dict[str, Any]:
        """The body decoded (for pages that read a field of it)."""
        if self._body is None:
            self._body = json.loads(self.text)
        return self._body


def to_json(value: Any) -> str:
    """Compact JSON text (no newlines, so it can stand as one server-sent event's data line)."""
    return json.dumps(value, separators=(",", ":"))


def _with(text: str, key: str, value_text: str) -> str:
    """JSON object text with one more member whose value is already JSON text."""
    return f"{text[:-1]},{json.dumps(key)}:{value_text}}}" if text != "{}" else f"{{{json.dumps(key)}:{value_text}}}"


def hash_token(token: str) -> str:
    """The stored form of an edit token (SHA-256; tokens carry 256 bits of randomness)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_id() -> str:
    """A fresh public id of a match or club: 96 random bits, URL-safe, never starting with ``-`` (a CSV cell
    starting so would be read as a formula by a spreadsheet)."""
    while (value := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return value


def new_token() -> str:
    """A fresh secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


_RULES: OrderedDict[str, Rules] = OrderedDict()
_RULES_KEPT = 4096


def rules_of(match: Match) -> Rules:
    """The match's rules, rebuilt from the options stored when it was created (they never change after,
    so each process keeps them per match rather than rebuilding them on every request)."""
    rules = _RULES.get(match.id)
    if rules is None or rules.variant != match.variant:
        stored = match.rules
        rules = make_rules(match.variant, {name: stored[name] for name in OPTION_NAMES if name in stored})
        _RULES[match.id] = rules
        if len(_RULES) > _RULES_KEPT:
            _RULES.popitem(last=False)
    return rules


def side_names(rules: Rules, players: list[str]) -> list[str]:
    """One name per side: the player, or the partners joined with ``&`` in four-handed play."""
    if rules.players == 4:
        return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    return list(players)


def sides_of(match: Match, rules: Rules) -> list[dict[str, Any]]:
    """The sides as API.md shows them."""
    names = side_names(rules, match.players)
    return [
        {"index": i, "name": names[i],
         "players": [p for seat, p in enumerate(match.players) if rules.side_of(seat) == i]}
        for i in range(rules.sides)
    ]


# ---------------------------------------------------------------- reading


def find_match(match_id: str, *, only: tuple[Any, ...] = ()) -> Match:
    """The match ``match_id``, or NotFound; with ``only``, just those columns are loaded (the rest on access)."""
    options = [load_only(*only)] if only else []
    # PostgreSQL text cannot hold NUL, so no match has such an id (and asking would be a driver error).
    match = None if "\x00" in match_id else db.session.get(Match, match_id, options=options)
    if match is None:
        raise NotFound("id", f"no match {match_id!r}")
    return match


def find_board(view_token: str) -> Match:
    """The match whose board token is ``view_token``, or NotFound."""
    match = None
    if "\x00" not in view_token:
        match = db.session.scalar(select(Match).where(Match.view_token == view_token))
    if match is None:
        raise NotFound("view_token", "no board at this link")
    return match


def can_edit(match: Match, token: str | None) -> bool:
    """Whether ``token`` is the match's edit token, or the secret of the club it was played in (compared in
    constant time): anyone at a club's table may carry on scoring its matches."""
    if token is None:
        return False
    hashed = hash_token(token)
    if hmac.compare_digest(hashed, match.edit_token_hash):
        return True
    if match.club_id is None:
        return False
    club_hash = db.session.scalar(select(Club.token_hash).where(Club.id == match.club_id))
    return club_hash is not None and hmac.compare_digest(hashed, club_hash)


def authorize(match: Match, token: str | None, edit: bool) -> None:
    """Unauthorized unless ``token`` may edit (or, for reads, at least view) the match."""
    if can_edit(match, token):
        return
    # Bytes: compare_digest refuses str with non-ASCII characters (a header may carry any Latin-1).
    if not edit and token is not None and hmac.compare_digest(token.encode(), match.view_token.encode()):
        return
    if token is None:
        raise Unauthorized("Authorization", "send the match's token as 'Authorization: Bearer <token>'")
    raise Unauthorized("Authorization", "this token cannot " + ("change" if edit else "see") + " this match")


def _replay_rows(match: Match, rules: Rules, hands: list[Hand]) -> MatchState:
    records = [HandRecord(h.input, h.voided, h.number) for h in hands]
    return replay(rules, records, match.first_dealer, side_names(rules, match.players))


def _entry(scored: ScoredHand, row: Hand | None) -> dict[str, Any]:
    """A hand's entry in the state: the engine's result, with what the table said of it (a dispute, the
    sides that confirmed it) taken from its stored row, so the cache stays a function of the rows."""
    entry = scored.as_dict()
    disputed = bool(row is not None and row.disputed)
    entry["disputed"] = disputed
    entry["dispute"] = row.dispute_note if disputed and row is not None else None
    entry["confirmed_by"] = sorted(row.confirmed_by or []) if row is not None else []
    return entry


def _entries(state: MatchState, rows: list[Hand]) -> str:
    by_number = {row.number: row for row in rows}
    return to_json([_entry(h, by_number.get(h.number)) for h in state.hands])


def _cache_state(match: Match, state: MatchState, revision: int, rows: list[Hand]) -> None:
    """Keep a full replay's result as the match's cache at ``revision``."""
    match.state_summary = {"revision": revision, **state.summary()}
    match.state_hands = _entries(state, rows)
    match.state_revision = revision
    match.state_engine = ENGINE_VERSION


def _cache_append(match: Match, replayer: Replayer, scored: ScoredHand, revision: int) -> None:
    """Extend the cache by one recorded hand: the new summary, and the hand's result added to the list."""
    match.state_summary = {"revision": revision, **replayer.state().summary()}
    entry = to_json(_entry(scored, None))
    before = match.state_hands or "[]"
    match.state_hands = f"[{entry}]" if before == "[]" else f"{before[:-1]},{entry}]"
    match.state_revision = revision
    match.state_engine = ENGINE_VERSION


def _cache_current(match: Match) -> bool:
    return _cache_at(match, match.revision)


def _cache_at(match: Match, revision: int) -> bool:
    """Whether the cache holds the state at ``revision``, made by this engine."""
    return (match.state_revision == revision and match.state_engine == ENGINE_VERSION
            and match.state_summary is not None and match.state_hands is not None)


def _replayed(match: Match) -> tuple[dict[str, Any], str]:
    rules = rules_of(match)
    hands = list(db.session.scalars(select(Hand).where(Hand.match_id == match.id).order_by(Hand.number)))
    state = _replay_rows(match, rules, hands)
    return {"revision": match.revision, **state.summary()}, _entries(state, hands)


def summary_of(match: Match) -> dict[str, Any]:
    """The state without its hands, at the current revision: the cache, or a replay when it is behind."""
    return match.state_summary if _cache_current(match) else _replayed(match)[0]  # type: ignore[return-value]


def state_text(match: Match) -> str:
    """The state of API.md as JSON text: the cached summary and hands, joined without decoding them."""
    if _cache_current(match):
        summary, hands = match.state_summary, match.state_hands
    else:
        summary, hands = _replayed(match)
    return _with(to_json(summary), "hands", hands or "[]")


def state_of(match: Match) -> dict[str, Any]:
    """The state of API.md, decoded (for the pages)."""
    state: dict[str, Any] = json.loads(state_text(match))
    return state


def next_position(match: Match) -> tuple[Rules, list[str], Position]:
    """The rules, side names and the position the next hand is scored from (from the cached state)."""
    rules = rules_of(match)
    state = summary_of(match)
    if state["finished"]:
        raise Finished("match", "the match is finished: start a new one")
    position = Position(tuple(state["totals"]), state["pot"], state["dealer"], state["game"], state["deals"])
    return rules, side_names(rules, match.players), position


def stamp(moment: datetime) -> str:
    """A stored time in ISO 8601 with its UTC offset (SQLite hands times back without their zone)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def match_json(match: Match) -> str:
    """The match and its state as API.md shows it, as JSON text, without any secret but the board link."""
    rules = rules_of(match)
    head = {
        "id": match.id,
        "variant": match.variant,
        "rules": rules.as_dict(),
        "players": list(match.players),
        "sides": sides_of(match, rules),
        "first_dealer": match.first_dealer,
        "created_at": stamp(match.created_at),
        "updated_at": stamp(match.updated_at),
        "links": {"board": f"/board/{match.view_token}"},
    }
    return _with(to_json(head), "state", state_text(match))


def match_body(match: Match) -> dict[str, Any]:
    """The match and its state as API.md shows it, decoded."""
    body: dict[str, Any] = json.loads(match_json(match))
    return body


def events_of(match: Match) -> list[dict[str, Any]]:
    """The audit log, oldest first."""
    rows = db.session.scalars(select(Event).where(Event.match_id == match.id).order_by(Event.id))
    return [
        {"revision": e.revision, "kind": e.kind, "hand": e.hand_number, "data": e.data,
         "at": stamp(e.created_at)}
        for e in rows
    ]


# ---------------------------------------------------------------- idempotency


def fingerprint(*parts: object) -> str:
    """A stable digest of a request: method, path and JSON body."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def _stored_answer(scope: str, key: str, print_: str) -> Answer | None:
    row = db.session.scalar(select(IdempotencyKey).where(IdempotencyKey.scope == scope, IdempotencyKey.key == key))
    if row is None:
        return None
    if row.fingerprint != print_:
        raise Invalid("Idempotency-Key", "this key was already used for a different request")
    replayed = Answer.of(row.status, json.loads(row.response))
    replayed.text = row.response  # the first answer, byte for byte
    return replayed


def _idempotent(scope: str, key: str | None, print_: str, work: Callable[[], Answer]) -> Answer:
    """Run ``work`` once per Idempotency-Key: a retry gets the first answer and records nothing new."""
    if key is not None:
        if not key or len(key) > KEY_LIMIT:
            raise Invalid("Idempotency-Key", f"an idempotency key has 1 to {KEY_LIMIT} characters")
        earlier = _stored_answer(scope, key, print_)
        db.session.rollback()
        if earlier is not None:
            return earlier
    try:
        answer = work()
        if key is not None:
            db.session.add(IdempotencyKey(scope=scope, key=key, fingerprint=print_, status=answer.status,
                                          response=answer.text))
        db.session.commit()
        return answer
    except _Replayed as replayed:
        db.session.rollback()
        return replayed.answer
    except IntegrityError:
        db.session.rollback()
        if key is not None:
            earlier = _stored_answer(scope, key, print_)
            if earlier is not None:
                return earlier
        raise
    except BaseException:
        db.session.rollback()
        raise


class _Replayed(Exception):
    """A concurrent retry committed first; its answer is returned instead."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer


# ---------------------------------------------------------------- writing


def _edit_token_from(seed: str) -> str:
    """The edit token made from a stored seed: HMAC with the app's secret key, never stored itself.

    A retried create (same Idempotency-Key) must answer the same token, yet tokens are stored only as
    hashes; the seed in the stored answer is useless without the secret key, which is not in the database.
    """
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, seed.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def create_match(data: Mapping[str, Any], idempotency_key: str | None = None, token: str | None = None) -> Answer:
    """Create a match (API.md "Create"); the answer carries the edit token, shown only to its creator.

    With ``"club": "<club id>"`` the match is played in that club (``token`` must be the club's secret): each
    name is the club player's of that name (compared without case), and a new name joins the club."""
    club = _club_of_body(data, token)
    print_ = fingerprint("POST", "/api/v1/matches", data)

    def work() -> Answer:
        rules, players, first_dealer = _read_create(data)
        match, secret = _new_match(rules, players, first_dealer, 1)
        match.club_id = club.id if club is not None else None
        db.session.add(match)
        db.session.flush()  # before any savepoint: SQLite's driver opens the transaction at the first write
        _seat(match, club, _club_seats(club, players))
        _cache_state(match, Replayer(rules, first_dealer, side_names(rules, players)).state(), 1, [])
        db.session.add(Event(match_id=match.id, revision=1, kind="create",
                             data={"variant": rules.variant, "rules": match.rules, "players": players,
                                   "first_dealer": first_dealer}))
        db.session.flush()
        return Answer.of(201, {**match_body(match), **secret})

    return _with_edit_token(_idempotent("create", idempotency_key, print_, work))


def _new_match(rules: Rules, players: list[str], first_dealer: int, revision: int) -> tuple[Match, dict[str, str]]:
    """A new match row with a fresh id and fresh tokens (create and import), and the secrets its creator
    is answered: the view token and the edit token's seed (``_with_edit_token`` turns it into the token)."""
    seed = new_token()
    view_token = new_token()
    match = Match(
        id=new_id(), variant=rules.variant, rules=rules.as_dict(), players=players,
        first_dealer=first_dealer, edit_token_hash=hash_token(_edit_token_from(seed)), view_token=view_token,
        revision=revision,
    )
    return match, {"view_token": view_token, "edit_token_seed": seed}


def _with_edit_token(answer: Answer) -> Answer:
    """The stored answer of a create or import with the edit token made from its seed, and the scorer's link."""
    body = dict(answer.body)
    edit_token = _edit_token_from(body.pop("edit_token_seed"))
    body["edit_token"] = edit_token
    body["links"] = {**body["links"], "scorer": f"/m/{body['id']}#{edit_token}"}
    return Answer.of(answer.status, body)


def _read_create(data: Mapping[str, Any]) -> tuple[Rules, list[str], int]:
    problems: list[Problem] = []
    variant = data.get("variant")
    overrides = data.get("rules") or {}
    if not isinstance(overrides, Mapping):
        raise Invalid("rules", "house rules are an object of option names and values")
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
        problems.append(Problem("players", f"{rules.title} is played by {rules.players}: "
                                           f"give {rules.players} names in seat order"))
        players = []
    else:
        for i, name in enumerate(players):
            if not isinstance(name, str) or not name.strip():
                problems.append(Problem(f"players.{i}", "every player needs a name"))
            elif len(name.strip()) > NAME_LIMIT:
                problems.append(Problem(f"players.{i}", f"a name has at most {NAME_LIMIT} characters"))
            elif "\x00" in name:  # PostgreSQL text (a club's players) cannot hold it, and no page could show it
                problems.append(Problem(f"players.{i}", "a name cannot hold a NUL character"))
        players = [p.strip() if isinstance(p, str) else "" for p in players]
        if not problems and len({p.casefold() for p in players}) != len(players):
            problems.append(Problem("players", "two players have the same name: the sheet could not tell them apart"))
    first_dealer = data.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < rules.players:
        problems.append(Problem("first_dealer", f"the first dealer is a seat from 0 to {rules.players - 1}"))
        first_dealer = 0
    if problems:
        raise Invalid(problems)
    return rules, players, first_dealer


# ---------------------------------------------------------------- clubs

CLUB_NAME_LIMIT = 80
CLUB_PLAYER_LIMIT = 500


def player_key(name: str) -> str:
    """A name as a club compares it: case folded, inner spaces collapsed."""
    return " ".join(name.casefold().split())


def find_club(club_id: str, field: str = "club") -> Club:
    """The club ``club_id``, or NotFound."""
    club = None if not isinstance(club_id, str) or "\x00" in club_id else db.session.get(Club, club_id)
    if club is None:
        raise NotFound(field, f"no club {club_id!r}")
    return club


def can_use_club(club: Club, token: str | None) -> bool:
    """Whether ``token`` is the club's secret (compared in constant time)."""
    return token is not None and hmac.compare_digest(hash_token(token), club.token_hash)


def authorize_club(club: Club, token: str | None) -> None:
    """Unauthorized unless ``token`` is the club's secret."""
    if token is None:
        raise Unauthorized("Authorization", "send the club's secret as 'Authorization: Bearer <club_token>'")
    if not can_use_club(club, token):
        raise Unauthorized("Authorization", "this token is not this club's secret")


def _club_of_body(data: Mapping[str, Any], token: str | None) -> Club | None:
    """The club a new match names (``"club"``), after checking the token is its secret; None without one."""
    club_id = data.get("club")
    if club_id is None:
        return None
    if not isinstance(club_id, str) or not club_id:
        raise Invalid("club", "the club is its id, as text")
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


def _club_seats(club: Club | None, players: list[str]) -> list[Player]:
    """The club's players for these names, in seat order (none without a club)."""
    seated = [_club_player(club, name) for name in players] if club is not None else []
    if len({player.id for player in seated}) != len(seated):
        raise Invalid("players", "two players have the same name: the sheet could not tell them apart")
    return seated


def _seat(match: Match, club: Club | None, seated: list[Player]) -> None:
    """Make the (flushed) match a club match: its names spelled as the club has them, and who sat where."""
    if club is None:
        return
    match.players = [player.name for player in seated]
    db.session.add_all(MatchPlayer(match_id=match.id, seat=seat, player_id=player.id)
                       for seat, player in enumerate(seated))


def club_players(club: Club) -> list[Player]:
    """The club's players in the order they were first named."""
    return list(db.session.scalars(select(Player).where(Player.club_id == club.id).order_by(Player.id)))


def _read_club_names(data: Mapping[str, Any]) -> tuple[str, list[str]]:
    problems: list[Problem] = []
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem("name", "the club needs a name, such as the pub or the family"))
    elif len(name.strip()) > CLUB_NAME_LIMIT or "\x00" in name:
        problems.append(Problem("name", f"a club's name has at most {CLUB_NAME_LIMIT} characters"))
    players = data.get("players", [])
    names: list[str] = []
    if not isinstance(players, list) or len(players) > CLUB_PLAYER_LIMIT:
        problems.append(Problem("players", f"the players are a list of at most {CLUB_PLAYER_LIMIT} names"))
        players = []
    seen: set[str] = set()
    for i, player in enumerate(players):
        if not isinstance(player, str) or not player.strip():
            problems.append(Problem(f"players.{i}", "every player needs a name"))
        elif len(player.strip()) > NAME_LIMIT or "\x00" in player:
            problems.append(Problem(f"players.{i}", f"a name has at most {NAME_LIMIT} characters"))
        elif player_key(player) in seen:
            problems.append(Problem(f"players.{i}", f"{player.strip()!r} is named twice"))
        else:
            seen.add(player_key(player))
            names.append(player)
    if problems:
        raise Invalid(problems)
    return " ".join(str(name).split()), names


def club_body(club: Club) -> dict[str, Any]:
    """The club as the API shows it, without its secret."""
    return {"id": club.id, "name": club.name, "created_at": stamp(club.created_at),
            "players": [player.name for player in club_players(club)]}


def _new_club(name: str, names: list[str], created_at: datetime | None = None) -> tuple[Club, str]:
    seed = new_token()
    club = Club(id=new_id(), name=name, token_hash=hash_token(_edit_token_from(seed)),
                created_at=created_at or utcnow())
    db.session.add(club)
    db.session.flush()
    for player in names:
        _club_player(club, player)
    return club, seed


def _with_club_token(answer: Answer) -> Answer:
    """A stored club answer with the club's secret made from its seed, and the club's link."""
    body = dict(answer.body)
    token = _edit_token_from(body.pop("club_token_seed"))
    body["club_token"] = token
    body["links"] = {"club": f"/clubs/{body['id']}/join?key={token}"}
    return Answer.of(answer.status, body)


def create_club(data: Any, idempotency_key: str | None = None) -> Answer:
    """A new club with its name and, if given, its first players → 201 with its secret (shown once)."""
    body = _body(data)
    print_ = fingerprint("POST", "/api/v1/clubs", body)

    def work() -> Answer:
        name, names = _read_club_names(body)
        club, seed = _new_club(name, names)
        return Answer.of(201, {**club_body(club), "club_token_seed": seed})

    return _with_club_token(_idempotent("club", idempotency_key, print_, work))


# ---------------------------------------------------------------- export and import

EXPORT_FORMAT = "scorekeeper-match"
EXPORT_VERSION = 1
IMPORT_HAND_LIMIT = 10_000
IMPORT_EVENT_LIMIT = 100_000
EVENT_KIND_LIMIT = 16
"""The length of ``Event.kind``'s column."""


def document_digest(document: Mapping[str, Any]) -> str:
    """The SHA-256 (hex) of an export's canonical JSON (sorted keys, compact), everything but its digest."""
    body = {key: value for key, value in document.items() if key != "digest"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def exported_state(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The state summary an export carries and an import checks: the engine's, without the revision."""
    return {key: value for key, value in summary.items() if key != "revision"}


def _whole_number(value: Any, low: int, high: int = REVISION_LIMIT) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _moment(value: Any) -> datetime | None:
    """An ISO 8601 time from an export (UTC when it has no offset), or None."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _read_document(data: Any) -> tuple[dict[str, Any], list[Any], list[Any], dict[str, Any]]:
    """The export's parts after its format, shape and digest are checked: match, hands, events, state."""
    if not isinstance(data, Mapping):
        raise BadRequest("body", "send the exported match as a JSON object")
    if data.get("format") != EXPORT_FORMAT:
        raise Invalid("format", f"this is not a match export: 'format' is {EXPORT_FORMAT!r} in one")
    version = data.get("version")
    if not _whole_number(version, 1) or version != EXPORT_VERSION:
        raise Invalid("version", f"this server reads version {EXPORT_VERSION} of the export, not {version!r}")
    problems: list[Problem] = []
    shapes = {"match": dict, "hands": list, "events": list, "state": dict}
    for field, kind in shapes.items():
        if field not in data:
            problems.append(Problem(field, f"the export has no {field!r}: export the match again"))
        elif not isinstance(data[field], kind):
            problems.append(Problem(field, f"{field!r} is {'an object' if kind is dict else 'a list'}"))
    if not isinstance(data.get("digest"), str):
        problems.append(Problem("digest", "the export has no digest: export the match again"))
    if problems:
        raise Invalid(problems)
    if not hmac.compare_digest(str(data["digest"]).encode(), document_digest(data).encode()):
        raise Invalid("digest", "the document was changed after export")
    if len(data["hands"]) > IMPORT_HAND_LIMIT or len(data["events"]) > IMPORT_EVENT_LIMIT:
        raise Invalid("hands", f"an import holds at most {IMPORT_HAND_LIMIT} hands and {IMPORT_EVENT_LIMIT} events")
    return dict(data["match"]), list(data["hands"]), list(data["events"]), dict(data["state"])


def _read_imported_match(head: dict[str, Any]) -> tuple[Rules, list[str], int, datetime]:
    stored = head.get("rules")
    if not isinstance(stored, Mapping):
        raise Invalid("match.rules", "the rules are an object of option names and values")
    options = {name: stored[name] for name in OPTION_NAMES if name in stored}
    try:
        rules, players, first_dealer = _read_create(
            {"variant": head.get("variant"), "rules": options, "players": head.get("players"),
             "first_dealer": head.get("first_dealer", 0)})
    except Invalid as error:
        raise Invalid([Problem(f"match.{p.field}", p.message) for p in error.problems]) from None
    unknown = sorted(str(name) for name in stored if name not in rules.as_dict())
    if unknown:
        raise Invalid([Problem(f"match.rules.{name}", f"unknown option {name!r}") for name in unknown])
    created_at = _moment(head.get("created_at"))
    if created_at is None:
        raise Invalid("match.created_at", "the time the match was created, in ISO 8601")
    return rules, players, first_dealer, created_at


def _read_imported_hands(raw: list[Any], rules: Rules, match_id: str) -> list[Hand]:
    problems: list[Problem] = []
    hands: list[Hand] = []
    seen: set[int] = set()
    for position, entry in enumerate(raw, start=1):
        if not isinstance(entry, Mapping):
            problems.append(Problem(f"hands.{position}", "each hand is an object"))
            continue
        number = entry.get("number")
        if not isinstance(number, int) or not _whole_number(number, 1):
            problems.append(Problem(f"hands.{position}.number", "a hand's number is a whole number from 1"))
            continue
        if number in seen:
            problems.append(Problem(f"hands.{number}.number", f"hand {number} appears twice: "
                                                              "each number belongs to one hand"))
            continue
        seen.add(number)
        field = f"hands.{number}."
        hand_input, voided, disputed = entry.get("input"), entry.get("voided", False), entry.get("disputed", False)
        if not isinstance(hand_input, Mapping):
            problems.append(Problem(field + "input", "the hand's input is an object"))
        if not isinstance(voided, bool):
            problems.append(Problem(field + "voided", "voided is true or false"))
        if not isinstance(disputed, bool):
            problems.append(Problem(field + "disputed", "disputed is true or false"))
        note = None
        try:
            note = _text(entry.get("dispute_note"), field + "dispute_note", required=disputed is True)
        except Invalid as error:
            problems.extend(error.problems)
        if note is not None and "\x00" in note:  # PostgreSQL text cannot hold NUL
            problems.append(Problem(field + "dispute_note", "a note cannot hold a NUL character"))
        confirmed = entry.get("confirmed_by", [])
        if (not isinstance(confirmed, list) or len(set(confirmed)) != len(confirmed)
                or not all(_whole_number(side, 0, rules.sides - 1) for side in confirmed)):
            problems.append(Problem(field + "confirmed_by", f"the sides that confirmed the hand, each once: "
                                                            f"numbers from 0 to {rules.sides - 1}"))
            confirmed = []
        hands.append(Hand(match_id=match_id, number=number,
                          input=dict(hand_input) if isinstance(hand_input, Mapping) else {}, voided=voided is True,
                          disputed=disputed is True, dispute_note=note if disputed is True else None,
                          confirmed_by=sorted(confirmed)))
    if problems:
        raise Invalid(problems)
    return sorted(hands, key=lambda hand: hand.number)


def _read_imported_events(raw: list[Any], match_id: str) -> list[Event]:
    problems: list[Problem] = []
    events: list[Event] = []
    for index, entry in enumerate(raw):
        field = f"events.{index}."
        if not isinstance(entry, Mapping):
            problems.append(Problem(f"events.{index}", "each event is an object"))
            continue
        revision, kind, hand, data, at = (entry.get(name) for name in ("revision", "kind", "hand", "data", "at"))
        moment = _moment(at)
        if not _whole_number(revision, 1, REVISION_LIMIT - 1):
            problems.append(Problem(field + "revision", "an event's revision is a whole number from 1"))
        if not isinstance(kind, str) or not 1 <= len(kind) <= EVENT_KIND_LIMIT or "\x00" in kind:
            problems.append(Problem(field + "kind", f"an event's kind is a word of at most {EVENT_KIND_LIMIT} letters"))
        if hand is not None and not _whole_number(hand, 1):
            problems.append(Problem(field + "hand", "an event's hand is a hand number, or null"))
        if not isinstance(data, Mapping):
            problems.append(Problem(field + "data", "an event's data is an object"))
        if moment is None:
            problems.append(Problem(field + "at", "an event's time is in ISO 8601"))
        if not problems:
            events.append(Event(match_id=match_id, revision=revision, kind=kind, hand_number=hand,
                                data=dict(data or {}), created_at=moment))
    if problems:
        raise Invalid(problems)
    return events


_STATE_FIELDS_BEFORE_DEALS = frozenset({
    "game", "totals", "pot", "games", "games_won", "winner", "finished", "dealer", "leader", "can_claim", "needs"})


def _state_differences(replayed: Mapping[str, Any], exported: Mapping[str, Any]) -> list[str]:
    # An export made before a state field was added (``deals``) is checked on the fields it has.
    keys = sorted(set(exported) | (set(replayed) & _STATE_FIELDS_BEFORE_DEALS))
    return [f"{key} {json.dumps(replayed.get(key))} here, {json.dumps(exported.get(key))} in the export"
            for key in keys if replayed.get(key) != exported.get(key)]


def _rebuild(data: Any, club: Club | None = None, prefix: str = "") -> tuple[Match, dict[str, str]]:
    """Add a new match (new id, new tokens) rebuilt from an export to the session: its hands with their
    disputes and confirmations, its audit log and one ``import`` event, the state replayed by the engine and
    checked against the export's. Problems are named under ``prefix`` (a club import's ``matches.3.``)."""
    try:
        head, raw_hands, raw_events, exported = _read_document(data)
        rules, players, first_dealer, created_at = _read_imported_match(head)
        seated = _club_seats(club, players)  # the club's row is written first (savepoints need a transaction)
        match, secret = _new_match(rules, [p.name for p in seated] or players, first_dealer, 1)
        match.club_id = club.id if club is not None else None
        hands = _read_imported_hands(raw_hands, rules, match.id)
        events = _read_imported_events(raw_events, match.id)
        try:
            state = _replay_rows(match, rules, hands)
        except RuleError as error:  # MatchFinished too: a hand after the winner
            raise Invalid(list(error.problems)) from None
        differences = _state_differences(exported_state(state.summary()), exported)
        if differences:
            raise Invalid("state", "the hands do not give the exported state: " + "; ".join(differences))
    except ServiceError as error:
        if not prefix:
            raise
        raise Invalid([Problem(prefix + p.field, p.message) for p in error.problems]) from None
    revision = max((event.revision for event in events), default=0) + 1
    by_number = {scored.number: scored for scored in state.hands}
    for hand in hands:
        hand.game = by_number[hand.number].game if hand.number in by_number else None
    match.revision = revision
    match.created_at = created_at
    match.updated_at = utcnow()
    db.session.add(match)
    db.session.flush()
    _seat(match, club, seated)
    db.session.add_all(hands)
    db.session.add_all(events)
    db.session.add(Event(match_id=match.id, revision=revision, kind="import",
                         data={"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "digest": data["digest"],
                               "hands": len(hands), "events": len(events)}))
    _cache_state(match, state, revision, hands)
    db.session.flush()
    return match, secret


def import_match(data: Any, idempotency_key: str | None = None) -> Answer:
    """Make a new match from an export (``_rebuild``). Anything wrong refuses the whole document and saves
    nothing (one transaction)."""
    print_ = fingerprint("POST", "/api/v1/imports", data)

    def work() -> Answer:
        match, secret = _rebuild(data)
        return Answer.of(201, {**match_body(match), **secret})

    return _with_edit_token(_idempotent("import", idempotency_key, print_, work))


CLUB_FORMAT = "scorekeeper-club"
CLUB_MATCH_LIMIT = 5_000


def import_club(data: Any, idempotency_key: str | None = None) -> Answer:
    """Make a new club (new id, new secret) from a club export: its players, then every match rebuilt as
    ``import_match`` does (each checked against its own digest and state). Anything wrong in any part refuses
    the whole club and saves nothing."""
    if not isinstance(data, Mapping):
        raise BadRequest("body", "send the exported club as a JSON object")
    if data.get("format") != CLUB_FORMAT:
        raise Invalid("format", f"this is not a club export: 'format' is {CLUB_FORMAT!r} in one")
    if data.get("version") != EXPORT_VERSION or isinstance(data.get("version"), bool):
        raise Invalid("version", f"this server reads version {EXPORT_VERSION} of the export, "
                                 f"not {data.get('version')!r}")
    problems = [Problem(field, f"the export has no {field!r} {kind}: export the club again")
                for field, kind, type_ in (("club", "object", Mapping), ("players", "list", list),
                                           ("matches", "list", list), ("digest", "text", str))
                if not isinstance(data.get(field), type_)]
    if problems:
        raise Invalid(problems)
    if not hmac.compare_digest(str(data["digest"]).encode(), document_digest(data).encode()):
        raise Invalid("digest", "the document was changed after export")
    if len(data["matches"]) > CLUB_MATCH_LIMIT:
        raise Invalid("matches", f"a club import holds at most {CLUB_MATCH_LIMIT} matches")
    print_ = fingerprint("POST", "/api/v1/clubs/imports", data)

    def work() -> Answer:
        head = data["club"]
        name, names = _read_club_names({"name": head.get("name"), "players": data["players"]})
        created_at = _moment(head.get("created_at"))
        if created_at is None:
            raise Invalid("club.created_at", "the time the club was created, in ISO 8601")
        club, seed = _new_club(name, names, created_at)
        matches = [_rebuild(document, club, f"matches.{index}.")[0]
                   for index, document in enumerate(data["matches"])]
        return Answer.of(201, {**club_body(club), "matches": [m.id for m in matches], "club_token_seed": seed})

    return _with_club_token(_idempotent("club-import", idempotency_key, print_, work))


def _take_match(match_id: str, expected: int | None) -> int:
    """Lock the match row by raising its revision; Stale if ``expected`` is no longer current."""
    stmt = update(Match).where(Match.id == match_id)
    if expected is not None:
        stmt = stmt.where(Match.revision == expected if expected <= REVISION_LIMIT else false())
    stmt = stmt.values(revision=Match.revision + 1, updated_at=utcnow()).returning(Match.revision)
    # No session objects to keep in step (the session was rolled back; the row is reloaded after the lock).
    revision = db.session.execute(stmt, execution_options={"synchronize_session": False}).scalar_one_or_none()
    if revision is None:
        current = db.session.scalar(select(Match.revision).where(Match.id == match_id))
        if current is None:
            raise NotFound("id", f"no match {match_id!r}")
        raise Stale("If-Match", f"the match is at revision {current}, not {expected}: "
                                "another phone changed it; reload and try again")
    return int(revision)


def _hand_write(
    match_id: str, token: str | None, if_match: int | None, idempotency_key: str | None, print_: str,
    change: Callable[[Match, list[Hand], int], tuple[Hand, str, dict[str, Any]]], status: int,
    append: dict[str, Any] | None = None, allow: Callable[[Match], None] | None = None,
) -> Answer:
    """The shared path of record, edit and void: authorize, lock, change, replay, store, answer.

    ``append`` is the input of a hand recorded after the others: it is scored alone, from the cached
    state, when the cache is current (the same step a replay takes; see ``Replayer.resume``).
    ``allow`` replaces the edit token's check (a side's confirmation link).
    """
    # Only what authorizing needs: the state (the largest column) is loaded once, under the lock.
    match = find_match(match_id, only=(Match.edit_token_hash, Match.view_token))
    if allow is not None:
        allow(match)
    else:
        authorize(match, token, edit=True)
    db.session.rollback()

    def work() -> Answer:
        try:
            revision = _take_match(match_id, if_match)
        except Stale:
            # A double tap: the twin request may have committed while this one waited for the lock.
            if idempotency_key is not None:
                db.session.rollback()
                earlier = _stored_answer(match_id, idempotency_key, print_)
                if earlier is not None:
                    raise _Replayed(earlier) from None
            raise
        if idempotency_key is not None:
            earlier = _stored_answer(match_id, idempotency_key, print_)
            if earlier is not None:
                raise _Replayed(earlier)
        # One fresh load, after the lock: the row as of this revision (the session was rolled back above).
        locked = db.session.get(Match, match_id, populate_existing=True)
        if locked is None:
            raise NotFound("id", f"no match {match_id!r}")
        rules = rules_of(locked)
        if append is not None and _cache_at(locked, revision - 1):
            hand, entry = _append(locked, rules, append, revision)
            kind, data = "record", {"input": append}
        else:
            hands = list(db.session.scalars(
                select(Hand).where(Hand.match_id == match_id).order_by(Hand.number)))
            hand, kind, data = change(locked, hands, revision)
            try:
                state = _replay_rows(locked, rules, sorted(hands, key=lambda h: h.number))
            except MatchFinished as error:
                raise Finished(list(error.problems)) from None
            except RuleError as error:
                raise Invalid(list(_unprefix(error, hand.number))) from None
            scored = next(h for h in state.hands if h.number == hand.number)
            hand.game = scored.game
            entry = _entry(scored, hand)
            _cache_state(locked, state, revision, hands)
        db.session.add(hand)
        db.session.add(Event(match_id=match_id, revision=revision, kind=kind, hand_number=hand.number, data=data))
        db.session.flush()
        text = _with(_with(to_json(entry), "revision", str(revision)), "state", state_text(locked))
        return Answer(status, text, revision)

    fresh: list[int] = []
    answer = _idempotent(match_id, idempotency_key, print_, lambda: _noting(work, fresh))
    if fresh:
        publish(match_id)
    return answer


def _append(match: Match, rules: Rules, hand_input: dict[str, Any], revision: int) -> tuple[Hand, dict[str, Any]]:
    """Score a hand recorded after the others from the cached state, and extend the cache by it."""
    summary = match.state_summary
    assert summary is not None
    if summary["finished"]:
        raise Finished("match", "the match is finished: start a new one")
    last = db.session.scalar(select(func.max(Hand.number)).where(Hand.match_id == match.id))
    number = (last or 0) + 1
    replayer = Replayer.resume(rules, summary, side_names(rules, match.players))
    try:
        scored = replayer.add(HandRecord(hand_input, False, number), number)
    except MatchFinished as error:
        raise Finished(list(error.problems)) from None
    except RuleError as error:
        raise Invalid(list(_unprefix(error, number))) from None
    _cache_append(match, replayer, scored, revision)
    return Hand(match_id=match.id, number=number, game=scored.game, input=hand_input, voided=False), \
        _entry(scored, None)


def _noting(work: Callable[[], Answer], fresh: list[int]) -> Answer:
    answer = work()
    fresh.append(answer.status)
    return answer


def broker() -> live.LocalBroker:
    """This process's broker for live updates (Redis when configured)."""
    return live.broker_for(current_app.config.get("REDIS_URL"))


def public_url(path: str) -> str:
    """An absolute URL for a QR code: SCOREKEEPER_PUBLIC_URL when set, else the host this phone reached."""
    from flask import request

    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return str(base).rstrip("/") + path


def board_json(match: Match) -> str:
    """What watchers see, as JSON text: the match and its state, never the edit token."""
    return match_json(match)


def publish(match_id: str) -> None:
    """Tell every open board and sheet of the match its new state (after the write committed)."""
    if not current_app.config.get("REDIS_URL") and not broker().watchers(match_id):
        # In-process delivery and nobody here watches: skip reloading and encoding the state. A stream
        # opening now subscribes before it reads the state, so it still sees this write.
        return
    match = find_match(match_id)
    text = board_json(match)
    try:
        broker().publish(live.Message(match_id, match.revision, text))
    except Exception:  # a broker outage must not turn a recorded hand into an error
        current_app.logger.exception("could not publish the update of match %s", match_id)


def _unprefix(error: RuleError, number: int) -> list[Problem]:
    """Problems of the hand being written lose their ``hands.N.`` prefix; others keep it."""
    prefix = f"hands.{number}."
    return [Problem(p.field.removeprefix(prefix), p.message) for p in error.problems]


def _check_hand_body(data: Any) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise BadRequest("body", "send the hand as a JSON object")
    return data


def record_hand(match_id: str, token: str | None, data: Any, if_match: int | None = None,
                idempotency_key: str | None = None) -> Answer:
    """Record the next hand (201); 409 when the match is finished."""
    hand_input = dict(_check_hand_body(data))
    print_ = fingerprint("POST", match_id, hand_input)

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        # (A hand after the winner is refused by the replay below: MatchFinished becomes 409.)
        number = max((h.number for h in hands), default=0) + 1
        hand = Hand(match_id=match.id, number=number, input=hand_input, voided=False)
        hands.append(hand)
        return hand, "record", {"input": hand_input}

    return _hand_write(match_id, token, if_match, idempotency_key, print_, change, 201, append=hand_input)


def edit_hand(match_id: str, number: int, token: str | None, data: Any, if_match: int | None = None,
              idempotency_key: str | None = None, reason: str | None = None) -> Answer:
    """Replace a hand's input; every later hand is scored again (200). A hand a side confirmed needs a
    ``reason`` to change, and the change opens it for confirmation again."""
    hand_input = dict(_check_hand_body(data))
    print_ = fingerprint("PUT", match_id, number, hand_input, *([reason] if reason else []))

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        hand = _find_hand(hands, number)
        if hand.voided:
            raise Invalid("number", f"hand {number} is voided: it stays in the history as it was")
        before = hand.input
        reopened = _unlock(match, hand, _text(reason, "reason"))
        hand.input = hand_input
        hand.updated_at = utcnow()
        return hand, "edit", {"before": before, "after": hand_input, **reopened}

    return _hand_write(match_id, token, if_match, idempotency_key, print_, change, 200)


def void_hand(match_id: str, number: int, token: str | None, if_match: int | None = None,
              idempotency_key: str | None = None, reason: str | None = None) -> Answer:
    """Void a hand: kept in the history, no longer scored (200). A confirmed hand needs a ``reason``."""
    print_ = fingerprint("DELETE", match_id, number, *([reason] if reason else []))
    return _hand_write(match_id, token, if_match, idempotency_key, print_, _voiding(number, reason), 200)


def undo_hand(match_id: str, number: int, token: str | None, if_match: int | None,
              idempotency_key: str | None = None) -> Answer:
    """Undo the last hand (200): void hand ``number``, only while the match is still at ``if_match`` (the
    revision the phone's sheet showed) and ``number`` is still its last hand that counts. The phone names
    both, so two phones undoing at once void one hand, not two: the second is stale (412)."""
    if if_match is None:
        raise BadRequest("If-Match", "an undo names the revision the sheet showed: reload the sheet and try again")
    print_ = fingerprint("UNDO", match_id, number)
    return _hand_write(match_id, token, if_match, idempotency_key, print_, _voiding(number, None, undo=True), 200)


def _voiding(number: int, reason: str | None,
             undo: bool = False) -> Callable[[Match, list[Hand], int], tuple[Hand, str, dict[str, Any]]]:
    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        hand = _find_hand(hands, number)
        if hand.voided:
            raise Invalid("number", f"hand {number} is already voided")
        if undo:
            counted = [h.number for h in hands if not h.voided]
            if counted[-1] != number:
                raise Invalid("number", f"hand {number} is not the last hand that counts (hand {counted[-1]} is): "
                                        "undo takes back only the last one")
        reopened = _unlock(match, hand, _text(reason, "reason"))
        was = _scored_before(match, hands, number, revision)
        hand.voided = True
        hand.updated_at = utcnow()
        return hand, "void", {"input": hand.input, **({"was": was} if was else {}),
                              **({"undo": True} if undo else {}), **reopened}

    return change


def _scored_before(match: Match, hands: list[Hand], number: int, revision: int) -> dict[str, Any] | None:
    """What hand ``number`` scored until this write (the cached state, else a replay), kept in the void's audit
    event: the sheet still shows a voided hand's numbers, struck through, as paper would. History only: the
    state never reads it."""
    if _cache_at(match, revision - 1):
        entries: list[dict[str, Any]] = json.loads(match.state_hands or "[]")
    else:
        try:
            state = _replay_rows(match, rules_of(match), sorted(hands, key=lambda h: h.number))
        except RuleError:
            return None
        entries = [h.as_dict() for h in state.hands]
    entry = next((e for e in entries if e["number"] == number), None)
    if entry is None or entry["voided"]:
        return None
    return {name: entry[name] for name in ("result", "scores", "totals", "pot")}


def restore_hand(match_id: str, number: int, token: str | None, if_match: int | None = None,
                 idempotency_key: str | None = None) -> Answer:
    """Count a voided hand again (200): every later hand is scored again with it. 409 when, counted again,
    it would end the match before a hand played after it (the engine refuses that hand)."""
    print_ = fingerprint("POST", match_id, number, "restore")

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        hand = _find_hand(hands, number)
        if not hand.voided:
            raise Invalid("number", f"hand {number} is not voided: there is nothing to restore")
        hand.voided = False
        hand.updated_at = utcnow()
        return hand, "restore", {"input": hand.input}

    try:
        return _hand_write(match_id, token, if_match, idempotency_key, print_, change, 200)
    except Finished as error:
        later = [p.field.removeprefix("hands.") for p in error.problems if p.field.startswith("hands.")]
        reason = "; ".join(p.message for p in error.problems)
        if not later:
            raise
        if later[0] == str(number):
            raise Finished("number", f"hand {number} was not restored: the match was over before it "
                                     f"({reason}).") from None
        raise Finished("number", f"hand {number} was not restored: counted again, it would end the match before "
                                 f"hand {later[0]} ({reason}). Void the hands after it first if it really "
                                 "counts.") from None


def _find_hand(hands: list[Hand], number: int) -> Hand:
    for hand in hands:
        if hand.number == number:
            return hand
    raise NotFound("number", f"no hand {number} in this match")


# ---------------------------------------------------------------- the referee: disputes and confirmations

NOTE_LIMIT = 500
RESOLUTIONS = ("stands", "edited", "voided")


def _text(value: Any, field: str, required: bool = False) -> str | None:
    """A note or reason: stripped text of at most NOTE_LIMIT characters (None when empty and optional)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise Invalid(field, f"write a {field}: a few words the table agreed on")
        return None
    if not isinstance(value, str):
        raise Invalid(field, f"the {field} is text")
    value = value.strip()
    if len(value) > NOTE_LIMIT:
        raise Invalid(field, f"a {field} has at most {NOTE_LIMIT} characters")
    return value


def _side_list(match: Match, sides: list[int]) -> str:
    names = side_names(rules_of(match), match.players)
    return " and ".join(names[i] if 0 <= i < len(names) else f"side {i}" for i in sorted(sides))


def _unlock(match: Match, hand: Hand, reason: str | None) -> dict[str, Any]:
    """A confirmed hand changes only with a reason, and is open for confirmation again afterwards."""
    confirmed = list(hand.confirmed_by or [])
    if confirmed and reason is None:
        raise Invalid("reason", f"hand {hand.number} was confirmed by {_side_list(match, confirmed)}: "
                                "give a reason to change it")
    data: dict[str, Any] = {}
    if reason is not None:
        data["reason"] = reason
    if confirmed:
        data["reopened"] = confirmed
        hand.confirmed_by = []
    return data


def _body(data: Any) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise BadRequest("body", "send a JSON object")
    return data


def dispute_hand(match_id: str, number: int, token: str | None, data: Any, if_match: int | None = None,
                 idempotency_key: str | None = None) -> Answer:
    """Flag a hand as disputed, with a note (200); it shows as disputed until a ruling resolves it."""
    body = dict(_body(data))
    print_ = fingerprint("POST", match_id, number, "dispute", body)

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        note = _text(body.get("note"), "note", required=True)
        hand = _find_hand(hands, number)
        if hand.voided:
            raise Invalid("number", f"hand {number} is voided: it is no longer scored, so there is nothing to dispute")
        if hand.disputed:
            raise Invalid("number", f"hand {number} is already disputed: resolve that first")
        hand.disputed = True
        hand.dispute_note = note
        hand.updated_at = utcnow()
        return hand, "dispute", {"note": note}

    return _hand_write(match_id, token, if_match, idempotency_key, print_, change, 200)


def resolve_hand(match_id: str, number: int, token: str | None, data: Any, if_match: int | None = None,
                 idempotency_key: str | None = None) -> Answer:
    """Resolve a disputed hand (200): the score ``stands``, or the hand was ``edited`` (a revoke ruling is an
    edit whose input gained a ``revoke``) or ``voided`` since the dispute; with a note of the ruling."""
    body = dict(_body(data))
    print_ = fingerprint("POST", match_id, number, "resolve", body)

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        note = _text(body.get("note"), "note", required=True)
        resolution = body.get("resolution")
        if resolution not in RESOLUTIONS:
            raise Invalid("resolution", "the resolution is 'stands' (no change: the score stands), "
                                        "'edited' or 'voided'")
        hand = _find_hand(hands, number)
        if not hand.disputed:
            raise Invalid("number", f"hand {number} is not disputed")
        disputed_at = db.session.scalar(
            select(func.max(Event.revision)).where(Event.match_id == match.id, Event.hand_number == number,
                                                   Event.kind == "dispute")) or 0
        since = set(db.session.scalars(
            select(Event.kind).where(Event.match_id == match.id, Event.hand_number == number,
                                     Event.revision > disputed_at)))
        event = {"resolution": resolution, "note": note, "dispute": hand.dispute_note}
        if resolution == "voided" and not hand.voided:
            raise Invalid("resolution", f"hand {number} is not voided: void it first, then resolve the dispute")
        if resolution == "edited":
            if hand.voided:
                raise Invalid("resolution", f"hand {number} was voided: resolve the dispute as voided")
            if "edit" not in since:
                raise Invalid("resolution", f"hand {number} was not changed since the dispute: "
                                            "change it first, then resolve the dispute")
            if hand.input.get("revoke"):
                event["revoke"] = hand.input["revoke"]
        if resolution == "stands" and hand.voided:
            raise Invalid("resolution", f"hand {number} was voided: resolve the dispute as voided")
        hand.disputed = False
        hand.dispute_note = None
        hand.updated_at = utcnow()
        return hand, "resolve", event

    return _hand_write(match_id, token, if_match, idempotency_key, print_, change, 200)


def confirm_token(match_id: str, side: int) -> str:
    """The confirmation link's secret of one side: derived from the app's secret key, never stored."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, f"confirm:{match_id}:{side}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def can_confirm(match: Match, side: Any, token: str | None) -> bool:
    """Whether ``token`` is side ``side``'s confirmation secret of the match."""
    if isinstance(side, bool) or not isinstance(side, int) or token is None:
        return False
    if not 0 <= side < rules_of(match).sides:
        return False
    return hmac.compare_digest(confirm_token(match.id, side).encode(), token.encode("utf-8", "replace"))


def confirm_hand(match_id: str, number: int, side: Any, token: str | None, if_match: int | None = None,
                 idempotency_key: str | None = None) -> Answer:
    """Side ``side`` confirms hand ``number`` as scored (200), with that side's confirmation secret."""
    print_ = fingerprint("POST", match_id, number, "confirm", side)

    def allow(match: Match) -> None:
        if not can_confirm(match, side, token):
            if token is None:
                raise Unauthorized("Authorization", "send the side's confirmation token as "
                                                    "'Authorization: Bearer <token>'")
            raise Unauthorized("Authorization", "this token cannot confirm hands for this side")

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        hand = _find_hand(hands, number)
        name = side_names(rules_of(match), match.players)[side]
        if hand.voided:
            raise Invalid("number", f"hand {number} is voided: there is nothing to confirm")
        confirmed = list(hand.confirmed_by or [])
        if side in confirmed:
            raise Invalid("number", f"hand {number} is already confirmed by {name}")
        hand.confirmed_by = sorted([*confirmed, side])
        return hand, "confirm", {"side": side, "name": name}

    return _hand_write(match_id, token, if_match, idempotency_key, print_, change, 200, allow=allow)


# ---------------------------------------------------------------- a club's house rules


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
