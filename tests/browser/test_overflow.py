"""Every word fits its button, in every language: at 390×844, the pages of a match in
progress (start, score sheet, hand form, claim form, board, rules) of Bela, Belote and the four-handed
Klaberjass, in each language the app speaks; every button, link drawn as a button, option or chip drawn as a
button, and select keeps its words inside its box. The board's "scorekeeper" never runs into its title, and the
sheet of a match just started shows the board's Share and QR code on its first screen, the Share button covering
neither the QR code's summary nor the code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.languages import LANGUAGES
from tests.support.browser import PHONE
from tests.support.servers import LiveServer, api_match

pytestmark = pytest.mark.browser

GAMES = {
    "bela": (["Mike", "Yvonne"], [{"taker": 0, "card_points": [80, 62], "last_trick": 0}]),
    "belote": (["Ann", "Bob", "Cat", "Dan"],
               [{"taker": 0, "contract": "hearts", "double": 0, "card_points": [90, None], "last_trick": 0}]),
    "south-african": (["Ann", "Bob", "Cat", "Dan"],
                      [{"taker": 0, "contract": "diamonds", "card_points": [90, None], "last_trick": 0}]),
}
"""Two-handed Bela (the trumps with their words: "♦ diamonds"), Belote (six contracts, doubles, +100/+150/+200
chips, a count of belotes to choose) and the four-handed Klaberjass ("not noted" trumps, the longest title):
each with a hand played."""

CONTROLS = ("button, .button, .chip, label.option, .game-chip, .card-box, select, .bar a, .bar .where, "
            ".linkish, summary.button")
"""What a thumb taps (and the bar's words): buttons, links drawn as buttons, options and chips drawn as buttons,
selects."""

MEASURE = """(selector) => {
  const shown = (el) => {
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    return box.width >= 2 && box.height >= 2 && style.visibility !== "hidden";
  };
  // Text a screen reader reads but the eye does not (a clipped 1 px span) is not measured.
  const unseen = (node, el) => {
    for (let a = node.parentElement; a && a !== el.parentElement; a = a.parentElement) {
      const style = getComputedStyle(a), box = a.getBoundingClientRect();
      if (style.display === "none" || style.visibility === "hidden") return true;
      if ((box.width <= 1 || box.height <= 1) && style.overflow === "hidden") return true;
    }
    return false;
  };
  const canvas = document.createElement("canvas").getContext("2d");
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!shown(el)) continue;
    const style = getComputedStyle(el), box = el.getBoundingClientRect();
    const px = (v) => parseFloat(v) || 0;
    const inner = {  // the padding box: inside the border
      left: box.left + px(style.borderLeftWidth), right: box.right - px(style.borderRightWidth),
      top: box.top + px(style.borderTopWidth), bottom: box.bottom - px(style.borderBottomWidth)};
    const padX = px(style.paddingLeft) + px(style.paddingRight);
    if (el.tagName === "SELECT") {
      const option = el.options[el.selectedIndex];
      if (!option) continue;
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = option.text.trim(), needs = canvas.measureText(text).width;
      // Chromium keeps about one em beside the words for the select's arrow.
      const has = el.clientWidth - padX - px(style.fontSize);
      if (needs > has + 1) found.push({text, needs: Math.ceil(needs + padX + px(style.fontSize)),
                                       has: el.clientWidth, what: "wide"});
      continue;
    }
    let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity, words = "";
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || unseen(node, el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width === 0) continue;
        left = Math.min(left, r.left); right = Math.max(right, r.right);
        top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom);
      }
      words += node.textContent;
    }
    const text = (words || el.textContent).replace(/\\s+/g, " ").trim();
    if (!text) continue;
    const textWide = right > left ? right - left : 0;
    const wide = el.scrollWidth > el.clientWidth + 1 || left < inner.left - 1 || right > inner.right + 1;
    const high = el.scrollHeight > el.clientHeight + 1 || top < inner.top - 1 || bottom > inner.bottom + 1;
    if (wide) found.push({text, what: "wide", has: el.clientWidth,
                          needs: Math.ceil(Math.max(el.scrollWidth, textWide + padX))});
    else if (high) found.push({text, what: "high", has: el.clientHeight,
                               needs: Math.ceil(Math.max(el.scrollHeight, bottom - top))});
  }
  return found;
}"""

BAR = """() => {
  const words = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  };
  const logo = document.querySelector(".bar .home");
  return {logo: logo && words(logo),
          titles: [...document.querySelectorAll(".bar .where")].map((el) => ({text: el.innerText, box: words(el)}))};
}"""
"""Where the bar's words stand: the logo's and each title's, as the text itself takes them (not the boxes around)."""


@pytest.fixture(scope="module")
def live(server: LiveServer) -> LiveServer:
    """The session's `scorekeeper serve` (tests/browser/conftest.py): each test makes its own matches."""
    return server


@pytest.fixture(scope="module")
def matches(live: LiveServer) -> dict[str, dict[str, Any]]:
    """A match in progress of each game, a hand played."""
    return {variant: api_match(live, variant, players, tuple(hands)) for variant, (players, hands) in GAMES.items()}


def pages(made: dict[str, Any]) -> dict[str, str]:
    """The pages of a match a table uses, by name."""
    board = f"/board/{made['view_token']}"
    return {"sheet": f"/m/{made['id']}", "hand form": f"/m/{made['id']}/hand", "claim form": f"/m/{made['id']}/claim",
            "board": board, "rules": f"{board}/rules"}


def open_everything(page: Page) -> None:
    """The rarer parts folded away (house rules, the card counter, a hand's row) opened: they are tapped too."""
    page.evaluate("""() => {
      document.querySelectorAll("main details:not(.hand)").forEach((d) => { d.open = true; });
      const row = document.querySelector("main details.hand");  // one hand's row: its buttons and forms
      if (row) row.open = true;
    }""")


def offenders(page: Page, language: str, name: str) -> list[str]:
    found = page.evaluate(MEASURE, CONTROLS)
    return [f"{language} {name}: '{f['text']}' needs {f['needs']}px, has {f['has']}px"
            + (" high" if f["what"] == "high" else "") for f in found]


def bar_clashes(page: Page, language: str, name: str) -> list[str]:
    """Where the board's "scorekeeper" runs into a title of the bar, or a title into the one before it."""
    bar = page.evaluate(BAR)
    logo = bar["logo"]
    assert logo is not None, f"{language} {name}: the bar has no logo"
    found = []
    for i, title in enumerate(bar["titles"]):
        words = title["box"]
        apart = (logo["right"] <= words["left"] + 0.5 or words["right"] <= logo["left"] + 0.5
                 or logo["bottom"] <= words["top"] + 0.5 or words["bottom"] <= logo["top"] + 0.5)
        if not apart:
            found.append(f"{language} {name}: the logo {logo} runs into '{title['text']}' {words}")
        before = bar["titles"][i - 1]["box"] if i else None  # the bar's words side by side never run together
        if before and not (before["right"] <= words["left"] + 0.5 or before["bottom"] <= words["top"] + 0.5):
            found.append(f"{language} {name}: '{title['text']}' runs into the words before it")
    return found


class Measured(NamedTuple):
    """What one language's pages showed: words too big for their control, and the bar's words running together."""

    buttons: list[str]
    bar: list[str]


def measure(page: Page, live: LiveServer, matches: dict[str, dict[str, Any]], language: str) -> Measured:
    """Every page of the three matches in ``language``, each loaded once: the start page with each game chosen,
    then each match's sheet, hand form, claim form, board and rules; the bar read as the page first shows it (on
    the sheet and the board), the controls with the rarer parts opened."""
    assert page.viewport_size == PHONE
    page.goto(f"{live.url}/?lang={language}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    buttons: list[str] = []
    bar: list[str] = []
    for variant in GAMES:  # the start page with each game chosen: its description, seats and house rules
        page.goto(f"{live.url}/?variant={variant}")
        chip = page.locator(f".game-chip input[value='{variant}']")
        if chip.count():
            chip.check()
        open_everything(page)
        buttons += offenders(page, language, f"start ({variant})")
    for variant, made in matches.items():
        page.goto(f"{live.url}/m/{made['id']}/join?key={made['edit_token']}")
        for name, path in pages(made).items():
            page.goto(live.url + path)
            page.wait_for_load_state("load")
            if name in ("sheet", "board"):
                bar += bar_clashes(page, language, f"{variant} {name}")
            open_everything(page)
            buttons += offenders(page, language, f"{variant} {name}")
    return Measured(list(dict.fromkeys(buttons)), bar)


@pytest.fixture(scope="module")
def measured(browser: Browser, browser_context_args: dict[str, Any], live: LiveServer,
             matches: dict[str, dict[str, Any]]) -> Callable[[str], Measured]:
    """A language's pages measured once, on a phone of their own, for both tests that read them (its buttons, its
    bar): the same pages are not loaded twice. Either test measures them when it runs first, or alone."""
    kept: dict[str, Measured] = {}

    def of(language: str) -> Measured:
        if language not in kept:
            context = browser.new_context(**browser_context_args)
            try:
                kept[language] = measure(context.new_page(), live, matches, language)
            finally:
                context.close()
        return kept[language]
    return of


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_button_holds_its_words(measured: Callable[[str], Measured], language: str) -> None:
    found = measured(language).buttons
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_board_logo_never_runs_into_its_title(measured: Callable[[str], Measured], language: str) -> None:
    """On the board and the sheet of each game: the bar's "scorekeeper" never runs into its title."""
    found = measured(language).bar
    assert not found, "\n".join(found)


def start_from_the_start_page(page: Page, url: str, variant: str = "bela",
                              players: tuple[str, ...] = ("Mike", "Yvonne")) -> None:
    """Start a match from the start page in the page's language (the seats by their field, not their words)."""
    page.goto(f"{url}/?variant={variant}")
    for seat, name in enumerate(players):
        page.locator(f'input[name="player_{seat}"]').fill(name)
    page.locator('form button[type="submit"]').last.click()
    expect(page.locator("#share")).to_have_count(1)


def first_screen(page: Page, box: dict[str, float] | None, what: str) -> None:
    assert page.evaluate("window.scrollY") == 0
    assert box is not None, f"{what} is not shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], f"{what} is off the first screen: {box}"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_match_just_started_shows_the_first_hand_then_share_and_the_qr(page: Page, live: LiveServer,
                                                                          language: str) -> None:
    """Right after starting, the first hand is what the table does next: under the key shown once, "Record hand 1"
    is on the first screen in every language, and the board's Share button and open QR code follow it. The sheet
    opened again (the key no longer shown) has the Share button and the QR code's summary on the first screen, and
    the code starts there."""
    page.goto(f"{live.url}/?lang={language}")
    start_from_the_start_page(page, live.url)
    expect(page.locator(".notice.key")).to_be_visible()
    record = page.locator("nav.sheet-actions a.primary")
    first_screen(page, record.bounding_box(), f"{language}: the first hand's button")
    share = page.locator("#share button[data-share-url]")
    expect(share).to_be_visible()
    code = page.locator("#share svg.qr")
    expect(code).to_be_visible()
    below = (record.bounding_box() or {}).get("y", 0) + (record.bounding_box() or {}).get("height", 0)
    assert (share.bounding_box() or {})["y"] >= below, f"{language}: the board's Share comes before the first hand"
    box = code.bounding_box()
    assert box is not None and box["width"] >= 150, "big enough to scan across a table"
    page.reload()  # the key is shown once: the sheet opened again has the board's Share and QR code higher
    first_screen(page, share.bounding_box(), f"{language}: the board's Share button")
    first_screen(page, page.locator("#share summary").bounding_box(), f"{language}: the QR code's summary")
    box = code.bounding_box()
    assert box is not None and box["y"] + 40 <= PHONE["height"], f"{language}: the QR code starts off the screen: {box}"


HANDED = {"bela": (("Mike", "Yvonne"), 2), "bela-3": (("Ann", "Bob", "Cat"), 3),
          "belote": (("Ann", "Bob", "Cat", "Dan"), 2)}
"""Two-handed, three-handed and four-handed games (players, sides): the scoreboard and the names above the Share
button are not as high in each."""


def overlap(one: dict[str, float], other: dict[str, float]) -> bool:
    """Whether two boxes (Playwright's bounding boxes) share more than an edge."""
    return (one["x"] < other["x"] + other["width"] - 0.5 and other["x"] < one["x"] + one["width"] - 0.5
            and one["y"] < other["y"] + other["height"] - 0.5 and other["y"] < one["y"] + one["height"] - 0.5)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_share_button_covers_neither_the_qr_summary_nor_the_code(page: Page, live: LiveServer,
                                                                     language: str) -> None:
    """Right after starting, the board's Share button stands beside the QR code's summary and above the code: its
    box runs into neither, whatever lines its words take, at 390×844 and on a smaller phone (360×640)."""
    page.goto(f"{live.url}/?lang={language}")
    found: list[str] = []
    for variant, (players, sides) in HANDED.items():
        page.set_viewport_size(PHONE)
        start_from_the_start_page(page, live.url, variant, players)
        expect(page.locator(".notice.key")).to_be_visible()
        expect(page.locator(".scoreboard [data-total]")).to_have_count(sides)
        for name in players:  # the game asked for, every seat at its table
            expect(page.locator(".scoreboard .totals")).to_contain_text(name)
        share = page.locator("#share button[data-share-url]")
        expect(share).to_be_visible()
        expect(page.locator("#share figure.qr-box")).to_be_visible()
        for size in (PHONE, {"width": 360, "height": 640}):  # the same page, on a phone this wide
            page.set_viewport_size(size)
            for direction in ("ltr", "rtl"):  # a language written right to left mirrors the row, nothing more
                page.evaluate("(direction) => { document.documentElement.dir = direction; }", direction)
                button = share.bounding_box()
                assert button is not None
                for what, part in (("the QR code's summary", "#share summary"),
                                   ("the QR code", "#share figure.qr-box")):
                    box = page.locator(part).bounding_box()
                    assert box is not None
                    if overlap(button, box):
                        found.append(f"{language} {variant} {size['width']}×{size['height']} {direction}: the Share "
                                     f"button {button} covers {what} {box}")
    assert not found, "\n".join(found)


def test_without_javascript_the_first_hand_then_the_qr(new_context: Any, live: LiveServer) -> None:
    """Without JavaScript too: the first hand on the first screen right after starting, the board's QR code open
    under it; the sheet opened again has the QR code's summary on the first screen and the code starting there."""
    page = new_context(java_script_enabled=False).new_page()
    start_from_the_start_page(page, live.url)
    first_screen(page, page.get_by_role("link", name="Record hand 1").bounding_box(), "the first hand's button")
    page.reload()
    first_screen(page, page.locator("#share summary").bounding_box(), "the QR code's summary")
    code = page.get_by_role("img", name="QR code of the board link")
    expect(code).to_be_visible()
    box = code.bounding_box()
    assert box is not None and box["y"] + 40 <= PHONE["height"], f"the QR code starts off the screen: {box}"
    expect(page.locator("#share figcaption a")).to_be_attached()


def test_after_the_first_hand_the_qr_code_is_a_tap_away(page: Page, live: LiveServer,
                                                        matches: dict[str, dict[str, Any]]) -> None:
    """Once hands are recorded the sheet's rows come first: the QR code folds under its summary, a tap opens it."""
    page.goto(f"{live.url}/?lang=en")
    made = matches["bela"]
    page.goto(f"{live.url}/m/{made['id']}/join?key={made['edit_token']}")
    code = page.locator("#share svg.qr")
    expect(code).to_be_hidden()
    summary = page.locator("#share summary")
    first_screen(page, summary.bounding_box(), "the QR code's summary")
    summary.click()
    expect(code).to_be_visible()
