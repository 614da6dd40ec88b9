"""The Content-Security-Policy (no inline script, no style attribute) breaks no page.

Chromium says every blocked script, style or connection in the console ("Refused to … because it violates the
following Content Security Policy directive") and fires ``securitypolicyviolation`` in the page: a phone walks
the main pages, uses their scripts (the start page's games, the hand form, the sheet's Undo and its live update,
the board, the club's chart, the refused sheet's key link) and neither is seen once.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect

from tests.support.browser import KEEPS_FOR_NO_SIGNAL, WITH_SERVICE_WORKER, fill_hand, record, start_match
from tests.support.servers import LiveServer, api_match

pytestmark = [pytest.mark.browser, KEEPS_FOR_NO_SIGNAL]

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline") + " at " +
                           document.location.pathname);
});
"""
"""Run before each page's own scripts (Playwright's init scripts are not the page's, the policy lets them)."""


class Watched:
    """What the browser said about the policy while the phone walked the pages."""

    def __init__(self, context: BrowserContext) -> None:
        self.console: list[str] = []
        self.errors: list[str] = []
        context.add_init_script(WATCH)
        context.on("console", self._console)
        context.on("weberror", lambda error: self.errors.append(str(error.error)))

    def _console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.console.append(f"{message.type}: {message.text}")

    def check(self, page: Page) -> None:
        violations = page.evaluate("window.__violations || []")
        assert not violations, f"CSP violations on {page.url}: {violations}"
        assert not self.console, f"the console reported CSP violations: {self.console}"
        assert not self.errors, f"script errors: {self.errors}"


def _visit(page: Page, watched: Watched, url: str, heading: str | re.Pattern[str]) -> None:
    page.goto(url)
    expect(page.get_by_role("heading", name=heading).first).to_be_visible()
    watched.check(page)


def test_the_main_pages_run_their_scripts_without_a_policy_violation(
        page: Page, context: BrowserContext, server: LiveServer, browser_context_args: dict[str, Any]) -> None:
    watched = Watched(context)
    base = server.url

    # The start page (its script fills the house rules of the game chosen), then a match started from it.
    _visit(page, watched, base + "/", re.compile("Start a match|scorekeeper"))
    start_match(page, base, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    watched.check(page)
    sheet = page.url

    # The hand form's script (chips, the bar that says what saving will score, the live preview), then saved.
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    fill_hand(page, "Mike", {"Mike": 65, "Yvonne": 60}, "Mike")
    expect(page.locator("body")).to_contain_text("Mike")
    watched.check(page)
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    record(page, "Yvonne", {"Mike": 50, "Yvonne": 61}, "Yvonne")
    watched.check(page)

    # The sheet's Undo asks in a dialog (sheet.js); the share button (share.js); printing.
    page.get_by_role("link", name=re.compile("^Undo")).first.click()
    dialog = page.locator("#confirm-undo")
    expect(dialog).to_be_visible()
    dialog.locator("[data-no]").click()
    watched.check(page)
    _visit(page, watched, sheet + "?print=1", "Score sheet")

    # The live sheet: a hand recorded elsewhere (the API) is fetched into the page (live.js).
    made = api_match(server, "bela-3", ["Ann", "Bob", "Cy"])
    page.goto(f"{base}/m/{made['id']}/join?key={made['edit_token']}")
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    expect(page.locator("#live-status")).to_contain_text("Live", timeout=10_000)
    status, body = server.json("GET", "/api/v1/variants")
    assert status == 200
    api_match_hand = {"taker": 0, "card_points": [80, 40, 32], "last_trick": 0}
    status, body = server.json("POST", f"/api/v1/matches/{made['id']}/hands", api_match_hand,
                               {"Authorization": f"Bearer {made['edit_token']}"})
    assert status == 201, body
    expect(page.locator("#hand-1")).to_be_visible(timeout=10_000)
    watched.check(page)

    # The board, its TV layout and its rules; the match's rules; the rule book; the referee.
    board = f"{base}/board/{made['view_token']}"
    _visit(page, watched, board, "Last hands")
    _visit(page, watched, board + "?tv=1", re.compile("."))
    _visit(page, watched, f"{base}/m/{made['id']}/rules", re.compile("rules", re.I))
    _visit(page, watched, base + "/rules", re.compile("rule", re.I))
    _visit(page, watched, base + "/rules/bela", re.compile("Bela"))
    for path in ("/referee/melds", "/referee/cards", "/referee/legal-plays", "/referee/roem"):
        _visit(page, watched, base + path, re.compile("."))

    # A club: its page with its link's QR code, statistics, a player's chart; the phone's matches.
    page.goto(base + "/clubs/new")
    page.get_by_label("Name of the club").fill("The Anchor")
    page.get_by_label("Players (optional, one a line)").fill("Mike\nYvonne")
    page.get_by_role("button", name="Start the club").click()
    expect(page.get_by_role("heading", name="The Anchor")).to_be_visible()
    watched.check(page)
    club = page.url
    _visit(page, watched, club + "/stats", re.compile("."))
    _visit(page, watched, club + "/players/Mike", re.compile("Mike"))
    _visit(page, watched, club + "/head-to-head", re.compile("."))
    _visit(page, watched, base + "/matches", re.compile("."))

    # A side's confirmation page, and the error pages (the refused sheet carries the key link's script).
    page.goto(sheet)
    confirm = page.locator("a[href*='/c/']").first.get_attribute("href")
    assert confirm
    _visit(page, watched, confirm, re.compile("."))
    _visit(page, watched, base + "/nothing-here", "Not found")
    assert context.browser is not None
    stranger = context.browser.new_context(**{**browser_context_args, **WITH_SERVICE_WORKER})
    try:
        other = Watched(stranger)
        refused = stranger.new_page()
        _visit(refused, other, f"{base}/m/{made['id']}#{made['edit_token']}", "Score sheet")
    finally:
        stranger.close()
