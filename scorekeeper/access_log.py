"""The access log of ``scorekeeper serve`` without the secrets some addresses carry.

An edit link (``/m/<id>/join?key=…``), a club's link (``/clubs/<id>/join?key=…``), a side's confirmation page
(``/c/<id>/<side>/<secret>``) and a board (``/board/<view token>``, ``/api/v1/boards/<view token>``) carry
their secret in the address, and a page's own requests send that address back as their Referer. gunicorn logs
the request line, the Referer and (in a custom format) any header or environ value: every value it would log
passes through ``redact`` first, which keeps the shape of the address and blanks the secret out. The
Authorization and Cookie headers are never logged.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from datetime import timedelta
from typing import TYPE_CHECKING, Any, cast

from gunicorn.glogging import Logger

if TYPE_CHECKING:
    from gunicorn.glogging import _AtomsDict
    from gunicorn.http import Request
    from gunicorn.http.wsgi import Response

HIDDEN = "[redacted]"
SECRET_PATHS = re.compile(
    r"(?P<head>/c/[^/?#\s\"]+/\d+/|/board/|/boards/|/t/screen/)(?P<secret>[^/?#&\s\"]+)")
"""A confirmation page's secret (its path after the side), a board's view token, a venue screen's."""
SECRET_QUERY = re.compile(r"(?P<head>[?&](?:key|token|edit_token|view_token|club_token)=)(?P<secret>[^&#\s\"]*)",
                          re.IGNORECASE)
"""``?key=`` of an edit or club link (and any other secret someone puts in a query)."""
UNLOGGED = frozenset({"{authorization}i", "{cookie}i", "{http_authorization}e", "{http_cookie}e",
                      "{set-cookie}o"})


def redact(text: str) -> str:
    """``text`` (a request line, a path, a query, a URL) with every secret of an address blanked out."""
    text = SECRET_PATHS.sub(lambda m: m["head"] + HIDDEN, text)
    return SECRET_QUERY.sub(lambda m: m["head"] + HIDDEN, text)


class RedactingLogger(Logger):
    """gunicorn's logger (``--logger-class scorekeeper.access_log.RedactingLogger``), its access log redacted."""

    def atoms(self, resp: Response, req: Request, environ: MutableMapping[str, Any],
              request_time: timedelta) -> _AtomsDict:
        atoms: dict[str, Any] = dict(super().atoms(resp, req, environ, request_time))
        # The same keys, redacted: gunicorn's stubs type them as a TypedDict of its one-letter atoms only, but
        # the mapping also holds every "{header}i", "{name}e" and "{header}o" a log format may name.
        return cast("_AtomsDict", {key: HIDDEN if key.lower() in UNLOGGED else redact(value)
                                   if isinstance(value, str) else value for key, value in atoms.items()})
