"""A two-handed Bela match played through the pages as a person would, at phone size."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import shot, start_match

pytestmark = pytest.mark.browser


def record(page: Page, taker: str, points: dict[str, int], last_trick: str,
           melds: dict[str, str] | None = None) -> None:
    """Record a hand through the form."""
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    page.locator("#group-taker").get_by_text(taker, exact=True).click()
    for name, value in points.items():
        page.get_by_label(f"{name}: card points").fill(str(value))
    page.locator("#group-last_trick").get_by_text(last_trick, exact=True).click()
    for name, value in (melds or {}).items():
        page.get_by_label(f"{name}: melds").fill(value)
    page.get_by_role("button", name="Save hand").click()


def test_two_handed_bela_to_a_claim(page: Page, server) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    expect(page.get_by_role("heading", name="Keep this link: it is the key to this match")).to_be_visible()
    expect(page.get_by_text("Mike deals, Yvonne leads")).to_be_visible()

    # RULES.md §9.2: taker 60, defender 61 → 0 / 121 (bate).
    record(page, "Mike", {"Mike": 50, "Yvonne": 61}, "Mike")
    expect(page.get_by_role("status")).to_contain_text(
        "Taker Mike: 60 against 61: bate. Yvonne scores the hand value 121.")
    expect(page.locator("[data-total='0']")).to_have_text("0")
    expect(page.locator("[data-total='1']")).to_have_text("121")
    expect(page.get_by_text("Yvonne deals, Mike leads")).to_be_visible()

    # A big hand each way, with a fifty, until Yvonne is close enough to claim.
    record(page, "Yvonne", {"Mike": 30, "Yvonne": 110}, "Yvonne", {"Yvonne": "50"})
    record(page, "Yvonne", {"Mike": 20, "Yvonne": 120}, "Yvonne", {"Yvonne": "50"})
    expect(page.locator("[data-total='1']")).to_have_text(str(121 + 170 + 180))
    shot(page, "bela-sheet-before-claim")

    page.get_by_role("link", name="Claim the game").click()
    expect(page.get_by_text("needs 30 more in this hand to reach 501")).to_be_visible()
    page.locator("#group-claim-side").get_by_text("Yvonne", exact=True).click()
    page.get_by_label("Points won so far in this hand").fill("34")
    expect(page.locator("#preview")).to_contain_text("Good claim: Yvonne wins the game.")
    shot(page, "bela-claim-form")
    page.get_by_role("button", name="Record the claim").click()
    expect(page.get_by_role("status")).to_contain_text("Good claim: Yvonne wins the game.")
    expect(page.get_by_text("Game 2 of best of 3")).to_be_visible()
    shot(page, "bela-after-claim")
