"""The API's errors: on an /api/ path every error is JSON ``{"errors": [{"field", "message"}]}`` with its
status, never an HTML page or a stack trace (docs/api.md "Errors").

The app's error handlers ask here first (``json_error``): a path under /api/ that matches no route (404,
405) belongs to no blueprint, so the handlers are the application's and the pages answer every other path.

Every message is in the language of the request's ``Accept-Language`` (English when none of the app's fits):
a service's or the engine's problem is a ``Said``, said here (``i18n.said``); an HTTP error's text is one of
``HTTP_WORDS``. The fields stay as they are (stable keys).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Annotated, Any, NotRequired

from flask import Response, jsonify, request
from flask_babel import format_timedelta
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from pydantic import Field
from typing_extensions import TypedDict  # pydantic reads a TypedDict of typing only from Python 3.12
from werkzeug.exceptions import HTTPException

from ...i18n import said
from ...models import EVENT_KINDS
from ...rate_limits import retry_after
from ...rules import Result
from ...services import CHANGES_LIMIT, ServiceError, Stale
from ...shapes import Hand, Ordinal, PerSide, choice

HTTP_WORDS = {
    400: _l("The browser (or proxy) sent a request that this server could not understand."),
    404: _l("The requested URL was not found on the server. If you entered the URL manually please check your "
            "spelling and try again."),
    405: _l("The method is not allowed for the requested URL."),
    413: _l("The data value transmitted exceeds the capacity limit."),
    414: _l("The length of the requested URL exceeds the capacity limit for this server. The request cannot be "
            "processed."),
    415: _l("The server does not support the media type transmitted in the request."),
    431: _l("One or more header fields exceeds the maximum size."),
}
"""The API's words for the HTTP errors a client meets (werkzeug's own English, in the request's language),
used when the error carries werkzeug's standard description."""


def stale_change(change: Mapping[str, Any]) -> dict[str, Any]:
    """A change of a stale write's answer as JSON: its hand's explanation said in the request's language."""
    hand = change.get("hand")
    if not isinstance(hand, Mapping):
        return dict(change)
    return {**change, "hand": {**hand, "explanation": [said(line) for line in hand.get("explanation") or ()]}}


def is_api_request() -> bool:
    """Whether this request is the API's (any path under /api/, routed or not)."""
    return request.path.startswith("/api/")


def json_error(error: Exception) -> tuple[Response, int] | None:
    """The JSON answer to ``error`` on an /api/ path; None elsewhere (the pages answer those).

    A service's error lists its problems with its status; an HTTP error (400 not JSON, 404, 405, 413 …)
    names the field at fault; anything unexpected is a 500 that says nothing was saved."""
    if not is_api_request():
        return None
    if isinstance(error, ServiceError):
        body: dict[str, Any] = {"errors": [{**p.as_dict(), "message": said(p.message)} for p in error.problems]}
        if isinstance(error, Stale) and error.revision is not None:
            # What the match did since the revision the phone showed (docs/api.md "Headers"), each hand's
            # explanation in the asker's language.
            body["revision"] = error.revision
            body["changes"] = [stale_change(change) for change in error.changes]
        return jsonify(body), error.status
    if isinstance(error, HTTPException) and error.code == 429:
        # Over a budget of rate_limits.py: when to try again, in words and in Retry-After (seconds).
        wait = retry_after()
        response = jsonify({"errors": [{"field": "rate", "message": _(
            "too many of these from this address in a short time; nothing was saved: try again in %(wait)s",
            wait=format_timedelta(timedelta(seconds=wait), threshold=1))}]})
        response.headers["Retry-After"] = str(wait)
        return response, 429
    if isinstance(error, HTTPException):
        field = "body" if error.code in (400, 413) else "path" if error.code in (404, 405) else "request"
        words = HTTP_WORDS.get(error.code or 0) if error.description == type(error).description else None
        message = str(words) if words is not None else error.description or error.name
        response = jsonify({"errors": [{"field": field, "message": message}]})
        for name, value in error.get_headers():  # a 405's Allow (RFC 9110 requires it); not its HTML type
            if name.lower() != "content-type":
                response.headers[name] = value
        return response, error.code or 500
    return jsonify({"errors": [{"field": "server", "message": _("something went wrong; nothing was saved")}]}), 500


# ---------------------------------------------------------------- the shapes of an error (for openapi.py)


class Problem(TypedDict):
    field: Annotated[str, Field(min_length=1, description=
        "where the problem is: a body field (card_points.1, hand.taker), a header (If-Match), or body, "
        "path, number, rate (too many creates or imports from one address: 429), server")]
    message: Annotated[str, Field(min_length=1)]


class Errors(TypedDict):
    """every error on an /api/ path: one entry per problem"""

    errors: Annotated[list[Problem], Field(min_length=1)]


class Was(TypedDict, total=False):
    """a void's or undo's: what the hand scored before it"""

    result: Result | None
    scores: PerSide | None
    totals: PerSide | None
    pot: int | None


class StaleChange(TypedDict):
    """one write since the If-Match revision; hand: the hand's entry as it is now (as in state.hands)"""

    event: Annotated[str, choice((*EVENT_KINDS, "undo"), "what the write was (an undo is a void undone at once)")]
    revision: Annotated[Ordinal, Field(description="the revision this write made")]
    number: Ordinal | None
    hand: NotRequired[Hand | None]
    was: NotRequired[Was]


class StaleErrors(Errors, total=False):
    """a stale If-Match: the problem, and (a hand write's) what the match did since"""

    revision: Annotated[Ordinal, Field(description=
        "the match's revision now (send it as If-Match to write on top of the changes)")]
    changes: Annotated[list[StaleChange], Field(max_length=CHANGES_LIMIT)]
