"""House rules as a link carries them: the options of a match that differ from its game, encoded short enough
for a QR code, and read back only when the engine still accepts them."""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from typing import Any

from ..rules import OPTION_NAMES, PRESETS, RuleError, Rules, make_rules


def house_overrides(variant: str, resolved: Mapping[str, Any]) -> dict[str, Any]:
    """The house rules of a match that differ from its game's preset: ``resolved`` is the match's stored
    options (``Rules.as_dict()``); the answer, given to ``make_rules(variant, …)``, makes the same rules."""
    preset = PRESETS.get(variant)
    if preset is None:
        return {}
    base = preset.as_dict()
    return {name: resolved[name] for name in OPTION_NAMES
            if name in resolved and name in base and resolved[name] != base[name]}


def encode_rules(overrides: Mapping[str, Any]) -> str:
    """House rules as a short, URL-safe text for a link or a QR code (compact JSON in base64url)."""
    text = json.dumps(dict(overrides), separators=(",", ":"), sort_keys=True)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_rules(text: str) -> dict[str, Any] | None:
    """The house rules of ``encode_rules``; None for a text that is not one (damaged, cut short, made up)."""
    if not text or len(text) > 2000:
        return None
    try:
        value = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def checked_rules(variant: str, overrides: Mapping[str, Any] | None) -> Rules | None:
    """The rules of ``variant`` with ``overrides``, or None when the engine refuses them."""
    if overrides is None or variant not in PRESETS:
        return None
    try:
        return make_rules(variant, overrides)
    except RuleError:
        return None
