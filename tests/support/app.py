"""The app on a database of its own, migrated as `scorekeeper serve` migrates it. The database is migrated once per
test process and copied for each test, not migrated nine times over: a SQLite file copied, a PostgreSQL database
made with ``CREATE DATABASE … TEMPLATE`` from the process's migrated one. The copy has the same tables, indexes
and Alembic version as a migration of its own gives (tests/api/test_migrations.py migrates step by step).

The app itself is made once per test process and configuration too (``reused_app``, behind the ``app`` fixture):
making one costs about 60 ms, nearly all of it Werkzeug compiling the URL rules: well over a minute of the suite.
Before each test it gets a fresh copy of the database and everything a test could have changed put back; a test
that changes what cannot be put back (adds a route) asks for an app of its own (``fresh_app``)."""

from __future__ import annotations

import atexit
import copy
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
from scorekeeper.app import ENVIRONMENT

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


def _made(database_url: str, tmp_path: Path, config: dict[str, Any]) -> Flask:
    """The app for tests on ``database_url`` (TESTING, ``config`` over the test defaults), its instance folder under
    ``tmp_path``, its templates compiled once per process."""
    application = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": database_url,
        "SECRET_KEY": "test-secret",
        **config,
    })
    application.instance_path = str(tmp_path / "instance")
    return compiled_once(application)


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
    application = _made(database_url, tmp_path, config)
    if not copied:
        migrate(application)
    try:
        yield application
    finally:
        _dispose(application)


# ---- One app per test process and configuration, reset before each test. ----


FRESH_APPS = os.environ.get("SCOREKEEPER_TEST_FRESH_APPS") == "1"
"""Every test's app made for it alone, none reused (SCOREKEEPER_TEST_FRESH_APPS=1): to tell whether a failure
comes from something one test left on a reused app for the next."""

_HOOKS = ("view_functions", "blueprints", "before_request_funcs", "after_request_funcs", "teardown_request_funcs",
          "teardown_appcontext_funcs", "url_value_preprocessors", "url_default_functions",
          "template_context_processors", "error_handler_spec", "shell_context_processors")
"""An app's registries of views, hooks and error handlers: what making it set up, and no reset puts back."""


def _filled(value: Any) -> Any:
    """``value``'s dicts and lists copied down to what they hold, empty ones left out (Flask's registries are
    defaultdicts, which a mere look-up fills with an empty entry)."""
    if isinstance(value, dict):
        return {key: kept for key, item in value.items() if (kept := _filled(item)) not in ({}, [])}
    if isinstance(value, list):
        return [_filled(item) for item in value]
    return value


def _structure(application: Flask) -> list[Any]:
    """What a test could add to or replace on an app that no reset puts back: its routes, views, hooks, error
    handlers and blueprints, its templates' globals, filters and tests, and what serves its requests."""
    env = application.jinja_env
    return [list(application.url_map.iter_rules()), *(_filled(getattr(application, name)) for name in _HOOKS),
            dict(env.globals), dict(env.filters), dict(env.tests), env.loader, env.bytecode_cache,
            application.session_interface, application.wsgi_app, application.json, application.static_folder,
            application.template_folder]


def _forget_kept_reads() -> None:
    """Forget what this process keeps of each match between requests (boards' texts, rules, replays to say in a
    language): each is kept by the match's id, and a test that draws ids as an earlier one did (``secrets``
    patched) would otherwise be served the earlier test's match."""
    from scorekeeper.services import boards, state

    boards._texts = type(boards._texts)(boards.KEPT_BYTES)  # read first: a renamed cache fails here, not silently
    state._RULES.clear()
    with state._sayable_lock:
        state._SAYABLE.clear()


_REUSED_FOLDER: list[Path] = []
"""Where this process's reused apps keep their SQLite files, once made."""


def _reused_folder() -> Path:
    if not _REUSED_FOLDER:
        folder = Path(tempfile.mkdtemp(prefix="scorekeeper-apps-"))
        atexit.register(shutil.rmtree, folder, True)
        _REUSED_FOLDER.append(folder)
    return _REUSED_FOLDER[0]


class _ReusedApp:
    """An app this process keeps for every test on the same database and configuration, at an address of its own:
    a SQLite file, or a PostgreSQL database's name. ``begin`` readies it for a test: the database a fresh copy of
    the migrated one (a SQLite file copied over its file, a PostgreSQL database made from the template), and its
    config, extensions, instance folder and logging as the app was made; ``end`` closes the test's connections and
    drops its PostgreSQL database, and says whether the app may serve the next test."""

    def __init__(self, backend: str, config: dict[str, Any], tmp_path: Path) -> None:
        from scorekeeper.rate_limits import EXTENSION

        self.database = (_reused_folder() / f"app-{secrets.token_hex(4)}.sqlite" if backend == "sqlite"
                         else f"scorekeeper_test_{secrets.token_hex(6)}")
        url = f"sqlite:///{self.database}" if backend == "sqlite" else pg_url(str(self.database))
        self.app = _made(url, tmp_path, config)
        self.config = copy.deepcopy(dict(self.app.config))
        self.extensions = dict(self.app.extensions)
        self.structure = _structure(self.app)
        # Budgets counted (SCOREKEEPER_RATE_LIMITS=on in the environment): the limiter's counts, in memory or in
        # Redis, would carry over, and the limiter has more state than its storage; such an app serves one test.
        self.reusable = EXTENSION not in self.extensions

    def begin(self, tmp_path: Path) -> Flask:
        from scorekeeper import logs

        application = self.app
        _dispose(application)  # any connection a thread the last test left made after its end
        if isinstance(self.database, Path):
            for suffix in ("", "-wal", "-shm", "-journal"):  # a new file: a connection left open keeps the old one
                Path(f"{self.database}{suffix}").unlink(missing_ok=True)
            shutil.copyfile(_sqlite_template(), self.database)
        else:
            _pg_execute(f"CREATE DATABASE {self.database} TEMPLATE {_pg_template()}")
        application.config.clear()
        application.config.update(copy.deepcopy(self.config))
        for key in application.extensions.keys() - self.extensions.keys():
            del application.extensions[key]
        application.extensions.update(self.extensions)
        application.instance_path = str(tmp_path / "instance")
        logs.configure(*logs.settings(application.config))  # as making it did: an app made since set them its way
        _forget_kept_reads()
        return application

    def end(self) -> bool:
        _dispose(self.app)
        if not isinstance(self.database, Path):
            _pg_drop(str(self.database))
        return self.reusable and _structure(self.app) == self.structure


_REUSED: dict[tuple[str, str, str], _ReusedApp] = {}
"""This process's apps not serving a test now, by database ("sqlite" or "postgresql"), configuration and the
SCOREKEEPER_* environment the app read when made."""


@contextmanager
def reused_app(backend: str, tmp_path: Path, **config: Any) -> Iterator[Flask]:
    """The app (TESTING, ``config`` over the test defaults) on a fresh migrated database on ``backend``
    ("sqlite" or "postgresql"): this process's app for that database and configuration, reset for the test, or
    made now. Its instance folder is under ``tmp_path``. An app the test changed beyond what ``begin`` puts back
    (a route added, a hook, a template global) is dropped after it, and the next test gets a new one."""
    key = (backend, repr(sorted(config.items())), repr([os.environ.get(variable) for variable in ENVIRONMENT]))
    reused = None if FRESH_APPS else _REUSED.pop(key, None)  # popped: never two tests on one app at once
    if reused is None:
        reused = _ReusedApp(backend, config, tmp_path)
    try:
        yield reused.begin(tmp_path)
    finally:
        if reused.end() and not FRESH_APPS:
            _REUSED[key] = reused


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
