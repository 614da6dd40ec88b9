"""The OpenAPI description of docs/api.md, served at /api/v1/openapi.json: every path the API routes, each
parameter and header it reads, every status it can answer with the shape of that answer.

Nothing of it is written here twice. The paths come from the blueprint's route records (``ROUTES``: a route
cannot exist without its description); the schemas from the typed shapes the serializers build
(scorekeeper/shapes.py), the views read (views/api/request_shapes.py) and the errors answer (views/api/errors.py),
which pydantic turns into JSON Schema; the vocabularies and limits from the engine and the services those shapes
import. It is documentation only: no
request is validated with it, so the engine's translated field errors stay the server's answer.

The document tells the truth about the answers, nullable fields included (a voided hand's ``points``, …),
and tests/api/test_openapi_properties.py holds it to that: Schemathesis sends requests generated from the
served document and checks every answer's status, content type, headers and body against it, and that a
request the document forbids is refused.

Two statuses are said once, in ``info.description`` rather than on every operation: 405 (a method the path
does not have, with its ``Allow`` header; OpenAPI describes the methods a path has) and 500 (a fault of the
server, ``{"field": "server", …}``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, Literal, NamedTuple

from flask import Response, jsonify
from pydantic import TypeAdapter

from ...rate_limits import limit_of
from ...services.idempotency import KEY_LIMIT
from . import clubs, exchange
from .errors import Errors, StaleErrors
from .request_shapes import PARAMETERS


class Csv(NamedTuple):
    """A CSV download (text/csv, with its Content-Disposition)."""


class Answer(NamedTuple):
    """An operation's answer when it goes well: its status, its shape (a type of the shapes modules; ``Csv()``
    for a download, or a stream's event shape with ``stream``), what it is, and whether it carries the ETag."""

    status: int
    shape: Any
    description: str
    etag: bool = False
    stream: bool = False


class Route(NamedTuple):
    """A route of the blueprint with its description: the view that answers it, and for the document its
    summary, the answer, the error statuses it can give, the body it reads, the headers and query parameters
    it reads (by their names in views/api/request_shapes.py ``PARAMETERS``), and the token it takes ("bearer", or
    "optional": none unless the body names something that needs one)."""

    method: str
    rule: str
    view: Callable[..., Any]
    summary: str
    answer: Answer
    errors: tuple[int, ...] = ()
    body: Any = None
    reads: tuple[str, ...] = ()
    token: Literal["", "bearer", "optional"] = ""
    description: str = ""


_ERRORS = {
    400: ("BadRequest", "the body is not JSON (or not sent as application/json), or not the JSON object this "
                        "operation reads; or If-Match (Last-Event-ID, last_event_id) is not a revision"),
    401: ("Unauthorized", "a token is missing, or cannot do this"),
    404: ("NotFound", "no such match, hand, board or club; or a path parameter that does not fit the path (a hand "
                      "number that is not a whole number)"),
    409: ("Conflict", "the match is finished, or the change would end the match before a later hand"),
    412: ("Stale", "If-Match names a revision the match has moved on from; nothing was written. The answer says "
                   "what the match did since: revision (the match's now) and changes (each write after the "
                   "If-Match revision, oldest first, at most the last 50, with its hand as it is now), so a phone "
                   "can show its own hand beside the other phone's and ask the table"),
    413: ("TooLarge", f"the body is larger than the server reads (256 KB; a match import "
                      f"{exchange.IMPORT_BODY_LIMIT >> 20} MB, a club import {clubs.IMPORT_BODY_LIMIT >> 20} MB)"),
    422: ("Invalid", f"something the rules or this server do not allow, each problem named by its field; or an "
                     f"Idempotency-Key reused for a different request, or not 1 to {KEY_LIMIT} characters, or "
                     f"guessable on a create"),
    429: ("TooManyRequests", "this address made more of these (creates, or imports) in a short time than the server "
                             "takes; nothing was saved. Retry-After says in how many seconds to try again, the "
                             "message (field rate) says it in words"),
}
_HEADERS = {
    "ETag": ('the match\'s revision after this answer, in quotes ("7")', '^"[0-9]+"$'),
    "Content-Disposition": ('attachment; filename="….csv"', "^attachment; filename="),
    "Retry-After": ("seconds until the address may try again", "^[0-9]+$"),
}
_SECURITY: dict[str, list[dict[str, list[str]]]] = {"bearer": [{"bearer": []}], "optional": [{}, {"bearer": []}]}
_REF = "#/components/schemas/{model}"


class _Schemas:
    """Every shape a route names, made into JSON Schema by pydantic in one pass: each named shape (a
    ``TypedDict``, an engine's enum) becomes a component, and a route's own shapes refer to them."""

    def __init__(self, types: Iterable[Any]) -> None:
        listed = list(types)
        made, defs = TypeAdapter.json_schemas([(i, "validation", TypeAdapter(t)) for i, t in enumerate(listed)],
                                              ref_template=_REF)
        self.of = {id(t): _untitled(made[i, "validation"]) for i, t in enumerate(listed)}
        self.components = {name: _untitled(schema) for name, schema in sorted(defs.get("$defs", {}).items())}

    def __getitem__(self, shape: Any) -> dict[str, Any]:
        return self.of[id(shape)]


def _untitled(schema: Any, named: bool = False) -> Any:
    """``schema`` without pydantic's titles (the names of Python classes and members, not of the API); ``named``:
    a mapping of names (properties, definitions) whose keys are not keywords."""
    if isinstance(schema, list):
        return [_untitled(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    return {key: _untitled(value, key in ("properties", "$defs")) for key, value in schema.items()
            if named or key != "title"}


_VARIABLE = re.compile(r"<(?:\w+:)?(\w+)>")
"""A variable of a Flask rule, with its converter if it has one."""


def _parameter(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/parameters/{name}"}


def _path(route: Route) -> tuple[str, list[dict[str, str]]]:
    """The OpenAPI path of a route (``<int:number>`` is ``{number}``) and its path parameters: a tournament's
    ``number`` is its table's, its ``view_token`` the venue screen's."""
    names = _VARIABLE.findall(route.rule)
    tournament = route.rule.startswith("/tournaments/")
    own = {"number": "table", "view_token": "screen_token"} if tournament else {}
    return "/api/v1" + _VARIABLE.sub(r"{\1}", route.rule), [_parameter(own.get(name, name)) for name in names]


def _header(name: str) -> dict[str, Any]:
    description, pattern = _HEADERS[name]
    return {"required": True, "description": description, "schema": {"type": "string", "pattern": pattern}}


def _error_headers(status: int) -> dict[str, Any]:
    """The headers an error answer carries: a 429's Retry-After."""
    return {"headers": {"Retry-After": _header("Retry-After")}} if status == 429 else {}


def _answer(answer: Answer, schemas: _Schemas) -> dict[str, Any]:
    if isinstance(answer.shape, Csv):
        media, schema, headers = "text/csv", {"type": "string"}, ["Content-Disposition"]
    else:
        media = "text/event-stream" if answer.stream else "application/json"
        schema, headers = schemas[answer.shape], ["ETag"] * answer.etag
    described: dict[str, Any] = {"description": answer.description, "content": {media: {"schema": schema}}}
    if headers:
        described["headers"] = {name: _header(name) for name in headers}
    return described


def _operation(route: Route, parameters: list[dict[str, str]], schemas: _Schemas) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": route.summary}
    if route.description:
        operation["description"] = route.description
    every = [*parameters, *(_parameter(name) for name in route.reads)]
    if every or route.method == "GET":
        operation["parameters"] = every
    if route.token:
        operation["security"] = _SECURITY[route.token]
    if route.body is not None:
        operation["requestBody"] = {"required": True,
                                    "content": {"application/json": {"schema": schemas[route.body]}}}
    # A view that spends a budget of anonymous writes (rate_limits.limited) can answer 429.
    errors = (*route.errors, 429) if limit_of(route.view) else route.errors
    operation["responses"] = {str(route.answer.status): _answer(route.answer, schemas), **{
        str(status): {"$ref": f"#/components/responses/{_ERRORS[status][0]}"} for status in errors}}
    return operation


@cache
def spec() -> dict[str, Any]:
    """The OpenAPI 3.1 document (made once: it changes only with the code)."""
    from . import ROUTES  # the blueprint's table names this module's view

    schemas = _Schemas([Errors, StaleErrors, *(p.kind for p in PARAMETERS.values()),
                        *(r.answer.shape for r in ROUTES if not isinstance(r.answer.shape, Csv)),
                        *(r.body for r in ROUTES if r.body is not None)])
    paths: dict[str, dict[str, Any]] = {}
    for route in ROUTES:
        path, parameters = _path(route)
        paths.setdefault(path, {})[route.method.lower()] = _operation(route, parameters, schemas)
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
                               "like their edit token), a side's confirmation token (confirming hands), or a "
                               "tournament's organizer_token (its operations)"}},
            "parameters": {key: {"name": p.name, "in": p.where, "required": p.required, "schema": schemas[p.kind],
                                 "description": p.description} for key, p in PARAMETERS.items()},
            "responses": {name: {"description": f"{status}: {text}", "content": {"application/json": {
                "schema": schemas[StaleErrors if status == 412 else Errors]}}, **_error_headers(status)}
                for status, (name, text) in _ERRORS.items()},
            "schemas": schemas.components,
        },
        "paths": paths,
    }


def openapi() -> Response:
    """This document, as JSON."""
    return jsonify(spec())
