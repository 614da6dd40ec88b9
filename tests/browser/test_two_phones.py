"""Both open "Record hand 4" and both save, at about the same time.
Before, the second phone was told only that "another phone changed this match", its form turned into hand 5
with the same Save button, and one more tap recorded hand 5: the same hand twice. Now the second phone is asked,
in the table's words, side by side: what the other phone recorded, what its own hand scores; Keep both makes it
hand 5, Drop mine leaves the server with one hand 4."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

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


# ---- Two phones, one of them with no signal: three hands waiting behind one hand of the other phone.

READY = 60_000
"""The engine's first download and start on this machine: generous (see tests/browser/test_offline.py)."""
THREE_G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
"""A pub's 3G (bytes per second, as CDP takes them)."""
TAKEN = [{"taker": n % 2, "card_points": [90, 62] if n % 2 == 0 else [62, 90], "last_trick": n % 2} for n in range(9)]
"""Nine hands, the taker turn about, each made (a long match: nobody near the target)."""


def _three_hands_behind_hand_10(server: LiveServer, page: Page, context: BrowserContext) -> tuple[dict[str, Any], Page]:
    """A match of nine hands; this phone (ready for no signal) records hands 10 to 12 with none while another
    phone records hand 10 with a signal; then the signal is back, on a slow network."""
    made = api_match(server, "bela", ["Mike", "Yvonne"], tuple(TAKEN), rules={"target": 5001})
    page.set_default_timeout(READY)
    open_sheet(page, server, made)
    expect(page.locator("#offline-ready")).to_have_attribute("data-ready", "yes", timeout=3 * READY)
    context.set_offline(True)
    page.goto(f"{server.url}/m/{made['id']}")
    expect(page.locator("#offline-sheet")).to_be_visible()
    for points in ({"Mike": 100, "Yvonne": 52}, {"Mike": 40, "Yvonne": 112}, {"Mike": 81, "Yvonne": 71}):
        page.get_by_role("link", name=re.compile("^Record hand")).click()
        fill_hand(page, "Mike", points, "Mike")
        expect(page.locator("#save-why")).to_contain_text("If you save now", timeout=READY)
        time.sleep(1)
        page.get_by_role("button", name="Save hand").click()
        expect(page.locator("#offline-sheet")).to_be_visible()
    expect(page.locator("#live .hand.unsent")).to_have_count(3, timeout=READY)
    status, body = server.json("POST", f"/api/v1/matches/{made['id']}/hands",
                               {"taker": 1, "card_points": [50, 102], "last_trick": 1},
                               {"Authorization": f"Bearer {made['edit_token']}"})
    assert status == 201 and body["number"] == 10, body
    context.set_offline(False)
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", THREE_G)
    return made, page


def test_three_hands_behind_another_phones_hand_are_one_question_on_the_first_screen(
        server: LiveServer, ready_page: Page, ready_phone: BrowserContext) -> None:
    made, page = _three_hands_behind_hand_10(server, ready_page, ready_phone)
    question = page.locator("#outbox .outbox-question")
    expect(question).to_have_count(1, timeout=READY)
    expect(question).to_contain_text("Another phone recorded hand 10 (Mike +50, Yvonne +112)", timeout=READY)
    assert question.inner_text().count("Another phone") == 1
    # This phone's three hands beside it, numbered as they would be if both are kept.
    expect(question).to_contain_text("Yours, not sent yet: hand 11: Mike +110, Yvonne +52; hand 12: Mike +0, "
                                     "Yvonne +162; hand 13: Mike +91, Yvonne +71.", timeout=READY)
    keep = page.get_by_role("button", name="Keep both (yours become hands 11 to 13)")
    drop = page.get_by_role("button", name="Drop mine")
    # On the first screen, above everything else that can be tapped: no Record button until the table answers.
    page.evaluate("window.scrollTo(0, 0)")
    for button in (keep, drop):
        expect(button).to_be_in_viewport()
    expect(page.locator("#live .sheet-actions")).to_be_hidden()
    expect(page.locator(".record-waits")).to_be_visible()
    assert question.bounding_box()["y"] < page.locator(".scoreboard").bounding_box()["y"]
    expect(page.locator("#outbox .outbox-line")).not_to_contain_text("They go by themselves")
    expect(page.locator("#outbox .outbox-line")).to_contain_text("Not sent yet: 3.")
    expect(page.locator("#offline-status")).not_to_contain_text("The signal is back")
    # The totals are the server's (the other phone's hand 10 in them, none of this phone's three).
    server_totals = [str(t) for t in match_state(server, made["id"], made["edit_token"])["totals"]]
    expect(page.locator(".scoreboard [data-total='0']")).to_have_text(server_totals[0], timeout=READY)
    expect(page.locator(".scoreboard [data-total='1']")).to_have_text(server_totals[1])
    expect(page.locator("#live .hand")).to_have_count(10)
    expect(page.locator("#live .hand.unsent")).to_have_count(0)
    page.screenshot(path=str(ARTIFACTS / "two-phones-offline-asked-once-first-screen.png"))

    keep.click()
    # The server's own sheet (its live status line), not the phone's drawing of it.
    expect(page.locator("#offline-sheet")).to_have_count(0, timeout=READY)
    expect(page.locator("#live-status")).to_be_visible(timeout=READY)
    hands = match_state(server, made["id"], made["edit_token"])["hands"]
    assert [(h["number"], h["input"]["card_points"]) for h in hands[9:]] == [
        (10, [50, 102]), (11, [100, 52]), (12, [40, 112]), (13, [81, 71])]
    expect(page.locator("#live #hand-13")).to_be_visible()


def test_drop_mine_drops_every_hand_behind_the_other_phones(
        server: LiveServer, ready_page: Page, ready_phone: BrowserContext) -> None:
    made, page = _three_hands_behind_hand_10(server, ready_page, ready_phone)
    expect(page.locator("#outbox .outbox-question")).to_contain_text("Another phone recorded hand 10", timeout=READY)
    # The table opens the sheet again before answering: the server's own sheet asks the same question at its top,
    # and offers no Record button until it is answered.
    page.reload()
    # The server's own sheet (its live status line), not the phone's drawing of it.
    expect(page.locator("#offline-sheet")).to_have_count(0, timeout=READY)
    expect(page.locator("#live-status")).to_be_visible(timeout=READY)
    question = page.locator("#outbox .outbox-question")
    expect(question).to_contain_text("Another phone recorded hand 10 (Mike +50, Yvonne +112)", timeout=READY)
    expect(page.locator("#live .sheet-actions")).to_be_hidden()
    expect(page.locator("#live .record-waits")).to_be_visible()
    expect(page.get_by_role("button", name="Drop mine")).to_be_in_viewport()
    shot(page, "two-phones-offline-asked-on-the-server-sheet")
    page.get_by_role("button", name="Drop mine").click()
    expect(page.locator("#live .sheet-actions")).to_be_visible(timeout=READY)
    expect(page.locator("#outbox")).to_contain_text("Dropped on this phone")
    assert len(match_state(server, made["id"], made["edit_token"])["hands"]) == 10
    expect(page.locator("#live #hand-10")).to_be_visible()
    expect(page.locator("#live #hand-11")).to_have_count(0)
