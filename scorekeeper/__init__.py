"""scorekeeper: keep the score of Bela, Clobyosh, Klaberjass, Clobby and Belote at a real table.

The package is light on purpose: ``import scorekeeper.rules`` (the scoring engine, standard library only)
pulls in neither Flask nor SQLAlchemy. The web application's factory lives in ``scorekeeper.app``;
``scorekeeper.create_app`` (where ``flask --app scorekeeper`` looks) loads it on first use.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MIGRATIONS", "create_app"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
