"""The application factory: configuration, extensions, blueprints and the error pages, in one place."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, Response, g
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.exceptions import HTTPException

# Environment variables read into the configuration, and the key each sets.
ENVIRONMENT = {
    "SCOREKEEPER_DATABASE_URL": "SQLALCHEMY_DATABASE_URI",
    "SCOREKEEPER_REDIS_URL": "REDIS_URL",
    "SCOREKEEPER_SECRET_KEY": "SECRET_KEY",
    "SCOREKEEPER_PUBLIC_URL": "PUBLIC_URL",
    "SCOREKEEPER_PROXIES": "PROXIES",
    "SCOREKEEPER_TRUSTED_HOSTS": "TRUSTED_HOSTS",
    "SCOREKEEPER_HEARTBEAT_SECONDS": "BOARD_HEARTBEAT_SECONDS",
    "SCOREKEEPER_LOG_LEVEL": "LOG_LEVEL",
    "SCOREKEEPER_LOG_FORMAT": "LOG_FORMAT",
    "SCOREKEEPER_RATE_LIMITS": "RATE_LIMITS",
    "SCOREKEEPER_LIMIT_CREATES": "LIMIT_CREATES",
    "SCOREKEEPER_LIMIT_IMPORTS": "LIMIT_IMPORTS",
    "SCOREKEEPER_LIMIT_REGISTRATIONS": "LIMIT_REGISTRATIONS",
}


_PACKAGE = Path(__file__).resolve().parent
ROOT = _PACKAGE / "_data" if (_PACKAGE / "_data").is_dir() else _PACKAGE.parent
"""Where templates/, static/ and migrations/ are: inside the package when installed from a wheel (setup.py
carries them as scorekeeper/_data/), else the checkout's top level, beside the package (editable installs,
tests)."""
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
MIGRATIONS = ROOT / "migrations"
"""Alembic's folder (Flask-Migrate, batch mode so SQLite can alter tables)."""


def _use_script(name: str) -> str:
    """A template's note that this page needs the script ``name`` (static/js/<name>.js); draws nothing."""
    g.setdefault("scripts_used", set()).add(name)
    return ""


def _script_used(name: str) -> bool:
    return name in g.get("scripts_used", ())


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application factory: defaults → instance config.py → SCOREKEEPER_* environment → test_config."""
    app = Flask(__name__, instance_relative_config=True, template_folder=str(TEMPLATES),
                static_folder=str(STATIC))
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=f"sqlite:///{Path(app.instance_path) / 'scorekeeper.sqlite'}",
        SQLALCHEMY_ENGINE_OPTIONS={},
        REDIS_URL=None,
        PUBLIC_URL=None,
        JSON_SORT_KEYS=False,
        MAX_CONTENT_LENGTH=256 * 1024,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        SESSION_COOKIE_SAMESITE="Lax",
        # Write the session cookie only when it changes: a page's own requests (static files, the live
        # sheet, the preview) would otherwise send back the cookie they were sent with, and one arriving
        # late brings back a flash message that was already shown.
        SESSION_REFRESH_EACH_REQUEST=False,
        WTF_CSRF_TIME_LIMIT=None,
        # Pages, scripts, styles and JSON travel gzipped to a phone that asks (every browser does): a phone on a
        # pub's weak signal loads a sheet in a quarter of the bytes. Never an event stream (each event must
        # arrive as it is written) nor what is compressed already (the zips, PNGs). Pyodide's files go as the
        # copies `make pyodide` gzips once (views/engine.py's serve_precompressed), never gzipped again here.
        COMPRESS_MIMETYPES=["text/html", "text/css", "text/javascript", "application/javascript",
                            "application/json", "application/manifest+json", "image/svg+xml"],
        COMPRESS_ALGORITHM=["gzip"],
        COMPRESS_LEVEL=6,
        COMPRESS_STREAMS=False,
    )
    app.config.from_pyfile("config.py", silent=True)
    for variable, key in ENVIRONMENT.items():
        if os.environ.get(variable):
            app.config[key] = os.environ[variable]
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    from . import logs

    logs.configure(*logs.settings(app.config))
    _database_options(app)
    _behind_proxies(app)

    from . import security

    app.config["TRUSTED_HOSTS"] = security.trusted_hosts(app.config.get("TRUSTED_HOSTS"))
    security.init_app(app)

    from . import i18n

    i18n.init_app(app)

    from .extensions import compress, csrf, db, migrate

    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    csrf.init_app(app)
    compress.init_app(app)
    _compress_static_files(app)

    from .rules import KINDS, SUIT_SIGNS, limits
    from .rules.describe import worded

    # The suits' signs, written once in the engine (rules/cards.py), for the macros that show a contract.
    app.jinja_env.globals["suit_signs"] = SUIT_SIGNS
    # The limits of what a table types (rules/limits.py), for the pages' maxlength.
    app.jinja_env.globals["limits"] = limits
    # The kinds a page compares with (rules KINDS: a game's choices, a rank, a hand's result): a member, never a string.
    app.jinja_env.globals.update(KINDS)
    # A house rule's value in words (rules/describe.py WORDS): ``worded(rules.tie).label``, as the start page says it.
    app.jinja_env.globals["worded"] = worded
    # The scripts a page needs beyond every page's: a macro that draws what one works says so (use_script), and
    # the page's foot loads only those (script_used), so a page without a Share button never downloads share.js.
    app.jinja_env.globals.update(use_script=_use_script, script_used=_script_used)

    from .views import api, board, clubs, confirm, engine, health, offline, referee, rulebook, scorer, tournaments

    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)
    app.register_blueprint(scorer.bp)
    app.register_blueprint(board.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(rulebook.bp)
    app.register_blueprint(confirm.bp)
    app.register_blueprint(clubs.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(offline.bp)
    app.register_blueprint(engine.bp)
    engine.serve_precompressed(app)
    app.register_blueprint(health.bp)
    # The outbox's JSON writes: no form can send their header, and the session cookie is SameSite=Lax.
    csrf.exempt(offline.sync)
    csrf.exempt(offline.forget)
    csrf.exempt(offline.create)
    from . import rate_limits

    # Last: it wraps the registered views that create, import or register (rate_limits.py).
    rate_limits.init_app(app)
    _json_errors(app)
    return app


def _compress_static_files(app: Flask) -> None:
    """Static scripts and styles gzipped too: Flask streams a file from disk (``direct_passthrough``), which
    Flask-Compress leaves alone (event streams must stay streams); a whole answer of a compressible kind is read
    into memory instead (our scripts and styles are a few KB). Not an answer already encoded, nor a file that has
    a gzipped copy (Pyodide's: the copy went to a phone that takes gzip, the file itself streams to one that does
    not). Registered after Flask-Compress, so it runs before it."""
    from flask import request

    from .views.engine import precompressed

    kinds = set(app.config["COMPRESS_MIMETYPES"])
    folder = str(app.static_folder)

    @app.after_request
    def _readable(response: Response) -> Response:
        if (request.endpoint == "static" and response.direct_passthrough and response.mimetype in kinds
                and response.status_code == 200 and "Content-Encoding" not in response.headers
                and precompressed(folder, str((request.view_args or {}).get("filename", ""))) is None):
            response.direct_passthrough = False
            response.set_data(response.get_data())  # read whole: a stream would be sent as it is
        return response


def _behind_proxies(app: Flask) -> None:
    """With SCOREKEEPER_PROXIES=N (the proxies in front of the server), trust their X-Forwarded-* headers:
    the phone's own address and the scheme it used. Without it those headers are ignored (anyone can send
    them)."""
    proxies = int(str(app.config.get("PROXIES") or 0))
    if proxies > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]


def _instance_secret(instance: Path) -> str:
    """The secret key kept in the instance folder, made once on first start."""
    path = instance / "secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    return path.read_text().strip()


def _database_options(app: Flask) -> None:
    url = str(app.config["SQLALCHEMY_DATABASE_URI"])
    options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
        app.config["SQLALCHEMY_DATABASE_URI"] = url
    if url.startswith("sqlite"):
        # Writers queue on SQLite's lock instead of failing at once.
        options.setdefault("connect_args", {}).setdefault("timeout", 30)
    else:
        options.setdefault("pool_pre_ping", True)
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """WAL mode and foreign keys on every SQLite connection."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()


def _json_errors(app: Flask) -> None:
    """Errors on /api/ paths are JSON ``{"errors": [...]}``, never an HTML page or a stack trace."""

    from .services import ServiceError
    from .views.api.errors import json_error
    from .views.errors import page_error

    @app.errorhandler(ServiceError)
    def service_error(error: ServiceError) -> Any:
        if (answer := json_error(error)) is not None:
            return answer
        return page_error(error)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        if (answer := json_error(error)) is not None:
            return answer
        return page_error(error)

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Any:
        app.logger.exception("unexpected error")
        if (answer := json_error(error)) is not None:
            return answer
        return page_error(error)
