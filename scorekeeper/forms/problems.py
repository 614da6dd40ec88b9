"""Problems beside the fields: the one place a page's form errors are gathered, from WTForms' own validation
and from the services and the engine (each ``Problem`` names its field), with one sentence for an expired form.

A page shows its errors as a mapping of a field's name to its messages; ``FORM`` is the form's top. Modelled on
flaskbb's ``populate_errors()``: the views call ``show_problems`` and never copy a problem by hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from flask_babel import lazy_gettext as _l
from flask_wtf.i18n import translations as wtforms_translations

from ..i18n import said
from ..offline.hand_fields import NOT_A_CHOICE, WHOLE_NUMBER
from ..offline.problems import FORM, Fields, add_problems, form_field
from ..offline.problems import add as _add
from ..rules import Problem

__all__ = ["EXPIRED_FORM", "FORM", "TOO_LONG", "WTFORMS_WORDS", "Fields", "HasProblems", "form_field",
           "problems_text", "show_problems"]
EXPIRED_FORM = _l("This page was open too long: nothing was saved. Reload it and try again.")
"""What a form whose CSRF token no longer holds (a page left open, a lost cookie, another site) says, on every
page (a lazy text: said in the language of the request that shows it)."""
# Translators: beside a text that is too long (a player's name, a side's melds); %(max)d is the most characters
# it may have. (offline.hand_fields.TOO_LONG_MESSAGE is this message, for the phone's worker.)
TOO_LONG = _l("Field cannot be longer than %(max)d characters.")
"""What every form's Length says of a text over its limit (scorekeeper/rules/limits.py)."""
WTFORMS_WORDS = {"Not a valid integer value.": WHOLE_NUMBER, "Not a valid choice.": NOT_A_CHOICE}
"""WTForms' own messages (in English, or in the request's language when WTForms has a catalog for it) in the
table's words (the phone's worker says them of the same fields), said in the request's language."""


@runtime_checkable
class HasProblems(Protocol):
    """A ``services.ServiceError`` or a ``rules.RuleError``: anything carrying problems."""

    @property
    def problems(self) -> Iterable[Problem]:
        """Its problems (read-only here, so an error's own tuple of them fits)."""
        ...


def _problems_of(problems: HasProblems | Iterable[Problem]) -> Iterable[Problem]:
    """The problems an error carries, or the problems given as they are."""
    return problems.problems if isinstance(problems, HasProblems) else problems


def show_problems(form: Any, problems: HasProblems | Iterable[Problem] = (), fields: Fields = None, *,
                  groups: Iterable[str] = (), errors: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """The messages a page shows beside its form's fields, by field name: the form's own validation errors (an
    expired form says ``EXPIRED_FORM`` at the top), then each of ``problems`` (a service or engine error, or
    its problems) beside the field ``fields`` names for it. A problem about no field of ``form`` nor one of
    ``groups`` (a fieldset's name) goes to the top; with ``form`` None, every field is the page's. Adds to
    ``errors`` when given."""
    shown: dict[str, list[str]] = {} if errors is None else errors
    known: set[str] | None = None
    if form is not None:
        known = set(form._fields) | set(groups)
        for name, messages in form.errors.items():
            if name == "csrf_token":
                _add(shown, FORM, str(EXPIRED_FORM))
            elif name is None:  # WTForms' form-level errors
                for message in messages:
                    _add(shown, FORM, _table_words(message))
            else:
                for message in messages:
                    _add(shown, name, _table_words(message))
    return add_problems(shown, _problems_of(problems), known, said, fields)


def _table_words(message: object) -> str:
    """A WTForms message as the page says it: one of ``WTFORMS_WORDS`` in the table's words (whether WTForms
    said it in English or in its own catalog's language), any other as it is (our validators' messages are
    lazy texts, said here in the request's language)."""
    text = str(message)
    for english, ours in WTFORMS_WORDS.items():
        if text in (english, wtforms_translations.gettext(english)):
            return said(ours)
    return text


def problems_text(problems: HasProblems | Iterable[Problem]) -> str:
    """The problems as one line, for the top of a page that has no field for them (a button's write), in the
    request's language."""
    return " ".join(said(p.message) for p in _problems_of(problems))
