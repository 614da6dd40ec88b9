"""What the offline tests share: a real app (and its database) for each module, and the phone's catalogs loaded
into the engine as the phone downloads them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.offline import worker
from tests.support.app import SharedApps

PHONE_LANGUAGES = ("en", "hr", "ar")
"""The languages the sheet tests read the phone's drawing in: English, one the engine speaks from a catalog, and one
written right to left (Arabic, whose catalog has six plural forms)."""


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedApps]:
    """One app of each backend for the module, its matches made once and kept."""
    apps = SharedApps(tmp_path_factory.mktemp("offline-apps"))
    yield apps
    apps.close()


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The phone's worker speaks each language with the catalog the phone downloads (the engine's cut,
    views/engine.py)."""
    from scorekeeper.views.engine import catalog

    folder = tmp_path_factory.mktemp("phone-catalogs")
    for language in PHONE_LANGUAGES:
        data = catalog(language)
        if data is None:
            continue
        path = Path(folder) / f"{language}.mo"
        path.write_bytes(data)
        worker.load_catalog(language, str(path))
