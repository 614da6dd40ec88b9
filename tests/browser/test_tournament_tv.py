"""The venue screen on a 720p TV (1280×720, ``?tv=1``): a Quick tournament mid-way (8 players, knockout with new
partners every round; round 1 over, the final under way), its standings read in full: no line cut short with
"…", every entry's points on screen.

SCOREKEEPER_SCREENSHOTS=1 also writes docs/screenshots/venue-tv-after-1280x720.png (never written by
`make test`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser.test_tournament_night import (
    EIGHT,
    LIVE,
    REDOUBLED,
    REDOUBLED_VALAT,
    SCREENSHOTS,
    Organizer,
    cut_standings,
    write_screenshots,
)
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser

TV_720 = {"width": 1280, "height": 720}


@pytest.fixture
def tv_720(browser: Browser) -> Iterator[BrowserContext]:
    """A 720p TV: landscape, no touch, its own browser."""
    context = browser.new_context(viewport=TV_720, device_scale_factor=1)
    yield context
    context.close()


def final_under_way(server: LiveServer) -> Organizer:
    """Round 1 played out at both tables, the final drawn and its first hand recorded."""
    organizer = Organizer(server)
    organizer.register(EIGHT)
    organizer.next_round()
    for table in organizer.tables():
        organizer.hand(table, REDOUBLED_VALAT)
        organizer.hand(table, REDOUBLED)
    organizer.next_round()
    final, = organizer.tables()
    organizer.hand(final, {"taker": 1, "contract": "spades", "card_points": [None, 82], "last_trick": 1})
    return organizer


def test_the_standings_read_in_full_on_a_720p_tv(tv_720: BrowserContext, server: LiveServer) -> None:
    organizer = final_under_way(server)
    venue = tv_720.new_page()
    venue.goto(organizer.screen + "?tv=1")
    expect(venue.locator("#live-status")).to_have_text(LIVE, timeout=10_000)
    lines = venue.locator(".venue-standings .standings li")
    expect(lines).to_have_count(8)
    if write_screenshots():
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        venue.screenshot(path=str(SCREENSHOTS / "venue-tv-after-1280x720.png"))
    fits = venue.evaluate("[document.documentElement.scrollHeight, window.innerHeight]")
    assert fits[0] <= fits[1] == TV_720["height"], f"the TV must not scroll: {fits}"
    cut = cut_standings(venue)
    assert cut == [], f"standings lines cut short: {cut}"
    for line in lines.all():
        figures = line.locator(".figures")
        expect(figures).to_contain_text("points")
        box, row = figures.bounding_box(), line.bounding_box()
        assert box and row and box["x"] + box["width"] <= row["x"] + row["width"] + 1, f"points cut: {box} {row}"
        assert box["x"] + box["width"] <= TV_720["width"] and box["y"] + box["height"] <= TV_720["height"]
