"""Start in seconds, in Chromium at 390×844: an ordinary start of every game fits one screen, and so does the new
match's first hand under the key shown once; the first dealer is chosen by name, remembered house rules follow the
game chosen, and "Play again" from the board starts the same table again in two taps."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.forms import encode_rules
from scorekeeper.rules import PRESETS
from tests.support.browser import ARTIFACTS, PHONE, shot
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def inside_the_screen(page: Page, locator: Any, what: str) -> None:
    box = locator.bounding_box()
    assert box is not None, f"{what} is not shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], f"{what} is off the first screen: {box}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"{what} is off the side: {box}"


@pytest.mark.parametrize("variant", list(PRESETS))
def test_an_ordinary_start_fits_one_screen(page: Page, server: LiveServer, variant: str) -> None:
    rules = PRESETS[variant]
    page.goto(server.url + "/")
    taps = 0
    if variant != "bela":  # Bela is chosen already
        page.get_by_role("radio", name=re.compile("^" + re.escape(rules.title) + ",")).check()
        taps += 1
    expect(page.locator("#game-desc")).to_contain_text(rules.description)
    for seat, name in enumerate(NAMES[:rules.players]):
        page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    # Only the game's seats; the dealer is chosen by the names just typed.
    expect(page.get_by_role("textbox", name=re.compile("^Seat"))).to_have_count(rules.players)
    dealers = page.locator("#group-first_dealer label:visible")
    expect(dealers).to_have_text(NAMES[:rules.players])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("window.scrollY") == 0
    for chip in page.locator(".game-chip").all():
        inside_the_screen(page, chip, "a game")
        assert (chip.bounding_box() or {}).get("height", 0) >= 44, "a game's tap target is too small"
    for seat in range(rules.players):
        inside_the_screen(page, page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")), f"seat {seat + 1}")
    for label in dealers.all():
        inside_the_screen(page, label, "a first dealer")
    inside_the_screen(page, page.locator("#house-rules > summary"), "the house rules")
    start = page.get_by_role("button", name="Start the match")
    inside_the_screen(page, start, "Start the match")
    if variant in ("bela", "belote"):
        shot(page, f"start-{variant}-390x844")
    start.click()
    taps += 1
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    assert taps <= 2  # the game (unless it is chosen already) and Start, besides the names
    # The new match's first screen: the key shown once, and the first hand, which the table records next, on it.
    expect(page.get_by_role("heading", name="Keep this link: it is the key to this match")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    inside_the_screen(page, page.get_by_role("link", name="Record hand 1"), "Record hand 1")
    if variant in ("bela", "belote"):
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"new-match-{variant}-390x844.png"))  # the first screen only


def test_the_start_page_without_javascript(new_context: Any, server: LiveServer) -> None:
    page = new_context(java_script_enabled=False).new_page()
    page.goto(server.url + "/")
    expect(page.get_by_role("radio", name=re.compile("^Seat 1"))).to_be_checked()  # "Seat 1" … as first dealer
    expect(page.get_by_role("textbox", name=re.compile("^Seat 4"))).to_be_visible()
    page.get_by_role("radio", name=re.compile(r"Klaberjass, ")).check()
    page.get_by_role("textbox", name=re.compile("^Seat 1")).fill("Mike")
    page.get_by_role("textbox", name=re.compile("^Seat 2")).fill("Yvonne")
    page.get_by_role("radio", name=re.compile("^Seat 2")).check()
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    expect(page.locator(".scoreboard .deal")).to_contain_text("Yvonne deals")


def test_remembered_house_rules_follow_the_game(page: Page, server: LiveServer) -> None:
    link = f"/?variant=bela&rules={encode_rules({'target': 701, 'tie': 'hold-all', 'false-claim': 'forfeits-hand'})}"
    page.goto(server.url + link)
    summary = page.locator("#house-rules > summary")
    expect(summary).to_contain_text("target 701 · on a tie: whole hand held over · 1 more agreed")
    page.get_by_role("radio", name=re.compile("Klaberjass, ")).check()
    expect(summary).to_contain_text("House rules: as the game says")
    summary.click()
    expect(page.get_by_label("Target (points to win a game)")).to_have_value("")
    page.get_by_role("radio", name=re.compile(re.escape("Bela (two-handed)"))).check()
    expect(page.get_by_label("Target (points to win a game)")).to_have_value("701")
    expect(page.locator("[data-extra-lines]")).to_contain_text("a false claim forfeits the hand value")
    # A rule changed by hand stays, whatever game is chosen next.
    page.get_by_label("Target (points to win a game)").fill("901")
    page.get_by_role("radio", name=re.compile("Zensa, ")).check()
    expect(page.get_by_label("Target (points to win a game)")).to_have_value("901")


def test_play_again_from_the_board(page: Page, server: LiveServer) -> None:
    status, body = server.json("POST", "/api/v1/matches", {"variant": "klaberjass", "players": ["Mike", "Yvonne"],
                                                          "rules": {"target": 100, "tie": "hold-all"}})
    assert status == 201
    status, _ = server.json("POST", f"/api/v1/matches/{body['id']}/hands",
                            {"taker": 0, "card_points": [110, 42], "last_trick": 0},
                            {"Authorization": f"Bearer {body['edit_token']}"})
    assert status == 201
    page.goto(f"{server.url}/board/{body['view_token']}")
    expect(page.locator(".result-line")).to_contain_text("Match over: Mike wins.")
    page.get_by_role("link", name=re.compile("^Play again")).click()
    expect(page.get_by_role("textbox", name=re.compile("^Seat 1"))).to_have_value("Mike")
    expect(page.get_by_role("textbox", name=re.compile("^Seat 2"))).to_have_value("Yvonne")
    expect(page.locator("#house-rules > summary")).to_contain_text("target 100 · on a tie: whole hand held over")
    shot(page, "start-play-again-390x844")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    expect(page.locator(".scoreboard .name")).to_have_text(["Mike", "Yvonne"])


def test_record_hand_1_stays_put_while_the_sheet_s_scripts_start(page: Page, server: LiveServer) -> None:
    """A thumb already on "Record hand 1" when the page's scripts run (a slow phone: they come after the first
    paint) must not find the button moved under it: the Share buttons of the key notice are drawn from the first
    paint, and the status line keeps room for "● Live: …" before the stream opens. The script is held back here
    until the first position is read."""
    held: list[Any] = []
    page.route("**/static/js/share.js", lambda route: held.append(route))
    page.goto(server.url + "/")
    for seat, name in enumerate(["Mike", "Yvonne"]):
        page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    page.get_by_role("button", name="Start the match").click()
    record = page.get_by_role("link", name="Record hand 1")
    expect(record).to_be_visible()
    expect(page.get_by_role("heading", name="Keep this link: it is the key to this match")).to_be_visible()
    page.wait_for_function("document.querySelector('.live-status') !== null")
    first = record.bounding_box()
    assert first is not None and held, "share.js was not held back"
    for route in held:
        route.continue_()
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.wait_for_load_state("load")
    expect(page.get_by_role("button", name="Share the scoring link")).to_be_visible()
    after = record.bounding_box()
    assert after is not None and abs(after["y"] - first["y"]) < 1, (first, after)  # within a pixel's rounding
    inside_the_screen(page, record, "Record hand 1")
