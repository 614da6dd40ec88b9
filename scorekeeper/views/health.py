"""``/healthz``: whether this server can serve, for a load balancer, a container's health check or a monitor.

``{"status": "ok" | "failing", "checks": {"database": …, "migrations": …, "redis": …}}``, 200 when every check is
fine, else 503 naming the part that failed (``services.health``): words only, never an address or a secret. It
needs no token, is never rate limited and never cached. One endpoint serves as liveness and readiness alike: the
server has nothing to warm up (``scorekeeper serve`` migrates before it listens), so it is ready exactly when it is
healthy. With SCOREKEEPER_TRUSTED_HOSTS set, the checker sends one of those names as its Host, like any phone.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from ..services.health import health

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """The checks, 200 or 503."""
    healthy, checks = health(current_app.config.get("REDIS_URL"))
    response = jsonify({"status": "ok" if healthy else "failing", "checks": checks})
    response.headers["Cache-Control"] = "no-store"
    return response, 200 if healthy else 503
