"""The application factory: configuration, extensions, blueprints and the error pages, in one place."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, jsonify, render_template, request
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.exceptions import HTTPException

# Environment variables read into the configuration, and the key each sets.
ENVIRONMENT = {
    "SCOREKEEPER_DATABASE_URL": "SQLALCHEMY_DATABASE_URI",
    "SCOREKEEPER_REDIS_URL": "REDIS_URL",
    "SCOREKEEPER_SECRET_KEY": "SECRET_KEY",
    "SCOREKEEPER_PUBLIC_URL": "PUBLIC_URL",
}


ROOT = Path(__file__).resolve().parent.parent
"""The project's top level in a checkout: templates/, static/ and migrations/ sit beside the package."""
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
MIGRATIONS = ROOT / "migrations"
"""Alembic's folder (Flask-Migrate, batch mode so SQLite can alter tables)."""


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
    )
    app.config.from_pyfile("config.py", silent=True)
    for variable, key in ENVIRONMENT.items():
        if os.environ.get(variable):
            app.config[key] = os.environ[variable]
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    _database_options(app)

    from .extensions import csrf, db, migrate

    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    csrf.init_app(app)

    from .views import api, board, clubs, clubs_api, confirm, exchange, referee, scorer

    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)
    app.register_blueprint(exchange.bp)
    csrf.exempt(exchange.bp)
    app.register_blueprint(clubs_api.bp)
    csrf.exempt(clubs_api.bp)
    app.register_blueprint(scorer.bp)
    app.register_blueprint(board.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(confirm.bp)
    app.register_blueprint(clubs.bp)
    _json_errors(app)
    return app


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

    def wants_json() -> bool:
        return request.path.startswith("/api/")

    from .services import ServiceError

    page_messages = {
        403: ("No key for this match", "This phone cannot score this match. Open the edit link the scorer "
                                       "shared, or watch the match on its board."),
        404: ("Not found", "There is nothing at this address: check the link."),
    }

    @app.errorhandler(ServiceError)
    def service_error(error: ServiceError) -> Any:
        if wants_json():
            return jsonify({"errors": [p.as_dict() for p in error.problems]}), error.status
        title = page_messages.get(error.status, ("Cannot do that", ""))[0]
        return render_template("error.html", title=title, message=error.problems[0].message), error.status

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        if not wants_json():
            if error.code in page_messages:
                title, message = page_messages[error.code]
                return render_template("error.html", title=title, message=message), error.code
            return error
        field = "body" if error.code in (400, 413) else "path" if error.code in (404, 405) else "request"
        message = error.description or error.name
        response = jsonify({"errors": [{"field": field, "message": message}]})
        return response, error.code or 500

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Any:
        app.logger.exception("unexpected error")
        if not wants_json():
            return "Something went wrong on the server; nothing was saved.", 500
        return jsonify({"errors": [{"field": "server", "message": "something went wrong; nothing was saved"}]}), 500
