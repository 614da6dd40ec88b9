"""Several workers need Redis to carry live updates between them: `scorekeeper serve --workers 2` without
SCOREKEEPER_REDIS_URL refuses to start, and so does gunicorn started directly with the package's configuration file
(scorekeeper/gunicorn_conf.py, whose server hook checks); nothing is served (or migrated) meanwhile."""

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


def _environment(tmp_path: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{tmp_path / 'workers.sqlite'}",
           "SCOREKEEPER_SECRET_KEY": "live-test"}
    env.pop("SCOREKEEPER_REDIS_URL", None)
    env.pop("WEB_CONCURRENCY", None)
    env.pop("GUNICORN_CMD_ARGS", None)
    return {**env, **(extra or {})}


def _refused(command: list[str], tmp_path: Path, port: int,
             extra_env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run ``command``, which must exit by itself within 60 s without ever listening on ``port``: (code, output)."""
    log = tmp_path / "refused.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=_environment(tmp_path, extra_env), stdout=output,
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


@pytest.mark.parametrize(("arguments", "env"), [(["--workers", "2"], {}), ([], {"WEB_CONCURRENCY": "2"})],
                         ids=["--workers", "WEB_CONCURRENCY"])
def test_gunicorn_with_the_configuration_file_refuses_two_workers_without_redis(
        tmp_path: Path, arguments: list[str], env: dict[str, str]) -> None:
    """gunicorn started directly with the package's configuration file: its server hook refuses before it
    listens, whether the command line or the environment asks for two workers."""
    port = free_port()
    code, output = _refused([sys.executable, "-m", "gunicorn", "-c", "python:scorekeeper.gunicorn_conf", "--bind",
                             f"127.0.0.1:{port}", "--log-level", "info", *arguments], tmp_path, port, env)
    assert code != 0, output
    assert SENTENCE in output and "Set SCOREKEEPER_REDIS_URL" in output, output
    assert "Starting gunicorn" in output, output  # the log level shows what it would have done next
    assert "Listening at" not in output and "Booting worker" not in output, output


def test_serve_takes_its_workers_from_web_concurrency(tmp_path: Path) -> None:
    port = free_port()
    code, output = _refused([sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), "--quiet"],
                            tmp_path, port, {"WEB_CONCURRENCY": "2"})
    assert code != 0 and SENTENCE in output, output
    code, output = _refused([sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)],
                            tmp_path, port, {"WEB_CONCURRENCY": "two"})
    assert code == 2 and "must be a whole number of at least 1, not 'two'" in output, output


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
