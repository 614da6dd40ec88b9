"""A real `scorekeeper serve` process per test, on the test's fresh database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.servers import LiveServer, start_server, stop_server


@pytest.fixture
def live_server(database_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    """A real `scorekeeper serve` process on a fresh database."""
    server = start_server(database_url, tmp_path)
    yield server
    stop_server(server)
