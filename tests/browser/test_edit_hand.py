"""Changing an earlier hand: one change on a prefilled form, every later hand scored again, the audit shows it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import choose, hand_row, record, running, shot, start_match, totals

pytestmark = pytest.mark.browser


def test_edit_the_taker_of_hand_one(page: Page, server) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    record(page, "Mike", {"Mike": 80, "Yvonne": 62}, "Mike")       # made: 90 / 62
    record(page, "Yvonne", {"Mike": 50, "Yvonne": 100}, "Yvonne")  # made: 50 / 110
    record(page, "Mike", {"Mike": 70, "Yvonne": 60}, "Mike")       # made: 80 / 60
    assert running(page, 1) == ["90", "62"]
    assert running(page, 2) == ["140", "172"]
    assert running(page, 3) == ["220", "232"]

    hand_row(page, 1).get_by_role("link", name="Change hand 1").click()
    expect(page.get_by_role("heading", name="Change hand 1")).to_be_visible()
    # Everything as recorded, ready for one change.
    expect(page.locator("#group-taker input[value='0']")).to_be_checked()
    expect(page.get_by_label("Mike: card points")).to_have_value("80")
    expect(page.get_by_label("Yvonne: card points")).to_have_value("62")
    expect(page.locator("#group-last_trick input[value='0']")).to_be_checked()

    # It was Yvonne who took: 62 against 90 is bate, Mike scores the hand value 152.
    choose(page, "taker", "Yvonne")
    expect(page.locator("#preview")).to_contain_text("Taker Yvonne: 62 against 90: bate.")
    shot(page, "edit-hand-form")
    page.get_by_role("button", name="Save the change").click()

    expect(page.get_by_role("status")).to_contain_text("Changed hand 1:")
    expect(page.get_by_role("status")).to_contain_text(
        "Taker Yvonne: 62 against 90: bate. Mike scores the hand value 152.")
    assert running(page, 1) == ["152", "0"]
    assert running(page, 2) == ["202", "110"]
    assert running(page, 3) == ["282", "170"]
    assert totals(page) == ["282", "170"]
    expect(hand_row(page, 1).locator(".result")).to_contain_text("bate")

    audit = page.locator("details.audit")
    expect(audit.locator("summary")).to_have_text("Every change to this match (5)")
    audit.locator("summary").click()
    expect(audit.locator("li")).to_have_count(5)
    kinds = [line.split(" · ")[-1] for line in audit.locator("li").all_inner_texts()]
    assert kinds == ["started the match", "recorded hand 1", "recorded hand 2", "recorded hand 3", "changed hand 1"]
    shot(page, "edit-hand-sheet")
