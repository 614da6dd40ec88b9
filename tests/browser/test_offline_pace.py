"""No signal, at a phone's pace: a few seconds between the steps a table takes, the network as slow as a pub's 3G
(Chrome's own throttling, through CDP), the service worker and IndexedDB real. What it checks is what the table
sees: a match started with no signal reaches the server once with its hands, the sheet the phone lands on shows
them (and says so while one still waits), "the signal is back" is said only once the server answered, and the time
the signal was lost stays what it was through a reload."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.support.browser import KEEPS_FOR_NO_SIGNAL, fill_hand, shot
from tests.support.servers import LiveServer, api_match, start_server, stop_server
from tests.support.stall import StallingRelay

pytestmark = [pytest.mark.browser, KEEPS_FOR_NO_SIGNAL]

READY = 60_000
"""The engine's first download and start on this machine: generous (see tests/browser/test_offline.py)."""
PACE = 3.0
"""Seconds a person at the table takes between two taps."""
THREE_G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
"""A pub's 3G: 1.6 Mbit/s down, 750 kbit/s up, 150 ms (bytes per second, as CDP takes them)."""
OUTBOX = {"X-Scorekeeper-Outbox": "1"}


def throttle(context: BrowserContext, page: Page) -> None:
    """The page's network as slow as a pub's 3G. (Playwright's ``set_offline`` sets the page's conditions anew, so
    this comes after it.)"""
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", THREE_G)


def pause() -> None:
    time.sleep(PACE)


KEPT = """(store) => new Promise((resolve, reject) => {
  const open = indexedDB.open("scorekeeper", 1);
  open.onsuccess = () => {
    const get = open.result.transaction(store).objectStore(store).getAll();
    get.onsuccess = () => resolve(get.result);
    get.onerror = () => reject(get.error);
  };
  open.onerror = () => reject(open.error);
})"""
"""What the phone keeps in one of its IndexedDB stores ("outbox", "matches")."""


def ready_for_no_signal(page: Page) -> None:
    page.set_default_timeout(READY)
    expect(page.locator("#offline-ready")).to_have_attribute("data-ready", "yes", timeout=3 * READY)


def get_ready_on_the_start_page(page: Page, base: str) -> None:
    page.set_default_timeout(READY)
    page.goto(base + "/")
    get_ready = page.locator("#get-ready")
    get_ready.get_by_role("button", name=re.compile("^Get ready for no signal")).click()
    expect(get_ready).to_have_attribute("data-ready", "yes", timeout=3 * READY)


def record_offline(page: Page, points: dict[str, int], taker: str, last_trick: str) -> None:
    """From the offline sheet, at a person's pace: open the kept hand form, fill it, save."""
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    expect(page.get_by_role("button", name="Save hand")).to_be_visible()
    pause()
    fill_hand(page, taker, points, last_trick)
    expect(page.locator("#save-why")).to_contain_text("If you save now", timeout=READY)
    pause()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#offline-sheet")).to_be_visible(timeout=READY)


def start_offline(page: Page, context: BrowserContext, base: str, players: list[str]) -> None:
    get_ready_on_the_start_page(page, base)
    context.set_offline(True)
    pause()
    page.goto(base + "/")
    page.get_by_label(re.compile("Bela")).first.check()
    for seat, name in enumerate(players):
        page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    pause()
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#offline-status")).to_contain_text("on this phone only", timeout=READY)
    pause()


def test_a_match_started_with_no_signal_reaches_the_server_once_with_its_hand_at_a_phones_pace(
        page: Page, context: BrowserContext, server: LiveServer) -> None:
    start_offline(page, context, server.url, ["Petra", "Quentin"])
    record_offline(page, {"Petra": 100, "Quentin": 52}, "Petra", "Petra")
    expect(page.locator("#live .hand.unsent")).to_have_count(1, timeout=READY)
    expect(page.locator(".scoreboard [data-total='0']")).to_have_text("110", timeout=READY)
    pause()

    # The signal comes back for a moment: the phone's first try at creating the match reaches the server, but its
    # answer (and the cookie in it, the first this phone is given) is lost on the way back. (Sent here as the phone
    # sent it: its start's fields and its own key, from what it keeps.)
    local = next(m for m in page.evaluate(KEPT, "matches") if m.get("local"))
    status, lost = server.json("POST", "/offline/create", {"fields": local["fields"], "key": local["key"]}, OUTBOX)
    assert status == 201
    # When the signal is back for good the server fails to take the hand for a while: until it does, it waits.
    context.route(re.compile(r"/m/[^/]+/sync$"), lambda route: route.fulfill(status=500, body="failing"))

    context.set_offline(False)
    throttle(context, page)
    expect(page.locator("#offline-status")).to_contain_text("The signal is back", timeout=READY)
    expect(page.locator("#outbox")).to_contain_text("Sending what this phone recorded")
    expect(page.locator("#outbox")).to_contain_text("hand 1: Petra +110, Quentin +52 ↑ not sent yet")
    pause()
    # The table opens the match again: the server's own sheet, which says the hand still waits (0–0 is not the
    # score: the hand is on its way), not a silent "Live" 0–0.
    page.reload()
    # The server's own sheet (its live status line), not the phone's drawing of it.
    expect(page.locator("#offline-sheet")).to_have_count(0, timeout=READY)
    expect(page.locator("#live-status")).to_be_visible(timeout=READY)
    match_id = re.search(r"/m/([^/?#]+)", page.url).group(1)
    assert match_id == lost["id"], "the same match as the first try's, not a second one"
    expect(page.locator("#outbox")).to_contain_text("hand 1: Petra +110, Quentin +52 ↑ not sent yet", timeout=READY)
    shot(page, "started-offline-server-sheet-waiting")
    pause()

    # The server takes it: within seconds the sheet shows the hand, and nothing waits.
    context.unroute(re.compile(r"/m/[^/]+/sync$"))
    sent = time.monotonic()
    expect(page.locator("#outbox")).to_contain_text("Everything this phone recorded is sent.", timeout=30_000)
    expect(page.locator("#live #hand-1")).to_be_visible(timeout=30_000)
    expect(page.locator("#live .scoreboard [data-total='0']")).to_have_text("110")
    expect(page.locator("#live .scoreboard [data-total='1']")).to_have_text("52")
    took = time.monotonic() - sent
    shot(page, "started-offline-landed")
    state = page.request.get(f"{server.url}/m/{match_id}/data.json").json()
    assert state["players"] == ["Petra", "Quentin"]
    assert [h["input"]["card_points"] for h in state["hands"]] == [[100, 52]]
    assert page.evaluate(KEPT, "outbox") == []
    # Still once, a while later (the outbox's retries, a reload): nothing doubled.
    pause()
    page.reload()
    expect(page.locator("#live #hand-1")).to_be_visible()
    expect(page.locator("#live #hand-2")).to_have_count(0)
    assert len(page.request.get(f"{server.url}/m/{match_id}/data.json").json()["hands"]) == 1
    print(f"\nstarted offline: the hand on the server's sheet {took:.1f} s after the server took it")


@pytest.fixture
def relay(tmp_path: Path) -> Iterator[tuple[LiveServer, StallingRelay]]:
    """A server of the test's own behind a relay that can go silent, as a pub's Wi-Fi without internet does: the
    phone is online, nothing reaches the server."""
    live = start_server(f"sqlite:///{tmp_path / 'web.sqlite'}", tmp_path)
    between = StallingRelay(live.url)
    yield live, between
    between.close()
    stop_server(live)


def open_match_offline(page: Page, context: BrowserContext, base: str, made: dict[str, Any]) -> None:
    """The phone scores a match with a signal (ready for none), then loses the signal and opens its sheet."""
    page.set_default_timeout(READY)
    page.goto(f"{base}/m/{made['id']}/join?key={made['edit_token']}")
    ready_for_no_signal(page)
    context.set_offline(True)
    page.goto(f"{base}/m/{made['id']}")
    # A page 4× slower, loaded from the phone's keeping: as patient as this file's other waits.
    expect(page.locator("#offline-sheet")).to_be_visible(timeout=READY)


def test_the_signal_is_back_only_when_the_server_answers(
        page: Page, context: BrowserContext, relay: tuple[LiveServer, StallingRelay]) -> None:
    live, between = relay
    made = api_match(live, "bela", ["Mike", "Yvonne"], ({"taker": 0, "card_points": [90, 62], "last_trick": 0},))
    open_match_offline(page, context, between.url, made)
    record_offline(page, {"Mike": 40, "Yvonne": 112}, "Mike", "Yvonne")
    status = page.locator("#offline-status")
    expect(status).to_contain_text("No signal since", timeout=READY)
    said = status.inner_text()

    # The phone finds a network (the browser says online), but nothing gets through to the server.
    between.stall()
    context.set_offline(False)
    for _ in range(5):  # past the outbox's retries (every 10 s) and the sheet's own checks
        time.sleep(3)
        expect(status).to_have_text(said)
        expect(page.locator("#outbox")).to_contain_text("They go by themselves when the signal is back")
    assert page.evaluate("navigator.onLine") is True
    assert len(page.evaluate(KEPT, "outbox")) == 1
    shot(page, "online-but-no-server")

    # The server answers again: the hand goes by itself, and the phone is on the server's own sheet.
    between.resume()
    # The server's own sheet (its live status line), not the phone's drawing of it.
    expect(page.locator("#offline-sheet")).to_have_count(0, timeout=READY)
    expect(page.locator("#live-status")).to_be_visible(timeout=READY)
    expect(page.locator("#live #hand-2")).to_be_visible()
    assert [h["number"] for h in page.request.get(f"{between.url}/m/{made['id']}/data.json").json()["hands"]] == [1, 2]


def test_no_signal_since_keeps_the_time_the_signal_was_lost_through_a_reload(
        page: Page, context: BrowserContext, server: LiveServer) -> None:
    context.clock.install(time=datetime(2026, 12, 1, 22, 47, 10))
    made = api_match(server, "bela", ["Mike", "Yvonne"], ({"taker": 0, "card_points": [90, 62], "last_trick": 0},))
    open_match_offline(page, context, server.url, made)
    status = page.locator("#offline-status")
    expect(status).to_contain_text("No signal since", timeout=READY)
    said = status.inner_text()

    # Five minutes later the table opens the sheet again: the signal was lost when it was, not at this reload.
    context.clock.fast_forward("05:00")
    page.reload()
    expect(page.locator("#offline-sheet")).to_be_visible(timeout=READY)
    expect(status).to_contain_text("No signal since", timeout=READY)
    expect(status).to_have_text(said)
    now = page.evaluate("new Date().toLocaleTimeString([], {hour: '2-digit', minute: '2-digit'})")
    assert now not in said, (now, said)  # the page's clock did move on
    # Once the server answers, the time is forgotten: the next loss of signal has its own.
    context.set_offline(False)
    # The server's own sheet (its live status line), not the phone's drawing of it.
    expect(page.locator("#offline-sheet")).to_have_count(0, timeout=READY)
    expect(page.locator("#live-status")).to_be_visible(timeout=READY)
    assert page.evaluate("localStorage.getItem('scorekeeper-signal-lost')") is None
