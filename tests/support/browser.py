"""The browser: Debian's Chromium at a phone's size, screenshots, and what a person does on the scorer's pages,
as small steps shared by the browser tests."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.support.servers import LiveServer, match_through_api

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}

WITH_SERVICE_WORKER = {"service_workers": "allow"}
"""A phone's context with the service worker it installs (tests/browser/conftest.py blocks it by default): what
a test of no signal, of getting ready for it or of the pages the phone draws adds to its context's arguments."""

KEEPS_FOR_NO_SIGNAL = pytest.mark.browser_context_args(**WITH_SERVICE_WORKER)
"""The mark of a test (or a module's ``pytestmark``) whose ``page``/``context`` has the service worker."""


def shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def clock_seconds(clock: str) -> int:
    """A time a live page wrote (``03:41:07 PM`` or ``15:41:07``, the browser's locale) as seconds since midnight."""
    found = re.fullmatch(r"(\d\d):(\d\d):(\d\d)\s?([AP]M)?", clock)
    assert found is not None, clock
    hours, minutes, seconds, half = found.groups()
    hour = int(hours) % 12 + (12 if half == "PM" else 0) if half else int(hours)
    return hour * 3600 + int(minutes) * 60 + int(seconds)


def start_match(page: Page, base: str, game: str, players: list[str]) -> None:
    """Fill the start page: the game by (a regex of) its title, names in seat order; lands on the sheet."""
    page.goto(base + "/")
    page.get_by_label(re.compile(game)).first.check()
    for seat, name in enumerate(players):
        page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    page.wait_for_load_state("domcontentloaded")  # see record()


def choose(page: Page, group: str, label: str) -> None:
    """Tap an option of a radio group (``taker``, ``contract``, ``last_trick`` …) by its words."""
    page.locator(f"#group-{group}").get_by_text(label, exact=True).click()


def fill_hand(page: Page, taker: str | None = None, points: dict[str, int] | None = None,
              last_trick: str | None = None, melds: dict[str, str] | None = None,
              contract: str | None = None) -> None:
    """Fill the open hand form; names are side names as the form shows them (``Ann & Cat``)."""
    if taker is not None:
        choose(page, "taker", taker)
    if contract is not None:
        choose(page, "contract", contract)
    for name, value in (points or {}).items():
        page.get_by_label(f"{name}: card points").fill(str(value))
    if last_trick is not None:
        choose(page, "last_trick", last_trick)
    for name, value in (melds or {}).items():
        page.get_by_label(f"{name}: melds").fill(value)


def record(page: Page, taker: str, points: dict[str, int], last_trick: str,
           melds: dict[str, str] | None = None, contract: str | None = None) -> None:
    """From the sheet: open the hand form, fill it, save; back on the sheet.

    The sheet's deferred scripts have run first, as a person's page has by the time they tap: a click pressed
    while a script moves the page and released after lands beside the link and opens nothing (the page keeps
    "Record hand" in place: the Share buttons are drawn from the first paint, the status line keeps its room)."""
    page.wait_for_load_state("domcontentloaded")
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    fill_hand(page, taker, points, last_trick, melds, contract)
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


def record_offline(page: Page, points: dict[str, int], taker: str, last_trick: str, timeout: float = 60_000) -> None:
    """With no signal: from the offline sheet, open the kept hand form, fill it, save; back on the offline sheet.
    The preview comes from the engine on the phone (what saving now would score), and the sheet after the save:
    each waited for up to ``timeout`` ms."""
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    fill_hand(page, taker, points, last_trick)
    expect(page.locator("#save-why")).to_contain_text("If you save now", timeout=timeout)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#offline-sheet")).to_be_visible(timeout=timeout)


def totals(page: Page) -> list[str]:
    """The big game totals on the scoreboard, side by side."""
    return [t.strip() for t in page.locator(".scoreboard [data-total]").all_inner_texts()]


def running(page: Page, number: int) -> list[str]:
    """The running totals after hand ``number`` on the score sheet."""
    return [t.strip() for t in page.locator(f"#hand-{number} .running").all_inner_texts()]


def hand_row(page: Page, number: int) -> Locator:
    """Hand ``number`` on the sheet, opened so its explanation and buttons show."""
    row = page.locator(f"#hand-{number}")
    if row.get_attribute("open") is None:
        row.locator("summary").click()
    return row


def field_error(page: Page, field: str) -> Locator:
    """The message beside a field: the ``.error`` paragraph inside the field's container."""
    return page.locator(f"#err-{field}")


def open_sheet(page: Page, server: LiveServer, made: dict) -> None:
    """Open a match's edit link on this phone (as a second phone would): it lands on the sheet."""
    page.goto(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}")
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


def open_hand_form(page: Page, server: LiveServer, variant: str, hands: Iterable[dict[str, Any]] = (),
                   path: str = "hand") -> tuple[str, str]:
    """A match of ``variant`` scored from this phone (its edit link opened), at its hand form (or ``path``);
    (id, edit key)."""
    match_id, token = match_through_api(server, variant, hands)
    page.goto(f"{server.url}/m/{match_id}/join?key={token}")
    page.goto(f"{server.url}/m/{match_id}/{path}")
    return match_id, token


class Taps:
    """What a person does on a hand form: each tap on a control counted (and named), the digits apart."""

    def __init__(self, page: Page) -> None:
        self.page, self.taps, self.digits = page, 0, 0
        self.tapped: list[str] = []

    def tap(self, what: str, locator: Locator) -> None:
        locator.tap()
        self.taps += 1
        self.tapped.append(what)

    def type(self, digits: str) -> None:
        self.page.keyboard.type(digits)
        self.digits += len(digits)
