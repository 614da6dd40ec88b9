"""The organizer's phone on the organizer's page of a Quick tournament (8 players, knockout with new partners
every round): the page follows the tables as their hands are recorded on the tables' own phones, without a
reload, and keeps what the organizer is in the middle of (a table's decision half typed, its details open)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_tournament_night import EIGHT, LIVE, REDOUBLED, REDOUBLED_VALAT, OrganizerPhone
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser


def test_the_organizers_page_follows_the_tables_live(page: Page, server: LiveServer) -> None:
    organizer = OrganizerPhone(page, server)
    organizer.create("Friday Belote", 12345)
    organizer.register(EIGHT)
    organizer.press("Draw round 1")
    first, second = organizer.tables()
    expect(page.locator("#live-status")).to_have_text(LIVE, timeout=10_000)
    page.evaluate("window.organizerMarker = 'the same page all round'")
    names = " v ".join(first["names"])

    # A hand at table 1, recorded on the table's phone: the organizer's page shows it.
    organizer.hand(first, REDOUBLED_VALAT)
    expect(page.locator("#table-1 h3")).to_have_text(f"Table 1: {names} — 100 : 0, playing", timeout=10_000)

    # The organizer starts deciding table 2 (its details open, a reason half typed) while table 1 plays on: what
    # the organizer typed stays, and the page catches up once the field is left.
    page.locator("#table-2 .decide summary").click()
    reason = page.locator("#reason-2")
    reason.fill("Yvonne has not come back")
    organizer.hand(first, REDOUBLED)
    page.wait_for_timeout(2_500)
    expect(reason).to_have_value("Yvonne has not come back")
    expect(reason).to_be_focused()
    page.locator("#tables h2").click()  # the field left
    expect(page.locator("#table-1 h3")).to_have_text(f"Table 1: {names} — 164 : 0, won by {first['names'][0]}",
                                                     timeout=10_000)
    expect(page.locator("#table-2 .decide")).to_have_attribute("open", "")
    expect(page.locator("#reason-2")).to_have_value("Yvonne has not come back")

    # Table 2 plays out too: the round is over, the standings show and the draw of round 2 is a tap away.
    organizer.hand(second, REDOUBLED_VALAT)
    organizer.hand(second, REDOUBLED)
    expect(page.locator("#table-2 h3")).to_contain_text(f"won by {second['names'][0]}", timeout=10_000)
    expect(page.locator("#standings")).to_contain_text("Standings")
    expect(page.get_by_role("button", name="Draw round 2")).to_be_visible()
    assert page.evaluate("window.organizerMarker") == "the same page all round"  # never reloaded
    organizer.press("Draw round 2")
    assert len(organizer.tables()) == 1
