"""What the app serves the phone's engine: the modules zipped from the source the server runs (never a copy), each
language's catalog of the engine's messages, addresses that change with their contents and are kept for good, and
the script tag the pages include (templates/_macros/engine.html). On the wire: Pyodide's files as the gzipped
copies `make pyodide` writes, decoding to the files SHA256SUMS checked; the catalogs gzipped; and the manifest
the service worker checks what it kept against, true to what the app sends."""

from __future__ import annotations

import gettext
import gzip
import hashlib
import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask, render_template_string
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.app import STATIC
from scorekeeper.offline.hand_fields import SIDE_ASKS
from scorekeeper.views import engine

PACKAGE = Path(engine.__file__).resolve().parents[1]
VENDORED = STATIC / "vendor/pyodide"
MEDIA_TYPES = {"pyodide.mjs": "text/javascript", "pyodide.asm.mjs": "text/javascript",
               "pyodide.asm.wasm": "application/wasm", "python_stdlib.zip": "application/zip",
               "pyodide-lock.json": "application/json"}


def checked_sums() -> dict[str, str]:
    """SHA256SUMS: each vendored file's SHA-256 as `make pyodide` wrote it from the tarball it checked."""
    sums = VENDORED / "SHA256SUMS"
    if not sums.is_file():
        pytest.fail(f"{VENDORED} holds no Pyodide: run `make pyodide`")
    found = {name: digest for digest, name in (line.split() for line in sums.read_text().splitlines() if line)}
    assert set(found) == set(engine.PYODIDE_FILES) == set(MEDIA_TYPES)
    return found


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture(scope="module")
def web() -> Iterator[Flask]:
    yield create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "engine"})


@pytest.fixture
def browser(web: Flask) -> FlaskClient:
    return web.test_client()


def test_the_engine_zip_holds_the_running_source_and_is_kept_for_good(browser: FlaskClient) -> None:
    urls = browser.get("/engine/files.json").get_json()
    answer = browser.get(urls["engine"])
    assert answer.status_code == 200
    assert "immutable" in answer.headers["Cache-Control"]
    packed = zipfile.ZipFile(io.BytesIO(answer.data))
    sources = sorted(p for pattern in ("rules/*.py", "offline/*.py") for p in PACKAGE.glob(pattern))
    for path in sources:
        name = f"scorekeeper/{path.relative_to(PACKAGE).as_posix()}"
        assert packed.read(name) == path.read_bytes(), name
    assert not any(name.startswith(("scorekeeper/views", "scorekeeper/forms", "scorekeeper/services"))
                   for name in packed.namelist())
    assert browser.get(urls["engine"].replace(engine.digest(), "0" * 16)).status_code == 404


def test_a_catalog_says_the_engine_s_words_and_english_needs_none(browser: FlaskClient) -> None:
    urls = browser.get("/engine/files.json").get_json()
    answer = browser.get(urls["catalog_files"]["hr"])
    assert answer.status_code == 200 and "immutable" in answer.headers["Cache-Control"]
    croatian = gettext.GNUTranslations(io.BytesIO(answer.data))
    assert croatian.gettext(SIDE_ASKS["taker"]) == "odaberi zvača"
    assert croatian.gettext("Taker") == "Taker"  # a page's word, not the engine's: left out
    assert browser.get(urls["catalogs"] + "en.mo").status_code == 404
    assert browser.get(urls["catalogs"] + "xx.mo").status_code == 404


def test_the_macro_writes_the_script_tag_that_engine_js_reads(web: Flask) -> None:
    with web.test_request_context("/"):
        tag = render_template_string('{% from "_macros/engine.html" import engine_script %}{{ engine_script() }}')
        urls = engine.engine_urls()
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
    assert attributes == {"src": urls["script"], "data-worker": urls["worker"], "data-pyodide": urls["pyodide"],
                          "data-engine": urls["engine"], "data-catalogs": urls["catalogs"],
                          "data-version": urls["version"]}
    assert " defer " in tag


def fetch(browser: FlaskClient, url: str, accept_encoding: str, **headers: str) -> TestResponse:
    """The answer to a GET with that Accept-Encoding (and any other headers, ``if_none_match=``), read whole and
    closed (a file's answer holds the file open until then)."""
    extra = {name.replace("_", "-").title(): value for name, value in headers.items()}
    answer = browser.get(url, headers={"Accept-Encoding": accept_encoding, **extra})
    answer.get_data()
    answer.close()
    return answer


def test_each_pyodide_file_s_gzipped_copy_on_disk_decodes_to_the_checked_file() -> None:
    for name, digest in checked_sums().items():
        original = (VENDORED / name).read_bytes()
        assert sha256(original) == digest, name
        packed = (VENDORED / f"{name}.gz").read_bytes()
        assert sha256(gzip.decompress(packed)) == digest, name
        assert len(packed) < len(original), name


def test_the_app_sends_a_pyodide_file_gzipped_to_a_phone_that_takes_gzip(browser: FlaskClient) -> None:
    for name, digest in checked_sums().items():
        url = f"/static/vendor/pyodide/{name}"
        answer = fetch(browser, url, "gzip, deflate, br")
        assert answer.status_code == 200, name
        assert answer.headers["Content-Encoding"] == "gzip", name
        assert answer.mimetype == MEDIA_TYPES[name], name
        assert "accept-encoding" in answer.headers["Vary"].lower(), name
        assert answer.data == (VENDORED / f"{name}.gz").read_bytes(), f"{name}: the copy, gzipped once"
        assert int(answer.headers["Content-Length"]) == len(answer.data), name
        assert sha256(gzip.decompress(answer.data)) == digest, name

        # Asked again with its ETag: not sent again.
        again = fetch(browser, url, "gzip", if_none_match=answer.headers["ETag"])
        assert again.status_code == 304 and again.data == b"", name

        # A phone that does not take gzip gets the file itself, under another ETag.
        plain = fetch(browser, url, "identity")
        assert plain.status_code == 200 and "Content-Encoding" not in plain.headers, name
        assert plain.mimetype == MEDIA_TYPES[name], name
        assert "accept-encoding" in plain.headers["Vary"].lower(), name
        assert int(plain.headers["Content-Length"]) == len(plain.data), name
        assert sha256(plain.data) == digest, name
        assert plain.headers["ETag"] != answer.headers["ETag"], name
        stale = fetch(browser, url, "identity", if_none_match=answer.headers["ETag"])
        assert stale.status_code == 200 and sha256(stale.data) == digest, f"{name}: the gzipped copy's ETag"


@pytest.mark.parametrize(("accept_encoding", "gzipped"), [
    ("", False), ("identity", False), ("br", False), ("gzip;q=0", False), ("gzip;q=0, *", False),
    ("*;q=0", False), ("gzip;q=nonsense", False), ("gzip;q=2", False), ("gzip;q=nan, *;q=1", False),
    (";;;,q=,=,\xff", False), ("deflate, gzip;q=0.5", True), ("GZip", True), ("x-gzip", True), ("*", True),
    ("br;q=1.0, gzip;q=0.8, *;q=0.1", True),
])
def test_any_accept_encoding_gets_one_whole_answer(browser: FlaskClient, accept_encoding: str,
                                                    gzipped: bool) -> None:
    digest = checked_sums()["pyodide.asm.mjs"]
    answer = fetch(browser, "/static/vendor/pyodide/pyodide.asm.mjs", accept_encoding)
    assert answer.status_code == 200
    assert answer.headers.get("Content-Encoding") == ("gzip" if gzipped else None)
    assert sha256(gzip.decompress(answer.data) if gzipped else answer.data) == digest
    assert int(answer.headers["Content-Length"]) == len(answer.data)


def test_a_catalog_travels_gzipped_and_the_zip_as_it_is(browser: FlaskClient) -> None:
    urls = browser.get("/engine/files.json").get_json()
    plain = fetch(browser, urls["catalog_files"]["de"], "identity")
    packed = fetch(browser, urls["catalog_files"]["de"], "gzip")
    assert "Content-Encoding" not in plain.headers and packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 2
    assert "immutable" in packed.headers["Cache-Control"] and "accept-encoding" in packed.headers["Vary"].lower()
    modules = fetch(browser, urls["engine"], "gzip")
    assert "Content-Encoding" not in modules.headers, "the zip's modules are deflated already"


def test_the_manifest_says_what_the_app_sends_for_every_engine_file(web: Flask, browser: FlaskClient) -> None:
    urls = browser.get("/engine/files.json").get_json()
    with web.test_request_context("/"):
        manifest = engine.engine_manifest()
    assert [entry["url"] for entry in manifest["files"]] == urls["files"]
    assert {language: entry["url"] for language, entry in manifest["catalogs"].items()} == urls["catalog_files"]
    sums = checked_sums()
    for entry in [*manifest["files"], *manifest["catalogs"].values()]:
        assert set(entry) == {"url", "bytes", "sha256", "wire"}
        answer = fetch(browser, entry["url"], "gzip")
        assert answer.status_code == 200, entry["url"]
        body = gzip.decompress(answer.data) if answer.headers.get("Content-Encoding") == "gzip" else answer.data
        assert (len(body), sha256(body)) == (entry["bytes"], entry["sha256"]), entry["url"]
        assert len(answer.data) == entry["wire"], entry["url"]
        if (name := entry["url"].rsplit("/", 1)[-1]) in sums:
            assert entry["sha256"] == sums[name], name
    wasm = next(entry for entry in manifest["files"] if entry["url"].endswith(".wasm"))
    assert wasm["wire"] < wasm["bytes"] / 2
