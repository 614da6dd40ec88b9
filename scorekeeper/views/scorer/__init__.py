"""The scorer's pages, one blueprint ("scorer") in three rooms:

- ``start``  start a match (game, house rules, players), play again, open an edit link
- ``sheet``  the score sheet, its live part, the buttons' writes (thrown in, void, restore, dispute, undo), exports
- ``hand``   the hand form (record, edit, claim) and its live preview

A phone that started a match (or opened its edit link) keeps the edit key in its signed session cookie.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ...forms import new_key
from ...models import Match
from ..board import board_context

bp = Blueprint("scorer", __name__)


def page_context(match: Match) -> dict[str, Any]:
    """The board's context for the scorer's pages, with what their write forms carry: a fresh idempotency key
    and the revision the page shows."""
    context = board_context(match)
    context["forms"] = {"idempotency_key": new_key(), "revision": match.revision}
    return context


from . import hand, sheet, start  # noqa: E402  (each room adds its routes to bp)

__all__ = ["bp", "hand", "page_context", "sheet", "start"]
