"""The read-only board at the view-token link: nothing on it can change the match."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from .. import services
from ..rules.describe import describe_rules

bp = Blueprint("board", __name__)


@bp.get("/board/<view_token>")
def board(view_token: str) -> Any:
    """Big totals, the pot, game and match score, the last hands, who deals next, the house rules."""
    match = services.find_board(view_token)
    rules = services.rules_of(match)
    return render_template("board/board.html", match=match, rules=rules, state=services.state_of(match),
                           names=services.side_names(rules, match.players), sides=services.sides_of(match, rules),
                           house_rules=describe_rules(rules))
