"""Jass's written score on the pages: each side's total on the chalk board's Z (hundreds as strokes on
the top line, the fifty as a cross on the diagonal, twenties as strokes on the bottom line, the rest as a number),
its digits beside it and in its words; the strokes (Striche) beside the points, over the match and per game; the
hands in the table's words (who chose which contract, Match and Kontermatch). Other games show none of it."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import gettext

from scorekeeper.offline.chalk import Written, chalk_z_svg, written_score
from tests.support.api import Made, create, record
from tests.support.pages import Element, parse_page

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
SIDES = ["Ann & Cat", "Bob & Dan"]
HEARTS_ANN = {"contract": "hearts", "taker": 0, "card_points": [115, 37], "last_trick": 0}
"""Ann & Cat 120, Bob & Dan 37 (RULES.md §11: the last trick 5)."""
KONTERMATCH = {"contract": "top-down", "taker": 1, "card_points": [152, 0], "last_trick": 0}
"""Bob & Dan chose Obenabe; Ann & Cat took every trick: 257, a Kontermatch (2 strokes)."""


@pytest.mark.parametrize(("total", "written"), [
    (387, Written(3, 1, 1, 17)),  # the example: 300 + 50 + 20 + 17
    (0, Written(0, 0, 0, 0)),
    (19, Written(0, 0, 0, 19)),
    (20, Written(0, 0, 1, 0)),
    (99, Written(0, 1, 2, 9)),
    (157, Written(1, 1, 0, 7)),
    (1054, Written(10, 1, 0, 4)),
    (2620, Written(26, 0, 1, 0)),
])
def test_a_total_is_written_as_the_z_writes_it(total: int, written: Written) -> None:
    assert written_score(total) == written
    assert 100 * written.hundreds + 50 * written.fifties + 20 * written.twenties + written.rest == total


def drawn_total(svg: Element) -> int:
    """What the drawing says, counted from its marks: strokes on the top line, crosses, strokes on the bottom
    line, and the number left."""
    hundreds = [n for n in svg.walk() if n.tag == "line" and "hundred" in n.classes()]
    fifties = [n for n in svg.walk() if n.tag == "g" and "fifty" in n.classes()]
    twenties = [n for n in svg.walk() if n.tag == "line" and "twenty" in n.classes()]
    rest = [n for n in svg.walk() if n.tag == "text" and "rest" in n.classes()]
    for cross in fifties:  # a cross is two crossing lines
        assert len([n for n in cross.walk() if n.tag == "line"]) == 2
    assert len(fifties) <= 1 and len(twenties) <= 2 and len(rest) <= 1
    left = int(rest[0].text()) if rest else 0
    assert 0 < left < 20 or not rest
    return 100 * len(hundreds) + 50 * len(fifties) + 20 * len(twenties) + left


def side_boxes(page: Element) -> dict[str, Element]:
    """Each side's box of the scoreboard, by the side's name."""
    return {box.find(**{"class": "name"})[0].text(): box for box in page.walk()
            if box.attrs.get("class") == "side" and "data-side" in box.attrs}


def check_the_z(page: Element, totals: list[int], strokes: list[int]) -> None:
    """Each side's Z drawn against the digits shown beside it and the engine's totals, its words saying the
    digits, and the strokes with their word."""
    boxes = side_boxes(page)
    assert list(boxes) == SIDES
    for name, box, total, stroke in zip(SIDES, boxes.values(), totals, strokes, strict=True):
        digits = int(box.find(**{"class": "total"})[0].text())
        assert digits == total
        svgs = [n for n in box.walk() if n.tag == "svg" and "chalk-z" in n.classes()]
        assert len(svgs) == 1, f"{name}: one Z"
        svg = svgs[0]
        assert drawn_total(svg) == digits, f"{name}: the Z says {drawn_total(svg)}, the digits {digits}"
        # Told in words too (a screen reader; nothing told only by the drawing): the side and the digits.
        label = svg.attrs["aria-label"]
        assert svg.attrs["role"] == "img" and f"{name}: {digits} on the board" in label
        titles = [n for n in svg.walk() if n.tag == "title"]
        assert titles and titles[0].text() == label
        assert box.find(**{"class": "strokes"})[0].text() == f"strokes {stroke}"


def jass_match(client: FlaskClient, variant: str = "schieber") -> Made:
    match = create(client, variant, PLAYERS)
    assert client.get(f"/m/{match.id}/join?key={match.edit_token}").status_code == 302
    return match


def page(client: FlaskClient, path: str) -> Element:
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.status)
    return parse_page(answer.get_data(as_text=True))


def state(client: FlaskClient, match: Made) -> dict[str, Any]:
    body = client.get(match.url, headers=match.edit).get_json()
    assert isinstance(body, dict)
    return dict(body["state"])


def test_the_z_drawn_against_the_digits_on_the_sheet_the_board_and_the_tv(client: FlaskClient) -> None:
    match = jass_match(client)
    paths = [f"/m/{match.id}", f"/m/{match.id}/live", f"/board/{match.view_token}",
             f"/board/{match.view_token}?tv=1", f"/board/{match.view_token}/live"]
    # Before the first hand: the strokes at 0, the board left empty (the first screen is for sharing the board).
    for path in paths:
        tree = page(client, path)
        assert [b.find(**{"class": "strokes"})[0].text() for b in side_boxes(tree).values()] == ["strokes 0"] * 2
        assert not [n for n in tree.walk() if n.tag == "svg" and "chalk-z" in n.classes()]
    record(client, match, HEARTS_ANN)
    record(client, match, KONTERMATCH)
    record(client, match, {"contract": "spades", "taker": 1, "card_points": [60, 92], "last_trick": 1,
                           "melds": [[], [50]]})
    now = state(client, match)
    assert now["totals"] == [437, 184]  # 120 + 257 + 60; 37 + 0 + 97 + 50: each a different shape of Z
    assert now["strokes"] == [2, 0]  # the Kontermatch
    for path in paths:
        check_the_z(page(client, path), now["totals"], now["strokes"])


def test_a_game_won_shows_its_strokes_on_the_sheet(client: FlaskClient) -> None:
    match = jass_match(client)
    for hand in (HEARTS_ANN, KONTERMATCH) * 3:
        record(client, match, hand)
    now = state(client, match)
    assert now["finished"] and now["games"][0]["winner"] == 0
    # Kontermatch 2 three times, Berg 1, the win 2, Schneider 2 (Bob & Dan under 500).
    assert now["totals"] == [1131, 111] and now["games"][0]["strokes"] == now["strokes"] == [11, 0]
    sheet = page(client, f"/m/{match.id}")
    check_the_z(sheet, now["totals"], now["strokes"])
    end = [n for n in sheet.walk() if n.attrs.get("class") == "game-end"]
    assert len(end) == 1 and end[0].text().startswith(f"Ann & Cat win game 1, {now['totals'][0]} to")
    assert end[0].find(**{"class": "game-strokes"})[0].text() == "strokes Ann & Cat 11, Bob & Dan 0"
    # The hands in the table's words: who chose which contract; a Match by the other side is a Kontermatch.
    rows = {n.attrs["id"]: n.find(**{"class": "result"})[0].text() for n in sheet.walk()
            if n.tag == "details" and n.attrs.get("id", "").startswith("hand-")}
    assert rows["hand-1"].startswith("Ann & Cat chose ♥")
    assert rows["hand-2"].startswith("Bob & Dan chose Obenabe, Kontermatch")
    board = page(client, f"/board/{match.view_token}").text()
    assert "Hand 6: Bob & Dan chose Obenabe, Kontermatch" in board


def test_a_multiplier_is_written_beside_the_contract(client: FlaskClient) -> None:
    match = jass_match(client, "schieber-2500")
    record(client, match, {"contract": "top-down", "taker": 0, "card_points": [115, 37], "last_trick": 1})
    now = state(client, match)
    assert now["totals"] == [345, 126]  # RULES.md §11 example 32 with the last trick to the other side: ×3
    board = page(client, f"/board/{match.view_token}")
    assert "Hand 1: Ann & Cat chose Obenabe ×3" in board.text()
    check_the_z(board, now["totals"], now["strokes"])


def test_a_long_row_of_hundreds_goes_on_above_the_top_line(app: Flask) -> None:
    with app.test_request_context():
        svg = parse_page(str(chalk_z_svg(2620, "Ann & Cat", gettext))).walk()
        z = next(n for n in svg if n.tag == "svg")
    assert drawn_total(z) == 2620
    heights = sorted({float(n.attrs["y1"]) for n in z.walk() if "hundred" in n.classes()})
    assert len(heights) == 2  # 26 strokes: a row of twenty on the top line, six above it
    assert z.attrs["aria-label"] == "Ann & Cat: 2620 on the board: 100 × 26, 50 × 0, 20 × 1 and 0"


def test_other_games_have_no_z_and_no_strokes(client: FlaskClient) -> None:
    match = create(client, "bela-4", PLAYERS)
    assert client.get(f"/m/{match.id}/join?key={match.edit_token}").status_code == 302
    record(client, match, {"contract": "hearts", "taker": 0, "card_points": [100, 52], "last_trick": 0})
    for path in (f"/m/{match.id}", f"/board/{match.view_token}?tv=1"):
        html = client.get(path).get_data(as_text=True)
        assert "chalk-z" not in html and 'class="strokes"' not in html
