"""Issue 22, two phones at one table, online: both open "Record hand 4" and both save, at about the same time.
Before, the second phone was told only that "another phone changed this match", its form turned into hand 5
with the same Save button, and one more tap recorded hand 5: the same hand twice. Now the second phone is asked,
in the table's words, side by side: what the other phone recorded, what its own hand scores; Keep both makes it
hand 5, Drop mine leaves the server with one hand 4."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import ARTIFACTS, fill_hand, open_sheet, shot, totals
from tests.support.servers import LiveServer, api_match, match_state

pytestmark = pytest.mark.browser

MADE = {"taker": 0, "card_points": [90, 62], "last_trick": 0}   # Mike 100, Yvonne 62


def _two_phones_at_hand_4(server: LiveServer, browser: Browser, context_args: dict[str, Any],
                          same: bool = False) -> tuple[dict[str, Any], Page, Page]:
    """A match with three hands; two phones (each with the scoring link) both save their own hand 4, the first
    one first. The second phone's page, as it answered."""
    made = api_match(server, "bela", ["Mike", "Yvonne"], (MADE, MADE, MADE))
    phones = []
    for _ in range(2):
        page = browser.new_context(**context_args).new_page()
        open_sheet(page, server, made)
        page.get_by_role("link", name=re.compile("^Record hand 4")).click()
        expect(page.get_by_role("heading", name="Hand 4")).to_be_visible()
        phones.append(page)
    first, second = phones
    fill_hand(first, "Yvonne", {"Mike": 40, "Yvonne": 112}, "Yvonne")
    if same:
        fill_hand(second, "Yvonne", {"Mike": 40, "Yvonne": 112}, "Yvonne")
    else:
        fill_hand(second, "Mike", {"Mike": 92, "Yvonne": 60}, "Mike")
    first.get_by_role("button", name="Save hand").click()
    expect(first.locator("#done")).to_contain_text("Recorded hand 4")
    second.get_by_role("button", name="Save hand").click()
    return made, first, second


def test_the_second_phone_is_asked_and_keep_both_makes_hand_5(server: LiveServer, browser: Browser,
                                                              browser_context_args: dict[str, Any]) -> None:
    made, first, second = _two_phones_at_hand_4(server, browser, browser_context_args)
    question = second.get_by_role("alert")
    expect(question).to_contain_text("Not saved yet: another phone changed this match while you were entering.")
    expect(question).to_contain_text("Another phone recorded hand 4 (Mike +40, Yvonne +122)")
    expect(question).to_contain_text("Yours: Mike +102, Yvonne +60.")
    keep = second.get_by_role("button", name="Keep both (yours becomes hand 5)")
    drop = second.get_by_role("button", name="Drop mine")
    expect(keep).to_be_in_viewport()  # both choices on the first screen, in the save bar at the thumb
    expect(drop).to_be_in_viewport()
    for button in (keep, drop):
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44
    expect(second.get_by_role("button", name="Save hand")).to_have_count(0)
    assert totals(second) == ["340", "308"]  # the score with the other phone's hand 4
    assert len(match_state(server, made["id"], made["edit_token"])["hands"]) == 4  # nothing saved yet
    second.evaluate("window.scrollTo(0, 0)")
    shot(second, "two-phones-second-asked")
    second.screenshot(path=str(ARTIFACTS / "two-phones-second-asked-first-screen.png"))  # what the phone shows

    keep.click()
    expect(second.locator("#done")).to_contain_text("Recorded hand 5")
    hands = match_state(server, made["id"], made["edit_token"])["hands"]
    assert [(h["number"], h["scores"]) for h in hands[3:]] == [(4, [40, 122]), (5, [102, 60])]
    first.reload()
    expect(first.locator("details.hand")).to_have_count(5)


def test_drop_mine_leaves_the_server_with_one_hand_4(server: LiveServer, browser: Browser,
                                                     browser_context_args: dict[str, Any]) -> None:
    made, _first, second = _two_phones_at_hand_4(server, browser, browser_context_args, same=True)
    expect(second.get_by_role("alert")).to_contain_text(
        "They are the same hand: drop yours unless it really was played twice.")
    shot(second, "two-phones-same-hand")
    second.get_by_role("button", name="Drop mine").click()
    expect(second.get_by_role("heading", name="Score sheet")).to_be_visible()
    expect(second.locator(".notice.saved")).to_have_text(
        "Yours was dropped: nothing was saved. The sheet shows the other phone's hand.")
    expect(second.locator("details.hand")).to_have_count(4)
    assert len(match_state(server, made["id"], made["edit_token"])["hands"]) == 4
    # The dropped hand is not put back when the next hand's form opens.
    second.get_by_role("link", name=re.compile("^Record hand 5")).click()
    expect(second.get_by_label("Mike: card points")).to_have_value("")


def test_without_javascript_the_same_question_and_choices(server: LiveServer, browser: Browser,
                                                          browser_context_args: dict[str, Any]) -> None:
    made, _first, second = _two_phones_at_hand_4(server, browser, {**browser_context_args,
                                                                     "java_script_enabled": False})
    expect(second.get_by_role("alert")).to_contain_text("Another phone recorded hand 4 (Mike +40, Yvonne +122)")
    shot(second, "two-phones-second-asked-no-javascript")
    second.get_by_role("button", name="Keep both (yours becomes hand 5)").click()
    expect(second.get_by_role("heading", name="Score sheet")).to_be_visible()
    assert len(match_state(server, made["id"], made["edit_token"])["hands"]) == 5
