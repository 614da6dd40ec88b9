"""Issue 22: what the app serves the phone's engine: the modules zipped from the source the server runs (never a
copy), each language's catalog of the engine's messages, addresses that change with their contents and are kept
for good, and the script tag the pages include (templates/_macros/engine.html)."""

from __future__ import annotations

import gettext
import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask, render_template_string
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.offline.hand_fields import SIDE_ASKS
from scorekeeper.views import engine

PACKAGE = Path(engine.__file__).resolve().parents[1]


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
                          "data-engine": urls["engine"], "data-catalogs": urls["catalogs"]}
    assert " defer " in tag
