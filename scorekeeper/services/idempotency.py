"""Idempotency keys: a retried write (same ``Idempotency-Key``, same request) gets the first answer, byte
for byte, and records nothing new; the same key with a different request is refused.

A key is kept for ``RETENTION`` (a retry comes within minutes; after that the key may be used afresh), and
only within its scope: a match's writes, or, for a create, the caller that sent it (``caller_scope``), so
that nobody else who sends the same (guessable) key and body is answered the first creator's secrets.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from datetime import timedelta

from sqlalchemy import bindparam, delete, insert, select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import IdempotencyKey, utcnow
from ..rules.words import Said
from .errors import Answer, Invalid
from .text import sound_text

KEY_LIMIT = 200
RETENTION = timedelta(hours=24)
"""How long a key is remembered: a phone retries within minutes, never a day later."""
STORED_LIMIT = 16 * 1024
"""The most characters of an answer a key keeps. A hand write's answer (the hand, the revision, the state
without its hands) is a few KB whatever the match's length; a longer one (an import's answer, which carries
every hand) is kept without its state's hands list (the full state is one GET away), and one still longer
is not kept at all, so no row grows with a match."""
# Built once (their compiled form is cached on first use): every write with a key runs them.
_KEPT = IdempotencyKey.__table__.c
_STORED = select(_KEPT.fingerprint, _KEPT.status, _KEPT.response).where(
    _KEPT.scope == bindparam("scope"), _KEPT.key == bindparam("key"), _KEPT.created_at >= bindparam("since"))
_FORGET = delete(IdempotencyKey.__table__).where(_KEPT.created_at < bindparam("before"))
_KEEP = insert(IdempotencyKey.__table__)


class CreateScope(str):
    """The scope of a create's key (``caller_scope``): such a key must be unguessable (``guessable``), since
    a caller is only its address when it holds no secret yet, and everyone in a pub shares one address."""


def caller_scope(kind: str, caller: str) -> CreateScope:
    """The scope of a create's key: the kind of create and a digest of who sent it (the phone's session,
    the club whose secret was shown, or the address the request came from), never global."""
    return CreateScope(f"{kind}:" + hashlib.sha256(caller.encode("utf-8", "replace")).hexdigest()[:40])


RANDOM_KEY_LENGTH = 22
"""Characters of the base64 alphabets a create's key has at least: 22 × 6 bits ≥ 128 bits."""
RANDOM_HEX_LENGTH = 32
"""Hex digits a create's key written in hex has at least: 32 × 4 bits = 128 bits."""
RANDOM_KEY_VARIETY = 8
"""Different characters a create's key has at least: random keys of these lengths always do (fewer than 8 in
32 random hex digits comes about once in 25 million keys), a word repeated or a run of one character never."""
_BASE64 = re.compile(r"[A-Za-z0-9_+/-]+=*")
_HEX = re.compile(r"[0-9A-Fa-f-]+")


def guessable(key: str) -> bool:
    """Whether a create's key has fewer than 128 random bits, by the rule docs/api.md states: it must be at
    least 22 characters of the base64 or base64url alphabet (32 hex digits when it is hex, dashes aside, as in
    a UUID), with at least 8 different characters."""
    if not _BASE64.fullmatch(key) or len(set(key)) < RANDOM_KEY_VARIETY:
        return True
    if _HEX.fullmatch(key):
        return len(key.replace("-", "")) < RANDOM_HEX_LENGTH
    return len(key.rstrip("=")) < RANDOM_KEY_LENGTH


def fingerprint(*parts: object) -> str:
    """A stable digest of a request: method, path and JSON body."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def stored_answer(scope: str, key: str, print_: str) -> Answer | None:
    """The answer kept for ``key`` in ``scope``; Invalid when the key was used for another request."""
    row = db.session.connection().execute(_STORED, {"scope": scope, "key": key, "since": utcnow() - RETENTION}
                                          ).one_or_none()
    if row is None:
        return None
    if row.fingerprint != print_:
        raise Invalid("Idempotency-Key", Said("this key was already used for a different request"))
    replayed = Answer.of(row.status, json.loads(row.response))
    replayed.text = row.response  # the first answer, byte for byte
    return replayed


def idempotent(scope: str, key: str | None, print_: str, work: Callable[[], Answer]) -> Answer:
    """Run ``work`` once per Idempotency-Key and commit: a retry gets the first answer and records nothing new."""
    if key is not None:
        if not key or len(key) > KEY_LIMIT:
            raise Invalid("Idempotency-Key", Said("an idempotency key has 1 to %(limit)s characters", limit=KEY_LIMIT))
        sound_text(key, "Idempotency-Key", Said("the idempotency key"), Said("send a new key"))
        if isinstance(scope, CreateScope) and guessable(key):
            # Translators: Idempotency-Key is an HTTP header, written as is.
            raise Invalid("Idempotency-Key", Said(
                "a key that creates a match, club, tournament or import must be random, so that nobody else can "
                "send it: send 128 random bits, such as 16 random bytes in base64url (22 characters) or 32 random "
                "hex digits"))
        scope = str(scope)  # plain text for the database drivers
        earlier = stored_answer(scope, key, print_)
        db.session.rollback()
        if earlier is not None:
            return earlier
    try:
        answer = work()
        if key is not None:
            # Forget keys past their retention (the created_at index makes this a short range scan); one
            # expired under this scope and key would otherwise block the new row.
            now = utcnow()
            connection = db.session.connection()
            connection.execute(_FORGET, {"before": now - RETENTION})
            kept = bounded(answer.text)
            if kept is not None:
                connection.execute(_KEEP, {"scope": scope, "key": key, "fingerprint": print_,
                                           "status": answer.status, "response": kept, "created_at": now})
        db.session.commit()
        return answer
    except Replayed as replayed:
        db.session.rollback()
        return replayed.answer
    except IntegrityError:
        db.session.rollback()
        if key is not None:
            earlier = stored_answer(scope, key, print_)
            if earlier is not None:
                return earlier
        raise
    except BaseException:
        db.session.rollback()
        raise


def bounded(text: str) -> str | None:
    """What a key keeps of an answer: the text itself up to STORED_LIMIT; beyond it the answer without its
    state's ``hands`` when that fits; otherwise None (nothing is kept: a retry is answered afresh)."""
    if len(text) <= STORED_LIMIT:
        return text
    try:
        body = json.loads(text)
    except ValueError:
        return None
    state = body.get("state") if isinstance(body, dict) else None
    if isinstance(state, dict) and "hands" in state:
        trimmed = json.dumps({**body, "state": {k: v for k, v in state.items() if k != "hands"}},
                             separators=(",", ":"))
        if len(trimmed) <= STORED_LIMIT:
            return trimmed
    return None


class Replayed(Exception):
    """Raised inside ``work`` when a concurrent retry committed first; its answer is returned instead."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
