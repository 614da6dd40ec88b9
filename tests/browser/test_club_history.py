"""A club at phone size: started, its players picked from a list, its match list filtered, a match opened to
its explanations, a player's page with the results chart, and a second phone joining through the club's link."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import PHONE, hand_row, record, shot

pytestmark = pytest.mark.browser


def _start_club_match(page: Page, club: str, game: str, players: list[str], target: int | None = None) -> None:
    _club_page(page, club)
    page.get_by_role("link", name=f"Start a match in {club}").click()
    expect(page.get_by_role("heading", name=f"Start a match in {club}")).to_be_visible()
    expect(page.get_by_label(re.compile("^Club"))).to_have_value(re.compile(".+"))
    page.get_by_label(re.compile(game)).first.check()
    for seat, name in enumerate(players):
        page.get_by_role("combobox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    if target is not None:
        page.locator("#house-rules > summary").click()
        page.get_by_label("Target (points to win a game)").fill(str(target))
        page.get_by_label("Best of", exact=True).select_option(label="1 game")
        page.get_by_label("Claims", exact=True).select_option(label="no claims: decided at the end of a hand")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


def _club_page(page: Page, club: str = "The Miners' Arms") -> None:
    """From any page: home, Clubs, the club."""
    page.get_by_role("link", name="scorekeeper").click()
    page.get_by_role("link", name="Clubs", exact=True).click()
    page.get_by_role("link", name=club).click()
    expect(page.get_by_role("heading", name=club, exact=True)).to_be_visible()


def test_a_club_finds_its_matches_and_shows_a_players_results(page: Page, server, browser: Browser) -> None:
    page.goto(server.url + "/clubs/new")
    page.get_by_label("Name of the club").fill("The Miners' Arms")
    page.get_by_label("Players (optional, one a line)").fill("Mike\nYvonne\nAna")
    page.get_by_role("button", name="Start the club").click()
    expect(page.get_by_role("heading", name="The Miners' Arms")).to_be_visible()
    notice = page.get_by_role("alert")
    expect(notice).to_contain_text("This is the club's link: keep it")
    link = notice.get_by_role("link").inner_text()
    assert "/join?key=" in link

    # Names are offered from the club's list; "mike" typed in lower case is the club's Mike.
    _start_club_match(page, "The Miners' Arms", "Bela \\(two-handed\\)", ["mike", "Ana"], target=200)
    expect(page.locator(".scoreboard")).to_contain_text("Mike")
    record(page, "Mike", {"Mike": 100, "Ana": 52}, "Mike")
    record(page, "Mike", {"Mike": 90, "Ana": 62}, "Mike")
    expect(page.get_by_text("Match over: Mike wins.")).to_be_visible()

    _start_club_match(page, "The Miners' Arms", "Bela \\(two-handed\\)", ["Yvonne", "Ana"])
    record(page, "Ana", {"Yvonne": 60, "Ana": 51}, "Yvonne")  # 60 against 61: Ana is bate

    _club_page(page)
    matches = page.locator(".club-matches .match-row")
    expect(matches).to_have_count(2)
    expect(matches.first).to_contain_text("Yvonne v Ana")
    expect(matches.first).to_contain_text("being played")
    expect(matches.last).to_contain_text("Mike won")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "club-page")

    # Filter by a player: only Yvonne's match; then by a day with no match.
    page.get_by_text("Find a match (player, game, days)").click()
    page.get_by_label("Player").select_option("Yvonne")
    page.get_by_role("button", name="Show").click()
    expect(page.locator(".club-matches .match-row")).to_have_count(1)
    expect(page.get_by_role("heading", name=re.compile("Matches"))).to_contain_text("1 found")
    page.get_by_role("link", name="Clear").click()
    page.get_by_text("Find a match (player, game, days)").click()
    page.get_by_label(re.compile("^From")).fill("2020-01-01")
    page.get_by_label(re.compile("^To")).fill("2020-01-31")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_text("No match of this club fits")).to_be_visible()
    page.get_by_role("link", name="Clear").click()

    # Open a match from the list: every hand with the engine's explanation.
    page.locator(".club-matches .match-row").last.click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    expect(hand_row(page, 2).locator(".explanation")).to_contain_text("made")

    # The player's page: figures with their counts, and the results chart with its table.
    _club_page(page)
    page.get_by_role("link", name=re.compile("^Mike")).click()
    expect(page.get_by_role("heading", name="Mike", exact=True)).to_be_visible()
    figures = page.locator("dl.figures").first
    expect(figures).to_contain_text("1 of 1 finished matches (100%)")
    expect(figures).to_contain_text("made 2 of 2 hands taken (100%)")
    chart = page.get_by_role("img", name="Mike's results over time")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    page.get_by_text("The figures as a table").click()
    expect(page.locator(".chart-table tbody tr")).to_have_count(1)
    expect(page.locator(".chart-table tbody tr")).to_contain_text("won")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing to scroll sideways
    shot(page, "player-page")

    # Statistics: who is best at what, with Ana's bate counted.
    page.get_by_role("link", name="Statistics").click()
    expect(page.locator(".best")).to_contain_text("Mike")
    ana = page.locator(".figures-card", has=page.get_by_role("heading", name="Ana"))
    expect(ana).to_contain_text("bate in 1 of 1 hands taken (100%)")

    # A second phone: without the link it is refused; the link lets it in and to score the match.
    other = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    second = other.new_page()
    club_url = page.url.removesuffix("/stats")
    response = second.goto(club_url)
    assert response is not None and response.status == 403
    second.goto(link)
    expect(second.get_by_role("heading", name="The Miners' Arms")).to_be_visible()
    second.locator(".club-matches .match-row").first.click()
    expect(second.get_by_role("link", name=re.compile("^Record hand"))).to_be_visible()
    other.close()


def test_the_start_page_offers_the_clubs_players(page: Page, server) -> None:
    page.goto(server.url + "/clubs/new")
    page.get_by_label("Name of the club").fill("Kitchen")
    page.get_by_label("Players (optional, one a line)").fill("Baka\nDida")
    page.get_by_role("button", name="Start the club").click()
    page.get_by_role("link", name="Start a match in Kitchen").click()
    seat = page.get_by_role("combobox", name=re.compile("^Seat 1"))
    assert seat.get_attribute("list") == "club-players"
    options = page.locator("#club-players option")
    assert [options.nth(i).get_attribute("value") for i in range(options.count())] == ["Baka", "Dida"]
    page.goto(server.url + "/matches")
    expect(page.get_by_role("heading", name="Matches on this phone")).to_be_visible()
    expect(page.get_by_text("No match on this phone yet")).to_be_visible()
