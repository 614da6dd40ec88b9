"""``/healthz`` for a load balancer, a container's health check or a monitor: 200 when the database
answers at this code's schema (and Redis, when configured); else 503 naming the part that failed, in words, with
no address or secret. Real databases and a real Redis, made to fail the way they fail on a server: a database
server gone, a database dropped under the app, a schema not migrated, a Redis nobody listens for."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import text

from scorekeeper import MIGRATIONS, create_app
from tests.support.app import PG_URL, migrated_app, pg_database
from tests.support.servers import free_port

pytestmark = pytest.mark.postgresql  # the database answering is what is checked: both of them

REDIS_URL = os.environ.get("SCOREKEEPER_TEST_REDIS_URL")
OK = {"database": "ok", "migrations": "ok", "redis": "not configured"}


def _health(app: Flask, status: int) -> dict[str, Any]:
    answer = app.test_client().get("/healthz")
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.mimetype == "application/json"
    assert answer.headers["Cache-Control"] == "no-store"
    body = json.loads(answer.get_data(as_text=True))
    assert body["status"] == ("ok" if status == 200 else "failing"), body
    assert set(body) == {"status", "checks"}, body
    return dict(body["checks"])


def test_a_healthy_server_answers_200_without_any_token(app: Flask) -> None:
    assert _health(app, 200) == OK
    assert app.test_client().head("/healthz").status_code == 200


def test_the_database_server_gone_is_503_naming_the_database_and_no_secret(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """A PostgreSQL server nobody listens for (stopped, or its host gone): the check says so in a word; the answer
    and the log hold neither its address nor its password."""
    port = free_port()
    app = create_app({"TESTING": True, "SECRET_KEY": "x",
                      "SQLALCHEMY_DATABASE_URI": f"postgresql://keeper:pw-s3cret@127.0.0.1:{port}/scores"})
    app.instance_path = str(tmp_path / "instance")
    answer = app.test_client().get("/healthz")
    assert _health(app, 503) == {"database": "unreachable", "migrations": "unknown", "redis": "not configured"}
    assert not {"pw-s3cret", str(port), "127.0.0.1", "keeper", "postgresql"} & set(
        answer.get_data(as_text=True).replace('"', " ").replace(":", " ").split())
    log = capfd.readouterr().err
    assert "health: the database is unreachable (OperationalError" in log, log
    assert "pw-s3cret" not in log


@pytest.mark.skipif(not PG_URL, reason="set SCOREKEEPER_TEST_DATABASE_URL to drop a PostgreSQL database")
def test_the_database_dropped_under_the_app_is_503(tmp_path: Path) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    assert PG_URL
    with pg_database(migrated=True) as url, migrated_app(url, tmp_path) as app:
        assert _health(app, 200) == OK  # its connection is in the pool now
        with psycopg.connect(PG_URL, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE {make_url(url).database} WITH (FORCE)")
        assert _health(app, 503) == {"database": "unreachable", "migrations": "unknown", "redis": "not configured"}


def test_a_database_behind_or_ahead_of_the_code_is_503(database_url: str, tmp_path: Path) -> None:
    """Migrated to an older revision (gunicorn started directly, never `scorekeeper upgrade`): behind, until
    upgraded; migrated by a newer version (a revision this code does not know): ahead. Empty: behind."""
    from flask_migrate import upgrade

    from scorekeeper.extensions import db

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": database_url})
    app.instance_path = str(tmp_path / "instance")
    try:
        assert _health(app, 503) == {**OK, "migrations": "behind"}
        with app.app_context():
            upgrade(directory=str(MIGRATIONS), revision="0009")
        assert _health(app, 503) == {**OK, "migrations": "behind"}
        with app.app_context():
            upgrade(directory=str(MIGRATIONS))
        assert _health(app, 200) == OK
        with app.app_context():
            db.session.execute(text("UPDATE alembic_version SET version_num = '0099'"))
            db.session.commit()
        assert _health(app, 503) == {**OK, "migrations": "ahead"}
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.mark.skipif(not REDIS_URL, reason="set SCOREKEEPER_TEST_REDIS_URL to check a real Redis")
def test_redis_configured_and_answering(database_url: str, tmp_path: Path) -> None:
    with migrated_app(database_url, tmp_path, REDIS_URL=REDIS_URL) as app:
        assert _health(app, 200) == {**OK, "redis": "ok"}


def test_redis_configured_and_gone_is_503_naming_redis(database_url: str, tmp_path: Path) -> None:
    port = free_port()
    with migrated_app(database_url, tmp_path, REDIS_URL=f"redis://:pw-s3cret@127.0.0.1:{port}/0") as app:
        answer = app.test_client().get("/healthz")
        assert _health(app, 503) == {**OK, "redis": "unreachable"}
        assert "s3cret" not in answer.get_data(as_text=True) and str(port) not in answer.get_data(as_text=True)
