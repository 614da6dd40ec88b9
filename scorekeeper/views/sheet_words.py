"""The score sheet in the table's words, beside the result words of ``_macros/score.html``: each hand's
scores with the names, the hand that won each game, voided hands as they were, the list of changes. Nothing
here scores: every figure is one the engine gave."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

DONE_ARGS = {"saved": "Recorded", "changed": "Changed", "restored": "Restored", "voided": "Voided",
             "undone": "Undid"}
"""The sheet's query arguments after a write (``?saved=7``), and the verb its top line says."""
RESOLUTION_WORDS = {"stands": "the score stands", "edited": "settled by the change", "voided": "settled by voiding it"}


def signed(points: int) -> str:
    """A hand's score as the sheet writes it: ``+136``, ``+0``."""
    return f"+{points}" if points >= 0 else str(points)


def score_words(scores: Sequence[int] | None, sides: Sequence[Mapping[str, Any]]) -> str:
    """``Mike +0, Yvonne +136``: what each side scored in a hand."""
    if not scores:
        return ""
    return ", ".join(f"{side['name']} {signed(scores[side['index']])}" for side in sides)


def valat_hands(state: Mapping[str, Any]) -> set[int]:
    """The hands in which one side took every trick (the engine's ``valat``)."""
    return {h["number"] for h in state.get("hands") or () if h.get("valat")}


def game_won_after(state: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
    """The hand that won each won game, by number: the game's last hand that counts (a voided hand after it,
    or in it, never carries the line)."""
    won = {g["number"]: g for g in state.get("games") or () if g.get("winner") is not None}
    last: dict[int, int] = {}
    for hand in state.get("hands") or ():
        if not hand.get("voided") and hand.get("game") in won:
            last[hand["game"]] = hand["number"]
    return {number: won[game] for game, number in last.items()}


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
    hand = f"hand {number}"
    if kind == "create":
        return "started the match"
    if kind == "import":
        return "imported the match from another server"
    if kind == "record":
        return f"recorded {hand}" + (" (thrown in)" if (data.get("input") or {}).get("thrown_in") else "")
    if kind == "edit":
        return f"changed {hand}"
    if kind == "void":
        was = data.get("was") or {}
        scored = f" ({score_words(was['scores'], sides)})" if was.get("scores") else ""
        return ("undid " if data.get("undo") else "voided ") + hand + scored
    if kind == "restore":
        return f"restored {hand}: it counts again"
    if kind == "dispute":
        return f"marked {hand} disputed"
    if kind == "resolve":
        settled = RESOLUTION_WORDS.get(str(data.get("resolution")), "")
        return f"resolved the dispute over {hand}" + (f" ({settled})" if settled else "")
    if kind == "confirm":
        return f"{data.get('name') or 'a side'} confirmed {hand}"
    return f"{str(kind).replace('-', ' ')} {hand}" if number else str(kind).replace("-", " ")
