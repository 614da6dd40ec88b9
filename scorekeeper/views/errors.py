"""The pages' errors: what a person sees when a page cannot answer (no key, nothing at the address, an expired
form, a refused write, a fault), as an HTML page. The API's errors are JSON (``views.api.errors``); the app's
handlers ask there first. Every page here speaks the request's language: the titles and sentences are marked
for translation, a service's problem (a ``Said``) is said in it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask import render_template, request, url_for
from flask_babel import format_timedelta
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, SecurityError

from ..forms import EXPIRED_FORM
from ..i18n import said
from ..rate_limits import retry_after
from ..services import ServiceError

PAGE_MESSAGES = {
    400: (_l("The request could not be read"),
          _l("This phone sent something the server could not read: nothing was saved. Go back and try again.")),
    # Translators: the title of the page a phone without the match's key sees.
    403: (_l("No key for this match"),
          # glossary: board
          _l("This phone cannot score this match. Open the edit link the scorer shared, or watch the match on its "
             "board.")),
    404: (_l("Not found"), _l("There is nothing at this address: check the link.")),
    405: (_l("Not this way"), _l("This page cannot be opened this way: nothing was saved. Open it from its link.")),
    413: (_l("Too much at once"), _l("What this phone sent is too large for the server: nothing was saved.")),
}
"""An HTTP error's title and sentence on its page."""
OTHER_ERROR = (_l("Cannot do that"), _l("The server could not answer this request: nothing was saved."))
"""The title and sentence of any other HTTP error's page."""
FAULT = _l("Something went wrong on the server; nothing was saved.")


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
    say what happened (a redirect or an answer made elsewhere stays as it is); anything else is a 500 that says
    nothing was saved."""
    if isinstance(error, CSRFError):
        return render_template("error.html", title=_l("Nothing was saved"), message=EXPIRED_FORM, back=_back()), 400
    if isinstance(error, ServiceError):
        title = PAGE_MESSAGES.get(error.status, OTHER_ERROR)[0]
        return render_template("error.html", title=title, message=said(error.problems[0].message)), error.status
    if isinstance(error, HTTPException) and error.code == 429:
        # Over a budget of rate_limits.py (a phone, or a pub's Wi-Fi, starting very many matches): how long to wait.
        wait = retry_after()
        message = _("So many of these came from this network in a short time that the server is holding back: "
                     "nothing was saved. Try again in %(wait)s.",
                     wait=format_timedelta(timedelta(seconds=wait), threshold=1))
        return (render_template("error.html", title=_("Please wait a little"), message=message, back=_back()), 429,
                [("Retry-After", str(wait))])
    if isinstance(error, HTTPException):
        if error.code is None or error.code < 400 or error.response is not None or isinstance(error, SecurityError):
            return error  # a host the app does not trust: no page of ours can be built for it (no links)
        title, message = PAGE_MESSAGES.get(error.code, OTHER_ERROR)
        headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
        return (render_template("error.html", title=title, message=message, key_form=_key_form(error)), error.code,
                headers)  # a 405's Allow
    return str(FAULT), 500
