"""The read-only board at the view-token link: nothing on it can change the match."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from .. import services
from ..charts import running_score_svg
from ..forms import checked_rules, encode_rules, house_overrides
from ..models import Match
from ..rules import PRESETS, Rules
from ..rules.describe import describe_rules
from . import phone
from .links import public_url

bp = Blueprint("board", __name__)


def named_house_rules(rules: Rules, names: list[str]) -> list[str]:
    """The house rules in words, the sides by their names ("Ann & Cat against Bob & Dan"), not seat numbers."""
    lines = list(describe_rules(rules))
    if rules.players == 4 and len(names) == 2:
        lines[0] = f"{rules.title}: 4 players, two sides of partners sitting opposite: {names[0]} against {names[1]}."
    return lines


def board_context(match: Match) -> dict[str, Any]:
    """What the board shows: only what the engine computed, never the edit link."""
    rules = services.rules_of(match)
    now = datetime.now(UTC)
    state, names = services.state_of(match), services.side_names(rules, match.players)
    return {"match": match, "rules": rules, "state": state, "chart": running_score_svg(state, names, rules.target),
            "names": names, "sides": services.sides_of(match, rules),
            "house_rules": named_house_rules(rules, names), "loaded_at": now.isoformat(),
            "loaded_at_text": now.strftime("%H:%M:%S UTC")}


@bp.get("/board/<view_token>")
def board(view_token: str) -> Any:
    """Big totals, the pot, game and match score, the last hands, who deals next, the house rules."""
    match = services.find_board(view_token)
    board_url = public_url(url_for("board.board", view_token=view_token))
    return render_template("board/board.html", **board_context(match), tv=request.args.get("tv") == "1",
                           board_url=board_url)


@bp.get("/board/<view_token>/live")
def board_live(view_token: str) -> Any:
    """The board's changing part, fetched again when a live update arrives."""
    match = services.find_board(view_token)
    return render_template("board/_content.html", **board_context(match))


def again_args(match: Match) -> dict[str, Any]:
    """The start page's arguments for another match like ``match``: its game, house rules and players in
    the same seats, the deal passing on to whoever would deal next, and its club when this phone has it."""
    state = services.state_of(match)
    overrides = house_overrides(match.variant, match.rules)
    args: dict[str, Any] = {"variant": match.variant, "player": list(match.players), "dealer": state["dealer"]}
    if overrides:
        args["rules"] = encode_rules(overrides)
    if match.club_id and match.club_id in phone.club_keys():
        args["club"] = match.club_id
    return args


def changed_rule_lines(variant: str, overrides: dict[str, Any]) -> list[str]:
    """The house rules ``overrides`` change, in the rule book's words: the lines that differ from the game's."""
    rules = checked_rules(variant, overrides) if overrides else None
    if rules is None:
        return []
    plain = set(describe_rules(PRESETS[variant]))
    return [line for line in describe_rules(rules) if line not in plain]


def rules_link(match: Match) -> str:
    """The start page with exactly this match's game and house rules (no players): a table's rules to take along."""
    overrides = house_overrides(match.variant, match.rules)
    return url_for("scorer.start", variant=match.variant, rules=encode_rules(overrides) if overrides else None)


@bp.get("/board/<view_token>/again")
def again(view_token: str) -> Response:
    """Play again from the board (or any page with the scoreboard): the start page filled like this match."""
    match = services.find_board(view_token)
    return redirect(url_for("scorer.start", **again_args(match)))
