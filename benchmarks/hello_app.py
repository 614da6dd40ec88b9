"""Baselines for benchmarks/api.py, served with the same gunicorn settings as the app: a bare WSGI "hello" and
the same in Flask."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

BODY = b"hello\n"
HEADERS = [("Content-Type", "text/plain"), ("Content-Length", str(len(BODY)))]


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """Answer every request with ``hello``."""
    start_response("200 OK", HEADERS)
    return [BODY]


def _flask_app() -> Any:
    from flask import Flask, jsonify

    flask = Flask(__name__)

    @flask.get("/")
    def hello() -> Any:
        return jsonify({"hello": "world"})

    return flask


flask_app = _flask_app()
"""The same in Flask (one route, a JSON answer): what the framework alone costs, for comparison."""
