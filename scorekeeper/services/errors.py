"""What a service answers: an ``Answer`` (status and JSON text), or a ``ServiceError`` naming each problem's
field. The HTTP status lives on the error so the API and the pages map it the same way.

Each problem's message is a ``Said`` (``rules/words.py``): its English text, which the web layer says in the
request's language (``i18n.said``). The services never import Flask-Babel: they sit below the web layer."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ..rules import Problem, RuleError
from ..rules.words import Said
from ..serializers import to_json


class ServiceError(Exception):
    """A request that cannot be carried out; ``status`` is its HTTP status, ``problems`` say why."""

    status = 422

    def __init__(self, problems: Iterable[Problem] | str, message: str = "") -> None:
        self.problems = (Problem(problems, message),) if isinstance(problems, str) else tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.message}" for p in self.problems))

    @classmethod
    def of(cls, error: RuleError | ServiceError, prefix: str = "", strip: str = "") -> ServiceError:
        """The engine's ``error`` (or another service's) as this kind of service error: each problem's field
        loses ``strip`` (the ``hands.N.`` of the hand being written) and gains ``prefix`` (where the part sat in
        the request, such as ``match.``)."""
        return cls([Problem(prefix + p.field.removeprefix(strip), p.message) for p in error.problems])


class BadRequest(ServiceError):
    """The body is not JSON, or not an object."""

    status = 400


class Unauthorized(ServiceError):
    """A missing or wrong token."""

    status = 401


class NotFound(ServiceError):
    """No such match, hand, club or board."""

    status = 404


class Finished(ServiceError):
    """The match already has its winner."""

    status = 409


class Stale(ServiceError):
    """``If-Match`` named a revision the match has moved on from.

    A hand write's Stale says what the match did since: ``revision`` is the match's revision now, ``changes``
    each write after the revision the phone showed, oldest first, as ``{"event", "revision", "number",
    "hand", "was"?}`` (``event`` one of record, edit, void, undo, restore, dispute, resolve, confirm; ``hand`` the
    hand's entry as it is now, as in ``state.hands``, its explanation lines the engine's ``Said``; ``was`` what a
    voided hand scored before it was voided), so that a phone can show the table its own hand beside the
    other phone's and ask. Empty when nothing is known (``revision`` None)."""

    status = 412

    def __init__(self, problems: Iterable[Problem] | str, message: str = "", revision: int | None = None,
                 changes: Iterable[Mapping[str, Any]] = ()) -> None:
        super().__init__(problems, message)
        self.revision = revision
        self.changes: tuple[Mapping[str, Any], ...] = tuple(changes)


class Invalid(ServiceError):
    """A hand or match the rules do not allow."""

    status = 422


def json_object(data: Any, message: str | None = None) -> Mapping[str, Any]:
    """``data`` when it is an object; else BadRequest saying what to send (``message``, a ``Said``; "send a
    JSON object" without one)."""
    if not isinstance(data, Mapping):
        raise BadRequest("body", message or Said("send a JSON object"))
    return data


class Answer:
    """What a write answers: its HTTP status and its JSON body, as text ready to send."""

    def __init__(self, status: int, text: str, revision: int | None = None) -> None:
        self.status = status
        self.text = text
        self.revision = revision
        self.explanation: tuple[str, ...] | None = None
        """A hand write's explanation as the engine said it (each line a ``Said``), to be said in the asker's
        language; None when the answer was stored (a replayed retry) or is not a hand's."""
        self.published: str | None = None
        """What watchers are told of a write this request made (its answer with the event's kind and time); None
        when the answer was stored (a replayed retry: its watchers were told the first time)."""
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
