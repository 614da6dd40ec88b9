"""The score sheet in the table's words, beside the result words of ``_macros/score.html``: each hand's
scores with the names, the hand that won each game, voided hands as they were, the list of changes. Nothing
here scores: every figure is one the engine gave. The words are said in the request's language. The words the
phone's offline sheet says too (scores with the names, the games' ends) are made in ``offline/sheet_words.py``,
the same code on both."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..offline.sheet_words import game_won_after, score_words, signed, valat_hands

__all__ = ["RESOLUTION_WORDS", "as_voided", "event_words", "game_won_after", "score_words",
           "signed", "valat_hands"]

RESOLUTION_WORDS = {
    # Translators: how a dispute over a hand was settled, in the list of changes.
    "stands": _l("the score stands"),
    # Translators: how a dispute over a hand was settled, in the list of changes.
    "edited": _l("settled by the change"),
    # Translators: how a dispute over a hand was settled, in the list of changes.
    "voided": _l("settled by voiding it"),
}


def as_voided(state: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each voided hand as it was before it was voided (its result, scores and pot, from its latest void in
    the audit log), for the sheet to show struck through; a hand voided before this was kept has none."""
    was: dict[int, Mapping[str, Any]] = {}
    for event in events:
        data = (event.get("data") or {}).get("was")
        if event.get("kind") == "void" and event.get("hand") and isinstance(data, Mapping) and data.get("scores"):
            was[event["hand"]] = data
    return {h["number"]: {**h, "voided": False, **was[h["number"]]}
            for h in state.get("hands") or () if h.get("voided") and h["number"] in was}


def event_words(event: Mapping[str, Any], sides: Sequence[Mapping[str, Any]]) -> str:
    """An audit event as the table says it: ``recorded hand 3``, ``undid hand 7 (Mike +0, Yvonne +136)``."""
    kind, number, data = event.get("kind"), event.get("hand"), event.get("data") or {}
    # The list of changes on the score sheet: each line says what a phone did ("recorded hand 3").
    if kind == "create":
        return _("started the match")
    if kind == "import":
        return _("imported the match from another server")
    if kind == "record":
        if (data.get("input") or {}).get("thrown_in"):
            # glossary: hand
            # Translators: in the list of changes: a hand in which everybody passed (or schmeiss was accepted).
            return _("recorded hand %(number)s (thrown in)", number=number)
        # glossary: hand
        return _("recorded hand %(number)s", number=number)
    if kind == "edit":
        # glossary: hand
        return _("changed hand %(number)s", number=number)
    if kind == "void":
        was = data.get("was") or {}
        if was.get("scores"):
            scores = score_words(was["scores"], sides)
            if data.get("undo"):
                # glossary: hand
                # Translators: %(scores)s is what each side had scored in the hand, "Mike +0, Yvonne +136".
                return _("undid hand %(number)s (%(scores)s)", number=number, scores=scores)
            # glossary: hand
            # Translators: %(scores)s is what each side had scored in the hand, "Mike +0, Yvonne +136".
            return _("voided hand %(number)s (%(scores)s)", number=number, scores=scores)
        # glossary: hand
        return _("undid hand %(number)s", number=number) if data.get("undo") else _("voided hand %(number)s",
                                                                                     number=number)
    if kind == "restore":
        # glossary: hand
        return _("restored hand %(number)s: it counts again", number=number)
    if kind == "dispute":
        # glossary: hand
        return _("marked hand %(number)s disputed", number=number)
    if kind == "resolve":
        settled = RESOLUTION_WORDS.get(str(data.get("resolution")))
        if settled:
            # glossary: hand
            # Translators: %(settled)s is how it was settled, "the score stands".
            return _("resolved the dispute over hand %(number)s (%(settled)s)", number=number, settled=settled)
        # glossary: hand
        return _("resolved the dispute over hand %(number)s", number=number)
    if kind == "confirm":
        if data.get("name"):
            # glossary: hand
            # Translators: %(side)s is a side's name.
            return _("%(side)s confirmed hand %(number)s", side=data["name"], number=number)
        # glossary: hand
        return _("a side confirmed hand %(number)s", number=number)
    if kind == "decide":
        if data.get("side"):
            # Translators: a tournament's organizer settled an unfinished match; %(side)s is the winner's name.
            return _("the organizer decided the match for %(side)s", side=data["side"])
        return _("the organizer decided the match")
    # A kind of change this version has no words for (imported from a newer server): its own name.
    return f"{str(kind).replace('-', ' ')} {number}" if number else str(kind).replace("-", " ")
