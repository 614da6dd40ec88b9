"""The Swiss written score (Jass): a side's total drawn on the chalk board's "Z" as SVG, inline: on the server's
pages and on the phone's, the same code (it is packed with the engine, ``views/engine.py``).

The Z's top line carries the hundreds as strokes, its diagonal the fifty as a cross, its bottom line the twenties as
strokes; what is left (under 20) is written as a number. 387 is three strokes on top, a cross, one stroke at the
bottom and 17. ``written_score`` is that arithmetic, and only that: it places a total the engine computed, it
scores nothing. The drawing carries its figures in words (``<title>`` and ``aria-label``), and the pages show the
total's digits beside it: nothing is told by the drawing alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from markupsafe import Markup, escape

Gettext = Callable[..., str]
"""Flask-Babel's ``gettext`` (a message, then its fields), or the phone's, which works alike."""


class Written(NamedTuple):
    """A total as the chalk board writes it: ``100 * hundreds + 50 * fifties + 20 * twenties + rest``."""

    hundreds: int
    fifties: int
    """0 or 1: two fifties are a hundred."""
    twenties: int
    """0, 1 or 2: what is left after the fifty holds at most two twenties."""
    rest: int
    """Under 20, written as a number (a total under nothing is all rest)."""


def written_score(total: int) -> Written:
    """``total`` split as the Z writes it: 387 → 3 hundreds, 1 fifty, 1 twenty, 17."""
    if total <= 0:
        return Written(0, 0, 0, total)
    hundreds, left = divmod(total, 100)
    fifties, left = divmod(left, 50)
    twenties, rest = divmod(left, 20)
    return Written(hundreds, fifties, twenties, rest)


WIDTH = 160
"""The viewBox's width: the Z fills it, about half a phone's column (a side's box)."""
LEFT, RIGHT = 8, 152
TOP, BOTTOM = 22, 82
"""The Z's top and bottom lines (y of the first row of hundreds; the drawing grows upwards by a row of 20)."""
ROW = 20
"""Hundreds per row: four groups of five; a longer row goes on above the top line."""
STEP, GROUP_GAP, TICK = 6, 6, 8
"""A stroke's spacing, the gap after every fifth, and half a stroke's length."""
ROW_HEIGHT = 17


def _num(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


def _strokes(count: int, x0: float, y: float, cls: str) -> list[str]:
    """``count`` short upright strokes through height ``y`` from ``x0`` on, in groups of five."""
    lines = []
    for i in range(count):
        x = x0 + i * STEP + (i // 5) * GROUP_GAP
        lines.append(f'<line class="{cls}" x1="{_num(x)}" y1="{_num(y - TICK)}" x2="{_num(x + 2)}" '
                     f'y2="{_num(y + TICK)}"/>')
    return lines


def chalk_words(total: int, side: str, gettext: Gettext) -> str:
    """The drawing in words, in the page's language (``gettext``): "Ann & Cat: 387 on the board: 100 × 3, 50 × 1,
    20 × 1 and 17"."""
    w = written_score(total)
    # Translators: the text of the chalk board's Z drawing (Swiss Jass): %(side)s is a side's name, %(total)s its
    # points; the Z writes each hundred as a stroke, a fifty as a cross, each twenty as a stroke, and the rest.
    return gettext("%(side)s: %(total)s on the board: 100 × %(hundreds)s, 50 × %(fifties)s, 20 × %(twenties)s "
                   "and %(rest)s", side=side, total=total, hundreds=w.hundreds, fifties=w.fifties,
                   twenties=w.twenties, rest=w.rest)


def chalk_z_svg(total: int, side: str, gettext: Gettext) -> Markup:
    """A side's ``total`` on the chalk board's Z: strokes for the hundreds on the top line (rows of twenty, the
    later rows above it), a cross for the fifty on the diagonal, strokes for the twenties on the bottom line,
    and the rest as a number."""
    w = written_score(total)
    rows = max(1, -(-w.hundreds // ROW))
    lift = (rows - 1) * ROW_HEIGHT
    top, bottom = TOP + lift, BOTTOM + lift
    height = bottom + 12
    words = escape(chalk_words(total, side, gettext))
    parts = [f'<svg class="chalk-z" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{words}" '
             f'data-chalk="{total}" fill="currentColor" stroke="currentColor" xmlns="http://www.w3.org/2000/svg">',
             f"<title>{words}</title>",
             f'<polyline class="z" fill="none" stroke-width="2.5" stroke-linejoin="round" '
             f'points="{LEFT},{top} {RIGHT},{top} {LEFT},{bottom} {RIGHT},{bottom}"/>',
             '<g class="hundreds" stroke-width="2">']
    for row in range(rows):
        count = min(ROW, w.hundreds - row * ROW)
        parts += _strokes(count, LEFT + 6, top - row * ROW_HEIGHT, "hundred")
    parts.append("</g>")
    if w.fifties:
        cx, cy, r = (LEFT + RIGHT) / 2, (top + bottom) / 2, 7
        parts.append(f'<g class="fifty" stroke-width="2"><line x1="{_num(cx - r)}" y1="{_num(cy - r)}" '
                     f'x2="{_num(cx + r)}" y2="{_num(cy + r)}"/><line x1="{_num(cx - r)}" y1="{_num(cy + r)}" '
                     f'x2="{_num(cx + r)}" y2="{_num(cy - r)}"/></g>')
    parts.append('<g class="twenties" stroke-width="2">')
    parts += _strokes(w.twenties, LEFT + 44, bottom, "twenty")
    parts.append("</g>")
    if w.rest:
        parts.append(f'<text class="rest" x="{RIGHT}" y="{_num(bottom - 6)}" text-anchor="end" stroke="none" '
                     f'font-size="20" font-weight="700">{w.rest}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
