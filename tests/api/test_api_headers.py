"""The API's answers carry the security headers, and an answer that carries a new secret
(a created or imported match or club) is never stored by a cache."""

from __future__ import annotations

import gzip
import json

import pytest
from flask.testing import FlaskClient

from tests.support.api import API, bearer, create

CLUB = {"name": "The Anchor", "players": ["Mike", "Yvonne"]}


def _assert_headers(answer, where: str) -> None:  # type: ignore[no-untyped-def]
    policy = answer.headers.get("Content-Security-Policy", "")
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, where
    # Only WebAssembly may be compiled (the phone's engine): no JavaScript evaluated from text, nothing inline.
    assert "unsafe" not in policy.replace("'wasm-unsafe-eval'", ""), where
    assert answer.headers.get("X-Content-Type-Options") == "nosniff", where
    assert answer.headers.get("X-Frame-Options") == "DENY", where
    assert answer.headers.get("Referrer-Policy") == "same-origin", where


def test_every_api_answer_carries_the_security_headers(client: FlaskClient) -> None:
    made = create(client)
    answers = {
        "create": client.post(f"{API}/matches", json={"variant": "bela", "players": ["A", "B"]}),
        "read": client.get(made.url, headers=made.view),
        "events": client.get(f"{made.url}/events", headers=made.view),
        "board": client.get(f"{API}/boards/{made.view_token}"),
        "variants": client.get(f"{API}/variants"),
        "refused": client.get(made.url),
        "not found": client.get(f"{API}/matches/nothing", headers=made.view),
        "no such route": client.get(f"{API}/nothing"),
        "not JSON": client.post(f"{API}/matches", data="{", content_type="application/json"),
    }
    for where, answer in answers.items():
        _assert_headers(answer, where)
        assert answer.content_type.startswith("application/json"), where


@pytest.mark.postgresql
def test_the_answers_with_a_new_secret_are_not_stored_and_reads_may_be(client: FlaskClient) -> None:
    made = create(client)
    export = client.get(f"{made.url}/export", headers=made.edit).get_json()
    club = client.post(f"{API}/clubs", json=CLUB)
    club_export = client.get(f"{API}/clubs/{club.get_json()['id']}/export",
                             headers=bearer(club.get_json()["club_token"])).get_json()
    for where, answer in {
        "create match": client.post(f"{API}/matches", json={"variant": "bela", "players": ["A", "B"]}),
        "import match": client.post(f"{API}/imports", json=export),
        "create club": club,
        "import club": client.post(f"{API}/clubs/imports", json=club_export),
    }.items():
        assert answer.status_code == 201, (where, answer.get_data(as_text=True))
        assert answer.headers["Cache-Control"] == "no-store", where
        if "match" in where:
            assert answer.headers.get("ETag"), where  # the match's revision still travels, for If-Match
    assert "no-store" not in client.get(f"{API}/variants").headers.get("Cache-Control", "")


@pytest.mark.postgresql
def test_an_answer_travels_gzipped_to_a_phone_that_asks_and_says_the_same(client: FlaskClient) -> None:
    """Compression changes the bytes on the wire, never what a phone reads: the gzipped answer, opened, is the
    plain one; a cache keeps the two apart; an event stream is never held back to be compressed."""
    made = create(client)
    for where, url, headers in [("variants", f"{API}/variants", {}), ("match", made.url, made.view)]:
        plain = client.get(url, headers={**headers, "Accept-Encoding": "identity"})
        packed = client.get(url, headers={**headers, "Accept-Encoding": "gzip, deflate, br"})
        assert "Content-Encoding" not in plain.headers, where
        assert packed.headers.get("Content-Encoding") == "gzip", where
        assert "Accept-Encoding" in packed.headers.get("Vary", ""), where
        assert json.loads(gzip.decompress(packed.get_data())) == plain.get_json(), where
        assert int(packed.headers["Content-Length"]) < len(plain.get_data()), where
    events = client.get(f"{API}/boards/{made.view_token}/events", headers={"Accept-Encoding": "gzip"},
                        buffered=False)
    try:
        assert events.mimetype == "text/event-stream" and "Content-Encoding" not in events.headers
    finally:
        events.close()
