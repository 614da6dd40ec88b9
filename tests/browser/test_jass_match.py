"""A whole Schieber game to 2500 through the pages at 390×844: trumps with their multipliers, who chose
them, one side's points (the other side shown as the rest of 157), Weis, Stöck and a Match; an ordinary hand in four
taps plus the digits (counted here, as docs/performance.md says); the live preview says each hand's points before
it is saved; the game ends with bedanken in the middle of a hand."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import ARTIFACTS, Taps, shot, start_match, totals
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser

AM, IP = "Ana & Marko", "Ivo & Petra"
MOST_TAPS = 4
"""An ordinary hand: the trumps, who chose them, the last trick, Save (the cursor waits in the chooser's points)."""


def jass_hand(page: Page, contract: str, chooser: str, points: int | None, last_trick: str | None,
              preview: str, weis: tuple[str, str] | None = None, stoeck: int | None = None,
              match: int | None = None, screenshot: str | None = None) -> Taps:
    """From the sheet: a hand as a Swiss table writes it; the taps it took. ``preview`` is what the Save bar must say
    before saving (the engine's points, through the live preview)."""
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    expect(page.locator("#save-why")).to_have_text(re.compile("^Choose the trumps"))
    done = Taps(page)
    done.tap(f"trumps {contract}", page.locator("#group-contract label.option", has_text=contract))
    done.tap(f"chose trumps {chooser}", page.locator("#group-taker label.option", has_text=chooser))
    if points is not None:
        # The cursor is already in the chooser's points: the digits need no tap.
        expect(page.get_by_label(f"{chooser}: points")).to_be_focused()
        done.type(str(points))
        other = IP if chooser == AM else AM
        expect(page.get_by_label(f"{other}: points")).to_have_attribute(
            "placeholder", f"157 − {points} = {157 - points}")
    if last_trick is not None:
        done.tap(f"last trick {last_trick}", page.locator("#group-last_trick label.option", has_text=last_trick))
    if weis is not None:
        side, value = weis
        row = page.locator(f".chips[data-target='melds-{side}']")
        done.tap(f"Weis {value}", row.get_by_role("button", name=value, exact=True))
    if stoeck is not None:
        done.tap("Stöck", page.locator(f"#group-bela label[for='bela-{stoeck}']"))
    if match is not None:
        done.tap("Match", page.locator(f"#group-valat label[for='valat-{match}']"))
    expect(page.locator("#save-why")).to_have_text(preview)
    if screenshot:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{screenshot}.png"))
    save = page.get_by_role("button", name="Save hand")
    box = save.bounding_box()
    assert box and box["y"] + box["height"] <= 844, box  # Save on the first screen, with everything above it
    done.tap("Save", save)
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    return done


def test_a_schieber_game_to_2500_ending_with_bedanken(page: Page, server: LiveServer) -> None:
    start_match(page, server.url, r"^Schieber \(2500\)", ["Ana", "Ivo", "Marko", "Petra"])
    ordinary: list[Taps] = []
    # Obenabe ×3: Ana & Marko write 120 (the last trick in); Ivo & Petra have the rest, 37.
    hand = jass_hand(page, "Obenabe", AM, 120, AM, f"If you save now: {AM} +360 · {IP} +111",
                     screenshot="schieber-hand-form-390x844")
    expect(page.locator(".done")).to_contain_text("The contract counts 3 times: 120 × 3 = 360, 37 × 3 = 111.")
    ordinary.append(hand)
    assert totals(page) == ["360", "111"]
    # Spades ×2, Ivo & Petra 100 and a Weis of 50 (one tap on its button).
    hand = jass_hand(page, "spades", IP, 100, IP, f"If you save now: {AM} +114 · {IP} +300", weis=("1", "+50"))
    assert hand.taps == MOST_TAPS + 1, hand.tapped
    assert totals(page) == ["474", "411"]
    # Undenufe ×3, every trick to Ana & Marko: a Match, no figure at all.
    hand = jass_hand(page, "Undenufe", AM, None, None, f"If you save now: {AM} +771 · {IP} +0", match=0)
    assert hand.taps == MOST_TAPS and hand.digits == 0, hand.tapped
    expect(page.locator("#hand-3")).to_contain_text("Ana & Marko took every trick: Match.")
    assert totals(page) == ["1245", "411"]
    # Hearts ×1: Ivo & Petra 77 with Stöck, the last trick to Ana & Marko (80).
    hand = jass_hand(page, "hearts", IP, 77, AM, f"If you save now: {AM} +80 · {IP} +97", stoeck=1)
    assert hand.taps == MOST_TAPS + 1, hand.tapped
    for contract, chooser, points, last, preview, after in (
        ("clubs", AM, 100, AM, f"{AM} +200 · {IP} +114", ["1525", "622"]),
        ("Obenabe", IP, 90, IP, f"{AM} +201 · {IP} +270", ["1726", "892"]),
        ("diamonds", IP, 60, AM, f"{AM} +97 · {IP} +60", ["1823", "952"]),
        ("Obenabe", AM, 130, AM, f"{AM} +390 · {IP} +81", ["2213", "1033"]),
    ):
        ordinary.append(jass_hand(page, contract, chooser, points, last, f"If you save now: {preview}"))
        assert totals(page) == after
    for hand in ordinary:
        assert hand.taps <= MOST_TAPS and hand.taps == 4, hand.tapped
    shot(page, "schieber-sheet-390x844")

    # Bedanken in the middle of the ninth hand: Ana & Marko have enough.
    page.get_by_role("link", name=re.compile("^Bedanken")).click()
    expect(page.get_by_role("heading", name="Bedanken")).to_be_visible()
    page.locator("#group-claim-side label.option", has_text=AM).tap()
    page.locator("#group-contract label.option", has_text="spades").tap()
    page.get_by_label(f"{AM}: Weis so far").fill("50")
    page.get_by_label(f"{AM}: tricks so far").fill("100")
    page.get_by_label(f"{IP}: tricks so far").fill("20")
    expect(page.locator("#save-why")).to_have_text(f"If you save now: {AM} +300 · {IP} +40")
    expect(page.locator("#preview-lines")).to_contain_text(f"{AM} thank:")
    page.locator("#group-claim-tricks").scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "schieber-bedanken-390x844.png"))
    page.get_by_role("button", name="Record bedanken").tap()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    expect(page.locator(".scoreboard")).to_contain_text("Match over: Ana & Marko win.")
    assert totals(page) == ["2513", "1073"]
    expect(page.get_by_role("link", name=re.compile("^Record hand"))).to_have_count(0)
    shot(page, "schieber-won-390x844")
