"""The server's pages as the phone draws them with no signal: the server's own templates, rendered by Jinja2 in the
phone's Pyodide with what Flask gives them on the server, so the phone's sheet is the server's sheet and cannot
drift from it.

``views/engine.py`` packs the templates of ``TEMPLATES`` with the engine (and Jinja2 and MarkupSafe, the pure-Python
libraries that render them), and the catalogs it sends carry their messages. What Flask and its extensions add to
a template's world is given here the same way:

- ``_``/``gettext``/``ngettext``/``pgettext``: Jinja2's i18n extension over the language's catalog, installed
  exactly as Flask-Babel installs its own (``newstyle``: a message's fields filled and escaped by Jinja2);
- the ``say`` filter (a ``Said`` in the page's language) and ``decimalformat`` (a whole number in plain digits, as
  ``i18n.number`` writes it), ``chalk_z`` (the Jass chalk board), ``sheet_words``, ``suit_signs``, ``limits``, and
  the kinds a page compares with (``KINDS``: ``Claims``, ``Success``, ``Result``…);
- ``url_for``: the app's own address patterns (``Addresses``), which the page gives;
- ``csrf_token``: empty, since nothing the phone draws is posted to the server (its forms go to the outbox);
  ``use_script``: nothing (the phone's sheet page loads its own scripts).

Only the standard library, the engine, Jinja2 and MarkupSafe: it runs in Pyodide on the phone.
"""

from __future__ import annotations

import gettext as gettext_module
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlencode

from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup

from ..rules import KINDS, SUIT_SIGNS, limits
from ..rules.words import Place, placing, say
from . import sheet_words
from .chalk import chalk_z_svg

SHEET = "scorer/_sheet_live.html"
"""The sheet's changing part: the server's live sheet, and the whole of the phone's sheet but its outbox."""
OUTBOX_QUESTION = "offline/_outbox_question.html"
"""The outbox's question: the server's two-phones question (``scorer/_conflict.html``) for this phone's changes."""
TEMPLATES = ("scorer/_sheet_live.html", "_macros/score.html", "_macros/forms.html", "_macros/share.html",
             OUTBOX_QUESTION, "scorer/_conflict.html")
"""The templates the phone draws with, and those they import (views/engine.py packs them)."""
ENDPOINTS = ("scorer.sheet", "scorer.new_hand", "scorer.edit_hand", "scorer.claim", "scorer.undo_confirm",
             "scorer.undo", "scorer.void", "scorer.restore", "scorer.dispute", "scorer.resolve",
             "scorer.thrown_in_confirm", "scorer.thrown_in", "scorer.belot_confirm", "scorer.belot",
             "scorer.play_again",
             "scorer.again", "board.board", "board.again")
"""The pages the sheet links to and posts to: the patterns ``Addresses`` is given (views/offline.py)."""

_FIELD = re.compile(r"\{(\w+)\}")


class Addresses:
    """``url_for`` as a template calls it, over the app's address patterns (``{"scorer.void":
    "/m/{match_id}/hand/{number}/void"}``): the pattern's fields filled (quoted as a path segment), any other
    argument but None in the query, in the order given, ``_anchor`` after ``#``."""

    def __init__(self, patterns: Mapping[str, str]) -> None:
        self.patterns = dict(patterns)

    def __call__(self, endpoint: str, /, _anchor: str | None = None, **values: Any) -> str:
        pattern = self.patterns[endpoint]
        names = set(_FIELD.findall(pattern))
        address = _FIELD.sub(lambda found: quote(str(values[found.group(1)]), safe=""), pattern)
        rest = [(name, value) for name, value in values.items() if name not in names and value is not None]
        if rest:
            address += "?" + urlencode([(name, str(value)) for name, value in rest])
        if _anchor:
            address += "#" + quote(_anchor)
        return address


def whole_number(value: Any) -> str:
    """``decimalformat`` as the server has it for what a sheet shows: a whole number in plain digits in every
    language (``i18n.number``: Bela is played to 1001, never "1.001")."""
    return str(value)


class Drawing:
    """One Jinja2 environment over the packed templates, kept for the tab's life (its compiled templates too):
    each ``render`` speaks the language it is given."""

    def __init__(self, folder: str) -> None:
        self.translations: gettext_module.NullTranslations = gettext_module.NullTranslations()
        self.place: Place = placing("en")
        self.environment = Environment(loader=FileSystemLoader(folder), autoescape=True, auto_reload=False,
                                       extensions=["jinja2.ext.i18n"])
        self.environment.install_gettext_callables(  # type: ignore[attr-defined]
            gettext=lambda message: self.translations.gettext(message),
            ngettext=lambda one, many, count: self.translations.ngettext(one, many, count),
            newstyle=True,
            pgettext=lambda context, message: self.translations.pgettext(context, message),
            npgettext=lambda context, one, many, count: self.translations.npgettext(context, one, many, count),
        )
        self.environment.filters.update(say=self.say, decimalformat=whole_number)
        # Globals, as Flask's are: the macros a template imports see them too (not the render's context).
        self.addresses = Addresses({})
        self.environment.globals.update(sheet_words=sheet_words, suit_signs=SUIT_SIGNS, limits=limits,
                                        chalk_z=self.chalk_z, csrf_token=lambda: "", url_for=self.url_for,
                                        use_script=lambda name: "", **KINDS)

    def gettext(self, message: str, **fields: Any) -> str:
        """Flask-Babel's ``gettext``: the message in the page's language, its fields filled."""
        said = self.translations.gettext(message)
        return said % fields if fields else said

    def say(self, text: Any) -> str:
        """The ``say`` filter: a ``Said`` in the page's language (plain text as it is)."""
        return say(text, self.translations.gettext, whole_number, self.place)

    def chalk_z(self, total: int, side: str) -> Markup:
        return chalk_z_svg(total, side, self.gettext)

    def url_for(self, endpoint: str, /, **values: Any) -> str:
        return self.addresses(endpoint, **values)

    def render(self, template: str, context: Mapping[str, Any], translations: gettext_module.NullTranslations,
               addresses: Mapping[str, str], language: str = "en") -> str:
        """``template`` drawn with ``context`` in ``language`` (the words of ``translations``, each field of a
        sentence placed as the server places it in that language), its links from ``addresses``."""
        self.translations = translations
        self.place = placing(language)
        self.addresses = Addresses(addresses)
        return self.environment.get_template(template).render(**context)

