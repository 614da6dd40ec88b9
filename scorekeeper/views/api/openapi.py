"""The OpenAPI description of docs/api.md, served at /api/v1/openapi.json: every path the API routes, each
parameter and header it reads, every status it can answer with the shape of that answer.

The document tells the truth about the answers, nullable fields included (a voided hand's ``points``, …),
and tests/api/test_openapi_properties.py holds it to that: Schemathesis sends requests generated from the
served document and checks every answer's status, content type, headers and body against it.

Two statuses are said once, in ``info.description`` rather than on every operation: 405 (a method the path
does not have, with its ``Allow`` header; OpenAPI describes the methods a path has) and 500 (a fault of the
server, ``{"field": "server", …}``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, get_type_hints

from flask import jsonify

from ...languages import LANGUAGES
from ...rules import PRESETS, Contract, Rank, Result, Rules, Suit
from ...services.clubs import NAME_LIMIT
from ...services.hands import NOTE_LIMIT
from ...tournament import FORMATS

# ---------------------------------------------------------------- small builders


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or null (JSON Schema 2020-12, as OpenAPI 3.1 has it)."""
    return {"anyOf": [schema, {"type": "null"}]}


def _array(items: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **more}


def _object(properties: dict[str, Any], required: tuple[str, ...] | list[str] = (), **more: Any) -> dict[str, Any]:
    """An object; ``required`` names the members every answer carries (answers may gain members)."""
    schema: dict[str, Any] = {"type": "object", "properties": properties, **more}
    if required:
        schema["required"] = list(required)
    return schema


def _error(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/responses/{name}"}


def _json(description: str, schema: dict[str, Any], headers: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = {"description": description, "content": {"application/json": {"schema": schema}}}
    if headers:
        answer["headers"] = headers
    return answer


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _param(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/parameters/{name}"}


_INT = {"type": "integer"}
_COUNT = {"type": "integer", "minimum": 0}
_TEXT = {"type": "string"}
_LANGUAGE = _nullable({"enum": list(LANGUAGES), "description": "hr, bg, fr, de, nl, pl or en"})
_BOOL = {"type": "boolean"}
_TIME = {"type": "string", "format": "date-time", "description": "ISO 8601 with its UTC offset"}
_DAY = {"type": "string", "format": "date", "description": "YYYY-MM-DD"}
_TEXTS = _array(_TEXT)
_PER_SIDE = _array(_INT, description="one entry per side, side 0 first")
_SIDE = {"type": "integer", "minimum": 0, "description": "a side, numbered from 0"}
# The engine's vocabularies, taken from the engine (never typed again here).
_CONTRACT = {"enum": [c.value for c in Contract]}
_RANKS = {"enum": [r.value for r in Rank]}
_SUITS = {"enum": [s.value for s in Suit]}
_CARD = {"type": "string", "pattern": f"^({'|'.join(r.value for r in Rank)})[{''.join(s.letter for s in Suit)}]$",
         "description": "rank then suit letter (C D H S)", "examples": ["10H", "JS", "AC"]}
_RESULTS = [r.value for r in Result]
_NAME = {"type": "string", "minLength": 1, "maxLength": NAME_LIMIT,
         "description": f"a player's name, 1 to {NAME_LIMIT} characters"}
_NOTE = {"type": "string", "minLength": 1, "maxLength": NOTE_LIMIT}
_SecurityRequirements = list[dict[str, list[str]]]
"""OpenAPI's security requirements: any one of them (each a scheme's name and the scopes it needs) will do."""
_AUTH: _SecurityRequirements = [{"bearer": []}]
"""A bearer token: which one each operation takes is said in its summary (and in the scheme's description)."""
_OPTIONAL_AUTH: _SecurityRequirements = [{}, {"bearer": []}]

def _rules_schema() -> dict[str, Any]:
    """The Rules answer, made from the engine's Rules fields: each option under its name, a choice's values from
    its enum, a number that may be absent as nullable (docs/api.md "Variants and house rules")."""
    types = get_type_hints(Rules)
    special: dict[str, dict[str, Any]] = {
        "variant": _TEXT, "title": _TEXT, "description": _TEXT, "players": {"enum": [2, 3, 4]},
        "sides": {"enum": [2, 3]}, "top-trump": _TEXT, "contracts": _array(_CONTRACT),
        "meld-values": {"type": "object", "additionalProperties": _INT}}
    properties: dict[str, Any] = {}
    for option in PRESETS["bela"].as_dict():
        kind = types.get(option.replace("-", "_"))
        properties[option] = special.get(option) or (
            {"enum": [v.value for v in kind]} if isinstance(kind, type) and issubclass(kind, StrEnum)
            else _BOOL if kind is bool else _nullable(_INT) if kind == int | None else _INT)
    return _object(properties, ["variant", "title", "description", "players", "sides", "target", "best-of",
                                "contracts"],
                   description="a preset with its options resolved (docs/api.md \"Variants and house rules\")")


# ---------------------------------------------------------------- parameters and headers

_PARAMETERS: dict[str, Any] = {
    "match_id": {"name": "match_id", "in": "path", "required": True, "schema": _TEXT,
                 "description": "the match's id (as its create answer gives it)"},
    "number": {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1},
               "description": "the hand's number in the match, from 1; a path that is not a whole number "
                              "is 404"},
    "view_token": {"name": "view_token", "in": "path", "required": True, "schema": _TEXT,
                   "description": "the board's token (the match's view_token)"},
    "club_id": {"name": "club_id", "in": "path", "required": True, "schema": _TEXT,
                "description": "the club's id"},
    "Idempotency-Key": {
        "name": "Idempotency-Key", "in": "header", "required": False,
        "schema": {"type": "string", "minLength": 1, "maxLength": 200},
        "description": "A retried write with the same key and the same body gets the first answer, byte for "
                       "byte, and nothing new is recorded; the same key with a different body is 422, and so "
                       "is a key outside 1 to 200 characters. A hand write's keys belong to its match, a "
                       "create's to its caller, and a create's key (a match, club, tournament or import) must be "
                       "random, else 422: at least 22 characters of the base64 or base64url alphabet (32 hex "
                       "digits when it is hex, dashes aside, as in a UUID) with at least 8 different characters "
                       "(16 random bytes in base64url pass)."},
    "If-Match": {
        "name": "If-Match", "in": "header", "required": False,
        "schema": {"type": "string", "pattern": '^(W/)?"?[0-9]+"?$', "examples": ['"7"']},
        "description": 'The revision the write is based on, in quotes ("7"; W/"7" and a bare 7 are read '
                       "too): 412 when the match has moved on; anything that is not a revision is 400."},
    "X-Change-Reason": {
        "name": "X-Change-Reason", "in": "header", "required": False,
        "schema": {"type": "string", "maxLength": 500},
        "description": "Why a hand a side confirmed is changed or voided (UTF-8; at most 500 characters). "
                       "Without it such a change is 422 (field reason); the change empties confirmed_by."},
    "Last-Event-ID": {"name": "Last-Event-ID", "in": "header", "required": False, "schema": _TEXT,
                      "description": "resume after this revision (what EventSource sends when it reconnects)"},
    "last_event_id": {"name": "last_event_id", "in": "query", "required": False, "schema": _TEXT,
                      "description": "the same as Last-Event-ID, for clients that cannot set headers"},
}
_WRITE = [_param("match_id"), _param("Idempotency-Key"), _param("If-Match")]
_HAND_WRITE = [_param("match_id"), _param("number"), _param("Idempotency-Key"), _param("If-Match")]

_ETAG = {"ETag": {"required": True, "description": 'the match\'s revision after this answer, in quotes ("7")',
                  "schema": {"type": "string", "pattern": '^"[0-9]+"$'}}}
_DOWNLOAD = {"Content-Disposition": {"required": True, "description": "attachment; filename=\"….csv\"",
                                     "schema": {"type": "string", "pattern": "^attachment; filename="}}}

# ---------------------------------------------------------------- errors

_ERROR_ANSWERS = {
    "BadRequest": "400: the body is not JSON (or not sent as application/json), or not the JSON object this "
                  "operation reads; or If-Match (Last-Event-ID, last_event_id) is not a revision",
    "Unauthorized": "401: a token is missing, or cannot do this",
    "NotFound": "404: no such match, hand, board or club; or a path parameter that does not fit the path "
                "(a hand number that is not a whole number)",
    "Conflict": "409: the match is finished, or the change would end the match before a later hand",
    "Stale": "412: If-Match names a revision the match has moved on from; nothing was written. The answer says "
             "what the match did since: revision (the match's now) and changes (each write after the If-Match "
             "revision, oldest first, at most the last 50, with its hand as it is now), so a phone can show its "
             "own hand beside the other phone's and ask the table",
    "TooLarge": "413: the body is larger than the server reads (256 KB; a match import 16 MB, a club import "
                "64 MB)",
    "Invalid": "422: something the rules or this server do not allow, each problem named by its field; or an "
               "Idempotency-Key reused for a different request, or not 1 to 200 characters, or guessable on a "
               "create",
}

# ---------------------------------------------------------------- schemas

_DECLARATION = _object({
    "kind": {"enum": ["sequence", "square"]}, "length": {"type": "integer", "minimum": 3, "maximum": 8},
    "top": _RANKS, "suit": _SUITS, "rank": _RANKS}, ["kind"],
    description="a sequence (length, top, suit) or a square (rank)")

_STATS_RATE = _object({"count": _COUNT, "of": _COUNT, "percent": _nullable(_INT)}, ["count", "of", "percent"],
                      description="a rate with its counts; percent is null when of is 0")
_STATS_AVERAGE = _object({"hands": _COUNT, "points": _INT, "average": _nullable({"type": "number"})},
                         ["hands", "points", "average"])
_FIGURES_PROPERTIES: dict[str, Any] = {
    "matches": _object({"played": _COUNT, "won": _COUNT, "unfinished": _COUNT, "win_rate": _STATS_RATE},
                       ["played", "won", "unfinished", "win_rate"]),
    "games": _object({"played": _COUNT, "won": _COUNT, "win_rate": _STATS_RATE}, ["played", "won", "win_rate"]),
    "hands": _object({"played": _COUNT, "taken": _COUNT, "made": _COUNT, "bate": _COUNT, "tie": _COUNT},
                     ["played", "taken", "made", "bate", "tie"]),
    "make_rate": _STATS_RATE, "bate_rate": _STATS_RATE, "as_taker": _STATS_AVERAGE, "as_defender": _STATS_AVERAGE,
    "claims": _object({"good": _COUNT, "false": _COUNT}, ["good", "false"]),
    "biggest_hand": _nullable(_object({"points": _INT, "match": _TEXT, "hand": _INT, "day": _TEXT,
                                       "variant": _TEXT}, ["points", "match", "hand", "day", "variant"])),
}
_FIGURES = list(_FIGURES_PROPERTIES)

_SCHEMAS: dict[str, Any] = {
    "Errors": _object({"errors": _array(_ref("Problem"), minItems=1)}, ["errors"],
                      description="every error on an /api/ path: one entry per problem"),
    "StaleErrors": {"allOf": [_ref("Errors"), _object({
        "revision": {"type": "integer", "minimum": 1, "description": "the match's revision now (send it as "
                                                                     "If-Match to write on top of the changes)"},
        "changes": _array(_object({
            "event": {"enum": ["record", "edit", "void", "undo", "restore", "dispute", "resolve", "confirm"]},
            "revision": {"type": "integer", "minimum": 1, "description": "the revision this write made"},
            "number": _nullable({"type": "integer", "minimum": 1}),
            "hand": _nullable(_ref("Hand")),
            "was": _object({"result": {"enum": [*_RESULTS, None]}, "scores": _nullable(_PER_SIDE),
                            "totals": _nullable(_PER_SIDE), "pot": _nullable(_INT)},
                           description="a void's or undo's: what the hand scored before it"),
        }, ["event", "revision", "number"], description="one write since the If-Match revision; hand: the "
                                                        "hand's entry as it is now (as in state.hands)"),
            maxItems=50)})],
        "description": "a stale If-Match: the problem, and (a hand write's) what the match did since"},
    "Problem": _object({"field": {"type": "string", "minLength": 1,
                                  "description": "where the problem is: a body field (card_points.1, hand.taker), "
                                                 "a header (If-Match), or body, path, number, server"},
                        "message": {"type": "string", "minLength": 1}}, ["field", "message"]),
    "HandInput": _object({
        "taker": _SIDE, "contract": _CONTRACT, "double": {"enum": [0, 1, 2]},
        "card_points": _array(_nullable({"type": "integer", "minimum": 0}),
                              description="per side, without the last trick; in four-handed games one may be "
                                          "null: the rest of the deck"),
        "last_trick": _SIDE,
        "melds": _array(_array({"anyOf": [_INT, _DECLARATION]}),
                        description="per side: credited values (20, 50, …) or declarations, not both"),
        "bela": _array(_COUNT, description="per side, the bela declared"),
        "took_trick": _array(_BOOL),
        "claim": _object({"side": _SIDE, "points": _COUNT, "trick": {"type": "integer", "minimum": 1},
                          "parts": _object({"card_points": _COUNT, "declarations": _array(_COUNT), "bela": _BOOL,
                                            "last_trick": _BOOL}, additionalProperties=False,
                                           description="the points won so far by their parts; the engine adds "
                                                       "them up (given with points, they must agree)")},
                         ["side"], description="points, or parts, or both agreeing"),
        "revoke": _object({"accused": _SIDE, "accuser": _SIDE, "upheld": _BOOL}, ["accused", "accuser", "upheld"]),
        "thrown_in": _BOOL,
    }, additionalProperties=False, description="a hand as the table saw it (docs/api.md \"The hand\"); any "
                                               "other field is refused (422, naming it)"),
    "Hand": _object({
        "number": {"type": "integer", "minimum": 1},
        "game": _nullable(_INT),
        "input": {"type": "object", "description": "the hand as it was given (HandInput)"},
        "voided": _BOOL,
        "result": {"enum": [*_RESULTS, None]},
        "points": _nullable(_PER_SIDE), "scores": _nullable(_PER_SIDE), "pot": _nullable(_INT),
        "totals": _nullable(_PER_SIDE),
        "explanation": _TEXTS,
        "valat": _nullable(_BOOL),
        "disputed": _BOOL, "dispute": _nullable(_TEXT),
        "confirmed_by": _array(_SIDE),
    }, ["number", "game", "input", "voided", "result", "points", "scores", "pot", "totals", "explanation", "valat",
        "disputed", "dispute", "confirmed_by"],
        description="a hand's entry in the state; a voided hand keeps number, input and its dispute and "
                    "confirmation fields, and has null game, result, points, scores, pot, totals and valat, "
                    "and an empty explanation"),
    "HandWritten": {"allOf": [_ref("Hand"), _object({
        "revision": {"type": "integer", "minimum": 1},
        "state": {"allOf": [_ref("StateSummary"), _object({"revision": {"type": "integer", "minimum": 1}},
                                                          ["revision", "deals"])],
                  "description": "the new state without its hands (GET /matches/{match_id} has them)"}},
        ["revision", "state"])],
        "description": "the answer of every hand write: the hand's entry, the match's new revision and state"},
    "Change": {"allOf": [_ref("HandWritten"), _object({
        "event": {"enum": ["record", "edit", "void", "restore", "dispute", "resolve", "confirm"]},
        "updated_at": _TIME}, ["event", "updated_at"])],
        "description": "a board's change event: what one write changed (after anything but a record, later hands "
                       "were scored again: the board is one GET away)"},
    "Game": _object({"number": {"type": "integer", "minimum": 1}, "totals": _PER_SIDE, "winner": _nullable(_SIDE)},
                    ["number", "totals", "winner"]),
    "StateSummary": _object({
        "game": {"type": "integer", "minimum": 1}, "totals": _PER_SIDE, "pot": _INT, "games": _array(_ref("Game")),
        "games_won": _PER_SIDE, "winner": _nullable(_SIDE), "finished": _BOOL, "dealer": _COUNT, "leader": _COUNT,
        "can_claim": _array(_BOOL), "needs": _PER_SIDE,
        "deals": {**_COUNT, "description": "deals played in the current game, thrown-in ones not counted"},
    }, ["game", "totals", "pot", "games", "games_won", "winner", "finished", "dealer", "leader", "can_claim",
        "needs"], description="the engine's replay of the stored hands, without revision and hands"),
    "State": {"allOf": [_ref("StateSummary"), _object({
        "revision": {"type": "integer", "minimum": 1}, "hands": _array(_ref("Hand"))}, ["revision", "hands", "deals"])],
        "description": "the match's state: its revision (the ETag) and every hand, voided ones too"},
    "Rules": _rules_schema(),
    "Side": _object({"index": _SIDE, "name": _TEXT, "players": _TEXTS}, ["index", "name", "players"]),
    "Match": _object({
        "id": _TEXT, "variant": _TEXT, "rules": _ref("Rules"), "players": _TEXTS, "sides": _array(_ref("Side")),
        "first_dealer": _COUNT, "created_at": _TIME, "updated_at": _TIME,
        "links": _object({"board": _TEXT, "scorer": _TEXT}, ["board"]),
        "language": {**_LANGUAGE, "description": "the language its board speaks to a phone that chose none (null: "
                                                 "its club's, else each phone's own)"},
        "state": _ref("State"),
    }, ["id", "variant", "rules", "players", "sides", "first_dealer", "created_at", "updated_at", "links", "state"],
        description="a match without its secrets (but the board's link)"),
    "NewMatch": {"allOf": [_ref("Match"), _object({
        "edit_token": _TEXT, "view_token": _TEXT,
        "links": _object({"board": _TEXT, "scorer": _TEXT}, ["board", "scorer"])},
        ["edit_token", "view_token", "links"])],
        "description": "a created or imported match with its secrets, shown only in this answer (and to a retry "
                       "with the same Idempotency-Key)"},
    "Event": _object({"revision": {"type": "integer", "minimum": 1}, "kind": _TEXT, "hand": _nullable(_INT),
                      "data": {"type": "object"}, "at": _TIME}, ["revision", "kind", "hand", "data", "at"],
                     description="an entry of the audit log (docs/api.md \"The audit log\")"),
    "Events": _object({"events": _array(_ref("Event"))}, ["events"]),
    "Export": _object({
        "format": {"const": "scorekeeper-match"}, "version": {"const": 1},
        "match": _object({"variant": _TEXT, "rules": {"type": "object"}, "players": _TEXTS,
                          "first_dealer": _COUNT, "created_at": _TIME},
                         ["variant", "rules", "players", "first_dealer", "created_at"]),
        "hands": _array(_object({
            "number": {"type": "integer", "minimum": 1}, "input": {"type": "object"}, "voided": _BOOL,
            "disputed": _BOOL, "dispute_note": _nullable(_TEXT), "confirmed_by": _array(_SIDE)},
            ["number", "input", "voided", "disputed", "dispute_note", "confirmed_by"])),
        "events": _array(_ref("Event"), description="the audit log as /events gives it"),
        "state": _ref("StateSummary"),
        "digest": {"type": "string", "pattern": "^[0-9a-f]{64}$",
                   "description": "SHA-256 (hex) of the canonical JSON (sorted keys, compact) of every other "
                                  "member"},
    }, ["format", "version", "match", "hands", "events", "state", "digest"],
        description="everything needed to rebuild a match, and no secret"),
    "Preview": _object({
        "result": {"enum": _RESULTS}, "points": _PER_SIDE, "scores": _PER_SIDE, "pot": _INT, "totals": _PER_SIDE,
        "explanation": _TEXTS, "game_winner": _nullable(_SIDE),
    }, ["result", "points", "scores", "pot", "totals", "explanation", "game_winner"]),
    "Variants": _object({"variants": _array(_ref("Rules"))}, ["variants"]),
    "MeldVerdict": _object({"scores": _PER_SIDE, "explanation": _TEXTS}, ["scores", "explanation"]),
    "LegalPlays": _object({"legal": _array(_CARD), "explanation": _TEXTS}, ["legal", "explanation"]),
    "Club": _object({"id": _TEXT, "name": _TEXT, "created_at": _TIME, "players": _TEXTS,
                     "language": {**_LANGUAGE, "description": "the language its matches' boards and its "
                                                              "venue screens speak (null: each phone's own)"}},
                    ["id", "name", "created_at", "players"]),
    "NewClub": {"allOf": [_ref("Club"), _object({
        "club_token": _TEXT, "links": _object({"club": _TEXT}, ["club"])}, ["club_token", "links"])],
        "description": "a created club with its secret, shown only in this answer (and to a retry with the "
                       "same Idempotency-Key)"},
    "ImportedClub": {"allOf": [_ref("NewClub"), _object({"matches": _TEXTS}, ["matches"])],
                     "description": "the new club, its secret and its new matches' ids"},
    "Filters": _object({"player": _TEXT, "game": _TEXT, "from": _DAY, "to": _DAY},
                       description="the filters applied, as query arguments"),
    "ClubMatches": _object({"filters": _ref("Filters"), "matches": _array(_object({
        "id": _TEXT, "day": _DAY, "variant": _TEXT, "game": _TEXT, "players": _TEXTS, "sides": _TEXTS,
        "finished": _BOOL, "winner": _nullable(_TEXT), "games_won": _PER_SIDE, "hands": _COUNT, "result": _TEXT,
        "links": _object({"sheet": _TEXT, "board": _TEXT}, ["sheet", "board"])},
        ["id", "day", "variant", "game", "players", "sides", "finished", "winner", "games_won", "hands", "result",
         "links"]))}, ["filters", "matches"]),
    "Figures": _object(_FIGURES_PROPERTIES, _FIGURES, description="a player's or a partnership's figures"),
    "NamedFigures": {"allOf": [_ref("Figures"), _object({"name": _TEXT}, ["name"])]},
    "PartnershipFigures": {"allOf": [_ref("Figures"), _object({"name": _TEXT, "players": _TEXTS},
                                                              ["name", "players"])]},
    "ClubStats": _object({"filters": _ref("Filters"), "matches": _COUNT, "players": _array(_ref("NamedFigures")),
                          "partnerships": _array(_ref("PartnershipFigures"))},
                         ["filters", "matches", "players", "partnerships"]),
    "PlayerStats": _object({
        "name": _TEXT, **_FIGURES_PROPERTIES,
        "results": _array(_object({
            "day": _DAY, "match": _TEXT, "variant": _TEXT, "game": _TEXT, "partners": _TEXTS, "against": _TEXTS,
            "won": _BOOL, "won_so_far": _COUNT, "played_so_far": _COUNT},
            ["day", "match", "variant", "game", "partners", "against", "won", "won_so_far", "played_so_far"])),
        "partnerships": _array(_ref("PartnershipFigures")), "opponents": _TEXTS,
    }, ["name", "results", "partnerships", "opponents"],
        description="one player's figures (absent while the player has no match), results over time, "
                    "partnerships and opponents"),
    "HeadToHead": _object({"players": _array(_TEXT, minItems=2, maxItems=2), "matches": _TEXTS,
                           "tallies": {"type": "object", "additionalProperties": _ref("Figures")}},
                          ["players", "matches", "tallies"]),
    "ClubExport": _object({
        "format": {"const": "scorekeeper-club"}, "version": {"const": 1},
        "club": _object({"name": _TEXT, "created_at": _TIME}, ["name", "created_at"]),
        "players": _TEXTS, "matches": _array(_ref("Export")),
        "digest": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
    }, ["format", "version", "club", "players", "matches", "digest"]),
}

# ---------------------------------------------------------------- request bodies

_CREATE_MATCH = _object({
    "variant": {"type": "string", "description": "a preset (GET /variants)"},
    "players": _array(_NAME, minItems=2, maxItems=4, description="the names in seat order, as many as the "
                                                                   "preset's players, no two the same"),
    "rules": {"type": "object", "description": "house rules: option names and values"},
    "best_of": {"type": "integer", "minimum": 1, "description": "games in the match, odd"},
    "first_dealer": {**_COUNT, "description": "the seat that deals the first hand"},
    "club": {"type": "string", "description": "a club's id: the match is played in that club (send the club's "
                                              "token as the bearer)"},
    "language": {**_LANGUAGE, "description": "the language its board speaks to a phone that chose none (a pub's "
                                             "TV); absent or null: its club's, else each phone's own"},
}, ["variant", "players"])
_PREVIEW = _object({
    "match": {"type": "string", "description": "score the hand from this match's current position (send its "
                                               "edit or view token)"},
    "variant": _TEXT, "rules": {"type": "object"}, "sides": _TEXTS,
    "before": _object({"totals": _array(_COUNT), "pot": _COUNT, "dealer": _COUNT},
                      description="the position to score from; a new game when absent"),
    "hand": _ref("HandInput"),
}, ["hand"], description="either match, or variant with rules, sides and before")
_MELDS = _object({
    "variant": _TEXT, "rules": {"type": "object"}, "contract": _CONTRACT,
    "forehand": {**_SIDE, "description": "the side that leads to the first trick"},
    "declarations": _array(_array(_DECLARATION), description="one list per side"),
    "sides": _array(_TEXT, description="side names for the explanation"),
}, ["variant", "contract", "forehand", "declarations"])
_LEGAL_PLAYS = _object({
    "variant": _TEXT,
    "rules": {"type": "object", "description": "house rules; also the trick-play options bare-yuss (default true "
                                               "in bela and bela-3) and scoring-trump-lead"},
    "contract": _CONTRACT,
    "seat": {"type": "integer", "minimum": 0, "description": "the player about to play"},
    "trick": _array(_object({"seat": {"type": "integer", "minimum": 0}, "card": _CARD}, ["seat", "card"]),
                    description="the cards already played to the trick, in order"),
    "hand": _array(_CARD, description="the cards the player held"),
}, ["variant", "contract", "seat", "hand"])
_CREATE_CLUB = _object({"name": {"type": "string", "minLength": 1, "maxLength": 80},
                        "players": _array(_NAME, maxItems=500),
                        "language": {**_LANGUAGE, "description": "the language its matches' boards and venue "
                                                                 "screens speak to a phone that chose none (a pub's "
                                                                 "TV); absent or null: each phone's own"},
                        }, ["name"])

# ---------------------------------------------------------------- operations


def _responses(ok: str, answer: dict[str, Any], *errors: str) -> dict[str, Any]:
    return {ok: answer, **{_STATUS[name]: _error(name) for name in errors}}


_STATUS = {"BadRequest": "400", "Unauthorized": "401", "NotFound": "404", "Conflict": "409", "Stale": "412",
           "TooLarge": "413", "Invalid": "422"}


def _hand_write(summary: str, ok: str, what: str, body: dict[str, Any] | None, *extra: Any,
                errors: tuple[str, ...] = ("BadRequest", "Unauthorized", "NotFound", "Stale", "TooLarge",
                                           "Invalid"), description: str = "") -> dict[str, Any]:
    operation: dict[str, Any] = {
        "summary": summary, "parameters": [*_HAND_WRITE, *extra], "security": _AUTH,
        "responses": _responses(ok, _json(what, _ref("HandWritten"), _ETAG), *errors)}
    if description:
        operation["description"] = description
    if body is not None:
        operation["requestBody"] = body
    return operation


def _read(summary: str, parameters: list[dict[str, Any]], answer: dict[str, Any], *errors: str,
          security: _SecurityRequirements | None = None, description: str = "") -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary, "parameters": parameters,
                                 "responses": _responses("200", answer, *errors)}
    if security is not None:
        operation["security"] = security
    if description:
        operation["description"] = description
    return {"get": operation}


def _csv(description: str) -> dict[str, Any]:
    return {"description": description, "headers": _DOWNLOAD,
            "content": {"text/csv": {"schema": {"type": "string"}}}}


def _match_paths() -> dict[str, Any]:
    return {
        "/api/v1/matches": {"post": {
            "summary": "Create a match", "parameters": [_param("Idempotency-Key")], "security": _OPTIONAL_AUTH,
            "description": "No token needed; a club's match (\"club\") needs the club's token as the bearer.",
            "requestBody": _body(_CREATE_MATCH),
            "responses": _responses("201", _json("the match, with its edit_token and view_token", _ref("NewMatch"),
                                                 _ETAG),
                                    "BadRequest", "Unauthorized", "NotFound", "TooLarge", "Invalid")}},
        "/api/v1/matches/{match_id}": _read(
            "The match and its state (edit or view token)", [_param("match_id")],
            _json("the match", _ref("Match"), _ETAG), "Unauthorized", "NotFound", security=_AUTH),
        "/api/v1/matches/{match_id}/events": _read(
            "The audit log, oldest first (edit or view token)", [_param("match_id")],
            _json("one event per write", _ref("Events")), "Unauthorized", "NotFound", security=_AUTH),
        "/api/v1/matches/{match_id}/hands": {"post": {
            "summary": "Record the next hand (edit token)", "parameters": _WRITE, "security": _AUTH,
            "requestBody": _body(_ref("HandInput")),
            "responses": _responses("201", _json("the recorded hand, with the new revision and state",
                                                 _ref("HandWritten"), _ETAG),
                                    "BadRequest", "Unauthorized", "NotFound", "Conflict", "Stale", "TooLarge",
                                    "Invalid")}},
        "/api/v1/matches/{match_id}/hands/{number}": {
            "put": _hand_write("Replace a hand's input; every later hand is scored again (edit token)", "200",
                               "the changed hand, with the new revision and state", _body(_ref("HandInput")),
                               _param("X-Change-Reason"),
                               errors=("BadRequest", "Unauthorized", "NotFound", "Conflict", "Stale", "TooLarge",
                                       "Invalid"),
                               description="A voided hand is 422; a hand a side confirmed needs X-Change-Reason. "
                                           "409 when the change would end the match before a later hand."),
            "delete": _hand_write("Void a hand: kept in the history, no longer scored (edit token)", "200",
                                  "the voided hand (game, result, points, scores, pot, totals and valat null), "
                                  "with the new revision and state", None, _param("X-Change-Reason"),
                                  errors=("BadRequest", "Unauthorized", "NotFound", "Conflict", "Stale",
                                          "Invalid"),
                                  description="A hand already voided is 422; a hand a side confirmed needs "
                                              "X-Change-Reason. Undo is this, with If-Match."),
        },
        "/api/v1/matches/{match_id}/hands/{number}/restore": {"post": _hand_write(
            "Count a voided hand again; every later hand is scored again with it (edit token)", "200",
            "the restored hand, with the new revision and state", None,
            errors=("BadRequest", "Unauthorized", "NotFound", "Conflict", "Stale", "Invalid"),
            description="No body. A hand that is not voided is 422; 409 when, counted again, it would end the "
                        "match before a later hand.")},
        "/api/v1/matches/{match_id}/hands/{number}/dispute": {"post": _hand_write(
            "Mark a hand disputed, with a note (edit token)", "200", "the disputed hand, with the new state",
            _body(_object({"note": _NOTE}, ["note"])),
            description="A voided or already disputed hand is 422.")},
        "/api/v1/matches/{match_id}/hands/{number}/resolve": {"post": _hand_write(
            "Resolve a disputed hand: the score stands, or it was edited or voided since (edit token)", "200",
            "the resolved hand, with the new state",
            _body(_object({"note": _NOTE, "resolution": {"enum": ["stands", "edited", "voided"]}},
                          ["note", "resolution"])),
            description="A resolution that does not match what happened since the dispute is 422.")},
        "/api/v1/matches/{match_id}/hands/{number}/confirm": {"post": _hand_write(
            "A side confirms a hand (that side's confirmation token)", "200",
            "the confirmed hand, with the new state", _body(_object({"side": _SIDE}, ["side"])),
            description="The bearer is the side's confirmation token (the last part of its confirmation link); "
                        "the edit token, or another side's, is 401. A voided hand, or one the side already "
                        "confirmed, is 422.")},
        "/api/v1/matches/{match_id}/export": _read(
            "Everything needed to rebuild the match, with a SHA-256 digest (edit or view token)",
            [_param("match_id")], _json("the export document", _ref("Export")), "Unauthorized", "NotFound",
            security=_AUTH),
        "/api/v1/matches/{match_id}/export.csv": _read(
            "The hands as CSV for spreadsheets, one row per hand, voided ones too (edit or view token)",
            [_param("match_id")], _csv("a header row, then one row per hand"), "Unauthorized", "NotFound",
            security=_AUTH),
        "/api/v1/imports": {"post": {
            "summary": "A new match (new id and tokens) from an export; refused whole if changed or not valid",
            "parameters": [_param("Idempotency-Key")], "requestBody": _body(_ref("Export")),
            "responses": _responses("201", _json("the new match, with its edit_token and view_token",
                                                 _ref("NewMatch"), _ETAG),
                                    "BadRequest", "TooLarge", "Invalid")}},
    }


def _board_paths() -> dict[str, Any]:
    return {
        "/api/v1/boards/{view_token}": _read(
            "The match for watchers (no header: the token is in the path)", [_param("view_token")],
            _json("the match as GET /matches/{match_id} shows it", _ref("Match"), _ETAG), "NotFound"),
        "/api/v1/boards/{view_token}/events": _read(
            "Server-sent events: each event's id is the revision, its data the board", [
                _param("view_token"), _param("Last-Event-ID"), _param("last_event_id")],
            {"description": "a text/event-stream: retry: 2000, the current board (event state), then after every "
                            "write what it changed (event change), or the whole board again when the stream "
                            "missed the revision before it; every 15 s the board if a change never reached the "
                            "stream (it asks the database), else a heartbeat (event heartbeat, no id, its data "
                            "the revision the watcher has), sent too after 5 s of silence so a page can tell a "
                            "quiet match from a lost signal; it ends after 10 minutes. The schema is one state or "
                            "change event's (as OpenAPI 3.2's itemSchema would say it)",
             "content": {"text/event-stream": {"schema": _object({
                 "event": {"enum": ["state", "change"]},
                 "id": {"type": "string", "pattern": "^[0-9]+$", "description": "the match's revision"},
                 "data": {"type": "string", "contentMediaType": "application/json",
                          "contentSchema": {"oneOf": [_ref("Match"), _ref("Change")]},
                          "description": "the board (state) or what one write changed (change), one line of "
                                         "JSON"},
                 "retry": _COUNT}, ["event", "id", "data"])}}},
            "BadRequest", "NotFound", description="400 when Last-Event-ID or last_event_id is not a revision."),
    }


def _engine_paths() -> dict[str, Any]:
    return {
        "/api/v1/variants": _read("The presets with their resolved rules", [],
                                  _json("every preset", _ref("Variants"))),
        "/api/v1/preview": {"post": {
            "summary": "Score a hand without saving it",
            "description": "From a match's current position (match, with its edit or view token), or from a "
                           "given one (variant, rules, sides, before; no token). Problems of the hand are named "
                           "hand.<field>.",
            "security": _OPTIONAL_AUTH, "requestBody": _body(_PREVIEW),
            "responses": _responses("200", _json("the hand's result", _ref("Preview")),
                                    "BadRequest", "Unauthorized", "NotFound", "Conflict", "TooLarge", "Invalid")}},
        "/api/v1/referee/melds": {"post": {
            "summary": "Who scores which declarations, and why (changes nothing; no token)",
            "requestBody": _body(_MELDS),
            "responses": _responses("200", _json("each side's meld score and the sentences that say why",
                                                 _ref("MeldVerdict")), "BadRequest", "TooLarge", "Invalid")}},
        "/api/v1/referee/legal-plays": {"post": {
            "summary": "Which cards a player could legally play to a trick, and why (changes nothing; no token)",
            "requestBody": _body(_LEGAL_PLAYS),
            "responses": _responses("200", _json("the legal cards in the hand's order, and why",
                                                 _ref("LegalPlays")), "BadRequest", "TooLarge", "Invalid")}},
        "/api/v1/openapi.json": _read("This document (OpenAPI 3.1)", [],
                                      _json("the OpenAPI document", {"type": "object", "required": ["openapi"]})),
    }


_FILTERS = {name: {"name": name, "in": "query", "required": False, "schema": schema, "description": text}
            for name, schema, text in (
                ("player", _TEXT, "a club player's name (any case)"),
                ("game", _TEXT, "a preset"),
                ("from", _TEXT, "the first day, YYYY-MM-DD"),
                ("to", _TEXT, "the last day, YYYY-MM-DD"))}


def _club_paths() -> dict[str, Any]:
    """Clubs: every read takes the club's token (``club_token``) as the bearer."""
    club = [_param("club_id")]
    read = ("Unauthorized", "NotFound")
    name = {"name": "name", "in": "path", "required": True, "schema": _TEXT,
            "description": "a club player's name, in any case"}
    pair = [{"name": side, "in": "query", "required": True, "schema": _TEXT, "description": text}
            for side, text in (("a", "a club player's name"), ("b", "another club player's name"))]
    return {
        "/api/v1/clubs": {"post": {
            "summary": "Create a club: its name and, if known, its players; answers its club_token once",
            "parameters": [_param("Idempotency-Key")], "requestBody": _body(_CREATE_CLUB),
            "responses": _responses("201", _json("the club with its club_token and link", _ref("NewClub")),
                                    "BadRequest", "TooLarge", "Invalid")}},
        "/api/v1/clubs/{club_id}": _read("The club: its name and players", club, _json("the club", _ref("Club")),
                                         *read, security=_AUTH),
        "/api/v1/clubs/{club_id}/matches": _read(
            "The club's matches, newest first", [*club, *_FILTERS.values()],
            _json("the filters applied and the matches", _ref("ClubMatches")), *read, "Invalid", security=_AUTH),
        "/api/v1/clubs/{club_id}/stats": _read(
            "Every player's and partnership's figures, with the counts behind each rate",
            [*club, _FILTERS["game"], _FILTERS["from"], _FILTERS["to"]],
            _json("the figures", _ref("ClubStats")), *read, "Invalid", security=_AUTH),
        "/api/v1/clubs/{club_id}/players/{name}": _read(
            "A player's figures, results over time, partnerships and opponents", [*club, name],
            _json("the player's figures", _ref("PlayerStats")), *read, "Invalid", security=_AUTH),
        "/api/v1/clubs/{club_id}/head-to-head": _read(
            "Two players against each other", [*club, *pair],
            _json("their meetings and each one's figures over them", _ref("HeadToHead")), *read, "Invalid",
            security=_AUTH),
        "/api/v1/clubs/{club_id}/export": _read(
            "The whole club: players and every match's export", club,
            _json("the club export", _ref("ClubExport")), *read, security=_AUTH),
        "/api/v1/clubs/{club_id}/export.csv": _read(
            "One row per hand of every match, oldest match first", club,
            _csv("a header row, then one row per hand"), *read, security=_AUTH),
        "/api/v1/clubs/imports": {"post": {
            "summary": "A new club (new id and token) from a club export; refused whole if any part is not valid",
            "parameters": [_param("Idempotency-Key")], "requestBody": _body(_ref("ClubExport")),
            "responses": _responses("201", _json("the new club with its club_token and its matches' ids",
                                                 _ref("ImportedClub")),
                                    "BadRequest", "TooLarge", "Invalid")}},
    }


# ---------------------------------------------------------------- tournaments

_FORMATS = list(FORMATS)
_TOURNAMENT_PARAMETERS = {
    "tournament_id": {"name": "tournament_id", "in": "path", "required": True, "schema": _TEXT,
                      "description": "the tournament's id (as its create answer gives it)"},
    "table": {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1},
              "description": "the table's number in the current round, from 1; a path that is not a whole "
                             "number is 404"},
    "screen_token": {"name": "view_token", "in": "path", "required": True, "schema": _TEXT,
                     "description": "the venue screen's token (the tournament's view_token)"},
}
_TOURNAMENT_SCHEMAS: dict[str, Any] = {
    "TournamentEntry": _object({"index": _COUNT, "name": _TEXT, "names": _TEXTS}, ["index", "name", "names"],
                               description="a player, or a pair (name \"Ana & Ivo\"); index is the draw's "
                                           "number for it, from 0, in the order of registration"),
    "TournamentTable": _object({
        "number": {"type": "integer", "minimum": 1}, "match": _TEXT,
        "sides": _array(_TEXTS, description="per side, its players in seat order"),
        "names": _array(_TEXT, description="per side, its name (\"Ana & Ivo\")"),
        "entries": _array(_array(_COUNT), description="per side, the indices of the entries on it"),
        "totals": _PER_SIDE, "games_won": _PER_SIDE, "finished": _BOOL, "winner": _nullable(_SIDE),
        "decided": _nullable(_object({"winner": _SIDE, "reason": _TEXT}, ["winner", "reason"])),
        "links": _object({"board": _TEXT, "scorer": _TEXT, "confirm": _TEXTS}, ["board"],
                         description="the match's board; for the organizer also its scorer link (with the "
                                     "match's edit token after #) and each side's confirmation link"),
    }, ["number", "match", "sides", "names", "entries", "totals", "games_won", "finished", "winner", "decided",
        "links"], description="a table of a round: its match's totals (from the match's state), and whether it is "
                              "over (finished: its match has a winner, or the organizer decided it)"),
    "TournamentRound": _object({"number": {"type": "integer", "minimum": 1},
                                "tables": _array(_ref("TournamentTable")),
                                "byes": _array(_TEXT, description="the entries that had a bye in this round")},
                               ["number", "tables", "byes"]),
    "Standing": _object({
        "entry": _TEXT, "index": _COUNT, "names": _TEXTS, "rank": {"type": "integer", "minimum": 1},
        "played": _COUNT, "won": _COUNT, "points_for": _INT, "points_against": _INT,
        "reached": _nullable({"type": "integer", "minimum": 1})},
        ["entry", "index", "names", "rank", "played", "won", "points_for", "points_against", "reached"],
        description="a line of the standings: by wins, then points difference, then points for (knockouts by "
                    "the round reached first; reached is null in swiss and round-robin)"),
    "TournamentWinner": _object({"entries": _array(_COUNT), "names": _TEXTS, "name": _TEXT},
                                ["entries", "names", "name"]),
    "Tournament": _object({
        "id": _TEXT, "name": _TEXT, "variant": _TEXT, "rules": _ref("Rules"), "format": {"enum": _FORMATS},
        "entry": {"enum": ["players", "pairs"]}, "seed": _COUNT,
        "status": {"enum": ["registering", "playing", "finished"]}, "club": _nullable(_TEXT),
        "language": {**_LANGUAGE, "description": "the language of its venue screen and its tables' boards (null: "
                                                 "its club's, else each phone's own)"},
        "created_at": _TIME, "updated_at": _TIME,
        "links": _object({"screen": _TEXT, "organizer": _TEXT}, ["screen"]),
        "revision": {"type": "integer", "minimum": 1,
                     "description": "the venue's revision (the ETag): raised by every change to the tournament and "
                                    "by every hand at any of its tables"},
        "total_rounds": _nullable({"type": "integer", "minimum": 1}),
        "round": {**_COUNT, "description": "the round being played (the last one drawn); 0 before the first"},
        "round_complete": {**_BOOL, "description": "every table of the round being played is finished or decided"},
        "entries": _array(_ref("TournamentEntry")), "rounds": _array(_ref("TournamentRound")),
        "standings": _array(_ref("Standing")), "winner": _nullable(_ref("TournamentWinner")),
    }, ["id", "name", "variant", "rules", "format", "entry", "seed", "status", "club", "created_at", "updated_at",
        "links", "revision", "total_rounds", "round", "round_complete", "entries", "rounds", "standings", "winner"],
        description="a tournament; the venue screen's view has no scorer or confirmation links"),
    "NewTournament": {"allOf": [_ref("Tournament"), _object({
        "organizer_token": _TEXT, "view_token": _TEXT,
        "links": _object({"screen": _TEXT, "organizer": _TEXT}, ["screen", "organizer"])},
        ["organizer_token", "view_token", "links"])],
        "description": "a created tournament with its secrets, shown only in this answer (and to a retry with the "
                       "same Idempotency-Key)"},
    "Registered": _object({"entry": _ref("TournamentEntry"), "entries": _array(_ref("TournamentEntry")),
                           "revision": {"type": "integer", "minimum": 1}}, ["entry", "entries", "revision"]),
    "RoundDrawn": _object({
        "id": _TEXT, "status": {"enum": ["playing", "finished"]}, "round": {"type": "integer", "minimum": 1},
        "total_rounds": {"type": "integer", "minimum": 1},
        "drawn": _nullable(_object({
            "number": {"type": "integer", "minimum": 1}, "byes": _TEXTS,
            "tables": _array(_object({
                "number": {"type": "integer", "minimum": 1}, "match": _TEXT, "sides": _array(_TEXTS),
                "names": _TEXTS, "entries": _array(_array(_COUNT)),
                "links": _object({"scorer": _TEXT}, ["scorer"])},
                ["number", "match", "sides", "names", "entries", "links"]))}, ["number", "tables", "byes"])),
        "winner": _nullable(_ref("TournamentWinner")), "revision": {"type": "integer", "minimum": 1}},
        ["id", "status", "round", "total_rounds", "drawn", "winner", "revision"],
        description="the round drawn (its tables with their scorer links), or, after the last round, drawn null "
                    "and the winner"),
    "DecidedTable": _object({
        "number": {"type": "integer", "minimum": 1}, "match": _TEXT, "sides": _array(_TEXTS), "names": _TEXTS,
        "entries": _array(_array(_COUNT)), "totals": _PER_SIDE, "games_won": _PER_SIDE, "finished": {"const": True},
        "winner": _SIDE, "decided": _object({"winner": _SIDE, "reason": _TEXT}, ["winner", "reason"]),
        "round": {"type": "integer", "minimum": 1}, "revision": {"type": "integer", "minimum": 1}},
        ["number", "match", "sides", "names", "entries", "totals", "games_won", "finished", "winner", "decided",
         "round", "revision"]),
}
_EXPORTED_TABLE = {**_TOURNAMENT_SCHEMAS["TournamentTable"],
                   "properties": {k: v for k, v in _TOURNAMENT_SCHEMAS["TournamentTable"]["properties"].items()
                                  if k != "links"},
                   "required": [k for k in _TOURNAMENT_SCHEMAS["TournamentTable"]["required"] if k != "links"],
                   "description": "a table of a round as exported: its totals and result, without any link"}
_TOURNAMENT_SCHEMAS["TournamentExport"] = _object({
    "format": {"const": "scorekeeper-tournament"}, "version": {"const": 1},
    "tournament": _object({
        "id": _TEXT, "name": _TEXT, "variant": _TEXT, "rules": _ref("Rules"), "format": {"enum": _FORMATS},
        "entry": {"enum": ["players", "pairs"]}, "rounds": _nullable({"type": "integer", "minimum": 1}),
        "seed": _COUNT, "status": {"enum": ["registering", "playing", "finished"]}, "created_at": _TIME},
        ["id", "name", "variant", "rules", "format", "entry", "rounds", "seed", "status", "created_at"]),
    "total_rounds": _nullable({"type": "integer", "minimum": 1}),
    "entries": _array(_ref("TournamentEntry")),
    "rounds": _array(_object({"number": {"type": "integer", "minimum": 1}, "byes": _TEXTS,
                              "tables": _array(_EXPORTED_TABLE)}, ["number", "byes", "tables"])),
    "standings": _array(_ref("Standing")), "winner": _nullable(_ref("TournamentWinner")),
}, ["format", "version", "tournament", "total_rounds", "entries", "rounds", "standings", "winner"],
    description="the whole tournament to take away: no secret, no screen, board or scorer link")
_CREATE_TOURNAMENT = _object({
    "name": {"type": "string", "minLength": 1, "maxLength": 80},
    "variant": {"type": "string", "description": "a preset (GET /variants)"},
    "rules": {"type": "object", "description": "house rules every table plays: option names and values"},
    "format": {"enum": _FORMATS},
    "entry": {"enum": ["players", "pairs"], "description": "pairs: fixed partnerships, four-handed games only; "
                                                           "players by default"},
    "rounds": {"type": "integer", "minimum": 1, "maximum": 50, "description": "swiss only: how many rounds"},
    "seed": {"type": "integer", "minimum": 0, "maximum": 2**31 - 1,
             "description": "the draw's seed; drawn by the server (below 1,000,000) when absent"},
    "club": {"type": "string", "description": "a club's id: the tables are the club's matches (send the club's "
                                              "token as the bearer)"},
    "language": {**_LANGUAGE, "description": "the language its venue screen and its tables' boards speak to a "
                                             "phone that chose none (a pub's TV); absent or null: its club's, else "
                                             "each phone's own"},
}, ["name", "variant", "format"])
_REGISTER = _object({"name": _NAME, "names": _array(_NAME, minItems=1, maxItems=2)},
                    description="players entry: {\"name\": \"Ana\"}; pairs entry: {\"names\": [\"Ana\", \"Ivo\"]}")
_DECIDE = _object({"winner": _SIDE, "reason": {"type": "string", "minLength": 1, "maxLength": 200}},
                  ["winner", "reason"])


def _tournament_paths() -> dict[str, Any]:
    """Tournaments: the organizer's operations take the organizer_token as the bearer; the venue screen none."""
    tournament = {"$ref": "#/components/parameters/tournament_id"}
    key = _param("Idempotency-Key")

    def write(summary: str, ok: str, what: str, schema: str, body: dict[str, Any] | None,
              parameters: list[Any], *errors: str, description: str = "") -> dict[str, Any]:
        operation: dict[str, Any] = {"summary": summary, "parameters": parameters, "security": _AUTH,
                                     "responses": _responses(ok, _json(what, _ref(schema)), *errors)}
        if body is not None:
            operation["requestBody"] = body
        if description:
            operation["description"] = description
        return {"post": operation}

    return {
        "/api/v1/tournaments": {"post": {
            "summary": "Create a tournament: answers its organizer_token and view_token once",
            "parameters": [key], "security": _OPTIONAL_AUTH,
            "description": "No token needed; a club's tournament (\"club\") needs the club's token as the bearer.",
            "requestBody": _body(_CREATE_TOURNAMENT),
            "responses": _responses("201", _json("the tournament with its secrets and links", _ref("NewTournament")),
                                    "BadRequest", "Unauthorized", "NotFound", "TooLarge", "Invalid")}},
        "/api/v1/tournaments/{tournament_id}": _read(
            "The tournament: entries, rounds and tables with their links, standings (organizer token)",
            [tournament], _json("the tournament", _ref("Tournament"), _ETAG), "Unauthorized", "NotFound",
            security=_AUTH),
        "/api/v1/tournaments/{tournament_id}/players": write(
            "Register a player, or a pair for pairs entry (organizer token)", "201", "the entry and every entry",
            "Registered", _body(_REGISTER), [tournament, key], "BadRequest", "Unauthorized", "NotFound", "Conflict",
            "TooLarge", "Invalid",
            description="Before the first round only (409 after it). A name already registered (any case) is 422."),
        "/api/v1/tournaments/{tournament_id}/rounds": write(
            "Close the current round and draw the next (organizer token)", "201",
            "the round drawn, or the winner after the last round", "RoundDrawn", None, [tournament, key],
            "Unauthorized", "NotFound", "Conflict", "Invalid",
            description="No body. The first call starts the tournament: 422 (field entries) when the entries "
                        "cannot fill the format. Later calls need every table of the round finished or decided: "
                        "409 names each table still playing (field tables.<n>). After the last round the call "
                        "closes the tournament; once finished it is 409."),
        "/api/v1/tournaments/{tournament_id}/tables/{number}/decide": write(
            "Decide a table of the current round that cannot finish (organizer token)", "200", "the decided table",
            "DecidedTable", _body(_DECIDE), [tournament, {"$ref": "#/components/parameters/table"}, key],
            "BadRequest", "Unauthorized", "NotFound", "Conflict", "TooLarge", "Invalid",
            description="409 when the table's match is finished or the table was decided already, or the "
                        "tournament is not playing; 404 for a table the current round does not have."),
        "/api/v1/tournaments/{tournament_id}/export": _read(
            "The whole tournament to take away: entries, rounds, results, standings, seed (organizer token)",
            [tournament], _json("the tournament export, without secrets or links", _ref("TournamentExport")),
            "Unauthorized", "NotFound", security=_AUTH),
        "/api/v1/tournaments/{tournament_id}/export.csv": _read(
            "Every table of every round as CSV rows, then the byes (organizer token)", [tournament],
            _csv("a header row (round, table, match, side_1…3, total_1…3, result, winner, reason), then one row "
                 "per table and per bye"), "Unauthorized", "NotFound", security=_AUTH),
        "/api/v1/tournaments/boards/{view_token}": _read(
            "What the venue screen shows (no header: the token is in the path)",
            [{"$ref": "#/components/parameters/screen_token"}],
            _json("the tournament without scorer or confirmation links", _ref("Tournament"), _ETAG), "NotFound"),
        "/api/v1/tournaments/boards/{view_token}/events": _read(
            "Server-sent events of the venue screen: each event's id is the venue's revision, its data the view",
            [{"$ref": "#/components/parameters/screen_token"}, _param("Last-Event-ID"), _param("last_event_id")],
            {"description": "a text/event-stream: retry: 2000, the venue view (event state), then the view after "
                            "every change at the tournament or any of its tables; every 15 s the view if a "
                            "change never reached the stream, else a heartbeat (event heartbeat, no id, its "
                            "data the revision the watcher has), sent too after 5 s of silence; it ends after 10 "
                            "minutes",
             "content": {"text/event-stream": {"schema": _object({
                 "event": {"const": "state"},
                 "id": {"type": "string", "pattern": "^[0-9]+$", "description": "the venue's revision"},
                 "data": {"type": "string", "contentMediaType": "application/json",
                          "contentSchema": _ref("Tournament"), "description": "the venue view, one line of JSON"},
                 "retry": _COUNT}, ["event", "id", "data"])}}},
            "BadRequest", "NotFound", description="400 when Last-Event-ID or last_event_id is not a revision."),
    }


def spec() -> dict[str, Any]:
    """The OpenAPI 3.1 document."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "scorekeeper", "version": "1", "description": (
            "Keep score of Bela, Klaberjass, Clobby and Belote hands; docs/api.md says it in words. Every error "
            "is JSON {\"errors\": [{\"field\", \"message\"}]}: the statuses each operation can answer are listed "
            "with it; besides those, a method a path does not have is 405 (its Allow header lists the ones it "
            "has), and a fault of the server 500 (field \"server\"); no error saves anything.")},
        "components": {
            "securitySchemes": {"bearer": {
                "type": "http", "scheme": "bearer",
                "description": "Authorization: Bearer <token>: a match's edit_token (every write and read of it) "
                               "or view_token (its reads), a club's club_token (the club's reads, its matches "
                               "like their edit token), or a side's confirmation token (confirming hands)"}},
            "parameters": {**_PARAMETERS, **_TOURNAMENT_PARAMETERS},
            "responses": {name: {"description": text, "content": {"application/json": {
                "schema": _ref("StaleErrors" if name == "Stale" else "Errors")}}}
                for name, text in _ERROR_ANSWERS.items()},
            "schemas": {**_SCHEMAS, **_TOURNAMENT_SCHEMAS},
        },
        "paths": {**_match_paths(), **_board_paths(), **_engine_paths(), **_club_paths(), **_tournament_paths()},
    }


def openapi() -> Any:
    """This document, as JSON."""
    return jsonify(spec())
