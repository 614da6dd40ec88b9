"""Tournament pages, one blueprint ("tournaments"):

- ``organizer``  a new tournament, the organizer page (register, draw, tables, decide, finish), print,
                 downloads, self-registration from the venue screen's QR code, the table line on match pages
- ``venue``      the venue screen (helper D)
"""

from __future__ import annotations

from flask import Blueprint

from ...tournament import find_format

bp = Blueprint("tournaments", __name__)


@bp.app_template_test("knockout")
def knockout(name: str) -> bool:
    """``{% if t.format is knockout %}``: whether the format of that name puts out a side that loses its table
    (the standings then say the round each entry reached)."""
    return find_format(name).knockout


# venue pages: .venue (helper D)
from . import organizer, venue  # noqa: E402,F401  (each adds its routes to bp)
