"""Text from a request that is kept and shown again (a player's or a club's name, a note, a reason, an
idempotency key, an imported document's texts): one check, ``text_problem``, before anything is stored.

Two characters are refused. A NUL, which PostgreSQL's text cannot hold; and a lone surrogate (half of a
UTF-16 pair, such as ``"\\ud800"`` in JSON: an emoji cut in two), which JSON can carry but no page, sheet,
CSV or database can write out as UTF-8. Either would be stored and then break every page that shows it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..languages import LANGUAGES
from ..rules import Problem
from ..rules.words import N_, Listed, Said
from .errors import Invalid

# Translators: what a request or a form is told to do about a broken character (the end of a sentence).
TYPE_AGAIN = Said("type it again")
# Translators: what an import is told to do about a broken character (the end of a sentence).
EXPORT_AGAIN = Said("export it again")


def broken_character(value: str) -> Said | None:
    """Words for the broken character ``value`` holds, or None when it is text that can be stored and shown."""
    if "\x00" in value:
        # Translators: said in brackets after "it holds a broken character".
        return Said("an invisible NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        # Translators: said in brackets after "it holds a broken character".
        return Said("half of an emoji or another character cut in two")
    return None


def text_problem(value: str, field: str, what: str, advice: str = TYPE_AGAIN) -> Problem | None:
    """The problem naming ``field`` when ``value`` (called ``what``, such as ``Said("the name")``) cannot be
    stored and shown; None when it can. ``what`` and ``advice`` are said in the request's language when they
    are ``Said``."""
    cause = broken_character(value)
    if cause is None:
        return None
    # Translators: %(what)s names the text ("the name", "the note"), %(cause)s the character ("an invisible
    # NUL character"), %(advice)s what to do ("type it again", "export it again").
    return Problem(field, Said("%(what)s is not valid text: it holds a broken character (%(cause)s); %(advice)s",
                               what=what, cause=cause, advice=advice))


def title_problem(value: object, field: str, *, missing: Said, what: Said, too_long: Said,
                  limit: int) -> Problem | None:
    """The problem with the name a club or a tournament is given (``value``, at ``field``), or None: ``missing``
    when there is none, a broken character in it (the name called ``what``), ``too_long`` past ``limit``
    characters (the one check of both, so they cannot drift apart)."""
    if not isinstance(value, str) or not value.strip():
        return Problem(field, missing)
    broken = text_problem(value, field, what)
    if broken is not None:
        return broken
    if len(value.strip()) > limit:
        return Problem(field, too_long)
    return None


def sound_text(value: str, field: str, what: str, advice: str = TYPE_AGAIN) -> str:
    """``value`` when it is text that can be stored and shown; else Invalid naming ``field``."""
    problem = text_problem(value, field, what, advice)
    if problem is not None:
        raise Invalid([problem])
    return value


def broken_texts(value: Any, field: str = "", advice: str = EXPORT_AGAIN) -> Iterator[Problem]:
    """A problem for each text anywhere in a JSON value (object keys too) that cannot be stored and shown,
    named by where it sits (``events.3.data.note``: a list's position from 0; a broken field name by the
    object that holds it)."""
    stack: list[tuple[str, Any]] = [(field, value)]
    while stack:  # not recursive: a document may nest as deep as the JSON parser allows
        where, item = stack.pop()
        if isinstance(item, str):
            # Translators: %(where)s is where the text sits in the document, such as events.3.data.note.
            what = Said("the text at %(where)s", where=where) if where else Said("the text at the top")
            problem = text_problem(item, where or "body", what, advice)
            if problem is not None:
                yield problem
        elif isinstance(item, Mapping):
            for key, inner in reversed(list(item.items())):
                # Translators: %(name)s is a field's name in the document, in quotes.
                problem = text_problem(str(key), where or "body", Said("the field name %(name)s", name=repr(key)),
                                       advice)
                if problem is not None:
                    yield problem
                else:
                    stack.append((f"{where}.{key}" if where else str(key), inner))
        elif isinstance(item, list):
            stack.extend((f"{where}.{index}" if where else str(index), inner)
                         for index, inner in reversed(list(enumerate(item))))


def language_of(data: Mapping[str, Any], field: str = "language") -> str | None:
    """The language a match's board, a club's boards or a tournament's venue screen are to speak (``hr``,
    ``fr`` … as ``languages.LANGUAGES`` names them), from ``data[field]``; None when it is absent or null (each
    watching phone's own language). Anything else is refused, naming the field."""
    value = data.get(field)
    if value is None:
        return None
    if not isinstance(value, str) or value not in LANGUAGES:
        shown = repr(value) if isinstance(value, str | int | float | bool) and len(repr(value)) <= 40 else "this"
        raise Invalid(field, Said("%(value)s is not a language the app speaks: choose one of %(codes)s, or null "
                                  "for each phone's own", value=shown, codes=Listed(LANGUAGES, N_(", "))))
    return value
