"""Tournaments under /api/v1: create one, register its players or pairs, close a round and draw the next,
decide a table, and read it (the organizer's secret) or its venue screen (no token: the screen's token is in
the path). Each table's match is an ordinary match: its hands go through /matches/<id>/hands.

The organizer's answers carry secrets (the organizer's, each table's scorer link): ``Cache-Control: no-store``."""

from __future__ import annotations

from flask import Response, jsonify

from ... import services
from ...rate_limits import limited
from ...services.tournaments import exports
from ..downloads import csv_response
from .requests import bearer_token, caller, idempotency_key, json_body, json_text, not_modified, respond
from .streams import event_stream, resume_after


def _secret(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


@limited("creates")
def create_tournament() -> Response:
    """A new tournament → 201 with ``organizer_token``, ``view_token`` and the links of both."""
    return _secret(respond(services.create_tournament(json_body(), idempotency_key(), bearer_token(),
                                                         caller=caller())))


def get_tournament(tournament_id: str) -> Response:
    """The tournament: entries, rounds with their tables and links, standings (organizer's secret)."""
    tournament = services.find_tournament(tournament_id)
    services.authorize_organizer(tournament, bearer_token())
    revision = services.venue_revision(tournament.id)
    unchanged = not_modified(revision) if revision is not None else None
    if unchanged is not None:
        return unchanged
    text, revision = services.view_text(tournament, secrets=True)
    return _secret(json_text(text, 200, revision))


def register_entry(tournament_id: str) -> Response:
    """Register a player, or a pair for pairs entry → 201; before the first round only."""
    return _secret(respond(services.register(tournament_id, bearer_token(), json_body(), idempotency_key())))


def next_round(tournament_id: str) -> Response:
    """Close the current round (every table finished or decided) and draw the next → 201."""
    return _secret(respond(services.next_round(tournament_id, bearer_token(), idempotency_key())))


def decide_table(tournament_id: str, number: int) -> Response:
    """The organizer decides a table of the current round that cannot finish → 200."""
    return _secret(respond(services.decide(tournament_id, number, bearer_token(), json_body(),
                                              idempotency_key())))


def export_tournament(tournament_id: str) -> Response:
    """The whole tournament to take away (organizer's secret): entries, every round's tables and results, the
    standings, the seed; no secret and no link in it."""
    tournament = services.find_tournament(tournament_id)
    services.authorize_organizer(tournament, bearer_token())
    return jsonify(exports.tournament_document(tournament))


def export_tournament_csv(tournament_id: str) -> Response:
    """Every table of every round as CSV rows (organizer's secret), stable column keys in the header row."""
    tournament = services.find_tournament(tournament_id)
    services.authorize_organizer(tournament, bearer_token())
    return csv_response(exports.tournament_csv(tournament), exports.tournament_filename(tournament, "csv"))


def venue(view_token: str) -> Response:
    """What the venue screen shows: no token but the screen's, in the path."""
    tournament = services.find_screen(view_token)
    text, revision = services.view_text(tournament, secrets=False)
    return json_text(text, 200, revision)



def venue_events(view_token: str) -> Response:
    """Server-sent events of the venue screen: a ``state`` event with the venue view (as ``venue`` answers it)
    on connecting and after every change at the tournament or at any of its tables; its id the venue's
    revision."""
    seen = resume_after()
    tournament_id = services.find_screen(view_token).id
    return event_stream(services.venue_channel(tournament_id), seen,
                        lambda: services.venue_message(tournament_id),
                        lambda: services.venue_revision(tournament_id))
