"""Belote to 151 at phone size: a hanging hand and the pot it leaves (RULES.md §9.12)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import choose, hand_row, running, shot, start_match, totals

pytestmark = pytest.mark.browser

US, THEM = "Ann & Cat", "Bob & Dan"


def test_belote_hanging_hand_then_the_pot(page: Page, server) -> None:
    start_match(page, server.url, "Belote", ["Ann", "Bob", "Cat", "Dan"])
    expect(page.locator(".scoreboard .name")).to_have_text([US, THEM])

    # Hearts, 81–81 (takers 71 + the last trick): the defenders score 8, the takers' 8 hangs.
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.get_by_role("group", name="Contract")).to_be_visible()
    choose(page, "taker", US)
    choose(page, "contract", "♥ hearts")
    page.get_by_label(f"{US}: card points").fill("71")
    choose(page, "last_trick", US)
    expect(page.locator("#preview")).to_contain_text(f"Taker {US}: 81 against 81: a tie.")
    page.get_by_role("button", name="Save hand").click()

    expect(page.get_by_role("status")).to_contain_text("8 goes into the pot, which holds 8 for the winner")
    expect(page.locator(".scoreboard .pot")).to_have_text("Pot 8")
    expect(page.locator(".scoreboard")).to_contain_text("Pot 8 waiting for the next winner.")
    assert totals(page) == ["0", "8"]
    row = hand_row(page, 1)
    expect(row.locator(".result")).to_contain_text("hanging · pot 8")
    expect(row.locator(".explanation")).to_contain_text(
        f"Taker {US}: 81 against 81: a tie. The defenders score their own; the taker's 81 is held over.")
    expect(row.locator(".explanation")).to_contain_text("Tens: 81 → 8, hanging 81 → 8.")
    shot(page, "belote-hanging")

    # Next hand B & D take hearts and make 100–62: they score 10 + the hanging 8, A & C score 6.
    page.get_by_role("link", name="Record hand 2").click()
    expect(page.locator(".scoreboard")).to_contain_text("Pot 8 waiting for the next winner.")
    choose(page, "taker", THEM)
    choose(page, "contract", "♥ hearts")
    page.get_by_label(f"{THEM}: card points").fill("90")
    choose(page, "last_trick", THEM)
    expect(page.locator("#preview")).to_contain_text(f"{THEM} also takes the pot of 8.")
    page.get_by_role("button", name="Save hand").click()

    expect(page.get_by_role("status")).to_contain_text(f"Tens: 62 → 6, 100 → 10. {THEM} also takes the pot of 8.")
    assert totals(page) == ["6", "26"]
    assert running(page, 2) == ["6", "26"]
    expect(page.locator(f"#hand-2 .score[aria-label='{US} scores']")).to_have_text("6")
    expect(page.locator(f"#hand-2 .score[aria-label='{THEM} scores']")).to_have_text("18")
    expect(page.locator(".scoreboard .pot")).to_have_count(0)
    expect(hand_row(page, 2).locator(".result")).to_contain_text(f"{THEM} (♥) made it")
    shot(page, "belote-pot-taken")
