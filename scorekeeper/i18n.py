"""The table's language: which of the app's languages the answer speaks, and the switch that remembers it.

A page speaks the language the phone chose with the switch (the ``lang`` cookie, set by any page's
``?lang=hr`` link), else the best of the phone's ``Accept-Language``, else English. The JSON API never reads
the cookie (its requests carry a token, not a phone's state): it answers in ``Accept-Language``, English
when none of them fits. The catalogs are ``scorekeeper/translations/<lang>/LC_MESSAGES/messages.po``,
compiled to ``.mo`` by ``make`` and by the wheel's build (setup.py); a catalog missing at run time leaves
that language in English, never an error.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any
from urllib.parse import urlencode

from flask import Flask, current_app, g, redirect, request
from flask_babel import Babel, format_date, format_decimal, get_locale, get_translations, gettext, refresh
from markupsafe import Markup
from werkzeug.wrappers import Response

from .languages import ARABIC_INDIC_DIGITS, LANGUAGES, direction
from .rules.words import placing, say
from .security import API_PREFIX

COOKIE = "lang"
SWITCH_ARGUMENT = "lang"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365
DIGITS_COOKIE = DIGITS_ARGUMENT = "digits"
DIGITS = ("latn", "arab")
"""How a page writes its digits: Western (0123, the default) or Arabic-Indic (٠١٢٣), in a language that has them."""
SWITCHES = {SWITCH_ARGUMENT: (COOKIE, LANGUAGES), DIGITS_ARGUMENT: (DIGITS_COOKIE, DIGITS)}
"""Each switch a page's link may carry (``?lang=hr``, ``?digits=arab``): the cookie it sets on the phone, and the
values it takes."""


def _from_headers() -> str:
    """The first of the phone's languages (in its order of preference) that the app speaks, by its primary tag:
    ``de-AT,en;q=0.5`` is German, ``fr-CA`` French; English when none is."""
    for value, _quality in request.accept_languages:
        code = value.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def select_locale() -> str:
    """The language of this answer: the phone's switch, else the language the page's match, club or
    tournament set for its board or venue screen (``speak_for_page``), else the phone's Accept-Language,
    else English."""
    if request.path.startswith(API_PREFIX):
        return _from_headers()
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    page = g.get("page_language")
    return page if page in LANGUAGES else _from_headers()


def speak_for_page(language: str | None) -> None:
    """This page is a board or a venue screen whose match, club or tournament set its language (a pub's TV):
    a phone that chose none with the switch reads it in that language. None changes nothing."""
    if language in LANGUAGES:
        g.page_language = language
        refresh()  # a message said before this (none should be) chose the language already


def _here() -> str:
    """This page's path (under the app's mount point), one leading slash."""
    return "/" + (request.script_root + request.path).lstrip("/")


def _switch() -> Response | None:
    """``?lang=hr`` (or ``?digits=arab``) on any page: remember the language (the digits) on the phone and show the
    same page without the argument (so the address shared or bookmarked afterwards carries no language). The
    cookie is ``Secure`` by the session cookie's rule: over HTTPS, or when SCOREKEEPER_PUBLIC_URL is https."""
    if (request.method != "GET" or not SWITCHES.keys() & request.args.keys() or request.path.startswith(API_PREFIX)
            or request.endpoint is None):  # only on a page that exists: never a redirect to "//elsewhere"
        return None
    rest = [(key, value) for key, value in request.args.items(multi=True) if key not in SWITCHES]
    answer = redirect(_here() + (f"?{urlencode(rest)}" if rest else ""), code=303)
    for argument, (cookie, values) in SWITCHES.items():
        chosen = request.args.get(argument, "")
        if chosen in values:
            answer.set_cookie(cookie, chosen, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True,
                              secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure)
    return answer


def _vary(response: Response) -> Response:
    """A page's words depend on the phone's language: caches must not hand a French page to a Croatian phone."""
    if request.endpoint == "static":
        return response
    if not request.path.startswith(API_PREFIX):
        response.vary.add("Cookie")
    response.vary.add("Accept-Language")
    return response


def current_language() -> str:
    """The code of the language this answer speaks (``<html lang>``): English when the chosen language's
    catalog is missing (never compiled), since the page is then in English."""
    code = str(get_locale() or "en")
    return code if code == "en" or getattr(get_translations(), "files", None) else "en"


def digits() -> str:
    """How this page writes its digits (``<html data-digits>``): ``arab`` when the phone chose Arabic-Indic digits
    and the page's language has them, else ``latn``. The page's text keeps ASCII digits either way; a font drawn
    for them (static/fonts/) shows them Arabic-Indic, so the server's pages, the phone's own drawing and what a
    script writes all change alike."""
    chosen = request.cookies.get(DIGITS_COOKIE)
    return "arab" if chosen == "arab" and current_language() in ARABIC_INDIC_DIGITS else "latn"


def digits_links() -> list[tuple[str, str, bool]]:
    """The digits switch at the foot of a page whose language has Arabic-Indic digits (none elsewhere):
    (its value, this page with ``?digits=value``, whether it is the page's)."""
    if current_language() not in ARABIC_INDIC_DIGITS:
        return []
    rest = [(key, value) for key, value in request.args.items(multi=True) if key not in SWITCHES]
    now = digits()
    return [(value, _here() + "?" + urlencode([*rest, (DIGITS_ARGUMENT, value)]), value == now) for value in DIGITS]


def text_direction() -> str:
    """The direction this answer's language is written in (``<html dir>``): ``rtl`` for Arabic, else ``ltr``."""
    return direction(current_language())


def language_links() -> list[tuple[str, str, str]]:
    """The switch at every page's foot: (code, name in its own language, this page with ``?lang=code``)."""
    rest = [(key, value) for key, value in request.args.items(multi=True) if key not in SWITCHES]
    return [(code, name, _here() + "?" + urlencode([*rest, (SWITCH_ARGUMENT, code)]))
            for code, name in LANGUAGES.items()]


def number(value: Any) -> str:
    """A number as the page writes it: a whole number (points, a count) in plain digits in every language, as
    a score sheet writes it (Bela is played to 1001, never "1.001" or "1,001"), so a total, a sentence of the
    engine and the API always agree; any other number (an average, a percentage) in the language's own format
    (``12,5`` in Croatian). The templates' ``decimalformat`` filter is this."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return str(format_decimal(value))


def day(value: Any) -> str:
    """A day as the page's language writes it ("Nov 26, 2026", "26. stu 2026.", "26.11.2026": the language's
    calendar words are CLDR's, through Babel), never as the ISO text it is stored in, in a ``<time>`` that keeps
    the ISO day for machines; anything that is not a day is written as it is. The templates' ``day`` filter."""
    try:
        parsed = date.fromisoformat(str(value)[:10])
    except ValueError:
        return str(value)
    return Markup('<time class="day" datetime="{}">{}</time>').format(parsed.isoformat(),
                                                                      format_date(parsed, "medium"))


def moment(value: Any) -> str:
    """A moment of the audit log (stored in UTC, ISO) as the page's language writes its day, and the time on a
    24-hour clock, as a score sheet notes it: "Nov 26, 2026 21:14". The templates' ``moment`` filter."""
    try:
        parsed = datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)
    return Markup("{} {}").format(day(parsed.date().isoformat()), f"{parsed:%H:%M}")


def said(text: str) -> str:
    """What the engine said (a hand's explanation, a house rule, a problem with an input) in this answer's
    language: its message looked up in the catalog, its numbers in the language's format, each of its fields (a
    name, a number, a game's title) kept apart in a language written right to left (``words.isolated``); plain
    text (a player's name) as it is."""
    return say(text, gettext, number, placing(current_language()))


def speaking() -> tuple[str, Callable[[str], str] | None]:
    """This answer's language, and what says the engine's words in it (None in English, whose words the
    engine's cached text already holds): what ``services.board_text`` takes."""
    language = current_language()
    return language, (None if language == "en" else said)


def init_app(app: Flask) -> None:
    """Flask-Babel with the language chosen as above, the ``?lang=`` switch, and the template helpers."""
    # A Babel of its own per app: Flask-Babel keeps the loaded catalogs on it, so two apps in one process (the
    # tests) never share them.
    Babel(app, locale_selector=select_locale, default_locale="en")
    app.before_request(_switch)
    app.after_request(_vary)
    app.jinja_env.globals["language_links"] = language_links
    app.jinja_env.globals["current_language"] = current_language
    app.jinja_env.globals["text_direction"] = text_direction
    app.jinja_env.globals["digits"] = digits
    app.jinja_env.globals["digits_links"] = digits_links
    app.jinja_env.globals["language_direction"] = direction
    app.jinja_env.filters["say"] = said
    app.jinja_env.filters["decimalformat"] = number  # Flask-Babel's, for whole numbers written as digits
    app.jinja_env.filters["day"] = day
    app.jinja_env.filters["moment"] = moment
