"""The board's pages: the read-only board at the view-token link (nothing on it can change the match), its live
part, and "Play again" from it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import format_time, gettext
from werkzeug.wrappers import Response

from .. import services
from ..charts import running_score_svg
from ..forms import encode_rules, house_overrides
from ..i18n import current_language, speak_for_page
from ..models import Match
from ..offline.chalk import chalk_z_svg
from . import phone
from .links import public_url
from .rulebook import named_house_rules

bp = Blueprint("board", __name__)
# Jass's chalk board Z of a side's total, for the scoreboard macro wherever it is shown (sheet, board, TV, claim).
bp.add_app_template_global(lambda total, side: chalk_z_svg(total, side, gettext), "chalk_z")


def board_context(match: Match) -> dict[str, Any]:
    """What the board shows: only what the engine computed, never the edit link."""
    rules = services.rules_of(match)
    now = datetime.now(UTC)
    # A page in another language replays the match: the cache keeps the explanations' English text only.
    state = services.state_of(match, sayable=current_language() != "en")
    names = services.side_names(rules, match.players)
    return {"match": match, "rules": rules, "state": state, "chart": running_score_svg(state, names, rules.target),
            "names": names, "sides": services.sides_of(match, rules),
            "house_rules": named_house_rules(rules, names), "loaded_at": now.isoformat(),
            "loaded_at_text": format_time(now, "HH:mm:ss") + " UTC"}  # a 24-hour clock: UTC is no phone's own


@bp.get("/board/<view_token>")
def board(view_token: str) -> Any:
    """Big totals, the pot, game and match score, the last hands, who deals next, the house rules."""
    match = services.find_board(view_token)
    speak_for_page(services.screen_language(match.language, match.club_id))
    board_url = public_url(url_for("board.board", view_token=view_token))
    return render_template("board/board.html", **board_context(match), tv=request.args.get("tv") == "1",
                           board_url=board_url, at_table=services.table_of_match(match.id))


@bp.get("/board/<view_token>/live")
def board_live(view_token: str) -> Any:
    """The board's changing part, fetched again when a live update arrives."""
    match = services.find_board(view_token)
    speak_for_page(services.screen_language(match.language, match.club_id))
    return render_template("board/_content.html", **board_context(match))


def again_args(match: Match) -> dict[str, Any]:
    """The start page's arguments for another match like ``match``: its game, house rules and players in
    the same seats, the deal passing on to whoever would deal next, and its club when this phone has it."""
    state = services.summary_of(match)
    overrides = house_overrides(match.variant, match.rules)
    args: dict[str, Any] = {"variant": match.variant, "player": list(match.players), "dealer": state["dealer"]}
    if overrides:
        args["rules"] = encode_rules(overrides)
    if match.club_id and match.club_id in phone.club_keys():
        args["club"] = match.club_id
    return args


@bp.get("/board/<view_token>/again")
def again(view_token: str) -> Response:
    """Play again from the board (or any page with the scoreboard): the start page filled like this match."""
    match = services.find_board(view_token)
    return redirect(url_for("scorer.start", **again_args(match)))
