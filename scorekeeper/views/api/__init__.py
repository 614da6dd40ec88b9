"""The JSON API of docs/api.md: one blueprint under /api/v1. Its whole URL surface is the table below; the views
live one module per resource.

``requests`` holds the request helpers every resource uses (body, bearer token, If-Match, Idempotency-Key,
a service's answer as a response with its ETag); ``errors`` the JSON errors, which the app's error handlers
call for any path under /api/. The app factory exempts this blueprint from CSRF: a write carries a bearer
token, never a cookie.
"""

from __future__ import annotations

from flask import Blueprint, current_app

from ... import shapes
from . import boards, clubs, disputes, exchange, hands, matches, openapi, referee, scoring, streams, tournaments
from . import request_shapes as asks
from .openapi import Answer, Csv, Route

bp = Blueprint("api", __name__, url_prefix="/api/v1")

# The whole URL surface, each route with its description (openapi.py makes the document from these records).
# Errors by status: what a write reading a body can answer, what a hand write can; 401 and 404 for a read.
_BODY = (400, 413, 422)
_HAND = (400, 401, 404, 409, 412, 413, 422)
_READ = (401, 404)
_KEY, _WRITE = ("Idempotency-Key",), ("Idempotency-Key", "If-Match")
_STREAM = ("Last-Event-ID", "last_event_id")
_FILTERS = ("player", "game", "from", "to")
_STREAMED = ("a text/event-stream: retry: 2000, {first}; every 15 s {again} if a change never reached the "
             "stream{asks}, else a heartbeat (event heartbeat, no id, its data the revision the watcher has), sent too "
             "after 5 s of silence{why}; it ends after 10 minutes{more}")


def _written(what: str, status: int = 200) -> Answer:
    return Answer(status, shapes.HandWritten, f"the {what} hand, with the new revision and state", etag=True)


ROUTES = (
    # method, rule, view (its name is the endpoint: "api.<name>"), then the document's description of it
    Route("POST", "/matches", matches.create_match, "Create a match",
          Answer(201, shapes.NewMatch, "the match, with its edit_token and view_token", etag=True),
          (400, 401, 404, 413, 422), asks.CreateMatch, _KEY, "optional",
          "No token needed; a club's match (\"club\") needs the club's token as the bearer."),
    Route("GET", "/matches/<match_id>", matches.get_match, "The match and its state (edit or view token)",
          Answer(200, shapes.Match, "the match", etag=True), _READ, token="bearer"),
    Route("GET", "/matches/<match_id>/events", matches.match_events, "The audit log, oldest first (edit or view token)",
          Answer(200, shapes.Events, "one event per write"), _READ, token="bearer"),
    Route("POST", "/matches/<match_id>/hands", hands.record_hand, "Record the next hand (edit token)",
          _written("recorded", 201), _HAND, asks.HandInput, _WRITE, "bearer"),
    Route("PUT", "/matches/<match_id>/hands/<int:number>", hands.edit_hand,
          "Replace a hand's input; every later hand is scored again (edit token)", _written("changed"), _HAND,
          asks.HandInput, (*_WRITE, "X-Change-Reason"), "bearer",
          "A voided hand is 422; a hand a side confirmed needs X-Change-Reason. 409 when the change would end the "
          "match before a later hand."),
    Route("DELETE", "/matches/<match_id>/hands/<int:number>", hands.void_hand,
          "Void a hand: kept in the history, no longer scored (edit token)",
          Answer(200, shapes.HandWritten, "the voided hand (game, result, points, scores, pot, totals and valat "
                                          "null), with the new revision and state", etag=True),
          (400, 401, 404, 409, 412, 422), None, (*_WRITE, "X-Change-Reason"), "bearer",
          "A hand already voided is 422; a hand a side confirmed needs X-Change-Reason. Undo is this, with If-Match."),
    Route("POST", "/matches/<match_id>/hands/<int:number>/restore", hands.restore_hand,
          "Count a voided hand again; every later hand is scored again with it (edit token)", _written("restored"),
          (400, 401, 404, 409, 412, 422), None, _WRITE, "bearer",
          "No body. A hand that is not voided is 422; 409 when, counted again, it would end the match before a later "
          "hand."),
    Route("POST", "/matches/<match_id>/hands/<int:number>/dispute", disputes.dispute_hand,
          "Mark a hand disputed, with a note (edit token)", _written("disputed"), (400, 401, 404, 412, 413, 422),
          asks.DisputeNote, _WRITE, "bearer", "A voided or already disputed hand is 422."),
    Route("POST", "/matches/<match_id>/hands/<int:number>/resolve", disputes.resolve_hand,
          "Resolve a disputed hand: the score stands, or it was edited or voided since (edit token)",
          _written("resolved"), (400, 401, 404, 412, 413, 422), asks.Resolution, _WRITE, "bearer",
          "A resolution that does not match what happened since the dispute is 422."),
    Route("POST", "/matches/<match_id>/hands/<int:number>/confirm", disputes.confirm_hand,
          "A side confirms a hand (that side's confirmation token)", _written("confirmed"),
          (400, 401, 404, 412, 413, 422), asks.Confirmation, _WRITE, "bearer",
          "The bearer is the side's confirmation token (the last part of its confirmation link); the edit token, or "
          "another side's, is 401. A voided hand, or one the side already confirmed, is 422."),
    Route("GET", "/matches/<match_id>/export", exchange.export_match,
          "Everything needed to rebuild the match, with a SHA-256 digest (edit or view token)",
          Answer(200, shapes.Export, "the export document"), _READ, token="bearer"),
    Route("GET", "/matches/<match_id>/export.csv", exchange.export_match_csv,
          "The hands as CSV for spreadsheets, one row per hand, voided ones too (edit or view token)",
          Answer(200, Csv(), "a header row, then one row per hand"), _READ, token="bearer"),
    Route("POST", "/imports", exchange.import_match,
          "A new match (new id and tokens) from an export; refused whole if changed or not valid",
          Answer(201, shapes.NewMatch, "the new match, with its edit_token and view_token", etag=True), _BODY,
          asks.Import, _KEY),
    Route("GET", "/boards/<view_token>", boards.board, "The match for watchers (no header: the token is in the path)",
          Answer(200, shapes.Match, "the match as GET /matches/{match_id} shows it", etag=True), (404,)),
    Route("GET", "/boards/<view_token>/events", boards.board_events,
          "Server-sent events: each event's id is the revision, its data the board",
          Answer(200, shapes.BoardEvent, _STREAMED.format(
              first="the current board (event state), then after every write what it changed (event change), or the "
                    "whole board again when the stream missed the revision before it",
              again="the board", asks=" (it asks the database)",
              why=" so a page can tell a quiet match from a lost signal",
              more=". The schema is one state or change event's (as OpenAPI 3.2's itemSchema would say it)"),
              stream=True),
          (400, 404), reads=_STREAM, description="400 when Last-Event-ID or last_event_id is not a revision."),
    Route("GET", "/variants", scoring.variants, "The presets with their resolved rules",
          Answer(200, shapes.Variants, "every preset")),
    Route("POST", "/preview", scoring.preview, "Score a hand without saving it",
          Answer(200, shapes.Preview, "the hand's result"), (400, 401, 404, 409, 413, 422), asks.PreviewRequest,
          token="optional",
          description="From a match's current position (match, with its edit or view token), or from a given one "
                      "(variant, rules, sides, before; no token). Problems of the hand are named hand.<field>."),
    Route("POST", "/referee/melds", referee.referee_melds,
          "Who scores which declarations, and why (changes nothing; no token)",
          Answer(200, shapes.MeldVerdict, "each side's meld score and the sentences that say why"), _BODY,
          asks.MeldsRequest),
    Route("POST", "/referee/roem", referee.referee_roem,
          "The roem in the four cards of a Klaverjas trick, and why (changes nothing; no token)",
          Answer(200, shapes.RoemVerdict, "the trick's roem and the sentences that say where it is"), _BODY,
          asks.RoemRequest, description=f"A game without roem in its tricks (every preset but {asks.ROEM_GAMES}) is "
                                        "422 (field variant)."),
    Route("POST", "/referee/legal-plays", referee.referee_legal_plays,
          "Which cards a player could legally play to a trick, and why (changes nothing; no token)",
          Answer(200, shapes.LegalPlays, "the legal cards in the hand's order, and why"), _BODY,
          asks.LegalPlaysRequest),
    Route("POST", "/clubs", clubs.create_club,
          "Create a club: its name and, if known, its players; answers its club_token once",
          Answer(201, shapes.NewClub, "the club with its club_token and link"), _BODY, asks.CreateClub, _KEY),
    Route("GET", "/clubs/<club_id>", clubs.get_club, "The club: its name and players",
          Answer(200, shapes.Club, "the club"), _READ, token="bearer"),
    Route("GET", "/clubs/<club_id>/matches", clubs.club_matches, "The club's matches, newest first",
          Answer(200, shapes.ClubMatches, "the filters applied and the matches"), (*_READ, 422), reads=_FILTERS,
          token="bearer"),
    Route("GET", "/clubs/<club_id>/stats", clubs.club_stats,
          "Every player's and partnership's figures, with the counts behind each rate",
          Answer(200, shapes.ClubStats, "the figures"), (*_READ, 422), reads=_FILTERS[1:], token="bearer"),
    Route("GET", "/clubs/<club_id>/players/<name>", clubs.club_player,
          "A player's figures, results over time, partnerships and opponents",
          Answer(200, shapes.PlayerStats, "the player's figures"), (*_READ, 422), token="bearer"),
    Route("GET", "/clubs/<club_id>/head-to-head", clubs.head_to_head, "Two players against each other",
          Answer(200, shapes.HeadToHead, "their meetings and each one's figures over them"), (*_READ, 422),
          reads=("a", "b"), token="bearer"),
    Route("GET", "/clubs/<club_id>/export", clubs.export_club, "The whole club: players and every match's export",
          Answer(200, shapes.ClubExport, "the club export"), _READ, token="bearer"),
    Route("GET", "/clubs/<club_id>/export.csv", clubs.export_club_csv,
          "One row per hand of every match, oldest match first",
          Answer(200, Csv(), "a header row, then one row per hand"), _READ, token="bearer"),
    Route("POST", "/clubs/imports", clubs.import_club,
          "A new club (new id and token) from a club export; refused whole if any part is not valid",
          Answer(201, shapes.ImportedClub, "the new club with its club_token and its matches' ids"), _BODY,
          asks.ClubImport, _KEY),
    Route("POST", "/tournaments", tournaments.create_tournament,
          "Create a tournament: answers its organizer_token and view_token once",
          Answer(201, shapes.NewTournament, "the tournament with its secrets and links"), (400, 401, 404, 413, 422),
          asks.CreateTournament, _KEY, "optional",
          "No token needed; a club's tournament (\"club\") needs the club's token as the bearer."),
    Route("GET", "/tournaments/<tournament_id>", tournaments.get_tournament,
          "The tournament: entries, rounds and tables with their links, standings (organizer token)",
          Answer(200, shapes.Tournament, "the tournament", etag=True), _READ, token="bearer"),
    Route("POST", "/tournaments/<tournament_id>/players", tournaments.register_entry,
          "Register a player, or a pair for pairs entry (organizer token)",
          Answer(201, shapes.Registered, "the entry and every entry"), (400, 401, 404, 409, 413, 422), asks.Register,
          _KEY, "bearer", "Before the first round only (409 after it). A name already registered (any case) is 422."),
    Route("POST", "/tournaments/<tournament_id>/rounds", tournaments.next_round,
          "Close the current round and draw the next (organizer token)",
          Answer(201, shapes.RoundDrawn, "the round drawn, or the winner after the last round"), (401, 404, 409, 422),
          None, _KEY, "bearer",
          "No body. The first call starts the tournament: 422 (field entries) when the entries cannot fill the "
          "format. Later calls need every table of the round finished or decided: 409 names each table still "
          "playing (field tables.<n>). After the last round the call closes the tournament; once finished it is "
          "409."),
    Route("POST", "/tournaments/<tournament_id>/tables/<int:number>/decide", tournaments.decide_table,
          "Decide a table of the current round that cannot finish (organizer token)",
          Answer(200, shapes.DecidedTable, "the decided table"), (400, 401, 404, 409, 413, 422), asks.Decide, _KEY,
          "bearer", "409 when the table's match is finished or the table was decided already, or the tournament is "
                    "not playing; 404 for a table the current round does not have."),
    Route("GET", "/tournaments/<tournament_id>/export", tournaments.export_tournament,
          "The whole tournament to take away: entries, rounds, results, standings, seed (organizer token)",
          Answer(200, shapes.TournamentExport, "the tournament export, without secrets or links"), _READ,
          token="bearer"),
    Route("GET", "/tournaments/<tournament_id>/export.csv", tournaments.export_tournament_csv,
          "Every table of every round as CSV rows, then the byes (organizer token)",
          Answer(200, Csv(), "a header row (round, table, match, side_1…3, total_1…3, result, winner, reason), then "
                             "one row per table and per bye"), _READ, token="bearer"),
    Route("GET", "/tournaments/boards/<view_token>", tournaments.venue,
          "What the venue screen shows (no header: the token is in the path)",
          Answer(200, shapes.Tournament, "the tournament without scorer or confirmation links", etag=True), (404,)),
    Route("GET", "/tournaments/boards/<view_token>/events", tournaments.venue_events,
          "Server-sent events of the venue screen: each event's id is the venue's revision, its data the view",
          Answer(200, shapes.VenueEvent, _STREAMED.format(
              first="the venue view (event state), then the view after every change at the tournament or any of its "
                    "tables", again="the view", asks="", why="", more=""), stream=True),
          (400, 404), reads=_STREAM, description="400 when Last-Event-ID or last_event_id is not a revision."),
    Route("GET", "/openapi.json", openapi.openapi, "This document (OpenAPI 3.1)",
          Answer(200, shapes.Document, "the OpenAPI document")),
)

for _route in ROUTES:
    bp.add_url_rule(_route.rule, view_func=_route.view, methods=[_route.method])


@bp.app_template_global()
def live_heartbeat() -> float:
    """The event streams' heartbeat in seconds, for the pages that follow one (static/js/live.js): they call
    their stream lost when they hear nothing for two of them."""
    return streams.heartbeat_seconds(current_app)
