"""A bare server-sent-events broadcaster: the baseline benchmarks/live.py measures the live board against,
served by the same gunicorn command line (gevent worker) as the app.

- ``GET /events``: an event stream; ``retry``, then every published message, keep-alive comments meanwhile.
- ``POST /publish``: the body becomes the next event's data (its id the next number), sent to every open
  stream of this process; answers 201 at once.
- ``POST /probe``: answers 201 and does nothing (a write that fans nothing out, to time answers meanwhile).

No framework, no database, the event built once per message: the least any SSE fan-out can cost here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import gevent.queue

KEEP_ALIVE_SECONDS = 15
_streams: set[gevent.queue.Queue[bytes]] = set()
_revision = 0


def _stream(box: gevent.queue.Queue[bytes]) -> Iterator[bytes]:
    try:
        yield b"retry: 2000\n\n"
        while True:
            try:
                yield box.get(timeout=KEEP_ALIVE_SECONDS)
            except gevent.queue.Empty:
                yield b": keep-alive\n\n"
    finally:
        _streams.discard(box)


def _answer(start_response: Callable[..., Any], status: str, body: dict[str, Any]) -> list[bytes]:
    data = json.dumps(body).encode()
    start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(data)))])
    return [data]


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """The three routes above."""
    global _revision
    method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "")
    if method == "GET" and path == "/events":
        box: gevent.queue.Queue[bytes] = gevent.queue.Queue()
        _streams.add(box)
        start_response("200 OK", [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")])
        return _stream(box)
    if method == "POST" and path in ("/publish", "/probe"):
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        if path == "/probe":
            return _answer(start_response, "201 Created", {"probe": True})
        _revision += 1
        event = b"id: %d\nevent: state\ndata: %s\n\n" % (_revision, body.replace(b"\n", b""))
        for box in list(_streams):
            box.put(event)
        return _answer(start_response, "201 Created", {"revision": _revision, "streams": len(_streams)})
    if method == "GET" and path == "/":
        return _answer(start_response, "200 OK", {"streams": len(_streams)})
    return _answer(start_response, "404 Not Found", {"error": "no such route"})
