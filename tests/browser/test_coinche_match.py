"""A whole game of Belote contrée to 2000 through the pages at 390×844, as a French café table writes it: who bid, the
bid on a row of chips (80 … 160, capot), the trumps, coinche or surcoinche, one side's points with the last trick in
(the other side's shown as the rest of 162), belote; an ordinary hand in four taps plus the digits (counted here);
the live preview says each hand's points before it is saved, and the sheet says made or dedans."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import ARTIFACTS, Taps, shot, start_match, totals
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser

AM, IP = "Ana & Marko", "Ivo & Petra"
MOST_TAPS = 4
"""An ordinary hand: who bid, the bid, the trumps, Save (the cursor waits in the bidder's points)."""


def coinche_hand(page: Page, taker: str, bid: str, suit: str, points: int, preview: str,
                 double: str | None = None, belote: int | None = None, screenshot: str | None = None) -> Taps:
    """From the sheet: a hand as the table writes it (the bidder's points, the last trick in); the taps it took.
    ``preview`` is what the Save bar must say before saving (the engine's scores, through the live preview)."""
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    expect(page.get_by_role("heading", name=re.compile("^Hand "))).to_be_visible()
    done = Taps(page)
    done.tap(f"bid by {taker}", page.locator("#group-taker label.option", has_text=taker))
    done.tap(f"bid {bid}", page.locator("#group-bid label.option").get_by_text(bid, exact=True))
    done.tap(f"trumps {suit}", page.locator("#group-contract label.option", has_text=suit))
    if double is not None:
        done.tap(double, page.locator("#group-double label.option", has_text=double))
    # The cursor is already in the bidder's points: the digits need no tap.
    expect(page.get_by_label(f"{taker}: points")).to_be_focused()
    done.type(str(points))
    other = IP if taker == AM else AM
    expect(page.get_by_label(f"{other}: points")).to_have_attribute("placeholder", f"162 − {points} = {162 - points}")
    if belote is not None:
        done.tap("belote", page.locator(f"#group-bela label[for='bela-{belote}']"))
    expect(page.locator("#save-why")).to_have_text(preview)
    if screenshot:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{screenshot}.png"))
    save = page.get_by_role("button", name="Save hand")
    box = save.bounding_box()
    assert box and box["y"] + box["height"] <= 844, box  # Save on the first screen, with everything above it
    done.tap("Save", save)
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    return done


def test_a_coinche_game_to_2000(page: Page, server: LiveServer) -> None:
    start_match(page, server.url, r"^Belote contrée", ["Ana", "Ivo", "Marko", "Petra"])
    # 120 in hearts, Ana & Marko 130 with the last trick: made, 130 + 120 = 250; Ivo & Petra their own 32.
    hand = coinche_hand(page, AM, "120", "hearts", 130, f"If you save now: {AM} +250 · {IP} +32",
                        screenshot="coinche-hand-form-390x844")
    assert hand.taps == MOST_TAPS, hand.tapped
    expect(page.locator("#hand-1")).to_contain_text(f"{AM} (120 ♥) made it")
    assert totals(page) == ["250", "32"]
    # Ivo & Petra bid 100 in spades, coinched, and make only 90: dedans, (162 + 100) × 2 to Ana & Marko.
    hand = coinche_hand(page, IP, "100", "spades", 90, f"If you save now: {AM} +524 · {IP} +0",
                        double="coinche ×2")
    assert hand.taps == MOST_TAPS + 1, hand.tapped
    expect(page.locator("#hand-2")).to_contain_text(f"{IP} (100 ♠ ×2) are dedans")
    expect(page.locator("#hand-2")).to_contain_text("Coinched: 262 × 2 = 524.")
    assert totals(page) == ["774", "32"]
    # 140 in clubs: 130 and the belote make 150, which reaches the bid.
    hand = coinche_hand(page, AM, "140", "clubs", 130, f"If you save now: {AM} +290 · {IP} +32", belote=0)
    assert hand.taps == MOST_TAPS + 1, hand.tapped
    assert totals(page) == ["1064", "64"]
    hand = coinche_hand(page, IP, "80", "diamonds", 100, f"If you save now: {AM} +62 · {IP} +180")
    assert hand.taps == MOST_TAPS, hand.tapped
    assert totals(page) == ["1126", "244"]
    # Capot bid, every trick: 252 + 250.
    hand = coinche_hand(page, AM, "capot", "hearts", 162, f"If you save now: {AM} +502 · {IP} +0")
    assert hand.taps == MOST_TAPS, hand.tapped
    expect(page.locator("#hand-5")).to_contain_text(f"{AM} took every trick: capot.")
    assert totals(page) == ["1628", "244"]
    shot(page, "coinche-sheet-390x844")
    # 160 in hearts and every trick again: 252 + 160 = 412 takes Ana & Marko over 2000.
    hand = coinche_hand(page, AM, "160", "hearts", 162, f"If you save now: {AM} +412 · {IP} +0")
    assert hand.taps == MOST_TAPS, hand.tapped
    expect(page.locator(".scoreboard")).to_contain_text("Match over: Ana & Marko win.")
    assert totals(page) == ["2040", "244"]
    expect(page.get_by_role("link", name=re.compile("^Record hand"))).to_have_count(0)
    shot(page, "coinche-won-390x844")
