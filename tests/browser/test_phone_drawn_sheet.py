"""With no signal the phone shows the server's own sheet, drawn on the phone by the engine's Pyodide from the same
template (scorekeeper/offline/drawing.py): the Jass chalk board's Z and strokes as the live sheet draws them, and
the sheet's own buttons working with no signal (a whole suit, undo, void), each change kept in the outbox and sent
once when the signal returns.

Real components: `scorekeeper serve`, Debian's Chromium with its service worker, Cache Storage and IndexedDB, the
engine in Pyodide, Playwright's offline mode."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.support.browser import KEEPS_FOR_NO_SIGNAL, shot
from tests.support.servers import LiveServer, api_match

pytestmark = [pytest.mark.browser, KEEPS_FOR_NO_SIGNAL]

READY = 60_000

SHEET_READ = """() => {
  const text = (el) => (el ? el.innerText : "").replace(/\\s+/g, " ").trim();
  const live = document.getElementById("live");
  return {
    rows: Array.from(live.querySelectorAll("details.hand")).map((row) => [row.id, text(row.querySelector("summary"))]),
    totals: Array.from(live.querySelectorAll(".scoreboard [data-total]")).map(text),
    needs: Array.from(live.querySelectorAll(".scoreboard .need")).map(text),
    z: Array.from(live.querySelectorAll("svg.chalk-z"))
      .map((svg) => [svg.dataset.chalk, svg.getAttribute("aria-label")]),
    strokes: Array.from(live.querySelectorAll(".strokes, .game-strokes")).map(text),
    actions: Array.from(live.querySelectorAll(".sheet-actions .button")).map(text),
    deal: text(live.querySelector(".scoreboard .deal")),
  };
}"""
"""What a person reads on the sheet's changing part: each row, the totals and needs, the chalk board's Z (its
figure and its words), the strokes, the buttons, who deals next."""


def ready(page: Page) -> None:
    page.set_default_timeout(READY)
    expect(page.locator("#offline-ready")).to_have_attribute("data-ready", "yes", timeout=3 * READY)


def drawn(page: Page) -> None:
    """The phone's sheet drawn by the engine (its first drawing, or the next after a change)."""
    expect(page.locator("#offline-sheet #live")).to_have_attribute("data-drawn", "yes", timeout=3 * READY)


JASS = ({"contract": "clubs", "taker": 0, "card_points": [100, 52], "last_trick": 0},
        {"contract": "top-down", "taker": 1, "card_points": [40, 112], "last_trick": 1},
        {"contract": "hearts", "taker": 0, "card_points": [152, 0], "last_trick": 0})


def test_the_phone_draws_the_jass_chalk_board_as_the_server_does(
        ready_page: Page, ready_phone: BrowserContext, server: LiveServer) -> None:
    page, context = ready_page, ready_phone
    made = api_match(server, "schieber", ["Ann", "Bob", "Cat", "Dan"], JASS)
    page.goto(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}")
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    live = page.evaluate(SHEET_READ)
    assert len(live["rows"]) == 3 and live["z"] and live["strokes"], live
    ready(page)

    context.set_offline(True)
    page.goto(f"{server.url}/m/{made['id']}")
    drawn(page)
    phone = page.evaluate(SHEET_READ)
    shot(page, "offline-jass-sheet")
    assert phone == live


BELA = ({"taker": 0, "card_points": [100, 52], "last_trick": 0},
        {"taker": 1, "card_points": [52, 100], "last_trick": 1})


def test_the_sheets_own_buttons_work_with_no_signal_and_reach_the_server_once(
        ready_page: Page, ready_phone: BrowserContext, server: LiveServer) -> None:
    page, context = ready_page, ready_phone
    made = api_match(server, "bela-4", ["Ana", "Ivo", "Marko", "Petra"], BELA)
    page.goto(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}")
    ready(page)
    context.set_offline(True)
    page.goto(f"{server.url}/m/{made['id']}")
    drawn(page)

    # A whole suit (belot): asked in the sheet's dialog, which side holds it; recorded on the phone, said as the
    # server's sheet says a save.
    page.locator("#live a[data-belot]").click()
    dialog = page.locator("#confirm-belot")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Ivo & Petra").click()
    expect(page.locator("#live .done-line")).to_contain_text("Recorded hand 3", timeout=READY)
    expect(page.locator("#live #hand-3.unsent")).to_be_visible()
    shot(page, "offline-belot-recorded")

    # Undo it: asked once; a hand never sent leaves the outbox, nothing goes to the server.
    page.locator("#live a[data-undo]").first.click()
    expect(page.locator("#confirm-undo")).to_be_visible()
    page.get_by_role("button", name="Yes, undo hand 3").click()
    expect(page.locator("#live #hand-3")).to_have_count(0, timeout=READY)

    # Void hand 1 from its row: kept in the outbox, its row struck through with what it had scored.
    page.locator("#live #hand-1 summary").click()
    page.locator("#live #hand-1").get_by_role("button", name="Void hand 1").click()
    expect(page.locator("#live .done-line")).to_contain_text(re.compile(r"Voided hand 1: .* no longer count"),
                                                              timeout=READY)
    expect(page.locator("#live #hand-1.voided.unsent")).to_be_visible()
    shot(page, "offline-void-from-row")

    # The signal back: the server has the void, once, and no hand 3.
    context.set_offline(False)
    expect(page.locator("#offline-sheet")).to_have_count(0, timeout=3 * READY)
    status, body = server.json("GET", f"/api/v1/matches/{made['id']}", None,
                               {"Authorization": f"Bearer {made['edit_token']}"})
    assert status == 200
    hands = body["state"]["hands"]
    assert [h["number"] for h in hands] == [1, 2] and hands[0]["voided"] and not hands[1]["voided"]
