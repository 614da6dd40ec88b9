"""What the score sheet's changing part (``templates/scorer/_sheet_live.html``) is given beyond the board, worked out
by the same code for the server's sheet (``views/scorer/sheet.py``) and for the phone's, drawn from the same
template with no signal (``drawing.py``): the line after the hand that won each game, the last hand that counts
(for Undo) and its question, and what the write before this page did (``?saved=7``: its line and the word
beside its row). Nothing here scores: every figure is one the engine gave."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.words import Said
from .sheet_words import Sides, game_won_after, score_words, valat_hands

DONE_ARGS = {
    # glossary: hand
    # Translators: the top of the sheet after a hand is saved: "Recorded hand 7: Mike +0, Yvonne +160 — …".
    "saved": Said("Recorded hand %(number)s"),
    # glossary: hand
    "changed": Said("Changed hand %(number)s"),
    # glossary: hand
    "restored": Said("Restored hand %(number)s"),
    # glossary: hand
    "voided": Said("Voided hand %(number)s"),
    # glossary: hand
    "undone": Said("Undid hand %(number)s"),
}
"""The sheet's query arguments after a write (``?saved=7``), and what its top line says was done (its
message, said with the hand's number)."""
JUST_DONE = {
    # Translators: beside the row of the hand that was just saved.
    "saved": Said("just saved"),
    # Translators: beside the row of the hand that was just changed.
    "changed": Said("just changed"),
    # Translators: beside the row of the hand that was just restored (counted again).
    "restored": Said("just restored"),
}
"""The word beside the row a write just left counted."""


def done_of(state: Mapping[str, Any], last: Mapping[str, Any] | None,
            args: Mapping[str, str]) -> dict[str, Any] | None:
    """What the write before this page did (``?saved=7`` …): its line ("Recorded hand 7"), the word beside its
    row ("just saved"), the hand, and whether that hand is the last that counts (then Undo is offered beside it).
    None when the hand is not as the write left it."""
    for arg, line in DONE_ARGS.items():
        value = str(args.get(arg) or "")
        hand = next((h for h in state["hands"] if str(h["number"]) == value), None) if value.isdigit() else None
        if hand is not None and bool(hand["voided"]) == (arg in ("voided", "undone")):
            return {"arg": arg, "line": Said(line.message, number=hand["number"]), "just": JUST_DONE.get(arg, ""),
                    "hand": hand, "number": hand["number"],
                    "last": last is not None and last["number"] == hand["number"]}
    return None


def sheet_parts(state: Mapping[str, Any], sides: Sides, args: Mapping[str, str]) -> dict[str, Any]:
    """The sheet's context beyond the board's: ``won_after`` (the hand that won each game, and that game),
    ``valats``, ``last`` (the last hand that counts), ``score_words``, ``undo_question`` and ``done``."""
    hands: Sequence[Mapping[str, Any]] = state["hands"]
    counted = [h for h in hands if not h["voided"]]
    last = counted[-1] if counted else None
    return {
        "won_after": game_won_after(state), "valats": valat_hands(state), "last": last, "score_words": score_words,
        # glossary: hand
        # Translators: the question before a hand is undone; %(scores)s is what each side scored in it,
        # "Mike +0, Yvonne +136".
        "undo_question": Said("Undo hand %(number)s: %(scores)s?", number=last["number"],
                              scores=score_words(last["scores"], sides)) if last else "",
        "done": done_of(state, last, args),
    }
