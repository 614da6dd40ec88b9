"""Undo and void that a table can trust: Undo asks once, naming the hand and its score; two phones
tapping Undo at once void one hand, not two; a voided hand keeps its numbers, struck through, and can be
restored; a restore the engine refuses is said so."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import hand_row, open_sheet, running, shot, totals
from tests.support.servers import api_match

pytestmark = pytest.mark.browser

MADE = {"taker": 0, "card_points": [80, 62], "last_trick": 0}      # Mike 90, Yvonne 62
YVONNE = {"taker": 1, "card_points": [50, 100], "last_trick": 1}   # Mike 50, Yvonne 110
MIKE_70 = {"taker": 0, "card_points": [70, 60], "last_trick": 0}   # Mike 80, Yvonne 60
ASKED = "The sheet changed on another phone: nothing was undone yet."


def _hands(page: Page) -> list[tuple[str, bool]]:
    """Each row of the sheet: its number and whether it is voided."""
    rows = page.locator("details.hand")
    return [(row.locator(".no").inner_text(), "voided" in (row.get_attribute("class") or ""))
            for row in rows.all()]


def test_two_phones_tap_undo_at_once_void_one_hand(page: Page, new_context, server) -> None:
    made = api_match(server, "bela", ["Mike", "Yvonne"], [MADE, YVONNE, MIKE_70])
    open_sheet(page, server, made)
    other = new_context().new_page()
    open_sheet(other, server, made)
    assert totals(page) == totals(other) == ["220", "232"]

    # Both phones tap Undo: each asks once, in the page, naming the hand and its score.
    for phone in (page, other):
        phone.locator(".sheet .undo").get_by_role("link", name="Undo hand 3").click()
        dialog = phone.get_by_role("dialog", name="Undo hand 3: Mike +80, Yvonne +60?")
        expect(dialog).to_be_visible()
        expect(dialog.get_by_role("button", name="Yes, undo hand 3")).to_be_focused()
    shot(page, "undo-asks-once")

    # The first phone says yes: hand 3 is undone, kept on the sheet struck through, with its numbers.
    page.get_by_role("button", name="Yes, undo hand 3").click()
    expect(page.get_by_role("status")).to_have_text(re.compile(
        r"^\s*Undid hand 3: Mike \+80, Yvonne \+60 no longer count\.\s+It stays on the sheet, struck through\.\s+"
        r"Restore hand 3\s*$"))
    assert totals(page) == ["140", "172"]
    assert "?undone=3" in page.url and "#" not in page.url

    # The second phone's dialog was open on the old sheet; it says yes too, and nothing more is undone.
    expect(other.get_by_role("dialog")).to_be_visible()
    other.get_by_role("button", name="Yes, undo hand 3").click()
    expect(other.get_by_role("heading", level=1)).to_have_text(ASKED)
    expect(other.get_by_role("alert")).to_have_text(re.compile(
        r"^\s*Another phone undid hand 3 \(Mike \+80, Yvonne \+60\)\s+Yours: undo hand 3\.\s+"
        r"Hand 3 was undone already: nothing more was undone\.\s*$"))
    shot(other, "undo-second-phone-told")
    other.get_by_role("link", name="Back to the sheet").click()
    expect(other.get_by_role("heading", name="Score sheet")).to_be_visible()  # the sheet, not the page left
    assert totals(other) == ["140", "172"]
    assert _hands(other) == [("1", False), ("2", False), ("3", True)]
    expect(other.locator(".sheet .undo").get_by_role("link")).to_have_text("Undo hand 2")

    # The audit names one undo.
    status, events = server.json("GET", f"/api/v1/matches/{made['id']}/events", None,
                                 {"Authorization": f"Bearer {made['edit_token']}"})
    assert status == 200
    assert [(e["kind"], e["hand"]) for e in events["events"]][-1] == ("void", 3)
    assert sum(e["kind"] == "void" for e in events["events"]) == 1

    # "No, keep it" closes the question and changes nothing.
    other.locator(".sheet .undo").get_by_role("link", name="Undo hand 2").click()
    other.get_by_role("button", name="No, keep it").click()
    expect(other.get_by_role("dialog")).to_be_hidden()
    other.reload()
    assert _hands(other) == [("1", False), ("2", False), ("3", True)]


def test_undo_and_restore_without_javascript(new_context, server) -> None:
    made = api_match(server, "bela", ["Mike", "Yvonne"], [MADE, YVONNE, MIKE_70])
    page = new_context(java_script_enabled=False).new_page()
    open_sheet(page, server, made)

    # Undo goes to a small page that asks once; its form posts the undo.
    page.locator(".sheet .undo").get_by_role("link", name="Undo hand 3").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Undo hand 3: Mike +80, Yvonne +60?")
    expect(page.locator(".undo-confirm")).to_contain_text("Mike made it")
    shot(page, "undo-confirm-page")
    page.get_by_role("button", name="Yes, undo hand 3").click()
    expect(page.get_by_role("status")).to_contain_text("Undid hand 3: Mike +80, Yvonne +60 no longer count.")
    assert totals(page) == ["140", "172"]

    # The voided hand keeps its numbers, struck through, with the word "voided".
    row = page.locator("#hand-3")
    expect(row.locator(".result .voided-word")).to_have_text("voided")
    expect(row.locator(".score.was")).to_have_text(["80", "60"])
    assert row.locator(".score.was").first.evaluate("e => getComputedStyle(e).textDecorationLine") == "line-through"
    assert running(page, 3) == []
    row = hand_row(page, 3)
    expect(row).to_contain_text("This hand was voided: it stays here, struck through, and no longer counts. "
                                "It had scored Mike +80, Yvonne +60.")
    shot(page, "voided-hand-struck-through")

    # Restore it from its row: it counts again, and the sheet says so at its top.
    row.get_by_role("button", name="Restore hand 3").click()
    expect(page.get_by_role("status")).to_contain_text("Restored hand 3: Mike +80, Yvonne +60 — Mike made it.")
    assert totals(page) == ["220", "232"]
    assert running(page, 3) == ["220", "232"]
    expect(page.locator("#hand-3 .just-done-word")).to_have_text("✓ just restored")

    # A confirmation page left open while another phone changed the match: its undo is refused.
    page.locator(".sheet .undo").get_by_role("link", name="Undo hand 3").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Undo hand 3: Mike +80, Yvonne +60?")
    status, _ = server.json("POST", f"/api/v1/matches/{made['id']}/hands", {"thrown_in": True},
                            {"Authorization": f"Bearer {made['edit_token']}"})
    assert status == 201
    page.get_by_role("button", name="Yes, undo hand 3").click()
    told = ("Another phone recorded hand 4 (thrown in) Yours: undo hand 3. "
            "Hand 3 is no longer the last hand that counts: nothing was undone.")
    expect(page.get_by_role("heading", level=1)).to_have_text(ASKED)
    expect(page.get_by_role("alert")).to_have_text(told, use_inner_text=True)
    expect(page.get_by_role("button")).to_have_count(0)  # hand 4 is not undone in its place
    page.get_by_role("link", name="Back to the sheet").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()  # the sheet, not the page left
    assert _hands(page) == [("1", False), ("2", False), ("3", False), ("4", False)]

    # So is a link from an out-of-date sheet, before it even asks.
    page.goto(f"{server.url}/m/{made['id']}/undo?number=3&revision=6")
    expect(page.get_by_role("alert")).to_have_text(told, use_inner_text=True)
    page.goto(f"{server.url}/m/{made['id']}/undo?number=3&revision=99")  # a revision the match never had
    expect(page.get_by_role("heading", level=1)).to_have_text(ASKED)
    # A link of the sheet as it is, for a hand that is not the last: refused at once, on the sheet.
    page.goto(f"{server.url}/m/{made['id']}/undo?number=3&revision=7")
    expect(page.locator("p.notice.problem[role=status]")).to_have_text(
        "The sheet changed on another phone: nothing was undone. Here is the sheet as it is now.")
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


def test_a_restore_the_engine_refuses_is_said_so(page: Page, server) -> None:
    # Klaberjass to 150: hand 1 voided, then hands 2 and 3 win the match (90 + 90).
    made = api_match(server, "klaberjass", ["Mike", "Yvonne"], [MADE, "void 1", MADE, MADE], rules={"target": 150})
    open_sheet(page, server, made)
    expect(page.locator(".scoreboard")).to_contain_text("Match over: Mike wins.")

    hand_row(page, 1).get_by_role("button", name="Restore hand 1").click()
    expect(page.get_by_role("status")).to_contain_text(
        "hand 1 was not restored: counted again, it would end the match before hand 3 (")
    assert _hands(page) == [("1", True), ("2", False), ("3", False)]
    assert totals(page) == ["180", "124"]
    shot(page, "restore-refused")


def test_a_void_from_an_out_of_date_sheet_voids_nothing(new_context, server) -> None:
    made = api_match(server, "bela", ["Mike", "Yvonne"], [MADE, YVONNE])
    page = new_context(java_script_enabled=False).new_page()  # no live refresh: the sheet stays as loaded
    open_sheet(page, server, made)
    row = hand_row(page, 1)
    # Meanwhile another phone records hand 3.
    status, _ = server.json("POST", f"/api/v1/matches/{made['id']}/hands", MIKE_70,
                            {"Authorization": f"Bearer {made['edit_token']}"})
    assert status == 201
    row.get_by_role("button", name="Void hand 1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "The sheet changed on another phone: nothing was voided yet.")
    expect(page.get_by_role("alert")).to_have_text(
        "Another phone recorded hand 3 (Mike +80, Yvonne +60) Yours: void hand 1.", use_inner_text=True)
    shot(page, "void-from-an-old-sheet-asks")
    page.get_by_role("link", name="No: back to the sheet").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()  # the sheet, not the page left
    assert _hands(page) == [("1", False), ("2", False), ("3", False)]
    assert totals(page) == ["220", "232"]
