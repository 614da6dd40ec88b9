"""The board and the sheet tell the truth about their connection. A phone that loses its signal says
so within seconds, with the time of its last update; when the signal returns it catches up by itself within
seconds, without a reload. Two ways to lose it: the browser knows (flight mode: its ``offline`` event), or it
does not (a cellar: the connection just goes silent, which only the stream's heartbeat reveals)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support.api import BELA_BIG, BELA_MADE
from tests.support.browser import clock_seconds, shot, totals
from tests.support.servers import LiveServer, start_server, stop_server
from tests.support.stall import StallingRelay

pytestmark = pytest.mark.browser

CLOCK = r"(\d\d:\d\d:\d\d(?:\s?[AP]M)?)"
"""A time as the browser's locale writes it (the test browser's is en-US: ``05:34:47 AM``)."""
LIVE = re.compile(rf"^● Live: updates as each hand is recorded \(last at {CLOCK}\)\.$")
LOST = re.compile(rf"^⚠ Last update {CLOCK} \((\d+) s ago\) — reconnecting…$")
NO_SIGNAL = re.compile(rf"^⚠ No signal — last update {CLOCK} \((\d+) s ago\); the figures catch up when it returns\.$")
ROUND_TRIP = 0.5
"""Real seconds for figures the server sends to reach a page that should not get them (one that kept listening
with no signal, or reconnected while asleep): the server hands a recorded hand to its open streams before it
answers the POST, and a new stream gets the whole state at once (a page catches up in about 0.2 s, more on a
loaded machine). Only this takes real time: the pages' own timers (their once-a-second check of the stream, their
pause before trying again) follow Playwright's clock, moved on by the tests."""


@pytest.fixture
def quick_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server whose streams beat every second (a page calls a stream lost after 3 s of silence)."""
    live = start_server(f"sqlite:///{tmp_path / 'web.sqlite'}", tmp_path,
                        extra_env={"SCOREKEEPER_HEARTBEAT_SECONDS": "1"})
    yield live
    stop_server(live)


def new_match(server: LiveServer) -> dict:
    """A Bela match made through the API, with its edit token."""
    status, made = server.json("POST", "/api/v1/matches", {"variant": "bela", "players": ["Mike", "Yvonne"]})
    assert status == 201, made
    return dict(made)


def another_phone_records(server: LiveServer, made: dict, hand: dict) -> list[int]:
    """A hand recorded by another phone at the table (straight to the server); the new totals."""
    status, body = server.json("POST", f"/api/v1/matches/{made['id']}/hands", hand,
                               {"Authorization": f"Bearer {made['edit_token']}"})
    assert status == 201, body
    return list(body["totals"])


def open_both(context: BrowserContext, base: str, made: dict) -> tuple[Page, Page]:
    """The scorer's sheet and the board, on one phone, both live."""
    sheet = context.new_page()
    sheet.goto(f"{base}/m/{made['id']}/join?key={made['edit_token']}")
    expect(sheet.get_by_role("heading", name="Score sheet")).to_be_visible()
    board = context.new_page()
    board.goto(f"{base}{made['links']['board']}")
    for page in (sheet, board):
        expect(page.locator("#live-status")).to_have_text(LIVE, timeout=10_000)
        page.evaluate("window.marker = 'never reloaded'")
    return sheet, board


def wait_for(page: Page, pattern: re.Pattern[str], started: float, limit: float) -> float:
    """Waits until the status says ``pattern``; the seconds since ``started``, which must be under ``limit``."""
    expect(page.locator("#live-status")).to_have_text(pattern, timeout=limit * 1000)
    return time.monotonic() - started


def wait_for_totals(page: Page, expected: list[int], started: float, limit: float) -> float:
    """Waits until the scoreboard shows ``expected``; the seconds since ``started``."""
    for side, total in enumerate(expected):
        expect(page.locator(f".scoreboard [data-total='{side}']")).to_have_text(str(total), timeout=limit * 1000)
    return time.monotonic() - started


def wait_for_idle_connections_to_close(relay: StallingRelay, streams: int, limit: float) -> None:
    """Waits until of the connections the relay silenced only the pages' ``streams`` are open. The server closes a
    connection that carries no request for 2 s (gunicorn's keep-alive); until then the browser would send a waking
    page's requests down the idle ones silenced with the streams, where they would wait for that close. A nap in
    real seconds gave the server that time; a nap in the pages' time (Playwright's clock) does not, so the test
    waits for the close itself, in real time, no longer than the server takes."""
    deadline = time.monotonic() + limit
    while relay.silenced() > streams:
        assert time.monotonic() < deadline, f"{relay.silenced()} silenced connections still open after {limit} s"
        time.sleep(0.05)


def page_clock(page: Page) -> str:
    """The phone's time now, as live.js writes it."""
    return str(page.evaluate("new Date().toLocaleTimeString([], {hour: '2-digit', minute: '2-digit', "
                             "second: '2-digit'})"))


def test_a_phone_in_flight_mode_says_so_at_once_and_catches_up_when_the_signal_returns(
        context: BrowserContext, server: LiveServer) -> None:
    """The default heartbeat (5 s): the browser's offline and online events alone make this quick."""
    context.clock.install()  # the pages' timers and time: as the machine's, until the test moves them on
    made = new_match(server)
    sheet, board = open_both(context, server.url, made)
    assert totals(sheet) == totals(board) == ["0", "0"]

    before = page_clock(sheet)
    started = time.monotonic()
    context.set_offline(True)
    said = [wait_for(page, NO_SIGNAL, started, 3) for page in (sheet, board)]
    for page in (sheet, board):
        status = page.locator("#live-status")
        expect(status).to_have_class(re.compile(r"\blost\b"))
        words = NO_SIGNAL.match(status.inner_text().strip())
        # The last update: the last time the page heard from the server (a heartbeat, at most 5 s before).
        assert words is not None
        assert clock_seconds(before) - 6 <= clock_seconds(words.group(1)) <= clock_seconds(page_clock(page)), words

    # Another phone at the table records a hand meanwhile: this one cannot know yet, and does not pretend to.
    expected = another_phone_records(server, made, BELA_MADE)
    assert expected == [75, 60]
    context.clock.run_for(1_500)  # 1.5 s of the pages' time: their once-a-second checks, which must not reconnect
    time.sleep(ROUND_TRIP)  # a stream still open would have carried the hand by now
    assert totals(sheet) == totals(board) == ["0", "0"]
    expect(sheet.locator("#live-status")).to_have_text(NO_SIGNAL)
    whole = shot(sheet, "live-sheet-no-signal")
    sheet.screenshot(path=str(whole.with_name("live-sheet-no-signal-screen.png")))  # what the phone's screen shows

    started = time.monotonic()
    context.set_offline(False)
    caught = [wait_for_totals(page, expected, started, 5) for page in (sheet, board)]
    for page in (sheet, board):
        expect(page.locator("#live-status")).to_have_text(LIVE, timeout=5_000)
        assert page.evaluate("window.marker") == "never reloaded"
    print(f"\nflight mode: said lost after {max(said):.2f} s, caught up {max(caught):.2f} s after the signal returned")


def test_a_silent_stream_is_caught_by_the_heartbeat_and_the_page_catches_up(
        context: BrowserContext, quick_server: LiveServer) -> None:
    """The browser believes it is online; the connection just stops carrying bytes. Only the heartbeat tells."""
    relay = StallingRelay(quick_server.url)
    context.clock.install()  # the pages' timers and time: as the machine's, until the test moves them on
    try:
        made = new_match(quick_server)
        another_phone_records(quick_server, made, BELA_MADE)
        sheet, board = open_both(context, relay.url, made)
        assert totals(sheet) == totals(board) == ["75", "60"]

        before = page_clock(sheet)
        started = time.monotonic()
        relay.stall()
        # Nothing heard for two heartbeats and a second (3 s) is a lost stream; the page checks once a second, so
        # within 4 s of its time it says so. Were a heartbeat on its way as the relay stalled, the page would say
        # it a few seconds later in real time (its clock runs on): within the 6 s allowed.
        context.clock.run_for(4_000)
        said = [wait_for(page, LOST, started, 6) for page in (sheet, board)]
        for page in (sheet, board):
            assert page.evaluate("navigator.onLine") is True
            words = LOST.match(page.locator("#live-status").inner_text().strip())
            assert words is not None
            assert clock_seconds(before) - 2 <= clock_seconds(words.group(1)) <= clock_seconds(before), words

        expected = another_phone_records(quick_server, made, BELA_BIG)
        # A second of the pages' time; no real wait: the stalled relay lets no byte through to them.
        context.clock.run_for(1_000)
        assert totals(sheet) == ["75", "60"]
        expect(sheet.locator("#live-status")).to_have_text(LOST)
        whole = shot(sheet, "live-sheet-lost")
        sheet.screenshot(path=str(whole.with_name("live-sheet-lost-screen.png")))

        started = time.monotonic()
        relay.resume()
        # The cut connection fails at once; the page tries again after a pause of 1 s (of its time). Were the
        # failure still on its way, the attempt would run out of patience (5 s) or the pause pass in real time.
        context.clock.run_for(2_000)
        caught = [wait_for_totals(page, expected, started, 8) for page in (sheet, board)]
        for page in (sheet, board):
            expect(page.locator("#live-status")).to_have_text(LIVE, timeout=5_000)
            assert page.evaluate("window.marker") == "never reloaded"
        print(f"\nsilent stream: said lost after {max(said):.2f} s (heartbeat 1 s), "
              f"caught up {max(caught):.2f} s after the signal returned")
    finally:
        relay.close()


def test_a_phone_waking_up_catches_up_at_once(browser: Browser, browser_context_args: dict[str, Any],
                                              server: LiveServer) -> None:
    """A phone that slept: the connection its pages had died meanwhile without a word, and a hand was recorded.
    Waking (the page becomes visible) it does not wait for two missed heartbeats (11 s by default): a stream
    that said nothing for a heartbeat is replaced at once, and the figures follow. Without the service worker:
    its background download of the engine, silenced too, would hold the browser's six connections to the
    server for good (a real phone's browser drops them when the network changes)."""
    relay = StallingRelay(server.url)
    assert browser_context_args["service_workers"] == "block"
    context = browser.new_context(**browser_context_args)
    # The pages' time stands still from before they load: their streams' last words (opening) are at one instant
    # of it however slowly the machine opens them, and the nap below is, as the pages measure it, exactly what
    # it says. A phone's timers sleep with it: on waking the due ones run once, as ``fast_forward`` runs them.
    context.clock.install()
    context.clock.pause_at(time.time() + 1)
    try:
        made = new_match(server)
        sheet, board = open_both(context, relay.url, made)
        relay.silence_open()
        expected = another_phone_records(server, made, BELA_MADE)
        context.clock.fast_forward(6_500)  # asleep for more than a heartbeat (5 s), less than two (11 s)
        wait_for_idle_connections_to_close(relay, 2, 10)  # the sheet's stream and the board's stay
        time.sleep(ROUND_TRIP)  # had a page reconnected by itself as it woke, the figures would be back by now
        assert totals(sheet) == totals(board) == ["0", "0"]
        started = time.monotonic()
        for page in (sheet, board):  # what a phone's browser tells a page when its screen comes back on
            page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        caught = [wait_for_totals(page, expected, started, 3) for page in (sheet, board)]
        for page in (sheet, board):
            expect(page.locator("#live-status")).to_have_text(LIVE)
            assert page.evaluate("window.marker") == "never reloaded"
        print(f"\nwaking up: caught up {max(caught):.2f} s after the page became visible")
    finally:
        context.close()
        relay.close()
