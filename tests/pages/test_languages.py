"""The board in every language: complete catalogs, a pseudo-language that leaves no
English on the board, the language chosen from the phone and remembered by the switch, and each language's own
word for a bate and a valat."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.i18n import LANGUAGES, number, select_locale
from tests.support.api import API, Made, create
from tests.support.api import record as record_hand
from tests.support.app import migrated_app
from tests.support.languages import TRANSLATIONS, english_left, extracted, pseudo_app
from tests.support.pages import Element, parse_page

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
BATE = {"taker": 0, "card_points": [42, 110], "last_trick": 0}
"""Bela: Mike takes, 52 against 110 with the last trick to Mike: bate."""
VALAT = {"taker": 0, "card_points": [152, 0], "last_trick": 0}
"""Bela: Mike takes every trick: a valat."""
WORDS = {  # docs/glossary.md: the word the board says for a bate hand, and for a valat
    "en": ("is bate", "valat"), "hr": ("pad", "štiglja"), "bg": ("вътре", "валат"), "fr": ("dedans", "capot"),
    "de": ("bete", "Durchmarsch"), "nl": ("nat", "pit"), "pl": ("wpadka", "szlem"),
    "uk": ("бейт", "валат"), "ar": ("خسران", "كبوت"),
}


def placeholders(text: str | tuple[str, ...]) -> set[str]:
    return {p for part in ((text,) if isinstance(text, str) else text) for p in PLACEHOLDER.findall(part or "")}


def test_the_catalogs_are_complete() -> None:
    """Every message of the board's sources is in every language's catalog, translated (no empty or fuzzy entry),
    with its placeholders; the catalogs hold nothing the sources no longer say."""
    source = extracted()
    ids = {message.id for message in source if message.id}
    assert len(ids) > 90
    for language in LANGUAGES.keys() - {"en"}:
        with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as handle:
            catalog = read_po(handle, locale=language)
        problems: list[str] = []
        for message in source:
            if not message.id:
                continue
            entry = catalog.get(message.id, message.context)
            strings = entry.string if entry is not None else None
            if entry is None:
                problems.append(f"missing: {message.id!r}")
            elif entry.fuzzy:
                problems.append(f"fuzzy: {message.id!r}")
            elif not strings or (isinstance(strings, tuple) and (len(strings) != catalog.num_plurals
                                                                 or not all(strings))):
                problems.append(f"untranslated: {message.id!r}")
            elif placeholders(strings) != placeholders(message.id):
                problems.append(f"placeholders differ: {message.id!r} → {strings!r}")
        problems += [f"not in the sources: {m.id!r}" for m in catalog if m.id and m.id not in ids]
        assert not problems, f"{language}: " + "; ".join(problems)


def made(client: FlaskClient, players: list[str], variant: str = "bela", **rules: Any) -> Made:
    return create(client, variant, players, rules=rules)


def record(client: FlaskClient, match: Made, hand: dict[str, Any]) -> str:
    return str(record_hand(client, match, hand)["result"])

def played(client: FlaskClient) -> Made:
    """A Bela match (a valat worth 90, as many tables play it) with a bate hand, a valat and a hand thrown in."""
    match = made(client, ["Mike", "Yvonne"], valat=90)
    assert record(client, match, BATE) == "bate"
    record(client, match, VALAT)
    record(client, match, {"thrown_in": True})
    return match


def page(client: FlaskClient, path: str, **headers: str) -> Element:
    answer = client.get(path, headers=headers)
    assert answer.status_code == 200, answer.status
    return parse_page(answer.get_data(as_text=True))


def html_lang(tree: Element) -> str:
    return next(node for node in tree.walk() if node.tag == "html").attrs["lang"]


def test_the_board_in_a_pseudo_language_has_no_english_left(database_url: str, tmp_path: Path) -> None:
    """Every message of the sources made "⟦…⟧" (a pseudo catalog built from them, served as Croatian): the
    board of a real match, its explanations and house rules included, shows no English word outside ⟦ ⟧
    but the players' names and the game's name."""
    with pseudo_app(database_url, tmp_path) as app:
        client = app.test_client()
        match = played(client)
        answer = client.get(f"/board/{match.view_token}", headers={"Accept-Language": "hr"})
    html = answer.get_data(as_text=True)
    assert "⟦Last hands⟧" in html and "⟦valat⟧" in html, html
    assert english_left(html, allowed=("Mike", "Yvonne", "Bela")) == []


@pytest.mark.parametrize(("header", "language", "heading"), [
    ("hr", "hr", "Zadnje ruke"),
    ("fr-CA,fr;q=0.9", "fr", "Dernières donnes"),
    ("xx", "en", "Last hands"),
    ("de-AT,en;q=0.5", "de", "Letzte Spiele"),
])
def test_the_board_speaks_the_phones_language(client: FlaskClient, header: str, language: str,
                                              heading: str) -> None:
    match = played(client)
    tree = page(client, f"/board/{match.view_token}", **{"Accept-Language": header})
    assert html_lang(tree) == language
    assert heading in [node.text() for node in tree.walk() if node.tag == "h2"]


def test_arabic_pages_run_right_to_left_and_the_others_left_to_right(client: FlaskClient) -> None:
    """An Arabic page says ``dir="rtl"`` (its layout mirrors: the stylesheets use logical properties), every other
    language's ``ltr``; in the switch each language's name runs its own way, whatever the page's."""
    match = played(client)
    for language, way in (("ar", "rtl"), ("en", "ltr"), ("fr", "ltr")):
        for path in (f"/board/{match.view_token}", "/"):
            tree = page(client, path, **{"Accept-Language": language})
            root = next(node for node in tree.walk() if node.tag == "html")
            assert (root.attrs["lang"], root.attrs["dir"]) == (language, way), path
            switch = next(n for n in tree.walk() if n.tag == "footer" and "languages" in n.classes())
            ways = {a.attrs["lang"]: a.attrs["dir"] for a in switch.walk() if a.tag == "a" and "lang" in a.attrs}
            assert ways == {code: "rtl" if code == "ar" else "ltr" for code in LANGUAGES}


PHYSICAL = re.compile(r"(?<![\w-])(?:(?:padding|margin|border)-(?:left|right)|left|right)\s*:|"
                      r"(?:text-align|float|clear)\s*:\s*(?:left|right)\b")
"""A stylesheet declaration that places by the left or the right, which a right-to-left page would not mirror."""


def test_the_stylesheets_place_by_start_and_end_so_arabic_mirrors() -> None:
    """Every stylesheet says where a thing goes by the start and the end of a line (``padding-inline-start``,
    ``text-align: start``, ``inset-inline-end``), never by the left or the right, so an Arabic page mirrors."""
    static = Path(__file__).resolve().parents[2] / "static" / "css"
    found = [f"{sheet.name}:{number}: {line.strip()}" for sheet in sorted(static.glob("*.css"))
             for number, line in enumerate(sheet.read_text(encoding="utf-8").splitlines(), 1)
             if PHYSICAL.search(re.sub(r"/\*.*?\*/", "", line))]
    assert not found, "placed by left or right: " + "; ".join(found)


def test_an_arabic_explanation_keeps_each_name_apart_and_the_others_do_not_need_to(client: FlaskClient) -> None:
    """In a sentence written right to left, a name in Latin letters would pull the colon and the points after it
    into its own left-to-right run ("Mike: 90" read backwards); the Arabic board writes each name (and each
    number and part of a sentence) between the isolates FSI and PDI, which no other language needs or shows."""
    match = played(client)
    arabic = page(client, f"/board/{match.view_token}", **{"Accept-Language": "ar"}).text()
    assert "\u2068Mike\u2069" in arabic and "\u2068Yvonne\u2069" in arabic
    for language in LANGUAGES.keys() - {"ar"}:
        other = page(client, f"/board/{match.view_token}", **{"Accept-Language": language}).text()
        assert "Mike" in other and "\u2068" not in other, language


def test_an_arabic_table_may_write_its_digits_the_arabic_indic_way(client: FlaskClient) -> None:
    """An Arabic page offers Western (123, the default) or Arabic-Indic digits (١٢٣) beside the languages; the choice
    is remembered on the phone and marks the page (``data-digits="arab"``) for the digits' font, while the page's
    text keeps ASCII digits (a total is still "162"). No other language offers it, and an English page of the same
    phone is not marked."""
    match = played(client)
    board = f"/board/{match.view_token}"

    def digits_switch(tree: Element) -> dict[str, tuple[str, bool]]:
        nav = [n for n in tree.walk() if n.tag == "nav" and "digits-switch" in n.classes()]
        return {a.text(): (a.attrs["href"], "aria-current" in a.attrs) for n in nav for a in n.walk() if a.tag == "a"}

    arabic = page(client, board, **{"Accept-Language": "ar"})
    root = next(n for n in arabic.walk() if n.tag == "html")
    assert "data-digits" not in root.attrs
    assert digits_switch(arabic) == {"123": (f"{board}?digits=latn", True), "١٢٣": (f"{board}?digits=arab", False)}
    for language in LANGUAGES.keys() - {"ar"}:
        assert digits_switch(page(client, board, **{"Accept-Language": language})) == {}, language

    answer = client.get(f"{board}?digits=arab", headers={"Accept-Language": "ar"})
    assert answer.status_code == 303 and answer.headers["Location"] == board
    assert answer.headers["Set-Cookie"].startswith("digits=arab;")
    chosen = page(client, board, **{"Accept-Language": "ar"})
    assert next(n for n in chosen.walk() if n.tag == "html").attrs["data-digits"] == "arab"
    assert digits_switch(chosen)["١٢٣"] == (f"{board}?digits=arab", True)
    assert "162" in chosen.text()
    english = page(client, board, **{"Accept-Language": "en"})
    assert "data-digits" not in next(n for n in english.walk() if n.tag == "html").attrs
    assert client.get(f"{board}?digits=roman").headers.get("Set-Cookie", "").find("digits=") == -1


def test_the_switch_is_remembered_on_the_phone(client: FlaskClient) -> None:
    first, second = played(client), made(client, ["Ana", "Ivo"])
    board = f"/board/{first.view_token}"
    english = page(client, board, **{"Accept-Language": "en"})
    switch = next(n for n in english.walk() if n.tag == "footer" and "languages" in n.classes())
    links = {a.text(): a.attrs["href"] for a in switch.walk() if a.tag == "a"}
    assert list(links) == ["English", "Hrvatski", "Български", "Français", "Deutsch", "Nederlands", "Polski",
                           "Українська", "العربية"]
    assert links["Български"] == f"{board}?lang=bg"

    answer = client.get(links["Български"], headers={"Accept-Language": "en"})
    assert answer.status_code == 303 and answer.headers["Location"] == board
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("lang=bg;") and "SameSite=Lax" in cookie and "Max-Age=31536000" in cookie
    assert "Secure" not in cookie
    # Later pages stay Bulgarian, whatever the phone's header says, until the switch says otherwise.
    other = page(client, f"/board/{second.view_token}", **{"Accept-Language": "en"})
    assert html_lang(other) == "bg" and "Последни раздавания" in other.text()
    assert html_lang(page(client, "/", **{"Accept-Language": "en"})) == "bg"
    tv = client.get(f"{board}?tv=1&lang=fr")
    assert tv.status_code == 303 and tv.headers["Location"] == f"{board}?tv=1"
    assert html_lang(page(client, board)) == "fr"
    client.get(f"{board}?lang=en")
    assert html_lang(page(client, board, **{"Accept-Language": "hr"})) == "en"
    # An unknown language changes nothing, and is dropped from the address.
    unknown = client.get(f"{board}?lang=xx")
    assert unknown.status_code == 303 and "Set-Cookie" not in unknown.headers
    assert html_lang(page(client, board)) == "en"
    # Never a redirect off the site, whatever the path.
    away = client.get("/", environ_overrides={"PATH_INFO": "//elsewhere.example/", "QUERY_STRING": "lang=hr"})
    assert not away.headers.get("Location", "").startswith("//"), away.headers.get("Location")


def test_the_switch_cookie_is_secure_over_https(client: FlaskClient) -> None:
    answer = client.get("/?lang=hr", base_url="https://localhost")
    assert "Secure" in answer.headers["Set-Cookie"]


def test_the_api_takes_accept_language_and_never_the_cookie(app: Flask) -> None:
    """The API's locale follows Accept-Language (English for languages it does not speak); its texts are still
    English in this slice."""
    for header, expected in (("hr", "hr"), ("fr-CA,fr;q=0.9", "fr"), ("xx", "en"), ("", "en")):
        with app.test_request_context(f"{API}/matches", headers={"Accept-Language": header, "Cookie": "lang=pl"}):
            assert select_locale() == expected
    with app.test_request_context("/", headers={"Accept-Language": "hr", "Cookie": "lang=pl"}):
        assert select_locale() == "pl"


def test_each_language_has_its_words_for_bate_and_valat() -> None:
    assert WORDS.keys() == LANGUAGES.keys()


@pytest.mark.parametrize("language", list(WORDS))
def test_the_board_says_each_languages_word_for_bate_and_valat(client: FlaskClient, language: str) -> None:
    match = played(client)
    tree = page(client, f"/board/{match.view_token}", **{"Accept-Language": language})
    hands = [n.text() for n in tree.walk() if n.tag == "li" and n.parent is not None and "last" in n.parent.classes()]
    bate, valat = WORDS[language]
    assert bate in hands[-1].split("·")[0], hands
    assert valat in hands[-2].split("·")[0], hands


def test_numbers_and_times_in_the_languages_own_format(app: Flask, client: FlaskClient) -> None:
    """Points are digits in every language, as a score sheet writes them (Bela is played to 1001, never
    "1 001" or "1.001"), so the board's totals, the engine's sentences and the API agree; a number with a
    fraction (an average) and the time are written the language's way."""
    match = made(client, ["Mike", "Yvonne"], target=1001)
    french = page(client, f"/board/{match.view_token}", **{"Accept-Language": "fr"})
    needs = [n.raw_text().strip() for n in french.walk() if "need" in n.classes()]
    assert needs[1] == "manque 1001"
    status = next(n for n in french.walk() if n.attrs.get("id") == "live-status").text()
    assert re.fullmatch(r"Chiffres à \d\d:\d\d:\d\d UTC\.", status), status
    rules = page(client, "/rules/clobby", **{"Accept-Language": "hr"}).text()
    assert "1001" in rules and "1.001" not in rules
    for language, average in (("en", "12.5"), ("hr", "12,5"), ("fr", "12,5"), ("de", "12,5"), ("bg", "12,5"),
                             ("uk", "12,5")):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            assert number(12.5) == average and number(1001) == "1001"


def test_a_missing_catalog_leaves_english(database_url: str, tmp_path: Path) -> None:
    """No compiled catalog where the app looks (a checkout never compiled): every language is served in English."""
    (tmp_path / "empty").mkdir()
    with migrated_app(database_url, tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(tmp_path / "empty")) as app:
        client = app.test_client()
        match = played(client)
        tree = page(client, f"/board/{match.view_token}", **{"Accept-Language": "hr"})
    assert html_lang(tree) == "en" and "Last hands" in tree.text() and "Mike is bate" in tree.text()
