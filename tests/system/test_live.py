"""Against a real `scorekeeper serve` process (gunicorn, gthread), on SQLite and PostgreSQL:
concurrent writes to one match, idempotent retries under load, migrate-on-start, HOST/PORT."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from scorekeeper import MIGRATIONS
from tests.support.servers import ROOT, LiveServer, free_port

pytestmark = pytest.mark.postgresql  # a real server migrating and serving each database

MADE = {"taker": 0, "card_points": [90, 62], "last_trick": 0}
BATE = {"taker": 1, "card_points": [100, 52], "last_trick": 0}
THROWN_IN = {"thrown_in": True}


def _create(server: LiveServer) -> tuple[str, dict[str, str]]:
    """A bela match that never finishes; its id and the scorer's Authorization header."""
    status, body = server.json("POST", "/api/v1/matches",
                               {"variant": "bela", "players": ["Mike", "Yvonne"], "rules": {"target": 100000}})
    assert status == 201, body
    return body["id"], {"Authorization": f"Bearer {body['edit_token']}"}


def _match(server: LiveServer, match_id: str, auth: dict[str, str]) -> dict[str, Any]:
    status, body = server.json("GET", f"/api/v1/matches/{match_id}", headers=auth)
    assert status == 200, body
    return body


def _events(server: LiveServer, match_id: str, auth: dict[str, str]) -> list[dict[str, Any]]:
    status, body = server.json("GET", f"/api/v1/matches/{match_id}/events", headers=auth)
    assert status == 200, body
    return list(body["events"])


def _all_at_once(calls: list[Callable[[], tuple[int, Any]]]) -> list[tuple[int, Any]]:
    """Run every call on its own thread, released together by a barrier; their answers in order."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], tuple[int, Any]]) -> tuple[int, Any]:
        barrier.wait(timeout=30)
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        futures = [pool.submit(run, call) for call in calls]
        return [future.result(timeout=120) for future in futures]


def test_same_if_match_race_has_exactly_one_winner(live_server: LiveServer) -> None:
    match_id, auth = _create(live_server)
    path = f"/api/v1/matches/{match_id}/hands"
    for round_ in range(10):
        before = _match(live_server, match_id, auth)
        revision = before["state"]["revision"]
        headers = {**auth, "If-Match": f'"{revision}"'}
        answers = _all_at_once([
            partial(live_server.json, "POST", path, MADE, headers),
            partial(live_server.json, "POST", path, BATE, headers),
        ])
        statuses = sorted(status for status, _ in answers)
        assert statuses == [201, 412], (round_, answers)
        won = next(body for status, body in answers if status == 201)
        lost = next(body for status, body in answers if status == 412)
        assert lost["errors"][0]["field"] == "If-Match"
        assert won["revision"] == revision + 1
        after = _match(live_server, match_id, auth)
        assert after["state"]["revision"] == revision + 1
        assert len(after["state"]["hands"]) == len(before["state"]["hands"]) + 1 == round_ + 1
        assert after["state"]["hands"][-1]["input"] == won["input"]
    events = _events(live_server, match_id, auth)
    assert [e["kind"] for e in events] == ["create"] + ["record"] * 10
    assert [e["revision"] for e in events] == list(range(1, 12))


def test_concurrent_writes_without_if_match_are_all_recorded_in_turn(live_server: LiveServer) -> None:
    """No lost update: unconditional writes queue on the match and each gets its own number and revision."""
    match_id, auth = _create(live_server)
    path = f"/api/v1/matches/{match_id}/hands"
    answers = _all_at_once([partial(live_server.json, "POST", path, THROWN_IN, auth)] * 8)
    assert [status for status, _ in answers] == [201] * 8, answers
    assert sorted(body["number"] for _, body in answers) == list(range(1, 9))
    assert sorted(body["revision"] for _, body in answers) == list(range(2, 10))
    state = _match(live_server, match_id, auth)["state"]
    assert state["revision"] == 9
    assert [h["number"] for h in state["hands"]] == list(range(1, 9))


def test_hundred_retries_with_one_idempotency_key_record_one_hand(live_server: LiveServer) -> None:
    match_id, auth = _create(live_server)
    path = f"/api/v1/matches/{match_id}/hands"
    headers = {**auth, "Idempotency-Key": "hand-1-from-mikes-phone"}
    answers = _all_at_once([partial(live_server.json, "POST", path, MADE, headers)] * 100)
    statuses = [status for status, _ in answers]
    assert statuses == [201] * 100, sorted(set(statuses))
    first = answers[0][1]
    assert all(body == first for _, body in answers)
    assert first["number"] == 1 and first["revision"] == 2
    state = _match(live_server, match_id, auth)["state"]
    assert len(state["hands"]) == 1
    assert state["revision"] == 2
    assert [e["kind"] for e in _events(live_server, match_id, auth)] == ["create", "record"]
    # The same key with another body is refused, and records nothing either.
    status, body = live_server.json("POST", path, BATE, headers)
    assert status == 422 and body["errors"][0]["field"] == "Idempotency-Key"
    assert _match(live_server, match_id, auth)["state"]["revision"] == 2


def test_serve_migrates_a_fresh_database_and_runs_gunicorn(own_live_server: LiveServer, database_url: str) -> None:
    match_id, auth = _create(own_live_server)
    assert _match(own_live_server, match_id, auth)["state"]["revision"] == 1
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as connection:
            versions = connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalars().all()
    finally:
        engine.dispose()
    assert versions == [head]
    with urllib.request.urlopen(own_live_server.url + "/api/v1/variants", timeout=10) as response:
        server_header = response.headers.get("Server", "")
    assert server_header.startswith("gunicorn"), server_header
    assert "werkzeug" not in server_header.lower()
    cmdline = Path(f"/proc/{own_live_server.process.pid}/cmdline")
    if cmdline.exists():  # `serve` execs gunicorn: the process we started is now its master
        assert b"gunicorn" in cmdline.read_bytes()


def _wait_until_up(process: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"scorekeeper serve exited: {log.read_text()}")
        try:
            with urllib.request.urlopen(url + "/api/v1/variants", timeout=1) as response:
                assert response.status == 200
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"scorekeeper serve did not answer on {url}: {log.read_text()}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def test_host_and_port_from_the_environment(database_url: str, tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": database_url, "SCOREKEEPER_SECRET_KEY": "live-test",
           "HOST": "127.0.0.1", "PORT": str(port)}
    log_path = tmp_path / "serve-env.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "scorekeeper.cli", "serve", "--quiet"],
                                   cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            url = f"http://127.0.0.1:{port}"
            _wait_until_up(process, url, log_path)
            server = LiveServer(url, process, log)
            match_id, auth = _create(server)
            status, body = server.json("POST", f"/api/v1/matches/{match_id}/hands", MADE, auth)
            assert status == 201, body
        finally:
            _stop(process)
    assert f"serving on http://127.0.0.1:{port}" in log_path.read_text()


def test_make_run_passes_host_and_port_from_the_environment() -> None:
    """`PORT=8123 make run` serves on 8123: the Makefile does not pin a port over the environment."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": "8123"}
    dry_run = subprocess.run([make, "-n", "run"], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    serve = [line for line in dry_run.stdout.splitlines() if re.search(r"scorekeeper serve\b", line)]
    assert len(serve) == 1, dry_run.stdout
    ports = re.findall(r"--port[= ](\S+)", serve[0])
    hosts = re.findall(r"--host[= ](\S+)", serve[0])
    assert ports in ([], ["8123"]), serve[0]
    assert hosts in ([], ["127.0.0.1"]), serve[0]
