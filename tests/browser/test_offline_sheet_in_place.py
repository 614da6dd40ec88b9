"""With no signal a hand saved on the phone lands on the kept sheet without a page load: the form's page shows the
kept sheet in its place (the History API), the engine that scored the hand draws it at once, the sheet's own
buttons work, and the browser's Back brings the form again. Real components: `scorekeeper serve`, Debian's
Chromium with its service worker, Cache Storage and IndexedDB, the engine in Pyodide, Playwright's offline mode."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.support.browser import KEEPS_FOR_NO_SIGNAL, fill_hand, record, shot, start_match
from tests.support.servers import LiveServer

pytestmark = [pytest.mark.browser, KEEPS_FOR_NO_SIGNAL]

READY = 60_000


def test_a_hand_saved_with_no_signal_shows_the_kept_sheet_in_the_forms_place(
        ready_page: Page, ready_phone: BrowserContext, server: LiveServer) -> None:
    page, context = ready_page, ready_phone
    start_match(page, server.url, "Bela", ["Mike", "Yvonne"])
    record(page, "Mike", {"Mike": 100, "Yvonne": 52}, "Mike")
    page.set_default_timeout(READY)
    expect(page.locator("#offline-ready")).to_have_attribute("data-ready", "yes", timeout=3 * READY)
    sheet = page.url.split("?")[0]

    context.set_offline(True)
    page.goto(sheet)
    expect(page.locator("#offline-sheet #live")).to_have_attribute("data-drawn", "yes", timeout=3 * READY)
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    fill_hand(page, "Yvonne", {"Mike": 40, "Yvonne": 112}, "Yvonne")
    expect(page.locator("#save-why")).to_contain_text("If you save now", timeout=READY)
    page.evaluate("() => { window.formPage = 'still here'; }")
    engine = page.evaluate("() => window.scorekeeperEngine.instance")
    form_title = page.title()
    page.get_by_role("button", name="Save hand").click()

    # The sheet, drawn by the same engine in the same page: no page load between.
    expect(page).to_have_url(re.compile(r"/m/[^/?]+\?saved=2$"))
    expect(page.locator("#offline-sheet #live")).to_have_attribute("data-drawn", "yes", timeout=READY)
    expect(page.locator("#live .done-line")).to_contain_text("Recorded hand 2")
    expect(page.locator("#live #hand-2.unsent")).to_be_visible()
    phone = [t.strip() for t in page.locator(".scoreboard [data-total]").all_inner_texts()]
    assert page.evaluate("() => window.formPage") == "still here"
    assert page.evaluate("() => window.scorekeeperEngine.instance") == engine
    assert page.locator("#hand-form").count() == 0
    assert page.title() != form_title
    shot(page, "offline-sheet-in-place")

    # The sheet's own buttons: its dialogs (sheet.js, which the form's page had not) ask before an undo.
    page.locator("#live a[data-undo]").first.click()
    expect(page.locator("#confirm-undo")).to_be_visible()
    page.get_by_role("button", name="No, keep it").click()
    expect(page.locator("#confirm-undo")).to_be_hidden()

    # Record hand: the kept form in the sheet's place, the same page and engine again, for hand 3.
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    expect(page.locator("#hand-form")).to_be_visible(timeout=READY)
    expect(page).to_have_url(re.compile(r"/m/[^/?]+/hand$"))
    expect(page.locator(".hand-head h1")).to_contain_text("3")
    fill_hand(page, "Mike", {"Mike": 90, "Yvonne": 62}, "Mike")
    expect(page.locator("#save-why")).to_contain_text("If you save now", timeout=READY)
    assert page.evaluate("() => window.formPage") == "still here"
    page.get_by_role("button", name="Save hand").click()
    expect(page).to_have_url(re.compile(r"/m/[^/?]+\?saved=3$"))
    expect(page.locator("#live .done-line")).to_contain_text("Recorded hand 3", timeout=READY)
    expect(page.locator("#live .hand.unsent")).to_have_count(2)
    phone = [t.strip() for t in page.locator(".scoreboard [data-total]").all_inner_texts()]
    assert page.evaluate("() => window.formPage") == "still here"
    assert page.evaluate("() => window.scorekeeperEngine.instance") == engine
    # The sheet's dialogs still ask (sheet.js, loaded once, finds them when tapped).
    page.locator("#live a[data-undo]").first.click()
    expect(page.locator("#confirm-undo")).to_be_visible()
    page.get_by_role("button", name="No, keep it").click()
    expect(page.locator("#confirm-undo")).to_be_hidden()

    # Back: the form again, shown in the same page, for the next hand; and Back again, the sheet before.
    page.go_back()
    expect(page.locator("#hand-form")).to_be_visible(timeout=READY)
    expect(page).to_have_url(re.compile(r"/m/[^/?]+/hand"))
    assert page.evaluate("() => window.formPage") == "still here"
    page.go_back()
    expect(page.locator("#offline-sheet #live")).to_have_attribute("data-drawn", "yes", timeout=READY)
    expect(page.locator("#live .hand.unsent")).to_have_count(2)
    assert page.evaluate("() => window.formPage") == "still here"
    # Each script ran once in the tab: the form's script bound the form shown, once.
    assert page.evaluate("() => window.scorekeeperMounts.length") == len(set(page.evaluate(
        "() => window.scorekeeperMounts.map(String)")))
    # And forward to a sheet that still has the hand, once.
    page.goto(sheet)
    expect(page.locator("#offline-sheet #live")).to_have_attribute("data-drawn", "yes", timeout=READY)
    expect(page.locator("#live .hand.unsent")).to_have_count(2)

    # The signal back: the server's own sheet, with the hand once and the totals the phone showed.
    context.set_offline(False)
    expect(page.locator("#offline-sheet")).to_have_count(0, timeout=3 * READY)
    expect(page.locator("#live-status")).to_be_visible()
    expect(page.locator("#live .scoreboard [data-total='0']")).to_have_text(phone[0], timeout=READY)
    assert [t.strip() for t in page.locator("#live .scoreboard [data-total]").all_inner_texts()] == phone
    assert page.locator("#live details.hand").count() == 3
