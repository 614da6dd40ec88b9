"""Fixtures: an app on a fresh, migrated database per test, and its client. Every test that asks for one runs on
SQLite; the tests where the database can change what a user sees (marked ``postgresql``: text PostgreSQL refuses,
constraints and retries, stored JSON, times, streams, exports and imports, migrations, real servers) run on
PostgreSQL too when SCOREKEEPER_TEST_DATABASE_URL names one, and every test does with
SCOREKEEPER_TEST_ALL_BACKENDS=1 (`make test-pg`). The app is made once per test process and database, and reset
before each test; a test marked ``fresh_app`` gets one made for it alone. The helpers behind them live in
tests/support/; the browser's fixtures in tests/browser/conftest.py, the live servers' in tests/system/conftest.py."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.app import PG_URL, migrated_app, migrated_database, pg_database, reused_app

ALL_BACKENDS = os.environ.get("SCOREKEEPER_TEST_ALL_BACKENDS") == "1"
"""Every test on both databases, not only those marked ``postgresql`` (`make test-pg`)."""
POSTGRESQL = pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL, reason="set SCOREKEEPER_TEST_DATABASE_URL to run on PostgreSQL"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fresh_app: the test changes its app beyond what a reset puts back (adds a "
                            "route to it): it gets an app made for it alone, not the process's reused one")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test on a database runs on SQLite, and on PostgreSQL too if it is marked ``postgresql`` (itself, its
    class or its module) or every test is asked for."""
    if "backend" in metafunc.fixturenames:
        both = ALL_BACKENDS or metafunc.definition.get_closest_marker("postgresql") is not None
        metafunc.parametrize("backend", ["sqlite", POSTGRESQL] if both else ["sqlite"], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database the test runs on: "sqlite" or "postgresql"."""
    return str(request.param)


@pytest.fixture
def database_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file not made yet, or a PostgreSQL database of its own."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite'}"
        return
    with pg_database(migrated=False) as url:
        yield url


@pytest.fixture
def app(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Flask]:
    """The app on a migrated database of its own (a copy of the one this process migrated): this process's app for
    the backend, reset for the test (``reused_app``), or one made for the test alone if it is marked ``fresh_app``."""
    if request.node.get_closest_marker("fresh_app") is not None:
        with migrated_database(backend, tmp_path) as url, migrated_app(url, tmp_path) as application:
            yield application
        return
    with reused_app(backend, tmp_path) as application:
        yield application


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()
