"""The running-totals chart (charts.py): an SVG drawn from the engine's state, with a table of the same figures."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from flask.testing import FlaskClient

from scorekeeper.charts import running_score_svg
from scorekeeper.rules import HandRecord, make_rules, replay
from tests.api.support import BELA_BATE, BELA_MADE, create, record

SVG = "{http://www.w3.org/2000/svg}"


def hand(number: int, game: int | None, totals: list[int] | None, voided: bool = False) -> dict[str, Any]:
    return {"number": number, "game": game, "voided": voided, "totals": totals,
            "scores": totals, "result": None if voided else "made", "pot": 0, "explanation": []}


def parts(markup: str) -> tuple[ET.Element, list[list[str]]]:
    """The <svg> element and the table's rows (each a list of cell texts)."""
    svg_text = re.search(r"<svg.*</svg>", markup, re.S)
    assert svg_text, markup
    svg = ET.fromstring(svg_text.group(0))
    table = re.search(r"<table.*</table>", markup, re.S)
    assert table
    rows = [[re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", table.group(0))]
    return svg, rows


def polylines(svg: ET.Element, side: int) -> list[list[tuple[float, float]]]:
    group = next(g for g in svg.iter(f"{SVG}g") if g.get("data-side") == str(side))
    return [[tuple(map(float, p.split(","))) for p in line.get("points", "").split()]  # type: ignore[misc]
            for line in group.iter(f"{SVG}polyline")]


def test_one_line_per_side_with_a_point_per_hand_the_target_and_the_table() -> None:
    state = {"hands": [hand(1, 1, [75, 60]), hand(2, 1, [75, 181]), hand(3, 1, [165, 243])]}
    markup = str(running_score_svg(state, ["Mike", "Yvonne"], 1001))
    svg, rows = parts(markup)
    assert svg.get("role") == "img"
    title_id, desc_id = svg.get("aria-labelledby", "").split()
    assert svg.find(f"{SVG}title").get("id") == title_id  # type: ignore[union-attr]
    desc = svg.find(f"{SVG}desc")
    assert desc is not None and desc.get("id") == desc_id
    assert "After hand 3 (game 1): Mike 165, Yvonne 243." in (desc.text or "")
    for side in (0, 1):
        lines = polylines(svg, side)
        assert len(lines) == 1 and len(lines[0]) == 3
    # Higher totals are higher on the chart (smaller y); the x positions follow the hand numbers.
    mike = polylines(svg, 0)[0]
    assert mike[0][1] == mike[1][1] > mike[2][1]
    assert mike[0][0] < mike[1][0] < mike[2][0]
    # The two sides differ by dash pattern and marker shape, not colour alone.
    groups = [g for g in svg.iter(f"{SVG}g") if g.get("data-side") is not None]
    dashes = [next(g.iter(f"{SVG}polyline")).get("stroke-dasharray") for g in groups]
    assert dashes[0] != dashes[1]
    assert {child.tag for child in groups[0]} != {child.tag for child in groups[1]}
    legend = " ".join(t.text or "" for g in svg.iter(f"{SVG}g") if "legend" in (g.get("class") or "")
                      for t in g.iter(f"{SVG}text"))
    assert "Mike (circle, solid)" in legend and "Yvonne (square, dashed)" in legend
    target = next(g for g in svg.iter(f"{SVG}g") if g.get("class") == "target")
    assert target.find(f"{SVG}line").get("stroke-dasharray")  # type: ignore[union-attr]
    assert "target 1001" in "".join(target.itertext())
    assert int(svg.get("font-size", "0")) >= 12
    assert svg.get("viewBox", "").startswith("0 0 ") and svg.get("width") is None
    assert "The figures as a table" in markup and "<details" in markup
    assert rows == [["Hand", "Mike", "Yvonne"], ["1", "75", "60"], ["2", "75", "181"], ["3", "165", "243"]]


def test_voided_hands_are_skipped_and_each_game_has_its_own_line() -> None:
    state = {"hands": [hand(1, 1, [110, 52]), hand(2, None, None, voided=True), hand(3, 1, [520, 300]),
                       hand(4, 2, [40, 120]), hand(5, 2, [200, 160])]}
    svg, rows = parts(str(running_score_svg(state, ["Ann & Cat", "Bob & Dan"], 501)))
    for side in (0, 1):
        assert [len(line) for line in polylines(svg, side)] == [2, 2]
    rules = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "game-rule"]
    assert len(rules) == 1 and "game 2" in "".join(rules[0].itertext())
    assert rows[0] == ["Hand", "Game", "Ann &amp; Cat", "Bob &amp; Dan"]
    assert rows[1:] == [["1", "1", "110", "52"], ["3", "1", "520", "300"], ["4", "2", "40", "120"],
                        ["5", "2", "200", "160"]]


def test_no_hands_is_a_sentence_and_no_chart() -> None:
    markup = str(running_score_svg({"hands": []}, ["Mike", "Yvonne"], 1001))
    assert "No hands yet" in markup and "<svg" not in markup and "<table" not in markup
    only_voided = {"hands": [hand(1, None, None, voided=True)]}
    assert "<svg" not in str(running_score_svg(only_voided, ["Mike", "Yvonne"], 1001))


def test_names_are_escaped_and_the_engine_state_is_drawn_as_given() -> None:
    rules = make_rules("bela", {})
    state = replay(rules, [BELA_MADE, HandRecord(BELA_BATE, voided=True), BELA_BATE], names=["<b>M", "Y"]).as_dict()
    markup = str(running_score_svg(state, ["<b>M", "Y"], rules.target))
    assert "<b>M" not in markup and "&lt;b&gt;M" in markup
    svg, rows = parts(markup)
    assert [len(line) for line in polylines(svg, 0)] == [2]
    assert rows[1:] == [["1", *map(str, state["hands"][0]["totals"])], ["3", *map(str, state["hands"][2]["totals"])]]


def test_the_sheet_and_the_board_show_the_chart(client: FlaskClient) -> None:
    match = create(client, players=["Mike", "Yvonne"])
    client.get(f"/m/{match.id}/join?key={match.edit_token}")
    assert "No hands yet: the chart" in client.get(f"/board/{match.view_token}").get_data(as_text=True)
    record(client, match, BELA_MADE)
    record(client, match, BELA_BATE)
    for path in (f"/m/{match.id}", f"/m/{match.id}/live", f"/board/{match.view_token}",
                 f"/board/{match.view_token}/live"):
        page = client.get(path).get_data(as_text=True)
        assert page.count('role="img"') >= 1 and "The figures as a table" in page, path
    sheet = client.get(f"/m/{match.id}").get_data(as_text=True)
    assert "Print this sheet" in sheet and f'href="/m/{match.id}?print=1"' in sheet
    assert '<body class="">' in sheet
    printed = client.get(f"/m/{match.id}?print=1").get_data(as_text=True)
    assert '<body class="print">' in printed and "Print this sheet" not in printed
    assert printed.count('id="hand-1" open') == 1 and 'id="hand-2" open' in printed
    assert f"/m/{match.id}/live?print=1" in printed
