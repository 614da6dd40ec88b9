"""History pages: clubs (their secret link, players, matches, statistics, head-to-head, export and import)
and the matches this phone remembers. Every figure is the engine's, added up by ``history``."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from .. import charts, services
from ..forms import CLUB_FIELDS, NewClubForm, house_overrides, new_key, show_problems
from ..i18n import current_language, said
from ..models import Club
from ..qr import qr_svg
from ..rate_limits import limited
from ..rules import PRESETS
from ..services import ServiceError, exports, history
from ..services.tournaments import history as tournament_history
from . import phone
from .api.clubs import IMPORT_BODY_LIMIT
from .downloads import csv_response
from .links import public_url
from .rulebook import changed_rule_lines

bp = Blueprint("clubs", __name__)
LIST_SHOWN = 40
"""Matches a club page lists at first (the newest); the rest behind "show all", or found by the filters."""
IMPORT_LIMIT = IMPORT_BODY_LIMIT
"""The largest club file the import page takes, as the API (a club of years fits many times over)."""


def _club(club_id: str) -> Club:
    """The club, when this phone holds its secret; 403 otherwise (404 for no such club)."""
    try:
        club = services.find_club(club_id)
    except services.NotFound:
        abort(404)
    if not services.can_use_club(club, phone.club_keys().get(club_id)):
        abort(403)
    return club


def _names(club: Club) -> list[str]:
    return [p.name for p in services.club_players(club)]


def _filters(players: list[str] | None) -> tuple[history.Filters, dict[str, list[str]]]:
    """The page's filters; a bad one is shown beside its field and the list is not narrowed by it."""
    try:
        return history.read_filters(request.args, players), {}
    except services.Invalid as error:
        errors = show_problems(None, error)
        kept = {k: v for k, v in request.args.items() if k not in errors}
        try:
            return history.read_filters(kept, players), errors
        except services.Invalid:  # a pair that only fails together (to before from): drop both days
            return history.read_filters({k: v for k, v in kept.items() if k not in ("from", "to")}, players), errors


def _remembered_rules(club: Club) -> list[tuple[str, list[str]]]:
    """Each game the club played, newest first, with the house rules its next match of that game starts with
    (those of its last match of that game), as the lines that differ from the game's own."""
    found = []
    for variant, stored in services.club_house_rules(club).items():
        if variant in PRESETS:
            found.append((PRESETS[variant].title, changed_rule_lines(variant, house_overrides(variant, stored))))
    return found


def _club_link(club_id: str, token: str) -> str:
    return public_url(url_for("clubs.join", club_id=club_id, key=token))


def _remember_new(answer: services.Answer) -> Response:
    club_id, token = answer.body["id"], answer.body["club_token"]
    phone.remember_club(club_id, token)
    if phone.first_time("club", club_id):
        flash(_club_link(club_id, token), "club-key")
    return redirect(url_for("clubs.club", club_id=club_id))


@bp.route("/clubs/new", methods=["GET", "POST"])
@limited("creates")
def new_club() -> Any:
    """Start a club (or bring one from another server); below, the clubs this phone belongs to."""
    form = NewClubForm()
    errors: dict[str, list[str]] = {}
    if request.method == "GET":
        form.idempotency_key.data = new_key()
    elif form.validate_on_submit():
        try:
            return _remember_new(services.create_club(form.request_body(), form.idempotency_key.data or None,
                                                            caller=phone.identity()))
        except ServiceError as error:
            errors = show_problems(form, error, CLUB_FIELDS)
    else:
        errors = show_problems(form)
    return render_template("clubs/new.html", form=form, errors=errors, clubs=phone.clubs(),
                           import_key=new_key())


@bp.post("/clubs/import")
@limited("imports")
def import_club() -> Any:
    """A club exported from this or another server, rebuilt here with a new link."""
    request.max_content_length = IMPORT_LIMIT + 64 * 1024  # the file and the form around it
    upload = request.files.get("file")
    problem = None
    if upload is None or not upload.filename:
        # Translators: “Download everything” is the button of a club's page, "Download everything (JSON)".
        problem = _("choose the club's JSON file (from “Download everything”)")
    else:
        raw = upload.read(IMPORT_LIMIT + 1)
        try:
            document = json.loads(raw) if len(raw) <= IMPORT_LIMIT else None
        except (ValueError, RecursionError):
            document = None
            problem = _("this file is not JSON: choose the .json file the club was exported to")
        if document is None and problem is None:
            # Translators: size is the largest file the import takes, in megabytes.
            problem = _("the file is larger than %(size)s MB", size=IMPORT_LIMIT // (1024 * 1024))
    if problem is None:
        try:
            return _remember_new(services.import_club(document, request.form.get("idempotency_key") or None,
                                                            caller=phone.identity()))
        except ServiceError as error:
            problem = "; ".join(f"{p.field}: {said(p.message)}" for p in error.problems[:5])
    form = NewClubForm(formdata=None)
    form.idempotency_key.data = new_key()
    # Translators: problem says why the club's file was refused (for a file that was read: where in it, then what).
    nothing = _("Nothing was imported: %(problem)s.", problem=problem)
    return render_template("clubs/new.html", form=form, errors={"file": [nothing]},
                           clubs=phone.clubs(), import_key=new_key()), 422


@bp.get("/clubs/<club_id>/join")
def join(club_id: str) -> Response:
    """Open a club's link: this phone keeps the secret, and the address bar loses it."""
    try:
        club = services.find_club(club_id)
    except services.NotFound:
        abort(404)
    token = request.args.get("key", "")
    if not services.can_use_club(club, token):
        abort(403)
    phone.remember_club(club.id, token)
    return redirect(url_for("clubs.club", club_id=club.id))


@bp.get("/clubs/<club_id>")
def club(club_id: str) -> Any:
    """The club: start a match here, find any match, the players' figures, head-to-head, take the data."""
    club = _club(club_id)
    names = _names(club)
    filters, errors = _filters(names)
    matches = history.club_matches(club, filters)
    shown = matches if request.args.get("all") == "1" else matches[:LIST_SHOWN]
    stats = history.club_stats(club)
    link = _club_link(club.id, phone.club_keys()[club.id])
    return render_template("clubs/club.html", club=club, names=names, filters=filters, errors=errors,
                           args=request.args, games=history.GAMES, rows=[history.match_row(m) for m in shown],
                           found=len(matches), remembered=_remembered_rules(club),
                           stats=stats, link=link,
                           link_qr=qr_svg(link, _("QR code of the link to %(club)s", club=club.name)),
                           tournaments=tournament_history.club_tournaments(club))


@bp.get("/clubs/<club_id>/stats")
def stats(club_id: str) -> Any:
    """Every player's and partnership's figures, for one game or a span of days if asked; who is best at what."""
    club = _club(club_id)
    filters, errors = _filters(None)
    figures = history.club_stats(club, filters)
    return render_template("clubs/stats.html", club=club, filters=filters, errors=errors, args=request.args,
                           games=history.GAMES, stats=figures, best=history.best_at(figures["players"]))


@bp.get("/clubs/<club_id>/players/<name>")
def player(club_id: str, name: str) -> Any:
    """A player's figures with the counts behind them, results over time, partnerships and matches."""
    club = _club(club_id)
    try:
        spelled = history.spelled(_names(club), name, "player")
    except services.Invalid:
        abort(404)
    if spelled != name:
        return redirect(url_for("clubs.player", club_id=club.id, name=spelled))
    figures = history.player_stats(club, spelled)
    rows = [history.match_row(m) for m in history.club_matches(club, history.Filters(player=spelled))]
    chart_rows = [{**row, "against": " & ".join(row["against"])} for row in figures["results"]]
    return render_template("clubs/player.html", club=club, player=figures, rows=rows, games=history.GAMES,
                           chart=charts.results_svg(chart_rows, spelled),
                           tournament_results=tournament_history.player_tournaments(club, spelled))


@bp.get("/clubs/<club_id>/head-to-head")
def head_to_head(club_id: str) -> Any:
    """Two players against each other: their meetings and each one's figures in them."""
    club = _club(club_id)
    names = _names(club)
    errors: dict[str, list[str]] = {}
    meeting = None
    if request.args.get("a") or request.args.get("b"):
        try:
            a, b = history.read_pair(names, request.args)
        except services.Invalid as error:
            errors = show_problems(None, error)
        else:
            meeting = history.meetings(club, a, b)
            met = set(meeting["matches"])
            meeting["rows"] = [history.match_row(m) for m in history.club_matches(club, history.Filters(player=a))
                               if m.id in met]
    return render_template("clubs/head_to_head.html", club=club, names=names, errors=errors, meeting=meeting,
                           args=request.args, games=history.GAMES), 422 if errors else 200


@bp.get("/matches")
def phone_matches() -> Any:
    """The matches this phone started or scored, newest first, with the same filters as a club's."""
    filters, errors = _filters(None)
    mine = history.filter_matches(history.phone_matches(phone.keys()), filters)
    return render_template("clubs/phone.html", filters=filters, errors=errors, args=request.args,
                           games=history.GAMES, rows=[history.match_row(m) for m in mine], clubs=phone.clubs())


@bp.get("/clubs/<club_id>/export.json")
def export_json(club_id: str) -> Response:
    """The whole club as a download (the API's export, for a phone that holds the club's link)."""
    club = _club(club_id)
    response = Response(json.dumps(exports.club_document(club), ensure_ascii=False), mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{exports.club_filename(club, "json")}"'
    return response


@bp.get("/clubs/<club_id>/export.csv")
def export_csv(club_id: str) -> Response:
    """One row per hand of every match of the club, as a download."""
    club = _club(club_id)
    # In another language than English the matches are replayed, so that each explanation can be said in it.
    say = said if current_language() != "en" else None
    return csv_response(exports.club_csv(club, say), exports.club_filename(club, "csv"))
