"""The referee at the table: a disputed hand flagged, shown on the board and resolved; the other side
confirms a hand on its own phone, and the confirmed hand then changes only with a reason."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support.browser import choose, field_error, hand_row, record, running, shot, start_match

pytestmark = pytest.mark.browser


@pytest.fixture
def second(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """The other side's phone (its own cookies: it never started the match)."""
    context = browser.new_context(**browser_context_args)
    yield context
    context.close()


def test_a_disputed_hand_is_flagged_shown_on_the_board_and_resolved(page: Page, server) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    record(page, "Mike", {"Mike": 80, "Yvonne": 62}, "Mike", melds={"Mike": "50"})
    record(page, "Yvonne", {"Mike": 50, "Yvonne": 100}, "Yvonne")

    row = hand_row(page, 1)
    row.get_by_label("Disputed? Say what about").fill("Mike's 50 was never shown")
    row.get_by_role("button", name="Mark hand 1 disputed").click()
    expect(page.get_by_role("status")).to_have_text("Hand 1 is marked disputed.")
    row = hand_row(page, 1)
    expect(row.locator("summary .flag.disputed")).to_have_text("⚑ disputed")
    expect(row.locator(".dispute-note")).to_have_text("⚑ Disputed: Mike's 50 was never shown")
    expect(hand_row(page, 2).locator(".flag.disputed")).to_have_count(0)
    shot(page, "referee-dispute-sheet")

    board = page.context.new_page()
    board.goto(server.url + (page.locator("a", has_text="Open the board").get_attribute("href") or ""))
    last = board.locator(".last-hands li", has_text="Hand 1")
    expect(last).to_contain_text("⚑ disputed")
    expect(last).to_contain_text("Mike's 50 was never shown")
    expect(board.locator(".last-hands li", has_text="Hand 2")).not_to_contain_text("disputed")
    shot(board, "referee-dispute-board")

    row = hand_row(page, 1)
    row.get_by_label("Settled by voiding the hand").check()
    row.get_by_label("Ruling", exact=True).fill("shown after the first trick: it stands")
    row.get_by_role("button", name="Resolve the dispute over hand 1").click()
    expect(page.get_by_role("status")).to_contain_text("hand 1 is not voided: void it first")
    row = hand_row(page, 1)
    row.get_by_label("No change: the score stands").check()
    row.get_by_label("Ruling", exact=True).fill("shown after the first trick: it stands")
    row.get_by_role("button", name="Resolve the dispute over hand 1").click()
    expect(page.get_by_role("status")).to_have_text("The dispute over hand 1 is resolved.")
    expect(hand_row(page, 1).locator(".flag.disputed")).to_have_count(0)
    assert running(page, 1) == ["140", "62"]

    # The board follows live: the flag is gone without a reload.
    expect(board.locator(".last-hands li", has_text="Hand 1")).not_to_contain_text("disputed", timeout=10_000)
    audit = page.locator("details.audit")
    audit.locator("summary").click()
    lines = audit.locator("li").all_inner_texts()
    assert lines[-2].endswith("marked hand 1 disputed: “Mike's 50 was never shown”")
    assert lines[-1].endswith("resolved the dispute over hand 1 (the score stands): "
                              "“shown after the first trick: it stands”")
    shot(page, "referee-dispute-resolved")


def test_a_hand_confirmed_by_the_other_side_changes_only_with_a_reason(
        page: Page, second: BrowserContext, server) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    record(page, "Mike", {"Mike": 80, "Yvonne": 62}, "Mike")
    record(page, "Yvonne", {"Mike": 50, "Yvonne": 100}, "Yvonne")

    page.locator("#share-confirm summary").click()
    expect(page.locator("#share-confirm svg.qr")).to_have_count(2)
    link = page.locator("#share-confirm figcaption", has_text="For Yvonne").locator("a").get_attribute("href")
    assert link is not None and re.search(r"/c/[^/]+/1/[A-Za-z0-9_-]{43}$", link)
    shot(page, "referee-confirm-share")

    phone = second.new_page()
    phone.goto(link)
    expect(phone.get_by_role("heading", name="Confirm the hands for Yvonne")).to_be_visible()
    phone.get_by_role("button", name="Confirm hand 1").click()
    expect(phone.get_by_role("status")).to_have_text("Confirmed hand 1.")
    expect(phone.locator("#hand-1")).to_contain_text("✓ confirmed by Yvonne")
    expect(phone.get_by_role("button", name="Confirm hand 1")).to_have_count(0)
    expect(phone.get_by_role("button", name="Confirm hand 2")).to_be_visible()
    shot(phone, "referee-confirm-phone")

    page.reload()
    row = hand_row(page, 1)
    expect(row).to_contain_text("✓ confirmed by Yvonne")
    expect(hand_row(page, 2)).not_to_contain_text("confirmed by")
    hand_row(page, 1).get_by_role("link", name="Change hand 1").click()
    choose(page, "taker", "Yvonne")
    page.get_by_role("button", name="Save the change").click()
    expect(field_error(page, "reason")).to_have_text("⚠ hand 1 was confirmed by Yvonne: give a reason to change it")
    expect(page.get_by_label("Reason for the change")).to_have_attribute("aria-invalid", "true")
    shot(page, "referee-confirm-refused")

    page.get_by_label("Reason for the change").fill("Yvonne took, not Mike")
    page.get_by_role("button", name="Save the change").click()
    expect(page.get_by_role("status")).to_contain_text("Changed hand 1:")
    assert running(page, 1) == ["152", "0"]
    expect(hand_row(page, 1)).not_to_contain_text("confirmed by")
    audit = page.locator("details.audit")
    audit.locator("summary").click()
    lines = audit.locator("li").all_inner_texts()
    assert lines[-2].endswith("Yvonne confirmed hand 1")
    assert lines[-1].endswith("changed hand 1: reason “Yvonne took, not Mike”")
    shot(page, "referee-confirm-changed")

    # Reopened: Yvonne's phone asks for her confirmation of hand 1 again.
    phone.reload()
    expect(phone.get_by_role("button", name="Confirm hand 1")).to_be_visible()
