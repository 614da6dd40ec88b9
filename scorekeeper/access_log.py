"""The access log of ``scorekeeper serve`` without the secrets some addresses carry, in the log format the
environment asks for (``SCOREKEEPER_LOG_FORMAT``, ``logs.py``).

An edit link (``/m/<id>/join?key=…``), a club's link (``/clubs/<id>/join?key=…``), a side's confirmation page
(``/c/<id>/<side>/<secret>``) and a board (``/board/<view token>``, ``/api/v1/boards/<view token>``) carry
their secret in the address, and a page's own requests send that address back as their Referer. gunicorn logs
the request line, the Referer and (in a custom format) any header or environ value: every value it would log
passes through ``redact`` first, which keeps the shape of the address and blanks the secret out. The
Authorization and Cookie headers are never logged.

In ``json`` format every line gunicorn writes (its error log and the access log) is one JSON object; an access
line carries the request's fields (``remote``, ``method``, ``path``, ``status``, ``bytes``, ``referer``,
``user_agent``, ``duration_ms``), redacted alike.
"""

from __future__ import annotations

import logging
import os
import traceback
from collections.abc import MutableMapping
from datetime import timedelta
from typing import TYPE_CHECKING, Any, cast

from gunicorn.glogging import Logger

from .logs import HIDDEN, SECRET_PATHS, SECRET_QUERY, JsonFormatter, PlainFormatter, redact, settings

if TYPE_CHECKING:
    from gunicorn.config import Config
    from gunicorn.glogging import _AtomsDict
    from gunicorn.http import Request
    from gunicorn.http.wsgi import Response

__all__ = ["HIDDEN", "SECRET_PATHS", "SECRET_QUERY", "UNLOGGED", "RedactingLogger", "redact"]

QUERIES = frozenset({"q", "{query_string}e"})
"""The atoms that hold a query string alone (``key=…&x=1``, no ``?`` before it)."""
UNLOGGED = frozenset({"{authorization}i", "{cookie}i", "{http_authorization}e", "{http_cookie}e",
                      "{set-cookie}o"})


class RedactingLogger(Logger):
    """gunicorn's logger (``--logger-class scorekeeper.access_log.RedactingLogger``), its access log redacted, its
    lines JSON objects when SCOREKEEPER_LOG_FORMAT is ``json``."""

    json_lines = False

    def setup(self, cfg: Config) -> None:
        super().setup(cfg)
        self.json_lines = settings(os.environ)[1] == "json"
        # Its error log redacted too (a failed request's line names its address), in gunicorn's own line format or
        # as JSON; the access log's plain lines are made of the redacted atoms below.
        for handler in _own(self.error_log.handlers):
            handler.setFormatter(JsonFormatter() if self.json_lines else PlainFormatter(self.error_fmt))
        for handler in _own(self.access_log.handlers) if self.json_lines else ():
            handler.setFormatter(JsonFormatter())

    def atoms(self, resp: Response, req: Request, environ: MutableMapping[str, Any],
              request_time: timedelta) -> _AtomsDict:
        atoms: dict[str, Any] = dict(super().atoms(resp, req, environ, request_time))
        # The same keys, redacted: gunicorn's stubs type them as a TypedDict of its one-letter atoms only, but
        # the mapping also holds every "{header}i", "{name}e" and "{header}o" a log format may name.
        return cast("_AtomsDict", {key: HIDDEN if key.lower() in UNLOGGED else _redacted(key, value)
                                   if isinstance(value, str) else value for key, value in atoms.items()})

    def access(self, resp: Response, req: Request, environ: MutableMapping[str, Any],
               request_time: timedelta) -> None:
        if not self.json_lines:
            super().access(resp, req, environ, request_time)
            return
        if not self.access_log_enabled:
            return
        atoms: dict[str, Any] = dict(self.atoms(resp, req, environ, request_time))
        query = atoms.get("q") or ""
        fields = {
            "remote": atoms.get("h"),
            "method": atoms.get("m"),
            "path": str(atoms.get("U") or "") + (f"?{query}" if query else ""),
            "status": int(atoms["s"]) if str(atoms.get("s", "")).isdigit() else atoms.get("s"),
            "bytes": atoms.get("B"),
            "referer": None if atoms.get("f") in (None, "-") else atoms.get("f"),
            "user_agent": None if atoms.get("a") in (None, "-") else atoms.get("a"),
            "duration_ms": round(int(atoms.get("D") or 0) / 1000, 1),
        }
        try:
            self.access_log.info("%s %s %s", fields["method"], fields["path"], fields["status"],
                                 extra={"access": fields})
        except Exception:
            self.error(traceback.format_exc())


def _own(handlers: list[logging.Handler]) -> list[logging.Handler]:
    """The handlers gunicorn set itself (not a logging configuration's)."""
    return [handler for handler in handlers if getattr(handler, "_gunicorn", False)]


def _redacted(atom: str, value: str) -> str:
    """An atom's value redacted; a query string (``%(q)s``, ``{query_string}e``) is one without its ``?``."""
    if atom in QUERIES:
        return redact("?" + value)[1:]
    return redact(value)
