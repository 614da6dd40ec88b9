"""Who may do what: public ids, secrets (stored only as hashes, or derived from the app's secret key and
never stored), and the checks that a token may score, watch, confirm or use a club."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import load_only

from ..extensions import db
from ..models import Club, Match
from ..rules.words import Said
from .errors import Answer, NotFound, Unauthorized
from .state import rules_of
from .text import broken_character


def hash_token(token: str) -> str:
    """The stored form of an edit token (SHA-256; tokens carry 256 bits of randomness)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_id() -> str:
    """A fresh public id of a match or club: 96 random bits, URL-safe, never starting with ``-`` (a CSV cell
    starting so would be read as a formula by a spreadsheet)."""
    while (value := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return value


def new_token() -> str:
    """A fresh secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def secret_from_seed(seed: str) -> str:
    """A secret (an edit token, a club's secret) made from a stored seed: HMAC with the app's secret key,
    never stored itself.

    A retried create (same Idempotency-Key) must answer the same secret, yet secrets are stored only as
    hashes; the seed in the stored answer is useless without the secret key, which is not in the database.
    """
    return _keyed(seed)


def with_secret(answer: Answer, name: str, link: str, address: Callable[[str, str], str]) -> Answer:
    """A create's stored answer made whole for its caller: the secret ``name`` derived from the seed the answer
    keeps instead (``<name>_seed``: the stored answer never holds the secret itself), and the link ``link`` to
    ``address(id, secret)``."""
    body = dict(answer.body)
    token = secret_from_seed(body.pop(f"{name}_seed"))
    body[name] = token
    body["links"] = {**body.get("links", {}), link: address(str(body["id"]), token)}
    return Answer.of(answer.status, body)


def _keyed(text: str) -> str:
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, text.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def find_match(match_id: str, *, only: tuple[Any, ...] = ()) -> Match:
    """The match ``match_id``, or NotFound; with ``only``, just those columns are loaded (the rest on access)."""
    options = [load_only(*only)] if only else []
    # No match has an id that is not sound text (PostgreSQL cannot even be asked about a NUL).
    match = None if broken_character(match_id) else db.session.get(Match, match_id, options=options)
    if match is None:
        raise NotFound("id", no_match(match_id))
    return match


def no_match(match_id: object) -> Said:
    """What a request naming a match that does not exist is told."""
    # Translators: %(id)s is the match id the request named, in quotes.
    return Said("no match %(id)s", id=repr(match_id))


def find_board(view_token: str) -> Match:
    """The match whose board token is ``view_token``, or NotFound."""
    match = None
    if not broken_character(view_token):
        match = db.session.scalar(select(Match).where(Match.view_token == view_token))
    if match is None:
        raise NotFound("view_token", Said("no board at this link"))
    return match


class Guarded(Protocol):
    """What deciding who may read or change a match needs: a Match row, or just its keys."""

    @property
    def edit_token_hash(self) -> str: ...
    @property
    def view_token(self) -> str: ...
    @property
    def club_id(self) -> str | None: ...


def can_edit(match: Guarded, token: str | None) -> bool:
    """Whether ``token`` is the match's edit token, or the secret of the club it was played in (compared in
    constant time): anyone at a club's table may carry on scoring its matches."""
    if token is None:
        return False
    hashed = hash_token(token)
    if hmac.compare_digest(hashed, match.edit_token_hash):
        return True
    if match.club_id is None:
        return False
    club_hash = db.session.scalar(select(Club.token_hash).where(Club.id == match.club_id))
    return club_hash is not None and hmac.compare_digest(hashed, club_hash)


def authorize(match: Guarded, token: str | None, edit: bool) -> None:
    """Unauthorized unless ``token`` may edit (or, for reads, at least view) the match."""
    if can_edit(match, token):
        return
    # Bytes: compare_digest refuses str with non-ASCII characters (a header may carry any Latin-1).
    if not edit and token is not None and hmac.compare_digest(token.encode(), match.view_token.encode()):
        return
    if token is None:
        # Translators: 'Authorization: Bearer <token>' is an HTTP header, written as is.
        raise Unauthorized("Authorization", Said("send the match's token as 'Authorization: Bearer <token>'"))
    raise Unauthorized("Authorization", Said("this token cannot change this match") if edit
                       else Said("this token cannot see this match"))


def find_club(club_id: str, field: str = "club") -> Club:
    """The club ``club_id``, or NotFound."""
    club = None if not isinstance(club_id, str) or broken_character(club_id) else db.session.get(Club, club_id)
    if club is None:
        # Translators: %(id)s is the club id the request named, in quotes.
        raise NotFound(field, Said("no club %(id)s", id=repr(club_id)))
    return club


def can_use_club(club: Club, token: str | None) -> bool:
    """Whether ``token`` is the club's secret (compared in constant time)."""
    return token is not None and hmac.compare_digest(hash_token(token), club.token_hash)


def authorize_club(club: Club, token: str | None) -> None:
    """Unauthorized unless ``token`` is the club's secret."""
    if token is None:
        # Translators: 'Authorization: Bearer <club_token>' is an HTTP header, written as is.
        raise Unauthorized("Authorization", Said("send the club's secret as 'Authorization: Bearer <club_token>'"))
    if not can_use_club(club, token):
        raise Unauthorized("Authorization", Said("this token is not this club's secret"))


def confirm_token(match_id: str, side: int) -> str:
    """The confirmation link's secret of one side: derived from the app's secret key, never stored."""
    return _keyed(f"confirm:{match_id}:{side}")


def can_confirm(match: Match, side: Any, token: str | None) -> bool:
    """Whether ``token`` is side ``side``'s confirmation secret of the match."""
    if isinstance(side, bool) or not isinstance(side, int) or token is None:
        return False
    if not 0 <= side < rules_of(match).sides:
        return False
    return hmac.compare_digest(confirm_token(match.id, side).encode(), token.encode("utf-8", "replace"))
