"""Phone habits: Share buttons for the links (the share sheet, or a copy), and the screen kept awake on
the board and the sheet. (The running-totals chart scaled to the game's target: tests/pages/test_charts.py.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.support.servers import LiveServer

FAKE_SHARE = """
window.__shared = [];
navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
"""
NO_SHARE = "delete Navigator.prototype.share; navigator.share = undefined;"
FAKE_WAKE_LOCK = """
window.__wake = { requests: 0, sentinels: [] };
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: { request(kind) {
  window.__wake.requests += 1;
  const sentinel = new EventTarget();
  sentinel.type = kind;
  sentinel.release = () => { sentinel.dispatchEvent(new Event("release")); return Promise.resolve(); };
  window.__wake.sentinels.push(sentinel);
  return Promise.resolve(sentinel);
} } });
"""


def new_match(server: LiveServer) -> dict[str, Any]:
    status, body = server.json("POST", "/api/v1/matches", {"variant": "bela", "players": ["Mike", "Yvonne"]})
    assert status == 201
    return dict(body)


@pytest.mark.browser
def test_share_the_board_through_the_phones_share_sheet(new_context: Any, server: LiveServer) -> None:
    body = new_match(server)
    context = new_context()
    context.add_init_script(FAKE_SHARE)
    page = context.new_page()
    page.goto(f"{server.url}/board/{body['view_token']}")
    page.get_by_role("button", name="Share the board").click()
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == f"{server.url}/board/{body['view_token']}"
    assert shared["title"] == "Board: Mike v Yvonne"


@pytest.mark.browser
def test_without_a_share_sheet_the_link_is_copied(new_context: Any, server: LiveServer) -> None:
    body = new_match(server)
    context = new_context(permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script(NO_SHARE)
    page = context.new_page()
    page.goto(f"{server.url}/board/{body['view_token']}")
    page.get_by_role("button", name="Share the board").click()
    expect(page.locator(".board-link [data-share-status]")).to_have_text("✓ Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{server.url}/board/{body['view_token']}"


@pytest.mark.browser
def test_the_scoring_link_shown_once_can_be_shared(new_context: Any, server: LiveServer) -> None:
    context = new_context()
    context.add_init_script(FAKE_SHARE)
    page = context.new_page()
    page.goto(server.url + "/")
    page.get_by_role("textbox", name=re.compile("^Seat 1")).fill("Mike")
    page.get_by_role("textbox", name=re.compile("^Seat 2")).fill("Yvonne")
    page.get_by_role("button", name="Start the match").click()
    key = page.locator(".notice.key a.link-text").get_attribute("href")
    assert key and "/join?key=" in key
    page.get_by_role("button", name="Share the scoring link").click()
    page.wait_for_function("window.__shared.length === 1")
    assert page.evaluate("window.__shared[0].url") == key


@pytest.mark.browser
def test_share_buttons_stay_hidden_without_javascript(new_context: Any, server: LiveServer) -> None:
    body = new_match(server)
    page = new_context(java_script_enabled=False).new_page()
    page.goto(f"{server.url}/board/{body['view_token']}")
    expect(page.get_by_role("button", name="Share the board")).to_have_count(0)  # hidden: not offered
    expect(page.locator(".board-link a.link-text")).to_have_text(f"{server.url}/board/{body['view_token']}")


@pytest.mark.browser
def test_the_board_and_the_sheet_keep_the_screen_awake(new_context: Any, server: LiveServer) -> None:
    body = new_match(server)
    context = new_context()
    context.add_init_script(FAKE_WAKE_LOCK)
    page = context.new_page()
    page.goto(f"{server.url}/board/{body['view_token']}")
    page.wait_for_function("document.documentElement.dataset.awake === 'on'")
    assert page.evaluate("window.__wake.requests") == 1
    assert page.evaluate("window.__wake.sentinels[0].type") == "screen"
    # The browser lets go of the lock when the page is hidden; shown again, the page asks again.
    page.evaluate("window.__wake.sentinels[0].release()")
    page.wait_for_function("document.documentElement.dataset.awake === 'off'")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("window.__wake.requests === 2 && document.documentElement.dataset.awake === 'on'")
    # The score sheet too; the start page does not hold the screen on.
    page.goto(f"{server.url}/m/{body['id']}/join?key={body['edit_token']}")
    page.wait_for_function("document.documentElement.dataset.awake === 'on'")
    page.goto(server.url + "/")
    page.wait_for_load_state("load")
    assert page.evaluate("window.__wake.requests") == 0


@pytest.mark.browser
def test_without_the_wake_lock_api_nothing_breaks(page: Page, server: LiveServer) -> None:
    body = new_match(server)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script("delete Navigator.prototype.wakeLock;")
    page.goto(f"{server.url}/board/{body['view_token']}")
    expect(page.get_by_role("heading", name="Last hands")).to_be_visible()
    assert errors == [] and page.evaluate("document.documentElement.dataset.awake") is None
