"""The languages the app speaks, with no dependency: the pages' switch (``i18n``), the services that
store a board's language and the forms that offer it all read this one table."""

from __future__ import annotations

LANGUAGES = {
    "en": "English",
    "hr": "Hrvatski",
    "bg": "Български",
    "fr": "Français",
    "de": "Deutsch",
    "nl": "Nederlands",
    "pl": "Polski",
    "uk": "Українська",
    "ar": "العربية",
}
"""The languages the app speaks, each named in its own language (as the switch at every page's foot shows
them); English, the source language, first."""

RIGHT_TO_LEFT = frozenset({"ar"})
"""The languages written from right to left: their pages say ``dir="rtl"``, and the layout, drawn with the
stylesheets' logical properties (``padding-inline-start``, ``text-align: start``), mirrors."""


def direction(code: str) -> str:
    """``rtl`` or ``ltr``: the direction a language's text runs in, as ``<html dir>`` says it."""
    return "rtl" if code in RIGHT_TO_LEFT else "ltr"
