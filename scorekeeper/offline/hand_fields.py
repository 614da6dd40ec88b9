"""The hand form's fields (a hand, or a claim in the middle of one): the one declaration of the form
(``hand_fields``), which the server's WTForms form is made from (``forms.hand``), and the posted text read as
WTForms reads it (``read_fields``: whole numbers, one of the choices, a text's length, a box ticked), for the
phone's worker, which has no WTForms. What the form's data then makes of a hand is ``offline.hand_input``'s, for
both sides of the wire.

Field names mirror the engine's problem fields with ``-`` for ``.`` (``card_points.1`` is the field
``card_points-1``), so an error the engine raises is shown beside the field it is about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..rules import Contract, Rules
from ..rules.hand import BIDS
from ..rules.limits import MELDS_LIMIT
from ..rules.variants import Claims, FalseClaim, Revoke, Success, ThanksKind
from ..rules.words import N_, Place, Said, Translate

HAND_GROUPS = ("card_points", "melds", "bela", "took_trick", "revoke", "claim", "claim-points", "valat",
               "claim-stoeck", "claim-weis", "claim-tricks")
"""Problems of a whole group of fields, shown at the top of that group."""
MELDS_LONGEST = MELDS_LIMIT
"""The most characters a side's melds may have."""

# What the server's WTForms says of a field in the table's words (``forms.problems.WTFORMS_WORDS``), and the
# phone's worker of the same field.
# Translators: beside a box for a number (card points, the points won so far) that holds something else.
WHOLE_NUMBER = Said("write a whole number")
# Translators: beside a choice (a radio or a list) whose posted value is none of its choices.
NOT_A_CHOICE = Said("choose one of the choices shown")

SIDE_ASKS = {
    # glossary: taker
    "taker": Said("say who the taker is"),
    # glossary: bid, capot
    "bid": Said("choose the bid: 80 to 160, or capot"),
    "last_trick": Said("say who took the last trick"),
    # glossary: claim
    "claim-side": Said("say who claims"),
    # glossary: revoke
    "revoke-accuser": Said("say who challenged"),
    # glossary: revoke
    "revoke-accused": Said("say who is accused of a revoke"),
}
"""What a side choice left blank asks for, in the table's words (the engine's own message names the API's side
numbers, which the form never shows)."""
JASS_ASKS = {
    # glossary: taker, trumps
    # Translators: Jass: the side that chose trumps (or had them pushed to it: "geschoben") was left blank.
    "taker": Said("say who chose trumps"),
    # glossary: bedanken
    # Translators: Jass: the side that thanks (bedankt sich: ends the game in the middle of a hand) was left blank.
    "claim-side": Said("say who thanks"),
    # glossary: trumps, Obenabe, Undenufe
    # Translators: Jass: the trumps (a suit, Obenabe or Undenufe) were left blank.
    "contract": Said("choose the trumps: a suit, Obenabe or Undenufe"),
}
"""A Swiss pad's own asks, over ``SIDE_ASKS`` (RULES.md §11: the taker is who chose trumps; a claim is bedanken)."""


class TooLong(Said):
    """The form's "too long" message, whose catalog entry (shared with the server's WTForms ``Length``
    validator) writes the most characters as ``%(max)d``: filled with the number itself, not its text."""

    def say(self, translate: Translate = N_, number: Callable[[int], str] = str, place: Place = N_) -> str:
        return translate(self.message) % self.fields


# The message of forms.problems.TOO_LONG (WTForms' Length), extracted from there.
TOO_LONG_MESSAGE = "Field cannot be longer than %(max)d characters."


class Field(NamedTuple):
    """One field of the hand form: its name, what it holds, and what the page lets it hold."""

    name: str
    kind: str
    """``choice`` (buttons to tap, one of which is chosen), ``list`` (the same as a drop-down list), ``whole`` (a
    box for a whole number), ``toggle`` (a box to tick), ``text``, ``hidden``."""
    choices: tuple[str, ...] = ()
    """The values a choice may take."""
    default: str | None = None
    """A choice's value when the page posts none."""


def swiss_pad(rules: Rules) -> bool:
    """Whether the hand form is the Swiss scorepad of a Jass hand (RULES.md §11, each side writes its own): the
    trumps first, each with its multiplier, then who chose them; one side's points **as the table counts them**,
    the last trick in (out of the hand's 157), the other side's the rest; Weis, Stöck, and a Match per side. A
    claim there is bedanken: each side's Stöck, Weis and tricks so far."""
    return rules.success is Success.EACH_OWN


def counted_with_last_trick(rules: Rules) -> bool:
    """Whether the hand form's figures are a side's points as the table counts them, the last trick in (out of 157
    in Jass, 162 in Belote contrée), rather than the card points alone: the Swiss pad, and a game with bids, whose
    table writes "points faits" and never asks who took the last trick (it changes nothing there)."""
    return swiss_pad(rules) or rules.bids or rules.game_points


def hand_total(rules: Rules, contract: Contract | None = None) -> int:
    """What a Swiss pad's two figures add up to: the cards and the last trick (152 + 5 = 157 in Jass)."""
    return rules.deck(contract) + rules.last_trick


def bela_toggle(rules: Rules) -> bool:
    """Whether a side's bela is a yes/no toggle (one K and Q of trumps at most) rather than a count: only where
    an all-trumps contract lets a side hold several (Belote) does the form ask how many."""
    return Contract.ALL_TRUMPS not in rules.contracts


def claim_takes_melds(rules: Rules) -> bool:
    """Whether the claim form asks for the declarations and bela made so far: only where a false claim forfeits
    the hand value, which includes them (RULES.md §6, Clobby); a good claim counts the points given."""
    return rules.false_claim is FalseClaim.FORFEITS_HAND


def claim_parts(rules: Rules) -> tuple[str, ...]:
    """The parts of the points won so far the claim form asks for beside the one number (RULES.md §6: card
    points of tricks taken, declarations that count, bela, last trick). Where the form already asks for the
    declarations and bela made so far (Clobby), the claimant's are taken from there, not asked twice. A house
    that gives the last trick nothing (``last-trick: 0``) is not asked who took it."""
    parts = ["card_points", "last_trick"] if rules.last_trick else ["card_points"]
    if not claim_takes_melds(rules):
        if rules.meld_values:
            parts.append("declarations")
        if rules.bela_points:
            parts.append("bela")
    return tuple(parts)


_PART_KINDS = {"card_points": "whole", "last_trick": "toggle", "declarations": "text", "bela": "toggle"}


def _meld_and_bela_fields(rules: Rules) -> list[Field]:
    sides = range(rules.sides)
    bela = ([Field(f"bela-{i}", "toggle") for i in sides] if bela_toggle(rules)
            else [Field(f"bela-{i}", "list", tuple(str(n) for n in range(5)), "0") for i in sides])
    return [item for pair in zip([Field(f"melds-{i}", "text") for i in sides], bela, strict=True) for item in pair]


def hand_fields(rules: Rules, claim: bool = False) -> list[Field]:
    """The fields of the hand form (or the claim form) of this game, in the form's order: the one declaration of
    the form, which the server's WTForms form is built from (``forms.hand.hand_form``, which gives each its
    label) and the phone's worker reads posted text with (``read_fields``)."""
    sides = tuple(str(i) for i in range(rules.sides))
    fields = [Field("idempotency_key", "hidden"), Field("revision", "hidden")]
    contracts = tuple(c.value for c in rules.contracts)
    if claim and rules.claims is Claims.RACE:
        # The race (RULES.md §10a): what each side has won so far, both added.
        return [*fields, Field("claim-side", "choice", sides), *(Field(f"claim-points-{i}", "whole") for i in sides)]
    if claim and rules.thanks:
        # Jass's bedanken (RULES.md §11): the contract (its multiplier), and each side's points so far by kind.
        kinds = [Field(f"claim-{kind}-{i}", "toggle" if kind is ThanksKind.STOECK else "whole")
                 for kind in rules.claim_order.kinds for i in sides]
        return [*fields, Field("claim-side", "choice", sides),
                Field("contract", "choice", contracts if rules.contract_required else ("", *contracts)), *kinds]
    if claim:
        fields += [Field("claim-side", "choice", sides), Field("claim-points", "whole")]
        if rules.claim_window is not None:
            fields.append(Field("claim-trick", "whole"))
        fields += [Field(f"claim-parts-{part}", _PART_KINDS[part]) for part in claim_parts(rules)]
        if claim_takes_melds(rules):
            fields += _meld_and_bela_fields(rules)
        return fields
    fields.append(Field("taker", "choice", sides))
    if rules.bids:
        # Belote contrée (RULES.md §12): the bid, a row of chips from 80 to capot.
        fields.append(Field("bid", "choice", tuple(str(bid) for bid in BIDS)))
    fields.append(Field("contract", "choice", contracts if rules.contract_required else ("", *contracts)))
    if rules.doubles:
        fields.append(Field("double", "choice", tuple(str(level) for level in range(len(rules.double_levels))), "0"))
    if rules.game_points:
        fields.append(Field("gahwa", "toggle"))
    if not counted_with_last_trick(rules) or swiss_pad(rules):
        fields.append(Field("last_trick", "choice", sides))
    fields += [Field(f"card_points-{i}", "whole") for i in range(rules.sides)]
    fields += _meld_and_bela_fields(rules)
    if swiss_pad(rules):
        fields += [Field(f"valat-{i}", "toggle") for i in range(rules.sides)]
    fields += [Field(f"took_trick-{i}", "toggle") for i in range(rules.sides)]
    if rules.revoke is not Revoke.NONE:
        fields += [Field("revoke-accuser", "list", ("", *sides)), Field("revoke-accused", "list", ("", *sides)),
                   Field("revoke-upheld", "choice", ("yes", "no"))]
    return fields


def read_fields(rules: Rules, posted: Mapping[str, str],
                claim: bool = False) -> tuple[dict[str, Any], dict[str, list[Said]]]:
    """The form's data from the posted text of its fields, as WTForms reads it (a whole number as an ``int``, a
    box as a ``bool``, a choice or a text as posted, None where nothing was posted), and what the form itself
    says of them: a number that is none, a choice that is none of the choices, melds too long. A field left
    blank is never a problem here (the engine says what is missing)."""
    data: dict[str, Any] = {}
    errors: dict[str, list[Said]] = {}
    for field in hand_fields(rules, claim):
        raw = posted.get(field.name)
        blank = raw is None or not str(raw).strip()
        if field.kind == "toggle":
            data[field.name] = raw not in (None, "", "false")
        elif field.kind == "whole":
            try:
                data[field.name] = int(raw) if raw is not None else None
            except ValueError:
                data[field.name] = None
                if not blank:
                    errors[field.name] = [WHOLE_NUMBER]
        elif field.kind in ("choice", "list"):
            data[field.name] = raw if raw is not None else field.default
            if not blank and raw not in field.choices:
                errors[field.name] = [NOT_A_CHOICE]
        else:
            data[field.name] = raw
            if field.kind == "text" and not blank and raw is not None and len(raw) > MELDS_LONGEST:
                errors[field.name] = [TooLong(TOO_LONG_MESSAGE, max=MELDS_LONGEST)]
    return data, errors
