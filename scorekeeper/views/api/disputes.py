"""Disputes and confirmations of a hand under /api/v1: dispute it, resolve the dispute, confirm it by side."""

from __future__ import annotations

from flask import Response

from ... import services
from .requests import bearer_token, idempotency_key, if_match, json_body, object_body, respond


def dispute_hand(match_id: str, number: int) -> Response:
    """Open a dispute about a hand (edit token)."""
    return respond(services.dispute_hand(match_id, number, bearer_token(), json_body(), if_match(),
                                         idempotency_key()))


def resolve_hand(match_id: str, number: int) -> Response:
    """Rule on a disputed hand (edit token)."""
    return respond(services.resolve_hand(match_id, number, bearer_token(), json_body(), if_match(),
                                         idempotency_key()))


def confirm_hand(match_id: str, number: int) -> Response:
    """A side confirms a hand with its confirmation token (``Authorization: Bearer``): ``{"side": 1}``."""
    data = object_body()
    return respond(services.confirm_hand(match_id, number, data.get("side"), bearer_token(), if_match(),
                                         idempotency_key()))
