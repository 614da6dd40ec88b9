"""Links as a phone outside this request reaches them (QR codes, shared links).

A link is built from SCOREKEEPER_PUBLIC_URL when it is set. Otherwise from the host the phone reached, when that
host can be trusted: with SCOREKEEPER_TRUSTED_HOSTS, Flask answers no other host at all; without it (a club's
``make run`` at home) a host is trusted when it can only lead to this server's own network: an address of this
server (the one the phone's connection arrived at, a loopback or a private one), ``localhost``, this machine's
name, or a name of a home network (one word, ``.local``, ``.lan``, ``.home.arpa`` …). Anyone can write any
``Host:`` header; a forged name of the internet (``evil.example``) never ends up in an edit link or a QR code:
the link is then built from the address the connection arrived at.
"""

from __future__ import annotations

import ipaddress
import socket
from functools import cache
from typing import Any

from flask import current_app, request

HOME_SUFFIXES = (".local", ".lan", ".home", ".home.arpa", ".internal", ".localdomain", ".localhost")
"""Names only a local network resolves (mDNS, home routers, RFC 8375 and 6761)."""
UNSPECIFIED = {"0.0.0.0", "::", ""}
_warned: set[str] = set()


def public_url(path: str) -> str:
    """An absolute URL for a QR code or a shared link: SCOREKEEPER_PUBLIC_URL when set, else the host this
    phone reached when it is trusted (see above), else the address the connection arrived at."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        base = request.host_url if _trusted(request.host) else _own_base()
    return str(base).rstrip("/") + path


def _hostname(host: str) -> str:
    """The name or address of a ``Host:`` value, without its port or an IPv6 address's brackets."""
    if host.startswith("["):
        return host[1:].split("]", 1)[0].lower()
    return host.rsplit(":", 1)[0].lower() if host.count(":") == 1 else host.lower()


def _trusted(host: str) -> bool:
    if current_app.config.get("TRUSTED_HOSTS"):
        return True  # Flask refused any other host before this request reached a view
    name = _hostname(host).rstrip(".")
    if not name:
        return False
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return ("." not in name or name == "localhost" or name.endswith(HOME_SUFFIXES)
                or name in _machine_names())
    own = _own_address(request.environ)
    return address.is_loopback or address.is_private or address.is_link_local or (
        own is not None and str(address) == own[0])


@cache
def _machine_names() -> frozenset[str]:
    name = socket.gethostname().lower()
    return frozenset({name, f"{name}.local"})


def _own_address(environ: dict[str, Any]) -> tuple[str, int] | None:
    """The address and port this request's connection arrived at (the server's side of the socket)."""
    for key in ("gunicorn.socket", "werkzeug.socket"):
        sock = environ.get(key)
        try:
            address = sock.getsockname() if sock is not None else None
        except OSError:
            address = None
        if isinstance(address, tuple) and len(address) >= 2:
            return str(address[0]), int(address[1])
    return None


def _own_base() -> str:
    """The base URL of the address the connection arrived at (or the server's configured name and port);
    empty (links relative to this server) when neither is known."""
    own = _own_address(request.environ)
    if own is None:
        name, port = request.environ.get("SERVER_NAME", ""), request.environ.get("SERVER_PORT", "")
        known = str(port).isdigit() and name not in UNSPECIFIED and _trusted(name)
        own = (name, int(port)) if known else None
    host = request.host
    if host not in _warned and len(_warned) < 16:
        _warned.add(host)
        current_app.logger.warning(
            "links and QR codes: the Host %r is not trusted, so they use the server's own address; set "
            "SCOREKEEPER_PUBLIC_URL or SCOREKEEPER_TRUSTED_HOSTS to the name the phones use", host)
    if own is None:
        return ""
    name, port = own
    if ":" in name:
        name = f"[{name}]"
    scheme = request.scheme
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{name}" + ("" if port == default else f":{port}")
