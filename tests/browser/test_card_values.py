"""Card values in the browser (RULES.md §2a, §6, §9.19): Darda's rest of the 151 typed on the hand form, with a
deal limit counted on the sheet and the live board; Bulka's card counter with the queen of trumps worth 20.
The same facts through the test client are in tests/pages/test_card_values.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import choose, hand_row, running, shot, start_match, totals

FOUR = ["Ann", "Bob", "Cat", "Dan"]
US, THEM = "Ann & Cat", "Bob & Dan"


@pytest.mark.browser
def test_darda_one_side_and_the_rest_of_151(page: Any, server: Any) -> None:
    """RULES.md §9.19: hearts, the takers 100 card points and the last trick, the defenders the rest of the 151:
    110 / 51. The defenders' field shows the rest as it is typed. The match is started with a deal limit of 7
    from the start page's house rules: the sheet and the live board count the deals."""
    page.goto(server.url + "/")
    page.get_by_label(re.compile("Darda")).first.check()
    for seat, name in enumerate(FOUR):
        page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    page.locator("#house-rules > summary").click()
    page.get_by_label("Deal limit").fill("7")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    expect(page.locator(".scoreboard .name")).to_have_text([US, THEM])
    expect(page.locator(".scoreboard .deal")).to_have_text("Next, deal 1 of 7: Ann deals, Bob leads.")
    board = page.context.new_page()
    board.goto(page.locator("#share .qr-box figcaption a").get_attribute("href") or "")
    expect(board.locator(".deal-count")).to_have_text("deal 1 of 7")
    expect(board.locator("#live-status")).to_contain_text("Live", timeout=10_000)

    page.get_by_role("link", name="Record hand 1").click()
    expect(page.get_by_text("the other is the rest of the deck (151)")).to_be_visible()
    expect(page.locator("#group-bela legend")).to_have_text("Bejle (K and Q of trumps, 40)")
    choose(page, "taker", US)
    choose(page, "contract", "♥ hearts")
    page.get_by_label(f"{US}: card points").fill("10")
    expect(page.get_by_label(f"{THEM}: card points")).to_have_attribute("placeholder", "rest: 141")
    page.get_by_label(f"{US}: card points").fill("100")
    expect(page.get_by_label(f"{THEM}: card points")).to_have_attribute("placeholder", "rest: 51")
    expect(page.get_by_label(f"{THEM}: card points")).to_have_value("")
    choose(page, "last_trick", US)
    expect(page.locator("#preview")).to_contain_text(f"{US}: card points 100 + last trick 10 = 110.")
    shot(page, "darda-rest-of-151")
    page.get_by_role("button", name="Save hand").click()

    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    assert totals(page) == ["110", "51"]
    assert running(page, 1) == ["110", "51"]
    expect(page.locator(f"#hand-1 .score[aria-label='{US} scores']")).to_have_text("110")
    expect(page.locator(f"#hand-1 .score[aria-label='{THEM} scores']")).to_have_text("51")
    expect(hand_row(page, 1).locator(".explanation")).to_contain_text(f"Taker {US}: 110 against 51: made.")
    expect(page.locator(".scoreboard .deal-count")).to_have_text("deal 2 of 7")
    shot(page, "darda-sheet")
    # The watcher's board follows without reloading: the totals and the deal count.
    expect(board.locator(".scoreboard [data-total='0']")).to_have_text("110")
    expect(board.locator(".deal-count")).to_have_text("deal 2 of 7")


@pytest.mark.browser
def test_bulka_card_counter_counts_the_queen_of_trumps_20(page: Any, server: Any) -> None:
    """The hand form's card counter (two-handed) reads the page's card values: in Bulka the queen of hearts is
    worth 20 when hearts are trumps and 3 when they are not, the jack of trumps 2."""
    start_match(page, server.url, "Bulka", ["Mike", "Yvonne"])
    page.get_by_role("link", name="Record hand 1").click()
    choose(page, "contract", "♥ hearts")
    page.get_by_text("Card counter: tap the cards a player took").click()
    counter = page.locator("#card-counter")
    counter.get_by_role("button", name="Q of hearts").click()
    counter.get_by_role("button", name="J of hearts").click()
    expect(page.get_by_label("Mike: card points")).to_have_value("22")
    expect(counter.get_by_role("button", name="Q of hearts")).to_have_attribute("data-owner-mark", "Mike")
    choose(page, "contract", "♠ spades")
    expect(page.get_by_label("Mike: card points")).to_have_value("5")
