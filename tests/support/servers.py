"""Real `scorekeeper serve` processes on 127.0.0.1, and what a phone asks of one through the JSON API."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tests.support.api import TABLE

ROOT = Path(__file__).resolve().parents[2]
"""The repository: where `scorekeeper serve` and `make` run."""
REDIS_URL = os.environ.get("SCOREKEEPER_TEST_REDIS_URL")


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """A `scorekeeper serve` process on 127.0.0.1."""

    def __init__(self, url: str, process: subprocess.Popen[bytes], log: Any) -> None:
        self.url = url
        self.process = process
        self.log = log

    def json(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
             timeout: float = 30) -> tuple[int, Any]:
        """Send a JSON request; (status, decoded body)."""
        import json
        import urllib.error

        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def start_server(database_url: str, tmp_path: Path, workers: int = 1,
                 extra_env: dict[str, str] | None = None, quiet: bool = True) -> LiveServer:
    """Start `scorekeeper serve` (which migrates first) and wait until it answers; ``quiet=False`` keeps its
    access log (in ``server.log``, with everything else it writes)."""
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": database_url, "SCOREKEEPER_SECRET_KEY": "live-test",
           # A test's server starts matches faster than any table: limits on anonymous writes only where a test
           # turns them on (tests/system/test_rate_limits_served.py).
           "SCOREKEEPER_RATE_LIMITS": "off", **(extra_env or {})}
    log = open(tmp_path / f"serve-{port}.log", "wb")  # noqa: SIM115 - closed with the process
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), "--workers", str(workers),
         *(["--quiet"] if quiet else [])], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.close()
            raise RuntimeError(f"scorekeeper serve exited: {(tmp_path / f'serve-{port}.log').read_text()}")
        try:
            with urllib.request.urlopen(url + "/api/v1/variants", timeout=1):
                return LiveServer(url, process, log)
        except OSError:
            time.sleep(0.1)
    process.kill()
    log.close()
    raise RuntimeError("scorekeeper serve did not answer within 30 s")


def stop_server(server: LiveServer) -> None:
    """Stop the server process: gunicorn's quick shutdown (SIGINT), as no test waits on a request still open; the
    graceful one (SIGTERM) waits for open board streams and costs about a second a server."""
    server.process.send_signal(signal.SIGINT)
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
    server.log.close()


# ---- A match made through a live server's JSON API (as another phone, or a club's software, would). ----


def api_match(server: LiveServer, variant: str, players: list[str], hands: tuple = (), **extra: Any) -> dict:
    """A match made through the JSON API, its hands recorded there (``"void N"`` voids hand N); the answer
    of the creation, with ``edit_token``."""
    status, made = server.json("POST", "/api/v1/matches", {"variant": variant, "players": players, **extra})
    assert status == 201, made
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    for hand in hands:
        if isinstance(hand, str):
            status, body = server.json("DELETE", f"/api/v1/matches/{made['id']}/hands/{hand.split()[1]}", None, auth)
        else:
            status, body = server.json("POST", f"/api/v1/matches/{made['id']}/hands", hand, auth)
        assert status in (200, 201), body
    return dict(made)


def match_through_api(server: LiveServer, variant: str, hands: Iterable[dict[str, Any]] = ()) -> tuple[str, str]:
    """Start a match of ``variant`` (players from TABLE) and record ``hands`` through the JSON API; (id, edit key)."""
    from scorekeeper.rules import PRESETS

    status, body = server.json("POST", "/api/v1/matches",
                               {"variant": variant, "players": TABLE[PRESETS[variant].players]})
    assert status == 201, body
    match_id, token = body["id"], body["edit_token"]
    for hand in hands:
        status, answer = server.json("POST", f"/api/v1/matches/{match_id}/hands", hand,
                                     {"Authorization": f"Bearer {token}"})
        assert status == 201, answer
    return match_id, token


def match_state(server: LiveServer, match_id: str, token: str) -> dict[str, Any]:
    """The match's state as the API gives it (hands with their inputs, totals)."""
    status, body = server.json("GET", f"/api/v1/matches/{match_id}", headers={"Authorization": f"Bearer {token}"})
    assert status == 200, body
    return dict(body["state"])
