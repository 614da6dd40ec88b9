"""What ``/healthz`` checks (read only): the database answers, its schema is the one this code migrates to, and
Redis answers when the server is configured with it. Each check says a word, never a secret or an address."""

from __future__ import annotations

import logging
import re
from functools import cache
from typing import Any

from alembic.script import ScriptDirectory
from flask import current_app
from sqlalchemy import Connection, inspect, text

from ..extensions import db

log = logging.getLogger(__name__)
VERSION_TABLE = "alembic_version"
"""Where Alembic keeps the revision a database is at (its default name; migrations/env.py keeps it)."""
REDIS_TIMEOUT = 2
"""Seconds Redis may take to answer before it counts as unreachable."""
_CREDENTIALS = re.compile(r"://[^/@\s]*@")
_clients: dict[str, Any] = {}
"""A Redis client per address, kept: a checker asks every few seconds, and each asking reuses the connection."""


@cache
def code_heads(directory: str) -> frozenset[str]:
    """The revisions this code's migrations end at (read once: they change only with the code)."""
    return frozenset(ScriptDirectory(directory).get_heads())


@cache
def known_revisions(directory: str) -> frozenset[str]:
    """Every revision this code's migrations hold."""
    return frozenset(script.revision for script in ScriptDirectory(directory).walk_revisions())


def _why(error: BaseException) -> str:
    """An error's kind and first line for the log, without any credentials of an address in it."""
    first = (str(error).strip().splitlines() or [""])[0]
    return f"{type(error).__name__}: {_CREDENTIALS.sub('://…@', first)[:300]}"


def _revisions(connection: Connection) -> frozenset[str]:
    """The revisions the database is at, read from Alembic's table as it is (Alembic's MigrationContext would log
    two lines on every check); none before the first migration."""
    if not inspect(connection).has_table(VERSION_TABLE):
        return frozenset()
    return frozenset(str(revision) for revision in connection.scalars(text(f"SELECT version_num FROM {VERSION_TABLE}")))


def database_checks() -> tuple[str, str]:
    """The database ("ok" or "unreachable") and its migrations: "ok" at this code's head; "behind" when
    ``scorekeeper upgrade`` would bring it there; "ahead" when a newer version migrated it (a revision this code
    does not know); "unknown" when the database could not be read."""
    directory = str(current_app.extensions["migrate"].directory)
    try:
        with db.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
            current = _revisions(connection)
    except Exception as error:  # any failure to reach or read it is what this check reports
        log.warning("health: the database is unreachable (%s)", _why(error))
        return "unreachable", "unknown"
    if current == code_heads(directory):
        return "ok", "ok"
    if current <= known_revisions(directory):
        log.warning("health: the database's schema is behind this code's: run `scorekeeper upgrade`")
        return "ok", "behind"
    log.warning("health: the database was migrated by a newer version of scorekeeper than this one")
    return "ok", "ahead"


def redis_check(url: str | None) -> str:
    """Redis: "ok", "unreachable", or "not configured" (the in-process broker and counts in memory)."""
    if not url:
        return "not configured"
    try:
        import redis

        client = _clients.get(url)
        if client is None:
            client = _clients[url] = redis.Redis.from_url(url, socket_connect_timeout=REDIS_TIMEOUT,
                                                          socket_timeout=REDIS_TIMEOUT)
        client.ping()
    except Exception as error:  # any failure to reach it is what this check reports
        log.warning("health: Redis is unreachable (%s)", _why(error))
        return "unreachable"
    return "ok"


def health(redis_url: str | None) -> tuple[bool, dict[str, str]]:
    """Whether the server can serve (every check fine), and each check's word."""
    database, migrations = database_checks()
    checks = {"database": database, "migrations": migrations, "redis": redis_check(redis_url)}
    return database == "ok" and migrations == "ok" and checks["redis"] in ("ok", "not configured"), checks
