"""A whole Quick tournament (seed 001: 8 players, Belote with a deal limit of 7, knockout-remix, 2 rounds) on real
phones: the organizer's phone runs it, a table's phone scores its match through the match pages (opened from the
table's scorer link), and the venue screen, open on the venue's TV in another browser context, follows every hand
and every draw without reloading, down to the winners shown big. And eight tables of a 32-player round fit a
1080p TV without scrolling.

SCOREKEEPER_SCREENSHOTS=1 also writes docs/screenshots/tournament-venue-tv.png (1920×1080, ?tv=1, mid-round) and
docs/screenshots/tournament-venue-phone.png (390×844): the screenshots of the docs, never written by `make test`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support.browser import choose, shot
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser

QUICK = {"name": "Friday Belote", "variant": "belote", "rules": {"deal-limit": 7}, "format": "knockout-remix",
         "entry": "players", "seed": 12345}
EIGHT = ["Ana", "Ivo", "Mike", "Yvonne", "Eva", "Tom", "Lea", "Max"]
TV = {"width": 1920, "height": 1080}
LIVE = re.compile(r"^● Live: updates as each hand is recorded")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
REDOUBLED_VALAT = {"taker": 0, "contract": "hearts", "double": 2, "card_points": [152, 0], "last_trick": 0}
REDOUBLED = {"taker": 0, "contract": "hearts", "double": 2, "card_points": [82, None], "last_trick": 0}
"""The quickest Belote game there is: every trick redoubled (252 → 25 × 4 = 100; a valat does not end the game by
itself), then a hand made redoubled (162 → 16 × 4 = 64): 164 of 151 in two hands, well inside the 7 deals."""


def write_screenshots() -> bool:
    return os.environ.get("SCOREKEEPER_SCREENSHOTS") == "1"


@pytest.fixture
def table_phone(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """The phone of the table that scores its match: its own browser, not the organizer's."""
    context = browser.new_context(**browser_context_args)
    yield context.new_page()
    context.close()


@pytest.fixture
def tv(browser: Browser) -> Iterator[BrowserContext]:
    """The venue's TV: a 1080p landscape screen, no touch (its own browser, nobody's cookies)."""
    context = browser.new_context(viewport=TV, device_scale_factor=1)
    yield context
    context.close()


class Organizer:
    """The organizer through the API (create, register, close a round and draw the next) and each table's scorer
    link as the API hands it: to set up a big round quickly."""

    def __init__(self, server: LiveServer, body: dict[str, Any] | None = None) -> None:
        self.server = server
        status, made = server.json("POST", "/api/v1/tournaments", body or QUICK)
        assert status == 201, made
        self.made = made
        self.auth = {"Authorization": f"Bearer {made['organizer_token']}"}

    @property
    def screen(self) -> str:
        return f"{self.server.url}/t/screen/{self.made['view_token']}"

    def register(self, names: list[str]) -> None:
        for name in names:
            status, body = self.server.json("POST", f"/api/v1/tournaments/{self.made['id']}/players", {"name": name},
                                            self.auth)
            assert status == 201, body

    def next_round(self) -> None:
        status, body = self.server.json("POST", f"/api/v1/tournaments/{self.made['id']}/rounds", None, self.auth)
        assert status == 201, body

    def tables(self) -> list[dict[str, Any]]:
        status, body = self.server.json("GET", f"/api/v1/tournaments/{self.made['id']}", headers=self.auth)
        assert status == 200, body
        return list(body["rounds"][-1]["tables"])

    def hand(self, table: dict[str, Any], hand: dict[str, Any]) -> dict[str, Any]:
        """A hand at the table through the API, with the token of its scorer link."""
        match_id, token = table["links"]["scorer"].removeprefix("/m/").split("#")
        status, body = self.server.json("POST", f"/api/v1/matches/{match_id}/hands", hand,
                                        {"Authorization": f"Bearer {token}"})
        assert status == 201, body
        state: dict[str, Any] = body["state"]
        return state


class OrganizerPhone:
    """The organizer's phone on the organizer's pages: a new tournament, registering players, drawing each round,
    finishing; each table's scoring link as the page hands it to the table."""

    def __init__(self, page: Page, server: LiveServer) -> None:
        self.page, self.server = page, server

    def create(self, name: str, seed: int) -> str:
        """A new tournament with the form's defaults (Belote, a game ends after 7 deals, knockout with new
        partners every round, players alone); the venue screen's address."""
        self.page.goto(self.server.url + "/t/new")
        self.page.get_by_label("Name of the tournament").fill(name)
        self.page.get_by_label(re.compile("^Draw seed")).fill(str(seed))
        self.page.get_by_role("button", name="Create the tournament").click()
        expect(self.page.get_by_role("heading", name=name, exact=True)).to_be_visible()
        self.url = self.page.url
        href = self.page.get_by_role("link", name="Venue screen").get_attribute("href")
        assert href is not None and href.startswith("/t/screen/")
        return self.server.url + href

    def register(self, names: list[str]) -> None:
        for number, name in enumerate(names, start=1):
            self.page.get_by_label("Name", exact=True).fill(name)
            self.page.get_by_role("button", name="Register", exact=True).click()
            expect(self.page.get_by_role("heading", name=f"Registered ({number})")).to_be_visible()

    def press(self, button: str) -> None:
        """Press a button of the organizer's page (draw, finish) and wait for the page it leads to."""
        with self.page.expect_navigation():
            self.page.get_by_role("button", name=button).click()
        expect(self.page.locator("#draw .error")).to_have_count(0)

    def tables(self) -> list[dict[str, Any]]:
        """The current round's tables as the organizer's page shows them: number, the sides' names, the scoring
        link (``/m/<id>/join?key=…``) with its match id and key."""
        found = []
        for article in self.page.locator("#tables article.tournament-table").all():
            heading = article.locator("h3").inner_text()
            parts = re.match(r"^Table (\d+): (.+) v (.+) — ", heading)
            assert parts is not None, heading
            link = article.locator(".table-links figcaption a").get_attribute("href")
            assert link is not None
            address = re.match(r"^.*/m/([^/]+)/join\?key=(.+)$", link)
            assert address is not None, link
            found.append({"number": int(parts[1]), "names": [parts[2], parts[3]], "scorer": link,
                          "match": address[1], "key": address[2]})
        return found

    def hand(self, table: dict[str, Any], hand: dict[str, Any]) -> dict[str, Any]:
        """A hand at the table sent through the API with the key of its scoring link."""
        status, body = self.server.json("POST", f"/api/v1/matches/{table['match']}/hands", hand,
                                        {"Authorization": f"Bearer {table['key']}"})
        assert status == 201, body
        state: dict[str, Any] = body["state"]
        return state


def cut_standings(venue: Page) -> list[str]:
    """The standings lines (or parts of them) the screen cuts short: wider than their box, or ended with "…"."""
    found: list[str] = venue.evaluate("""() => [...document.querySelectorAll(
            '.venue-standings .standings li, .venue-standings .standings li *')]
        .filter(e => e.scrollWidth > e.clientWidth + 1
                     || (getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth))
        .map(e => e.textContent.trim())""")
    return found


def record_redoubled(sheet: Page, taker: str, card_points: int) -> None:
    """From the sheet: the hand form, the taker's hearts redoubled with ``card_points``, saved; back on the sheet."""
    sheet.get_by_role("link", name=re.compile("^Record hand")).click()
    choose(sheet, "taker", taker)
    choose(sheet, "contract", "♥ hearts")
    choose(sheet, "double", "redoubled ×4")
    sheet.get_by_label(f"{taker}: card points").fill(str(card_points))
    choose(sheet, "last_trick", taker)
    sheet.get_by_role("button", name="Save hand").click()
    expect(sheet.get_by_role("heading", name="Score sheet")).to_be_visible()


def score_at_the_table(sheet: Page, table: dict[str, Any], venue: Page) -> str:
    """The table's phone opens its scoring link and plays the match out on the match pages; the venue screen
    follows each hand. The side that takes both hands wins; its name."""
    sheet.goto(table["scorer"])
    expect(sheet.get_by_role("heading", name="Score sheet")).to_be_visible()
    winner, loser = table["names"]
    row = venue.locator(f"#table-{table['number']}")
    record_redoubled(sheet, winner, 152)
    expect(row.locator(".total[data-total='0']")).to_have_text("100", timeout=10_000)
    expect(row).to_contain_text(f"{winner} 100 : 0 {loser} playing")
    record_redoubled(sheet, winner, 82)
    expect(sheet.locator(".scoreboard")).to_contain_text(f"Match over: {winner} win")
    expect(row).to_contain_text(f"★ {winner} 164 : 0 {loser} won by {winner}", timeout=10_000)
    return str(winner)


def test_a_quick_tournament_from_registration_to_the_winners(page: Page, tv: BrowserContext, table_phone: Page,
                                                             server: LiveServer) -> None:
    organizer = OrganizerPhone(page, server)
    screen = organizer.create("Friday Belote", 12345)
    venue = tv.new_page()
    venue.goto(screen + "?tv=1")
    expect(venue.locator("h1")).to_have_text("Friday Belote")
    expect(venue.locator(".venue-what")).to_contain_text("registration open")
    expect(venue.locator("#live-status")).to_have_text(LIVE, timeout=10_000)
    venue.evaluate("window.venueMarker = 'the same page all night'")

    # Players register on the organizer's phone: the screen lists them as they come.
    organizer.register(EIGHT)
    expect(venue.get_by_role("heading", name="Registered: 8")).to_be_visible(timeout=10_000)
    expect(venue.locator(".venue-entries li")).to_have_text(EIGHT)

    # Round 1: two tables of new pairs, drawn from the seed.
    organizer.press("Draw round 1")
    expect(venue.locator(".venue-what")).to_contain_text("Round 1 of 2", timeout=10_000)
    first, second = organizer.tables()
    expect(venue.locator(".venue-table")).to_have_count(2)
    expect(venue.locator("#table-1")).to_contain_text(f"{first['names'][0]} 0 : 0 {first['names'][1]} playing")
    expect(venue.locator(".venue-register")).to_have_count(0)  # registration is over: its code is gone

    # Table 1 scores on its own phone through the match pages; the screen follows each hand. Table 2 scores
    # through the API meanwhile (the same service and the same live update): a second table on the pages would
    # repeat the first one and double the test's time.
    winners_1 = score_at_the_table(table_phone, first, venue)
    organizer.hand(second, REDOUBLED_VALAT)
    expect(venue.locator("#table-2 .total[data-total='0']")).to_have_text("100", timeout=10_000)
    assert organizer.hand(second, REDOUBLED)["finished"]
    winners_2 = second["names"][0]
    expect(venue.locator(".round-over")).to_have_text(
        "✓ Every table of round 1 is over: the draw of round 2 comes next.", timeout=10_000)

    # Round 2, the final: exactly the four players who won in round 1, re-mixed into new pairs.
    organizer.press("Draw round 2")
    expect(venue.locator(".venue-what")).to_contain_text("Round 2 of 2", timeout=10_000)
    final, = organizer.tables()
    round_1_winners = {*winners_1.split(" & "), *winners_2.split(" & ")}
    assert {name for side in final["names"] for name in side.split(" & ")} == round_1_winners
    partners = [set(side.split(" & ")) for side in final["names"]]
    assert set(winners_1.split(" & ")) not in partners and set(winners_2.split(" & ")) not in partners, "new pairs"
    expect(venue.locator(".venue-table")).to_have_count(1)
    expect(venue.locator("#table-1")).to_contain_text(f"{final['names'][0]} 0 : 0 {final['names'][1]} playing")
    standings = venue.locator(".venue-standings")
    for name in round_1_winners:
        expect(standings).to_contain_text(f"{name} reached round 2 · won 1 of 1")

    # The final is scored on the table's phone too: its last hand finishes the tournament, and the winners show
    # big on the screen at once (nobody closes the round).
    champions = score_at_the_table(table_phone, final, venue)
    expect(venue.locator(".winners-names")).to_have_text(champions, timeout=10_000)
    expect(venue.locator(".round-over")).to_have_count(0)
    page.reload()
    expect(page.locator(".winner-line")).to_have_text(f"Winners: {champions}")
    expect(venue.locator(".winners-label")).to_have_text("★ Winners")
    expect(venue.locator(".venue-what")).to_contain_text("finished")
    size = float(venue.locator(".winners-names").evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
    assert size >= 100, f"the winners are big on the TV: {size}px"
    assert venue.evaluate("window.venueMarker") == "the same page all night"  # never reloaded
    for table in (first, second, final):
        assert table["key"] not in venue.content()
    shot(venue, "tournament-venue-winners-tv")


def test_eight_tables_and_their_standings_fit_a_1080p_tv(page: Page, tv: BrowserContext,
                                                         server: LiveServer) -> None:
    """A 32-player knockout-remix: round 1 has eight tables. The TV shows all of them and the standings without
    scrolling, in type big enough to read across the room; on a phone the same screen is one column."""
    organizer = Organizer(server, {**QUICK, "name": "Classic Belote Cup"})
    players = [*EIGHT, "Zoe", "Ben", "Ida", "Jan", "Rok", "Nia", "Ema", "Lun", "Tea", "Vid", "Iva", "Nik", "Maja",
               "Luka", "Sara", "Marko", "Petra", "Dino", "Lana", "Ante", "Mia", "Toni", "Rea", "Leon"]
    organizer.register(players)
    organizer.next_round()
    tables = organizer.tables()
    assert len(tables) == 8
    for table in tables[:3]:  # mid-round: three tables over, one started, four yet to start
        organizer.hand(table, REDOUBLED_VALAT)
        organizer.hand(table, REDOUBLED)
    organizer.hand(tables[3], {"taker": 1, "contract": "spades", "card_points": [None, 82], "last_trick": 1})

    venue = tv.new_page()
    venue.goto(organizer.screen + "?tv=1")
    expect(venue.locator("#live-status")).to_have_text(LIVE, timeout=10_000)
    expect(venue.locator(".venue-table")).to_have_count(8)
    shot(venue, "tournament-venue-eight-tables-tv")
    fits = venue.evaluate("[document.documentElement.scrollHeight, window.innerHeight]")
    assert fits[0] <= fits[1] == TV["height"], f"the TV must not scroll: {fits}"
    for number in range(1, 9):
        box = venue.locator(f"#table-{number}").bounding_box()
        assert box and box["y"] + box["height"] <= TV["height"], f"table {number} is off the screen: {box}"
    expect(venue.locator(".venue-standings")).to_have_count(0)  # everyone level until a round is over
    total = float(venue.locator("#table-1 .table-totals").evaluate("e => getComputedStyle(e).fontSize")
                  .removesuffix("px"))
    assert total >= 50, f"scores readable across the room: {total}px"
    expect(venue.locator("#table-4")).to_contain_text(f"{tables[3]['names'][0]} 7 : 9 {tables[3]['names'][1]} playing")
    if write_screenshots():
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        venue.screenshot(path=str(SCREENSHOTS / "tournament-venue-tv.png"))

    # The round over (the other tables played out through the API): eight finished tables and all 32 players'
    # standings still fit the TV, the last line on screen.
    for table in tables[3:]:
        organizer.hand(table, REDOUBLED_VALAT)
        organizer.hand(table, REDOUBLED)
    expect(venue.locator(".standings li")).to_have_count(32, timeout=10_000)
    # The last line wholly on the TV's screen (waited for: the live part may be drawn again meanwhile).
    expect(venue.locator(".standings li").last).to_be_in_viewport(ratio=1, timeout=10_000)
    fits = venue.evaluate("[document.documentElement.scrollHeight, window.innerHeight]")
    assert fits[0] <= fits[1] == TV["height"], f"the TV must not scroll: {fits}"
    assert cut_standings(venue) == [], "every standings line in full"

    page.goto(organizer.screen)
    expect(page.locator("#live-status")).to_have_text(LIVE, timeout=10_000)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the phone never scrolls sideways: {width}"
    if write_screenshots():
        page.screenshot(path=str(SCREENSHOTS / "tournament-venue-phone.png"))
