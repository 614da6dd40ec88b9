"""The engine without saving, under /api/v1: the presets with their rules, and a preview of a hand's score
(against a match's current state, or from a given position)."""

from __future__ import annotations

from typing import Any

from flask import jsonify

from ... import services
from ...rules import PRESETS, Position, Problem, RuleError, make_rules, score_hand
from ...rules.hand import default_names
from ...rules.words import Said
from ...services import Invalid
from ...services.access import no_match
from .requests import bearer_token, object_body


def variants() -> Any:
    """The presets with their resolved rules."""
    return jsonify({"variants": [rules.as_dict() for rules in PRESETS.values()]})


def preview() -> Any:
    """Score a hand without saving: against a match's current state, or from a given position."""
    data = object_body()
    if "match" in data:
        try:
            match = services.find_match(str(data["match"]))
        except services.NotFound:
            raise services.NotFound("match", no_match(data["match"])) from None
        services.authorize(match, bearer_token(), edit=False)
        rules, names, position = services.next_position(match)
    else:
        try:
            rules = make_rules(str(data.get("variant", "")), data.get("rules") or None)
        except RuleError as error:
            raise Invalid([Problem(p.field if p.field in ("variant", "rules") else f"rules.{p.field}", p.message)
                           for p in error.problems]) from None
        names = data.get("sides") or list(default_names(rules))
        if not isinstance(names, list) or len(names) != rules.sides or not all(isinstance(n, str) for n in names):
            raise Invalid("sides", Said("give %(sides)s side names", sides=rules.sides))
        position = _position(data.get("before"), rules.sides)
    try:
        result = score_hand(rules, position, data.get("hand"), names)
    except RuleError as error:
        raise Invalid([Problem(p.field if p.field == "hand" else f"hand.{p.field}", p.message)
                       for p in error.problems]) from None
    answer = {
        "result": result.result.value, "points": list(result.points), "scores": list(result.scores),
        "pot": result.pot, "totals": list(result.totals), "explanation": list(result.explanation),
        "game_winner": result.game_winner,
    }
    if result.multiplier is not None:
        answer["multiplier"] = result.multiplier  # Jass: points and scores are after it
    return jsonify(answer)


def _position(before: Any, sides: int) -> Position:
    """The totals, pot and dealer a preview starts from (``before``); a new game when none is given."""
    if before is None:
        return Position((0,) * sides)
    totals = before.get("totals") if isinstance(before, dict) else None
    if (not isinstance(totals, list) or len(totals) != sides
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in totals)):
        raise Invalid("before.totals", Said("give %(sides)s totals, whole numbers from 0", sides=sides))
    pot, dealer = before.get("pot", 0), before.get("dealer", 0)
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        # glossary: pot
        raise Invalid("before.pot", Said("the pot is a whole number from 0"))
    if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer < 0:
        raise Invalid("before.dealer", Said("the dealer is a seat number"))
    return Position(tuple(totals), pot, dealer)
