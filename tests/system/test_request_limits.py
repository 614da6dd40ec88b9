"""Requests gunicorn refuses before the app reads them: a request line over 4 KB, too many
or too long headers, a header holding a NUL, raw bytes in the address. A real `scorekeeper serve` answers
each in the API's JSON error shape ``{"errors": [{"field": "request", "message": …}]}`` with gunicorn's status,
not gunicorn's HTML page, whatever the path (a line too long to read has no path yet)."""

from __future__ import annotations

import json
import socket
from urllib.parse import urlsplit

import pytest

from tests.support.servers import LiveServer

pytestmark = pytest.mark.postgresql  # a real server on each database


def _raw(server: LiveServer, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as is; the status, the headers (lower-case names) and the body of the answer."""
    where = urlsplit(server.url)
    with socket.create_connection((where.hostname, where.port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


def _get(target: bytes, *headers: bytes) -> bytes:
    return b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"".join(h + b"\r\n" for h in headers) + \
        b"Connection: close\r\n\r\n"


CASES = {
    "API request line of 5 KB": (_get(b"/api/v1/variants?pad=" + b"x" * 5 * 1024), 414, "request line"),
    "page request line of 5 KB": (_get(b"/clubs/abc?player=" + b"x" * 5 * 1024), 414, "request line"),
    "path of 5 KB": (_get(b"/api/v1/matches/" + b"x" * 5 * 1024), 414, "request line"),
    "header of 9 KB": (_get(b"/api/v1/variants", b"X-Pad: " + b"x" * 9 * 1024), 431, "headers"),
    "120 headers": (_get(b"/", *(b"X-Pad-%d: x" % i for i in range(120))), 431, "headers"),
    "NUL in a header": (_get(b"/api/v1/variants", b"X-Change-Reason: a\x00b"), 400, "header"),
    "raw bytes in the address": (_get(b"/matches?player=\xed\xa0\x80"), 400, "request line"),
}


def test_requests_gunicorn_refuses_are_answered_in_json(live_server: LiveServer) -> None:
    """One server for every case (each starts in seconds): each answer, then the server carries on."""
    for case, (request, status, words) in CASES.items():
        got, headers, body = _raw(live_server, request)
        assert got == status, (case, body)
        assert headers["content-type"] == "application/json", (case, body)
        assert int(headers["content-length"]) == len(body), case
        errors = json.loads(body)
        assert set(errors) == {"errors"} and len(errors["errors"]) == 1, (case, errors)
        assert errors["errors"][0]["field"] == "request", (case, errors)
        assert words in errors["errors"][0]["message"], (case, errors)
        assert b"<html" not in body.lower(), case
        assert live_server.json("GET", "/api/v1/variants")[0] == 200, case
    # Just under the limit, the line reaches the app, which answers as it does for any unknown match.
    status, _, body = _raw(live_server, _get(b"/api/v1/matches/" + b"x" * 3900))
    assert status == 404 and json.loads(body)["errors"][0]["field"] == "id", body
