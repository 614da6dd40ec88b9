"""Charts drawn on the server as SVG: no chart library in the browser, and a table of the same figures.

Pure functions of the engine's state dict (API.md "State"): they place the totals the engine gave, they never
score anything. Nothing is told by colour alone: each side's line has its own dash pattern and marker shape,
and a legend names them in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

WIDTH = 340
"""The viewBox width: about a phone's column, so 13-unit text shows at 12 CSS pixels or more."""
FONT = 13
LEFT, RIGHT, PLOT_TOP, BOTTOM = 44, 12, 10, 34
PLOT_HEIGHT = 170
LEGEND_ROW = 20
DASHES = ("", "8 4", "2 4", "12 4 2 4")
"""Side 1 solid, side 2 dashed, side 3 dotted, side 4 dash-dot."""
MARKERS = ("circle", "square", "triangle", "diamond")


def _num(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def _marker(shape: str, x: float, y: float, cls: str) -> str:
    r = 4.0
    if shape == "circle":
        return f'<circle class="{cls}" cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}"/>'
    if shape == "square":
        return (f'<rect class="{cls}" x="{_num(x - r)}" y="{_num(y - r)}" '
                f'width="{_num(2 * r)}" height="{_num(2 * r)}"/>')
    if shape == "triangle":
        points = [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)]
    else:
        points = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
    return f'<polygon class="{cls}" points="{" ".join(f"{_num(a)},{_num(b)}" for a, b in points)}"/>'


def _nice_ceiling(value: float) -> int:
    """A round number at or above ``value`` for the top of the y axis."""
    if value <= 0:
        return 10
    step = 10
    while step * 10 <= value:
        step *= 10
    for multiple in (1, 2, 2.5, 5, 10):
        if step * multiple >= value:
            return int(step * multiple)
    return int(step * 10)  # pragma: no cover


def _games(hands: Sequence[Mapping[str, Any]]) -> list[tuple[int, list[Mapping[str, Any]]]]:
    """The scored hands grouped by game, in order; voided hands are left out."""
    games: list[tuple[int, list[Mapping[str, Any]]]] = []
    for hand in hands:
        if hand.get("voided") or hand.get("totals") is None:
            continue
        game = int(hand.get("game") or 1)
        if not games or games[-1][0] != game:
            games.append((game, []))
        games[-1][1].append(hand)
    return games


def _table(games: list[tuple[int, list[Mapping[str, Any]]]], names: Sequence[str]) -> str:
    several = len(games) > 1
    head = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
    rows = []
    for game, hands in games:
        for hand in hands:
            cells = "".join(f"<td>{int(t)}</td>" for t in hand["totals"])
            game_cell = f"<td>{game}</td>" if several else ""
            rows.append(f'<tr><th scope="row">{int(hand["number"])}</th>{game_cell}{cells}</tr>')
    game_head = '<th scope="col">Game</th>' if several else ""
    return ('<details class="chart-table"><summary>The figures as a table</summary>'
            '<table class="rules-grid"><caption>Running total of each side after each hand</caption>'
            f'<thead><tr><th scope="col">Hand</th>{game_head}{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></details>')


def running_score_svg(state: Mapping[str, Any], side_names: Sequence[str], target: int,
                      id_prefix: str = "chart") -> Markup:
    """A line chart of each side's running total per hand within each game, and the same figures as a table.

    x is the hand number, y the points; a dashed line marks the target, a vertical rule each new game.
    With no scored hand there is a sentence instead of a chart.
    """
    names = list(side_names)
    games = _games(state.get("hands") or [])
    if not games:
        return Markup('<section class="chart" aria-label="Running totals"><h2>Running totals</h2>'
                      '<p class="muted chart-empty">No hands yet: the chart starts after the first hand.</p>'
                      '</section>')
    scored = [hand for _, hands in games for hand in hands]
    numbers = [int(h["number"]) for h in scored]
    first, last = min(numbers), max(numbers)
    values = [int(t) for h in scored for t in h["totals"]]
    top = _nice_ceiling(max([*values, target]) * 1.05)
    low = min(0, *values)
    if low < 0:
        low = -_nice_ceiling(-low)
    legend_height = LEGEND_ROW * len(names) + 6
    plot_top = legend_height + PLOT_TOP
    height = plot_top + PLOT_HEIGHT + BOTTOM
    plot_width = WIDTH - LEFT - RIGHT

    def x_of(number: float) -> float:
        if last == first:
            return LEFT + plot_width / 2
        return LEFT + (number - first) * plot_width / (last - first)

    def y_of(points: float) -> float:
        return plot_top + PLOT_HEIGHT - (points - low) * PLOT_HEIGHT / (top - low)

    title_id, desc_id = f"{id_prefix}-title", f"{id_prefix}-desc"
    final = scored[-1]
    after = ", ".join(f"{n} {int(t)}" for n, t in zip(names, final["totals"], strict=False))
    desc = (f"Running total of each side after each hand: {len(scored)} hands"
            f"{f' in {len(games)} games' if len(games) > 1 else ''}, target {target}. "
            f"After hand {int(final['number'])} (game {games[-1][0]}): {after}.")
    parts = [f'<svg class="chart-svg" viewBox="0 0 {WIDTH} {height}" role="img" '
             f'aria-labelledby="{title_id} {desc_id}" font-size="{FONT}" fill="currentColor" '
             f'xmlns="http://www.w3.org/2000/svg">',
             f'<title id="{title_id}">Running totals per hand</title>',
             f'<desc id="{desc_id}">{escape(desc)}</desc>']
    # Legend: a sample of each side's line with its marker, and its name in words.
    for i, name in enumerate(names):
        y = 6 + LEGEND_ROW * i + LEGEND_ROW / 2
        dash = f' stroke-dasharray="{DASHES[i % len(DASHES)]}"' if DASHES[i % len(DASHES)] else ""
        parts.append(f'<g class="legend side-{i}"><line class="series" x1="{LEFT}" y1="{_num(y)}" '
                     f'x2="{LEFT + 34}" y2="{_num(y)}" stroke-width="2.5"{dash}/>'
                     f'{_marker(MARKERS[i % len(MARKERS)], LEFT + 17, y, "mark")}'
                     f'<text x="{LEFT + 42}" y="{_num(y + 4.5)}">{escape(name)} '
                     f'({MARKERS[i % len(MARKERS)]}, {("solid", "dashed", "dotted", "dash-dot")[i % 4]})</text></g>')
    # Axes and the y labels: 0, the target, the top.
    base = y_of(0)
    parts.append(f'<g class="axes"><line x1="{LEFT}" y1="{_num(plot_top)}" x2="{LEFT}" '
                 f'y2="{_num(plot_top + PLOT_HEIGHT)}"/>'
                 f'<line x1="{LEFT}" y1="{_num(base)}" x2="{WIDTH - RIGHT}" y2="{_num(base)}"/></g>')
    for value in sorted({low, 0, top}):
        parts.append(f'<text class="tick" x="{LEFT - 4}" y="{_num(y_of(value) + 4)}" '
                     f'text-anchor="end">{value}</text>')
    ty = y_of(target)
    parts.append(f'<g class="target"><line x1="{LEFT}" y1="{_num(ty)}" x2="{WIDTH - RIGHT}" y2="{_num(ty)}" '
                 f'stroke-dasharray="6 4"/><text x="{WIDTH - RIGHT}" y="{_num(ty - 4)}" '
                 f'text-anchor="end">target {target}</text></g>')
    # Game boundaries: a rule between the last hand of one game and the first of the next.
    for (_, before), (game, hands) in zip(games, games[1:], strict=False):
        bx = (x_of(int(before[-1]["number"])) + x_of(int(hands[0]["number"]))) / 2
        parts.append(f'<g class="game-rule"><line x1="{_num(bx)}" y1="{_num(plot_top)}" x2="{_num(bx)}" '
                     f'y2="{_num(plot_top + PLOT_HEIGHT)}" stroke-dasharray="1 3"/>'
                     f'<text x="{_num(bx + 3)}" y="{_num(plot_top + 12)}">game {game}</text></g>')
    # The x labels: every hand when there are few; else the first, the last and the first hand of each game.
    x_labels = set(numbers) if last - first < 12 else {first, last, *(int(hands[0]["number"]) for _, hands in games)}
    for number in sorted(x_labels):
        parts.append(f'<text class="tick" x="{_num(x_of(number))}" y="{_num(plot_top + PLOT_HEIGHT + 16)}" '
                     f'text-anchor="middle">{number}</text>')
    parts.append(f'<text class="axis-label" x="{_num(LEFT + plot_width / 2)}" y="{height - 3}" '
                 f'text-anchor="middle">hand</text>')
    # One polyline per side and game, with a marker at each hand.
    for i in range(len(names)):
        dash = DASHES[i % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<g class="series-group side-{i}" data-side="{i}">')
        for game, hands in games:
            points = " ".join(f"{_num(x_of(int(h['number'])))},{_num(y_of(int(h['totals'][i])))}" for h in hands)
            parts.append(f'<polyline class="series" data-game="{game}" points="{points}" fill="none" '
                         f'stroke-width="2.5"{dash_attr}/>')
            parts.extend(_marker(MARKERS[i % len(MARKERS)], x_of(int(h["number"])), y_of(int(h["totals"][i])),
                                 "mark") for h in hands)
        parts.append("</g>")
    parts.append("</svg>")
    svg = "".join(parts).replace("<line ", '<line stroke="currentColor" ')
    svg = svg.replace("<polyline ", '<polyline stroke="currentColor" ')
    return Markup('<section class="chart" aria-label="Running totals"><h2>Running totals</h2>'
                  f'<figure class="chart-figure">{svg}</figure>{_table(games, names)}</section>')
