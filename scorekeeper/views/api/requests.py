"""The API's request helpers: what every resource module reads from a request (the JSON body, the bearer
token, ``If-Match``, ``Idempotency-Key``, ``X-Change-Reason``) and how it answers (JSON text with its ETag)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, request

from ... import services
from ...i18n import speaking
from ...rules.words import Said
from ...serializers import to_json
from ...services import Answer, BadRequest


def bearer_token() -> str | None:
    """The secret of ``Authorization: Bearer <token>``; None when the header is missing or of another scheme."""
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def if_match() -> int | None:
    """The revision of ``If-Match: "<revision>"`` (weak or not); None without the header, 400 when it is no revision."""
    header = request.headers.get("If-Match")
    if header is None:
        return None
    value = header.strip().removeprefix("W/").strip('"')
    if not (value.isascii() and value.isdigit()):
        # Translators: If-Match is an HTTP header, written as is; %(header)s is what the request sent, in quotes.
        raise BadRequest("If-Match", Said('If-Match is a revision in quotes, such as "7", not %(header)s',
                                          header=repr(header)))
    return int(value)


def idempotency_key() -> str | None:
    """The ``Idempotency-Key`` header: a retried write with the same key and body is answered once."""
    return request.headers.get("Idempotency-Key")


def caller() -> str:
    """Who sends a create, for its idempotency key's scope: the address the request came from (the proxy's
    ``X-Forwarded-For`` only when SCOREKEEPER_PROXIES says how many proxies to trust). An API client has no
    other identity before it holds a secret."""
    return "address " + (request.remote_addr or "")


def change_reason() -> str | None:
    """Why a confirmed hand is changed: the ``X-Change-Reason`` header (UTF-8 welcome)."""
    value = request.headers.get("X-Change-Reason")
    if value is None:
        return None
    try:
        return value.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return value


def json_body() -> Any:
    """The request's JSON value, whatever its type; 400 when the body is not JSON."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested too deep for the parser: not a body we can read
        data = None
    if data is None:
        # Translators: Content-Type: application/json is an HTTP header, written as is.
        raise BadRequest("body", Said("send a JSON object with Content-Type: application/json"))
    return data


def object_body() -> Mapping[str, Any]:
    """The request's JSON body when it is an object; 400 otherwise."""
    return services.json_object(json_body())


def not_modified(revision: int) -> Response | None:
    """``304 Not Modified`` when a read's ``If-None-Match`` names the match's current revision (its ETag, weak
    or not, or ``*``); None otherwise. A phone or board polling an unchanged match gets no body back."""
    if request.method not in ("GET", "HEAD"):
        return None
    header = request.headers.get("If-None-Match")
    if not header:
        return None
    tags = {tag.strip().removeprefix("W/").strip('"') for tag in header.split(",")}
    if "*" not in tags and str(revision) not in tags:
        return None
    response = Response(status=304)
    response.headers["ETag"] = f'"{revision}"'
    return response


def json_text(text: str, status: int = 200, revision: int | None = None) -> Response:
    """A response whose JSON body is already text (the cached state is sent without decoding it); a read
    whose If-None-Match names the revision is answered 304 without it."""
    if status == 200 and revision is not None:
        unchanged = not_modified(revision)
        if unchanged is not None:
            return unchanged
    response = Response(text, status=status, mimetype="application/json")
    if revision is not None:
        response.headers["ETag"] = f'"{revision}"'
    return response


def respond(answer: Answer) -> Response:
    """A service's answer as the response: its status, its JSON text, and its revision as the ETag. A hand
    write asked in another language has its explanation said in it (the stored answer keeps English)."""
    _language, say = speaking()
    if say is not None and answer.explanation is not None:
        body = answer.body
        body["explanation"] = [say(line) for line in answer.explanation]
        return json_text(to_json(body), answer.status, answer.revision)
    return json_text(answer.text, answer.status, answer.revision)
