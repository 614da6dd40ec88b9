"""The headers every answer carries, ``no-store`` on what shows a secret, a ``Secure``
session cookie over HTTPS, and templates the Content-Security-Policy lets run (no inline script, no event
handler attributes, no style attributes)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.app import TEMPLATES
from scorekeeper.security import SECRET_ENDPOINTS
from tests.support.api import API, create, record
from tests.support.app import migrated_app
from tests.support.pages import Phone, hidden

HAND = {"taker": 0, "card_points": [90, 62], "last_trick": 0}
CLUB = {"name": "The Anchor", "players": ["Mike", "Yvonne"]}


def directives(policy: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as {directive: sources}."""
    found = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            found[words[0]] = words[1:]
    return found


def assert_secure_headers(answer, where: str) -> None:  # type: ignore[no-untyped-def]
    headers = answer.headers
    policy = directives(headers.get("Content-Security-Policy", ""))
    # Scripts from this server only; WebAssembly may be compiled (the phone's engine, Pyodide), JavaScript never
    # evaluated from text ('unsafe-eval') nor written inline ('unsafe-inline').
    assert policy.get("script-src") == ["'self'", "'wasm-unsafe-eval'"], (where, policy)
    assert policy.get("worker-src") == ["'self'"], (where, policy)
    assert policy.get("default-src") == ["'self'"], (where, policy)
    assert policy.get("frame-ancestors") == ["'none'"], (where, policy)
    assert policy.get("object-src") == ["'none'"], (where, policy)
    assert not any("unsafe" in source for sources in policy.values() for source in sources
                   if source != "'wasm-unsafe-eval'"), (where, policy)
    assert headers.get("X-Content-Type-Options") == "nosniff", where
    assert headers.get("X-Frame-Options") == "DENY", where
    assert headers.get("Referrer-Policy") in ("same-origin", "no-referrer"), where


def _a_scored_match(client: FlaskClient) -> tuple[dict, str]:
    made = create(client)
    record(client, made, HAND)
    assert client.get(f"/m/{made.id}/join?key={made.edit_token}").status_code == 302
    sheet = client.get(f"/m/{made.id}").get_data(as_text=True)
    confirm = re.search(rf'href="[^"]*(/c/{made.id}/0/[A-Za-z0-9_-]+)"', sheet)
    assert confirm, "the sheet links the first side's confirmation page"
    return made.body, confirm.group(1)


def test_every_answer_carries_the_security_headers(client: FlaskClient) -> None:
    made, confirm = _a_scored_match(client)
    club = client.post(f"{API}/clubs", json=CLUB)
    assert_secure_headers(club, "create a club")
    paths = ["/", "/rules", "/rules/bela", "/clubs/new", "/matches", f"/m/{made['id']}", f"/m/{made['id']}/hand",
             f"/m/{made['id']}/rules", f"/board/{made['view_token']}", f"/board/{made['view_token']}?tv=1",
             confirm, f"/clubs/{club.get_json()['id']}/join?key={club.get_json()['club_token']}",
             "/static/css/app.css", "/static/js/live.js", f"{API}/variants", f"{API}/matches/{made['id']}",
             f"{API}/openapi.json", "/nothing-here", f"{API}/nothing-here"]
    for path in paths:
        answer = client.get(path, headers={"Authorization": f"Bearer {made['view_token']}"})
        assert answer.status_code in (200, 302, 404), (path, answer.status_code)
        assert_secure_headers(answer, path)
        answer.close()  # a static file's answer holds the file open
    refused = Phone(client.application.test_client()).client.get(f"/m/{made['id']}")
    assert refused.status_code == 403
    assert_secure_headers(refused, "the refused sheet")


def test_the_answers_that_show_a_secret_are_never_stored(client: FlaskClient) -> None:
    made, confirm = _a_scored_match(client)
    answers = {"sheet": client.get(f"/m/{made['id']}"),
               "sheet with the scoring QR": client.get(f"/m/{made['id']}?show=scoring-qr"),
               "edit link": client.get(f"/m/{made['id']}/join?key={made['edit_token']}"),
               "confirmation page": client.get(confirm),
               "API create match": client.post(f"{API}/matches", json={"variant": "bela", "players": ["A", "B"]})}
    export = client.get(f"{API}/matches/{made['id']}/export", headers={"Authorization": f"Bearer {made['edit_token']}"})
    answers["API import match"] = client.post(f"{API}/imports", json=export.get_json())
    club = client.post(f"{API}/clubs", json=CLUB)
    answers["API create club"] = club
    answers["club link"] = client.get(club.get_json()["links"]["club"])
    answers["club page"] = client.get(f"/clubs/{club.get_json()['id']}")
    document = client.get(f"{API}/clubs/{club.get_json()['id']}/export",
                          headers={"Authorization": f"Bearer {club.get_json()['club_token']}"}).get_json()
    answers["API import club"] = client.post(f"{API}/clubs/imports", json=document)

    scorer = client.application.test_client()
    refused = scorer.get(f"/m/{made['id']}")
    answers["edit key posted"] = scorer.post(f"/m/{made['id']}/join", data={
        "key": made["edit_token"], "csrf_token": hidden(refused.get_data(as_text=True))["csrf_token"]})
    for name, answer in answers.items():
        assert answer.status_code in (200, 201, 302, 303), (name, answer.status_code, answer.get_data(as_text=True))
        assert answer.headers.get("Cache-Control") == "no-store", name
    # A page without a secret may be kept as usual.
    assert "no-store" not in client.get("/rules").headers.get("Cache-Control", "")


def test_every_endpoint_named_secret_exists(app: Flask) -> None:
    assert {rule.endpoint for rule in app.url_map.iter_rules()} >= SECRET_ENDPOINTS


def _session_cookie(answer) -> str:  # type: ignore[no-untyped-def]
    cookies = [value for value in answer.headers.getlist("Set-Cookie") if value.startswith("session=")]
    assert cookies, "the page sets the session cookie (it carries the form's CSRF token)"
    return str(cookies[0])


def test_the_session_cookie_is_secure_when_the_phone_came_over_https(client: FlaskClient) -> None:
    assert "; Secure" in _session_cookie(client.get("/", base_url="https://cards.example.org"))
    assert "; Secure" not in _session_cookie(client.get("/", base_url="http://192.168.1.20:5000"))


@pytest.fixture
def https_app(tmp_path: Path) -> Iterator[Flask]:
    with migrated_app(f"sqlite:///{tmp_path / 'https.sqlite'}", tmp_path,
                      PUBLIC_URL="https://cards.example.org", PROXIES="1") as app:
        yield app


def test_behind_an_https_proxy_the_session_cookie_is_secure(https_app: Flask) -> None:
    client = https_app.test_client()
    assert "; Secure" in _session_cookie(client.get("/", headers={"X-Forwarded-Proto": "https"}))
    # SCOREKEEPER_PUBLIC_URL says phones use https: the cookie is Secure whatever the proxy says.
    assert "; Secure" in _session_cookie(https_app.test_client().get("/"))


INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
HANDLER = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I)


@pytest.mark.parametrize("template", sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.html")))
def test_no_template_has_script_or_style_the_policy_would_block(template: str) -> None:
    text = (TEMPLATES / template).read_text()
    assert not INLINE_SCRIPT.search(text), "inline <script> with code: move it to static/js"
    assert not HANDLER.search(text), "an on…= event handler attribute: add the listener in static/js"
    assert not STYLE_ATTRIBUTE.search(text), "a style attribute: use a class in static/css"
    assert "javascript:" not in text
