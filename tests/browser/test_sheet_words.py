"""The sheet in the table's words: no "side 0/1", no result code alone in a row, the changes list
said as the table would, and the "game won" line once, after the hand that really won it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import KEEPS_FOR_NO_SIGNAL, open_sheet, shot
from tests.support.servers import api_match

pytestmark = [pytest.mark.browser, KEEPS_FOR_NO_SIGNAL]

CODES = {"made", "bate", "tie", "claim", "false-claim", "revoke", "thrown-in", "voided", "bait", "hanging",
         "inside", "outside", "valat"}
"""The engine's result codes and the rule book's words, which a row may say only inside a sentence with names."""
SIDE_NUMBER = re.compile(r"\bside\s*[0-9]\b|\bseat\s*[0-9]\b", re.IGNORECASE)
MADE = {"taker": 0, "card_points": [80, 62], "last_trick": 0}


def _check_words(page: Page, names: list[str]) -> list[str]:
    """No side or seat number anywhere on the page; each row's result says what happened with a name (or is a
    thrown-in hand); returns the rows' words."""
    text = page.locator("main").inner_text()
    assert not SIDE_NUMBER.search(text), SIDE_NUMBER.search(text)
    words = []
    for cell in page.locator(".sheet .hand .result").all():
        said = cell.inner_text().replace("▸", "").replace("▾", "").strip()
        words.append(said)
        assert said.lower() not in CODES, said
        assert said.startswith("thrown in") or any(name in said for name in names), said
    return words


def test_bela_rows_and_changes_in_words(page: Page, server) -> None:
    hands = [
        MADE,                                                           # 1 Mike made it
        {"taker": 0, "card_points": [50, 61], "last_trick": 1},         # 2 Mike is bate
        {"taker": 0, "card_points": [61, 71], "last_trick": 0, "contract": "hearts"},  # 3 a tie, held over
        {"thrown_in": True},                                            # 4
        {"taker": 0, "card_points": [80, 62], "last_trick": 0,
         "revoke": {"accused": 1, "accuser": 0, "upheld": True}},       # 5 revoke upheld
        "void 2",
    ]
    made = api_match(server, "bela", ["Mike", "Yvonne"], hands)
    open_sheet(page, server, made)
    words = _check_words(page, ["Mike", "Yvonne"])
    assert words[0] == "Mike made it"
    assert words[1].startswith("voided") and "Mike is bate" in words[1]
    assert words[2].startswith("Mike (♥)") and "held over" in words[2] and "pot 71" in words[2]
    assert words[3] == "thrown in: nobody scores · pot 71"  # the pot still waits
    assert "revoke by Yvonne" in words[4]
    # The voided hand keeps its numbers, struck through.
    expect(page.locator("#hand-2 .score.was")).to_have_text(["0", "121"])

    audit = page.locator("details.audit")
    audit.locator("summary").click()
    lines = [line.split(" · ")[-1] for line in audit.locator("li").all_inner_texts()]
    assert lines == ["started the match", "recorded hand 1", "recorded hand 2", "recorded hand 3",
                     "recorded hand 4 (thrown in)", "recorded hand 5", "voided hand 2 (Mike +0, Yvonne +121)"]
    shot(page, "sheet-words-bela")


def test_belote_rows_say_contract_double_and_the_games_words(page: Page, server) -> None:
    hands = [
        {"taker": 0, "contract": "hearts", "double": 1, "card_points": [100, None], "last_trick": 0},  # outside ×2
        {"taker": 1, "contract": "spades", "card_points": [100, None], "last_trick": 0},  # inside
        {"taker": 0, "contract": "hearts", "card_points": [71, None], "last_trick": 0},   # hanging 81-81
        {"taker": 1, "contract": "all-trumps", "card_points": [0, None], "last_trick": 1},  # a valat
    ]
    made = api_match(server, "belote", ["Ann", "Bob", "Cat", "Dan"], hands)
    open_sheet(page, server, made)
    words = _check_words(page, ["Ann & Cat", "Bob & Dan"])
    assert "Ann & Cat (♥ ×2)" in words[0] and "outside" in words[0]
    assert "Bob & Dan (♠)" in words[1] and "inside" in words[1]
    assert "Ann & Cat (♥)" in words[2] and "hanging" in words[2]
    assert "Bob & Dan (all trumps)" in words[3] and "valat" in words[3]
    shot(page, "sheet-words-belote")


def test_clobby_says_bait(page: Page, server) -> None:
    # RULES.md §9.9: hand value 202, the defenders have 101: bait.
    bait = {"taker": 0, "card_points": [61, None], "last_trick": 1, "melds": [[20], []], "bela": [1, 0]}
    made = api_match(server, "clobby", ["Ann", "Bob", "Cat", "Dan"], [bait])
    open_sheet(page, server, made)
    words = _check_words(page, ["Ann & Cat", "Bob & Dan"])
    assert words[0].startswith("Ann & Cat") and "bait" in words[0]


def test_the_game_won_line_appears_once_after_the_winning_hand(page: Page, server) -> None:
    # Klaberjass to 150, best of 3. Hand 2 won game 1 and was voided; hand 3 then won it; hand 4, in game 2,
    # was voided; hand 5 is game 2's first that counts.
    hands = [MADE, MADE, "void 2", MADE, MADE, "void 4", MADE]
    made = api_match(server, "klaberjass", ["Mike", "Yvonne"], hands, rules={"target": 150}, best_of=3)
    open_sheet(page, server, made)
    ends = page.locator(".sheet .game-end")
    expect(ends).to_have_count(1)
    expect(ends).to_have_text("Mike wins game 1, 180 to 124.")
    expect(page.locator("#hand-3 + .game-end")).to_have_count(1)
    expect(page.locator(".sheet .game-head")).to_have_text(["Game 1", "Game 2"])
    expect(page.locator("#hand-5").locator("xpath=preceding-sibling::*[1]")).to_have_text("Game 2")

    # Restoring hand 2 moves game 1's win to it; hand 5 then wins game 2, and the match. Each game's line
    # appears once, after the hand that won it.
    page.locator("#hand-2 summary").click()
    page.locator("#hand-2").get_by_role("button", name="Restore hand 2").click()
    expect(page.get_by_role("status")).to_contain_text("Restored hand 2")
    expect(ends).to_have_text(["Mike wins game 1, 180 to 124.", "Mike wins game 2, 180 to 124."])
    expect(page.locator("#hand-2 + .game-end")).to_have_text("Mike wins game 1, 180 to 124.")
    expect(page.locator("#hand-5 + .game-end")).to_have_text("Mike wins game 2, 180 to 124.")
    expect(page.locator(".scoreboard")).to_contain_text("Match over: Mike wins.")
    shot(page, "game-won-once")
