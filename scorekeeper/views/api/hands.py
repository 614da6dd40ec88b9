"""Hands of a match under /api/v1: record the next one, replace one, void one and restore a voided one.

Every write needs the edit token; ``If-Match`` and ``Idempotency-Key`` are honoured as docs/api.md says."""

from __future__ import annotations

from flask import Response

from ... import services
from .requests import bearer_token, change_reason, idempotency_key, if_match, json_body, respond


def record_hand(match_id: str) -> Response:
    """The next hand → 201."""
    return respond(services.record_hand(match_id, bearer_token(), json_body(), if_match(), idempotency_key()))


def edit_hand(match_id: str, number: int) -> Response:
    """Replace a hand's input; every later hand is scored again."""
    return respond(services.edit_hand(match_id, number, bearer_token(), json_body(), if_match(), idempotency_key(),
                                      change_reason()))


def void_hand(match_id: str, number: int) -> Response:
    """Void a hand: kept in the history, no longer scored."""
    return respond(services.void_hand(match_id, number, bearer_token(), if_match(), idempotency_key(),
                                      change_reason()))


def restore_hand(match_id: str, number: int) -> Response:
    """Count a voided hand again; 409 when, counted again, it would end the match before a later hand."""
    return respond(services.restore_hand(match_id, number, bearer_token(), if_match(), idempotency_key()))
