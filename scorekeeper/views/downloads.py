"""Files to download, shared by the API and the pages: a CSV answer with its file name."""

from __future__ import annotations

from flask import Response


def csv_response(text: str, filename: str | None = None) -> Response:
    """A CSV download (werkzeug adds ``charset=utf-8`` to a text type)."""
    response = Response(text, mimetype="text/csv")
    if filename is not None:
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
