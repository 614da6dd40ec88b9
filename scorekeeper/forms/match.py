"""The start form: the game, the house rules that differ from it, the players in seat order, the first dealer;
and where a problem with a new match is shown on it."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from wtforms import Field, HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from ..i18n import said
from ..offline.house_rules import checked_rules, decode_rules
from ..offline.start_fields import (
    CLAIM_KEYS,
    GAME_ENUMS,
    GAME_FIELDS,
    GAME_NUMBERS,
    START_CHOICES,
    claim_overrides,
    field_overrides,
    start_body,
)
from ..rules import PRESETS
from ..rules.describe import worded
from ..rules.limits import NAME_LIMIT, SEATS
from ..rules.variants import BelaOnBate, Melds, Tie, option_name
from .choices import options
from .languages import chosen_language, screen_language_field
from .problems import TOO_LONG

MAX_PLAYERS = SEATS
# Translators: a house-rule choice (and the folded house rules' summary) that keeps the game's own rule.
AS_THE_GAME_SAYS = _l("as the game says")


def _worded(kind: type[StrEnum]) -> dict[str, LazyString]:
    """Each value of a house rule's kind as the rules page's settings say it too (``rules.describe.WORDS``)."""
    return {member.value: LazyString(said, worded(member).label) for member in kind}


CHOICE_LABELS: Mapping[str, Mapping[str, Any]] = {
    "tie": _worded(Tie),
    "claims": {
        # glossary: claim, hand
        "none": _l("no claims: decided at the end of a hand"),
        # glossary: claim
        "any-time": _l("claims at any moment"),
        # glossary: claim
        "window-3": _l("claims only within the first 3 tricks"),
        # glossary: claim. The race (Croatian "dosta"): a side stops the hand as soon as it has enough.
        "race": _l("the race: stop the hand on reaching the target, both sides adding what they had won"),
    },
    "bela_on_bate": _worded(BelaOnBate),
    "melds": _worded(Melds),
    "best_of": {"1": _l("1 game"), "3": _l("3 games"), "5": _l("5 games")},
    **{name: _worded(kind) for name, kind in GAME_ENUMS.items()},
}
"""What each of the start form's house-rule choices (``offline.start_fields.START_CHOICES``) says."""

GAME_LABELS: Mapping[str, LazyString] = {
    # glossary: bid
    "bid_success": _l("When a bid is made"),
    # glossary: bid
    "bid_scores": _l("What a made bid writes"),
    # glossary: bid, capot
    "capot_bid": _l("A bid of capot is worth"),
    # glossary: dedans, bid
    "dedans": _l("Dedans (the bid failed): the other side writes"),
    # glossary: belote and rebelote, taker, bid
    "belote_on_dedans": _l("The taker's belote when the bid fails"),
    # glossary: coinche
    # Translators: what coinche (a double) and surcoinche (a redouble) multiply by: "coinche ×2, surcoinche ×4".
    "double_values": _l("Coinche and surcoinche"),
    # glossary: coinche
    # Translators: what the side that loses a coinched (doubled) contract writes: "nothing but its belote".
    "double_loser": _l("The other side of a coinched contract writes"),
    # Translators: how each side's score of a hand is rounded: "to the nearest ten, 5 down".
    "rounding": _l("Rounding of each side's score"),
    # glossary: Sun, double
    # Translators: Baloot: when a Sun hand may be doubled: "only from behind, against 100 or more".
    "sun_double": _l("When Sun may be doubled"),
    # glossary: projects, double
    # Translators: Baloot: how a doubled hand multiplies the projects: "by 2 at most".
    "doubled_projects": _l("Projects in a doubled hand"),
}
"""Each start-form field of one kind of game's options (``offline.start_fields.GAME_FIELDS``): its label (an
option without one is labelled by its API name until it is given one; tests/pages/test_start_game_kinds.py)."""


def _choices(name: str) -> list[Any]:
    """A house-rule field's choices: "as the game says", then each of ``START_CHOICES`` with its label."""
    return options([("", AS_THE_GAME_SAYS), *((value, CHOICE_LABELS[name][value]) for value in START_CHOICES[name])])


START_FIELDS = ("variant", "first_dealer", "target", "tie", "deal_limit", "bela_on_bate", "melds", "claims",
                "best_of", *GAME_FIELDS, *(f"player_{i}" for i in range(4)))
"""The start form's fields that make a match's create body."""
HOUSE_FIELDS = ("target", "deal_limit", "tie", "claims", "bela_on_bate", "melds", "best_of", *GAME_FIELDS)
"""The start form's house-rule fields, in the order the folded summary names them."""
# Translators: the folded house rules' summary of an option of one kind of game: %(label)s is the field's label
# ("Rounding of each side's score"), %(choice)s its choice ("to the nearest ten, 5 down") or number.
GAME_SUMMARY = _l("%(label)s: %(choice)s")
SUMMARY_LINES = {
    # Translators: the folded house rules' summary of the tie rule; %(choice)s is the choice, "taker is bate".
    "tie": _l("on a tie: %(choice)s"),
    # glossary: claim
    # Translators: the folded house rules' summary; %(choice)s is the choice, "claims at any moment".
    "claims": _l("claims: %(choice)s"),
    # glossary: belote and rebelote (Bela's bela), bate, taker
    # Translators: the folded house rules' summary; %(choice)s is the choice, "always counts for its own side".
    "bela_on_bate": _l("bela of a bate taker: %(choice)s"),
    # Translators: the folded house rules' summary; %(choice)s is the choice, "only the side with the best".
    "melds": _l("melds: %(choice)s"),
    # glossary: game
    # Translators: the folded house rules' summary; %(choice)s is the choice, "3 games".
    "best_of": _l("best of: %(choice)s"),
    **{name: GAME_SUMMARY for name in GAME_FIELDS},
}
"""Each house-rule field's line in the folded house rules' summary, with its choice."""
MATCH_FIELDS = {
    **{f"players.{i}": f"player_{i}" for i in range(MAX_PLAYERS)},
    "rules.target": "target",
    "rules.tie": "tie",
    "rules.best-of": "best_of",
    "rules.claims": "claims",
    "rules.claim-window": "claims",
    "rules.claim-from": "claims",
    "rules.deal-limit": "deal_limit",
    "rules.bela-on-bate": "bela_on_bate",
    "rules.melds": "melds",
    **{f"rules.{option_name(name)}": name for name in GAME_FIELDS},
    "rules.*": "rules",
    "language": "language",
}
"""The start form's field for a problem with a new match (``players.1`` → ``player_1``)."""
MATCH_GROUPS = ("players", "rules")
"""The start form's groups a problem may be about: all the players, all the house rules."""


NAME_LENGTH = Length(max=NAME_LIMIT, message=TOO_LONG)
"""A seat's name: at most the limit every reading of a name keeps (scorekeeper/rules/limits.py)."""


class NewMatchForm(FlaskForm):
    """Start a match: the game, the house rules that differ, the players in seat order, the first dealer."""

    idempotency_key = HiddenField()
    club = SelectField(_l("Club"), choices=[], validate_choice=False)
    # glossary: board
    language = screen_language_field(_l("Language of the board (a pub's TV)"))
    variant = RadioField(
        # glossary: game
        _l("Game"),
        # Read from the registry when the form is made, so a game added to it is offered.
        choices=lambda: options([(name, rules.title) for name, rules in PRESETS.items()]),
        default="bela",
        # glossary: game
        validators=[InputRequired(_l("choose a game"))],
    )
    player_0 = StringField(_l("Seat %(number)s", number=1), validators=[Optional(), NAME_LENGTH])
    player_1 = StringField(_l("Seat %(number)s", number=2), validators=[Optional(), NAME_LENGTH])
    player_2 = StringField(_l("Seat %(number)s", number=3), validators=[Optional(), NAME_LENGTH])
    player_3 = StringField(_l("Seat %(number)s", number=4), validators=[Optional(), NAME_LENGTH])
    first_dealer = RadioField(
        _l("First dealer"),
        # Translators: a seat at the table, before its player's name is typed: "Seat 1".
        choices=options([(str(i), _l("Seat %(number)s", number=i + 1)) for i in range(MAX_PLAYERS)]), default="0"
    )
    target = IntegerField(_l("Target"), validators=[Optional(), NumberRange(
        min=1, max=100000,
        # Translators: beside the target when it is out of bounds; %(min)s and %(max)s are numbers.
        message=_l("Number must be between %(min)s and %(max)s."))])
    tie = SelectField(_l("Tie rule"), choices=_choices("tie"))
    # glossary: claim
    claims = SelectField(_l("Claims"), choices=_choices("claims"))
    # glossary: game
    deal_limit = IntegerField(_l("Deal limit (deals in a game; then the side ahead wins)"), validators=[Optional()])
    bela_on_bate = SelectField(
        # glossary: belote and rebelote (Bela's bela), trumps, taker, bate
        _l("Bela (K and Q of trumps) of a taker who is bate"), choices=_choices("bela_on_bate"), default="")
    melds = SelectField(_l("Melds"), choices=_choices("melds"), default="")
    # glossary: game
    best_of = SelectField(_l("Best of"), choices=_choices("best_of"))
    extra_rules = HiddenField()
    """House rules from a link or a club's last match that no field above shows (encoded, ``encode_rules``)."""
    rules_for = HiddenField()
    """The game ``extra_rules`` belong to: they apply only when that game is chosen."""

    def validate_extra_rules(self, field: Field) -> None:
        """The hidden house rules must still read as house rules of their game."""
        if field.data and checked_rules(self.rules_for.data or "", decode_rules(field.data)) is None:
            raise ValidationError(_("the house rules from the link could not be read: open the link again, "
                                    "or start with the rules shown here"))

    def prefill(self, overrides: Mapping[str, Any]) -> dict[str, Any]:
        """Show ``overrides`` (a game's house rules that differ from the preset) in the fields that can show
        them; the rest are returned, for ``extra_rules``."""
        variant = self.variant.data or "bela"
        extra = dict(overrides)
        if isinstance(extra.get("target"), int):
            self.target.data = extra.pop("target")
        if isinstance(extra.get("deal-limit"), int):
            self.deal_limit.data = extra.pop("deal-limit")
        for name in GAME_NUMBERS:
            if isinstance(extra.get(option_name(name)), int):
                self[name].data = extra.pop(option_name(name))
        for key, field in (("tie", self.tie), ("bela-on-bate", self.bela_on_bate), ("melds", self.melds),
                           ("best-of", self.best_of), *((option_name(name), self[name]) for name in GAME_ENUMS)):
            value = str(extra.get(key, ""))
            if key in extra and value in {c.value for c in field.choices if c.value}:  # type: ignore[union-attr]
                field.data = value
                extra.pop(key)
        family = {k: extra[k] for k in CLAIM_KEYS if k in extra}
        if family:
            wanted = checked_rules(variant, family)
            for choice in START_CHOICES["claims"]:
                shown = checked_rules(variant, claim_overrides(choice))
                if wanted is not None and shown is not None and all(
                        getattr(shown, a) == getattr(wanted, a) for a in ("claims", "claim_window", "claim_from")):
                    self.claims.data = choice
                    for key in family:
                        extra.pop(key)
                    break
        return extra

    def house_summary(self) -> list[str]:
        """The folded house rules' summary: each field that differs from the game, as "label: choice", in the
        request's language."""
        parts: list[str] = []
        game = PRESETS.get(self.variant.data or "bela")
        for name in HOUSE_FIELDS:
            field = self[name]
            if field.data in (None, "") or (name in GAME_FIELDS and (game is None or not game.has_option(name))):
                continue
            if name == "target":
                # Translators: the folded house rules' summary: the points to win a game.
                parts.append(_("target %(points)s", points=field.data))
            elif name == "deal_limit":
                # glossary: game
                # Translators: the folded house rules' summary: the deal limit.
                parts.append(ngettext("%(num)s deal a game", "%(num)s deals a game", field.data))
            else:
                choices = getattr(field, "choices", None) or ()
                label = {str(c.value): c.label for c in choices}.get(str(field.data), str(field.data))
                parts.append(SUMMARY_LINES[name] % {"choice": label, "label": field.label.text})
        return parts

    def values(self) -> dict[str, Any]:
        """Each field's data as ``offline.start_fields`` reads it (the phone's worker reads the same fields)."""
        return {name: self[name].data for name in (*START_FIELDS, "extra_rules", "rules_for", "club")}

    def field_overrides(self) -> dict[str, Any]:
        """The house rules the visible fields set (RULES.md option names)."""
        return field_overrides(self.values())

    def request_body(self) -> dict[str, Any]:
        """The API's create body made from the form: the hidden house rules of the chosen game, then the fields."""
        return start_body(self.values(), chosen_language(self.language))


def _game_field(name: str) -> Any:
    """The start form's field of a game-kind option (``GAME_FIELDS``): a list of its kind's values after "as the
    game says", or a whole number."""
    label = GAME_LABELS.get(name, option_name(name))
    if name in GAME_ENUMS:
        return SelectField(label, choices=_choices(name), default="")
    return IntegerField(label, validators=[Optional()])


# Made from the rules' fields, so that an option added to one kind of game is on the start page (with its label).
for _name in GAME_FIELDS:
    setattr(NewMatchForm, _name, _game_field(_name))
