"""The live board, shared by QR code: a watcher's phone follows the score sheet without reloading, the TV
layout, no edit key anywhere on the board, and a board that lost its connection says how old its figures are."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support.browser import clock_seconds, record, shot, start_match, totals
from tests.support.servers import LiveServer, stop_server

pytestmark = pytest.mark.browser

CLOCK = r"(\d\d:\d\d:\d\d(?:\s?[AP]M)?)"
"""A time as the browser's locale writes it (the test browser's is en-US: ``05:34:47 AM``)."""
LIVE = re.compile(rf"^● Live: updates as each hand is recorded \(last at {CLOCK}\)\.$")
LOST = re.compile(rf"^⚠ Last update {CLOCK} \((\d+) s ago\) — reconnecting…$")



@pytest.fixture
def second(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """Another phone at the table (its own cookies: it never started the match)."""
    context = browser.new_context(**browser_context_args)
    yield context
    context.close()


def board_link(sheet: Page) -> str:
    """The board URL the sheet shares: the link under its QR code."""
    link = sheet.locator("#share .qr-box figcaption a")
    href = link.get_attribute("href")
    assert href is not None and href == link.inner_text().strip()
    return href


def edit_key(sheet: Page) -> str:
    """The edit token, from the scoring code the sheet shows only after its confirmation button."""
    sheet.locator("#scoring summary").click()
    sheet.get_by_role("button", name="Yes, show the scoring code").click()
    href = sheet.locator("#scoring details .qr-box figcaption a").get_attribute("href")
    assert href is not None
    key = parse_qs(urlsplit(href).query)["key"][0]
    assert len(key) >= 16
    return key


def live_since(page: Page) -> str:
    """Waits for the board to say it is live; the time of its figures."""
    status = page.locator("#live-status")
    expect(status).to_have_text(LIVE, timeout=10_000)
    match = LIVE.match(status.inner_text().strip())
    assert match is not None
    return match.group(1)


def assert_side_by_side(page: Page, width: int) -> None:
    """Landscape: the status line on top, then the score (most of the width) with the last hands beside it."""
    status, score = page.locator("#live-status").bounding_box(), page.locator(".scoreboard").bounding_box()
    last = page.locator(".last-hands").bounding_box()
    assert status and score and last
    assert status["y"] + status["height"] <= score["y"], "the status line is above the score"
    assert score["width"] > width * 0.45, f"the score fills most of the screen: {score}"
    assert last["x"] >= score["x"] + score["width"] and abs(last["y"] - score["y"]) < 100, (score, last)
    for side in page.locator(".scoreboard .side").all():
        box, total = side.bounding_box(), side.locator(".total").bounding_box()
        assert box and total and total["x"] + total["width"] <= box["x"] + box["width"], "a total overflows its box"


def test_the_board_follows_the_sheet_without_reloading(page: Page, second: BrowserContext, server: LiveServer,
                                                       browser: Browser, browser_context_args: dict[str, Any]) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    url = board_link(page)
    assert url.startswith(server.url + "/board/")

    board = second.new_page()
    board.goto(url)
    expect(board.get_by_role("heading", name="Last hands")).to_be_visible()
    assert totals(board) == ["0", "0"]
    live_since(board)
    board.evaluate("window.boardMarker = 'still the same page'")
    navigations: list[str] = []
    board.on("framenavigated", lambda frame: navigations.append(frame.url))

    # RULES.md §9.1: taker 65 against 60 with the last trick: 75 to 60, made.
    record(page, "Mike", {"Mike": 65, "Yvonne": 60}, "Mike")
    assert totals(page) == ["75", "60"]
    expect(board.locator(".scoreboard [data-total='0']")).to_have_text("75", timeout=10_000)
    expect(board.locator(".scoreboard [data-total='1']")).to_have_text("60")
    expect(board.locator(".last-hands")).to_contain_text("Hand 1")
    assert board.evaluate("window.boardMarker") == "still the same page"
    assert navigations == []
    live_since(board)
    shot(board, "live-board-phone")
    shot(page, "live-sheet-phone")

    # The TV layout on a landscape screen follows too.
    tv_context = browser.new_context(**{**browser_context_args, "viewport": {"width": 1280, "height": 720},
                                        "is_mobile": False, "has_touch": False, "device_scale_factor": 1})
    try:
        tv = tv_context.new_page()
        tv.goto(url + "?tv=1")
        expect(tv.locator("body.tv")).to_have_count(1)
        live_since(tv)
        tv.evaluate("window.boardMarker = 'tv'")
        record(page, "Yvonne", {"Mike": 50, "Yvonne": 61}, "Yvonne")
        expected = totals(page)
        assert expected != ["75", "60"]
        expect(tv.locator(".scoreboard [data-total='1']")).to_have_text(expected[1], timeout=10_000)
        expect(board.locator(".scoreboard [data-total='1']")).to_have_text(expected[1], timeout=10_000)
        assert tv.evaluate("window.boardMarker") == "tv"
        assert board.evaluate("window.boardMarker") == "still the same page"
        assert_side_by_side(tv, 1280)
        shot(tv, "live-board-tv")
    finally:
        tv_context.close()


def test_the_board_never_shows_the_edit_key(page: Page, second: BrowserContext, server: LiveServer) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    url = board_link(page)
    key = edit_key(page)
    assert key in page.content()  # the scorer asked for it

    board = second.new_page()
    seen: list[str] = []
    board.on("response", lambda response: seen.append(response.url))
    board.goto(url)
    live_since(board)
    record(page, "Mike", {"Mike": 65, "Yvonne": 60}, "Mike")
    expect(board.locator(".scoreboard [data-total='0']")).to_have_text("75", timeout=10_000)
    assert key not in board.content()
    assert any(u.endswith("/live") for u in seen), seen  # the partial it fetched is in the page now
    for address in (url, url + "?tv=1", url + "/live"):
        answer = board.request.get(address)
        assert answer.ok and key not in answer.text(), address
    # Nor does the board's own JSON, whose events the board listens to.
    view_token = url.rstrip("/").rsplit("/", 1)[1]
    answer = board.request.get(f"{server.url}/api/v1/boards/{view_token}")
    assert answer.ok and key not in answer.text()


def test_a_board_that_lost_its_connection_says_how_old_its_figures_are(
        page: Page, second: BrowserContext, own_server: LiveServer) -> None:
    server = own_server  # stopped below: not the session's
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    url = board_link(page)
    board = second.new_page()
    board.goto(url)
    record(page, "Mike", {"Mike": 65, "Yvonne": 60}, "Mike")
    expect(board.locator(".scoreboard [data-total='0']")).to_have_text("75", timeout=10_000)
    since = live_since(board)

    stop_server(server)
    stopped = board.evaluate("new Date().toLocaleTimeString([], {hour: '2-digit', minute: '2-digit', "
                             "second: '2-digit'})")
    status = board.locator("#live-status")
    expect(status).to_have_text(LOST, timeout=15_000)
    expect(status).to_have_class(re.compile(r"\blost\b"))
    lost = LOST.match(status.inner_text().strip())
    # The last update is the last time the board heard from the server: its figures were right then.
    assert lost is not None and clock_seconds(since) <= clock_seconds(lost.group(1)) <= clock_seconds(stopped)
    # It keeps counting how old the figures are while it tries again.
    expect(status).to_have_text(re.compile(r"\((?:[5-9]|\d\d+) s ago\)"), timeout=15_000)
    assert totals(board) == ["75", "60"]
    shot(board, "live-board-connection-lost")


def test_a_blocked_event_stream_is_reported_at_once(page: Page, second: BrowserContext, server: LiveServer) -> None:
    """A board opened where the event stream cannot get through (a proxy, a captive portal): it says so."""
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    url = board_link(page)
    board = second.new_page()
    board.route(re.compile(r"/api/v1/boards/[^/]+/events"), lambda route: route.abort())
    board.goto(url)
    expect(board.locator("#live-status")).to_have_text(LOST, timeout=10_000)
    assert totals(board) == ["0", "0"]


def test_a_slow_first_connection_is_not_called_lost(page: Page, second: BrowserContext, server: LiveServer) -> None:
    """A board whose event stream takes a few seconds to answer (a slow phone, a slow network) has lost nothing:
    until its first attempt fails or runs out of patience (5 s), it keeps saying what is true, the time of its
    figures, not "reconnecting"; past that it says so; then it goes live when the stream answers."""
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    url = board_link(page)
    board = second.new_page()
    held: list[Any] = []
    board.route(re.compile(r"/api/v1/boards/[^/]+/events"), lambda route: held.append(route))
    # The page's time stands still from the start, but for 3 s: three of its once-a-second checks, within the
    # first attempt's patience, however slow the machine running the test.
    board.clock.pause_at(time.time())  # Unix time in seconds, as Playwright for Python takes it
    board.goto(url)
    status = board.locator("#live-status")
    expect(status).to_have_text(re.compile(r"^Figures as of "))
    board.wait_for_function("() => document.readyState === 'complete'")
    board.clock.run_for(3000)
    assert held, "the stream was not asked for"
    expect(status).to_have_text(re.compile(r"^Figures as of "))
    # Past the first attempt's patience it has cause: it says how old its figures are, and tries again.
    board.clock.run_for(3000)
    expect(status).to_have_text(LOST)
    board.clock.run_for(5000)  # while it tries again, the age keeps moving on
    lost = LOST.match(status.inner_text().strip())
    assert lost is not None and int(lost.group(2)) >= 10, status.inner_text()
    for route in held:
        route.continue_()
    expect(status).to_have_text(LIVE, timeout=10_000)


@pytest.mark.parametrize(("locale", "twelve_hour"), [("en-GB", False), ("en-US", True)])
def test_the_clock_is_the_phone_s_own(browser: Browser, browser_context_args: dict[str, Any], server: LiveServer,
                                      locale: str, twelve_hour: bool) -> None:
    """An en-GB phone on an English page got a 12-hour clock; the time is written as the phone writes
    it when it speaks the page's language."""
    context = browser.new_context(**{**browser_context_args, "locale": locale})
    try:
        page = context.new_page()
        start_match(page, server.url, "Bela", ["Mike", "Yvonne"])
        record(page, "Mike", {"Mike": 100, "Yvonne": 52}, "Mike")
        status = page.locator("#live-status")
        expect(status).to_have_text(LIVE, timeout=10_000)
        assert bool(re.search(r"[AP]M", status.inner_text())) is twelve_hour, status.inner_text()
    finally:
        context.close()
