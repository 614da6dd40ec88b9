"""The hand form's data (``offline.hand_fields``' fields, as WTForms or ``read_fields`` read them) made into the
API's hand input, the problems of a side left unchosen said in the table's words, and a stored hand made back into
the form's data to change it. Written once for both sides of the wire: the server's hand form (``forms.hand``) and
the phone's worker (``offline.worker``).

Field names mirror the engine's problem fields with ``-`` for ``.`` (``card_points.1`` is the field
``card_points-1``), so an error the engine raises is shown beside the field it is about.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ..rules import Contract, Problem, Rules
from ..rules.variants import Claims, ThanksKind
from ..rules.words import Listed, Said
from .hand_fields import (
    JASS_ASKS,
    SIDE_ASKS,
    bela_toggle,
    claim_parts,
    claim_takes_melds,
    counted_with_last_trick,
    hand_total,
    swiss_pad,
)

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


def _figures_add_up(typed: list[int | None], total: int, problems: list[Problem]) -> bool:
    """Whether the figures of a pad that counts the last trick in hold 0 to ``total`` each and, both given, add up
    to it (Jass's 157, Belote contrée's 162, Baloot's Sun 130); each problem said at its field."""
    for i, points in enumerate(typed):
        if points is not None and not 0 <= points <= total:
            # Translators: Jass, Belote contrée, Baloot: a side's points are written with the last trick; %(total)s
            # is 157 (Jass), 162, or 130 (Baloot's Sun).
            problems.append(Problem(f"card_points.{i}", Said("write 0 to %(total)s, the last trick in; not "
                                                            "%(value)s", total=total, value=points)))
    if problems:
        return False
    given = [points for points in typed if points is not None]
    if len(given) == len(typed) and sum(given) != total:
        # Translators: a hand's two figures, each with the last trick: "85 + 70 = 155"; %(total)s is 157 (Jass).
        problems.append(Problem("card_points", Said("%(sum)s = %(added)s: the two sides' points add up to "
                                                    "%(total)s, the last trick in", sum=Listed(given, " + "),
                                                    added=sum(given), total=total)))
        return False
    return True


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
    if all(points is None for points in typed) or not _figures_add_up(typed, total, problems):
        return
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


def _counted_points(get: Get, rules: Rules, hand: dict[str, Any], problems: list[Problem]) -> None:
    """A game with bids (RULES.md §12) or of game points (Baloot, §13): the table writes a side's points with the
    last trick in (out of 162; Baloot's Sun 130), the other side's the rest, and never says who took the last
    trick, which changes nothing in its scoring. The engine
    wants the cards alone and a side for the last trick: it is given to a side whose figure holds it (the first
    such split of the cards that real cards can make), and the explanation says each side's points whole."""
    sides = range(rules.sides)
    typed: list[int | None] = [get(f"card_points-{i}") for i in sides]
    total = hand_total(rules, _contract_of(hand.get("contract")))
    if all(points is None for points in typed) or not _figures_add_up(typed, total, problems):
        return
    first = next(i for i in sides if typed[i] is not None)
    mine = typed[first]
    assert mine is not None
    whole = [mine if i == first else total - mine for i in sides]
    deck = total - rules.last_trick
    # The side whose points can hold the last trick: its cards are then whole - 10, which real cards must make
    # (not 1, not the deck less 1); a side with fewer than 10 points did not take it.
    last = next((i for i in (first, *(j for j in sides if j != first))
                 if whole[i] >= rules.last_trick and whole[i] - rules.last_trick not in (1, deck - 1)
                 and all(whole[j] not in (1, deck - 1) for j in sides if j != i)), first)
    hand["last_trick"] = last
    hand["card_points"] = [whole[i] - rules.last_trick if i == last else whole[i] for i in sides]
    if typed[1 - first] is None:
        hand["card_points"][1 - first] = None


def _thanks(get: Get, rules: Rules, body: dict[str, Any]) -> None:
    """Jass's bedanken (RULES.md §11) from the claim form: the contract, and each side's Stöck, Weis and trick
    points so far (a box left empty is nothing so far)."""
    if get("contract"):
        body["contract"] = get("contract")
    sides = range(rules.sides)
    for kind in rules.claim_order.kinds:
        if kind is ThanksKind.STOECK:
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
    bid = get("bid")
    if bid not in (None, ""):
        hand["bid"] = int(bid) if str(bid).isdigit() else bid
    if get("contract"):
        hand["contract"] = get("contract")
    if get("double") not in (None, "", "0"):
        hand["double"] = int(get("double"))
    if get("last_trick") not in (None, ""):
        hand["last_trick"] = int(get("last_trick"))
    if swiss_pad(rules):
        _swiss_points(get, rules, hand, problems)
    elif counted_with_last_trick(rules):
        _counted_points(get, rules, hand, problems)
    else:
        cards = [get(f"card_points-{i}") for i in range(rules.sides)]
        if any(c is not None for c in cards):
            hand["card_points"] = cards
    _melds_and_bela(get, rules, hand, problems)
    if get("gahwa"):
        hand["gahwa"] = True
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
    for key in ("taker", "bid", "last_trick", "double"):
        if hand.get(key) is not None:
            data[key] = str(hand[key])
    if hand.get("contract"):
        data["contract"] = hand["contract"]
    if hand.get("gahwa"):
        data["gahwa"] = True
    cards = list(hand.get("card_points") or [])
    swiss = swiss_pad(rules)
    counted = counted_with_last_trick(rules)
    for i, value in enumerate(cards):
        # A Swiss pad (and a game with bids) shows a side's points as the table counts them: with the last trick.
        data[f"card_points-{i}"] = value + rules.last_trick if counted and value is not None \
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
