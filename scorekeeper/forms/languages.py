"""The choice of a board's or a venue screen's language, on the club and tournament forms (and the
start page): none (each phone's own), or one of the app's languages, each named in its own language."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import SelectField

from ..languages import LANGUAGES
from .choices import options


def screen_language_field(label: Any) -> SelectField:
    """A select of the languages, "each phone's own" first (the default). Any other value is left for the
    service to refuse, in its words, beside the field."""
    return SelectField(label, choices=options([("", _l("Each phone's own language")), *LANGUAGES.items()]),
                       default="", validate_choice=False)


def chosen_language(field: SelectField) -> str | None:
    """The language the field names; None for each phone's own."""
    return field.data or None
