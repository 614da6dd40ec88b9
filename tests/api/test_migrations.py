"""The Alembic migrations build exactly the models' schema, on SQLite and PostgreSQL, and run both ways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from flask_migrate import downgrade, upgrade

from scorekeeper import MIGRATIONS, create_app
from scorekeeper.extensions import db

pytestmark = pytest.mark.postgresql  # the migrations, step by step, on each database

TABLES = {"matches", "hands", "events", "idempotency_keys", "clubs", "players", "match_players", "tournaments",
          "tournament_entries", "tournament_tables"}


@pytest.fixture
def bare_app(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    """The app on a fresh database that nothing has migrated yet."""
    application = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test"})
    application.instance_path = str(tmp_path / "instance")
    with application.app_context():
        yield application
        db.session.remove()
        db.engine.dispose()


def _differences() -> list[Any]:
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return list(compare_metadata(context, db.metadata))


def _tables() -> set[str]:
    with db.engine.connect() as connection:
        return set(sa.inspect(connection).get_table_names())


def _version() -> str | None:
    with db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def test_migrations_build_exactly_the_models_schema(bare_app: Flask) -> None:
    assert _tables() == set()
    upgrade(directory=str(MIGRATIONS))
    assert _tables() == TABLES | {"alembic_version"}
    assert _version() == ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert _differences() == []


def test_downgrade_to_base_and_upgrade_again(bare_app: Flask) -> None:
    upgrade(directory=str(MIGRATIONS))
    downgrade(directory=str(MIGRATIONS), revision="base")
    assert _tables() <= {"alembic_version"}
    assert _version() is None
    upgrade(directory=str(MIGRATIONS))
    assert _tables() == TABLES | {"alembic_version"}
    assert _version() == ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert _differences() == []
