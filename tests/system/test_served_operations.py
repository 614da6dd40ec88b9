"""Real `scorekeeper serve` processes (gunicorn, its gevent workers, Redis) with the
settings an operator gives them. Two workers behind a proxy count one phone's creates together in Redis; the JSON
log is one JSON object a line, the access log's included, none holding a secret; a setting the server cannot run
with stops it at once, naming the variable."""

from __future__ import annotations

import http.cookiejar
import json
import random
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.support.api import BELA_MADE
from tests.support.servers import REDIS_URL, ROOT, LiveServer, api_match, free_port, start_server, stop_server

pytestmark = pytest.mark.postgresql  # real servers, on each database


def _send(server: LiveServer, method: str, path: str, body: Any = None,
          headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
    """A JSON request: (status, headers, decoded body)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read() or b"null")


@pytest.mark.skipif(not REDIS_URL, reason="set SCOREKEEPER_TEST_REDIS_URL to count in a real Redis")
def test_two_workers_behind_a_proxy_count_one_phones_creates_together(database_url: str, tmp_path: Path) -> None:
    assert REDIS_URL
    server = start_server(database_url, tmp_path, workers=2, extra_env={
        "SCOREKEEPER_REDIS_URL": REDIS_URL, "SCOREKEEPER_PROXIES": "1", "SCOREKEEPER_RATE_LIMITS": "on",
        "SCOREKEEPER_LIMIT_CREATES": "3 per minute"})
    # The phone's address as the proxy says it; a new one each run, so that no count in the shared Redis is old.
    phone = {"X-Forwarded-For": f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"}
    neighbour = {"X-Forwarded-For": f"172.16.{random.randrange(256)}.{random.randrange(1, 255)}"}
    match = {"variant": "bela", "players": ["Mike", "Yvonne"]}
    try:
        made = [_send(server, "POST", "/api/v1/matches", match, phone) for _ in range(3)]
        assert [status for status, _, _ in made] == [201, 201, 201], made
        # Whichever worker answers: Redis holds the one count.
        for _ in range(6):
            status, headers, body = _send(server, "POST", "/api/v1/matches", match, phone)
            assert status == 429, body
            assert body["errors"][0]["field"] == "rate" and "try again in" in body["errors"][0]["message"], body
            assert headers["Retry-After"].isdigit() and 1 <= int(headers["Retry-After"]) <= 61, headers
        assert _send(server, "POST", "/api/v1/matches", match, neighbour)[0] == 201
        # The phone's table scores on, far past the budget.
        auth = {**phone, "Authorization": f"Bearer {made[0][2]['edit_token']}"}
        for _ in range(8):
            status, _, body = _send(server, "POST", f"/api/v1/matches/{made[0][2]['id']}/hands", BELA_MADE, auth)
            assert status == 201, body
        status, _, health = _send(server, "GET", "/healthz")
        assert (status, health) == (200, {"status": "ok", "checks": {
            "database": "ok", "migrations": "ok", "redis": "ok"}})
    finally:
        stop_server(server)


def test_json_log_lines_parse_and_hold_no_secret(database_url: str, tmp_path: Path) -> None:
    server = start_server(database_url, tmp_path, quiet=False, extra_env={"SCOREKEEPER_LOG_FORMAT": "json"})
    try:
        made = api_match(server, "bela", ["Mike", "Yvonne"], hands=(BELA_MADE,))
        scorer = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with scorer.open(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}") as sheet:
            assert sheet.status == 200
        with urllib.request.urlopen(f"{server.url}/board/{made['view_token']}") as board:
            assert board.status == 200
        # A phone that reached the server by a name it was not told to trust: the app's own warning line.
        untrusted = urllib.request.Request(f"{server.url}/m/{made['id']}", headers={"Host": "pub.example.org"})
        with scorer.open(untrusted) as page:
            assert page.status == 200
    finally:
        stop_server(server)
    log = Path(server.log.name).read_text()
    lines = [json.loads(line) for line in log.splitlines() if line.strip()]  # every line is one JSON object
    for line in lines:
        assert {"time", "level", "logger", "message"} <= set(line), line
    access = [line for line in lines if line["logger"] == "gunicorn.access"]
    join = [line for line in access if line["path"].startswith(f"/m/{made['id']}/join")]
    assert [(line["method"], line["path"], line["status"]) for line in join] == [
        ("GET", f"/m/{made['id']}/join?key=[redacted]", 302)]
    assert any(line["path"] == "/board/[redacted]" for line in access), access
    assert all(isinstance(line["duration_ms"], float) and line["remote"] == "127.0.0.1" for line in access)
    assert any(line["logger"] == "scorekeeper.app" and line["level"] == "warning"
               and "'pub.example.org' is not trusted" in line["message"] for line in lines), lines
    assert any(line["logger"] == "gunicorn.error" and line["message"].startswith("Booting worker") for line in lines)
    assert any(line["logger"].startswith("alembic") for line in lines)  # the migrations `serve` ran first
    for secret in (made["edit_token"], made["view_token"]):
        assert secret not in log


@pytest.mark.parametrize(("variable", "value"), [
    ("SCOREKEEPER_LOG_FORMAT", "xml"), ("SCOREKEEPER_LOG_LEVEL", "loud"), ("SCOREKEEPER_LIMIT_CREATES", "lots")])
def test_a_setting_the_server_cannot_run_with_stops_it_naming_the_variable(
        variable: str, value: str, tmp_path: Path) -> None:
    port = free_port()
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "SCOREKEEPER_SECRET_KEY": "x",
           "SCOREKEEPER_DATABASE_URL": f"sqlite:///{tmp_path / 'refused.sqlite'}", variable: value}
    done = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), "--quiet"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done
    assert done.stderr.startswith(f"scorekeeper: {variable} is {value!r}: "), done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "refused.sqlite").exists(), "refused before migrating anything"
