"""Links as a phone outside this request reaches them (QR codes, shared links)."""

from __future__ import annotations

from flask import current_app, request


def public_url(path: str) -> str:
    """An absolute URL for a QR code: SCOREKEEPER_PUBLIC_URL when set, else the host this phone reached."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return str(base).rstrip("/") + path
