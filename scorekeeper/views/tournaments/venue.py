"""The venue screen of a tournament, at its view token's link: the round's tables with their live scores, the
standings and the draw, the registered players and the self-registration QR code while players register, the
winners when it is over. ``?tv=1`` lays it out for the venue's TV. It shows what the venue's JSON shows
(``GET /api/v1/tournaments/boards/<view_token>``) and, as the printed draw sheet, each table's seats and first
dealer: no scorer link, no organizer secret. It follows the venue's event stream with static/js/live.js, fetching
its changing part (``/live``) again after every change."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import render_template, request, url_for
from flask_babel import format_time
from flask_babel import gettext as _

from ... import services
from ...i18n import speak_for_page
from ...models import Tournament
from ...qr import qr_svg
from ...services.tournaments import draw_sheet
from ..links import public_url
from . import bp
from .organizer import format_words


def _table_words(table: dict[str, Any]) -> dict[str, Any]:
    """A table as the screen writes it: its sides by their players' names, the totals, and where it stands in the
    table's words ("playing", "won by Ana & Ivo", "decided for Ana & Ivo: no-show"), in the page's language."""
    winner = table["winner"]
    if table["decided"] is not None:
        reason = table["decided"].get("reason")
        # Translators: how a tournament's table stands: side is the side that wins it ("Ana & Ivo"), reason the
        # organizer's reason for deciding it ("Ivo had to leave").
        state = (_("decided for %(side)s: %(reason)s", side=table["names"][winner], reason=reason) if reason
                 else _("decided for %(side)s", side=table["names"][winner]))
    elif winner is not None:
        state = _("won by %(side)s", side=table["names"][winner])
    else:
        state = _("playing")
    return {**table, "state": state}


def venue_context(tournament: Tournament, view_token: str) -> dict[str, Any]:
    """What the screen shows: the venue view as the service computed it (never the organizer's; as the draw sheet
    has it, each table with its seats and first dealer), with the current round's tables in words, the time the
    figures are from, and while players register the link and QR code of the self-registration page."""
    view = draw_sheet(tournament)
    register_url = register_qr = None
    if view["status"] == "registering":
        register_url = public_url(f"/t/screen/{view_token}/register")
        register_qr = qr_svg(register_url, _("QR code of the page to register for %(tournament)s",
                                             tournament=tournament.name))
    now = datetime.now(UTC)
    current = view["rounds"][-1] if view["rounds"] else None
    return {
        "view": view,
        "format_words": format_words(view),
        "current": None if current is None else {**current, "tables": [_table_words(t) for t in current["tables"]]},
        "view_token": view_token,
        "register_url": register_url,
        "register_qr": register_qr,
        "loaded_at": now.isoformat(),
        "loaded_at_text": format_time(now, "HH:mm:ss") + " UTC",
    }


@bp.get("/t/screen/<view_token>")
def venue(view_token: str) -> Any:
    """The venue screen (``?tv=1``: the TV's layout). While players register it carries the QR code of the
    self-registration page."""
    tournament = services.find_screen(view_token)
    speak_for_page(services.screen_language(tournament.language, tournament.club_id))
    context = venue_context(tournament, view_token)
    return render_template("tournaments/venue.html", **context, tv=request.args.get("tv") == "1",
                           screen_url=public_url(url_for("tournaments.venue", view_token=view_token)))


@bp.get("/t/screen/<view_token>/live")
def venue_live(view_token: str) -> Any:
    """The screen's changing part, fetched again when a live update arrives."""
    tournament = services.find_screen(view_token)
    speak_for_page(services.screen_language(tournament.language, tournament.club_id))
    return render_template("tournaments/_venue_live.html", **venue_context(tournament, view_token))
