"""The server's charts: those of ``offline/charts.py`` (the code the phone draws its sheet's chart with too), said
with Flask-Babel in this answer's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext, ngettext, pgettext
from markupsafe import Markup

from .i18n import said
from .offline import charts
from .offline.charts import Words

WORDS = Words(gettext, ngettext, pgettext, said)
"""The charts' words as the server's pages say them: Flask-Babel's, and the templates' ``say`` filter."""


def running_score_svg(state: Mapping[str, Any], side_names: Sequence[str], target: int | None,
                      id_prefix: str = "chart") -> Markup:
    """A line chart of each side's running total per hand within each game, and the same figures as a table."""
    return charts.running_score_svg(state, side_names, target, WORDS, id_prefix)


def results_svg(rows: Sequence[Mapping[str, Any]], name: str, id_prefix: str = "results") -> Markup:
    """A line chart of one player's running count of matches won and lost, and the same figures as a table."""
    return charts.results_svg(rows, name, WORDS, id_prefix)
