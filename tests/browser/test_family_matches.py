"""The family's new members played through the pages at 390×844: a whole Croatian Bela match to 1001 and
a whole Klaverjas game of 16 deals ending in a draw, each ordinary hand in four taps plus the digits."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import choose, shot, start_match, totals
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser


def ordinary_hand(page: Page, taker: str, side: str, points: int, last_trick: str, melds: str = "") -> int:
    """From the sheet: an ordinary hand of a four-handed game, counting the taps it takes (the digits and the
    optional melds typed apart); back on the sheet. Every card is played: one side's card points are enough."""
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    taps = 0
    choose(page, "taker", taker)
    taps += 1
    page.get_by_label(f"{side}: card points").fill(str(points))
    taps += 1  # the field, then the digits
    choose(page, "last_trick", last_trick)
    taps += 1
    if melds:
        page.get_by_label(f"{side}: melds").fill(melds)
    page.get_by_role("button", name="Save hand").click()
    taps += 1
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    return taps


def test_a_croatian_bela_match_to_1001(page: Page, server: LiveServer) -> None:
    """RULES.md §10a: two teams of two to 1001; the taker passes with more hand points than the other side, with
    fewer it falls (pad): the other side scores the whole hand value."""
    start_match(page, server.url, r"^Bela \(Croatian, four-handed\)", ["Ana", "Ivo", "Marko", "Petra"])
    expect(page.locator(".scoreboard")).to_contain_text("Ana & Marko")
    taps = ordinary_hand(page, "Ana & Marko", "Ana & Marko", 120, "Ana & Marko", "200 100")
    assert taps <= 4
    expect(page.get_by_role("status")).to_contain_text("Ana & Marko: card points 120 + last trick 10 + melds 300")
    assert totals(page) == ["430", "32"]
    ordinary_hand(page, "Ivo & Petra", "Ivo & Petra", 60, "Ana & Marko")
    expect(page.get_by_role("status")).to_contain_text("Taker Ivo & Petra: 60 against 102: bate.")
    assert totals(page) == ["592", "32"]
    shot(page, "bela-4-sheet-390x844")
    ordinary_hand(page, "Ana & Marko", "Ana & Marko", 120, "Ana & Marko", "200 100")
    expect(page.locator(".scoreboard")).to_contain_text("Match over: Ana & Marko win.")
    assert totals(page) == ["1022", "64"]
    expect(page.get_by_text("Ana & Marko win game 1, 1022 to 64.")).to_be_visible()
    shot(page, "bela-4-won-390x844")


def test_a_klaverjas_game_of_16_deals_ends_in_a_draw(page: Page, server: LiveServer) -> None:
    """RULES.md §10b: a game is 16 deals with no target; the higher total wins and equal totals are a draw; the
    scoreboard shows "deal 5 of 16"."""
    start_match(page, server.url, r"^Klaverjas,", ["Anouk", "Daan", "Sem", "Lotte"])
    for deal in range(1, 17):
        if deal == 5:
            expect(page.locator(".scoreboard")).to_contain_text("deal 5 of 16")
            shot(page, "klaverjas-deal-5-390x844")
        side = "Anouk & Sem" if deal % 2 else "Daan & Lotte"
        assert ordinary_hand(page, side, side, 82, side) <= 4
    expect(page.locator(".scoreboard")).to_contain_text("Match over: a draw.")
    assert totals(page) == ["1296", "1296"]
    expect(page.get_by_text("Game 1 is a draw, 1296 to 1296.")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("^Record hand"))).to_have_count(0)
    shot(page, "klaverjas-draw-390x844")
