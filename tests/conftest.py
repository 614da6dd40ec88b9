"""Fixtures: an app on a fresh, migrated database per test (SQLite; PostgreSQL when configured), and its
client. The helpers behind them live in tests/support/; the browser's fixtures in tests/browser/conftest.py,
the live servers' in tests/system/conftest.py."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.app import migrated_app

PG_URL = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")

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


@pytest.fixture
def app(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    """The app on a migrated database of its own."""
    with migrated_app(database_url, tmp_path) as application:
        yield application


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()
