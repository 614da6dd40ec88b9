"""The organizer's pages of a tournament: a new tournament, the organizer page (register, draw, watch the
tables, decide one, finish), the printed draw sheet, the downloads; the self-registration page a player opens
from the venue screen's QR code; and the line a table's match pages show ("Table 3, round 2 of Friday Belote").

The organizer's secret is kept in the phone's signed session, like a match's edit key: it arrives by the
organizer's link (``/t/<id>/join?key=…``, or the API's ``/t/<id>#<key>`` read by static/js/key-in-link.js)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from flask import abort, redirect, render_template, request, session, url_for
from flask_babel import format_time, ngettext
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ... import services
from ...forms import new_key, show_problems
from ...forms.tournaments import (
    REGISTER_FIELDS,
    TOURNAMENT_FIELDS,
    ButtonForm,
    DecideForm,
    NewTournamentForm,
    RegisterForm,
)
from ...i18n import said
from ...models import Tournament
from ...qr import qr_svg
from ...rate_limits import limited
from ...rules import PRESETS
from ...services import ServiceError
from ...services.tournaments import draw_sheet, exports, table_token, tournament_view
from ...services.tournaments.history import runners_up
from ...tournament import find_format
from .. import phone
from ..downloads import csv_response
from ..links import public_url
from . import bp


def format_words(view: dict[str, Any]) -> str:
    """The tournament's format as organizers call it: what it is, how many play once the draw has fixed it, and
    whether partners change ("Quick knockout, 8 players, new partners every round", "Swiss, 6 fixed pairs",
    "Round-robin, 3 players")."""
    kind, pairs = find_format(view["format"]), view["entry"] == "pairs"
    rules = PRESETS[view["variant"]]
    partners = rules.players > rules.sides  # a four-handed game: two partners a side
    count = len(view["entries"]) if view["status"] != "registering" else None
    night = kind.nights.get(count) if partners and count is not None else None  # "Quick knockout"
    words = [said(night or kind.title)]
    if count is not None:
        words.append(ngettext("%(num)s fixed pair", "%(num)s fixed pairs", count) if pairs
                     else ngettext("%(num)s player", "%(num)s players", count))
    elif pairs:
        # Translators: after a tournament's format, before the pairs have registered: "Swiss, fixed pairs".
        words.append(_("fixed pairs"))
    if kind.new_partners and partners:
        # Translators: after a tournament's format: "Quick knockout, 8 players, new partners every round".
        words.append(_("new partners every round"))
    return ", ".join(words)


def _tournament(tournament_id: str) -> Tournament:
    try:
        return services.find_tournament(tournament_id)
    except services.NotFound:
        abort(404)


def _refused(tournament_id: str) -> Any:
    """The page a phone without the organizer's secret gets: what to do, and the form key-in-link.js posts
    the key of an organizer's link ``/t/<id>#<key>`` to."""
    return render_template(
        "error.html", title=_("No key for this tournament"),
        message=_("This phone cannot run this tournament. Open the organizer's link (or scan its QR code), or "
                  "follow the tournament on its venue screen."),
        key_form=url_for("tournaments.join_with_key", tournament_id=tournament_id)), 403


def _organizer(tournament_id: str) -> tuple[Tournament, str | None]:
    """The tournament and this phone's organizer secret for it (None: this phone does not hold it)."""
    tournament = _tournament(tournament_id)
    token = phone.tournament_keys().get(tournament_id)
    try:
        services.authorize_organizer(tournament, token)
    except services.Unauthorized:
        return tournament, None
    return tournament, token


def _organizer_only(view: Callable[..., Any]) -> Callable[..., Any]:
    """A page of the organizer's: ``view(tournament, token, …)`` on a phone that holds the tournament's organizer
    secret, the refusal page (with the form a link's key is posted to) on any other."""
    @functools.wraps(view)
    def guarded(tournament_id: str, **kwargs: Any) -> Any:
        tournament, token = _organizer(tournament_id)
        if token is None:
            return _refused(tournament_id)
        return view(tournament, token, **kwargs)
    return guarded


def _organizer_link(tournament_id: str, token: str) -> str:
    return public_url(url_for("tournaments.join", tournament_id=tournament_id, key=token))


def _register_link(tournament: Tournament) -> str:
    return public_url(url_for("tournaments.register_self", view_token=tournament.view_token))


# ---- A new tournament.

@bp.route("/t/new", methods=["GET", "POST"])
@limited("creates")
def new() -> Any:
    """A new tournament: its name, game, how a game ends, format, entry, seed and club."""
    form = NewTournamentForm()
    clubs = phone.clubs()
    form.club.choices = [("", _("No club")), *((club.id, club.name) for club in clubs)]
    errors: dict[str, list[str]] = {}
    if request.method == "GET":
        form.idempotency_key.data = new_key()
        wanted = request.args.get("club")
        form.club.data = wanted if any(c.id == wanted for c in clubs) else ""
    elif form.validate_on_submit():
        try:
            answer = services.create_tournament(form.request_body(), form.idempotency_key.data or None,
                                                phone.club_keys().get(form.club.data or ""), caller=phone.identity())
        except ServiceError as error:
            errors = show_problems(form, error, TOURNAMENT_FIELDS)
        else:
            tournament_id, token = answer.body["id"], answer.body["organizer_token"]
            phone.remember_tournament(tournament_id, token)
            session["new_tournament"] = tournament_id
            return redirect(url_for("tournaments.organizer", tournament_id=tournament_id))
    else:
        errors = show_problems(form)
    return render_template("tournaments/new.html", form=form, errors=errors), 422 if errors else 200


# ---- Opening the organizer's link.

@bp.get("/t/<tournament_id>/join")
def join(tournament_id: str) -> Any:
    """The organizer's link: this phone keeps the secret, and the address bar loses it."""
    return _join(tournament_id, request.args.get("key", ""))


@bp.post("/t/<tournament_id>/join")
def join_with_key(tournament_id: str) -> Any:
    """The key of an organizer's link ``/t/<id>#<key>``, posted by the refusal page (key-in-link.js)."""
    return _join(tournament_id, request.form.get("key", ""), 303)


def _join(tournament_id: str, token: str, status: int = 302) -> Any:
    tournament = _tournament(tournament_id)
    try:
        services.authorize_organizer(tournament, token)
    except services.Unauthorized:
        return _refused(tournament_id)
    phone.remember_tournament(tournament_id, token)
    return redirect(url_for("tournaments.organizer", tournament_id=tournament_id), status)


# ---- The organizer page.

def _live_context(tournament: Tournament, view: dict[str, Any], errors: dict[str, list[str]] | None = None,
                  decide: tuple[int, DecideForm] | None = None) -> dict[str, Any]:
    """What the organizer page's changing part shows (templates/tournaments/_organizer_live.html): the winners,
    the entries while players register, the round's tables with their links and decision forms, the draw, the
    standings."""
    tables = []
    if view["rounds"]:
        for table in view["rounds"][-1]["tables"]:
            scorer = public_url(url_for("scorer.join", match_id=table["match"], key=table_token(table["match"])))
            form = decide[1] if decide is not None and decide[0] == table["number"] else DecideForm(formdata=None)
            if decide is None or decide[0] != table["number"]:
                form.idempotency_key.data = new_key()
            form.winner.choices = [(str(i), name) for i, name in enumerate(table["names"])]
            tables.append({**table, "scorer": scorer,
                           "scorer_qr": qr_svg(scorer, _("QR code of the scoring link of table %(number)s",
                                                         number=table["number"])),
                           "confirm": [(table["names"][i], public_url(path))
                                       for i, path in enumerate(table["links"].get("confirm", []))],
                           "board": public_url(table["links"]["board"]), "form": form})
    register_link = _register_link(tournament)
    names = {entry["index"]: entry["name"] for entry in view["entries"]}
    last_round = view["total_rounds"] is not None and view["round"] >= view["total_rounds"]
    return {
        "t": view, "tables": tables, "errors": errors or {}, "button": _button(), "register_link": register_link,
        "register_qr": qr_svg(register_link, _("QR code to register for %(tournament)s", tournament=tournament.name))
        if view["status"] == "registering" else None,
        "runners_up": ", ".join(names[i] for i in runners_up(view)), "last_round": last_round,
        "decided_table": decide[0] if decide is not None else None}


def _page(tournament: Tournament, token: str, errors: dict[str, list[str]] | None = None,
          register: RegisterForm | None = None, decide: tuple[int, DecideForm] | None = None,
          status: int = 200) -> Any:
    view = tournament_view(tournament, secrets=True)
    if register is None:
        register = RegisterForm(formdata=None)
        register.idempotency_key.data = new_key()
    new_link = None
    if session.get("new_tournament") == tournament.id:
        session.pop("new_tournament")
        new_link = _organizer_link(tournament.id, token)
    # The cursor in the name field after a registration, or when the name was refused: the next one is typed at once.
    registering = session.pop("registering", None) == tournament.id or bool(
        errors and (errors.get("name") or errors.get("partner")))
    now = datetime.now(UTC)
    return render_template(
        "tournaments/organizer.html", **_live_context(tournament, view, errors, decide), register=register,
        registering=registering,
        game=PRESETS[tournament.variant].title, format_words=format_words(view),
        new_link=new_link, new_qr=qr_svg(new_link, _("QR code of the organizer's link")) if new_link else None,
        screen=view["links"]["screen"], view_token=tournament.view_token, loaded_at=now.isoformat(),
        loaded_at_text=format_time(now, "HH:mm:ss") + " UTC"), status


def _button() -> ButtonForm:
    form = ButtonForm(formdata=None)
    form.idempotency_key.data = new_key()
    return form


@bp.get("/t/<tournament_id>")
@_organizer_only
def organizer(tournament: Tournament, token: str) -> Any:
    """The organizer page: register, draw, the tables with their links, decide, the standings, finish."""
    return _page(tournament, token)


@bp.get("/t/<tournament_id>/live")
@_organizer_only
def organizer_live(tournament: Tournament, token: str) -> Any:
    """The organizer page's changing part, fetched again by static/js/live.js when the venue's stream says the
    tournament or one of its tables changed."""
    view = tournament_view(tournament, secrets=True)
    return render_template("tournaments/_organizer_live.html", **_live_context(tournament, view))


@bp.post("/t/<tournament_id>/players")
@_organizer_only
def register_entry(tournament: Tournament, token: str) -> Any:
    """Register a player (or a pair) from the organizer page."""
    form = RegisterForm()
    if form.validate_on_submit():
        try:
            services.register(tournament.id, token, form.request_body(tournament.entry == "pairs"),
                              form.idempotency_key.data or None)
        except ServiceError as error:
            status = error.status
            errors = show_problems(form, error, REGISTER_FIELDS)
        else:
            # Back at the register form, its name field focused for the next player: type, Enter, next (no
            # #fragment: a browser skips autofocus on a page opened at one).
            session["registering"] = tournament.id
            return redirect(url_for("tournaments.organizer", tournament_id=tournament.id))
    else:
        status, errors = 400, show_problems(form)
    form.idempotency_key.data = new_key()
    return _page(services.find_tournament(tournament.id), token, errors, register=form, status=status)


@bp.post("/t/<tournament_id>/rounds")
@_organizer_only
def draw_round(tournament: Tournament, token: str) -> Any:
    """Draw the next round (the first one starts the tournament; after the last one, finish it)."""
    form = ButtonForm()
    if not form.validate_on_submit():
        return _page(tournament, token, show_problems(form), status=400)
    try:
        services.next_round(tournament.id, token, form.idempotency_key.data or None)
    except ServiceError as error:
        return _page(services.find_tournament(tournament.id), token,
                     {"draw": [said(p.message) for p in error.problems]}, status=error.status)
    return redirect(url_for("tournaments.organizer", tournament_id=tournament.id))


@bp.post("/t/<tournament_id>/tables/<int:number>/decide")
@_organizer_only
def decide(tournament: Tournament, token: str, number: int) -> Any:
    """Decide a table of the current round that cannot finish: the winning side and the reason."""
    form = DecideForm()
    status = 422
    if form.validate_on_submit():
        try:
            services.decide(tournament.id, number, token, form.request_body(), form.idempotency_key.data or None)
        except ServiceError as error:
            status = error.status
            errors = show_problems(form, error)
        else:
            return redirect(url_for("tournaments.organizer", tournament_id=tournament.id, _anchor=f"table-{number}"))
    else:
        errors = show_problems(form)
    form.idempotency_key.data = new_key()
    return _page(services.find_tournament(tournament.id), token, errors, decide=(number, form), status=status)


# ---- Print and downloads.

@bp.get("/t/<tournament_id>/print")
@_organizer_only
def print_sheet(tournament: Tournament, token: str) -> Any:
    """Every round's tables with their seats and first dealer, the standings and the seed, for paper."""
    view = draw_sheet(tournament)
    names = {entry["index"]: entry["name"] for entry in view["entries"]}
    return render_template("tournaments/print.html", t=view, game=PRESETS[tournament.variant].title,
                           format_words=format_words(view), runners_up=", ".join(names[i] for i in runners_up(view)))


@bp.get("/t/<tournament_id>/export.json")
@_organizer_only
def export_json(tournament: Tournament, token: str) -> Any:
    """The whole tournament as a download (the API's export), for the organizer's phone."""
    response = Response(json.dumps(exports.tournament_document(tournament), ensure_ascii=False),
                        mimetype="application/json")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{exports.tournament_filename(tournament, "json")}"')
    return response


@bp.get("/t/<tournament_id>/export.csv")
@_organizer_only
def export_csv(tournament: Tournament, token: str) -> Any:
    """Every table of every round as a spreadsheet's rows, as a download."""
    return csv_response(exports.tournament_csv(tournament), exports.tournament_filename(tournament, "csv"))


# ---- Self-registration from the venue screen's QR code.

@bp.route("/t/screen/<view_token>/register", methods=["GET", "POST"])
@limited("registrations")
def register_self(view_token: str) -> Any:
    """A player registers (or a pair does) on their own phone, while registration is open."""
    try:
        tournament = services.find_screen(view_token)
    except services.NotFound:
        abort(404)
    form = RegisterForm()
    errors: dict[str, list[str]] = {}
    done = request.args.get("done")
    status = 200
    if tournament.status != "registering":
        return render_template("tournaments/register.html", tournament=tournament, closed=True, form=form,
                               errors={}, done=None), 200 if request.method == "GET" else 409
    if request.method == "GET":
        form.idempotency_key.data = new_key()
    elif form.validate_on_submit():
        try:
            answer = services.register_at_screen(view_token, form.request_body(tournament.entry == "pairs"),
                                                 form.idempotency_key.data or None)
        except ServiceError as error:
            errors = show_problems(form, error, REGISTER_FIELDS)
            status = error.status
            if error.status == 409:
                return render_template("tournaments/register.html", tournament=tournament, closed=True,
                                       form=form, errors={}, done=None), 409
        else:
            return redirect(url_for("tournaments.register_self", view_token=view_token,
                                    done=answer.body["entry"]["name"]))
        form.idempotency_key.data = new_key()
    else:
        errors, status = show_problems(form), 400
    return render_template("tournaments/register.html", tournament=tournament, closed=False, form=form,
                           errors=errors, done=done, count=len(tournament_view(tournament, False)["entries"]),
                           screen=view_token), status


# ---- What a table's match pages and a club's pages show of tournaments.
