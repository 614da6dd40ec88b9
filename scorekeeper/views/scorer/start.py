"""The start page: a match's game, house rules (from a link, a club's last match or the form) and players; below
it, the matches this phone scores. Also "Play again" from the sheet and opening an edit link."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext, pgettext
from werkzeug.wrappers import Response

from ... import services
from ...forms import (
    HOUSE_FIELDS,
    MATCH_FIELDS,
    MATCH_GROUPS,
    NewMatchForm,
    checked_rules,
    decode_rules,
    encode_rules,
    house_overrides,
    new_key,
    problems_text,
    show_problems,
)
from ...i18n import said
from ...offline.start_fields import GAME_KINDS
from ...rate_limits import limited
from ...rules import PRESETS
from ...rules.describe import match_length
from ...rules.limits import NAME_LIMIT
from ...rules.words import N_, Listed
from ...services import ServiceError, history
from .. import phone
from ..board import again_args
from ..links import public_url
from ..rulebook import changed_rule_lines
from . import bp

MINE_SHOWN = 5
"""Matches of this phone listed on the start page; the rest are on the phone's match list."""

# glossary: game
LINK_PROBLEM = _l("This house-rules link could not be read (cut short, or changed): the game's own rules are "
                  "shown. Ask for the link again, or set the house rules below.")


def game_short(variant: str) -> str:
    """A game's name on the start page's compact choice (its preset's short title, or its title before the
    bracket), in the request's language."""
    rules = PRESETS[variant]
    if rules.short_title:
        return pgettext("game", rules.short_title)
    return str(rules.title).split(" (")[0]


def game_order() -> list[str]:
    """The start page's games: by their place (``Rules.start_place``), then the games without one."""
    placed = sorted((rules.start_place, name) for name, rules in PRESETS.items() if rules.start_place)
    return [name for _, name in placed] + [name for name, rules in PRESETS.items() if not rules.start_place]


GAME_ROW = 4
"""Games in a row of the start page's grid (static/css/app.css .game-chips)."""


def _spans(order: list[str]) -> dict[str, int]:
    """The columns each game takes: a row of the grid (its places, ``Rules.start_place``, four to a row) that holds
    one or two games is filled by them (room for "Schieber 2500"); the games without a place fill rows of four after
    them, a last row of one or two likewise."""
    rows: dict[int, list[str]] = {}
    unplaced = [name for name in order if not PRESETS[name].start_place]
    for name in order:
        place = PRESETS[name].start_place
        if place:
            rows.setdefault((place - 1) // GAME_ROW, []).append(name)
    start = max(rows, default=-1) + 1
    for i, name in enumerate(unplaced):
        rows.setdefault(start + i // GAME_ROW, []).append(name)
    return {name: GAME_ROW // len(row) if len(row) in (1, 2) else 1 for row in rows.values() for name in row}


def _games() -> list[dict[str, Any]]:
    """Each game of the start page: its name, rules, short name, and what it says beside its description (a
    match of more than one game: "The match is best of 3 games.", the rules page's own words); ``span``: the
    columns it takes, so that a row of one or two games fills the row (``_spans``)."""
    order = game_order()
    spans = _spans(order)
    return [{"name": name, "rules": PRESETS[name], "short": game_short(name),
             "span": spans[name],
             # glossary: game
             "desc": " ".join(said(part) for part in (PRESETS[name].description, match_length(PRESETS[name]))
                              if part)}
            for i, name in enumerate(order)]


def _game_kinds() -> list[dict[str, Any]]:
    """Each kind of game with options of its own (``GAME_KINDS``: the games with bids), as the start page shows
    it: its fields, the games of that kind (their names, in the start page's order) and their titles."""
    kinds = []
    for when, names in GAME_KINDS.items():
        games = [name for name in game_order() if getattr(PRESETS[name], when)]
        kinds.append({"when": when, "fields": names, "games": games,
                      "titles": Listed([PRESETS[name].title for name in games], N_(", "))})
    return kinds


def _prefill(form: NewMatchForm, club: Any) -> dict[str, Any]:
    """Fill a new start form from the link's arguments (``variant``, ``rules``, ``player``, ``dealer``: a
    house-rules link or "Play again"), else from the club's last match of a game. Returns where the house
    rules came from, a problem with the link, and each game's remembered fields for the page's script."""
    args = request.args
    variant = args.get("variant", "")
    if variant in PRESETS:
        form.variant.data = variant
    for i, name in enumerate(args.getlist("player")[:4]):
        form[f"player_{i}"].data = name.strip()[:NAME_LIMIT]
    dealer = args.get("dealer", "")
    if dealer.isdigit() and int(dealer) < PRESETS[form.variant.data or "bela"].players:
        form.first_dealer.data = dealer
    remembered: dict[str, dict[str, Any]] = {}
    source, problem = None, None
    if "rules" in args:
        overrides = decode_rules(args.get("rules", ""))
        if variant not in PRESETS or checked_rules(variant, overrides) is None:
            problem = LINK_PROBLEM
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
        lines = [said(line) for line in changed_rule_lines(name, extra)]
        memory[name] = {"fields": {f: ("" if probe[f].data is None else str(probe[f].data)) for f in HOUSE_FIELDS},
                        "extra": encode_rules(extra) if extra else "", "summary": probe.house_summary(),
                        "lines": lines,
                        # Translators: the folded house rules' summary: how many more house rules were agreed.
                        "more": ngettext("%(num)s more agreed", "%(num)s more agreed", len(lines)) if lines else ""}
        if name == chosen:
            form.prefill(overrides)
            form.extra_rules.data = memory[name]["extra"]
    form.rules_for.data = chosen
    return {"source": source, "problem": problem, "memory": memory}


@bp.route("/", methods=["GET", "POST"])
@limited("creates")
def start() -> Any:
    """Start a match; below, the matches this phone scores."""
    form = NewMatchForm()
    clubs = phone.clubs()
    form.club.choices = [("", _("No club")), *((club.id, club.name) for club in clubs)]
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
                                           phone.club_keys().get(form.club.data or ""), caller=phone.identity())
        except ServiceError as error:
            errors = show_problems(form, error, MATCH_FIELDS, groups=MATCH_GROUPS)
            if "first_dealer" in errors:
                # glossary: game
                errors["first_dealer"] = [_("choose the first dealer among the game's players")]
        else:
            match_id, token = answer.body["id"], answer.body["edit_token"]
            phone.remember(match_id, token)
            if not form.club.data and phone.first_time("key", match_id):
                flash(public_url(url_for("scorer.join", match_id=match_id, key=token)), "key")
            return redirect(url_for("scorer.sheet", match_id=match_id))
    else:
        errors = show_problems(form)
    club = next((c for c in clubs if c.id == form.club.data), None)
    mine = history.phone_matches(phone.keys())
    extra = decode_rules(form.extra_rules.data or "") or {}
    rules_for = form.rules_for.data or ""
    return render_template("scorer/start.html", form=form, errors=errors, games=_games(), presets=PRESETS,
                           mine=[history.match_row(m) for m in mine[:MINE_SHOWN]],
                           more=len(mine) > MINE_SHOWN, club=club, filled=filled,
                           house_summary=form.house_summary(), house_fields=HOUSE_FIELDS,
                           game_kinds=_game_kinds(),
                           extra_lines=changed_rule_lines(rules_for, extra) if rules_for in PRESETS else [],
                           extra_for=PRESETS[rules_for].title if rules_for in PRESETS else "",
                           club_names=[p.name for p in services.club_players(club)] if club else [])


@bp.get("/m/<match_id>/again")
def again(match_id: str) -> Response:
    """Change players: the start page filled with this match's players, game and house rules."""
    match, _ = phone.scored_match(match_id)
    return redirect(url_for("scorer.start", **again_args(match)))


@bp.post("/m/<match_id>/again")
@limited("creates")
def play_again(match_id: str) -> Response:
    """Play again, at once: a new match of the same game and house rules, the same players in the same seats,
    the deal passing on (and the same club when this phone has it). The form's idempotency key makes a second
    tap, or a retry, the same new match. Anything refused opens the start page filled in, saying why."""
    match, _token = phone.scored_match(match_id)
    args = again_args(match)
    body: dict[str, Any] = {"variant": match.variant, "players": list(match.players),
                            "rules": decode_rules(args.get("rules", "")) or {}, "first_dealer": args["dealer"]}
    if args.get("club"):
        body["club"] = args["club"]
    if match.language:
        body["language"] = match.language
    try:
        answer = services.create_match(body, request.form.get("idempotency_key") or None,
                                       phone.club_keys().get(args.get("club", "")), caller=phone.identity())
    except ServiceError as error:
        services.db.session.rollback()
        flash(problems_text(error), "problem")
        return redirect(url_for("scorer.start", **args))
    new_id, token = answer.body["id"], answer.body["edit_token"]
    phone.remember(new_id, token)
    if not args.get("club") and phone.first_time("key", new_id):
        flash(public_url(url_for("scorer.join", match_id=new_id, key=token)), "key")
    return redirect(url_for("scorer.sheet", match_id=new_id))


@bp.get("/m/<match_id>/join")
def join(match_id: str) -> Response:
    """Open an edit link: this phone keeps the key, and the address bar loses it. (The access log shows the
    link with its key blanked out: ``scorekeeper.access_log``.)"""
    return _join(match_id, request.args.get("key", ""))


@bp.post("/m/<match_id>/join")
def join_with_key(match_id: str) -> Response:
    """The key of a scorer's link ``/m/<id>#<key>`` (the API's ``links.scorer``), posted in a form by the page
    that refused this phone (static/js/key-in-link.js): the key after ``#`` never reaches a server's log."""
    return _join(match_id, request.form.get("key", ""), 303)


def _join(match_id: str, token: str, status: int = 302) -> Response:
    match = services.find_match(match_id)
    if not services.can_edit(match, token):
        abort(403)
    phone.remember(match_id, token)
    return redirect(url_for("scorer.sheet", match_id=match_id), status)
