"""The gunicorn worker ``scorekeeper serve`` runs: gunicorn's gevent worker, whose own error answers are JSON.

Gunicorn refuses some requests before the app sees them: a request line over ``--limit-request-line``
(4094 bytes), too many or too long headers, a header or request line that is not HTTP (a NUL in a value, raw
non-ASCII bytes in the address). It answers those with an HTML page. A request line too long to read has no
path yet, so whether it was the API's is unknown: every such answer is the API's error shape
``{"errors": [{"field": "request", "message": "…"}]}``, which a phone's page shows no worse than HTML.

Gunicorn still decides the status and logs the refusal (``Worker.handle_error``); only the page it writes
through ``util.write_error`` is replaced, by the socket it is handed.
"""

from __future__ import annotations

import json
import socket
from typing import TYPE_CHECKING, Any, cast

from gunicorn.http.errors import (
    InvalidHeader,
    InvalidHeaderName,
    InvalidHTTPVersion,
    InvalidRequestLine,
    InvalidRequestMethod,
    LimitRequestHeaders,
    LimitRequestLine,
)
from gunicorn.workers.ggevent import GeventWorker

if TYPE_CHECKING:
    from gunicorn.http import Request


class JsonErrorWorker(GeventWorker):
    """The gevent worker (``--worker-class gevent``) answering its own errors as JSON."""

    def handle_error(self, req: Request | None, client: socket.socket, addr: Any, exc: BaseException) -> None:
        # A stand-in for the socket, not a socket: everything but sendall is the client's own (__getattr__).
        super().handle_error(req, cast(socket.socket, JsonErrorSocket(client, self.error_message(exc))), addr, exc)

    def error_message(self, exc: BaseException) -> str | None:
        """What the JSON error says about ``exc``; None for gunicorn's own words (from the status)."""
        cfg = self.cfg
        if isinstance(exc, LimitRequestLine):
            return (f"the request line (the method and the address) is longer than the {cfg.limit_request_line} "
                    "characters this server reads: shorten the address or its query")
        if isinstance(exc, LimitRequestHeaders):
            return (f"the request has too many headers (at most {cfg.limit_request_fields}) or one too long "
                    f"(at most {cfg.limit_request_field_size} characters)")
        if isinstance(exc, (InvalidHeader, InvalidHeaderName)):
            return f"a header of the request is not valid HTTP (such as a NUL or a line break in it): {exc}"
        if isinstance(exc, (InvalidRequestLine, InvalidRequestMethod, InvalidHTTPVersion)):
            return (f"the request line is not valid HTTP (such as a space or a character that is not "
                    f"percent-encoded in the address): {exc}")
        return None


class JsonErrorSocket:
    """The client's socket as gunicorn's error writer sees it: the HTML error page it sends becomes the
    API's JSON error shape with the same status. Everything else is the socket's own."""

    def __init__(self, sock: socket.socket, message: str | None) -> None:
        self._sock = sock
        self._message = message

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)

    def sendall(self, data: bytes) -> None:
        self._sock.sendall(json_error_response(data, self._message))


def json_error_response(page: bytes, message: str | None) -> bytes:
    """Gunicorn's HTML error response ``page`` as a JSON one of the same status; ``page`` itself when it is
    not an error response gunicorn wrote."""
    status_line = page.split(b"\r\n", 1)[0].decode("latin-1")
    version, _, rest = status_line.partition(" ")
    code, _, reason = rest.partition(" ")
    if not version.startswith("HTTP/") or not (code.isdigit() and len(code) == 3):
        return page
    status = int(code)
    if message is None:
        message = ("something went wrong; nothing was saved" if status >= 500
                   else f"the request could not be read ({reason or 'bad request'})")
    body = json.dumps({"errors": [{"field": "request", "message": message}]}, separators=(",", ":")).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body
