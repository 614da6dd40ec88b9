"""The pages work with JavaScript off: start a match, record a hand, see a problem, void, thrown in."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import fill_hand, hand_row, record, shot, start_match, totals

pytestmark = pytest.mark.browser


def test_start_and_record_without_javascript(new_context, server) -> None:
    page = new_context(java_script_enabled=False).new_page()
    # Without the start page's script every seat is shown; a two-handed game uses seats 1 and 2.
    page.goto(server.url + "/")
    expect(page.get_by_role("textbox", name="Seat 4")).to_be_visible()
    start_match(page, server.url, "Clobby", ["Ann", "Bob", "Cat", "Dan"])
    expect(page.get_by_role("heading", name="Keep this link: it is the key to this match")).to_be_visible()
    expect(page.get_by_text("Ann deals, Bob leads")).to_be_visible()

    # The hand form: no chips, no preview, still everything needed. One side's figure is enough.
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.locator(".chip").first).to_be_hidden()
    expect(page.locator("#preview")).to_be_hidden()
    fill_hand(page, "Ann & Cat", {"Ann & Cat": 61}, "Bob & Dan", {"Ann & Cat": "20"})
    page.get_by_label("Ann & Cat: bella").check()
    shot(page, "no-js-hand-form")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status")).to_contain_text("bait. Bob & Dan score the hand value 202.")
    assert totals(page) == ["0", "202"]

    # A problem comes back beside its field, as with JavaScript.
    page.get_by_role("link", name="Record hand 2").click()
    fill_hand(page, "Bob & Dan", {"Ann & Cat": 1}, "Bob & Dan")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#err-card_points-0")).to_have_text("⚠ 1 card points cannot be made from real cards")
    page.get_by_label("Ann & Cat: card points").fill("52")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status")).to_contain_text("Recorded hand 2")
    assert totals(page) == ["52", "312"]

    # Hands open and close without script (details/summary); void, thrown in and undo are plain forms.
    hand_row(page, 2).get_by_role("button", name="Void hand 2").click()
    expect(page.get_by_role("status")).to_contain_text("Voided hand 2: Ann & Cat +52, Bob & Dan +110 no longer count.")
    page.get_by_role("link", name=re.compile("^Thrown in")).click()
    expect(page.get_by_text("Hand 3 thrown in? Nobody scores; the deal moves on.")).to_be_visible()
    page.get_by_role("button", name="Yes, thrown in").click()
    expect(page.get_by_role("status")).to_contain_text("Recorded hand 3: thrown in")
    record(page, "Ann & Cat", {"Bob & Dan": 40}, "Ann & Cat")
    assert totals(page) == ["122", "242"]
    expect(page.locator("#live-status")).to_contain_text("Figures as of")
    shot(page, "no-js-sheet")
