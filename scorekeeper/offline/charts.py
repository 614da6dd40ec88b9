"""The charts as SVG, inline: no chart library in the browser, and a table of the same figures. The server's pages
and the phone's sheet with no signal draw them with this same code (it is packed with the engine,
``views/engine.py``), each saying the words with its own ``Words``.

Pure functions of the figures they are given (the engine's state dict, docs/api.md "State", or a player's finished
matches): they place those figures, they never score or count anything. Nothing is told by colour alone: each
series' line has its own dash pattern and marker shape, and a legend names them in words.
"""

from __future__ import annotations

import gettext as gettext_module
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from markupsafe import Markup, escape

from ..rules.words import say


class Words(NamedTuple):
    """What a chart says its words with, in the page's language, as Flask-Babel says them: ``gettext(message,
    **fields)`` (the message in the language, ``%`` its fields), ``ngettext(singular, plural, num, **fields)``
    (``num`` among the fields too), ``pgettext(context, message, **fields)``; and ``say(text)``, the templates'
    ``say`` filter (what the engine said, in the language). ``scorekeeper/charts.py`` has the server's,
    ``catalog_words`` makes the phone's."""

    gettext: Callable[..., str]
    ngettext: Callable[..., str]
    pgettext: Callable[..., str]
    say: Callable[[str], str]


def catalog_words(translations: gettext_module.NullTranslations) -> Words:
    """``Words`` over a language's catalog (Python's own ``gettext``, as the phone loads it), with Flask-Babel's
    rules for the fields; the engine's numbers written in plain digits, as ``i18n.number`` writes whole ones."""

    def gettext(message: str, **fields: Any) -> str:
        said = translations.gettext(message)
        return said % fields if fields else said

    def ngettext(singular: str, plural: str, num: int, **fields: Any) -> str:
        return translations.ngettext(singular, plural, num) % {"num": num, **fields}

    def pgettext(context: str, message: str, **fields: Any) -> str:
        said = translations.pgettext(context, message)
        return said % fields if fields else said

    return Words(gettext, ngettext, pgettext, lambda text: say(text, translations.gettext))


WIDTH = 340
"""The viewBox width: about a phone's column, so 13-unit text shows at 12 CSS pixels or more."""
FONT = 13
LEFT, RIGHT, PLOT_TOP, BOTTOM = 44, 12, 10, 34
PLOT_HEIGHT = 170
LEGEND_ROW = 20
DASHES = ("", "8 4", "2 4", "12 4 2 4")
"""Side 1 solid, side 2 dashed, side 3 dotted, side 4 dash-dot."""
MARKERS = ("circle", "square", "triangle", "diamond")
STYLES = ("solid", "dashed", "dotted", "dash-dot")
"""The dash patterns in words, for the legend."""


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


def _dash(i: int) -> str:
    """The stroke-dasharray attribute of series ``i`` (none for the solid line)."""
    dash = DASHES[i % len(DASHES)]
    return f' stroke-dasharray="{dash}"' if dash else ""


def _legend_entry(i: int, label: str, cls: str, words: Words) -> str:
    """Legend row ``i``: a sample of series ``i``'s line and marker, and ``label`` with the shape and dash in words."""
    y = 6 + LEGEND_ROW * i + LEGEND_ROW / 2
    return (f'<g class="legend {cls}"><line class="series" x1="{LEFT}" y1="{_num(y)}" '
            f'x2="{LEFT + 34}" y2="{_num(y)}" stroke-width="2.5"{_dash(i)}/>'
            f'{_marker(MARKERS[i % len(MARKERS)], LEFT + 17, y, "mark")}'
            f'<text x="{LEFT + 42}" y="{_num(y + 4.5)}">{escape(label)} ({escape(_style_words(i, words))})</text></g>')


def _style_words(i: int, words: Words) -> str:
    """Series ``i``'s marker and dash in words, in the page's language: ``circle, solid``."""
    # (The shapes' words have a context of their own: "square" and "diamond" are also a meld and a suit.)
    shapes = {"circle": words.pgettext("chart marker", "circle"),
              "square": words.pgettext("chart marker", "square"),
              "triangle": words.pgettext("chart marker", "triangle"),
              "diamond": words.pgettext("chart marker", "diamond")}
    styles = {"solid": words.gettext("solid"), "dashed": words.gettext("dashed"), "dotted": words.gettext("dotted"),
              "dash-dot": words.gettext("dash-dot")}
    return words.gettext("%(shape)s, %(style)s", shape=shapes[MARKERS[i % len(MARKERS)]],
                         style=styles[STYLES[i % len(STYLES)]])


def _svg_open(height: float, id_prefix: str, title: str, desc: str) -> list[str]:
    """The opening <svg> tag with its <title> and <desc>, which aria-labelledby names."""
    title_id, desc_id = escape(f"{id_prefix}-title"), escape(f"{id_prefix}-desc")
    return [f'<svg class="chart-svg" viewBox="0 0 {WIDTH} {height}" role="img" '
            f'aria-labelledby="{title_id} {desc_id}" font-size="{FONT}" fill="currentColor" '
            f'xmlns="http://www.w3.org/2000/svg">',
            f'<title id="{title_id}">{escape(title)}</title>',
            f'<desc id="{desc_id}">{escape(desc)}</desc>']


def _axes(plot_top: float, base: float) -> str:
    """The y axis down the plot's left edge and the x axis at height ``base``."""
    return (f'<g class="axes"><line x1="{LEFT}" y1="{_num(plot_top)}" x2="{LEFT}" '
            f'y2="{_num(plot_top + PLOT_HEIGHT)}"/>'
            f'<line x1="{LEFT}" y1="{_num(base)}" x2="{WIDTH - RIGHT}" y2="{_num(base)}"/></g>')


def _y_tick(y: float, value: int) -> str:
    return f'<text class="tick" x="{LEFT - 4}" y="{_num(y + 4)}" text-anchor="end">{value}</text>'


def _x_tick(x: float, plot_top: float, label: int) -> str:
    return (f'<text class="tick" x="{_num(x)}" y="{_num(plot_top + PLOT_HEIGHT + 16)}" '
            f'text-anchor="middle">{label}</text>')


def _axis_label(height: float, label: str) -> str:
    """The x axis's name, centred under the plot on the bottom row."""
    return (f'<text class="axis-label" x="{_num(LEFT + (WIDTH - LEFT - RIGHT) / 2)}" y="{height - 3}" '
            f'text-anchor="middle">{escape(label)}</text>')


def _svg_close(parts: list[str]) -> str:
    """The finished <svg>: lines take the text colour, so the chart follows the page's theme."""
    svg = "".join([*parts, "</svg>"]).replace("<line ", '<line stroke="currentColor" ')
    return svg.replace("<polyline ", '<polyline stroke="currentColor" ')


def _section(heading: str, body: str) -> Markup:
    return Markup(f'<section class="chart" aria-label="{escape(heading)}"><h2>{escape(heading)}</h2>'
                  f'{body}</section>')


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


def _scale_top(value: float) -> int:
    """The top of the running-totals axis: a round number just above ``value`` (the target or the highest
    total, with a little headroom), so the target line sits near the top of the plot rather than half way."""
    if value <= 0:
        return 10
    step = 10
    while step * 10 <= value:
        step *= 10
    for multiple in (1, 1.2, 1.4, 1.6, 1.8, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 9, 10):
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


def _figures_table(caption: str, head: str, body: Sequence[str], words: Words) -> str:
    """The text alternative: a table of the chart's figures, folded away under a summary.

    ``head`` is the header row's cells and ``body`` the body's rows, all already escaped.
    """
    summary = escape(words.gettext("The figures as a table"))
    return (f'<details class="chart-table"><summary>{summary}</summary>'
            f'<table class="rules-grid"><caption>{escape(caption)}</caption>'
            f'<thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></details>')


def _table(games: list[tuple[int, list[Mapping[str, Any]]]], names: Sequence[str], words: Words) -> str:
    several = len(games) > 1
    head = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
    rows = []
    for game, hands in games:
        for hand in hands:
            cells = "".join(f"<td>{int(t)}</td>" for t in hand["totals"])
            game_cell = f"<td>{game}</td>" if several else ""
            rows.append(f'<tr><th scope="row">{int(hand["number"])}</th>{game_cell}{cells}</tr>')
    game_word, hand_word = escape(words.gettext("Game")), escape(words.gettext("Hand"))
    game_head = f'<th scope="col">{game_word}</th>' if several else ""
    return _figures_table(words.gettext("Running total of each side after each hand"),
                          f'<th scope="col">{hand_word}</th>{game_head}{head}', rows, words)


def running_score_svg(state: Mapping[str, Any], side_names: Sequence[str], target: int | None, words: Words,
                      id_prefix: str = "chart") -> Markup:
    """A line chart of each side's running total per hand within each game, and the same figures as a table, in
    the language of ``words``.

    x is the hand number, y the points; a dashed line marks the target (a game of so many deals has none), a
    vertical rule each new game. With no scored hand there is a sentence instead of a chart.
    """
    names = list(side_names)
    games = _games(state.get("hands") or [])
    if not games:
        empty = escape(words.gettext("No hands yet: the chart starts after the first hand."))
        return _section(words.gettext("Running totals"), f'<p class="muted chart-empty">{empty}</p>')
    scored = [hand for _, hands in games for hand in hands]
    numbers = [int(h["number"]) for h in scored]
    first, last = min(numbers), max(numbers)
    values = [int(t) for h in scored for t in h["totals"]]
    top = _scale_top(max([*values, target or 0]) * 1.05)
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

    final = scored[-1]
    after = ", ".join(f"{n} {int(t)}" for n, t in zip(names, final["totals"], strict=False))
    hands_words = words.ngettext("%(num)d hand", "%(num)d hands", len(scored))
    if len(games) > 1:
        games_words = words.ngettext("%(num)d game", "%(num)d games", len(games))
        hands_words = words.gettext("%(hands)s in %(games)s", hands=hands_words, games=games_words)
    desc = " ".join((words.gettext("Running total of each side after each hand: %(hands)s, target %(target)s.",
                                   hands=hands_words, target=target) if target is not None
                     else words.gettext("Running total of each side after each hand: %(hands)s.", hands=hands_words),
                     words.gettext("After hand %(hand)s (game %(game)s): %(totals)s.", hand=int(final["number"]),
                                   game=games[-1][0], totals=after)))
    parts = _svg_open(height, id_prefix, words.gettext("Running totals per hand"), desc)
    # Legend: a sample of each side's line with its marker, and its name in words.
    parts.extend(_legend_entry(i, name, f"side-{i}", words) for i, name in enumerate(names))
    # Axes and the y labels: 0, the target, the top.
    parts.append(_axes(plot_top, y_of(0)))
    parts.extend(_y_tick(y_of(value), value) for value in sorted({low, 0, top}))
    if target is not None:
        ty = y_of(target)
        target_words = escape(words.gettext("target %(points)s", points=target))
        parts.append(f'<g class="target"><line x1="{LEFT}" y1="{_num(ty)}" x2="{WIDTH - RIGHT}" y2="{_num(ty)}" '
                     f'stroke-dasharray="6 4"/><text x="{WIDTH - RIGHT}" y="{_num(ty - 4)}" '
                     f'text-anchor="end">{target_words}</text></g>')
    # Game boundaries: a rule between the last hand of one game and the first of the next.
    for (_, before), (game, hands) in zip(games, games[1:], strict=False):
        game_words = escape(words.gettext("game %(game)s", game=game))
        bx = (x_of(int(before[-1]["number"])) + x_of(int(hands[0]["number"]))) / 2
        parts.append(f'<g class="game-rule"><line x1="{_num(bx)}" y1="{_num(plot_top)}" x2="{_num(bx)}" '
                     f'y2="{_num(plot_top + PLOT_HEIGHT)}" stroke-dasharray="1 3"/>'
                     f'<text x="{_num(bx + 3)}" y="{_num(plot_top + 12)}">'
                     f'{game_words}</text></g>')
    # The x labels: every hand when there are few; else the first, the last and the first hand of each game.
    x_labels = set(numbers) if last - first < 12 else {first, last, *(int(hands[0]["number"]) for _, hands in games)}
    parts.extend(_x_tick(x_of(number), plot_top, number) for number in sorted(x_labels))
    parts.append(_axis_label(height, words.gettext("hand")))
    # One polyline per side and game, with a marker at each hand.
    for i in range(len(names)):
        parts.append(f'<g class="series-group side-{i}" data-side="{i}">')
        for game, hands in games:
            points = " ".join(f"{_num(x_of(int(h['number'])))},{_num(y_of(int(h['totals'][i])))}" for h in hands)
            parts.append(f'<polyline class="series" data-game="{game}" points="{points}" fill="none" '
                         f'stroke-width="2.5"{_dash(i)}/>')
            parts.extend(_marker(MARKERS[i % len(MARKERS)], x_of(int(h["number"])), y_of(int(h["totals"][i])),
                                 "mark") for h in hands)
        parts.append("</g>")
    return _section(words.gettext("Running totals"),
                    f'<figure class="chart-figure">{_svg_close(parts)}</figure>{_table(games, names, words)}')


def _match_labels(count: int, gap: float) -> list[int]:
    """The match places labelled under the x axis, ``gap`` apart: all of them when fewer than 12; else the first,
    the last and about every 5th (every 10th, 25th, 50th... when every 5th would crowd)."""
    if count < 12:
        return list(range(1, count + 1))
    step = 5
    while step * gap < 30:  # 5, 10, 25, 50, 100, 250...
        step = step * 5 // 2 if str(step).startswith("1") else step * 2
    return [1, *(k for k in range(step, count, step) if (count - k) * gap >= 24), count]


def _results_table(rows: Sequence[Mapping[str, Any]], name: str, words: Words) -> str:
    # Translators: the columns of a player's table of finished matches.
    heads = (words.gettext("Date"), words.gettext("Game"), words.gettext("Against"), words.gettext("Result"),
             words.gettext("Won–lost"))
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    # Translators: a match's result in a player's table of finished matches.
    outcome = {True: escape(words.gettext("won")), False: escape(words.gettext("lost"))}
    body = []
    for row in rows:
        won = int(row["won_so_far"])
        lost = int(row["played_so_far"]) - won
        body.append(f'<tr><th scope="row">{escape(row["day"])}</th><td>{escape(words.say(row["game"]))}</td>'
                    f'<td>{escape(row["against"])}</td><td>{outcome[bool(row["won"])]}</td>'
                    f"<td>{won}–{lost}</td></tr>")
    return _figures_table(words.gettext("%(name)s's finished matches, oldest first", name=name), head, body, words)


def results_svg(rows: Sequence[Mapping[str, Any]], name: str, words: Words,
                id_prefix: str = "results") -> Markup:
    """A line chart of one player's running count of matches won and lost, and the same figures as a table, in
    the language of ``words``.

    ``rows`` are the player's finished matches, oldest first, each with its ``day``, ``game``, ``against`` (the
    opponents, for display), ``won`` and the running ``won_so_far`` and ``played_so_far`` counts including it.
    x is the match's place, y the count; "won" is a solid line with circles, "lost" a dashed one with squares.
    With no rows there is a sentence instead of a chart.
    """
    heading = words.gettext("Results over time")
    if not rows:
        empty = escape(words.gettext("No finished matches yet: the chart starts after the first."))
        return _section(heading, f'<p class="muted chart-empty">{empty}</p>')
    count = len(rows)
    won = [int(row["won_so_far"]) for row in rows]
    lost = [int(row["played_so_far"]) - w for row, w in zip(rows, won, strict=True)]
    top = _nice_ceiling(max(int(row["played_so_far"]) for row in rows))
    series = (("won", words.gettext("%(name)s: matches won", name=name), won),
              ("lost", words.gettext("%(name)s: matches lost", name=name), lost))
    plot_top = LEGEND_ROW * len(series) + 6 + PLOT_TOP
    height = plot_top + PLOT_HEIGHT + BOTTOM
    plot_width = WIDTH - LEFT - RIGHT

    def x_of(place: int) -> float:
        if count == 1:
            return LEFT + plot_width / 2
        return LEFT + (place - 1) * plot_width / (count - 1)

    def y_of(value: float) -> float:
        return plot_top + PLOT_HEIGHT - value * PLOT_HEIGHT / top

    first_day, last_day = str(rows[0]["day"]), str(rows[-1]["day"])
    if first_day == last_day:
        desc = words.ngettext("Running count of matches won and lost by %(name)s over %(num)d finished match on "
                              "%(day)s: won %(won)s, lost %(lost)s.",
                              "Running count of matches won and lost by %(name)s over %(num)d finished matches on "
                              "%(day)s: won %(won)s, lost %(lost)s.", count, name=name, day=first_day, won=won[-1],
                              lost=lost[-1])
    else:
        desc = words.ngettext("Running count of matches won and lost by %(name)s over %(num)d finished match from "
                              "%(first)s to %(last)s: won %(won)s, lost %(lost)s.",
                              "Running count of matches won and lost by %(name)s over %(num)d finished matches from "
                              "%(first)s to %(last)s: won %(won)s, lost %(lost)s.", count, name=name, first=first_day,
                              last=last_day, won=won[-1], lost=lost[-1])
    parts = _svg_open(height, id_prefix, words.gettext("%(name)s's results over time", name=name), desc)
    # Legend: a sample of each series' line with its marker, and what it counts in words.
    parts.extend(_legend_entry(i, label, f"series-{key}", words) for i, (key, label, _) in enumerate(series))
    # Axes and the y labels: 0, the middle when it is whole, the top.
    parts.append(_axes(plot_top, y_of(0)))
    parts.extend(_y_tick(y_of(value), value) for value in sorted({0, top // 2 if top % 2 == 0 else 0, top}))
    # The x labels, the axis's name, and the first and last day under the axis's ends.
    gap = plot_width / (count - 1) if count > 1 else float(plot_width)
    parts.extend(_x_tick(x_of(place), plot_top, place) for place in _match_labels(count, gap))
    # Translators: the name of the x axis of a player's results chart: each finished match in turn.
    parts.append(_axis_label(height, words.gettext("match")))
    parts.append(f'<text class="tick day" x="{LEFT}" y="{height - 3}" text-anchor="start">{escape(first_day)}</text>')
    if last_day != first_day:
        parts.append(f'<text class="tick day" x="{WIDTH - RIGHT}" y="{height - 3}" '
                     f'text-anchor="end">{escape(last_day)}</text>')
    # One polyline per series with a marker at each match.
    for i, (key, _, values) in enumerate(series):
        points = [(x_of(place), y_of(value)) for place, value in enumerate(values, start=1)]
        parts.append(f'<g class="series-group series-{key}" data-series="{key}">'
                     f'<polyline class="series" points="{" ".join(f"{_num(x)},{_num(y)}" for x, y in points)}" '
                     f'fill="none" stroke-width="2.5"{_dash(i)}/>')
        parts.extend(_marker(MARKERS[i % len(MARKERS)], x, y, "mark") for x, y in points)
        parts.append("</g>")
    return _section(heading, f'<figure class="chart-figure">{_svg_close(parts)}</figure>'
                             f'{_results_table(rows, name, words)}')
