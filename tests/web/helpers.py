"""What a person does on the scorer's pages, as small steps shared by the browser tests."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect


def start_match(page: Page, base: str, game: str, players: list[str]) -> None:
    """Fill the start page: the game by (a regex of) its title, names in seat order; lands on the sheet."""
    page.goto(base + "/")
    page.get_by_label(re.compile(game)).first.check()
    for seat, name in enumerate(players):
        page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


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
    """From the sheet: open the hand form, fill it, save; back on the sheet."""
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    fill_hand(page, taker, points, last_trick, melds, contract)
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


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
