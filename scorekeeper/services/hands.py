"""Writing hands: record, edit, void, undo and restore, all through one path (authorize, lock the match's
row, change, score with the engine, keep the cache, log the event, answer, publish). A write that wins a
tournament's last table finishes the tournament in the same transaction.

Every write takes the match's row first (``UPDATE … SET revision = revision + 1``), so concurrent writes
to one match queue up on PostgreSQL's row lock or SQLite's write lock; ``If-Match`` turns that update
into a compare-and-set.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from sqlalchemy import bindparam, func, insert, select, update

from ..extensions import db
from ..models import Event, Hand, Match, utcnow
from ..rules import HandRecord, Replayer, RuleError, ScoredHand, replay
from ..rules.errors import MatchFinished
from ..rules.limits import NOTE_LIMIT
from ..rules.words import N_, Listed, Said
from ..serializers import side_names, stamp, to_json, with_member
from .access import authorize, find_match, no_match
from .boards import match_keys
from .errors import Answer, BadRequest, Finished, Invalid, NotFound, Stale, json_object
from .idempotency import Replayed, fingerprint, idempotent, stored_answer
from .publishing import publish
from .state import (
    LOCKED_COLUMNS,
    Locked,
    cache_append,
    cache_at,
    cache_state,
    replay_rows,
    rules_of,
    state_of,
)
from .text import sound_text
from .tournaments import finish_at_last_table, publish_venue_for_match

CHANGES_LIMIT = 50
"""The most changes a stale write is told (the latest): a phone a whole evening behind reloads instead."""
REVISION_LIMIT = 2**31 - 1
"""The highest revision the INTEGER column holds; an If-Match above it can only be stale."""
# Statements of every write, built once (their compiled form is cached on first use).
_INSERT_EVENT = insert(Event.__table__)
_LAST_NUMBER = select(func.max(Hand.number)).where(Hand.match_id == bindparam("match"))
_ROW = Match.__table__.c
_LOCK = (update(Match.__table__).where(_ROW.id == bindparam("match"))
         .values(revision=_ROW.revision + 1, updated_at=bindparam("now")).returning(*LOCKED_COLUMNS))
_LOCK_AT = _LOCK.where(_ROW.revision == bindparam("expected"))


def _take_match(match_id: str, expected: int | None) -> Locked:
    """Lock the match row by raising its revision, and return the row as it is now; Stale if ``expected`` is no
    longer current."""
    locked = None
    if expected is None or expected <= REVISION_LIMIT:
        # A plain statement on the session's connection: no session objects to keep in step.
        statement, params = (_LOCK, {}) if expected is None else (_LOCK_AT, {"expected": expected})
        locked = db.session.connection().execute(statement, {"match": match_id, "now": utcnow(), **params}
                                                 ).one_or_none()
    if locked is None:
        current = db.session.scalar(select(Match.revision).where(Match.id == match_id))
        if current is None:
            raise NotFound("id", no_match(match_id))
        # Translators: %(current)s and %(expected)s are revisions (numbers that count the match's changes).
        raise Stale("If-Match", Said("the match is at revision %(current)s, not %(expected)s: another phone "
                                     "changed it; reload and try again", current=str(current), expected=str(expected)),
                    revision=current)
    return Locked(*locked)


def changes_since(match_id: str, expected: int) -> list[dict[str, Any]]:
    """What the match did after revision ``expected``, oldest first (at most the last ``CHANGES_LIMIT``): each
    write's event (``undo`` for a void that was an undo), its revision, the hand's number and its entry as it
    is now, and for a void what the hand scored before (the shape ``Stale.changes`` documents). Read only."""
    match = db.session.get(Match, match_id, populate_existing=True)
    if match is None:
        return []
    events = list(db.session.scalars(
        select(Event).where(Event.match_id == match_id, Event.revision > expected)
        .order_by(Event.revision.desc(), Event.id.desc()).limit(CHANGES_LIMIT)))
    if not events:
        return []
    try:
        # Replayed (each process keeps the last few by revision), so each explanation line stays sayable.
        entries = {entry["number"]: entry for entry in state_of(match, sayable=True)["hands"]}
    except RuleError:
        entries = {}
    changes: list[dict[str, Any]] = []
    for event in reversed(events):
        data = event.data if isinstance(event.data, dict) else {}
        kind = "undo" if event.kind == "void" and data.get("undo") else event.kind
        change: dict[str, Any] = {"event": kind, "revision": event.revision, "number": event.hand_number}
        if event.hand_number is not None:
            entry = entries.get(event.hand_number)
            change["hand"] = dict(entry) if entry is not None else None
            if event.kind == "void" and isinstance(data.get("was"), dict):
                change["was"] = data["was"]
        changes.append(change)
    return changes


Change = Callable[[Match, list[Hand], int], tuple[Hand, str, dict[str, Any]]]
"""An edit, a void or a dispute's change: given the locked match, its hands and the new revision, it changes the
rows and says the changed hand, the event's kind and its data."""


def hand_write(
    match_id: str, token: str | None, if_match: int | None, idempotency_key: str | None, print_: str,
    change: Change, status: int, append: dict[str, Any] | None = None, allow: Callable[[Match], None] | None = None,
) -> Answer:
    """The shared path of record, edit and void: authorize, lock, change, replay, store, answer, tell watchers.

    ``append`` is the input of a hand recorded after the others: it is scored alone, from the cached
    state, when the cache is current (the same step a replay takes; see ``Replayer.resume``).
    ``allow`` replaces the edit token's check (a side's confirmation link).
    """
    _authorize_write(match_id, token, allow)
    answer = idempotent(match_id, idempotency_key, print_,
                        lambda: _write(match_id, if_match, idempotency_key, print_, change, status, append))
    if answer.published is not None:
        # Watchers get what changed, with the kind of write: after anything but a recorded hand, later hands
        # were scored again, and a watcher showing them reads the whole board (one GET) to see them.
        publish(match_id, answer.revision, answer.published)
        publish_venue_for_match(match_id)  # a tournament's table: its venue screen follows the score
    return answer


def _authorize_write(match_id: str, token: str | None, allow: Callable[[Match], None] | None) -> None:
    """The edit token checked, or ``allow`` asked: only what authorizing needs (the keys, on a connection of their
    own); the state, the largest column, is loaded once, under the lock."""
    if allow is not None:
        allow(find_match(match_id, only=(Match.variant, Match.rules)))
        db.session.rollback()
    else:
        authorize(match_keys(match_id), token, edit=True)


def _lock_for_write(match_id: str, if_match: int | None, idempotency_key: str | None, print_: str) -> Locked:
    """The match locked at its next revision. A twin's answer stored meanwhile is replayed instead (a double tap
    whose twin committed while this one waited for the lock); another phone's write is refused with what it did,
    so this phone can ask the table instead of guessing."""
    try:
        taken = _take_match(match_id, if_match)
    except Stale as stale:
        db.session.rollback()
        if idempotency_key is not None:
            earlier = stored_answer(match_id, idempotency_key, print_)
            if earlier is not None:
                raise Replayed(earlier) from None
        if if_match is not None and if_match <= REVISION_LIMIT:
            stale.changes = tuple(changes_since(match_id, if_match))
        raise
    if idempotency_key is not None:
        earlier = stored_answer(match_id, idempotency_key, print_)
        if earlier is not None:
            raise Replayed(earlier)
    return taken


class _Written(NamedTuple):
    """What one write stored: the hand as scored, its number and entry, the event's kind and data, the new
    summary."""

    scored: ScoredHand
    number: int
    entry: str
    kind: str
    data: dict[str, Any]
    summary: dict[str, Any]


def _change_and_replay(match_id: str, change: Change, revision: int) -> _Written:
    """The slower write: the change made on the rows as of this revision (one fresh load, after the lock) and
    every hand replayed."""
    locked = db.session.get(Match, match_id, populate_existing=True)
    if locked is None:
        raise NotFound("id", no_match(match_id))
    rules = rules_of(locked)
    hands = list(db.session.scalars(select(Hand).where(Hand.match_id == match_id).order_by(Hand.number)))
    hand, kind, data = change(locked, hands, revision)
    try:
        state = replay_rows(locked, rules, sorted(hands, key=lambda h: h.number))
    except MatchFinished as error:
        raise Finished.of(error) from None
    except RuleError as error:
        raise Invalid.of(error, strip=f"hands.{hand.number}.") from None
    scored = next(h for h in state.hands if h.number == hand.number)
    hand.game = scored.game
    summary = cache_state(locked, state, revision, hands)
    db.session.add(hand)
    db.session.flush()
    return _Written(scored, hand.number, hand.state_entry or to_json({}), kind, data, summary)


def _write(match_id: str, if_match: int | None, idempotency_key: str | None, print_: str, change: Change,
           status: int, append: dict[str, Any] | None) -> Answer:
    """Lock, change, store and answer, inside ``idempotent``'s transaction."""
    taken = _lock_for_write(match_id, if_match, idempotency_key, print_)
    revision = taken.revision
    if append is not None and cache_at(taken, revision - 1):
        # The common write: a hand after the others, scored from the cached state, stored with plain
        # statements (the row the lock returned is all it reads).
        scored, entry, summary = _append(taken, append, revision)
        written = _Written(scored, scored.number, entry, "record", {"input": append}, summary)
    else:
        written = _change_and_replay(match_id, change, revision)
    # The audit entry as a plain insert: nothing reads it back in this request.
    db.session.connection().execute(_INSERT_EVENT, {
        "match_id": match_id, "revision": revision, "kind": written.kind, "hand_number": written.number,
        "data": written.data, "created_at": utcnow()})
    if written.summary.get("winner") is not None:
        # The match is won: at a tournament's last table of its last round, the tournament finishes too.
        finish_at_last_table(match_id)
    # The answer carries what changed: the hand's entry, the revision and the state without its hands (the full
    # state is one GET away), so its size, and the idempotency row that keeps it, does not grow with the match.
    text = with_member(with_member(written.entry, "revision", str(revision)), "state", to_json(written.summary))
    answer = Answer(status, text, revision)
    answer.published = with_member(with_member(text, "event", to_json(written.kind)), "updated_at",
                                   to_json(stamp(taken.updated_at)))
    # The explanation as the engine said it, for a page or a client in another language (the stored answer, and so
    # a replayed one, holds its English text only).
    answer.explanation = tuple(written.scored.outcome.explanation) if written.scored.outcome else ()
    return answer


def _append(match: Locked, hand_input: dict[str, Any], revision: int) -> tuple[ScoredHand, str, dict[str, Any]]:
    """Score a hand recorded after the others from the cached state, store it and extend the cache by it: the
    hand as scored, its entry's JSON text and the new summary."""
    summary = match.state_summary
    assert summary is not None
    if summary["finished"]:
        raise Finished("match", Said("the match is finished: start a new one"))
    last = db.session.connection().execute(_LAST_NUMBER, {"match": match.id}).scalar()
    number = (last or 0) + 1
    rules = rules_of(match)
    replayer = Replayer.resume(rules, summary, side_names(rules, match.players))
    try:
        scored = replayer.add(HandRecord(hand_input, False, number), number)
    except MatchFinished as error:
        raise Finished.of(error) from None
    except RuleError as error:
        raise Invalid.of(error, strip=f"hands.{number}.") from None
    entry, summary = cache_append(match, replayer, scored, hand_input, revision)
    return scored, entry, summary


def would_score(match: Match, hand_input: Any, number: int | None = None) -> dict[str, Any] | None:
    """What ``hand_input`` would score if written now, nothing saved: recorded after the others (``number``
    None) or replacing hand ``number``, the match replayed by the engine. The hand's entry (its explanation
    lines the engine's ``Said``); None when the engine refuses it (the write itself says why). A stale write's
    page shows it beside what another phone did."""
    if not isinstance(hand_input, dict):
        return None
    rows = list(db.session.scalars(select(Hand).where(Hand.match_id == match.id).order_by(Hand.number)))
    records = [HandRecord(hand_input if row.number == number else row.input, row.voided, row.number) for row in rows]
    target = number
    if number is None:
        target = max((row.number for row in rows), default=0) + 1
        records.append(HandRecord(hand_input, False, target))
    elif not any(row.number == number for row in rows):
        return None
    rules = rules_of(match)
    try:
        state = replay(rules, records, match.first_dealer, side_names(rules, match.players))
    except RuleError:
        return None
    return next((h.as_dict() for h in state.hands if h.number == target), None)


def record_hand(match_id: str, token: str | None, data: Any, if_match: int | None = None,
                idempotency_key: str | None = None) -> Answer:
    """Record the next hand (201); 409 when the match is finished."""
    # glossary: hand
    hand_input = dict(json_object(data, Said("send the hand as a JSON object")))
    print_ = fingerprint("POST", match_id, hand_input)

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        # (A hand after the winner is refused by the replay below: MatchFinished becomes 409.)
        number = max((h.number for h in hands), default=0) + 1
        hand = Hand(match_id=match.id, number=number, input=hand_input, voided=False)
        hands.append(hand)
        return hand, "record", {"input": hand_input}

    return hand_write(match_id, token, if_match, idempotency_key, print_, change, 201, append=hand_input)


def edit_hand(match_id: str, number: int, token: str | None, data: Any, if_match: int | None = None,
              idempotency_key: str | None = None, reason: str | None = None) -> Answer:
    """Replace a hand's input; every later hand is scored again (200). A hand a side confirmed needs a
    ``reason`` to change, and the change opens it for confirmation again."""
    # glossary: hand
    hand_input = dict(json_object(data, Said("send the hand as a JSON object")))
    print_ = fingerprint("PUT", match_id, number, hand_input, *([reason] if reason else []))

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        hand = find_hand(hands, number)
        if hand.voided:
            # glossary: hand
            raise Invalid("number", Said("hand %(number)s is voided: it stays in the history as it was",
                                         number=str(number)))
        before = hand.input
        reopened = unlock(match, hand, note_text(reason, "reason"))
        hand.input = hand_input
        hand.updated_at = utcnow()
        return hand, "edit", {"before": before, "after": hand_input, **reopened}

    return hand_write(match_id, token, if_match, idempotency_key, print_, change, 200)


def void_hand(match_id: str, number: int, token: str | None, if_match: int | None = None,
              idempotency_key: str | None = None, reason: str | None = None) -> Answer:
    """Void a hand: kept in the history, no longer scored (200). A confirmed hand needs a ``reason``."""
    print_ = fingerprint("DELETE", match_id, number, *([reason] if reason else []))
    return hand_write(match_id, token, if_match, idempotency_key, print_, _voiding(number, reason), 200)


def undo_hand(match_id: str, number: int, token: str | None, if_match: int | None,
              idempotency_key: str | None = None) -> Answer:
    """Undo the last hand (200): void hand ``number``, only while the match is still at ``if_match`` (the
    revision the phone's sheet showed) and ``number`` is still its last hand that counts. The phone names
    both, so two phones undoing at once void one hand, not two: the second is stale (412)."""
    if if_match is None:
        raise BadRequest("If-Match", Said("an undo names the revision the sheet showed: reload the sheet and try "
                                          "again"))
    print_ = fingerprint("UNDO", match_id, number)
    return hand_write(match_id, token, if_match, idempotency_key, print_, _voiding(number, None, undo=True), 200)


def _voiding(number: int, reason: str | None,
             undo: bool = False) -> Callable[[Match, list[Hand], int], tuple[Hand, str, dict[str, Any]]]:
    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        hand = find_hand(hands, number)
        if hand.voided:
            # glossary: hand
            raise Invalid("number", Said("hand %(number)s is already voided", number=str(number)))
        if undo:
            counted = [h.number for h in hands if not h.voided]
            if counted[-1] != number:
                # glossary: hand
                raise Invalid("number", Said("hand %(number)s is not the last hand that counts (hand %(last)s is): "
                                             "undo takes back only the last one", number=str(number),
                                             last=str(counted[-1])))
        reopened = unlock(match, hand, note_text(reason, "reason"))
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
    cached = next((h.state_entry for h in hands if h.number == number), None)
    if cache_at(match, revision - 1) and cached is not None:
        entries: list[dict[str, Any]] = [json.loads(cached)]
    else:
        try:
            state = replay_rows(match, rules_of(match), sorted(hands, key=lambda h: h.number))
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
        hand = find_hand(hands, number)
        if not hand.voided:
            # glossary: hand
            raise Invalid("number", Said("hand %(number)s is not voided: there is nothing to restore",
                                         number=str(number)))
        hand.voided = False
        hand.updated_at = utcnow()
        return hand, "restore", {"input": hand.input}

    try:
        return hand_write(match_id, token, if_match, idempotency_key, print_, change, 200)
    except Finished as error:
        later = [p.field.removeprefix("hands.") for p in error.problems if p.field.startswith("hands.")]
        reason = Listed([p.message for p in error.problems], "; ")
        if not later:
            raise
        if later[0] == str(number):
            # glossary: hand
            # Translators: %(reason)s is the engine's reason, such as "Mike already won the match".
            raise Finished("number", Said("hand %(number)s was not restored: the match was over before it "
                                          "(%(reason)s).", number=str(number), reason=reason)) from None
        # glossary: hand
        # Translators: %(reason)s is the engine's reason, such as "Mike already won the match".
        raise Finished("number", Said("hand %(number)s was not restored: counted again, it would end the match "
                                      "before hand %(later)s (%(reason)s). Void the hands after it first if it "
                                      "really counts.", number=str(number), later=later[0], reason=reason)) from None


def find_hand(hands: list[Hand], number: int) -> Hand:
    for hand in hands:
        if hand.number == number:
            return hand
    # glossary: hand
    raise NotFound("number", Said("no hand %(number)s in this match", number=str(number)))


def note_text(value: Any, field: str, required: bool = False) -> str | None:
    """A note or reason: stripped text of at most NOTE_LIMIT characters (None when empty and optional)."""
    kind = field.rsplit(".", 1)[-1]
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise Invalid(field, Said("write a note: a few words the table agreed on") if field == "note"
                          else Said("write a reason: a few words the table agreed on") if field == "reason"
                          # Translators: %(field)s is a field's name in a document, such as hands.3.dispute_note.
                          else Said("write a %(field)s: a few words the table agreed on", field=field))
        return None
    if not isinstance(value, str):
        raise Invalid(field, Said("the note is text") if field == "note"
                      else Said("the reason is text") if field == "reason"
                      # Translators: %(field)s is a field's name in a document, such as hands.3.dispute_note.
                      else Said("the %(field)s is text", field=field))
    what = (Said("the note") if kind == "note" else Said("the reason") if kind == "reason"
            else Said("the dispute note") if kind == "dispute_note" else "the " + kind.replace("_", " "))
    value = sound_text(value, field, what).strip()
    if len(value) > NOTE_LIMIT:
        raise Invalid(field, Said("a note has at most %(limit)s characters", limit=NOTE_LIMIT) if field == "note"
                      else Said("a reason has at most %(limit)s characters", limit=NOTE_LIMIT) if field == "reason"
                      # Translators: %(field)s is a field's name in a document, such as hands.3.dispute_note.
                      else Said("a %(field)s has at most %(limit)s characters", field=field, limit=NOTE_LIMIT))
    return value


def _side_list(match: Match, sides: list[int]) -> Listed:
    names = side_names(rules_of(match), match.players)
    # Translators: a side without a name, by its number from 0.
    parts = [names[i] if 0 <= i < len(names) else Said("side %(number)s", number=str(i)) for i in sorted(sides)]
    # Translators: between the last two sides' names of a list, "Mike and Yvonne"; keep the spaces.
    return Listed(parts, N_(" and "))


def unlock(match: Match, hand: Hand, reason: str | None) -> dict[str, Any]:
    """A confirmed hand changes only with a reason, and is open for confirmation again afterwards."""
    confirmed = list(hand.confirmed_by or [])
    if confirmed and reason is None:
        # glossary: hand
        # Translators: %(sides)s names the sides that confirmed it, such as "Mike and Yvonne".
        raise Invalid("reason", Said("hand %(number)s was confirmed by %(sides)s: give a reason to change it",
                                     number=str(hand.number), sides=_side_list(match, confirmed)))
    data: dict[str, Any] = {}
    if reason is not None:
        data["reason"] = reason
    if confirmed:
        data["reopened"] = confirmed
        hand.confirmed_by = []
    return data
