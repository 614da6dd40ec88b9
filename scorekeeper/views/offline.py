"""No signal at the table: what makes the app installable and lets a phone keep scoring the matches it keeps.

- ``/manifest.webmanifest`` and ``/sw.js``: the web app manifest (in the phone's language) and the service
  worker, at the site's root so that it may answer for every page. The worker keeps the static files, the
  in-browser engine and the pages of the matches this phone scores; it never keeps an answer marked
  ``no-store`` (the sheet, with its scoring key and QR code), so no cache holds a match's secret.
- ``/offline``: the page shown for a page the phone never kept.
- ``/m/<id>/offline``: the sheet as the phone draws it with no signal (from the match's hands and the phone's
  outbox, scored by the engine running in the browser). It holds no secret.
- ``/m/<id>/data.json``: what the phone keeps of a match to score it offline (its rules, players and hands'
  inputs: no token).
- ``/m/<id>/sync``: where the phone's outbox sends what was recorded offline, one change at a time, with the
  revision it was made on and its idempotency key; a change made on an out-of-date sheet is answered 412 with
  what the match did since, for the table to choose.

The phone's own edit key stays in its session cookie: the outbox is sent with that cookie, never with a token
the page's scripts could read. ``sync`` takes JSON only with the outbox's own header, which no other site's
form can send (and the session cookie is SameSite=Lax).
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request, session, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from .. import services
from ..forms import NewMatchForm, show_problems
from ..i18n import current_language, said
from ..models import Match
from ..offline import sheet_words
from ..offline.drawing import ENDPOINTS
from ..rate_limits import limited
from ..rules import PRESETS
from ..services import Answer, ServiceError, Stale
from . import phone
from . import sheet_words as views_sheet_words
from .engine import engine_manifest, engine_urls
from .scorer import page_context
from .scorer.hand import hand_page
from .scorer.start import game_order
from .stale import change_words, touching, write_at

bp = Blueprint("offline", __name__)
# The sheet's words, made by the same code on the server's pages and in the phone's worker (its offline sheet): a
# template global, which the macros imported from _macros/score.html see too.
bp.record_once(lambda state: state.app.jinja_env.globals.update(sheet_words=sheet_words))
# Every game of the registry by name, for what a page says the app scores (its description, as the manifest's).
bp.record_once(lambda state: state.app.jinja_env.globals.update(family_names=family_names))

OUTBOX_HEADER = "X-Scorekeeper-Outbox"
"""The header the phone's outbox sends with every change: a form on another site cannot send it."""
KINDS = ("record", "edit", "void", "undo", "restore")
"""The changes an outbox may carry."""
PRECACHED = ("css/app.css", "js/install.js", "js/ready.js", "js/phone-db.js", "js/offline.js", "js/engine.js",
             "js/hand.js", "js/new-match.js", "js/start.js",
             "js/live.js", "js/sheet.js", "js/share.js", "js/wake.js", "icons/icon-192.png", "icons/icon-512.png",
             "fonts/arabic-indic-digits-400.ttf", "fonts/arabic-indic-digits-700.ttf")
"""Static files every installed phone keeps from its first visit (the engine's files come when a match opens); the
digits' fonts (5 KB each) too, so a table that chose Arabic-Indic digits sees them with no signal as well."""


@cache
def _worker_source(static_folder: str) -> tuple[str, str]:
    """The service worker's script and its version: a digest of every static file it may keep, so a new release
    of any of them brings a new worker, which drops the caches of the old one."""
    static = Path(static_folder)
    digest = hashlib.sha256()
    for path in sorted(static.rglob("*")):
        if path.is_file() and "vendor" not in path.relative_to(static).parts:
            digest.update(str(path.relative_to(static)).encode())
            digest.update(path.read_bytes())
    source = (static / "js" / "sw.js").read_text(encoding="utf-8")
    return source, digest.hexdigest()[:16]


@bp.app_template_global()
def offline_kit() -> list[dict[str, Any]]:
    """The scripts of the phone's outbox and engine, in the order they load (the offline sheet loads them at once;
    elsewhere install.js loads them when needed): each one's address and its data attributes."""
    urls = engine_urls()
    return [
        {"src": urls["script"],
         "data": {name: urls[name] for name in ("worker", "pyodide", "engine", "catalogs", "version")}},
        {"src": url_for("static", filename="js/phone-db.js"), "data": {}},
        {"src": url_for("static", filename="js/offline.js"), "data": {}},
    ]


PHONE_ADDRESSES = {"scorer.edit_hand": "{hand}?change={number}"}
"""Where the phone's drawing of the sheet links instead of the server's page: a hand is changed in the kept hand
form (``?change=7``), which the phone keeps once for every hand."""


@bp.app_template_global()
def phone_addresses() -> dict[str, str]:
    """The app's addresses of the pages the sheet links and posts to, as patterns (``/m/{match_id}/undo``), for
    the phone's drawing of the sheet (``offline/drawing.py``'s ``Addresses``)."""
    root = request.script_root
    patterns = {}
    for endpoint in ENDPOINTS:
        rule = next(iter(current_app.url_map.iter_rules(endpoint)))
        patterns[endpoint] = root + re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
    hand = patterns["scorer.new_hand"]
    for endpoint, pattern in PHONE_ADDRESSES.items():
        patterns[endpoint] = pattern.replace("{hand}", hand)
    return patterns


def _engine_or_none() -> dict[str, Any] | None:
    """The engine's files (``engine_manifest``), or None when Pyodide was never fetched into this checkout (the
    pages then never say the phone is ready)."""
    try:
        return engine_manifest()
    except FileNotFoundError:
        return None


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, with its version and the files it keeps written in; never cached by HTTP (a phone
    checks for a new one on every visit)."""
    source, version = _worker_source(str(current_app.static_folder))
    settings = {
        "version": version,
        "precache": [url_for("static", filename=name) for name in PRECACHED] + [url_for("offline.offline_page")],
        "static": url_for("static", filename=""),
        "offline": url_for("offline.offline_page"),
        # Each with its size and SHA-256 as the page reads it, and its bytes on the wire: the worker checks a file
        # before it counts as kept, and the page says how much is still to download.
        "engine": _engine_or_none(),
        "engine_version": engine_urls()["version"],
        # engine.js and where it finds the rest: a page that has kept every file starts the engine once, so that
        # it keeps its memory snapshot (static/js/install.js).
        "kit": offline_kit()[0],
        "start": url_for("offline.new_match"),
        "new": url_for("offline.new_match") + "/",
        "start_pages": [url_for("offline.new_match")] + [url_for("offline.blank", variant=name, page=page)
                                                          for name in PRESETS for page in BLANK_PAGES]
        + [url_for("rulebook.variant_rules", variant=name) for name in PRESETS],
    }
    body = f"const SETTINGS = {json.dumps(settings)};\n{source}"
    response = Response(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


def family_names() -> list[str]:
    """Every game of the registry by its name without its bracket ("Bela", not "Bela (two-handed)"), each once, in
    the start page's order, in the request's language."""
    return list(dict.fromkeys(said(PRESETS[name].title).split(" (")[0] for name in game_order()))


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: a phone adds scorekeeper to its home screen and opens it like an app."""
    icon = "icons/icon-{}.png"
    body = {
        "name": "scorekeeper",
        "short_name": "scorekeeper",
        # Translators: the installed app's description, as a phone's app list shows it; %(games)s names every game
        # ("Bela, Klaberjass, Clobby, …, Schieber").
        "description": _("Keep the score at the table, from a phone: %(games)s.", games=", ".join(family_names())),
        "lang": current_language(),
        "start_url": url_for("clubs.phone_matches") + "?from=home",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#121417",
        "theme_color": "#121417",
        "icons": [
            {"src": url_for("static", filename=icon.format(192)), "sizes": "192x192", "type": "image/png"},
            {"src": url_for("static", filename=icon.format(512)), "sizes": "512x512", "type": "image/png"},
            {"src": url_for("static", filename="icons/icon-maskable-512.png"), "sizes": "512x512",
             "type": "image/png", "purpose": "maskable"},
        ],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline_page() -> str:
    """What a phone with no signal shows for a page it never kept: the matches it keeps are listed by the
    script, from what it keeps."""
    return render_template("offline/page.html")


def match_data(match: Match) -> dict[str, Any]:
    """What the phone keeps of a match to score it with no signal: its game, house rules, players and every
    hand's input (with what the table said of it: disputed, confirmed), at a revision; and each voided hand as
    it was before (from the list of changes, which the phone does not keep), for its sheet to show struck
    through. No token: the phone's key stays in its cookie."""
    rules = services.rules_of(match)
    state = page_context(match)["state"]
    said = {h["number"]: h for h in state["hands"]}
    return {
        "id": match.id,
        "variant": match.variant,
        "rules": match.rules,
        "players": list(match.players),
        "first_dealer": match.first_dealer,
        "names": services.side_names(rules, match.players),
        "revision": match.revision,
        "finished": bool(state.get("finished")),
        "hands": [{"number": h.number, "input": h.input, "voided": h.voided,
                   "disputed": bool(said.get(h.number, {}).get("disputed")),
                   "dispute": said.get(h.number, {}).get("dispute"),
                   "confirmed_by": list(said.get(h.number, {}).get("confirmed_by") or ())}
                  for h in sorted(match.hands, key=lambda h: h.number)],
        "was": {str(number): hand for number, hand in views_sheet_words.as_voided(
            state, services.events_of(match)).items()},
        "urls": {
            "sheet": url_for("scorer.sheet", match_id=match.id),
            "offline": url_for("offline.offline_sheet", match_id=match.id),
            "hand": url_for("scorer.new_hand", match_id=match.id),
            "claim": url_for("scorer.claim", match_id=match.id),
            "rules": url_for("rulebook.match_rules", match_id=match.id),
            "data": url_for("offline.data", match_id=match.id),
            "sync": url_for("offline.sync", match_id=match.id),
        },
    }


NEW = "new~{variant}~{key}"
"""The id of a match started on a phone with no signal, until the server creates it: its game, and the phone's
key. The service worker answers its pages (``/m/new~<game>~<key>/…``) with the kept pages of ``blank``."""
PLAYER = "\u2060{}\u2060"
"""A player's place in a blank page, which the phone fills with the name (static/js/new-match.js)."""
BLANK_PAGES = ("offline", "hand", "claim")


@bp.get("/offline/new")
def new_match() -> str:
    """Where a start form sent with no signal lands (the service worker keeps its fields): the phone starts the
    match itself, scored by the engine on the phone, and the server creates it when the signal returns."""
    return render_template("offline/new.html")


@bp.get("/offline/new/<variant>/<page>")
def blank(variant: str, page: str) -> Any:
    """A game's sheet, hand form or claim form for a match started on the phone: drawn with places for the
    players' names and the match's id, which the phone fills in (the service worker keeps one of each per game)."""
    players = [PLAYER.format(i + 1) for i in range(4)]
    match = services.blank_match(variant, players, NEW.format(variant=variant, key="blank"))
    if match is None or page not in BLANK_PAGES:
        abort(404)
    context = page_context(match)
    if page == "offline":
        return render_template("offline/sheet.html", **context, data={"id": match.id})
    return hand_page(match, context, claim=page == "claim")


@bp.get("/m/<match_id>/data.json")
def data(match_id: str) -> Response:
    """The match as the phone keeps it (this phone's key, from its cookie)."""
    match, _token = phone.scored_match(match_id)
    response = jsonify(match_data(match))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/m/<match_id>/offline")
def offline_sheet(match_id: str) -> str:
    """The sheet a phone draws with no signal: the page's words and places; the hands come from what the
    phone keeps, scored by the engine in the browser."""
    match, _token = phone.scored_match(match_id)
    page = page_context(match)
    return render_template("offline/sheet.html", **page, data=match_data(match))


def _problems(error: ServiceError) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for problem in error.problems:
        found.setdefault(problem.field, []).append(said(problem.message))
    return found


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


@bp.post("/m/<match_id>/sync")
def sync(match_id: str) -> tuple[Response, int]:
    """One change from the phone's outbox: ``{"kind": "record", "hand": {…}, "revision": 7, "key": "…"}``
    (``edit`` with ``number`` and ``hand``; ``void``, ``undo`` and ``restore`` with ``number``). The
    answer: 201/200 with the hand's ``number`` and the match's ``revision``; 412 with ``conflict`` (the
    match's revision and what changed since the change's revision); 4xx with ``errors`` by field."""
    if request.headers.get(OUTBOX_HEADER) != "1" or not request.is_json:
        abort(400)
    match, token = phone.scored_match(match_id)
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        # Translators: an error of the phone's outbox (a program's request, rarely seen by a person).
        return jsonify({"ok": False, "errors": {"body": [_("send the change as a JSON object")]}}), 400
    kind, number, revision = body.get("kind"), _number(body.get("number")), _number(body.get("revision"))
    key = body.get("key") if isinstance(body.get("key"), str) else None
    hand = body.get("hand")
    problems: dict[str, list[str]] = {}
    if kind not in KINDS:
        problems["kind"] = [_("say which change: %(kinds)s", kinds=", ".join(KINDS))]
    if revision is None:
        problems["revision"] = [_("say which revision of the match the change was made on")]
    if kind in ("edit", "void", "undo", "restore") and number is None:
        problems["number"] = [_("say which hand")]
    if kind in ("record", "edit") and not isinstance(hand, dict):
        problems["hand"] = [_("send the hand as a JSON object")]
    if not key:
        problems["key"] = [_("send the change's idempotency key")]
    if problems:
        return jsonify({"ok": False, "errors": problems}), 422
    def write(at: int | None) -> Answer:
        if kind == "record":
            return services.record_hand(match.id, token, hand, at, key)
        assert number is not None  # every other kind names its hand (refused above without one)
        if kind == "edit":
            return services.edit_hand(match.id, number, token, hand, at, key, body.get("reason") or None)
        if kind == "void":
            return services.void_hand(match.id, number, token, at, key, body.get("reason") or None)
        if kind == "undo":
            return services.undo_hand(match.id, number, token, at, key)
        return services.restore_hand(match.id, number, token, at, key)

    try:
        # A dispute, a ruling or a side's confirmation since: written at the new revision without asking.
        answer = write_at(write, revision)
    except ServiceError as error:
        services.db.session.rollback()
        return jsonify({"ok": False, "errors": _problems(error)}), error.status
    if isinstance(answer, Stale):
        sides = page_context(services.find_match(match.id))["sides"]
        changes = [{**change, "words": change_words(change, sides)} for change in touching(answer.changes)]
        return jsonify({"ok": False, "conflict": {"revision": answer.revision, "changes": changes},
                        "errors": _problems(answer)}), 412
    return jsonify({"ok": True, "number": answer.body.get("number"), "revision": answer.revision}), answer.status


@bp.post("/offline/create")
@limited("creates")
def create() -> tuple[Response, int]:
    """A match started on this phone with no signal, created now the signal is back: ``{"fields": {…}, "key": …}``
    (the start form's fields as the phone kept them; the phone's own idempotency key, so a retry creates nothing
    more). The fields are read by the start form itself, as if sent now; the phone keeps the edit key in its
    cookie as after any start. The answer: 201 (again for a retry) with the match as ``data.json`` gives it; 4xx
    with ``errors`` by field. The hands follow one by one through ``sync``."""
    if request.headers.get(OUTBOX_HEADER) != "1" or not request.is_json:
        abort(400)
    body = request.get_json(silent=True)
    fields = body.get("fields") if isinstance(body, dict) else None
    key = body.get("key") if isinstance(body, dict) else None
    if not isinstance(fields, dict) or not isinstance(key, str) or not key:
        # Translators: an error of the phone's outbox (a program's request, rarely seen by a person).
        return jsonify({"ok": False, "errors": {"body": [_("send the start form's fields and the match's key")]}}), 400
    form = NewMatchForm(formdata=MultiDict({k: str(v) for k, v in fields.items() if isinstance(v, str | int)}),
                        meta={"csrf": False})
    club_keys = phone.club_keys()
    form.club.choices = [("", ""), *((club_id, club_id) for club_id in club_keys)]
    if not form.validate():
        return jsonify({"ok": False, "errors": show_problems(form)}), 422
    phone.identity()  # this phone's own id in its session, as after any start
    try:
        # A retry is answered by the phone's own key (128 random bits, made on the phone, sent only with this start),
        # not by the session: when the first answer was lost on its way back, so was the cookie it set, and a phone
        # that had never started a match with a signal would come back as a stranger and start a second match.
        answer = services.create_match(form.request_body(), key, club_keys.get(form.club.data or ""),
                                       caller=f"phone's start {key}")
    except ServiceError as error:
        services.db.session.rollback()
        return jsonify({"ok": False, "errors": _problems(error)}), error.status
    match_id = answer.body["id"]
    phone.remember(match_id, answer.body["edit_token"])
    session.modified = True
    response = jsonify({"ok": True, "id": match_id, "data": match_data(services.find_match(match_id))})
    response.headers["Cache-Control"] = "no-store"
    return response, answer.status


@bp.post("/m/<match_id>/forget")
def forget(match_id: str) -> Response:
    """Forget a match on this phone: its key leaves the cookie (the script clears its outbox and kept pages)."""
    if request.headers.get(OUTBOX_HEADER) != "1":
        abort(400)
    phone.forget(match_id)
    session.modified = True
    return jsonify({"ok": True})
