"""The headers every answer carries (a Content-Security-Policy with no inline script, no sniffing, no framing,
no referrer to other sites), ``Cache-Control: no-store`` on the answers that show a secret, and a session cookie
marked ``Secure`` whenever the phone came over HTTPS.

Written here rather than taken from Flask-Talisman: what it would add beyond these few headers (HTTPS forced,
a session cookie always ``Secure``, HSTS) breaks the club that serves ``make run`` to the table's phones over
plain http on its own network, so it would be configured off; what is left is this module.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Request, g, get_flashed_messages, has_request_context, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from flask.wrappers import Response as FlaskResponse
from werkzeug.wrappers import Response

API_PREFIX = "/api/"

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    # static/js only: no inline script, no event handler attributes, no eval. WebAssembly may be compiled (the
    # phone's engine, Pyodide, from static/vendor/): 'wasm-unsafe-eval' allows that and nothing of JavaScript.
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",  # the engine's Web Worker and the service worker, from this server only
    "style-src 'self'",  # static/css only: no style attributes
    "img-src 'self' data:",  # the empty favicon is a data: URL; QR codes and charts are inline SVG
    "connect-src 'self'",  # the live sheet and board: fetch and server-sent events, to this server only
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # The full address (a confirmation page's secret is in its path) goes only to this server's own pages: the
    # CSRF check over HTTPS needs a referrer of this origin, so it cannot be "no-referrer".
    "Referrer-Policy": "same-origin",
}
"""Set on every answer, pages, API and static files alike."""

SECRET_ENDPOINTS = frozenset({
    "scorer.sheet",  # the edit link and its QR code, and the key shown once after a start
    "scorer.join",  # the join redirects (the link's key in the request)
    "scorer.join_with_key",
    "clubs.club",  # the club's link and its QR code, and the link shown once after a club starts
    "clubs.join",
    "clubs.new_club",  # a new club's redirect to its page
    "clubs.import_club",
    "confirm.page",  # a side's confirmation page: its address is its secret
    "confirm.confirm",
    "tournaments.new",  # a new tournament's redirect to its organizer page
    "tournaments.organizer",  # the organizer's link shown once, every table's scorer and confirmation links
    "tournaments.organizer_live",
    "tournaments.join",  # the organizer's link (its key in the request)
    "tournaments.join_with_key",
    "tournaments.register_entry",  # the organizer page again, with a problem beside a field
    "tournaments.draw_round",
    "tournaments.decide",
    "tournaments.print_sheet",  # the organizer's pages and downloads
    "tournaments.export_json",
    "tournaments.export_csv",
    "api.create_match",  # the answers that carry a new secret (edit_token, view_token, club_token)
    "api.import_match",
    "api.create_club",
    "api.import_club",
})
"""The endpoints whose answers show or carry a secret: ``Cache-Control: no-store``, so neither the browser's
cache nor a proxy keeps them."""


KEEP_HEADER = "X-Scorekeeper-Keep"
"""The header of a page the service worker fetches to keep (templates/base.html shows it no one-time message)."""


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session, ``Secure`` when SESSION_COOKIE_SECURE says so or when this request came
    over HTTPS (behind a proxy, SCOREKEEPER_PROXIES lets its X-Forwarded-Proto say so): a phone that reached
    the server over https never sends its keys back over plain http, and a club serving over http at home
    keeps working."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (has_request_context() and request.is_secure)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """No session for the JSON API (a request there carries its token, never a cookie): the API's reads,
        the most frequent requests, skip decoding a cookie, and its answers never set one."""
        if request.path.startswith(API_PREFIX):
            return None  # Flask then uses a null session: empty, and refusing to be written
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: FlaskResponse) -> None:
        """A page the service worker fetches to keep for no signal (``X-Scorekeeper-Keep``, static/js/sw.js) never
        writes the cookie: it runs beside the phone's own pages with the cookie they had when it started, and
        writing that back could bring a one-time message (the match's key) the sheet just showed back to life,
        to be shown again on a page the phone keeps."""
        if has_request_context() and request.headers.get(KEEP_HEADER):
            return
        super().save_session(app, session, response)


def init_app(app: Flask) -> None:
    """Add the headers to every answer of ``app`` and use the session interface above."""
    if str(app.config.get("PUBLIC_URL") or "").startswith("https://"):
        app.config["SESSION_COOKIE_SECURE"] = True
    app.session_interface = SessionInterface()
    app.after_request(_headers)
    app.add_template_global(one_time_messages)


def one_time_messages() -> list[str] | list[tuple[str, str]]:
    """The session's one-time messages (flashes) for the page being made (templates/base.html), remembered so that
    the page is answered ``no-store``: a page that showed one, the match's key above all, is never kept, neither by
    the service worker for no signal (static/js/sw.js keeps no no-store page) nor by the browser's cache."""
    messages = get_flashed_messages(with_categories=True)
    if messages:
        g.showed_one_time_message = True
    return messages


def _headers(response: Response) -> Response:
    present = {name.lower() for name in response.headers.keys()}  # noqa: SIM118 (iterating Headers gives pairs)
    response.headers.extend([(name, value) for name, value in HEADERS.items() if name.lower() not in present])
    if request.endpoint in SECRET_ENDPOINTS or g.get("showed_one_time_message"):
        response.headers["Cache-Control"] = "no-store"
    return response


def trusted_hosts(value: Any) -> list[str] | None:
    """SCOREKEEPER_TRUSTED_HOSTS as Flask's TRUSTED_HOSTS: names (``.example.org`` takes its subdomains too)
    separated by commas or spaces; None when empty (then every Host is answered, and links are built as
    ``views.links`` says)."""
    if value is None or isinstance(value, list | tuple):
        return list(value) if value else None
    names = [name for name in str(value).replace(",", " ").split() if name]
    return names or None
