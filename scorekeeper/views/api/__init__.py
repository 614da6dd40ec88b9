"""The JSON API of docs/api.md: one blueprint under /api/v1. Its whole URL surface is the table below; the views
live one module per resource.

``requests`` holds the request helpers every resource uses (body, bearer token, If-Match, Idempotency-Key,
a service's answer as a response with its ETag); ``errors`` the JSON errors, which the app's error handlers
call for any path under /api/. The app factory exempts this blueprint from CSRF: a write carries a bearer
token, never a cookie.
"""

from __future__ import annotations

from flask import Blueprint, current_app

from . import boards, clubs, disputes, exchange, hands, matches, openapi, referee, scoring, streams, tournaments

bp = Blueprint("api", __name__, url_prefix="/api/v1")

ROUTES = (
    # method, rule, view (its name is the endpoint: "api.<name>")
    ("POST", "/matches", matches.create_match),
    ("GET", "/matches/<match_id>", matches.get_match),
    ("GET", "/matches/<match_id>/events", matches.match_events),
    ("POST", "/matches/<match_id>/hands", hands.record_hand),
    ("PUT", "/matches/<match_id>/hands/<int:number>", hands.edit_hand),
    ("DELETE", "/matches/<match_id>/hands/<int:number>", hands.void_hand),
    ("POST", "/matches/<match_id>/hands/<int:number>/restore", hands.restore_hand),
    ("POST", "/matches/<match_id>/hands/<int:number>/dispute", disputes.dispute_hand),
    ("POST", "/matches/<match_id>/hands/<int:number>/resolve", disputes.resolve_hand),
    ("POST", "/matches/<match_id>/hands/<int:number>/confirm", disputes.confirm_hand),
    ("GET", "/matches/<match_id>/export", exchange.export_match),
    ("GET", "/matches/<match_id>/export.csv", exchange.export_match_csv),
    ("POST", "/imports", exchange.import_match),
    ("GET", "/boards/<view_token>", boards.board),
    ("GET", "/boards/<view_token>/events", boards.board_events),
    ("GET", "/variants", scoring.variants),
    ("POST", "/preview", scoring.preview),
    ("POST", "/referee/melds", referee.referee_melds),
    ("POST", "/referee/legal-plays", referee.referee_legal_plays),
    ("POST", "/clubs", clubs.create_club),
    ("GET", "/clubs/<club_id>", clubs.get_club),
    ("GET", "/clubs/<club_id>/matches", clubs.club_matches),
    ("GET", "/clubs/<club_id>/stats", clubs.club_stats),
    ("GET", "/clubs/<club_id>/players/<name>", clubs.club_player),
    ("GET", "/clubs/<club_id>/head-to-head", clubs.head_to_head),
    ("GET", "/clubs/<club_id>/export", clubs.export_club),
    ("GET", "/clubs/<club_id>/export.csv", clubs.export_club_csv),
    ("POST", "/clubs/imports", clubs.import_club),
    ("POST", "/tournaments", tournaments.create_tournament),
    ("GET", "/tournaments/<tournament_id>", tournaments.get_tournament),
    ("POST", "/tournaments/<tournament_id>/players", tournaments.register_entry),
    ("POST", "/tournaments/<tournament_id>/rounds", tournaments.next_round),
    ("POST", "/tournaments/<tournament_id>/tables/<int:number>/decide", tournaments.decide_table),
    ("GET", "/tournaments/<tournament_id>/export", tournaments.export_tournament),
    ("GET", "/tournaments/<tournament_id>/export.csv", tournaments.export_tournament_csv),
    ("GET", "/tournaments/boards/<view_token>", tournaments.venue),
    ("GET", "/tournaments/boards/<view_token>/events", tournaments.venue_events),
    ("GET", "/openapi.json", openapi.openapi),
)

for _method, _rule, _view in ROUTES:
    bp.add_url_rule(_rule, view_func=_view, methods=[_method])


@bp.app_template_global()
def live_heartbeat() -> float:
    """The event streams' heartbeat in seconds, for the pages that follow one (static/js/live.js): they call
    their stream lost when they hear nothing for two of them."""
    return streams.heartbeat_seconds(current_app)
