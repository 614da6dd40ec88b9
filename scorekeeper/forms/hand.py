"""The hand form (a hand, or a claim in the middle of one) for a game's rules: built per variant, read into the
API's hand input, filled from a stored hand to edit it, and its problems said in the table's words.

Field names mirror the engine's problem fields with ``-`` for ``.`` (``card_points.1`` is the field
``card_points-1``), so an error the engine raises is shown beside the field it is about.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from ..i18n import said
from ..rules import Contract, Problem, Rules
from ..rules.describe import meld_chips
from ..rules.variants import FalseClaim
from .choices import CONTRACT_LABELS, new_key, options

HAND_GROUPS = ("card_points", "melds", "bela", "took_trick", "revoke", "claim")
"""Problems of a whole group of fields, shown at the top of that group."""
# Translators: beside a text that is too long (a side's melds); %(max)d is the most characters it may have.
TOO_LONG = _l("Field cannot be longer than %(max)d characters.")


def _side_choices(names: Iterable[str]) -> list[tuple[str, str]]:
    return [(str(i), name) for i, name in enumerate(names)]


def bela_toggle(rules: Rules) -> bool:
    """Whether a side's bela is a yes/no toggle (one K and Q of trumps at most) rather than a count: only where
    an all-trumps contract lets a side hold several (Belote) does the form ask how many."""
    return Contract.ALL_TRUMPS not in rules.contracts


def claim_takes_melds(rules: Rules) -> bool:
    """Whether the claim form asks for the declarations and bela made so far: only where a false claim forfeits
    the hand value, which includes them (RULES.md §6, Clobby); a good claim counts the points given."""
    return rules.false_claim is FalseClaim.FORFEITS_HAND


def _meld_and_bela_fields(rules: Rules, names: list[str], fields: dict[str, Field]) -> None:
    bela_most = 1 if bela_toggle(rules) else 4
    bela_word = said(rules.bela_word)
    for i, name in enumerate(names):
        # Translators: a field's full name for a screen reader; %(side)s is a side's name ("Mike: melds").
        fields[f"melds-{i}"] = StringField(_("%(side)s: melds", side=name),
                                           validators=[Optional(), Length(max=60, message=TOO_LONG)])
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


def hand_form(
    rules: Rules, names: list[str], formdata: Any = None, data: Mapping[str, Any] | None = None, claim: bool = False
) -> FlaskForm:
    """The form for one hand of this variant: a field per side where the input has one per side."""
    fields: dict[str, Field] = {"idempotency_key": HiddenField(), "revision": HiddenField()}
    sides = _side_choices(names)
    if claim:
        # glossary: claim
        fields["claim-side"] = RadioField(_("Who claims"), choices=options(sides), validators=[Optional()])
        # glossary: hand
        fields["claim-points"] = IntegerField(_("Points won so far in this hand"), validators=[Optional()])
        if rules.claim_window is not None:
            fields["claim-trick"] = IntegerField(_("In trick number"), validators=[Optional()])
        if claim_takes_melds(rules):
            _meld_and_bela_fields(rules, names, fields)
    else:
        # glossary: taker
        fields["taker"] = RadioField(_("Taker"), choices=options(sides), validators=[Optional()])
        contract_choices: list[tuple[str, Any]] = [(c.value, CONTRACT_LABELS[c.value]) for c in rules.contracts]
        if not rules.contract_required:
            # glossary: trumps
            # Translators: the trumps choice of a hand whose trumps the scorer does not write down.
            contract_choices.insert(0, ("", _("not noted")))
        fields["contract"] = RadioField(
            # glossary: trumps
            _("Trumps") if not rules.doubles else _("Contract"), choices=options(contract_choices),
            validators=[Optional()]
        )
        if rules.doubles:
            fields["double"] = RadioField(
                # Translators: Belote's double (contre) and redouble (surcontre).
                _("Double"),
                # Translators: the choices of "Double": not doubled, doubled, redoubled.
                choices=options([("0", _("no")), ("1", _("doubled ×2")), ("2", _("redoubled ×4"))]),
                default="0",
                validators=[Optional()],
            )
        fields["last_trick"] = RadioField(_("Last trick (+10)"), choices=options(sides), validators=[Optional()])
        for i, name in enumerate(names):
            # Translators: a field's full name for a screen reader; %(side)s is a side's name.
            fields[f"card_points-{i}"] = IntegerField(_("%(side)s: card points", side=name), validators=[Optional()])
        _meld_and_bela_fields(rules, names, fields)
        for i, name in enumerate(names):
            # The rare case the default cannot see: a trick of sevens and eights, no card points, yet the side's
            # melds count (RULES.md §3, melds need a trick).
            # Translators: %(side)s is a side's name.
            fields[f"took_trick-{i}"] = BooleanField(_("%(side)s took a trick (no card points)", side=name))
        if rules.revoke.value != "none":
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
    form.meld_chips = meld_chips(rules)  # type: ignore[attr-defined]
    return form


_MELD_SPLIT = re.compile(r"[\s,+]+")


def _melds_and_bela(get: Any, rules: Rules, hand: dict[str, Any], problems: list[Problem]) -> None:
    melds: list[list[int]] = []
    for i in range(rules.sides):
        text = (get(f"melds-{i}") or "").strip()
        values: list[int] = []
        for token in filter(None, _MELD_SPLIT.split(text)):
            if token.isdigit():
                values.append(int(token))
            else:
                # Translators: beside a side's melds; %(text)s is what was typed, in quotes ('fifty').
                problems.append(Problem(f"melds.{i}", _("write meld values as numbers, like 20 50; not %(text)s",
                                                        text=repr(token))))
        melds.append(values)
    if any(melds):
        hand["melds"] = melds
    # A toggle gives True/False, Belote's count a digit: both read as a number of bela.
    bela = [int(get(f"bela-{i}") or 0) for i in range(rules.sides)]
    if any(bela):
        hand["bela"] = bela


def _won_card_points(rules: Rules, hand: Mapping[str, Any]) -> list[bool]:
    """Whether each side has card points in the hand; in four-handed games a side left blank holds the rest of
    the deck, elsewhere a blank is the engine's to refuse."""
    cards: list[int | None] = list(hand.get("card_points") or [None] * rules.sides)
    contract = hand.get("contract")
    deck = rules.deck(Contract(contract) if contract in {c.value for c in Contract} else None)
    rest = deck - sum(c for c in cards if isinstance(c, int))
    return [(c > 0) if isinstance(c, int) else (rest > 0 if rules.full_deck else True) for c in cards]


def _took_trick(get: Any, rules: Rules, hand: Mapping[str, Any]) -> list[bool] | None:
    """Which sides took a trick, when the scorer said a side took one without card points; else None, and the
    engine's default (card points or the last trick) stands."""
    said = [bool(get(f"took_trick-{i}")) for i in range(rules.sides)]
    if not any(said):
        return None
    won = _won_card_points(rules, hand)
    return [said[i] or won[i] or hand.get("last_trick") == i for i in range(rules.sides)]


def hand_from_form(form: FlaskForm, rules: Rules, claim: bool = False) -> tuple[dict[str, Any], list[Problem]]:
    """The API's hand input from the form; problems only for what the form itself cannot read."""
    problems: list[Problem] = []
    get = form.data.get
    if claim:
        body: dict[str, Any] = {"claim": {}}
        if get("claim-side") not in (None, ""):
            body["claim"]["side"] = int(get("claim-side"))
        if get("claim-points") is not None:
            body["claim"]["points"] = get("claim-points")
        if get("claim-trick") is not None:
            body["claim"]["trick"] = get("claim-trick")
        if claim_takes_melds(rules):
            _melds_and_bela(get, rules, body, problems)
        return body, problems
    hand: dict[str, Any] = {}
    if get("taker") not in (None, ""):
        hand["taker"] = int(get("taker"))
    if get("contract"):
        hand["contract"] = get("contract")
    if get("double") not in (None, "", "0"):
        hand["double"] = int(get("double"))
    cards = [get(f"card_points-{i}") for i in range(rules.sides)]
    if any(c is not None for c in cards):
        hand["card_points"] = cards
    if get("last_trick") not in (None, ""):
        hand["last_trick"] = int(get("last_trick"))
    _melds_and_bela(get, rules, hand, problems)
    took_trick = _took_trick(get, rules, hand)
    if took_trick is not None:
        hand["took_trick"] = took_trick
    accuser, accused, upheld = get("revoke-accuser"), get("revoke-accused"), get("revoke-upheld")
    if accuser or accused or upheld:
        revoke: dict[str, Any] = {}
        if accuser:
            revoke["accuser"] = int(accuser)
        if accused:
            revoke["accused"] = int(accused)
        if upheld:
            revoke["upheld"] = upheld == "yes"
        hand["revoke"] = revoke
    return hand, problems


SIDE_ASKS = {
    # glossary: taker
    "taker": _l("say who the taker is"),
    "last_trick": _l("say who took the last trick"),
    # glossary: claim
    "claim-side": _l("say who claims"),
    # glossary: revoke
    "revoke-accuser": _l("say who challenged"),
    # glossary: revoke
    "revoke-accused": _l("say who is accused of a revoke"),
}
"""What a side choice left blank asks for, in the table's words (the engine's own message names the API's side
numbers, which the form never shows)."""


def in_table_words(errors: dict[str, list[str]], form: FlaskForm) -> dict[str, list[str]]:
    """The errors of a hand form with a blank side choice asked for by name of the choice, not by side number."""
    data = form.data
    return {name: ([str(SIDE_ASKS[name])] if name in SIDE_ASKS and data.get(name) in (None, "") else messages)
            for name, messages in errors.items()}


def form_data_from_hand(hand: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """Prefill a hand form from a stored hand input (to edit it in place)."""
    data: dict[str, Any] = {}
    for key in ("taker", "last_trick", "double"):
        if hand.get(key) is not None:
            data[key] = str(hand[key])
    if hand.get("contract"):
        data["contract"] = hand["contract"]
    cards = list(hand.get("card_points") or [])
    for i, value in enumerate(cards):
        data[f"card_points-{i}"] = value
    for i, values in enumerate(hand.get("melds") or []):
        data[f"melds-{i}"] = " ".join(str(v) for v in values if isinstance(v, int))
    toggle = bela_toggle(rules)
    for i, value in enumerate(hand.get("bela") or []):
        data[f"bela-{i}"] = bool(value) if toggle else str(value)
    took_trick = hand.get("took_trick")
    if took_trick:
        # Only a trick that the card points and the last trick do not show is asked on the form.
        won = _won_card_points(rules, hand)
        for i, took in enumerate(took_trick):
            data[f"took_trick-{i}"] = bool(took) and not won[i] and hand.get("last_trick") != i
    revoke = hand.get("revoke")
    if isinstance(revoke, Mapping):
        data["revoke-accuser"] = str(revoke.get("accuser", ""))
        data["revoke-accused"] = str(revoke.get("accused", ""))
        data["revoke-upheld"] = "yes" if revoke.get("upheld") else "no"
    return data
