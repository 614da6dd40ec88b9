"""What a host runs: gunicorn with the package's configuration file and no `scorekeeper serve`; nginx
with deploy/nginx.conf in front of the app (events pass at once, static files come from nginx itself); and
the checks the other files of deploy/ allow here: the systemd unit (`systemd-analyze verify`), the compose file
(`docker compose config`) and the image (`docker build`, where a Docker daemon runs).

nginx, systemd-analyze and docker-compose are Debian packages `make test` installs as root (the Makefile's
`browser` target); without them these tests skip, except in CI (SCOREKEEPER_REQUIRE_DEPLOY_TOOLS=1), where
they fail. The image is built only where a Docker daemon answers."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from scorekeeper.app import STATIC
from scorekeeper.security import HEADERS
from tests.support.servers import ROOT, LiveServer, api_match, free_port, match_state, start_server, stop_server

DEPLOY = ROOT / "deploy"
REQUIRED = os.environ.get("SCOREKEEPER_REQUIRE_DEPLOY_TOOLS") == "1"
CONFIGURATION = "python:scorekeeper.gunicorn_conf"
WITHOUT_IT = "gunicorn runs without scorekeeper's configuration"
"""What a worker logs when gunicorn was started without the configuration file."""


def tool(name: str, package: str) -> str:
    """The path of the command ``name``; the test skips without it (fails where CI requires it)."""
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/sbin:/bin")
    if not found:
        message = f"{name} is not installed (Debian's {package}: `make test` installs it as root)"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    return found


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{tmp_path / 'deploy.sqlite'}",
           "SCOREKEEPER_SECRET_KEY": "deploy-test", **extra}
    for variable in ("SCOREKEEPER_REDIS_URL", "WEB_CONCURRENCY", "GUNICORN_CMD_ARGS", "SCOREKEEPER_GUNICORN_CONF"):
        if variable not in extra:
            env.pop(variable, None)
    return env


@dataclass
class Gunicorn:
    """gunicorn started directly, as a host's own service would, and everything it wrote."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture
def gunicorn(tmp_path: Path) -> Iterator[list[Gunicorn]]:
    """Start gunicorn with ``start(*arguments)`` on a migrated SQLite file; stopped at the end of the test."""
    started: list[Gunicorn] = []
    yield started
    for server in started:
        server.process.send_signal(signal.SIGINT)
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


def start_gunicorn(started: list[Gunicorn], tmp_path: Path, *arguments: str) -> Gunicorn:
    """``python -m gunicorn --bind … *arguments`` on a database `scorekeeper upgrade` migrated; waits until it
    answers."""
    env = environment(tmp_path)
    if not (tmp_path / "deploy.sqlite").exists():
        subprocess.run([sys.executable, "-m", "scorekeeper.cli", "upgrade"], cwd=ROOT, env=env, check=True,
                       capture_output=True, timeout=120)
    port = free_port()
    log = tmp_path / f"gunicorn-{port}.log"
    with open(log, "wb") as output:
        process = subprocess.Popen([sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", *arguments],
                                   cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    server = Gunicorn(f"http://127.0.0.1:{port}", process, log)
    started.append(server)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, f"gunicorn exited: {server.output()}"
        try:
            with urllib.request.urlopen(server.url + "/api/v1/variants", timeout=1):
                return server
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"gunicorn did not answer within 60 s: {server.output()}")


def raw_answer(url: str, request: bytes) -> tuple[int, str, bytes]:
    """Send ``request`` as it is: the status, the Content-Type and the body of the answer."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers.get("content-type", ""), body


def test_gunicorn_with_the_configuration_file_alone_serves_the_app(gunicorn: list[Gunicorn],
                                                                  tmp_path: Path) -> None:
    """`gunicorn -c python:scorekeeper.gunicorn_conf` with no app named: the app, its JSON errors for what
    gunicorn refuses, its access log without the secrets of links."""
    server = start_gunicorn(gunicorn, tmp_path, "-c", CONFIGURATION, "--access-logfile", "-")
    with urllib.request.urlopen(server.url + "/api/v1/variants", timeout=10) as answer:
        assert "bela" in {entry["variant"] for entry in json.loads(answer.read())["variants"]}

    # The worker class named in the file: a request line over 4 KB is refused in the API's JSON shape.
    status, kind, body = raw_answer(server.url, b"GET /api/v1/variants?pad=" + b"x" * 5000 +
                                    b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert (status, kind) == (414, "application/json"), body
    assert json.loads(body)["errors"][0]["field"] == "request"

    # The logger named in the file: a board's address is logged with its secret blanked out.
    secret = "S3cretViewToken"
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"{server.url}/board/{secret}", timeout=10)
    deadline = time.monotonic() + 5
    while "/board/" not in server.output() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "/board/[redacted]" in server.output(), server.output()
    assert secret not in server.output()
    assert WITHOUT_IT not in server.output()


def test_gunicorn_without_the_configuration_file_says_so(gunicorn: list[Gunicorn], tmp_path: Path) -> None:
    server = start_gunicorn(gunicorn, tmp_path, "--worker-class", "gevent", "scorekeeper.wsgi:app")
    deadline = time.monotonic() + 5
    while WITHOUT_IT not in server.output() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert f"{WITHOUT_IT}: start it with `gunicorn -c {CONFIGURATION}`" in server.output(), server.output()


# ---- nginx with deploy/nginx.conf, in front of a real `scorekeeper serve` ----


def nginx_configuration(folder: Path, app_port: int, nginx_port: int) -> Path:
    """deploy/nginx.conf as a host installs it, inside an nginx.conf of the test's own (its files in ``folder``):
    listening on ``nginx_port``, passing to the app on ``app_port``, its static files from this checkout."""
    server_block = (DEPLOY / "nginx.conf").read_text()
    for shipped, here in {"server 127.0.0.1:5000;": f"server 127.0.0.1:{app_port};",
                          "listen 80;": f"listen 127.0.0.1:{nginx_port};",
                          "listen [::]:80;": "",
                          "alias /opt/scorekeeper/static/;": f"alias {STATIC}/;"}.items():
        assert shipped in server_block, f"deploy/nginx.conf no longer says {shipped!r}: update this test"
        server_block = server_block.replace(shipped, here)
    (folder / "scorekeeper.conf").write_text(server_block)
    version = subprocess.run([tool("nginx", "nginx"), "-V"], capture_output=True, text=True).stderr
    conf_path = re.search(r"--conf-path=(\S+)", version)
    mime_types = Path(conf_path.group(1)).parent / "mime.types" if conf_path else Path("/etc/nginx/mime.types")
    shutil.copy(mime_types, folder / "mime.types")
    temp = "".join(f"{kind}_temp_path {folder / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                         "scgi"))
    main = folder / "nginx.conf"
    main.write_text(
        ("user root;\n" if os.geteuid() == 0 else "")  # the workers must read the test's folders
        + f"daemon off;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\nevents {{}}\n"
        + f"http {{\ninclude mime.types;\ndefault_type application/octet-stream;\n{temp}"
        + f"include {folder / 'scorekeeper.conf'};\n}}\n")
    return main


def test_the_nginx_server_block_as_shipped_passes_nginx_t(tmp_path: Path) -> None:
    nginx = tool("nginx", "nginx")
    main = nginx_configuration(tmp_path, 5000, 80)
    (tmp_path / "scorekeeper.conf").write_text((DEPLOY / "nginx.conf").read_text())  # not a line changed
    checked = subprocess.run([nginx, "-t", "-e", "stderr", "-p", str(tmp_path), "-c", str(main)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr and "[warn]" not in checked.stderr, checked.stderr


@dataclass
class Nginx:
    url: str
    process: subprocess.Popen[bytes]
    folder: Path


@pytest.fixture(scope="module")
def app_behind_nginx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, Nginx]]:
    """`scorekeeper serve` (its access log kept) and nginx in front of it with deploy/nginx.conf, for the module's
    tests: each reads only the part of the access log its own requests wrote (``log_since``)."""
    nginx = tool("nginx", "nginx")
    tmp_path = tmp_path_factory.mktemp("nginx")
    app = start_server(f"sqlite:///{tmp_path / 'nginx.sqlite'}", tmp_path, quiet=False,
                       extra_env={"SCOREKEEPER_PROXIES": "1"})
    port = free_port()
    folder = tmp_path / "nginx"
    folder.mkdir()
    main = nginx_configuration(folder, int(app.url.rsplit(":", 1)[1]), port)
    process = subprocess.Popen([nginx, "-e", "stderr", "-p", str(folder), "-c", str(main)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    front = Nginx(f"http://127.0.0.1:{port}", process, folder)
    try:
        deadline = time.monotonic() + 20
        while True:
            assert process.poll() is None, (folder / "error.log").read_text()
            try:
                with urllib.request.urlopen(front.url + "/api/v1/variants", timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, (folder / "error.log").read_text()
                time.sleep(0.1)
        yield app, front
    finally:
        process.send_signal(signal.SIGQUIT)  # nginx's graceful stop; open streams are the test's own, closed
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        stop_server(app)


def log_since(app: LiveServer, start: int) -> str:
    """The app's access log from byte ``start`` on (``start``: its size before the test's requests)."""
    time.sleep(0.5)  # the app's access log is written as each answer goes out
    return Path(app.log.name).read_bytes()[start:].decode(errors="replace")


def through(front: Nginx, method: str, path: str, body: object = None,
            headers: dict[str, str] | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(front.url + path, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.status, json.loads(answer.read())


def next_event(stream: http.client.HTTPResponse) -> dict[str, str]:
    """The next event of an open server-sent event stream (not a heartbeat): its fields."""
    while True:
        fields: dict[str, str] = {}
        while (line := stream.readline().decode().rstrip("\r\n")) != "":
            name, _, value = line.partition(":")
            if name:  # a line starting with ":" is a comment
                fields[name] = fields.get(name, "") + value.removeprefix(" ")
        if "data" in fields and fields.get("event") != "heartbeat":
            return fields


def test_nginx_passes_a_boards_event_within_a_second(app_behind_nginx: tuple[LiveServer, Nginx]) -> None:
    app, front = app_behind_nginx
    status, made = through(front, "POST", "/api/v1/matches",
                           {"variant": "bela", "players": ["Mike", "Yvonne"], "rules": {"target": 100000}})
    assert status == 201, made
    connection = http.client.HTTPConnection("127.0.0.1", int(front.url.rsplit(":", 1)[1]), timeout=30)
    try:
        connection.request("GET", f"/api/v1/boards/{made['view_token']}/events",
                           headers={"Accept": "text/event-stream", "Accept-Encoding": "gzip"})
        stream = connection.getresponse()
        assert stream.status == 200
        assert stream.getheader("Content-Type", "").startswith("text/event-stream")
        assert stream.getheader("Content-Encoding") is None
        assert int(next_event(stream)["id"]) == made["state"]["revision"]

        status, recorded = through(front, "POST", f"/api/v1/matches/{made['id']}/hands",
                                   {"taker": 0, "card_points": [90, 62], "last_trick": 0},
                                   {"Authorization": f"Bearer {made['edit_token']}"})
        assert status == 201, recorded
        sent = time.monotonic()
        event = next_event(stream)
        waited = time.monotonic() - sent
        assert int(event["id"]) == recorded["revision"], event
        assert waited < 1.0, f"the event came {waited:.2f} s after the hand was recorded"
    finally:
        connection.close()


def test_nginx_serves_the_static_files_itself_as_the_app_would(app_behind_nginx: tuple[LiveServer, Nginx]) -> None:
    app, front = app_behind_nginx
    start = Path(app.log.name).stat().st_size
    files = ["css/app.css", "js/engine-worker.js"]
    if (STATIC / "vendor/pyodide/pyodide.mjs").is_file():
        files.append("vendor/pyodide/pyodide.mjs")
    for name in files:
        answers = {}
        for where in (app.url, front.url):
            request = urllib.request.Request(f"{where}/static/{name}", headers={"Accept-Encoding": "identity"})
            with urllib.request.urlopen(request, timeout=30) as answer:
                answers[where] = (answer.headers, answer.read())
        (app_headers, _), (headers, body) = answers[app.url], answers[front.url]
        assert body == (STATIC / name).read_bytes(), name
        media = headers["Content-Type"].split(";")[0]
        if name.endswith(("js", ".mjs")):  # either name of JavaScript's type: a module script runs with both
            assert media in {"text/javascript", "application/javascript"}, (name, media)
        else:
            assert media == app_headers["Content-Type"].split(";")[0], (name, media)
        for header in HEADERS:
            assert headers[header] == app_headers[header] == HEADERS[header], (name, header)
    request = urllib.request.Request(f"{front.url}/static/css/app.css", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.headers["Content-Encoding"] == "gzip"
    log = log_since(app, start)
    assert f"GET /static/{files[0]}" in log, "the app's own answer above is logged"
    assert log.count("GET /static/") == len(files), "nginx answered every other static request itself"


def test_nginx_sends_pyodide_as_its_gzipped_copies(app_behind_nginx: tuple[LiveServer, Nginx]) -> None:
    """gzip_static: each Pyodide file goes as the .gz `make pyodide` wrote, with the file's own type, and decodes
    to the file SHA256SUMS checked; a phone that does not take gzip gets the file itself."""
    app, front = app_behind_nginx
    start = Path(app.log.name).stat().st_size
    vendored = STATIC / "vendor/pyodide"
    if not (vendored / "SHA256SUMS").is_file():
        message = f"{vendored} holds no Pyodide (`make pyodide` fetches it)"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    sums = {name: digest for digest, name in (line.split() for line in (vendored / "SHA256SUMS").read_text()
                                              .splitlines() if line)}
    assert "pyodide.asm.wasm" in sums and len(sums) == 5, sums
    for name, digest in sums.items():
        url = f"/static/vendor/pyodide/{name}"
        answers = {}
        for where, encoding in ((app.url, "gzip"), (front.url, "gzip"), (front.url, "identity")):
            request = urllib.request.Request(where + url, headers={"Accept-Encoding": encoding})
            with urllib.request.urlopen(request, timeout=60) as answer:
                answers[where, encoding] = (answer.headers, answer.read())
        headers, body = answers[front.url, "gzip"]
        assert headers["Content-Encoding"] == "gzip", (name, dict(headers))
        assert body == (vendored / f"{name}.gz").read_bytes(), f"{name}: the copy as it is, gzipped once"
        assert hashlib.sha256(gzip.decompress(body)).hexdigest() == digest, name
        assert int(headers["Content-Length"]) == len(body), name
        assert "accept-encoding" in headers["Vary"].lower(), name
        media = headers["Content-Type"].split(";")[0]
        assert media == answers[app.url, "gzip"][0]["Content-Type"].split(";")[0], (name, media)
        if name.endswith(".wasm"):
            assert media == "application/wasm"
        for header in HEADERS:
            assert headers[header] == HEADERS[header], (name, header)
        plain_headers, plain = answers[front.url, "identity"]
        assert "Content-Encoding" not in plain_headers, name
        assert hashlib.sha256(plain).hexdigest() == digest, name
    log = log_since(app, start)
    assert log.count("GET /static/vendor/pyodide/") == len(sums), "nginx answered every request of its own"


# ---- docs/deploy.md's backup of SQLite, and a restore from it ----


def test_the_documented_sqlite_backup_taken_while_serving_restores_every_hand(tmp_path: Path) -> None:
    documented = re.search(r"runuser -u scorekeeper -- /opt/scorekeeper/bin/python -c '([^']+)' "
                           r"/var/lib/scorekeeper/scorekeeper.sqlite /var/backups/\S+",
                           (ROOT / "docs/deploy.md").read_text())
    assert documented, "docs/deploy.md no longer shows the SQLite backup this test runs: update it"
    served, backup = tmp_path / "served.sqlite", tmp_path / "backup.sqlite"
    hand = {"taker": 0, "card_points": [90, 62], "last_trick": 0}
    server = start_server(f"sqlite:///{served}", tmp_path)
    try:
        made = api_match(server, "bela", ["Mike", "Yvonne"], hands=(hand, hand), rules={"target": 100000})
        assert Path(f"{served}-wal").stat().st_size > 0, "the last writes are still in the write-ahead log"
        subprocess.run([sys.executable, "-c", documented.group(1), str(served), str(backup)], check=True,
                       timeout=60)
        kept = match_state(server, made["id"], made["edit_token"])
        later = api_match(server, "bela", ["Ann", "Bob"], hands=(hand,))  # after the backup: not in it
    finally:
        stop_server(server)

    restored = start_server(f"sqlite:///{backup}", tmp_path)
    try:
        assert match_state(restored, made["id"], made["edit_token"]) == kept
        status, answer = restored.json("GET", f"/api/v1/matches/{later['id']}",
                                       headers={"Authorization": f"Bearer {later['edit_token']}"})
        assert status == 404, answer
    finally:
        stop_server(restored)


# ---- the other files of deploy/ ----


def test_the_systemd_unit_verifies(tmp_path: Path) -> None:
    analyze = tool("systemd-analyze", "systemd")
    unit = (DEPLOY / "scorekeeper.service").read_text()
    # The unit runs the installed console script; here, this environment's.
    shipped = "ExecStart=/opt/scorekeeper/bin/scorekeeper "
    assert shipped in unit
    script = Path(sys.executable).with_name("scorekeeper")
    assert script.is_file(), "`pip install -e .` installs the scorekeeper command beside python"
    (tmp_path / "scorekeeper.service").write_text(unit.replace(shipped, f"ExecStart={script} "))
    checked = subprocess.run([analyze, "verify", str(tmp_path / "scorekeeper.service")], capture_output=True,
                             text=True, timeout=60)
    assert checked.returncode == 0 and not checked.stderr.strip() and not checked.stdout.strip(), checked


def compose_command() -> list[str]:
    docker = shutil.which("docker")
    if docker and subprocess.run([docker, "compose", "version"], capture_output=True).returncode == 0:
        return [docker, "compose"]
    return [tool("docker-compose", "docker-compose")]


def test_the_compose_file_is_valid_and_refuses_to_start_without_its_secrets(tmp_path: Path) -> None:
    (tmp_path / "empty.env").write_text("")  # not a deploy/.env a host may keep in this checkout
    compose = [*compose_command(), "--project-directory", str(DEPLOY), "--env-file", str(tmp_path / "empty.env"),
               "-f", str(DEPLOY / "compose.yaml"), "config"]
    env = {key: value for key, value in os.environ.items()
           if key not in ("SCOREKEEPER_SECRET_KEY", "POSTGRES_PASSWORD", "SCOREKEEPER_PUBLIC_URL")}
    refused = subprocess.run(compose, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert refused.returncode != 0 and "in deploy/.env" in refused.stderr, refused

    env.update(SCOREKEEPER_SECRET_KEY="k3y", POSTGRES_PASSWORD="pa55")
    checked = subprocess.run(compose, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert checked.returncode == 0, checked.stderr
    assert "postgresql://scorekeeper:pa55@db:5432/scorekeeper" in checked.stdout
    assert "condition: service_healthy" in checked.stdout


def test_the_image_builds_where_docker_runs() -> None:
    docker = shutil.which("docker")
    if not docker or subprocess.run([docker, "info"], capture_output=True).returncode != 0:
        pytest.skip("no Docker daemon answers here: the image is not built")
    built = subprocess.run([docker, "build", "-f", str(DEPLOY / "Dockerfile"), "-t", "scorekeeper:test", str(ROOT)],
                           capture_output=True, text=True, timeout=1800)
    assert built.returncode == 0, built.stderr[-4000:]
    user = subprocess.run([docker, "run", "--rm", "--entrypoint", "id", "scorekeeper:test", "-u"],
                          capture_output=True, text=True, timeout=120)
    assert user.stdout.strip() not in ("", "0"), user
