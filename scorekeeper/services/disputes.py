"""The referee's verbs: a hand disputed with a note, the dispute resolved by a ruling, and a side
confirming a hand as scored (with its own confirmation link's secret)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from ..extensions import db
from ..models import Event, Hand, Match, utcnow
from ..rules.words import Said
from ..serializers import side_names
from .access import can_confirm
from .errors import Answer, Invalid, Unauthorized, json_object
from .hands import find_hand, hand_write, note_text
from .idempotency import fingerprint
from .state import rules_of

RESOLUTIONS = ("stands", "edited", "voided")


def dispute_hand(match_id: str, number: int, token: str | None, data: Any, if_match: int | None = None,
                 idempotency_key: str | None = None) -> Answer:
    """Flag a hand as disputed, with a note (200); it shows as disputed until a ruling resolves it."""
    body = dict(json_object(data))
    print_ = fingerprint("POST", match_id, number, "dispute", body)

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        note = note_text(body.get("note"), "note", required=True)
        hand = find_hand(hands, number)
        if hand.voided:
            # glossary: hand
            raise Invalid("number", Said("hand %(number)s is voided: it is no longer scored, so there is nothing "
                                         "to dispute", number=str(number)))
        if hand.disputed:
            # glossary: hand
            raise Invalid("number", Said("hand %(number)s is already disputed: resolve that first",
                                         number=str(number)))
        hand.disputed = True
        hand.dispute_note = note
        hand.updated_at = utcnow()
        return hand, "dispute", {"note": note}

    return hand_write(match_id, token, if_match, idempotency_key, print_, change, 200)


def resolve_hand(match_id: str, number: int, token: str | None, data: Any, if_match: int | None = None,
                 idempotency_key: str | None = None) -> Answer:
    """Resolve a disputed hand (200): the score ``stands``, or the hand was ``edited`` (a revoke ruling is an
    edit whose input gained a ``revoke``) or ``voided`` since the dispute; with a note of the ruling."""
    body = dict(json_object(data))
    print_ = fingerprint("POST", match_id, number, "resolve", body)

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        note = note_text(body.get("note"), "note", required=True)
        resolution = body.get("resolution")
        if resolution not in RESOLUTIONS:
            # Translators: 'stands', 'edited' and 'voided' are the values the API reads: keep them as they are.
            raise Invalid("resolution", Said("the resolution is 'stands' (no change: the score stands), "
                                             "'edited' or 'voided'"))
        hand = find_hand(hands, number)
        if not hand.disputed:
            # glossary: hand
            raise Invalid("number", Said("hand %(number)s is not disputed", number=str(number)))
        disputed_at = db.session.scalar(
            select(func.max(Event.revision)).where(Event.match_id == match.id, Event.hand_number == number,
                                                   Event.kind == "dispute")) or 0
        since = set(db.session.scalars(
            select(Event.kind).where(Event.match_id == match.id, Event.hand_number == number,
                                     Event.revision > disputed_at)))
        event = {"resolution": resolution, "note": note, "dispute": hand.dispute_note}
        if resolution == "voided" and not hand.voided:
            # glossary: hand
            raise Invalid("resolution", Said("hand %(number)s is not voided: void it first, then resolve the dispute",
                                             number=str(number)))
        if resolution == "edited":
            if hand.voided:
                # glossary: hand
                raise Invalid("resolution", Said("hand %(number)s was voided: resolve the dispute as voided",
                                                 number=str(number)))
            if "edit" not in since:
                # glossary: hand
                raise Invalid("resolution", Said("hand %(number)s was not changed since the dispute: change it "
                                                 "first, then resolve the dispute", number=str(number)))
            if hand.input.get("revoke"):
                event["revoke"] = hand.input["revoke"]
        if resolution == "stands" and hand.voided:
            # glossary: hand
            raise Invalid("resolution", Said("hand %(number)s was voided: resolve the dispute as voided",
                                             number=str(number)))
        hand.disputed = False
        hand.dispute_note = None
        hand.updated_at = utcnow()
        return hand, "resolve", event

    return hand_write(match_id, token, if_match, idempotency_key, print_, change, 200)


def confirm_hand(match_id: str, number: int, side: Any, token: str | None, if_match: int | None = None,
                 idempotency_key: str | None = None) -> Answer:
    """Side ``side`` confirms hand ``number`` as scored (200), with that side's confirmation secret."""
    print_ = fingerprint("POST", match_id, number, "confirm", side)

    def allow(match: Match) -> None:
        if not can_confirm(match, side, token):
            if token is None:
                # Translators: 'Authorization: Bearer <token>' is an HTTP header, written as is.
                raise Unauthorized("Authorization", Said("send the side's confirmation token as "
                                                         "'Authorization: Bearer <token>'"))
            # glossary: hand
            raise Unauthorized("Authorization", Said("this token cannot confirm hands for this side"))

    def change(match: Match, hands: list[Hand], revision: int) -> tuple[Hand, str, dict[str, Any]]:
        hand = find_hand(hands, number)
        name = side_names(rules_of(match), match.players)[side]
        if hand.voided:
            # glossary: hand
            raise Invalid("number", Said("hand %(number)s is voided: there is nothing to confirm", number=str(number)))
        confirmed = list(hand.confirmed_by or [])
        if side in confirmed:
            # glossary: hand
            # Translators: %(name)s is the side's name (its players' names).
            raise Invalid("number", Said("hand %(number)s is already confirmed by %(name)s", number=str(number),
                                         name=name))
        hand.confirmed_by = sorted([*confirmed, side])
        return hand, "confirm", {"side": side, "name": name}

    return hand_write(match_id, token, if_match, idempotency_key, print_, change, 200, allow=allow)
