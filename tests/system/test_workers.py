"""Several workers need Redis to carry live updates between them: `scorekeeper serve --workers 2` without
SCOREKEEPER_REDIS_URL refuses to start, and so does gunicorn started directly with two workers; nothing is
served (or migrated) meanwhile."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.servers import REDIS_URL, ROOT, free_port, start_server, stop_server

SENTENCE = "refusing to serve with 2 workers without Redis"
"""The start of the sentence that says why (and, further on, to set SCOREKEEPER_REDIS_URL)."""


def _environment(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{tmp_path / 'workers.sqlite'}",
           "SCOREKEEPER_SECRET_KEY": "live-test"}
    env.pop("SCOREKEEPER_REDIS_URL", None)
    env.pop("WEB_CONCURRENCY", None)
    return env


def _refused(command: list[str], tmp_path: Path, port: int) -> tuple[int, str]:
    """Run ``command``, which must exit by itself within 60 s without ever listening on ``port``: (code, output)."""
    log = tmp_path / "refused.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=_environment(tmp_path), stdout=output,
                                   stderr=subprocess.STDOUT)
        try:
            code = process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            pytest.fail(f"{command[2:]} kept running: {log.read_text()}")
    with socket.socket() as sock:
        assert sock.connect_ex(("127.0.0.1", port)) != 0, "something still listens on the port"
    return code, log.read_text()


def test_serve_refuses_two_workers_without_redis(tmp_path: Path) -> None:
    port = free_port()
    code, output = _refused([sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port),
                             "--workers", "2", "--quiet"], tmp_path, port)
    assert code != 0, output
    assert SENTENCE in output and "Set SCOREKEEPER_REDIS_URL" in output, output
    assert "serving on" not in output and "gunicorn" not in output.lower(), output
    assert not (tmp_path / "workers.sqlite").exists(), "refused before migrating anything"


def test_gunicorn_started_directly_refuses_two_workers_without_redis(tmp_path: Path) -> None:
    port = free_port()
    code, output = _refused([sys.executable, "-m", "gunicorn", "--workers", "2", "--worker-class", "gevent",
                             "--bind", f"127.0.0.1:{port}", "--graceful-timeout", "1", "scorekeeper.wsgi:app"],
                            tmp_path, port)
    assert code != 0, output
    assert SENTENCE in output and "Set SCOREKEEPER_REDIS_URL" in output, output


@pytest.mark.skipif(not REDIS_URL, reason="set SCOREKEEPER_TEST_REDIS_URL to run the Redis broker")
def test_two_workers_with_redis_serve(tmp_path: Path) -> None:
    assert REDIS_URL
    server = start_server(f"sqlite:///{tmp_path / 'redis.sqlite'}", tmp_path, workers=2,
                          extra_env={"SCOREKEEPER_REDIS_URL": REDIS_URL})
    try:
        status, body = server.json("GET", "/api/v1/variants")
        assert status == 200, body
    finally:
        stop_server(server)
