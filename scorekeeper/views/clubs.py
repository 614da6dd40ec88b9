"""Club pages (filled in below)."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("clubs", __name__)
