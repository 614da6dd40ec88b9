"""The score sheet: a row per hand, a column per side, running totals, who deals next, QR codes to share; its
live part; the writes of its buttons (thrown in, void, restore, dispute, resolve, undo); its downloads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, flash, jsonify, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from ... import services
from ...forms import EXPIRED_FORM, hand_form, problems_text
from ...i18n import current_language, said
from ...models import Match
from ...offline.sheet_page import sheet_parts
from ...qr import qr_svg
from ...services import Answer, ServiceError, Stale, exports
from .. import phone, sheet_words, stale
from ..confirm import confirm_path
from ..downloads import csv_response
from ..links import public_url
from . import bp, page_context

STALE = {
    "changed": _l("The sheet changed on another phone: nothing was changed. Here is the sheet as it is now."),
    "recorded": _l("The sheet changed on another phone: nothing was recorded. Here is the sheet as it is now."),
    "voided": _l("The sheet changed on another phone: nothing was voided. Here is the sheet as it is now."),
    "restored": _l("The sheet changed on another phone: nothing was restored. Here is the sheet as it is now."),
    "undone": _l("The sheet changed on another phone: nothing was undone. Here is the sheet as it is now."),
}
"""A write sent from a sheet that is out of date (its revision moved): refused, whatever it was (by what it
would have done)."""
DONE_MESSAGES = {
    # glossary: hand
    "disputed": _l("Hand %(number)s is marked disputed."),
    # glossary: hand
    "resolved": _l("The dispute over hand %(number)s is resolved."),
}
"""What the sheet's top says after a write that has no ``?<done>=`` line of its own."""

Write = Callable[[Match, str, int | None, str | None], Answer]
"""A button's write: (match, key, the revision the sheet showed, idempotency key) → the service's answer."""


@bp.get("/m/<match_id>")
def sheet(match_id: str) -> Any:
    """The score sheet: a row per hand, a column per side, running totals, who deals next; QR codes to share.
    After a write (``?saved=7``, ``changed``, ``restored``, ``voided``, ``undone``) its top says what was done
    to which hand, in words, and marks the row; the page opens at its top, never scrolled to the row."""
    match, token = phone.scored_match(match_id)
    edit_link = public_url(url_for("scorer.join", match_id=match_id, key=token))
    show_edit = request.args.get("show") == "scoring-qr"
    page = sheet_page(match)
    if page["done"]:
        _drop_saved_flashes()
    confirm_links = [
        # Translators: a QR code's text for a screen reader; %(side)s is a side's name.
        (side, url, qr_svg(url, _("QR code of the confirmation link for %(side)s", side=side["name"])))
        for side in page["sides"]
        for url in [public_url(confirm_path(match_id, side["index"]))]
    ]
    return render_template(
        "scorer/sheet.html", **page, **board_share(match), at_table=services.table_of_match(match_id),
        edit_link=edit_link,
        edit_qr=qr_svg(edit_link, _("QR code of the scoring key")) if show_edit else None,
        confirm_links=confirm_links)


@bp.get("/m/<match_id>/live")
def sheet_live(match_id: str) -> Any:
    """The sheet's changing part, fetched again when a live update arrives."""
    match, _ = phone.scored_match(match_id)
    return render_template("scorer/_sheet_live.html", **sheet_page(match), **board_share(match))


def board_share(match: Match) -> dict[str, Any]:
    """The board's link and its QR code, shared from the sheet's first screen (the sheet and its live part)."""
    board_url = public_url(url_for("board.board", view_token=match.view_token))
    # glossary: board
    return {"board_url": board_url, "board_qr": qr_svg(board_url, _("QR code of the board link"))}


def sheet_page(match: Match) -> dict[str, Any]:
    """What the sheet shows beyond the board: each hand's words, the line after the hand that won each game,
    voided hands as they were, the last hand that counts (for Undo), the list of changes, what was just done
    (``offline/sheet_page.py``: the phone's drawing of the sheet works them out with the same code)."""
    page = page_context(match)
    state, sides = page["state"], page["sides"]
    events = services.events_of(match)
    page.update(sheet_parts(state, sides, request.args),
                events=[(e, sheet_words.event_words(e, sides)) for e in events],
                was=sheet_words.as_voided(state, events))
    return page


def _drop_saved_flashes() -> None:
    """The sheet's top says what was just saved: the hand form's own "saved" message would say it twice."""
    flashes = session.get("_flashes")
    if flashes:
        session["_flashes"] = [(category, message) for category, message in flashes if category != "saved"]


def _simple_write(match_id: str, action: Write, done: str | None = None, message: str = "",
                  nothing: str = "changed", number: int | None = None) -> Response | tuple[str, int]:
    """A button's write from the sheet, checked against the revision the sheet was rendered at. Then the sheet,
    at its top: with ``?<done>=<hand>`` (it says what was done), or with ``message`` (a key of
    ``DONE_MESSAGES``). From an out-of-date sheet it is sent again at the new revision when the match moved
    only by changes that touch no score (a dispute, a confirmation); else nothing is done, and the phone is
    told what changed and asked again (``nothing``, a key of ``STALE``: what was not done; ``number``: the
    hand it was for), or, for a write that asks nothing (a dispute, a ruling), told so on the sheet."""
    match, token = phone.scored_match(match_id)
    form = hand_form(services.rules_of(match), list(match.players), request.form)
    if not form.validate_on_submit():
        flash(str(EXPIRED_FORM), "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    revision = str(form.revision.data or "")
    key = form.idempotency_key.data or None
    try:
        answer = stale.write_at(lambda at: action(match, token, at, key), int(revision) if revision.isdigit() else None)
    except ServiceError as error:
        flash(problems_text(error), "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    if isinstance(answer, Stale):
        if nothing in ASKED:
            return _ask(match_id, answer, nothing, number, key)
        flash(str(STALE[nothing]), "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    if done:
        return redirect(url_for("scorer.sheet", match_id=match_id, **{done: answer.body["number"]}))
    flash(str(DONE_MESSAGES[message] % {"number": answer.body["number"]}), "saved")
    return redirect(url_for("scorer.sheet", match_id=match_id))


ASKED_HEADS = {
    "recorded": _l("The sheet changed on another phone: nothing was recorded yet."),
    "voided": _l("The sheet changed on another phone: nothing was voided yet."),
    "restored": _l("The sheet changed on another phone: nothing was restored yet."),
    "undone": _l("The sheet changed on another phone: nothing was undone yet."),
}
"""The heading of the page that asks again after a stale write from the sheet."""
ASKED = {
    # glossary: hand
    # Translators: a stale write's own action, beside what another phone did (everybody passed in this hand).
    "recorded": _l("Yours: hand %(number)s thrown in."),
    # glossary: hand
    "voided": _l("Yours: void hand %(number)s."),
    # glossary: hand
    "restored": _l("Yours: restore hand %(number)s."),
    # glossary: hand
    "undone": _l("Yours: undo hand %(number)s."),
}
"""The sheet's writes that, from an out-of-date sheet, ask again after saying what changed: what this phone
meant to do, said beside the other phone's changes."""
AGAIN = {
    # glossary: hand
    "voided": _l("Void hand %(number)s anyway"),
    # glossary: hand
    "restored": _l("Restore hand %(number)s anyway"),
    # glossary: hand
    # Translators: %(scores)s is what each side scores in the hand now, "Mike +0, Yvonne +136".
    "undone": _l("Undo hand %(number)s anyway (%(scores)s)"),
}
"""The button that sends a stale void, restore or undo again at the new revision."""


def _ask(match_id: str, error: Stale, nothing: str, number: int | None, key: str | None) -> tuple[str, int]:
    """The page a stale write from the sheet answers (409): what the other phone did, what this phone meant,
    and the choice: do it anyway at the new revision (the same idempotency key: nothing was kept for it), or
    back to the sheet. An undo whose hand is no longer the last that counts is not offered again: undo takes
    back only the last hand, and the table sees the new one on the sheet."""
    match = services.find_match(match_id)
    page = sheet_page(match)
    sides, last = page["sides"], page["last"]
    next_number = len(page["state"]["hands"]) + 1
    question = stale.question(error, sides, None, number)
    question["yours"] = str(ASKED[nothing] % {"number": next_number if nothing == "recorded" else number})
    note, again = "", ""
    if nothing == "recorded":
        # glossary: hand
        again = (_("Keep both (yours becomes hand %(number)s)", number=next_number) if question["recorded"]
                 # glossary: hand
                 else _("Save mine as hand %(number)s", number=next_number))
    elif nothing == "undone" and any(c.get("number") == number and c.get("event") in ("void", "undo")
                                     for c in question["changes"]):
        # glossary: hand
        note = _("Hand %(number)s was undone already: nothing more was undone.", number=number)
    elif nothing == "undone" and (last is None or last["number"] != number):
        # glossary: hand
        note = _("Hand %(number)s is no longer the last hand that counts: nothing was undone.", number=number)
    elif nothing == "undone":
        again = str(AGAIN[nothing] % {"number": number, "scores": sheet_words.score_words(last["scores"], sides)})
    else:
        again = str(AGAIN[nothing] % {"number": number})
    carry: dict[str, int | str | None] = {"number": number} if nothing == "undone" else {}
    if nothing == "voided" and request.form.get("reason"):
        carry["reason"] = request.form["reason"]
    return render_template("scorer/stale.html", **page, question=question, heading=str(ASKED_HEADS[nothing]),
                           note=note,
                           again=again, action=request.path, carry=carry, key=key,
                           # Translators: the choice that throws away this phone's write after another phone's.
                           back=_("Drop mine") if nothing == "recorded" else _("No: back to the sheet") if again
                           else _("Back to the sheet")), 409


@bp.get("/m/<match_id>/thrown-in")
def thrown_in_confirm(match_id: str) -> Any:
    """Without JavaScript, Thrown in asks here, once (one mistaken tap would cost a hand); its form records the
    hand at the revision the sheet showed (``revision``), so a sheet another phone changed since is asked about."""
    match, _token = phone.scored_match(match_id)
    revision = request.args.get("revision", "")
    return render_template("scorer/thrown_in.html", **sheet_page(match),
                           revision=int(revision) if revision.isdigit() and len(revision) < 10 else match.revision)


@bp.post("/m/<match_id>/thrown-in")
def thrown_in(match_id: str) -> Response | tuple[str, int]:
    """Record a thrown-in hand (everybody passed, or schmeiss accepted)."""
    return _simple_write(match_id, lambda m, t, rev, key: services.record_hand(m.id, t, {"thrown_in": True}, rev, key),
                         "saved", nothing="recorded")


@bp.get("/m/<match_id>/belot")
def belot_confirm(match_id: str) -> Any:
    """A whole suit dealt to one side (Croatian belot, Deberc's debertz): which side holds it, asked on a page of
    its own (one tap on the wrong side would end the game), each side a button that records it."""
    match, _token = phone.scored_match(match_id)
    if not services.rules_of(match).belot:
        abort(404)
    revision = request.args.get("revision", "")
    return render_template("scorer/belot.html", **sheet_page(match),
                           revision=int(revision) if revision.isdigit() and len(revision) < 10 else match.revision)


@bp.post("/m/<match_id>/belot")
def belot(match_id: str) -> Response | tuple[str, int]:
    """Record a belot for the side chosen: it wins the game, the hand unplayed (the engine checks the side)."""
    side = request.form.get("side", "")
    hand = {"belot": int(side) if side.isdigit() and len(side) < 3 else side}
    return _simple_write(match_id, lambda m, t, rev, key: services.record_hand(m.id, t, hand, rev, key), "saved",
                         nothing="recorded")


@bp.post("/m/<match_id>/hand/<int:number>/void")
def void(match_id: str, number: int) -> Response | tuple[str, int]:
    """Void a hand: it stays on the sheet, struck through, no longer scored, and can be restored."""
    reason = request.form.get("reason") or None
    return _simple_write(match_id, lambda m, t, rev, key: services.void_hand(m.id, number, t, rev, key, reason),
                         "voided", nothing="voided", number=number)


@bp.post("/m/<match_id>/hand/<int:number>/restore")
def restore(match_id: str, number: int) -> Response | tuple[str, int]:
    """Count a voided hand again: every later hand is scored again with it."""
    return _simple_write(match_id, lambda m, t, rev, key: services.restore_hand(m.id, number, t, rev, key),
                         "restored", nothing="restored", number=number)


@bp.post("/m/<match_id>/hand/<int:number>/dispute")
def dispute(match_id: str, number: int) -> Response | tuple[str, int]:
    """Flag a hand as disputed, with a note; it shows so on the sheet and the board until resolved."""
    note = {"note": request.form.get("note", "")}
    return _simple_write(match_id, lambda m, t, rev, key: services.dispute_hand(m.id, number, t, note, rev, key),
                         message="disputed")


@bp.post("/m/<match_id>/hand/<int:number>/resolve")
def resolve(match_id: str, number: int) -> Response | tuple[str, int]:
    """Resolve a disputed hand: the score stands, or it was changed or voided since."""
    body = {"note": request.form.get("note", ""), "resolution": request.form.get("resolution", "")}
    return _simple_write(match_id, lambda m, t, rev, key: services.resolve_hand(m.id, number, t, body, rev, key),
                         message="resolved")


@bp.get("/m/<match_id>/undo")
def undo_confirm(match_id: str) -> Any:
    """Without JavaScript, Undo asks here, once, naming the hand and its score; its form posts the undo. A
    sheet that was out of date (``revision``) or a hand that is no longer the last is refused at once."""
    match, _token = phone.scored_match(match_id)
    page = sheet_page(match)
    last = page["last"]
    revision, number = request.args.get("revision", ""), request.args.get("number", "")
    if last is not None and number.isdigit() and revision.isdigit() and revision != str(match.revision):
        # From a sheet another phone changed since: say what it did before asking anything.
        changes = services.changes_since(match_id, min(int(revision), services.REVISION_LIMIT))
        return _ask(match_id, Stale("revision", STALE["undone"], revision=match.revision, changes=changes), "undone",
                    int(number), None)
    if last is None or number != str(last["number"]) or revision != str(match.revision):
        # glossary: hand
        flash(str(STALE["undone"]) if last else _("There is no hand to undo."), "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    return render_template("scorer/undo.html", **page)


@bp.post("/m/<match_id>/undo")
def undo(match_id: str) -> Response | tuple[str, int]:
    """Undo the last hand: void the hand the sheet named (``number``), at the revision the sheet was rendered
    at; from an out-of-date sheet nothing is undone (two phones tapping Undo void one hand, not two)."""
    number = request.form.get("number", "")
    if not number.isdigit() or not str(request.form.get("revision", "")).isdigit():
        phone.scored_match(match_id)
        flash(str(STALE["undone"]), "problem")
        return redirect(url_for("scorer.sheet", match_id=match_id))
    return _simple_write(match_id, lambda m, t, rev, key: services.undo_hand(m.id, int(number), t, rev, key),
                         "undone", nothing="undone", number=int(number))


@bp.get("/m/<match_id>/export.json")
def export_json(match_id: str) -> Response:
    """Download the match as an export (this phone's key): everything needed to import it elsewhere."""
    match, _ = phone.scored_match(match_id)
    response = jsonify(exports.export_document(match))
    response.headers["Content-Disposition"] = f'attachment; filename="{exports.filename(match, "json")}"'
    return response


@bp.get("/m/<match_id>/export.csv")
def export_csv(match_id: str) -> Response:
    """Download the hands as CSV for spreadsheets (this phone's key): the explanations in the page's language
    (the columns' heads stay as they are, for the spreadsheets that read them)."""
    match, _ = phone.scored_match(match_id)
    # In another language than English the match is replayed, so that each explanation can be said in it.
    say = said if current_language() != "en" else None
    return csv_response(exports.export_csv(match, say), exports.filename(match, "csv"))
