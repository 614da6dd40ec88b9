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


BOXES = """(els) => els.map((el) => {
  const box = el.getBoundingClientRect();
  return {what: el.getAttribute("aria-label") || el.textContent.replace(/\\s+/g, " ").trim(),
          x: box.x, y: box.y, width: box.width, height: box.height};
})"""
"""Where each element matched is on the screen, as Playwright's bounding boxes say it, read in one call."""


def inside(box: dict[str, Any] | None, what: str) -> None:
    """``box`` (a bounding box) shown, and whole on the phone's first screen."""
    assert box is not None and box["width"] > 0 and box["height"] > 0, f"{what} is not shown: {box}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], f"{what} is off the first screen: {box}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"{what} is off the side: {box}"


def inside_the_screen(locator: Any, what: str) -> None:
    inside(locator.bounding_box(), what)


def sheet_shapes() -> list[str]:
    """One game of each first screen of a new match that differs: its players and sides, and the longest title
    the bar above them takes (a longer one may take two lines). Every game's start page is checked on its own."""
    shapes: dict[tuple[int, int], str] = {}
    for name, rules in PRESETS.items():
        shape = (rules.players, rules.sides)
        if shape not in shapes or len(str(rules.title)) > len(str(PRESETS[shapes[shape]].title)):
            shapes[shape] = name
    return list(shapes.values())


def fill_an_ordinary_start(page: Page, server: LiveServer, variant: str) -> int:
    """The start page of ``variant`` filled as a table does (the game tapped unless chosen already, the names
    typed), each part checked on the first screen; the taps it took, Start not yet tapped."""
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
    seats = page.get_by_role("textbox", name=re.compile("^Seat"))
    expect(seats).to_have_count(rules.players)
    dealers = page.locator("#group-first_dealer label:visible")
    expect(dealers).to_have_text(NAMES[:rules.players])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("window.scrollY") == 0
    for box in page.locator(".game-chip").evaluate_all(BOXES):
        inside(box, f"the game {box['what']!r}")
        assert box["height"] >= 44, f"the game {box['what']!r} is too small a tap target: {box}"
    for seat, box in enumerate(seats.evaluate_all(BOXES)):
        inside(box, f"seat {seat + 1}")
    for box in dealers.evaluate_all(BOXES):
        inside(box, f"the first dealer {box['what']!r}")
    for what, part in (("the house rules", page.locator("#house-rules > summary")),
                       ("Start the match", page.get_by_role("button", name="Start the match"))):
        expect(part).to_have_count(1)
        inside(part.evaluate_all(BOXES)[0], what)
    return taps


@pytest.mark.parametrize("variant", list(PRESETS))
def test_an_ordinary_start_fits_one_screen(page: Page, server: LiveServer, variant: str) -> None:
    taps = fill_an_ordinary_start(page, server, variant)
    assert taps <= 1  # the game, unless it is chosen already, besides the names; then Start
    if variant in ("bela", "belote"):
        shot(page, f"start-{variant}-390x844")


@pytest.mark.parametrize("variant", sheet_shapes())
def test_a_new_match_shows_its_first_hand_on_the_first_screen(page: Page, server: LiveServer,
                                                              variant: str) -> None:
    """The new match's first screen: the key shown once, and the first hand, which the table records next, on it.
    One game of each number of players and sides, with the longest title of them in the bar."""
    fill_an_ordinary_start(page, server, variant)
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    expect(page.get_by_role("heading", name="Keep this link: it is the key to this match")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    inside_the_screen(page.get_by_role("link", name="Record hand 1"), "Record hand 1")
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
    # Its styles applied (the page is not drawn before them; its scripts are what is held).
    page.wait_for_function("() => [...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)")
    first = record.bounding_box()
    assert first is not None and held, "share.js was not held back"
    for route in held:
        route.continue_()
    expect(page.locator("#live-status")).to_have_attribute("data-state", "live")
    page.wait_for_load_state("load")
    expect(page.get_by_role("button", name="Share the scoring link")).to_be_visible()
    after = record.bounding_box()
    assert after is not None and abs(after["y"] - first["y"]) < 1, (first, after)  # within a pixel's rounding
    inside_the_screen(record, "Record hand 1")
