"""The start form's fields read into the API's create body, written once for both sides of the wire: the server's
WTForms start form (``forms.match.NewMatchForm``) hands its validated data to ``start_body``, and the phone's
worker, which has no WTForms, reads the posted text first (``read_start``: what the form's fields and validators
do) and then does the same, to score a match started with no signal until the server creates it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from enum import StrEnum
from types import MappingProxyType
from typing import Any, get_type_hints

from ..rules import PRESETS, RuleError, Rules, make_rules
from ..rules.limits import NAME_LIMIT, SEATS
from ..rules.variants import BelaOnBate, Melds, Tie, option_name
from ..rules.words import Said
from .hand_fields import NOT_A_CHOICE, WHOLE_NUMBER
from .house_rules import checked_rules, decode_rules

MAX_PLAYERS = SEATS
TARGET_RANGE = (1, 100000)
CLAIM_KEYS = ("claims", "claim-window", "claim-from")
"""The options the start form's one "Claims" field sets together."""
CLAIM_CHOICES: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "none": {"claims": "none", "claim-window": None, "claim-from": None},
    "any-time": {"claims": "any-time", "claim-window": None},
    "window-3": {"claims": "any-time", "claim-window": 3},
    "race": {"claims": "race", "claim-window": None, "claim-from": None},
})
"""The start form's "Claims" choices, each with the options it sets together."""

_TYPES = get_type_hints(Rules)
GAME_FIELDS: Mapping[str, str] = MappingProxyType({item.name: item.metadata["when"] for item in fields(Rules)
                                                   if "when" in item.metadata})
"""The options of one kind of game (a ``Rules`` field whose metadata has "when": Belote contrée's bids, Baloot's
game points), each with the ``Rules`` fact that says a game is of that kind: a start-form field each, named as the
field, which sets its option only for a game that has it (``Rules.has_option``)."""
GAME_ENUMS: Mapping[str, type[StrEnum]] = MappingProxyType({
    name: kind for name in GAME_FIELDS if isinstance(kind := _TYPES[name], type) and issubclass(kind, StrEnum)})
"""The game-kind options that are a choice (a list of the kind's values on the start form)."""
GAME_NUMBERS: tuple[str, ...] = tuple(name for name in GAME_FIELDS if _TYPES[name] is int)
"""The game-kind options that are a whole number (read as the target is; the engine checks its bounds)."""
GAME_KINDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    when: tuple(name for name, its in GAME_FIELDS.items() if its == when)
    for when in dict.fromkeys(GAME_FIELDS.values())})
"""Each kind of game (the ``Rules`` fact: "bids", "game_points") with its options' fields, in the order ``Rules``
has them: the start page shows each kind's fields together, for the games of that kind."""
START_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "tie": tuple(tie.value for tie in Tie),
    "claims": tuple(CLAIM_CHOICES),
    "bela_on_bate": tuple(bela.value for bela in BelaOnBate),
    "melds": (Melds.BEST_SIDE.value, Melds.EACH_SIDE.value),
    "best_of": ("1", "3", "5"),
    **{name: tuple(member.value for member in kind) for name, kind in GAME_ENUMS.items()},
})
"""The start form's house-rule choices besides "as the game says" (the empty choice): the one list of them, which
the server's form labels (``forms.match``) and the phone's worker reads posted text against (``read_start``)."""
TEXTS = ("variant", "extra_rules", "rules_for", "club", "first_dealer", *(f"player_{i}" for i in range(MAX_PLAYERS)))


def claim_overrides(choice: str) -> dict[str, Any]:
    """The options a "Claims" choice of the start form sets."""
    return dict(CLAIM_CHOICES.get(choice, {}))


def field_overrides(values: Mapping[str, Any]) -> dict[str, Any]:
    """The house rules the start form's visible fields set (RULES.md option names); ``values`` holds each field's
    data as the form reads it (a number or None, a choice's text or ""), and the chosen ``variant``."""
    overrides: dict[str, Any] = {}
    if values.get("target") is not None:
        overrides["target"] = values["target"]
    if values.get("tie"):
        overrides["tie"] = values["tie"]
    if values.get("deal_limit") is not None:
        overrides["deal-limit"] = values["deal_limit"]
    if values.get("bela_on_bate"):
        overrides["bela-on-bate"] = values["bela_on_bate"]
    if values.get("melds"):
        overrides["melds"] = values["melds"]
    overrides.update(claim_overrides(values.get("claims") or ""))
    # The same form serves every game: an option of one kind of game is ignored for a game without it.
    game = PRESETS.get(values.get("variant") or "")
    for name in GAME_FIELDS:
        if values.get(name) not in (None, "") and game is not None and game.has_option(name):
            overrides[option_name(name)] = values[name]
    return overrides


def start_body(values: Mapping[str, Any], language: str | None = None) -> dict[str, Any]:
    """The API's create body made from the start form's data: the hidden house rules of the chosen game, then
    the fields."""
    variant = values.get("variant") or ""
    rules = PRESETS.get(variant, PRESETS["bela"])
    names = [values.get(f"player_{i}") or "" for i in range(MAX_PLAYERS)]
    players = [n.strip() for n in names[: rules.players]]
    fields = field_overrides(values)
    overrides: dict[str, Any] = {}
    if values.get("extra_rules") and values.get("rules_for") == variant:
        overrides = decode_rules(values["extra_rules"]) or {}
        if any(key in fields for key in CLAIM_KEYS):
            overrides = {k: v for k, v in overrides.items() if k not in CLAIM_KEYS}
    overrides.update(fields)
    body: dict[str, Any] = {"variant": variant, "players": players, "rules": overrides,
                            "first_dealer": int(values.get("first_dealer") or 0)}
    if values.get("best_of"):
        body["best_of"] = int(values["best_of"])
    if values.get("club"):
        body["club"] = values["club"]
    if language:
        body["language"] = language
    return body


def match_options(body: Mapping[str, Any]) -> dict[str, Any]:
    """The options the engine makes a create body's rules from: its house rules, and ``best-of`` when the body
    says how many games (as ``services.read_create`` reads it)."""
    return {**body["rules"], **({"best-of": body["best_of"]} if "best_of" in body else {})}


def _whole(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isascii() and text.lstrip("-").isdigit() and len(text) < 12 else None


def read_start(fields: Mapping[str, str]) -> tuple[dict[str, Any] | None, dict[str, list[Said]]]:
    """The create body of the start form's posted text, as the server would read it (the form's checks, then the
    engine's and the create's), or the problems by form field. A club or a board's language is the server's to
    check when it creates the match."""
    problems: dict[str, list[Said]] = {}
    values: dict[str, Any] = {name: str(fields.get(name) or "") for name in TEXTS}
    if values["variant"] not in PRESETS:
        # glossary: game
        problems["variant"] = [Said("choose a game")]
    for name in ("target", "deal_limit", *GAME_NUMBERS):
        text = str(fields.get(name) or "")
        values[name] = _whole(text) if text.strip() else None
        if text.strip() and values[name] is None:
            problems[name] = [WHOLE_NUMBER]
    if values["target"] is not None and not TARGET_RANGE[0] <= values["target"] <= TARGET_RANGE[1]:
        # Translators: beside the target when it is out of bounds; %(min)s and %(max)s are numbers.
        problems["target"] = [Said("Number must be between %(min)s and %(max)s.", min=TARGET_RANGE[0],
                                   max=TARGET_RANGE[1])]
    for name, choices in START_CHOICES.items():
        values[name] = str(fields.get(name) or "")
        if values[name] and values[name] not in choices:
            problems[name] = [NOT_A_CHOICE]
    if values["first_dealer"] not in {str(i) for i in range(MAX_PLAYERS)}:
        problems["first_dealer"] = [NOT_A_CHOICE]
    for i in range(MAX_PLAYERS):
        if len(values[f"player_{i}"]) > NAME_LIMIT:
            # Translators: beside a text that is too long (a player's name); %(max)d is the most characters it may have.
            problems[f"player_{i}"] = [Said("Field cannot be longer than %(max)d characters.", max=NAME_LIMIT)]
    if values["extra_rules"] and checked_rules(values["rules_for"], decode_rules(values["extra_rules"])) is None:
        # As the start form's own check (forms.match.NewMatchForm.validate_extra_rules) says it.
        problems["extra_rules"] = [Said("the house rules from the link could not be read: open the link again, "
                                        "or start with the rules shown here")]
    if problems:
        return None, problems
    body = start_body(values)
    rules = None
    try:
        rules = make_rules(body["variant"], match_options(body))
    except RuleError as error:
        for problem in error.problems:
            message = problem.message
            problems.setdefault("rules", []).append(message if isinstance(message, Said) else Said(message))
    if rules is not None:
        players = body["players"]
        if len(players) != rules.players or not all(players):
            problems["players"] = [Said("%(game)s is played by %(players)s: give %(players)s names in seat order",
                                        game=rules.title, players=rules.players)]
        elif len({p.casefold() for p in players}) != len(players):
            problems["players"] = [Said("two players have the same name: the sheet could not tell them apart")]
        if body["first_dealer"] >= rules.players:
            problems["first_dealer"] = [NOT_A_CHOICE]
    return (None, problems) if problems else (body, {})


__all__ = ["CLAIM_CHOICES", "CLAIM_KEYS", "GAME_ENUMS", "GAME_FIELDS", "GAME_KINDS", "GAME_NUMBERS", "START_CHOICES",
           "claim_overrides", "field_overrides", "match_options", "read_start", "start_body"]
