"""What every form shares: choices as (value, label) pairs, the suits' signs and the contracts' labels, and the
idempotency key a form carries so a double tap or a resend writes once."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from wtforms import SelectChoice

from ..rules import Contract

SUIT_SIGNS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
CONTRACT_LABELS = {
    c.value: (f"{SUIT_SIGNS[c.value]} {c.value}" if c.value in SUIT_SIGNS else c.value.replace("-", " "))
    for c in Contract
}


def options(pairs: Iterable[tuple[str, str]]) -> list[SelectChoice]:
    """Choices for a radio or select field: (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def new_key() -> str:
    """A fresh idempotency key for a form: a double tap or a resend records one hand."""
    return uuid.uuid4().hex
