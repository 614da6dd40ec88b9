"""A side's confirmation page: the defenders check the last hands on their own phone and confirm them.

The link carries the side's secret, derived from the app's secret key (``services.confirm_token``): it can
confirm hands for that side and nothing else. A confirmed hand changes only with a reason.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import HiddenField

from .. import services
from ..forms import EXPIRED_FORM, new_key, problems_text
from ..models import Match
from ..services import ServiceError, Stale
from .board import board_context

bp = Blueprint("confirm", __name__)
SHOWN = 8
"""How many of the last hands the page lists."""


class ConfirmForm(FlaskForm):
    """Confirm one hand: CSRF-protected, with an idempotency key so a double tap confirms once."""

    idempotency_key = HiddenField()


def confirm_path(match_id: str, side: int) -> str:
    """The path of side ``side``'s confirmation page."""
    return url_for("confirm.page", match_id=match_id, side=side, token=services.confirm_token(match_id, side))


def _side_match(match_id: str, side: int, token: str) -> Match:
    try:
        match = services.find_match(match_id)
    except services.NotFound:
        abort(404)
    if not services.can_confirm(match, side, token):
        abort(404)
    return match


@bp.get("/c/<match_id>/<int:side>/<token>")
def page(match_id: str, side: int, token: str) -> Any:
    """The last hands, each with a button to confirm it for this side (or a tick if it already is)."""
    match = _side_match(match_id, side, token)
    context = board_context(match)
    hands = [h for h in context["state"]["hands"] if not h["voided"]][-SHOWN:]
    return render_template("confirm/page.html", **context, side=side, side_name=context["names"][side],
                           token=token, shown=list(reversed(hands)), key=new_key())


@bp.post("/c/<match_id>/<int:side>/<token>/<int:number>")
def confirm(match_id: str, side: int, token: str, number: int) -> Response:
    """Confirm hand ``number`` for this side."""
    _side_match(match_id, side, token)
    back = redirect(url_for("confirm.page", match_id=match_id, side=side, token=token, _anchor=f"hand-{number}"))
    form = ConfirmForm(request.form)
    if not form.validate_on_submit():
        flash(str(EXPIRED_FORM), "problem")
        return back
    try:
        services.confirm_hand(match_id, number, side, token, None, form.idempotency_key.data or None)
    except Stale:
        flash(_("The score changed meanwhile: nothing was confirmed. Look again and confirm."), "problem")
    except ServiceError as error:
        flash(problems_text(error), "problem")
    else:
        # glossary: hand
        flash(_("Confirmed hand %(number)s.", number=number), "saved")
    return back
