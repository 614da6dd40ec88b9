"""The app on a database of its own, migrated as `scorekeeper serve` migrates it. The database is migrated once per
test process and copied for each test, not migrated nine times over: a SQLite file copied, a PostgreSQL database
made with ``CREATE DATABASE … TEMPLATE`` from the process's migrated one. The copy has the same tables, indexes
and Alembic version as a migration of its own gives (tests/api/test_migrations.py migrates step by step)."""

from __future__ import annotations

import atexit
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from jinja2 import FileSystemBytecodeCache

from scorekeeper import MIGRATIONS, create_app

PG_URL = os.environ.get("SCOREKEEPER_TEST_DATABASE_URL")
"""A PostgreSQL server's database the tests may use to make databases of their own (CI's:
postgresql://postgres@127.0.0.1:5432/test); without it the tests run on SQLite only."""


def migrate(app: Flask) -> None:
    """Run the Alembic migrations on the app's database."""
    from flask_migrate import upgrade

    with app.app_context():
        upgrade(directory=str(MIGRATIONS))


def _dispose(application: Flask) -> None:
    from scorekeeper.extensions import db

    with application.app_context():
        db.session.remove()
        db.engine.dispose()


def _migrated(database_url: str) -> None:
    application = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test-secret"})
    migrate(application)
    _dispose(application)  # PostgreSQL copies no template another session is connected to


_COMPILED: list[FileSystemBytecodeCache] = []
"""The pages' templates compiled once per test process: every test's app would otherwise parse and compile the
same templates again on its first page (about a quarter of a second of each such test's time)."""


def compiled_once(application: Flask) -> Flask:
    """``application`` with its templates read from, and compiled into, this process's bytecode cache (Jinja keys
    it by each template's name and checks its source, so a changed template is compiled again)."""
    if not _COMPILED:
        folder = tempfile.mkdtemp(prefix="scorekeeper-templates-")
        atexit.register(shutil.rmtree, folder, True)
        _COMPILED.append(FileSystemBytecodeCache(folder))
    application.jinja_env.bytecode_cache = _COMPILED[0]
    return application


_TEMPLATE: list[Path] = []
"""The migrated SQLite database this process copies, once made."""


def _sqlite_template() -> Path:
    if not _TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="scorekeeper-migrated-"))
        atexit.register(shutil.rmtree, folder, True)
        path = folder / "migrated.sqlite"
        _migrated(f"sqlite:///{path}")
        _TEMPLATE.append(path)
    return _TEMPLATE[0]


# ---- PostgreSQL: a database per test, made from a template database this process migrated once. ----


def _pg_execute(sql: str) -> None:
    """Run ``sql`` outside a transaction (CREATE and DROP DATABASE need that) on PG_URL's database."""
    import psycopg

    assert PG_URL
    with psycopg.connect(PG_URL, autocommit=True) as connection:
        connection.execute(sql)


def pg_url(name: str) -> str:
    """The SQLAlchemy address of the database ``name`` on PG_URL's server."""
    from sqlalchemy.engine import make_url

    assert PG_URL
    return make_url(PG_URL).set(drivername="postgresql+psycopg", database=name).render_as_string(hide_password=False)


def _pg_drop(name: str) -> None:
    _pg_execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")  # FORCE: a server a test left running lets go


_PG_TEMPLATE: list[str] = []
"""The migrated PostgreSQL database this process copies, once made. Named by the process: pytest-xdist's workers
(and other checkouts' test runs on the same server) each make and drop their own, so none waits on a lock and
none copies a template another process is still connected to."""


def _pg_template() -> str:
    if not _PG_TEMPLATE:
        name = f"scorekeeper_template_{os.getpid()}_{secrets.token_hex(3)}"
        _pg_execute(f"CREATE DATABASE {name} TEMPLATE template0")
        atexit.register(_pg_drop, name)
        _migrated(pg_url(name))
        _PG_TEMPLATE.append(name)
    return _PG_TEMPLATE[0]


_PG_MADE: dict[str, bool] = {}
"""The address of each PostgreSQL database ``pg_database`` made and has not dropped yet: migrated (a copy of the
template) or empty."""


@contextmanager
def pg_database(migrated: bool) -> Iterator[str]:
    """A PostgreSQL database of its own (its address), a copy of the migrated template or empty, dropped after."""
    name = f"scorekeeper_test_{secrets.token_hex(6)}"
    _pg_execute(f"CREATE DATABASE {name} TEMPLATE {_pg_template() if migrated else 'template0'}")
    url = pg_url(name)
    _PG_MADE[url] = migrated
    try:
        yield url
    finally:
        _PG_MADE.pop(url, None)
        _pg_drop(name)


def _pg_made_migrated(url: str) -> None:
    """The empty database ``pg_database`` made at ``url``, made again as a copy of the migrated template."""
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    _pg_execute(f"DROP DATABASE {name} WITH (FORCE)")
    _pg_execute(f"CREATE DATABASE {name} TEMPLATE {_pg_template()}")
    _PG_MADE[url] = True


@contextmanager
def migrated_database(backend: str, tmp_path: Path) -> Iterator[str]:
    """The address of a database of the test's own on ``backend`` ("sqlite" or "postgresql") that
    ``migrated_app`` gives a migrated copy: a SQLite file not made yet, or a copy of the PostgreSQL template."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.sqlite'}"
    else:
        with pg_database(migrated=True) as url:
            yield url


@contextmanager
def migrated_app(database_url: str, tmp_path: Path, **config: Any) -> Iterator[Flask]:
    """The app (TESTING, ``config`` over the test defaults) on ``database_url``, migrated; its instance folder
    under ``tmp_path``; its connections closed afterwards. A SQLite file not made yet becomes a copy of the migrated
    one, an empty PostgreSQL database ``pg_database`` made a copy of the template; any other database is migrated."""
    fresh = Path(database_url.removeprefix("sqlite:///")) if database_url.startswith("sqlite:///") else None
    copied = True
    if fresh is not None and not fresh.exists():
        shutil.copyfile(_sqlite_template(), fresh)
    elif _PG_MADE.get(database_url) is False:
        _pg_made_migrated(database_url)
    elif database_url not in _PG_MADE:
        copied = False
    application = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": database_url,
        "SECRET_KEY": "test-secret",
        **config,
    })
    application.instance_path = str(tmp_path / "instance")
    compiled_once(application)
    if not copied:
        migrate(application)
    try:
        yield application
    finally:
        _dispose(application)


class SharedApps:
    """Apps that live as long as a wider fixture (a module's page sweep, which reads the same matches in many
    tests): one per database asked for, each with a phone (a test client keeping its session), made on first
    use; and whatever ``kept`` was asked to make on one, made once. ``close`` closes them all."""

    def __init__(self, where: Path, **config: Any) -> None:
        self.where = where
        self.config = config
        self._stack = ExitStack()
        self._apps: dict[str, tuple[Flask, FlaskClient]] = {}
        self._kept: dict[tuple[str, str], Any] = {}

    def app(self, backend: str) -> tuple[Flask, FlaskClient]:
        """The app on ``backend`` ("sqlite" or "postgresql") and its phone."""
        if backend not in self._apps:
            folder = self.where / backend
            folder.mkdir()
            url = self._stack.enter_context(migrated_database(backend, folder))
            application = self._stack.enter_context(migrated_app(url, folder, **self.config))
            self._apps[backend] = (application, application.test_client())
        return self._apps[backend]

    def kept(self, backend: str, key: str, make: Callable[[Flask, FlaskClient], Any]) -> Any:
        """``make(app, phone)`` on ``backend``, made once for each ``key``."""
        if (backend, key) not in self._kept:
            self._kept[backend, key] = make(*self.app(backend))
        return self._kept[backend, key]

    def close(self) -> None:
        self._stack.close()
