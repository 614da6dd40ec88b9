"""A match's rules and its state: the engine's replay of the stored hands, cached on the match's row.

The cache is the summary on the match's row (``state_summary``: totals, pot, dealer, games, …) and each
hand's entry on the hand's own row (``hands.state_entry``, JSON text ready to send), so recording a hand
writes one small summary and one new row however long the match is; reading the state joins the entries in
number order. It is keyed by the match's revision *and* by the engine's ``ENGINE_VERSION``: a cache written
by another engine (a corrected rule, a new field of the state) is replayed, never served or extended, so old
caches refresh themselves without a data migration.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import bindparam, insert, select, update

from .. import serializers, shapes
from ..extensions import db
from ..models import Event, Hand, Match, utcnow
from ..rules import (
    ENGINE_VERSION,
    OPTION_NAMES,
    HandRecord,
    MatchState,
    Position,
    Replayer,
    Rules,
    ScoredHand,
    make_rules,
    replay,
)
from ..rules.words import Said
from ..serializers import hand_entry, side_names, to_json, with_member
from .errors import Finished

Say = Callable[[str], str]
"""Says what the engine said in the answer's language (the web layer's ``i18n.said``); None: English."""

_RULES: OrderedDict[str, Rules] = OrderedDict()
_RULES_KEPT = 4096


def rules_of(match: Match | Locked) -> Rules:
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


def sides_of(match: Match, rules: Rules) -> list[shapes.Side]:
    """The sides as the API shows them."""
    return serializers.sides(match, rules)


def replay_rows(match: Match, rules: Rules, hands: list[Hand]) -> MatchState:
    """The engine's replay of these stored hands of the match."""
    records = [HandRecord(h.input, h.voided, h.number) for h in hands]
    return replay(rules, records, match.first_dealer, side_names(rules, match.players))


def cache_state(match: Match, state: MatchState, revision: int, rows: list[Hand]) -> dict[str, Any]:
    """Keep a full replay's result as the match's cache at ``revision``: the summary on the match's row, each
    hand's entry on its row (only the entries that changed are written). Returns the summary."""
    summary = match.state_summary = {"revision": revision, **state.summary()}
    by_number = {row.number: row for row in rows}
    for scored in state.hands:
        row = by_number.get(scored.number)
        if row is None:
            continue
        text = to_json(hand_entry(scored, row))
        if row.state_entry != text:
            row.state_entry = text
    match.state_revision = revision
    match.state_engine = ENGINE_VERSION
    return summary


class Locked(NamedTuple):
    """The match's row as the write's lock returned it (``hands._take_match``): what recording a hand after the
    others needs, without loading the row as an object."""

    id: str
    revision: int
    updated_at: datetime
    variant: str
    rules: dict[str, Any]
    players: list[str]
    first_dealer: int
    state_summary: dict[str, Any] | None
    state_revision: int | None
    state_engine: int | None


LOCKED_COLUMNS = tuple(Match.__table__.c[name] for name in Locked._fields)
# The statements of the common write, built once (their compiled form is cached on first use).
_INSERT_HAND = insert(Hand.__table__)
_EXTEND_CACHE = update(Match.__table__).where(Match.__table__.c.id == bindparam("match")).values(
    state_summary=bindparam("summary"), state_revision=bindparam("at"), state_engine=bindparam("engine"))


def cache_append(match: Locked, replayer: Replayer, scored: ScoredHand, hand_input: dict[str, Any],
                 revision: int) -> tuple[str, dict[str, Any]]:
    """Store one hand recorded after the others, and extend the cache by it: the hand's row with its entry, and
    the new summary on the match's row (O(1) bytes written, whatever the match's length; two plain statements,
    no object loaded). The entry's JSON text and the new summary are returned."""
    entry = to_json(hand_entry(scored, None))
    summary = {"revision": revision, **replayer.state().summary()}
    now = utcnow()
    connection = db.session.connection()
    connection.execute(_INSERT_HAND, {
        "match_id": match.id, "number": scored.number, "game": scored.game, "input": hand_input, "voided": False,
        "state_entry": entry, "created_at": now, "updated_at": now})
    connection.execute(_EXTEND_CACHE, {"match": match.id, "summary": summary, "at": revision,
                                       "engine": ENGINE_VERSION})
    return entry, summary


def cache_at(match: Match | Locked, revision: int) -> bool:
    """Whether the cache holds the state at ``revision``, made by this engine."""
    return (match.state_revision == revision and match.state_engine == ENGINE_VERSION
            and match.state_summary is not None)


def _entries(state: MatchState, rows: list[Hand]) -> str:
    by_number = {row.number: row for row in rows}
    return to_json([hand_entry(h, by_number.get(h.number)) for h in state.hands])


def _replayed(match: Match) -> tuple[dict[str, Any], str]:
    rules = rules_of(match)
    hands = list(db.session.scalars(select(Hand).where(Hand.match_id == match.id).order_by(Hand.number)))
    state = replay_rows(match, rules, hands)
    return {"revision": match.revision, **state.summary()}, _entries(state, hands)


def _cached_entries(match: Match) -> str | None:
    """The cached entries of the match's hands joined in number order; None when one is missing."""
    entries = list(db.session.scalars(
        select(Hand.state_entry).where(Hand.match_id == match.id).order_by(Hand.number)))
    present = [entry for entry in entries if entry is not None]
    if len(present) != len(entries):
        return None
    return "[" + ",".join(present) + "]"


def summary_of(match: Match) -> dict[str, Any]:
    """The state without its hands, at the current revision: the cache, or a replay when it is behind."""
    if cache_at(match, match.revision):
        return match.state_summary  # type: ignore[return-value]
    return _replayed(match)[0]


_SAYABLE: OrderedDict[tuple[str, int], tuple[dict[str, Any], list[shapes.Hand]]] = OrderedDict()
_SAYABLE_KEPT = 64
_sayable_lock = threading.Lock()


def _sayable(match: Match) -> tuple[dict[str, Any], list[shapes.Hand]]:
    """The summary and the hands' entries replayed, each explanation line still the engine's ``Said`` (the
    cache keeps only their English text): what the state needs to be said in another language. What is said
    does not depend on the language, so each process keeps the last few matches' replays by revision (a board
    in Croatian read again and again replays once per hand recorded); the caller must not change them."""
    key = (match.id, match.revision)
    with _sayable_lock:
        kept = _SAYABLE.get(key)
        if kept is not None:
            _SAYABLE.move_to_end(key)
            return kept
    rules = rules_of(match)
    rows = list(db.session.scalars(select(Hand).where(Hand.match_id == match.id).order_by(Hand.number)))
    state = replay_rows(match, rules, rows)
    by_number = {row.number: row for row in rows}
    made = ({"revision": match.revision, **state.summary()},
            [hand_entry(h, by_number.get(h.number)) for h in state.hands])
    with _sayable_lock:
        _SAYABLE[key] = made
        if len(_SAYABLE) > _SAYABLE_KEPT:
            _SAYABLE.popitem(last=False)
    return made


def state_text(match: Match, say: Say | None = None) -> str:
    """The state as JSON text: in English, the cached summary and hands joined without decoding them; with
    ``say``, replayed and each explanation said in its language."""
    if say is not None:
        summary, entries = _sayable(match)
        said = [{**entry, "explanation": [say(line) for line in entry["explanation"]]} for entry in entries]
        return with_member(to_json(summary), "hands", to_json(said))
    hands = _cached_entries(match) if cache_at(match, match.revision) else None
    cached = match.state_summary
    if hands is None or cached is None:  # (cache_at holds only with a summary)
        cached, hands = _replayed(match)
    return with_member(to_json(cached), "hands", hands)


def summary_text(match: Match) -> str:
    """The state without its hands as JSON text (what a write answers)."""
    return to_json(summary_of(match))


def state_of(match: Match, sayable: bool = False) -> dict[str, Any]:
    """The state, decoded (for the pages). ``sayable``: replayed, so that each explanation line is the
    engine's ``Said``, for a page that says it in a language other than English."""
    if sayable:
        summary, entries = _sayable(match)
        return {**summary, "hands": entries}
    state: dict[str, Any] = json.loads(state_text(match))
    return state


def next_position(match: Match) -> tuple[Rules, list[str], Position]:
    """The rules, side names and the position the next hand is scored from (from the cached state)."""
    rules = rules_of(match)
    state = summary_of(match)
    if state["finished"]:
        raise Finished("match", Said("the match is finished: start a new one"))
    position = Position(tuple(state["totals"]), state["pot"], state["dealer"], state["game"], state["deals"],
                        tuple(state.get("baits", ())))
    return rules, side_names(rules, match.players), position


def match_json(match: Match, say: Say | None = None) -> str:
    """The match and its state as JSON text, without any secret but the board link. What watchers of the
    board see too. ``say``: the explanations in the answer's language (English without)."""
    return with_member(to_json(serializers.match_head(match, rules_of(match))), "state", state_text(match, say))



def match_body(match: Match) -> dict[str, Any]:
    """The match and its state, decoded."""
    body: dict[str, Any] = json.loads(match_json(match))
    return body


def events_of(match: Match) -> list[shapes.Event]:
    """The audit log, oldest first."""
    rows = db.session.scalars(select(Event).where(Event.match_id == match.id).order_by(Event.id))
    return [serializers.event(row) for row in rows]
