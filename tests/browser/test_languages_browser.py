"""A phone switches language and keeps it: on a real browser at a phone's size, the start page in
English, the switch at its foot tapped to Croatian, then a whole match's pages (start, score sheet, hand form,
the hand's explanation, the board) in Croatian without asking again; the hand form photographed in Croatian,
French and Bulgarian. The words expected are read from the catalogs, not written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.support import Translations
from playwright.sync_api import Page, expect

from tests.support.browser import shot
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def words(language: str) -> Translations:
    return Translations.load(str(TRANSLATIONS), [language])


def html_lang(page: Page) -> str | None:
    return page.locator("html").get_attribute("lang")


def record_bate(page: Page) -> None:
    """From the sheet: the hand form, Mike takes and makes 52 against 110 (bate), saved."""
    page.locator('a.button.primary[href$="/hand"]').click()
    page.locator("#group-taker label").nth(0).click()
    page.locator('input[name="card_points-0"]').fill("42")
    page.locator('input[name="card_points-1"]').fill("110")
    page.locator("#group-last_trick label").nth(0).click()
    page.locator('form button[type="submit"]').last.click()


def test_a_phone_switches_to_croatian_and_keeps_it_across_a_match(page: Page, server: LiveServer) -> None:
    hr = words("hr")
    page.goto(server.url + "/")
    assert html_lang(page) == "en"
    page.locator("footer.languages").get_by_role("link", name="Hrvatski").click()
    expect(page.locator("html")).to_have_attribute("lang", "hr")
    expect(page.get_by_role("button", name=hr.gettext("Start the match"))).to_be_visible()
    page.locator('input[name="player_0"]').fill("Mike")
    page.locator('input[name="player_1"]').fill("Yvonne")
    page.get_by_role("button", name=hr.gettext("Start the match")).click()
    expect(page.get_by_role("heading", name=hr.gettext("Score sheet"))).to_be_visible()
    assert html_lang(page) == "hr"

    record_bate(page)
    expect(page.get_by_role("heading", name=hr.gettext("Score sheet"))).to_be_visible()
    sheet = page.locator("main").inner_text()
    assert "pad" in sheet and "bate" not in sheet  # the glossary's Croatian for a bate, said by the engine
    shot(page, "languages-sheet-hr")
    board = page.locator('a[href*="/board/"]').first.get_attribute("href")
    assert board

    page.locator('a.button.primary[href$="/hand"]').click()
    assert html_lang(page) == "hr"
    expect(page.locator('form button[type="submit"]').last).to_have_text(hr.gettext("Save hand"))
    shot(page, "languages-hand-form-hr")
    page.goto(board if board.startswith("http") else server.url + board)
    assert html_lang(page) == "hr"
    expect(page.get_by_role("heading", name=hr.gettext("Last hands"))).to_be_visible()

    # French, then Bulgarian, from the switch on the hand form: the same form, kept until switched again.
    for language, name in (("fr", "Français"), ("bg", "Български")):
        page.go_back()
        page.locator("footer.languages").get_by_role("link", name=name).click()
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator('form button[type="submit"]').last).to_have_text(words(language).gettext("Save hand"))
        # The longer words of a language never push the form wider than the phone.
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], language
        shot(page, f"languages-hand-form-{language}")
    page.goto(server.url + "/")
    assert html_lang(page) == "bg"


def test_no_language_pushes_a_page_wider_than_the_phone(page: Page, server: LiveServer) -> None:
    """The longest words (a four-handed game's title in Polish, "Fernsehansicht", the start page's links in
    Croatian) wrap inside the phone's width on every page a table uses, in every language."""
    from scorekeeper.languages import LANGUAGES
    from tests.support.servers import api_match

    made = api_match(server, "south-african", ["Ann", "Bob", "Cat", "Dan"])
    page.goto(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}")
    board = f"/board/{made['view_token']}"
    paths = ["/", f"/m/{made['id']}", f"/m/{made['id']}/hand", board, f"{board}/rules", "/clubs/new",
             "/tournaments/new", "/rules", "/referee/melds", "/matches"]
    wide: list[str] = []
    for language in LANGUAGES:
        page.goto(f"{server.url}/?lang={language}")
        for path in paths:
            page.goto(server.url + path)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > page.viewport_size["width"]:
                wide.append(f"{language} {path}: {width}px")
    assert not wide, wide
