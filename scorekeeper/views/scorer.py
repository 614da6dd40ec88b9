"""The scorer's pages: start a match, the score sheet, record / edit / void hands, claims, the preview.

A phone that started a match (or opened its edit link) keeps the edit key in its signed session cookie.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, session, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.wrappers import Response

from .. import history, services
from ..forms import (
    NewMatchForm,
    bela_toggle,
    checked_rules,
    claim_takes_melds,
    decode_rules,
    encode_rules,
    form_data_from_hand,
    hand_field,
    hand_form,
    hand_from_form,
    house_overrides,
    in_table_words,
    match_field,
    new_key,
)
from ..models import Match
from ..qr import qr_svg
from ..rules import PRESETS, Problem, RuleError, Rules, score_hand
from ..services import ServiceError, Stale
from . import phone, sheet_words
from .board import again_args, board_context, changed_rule_lines
from .confirm import confirm_path
from .links import public_url

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


GAME_SHORT = {"bela-3": "Bela", "south-african": "S. African"}
"""A game's name on the start page's compact choice, when not its title before the bracket."""
HOUSE_FIELDS = ("target", "deal_limit", "tie", "claims", "bela_on_bate", "melds", "best_of")
"""The start form's house-rule fields, in the order the folded summary names them."""
SUMMARY_WORDS = {"tie": "on a tie", "claims": "claims", "bela_on_bate": "bela of a bate taker",
                 "melds": "melds", "best_of": "best of"}


def _games() -> list[dict[str, Any]]:
    return [{"name": name, "rules": rules, "short": GAME_SHORT.get(name, rules.title.split(" (")[0])}
            for name, rules in PRESETS.items()]


def _house_summary(form: NewMatchForm) -> list[str]:
    """The folded house rules' summary: each field that differs from the game, as "label: choice"."""
    parts: list[str] = []
    for name in HOUSE_FIELDS:
        field = form[name]
        if field.data in (None, ""):
            continue
        if name == "target":
            parts.append(f"target {field.data}")
        elif name == "deal_limit":
            parts.append(f"{field.data} deals a game")
        else:
            label = {str(c.value): c.label for c in field.choices}.get(str(field.data), str(field.data))
            parts.append(f"{SUMMARY_WORDS[name]}: {label}")
    return parts


def _prefill(form: NewMatchForm, club: Any) -> dict[str, Any]:
    """Fill a new start form from the link's arguments (``variant``, ``rules``, ``player``, ``dealer``: a
    house-rules link or "Play again"), else from the club's last match of a game. Returns where the house
    rules came from, a problem with the link, and each game's remembered fields for the page's script."""
    args = request.args
    variant = args.get("variant", "")
    if variant in PRESETS:
        form.variant.data = variant
    for i, name in enumerate(args.getlist("player")[:4]):
        form[f"player_{i}"].data = name.strip()[:40]
    dealer = args.get("dealer", "")
    if dealer.isdigit() and int(dealer) < PRESETS[form.variant.data or "bela"].players:
        form.first_dealer.data = dealer
    remembered: dict[str, dict[str, Any]] = {}
    source, problem = None, None
    if "rules" in args:
        overrides = decode_rules(args.get("rules", ""))
        if variant not in PRESETS or checked_rules(variant, overrides) is None:
            problem = ("This house-rules link could not be read (cut short, or changed): the game's own rules "
                       "are shown. Ask for the link again, or set the house rules below.")
        else:
            remembered[variant] = overrides or {}
            source = "link"
    elif club is not None and variant not in PRESETS:
        for name, stored in services.club_house_rules(club).items():
            if name in PRESETS:
                remembered[name] = house_overrides(name, stored)
        if remembered:
            form.variant.data = next(iter(remembered))
            source = "club"
    memory: dict[str, Any] = {}
    chosen = form.variant.data or "bela"
    for name, overrides in remembered.items():
        probe = NewMatchForm(formdata=None, meta={"csrf": False})
        probe.variant.data = name
        extra = probe.prefill(overrides)
        memory[name] = {"fields": {f: ("" if probe[f].data is None else str(probe[f].data)) for f in HOUSE_FIELDS},
                        "extra": encode_rules(extra) if extra else "", "summary": _house_summary(probe),
                        "lines": changed_rule_lines(name, extra)}
        if name == chosen:
            form.prefill(overrides)
            form.extra_rules.data = memory[name]["extra"]
    form.rules_for.data = chosen
    return {"source": source, "problem": problem, "memory": memory}


@bp.route("/", methods=["GET", "POST"])
def start() -> Any:
    """Start a match; below, the matches this phone scores."""
    form = NewMatchForm()
    clubs = phone.clubs()
    form.club.choices = [("", "No club"), *((club.id, club.name) for club in clubs)]
    errors: dict[str, list[str]] = {}
    filled: dict[str, Any] = {"source": None, "problem": None, "memory": {}}
    if request.method == "GET":
        form.idempotency_key.data = new_key()
        wanted = request.args.get("club")
        form.club.data = wanted if any(c.id == wanted for c in clubs) else (clubs[0].id if len(clubs) == 1 else "")
        filled = _prefill(form, next((c for c in clubs if c.id == form.club.data), None))
    elif form.validate_on_submit():
        try:
            answer = services.create_match(form.request_body(), form.idempotency_key.data or None,
                                           phone.club_keys().get(form.club.data or ""))
        except ServiceError as error:
            errors = _errors(error.problems, match_field, set(form._fields) | {"players", "rules"})
            if "first_dealer" in errors:
                errors["first_dealer"] = ["choose the first dealer among the game's players"]
        else:
            match_id, token = answer.body["id"], answer.body["edit_token"]
            phone.remember(match_id, token)
            if not form.club.data and phone.first_time("key", match_id):
                flash(public_url(url_for("scorer.join", match_id=match_id, key=token)), "key")
            return redirect(url_for("scorer.sheet", match_id=match_id))
    else:
        errors = _wtf_errors(form)
    club = next((c for c in clubs if c.id == form.club.data), None)
    mine = history.phone_matches(phone.keys())
    extra = decode_rules(form.extra_rules.data or "") or {}
    rules_for = form.rules_for.data or ""
    return render_template("scorer/start.html", form=form, errors=errors, games=_games(), presets=PRESETS,
                           mine=[history.match_row(m) for m in mine[:MINE_SHOWN]],
                           more=len(mine) > MINE_SHOWN, club=club, filled=filled,
                           house_summary=_house_summary(form), house_fields=HOUSE_FIELDS,
                           extra_lines=changed_rule_lines(rules_for, extra) if rules_for in PRESETS else [],
                           extra_for=PRESETS[rules_for].title if rules_for in PRESETS else "",
                           club_names=[p.name for p in services.club_players(club)] if club else [])


@bp.get("/m/<match_id>/again")
def again(match_id: str) -> Response:
    """Play again: the start page filled with this match's players, game and house rules."""
    match, _ = _scorer(match_id)
    return redirect(url_for("scorer.start", **again_args(match)))


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
    """The score sheet: a row per hand, a column per side, running totals, who deals next; QR codes to share.
    After a write (``?saved=7``, ``changed``, ``restored``, ``voided``, ``undone``) its top says what was done
    to which hand, in words, and marks the row; the page opens at its top, never scrolled to the row."""
    match, token = _scorer(match_id)
    board_url = public_url(url_for("board.board", view_token=match.view_token))
    edit_link = public_url(url_for("scorer.join", match_id=match_id, key=token))
    show_edit = request.args.get("show") == "scoring-qr"
    page = _sheet_page(match)
    if page["done"]:
        _drop_saved_flashes()
    confirm_links = [
        (side, url, qr_svg(url, f"QR code of the confirmation link for {side['name']}"))
        for side in page["sides"]
        for url in [public_url(confirm_path(match_id, side["index"]))]
    ]
    return render_template(
        "scorer/sheet.html", **page, board_url=board_url,
        board_qr=qr_svg(board_url, "QR code of the board link"), edit_link=edit_link,
        edit_qr=qr_svg(edit_link, "QR code of the scoring key") if show_edit else None,
        confirm_links=confirm_links)


@bp.get("/m/<match_id>/live")
def sheet_live(match_id: str) -> Any:
    """The sheet's changing part, fetched again when a live update arrives."""
    match, _ = _scorer(match_id)
    return render_template("scorer/_sheet_live.html", **_sheet_page(match))


def _sheet_page(match: Match) -> dict[str, Any]:
    """What the sheet shows beyond the board: each hand's words, the line after the hand that won each game,
    voided hands as they were, the last hand that counts (for Undo), the list of changes, what was just done."""
    page = _page(match)
    state, sides = page["state"], page["sides"]
    events = services.events_of(match)
    counted = [h for h in state["hands"] if not h["voided"]]
    last = counted[-1] if counted else None
    page.update(
        events=[(e, sheet_words.event_words(e, sides)) for e in events],
        was=sheet_words.as_voided(state, events), won_after=sheet_words.game_won_after(state),
        valats=sheet_words.valat_hands(state), last=last, score_words=sheet_words.score_words,
        undo_question=f"Undo hand {last['number']}: {sheet_words.score_words(last['scores'], sides)}?" if last else "",
        done=_done(state, last),
    )
    return page


def _done(state: dict[str, Any], last: dict[str, Any] | None) -> dict[str, Any] | None:
    """What the write before this page did (``?saved=7`` …): its verb, the hand, and whether that hand is the
    last that counts (then Undo is offered beside it). None when the hand is not as the write left it."""
    for arg, verb in sheet_words.DONE_ARGS.items():
        value = request.args.get(arg, "")
        hand = next((h for h in state["hands"] if str(h["number"]) == value), None) if value.isdigit() else None
        if hand is not None and hand["voided"] == (arg in ("voided", "undone")):
            return {"arg": arg, "verb": verb, "hand": hand, "number": hand["number"],
                    "last": last is not None and last["number"] == hand["number"]}
    return None


def _drop_saved_flashes() -> None:
    """The sheet's top says what was just saved: the hand form's own "saved" message would say it twice."""
    flashes = session.get("_flashes")
    if flashes:
        session["_flashes"] = [(category, message) for category, message in flashes if category != "saved"]


def _save_hand(match: Match, token: str, form: Any, rules: Rules, number: int | None, claim: bool = False) -> Any:
    """Save the form's hand; on a problem, the errors keyed by form field."""
    hand, problems = hand_from_form(form, rules, claim=claim)
    known = set(form._fields) | GROUP_FIELDS | {"reason"}
    if problems:
        return in_table_words(_errors(problems, hand_field, known), form)
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
        return in_table_words(_errors(error.problems, hand_field, known), form)
    verb = "Recorded" if number is None else "Changed"
    flash(f"{verb} hand {answer.body['number']}: " + " ".join(answer.body["explanation"][-2:]), "saved")
    done = "saved" if number is None else "changed"  # the sheet opens at its top and says what was saved
    return redirect(url_for("scorer.sheet", match_id=match.id, **{done: answer.body["number"]}))


FOCUS_GROUPS = {"card_points": "card_points-0", "melds": "melds-0", "bela": "bela-0", "took_trick": "took_trick-0",
                "revoke": "revoke-accuser", "claim": "claim-side"}
"""The input that a problem of a whole group of fields sends the scorer to."""


def _focus_order(form: Any, sides: int) -> list[str]:
    """The hand form's inputs in the order the page shows them (hand.html and claim.html)."""
    card_points = [f"card_points-{i}" for i in range(sides)]
    later = [f"{name}-{i}" for name in ("melds", "bela", "took_trick") for i in range(sides)]
    order = ["claim-side", "claim-points", "claim-trick", "taker", "contract", "double", *card_points, "last_trick",
             *later, "revoke-accuser", "revoke-accused", "revoke-upheld"]
    return [name for name in order if name in form._fields] + ["reason"]


def _first_error(form: Any, errors: dict[str, list[str]], sides: int) -> str | None:
    """The input a refused save puts the focus on: the first one, in page order, with a problem."""
    wrong = {FOCUS_GROUPS.get(name, name) for name in errors}
    return next((name for name in _focus_order(form, sides) if name in wrong), None)


def _hand_page(match_id: str, number: int | None, claim: bool = False) -> Any:
    match, token = _scorer(match_id)
    rules = services.rules_of(match)
    names = services.side_names(rules, match.players)
    stored = None
    if number is not None:
        stored = next((h for h in match.hands if h.number == number), None)
        if stored is None:
            abort(404)
    data = form_data_from_hand(stored.input, rules) if stored is not None else {}
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
                           card_values=card_facts(rules), deck_totals=deck_totals(rules),
                           focus=_first_error(form, errors, rules.sides), bela_toggle=bela_toggle(rules),
                           claim_melds=claim_takes_melds(rules),
                           fresh=request.method == "GET"), (422 if errors else 200)


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


STALE = "The sheet changed on another phone: nothing was {nothing}. Here is the sheet as it is now."
"""A write sent from a sheet that is out of date (its revision moved): refused, whatever it was."""


def _simple_write(match_id: str, action: Any, done: str | None = None, message: str = "",
                  nothing: str = "changed") -> Response:
    """A button's write from the sheet, checked against the revision the sheet was rendered at. Then the sheet,
    at its top: with ``?<done>=<hand>`` (it says what was done), or with ``message``."""
    match, token = _scorer(match_id)
    form = hand_form(services.rules_of(match), list(match.players), request.form)
    if not form.validate_on_submit():
        flash(f"This page was open too long: nothing was {nothing}. Try again.", "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    revision = str(form.revision.data or "")
    try:
        answer = action(match, token, int(revision) if revision.isdigit() else None, form.idempotency_key.data or None)
    except Stale:
        flash(STALE.format(nothing=nothing), "problem")
    except ServiceError as error:
        flash(" ".join(p.message for p in error.problems), "problem")
    else:
        if done:
            return redirect(url_for("scorer.sheet", match_id=match_id, **{done: answer.body["number"]}))
        flash(message.format(number=answer.body["number"]), "saved")
    return redirect(url_for("scorer.sheet", match_id=match_id))


@bp.post("/m/<match_id>/thrown-in")
def thrown_in(match_id: str) -> Response:
    """Record a thrown-in hand (everybody passed, or schmeiss accepted)."""
    return _simple_write(match_id, lambda m, t, rev, key: services.record_hand(m.id, t, {"thrown_in": True}, rev, key),
                         "saved", nothing="recorded")


@bp.post("/m/<match_id>/hand/<int:number>/void")
def void(match_id: str, number: int) -> Response:
    """Void a hand: it stays on the sheet, struck through, no longer scored, and can be restored."""
    reason = request.form.get("reason") or None
    return _simple_write(match_id, lambda m, t, rev, key: services.void_hand(m.id, number, t, rev, key, reason),
                         "voided", nothing="voided")


@bp.post("/m/<match_id>/hand/<int:number>/restore")
def restore(match_id: str, number: int) -> Response:
    """Count a voided hand again: every later hand is scored again with it."""
    return _simple_write(match_id, lambda m, t, rev, key: services.restore_hand(m.id, number, t, rev, key),
                         "restored", nothing="restored")


@bp.post("/m/<match_id>/hand/<int:number>/dispute")
def dispute(match_id: str, number: int) -> Response:
    """Flag a hand as disputed, with a note; it shows so on the sheet and the board until resolved."""
    note = {"note": request.form.get("note", "")}
    return _simple_write(match_id, lambda m, t, rev, key: services.dispute_hand(m.id, number, t, note, rev, key),
                         message="Hand {number} is marked disputed.")


@bp.post("/m/<match_id>/hand/<int:number>/resolve")
def resolve(match_id: str, number: int) -> Response:
    """Resolve a disputed hand: the score stands, or it was changed or voided since."""
    body = {"note": request.form.get("note", ""), "resolution": request.form.get("resolution", "")}
    return _simple_write(match_id, lambda m, t, rev, key: services.resolve_hand(m.id, number, t, body, rev, key),
                         message="The dispute over hand {number} is resolved.")


@bp.get("/m/<match_id>/undo")
def undo_confirm(match_id: str) -> Any:
    """Without JavaScript, Undo asks here, once, naming the hand and its score; its form posts the undo. A
    sheet that was out of date (``revision``) or a hand that is no longer the last is refused at once."""
    match, _ = _scorer(match_id)
    page = _sheet_page(match)
    last = page["last"]
    if (last is None or request.args.get("number") != str(last["number"])
            or request.args.get("revision") != str(match.revision)):
        flash(STALE.format(nothing="undone") if last else "There is no hand to undo.", "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    return render_template("scorer/undo.html", **page)


@bp.post("/m/<match_id>/undo")
def undo(match_id: str) -> Response:
    """Undo the last hand: void the hand the sheet named (``number``), at the revision the sheet was rendered
    at; from an out-of-date sheet nothing is undone (two phones tapping Undo void one hand, not two)."""
    number = request.form.get("number", "")
    if not number.isdigit() or not str(request.form.get("revision", "")).isdigit():
        _scorer(match_id)
        flash(STALE.format(nothing="undone"), "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    return _simple_write(match_id, lambda m, t, rev, key: services.undo_hand(m.id, int(number), t, rev, key),
                         "undone", nothing="undone")


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
    return jsonify({"ok": False,
                    "errors": in_table_words(_errors(problems, hand_field, set(form._fields) | GROUP_FIELDS), form)})


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
