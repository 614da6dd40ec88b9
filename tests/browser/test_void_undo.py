"""Voiding a hand, undoing the last one (asked once), and a thrown-in hand, on the score sheet at phone size."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import hand_row, record, running, shot, start_match, totals

pytestmark = pytest.mark.browser


def test_void_undo_and_thrown_in(page: Page, server) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    record(page, "Mike", {"Mike": 80, "Yvonne": 62}, "Mike")       # made: 90 / 62
    record(page, "Yvonne", {"Mike": 50, "Yvonne": 100}, "Yvonne")  # made: 50 / 110
    record(page, "Mike", {"Mike": 70, "Yvonne": 60}, "Mike")       # made: 80 / 60
    assert totals(page) == ["220", "232"]

    # Void hand 2: kept on the sheet, its numbers struck through beside the word "voided"; no longer scored,
    # hand 3 is scored again without it.
    hand_row(page, 2).get_by_role("button", name="Void hand 2").click()
    expect(page.get_by_role("status")).to_contain_text(
        "Voided hand 2: Mike +50, Yvonne +110 no longer count. It stays on the sheet, struck through.")
    row = hand_row(page, 2)
    expect(row.locator(".result .voided-word")).to_have_text("voided")
    expect(row.locator(".score.was")).to_have_text(["50", "110"])
    expect(row).to_contain_text("This hand was voided: it stays here, struck through, and no longer counts.")
    expect(row.get_by_role("button", name="Void hand 2")).to_have_count(0)
    assert running(page, 2) == []
    assert running(page, 3) == ["170", "122"]
    assert totals(page) == ["170", "122"]
    shot(page, "void-hand-2")

    # Undo the last hand: it asks once, naming hand 3 and its score, then voids it the same way.
    page.locator(".sheet .undo").get_by_role("link", name="Undo hand 3").click()
    page.get_by_role("dialog", name="Undo hand 3: Mike +80, Yvonne +60?").get_by_role(
        "button", name="Yes, undo hand 3").click()
    expect(page.get_by_role("status")).to_contain_text("Undid hand 3: Mike +80, Yvonne +60 no longer count.")
    expect(page.locator("#hand-3 .result .voided-word")).to_have_text("voided")
    assert totals(page) == ["90", "62"]
    expect(page.get_by_text("Mike deals, Yvonne leads")).to_be_visible()  # the winner of hand 1 deals
    page.wait_for_load_state("domcontentloaded")

    # Everybody passed: a thrown-in hand scores nothing and the deal moves on. One mistaken tap costs nothing: it
    # asks once, and "No" records nothing.
    page.get_by_role("link", name=re.compile("^Thrown in")).click()
    asked = page.get_by_role("dialog", name="Hand 4 thrown in? Nobody scores; the deal moves on.")
    asked.get_by_role("link", name="No, back to the sheet").click()
    expect(asked).to_be_hidden()
    expect(page.get_by_role("link", name="Record hand 4")).to_be_visible()
    page.get_by_role("link", name=re.compile("^Thrown in")).click()
    asked.get_by_role("button", name="Yes, thrown in").click()
    expect(page.get_by_role("status")).to_contain_text(
        "Recorded hand 4: thrown in — nobody scores; the deal moves on.")
    expect(page.locator("#hand-4 .result")).to_contain_text("thrown in")
    assert running(page, 4) == ["90", "62"]
    assert totals(page) == ["90", "62"]
    expect(page.get_by_text("Yvonne deals, Mike leads")).to_be_visible()
    expect(page.get_by_role("link", name="Record hand 5")).to_be_visible()

    audit = page.locator("details.audit")
    audit.locator("summary").click()
    kinds = [line.split(" · ")[-1] for line in audit.locator("li").all_inner_texts()]
    assert kinds == ["started the match", "recorded hand 1", "recorded hand 2", "recorded hand 3",
                     "voided hand 2 (Mike +50, Yvonne +110)", "undid hand 3 (Mike +80, Yvonne +60)",
                     "recorded hand 4 (thrown in)"]
    shot(page, "void-undo-thrown-in")

    # Undo takes back the last hand that counts each time; with none left, it is no longer offered.
    for number, score in ((4, "Mike +0, Yvonne +0"), (1, "Mike +90, Yvonne +62")):
        page.locator(".sheet .undo").get_by_role("link", name=f"Undo hand {number}").click()
        expect(page.get_by_role("dialog")).to_contain_text(f"Undo hand {number}: {score}?")
        page.get_by_role("button", name=f"Yes, undo hand {number}").click()
        expect(page.get_by_role("status")).to_contain_text(f"Undid hand {number}")
        # A tap before the sheet's scripts run opens the page that asks without JavaScript, not the dialog.
        page.wait_for_load_state("domcontentloaded")
    assert totals(page) == ["0", "0"]
    expect(page.locator(".sheet .undo")).to_have_count(0)
