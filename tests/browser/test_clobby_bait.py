"""Clobby at phone size: partners A & C against B & D, a bait (RULES.md §9.9), one side's card points only."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import choose, hand_row, running, shot, start_match, totals

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
US, THEM = "Ann & Cat", "Bob & Dan"


def test_clobby_bait_then_made(page: Page, server) -> None:
    start_match(page, server.url, "Clobby", PLAYERS)
    expect(page.locator(".scoreboard .name")).to_have_text([US, THEM])
    expect(page.get_by_text("Ann deals, Bob leads")).to_be_visible()

    # §9.9: hand value 202 = 162 + a 20 run + bella; the defenders have 101 → 0 / 202 (bait).
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.get_by_text("Every card is played: enter one side")).to_be_visible()
    choose(page, "taker", US)
    page.get_by_label(f"{THEM}: card points").fill("91")
    # The other side's figure is the rest of the deck, shown as a hint and left empty.
    expect(page.get_by_label(f"{US}: card points")).to_have_attribute("placeholder", "rest: 61")
    expect(page.get_by_label(f"{US}: card points")).to_have_value("")
    choose(page, "last_trick", THEM)
    page.locator(".chips[data-target='melds-0']").get_by_role("button", name="+20").click()
    expect(page.get_by_label(f"{US}: melds")).to_have_value("20")
    page.get_by_label(f"{US}: bella").check()
    preview = page.locator("#preview")
    expect(preview).to_contain_text(f"{US}: card points 61 + melds 20 + bella 20 = 101.")
    expect(preview).to_contain_text(
        f"Taker {US}: 101 against 101: {THEM} have half or more of the hand value 202: bait.")
    shot(page, "clobby-bait-form")
    page.get_by_role("button", name="Save hand").click()

    expect(page.get_by_role("status")).to_contain_text(f"bait. {THEM} score the hand value 202.")
    assert totals(page) == ["0", "202"]
    assert running(page, 1) == ["0", "202"]
    row = hand_row(page, 1)
    expect(row.locator(".result")).to_contain_text(f"{US} are bait")
    expect(row.locator(".explanation li")).to_have_text([
        f"{US}: card points 61 + melds 20 + bella 20 = 101.",
        f"{THEM}: card points 91 + last trick 10 = 101.",
        f"Taker {US}: 101 against 101: {THEM} have half or more of the hand value 202: bait. "
        f"{THEM} score the hand value 202.",
    ])
    # Clobby deals to the left: Bob deals the second hand.
    expect(page.get_by_text("Bob deals, Cat leads")).to_be_visible()
    shot(page, "clobby-bait-sheet")

    # §9.9 again: defenders 100 → 102 / 100, each side its own. This time the takers' figure is typed.
    page.get_by_role("link", name="Record hand 2").click()
    choose(page, "taker", US)
    page.get_by_label(f"{US}: card points").fill("62")
    expect(page.get_by_label(f"{THEM}: card points")).to_have_attribute("placeholder", "rest: 90")
    choose(page, "last_trick", THEM)
    page.locator(".chips[data-target='melds-0']").get_by_role("button", name="+20").click()
    page.get_by_label(f"{US}: bella").check()
    expect(page.locator("#preview")).to_contain_text(re.compile(r"102 against 100"))
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status")).to_contain_text("Recorded hand 2")
    assert running(page, 2) == ["102", "302"]
    assert totals(page) == ["102", "302"]
    expect(hand_row(page, 2).locator(".result")).to_contain_text("made")
    shot(page, "clobby-made-sheet")
