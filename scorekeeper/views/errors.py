"""The pages' errors: what a person sees when a page cannot answer (no key, nothing at the address, an expired
form, a refused write, a fault), as an HTML page. The API's errors are JSON (``views.api.errors``); the app's
handlers ask there first."""

from __future__ import annotations

from typing import Any

from flask import render_template, request, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from ..forms import EXPIRED_FORM
from ..services import ServiceError

PAGE_MESSAGES = {
    403: ("No key for this match", "This phone cannot score this match. Open the edit link the scorer "
                                   "shared, or watch the match on its board."),
    404: ("Not found", "There is nothing at this address: check the link."),
}
"""An HTTP error's title and sentence on its page."""
FAULT = "Something went wrong on the server; nothing was saved."


def _back() -> str | None:
    """The page the refused form was on, to open it again (only a page of this site)."""
    referrer = request.referrer or ""
    return referrer if referrer.startswith(request.host_url) else None


def _key_form(error: HTTPException) -> str | None:
    """Where a scorer's page refused for want of a key posts the key of its link, when the link carries one
    after ``#`` (``/m/<id>#<key>``, the API's ``links.scorer``): static/js/key-in-link.js reads it there."""
    match_id = (request.view_args or {}).get("match_id")
    endpoint = request.endpoint or ""
    if error.code == 403 and request.method == "GET" and match_id and endpoint.startswith("scorer.") and (
            endpoint != "scorer.join"):
        return url_for("scorer.join_with_key", match_id=match_id)
    return None


def page_error(error: Exception) -> Any:
    """The page for ``error``: an expired form (a bad CSRF token) says nothing was saved and links back to the
    form's page; a service's refusal says its first problem; 403 and 404 say what to do; other HTTP errors
    keep werkzeug's page; anything else is a 500 that says nothing was saved."""
    if isinstance(error, CSRFError):
        return render_template("error.html", title="Nothing was saved", message=EXPIRED_FORM, back=_back()), 400
    if isinstance(error, ServiceError):
        title = PAGE_MESSAGES.get(error.status, ("Cannot do that", ""))[0]
        return render_template("error.html", title=title, message=error.problems[0].message), error.status
    if isinstance(error, HTTPException):
        if error.code in PAGE_MESSAGES:
            title, message = PAGE_MESSAGES[error.code]
            return render_template("error.html", title=title, message=message, key_form=_key_form(error)), error.code
        return error
    return FAULT, 500
