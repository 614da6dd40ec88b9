"""A match (or a whole club) exported as a document and imported again: the export carries everything
needed to rebuild the match and a digest; an import checks the document, rebuilds the match with new ids
and new secrets, replays its hands with the engine and refuses it unless the state agrees."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from ..extensions import db
from ..models import Club, Event, Hand, Match, utcnow
from ..rules import OPTION_NAMES, Problem, RuleError, Rules
from ..rules.words import Listed, Said
from .clubs import club_body, club_seats, new_club, read_club_names, seat_players, with_club_token
from .errors import Answer, BadRequest, Invalid, ServiceError
from .hands import REVISION_LIMIT, note_text
from .idempotency import caller_scope, fingerprint, idempotent
from .matches import new_match, read_create, with_edit_token
from .state import cache_state, match_body, replay_rows
from .text import EXPORT_AGAIN, broken_character, broken_texts, text_problem

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


EARLIEST = datetime(1, 1, 2, tzinfo=UTC)
LATEST = datetime(9999, 12, 30, tzinfo=UTC)
"""The times an import keeps: a day inside Python's years 1 to 9999, so that the stored time reads back in
any database session's time zone (PostgreSQL would keep year 10000, and nothing could read it again)."""


def _moment(value: Any) -> datetime | None:
    """An ISO 8601 time from an export (UTC when it has no offset), in UTC; None when it is none, or is
    outside EARLIEST to LATEST."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
        moment = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError):  # OverflowError: an offset that moves it past the year 9999 (or 1)
        return None
    return moment if EARLIEST <= moment <= LATEST else None


def _digest_holds(data: Mapping[str, Any]) -> bool:
    """Whether the document's ``digest`` is the digest of the rest of it."""
    digest = data["digest"]
    return (isinstance(digest, str) and broken_character(digest) is None
            and hmac.compare_digest(digest.encode(), document_digest(data).encode()))


def _read_document(data: Any) -> tuple[dict[str, Any], list[Any], list[Any], dict[str, Any]]:
    """The export's parts after its format, shape and digest are checked: match, hands, events, state."""
    if not isinstance(data, Mapping):
        raise BadRequest("body", Said("send the exported match as a JSON object"))
    if data.get("format") != EXPORT_FORMAT:
        # Translators: %(format)s is the value of the document's 'format' field, in quotes: keep it as it is.
        raise Invalid("format", Said("this is not a match export: 'format' is %(format)s in one",
                                     format=repr(EXPORT_FORMAT)))
    version = data.get("version")
    if not _whole_number(version, 1) or version != EXPORT_VERSION:
        raise Invalid("version", _version_problem(version))
    problems: list[Problem] = []
    shapes = {"match": dict, "hands": list, "events": list, "state": dict}
    for field, kind in shapes.items():
        if field not in data:
            # Translators: %(field)s is the name of a part of the document, in quotes.
            problems.append(Problem(field, Said("the export has no %(field)s: export the match again",
                                                field=repr(field))))
        elif not isinstance(data[field], kind):
            # Translators: %(field)s is the name of a part of the document, in quotes.
            problems.append(Problem(field, Said("%(field)s is an object", field=repr(field)) if kind is dict
                                    else Said("%(field)s is a list", field=repr(field))))
    if not isinstance(data.get("digest"), str):
        problems.append(Problem("digest", Said("the export has no digest: export the match again")))
    if problems:
        raise Invalid(problems)
    if not _digest_holds(data):
        raise Invalid("digest", Said("the document was changed after export"))
    if len(data["hands"]) > IMPORT_HAND_LIMIT or len(data["events"]) > IMPORT_EVENT_LIMIT:
        # glossary: hand
        raise Invalid("hands", Said("an import holds at most %(hands)s hands and %(events)s events",
                                    hands=str(IMPORT_HAND_LIMIT), events=str(IMPORT_EVENT_LIMIT)))
    return dict(data["match"]), list(data["hands"]), list(data["events"]), dict(data["state"])


def _version_problem(version: Any) -> Said:
    # Translators: %(version)s is the version this server reads (1), %(given)s the one the document gave.
    return Said("this server reads version %(version)s of the export, not %(given)s", version=EXPORT_VERSION,
                given=repr(version))


def _read_imported_match(head: dict[str, Any]) -> tuple[Rules, list[str], int, datetime]:
    stored = head.get("rules")
    if not isinstance(stored, Mapping):
        raise Invalid("match.rules", Said("the rules are an object of option names and values"))
    options = {name: stored[name] for name in OPTION_NAMES if name in stored}
    try:
        rules, players, first_dealer = read_create(
            {"variant": head.get("variant"), "rules": options, "players": head.get("players"),
             "first_dealer": head.get("first_dealer", 0)})
    except Invalid as error:
        raise Invalid.of(error, prefix="match.") from None
    unknown = sorted(str(name) for name in stored if name not in rules.as_dict())
    if unknown:
        # Translators: %(name)s is the name of a house rule's option, in quotes.
        raise Invalid([Problem(f"match.rules.{name}", Said("unknown option %(name)s", name=repr(name)))
                       for name in unknown])
    created_at = _moment(head.get("created_at"))
    if created_at is None:
        raise Invalid("match.created_at", Said("the time the match was created, in ISO 8601, between the years 1 "
                                               "and 9999"))
    return rules, players, first_dealer, created_at


def _read_imported_hands(raw: list[Any], rules: Rules, match_id: str) -> list[Hand]:
    problems: list[Problem] = []
    hands: list[Hand] = []
    seen: set[int] = set()
    for position, entry in enumerate(raw, start=1):
        if not isinstance(entry, Mapping):
            # glossary: hand
            problems.append(Problem(f"hands.{position}", Said("each hand is an object")))
            continue
        number = entry.get("number")
        if not isinstance(number, int) or not _whole_number(number, 1):
            # glossary: hand
            problems.append(Problem(f"hands.{position}.number", Said("a hand's number is a whole number from 1")))
            continue
        if number in seen:
            # glossary: hand
            problems.append(Problem(f"hands.{number}.number", Said("hand %(number)s appears twice: each number "
                                                                   "belongs to one hand", number=str(number))))
            continue
        seen.add(number)
        field = f"hands.{number}."
        hand_input, voided, disputed = entry.get("input"), entry.get("voided", False), entry.get("disputed", False)
        if not isinstance(hand_input, Mapping):
            # glossary: hand
            problems.append(Problem(field + "input", Said("the hand's input is an object")))
        else:
            problems.extend(broken_texts(hand_input, field + "input"))
        if not isinstance(voided, bool):
            # Translators: voided, true and false are the document's words: keep them as they are.
            problems.append(Problem(field + "voided", Said("voided is true or false")))
        if not isinstance(disputed, bool):
            # Translators: disputed, true and false are the document's words: keep them as they are.
            problems.append(Problem(field + "disputed", Said("disputed is true or false")))
        note = None
        try:
            note = note_text(entry.get("dispute_note"), field + "dispute_note", required=disputed is True)
        except Invalid as error:
            problems.extend(error.problems)
        confirmed = entry.get("confirmed_by", [])
        if (not isinstance(confirmed, list) or len(set(confirmed)) != len(confirmed)
                or not all(_whole_number(side, 0, rules.sides - 1) for side in confirmed)):
            # glossary: hand
            problems.append(Problem(field + "confirmed_by", Said("the sides that confirmed the hand, each once: "
                                                                 "numbers from 0 to %(last)s", last=rules.sides - 1)))
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
            problems.append(Problem(f"events.{index}", Said("each event is an object")))
            continue
        revision, kind, hand, data, at = (entry.get(name) for name in ("revision", "kind", "hand", "data", "at"))
        moment = _moment(at)
        if not _whole_number(revision, 1, REVISION_LIMIT - 1):
            problems.append(Problem(field + "revision", Said("an event's revision is a whole number from 1")))
        if not isinstance(kind, str) or not 1 <= len(kind) <= EVENT_KIND_LIMIT:
            problems.append(Problem(field + "kind", Said("an event's kind is a word of at most %(limit)s letters",
                                                         limit=EVENT_KIND_LIMIT)))
        elif broken := text_problem(kind, field + "kind", Said("an event's kind"), EXPORT_AGAIN):
            problems.append(broken)
        if hand is not None and not _whole_number(hand, 1):
            # glossary: hand
            # Translators: null is the document's word for none: keep it as it is.
            problems.append(Problem(field + "hand", Said("an event's hand is a hand number, or null")))
        if not isinstance(data, Mapping):
            problems.append(Problem(field + "data", Said("an event's data is an object")))
        else:
            problems.extend(broken_texts(data, field + "data"))
        if moment is None:
            problems.append(Problem(field + "at", Said("an event's time is in ISO 8601, between the years 1 and "
                                                       "9999")))
        if not problems:
            events.append(Event(match_id=match_id, revision=revision, kind=kind, hand_number=hand,
                                data=dict(data or {}), created_at=moment))
    if problems:
        raise Invalid(problems)
    return events


_STATE_FIELDS_BEFORE_DEALS = frozenset({
    "game", "totals", "pot", "games", "games_won", "winner", "finished", "dealer", "leader", "can_claim", "needs"})


def _state_differences(replayed: Mapping[str, Any], exported: Mapping[str, Any]) -> list[Said]:
    # An export made before a state field was added (``deals``) is checked on the fields it has.
    keys = sorted(set(exported) | (set(replayed) & _STATE_FIELDS_BEFORE_DEALS))
    # Translators: %(key)s is a field of the state (totals, winner …); %(here)s and %(there)s its values (JSON).
    return [Said("%(key)s %(here)s here, %(there)s in the export", key=key, here=json.dumps(replayed.get(key)),
                 there=json.dumps(exported.get(key)))
            for key in keys if replayed.get(key) != exported.get(key)]


def _rebuild(data: Any, club: Club | None = None, prefix: str = "") -> tuple[Match, dict[str, str]]:
    """Add a new match (new id, new tokens) rebuilt from an export to the session: its hands with their
    disputes and confirmations, its audit log and one ``import`` event, the state replayed by the engine and
    checked against the export's. Problems are named under ``prefix`` (a club import's ``matches.3.``)."""
    try:
        head, raw_hands, raw_events, exported = _read_document(data)
        rules, players, first_dealer, created_at = _read_imported_match(head)
        seated = club_seats(club, players)  # the club's row is written first (savepoints need a transaction)
        match, secret = new_match(rules, [p.name for p in seated] or players, first_dealer, 1)
        match.club_id = club.id if club is not None else None
        hands = _read_imported_hands(raw_hands, rules, match.id)
        events = _read_imported_events(raw_events, match.id)
        try:
            state = replay_rows(match, rules, hands)
        except RuleError as error:  # MatchFinished too: a hand after the winner
            raise Invalid.of(error) from None
        differences = _state_differences(exported_state(state.summary()), exported)
        if differences:
            # glossary: hand
            # Translators: %(differences)s lists each field that differs, such as "totals [10, 0] here, [0, 10] in
            # the export".
            raise Invalid("state", Said("the hands do not give the exported state: %(differences)s",
                                        differences=Listed(differences, "; ")))
    except ServiceError as error:
        if not prefix:
            raise
        raise Invalid.of(error, prefix=prefix) from None
    revision = max((event.revision for event in events), default=0) + 1
    by_number = {scored.number: scored for scored in state.hands}
    for hand in hands:
        hand.game = by_number[hand.number].game if hand.number in by_number else None
    match.revision = revision
    match.created_at = created_at
    match.updated_at = utcnow()
    db.session.add(match)
    db.session.flush()
    seat_players(match, club, seated)
    db.session.add_all(hands)
    db.session.add_all(events)
    db.session.add(Event(match_id=match.id, revision=revision, kind="import",
                         data={"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "digest": data["digest"],
                               "hands": len(hands), "events": len(events)}))
    cache_state(match, state, revision, hands)
    db.session.flush()
    return match, secret


def import_match(data: Any, idempotency_key: str | None = None, *, caller: str) -> Answer:
    """Make a new match from an export (``_rebuild``). Anything wrong refuses the whole document and saves
    nothing (one transaction)."""
    print_ = fingerprint("POST", "/api/v1/imports", data)

    def work() -> Answer:
        match, secret = _rebuild(data)
        return Answer.of(201, {**match_body(match), **secret})

    return with_edit_token(idempotent(caller_scope("import", caller), idempotency_key, print_, work))


CLUB_FORMAT = "scorekeeper-club"
CLUB_MATCH_LIMIT = 5_000


def import_club(data: Any, idempotency_key: str | None = None, *, caller: str) -> Answer:
    """Make a new club (new id, new secret) from a club export: its players, then every match rebuilt as
    ``import_match`` does (each checked against its own digest and state). Anything wrong in any part refuses
    the whole club and saves nothing."""
    if not isinstance(data, Mapping):
        raise BadRequest("body", Said("send the exported club as a JSON object"))
    if data.get("format") != CLUB_FORMAT:
        # Translators: %(format)s is the value of the document's 'format' field, in quotes: keep it as it is.
        raise Invalid("format", Said("this is not a club export: 'format' is %(format)s in one",
                                     format=repr(CLUB_FORMAT)))
    if data.get("version") != EXPORT_VERSION or isinstance(data.get("version"), bool):
        raise Invalid("version", _version_problem(data.get("version")))
    missing = {
        # Translators: %(field)s is the name of a part of the document, in quotes.
        "club": Said("the export has no %(field)s object: export the club again", field=repr("club")),
        # Translators: %(field)s is the name of a part of the document, in quotes.
        "players": Said("the export has no %(field)s list: export the club again", field=repr("players")),
        # Translators: %(field)s is the name of a part of the document, in quotes.
        "matches": Said("the export has no %(field)s list: export the club again", field=repr("matches")),
        # Translators: %(field)s is the name of a part of the document, in quotes.
        "digest": Said("the export has no %(field)s text: export the club again", field=repr("digest")),
    }
    problems = [Problem(field, missing[field])
                for field, type_ in (("club", Mapping), ("players", list), ("matches", list), ("digest", str))
                if not isinstance(data.get(field), type_)]
    if problems:
        raise Invalid(problems)
    if not _digest_holds(data):
        raise Invalid("digest", Said("the document was changed after export"))
    if len(data["matches"]) > CLUB_MATCH_LIMIT:
        raise Invalid("matches", Said("a club import holds at most %(limit)s matches", limit=str(CLUB_MATCH_LIMIT)))
    print_ = fingerprint("POST", "/api/v1/clubs/imports", data)

    def work() -> Answer:
        head = data["club"]
        name, names = read_club_names({"name": head.get("name"), "players": data["players"]})
        created_at = _moment(head.get("created_at"))
        if created_at is None:
            raise Invalid("club.created_at", Said("the time the club was created, in ISO 8601, between the years 1 "
                                                  "and 9999"))
        club, seed = new_club(name, names, created_at)
        matches = [_rebuild(document, club, f"matches.{index}.")[0]
                   for index, document in enumerate(data["matches"])]
        return Answer.of(201, {**club_body(club), "matches": [m.id for m in matches], "club_token_seed": seed})

    return with_club_token(idempotent(caller_scope("club-import", caller), idempotency_key, print_, work))
