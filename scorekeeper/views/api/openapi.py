"""The OpenAPI description of API.md, served at /api/v1/openapi.json: every path the API routes, documented."""

from __future__ import annotations

from typing import Any

from flask import jsonify

_ERRORS = {"$ref": "#/components/schemas/Errors"}


def _error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ERRORS}}}


def _ok(description: str, schema: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}}}


_CONTRACT = {"enum": ["clubs", "diamonds", "hearts", "spades", "no-trumps", "all-trumps"]}
_RANKS = {"enum": ["7", "8", "9", "10", "J", "Q", "K", "A"]}
_CARD = {"type": "string", "description": "rank then suit letter (C D H S)", "examples": ["10H", "JS", "AC"]}
_DECLARATION = {"type": "object", "required": ["kind"], "properties": {
    "kind": {"enum": ["sequence", "square"]}, "length": {"type": "integer", "minimum": 3, "maximum": 8},
    "top": _RANKS, "suit": {"enum": ["clubs", "diamonds", "hearts", "spades"]}, "rank": _RANKS}}
_AUTH = [{"bearer": []}]
_ID = {"name": "match_id", "in": "path", "required": True, "schema": {"type": "string"}}
_NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
_IDEMPOTENCY = {"name": "Idempotency-Key", "in": "header", "required": False, "schema": {"type": "string"},
                "description": "A retried request with the same key and body returns the first answer."}
_IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"},
             "description": 'The revision the write is based on, in quotes ("7"); 412 if the match moved on.'}
_HAND_BODY = {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HandInput"}}}}
_WRITE_ERRORS = {
    "400": _error("not JSON"), "401": _error("missing or wrong edit token"), "404": _error("unknown match or hand"),
    "412": _error("stale If-Match"), "422": _error("a hand the rules do not allow"),
}


_CLUB = {"name": "club_id", "in": "path", "required": True, "schema": {"type": "string"}}
_CLUB_ERRORS = {"401": _error("missing or wrong club token"), "404": _error("unknown club")}
_FILTERS = [{"name": name, "in": "query", "required": False, "schema": {"type": "string"}, "description": text}
            for name, text in (("player", "a club player's name (any case)"), ("game", "a preset name"),
                               ("from", "first day, YYYY-MM-DD"), ("to", "last day, YYYY-MM-DD"))]


def _club_read(summary: str, parameters: list[dict[str, Any]], kind: str = "application/json") -> dict[str, Any]:
    return {"get": {"summary": summary, "parameters": [_CLUB, *parameters], "security": _AUTH,
                    "responses": {"200": {"description": summary, "content": {kind: {"schema": {}}}},
                                  **_CLUB_ERRORS, "422": _error("a filter or player that is not valid")}}}


def _club_paths() -> dict[str, Any]:
    """Clubs: every read takes the club's token (``club_token``) as the bearer."""
    name = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
    pair = [{"name": side, "in": "query", "required": True, "schema": {"type": "string"}} for side in ("a", "b")]
    return {
        "/api/v1/clubs": {"post": {
            "summary": "Create a club: its name and, if known, its players; answers its club_token once",
            "parameters": [_IDEMPOTENCY],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["name"], "properties": {
                    "name": {"type": "string", "maxLength": 80},
                    "players": {"type": "array", "items": {"type": "string"}}}}}}},
            "responses": {"201": {"description": "the club with its club_token and link"},
                          "400": _error("not JSON"), "422": _error("no name, or a name given twice")}}},
        "/api/v1/clubs/{club_id}": _club_read("The club: its name and players", []),
        "/api/v1/clubs/{club_id}/matches": _club_read("The club's matches, newest first", _FILTERS),
        "/api/v1/clubs/{club_id}/stats": _club_read(
            "Every player's and partnership's figures, with the counts behind each rate", _FILTERS[1:]),
        "/api/v1/clubs/{club_id}/players/{name}": _club_read(
            "A player's figures, results over time, partnerships and opponents", [name]),
        "/api/v1/clubs/{club_id}/head-to-head": _club_read("Two players against each other", pair),
        "/api/v1/clubs/{club_id}/export": _club_read("The whole club: players and every match's export", []),
        "/api/v1/clubs/{club_id}/export.csv": _club_read("One row per hand of every match", [], "text/csv"),
        "/api/v1/clubs/imports": {"post": {
            "summary": "A new club (new id and token) from a club export; refused whole if any part is not valid",
            "parameters": [_IDEMPOTENCY],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": {"201": {"description": "the new club with its club_token and its matches' ids"},
                          "400": _error("not JSON"),
                          "422": _error("not a club export, changed after export, or a match that does not rebuild")}}},
    }


def spec() -> dict[str, Any]:
    """The OpenAPI 3.1 document."""
    side_list = {"type": "array", "items": {"type": "integer"}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "scorekeeper", "version": "1",
                 "description": "Keep score of Bela, Klaberjass, Clobby and Belote hands; see API.md."},
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Errors": {"type": "object", "required": ["errors"], "properties": {"errors": {
                    "type": "array", "items": {"type": "object", "required": ["field", "message"], "properties": {
                        "field": {"type": "string"}, "message": {"type": "string"}}}}}},
                "HandInput": {"type": "object", "additionalProperties": False, "properties": {
                    "taker": {"type": "integer", "minimum": 0},
                    "contract": {"enum": ["clubs", "diamonds", "hearts", "spades", "no-trumps", "all-trumps"]},
                    "double": {"enum": [0, 1, 2]},
                    "card_points": {"type": "array", "items": {"type": ["integer", "null"], "minimum": 0}},
                    "last_trick": {"type": "integer", "minimum": 0},
                    "melds": {"type": "array", "items": {"type": "array"}},
                    "bela": side_list,
                    "took_trick": {"type": "array", "items": {"type": "boolean"}},
                    "claim": {"type": "object", "properties": {
                        "side": {"type": "integer"}, "points": {"type": "integer"}, "trick": {"type": "integer"}}},
                    "revoke": {"type": "object", "properties": {
                        "accused": {"type": "integer"}, "accuser": {"type": "integer"}, "upheld": {"type": "boolean"}}},
                    "thrown_in": {"type": "boolean"},
                }},
                "Hand": {"type": "object", "properties": {
                    "number": {"type": "integer"}, "game": {"type": ["integer", "null"]},
                    "input": {"$ref": "#/components/schemas/HandInput"}, "voided": {"type": "boolean"},
                    "result": {"enum": ["made", "bate", "tie", "claim", "false-claim", "revoke", "thrown-in", None]},
                    "points": side_list, "scores": side_list, "pot": {"type": ["integer", "null"]},
                    "totals": side_list, "explanation": {"type": "array", "items": {"type": "string"}},
                    "disputed": {"type": "boolean"}, "dispute": {"type": ["string", "null"]},
                    "confirmed_by": {"type": "array", "items": {"type": "integer"}}}},
                "State": {"type": "object", "properties": {
                    "revision": {"type": "integer"}, "game": {"type": "integer"}, "totals": side_list,
                    "pot": {"type": "integer"}, "games": {"type": "array"}, "games_won": side_list,
                    "winner": {"type": ["integer", "null"]}, "finished": {"type": "boolean"},
                    "dealer": {"type": "integer"}, "leader": {"type": "integer"},
                    "can_claim": {"type": "array", "items": {"type": "boolean"}}, "needs": side_list,
                    "deals": {"type": "integer", "minimum": 0,
                              "description": "deals played in the current game, thrown-in ones not counted"},
                    "hands": {"type": "array", "items": {"$ref": "#/components/schemas/Hand"}}}},
                "MeldVerdict": {"type": "object", "required": ["scores", "explanation"], "properties": {
                    "scores": side_list, "explanation": {"type": "array", "items": {"type": "string"}}}},
                "LegalPlays": {"type": "object", "required": ["legal", "explanation"], "properties": {
                    "legal": {"type": "array", "items": _CARD},
                    "explanation": {"type": "array", "items": {"type": "string"}}}},
                "Export": {"type": "object", "required": ["format", "version", "match", "hands", "events",
                                                          "state", "digest"], "properties": {
                    "format": {"const": "scorekeeper-match"}, "version": {"const": 1},
                    "match": {"type": "object", "properties": {
                        "variant": {"type": "string"}, "rules": {"type": "object"},
                        "players": {"type": "array", "items": {"type": "string"}},
                        "first_dealer": {"type": "integer"}, "created_at": {"type": "string"}}},
                    "hands": {"type": "array", "items": {"type": "object", "properties": {
                        "number": {"type": "integer"}, "input": {"$ref": "#/components/schemas/HandInput"},
                        "voided": {"type": "boolean"}, "disputed": {"type": "boolean"},
                        "dispute_note": {"type": ["string", "null"]},
                        "confirmed_by": {"type": "array", "items": {"type": "integer"}}}}},
                    "events": {"type": "array", "description": "the audit log as /events gives it"},
                    "state": {"type": "object", "description": "the engine's state summary (no revision, no hands)"},
                    "digest": {"type": "string", "description": "SHA-256 (hex) of the canonical JSON (sorted keys, "
                                                                "compact) of every other member"}}},
                "Match": {"type": "object", "properties": {
                    "id": {"type": "string"}, "variant": {"type": "string"}, "rules": {"type": "object"},
                    "sides": {"type": "array"}, "links": {"type": "object"},
                    "state": {"$ref": "#/components/schemas/State"}}},
            },
        },
        "paths": {
            "/api/v1/matches": {"post": {
                "summary": "Create a match", "parameters": [_IDEMPOTENCY],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["variant", "players"], "properties": {
                        "variant": {"type": "string"}, "players": {"type": "array", "items": {"type": "string"}},
                        "rules": {"type": "object"}, "best_of": {"type": "integer"},
                        "first_dealer": {"type": "integer"},
                        "club": {"type": "string", "description": "a club's id: the match is played in that club "
                                                                  "(send the club's token as the bearer)"}}}}}},
                "responses": {"201": _ok("the match, with its edit_token and view_token", "Match"),
                              "400": _error("not JSON"), "401": _error("a club without its token"),
                              "404": _error("unknown club"), "422": _error("a match the rules do not allow")}}},
            **_club_paths(),
            "/api/v1/matches/{match_id}": {"get": {
                "summary": "The match and its state", "parameters": [_ID], "security": _AUTH,
                "responses": {"200": _ok("the match", "Match"), "401": _error("missing or wrong token"),
                              "404": _error("unknown match")}}},
            "/api/v1/matches/{match_id}/hands": {"post": {
                "summary": "Record the next hand", "parameters": [_ID, _IDEMPOTENCY, _IF_MATCH], "security": _AUTH,
                "requestBody": _HAND_BODY,
                "responses": {"201": _ok("the recorded hand, with the new state", "Hand"), **_WRITE_ERRORS,
                              "409": _error("the match is finished")}}},
            "/api/v1/matches/{match_id}/hands/{number}": {
                "put": {"summary": "Replace a hand's input; later hands are scored again",
                        "parameters": [_ID, _NUMBER, _IDEMPOTENCY, _IF_MATCH], "security": _AUTH,
                        "requestBody": _HAND_BODY,
                        "responses": {"200": _ok("the edited hand, with the new state", "Hand"), **_WRITE_ERRORS}},
                "delete": {"summary": "Void a hand (kept in history, no longer scored)",
                           "parameters": [_ID, _NUMBER, _IDEMPOTENCY, _IF_MATCH], "security": _AUTH,
                           "responses": {"200": _ok("the voided hand, with the new state", "Hand"),
                                         **_WRITE_ERRORS}}},
            "/api/v1/matches/{match_id}/hands/{number}/restore": {"post": {
                "summary": "Count a voided hand again; every later hand is scored again with it",
                "parameters": [_ID, _NUMBER, _IDEMPOTENCY, _IF_MATCH], "security": _AUTH,
                "responses": {"200": _ok("the restored hand, with the new state", "Hand"), **_WRITE_ERRORS,
                              "409": _error("counted again, the hand would end the match before a later hand")}}},
            "/api/v1/matches/{match_id}/hands/{number}/dispute": {"post": {
                "summary": "Flag a hand as disputed, with a note",
                "parameters": [_ID, _NUMBER, _IDEMPOTENCY, _IF_MATCH], "security": _AUTH,
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["note"], "properties": {"note": {"type": "string"}}}}}},
                "responses": {"200": _ok("the disputed hand, with the new state", "Hand"), **_WRITE_ERRORS}}},
            "/api/v1/matches/{match_id}/hands/{number}/resolve": {"post": {
                "summary": "Resolve a disputed hand: the score stands, or it was edited or voided since",
                "parameters": [_ID, _NUMBER, _IDEMPOTENCY, _IF_MATCH], "security": _AUTH,
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["note", "resolution"], "properties": {
                        "note": {"type": "string"}, "resolution": {"enum": ["stands", "edited", "voided"]}}}}}},
                "responses": {"200": _ok("the resolved hand, with the new state", "Hand"), **_WRITE_ERRORS}}},
            "/api/v1/matches/{match_id}/hands/{number}/confirm": {"post": {
                "summary": "A side confirms a hand, with that side's confirmation token as the bearer",
                "parameters": [_ID, _NUMBER, _IDEMPOTENCY, _IF_MATCH], "security": _AUTH,
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["side"], "properties": {"side": {"type": "integer"}}}}}},
                "responses": {"200": _ok("the confirmed hand, with the new state", "Hand"), **_WRITE_ERRORS}}},
            "/api/v1/matches/{match_id}/events": {"get": {
                "summary": "The audit log, oldest first", "parameters": [_ID], "security": _AUTH,
                "responses": {"200": {"description": "events"}, "401": _error("missing or wrong token"),
                              "404": _error("unknown match")}}},
            "/api/v1/matches/{match_id}/export": {"get": {
                "summary": "Export the match: everything needed to rebuild it, with a SHA-256 digest (either token)",
                "parameters": [_ID], "security": _AUTH,
                "responses": {"200": {"description": "the export document", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Export"}}}},
                              "401": _error("missing or wrong token"), "404": _error("unknown match")}}},
            "/api/v1/matches/{match_id}/export.csv": {"get": {
                "summary": "The hands as CSV for spreadsheets, one row per hand (either token)",
                "parameters": [_ID], "security": _AUTH,
                "responses": {"200": {"description": "CSV with a header row",
                                      "content": {"text/csv": {"schema": {"type": "string"}}}},
                              "401": _error("missing or wrong token"), "404": _error("unknown match")}}},
            "/api/v1/imports": {"post": {
                "summary": "A new match (new id and tokens) from an export; refused whole if changed or not valid",
                "parameters": [_IDEMPOTENCY],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/Export"}}}},
                "responses": {"201": _ok("the new match, with its edit_token and view_token", "Match"),
                              "400": _error("not JSON"),
                              "422": _error("not an export, changed after export, or a hand the rules refuse")}}},
            "/api/v1/preview": {"post": {
                "summary": "Score a hand without saving",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "properties": {
                        "variant": {"type": "string"}, "rules": {"type": "object"},
                        "sides": {"type": "array", "items": {"type": "string"}},
                        "match": {"type": "string"}, "before": {"type": "object"},
                        "hand": {"$ref": "#/components/schemas/HandInput"}}}}}},
                "responses": {"200": {"description": "the hand's result"}, "400": _error("not JSON"),
                              "422": _error("a hand the rules do not allow")}}},
            "/api/v1/referee/melds": {"post": {
                "summary": "Who scores which declarations, and why (changes nothing; no token)",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["variant", "contract", "forehand", "declarations"],
                    "properties": {
                        "variant": {"type": "string"}, "rules": {"type": "object"},
                        "contract": _CONTRACT,
                        "forehand": {"type": "integer", "minimum": 0,
                                     "description": "the side that leads to the first trick"},
                        "declarations": {"type": "array", "description": "one list per side",
                                         "items": {"type": "array", "items": _DECLARATION}},
                        "sides": {"type": "array", "items": {"type": "string"},
                                  "description": "side names for the explanation"}}}}}},
                "responses": {"200": _ok("each side's meld score and the sentences that say why", "MeldVerdict"),
                              "400": _error("not JSON"), "422": _error("declarations the rules do not allow")}}},
            "/api/v1/referee/legal-plays": {"post": {
                "summary": "Which cards a player could legally play to a trick, and why (changes nothing; no token)",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["variant", "contract", "seat", "hand"], "properties": {
                        "variant": {"type": "string"},
                        "rules": {"type": "object", "description": "house rules; also the trick-play options "
                                  "bare-yuss (default true in bela and bela-3) and scoring-trump-lead"},
                        "contract": _CONTRACT,
                        "seat": {"type": "integer", "minimum": 0, "description": "the player about to play"},
                        "trick": {"type": "array", "description": "the cards already played to the trick, in order",
                                  "items": {"type": "object", "required": ["seat", "card"], "properties": {
                                      "seat": {"type": "integer", "minimum": 0}, "card": _CARD}}},
                        "hand": {"type": "array", "items": _CARD, "description": "the cards the player held"}}}}}},
                "responses": {"200": _ok("the legal cards in the hand's order, and why", "LegalPlays"),
                              "400": _error("not JSON"), "422": _error("a trick or hand that cannot be")}}},
            "/api/v1/variants": {"get": {"summary": "The presets with their resolved rules",
                                         "responses": {"200": {"description": "variants"}}}},
            "/api/v1/boards/{view_token}/events": {"get": {
                "summary": "Server-sent events: each event's id is the revision, its data the board state",
                "parameters": [{"name": "view_token", "in": "path", "required": True, "schema": {"type": "string"}},
                               {"name": "Last-Event-ID", "in": "header", "required": False,
                                "schema": {"type": "string"}}],
                "responses": {"200": {"description": "a text/event-stream of board states",
                                      "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                              "404": _error("unknown board")}}},
            "/api/v1/openapi.json": {"get": {"summary": "This document",
                                             "responses": {"200": {"description": "OpenAPI 3.1"}}}},
            "/api/v1/boards/{view_token}": {"get": {
                "summary": "Read-only state for watchers",
                "parameters": [{"name": "view_token", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": {"200": _ok("the match without its edit token", "Match"),
                              "404": _error("unknown board")}}},
        },
    }


def openapi() -> Any:
    """This document, as JSON."""
    return jsonify(spec())
