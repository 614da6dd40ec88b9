"""The phone's engine (issue 22): the engine's own modules and the catalogs it speaks with, for the Web Worker
that runs them in Pyodide when the phone has no signal (``static/js/engine.js``, ``engine-worker.js``).

The modules are packed from the source this server runs, once per process and in memory: ``scorekeeper/rules``
and the pure ``scorekeeper/offline`` that reads the hand form and shapes the state (and the package's
``__init__``), never a copy to keep in step. Each catalog is the language's compiled ``messages.mo`` cut down to
the messages those modules say (extracted from them as ``make messages`` does). Both carry a digest of what they
hold in their address, so a phone caches them for good and a new engine or catalog is a new address.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo, write_mo
from flask import Blueprint, Response, abort, jsonify, url_for

from ..languages import LANGUAGES
from ..offline.hand_fields import TOO_LONG_MESSAGE

bp = Blueprint("engine", __name__)

PACKAGE = Path(__file__).resolve().parents[1]
"""scorekeeper/: the package the modules are packed from (the checkout's or the installed one)."""
PACKED = ("__init__.py", "rules/*.py", "offline/*.py")
"""What the worker imports: the engine, the pure bridge, and the package that holds them."""
CATALOGS = PACKAGE / "translations"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What the worker fetches of Pyodide (the Makefile's ``PYODIDE_FILES``)."""
FOREVER = "public, max-age=31536000, immutable"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""Every packed file's time: the zip's bytes (and so its digest) depend on the sources alone, the same in every
worker process."""


def _sources() -> list[Path]:
    return sorted({path for pattern in PACKED for path in PACKAGE.glob(pattern)})


@cache
def engine_zip() -> bytes:
    """The engine's modules as a zip, paths from the top of the package (``scorekeeper/rules/match.py``)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in _sources():
            info = zipfile.ZipInfo(f"scorekeeper/{path.relative_to(PACKAGE).as_posix()}", ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


def _digest(*parts: bytes) -> str:
    hashed = hashlib.sha256()
    for part in parts:
        hashed.update(hashlib.sha256(part).digest())
    return hashed.hexdigest()[:16]


def _compiled(language: str) -> Path:
    return CATALOGS / language / "LC_MESSAGES" / "messages.mo"


@cache
def digest() -> str:
    """What the engine's addresses carry: a digest of the packed modules and of every compiled catalog."""
    catalogs = [_compiled(code).read_bytes() for code in LANGUAGES if _compiled(code).is_file()]
    return _digest(engine_zip(), *catalogs)


@cache
def _engine_messages() -> frozenset[str]:
    """Every message the packed modules can say (``Said`` and ``N_``, as ``make messages`` extracts them)."""
    keywords: dict[str, Any] = {"Said": None, "N_": None}
    found = {TOO_LONG_MESSAGE}
    for path in _sources():
        found |= {message for _line, message, _comments, _context in extract_from_file("python", str(path), keywords)
                  if isinstance(message, str)}
    return frozenset(found)


@cache
def catalog(language: str) -> bytes | None:
    """The language's compiled catalog cut down to the engine's messages; None when it has none compiled."""
    path = _compiled(language)
    if language not in LANGUAGES or not path.is_file():
        return None
    with path.open("rb") as source:
        full = read_mo(source)
    kept = Catalog(locale=language, charset="utf-8")
    wanted = _engine_messages()
    for message in full:
        if isinstance(message.id, str) and message.id in wanted and message.string:
            kept.add(message.id, message.string)
    out = io.BytesIO()
    write_mo(out, kept)
    return out.getvalue()


@bp.app_template_global()
def engine_urls() -> dict[str, Any]:
    """Where a page's engine.js finds the worker, Pyodide, the modules and the catalogs; and every file a phone
    needs to score with no signal (for the service worker to keep)."""
    at = digest()
    catalogs = url_for("engine.catalog_file", at=at, language="en").removesuffix("en.mo")
    pyodide = url_for("static", filename="vendor/pyodide/")
    return {
        "script": url_for("static", filename="js/engine.js"),
        "worker": url_for("static", filename="js/engine-worker.js"),
        "pyodide": pyodide,
        "engine": url_for("engine.modules", at=at),
        "catalogs": catalogs,
        "files": [url_for("static", filename="js/engine.js"), url_for("static", filename="js/engine-worker.js"),
                  *(pyodide + name for name in PYODIDE_FILES), url_for("engine.modules", at=at)],
        "catalog_files": {code: f"{catalogs}{code}.mo" for code in LANGUAGES if code != "en"},
    }


@bp.get("/engine/<at>/engine.zip")
def modules(at: str) -> Response:
    """The engine's modules (immutable: a new engine is a new address)."""
    if at != digest():
        abort(404)
    answer = Response(engine_zip(), mimetype="application/zip")
    answer.headers["Cache-Control"] = FOREVER
    return answer


@bp.get("/engine/<at>/catalogs/<language>.mo")
def catalog_file(at: str, language: str) -> Response:
    """A language's catalog of the engine's messages (immutable)."""
    data = catalog(language) if at == digest() else None
    if data is None:
        abort(404)
    answer = Response(data, mimetype="application/octet-stream")
    answer.headers["Cache-Control"] = FOREVER
    return answer


@bp.get("/engine/files.json")
def files() -> Response:
    """The addresses of ``engine_urls``, for a script (the service worker) that keeps them; never cached, since
    they change with the engine."""
    answer = jsonify(engine_urls())
    answer.headers["Cache-Control"] = "no-cache"
    return answer
