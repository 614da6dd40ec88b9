"""A whole Baloot sakka to 152 in Arabic, right to left, at 390×844, as a Riyadh majlis scores it: who bought, Sun
or Hokum (by its suit), one side's raw points with the last trick in (the other side's the rest of 162, or 130 in
Sun), the doubling, the projects on chips by their names; an ordinary hand in three taps plus the digits (counted
here). The totals the page shows are the engine's game points, hand by hand as the table's calculator gives them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import ARTIFACTS, PHONE, Taps, shot

pytestmark = pytest.mark.browser

SEATS = ["سعد", "فهد", "خالد", "ناصر"]
"""Seats in order: سعد and خالد are the first side, فهد and ناصر the second."""
MOST_TAPS = 4
"""An ordinary hand: who bought, Sun or Hokum, Save (3), and the doubling or a project when there is one."""


def baloot_hand(page: Page, buyer: int, contract: str, points: int, scores: tuple[int, int],
                double: str | None = None, project: tuple[int, str] | None = None,
                screenshot: str | None = None) -> Taps:
    """From the sheet: a hand as the table writes it (the buyer's raw points, the last trick in); the taps it took.
    ``scores`` are what the Save bar's preview must show for each side before saving (the engine's game points)."""
    page.locator("a[href$='/hand']").first.click()
    expect(page.locator("#group-taker")).to_be_visible()
    done = Taps(page)
    done.tap("bought", page.locator(f"#group-taker label.option:has(input[value='{buyer}'])"))
    done.tap(contract, page.locator(f"#group-contract label.option:has(input[value='{contract}'])"))
    if double is not None:
        done.tap(f"double {double}", page.locator(f"#group-double label.option:has(input[value='{double}'])"))
    expect(page.locator(f"#card_points-{buyer}")).to_be_focused()
    done.type(str(points))
    if project is not None:
        side, value = project
        done.tap(f"project {value}", page.locator(f".chips[data-target='melds-{side}'] .chip[data-value='{value}']"))
    why = page.locator("#save-why")
    for score in scores:
        expect(why).to_contain_text(f"+{score}")
    if screenshot:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{screenshot}.png"))
    save = page.locator("#save-button")
    box = save.bounding_box()
    assert box and box["y"] + box["height"] <= 844, box  # Save on the first screen
    done.tap("Save", save)
    expect(page.locator(".scoreboard [data-total='0']")).to_be_visible()
    return done


def totals(page: Page) -> list[str]:
    return [page.locator(f".scoreboard [data-total='{side}']").first.inner_text() for side in (0, 1)]


def test_a_baloot_sakka_to_152_in_arabic(page: Page, server, browser: Browser) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size(PHONE)
    page.goto(f"{server.url}/?lang=ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    page.locator("input[name=variant][value=baloot]").check()
    for seat, name in enumerate(SEATS):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.locator("form button.primary[type=submit]").first.click()
    expect(page.locator(".scoreboard [data-total='0']")).to_have_text("0")
    # The board on a second phone of the majlis, from the link under the sheet's QR code: in Arabic, right to left.
    watcher = browser.new_context(viewport=PHONE, locale="ar-SA")
    board = watcher.new_page()
    href = page.locator("#share .qr-box figcaption a").get_attribute("href")
    assert href
    board.goto(href)
    # Hokum hearts, the first side 100 raw: 10 / 6.
    hand = baloot_hand(page, 0, "hearts", 100, (10, 6), screenshot="baloot-hand-form-ar-390x844")
    assert hand.taps == 3, hand.tapped
    assert totals(page) == ["10", "6"]
    # Sun, the second side buys with 80 of 130: 16 / 10.
    hand = baloot_hand(page, 1, "no-trumps", 80, (10, 16))
    assert hand.taps == 3, hand.tapped
    assert totals(page) == ["20", "22"]
    # Hokum spades doubled (دبل), the first side 120: the whole 16, ×2.
    hand = baloot_hand(page, 0, "spades", 120, (32, 0), double="1")
    assert hand.taps == MOST_TAPS, hand.tapped
    assert totals(page) == ["52", "22"]
    # Sun, every trick: kaboot, 44.
    hand = baloot_hand(page, 0, "no-trumps", 130, (44, 0))
    assert totals(page) == ["96", "22"]
    # Hokum clubs, the second side 90 with a fifty (خمسين): 9 + 5 = 14 against 7.
    hand = baloot_hand(page, 1, "clubs", 90, (7, 14), project=(1, "50"))
    assert hand.taps == MOST_TAPS, hand.tapped
    assert totals(page) == ["103", "36"]
    shot(page, "baloot-sheet-ar-390x844")
    # Hokum diamonds, four (فور), the first side 100: 16 × 4 = 64 takes it over 152.
    hand = baloot_hand(page, 0, "diamonds", 100, (64, 0), double="3")
    assert hand.taps == MOST_TAPS, hand.tapped
    assert totals(page) == ["167", "36"]
    expect(page.locator("a[href$='/hand']")).to_have_count(0)
    shot(page, "baloot-won-ar-390x844")
    expect(board.locator(".scoreboard [data-total='0']")).to_have_text("167", timeout=15_000)
    expect(board.locator(".scoreboard [data-total='1']")).to_have_text("36")
    expect(board.locator("html")).to_have_attribute("dir", "rtl")
    board.screenshot(path=str(ARTIFACTS / "baloot-board-ar-390x844.png"))
    watcher.close()
