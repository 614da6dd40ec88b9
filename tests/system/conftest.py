"""Real `scorekeeper serve` processes: one per module and database, shared by the module's tests (starting one,
which migrates its database, takes seconds); one of a test's own where the test reads its fresh database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests.support.app import pg_database
from tests.support.servers import LiveServer, start_server, stop_server


class ModuleServers:
    """The module's servers by database ("sqlite", "postgresql"), each started when a test first asks for it and
    stopped (its database dropped) when the module is done."""

    def __init__(self, where: Path) -> None:
        self.where = where
        self._stack = ExitStack()
        self._servers: dict[str, LiveServer] = {}

    def get(self, backend: str) -> LiveServer:
        if backend not in self._servers:
            folder = self.where / backend
            folder.mkdir()
            url = (f"sqlite:///{folder / 'web.sqlite'}" if backend == "sqlite"
                   else self._stack.enter_context(pg_database(migrated=False)))
            server = start_server(url, folder)
            self._stack.callback(stop_server, server)
            self._servers[backend] = server
        return self._servers[backend]

    def close(self) -> None:
        self._stack.close()


@pytest.fixture(scope="module")
def module_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleServers]:
    servers = ModuleServers(tmp_path_factory.mktemp("served"))
    yield servers
    servers.close()


@pytest.fixture
def live_server(backend: str, module_servers: ModuleServers) -> LiveServer:
    """The module's real `scorekeeper serve` on ``backend``: each test makes its own matches and reads only those."""
    return module_servers.get(backend)


@pytest.fixture
def own_live_server(database_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    """A real `scorekeeper serve` process of the test's own, on a fresh database (``database_url``)."""
    server = start_server(database_url, tmp_path)
    yield server
    stop_server(server)
