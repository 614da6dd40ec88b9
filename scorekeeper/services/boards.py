"""What watchers and phones read again and again: a match's board as JSON text, kept in this process by
revision.

Every write raises a match's revision (``hands.hand_write``), and the board is a function of the stored rows
at a revision (the engine's state, the match's head), so the text made at a revision stays right for as long
as the revision does. A read asks the database for only the match's keys and revision (one small query, no
row object); the board's text comes from this cache when it was made at that revision, else it is made once
and kept. The cache is bounded in bytes; each worker keeps its own, and each read still checks the stored
revision, so several workers or hosts never serve a board older than the database's.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import NamedTuple

from sqlalchemy import Select, bindparam, select

from ..extensions import db
from ..models import Club, Match
from ..rules.words import Said
from .access import find_match, no_match
from .errors import NotFound
from .state import Say, match_json
from .text import broken_character

KEPT_BYTES = 32 * 1024 * 1024
"""The most board text one process keeps (a 20-hand board is about 8 KB; a 1,000-hand one about 400 KB)."""


class Keys(NamedTuple):
    """A match's id, revision and what deciding who may read it needs: what a read loads before its board."""

    id: str
    revision: int
    edit_token_hash: str
    view_token: str
    club_id: str | None


_KEYS = (Match.id, Match.revision, Match.edit_token_hash, Match.view_token, Match.club_id)
# Built once: a read runs a ready statement on a pooled connection, without the ORM's session (the
# statement's compiled form is cached by SQLAlchemy on first use).
_BY_ID = select(*_KEYS).where(Match.id == bindparam("key"))
_BY_BOARD = select(*_KEYS).where(Match.view_token == bindparam("key"))


def _keys(statement: Select[str, int, str, str, str | None], key: str) -> Keys | None:
    if broken_character(key):  # no id or token holds one (PostgreSQL cannot even be asked about a NUL)
        return None
    with db.engine.connect() as connection:
        row = connection.execute(statement, {"key": key}).one_or_none()
    return None if row is None else Keys(*row)


def match_keys(match_id: str) -> Keys:
    """The keys of match ``match_id``, or NotFound."""
    keys = _keys(_BY_ID, match_id)
    if keys is None:
        raise NotFound("id", no_match(match_id))
    return keys


def board_keys(view_token: str) -> Keys:
    """The keys of the match whose board token is ``view_token``, or NotFound."""
    keys = _keys(_BY_BOARD, view_token)
    if keys is None:
        raise NotFound("view_token", Said("no board at this link"))
    return keys


class _Texts:
    """Board texts by match, each with the revision it was made at; least recently used first out."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._size = 0
        self._lock = threading.Lock()
        self._texts: OrderedDict[str, tuple[int, str]] = OrderedDict()

    def get(self, match_id: str, revision: int) -> str | None:
        with self._lock:
            kept = self._texts.get(match_id)
            if kept is None or kept[0] != revision:
                return None
            self._texts.move_to_end(match_id)
            return kept[1]

    def put(self, match_id: str, revision: int, text: str) -> None:
        if len(text) > self._limit // 4:
            return
        with self._lock:
            old = self._texts.pop(match_id, None)
            if old is not None:
                self._size -= len(old[1])
                if old[0] > revision:  # a slower reader made an older board: keep the newer one
                    text, revision = old[1], old[0]
            self._texts[match_id] = (revision, text)
            self._size += len(text)
            while self._size > self._limit:
                _, (_, dropped) = self._texts.popitem(last=False)
                self._size -= len(dropped)


_texts = _Texts(KEPT_BYTES)


def board_text(keys: Keys, language: str = "en", say: Say | None = None) -> tuple[int, str]:
    """The match's board as JSON text, and the revision it is at: from this process's cache when it was made
    at ``keys.revision``, else made from the database now (and kept). In a language other than English (its
    code, and ``say`` saying the engine's words in it) the explanations are said in it; each language's text
    is kept apart."""
    kept = keys.id if say is None else f"{keys.id}/{language}"
    text = _texts.get(kept, keys.revision)
    if text is not None:
        return keys.revision, text
    match = find_match(keys.id)
    text = match_json(match, say)
    _texts.put(kept, match.revision, text)
    return match.revision, text


def screen_language(language: str | None, club_id: str | None) -> str | None:
    """The language a board or venue screen speaks to a phone that chose none: its match's or tournament's
    own (``language``), else its club's, else None (each phone's own)."""
    if language is not None or club_id is None:
        return language
    return db.session.scalar(select(Club.language).where(Club.id == club_id))
