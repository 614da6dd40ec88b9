"""Limits on anonymous writes, per client address (Flask-Limiter): what anyone may do without a secret, many times
over, fills the database; what a table does with its match's key is never limited.

Three budgets, each shared by the API and the pages that do the same thing, counted per phone's address (an IPv6
address by its /64 network, which one household or phone holds whole; behind proxies the address
SCOREKEEPER_PROXIES believes):

- ``creates``        new matches, clubs and tournaments (``POST /api/v1/matches``, ``/clubs``, ``/tournaments``;
                     the start page, "Play again", a match started with no signal, /clubs/new, /t/new)
- ``imports``        a match or a club rebuilt from its export (``POST /api/v1/imports``, ``/clubs/imports``;
                     the club import page)
- ``registrations``  a player registering on their own phone from the venue screen's QR code

A view joins a budget with ``@limited("creates")``; the factory wraps each such view (``init_app``), and the
OpenAPI document lists 429 for the API's (``limit_of``). Recording, changing or undoing a hand, and every read,
stay unlimited: a hand a minute per match is far below any budget, and none of them is counted. Only what was made
is counted (``made``), but a request over budget is refused before it is read.

The budgets are SCOREKEEPER_LIMIT_CREATES, _IMPORTS and _REGISTRATIONS, in the ``limits`` package's words ("20 per
minute; 200 per day": every part holds). The defaults leave room for a pub whose phones share one Wi-Fi address
(a dozen tables starting at once; thirty players registering for a tournament in a minute). SCOREKEEPER_RATE_LIMITS
=off turns them all off; they are off in an app made for tests (TESTING) unless its config turns them on. The
counts live in Redis when SCOREKEEPER_REDIS_URL is set (every worker and host counts together), else in the
process's memory; with Redis lost, each process counts in its memory until it is back (``/healthz`` says so).

An answer over budget is 429 with ``Retry-After`` (seconds): the API's error names the field ``rate``; a page says
in its language how long to wait (``views/errors.py``, ``views/api/errors.py``).
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, Response, current_app, request
from flask_limiter import Limiter
from limits import parse_many

from .logs import SettingError

BUDGETS = {
    "creates": ("LIMIT_CREATES", "SCOREKEEPER_LIMIT_CREATES", "20 per minute; 200 per day"),
    "imports": ("LIMIT_IMPORTS", "SCOREKEEPER_LIMIT_IMPORTS", "10 per minute; 50 per day"),
    "registrations": ("LIMIT_REGISTRATIONS", "SCOREKEEPER_LIMIT_REGISTRATIONS", "60 per minute; 600 per day"),
}
"""Each budget: its config key, the environment variable that sets it, and its default."""
EXTENSION = "scorekeeper.rate_limits"
"""Where an app keeps its own limiter (``app.extensions``): one per app, so two apps in a process (the tests)
never share counts or switches."""
_MARK = "_scorekeeper_budget"
_ON, _OFF = {"on", "1", "true", "yes"}, {"off", "0", "false", "no"}
STORAGE_TIMEOUT = 2
"""Seconds the limiter waits for Redis before it counts in memory instead (a create waits at most this long)."""

View = TypeVar("View", bound=Callable[..., Any])


def limited(budget: str) -> Callable[[View], View]:
    """Count this view's POSTs against ``budget`` (a key of ``BUDGETS``), per client address."""
    if budget not in BUDGETS:
        raise ValueError(f"no budget {budget!r}: one of {', '.join(BUDGETS)}")

    def mark(view: View) -> View:
        setattr(view, _MARK, budget)
        return view

    return mark


def limit_of(view: Callable[..., Any]) -> str | None:
    """The budget ``view`` counts against; None when it is not limited."""
    return getattr(view, _MARK, None)


def client() -> str:
    """Whose budget a request spends: its address (the phone's, behind the proxies SCOREKEEPER_PROXIES counts); an
    IPv6 address by its /64 network, which a single phone or household holds whole."""
    address = request.remote_addr or ""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address or "unknown"
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def enabled(app: Flask) -> bool:
    """Whether ``app`` limits anything: SCOREKEEPER_RATE_LIMITS (on or off); on, except in an app for tests."""
    value = app.config.get("RATE_LIMITS")
    if value is None or value == "":
        return not app.testing
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word not in _ON | _OFF:
        raise SettingError(f"SCOREKEEPER_RATE_LIMITS is {value!r}: it is on or off")
    return word in _ON


def budgets(app: Flask) -> dict[str, str]:
    """Each budget's limits as ``app`` is configured, checked: a setting the ``limits`` package cannot read stops
    the server at start, naming its variable."""
    made: dict[str, str] = {}
    for budget, (key, variable, default) in BUDGETS.items():
        value = str(app.config.get(key) or default)
        try:
            parsed = parse_many(value)
        except ValueError:
            parsed = []
        if not parsed:
            raise SettingError(f"{variable} is {value!r}: write a rate limit such as {default!r} (a count per second, "
                               "minute, hour or day; several parts separated by ';' all hold)")
        made[budget] = app.config[key] = value
    return made


def init_app(app: Flask) -> None:
    """Count every view marked ``limited`` against its budget: called once the blueprints are registered."""
    limits = budgets(app)
    if not enabled(app):
        return
    redis_url = app.config.get("REDIS_URL")
    options: dict[str, str | int] = (
        {"socket_connect_timeout": STORAGE_TIMEOUT, "socket_timeout": STORAGE_TIMEOUT} if redis_url else {})
    limiter = Limiter(client, storage_uri=redis_url or "memory://", storage_options=options,
                      key_prefix="scorekeeper", strategy="fixed-window",
                      # Redis lost: count in this process's memory meanwhile, and never refuse a write for it.
                      swallow_errors=True, in_memory_fallback_enabled=True)
    limiter.init_app(app)
    app.extensions[EXTENSION] = limiter
    for endpoint, view in list(app.view_functions.items()):
        if (budget := limit_of(view)) is not None:
            # Shared by scope: the API's and the pages' creates spend one budget. POST only: a form's GET is free.
            counted: Any = limiter.shared_limit(limits[budget], scope=budget, methods=["POST"], deduct_when=made)
            app.view_functions[endpoint] = counted(view)


def made(response: Response) -> bool:
    """Whether an answer made something, and so spends the budget: the API's 201, a page's redirect to what it
    made. A form shown again with its problems, or any refusal, spends nothing (a phone fumbling a form is never
    held back for it), so a budget counts what was made."""
    return response.status_code in (201, 302, 303)


def retry_after() -> int:
    """Seconds until the budget this request ran out of has room again (a minute when that cannot be read)."""
    limiter: Limiter | None = current_app.extensions.get(EXTENSION)
    try:
        current = limiter.current_limit if limiter is not None else None
        reset = current.reset_at if current is not None else None
    except Exception:  # the storage lost meanwhile: any wait is a guess
        reset = None
    return max(1, math.ceil(reset - time.time())) if reset else 60
