"""The state's JSON shape of what the engine worked out, as the API, the pages and the live board show it: the
server's ``serializers`` give these, and so does the phone's worker, so a phone's state is the server's."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..rules import Rules, ScoredHand


def side_names(rules: Rules, players: Sequence[str]) -> list[str]:
    """One name per side: the player, or the partners joined with ``&`` in four-handed play."""
    if rules.players == 4:
        return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    return list(players)


def hand_entry(scored: ScoredHand, disputed: bool = False, dispute: str | None = None,
               confirmed_by: Iterable[int] = ()) -> dict[str, Any]:
    """A hand's entry in the state: the engine's result, with what the table said of it (a dispute and its note,
    the sides that confirmed it)."""
    entry = scored.as_dict()
    entry["disputed"] = disputed
    entry["dispute"] = dispute if disputed else None
    entry["confirmed_by"] = sorted(confirmed_by)
    return entry


def said_entry(entry: dict[str, Any], say: Callable[[str], str] | None) -> dict[str, Any]:
    """A hand's entry with its explanation said in a language (``say``; None: English, as the engine wrote it)."""
    if say is None:
        return entry
    return {**entry, "explanation": [say(line) for line in entry["explanation"]]}
