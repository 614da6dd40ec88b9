"""Voiding a hand, undoing the last one, and a thrown-in hand, on the score sheet at phone size."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import shot
from tests.web.helpers import hand_row, record, running, start_match, totals

pytestmark = pytest.mark.browser


def test_void_undo_and_thrown_in(page: Page, server) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    record(page, "Mike", {"Mike": 80, "Yvonne": 62}, "Mike")       # made: 90 / 62
    record(page, "Yvonne", {"Mike": 50, "Yvonne": 100}, "Yvonne")  # made: 50 / 110
    record(page, "Mike", {"Mike": 70, "Yvonne": 60}, "Mike")       # made: 80 / 60
    assert totals(page) == ["220", "232"]

    # Void hand 2: kept in the history, crossed out, no longer scored; hand 3 is scored again without it.
    hand_row(page, 2).get_by_role("button", name="Void hand 2").click()
    expect(page.get_by_role("status")).to_have_text(
        "Voided hand 2: it stays in the history and is no longer scored.")
    row = hand_row(page, 2)
    expect(row.locator(".result")).to_have_text("voided")
    expect(row).to_contain_text("This hand was voided: it is kept here and no longer scored.")
    expect(row.get_by_role("button", name="Void hand 2")).to_have_count(0)
    assert running(page, 2) == []
    assert running(page, 3) == ["170", "122"]
    assert totals(page) == ["170", "122"]
    shot(page, "void-hand-2")

    # Undo the last hand: hand 3 is voided the same way.
    page.get_by_role("button", name="Undo the last hand").click()
    expect(page.get_by_role("status")).to_have_text(
        "Undid hand 3: it stays in the history and is no longer scored.")
    expect(page.locator("#hand-3 .result")).to_have_text("voided")
    assert totals(page) == ["90", "62"]
    expect(page.get_by_text("Mike deals, Yvonne leads")).to_be_visible()  # the winner of hand 1 deals

    # Everybody passed: a thrown-in hand scores nothing and the deal moves on.
    page.get_by_role("button", name="Thrown in").click()
    expect(page.get_by_role("status")).to_have_text(
        "Recorded hand 4: thrown in, nobody scores; the deal moves on.")
    expect(page.locator("#hand-4 .result")).to_have_text("thrown-in")
    assert running(page, 4) == ["90", "62"]
    assert totals(page) == ["90", "62"]
    expect(page.get_by_text("Yvonne deals, Mike leads")).to_be_visible()
    expect(page.get_by_role("link", name="Record hand 5")).to_be_visible()

    audit = page.locator("details.audit")
    audit.locator("summary").click()
    kinds = [line.split(" · ")[-1] for line in audit.locator("li").all_inner_texts()]
    assert kinds == ["create", "record hand 1", "record hand 2", "record hand 3", "void hand 2", "void hand 3",
                     "record hand 4"]
    shot(page, "void-undo-thrown-in")

    # Nothing left to undo once every hand is voided: the page says so rather than failing.
    page.get_by_role("button", name="Undo the last hand").click()
    expect(page.get_by_role("status")).to_have_text(
        "Undid hand 4: it stays in the history and is no longer scored.")
    page.get_by_role("button", name="Undo the last hand").click()
    expect(page.get_by_role("status")).to_have_text(
        "Undid hand 1: it stays in the history and is no longer scored.")
    assert totals(page) == ["0", "0"]
    page.get_by_role("button", name="Undo the last hand").click()
    expect(page.get_by_role("status")).to_have_text("There is no hand to undo.")
