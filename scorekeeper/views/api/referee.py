"""The referee under /api/v1: who scores which declarations, which cards may be played to a trick, and the roem
in a Klaverjas trick.

They change nothing, so they need no token."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import jsonify

from ...rules import PlayOptions, Problem, RuleError, Rules, judge_melds, legal_plays, make_rules, split_play_options
from ...rules.hand import default_names
from ...rules.roem import roem
from ...rules.words import Said
from ...services import Invalid
from .requests import object_body


def _referee_rules(data: Mapping[str, Any]) -> tuple[Rules, PlayOptions]:
    """The variant with its house rules; the trick-play options (bare-yuss …) are taken out of ``rules``."""
    try:
        overrides, options = split_play_options(data.get("rules"))
        rules = make_rules(str(data.get("variant", "")), overrides or None)
    except RuleError as error:
        raise Invalid([Problem(p.field if p.field in ("variant", "rules") else f"rules.{p.field}", p.message)
                       for p in error.problems]) from None
    return rules, options


def referee_melds() -> Any:
    """Who scores which declarations, and why."""
    data = object_body()
    rules, _ = _referee_rules(data)
    names = data.get("sides") or list(default_names(rules))
    if not isinstance(names, list) or len(names) != rules.sides or not all(isinstance(n, str) for n in names):
        raise Invalid("sides", Said("give %(sides)s side names", sides=rules.sides))
    try:
        judged = judge_melds(rules, data.get("contract"), data.get("forehand"), data.get("declarations"), names,
                             seats=data.get("seats"))
    except RuleError as error:
        raise Invalid(list(error.problems)) from None
    return jsonify({"scores": list(judged.scores), "explanation": list(judged.explanation)})


def referee_roem() -> Any:
    """The roem in the four cards of a Klaverjas trick, and why."""
    data = object_body()
    rules, _ = _referee_rules(data)
    try:
        found = roem(rules, data.get("contract"), data.get("trick"))
    except RuleError as error:
        raise Invalid(list(error.problems)) from None
    return jsonify({"roem": found.points, "explanation": list(found.explanation)})


def referee_legal_plays() -> Any:
    """Which cards a player could legally play to a trick, and why."""
    data = object_body()
    rules, options = _referee_rules(data)
    try:
        found = legal_plays(rules, data.get("contract"), data.get("seat"), data.get("trick", []), data.get("hand"),
                            options)
    except RuleError as error:
        raise Invalid(list(error.problems)) from None
    return jsonify({"legal": [str(card) for card in found.legal], "explanation": list(found.explanation)})
