"""The read-only board at the view-token link: nothing on it can change the match."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, render_template, request

from .. import services
from ..charts import running_score_svg
from ..models import Match
from ..rules.describe import describe_rules

bp = Blueprint("board", __name__)


def board_context(match: Match) -> dict[str, Any]:
    """What the board shows: only what the engine computed, never the edit link."""
    rules = services.rules_of(match)
    now = datetime.now(UTC)
    state, names = services.state_of(match), services.side_names(rules, match.players)
    return {"match": match, "rules": rules, "state": state, "chart": running_score_svg(state, names, rules.target),
            "names": names, "sides": services.sides_of(match, rules),
            "house_rules": describe_rules(rules), "loaded_at": now.isoformat(),
            "loaded_at_text": now.strftime("%H:%M:%S UTC")}


@bp.get("/board/<view_token>")
def board(view_token: str) -> Any:
    """Big totals, the pot, game and match score, the last hands, who deals next, the house rules."""
    match = services.find_board(view_token)
    return render_template("board/board.html", **board_context(match), tv=request.args.get("tv") == "1")


@bp.get("/board/<view_token>/live")
def board_live(view_token: str) -> Any:
    """The board's changing part, fetched again when a live update arrives."""
    match = services.find_board(view_token)
    return render_template("board/_content.html", **board_context(match))
