"""Back to the sheet at the top after saving a hand: at 390×844 the first screen shows the totals,
the new hand's result in words and "Record hand N+1"; the new row is marked in words, not scrolled to."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.support.browser import PHONE, open_sheet, record, shot, totals
from tests.support.servers import api_match

pytestmark = pytest.mark.browser

BELA_HANDS = [{"taker": i % 2, "card_points": [80, 62] if i % 2 == 0 else [50, 100], "last_trick": i % 2}
              for i in range(6)]
"""Six made hands, Mike and Yvonne taking in turn: 420 to 516 (Yvonne over 501 without a claim)."""
BELOTE_HANDS = [{"taker": i % 2, "contract": ["hearts", "spades", "no-trumps"][i % 3], "double": 1 if i == 4 else 0,
                 "card_points": [90, None] if i % 2 == 0 else [None, 100], "last_trick": i % 2} for i in range(6)]
"""Six Belote hands, one of them doubled (hand 5, spades ×2)."""


def _on_first_screen(page: Page, locator: Locator) -> None:
    """The element is wholly inside the 390×844 viewport, as the page opened (no scrolling)."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (locator, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (locator, box)


def _first_screen(page: Page, number: int) -> None:
    """What the first screen after saving hand ``number`` must show, at the top of the page."""
    assert page.evaluate("window.scrollY") == 0
    assert f"saved={number}" in page.url and "#" not in page.url
    expect(page.get_by_role("status")).to_have_count(1)  # one message, not the form's and the sheet's
    _on_first_screen(page, page.locator("#done .done-line"))
    for total in page.locator(".scoreboard [data-total]").all():
        _on_first_screen(page, total)
    _on_first_screen(page, page.get_by_role("link", name=f"Record hand {number + 1}"))
    # The new row is marked in words (and a border), not by colour alone.
    row = page.locator(f"#hand-{number}")
    expect(row).to_have_class("hand just-done")
    expect(row.locator(".just-done-word")).to_have_text("✓ just saved")
    expect(page.locator(".just-done-word")).to_have_count(1)


def test_bela_back_to_the_sheet_at_the_top(page: Page, server) -> None:
    made = api_match(server, "bela", ["Mike", "Yvonne"], BELA_HANDS)
    open_sheet(page, server, made)
    record(page, "Mike", {"Mike": 50, "Yvonne": 100}, "Yvonne")  # bate: 0 / 160

    _first_screen(page, 7)
    expect(page.locator("#done .done-line")).to_have_text("✓ Recorded hand 7: Mike +0, Yvonne +160 — Mike is bate.")
    expect(page.locator("#done .done-why")).to_have_text(
        "Yvonne: card points 100 + last trick 10 = 110. Taker Mike: 50 against 110: bate. "
        "Yvonne scores the hand value 160.")
    assert totals(page) == ["420", "676"]
    # Yvonne is over 501 without a claim: the sheet says she must still claim during a hand.
    _on_first_screen(page, page.locator(".scoreboard .must-claim"))
    expect(page.locator(".scoreboard .must-claim")).to_contain_text("Yvonne must still claim the game during a hand")
    # Undo is offered beside what was just saved, naming the hand.
    expect(page.locator("#done").get_by_role("link")).to_have_text("Undo hand 7")
    page.screenshot(path=str(shot(page, "after-save-bela").with_name("after-save-bela-first-screen.png")))

    # Another hand saved: the marker moves to it; the earlier one is no longer marked.
    record(page, "Yvonne", {"Mike": 50, "Yvonne": 100}, "Yvonne")
    _first_screen(page, 8)
    expect(page.locator("#hand-7 .just-done-word")).to_have_count(0)


def test_belote_back_to_the_sheet_at_the_top(page: Page, server) -> None:
    made = api_match(server, "belote", ["Ann", "Bob", "Cat", "Dan"], BELOTE_HANDS)
    open_sheet(page, server, made)
    record(page, "Ann & Cat", {"Ann & Cat": 60}, "Bob & Dan", contract="♠ spades")  # inside: 0 / 16

    _first_screen(page, 7)
    line = page.locator("#done .done-line")
    expect(line).to_contain_text("Recorded hand 7: Ann & Cat +0, Bob & Dan +16 — Ann & Cat")
    expect(line).to_contain_text("♠")
    expect(line).to_contain_text("inside")
    # Every row shows its contract and double.
    expect(page.locator("#hand-5 .result")).to_contain_text("♠ ×2")
    expect(page.locator("#hand-3 .result")).to_contain_text("no trumps")
    page.screenshot(path=str(shot(page, "after-save-belote").with_name("after-save-belote-first-screen.png")))
