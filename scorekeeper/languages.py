"""The languages the app speaks: the pages' switch (``i18n``), the services that store a board's language and the
forms that offer it all read this one table. Which of them run right to left is the engine's fact
(``rules.words.RIGHT_TO_LEFT``: its sentences keep each field apart in them, on the server and on the phone
alike)."""

from __future__ import annotations

from .rules.words import RIGHT_TO_LEFT

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


ARABIC_INDIC_DIGITS = frozenset({"ar"})
"""The languages whose tables may write their digits the Arabic-Indic way (٠١٢٣): their pages offer the choice,
remembered on the phone; Western digits (0123) by default, as the calculators a Baloot table scores on show them."""


def direction(code: str) -> str:
    """``rtl`` or ``ltr``: the direction a language's text runs in, as ``<html dir>`` says it (a right-to-left
    page's layout, drawn with the stylesheets' logical properties, mirrors)."""
    return "rtl" if code in RIGHT_TO_LEFT else "ltr"
