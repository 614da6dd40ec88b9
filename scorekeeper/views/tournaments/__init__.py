"""Tournament pages, one blueprint ("tournaments"):

- ``organizer``  a new tournament, the organizer page (register, draw, tables, decide, finish), print,
                 downloads, self-registration from the venue screen's QR code, the table line on match pages
- ``venue``      the venue screen (helper D)
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("tournaments", __name__)

# venue pages: .venue (helper D)
from . import organizer, venue  # noqa: E402,F401  (each adds its routes to bp)
