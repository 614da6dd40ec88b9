"""Arabic runs right to left, at 390×844: the page says ``dir="rtl"``, and what a table reads from the right comes
first on the right. The sheet's and the board's first side stands right of the second, a choice's legend right of
its options, a hand's row reads from the right, and nothing pushes the page wider than the phone (or the TV the
board is shown on). A hand recorded
through the Arabic form is scored by the engine: the totals the page shows are the server's."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import PHONE, shot
from tests.support.servers import LiveServer, api_match, match_state

pytestmark = pytest.mark.browser

FAHD, SALMAN = "فهد", "سلمان"
"""A Riyadh table's two players, written as the table writes them."""

LAYOUT = """() => {
  const box = (el) => el.getBoundingClientRect();
  const totals = [...document.querySelectorAll(".scoreboard [data-total]")].map((el) => box(el).left);
  // A choice whose legend stands beside its options (not above them, as a long row of contracts has it).
  const choices = [...document.querySelectorAll(".choices")].map((set) => {
    const legend = set.querySelector(":scope > legend"), options = set.querySelector(".options");
    return legend && options && getComputedStyle(legend).float !== "none"
      ? {id: set.id, legend: box(legend).left, options: box(options).right} : null;
  }).filter(Boolean);
  return {
    dir: document.documentElement.dir,
    direction: getComputedStyle(document.body).direction,
    totals: totals,
    choices: choices,
    wide: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  };
}"""


SIGN_FIRST = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  // Where the sign ("+") and the first digit of a signed number stand on the screen.
  const text = el.firstChild, at = (i) => {
    const range = document.createRange();
    range.setStart(text, i); range.setEnd(text, i + 1);
    return range.getBoundingClientRect().left;
  };
  return {text: el.textContent, sign: at(0), digit: at(1)};
})"""


def layout(page: Page) -> dict[str, Any]:
    return page.evaluate(LAYOUT)


def read_right_to_left(page: Page) -> dict[str, Any]:
    """The page runs right to left, fits the phone's width, and its first side's total stands right of the
    second's. Measured once the page's stylesheet is in (a loaded phone lays a page out before it arrives)."""
    page.wait_for_load_state("load")
    found = layout(page)
    assert (found["dir"], found["direction"]) == ("rtl", "rtl")
    assert found["wide"] <= found["screen"], f"the page is {found['wide']} px wide on a {found['screen']} px phone"
    first, second = found["totals"][:2]
    assert first > second, "the first side's total should stand on the right"
    return found


def test_an_arabic_table_records_a_hand_right_to_left(page: Page, server: LiveServer) -> None:
    page.set_viewport_size(PHONE)
    made = api_match(server, "bela", [FAHD, SALMAN], ({"taker": 0, "card_points": [42, 110], "last_trick": 0},))
    page.goto(f"{server.url}/?lang=ar")  # the switch at the foot of every page, remembered on the phone
    page.goto(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}")
    expect(page.locator(".scoreboard [data-total='1']")).to_have_text("162")
    read_right_to_left(page)
    shot(page, "rtl-sheet-ar")

    page.wait_for_load_state("domcontentloaded")
    page.locator(f"a[href$='/m/{made['id']}/hand']").first.click()
    expect(page.locator("#hand-form")).to_be_visible()
    form = read_right_to_left(page)
    assert form["choices"], "the hand form shows its choices"
    for choice in form["choices"]:
        assert choice["legend"] >= choice["options"] - 1, f"{choice['id']}: its legend is not right of its options"
    page.locator("#group-taker").get_by_text(FAHD, exact=True).click()
    page.locator("#card_points-0").fill("80")
    page.locator("#card_points-1").fill("72")
    page.locator("#group-last_trick").get_by_text(FAHD, exact=True).click()
    shot(page, "rtl-hand-form-ar")
    page.locator("#save-button").click()

    expect(page.locator("#hand-2")).to_be_visible()
    state = match_state(server, made["id"], made["edit_token"])
    shown = [t.strip() for t in page.locator(".scoreboard [data-total]").all_inner_texts()]
    assert shown == [str(total) for total in state["totals"]], "the page shows the server's totals"
    read_right_to_left(page)
    row = page.locator("#hand-2")
    row.locator("summary").click()
    assert re.search("[\u0600-\u06ff]", row.inner_text()), "the hand is explained in Arabic"
    shot(page, "rtl-sheet-after-ar")

    page.goto(f"{server.url}/board/{made['view_token']}")
    read_right_to_left(page)
    signed = page.evaluate(SIGN_FIRST, ".last bdi[dir=ltr]")
    assert signed and all(n["text"].startswith("+") and n["sign"] < n["digit"] for n in signed), signed
    shot(page, "rtl-board-ar")
    # The board on the majlis's TV: the same order, from the right.
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{server.url}/board/{made['view_token']}?tv=1")
    read_right_to_left(page)
    shot(page, "rtl-board-tv-ar")


WHERE = """([selector, words]) => {
  // Where each word first stands (its left edge) in the first element of ``selector`` that holds them all.
  for (const el of document.querySelectorAll(selector)) {
    const text = el.firstChild && el.firstChild.nodeType === Node.TEXT_NODE ? el.firstChild : null;
    if (!text || !words.every((w) => text.textContent.includes(w))) continue;
    return words.map((w) => {
      const range = document.createRange(), at = text.textContent.indexOf(w);
      range.setStart(text, at); range.setEnd(text, at + w.length);
      return range.getBoundingClientRect().left;
    });
  }
  return null;
}"""


def test_an_arabic_explanation_with_latin_names_reads_from_the_right(page: Page, server: LiveServer) -> None:
    """A table that writes its names in Latin letters on an Arabic page: the explanation "المشتري Mike: 90 مقابل 62"
    (the taker Mike: 90 against 62) stands word after word from the right, the name's colon and points in their
    place (without each field kept apart, "Mike: 90" runs left to right as one piece, its points before the
    name)."""
    page.set_viewport_size(PHONE)
    made = api_match(server, "bela", ["Mike", "Yvonne"], ({"taker": 0, "card_points": [80, 62], "last_trick": 0},))
    page.goto(f"{server.url}/?lang=ar")
    page.goto(f"{server.url}/board/{made['view_token']}")
    words = ["المشتري", "Mike", "90", "مقابل", "62"]
    at = page.evaluate(WHERE, [".last .explanation", words])
    assert at is not None, "the board explains the hand"
    assert at == sorted(at, reverse=True), dict(zip(words, at, strict=True))


BOLD_LOADED = """() => [...document.fonts].some((f) => f.family.replace(/"/g, "") === "scorekeeper digits"
  && f.weight === "700" && f.status === "loaded")"""
"""Whether the page has loaded the digits' bold face: asked again until it has, as a face starts to load only once a
laid-out total uses it (``document.fonts.ready`` may come before that, with nothing loading yet)."""


def test_a_table_that_chose_arabic_indic_digits_sees_them(page: Page, server: LiveServer) -> None:
    """The digits switch at the foot of an Arabic page: after "١٢٣" the sheet's totals are drawn with the digits'
    font (the bold face of a total loaded, the total's picture changed), while its text stays "162" for everything
    that reads it; "123" takes the page back to the page's own font."""
    page.set_viewport_size(PHONE)
    made = api_match(server, "bela", [FAHD, SALMAN], ({"taker": 0, "card_points": [42, 110], "last_trick": 0},))
    page.goto(f"{server.url}/?lang=ar")
    page.goto(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}")
    total = page.locator(".scoreboard [data-total='1']")
    expect(total).to_have_text("162")
    western = total.screenshot()
    page.locator(".digits-switch").get_by_role("link", name="١٢٣").click()
    expect(page.locator("html[data-digits='arab']")).to_have_count(1)
    expect(total).to_have_text("162")
    page.wait_for_function(BOLD_LOADED)  # the digits' bold face loaded (a timeout fails the test)
    assert total.screenshot() != western, "the total is drawn with Arabic-Indic digits"
    shot(page, "rtl-sheet-arabic-indic-digits-ar")
    page.locator(".digits-switch").get_by_role("link", name="123").click()
    expect(page.locator("html[data-digits]")).to_have_count(0)
    family = total.evaluate("(el) => getComputedStyle(el).fontFamily")
    assert "scorekeeper digits" not in family, family
