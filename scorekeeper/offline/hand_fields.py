"""The hand form's fields (a hand, or a claim in the middle of one), read the way the page posts them: a flat
mapping of a field's name to its text. Written once for both sides of the wire: the server's WTForms hand form
(``forms.hand``) reads its validated data into the API's hand input with ``hand_from_values``, and the phone's
worker, which has no WTForms, first reads the posted text with ``read_fields`` (what WTForms' fields and
validators do for this form: whole numbers, one of the choices, a text's length, a box ticked) and then does the
same.

Field names mirror the engine's problem fields with ``-`` for ``.`` (``card_points.1`` is the field
``card_points-1``), so an error the engine raises is shown beside the field it is about.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..rules import Contract, Problem, Rules
from ..rules.limits import MELDS_LIMIT
from ..rules.variants import Claims, FalseClaim, Revoke, Success
from ..rules.words import N_, Listed, Said, Translate

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

    def say(self, translate: Translate = N_, number: Callable[[int], str] = str) -> str:
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
        kinds = [Field(f"claim-{kind}-{i}", "toggle" if kind == "stoeck" else "whole")
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
    fields += [Field("taker", "choice", sides),
               Field("contract", "choice", contracts if rules.contract_required else ("", *contracts))]
    if rules.doubles:
        fields.append(Field("double", "choice", ("0", "1", "2"), "0"))
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


_MELD_SPLIT = re.compile(r"[\s,+]+")

Get = Callable[[str], Any]
"""A form's data by field name (``form.data.get``): None for a field not posted."""


def _meld_values(text: str | None, field: str, problems: list[Problem]) -> list[int]:
    """The meld values typed in a box ("20 50", "20+50"); a problem at ``field`` for anything not a number."""
    values: list[int] = []
    for token in filter(None, _MELD_SPLIT.split((text or "").strip())):
        if token.isdigit():
            values.append(int(token))
        else:
            # Translators: beside a side's melds; %(text)s is what was typed, in quotes ('fifty').
            problems.append(Problem(field, Said("write meld values as numbers, like 20 50; not %(text)s",
                                                text=repr(token))))
    return values


def _melds_and_bela(get: Get, rules: Rules, hand: dict[str, Any], problems: list[Problem]) -> None:
    melds = [_meld_values(get(f"melds-{i}"), f"melds.{i}", problems) for i in range(rules.sides)]
    if any(melds):
        hand["melds"] = melds
    # A toggle gives True/False, Belote's count a digit: both read as a number of bela.
    bela = [int(get(f"bela-{i}") or 0) for i in range(rules.sides)]
    if any(bela):
        hand["bela"] = bela


def _claim_parts(get: Get, rules: Rules, body: Mapping[str, Any], problems: list[Problem]) -> dict[str, Any] | None:
    """The claim's parts when any was given: card points, the last trick, and the declarations and bela that
    count (typed here, or the claimant's among those made so far where the form asks for them)."""
    asked = claim_parts(rules)
    cards = get("claim-parts-card_points")
    text = (get("claim-parts-declarations") or "").strip() if "declarations" in asked else ""
    bela = bool(get("claim-parts-bela")) if "bela" in asked else False
    last = bool(get("claim-parts-last_trick")) if "last_trick" in asked else False
    if cards is None and not text and not bela and not last:
        return None
    parts: dict[str, Any] = {"card_points": cards if cards is not None else 0, "last_trick": last}
    if "declarations" in asked:
        parts["declarations"] = _meld_values(text, "claim.parts.declarations", problems)
        parts["bela"] = bela
    else:
        side = body["claim"].get("side")
        if isinstance(side, int) and 0 <= side < rules.sides:
            melds = body.get("melds") or [[]] * rules.sides
            parts["declarations"] = list(melds[side])
            parts["bela"] = bool((body.get("bela") or [0] * rules.sides)[side])
    return parts


def won_card_points(rules: Rules, hand: Mapping[str, Any]) -> list[bool]:
    """Whether each side has card points in the hand; in four-handed games a side left blank holds the rest of
    the deck, elsewhere a blank is the engine's to refuse."""
    cards: list[int | None] = list(hand.get("card_points") or [None] * rules.sides)
    contract = hand.get("contract")
    deck = rules.deck(Contract(contract) if contract in {c.value for c in Contract} else None)
    rest = deck - sum(c for c in cards if isinstance(c, int))
    return [(c > 0) if isinstance(c, int) else (rest > 0 if rules.full_deck else True) for c in cards]


def _took_trick(get: Get, rules: Rules, hand: Mapping[str, Any]) -> list[bool] | None:
    """Which sides took a trick, when the scorer said a side took one without card points; else None, and the
    engine's default (card points or the last trick) stands."""
    said = [bool(get(f"took_trick-{i}")) for i in range(rules.sides)]
    if not any(said):
        return None
    won = won_card_points(rules, hand)
    return [said[i] or won[i] or hand.get("last_trick") == i for i in range(rules.sides)]


def _contract_of(value: object) -> Contract | None:
    return Contract(value) if value in {c.value for c in Contract} else None


def _swiss_points(get: Get, rules: Rules, hand: dict[str, Any], problems: list[Problem]) -> None:
    """A Swiss pad's figures into the engine's card points (RULES.md §11): the table counts a side's points with
    the last trick (out of 157), the engine wants the cards alone (out of 152) and who took the last trick. A
    Match (every trick to one side) needs no figure: the cards and the last trick are that side's."""
    sides = range(rules.sides)
    typed: list[int | None] = [get(f"card_points-{i}") for i in sides]
    total = hand_total(rules, _contract_of(hand.get("contract")))
    last = hand.get("last_trick")
    matched = [i for i in sides if get(f"valat-{i}")]
    if len(matched) > 1:
        # glossary: Match
        problems.append(Problem("valat", Said("only one side can take every trick (a Match)")))
        return
    if matched:
        side = matched[0]
        if any(points not in (None, total if i == side else 0) for i, points in enumerate(typed)):
            # glossary: Match
            # Translators: %(total)s is what a hand holds with the last trick (157 in Jass).
            problems.append(Problem("card_points", Said("a Match takes every trick: leave the points empty, or "
                                                        "write %(total)s and 0", total=total)))
        if last not in (None, side):
            # glossary: Match
            problems.append(Problem("last_trick", Said("a Match takes every trick, the last one too")))
        hand["card_points"] = [total - rules.last_trick if i == side else 0 for i in sides]
        hand["last_trick"] = side
        return
    if all(points is None for points in typed):
        return
    for i, points in enumerate(typed):
        if points is not None and not 0 <= points <= total:
            # Translators: Jass: a side's points are written with the last trick; %(total)s is 157.
            problems.append(Problem(f"card_points.{i}", Said("write 0 to %(total)s, the last trick in; not "
                                                            "%(value)s", total=total, value=points)))
    if problems:
        return
    given = [points for points in typed if points is not None]
    if len(given) == len(typed) and sum(given) != total:
        # Translators: a Jass hand's two figures, each with the last trick: "85 + 70 = 155"; %(total)s is 157.
        problems.append(Problem("card_points", Said("%(sum)s = %(added)s: the two sides' points add up to "
                                                    "%(total)s, the last trick in", sum=Listed(given, " + "),
                                                    added=sum(given), total=total)))
    cards: list[int | None] = []
    for i, points in enumerate(typed):
        # Without the last trick yet, a figure over the cards' points can only hold it (the engine asks who took it).
        took_it = last == i if last is not None else points is not None and points > total - rules.last_trick
        if points is not None and took_it and points < rules.last_trick:
            # Translators: Jass: a side's points are written with the last trick, so the side that took it has at
            # least its value; %(points)s is that value (5), %(value)s what was written.
            problems.append(Problem(f"card_points.{i}", Said("the last trick alone is %(points)s: this side took "
                                                            "it, so write %(points)s or more, not %(value)s",
                                                            points=rules.last_trick, value=points)))
        cards.append(points - rules.last_trick if points is not None and took_it and points >= rules.last_trick
                     else points)
    hand["card_points"] = cards


def _thanks(get: Get, rules: Rules, body: dict[str, Any]) -> None:
    """Jass's bedanken (RULES.md §11) from the claim form: the contract, and each side's Stöck, Weis and trick
    points so far (a box left empty is nothing so far)."""
    if get("contract"):
        body["contract"] = get("contract")
    sides = range(rules.sides)
    for kind in rules.claim_order.kinds:
        if kind == "stoeck":
            body["claim"][kind] = [rules.bela_points if get(f"claim-{kind}-{i}") else 0 for i in sides]
        else:
            body["claim"][kind] = [get(f"claim-{kind}-{i}") or 0 for i in sides]


def hand_from_values(get: Get, rules: Rules, claim: bool = False) -> tuple[dict[str, Any], list[Problem]]:
    """The API's hand input from the form's data; problems only for what the form itself cannot read."""
    problems: list[Problem] = []
    if claim:
        body: dict[str, Any] = {"claim": {}}
        if get("claim-side") not in (None, ""):
            body["claim"]["side"] = int(get("claim-side"))
        if rules.claims is Claims.RACE:
            won = [get(f"claim-points-{i}") for i in range(rules.sides)]
            if any(points is not None for points in won):  # a side left empty has won nothing so far
                body["claim"]["points"] = [0 if points is None else points for points in won]
            return body, problems
        if rules.thanks:
            _thanks(get, rules, body)
            return body, problems
        if get("claim-points") is not None:
            body["claim"]["points"] = get("claim-points")
        if get("claim-trick") is not None:
            body["claim"]["trick"] = get("claim-trick")
        if claim_takes_melds(rules):
            _melds_and_bela(get, rules, body, problems)
        parts = _claim_parts(get, rules, body, problems)
        if parts is not None:
            body["claim"]["parts"] = parts
        return body, problems
    hand: dict[str, Any] = {}
    if get("taker") not in (None, ""):
        hand["taker"] = int(get("taker"))
    if get("contract"):
        hand["contract"] = get("contract")
    if get("double") not in (None, "", "0"):
        hand["double"] = int(get("double"))
    if get("last_trick") not in (None, ""):
        hand["last_trick"] = int(get("last_trick"))
    if swiss_pad(rules):
        _swiss_points(get, rules, hand, problems)
    else:
        cards = [get(f"card_points-{i}") for i in range(rules.sides)]
        if any(c is not None for c in cards):
            hand["card_points"] = cards
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


def in_table_words(errors: dict[str, list[str]], data: Mapping[str, Any], say: Callable[[str], str],
                   rules: Rules | None = None) -> dict[str, list[str]]:
    """The errors of a hand form with a blank side choice asked for by name of the choice, not by side number
    (on a Swiss pad in its own words)."""
    asks = {**SIDE_ASKS, **JASS_ASKS} if rules is not None and swiss_pad(rules) else SIDE_ASKS
    return {name: ([say(asks[name])] if name in asks and data.get(name) in (None, "") else messages)
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
    swiss = swiss_pad(rules)
    for i, value in enumerate(cards):
        # A Swiss pad shows a side's points as the table counts them: with the last trick.
        data[f"card_points-{i}"] = value + rules.last_trick if swiss and value is not None \
            and hand.get("last_trick") == i else value
    if swiss and len(cards) == rules.sides and not hand.get("took_trick"):
        # Every card and the last trick to one side: the Match that was ticked.
        deck = rules.deck(_contract_of(hand.get("contract")))
        rest = deck - sum(c for c in cards if c is not None)
        for i, value in enumerate(cards):
            data[f"valat-{i}"] = hand.get("last_trick") == i and (rest if value is None else value) == deck
    for i, values in enumerate(hand.get("melds") or []):
        data[f"melds-{i}"] = " ".join(str(v) for v in values if isinstance(v, int))
    toggle = bela_toggle(rules)
    for i, value in enumerate(hand.get("bela") or []):
        data[f"bela-{i}"] = bool(value) if toggle else str(value)
    took_trick = hand.get("took_trick")
    if took_trick:
        # Only a trick that the card points and the last trick do not show is asked on the form.
        won = won_card_points(rules, hand)
        for i, took in enumerate(took_trick):
            data[f"took_trick-{i}"] = bool(took) and not won[i] and hand.get("last_trick") != i
    revoke = hand.get("revoke")
    if isinstance(revoke, Mapping):
        data["revoke-accuser"] = str(revoke.get("accuser", ""))
        data["revoke-accused"] = str(revoke.get("accused", ""))
        data["revoke-upheld"] = "yes" if revoke.get("upheld") else "no"
    return data
