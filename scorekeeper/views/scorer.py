"""The scorer's pages: start a match, the score sheet, record / edit / void hands, claims, the preview.

A phone that started a match (or opened its edit link) keeps the edit key in its signed session cookie.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.wrappers import Response

from .. import history, services
from ..forms import NewMatchForm, form_data_from_hand, hand_field, hand_form, hand_from_form, match_field, new_key
from ..models import Match
from ..qr import qr_svg
from ..rules import PRESETS, Problem, RuleError, Rules, score_hand
from ..rules.describe import describe_rules
from ..services import ServiceError, Stale
from . import phone
from .board import board_context
from .confirm import confirm_path

bp = Blueprint("scorer", __name__)
MINE_SHOWN = 5
"""Matches of this phone listed on the start page; the rest are on the phone's match list."""
GROUP_FIELDS = {"card_points", "melds", "bela", "took_trick", "revoke", "claim"}
"""Problems of a whole group of fields, shown at the top of that group."""
REVOKE_ARGS = ("revoke-accuser", "revoke-accused", "revoke-upheld")
"""Query arguments that prefill the hand form's revoke challenge (from the legal-play checker)."""


def _scorer(match_id: str) -> tuple[Match, str]:
    """The match and the key this phone scores it with (its edit key, or its club's secret); 403 without."""
    match = services.find_match(match_id)
    token = phone.scoring_key(match)
    if token is None:
        abort(403)
    return match, token


def _page(match: Match) -> dict[str, Any]:
    context = board_context(match)
    context["forms"] = {"idempotency_key": new_key(), "revision": match.revision}
    return context


def card_facts(rules: Rules) -> dict[str, Any]:
    """The game's card facts for the hand form's script, rendered as a JSON block (data, never run): each
    rank's card points in trumps and plain, and the deck's card points per contract ("" for a hand whose
    trumps are not noted). The script knows no card value of its own."""
    values = rules.cards
    return {
        "top_trump": values.top_trump.value,
        "trump": {rank.value: points for rank, points in values.trump_points.items()},
        "plain": {rank.value: points for rank, points in values.plain_points.items()},
        "decks": {"": rules.deck(None), **{c.value: rules.deck(c) for c in rules.contracts}},
        "bela": {"points": rules.bela_points, "word": rules.bela_word},
    }


def deck_totals(rules: Rules) -> list[str]:
    """The deck's card points as the hand form's hint says them: ``152``, ``no-trumps 120``, ``all-trumps 248``."""
    suits = [c for c in rules.contracts if c.is_suit]
    totals = [str(rules.deck(suits[0]))] if suits else []
    return totals + [f"{c.value} {rules.deck(c)}" for c in rules.contracts if not c.is_suit]


def _errors(problems: list[Problem] | tuple[Problem, ...], to_field: Any, known: set[str]) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for problem in problems:
        name = to_field(problem.field)
        errors.setdefault(name if name in known else "_form", []).append(problem.message)
    return errors


def _wtf_errors(form: Any) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for name, messages in form.errors.items():
        if name == "csrf_token":
            errors.setdefault("_form", []).append("This page was open too long or came from elsewhere: "
                                                  "nothing was saved. Check the figures and save again.")
        else:
            errors[name] = [m if m != "Not a valid integer value." else "write a whole number" for m in messages]
    return errors


@bp.app_errorhandler(CSRFError)
def csrf_failed(error: CSRFError) -> Any:
    """A form without a good CSRF token (an old page, another site): say so on a page, not a bare 400."""
    return render_template("error.html", title="Nothing was saved",
                           message="This page was open too long or came from elsewhere: nothing was saved. "
                                   "Go back, reload the page, check the figures and save again."), 400


@bp.route("/", methods=["GET", "POST"])
def start() -> Any:
    """Start a match; below, the matches this phone scores."""
    form = NewMatchForm()
    clubs = phone.clubs()
    form.club.choices = [("", "No club"), *((club.id, club.name) for club in clubs)]
    errors: dict[str, list[str]] = {}
    if request.method == "GET":
        form.idempotency_key.data = new_key()
        form.club.data = request.args.get("club") or (clubs[0].id if len(clubs) == 1 else "")
    elif form.validate_on_submit():
        try:
            answer = services.create_match(form.request_body(), form.idempotency_key.data or None,
                                           phone.club_keys().get(form.club.data or ""))
        except ServiceError as error:
            errors = _errors(error.problems, match_field, set(form._fields) | {"players", "rules"})
        else:
            match_id, token = answer.body["id"], answer.body["edit_token"]
            phone.remember(match_id, token)
            if not form.club.data and phone.first_time("key", match_id):
                flash(services.public_url(url_for("scorer.join", match_id=match_id, key=token)), "key")
            return redirect(url_for("scorer.sheet", match_id=match_id))
    else:
        errors = _wtf_errors(form)
    club = next((c for c in clubs if c.id == form.club.data), None)
    mine = history.phone_matches(phone.keys())
    return render_template("scorer/start.html", form=form, errors=errors, presets=PRESETS,
                           describe=describe_rules, mine=[history.match_row(m) for m in mine[:MINE_SHOWN]],
                           more=len(mine) > MINE_SHOWN, club=club,
                           club_names=[p.name for p in services.club_players(club)] if club else [])


@bp.get("/m/<match_id>/join")
def join(match_id: str) -> Response:
    """Open an edit link: this phone keeps the key, and the address bar loses it."""
    match = services.find_match(match_id)
    token = request.args.get("key", "")
    if not services.can_edit(match, token):
        abort(403)
    phone.remember(match_id, token)
    return redirect(url_for("scorer.sheet", match_id=match_id))


@bp.get("/m/<match_id>")
def sheet(match_id: str) -> Any:
    """The score sheet: a row per hand, a column per side, running totals, who deals next; QR codes to share."""
    match, token = _scorer(match_id)
    board_url = services.public_url(url_for("board.board", view_token=match.view_token))
    edit_link = services.public_url(url_for("scorer.join", match_id=match_id, key=token))
    show_edit = request.args.get("show") == "scoring-qr"
    page = _page(match)
    confirm_links = [
        (side, url, qr_svg(url, f"QR code of the confirmation link for {side['name']}"))
        for side in page["sides"]
        for url in [services.public_url(confirm_path(match_id, side["index"]))]
    ]
    return render_template(
        "scorer/sheet.html", **page, events=services.events_of(match), board_url=board_url,
        board_qr=qr_svg(board_url, "QR code of the board link"), edit_link=edit_link,
        edit_qr=qr_svg(edit_link, "QR code of the scoring key") if show_edit else None,
        confirm_links=confirm_links)


@bp.get("/m/<match_id>/live")
def sheet_live(match_id: str) -> Any:
    """The sheet's changing part, fetched again when a live update arrives."""
    match, _ = _scorer(match_id)
    return render_template("scorer/_sheet_live.html", **_page(match))


def _save_hand(match: Match, token: str, form: Any, rules: Rules, number: int | None, claim: bool = False) -> Any:
    """Save the form's hand; on a problem, the errors keyed by form field."""
    hand, problems = hand_from_form(form, rules, claim=claim)
    known = set(form._fields) | GROUP_FIELDS | {"reason"}
    if problems:
        return _errors(problems, hand_field, known)
    revision = form.revision.data
    if_match = int(revision) if revision and str(revision).isdigit() else None
    key = form.idempotency_key.data or None
    try:
        if number is None:
            answer = services.record_hand(match.id, token, hand, if_match, key)
        else:
            answer = services.edit_hand(match.id, number, token, hand, if_match, key,
                                        request.form.get("reason") or None)
    except Stale:
        services.db.session.rollback()
        form.revision.data = services.find_match(match.id).revision
        return {"_stale": ["Another phone changed this match while you were entering: the score above is "
                           "the new one. Nothing was saved; check the hand and save again."]}
    except ServiceError as error:
        return _errors(error.problems, hand_field, known)
    verb = "Recorded" if number is None else "Changed"
    flash(f"{verb} hand {answer.body['number']}: " + " ".join(answer.body["explanation"][-2:]), "saved")
    return redirect(url_for("scorer.sheet", match_id=match.id, _anchor=f"hand-{answer.body['number']}"))


def _hand_page(match_id: str, number: int | None, claim: bool = False) -> Any:
    match, token = _scorer(match_id)
    rules = services.rules_of(match)
    names = services.side_names(rules, match.players)
    stored = None
    if number is not None:
        stored = next((h for h in match.hands if h.number == number), None)
        if stored is None:
            abort(404)
    data = form_data_from_hand(stored.input, rules.sides) if stored is not None else {}
    data["revision"] = match.revision
    if request.method == "GET" and stored is None:
        # A revoke challenge sent from the referee's legal-play checker, to be checked and saved here.
        data.update({k: v for k in REVOKE_ARGS if (v := request.args.get(k))})
    form = hand_form(rules, names, request.form if request.method == "POST" else None, data, claim=claim)
    errors: dict[str, list[str]] = {}
    if request.method == "POST":
        if form.validate_on_submit():
            outcome = _save_hand(match, token, form, rules, number, claim)
            if not isinstance(outcome, dict):
                return outcome
            errors = outcome
        else:
            errors = _wtf_errors(form)
    page = _page(services.find_match(match_id))
    template = "scorer/claim.html" if claim else "scorer/hand.html"
    return render_template(template, **page, form=form, errors=errors, number=number, stored=stored,
                           card_values=card_facts(rules), deck_totals=deck_totals(rules)), (422 if errors else 200)


@bp.route("/m/<match_id>/hand", methods=["GET", "POST"])
def new_hand(match_id: str) -> Any:
    """Record the next hand."""
    return _hand_page(match_id, None)


@bp.route("/m/<match_id>/hand/<int:number>", methods=["GET", "POST"])
def edit_hand(match_id: str, number: int) -> Any:
    """Change a hand in place; every later hand is scored again."""
    return _hand_page(match_id, number)


@bp.route("/m/<match_id>/claim", methods=["GET", "POST"])
def claim(match_id: str) -> Any:
    """Claim the game in the middle of a hand."""
    return _hand_page(match_id, None, claim=True)


def _simple_write(match_id: str, action: Any, done: str) -> Response:
    match, token = _scorer(match_id)
    form = hand_form(services.rules_of(match), list(match.players), request.form)
    if not form.validate_on_submit():
        flash("This page was open too long: nothing was changed. Try again.", "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    revision = str(form.revision.data or "")
    try:
        answer = action(match, token, int(revision) if revision.isdigit() else None, form.idempotency_key.data or None)
    except Stale:
        flash("Another phone changed this match meanwhile: nothing was changed. Here is the score now.", "problem")
    except ServiceError as error:
        flash(" ".join(p.message for p in error.problems), "problem")
    else:
        flash(done.format(number=answer.body["number"]), "saved")
    return redirect(url_for("scorer.sheet", match_id=match_id))


@bp.post("/m/<match_id>/thrown-in")
def thrown_in(match_id: str) -> Response:
    """Record a thrown-in hand (everybody passed, or schmeiss accepted)."""
    return _simple_write(match_id, lambda m, t, rev, key: services.record_hand(m.id, t, {"thrown_in": True}, rev, key),
                         "Recorded hand {number}: thrown in, nobody scores; the deal moves on.")


@bp.post("/m/<match_id>/hand/<int:number>/void")
def void(match_id: str, number: int) -> Response:
    """Void a hand: it stays in the history, no longer scored."""
    reason = request.form.get("reason") or None
    return _simple_write(match_id, lambda m, t, rev, key: services.void_hand(m.id, number, t, rev, key, reason),
                         "Voided hand {number}: it stays in the history and is no longer scored.")


@bp.post("/m/<match_id>/hand/<int:number>/dispute")
def dispute(match_id: str, number: int) -> Response:
    """Flag a hand as disputed, with a note; it shows so on the sheet and the board until resolved."""
    note = {"note": request.form.get("note", "")}
    return _simple_write(match_id, lambda m, t, rev, key: services.dispute_hand(m.id, number, t, note, rev, key),
                         "Hand {number} is marked disputed.")


@bp.post("/m/<match_id>/hand/<int:number>/resolve")
def resolve(match_id: str, number: int) -> Response:
    """Resolve a disputed hand: the score stands, or it was changed or voided since."""
    body = {"note": request.form.get("note", ""), "resolution": request.form.get("resolution", "")}
    return _simple_write(match_id, lambda m, t, rev, key: services.resolve_hand(m.id, number, t, body, rev, key),
                         "The dispute over hand {number} is resolved.")


@bp.post("/m/<match_id>/undo")
def undo(match_id: str) -> Response:
    """Undo the last hand (voids it)."""
    match, _ = _scorer(match_id)
    live = [h.number for h in match.hands if not h.voided]
    if not live:
        flash("There is no hand to undo.", "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    return _simple_write(match_id, lambda m, t, rev, key: services.void_hand(m.id, live[-1], t, rev, key),
                         "Undid hand {number}: it stays in the history and is no longer scored.")


@bp.post("/m/<match_id>/preview")
def preview(match_id: str) -> Any:
    """The live preview: the hand on the form, scored by the engine, not saved."""
    match, _ = _scorer(match_id)
    rules = services.rules_of(match)
    names = services.side_names(rules, match.players)
    claim_mode = request.form.get("mode") == "claim"
    form = hand_form(rules, names, request.form, claim=claim_mode)
    if not form.validate():
        return jsonify({"ok": False, "errors": _wtf_errors(form)})
    hand, problems = hand_from_form(form, rules, claim=claim_mode)
    if not problems:
        try:
            rules, names, position = services.next_position(match)
            result = score_hand(rules, position, hand, names)
        except (RuleError, ServiceError) as error:
            problems = list(error.problems)
        else:
            return jsonify({"ok": True, "result": result.result.value, "scores": list(result.scores),
                            "totals": list(result.totals), "pot": result.pot,
                            "explanation": list(result.explanation)})
    return jsonify({"ok": False, "errors": _errors(problems, hand_field, set(form._fields) | GROUP_FIELDS)})


@bp.get("/m/<match_id>/export.json")
def export_json(match_id: str) -> Response:
    """Download the match as an export (this phone's key): everything needed to import it elsewhere."""
    from .. import exchange

    match, _ = _scorer(match_id)
    response = jsonify(exchange.export_document(match))
    response.headers["Content-Disposition"] = f'attachment; filename="{exchange.filename(match, "json")}"'
    return response


@bp.get("/m/<match_id>/export.csv")
def export_csv(match_id: str) -> Response:
    """Download the hands as CSV for spreadsheets (this phone's key)."""
    from .. import exchange
    from .exchange import csv_response

    match, _ = _scorer(match_id)
    return csv_response(exchange.export_csv(match), exchange.filename(match, "csv"))
