"""Where a problem is shown on a page's form: beside the field it names (``card_points.1`` is the field
``card_points-1``), at the top of a group of fields, or at the form's top. The server's ``forms.problems`` and the
phone's worker place problems with these, so both say the same thing in the same place."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..rules import Problem

FORM = "_form"
"""The key of the messages about the whole form, shown at its top."""

Fields = Mapping[str, str] | Callable[[str], str] | None
"""Where a problem's field is shown: a mapping (``"players.*"`` takes ``players`` and every field under it), a
function, or None; a field it does not name is the form field of the same path with ``-`` for ``.``."""

Say = Callable[[str], str]
"""Says a message in the page's language (the server's ``i18n.said``, the worker's catalog)."""


def form_field(problem_field: str, fields: Fields = None) -> str:
    """The form field a problem's field is shown beside (``card_points.1`` → ``card_points-1``)."""
    if callable(fields):
        return fields(problem_field)
    if fields:
        if problem_field in fields:
            return fields[problem_field]
        for key, name in fields.items():
            if key.endswith(".*") and (problem_field == key[:-2] or problem_field.startswith(key[:-1])):
                return name
    return problem_field.replace(".", "-")


def add(errors: dict[str, list[str]], name: str, message: str) -> None:
    """Add a message beside ``name``, once."""
    if message not in errors.get(name, ()):
        errors.setdefault(name, []).append(message)


def add_problems(errors: dict[str, list[str]], problems: Iterable[Problem], known: set[str] | None, say: Say,
                 fields: Fields = None) -> dict[str, list[str]]:
    """Each problem said beside the field ``fields`` names for it, or at the form's top when ``known`` (the
    form's fields and groups) lacks that field; with ``known`` None every field is the page's."""
    for problem in problems:
        name = form_field(problem.field, fields)
        add(errors, name if known is None or name in known else FORM, say(problem.message))
    return errors
