"""The JSON API of API.md under /api/v1: every endpoint in a few lines each."""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, jsonify, request

from .. import live, services
from ..extensions import db
from ..rules import (
    PRESETS,
    PlayOptions,
    Position,
    Problem,
    RuleError,
    Rules,
    judge_melds,
    legal_plays,
    make_rules,
    score_hand,
    split_play_options,
)
from ..rules.hand import default_names
from ..services import Answer, BadRequest, Invalid, ServiceError
from .openapi import spec

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def _token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def _if_match() -> int | None:
    header = request.headers.get("If-Match")
    if header is None:
        return None
    value = header.strip().removeprefix("W/").strip('"')
    if not (value.isascii() and value.isdigit()):
        raise BadRequest("If-Match", f'If-Match is a revision in quotes, such as "7", not {header!r}')
    return int(value)


def _json() -> Any:
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested too deep for the parser: not a body we can read
        data = None
    if data is None:
        raise BadRequest("body", "send a JSON object with Content-Type: application/json")
    return data


def _object() -> dict[str, Any]:
    data = _json()
    if not isinstance(data, dict):
        raise BadRequest("body", "send a JSON object")
    return data


def _json_text(text: str, status: int = 200, revision: int | None = None) -> Response:
    """A response whose JSON body is already text (the cached state is sent without decoding it)."""
    response = Response(text, status=status, mimetype="application/json")
    if revision is not None:
        response.headers["ETag"] = f'"{revision}"'
    return response


def _answer(answer: Answer) -> Response:
    return _json_text(answer.text, answer.status, answer.revision)


@bp.errorhandler(ServiceError)
def service_error(error: ServiceError) -> tuple[Response, int]:
    return jsonify({"errors": [p.as_dict() for p in error.problems]}), error.status


@bp.post("/matches")
def create_match() -> Any:
    return _answer(services.create_match(_object(), request.headers.get("Idempotency-Key"), _token()))


@bp.get("/matches/<match_id>")
def get_match(match_id: str) -> Any:
    match = services.find_match(match_id)
    services.authorize(match, _token(), edit=False)
    return _json_text(services.match_json(match), 200, match.revision)


@bp.post("/matches/<match_id>/hands")
def record_hand(match_id: str) -> Any:
    return _answer(services.record_hand(match_id, _token(), _json(), _if_match(),
                                        request.headers.get("Idempotency-Key")))


@bp.put("/matches/<match_id>/hands/<int:number>")
def edit_hand(match_id: str, number: int) -> Any:
    return _answer(services.edit_hand(match_id, number, _token(), _json(), _if_match(),
                                      request.headers.get("Idempotency-Key"), _reason()))


@bp.delete("/matches/<match_id>/hands/<int:number>")
def void_hand(match_id: str, number: int) -> Any:
    return _answer(services.void_hand(match_id, number, _token(), _if_match(),
                                      request.headers.get("Idempotency-Key"), _reason()))


@bp.post("/matches/<match_id>/hands/<int:number>/restore")
def restore_hand(match_id: str, number: int) -> Any:
    """Count a voided hand again; 409 when, counted again, it would end the match before a later hand."""
    return _answer(services.restore_hand(match_id, number, _token(), _if_match(),
                                         request.headers.get("Idempotency-Key")))


def _reason() -> str | None:
    """Why a confirmed hand is changed: the ``X-Change-Reason`` header (UTF-8 welcome)."""
    value = request.headers.get("X-Change-Reason")
    if value is None:
        return None
    try:
        return value.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return value


@bp.post("/matches/<match_id>/hands/<int:number>/dispute")
def dispute_hand(match_id: str, number: int) -> Any:
    return _answer(services.dispute_hand(match_id, number, _token(), _json(), _if_match(),
                                         request.headers.get("Idempotency-Key")))


@bp.post("/matches/<match_id>/hands/<int:number>/resolve")
def resolve_hand(match_id: str, number: int) -> Any:
    return _answer(services.resolve_hand(match_id, number, _token(), _json(), _if_match(),
                                         request.headers.get("Idempotency-Key")))


@bp.post("/matches/<match_id>/hands/<int:number>/confirm")
def confirm_hand(match_id: str, number: int) -> Any:
    """A side confirms a hand with its confirmation token (``Authorization: Bearer``): ``{"side": 1}``."""
    data = _object()
    return _answer(services.confirm_hand(match_id, number, data.get("side"), _token(), _if_match(),
                                         request.headers.get("Idempotency-Key")))


@bp.get("/matches/<match_id>/events")
def match_events(match_id: str) -> Any:
    match = services.find_match(match_id)
    services.authorize(match, _token(), edit=False)
    return jsonify({"events": services.events_of(match)})


@bp.get("/boards/<view_token>")
def board(view_token: str) -> Any:
    match = services.find_board(view_token)
    return _json_text(services.board_json(match), 200, match.revision)


STREAM_SECONDS = 600
"""A stream ends after ten minutes; EventSource reconnects by itself and resumes from Last-Event-ID."""
KEEP_ALIVE_SECONDS = 15


@bp.get("/boards/<view_token>/events")
def board_events(view_token: str) -> Response:
    """Server-sent events: each event's id is the revision, its data the board state (API.md)."""
    match = services.find_board(view_token)
    match_id = match.id
    last = request.headers.get("Last-Event-ID") or request.args.get("last_event_id") or ""
    seen = int(last) if last.strip().isdigit() else -1
    broker = services.broker()
    box = broker.open(match_id)  # before reading the state, so no update can fall in between
    try:
        db.session.refresh(match)
        current = live.Message(match_id, match.revision, services.board_json(match))
    except BaseException:
        broker.close(match_id, box)
        raise
    finally:
        db.session.remove()

    def stream() -> Iterator[str]:
        sent = seen
        yield "retry: 2000\n\n"
        if current.revision > sent:
            yield live.encode(current)
            sent = current.revision
        deadline = time.monotonic() + STREAM_SECONDS
        while time.monotonic() < deadline:
            try:
                message = box.get(timeout=KEEP_ALIVE_SECONDS)
            except queue.Empty:
                yield ": keep-alive\n\n"
                continue
            if message.revision > sent:
                yield live.encode(message)
                sent = message.revision

    response = Response(stream(), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no",
                                 "X-Served-By": str(os.getpid())})
    response.call_on_close(lambda: broker.close(match_id, box))
    return response


@bp.get("/variants")
def variants() -> Any:
    return jsonify({"variants": [rules.as_dict() for rules in PRESETS.values()]})


@bp.post("/preview")
def preview() -> Any:
    """Score a hand without saving: against a match's current state, or from a given position."""
    data = _object()
    if "match" in data:
        try:
            match = services.find_match(str(data["match"]))
        except services.NotFound:
            raise services.NotFound("match", f"no match {data['match']!r}") from None
        services.authorize(match, _token(), edit=False)
        rules, names, position = services.next_position(match)
    else:
        try:
            rules = make_rules(str(data.get("variant", "")), data.get("rules") or None)
        except RuleError as error:
            raise Invalid([Problem(p.field if p.field in ("variant", "rules") else f"rules.{p.field}", p.message)
                           for p in error.problems]) from None
        names = data.get("sides") or list(default_names(rules))
        if not isinstance(names, list) or len(names) != rules.sides or not all(isinstance(n, str) for n in names):
            raise Invalid("sides", f"give {rules.sides} side names")
        position = _position(data.get("before"), rules.sides)
    try:
        result = score_hand(rules, position, data.get("hand"), names)
    except RuleError as error:
        raise Invalid([Problem(p.field if p.field == "hand" else f"hand.{p.field}", p.message)
                       for p in error.problems]) from None
    return jsonify({
        "result": result.result.value, "points": list(result.points), "scores": list(result.scores),
        "pot": result.pot, "totals": list(result.totals), "explanation": list(result.explanation),
        "game_winner": result.game_winner,
    })


def _position(before: Any, sides: int) -> Position:
    if before is None:
        return Position((0,) * sides)
    totals = before.get("totals") if isinstance(before, dict) else None
    if (not isinstance(totals, list) or len(totals) != sides
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in totals)):
        raise Invalid("before.totals", f"give {sides} totals, whole numbers from 0")
    pot, dealer = before.get("pot", 0), before.get("dealer", 0)
    if not isinstance(pot, int) or pot < 0:
        raise Invalid("before.pot", "the pot is a whole number from 0")
    if not isinstance(dealer, int) or dealer < 0:
        raise Invalid("before.dealer", "the dealer is a seat number")
    return Position(tuple(totals), pot, dealer)


def _referee_rules(data: dict[str, Any]) -> tuple[Rules, PlayOptions]:
    """The variant with its house rules; the trick-play options (bare-yuss …) are taken out of ``rules``."""
    try:
        overrides, options = split_play_options(data.get("rules"))
        rules = make_rules(str(data.get("variant", "")), overrides or None)
    except RuleError as error:
        raise Invalid([Problem(p.field if p.field in ("variant", "rules") else f"rules.{p.field}", p.message)
                       for p in error.problems]) from None
    return rules, options


@bp.post("/referee/melds")
def referee_melds() -> Any:
    """Who scores which declarations, and why. Changes nothing, so it needs no token."""
    data = _object()
    rules, _ = _referee_rules(data)
    names = data.get("sides") or list(default_names(rules))
    if not isinstance(names, list) or len(names) != rules.sides or not all(isinstance(n, str) for n in names):
        raise Invalid("sides", f"give {rules.sides} side names")
    try:
        judged = judge_melds(rules, data.get("contract"), data.get("forehand"), data.get("declarations"), names)
    except RuleError as error:
        raise Invalid(list(error.problems)) from None
    return jsonify({"scores": list(judged.scores), "explanation": list(judged.explanation)})


@bp.post("/referee/legal-plays")
def referee_legal_plays() -> Any:
    """Which cards a player could legally play to a trick, and why. Changes nothing, so it needs no token."""
    data = _object()
    rules, options = _referee_rules(data)
    try:
        found = legal_plays(rules, data.get("contract"), data.get("seat"), data.get("trick", []), data.get("hand"),
                            options)
    except RuleError as error:
        raise Invalid(list(error.problems)) from None
    return jsonify({"legal": [str(card) for card in found.legal], "explanation": list(found.explanation)})


@bp.get("/openapi.json")
def openapi() -> Any:
    return jsonify(spec())
