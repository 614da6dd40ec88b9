"""The app on a database of its own, migrated as `scorekeeper serve` migrates it."""

from __future__ import annotations

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
    migrate(application)
    try:
        yield application
    finally:
        from scorekeeper.extensions import db

        with application.app_context():
            db.session.remove()
            db.engine.dispose()
