"""A few of the hand form's problems in the real browser: the message shows beside its field, the figures
stay, and correcting them saves. (Every problem is covered through the test client in test_form_errors.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import choose, field_error, fill_hand, shot, start_match, totals

pytestmark = pytest.mark.browser


def test_problems_beside_their_fields_then_corrected(page: Page, server) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    page.get_by_role("link", name="Record hand 1").click()
    # No taker, a negative figure, no last trick.
    fill_hand(page, points={"Mike": -5, "Yvonne": 62})
    expect(page.locator("#preview")).to_contain_text("Not yet:")
    page.get_by_role("button", name="Save hand").click()

    expect(page.get_by_role("alert")).to_have_text("Nothing was saved: see the messages beside the fields.")
    taker = page.locator("#group-taker")
    expect(taker).to_have_class("choices has-error")
    expect(taker.locator(".error")).to_have_text("⚠ say who the taker is")
    expect(page.locator("#group-last_trick .error")).to_have_text("⚠ say who took the last trick")
    points = page.get_by_label("Mike: card points")
    expect(points).to_have_value("-5")
    expect(points).to_have_attribute("aria-invalid", "true")
    expect(points).to_have_attribute("aria-describedby", "err-card_points-0")
    expect(field_error(page, "card_points-0")).to_have_text("⚠ card points cannot be negative (-5)")
    expect(page.locator(".field", has=points).locator(".error")).to_have_count(1)
    expect(page.get_by_label("Yvonne: card points")).to_have_value("62")
    shot(page, "form-errors-bela")

    # Those put right, but a meld written in words.
    choose(page, "taker", "Mike")
    points.fill("80")
    choose(page, "last_trick", "Mike")
    melds = page.get_by_label("Mike: melds")
    melds.fill("fifty")
    page.get_by_role("button", name="Save hand").click()
    expect(melds).to_have_value("fifty")
    expect(page.locator(".field", has=melds).locator(".error")).to_have_text(
        "⚠ write meld values as numbers, like 20 50; not 'fifty'")
    expect(page.locator("#group-taker input[value='0']")).to_be_checked()
    expect(page.locator("#group-taker .error")).to_have_count(0)

    # Corrected with the chips: saved.
    page.locator(".chips[data-target='melds-0']").get_by_role("button", name="clear").click()
    page.locator(".chips[data-target='melds-0']").get_by_role("button", name="+50").click()
    expect(melds).to_have_value("50")
    expect(page.locator("#preview")).to_contain_text("Taker Mike: 140 against 62: made.")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status")).to_contain_text("Recorded hand 1")
    assert totals(page) == ["140", "62"]


def test_four_handed_pair_that_does_not_add_up(page: Page, server) -> None:
    start_match(page, server.url, "Clobby", ["Ann", "Bob", "Cat", "Dan"])
    page.get_by_role("link", name="Record hand 1").click()
    fill_hand(page, "Ann & Cat", {"Ann & Cat": 80, "Bob & Dan": 80}, "Ann & Cat")
    page.get_by_role("button", name="Save hand").click()

    group = page.locator("#group-card_points")
    expect(group).to_have_class("card-points has-error")
    expect(group.locator(".error")).to_have_text(
        "⚠ card points 80 + 80 = 160, but every card is played: they must add up to 152")
    expect(page.get_by_label("Ann & Cat: card points")).to_have_value("80")
    expect(page.get_by_label("Bob & Dan: card points")).to_have_value("80")
    shot(page, "form-errors-clobby-pair")

    # Clear one figure and the other is the rest of the deck.
    page.get_by_label("Bob & Dan: card points").fill("")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status")).to_contain_text("Recorded hand 1")
    assert totals(page) == ["90", "72"]


def test_belote_without_a_contract_and_two_bela(page: Page, server) -> None:
    start_match(page, server.url, "Belote", ["Ann", "Bob", "Cat", "Dan"])
    page.get_by_role("link", name="Record hand 1").click()
    fill_hand(page, "Ann & Cat", {"Ann & Cat": 90}, "Ann & Cat")
    page.get_by_label("Ann & Cat: belote").select_option("1")
    page.get_by_label("Bob & Dan: belote").select_option("1")
    page.get_by_role("button", name="Save hand").click()

    expect(page.locator("#group-contract .error")).to_have_text(
        "⚠ say the contract: clubs, diamonds, hearts, spades, no-trumps, all-trumps")
    # Without a contract the engine allows up to 4 bela (all-trumps); choosing hearts limits it to one.
    choose(page, "contract", "♥ hearts")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#group-bela .error")).to_have_text("⚠ only 1 belote can be held: one K and Q of trumps")
    expect(page.get_by_label("Ann & Cat: belote")).to_have_value("1")
    shot(page, "form-errors-belote-bela")
    page.get_by_label("Bob & Dan: belote").select_option("0")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status")).to_contain_text("Recorded hand 1")
