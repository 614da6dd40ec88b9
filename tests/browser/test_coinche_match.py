"""A whole game of Belote contrée to 2000 in French through the pages at 390×844, as a French café table writes it:
who bid, the bid on a row of chips (80 … 160, capot), the trumps, coinche or surcoinche, one side's points with the
last trick in (the other side's shown as the rest of 162), belote; an ordinary hand in four taps plus the digits
(counted here); the live preview says each hand's scores before it is saved, the sheet says made or dedans, and the
board on a second phone follows the game to its end."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import ARTIFACTS, PHONE, Taps, shot
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser

AM, IP = "Ana & Marko", "Ivo & Petra"
MOST_TAPS = 4
"""An ordinary hand: who bid, the bid, the trumps, Save (the cursor waits in the bidder's points)."""


def coinche_hand(page: Page, taker: int, bid: str, suit: str, points: int, scores: tuple[int, int],
                 double: str | None = None, belote: int | None = None, screenshot: str | None = None) -> Taps:
    """From the sheet: a hand as the table writes it (the bidder's points, the last trick in); the taps it took.
    ``scores`` are what the Save bar's preview must show for each side before saving (the engine's)."""
    page.locator("a[href$='/hand']").first.click()
    expect(page.locator("#group-bid")).to_be_visible()
    done = Taps(page)
    done.tap(f"bid by {taker}", page.locator(f"#group-taker label.option:has(input[value='{taker}'])"))
    done.tap(f"bid {bid}", page.locator(f"#group-bid label.option:has(input[value='{bid}'])"))
    done.tap(f"trumps {suit}", page.locator(f"#group-contract label.option:has(input[value='{suit}'])"))
    if double is not None:
        done.tap(f"double {double}", page.locator(f"#group-double label.option:has(input[value='{double}'])"))
    # The cursor is already in the bidder's points: the digits need no tap.
    expect(page.locator(f"#card_points-{taker}")).to_be_focused()
    done.type(str(points))
    expect(page.locator(f"#card_points-{1 - taker}")).to_have_attribute(
        "placeholder", f"162 − {points} = {162 - points}")
    if belote is not None:
        done.tap("belote", page.locator(f"#group-bela label[for='bela-{belote}']"))
    why = page.locator("#save-why")
    for score in scores:
        expect(why).to_contain_text(f"+{score}")
    if screenshot:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{screenshot}.png"))
    save = page.locator("#save-button")
    box = save.bounding_box()
    assert box and box["y"] + box["height"] <= 844, box  # Save on the first screen, with everything above it
    done.tap("Save", save)
    expect(page.locator(".scoreboard [data-total='0']")).to_be_visible()
    return done


def totals(page: Page) -> list[str]:
    return [page.locator(f".scoreboard [data-total='{side}']").first.inner_text() for side in (0, 1)]


def test_a_coinche_game_to_2000_in_french(page: Page, server: LiveServer, browser: Browser) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{server.url}/?lang=fr")
    page.locator("input[name=variant][value=coinche]").check()
    for seat, name in enumerate(["Ana", "Ivo", "Marko", "Petra"]):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.locator("form button.primary[type=submit]").first.click()
    expect(page.locator(".scoreboard [data-total='0']")).to_have_text("0")
    # The board on a second phone, from the link under the sheet's QR code.
    watcher = browser.new_context(viewport=PHONE, locale="fr-FR")  # a French phone: its board in French
    board = watcher.new_page()
    href = page.locator("#share .qr-box figcaption a").get_attribute("href")
    assert href
    board.goto(href)
    # 120 in hearts, Ana & Marko 130 with the last trick: made, 130 + 120 = 250; Ivo & Petra their own 32.
    hand = coinche_hand(page, 0, "120", "hearts", 130, (250, 32), screenshot="coinche-hand-form-fr-390x844")
    assert hand.taps == MOST_TAPS, hand.tapped
    expect(page.locator("#hand-1")).to_contain_text(f"{AM} (120 ♥)")
    assert totals(page) == ["250", "32"]
    # Ivo & Petra bid 100 in spades, coinched, and make only 90: dedans, (162 + 100) × 2 to Ana & Marko.
    hand = coinche_hand(page, 1, "100", "spades", 90, (524, 0), double="1")
    assert hand.taps == MOST_TAPS + 1, hand.tapped
    expect(page.locator("#hand-2")).to_contain_text(f"{IP} (100 ♠ ×2)")
    expect(page.locator("#hand-2")).to_contain_text("dedans")
    expect(page.locator("#hand-2")).to_contain_text("262 × 2 = 524")
    assert totals(page) == ["774", "32"]
    # 140 in clubs: 130 and the belote make 150, which reaches the bid.
    hand = coinche_hand(page, 0, "140", "clubs", 130, (290, 32), belote=0)
    assert hand.taps == MOST_TAPS + 1, hand.tapped
    assert totals(page) == ["1064", "64"]
    hand = coinche_hand(page, 1, "80", "diamonds", 100, (62, 180))
    assert hand.taps == MOST_TAPS, hand.tapped
    assert totals(page) == ["1126", "244"]
    # Capot bid, every trick: 252 + 250.
    hand = coinche_hand(page, 0, "capot", "hearts", 162, (502, 0))
    assert hand.taps == MOST_TAPS, hand.tapped
    expect(page.locator("#hand-5")).to_contain_text("capot")
    assert totals(page) == ["1628", "244"]
    shot(page, "coinche-sheet-fr-390x844")
    # 160 in hearts and every trick again: 252 + 160 = 412 takes Ana & Marko over 2000.
    hand = coinche_hand(page, 0, "160", "hearts", 162, (412, 0))
    assert hand.taps == MOST_TAPS, hand.tapped
    assert totals(page) == ["2040", "244"]
    expect(page.locator("a[href$='/hand']")).to_have_count(0)  # the game is won: no hand to record
    shot(page, "coinche-won-fr-390x844")
    # The second phone's board followed every hand, without reloading.
    expect(board.locator(".scoreboard [data-total='0']")).to_have_text("2040", timeout=15_000)
    expect(board.locator(".scoreboard [data-total='1']")).to_have_text("244")
    expect(board.locator("html")).to_have_attribute("lang", "fr")
    # Four digits stay inside their side's box: the figure's own text, measured where it is drawn.
    inside = board.evaluate("""() => [...document.querySelectorAll('.scoreboard.big .side')].map((side) => {
      const range = document.createRange();
      range.selectNodeContents(side.querySelector('.total'));
      const text = range.getBoundingClientRect(), box = side.getBoundingClientRect();
      return text.left >= box.left && text.right <= box.right;
    })""")
    assert inside == [True, True], inside
    board.screenshot(path=str(ARTIFACTS / "coinche-board-fr-390x844.png"))
    watcher.close()
