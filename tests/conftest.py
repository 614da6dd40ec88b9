"""Fixtures: an app on a fresh, migrated database per test (SQLite; PostgreSQL when configured),
its client, and a real `scorekeeper serve` process for tests that need one."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import MIGRATIONS, create_app

PG_URL = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")
REDIS_URL = os.environ.get("SCOREKEEPER_TEST_REDIS_URL")
ROOT = Path(__file__).resolve().parent.parent

BACKENDS = [
    "sqlite",
    pytest.param("postgresql", marks=pytest.mark.skipif(
        not PG_URL, reason="set SCOREKEEPER_TEST_DATABASE_URL to run on PostgreSQL")),
]


def _pg_schema_url(schema: str) -> str:
    assert PG_URL
    base = PG_URL.replace("postgresql://", "postgresql+psycopg://", 1)
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}options=-csearch_path%3D{schema}"


def _pg_execute(sql: str) -> None:
    import psycopg

    assert PG_URL
    with psycopg.connect(PG_URL, autocommit=True) as connection:
        connection.execute(sql)


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite'}"
        return
    schema = f"t_{secrets.token_hex(6)}"
    _pg_execute(f"CREATE SCHEMA {schema}")
    try:
        yield _pg_schema_url(schema)
    finally:
        _pg_execute(f"DROP SCHEMA {schema} CASCADE")


def migrate(app: Flask) -> None:
    """Run the Alembic migrations on the app's database."""
    from flask_migrate import upgrade

    with app.app_context():
        upgrade(directory=str(MIGRATIONS))


@pytest.fixture
def app(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    """The app on a migrated database of its own."""
    application = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": database_url,
        "SECRET_KEY": "test-secret",
    })
    application.instance_path = str(tmp_path / "instance")
    migrate(application)
    yield application
    from scorekeeper.extensions import db

    with application.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """A `scorekeeper serve` process on 127.0.0.1."""

    def __init__(self, url: str, process: subprocess.Popen[bytes], log: Any) -> None:
        self.url = url
        self.process = process
        self.log = log

    def json(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
             timeout: float = 30) -> tuple[int, Any]:
        """Send a JSON request; (status, decoded body)."""
        import json
        import urllib.error

        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def start_server(database_url: str, tmp_path: Path, workers: int = 1,
                 extra_env: dict[str, str] | None = None) -> LiveServer:
    """Start `scorekeeper serve` (which migrates first) and wait until it answers."""
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": database_url, "SCOREKEEPER_SECRET_KEY": "live-test",
           **(extra_env or {})}
    log = open(tmp_path / f"serve-{port}.log", "wb")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), "--workers", str(workers),
         "--quiet"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.close()
            raise RuntimeError(f"scorekeeper serve exited: {(tmp_path / f'serve-{port}.log').read_text()}")
        try:
            with urllib.request.urlopen(url + "/api/v1/variants", timeout=1):
                return LiveServer(url, process, log)
        except OSError:
            time.sleep(0.1)
    process.kill()
    log.close()
    raise RuntimeError("scorekeeper serve did not answer within 30 s")


def stop_server(server: LiveServer) -> None:
    """Stop the server process."""
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
    server.log.close()


@pytest.fixture
def live_server(database_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    """A real `scorekeeper serve` process on a fresh database."""
    server = start_server(database_url, tmp_path)
    yield server
    stop_server(server)
