"""The API's errors: on an /api/ path every error is JSON ``{"errors": [{"field", "message"}]}`` with its
status, never an HTML page or a stack trace (docs/api.md "Errors").

The app's error handlers ask here first (``json_error``): a path under /api/ that matches no route (404,
405) belongs to no blueprint, so the handlers are the application's and the pages answer every other path.
"""

from __future__ import annotations

from flask import Response, jsonify, request
from werkzeug.exceptions import HTTPException

from ...services import ServiceError


def is_api_request() -> bool:
    """Whether this request is the API's (any path under /api/, routed or not)."""
    return request.path.startswith("/api/")


def json_error(error: Exception) -> tuple[Response, int] | None:
    """The JSON answer to ``error`` on an /api/ path; None elsewhere (the pages answer those).

    A service's error lists its problems with its status; an HTTP error (400 not JSON, 404, 405, 413 …)
    names the field at fault; anything unexpected is a 500 that says nothing was saved."""
    if not is_api_request():
        return None
    if isinstance(error, ServiceError):
        return jsonify({"errors": [p.as_dict() for p in error.problems]}), error.status
    if isinstance(error, HTTPException):
        field = "body" if error.code in (400, 413) else "path" if error.code in (404, 405) else "request"
        message = error.description or error.name
        response = jsonify({"errors": [{"field": field, "message": message}]})
        for name, value in error.get_headers():  # a 405's Allow (RFC 9110 requires it); not its HTML type
            if name.lower() != "content-type":
                response.headers[name] = value
        return response, error.code or 500
    return jsonify({"errors": [{"field": "server", "message": "something went wrong; nothing was saved"}]}), 500
