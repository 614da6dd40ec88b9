"""What every form shares: choices as (value, label) pairs, the suits' signs and the contracts' labels, and the
idempotency key a form carries so a double tap or a resend writes once."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from wtforms import SelectChoice  # type: ignore[attr-defined]  # new in WTForms 3.3; types-WTForms (3.2) lacks it

from ..rules import SUIT_SIGNS, Contract

CONTRACT_WORDS = {
    # Translators: the suit of clubs, as a contract or trumps (shown after its sign: "♣ clubs").
    "clubs": _l("clubs"),
    # Translators: the suit of diamonds, as a contract or trumps (shown after its sign: "♦ diamonds").
    "diamonds": _l("diamonds"),
    # Translators: the suit of hearts, as a contract or trumps (shown after its sign: "♥ hearts").
    "hearts": _l("hearts"),
    # Translators: the suit of spades, as a contract or trumps (shown after its sign: "♠ spades").
    "spades": _l("spades"),
    # glossary: trumps (no trumps)
    "no-trumps": _l("no trumps"),
    # glossary: trumps (all trumps)
    "all-trumps": _l("all trumps"),
    # glossary: Obenabe
    # Translators: Jass's no-trumps contract played top down (aces high): Swiss tables say Obenabe.
    "top-down": _l("Obenabe"),
    # glossary: Undenufe
    # Translators: Jass's no-trumps contract played bottom up (sixes high): Swiss tables say Undenufe.
    "bottom-up": _l("Undenufe"),
}
"""Each contract's word, said in the request's language."""


def _label(contract: str) -> str:
    word = str(CONTRACT_WORDS[contract])
    return f"{SUIT_SIGNS[contract]} {word}" if contract in SUIT_SIGNS else word


CONTRACT_LABELS: dict[str, LazyString] = {c.value: LazyString(_label, c.value) for c in Contract}
"""Each contract as a choice shows it: a suit's sign and word (``♣ clubs``), ``no trumps``, ``all trumps`` (lazy
texts: said in the language of the request that shows them)."""


def options(pairs: Iterable[tuple[str, str]]) -> list[SelectChoice]:
    """Choices for a radio or select field: (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def new_key() -> str:
    """A fresh idempotency key for a form: a double tap or a resend records one hand. 128 random bits (a UUID
    has 122), as a create's key must have (docs/api.md "Headers")."""
    return secrets.token_urlsafe(16)
