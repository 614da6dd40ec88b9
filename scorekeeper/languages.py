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
}
"""The languages the app speaks, each named in its own language (as the switch at every page's foot shows
them); English, the source language, first."""
