"""The app on a database of its own, migrated as `scorekeeper serve` migrates it. A SQLite database is migrated
once per test process and copied for each test (a file copy, not nine migrations): the same tables, indexes and
Alembic version as a migration of its own gives (tests/api/test_migrations.py migrates step by step)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import MIGRATIONS, create_app


def migrate(app: Flask) -> None:
    """Run the Alembic migrations on the app's database."""
    from flask_migrate import upgrade

    with app.app_context():
        upgrade(directory=str(MIGRATIONS))


_TEMPLATE: list[Path] = []
"""The migrated SQLite database this process copies, once made."""


def _sqlite_template() -> Path:
    if not _TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="scorekeeper-migrated-"))
        atexit.register(shutil.rmtree, folder, True)
        path = folder / "migrated.sqlite"
        application = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                                  "SECRET_KEY": "test-secret"})
        migrate(application)
        _dispose(application)
        _TEMPLATE.append(path)
    return _TEMPLATE[0]


def _dispose(application: Flask) -> None:
    from scorekeeper.extensions import db

    with application.app_context():
        db.session.remove()
        db.engine.dispose()


@contextmanager
def migrated_app(database_url: str, tmp_path: Path, **config: Any) -> Iterator[Flask]:
    """The app (TESTING, ``config`` over the test defaults) on ``database_url``, migrated; its instance folder
    under ``tmp_path``; its connections closed afterwards."""
    application = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": database_url,
        "SECRET_KEY": "test-secret",
        **config,
    })
    application.instance_path = str(tmp_path / "instance")
    fresh = Path(database_url.removeprefix("sqlite:///")) if database_url.startswith("sqlite:///") else None
    if fresh is not None and not fresh.exists():
        shutil.copyfile(_sqlite_template(), fresh)
    else:
        migrate(application)
    try:
        yield application
    finally:
        _dispose(application)
