"""The hand form (a hand, or a claim in the middle of one) for a game's rules: built per variant, read into the
API's hand input, filled from a stored hand to edit it, and its problems said in the table's words.

Field names mirror the engine's problem fields with ``-`` for ``.`` (``card_points.1`` is the field
``card_points-1``), so an error the engine raises is shown beside the field it is about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from ..i18n import said
from ..offline import hand_fields, hand_input
from ..offline.hand_fields import (
    HAND_GROUPS,
    MELDS_LONGEST,
    SIDE_ASKS,
    bela_toggle,
    claim_takes_melds,
    counted_with_last_trick,
    swiss_pad,
)
from ..offline.hand_input import form_data_from_hand
from ..rules import Problem, Rules
from ..rules.describe import meld_chips
from .choices import CONTRACT_LABELS, new_key, options
from .problems import TOO_LONG

__all__ = ["HAND_GROUPS", "SIDE_ASKS", "bela_toggle", "claim_takes_melds", "counted_with_last_trick",
           "form_data_from_hand", "hand_form", "hand_from_form", "in_table_words", "swiss_pad"]


def contract_times(rules: Rules) -> dict[str, int]:
    """Each contract's multiplier where it is not ×1 (Jass's "2500" table: ♣ ♠ ×2, Obenabe and Undenufe ×3), shown
    on its button: the engine's ``Rules.multiplier``."""
    return {c.value: times for c in rules.contracts if (times := rules.multiplier(c)) != 1}


class _Asked(NamedTuple):
    """What a field's label and choices are said from: the game, the side the field is of (None for a field of the
    hand), the sides' names, and whether the form is a claim's."""

    rules: Rules
    side: str | None
    names: list[str]
    claim: bool


def _taker(a: _Asked) -> str:
    # glossary: taker
    return _("Taker")


def _bid(a: _Asked) -> str:
    # glossary: bid
    # Translators: Belote contrée: what the taker bid (80 to 160, or capot).
    return _("Bid")


def _contract(a: _Asked) -> str:
    if a.rules.game_points:
        # glossary: Sun, Hokum
        # Translators: Baloot: the contract, Sun (no trumps) or Hokum (a trump suit, chosen by its suit).
        return _("Sun or Hokum")
    # glossary: trumps
    return _("Trumps") if not a.rules.doubles else _("Contract")


def _double(a: _Asked) -> str:
    if a.rules.bids:
        # glossary: coinche
        # Translators: Belote contrée's double (coinche) and redouble (surcoinche).
        return _("Coinche")
    # Translators: Belote's double (contre) and redouble (surcontre).
    return _("Double")


def _gahwa(a: _Asked) -> str:
    # glossary: gahwa, game, hand
    # Translators: Baloot's gahwa (قهوة): the side that wins this hand wins the game.
    return _("Gahwa: the winner of the hand wins the game")


def _last_trick(a: _Asked) -> str:
    if swiss_pad(a.rules):
        # Jass: the points above are written with the last trick in, as the table counts them; a "+5" here would
        # read as adding it a second time.
        # Translators: Jass: who took the last trick, whose points are already in the sides' points.
        return _("Took the last trick")
    # Translators: who took the last trick; %(points)s is what it adds at this table (10 by the book, 5 in Jass, or
    # the house's figure).
    return _("Last trick (+%(points)s)", points=a.rules.last_trick)


def _card_points(a: _Asked) -> str:
    if counted_with_last_trick(a.rules):
        # Translators: Jass: a field's full name for a screen reader: a side's points as the table counts them, the
        # last trick in; %(side)s is a side's name ("Ana & Marko: points").
        return _("%(side)s: points", side=a.side)
    # Translators: a field's full name for a screen reader; %(side)s is a side's name.
    return _("%(side)s: card points", side=a.side)


def _melds(a: _Asked) -> str:
    if swiss_pad(a.rules):
        # glossary: Weis
        # Translators: Jass: a field's full name for a screen reader; %(side)s is a side's name ("Ana & Marko:
        # Weis").
        return _("%(side)s: Weis", side=a.side)
    # Translators: a field's full name for a screen reader; %(side)s is a side's name ("Mike: melds").
    return _("%(side)s: melds", side=a.side)


def _bela(a: _Asked) -> str:
    # glossary: belote and rebelote
    # Translators: a field's full name; %(side)s is a side's name, %(bela)s the game's word for the K and Q
    # of trumps ("Mike: bela").
    return _("%(side)s: %(bela)s", side=a.side, bela=said(a.rules.bela_word))


def _valat(a: _Asked) -> str:
    # glossary: Match
    # Translators: Jass: a side took every trick; %(side)s is a side's name ("Ana & Marko: Match").
    return _("%(side)s: Match", side=a.side)


def _took_trick(a: _Asked) -> str:
    # The rare case the default cannot see: a trick of sevens and eights, no card points, yet the side's melds
    # count (RULES.md §3, melds need a trick).
    # Translators: %(side)s is a side's name.
    return _("%(side)s took a trick (no card points)", side=a.side)


def _revoke_accuser(a: _Asked) -> str:
    # glossary: revoke
    # Translators: who challenged a play as a revoke.
    return _("Challenger")


def _revoke_accused(a: _Asked) -> str:
    # glossary: revoke
    return _("Accused of a revoke")


def _revoke_upheld(a: _Asked) -> str:
    # Translators: the ruling on a revoke challenge.
    return _("Ruling")


def _claim_side(a: _Asked) -> str:
    if a.rules.thanks:
        # glossary: bedanken
        # Translators: Jass: the side that thanks (bedankt sich), ending the game in the middle of a hand.
        return _("Who thanks")
    # glossary: claim
    return _("Who claims")


def _claim_points(a: _Asked) -> str:
    if a.side is not None:
        # glossary: hand. The race: what a side has won so far in the hand the claim stops.
        return _("%(side)s: won so far in this hand", side=a.side)
    # glossary: hand
    return _("Points won so far in this hand")


def _claim_trick(a: _Asked) -> str:
    return _("In trick number")


def _part_card_points(a: _Asked) -> str:
    # glossary: claim, hand
    return _("Card points of the tricks taken so far")


def _part_last_trick(a: _Asked) -> str:
    # glossary: claim. %(points)s is what the last trick adds in this game (10, or the house's figure; 5 in Jass).
    return _("Took the last trick (+%(points)s)", points=a.rules.last_trick)


def _part_declarations(a: _Asked) -> str:
    # glossary: claim, hand
    return _("Declarations that count")


def _part_bela(a: _Asked) -> str:
    # glossary: belote and rebelote. %(bela)s is the game's word for the K and Q of trumps, %(points)s its value.
    return _("%(bela)s (K and Q of trumps, %(points)s)", bela=said(a.rules.bela_word).capitalize(),
             points=a.rules.bela_points)


def _claim_stoeck(a: _Asked) -> str:
    # glossary: Stöck
    # Translators: Jass: %(side)s is a side's name, %(bela)s the word Stöck, %(points)s its value (20).
    return _("%(side)s: %(bela)s %(points)s", side=a.side, bela=said(a.rules.bela_word), points=a.rules.bela_points)


def _claim_weis(a: _Asked) -> str:
    # glossary: Weis
    # Translators: Jass: the Weis a side has written so far in the hand; %(side)s is a side's name.
    return _("%(side)s: Weis so far", side=a.side)


def _claim_tricks(a: _Asked) -> str:
    # Translators: Jass: the card points of the tricks a side has taken so far in the hand (with the last
    # trick if it was played); %(side)s is a side's name.
    return _("%(side)s: tricks so far", side=a.side)


_LABELS: Mapping[str, Callable[[_Asked], str]] = MappingProxyType({
    "taker": _taker, "bid": _bid, "gahwa": _gahwa, "contract": _contract, "double": _double, "last_trick": _last_trick,
    "card_points": _card_points, "melds": _melds, "bela": _bela, "valat": _valat, "took_trick": _took_trick,
    "revoke-accuser": _revoke_accuser, "revoke-accused": _revoke_accused, "revoke-upheld": _revoke_upheld,
    "claim-side": _claim_side, "claim-points": _claim_points, "claim-trick": _claim_trick,
    "claim-parts-card_points": _part_card_points, "claim-parts-last_trick": _part_last_trick,
    "claim-parts-declarations": _part_declarations, "claim-parts-bela": _part_bela,
    "claim-stoeck": _claim_stoeck, "claim-weis": _claim_weis, "claim-tricks": _claim_tricks,
})
"""Each field's label, by its name without the side it is of (``card_points-1`` is ``card_points``'s)."""


def _choice_label(a: _Asked, name: str, value: str) -> Any:
    """What a choice of the field ``name`` shows: a side's name, a contract, a double, a ruling, a count."""
    if name == "contract" and value == "no-trumps" and a.rules.game_points:
        # glossary: Sun
        # Translators: Baloot's contract without trumps (صن), on its button beside the four suits (Hokum).
        return _("Sun")
    if name == "contract":
        # glossary: trumps
        # Translators: the trumps choice of a hand whose trumps the scorer does not write down.
        return CONTRACT_LABELS[value] if value else _("not noted")
    if name == "double" and a.rules.game_points:
        # glossary: double
        # Translators: the choices of Baloot's doubling: none, double (دبل ×2), three (ثري ×3), four (فور ×4).
        times = a.rules.double_times
        return {"0": _("no"), "1": _("double ×%(times)s", times=times[1]), "2": _("three ×%(times)s", times=times[2]),
                "3": _("four ×%(times)s", times=times[3])}[value]
    if name == "double" and a.rules.bids:
        times = a.rules.double_times
        # glossary: coinche
        # Translators: the choices of "Coinche": neither, coinche (×2), surcoinche (×4, or ×3 by a house rule).
        return {"0": _("no"), "1": _("coinche ×%(times)s", times=times[1]),
                "2": _("surcoinche ×%(times)s", times=times[2])}[value]
    if name == "double":
        times = a.rules.double_times
        # Translators: the choices of "Double": not doubled, doubled (×2), redoubled (×4).
        return {"0": _("no"), "1": _("doubled ×%(times)s", times=times[1]),
                "2": _("redoubled ×%(times)s", times=times[2])}[value]
    if name == "bid":
        # glossary: capot
        # Translators: the bid of every trick (Belote contrée), on its chip beside 80 … 160.
        return value if value.isdigit() else _("capot")
    if name == "revoke-upheld":
        # glossary: revoke
        return _("upheld: it was a revoke") if value == "yes" else _("wrong challenge")
    if name == "bela":
        return value  # how many K and Q of trumps a side held (all-trumps)
    return a.names[int(value)] if value else "—"  # a side, or none chosen yet


def _made(rules: Rules, names: list[str], field: hand_fields.Field, claim: bool) -> Field:
    """The WTForms field of one declared field, with its label and its choices' labels."""
    if field.kind == "hidden":
        return HiddenField()
    base, _dash, index = field.name.rpartition("-")
    if not index.isdigit():
        base, index = field.name, ""
    asked = _Asked(rules, names[int(index)] if index else None, names, claim)
    label = _LABELS[base](asked)
    if field.kind == "whole":
        return IntegerField(label, validators=[Optional()])
    if field.kind == "toggle":
        return BooleanField(label)
    if field.kind == "text":
        return StringField(label, validators=[Optional(), Length(max=MELDS_LONGEST, message=TOO_LONG)])
    choices = options([(value, _choice_label(asked, base, value)) for value in field.choices])
    kind = RadioField if field.kind == "choice" else SelectField
    if field.default is not None:
        return kind(label, choices=choices, default=field.default, validators=[Optional()])
    return kind(label, choices=choices, validators=[Optional()])


def hand_form(
    rules: Rules, names: list[str], formdata: Any = None, data: Mapping[str, Any] | None = None, claim: bool = False
) -> FlaskForm:
    """The form for one hand of this game (or a claim in it), made from the fields the phone reads too
    (``offline.hand_fields.hand_fields``), each with its label in the request's language."""
    fields = {field.name: _made(rules, names, field, claim) for field in hand_fields.hand_fields(rules, claim)}
    form_class = type("HandForm", (FlaskForm,), fields)
    form: FlaskForm = form_class(formdata=formdata, data=data or {})
    if not form.idempotency_key.data:
        form.idempotency_key.data = new_key()
    # A Swiss pad's Weis buttons are the ladder's commonest five (20 to 200): a run of eight or nine is typed.
    chips = meld_chips(rules)[:5] if swiss_pad(rules) else meld_chips(rules)
    form.meld_chips = chips  # type: ignore[attr-defined]
    # The table's names of its declarations on their chips (Baloot's projects: sira, fifty …).
    form.meld_chip_words = {value: said(word) for value, word in rules.meld_words.items()}  # type: ignore[attr-defined]
    form.contract_times = contract_times(rules)  # type: ignore[attr-defined]
    form.rules = rules  # type: ignore[attr-defined]
    return form


def hand_from_form(form: FlaskForm, rules: Rules, claim: bool = False) -> tuple[dict[str, Any], list[Problem]]:
    """The API's hand input from the form; problems only for what the form itself cannot read (the phone's
    worker reads its fields with the same ``offline.hand_input``)."""
    return hand_input.hand_from_values(form.data.get, rules, claim)


def in_table_words(errors: dict[str, list[str]], form: FlaskForm) -> dict[str, list[str]]:
    """The errors of a hand form with a blank side choice asked for by name of the choice, not by side number."""
    return hand_input.in_table_words(errors, form.data, said, form.rules)
