"""Text from a request that is kept and shown again (a player's or a club's name, a note, a reason, an
idempotency key, an imported document's texts): one check, ``text_problem``, before anything is stored.

Two characters are refused. A NUL, which PostgreSQL's text cannot hold; and a lone surrogate (half of a
UTF-16 pair, such as ``"\\ud800"`` in JSON: an emoji cut in two), which JSON can carry but no page, sheet,
CSV or database can write out as UTF-8. Either would be stored and then break every page that shows it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..rules import Problem
from .errors import Invalid


def broken_character(value: str) -> str | None:
    """Words for the broken character ``value`` holds, or None when it is text that can be stored and shown."""
    if "\x00" in value:
        return "an invisible NUL character"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "half of an emoji or another character cut in two"
    return None


def text_problem(value: str, field: str, what: str, advice: str = "type it again") -> Problem | None:
    """The problem naming ``field`` when ``value`` (called ``what``, such as "the name") cannot be stored and
    shown; None when it can."""
    cause = broken_character(value)
    if cause is None:
        return None
    return Problem(field, f"{what} is not valid text: it holds a broken character ({cause}); {advice}")


def sound_text(value: str, field: str, what: str, advice: str = "type it again") -> str:
    """``value`` when it is text that can be stored and shown; else Invalid naming ``field``."""
    problem = text_problem(value, field, what, advice)
    if problem is not None:
        raise Invalid([problem])
    return value


def broken_texts(value: Any, field: str = "", advice: str = "export it again") -> Iterator[Problem]:
    """A problem for each text anywhere in a JSON value (object keys too) that cannot be stored and shown,
    named by where it sits (``events.3.data.note``: a list's position from 0; a broken field name by the
    object that holds it)."""
    stack: list[tuple[str, Any]] = [(field, value)]
    while stack:  # not recursive: a document may nest as deep as the JSON parser allows
        where, item = stack.pop()
        if isinstance(item, str):
            problem = text_problem(item, where or "body", f"the text at {where or 'the top'}", advice)
            if problem is not None:
                yield problem
        elif isinstance(item, Mapping):
            for key, inner in reversed(list(item.items())):
                problem = text_problem(str(key), where or "body", f"the field name {key!r}", advice)
                if problem is not None:
                    yield problem
                else:
                    stack.append((f"{where}.{key}" if where else str(key), inner))
        elif isinstance(item, list):
            stack.extend((f"{where}.{index}" if where else str(index), inner)
                         for index, inner in reversed(list(enumerate(item))))
