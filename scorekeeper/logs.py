"""What the server writes to its log, and how: ``SCOREKEEPER_LOG_LEVEL`` (debug, info, warning, error; info unless
said) and ``SCOREKEEPER_LOG_FORMAT`` (``plain`` lines as gunicorn writes its own, or ``json``: one object a line,
for a log collector). Both hold for the app's own lines, for the rate limiter's and for gunicorn's (its error log
and the access log, ``access_log.RedactingLogger``).

No secret reaches the log: a line's text passes through ``redact``, which blanks out the secret of every address
it holds (an edit or club link's ``?key=``, a confirmation page's or a board's token) and keeps its shape.
Standard library only: gunicorn's logger class and the app both use it.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, TextIO

HIDDEN = "[redacted]"
SECRET_PATHS = re.compile(
    r"(?P<head>/c/[^/?#\s\"]+/\d+/|/board/|/boards/|/t/screen/)(?P<secret>[^/?#&\s\"]+)")
"""A confirmation page's secret (its path after the side), a board's view token, a venue screen's."""
SECRET_QUERY = re.compile(r"(?P<head>[?&](?:key|token|edit_token|view_token|club_token)=)(?P<secret>[^&#\s\"]*)",
                          re.IGNORECASE)
"""``?key=`` of an edit or club link (and any other secret someone puts in a query)."""

LEVELS = ("debug", "info", "warning", "error", "critical")
FORMATS = ("plain", "json")
LOGGERS = ("scorekeeper", "flask-limiter", "alembic")
"""The loggers the app configures: its own modules' (``app.logger`` is ``scorekeeper.app``), the rate limiter's
(a limit reached, its storage lost and found again) and the migrations' (``migrations/env.py`` then leaves them
be)."""
PLAIN = "%(asctime)s [%(process)d] [%(levelname)s] %(name)s: %(message)s"
PLAIN_TIME = "[%Y-%m-%d %H:%M:%S %z]"
"""gunicorn's own line and time format, so the app's lines read like the server's around them."""


class SettingError(ValueError):
    """A setting of the environment the server cannot run with; its message names the variable and the choices."""


def redact(text: str) -> str:
    """``text`` (a request line, a path, a query, a URL, a log line) with every secret of an address blanked out."""
    text = SECRET_PATHS.sub(lambda m: m["head"] + HIDDEN, text)
    return SECRET_QUERY.sub(lambda m: m["head"] + HIDDEN, text)


def settings(values: Mapping[str, Any]) -> tuple[str, str]:
    """The log level and format that ``values`` (the app's config, keys LOG_LEVEL and LOG_FORMAT, or the
    environment, keys SCOREKEEPER_LOG_LEVEL and SCOREKEEPER_LOG_FORMAT) ask for: ("info", "plain") unless said."""
    level = str(values.get("LOG_LEVEL") or values.get("SCOREKEEPER_LOG_LEVEL") or "info").strip().lower()
    kind = str(values.get("LOG_FORMAT") or values.get("SCOREKEEPER_LOG_FORMAT") or "plain").strip().lower()
    if level not in LEVELS:
        raise SettingError(f"SCOREKEEPER_LOG_LEVEL is {level!r}: it is one of {', '.join(LEVELS)}")
    if kind not in FORMATS:
        raise SettingError(f"SCOREKEEPER_LOG_FORMAT is {kind!r}: it is one of {', '.join(FORMATS)}")
    return level, kind


class PlainFormatter(logging.Formatter):
    """gunicorn's line (time, process, level) with the logger's name, the message redacted."""

    def __init__(self, fmt: str = PLAIN) -> None:
        super().__init__(fmt, PLAIN_TIME)

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message, the exception's traceback if any, and
    an access line's fields (``record.access``, already redacted). The message is redacted."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "process": record.process,
            "message": redact(record.getMessage()),
        }
        access = getattr(record, "access", None)
        if isinstance(access, Mapping):
            line.update(access)
        if record.exc_info:
            line["exception"] = redact(self.formatException(record.exc_info))
        elif record.exc_text:
            line["exception"] = redact(record.exc_text)
        return json.dumps(line, ensure_ascii=False, default=str)


def formatter(kind: str) -> logging.Formatter:
    """The formatter of ``kind`` ("plain" or "json")."""
    return JsonFormatter() if kind == "json" else PlainFormatter()


class StandardError(logging.StreamHandler[TextIO]):
    """A handler writing to the process's standard error as it is when a line is written, not as it was when the
    handler was made (a test's captured stream; a worker's after gunicorn redirects it)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property  # type: ignore[override]
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, value: TextIO) -> None:
        pass


def configure(level: str, kind: str) -> None:
    """The app's loggers (``LOGGERS``) at ``level``, each line written to standard error in ``kind``'s format.
    Made again by each app the process creates (the tests make many): the handler of the last one stays."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(level.upper())
        for handler in [h for h in logger.handlers if isinstance(h, StandardError)]:
            logger.removeHandler(handler)
        handler = StandardError()
        handler.setFormatter(formatter(kind))
        logger.addHandler(handler)
        logger.propagate = False  # written once, here, whatever else the process configured (Alembic's root)
    # Which of its own autogenerate plugins Alembic loaded, said at INFO on every start: not news to an operator.
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)
