"""The hand form (a hand, or a claim in the middle of one) for a game's rules: built per variant, read into the
API's hand input, filled from a stored hand to edit it, and its problems said in the table's words.

Field names mirror the engine's problem fields with ``-`` for ``.`` (``card_points.1`` is the field
``card_points-1``), so an error the engine raises is shown beside the field it is about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from ..i18n import said
from ..offline import hand_fields
from ..offline.hand_fields import (
    HAND_GROUPS,
    MELDS_LONGEST,
    SIDE_ASKS,
    bela_toggle,
    claim_parts,
    claim_takes_melds,
    form_data_from_hand,
    swiss_pad,
)
from ..rules import Problem, Rules
from ..rules.describe import meld_chips
from ..rules.variants import Claims, Revoke
from .choices import CONTRACT_LABELS, new_key, options
from .problems import TOO_LONG

__all__ = ["HAND_GROUPS", "SIDE_ASKS", "bela_toggle", "claim_takes_melds",
           "form_data_from_hand", "hand_form", "hand_from_form", "in_table_words", "swiss_pad"]


def _side_choices(names: Iterable[str]) -> list[tuple[str, str]]:
    return [(str(i), name) for i, name in enumerate(names)]


def _meld_and_bela_fields(rules: Rules, names: list[str], fields: dict[str, Field]) -> None:
    bela_most = 1 if bela_toggle(rules) else 4
    bela_word = said(rules.bela_word)
    for i, name in enumerate(names):
        longest = [Optional(), Length(max=MELDS_LONGEST, message=TOO_LONG)]
        if swiss_pad(rules):
            # glossary: Weis
            # Translators: Jass: a field's full name for a screen reader; %(side)s is a side's name ("Ana & Marko:
            # Weis").
            fields[f"melds-{i}"] = StringField(_("%(side)s: Weis", side=name), validators=longest)
        else:
            # Translators: a field's full name for a screen reader; %(side)s is a side's name ("Mike: melds").
            fields[f"melds-{i}"] = StringField(_("%(side)s: melds", side=name), validators=longest)
        # glossary: belote and rebelote
        # Translators: a field's full name; %(side)s is a side's name, %(bela)s the game's word for the K and Q
        # of trumps ("Mike: bela").
        label = _("%(side)s: %(bela)s", side=name, bela=bela_word)
        if bela_most == 1:
            fields[f"bela-{i}"] = BooleanField(label)
        else:
            fields[f"bela-{i}"] = SelectField(
                label,
                choices=options([(str(n), str(n)) for n in range(bela_most + 1)]),
                default="0",
                validators=[Optional()],
            )


def _claim_part_fields(rules: Rules, fields: dict[str, Field]) -> None:
    """The parts of the points won so far, for a table that would rather not add them up (hand_fields.claim_parts
    says which this game asks)."""
    asked = claim_parts(rules)
    # glossary: claim, hand
    fields["claim-parts-card_points"] = IntegerField(_("Card points of the tricks taken so far"),
                                                     validators=[Optional()])
    # glossary: claim. %(points)s is what the last trick adds in this game (10, or the house's figure; 5 in Jass).
    if "last_trick" in asked:
        fields["claim-parts-last_trick"] = BooleanField(_("Took the last trick (+%(points)s)",
                                                          points=rules.last_trick))
    if "declarations" in asked:
        # glossary: claim, hand
        fields["claim-parts-declarations"] = StringField(
            _("Declarations that count"), validators=[Optional(), Length(max=MELDS_LONGEST, message=TOO_LONG)])
    if "bela" in asked:
        # glossary: belote and rebelote. %(bela)s is the game's word for the K and Q of trumps, %(points)s its value.
        fields["claim-parts-bela"] = BooleanField(_("%(bela)s (K and Q of trumps, %(points)s)",
                                                    bela=said(rules.bela_word).capitalize(),
                                                    points=rules.bela_points))


def _contract_field(rules: Rules) -> RadioField:
    """The trumps (Belote's contract; Jass's Trumpf, Obenabe, Undenufe) as a choice."""
    choices: list[tuple[str, Any]] = [(c.value, CONTRACT_LABELS[c.value]) for c in rules.contracts]
    if not rules.contract_required:
        # glossary: trumps
        # Translators: the trumps choice of a hand whose trumps the scorer does not write down.
        choices.insert(0, ("", _("not noted")))
    # glossary: trumps
    return RadioField(_("Trumps") if not rules.doubles else _("Contract"), choices=options(choices),
                      validators=[Optional()])


def contract_times(rules: Rules) -> dict[str, int]:
    """Each contract's multiplier where it is not ×1 (Jass's "2500" table: ♣ ♠ ×2, Obenabe and Undenufe ×3), shown
    on its button: the engine's ``Rules.multiplier``."""
    return {c.value: times for c in rules.contracts if (times := rules.multiplier(c)) != 1}


def _thanks_fields(rules: Rules, names: list[str], fields: dict[str, Field]) -> None:
    """Jass's bedanken (RULES.md §11): who thanks, the contract (its multiplier), and what each side has won so far
    in the hand by kind, in the game's counting order (the engine decides who got there first)."""
    # glossary: bedanken
    # Translators: Jass: the side that thanks (bedankt sich), ending the game in the middle of a hand.
    fields["claim-side"] = RadioField(_("Who thanks"), choices=options(_side_choices(names)), validators=[Optional()])
    fields["contract"] = _contract_field(rules)
    for kind in rules.claim_order.kinds:
        for i, name in enumerate(names):
            if kind == "stoeck":
                # glossary: Stöck
                # Translators: Jass: %(side)s is a side's name, %(bela)s the word Stöck, %(points)s its value (20).
                fields[f"claim-stoeck-{i}"] = BooleanField(_("%(side)s: %(bela)s %(points)s", side=name,
                                                             bela=said(rules.bela_word), points=rules.bela_points))
            elif kind == "weis":
                # glossary: Weis
                # Translators: Jass: the Weis a side has written so far in the hand; %(side)s is a side's name.
                fields[f"claim-weis-{i}"] = IntegerField(_("%(side)s: Weis so far", side=name),
                                                         validators=[Optional()])
            else:
                # Translators: Jass: the card points of the tricks a side has taken so far in the hand (with the last
                # trick if it was played); %(side)s is a side's name.
                fields[f"claim-tricks-{i}"] = IntegerField(_("%(side)s: tricks so far", side=name),
                                                           validators=[Optional()])


def hand_form(
    rules: Rules, names: list[str], formdata: Any = None, data: Mapping[str, Any] | None = None, claim: bool = False
) -> FlaskForm:
    """The form for one hand of this variant: a field per side where the input has one per side."""
    fields: dict[str, Field] = {"idempotency_key": HiddenField(), "revision": HiddenField()}
    sides = _side_choices(names)
    if claim and rules.claims is Claims.RACE:
        # glossary: claim
        fields["claim-side"] = RadioField(_("Who claims"), choices=options(sides), validators=[Optional()])
        for i, name in enumerate(names):
            # glossary: hand. The race: what a side has won so far in the hand the claim stops.
            fields[f"claim-points-{i}"] = IntegerField(_("%(side)s: won so far in this hand", side=name),
                                                       validators=[Optional()])
    elif claim and rules.thanks:
        _thanks_fields(rules, names, fields)
    elif claim:
        # glossary: claim
        fields["claim-side"] = RadioField(_("Who claims"), choices=options(sides), validators=[Optional()])
        # glossary: hand
        fields["claim-points"] = IntegerField(_("Points won so far in this hand"), validators=[Optional()])
        if rules.claim_window is not None:
            fields["claim-trick"] = IntegerField(_("In trick number"), validators=[Optional()])
        _claim_part_fields(rules, fields)
        if claim_takes_melds(rules):
            _meld_and_bela_fields(rules, names, fields)
    else:
        # glossary: taker
        fields["taker"] = RadioField(_("Taker"), choices=options(sides), validators=[Optional()])
        fields["contract"] = _contract_field(rules)
        if rules.doubles:
            fields["double"] = RadioField(
                # Translators: Belote's double (contre) and redouble (surcontre).
                _("Double"),
                # Translators: the choices of "Double": not doubled, doubled, redoubled.
                choices=options([("0", _("no")), ("1", _("doubled ×2")), ("2", _("redoubled ×4"))]),
                default="0",
                validators=[Optional()],
            )
        if swiss_pad(rules):
            # Translators: Jass: who took the last trick; %(points)s is what it adds (5).
            last_trick = _("Last trick (+%(points)s)", points=rules.last_trick)
        else:
            last_trick = _("Last trick (+10)")
        fields["last_trick"] = RadioField(last_trick, choices=options(sides), validators=[Optional()])
        for i, name in enumerate(names):
            if swiss_pad(rules):
                # Translators: Jass: a field's full name for a screen reader: a side's points as the table counts
                # them, the last trick in; %(side)s is a side's name ("Ana & Marko: points").
                fields[f"card_points-{i}"] = IntegerField(_("%(side)s: points", side=name), validators=[Optional()])
            else:
                # Translators: a field's full name for a screen reader; %(side)s is a side's name.
                fields[f"card_points-{i}"] = IntegerField(_("%(side)s: card points", side=name),
                                                          validators=[Optional()])
        _meld_and_bela_fields(rules, names, fields)
        if swiss_pad(rules):
            for i, name in enumerate(names):
                # glossary: Match
                # Translators: Jass: a side took every trick; %(side)s is a side's name ("Ana & Marko: Match").
                fields[f"valat-{i}"] = BooleanField(_("%(side)s: Match", side=name))
        for i, name in enumerate(names):
            # The rare case the default cannot see: a trick of sevens and eights, no card points, yet the side's
            # melds count (RULES.md §3, melds need a trick).
            # Translators: %(side)s is a side's name.
            fields[f"took_trick-{i}"] = BooleanField(_("%(side)s took a trick (no card points)", side=name))
        if rules.revoke is not Revoke.NONE:
            blank = [("", "—")]
            # glossary: revoke
            # Translators: who challenged a play as a revoke.
            fields["revoke-accuser"] = SelectField(
                _("Challenger"), choices=options(blank + sides), validators=[Optional()]
            )
            # glossary: revoke
            fields["revoke-accused"] = SelectField(
                _("Accused of a revoke"), choices=options(blank + sides), validators=[Optional()]
            )
            fields["revoke-upheld"] = RadioField(
                # Translators: the ruling on a revoke challenge.
                _("Ruling"),
                # glossary: revoke
                choices=options([("yes", _("upheld: it was a revoke")), ("no", _("wrong challenge"))]),
                validators=[Optional()],
            )
    form_class = type("HandForm", (FlaskForm,), fields)
    form: FlaskForm = form_class(formdata=formdata, data=data or {})
    if not form.idempotency_key.data:
        form.idempotency_key.data = new_key()
    # A Swiss pad's Weis buttons are the ladder's commonest five (20 to 200): a run of eight or nine is typed.
    chips = meld_chips(rules)[:5] if swiss_pad(rules) else meld_chips(rules)
    form.meld_chips = chips  # type: ignore[attr-defined]
    form.contract_times = contract_times(rules)  # type: ignore[attr-defined]
    form.rules = rules  # type: ignore[attr-defined]
    return form


def hand_from_form(form: FlaskForm, rules: Rules, claim: bool = False) -> tuple[dict[str, Any], list[Problem]]:
    """The API's hand input from the form; problems only for what the form itself cannot read (the phone's
    worker reads its fields with the same ``offline.hand_fields``)."""
    return hand_fields.hand_from_values(form.data.get, rules, claim)


def in_table_words(errors: dict[str, list[str]], form: FlaskForm) -> dict[str, list[str]]:
    """The errors of a hand form with a blank side choice asked for by name of the choice, not by side number."""
    return hand_fields.in_table_words(errors, form.data, said, form.rules)
