"""The running-totals chart (charts.py): an SVG drawn from the engine's state, with a table of the same figures."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.charts import results_svg, running_score_svg
from scorekeeper.rules import PRESETS, HandRecord, make_rules, replay
from tests.support.api import BELA_BATE, BELA_MADE, create, record

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


def results(outcomes: str, name_against: str = "Yvonne") -> list[dict[str, Any]]:
    """One finished match per letter of ``outcomes`` ("w" won, "l" lost), a day apart from 2026-11-01."""
    rows = []
    for place, outcome in enumerate(outcomes, start=1):
        won_so_far = outcomes[:place].count("w")
        rows.append({"day": f"2026-11-{place:02d}", "match": f"m{place}", "game": "Bela", "against": name_against,
                     "won": outcome == "w", "won_so_far": won_so_far, "played_so_far": place})
    return rows


def series(svg: ET.Element, key: str) -> ET.Element:
    return next(g for g in svg.iter(f"{SVG}g") if g.get("data-series") == key)


def points(group: ET.Element) -> list[tuple[float, float]]:
    line = group.find(f"{SVG}polyline")
    assert line is not None
    return [tuple(map(float, p.split(","))) for p in line.get("points", "").split()]  # type: ignore[misc]


def test_results_draw_a_won_and_a_lost_line_with_a_marker_per_match() -> None:
    rows = results("wlwwlwwlwlww")  # 12 matches: won 8, lost 4
    markup = str(results_svg(rows, "Mike"))
    assert markup.startswith('<section class="chart" aria-label="Results over time"><h2>Results over time</h2>')
    svg, table = parts(markup)
    assert svg.get("role") == "img" and int(svg.get("font-size", "0")) >= 12
    title_id, desc_id = svg.get("aria-labelledby", "").split()
    title, desc = svg.find(f"{SVG}title"), svg.find(f"{SVG}desc")
    assert title is not None and title.get("id") == title_id and title.text == "Mike's results over time"
    assert desc is not None and desc.get("id") == desc_id
    assert desc.text == ("Running count of matches won and lost by Mike over 12 finished matches "
                         "from 2026-11-01 to 2026-11-12: won 8, lost 4.")
    won, lost = series(svg, "won"), series(svg, "lost")
    # A marker per match, circles for won and squares for lost.
    assert len(won.findall(f"{SVG}circle")) == 12 and not won.findall(f"{SVG}rect")
    assert len(lost.findall(f"{SVG}rect")) == 12 and not lost.findall(f"{SVG}circle")
    won_line, lost_line = points(won), points(lost)
    assert len(won_line) == len(lost_line) == 12
    # Left to right in match order; more won than lost at the end, so the won line ends higher (smaller y).
    assert [x for x, _ in won_line] == sorted(x for x, _ in won_line) == [x for x, _ in lost_line]
    assert won_line[-1][1] < lost_line[-1][1]
    # After the first match (won) the lost line is still on the axis, the won one above it.
    assert won_line[0][1] < lost_line[0][1]
    # Not colour alone: distinct dash patterns, named in words with the marker in the legend.
    dashes = {won.find(f"{SVG}polyline").get("stroke-dasharray"),  # type: ignore[union-attr]
              lost.find(f"{SVG}polyline").get("stroke-dasharray")}  # type: ignore[union-attr]
    assert len(dashes) == 2
    legend = [" ".join(g.itertext()) for g in svg.iter(f"{SVG}g") if "legend" in (g.get("class") or "")]
    assert legend == ["Mike: matches won (circle, solid)", "Mike: matches lost (square, dashed)"]
    # The x axis: first, last and about every 5th match, its name, and the first and last day.
    texts = [t.text for t in svg.iter(f"{SVG}text")]
    assert {"1", "5", "10", "12"} <= set(texts) and "7" not in texts
    assert "match" in texts and "2026-11-01" in texts and "2026-11-12" in texts
    assert table[0] == ["Date", "Game", "Against", "Result", "Won–lost"]
    assert len(table) == 1 + 12
    assert table[1] == ["2026-11-01", "Bela", "Yvonne", "won", "1–0"]
    assert table[2] == ["2026-11-02", "Bela", "Yvonne", "lost", "1–1"]
    assert table[-1] == ["2026-11-12", "Bela", "Yvonne", "won", "8–4"]
    assert "Mike&#39;s finished matches, oldest first" in markup


def test_results_label_every_match_when_few_and_plot_the_counts_given() -> None:
    rows = results("lll")
    svg, table = parts(str(results_svg(rows, "Ana", id_prefix="ana")))
    assert svg.get("aria-labelledby") == "ana-title ana-desc"
    assert {"1", "2", "3"} <= {t.text for t in svg.iter(f"{SVG}text")}
    won_line, lost_line = points(series(svg, "won")), points(series(svg, "lost"))
    assert lost_line[-1][1] < won_line[-1][1]
    assert len({y for _, y in won_line}) == 1  # never won: flat on the axis
    assert [row[3:] for row in table[1:]] == [["lost", "0–1"], ["lost", "0–2"], ["lost", "0–3"]]
    # The figures are drawn as given, not recounted: a won_so_far the rows disagree with is still plotted.
    rows[-1]["won_so_far"] = 2
    table = parts(str(results_svg(rows, "Ana")))[1]
    assert table[-1][4] == "2–1"


def test_results_of_one_match_name_its_day_once() -> None:
    svg, table = parts(str(results_svg(results("w"), "Mike")))
    desc = svg.find(f"{SVG}desc")
    assert desc is not None and desc.text == ("Running count of matches won and lost by Mike over 1 finished match "
                                              "on 2026-11-01: won 1, lost 0.")
    assert len(series(svg, "won").findall(f"{SVG}circle")) == 1 and len(table) == 2


def test_results_escape_names_and_opponents() -> None:
    rows = results("wl", name_against="<i>Zed</i> & Co")
    rows[0]["game"] = "Bela <b>"
    markup = str(results_svg(rows, "<b>M & N"))
    assert "<b>" not in markup and "<i>" not in markup
    svg, table = parts(markup)  # still parses as XML
    title = svg.find(f"{SVG}title")
    assert title is not None and title.text == "<b>M & N's results over time"
    legend = [" ".join(g.itertext()) for g in svg.iter(f"{SVG}g") if "legend" in (g.get("class") or "")]
    assert legend[0] == "<b>M & N: matches won (circle, solid)"
    assert table[1][1:3] == ["Bela &lt;b&gt;", "&lt;i&gt;Zed&lt;/i&gt; &amp; Co"]
    assert "&lt;b&gt;M &amp; N&#39;s finished matches" in markup


def test_no_finished_match_is_a_sentence_and_no_chart() -> None:
    markup = str(results_svg([], "Mike"))
    assert "No finished matches yet: the chart starts after the first." in markup
    assert "<svg" not in markup and "<table" not in markup and "Results over time" in markup


# ------------------------------------------------------------------------------------------------ scaled to the target


def _top_and_target(markup: str, target: int) -> tuple[int, float, float]:
    svg = ET.fromstring(re.search(r"<svg.*</svg>", markup, re.S).group(0))  # type: ignore[union-attr]
    ticks = [int(t.text or "0") for t in svg.iter(f"{SVG}text")
             if t.get("class") == "tick" and t.get("text-anchor") == "end"]
    axis = next(g for g in svg.iter(f"{SVG}g") if g.get("class") == "axes")
    y_axis = next(axis.iter(f"{SVG}line"))
    plot_top, plot_bottom = float(y_axis.get("y1", "0")), float(y_axis.get("y2", "0"))
    target_line = next(next(g.iter(f"{SVG}line")) for g in svg.iter(f"{SVG}g") if g.get("class") == "target")
    height = (plot_bottom - float(target_line.get("y1", "0"))) / (plot_bottom - plot_top)
    return max(ticks), height, plot_bottom - plot_top


def test_a_game_of_so_many_deals_has_no_target_line() -> None:
    """RULES.md §10b: a Klaverjas game is 16 deals with no target (`target: null`): the chart draws no target line
    and its description names none."""
    state = {"hands": [{"number": 1, "game": 1, "voided": False, "totals": [92, 70], "scores": [92, 70],
                        "result": "made", "pot": 0, "explanation": []}]}
    svg = str(running_score_svg(state, ["Anouk & Sem", "Daan & Lotte"], PRESETS["klaverjas"].target))
    assert 'class="target"' not in svg and "target" not in svg.split("<desc")[1].split("</desc>")[0]
    assert "After hand 1 (game 1): Anouk &amp; Sem 92, Daan &amp; Lotte 70." in svg


@pytest.mark.parametrize("variant", [name for name, rules in PRESETS.items() if rules.target is not None])
def test_the_chart_is_scaled_to_the_games_target(variant: str) -> None:
    """Early in a game the axis still runs to the target, and the target line sits high on the chart (not half
    way up, as a top rounded to 1,000 put Bela's 501)."""
    target = PRESETS[variant].target
    early = {"hands": [{"number": 1, "game": 1, "voided": False, "totals": [target // 6, target // 10],
                        "scores": [0, 0], "result": "made", "pot": 0, "explanation": []}]}
    top, height, _ = _top_and_target(str(running_score_svg(early, ["Mike", "Yvonne"], target)), target)
    assert top >= target and height >= 0.75, (variant, top, height)
    # Past the target, the axis grows with the totals.
    late = {"hands": [{**early["hands"][0], "totals": [target * 2, target]}]}
    top, height, _ = _top_and_target(str(running_score_svg(late, ["Mike", "Yvonne"], target)), target)
    assert top >= target * 2 and 0.3 <= height <= 0.5
