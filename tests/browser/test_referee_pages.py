"""The referee's pages in the browser, at phone size with JavaScript off: the meld contest and the legal-play
checker, and the revoke challenge recorded from it. The pages through the test client are in
tests/pages/test_referee_pages.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import choose, fill_hand, shot, start_match, totals


@pytest.mark.browser
def test_referee_in_the_browser_and_a_revoke_recorded(new_context: Any, server: Any) -> None:
    """At phone size, with JavaScript off (the pages need none): argue about melds from the hand form, then check
    a play and record the revoke challenge it upholds."""
    page = new_context(java_script_enabled=False).new_page()

    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    page.get_by_role("link", name="Argue about melds? Let the referee decide").click()
    expect(page.get_by_role("heading", name="Meld contest")).to_be_visible()
    choose(page, "contract", "♥ hearts")
    choose(page, "forehand", "Mike")
    for name, suit in (("Mike", "clubs"), ("Yvonne", "hearts")):
        page.get_by_label(f"{name}: sequence 1, length").select_option("3")
        page.get_by_label(f"{name}: sequence 1, top card").select_option("K")
        page.get_by_label(f"{name}: sequence 1, suit").select_option(suit)
    page.get_by_role("button", name="Ask the referee").click()
    expect(page.locator("#verdict")).to_contain_text(
        "Both twenties, both king high; Yvonne's is in trumps: Yvonne scores 20.")
    shot(page, "referee-melds")

    page.get_by_role("link", name="← Score sheet").click()
    page.get_by_role("link", name="Was that card legal?").click()
    expect(page.get_by_role("heading", name="Was that card legal?")).to_be_visible()
    choose(page, "contract", "♥ hearts")
    page.get_by_label("Card 1 of the trick: played by").select_option(label="Mike")
    page.get_by_label("Card 1 of the trick", exact=True).fill("AS")
    page.get_by_label("The accused player").select_option(label="Yvonne")
    page.get_by_label("The cards the accused held").fill("7S KH 8C")
    page.get_by_label("The card the accused played (optional)").fill("KH")
    page.get_by_role("button", name="Ask the referee").click()
    expect(page.locator("#verdict")).to_contain_text("Must follow suit: spades.")
    expect(page.locator("#ruling")).to_have_text("The K♥ was not a legal play: a revoke; the challenge is upheld.")
    shot(page, "referee-legal-plays")

    page.get_by_role("button", name="Record a revoke challenge").click()
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    expect(page.locator("#group-revoke")).to_have_attribute("open", "")
    expect(page.get_by_label("Accused of a revoke")).to_have_value("1")
    expect(page.get_by_label("Challenger")).to_have_value("0")
    expect(page.locator("#group-revoke-upheld input[value=yes]")).to_be_checked()
    shot(page, "referee-revoke-prefilled")
    fill_hand(page, taker="Mike", points={"Mike": 80, "Yvonne": 62}, last_trick="Mike")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    assert totals(page)[1] == "0"


@pytest.mark.browser
def test_schieber_referee_in_the_browser(new_context: Any, server: Any) -> None:
    """RULES.md §11 at phone size, JavaScript off: a Schieber match's Weis contest per player (the player nearer to
    forehand wins an exact tie; play goes to the right), the legal-play checker in Undenufe with the sixes, and
    the card counter in Obenabe."""
    page = new_context(java_script_enabled=False).new_page()
    start_match(page, server.url, "Schieber", ["Ana", "Ivo", "Marko", "Luka"])
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]

    page.goto(f"{server.url}/referee/melds?match={match_id}")
    expect(page.get_by_role("heading", name="Meld contest")).to_be_visible()
    choose(page, "contract", "Obenabe")
    choose(page, "forehand", "Ana")
    for name, suit in (("Ivo", "clubs"), ("Marko", "spades")):
        page.get_by_label(f"{name}: sequence 1, length").select_option("3")
        page.get_by_label(f"{name}: sequence 1, top card").select_option("K")
        page.get_by_label(f"{name}: sequence 1, suit").select_option(suit)
    page.get_by_role("button", name="Ask the referee").click()
    expect(page.locator("#verdict")).to_contain_text(
        "Equal best declarations: the player nearer to forehand wins: Marko scores 20")
    expect(page.locator("#verdict")).to_contain_text("Ana & Marko: 20")
    shot(page, "referee-schieber-weis")

    page.goto(f"{server.url}/referee/legal-plays?match={match_id}")
    choose(page, "contract", "Undenufe")
    page.get_by_label("Card 1 of the trick: played by").select_option(label="Ana")
    page.get_by_label("Card 1 of the trick", exact=True).fill("6H")
    page.get_by_label("The accused player").select_option(label="Luka")
    page.get_by_label("The cards the accused held").fill("6S JD AH")
    page.get_by_label("The card the accused played (optional)").fill("6S")
    page.get_by_role("button", name="Ask the referee").click()
    expect(page.locator("#verdict")).to_contain_text("Must follow suit: hearts.")
    expect(page.locator("#ruling")).to_have_text("The 6♠ was not a legal play: a revoke; the challenge is upheld.")
    shot(page, "referee-schieber-legal")

    page.goto(f"{server.url}/referee/cards?match={match_id}")
    choose(page, "contract", "Obenabe")
    for card in ("8H", "AH", "6S"):
        page.locator(f"#group-cards-0 input[value='{card}']").check()
    page.get_by_role("button", name="Count the card points").click()
    expect(page.locator("#verdict")).to_contain_text("Ana & Marko: 19 card points in 3 cards.")
    shot(page, "referee-schieber-cards")
