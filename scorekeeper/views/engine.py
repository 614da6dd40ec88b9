"""The phone's engine: the engine's own modules and the catalogs it speaks with, for the Web Worker that runs
them in Pyodide when the phone has no signal (``static/js/engine.js``, ``engine-worker.js``).

The modules are packed from the source this server runs, once per process and in memory: ``scorekeeper/rules``
and the pure ``scorekeeper/offline`` that reads the hand form, shapes the state and draws the sheet (and the
package's ``__init__``), with Jinja2, MarkupSafe and the templates the sheet is drawn from, never a copy to keep
in step. Each catalog is the language's compiled ``messages.mo`` cut down to the messages those modules and
templates say (extracted from them as ``make messages`` does). Both carry a digest of what they hold in their
address, so a phone caches them for good and a new engine or catalog is a new address.

On the wire they travel gzipped to a phone that takes gzip: Pyodide's files as the ``.gz`` copies `make pyodide`
writes beside them (``serve_precompressed`` answers the static files under ``vendor/pyodide/`` with them), the
catalogs gzipped here once per process; the zip's modules are deflated already. ``engine_manifest`` says, for the
service worker that keeps them, what each file weighs and hashes to once decoded and what it costs on the wire.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import zipfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import markupsafe
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo, write_mo
from flask import Blueprint, Flask, Response, abort, current_app, jsonify, request, send_from_directory, url_for
from werkzeug.security import safe_join

from ..languages import LANGUAGES
from ..offline.drawing import TEMPLATES
from ..offline.hand_fields import TOO_LONG_MESSAGE

bp = Blueprint("engine", __name__)

PACKAGE = Path(__file__).resolve().parents[1]
"""scorekeeper/: the package the modules are packed from (the checkout's or the installed one)."""
PACKED = ("__init__.py", "rules/*.py", "offline/*.py")
"""What the worker imports: the engine, the pure bridge, and the package that holds them."""
LIBRARIES = (jinja2, markupsafe)
"""The pure-Python libraries the bridge draws the server's templates with on the phone (``offline/drawing.py``):
their modules as this server runs them (not a copy that could drift), packed under their own names."""
CATALOGS = PACKAGE / "translations"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What the worker fetches of Pyodide (the Makefile's ``PYODIDE_FILES``)."""
PRECOMPRESSED = "vendor/pyodide/"
"""The static folder whose files `make pyodide` gzips beside them (``<file>.gz``)."""
MEDIA_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
               ".zip": "application/zip", ".json": "application/json"}
"""The types of Pyodide's files, whichever types the machine's mimetypes knows (a browser compiles WebAssembly
as it streams in only as application/wasm, and runs a module script only as JavaScript)."""
FOREVER = "public, max-age=31536000, immutable"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""Every packed file's time: the zip's bytes (and so its digest) depend on the sources alone, the same in every
worker process."""


def _sources() -> list[Path]:
    return sorted({path for pattern in PACKED for path in PACKAGE.glob(pattern)})


def _templates_folder() -> Path:
    """The app's templates: inside the package when installed from a wheel, else beside it (as app.py finds them)."""
    inside = PACKAGE / "_data" / "templates"
    return inside if inside.is_dir() else PACKAGE.parent / "templates"


def _templates() -> list[Path]:
    return [_templates_folder() / name for name in TEMPLATES]


def _packed() -> list[tuple[str, Path]]:
    """Each packed file and its path in the zip: the package's modules (``scorekeeper/rules/match.py``), the
    libraries' (``jinja2/environment.py``) and the templates (``templates/scorer/_sheet_live.html``)."""
    files = [(f"scorekeeper/{path.relative_to(PACKAGE).as_posix()}", path) for path in _sources()]
    for library in LIBRARIES:
        folder = Path(str(library.__file__)).parent
        files += [(f"{folder.name}/{path.relative_to(folder).as_posix()}", path)
                  for path in sorted(folder.rglob("*.py"))]
    files += [(f"templates/{name}", path) for name, path in zip(TEMPLATES, _templates(), strict=True)]
    return files


@cache
def engine_zip() -> bytes:
    """The engine's modules as a zip, paths from the top of the package (``scorekeeper/rules/match.py``), with the
    libraries and templates the phone draws its sheet with."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, path in _packed():
            info = zipfile.ZipInfo(name, ZIP_TIME)
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


Message = tuple[str | None, str]
"""A message as a catalog holds it: its context (gettext's ``pgettext``; None for most) and its English."""


def _found(messages: Any) -> set[Message]:
    """The (context, English) of each message extracted; a plural's one form is its English."""
    found: set[Message] = set()
    for _line, message, _comments, context in messages:
        english = message[0] if isinstance(message, tuple | list) else message
        if isinstance(english, str):
            found.add((context, english))
    return found


@cache
def _engine_messages() -> frozenset[Message]:
    """Every message the packed modules and templates can say: the modules' ``Said``, ``N_``, and ``gettext``,
    ``ngettext`` and ``pgettext`` (the chalk board's and the charts' words), the templates' ``_`` and the rest, as
    ``make messages`` extracts them."""
    keywords: dict[str, Any] = {"Said": None, "N_": None, "gettext": None, "ngettext": (1, 2),
                                "pgettext": ((1, "c"), 2)}
    found: set[Message] = {(None, TOO_LONG_MESSAGE)}
    for path in _sources():
        found |= _found(extract_from_file("python", str(path), keywords))
    for path in _templates():
        found |= _found(extract_from_file("jinja2", str(path), options={"extensions": "jinja2.ext.i18n"}))
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
    # The catalog's own plural rule, not babel's for the language: they can differ (French has two forms in the
    # catalog and three in babel's rule), and the phone must choose the form the server chooses.
    kept.mime_headers = [("Plural-Forms", full.plural_forms)]
    wanted = _engine_messages()
    for message in full:
        english = message.id[0] if isinstance(message.id, tuple | list) else message.id
        if isinstance(english, str) and (message.context, english) in wanted and message.string:
            kept.add(message.id, message.string, context=message.context)
    out = io.BytesIO()
    write_mo(out, kept)
    return out.getvalue()


@cache
def catalog_gzipped(language: str) -> bytes | None:
    """The language's catalog gzipped (level 9, no time in its header: the same bytes in every process)."""
    data = catalog(language)
    return None if data is None else gzip.compress(data, compresslevel=9, mtime=0)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header admits gzip (RFC 9110, 12.5.3): named (or ``x-gzip``) with a
    quality above 0, or not named while ``*`` is. A quality that cannot be read counts as 0, so no value of the
    header can fail an answer; no header at all admits only the file as it is."""
    named: float | None = None
    anything: float | None = None
    for part in accept_encoding.split(","):
        coding, *parameters = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value.strip())
                except ValueError:
                    quality = 0.0
                if not 0.0 <= quality <= 1.0:  # also NaN
                    quality = 0.0
        coding = coding.lower()
        if coding in ("gzip", "x-gzip"):
            named = max(named or 0.0, quality)
        elif coding == "*":
            anything = quality
    if named is not None:
        return named > 0
    return anything is not None and anything > 0


def precompressed(folder: str, filename: str) -> str | None:
    """The name of the static file's gzipped copy (``filename + ".gz"``) when it is one `make pyodide` writes
    and it is there; else None (a vendored folder from before the copies, or any other static file)."""
    if not filename.startswith(PRECOMPRESSED) or filename.endswith(".gz"):
        return None
    path = safe_join(folder, filename + ".gz")
    return filename + ".gz" if path is not None and Path(path).is_file() else None


def serve_precompressed(app: Flask) -> None:
    """The app's static view, answering a file under ``vendor/pyodide/`` that has a gzipped copy with that copy
    (``Content-Encoding: gzip``, its own length and ETag, the original's type) to a phone that takes gzip, and with
    the file itself to one that does not; either answer varies with ``Accept-Encoding``. Every other static file
    goes to Flask's own view, as before."""
    plain: Callable[..., Any] = app.view_functions["static"]
    folder = str(app.static_folder)

    def static(filename: str) -> Any:
        copy_name = precompressed(folder, filename)
        if copy_name is None:
            return plain(filename=filename)
        kind = MEDIA_TYPES.get(Path(filename).suffix)
        max_age = app.get_send_file_max_age(filename)
        if accepts_gzip(request.headers.get("Accept-Encoding", "")):
            answer = send_from_directory(folder, copy_name, mimetype=kind, max_age=max_age,
                                         download_name=Path(filename).name)
            answer.headers["Content-Encoding"] = "gzip"
        else:
            answer = send_from_directory(folder, filename, mimetype=kind, max_age=max_age)
        answer.vary.add("Accept-Encoding")
        return answer

    app.view_functions["static"] = static


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
        "version": engine_version(str(current_app.static_folder)),
    }


@cache
def engine_version(static_folder: str) -> str:
    """The engine's files change with the packed engine (its digest is in its addresses) and with Pyodide's
    pinned release, whose files keep their addresses: both name the service worker's engine cache, and the
    memory snapshot a phone keeps of the started engine (engine-worker.js)."""
    sums = Path(static_folder) / "vendor" / "pyodide" / "SHA256SUMS"
    pinned = sums.read_bytes() if sums.is_file() else b""
    return hashlib.sha256(digest().encode() + pinned).hexdigest()[:16]


def engine_manifest() -> dict[str, Any]:
    """What the service worker keeps for the engine, and what each file costs: ``{"files": [entry, ...],
    "catalogs": {language: entry}}``, the files those of ``engine_urls()["files"]`` in the same order, the
    catalogs those of ``engine_urls()["catalog_files"]`` (every language but English). An entry is
    ``{"url": str, "bytes": int, "sha256": str, "wire": int}``: the length and SHA-256 (hex) of the body as the
    browser has it, decoded (what Cache Storage holds), and the bytes the app sends for it to a phone that takes
    gzip (a Pyodide file's ``.gz``; the scripts as Flask-Compress gzips them; the zip as it is; a catalog
    gzipped). Worked out once per process (a static file again when it changes on disk); a new dict each call."""
    urls = engine_urls()
    static = Path(str(current_app.static_folder))
    sources = [(static / "js/engine.js", False), (static / "js/engine-worker.js", False),
               *((static / PRECOMPRESSED / name, True) for name in PYODIDE_FILES)]
    *static_urls, modules_url = urls["files"]
    files = [_static_entry(url, path, copied) for url, (path, copied) in zip(static_urls, sources, strict=True)]
    files.append(dict(_modules_entry(modules_url)))
    catalogs = {language: dict(entry) for language, url in urls["catalog_files"].items()
                if (entry := _catalog_entry(url, language))}
    return {"files": files, "catalogs": catalogs}


Entry = tuple[tuple[str, Any], ...]
"""An entry's items, as the caches keep them: each call makes its own dict of them."""


def _entry(url: str, data: bytes, wire: int) -> Entry:
    return ("url", url), ("bytes", len(data)), ("sha256", hashlib.sha256(data).hexdigest()), ("wire", wire)


@cache
def _modules_entry(url: str) -> Entry:
    return _entry(url, engine_zip(), len(engine_zip()))


@cache
def _catalog_entry(url: str, language: str) -> Entry:
    data, gzipped = catalog(language), catalog_gzipped(language)
    return () if data is None or gzipped is None else _entry(url, data, len(gzipped))


def _static_entry(url: str, path: Path, copied: bool) -> dict[str, Any]:
    """A static file's entry, remembered for the file as it is on disk (its size and time, and its ``.gz``'s when
    it has one, ``copied``) and for the way Flask-Compress gzips the others (its types, level and least size)."""
    config = current_app.config
    stat = path.stat()
    gz = path.with_name(path.name + ".gz")
    copy_size = gz.stat().st_size if copied and gz.is_file() else None
    gzips = (MEDIA_TYPES.get(path.suffix) in set(config.get("COMPRESS_MIMETYPES") or ())
             and "gzip" in (config.get("COMPRESS_ALGORITHM") or ()))
    level = int(config.get("COMPRESS_LEVEL", 6)) if gzips else None
    return dict(_file_entry(url, str(path), stat.st_mtime_ns, stat.st_size, copy_size, level,
                            int(config.get("COMPRESS_MIN_SIZE", 500))))


@cache
def _file_entry(url: str, path: str, _mtime_ns: int, _size: int, copy_size: int | None, level: int | None,
                least: int) -> Entry:
    data = Path(path).read_bytes()
    if copy_size is not None:
        wire = copy_size
    elif level is not None and len(data) >= least:
        wire = len(gzip.compress(data, compresslevel=level))
    else:
        wire = len(data)
    return _entry(url, data, wire)


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
    gzipped = catalog_gzipped(language)
    if gzipped is not None and accepts_gzip(request.headers.get("Accept-Encoding", "")):
        answer = Response(gzipped, mimetype="application/octet-stream")
        answer.headers["Content-Encoding"] = "gzip"
    else:
        answer = Response(data, mimetype="application/octet-stream")
    answer.vary.add("Accept-Encoding")
    answer.headers["Cache-Control"] = FOREVER
    return answer


@bp.get("/engine/files.json")
def files() -> Response:
    """The addresses of ``engine_urls``, for a script (the service worker) that keeps them; never cached, since
    they change with the engine."""
    answer = jsonify(engine_urls())
    answer.headers["Cache-Control"] = "no-cache"
    return answer
