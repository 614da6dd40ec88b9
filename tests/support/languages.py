"""Finding English left on a page: the messages the sources mark for translation, extracted as
``make messages`` extracts them, served as a pseudo language that wraps each one in ⟦…⟧, and a reader of a
page that lists the English words it still shows outside ⟦ ⟧."""

from __future__ import annotations

import atexit
import re
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from flask import Flask
from flask.testing import FlaskClient

from tests.support.app import migrated_app
from tests.support.pages import Element, parse_page

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
KEYWORDS: dict[str, Any] = {**DEFAULT_KEYWORDS, "Said": None, "_l": None, "lazy_gettext": None,
                            "lazy_ngettext": (1, 2), "NC_": ((1, "c"), 2)}
"""What marks a message: gettext's usual names, the lazy ones of the forms, and the engine's ``Said``
(``pybabel extract -k Said -k _l -k lazy_gettext -k lazy_ngettext:1,2``, as the Makefile's ``messages`` does)."""
PSEUDO = "hr"
"""The language the pseudo catalog is served as (any of the seven but English would do)."""
TEXT_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
"""Attributes whose words a person reads or hears."""


def extracted() -> Catalog:
    """The messages babel.cfg names, extracted from the sources as ``pybabel extract`` would (folders named
    ``_*`` included: the macros live in templates/_macros)."""
    with open(TRANSLATIONS / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    catalog = Catalog()
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS,
            comment_tags=("glossary:", "Translators:"),
            directory_filter=lambda path: not Path(path).name.startswith(".")):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def write_pseudo(folder: Path) -> Path:
    """A compiled catalog under ``folder`` (a translations directory) in which every message is ⟦itself⟧ (a
    plural: each form), served as ``PSEUDO``; ``folder`` is returned."""
    pseudo = Catalog(locale=PSEUDO)
    for message in extracted():
        if message.id:
            wrapped = (tuple(f"⟦{part}⟧" for part in message.id) + (f"⟦{message.id[1]}⟧",)
                       if isinstance(message.id, tuple) else f"⟦{message.id}⟧")
            pseudo.add(message.id, wrapped, context=message.context)
    target = folder / PSEUDO / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with open(target / "messages.mo", "wb") as handle:
        write_mo(handle, pseudo)
    return folder


_CATALOG: list[Path] = []
"""The translations directory holding this process's pseudo catalog, once written."""


def pseudo_catalog() -> Path:
    """A translations directory holding the pseudo catalog, written once per test process (extracting the
    messages from the sources takes a second or two) and removed when the process ends."""
    if not _CATALOG:
        folder = Path(tempfile.mkdtemp(prefix="scorekeeper-pseudo-"))
        atexit.register(shutil.rmtree, folder, True)
        _CATALOG.append(write_pseudo(folder))
    return _CATALOG[0]


@contextmanager
def pseudo_app(database_url: str, tmp_path: Path, folder: Path | None = None, **config: Any) -> Iterator[Flask]:
    """The app, migrated, with the pseudo catalog served as Croatian: ask with ``Accept-Language: hr``.
    ``folder``: a translations directory holding it (by default the one this process wrote)."""
    folder = folder or pseudo_catalog()
    with migrated_app(database_url, tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(folder), **config) as app:
        yield app


def _words(node: Element, leave_out: set[str]) -> Iterator[str]:
    if node.tag in {"script", "style", "head"} or "hidden" in node.attrs or node.classes() & leave_out:
        return
    for name, value in node.attrs.items():
        if value and (name in TEXT_ATTRIBUTES or (name.startswith("data-") and name.endswith(("words", "question")))
                      or (name == "value" and node.tag == "input"
                          and node.attrs.get("type") in {"submit", "button", "reset"})):
            yield value
    for part in node.parts:
        yield part if isinstance(part, str) else " ".join(_words(part, leave_out))


def unwrapped(text: str) -> str:
    """``text`` without its ⟦…⟧ parts (a message may hold another: "⟦… ⟦3 hands⟧ …⟧")."""
    while "⟦" in text:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            raise AssertionError(f"an unclosed ⟦ in {text!r}")
        text = inner
    return text


ALWAYS = ("scorekeeper", "UTC", "QR", "CSV", "JSON", "PDF", "TV")
"""Left in every language: the app's name, and abbreviations every language writes the same way."""


def english_left(html: str, allowed: Iterable[str] = (), leave_out: Iterable[str] = ("languages", "day")) -> list[str]:
    """The English words (two letters or more) a page shows outside ⟦ ⟧: in its visible text and in the
    attributes a person reads or hears; ``allowed`` (players' names …) and ``ALWAYS`` do not count, nor the
    elements whose class is in ``leave_out`` (by default the language switch, each language named in its own
    language, and the days, written with the language's own calendar words from CLDR), nor addresses."""
    tree = parse_page(html)
    text = unwrapped(" ".join(_words(tree, set(leave_out))))
    text = re.sub(r"(?:https?://|/)\S+", " ", text)
    for word in sorted({*allowed, *ALWAYS}, key=len, reverse=True):
        text = re.sub(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


# The pseudo-language sweeps' fixtures (tests/pages/test_languages_*.py import them): SQLite only (what a page
# says does not depend on the database; `make test-pg` reads every page on PostgreSQL through the other page
# tests), the process's pseudo catalog, and a phone that asks for the pseudo language.


@pytest.fixture(name="database_url")
def sqlite_only(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'pages.sqlite'}"


@pytest.fixture(scope="session")
def pseudo_folder() -> Path:
    return pseudo_catalog()


@pytest.fixture(name="pseudo")
def pseudo_served(database_url: str, tmp_path: Path, pseudo_folder: Path) -> Iterator[Flask]:
    with pseudo_app(database_url, tmp_path, pseudo_folder) as app:
        yield app


@pytest.fixture(name="phone")
def pseudo_phone(pseudo: Flask) -> FlaskClient:
    """A phone whose language is the pseudo language (by its Accept-Language)."""
    client = pseudo.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = PSEUDO
    return client

