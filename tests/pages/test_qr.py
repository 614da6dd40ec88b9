"""The QR codes on the score sheet, read back: the board's goes to the board, at the host the phone reached
or at SCOREKEEPER_PUBLIC_URL; the scoring key's only after the scorer asked for it."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.app import migrated_app
from tests.support.qr import decode, rasterize, require_decoder

TABLE = "http://table.local:8080"
"""The address the scorer's phone used (a laptop on the pub's network, say)."""
PUBLIC = "https://cards.example.org"


@pytest.fixture(autouse=True)
def _decoder() -> None:
    require_decoder()


def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, public_url: str | None) -> Iterator[Flask]:
    if public_url is None:
        monkeypatch.delenv("SCOREKEEPER_PUBLIC_URL", raising=False)
    else:
        monkeypatch.setenv("SCOREKEEPER_PUBLIC_URL", public_url)
    with migrated_app(f"sqlite:///{tmp_path / 'qr.sqlite'}", tmp_path, SECRET_KEY="qr-test",
                      WTF_CSRF_ENABLED=False) as app:
        yield app


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The app with no public URL configured: links use the host each request came to."""
    yield from make_app(tmp_path, monkeypatch, None)


@pytest.fixture
def public_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The app behind a proxy that says where phones outside reach it (with a trailing slash, as people write)."""
    yield from make_app(tmp_path, monkeypatch, PUBLIC + "/")


def start(client: FlaskClient, base_url: str) -> tuple[dict[str, Any], str]:
    """Start a match on the start page as the scorer's phone; the API's view of it, and the sheet's HTML."""
    answer = client.post("/", base_url=base_url, follow_redirects=True, data={
        "variant": "bela", "player_0": "Mike", "player_1": "Yvonne", "first_dealer": "0", "tie": "",
        "claims": "", "best_of": ""})
    assert answer.status_code == 200
    sheet = answer.get_data(as_text=True)
    match_id = answer.request.path.rsplit("/", 1)[1]
    token = re.search(r'/m/[^/"]+/join\?key=([A-Za-z0-9_-]+)', sheet)
    assert token, "the sheet of a new match shows its key once"
    found = client.get(f"/api/v1/matches/{match_id}", base_url=base_url,
                       headers={"Authorization": f"Bearer {token.group(1)}"})
    assert found.status_code == 200
    body = found.get_json()
    return {**body, "edit_token": token.group(1), "view_token": body["links"]["board"].rsplit("/", 1)[1]}, sheet


def qr_of(page: str, label: str, tmp_path: Path) -> str:
    """What the QR code with this label decodes to (exactly one code in it)."""
    svg = re.search(rf'<svg [^>]*aria-label="{label}".*?</svg>', page, re.S)
    assert svg, f"no QR code labelled {label!r}"
    texts = decode(rasterize(svg.group(0), tmp_path / f"{label.replace(' ', '-')}.pgm"))
    assert len(texts) == 1, texts
    return texts[0]


def captions(page: str) -> list[str]:
    """The links written under the QR codes."""
    return [html.unescape(u) for u in re.findall(r'<figcaption><a class="link-text" href="([^"]+)"', page)]


def test_the_board_qr_goes_to_the_board_at_the_host_the_phone_reached(app: Flask, tmp_path: Path) -> None:
    client = app.test_client()
    match, sheet = start(client, TABLE)
    board_url = qr_of(sheet, "QR code of the board link", tmp_path)
    assert board_url == f"{TABLE}/board/{match['view_token']}"
    assert captions(sheet) == [board_url]
    assert match["edit_token"] not in board_url
    assert "QR code of the scoring key" not in sheet

    # The same sheet reached by another address (the IP, say, instead of a name) shares that one.
    lan = "http://192.168.1.20:5000"
    client.get(f"/m/{match['id']}/join?key={match['edit_token']}", base_url=lan)  # its cookies are the IP's
    other = client.get(f"/m/{match['id']}", base_url=lan)
    assert other.status_code == 200
    assert qr_of(other.get_data(as_text=True), "QR code of the board link", tmp_path) == (
        f"{lan}/board/{match['view_token']}")

    # Following the code as a watcher's phone (no cookies) shows the board, not the sheet.
    watcher = app.test_client()
    board = watcher.get(board_url.removeprefix(TABLE), base_url=TABLE)
    assert board.status_code == 200
    assert "Last hands" in board.get_data(as_text=True)
    assert match["edit_token"] not in board.get_data(as_text=True)


def test_the_scoring_code_shows_only_when_asked_and_hands_over_the_match(app: Flask, tmp_path: Path) -> None:
    client = app.test_client()
    match, _ = start(client, TABLE)
    sheet = client.get(f"/m/{match['id']}?show=scoring-qr", base_url=TABLE).get_data(as_text=True)
    join = qr_of(sheet, "QR code of the scoring key", tmp_path)
    assert join == f"{TABLE}/m/{match['id']}/join?key={match['edit_token']}"

    next_scorer = app.test_client()
    assert next_scorer.get(f"/m/{match['id']}", base_url=TABLE).status_code == 403
    opened = next_scorer.get(join.removeprefix(TABLE), base_url=TABLE)
    assert opened.status_code == 302 and opened.headers["Location"].endswith(f"/m/{match['id']}")
    assert next_scorer.get(f"/m/{match['id']}", base_url=TABLE).status_code == 200


def test_scorekeeper_public_url_overrides_the_host_in_every_shared_link(public_app: Flask, tmp_path: Path) -> None:
    client = public_app.test_client()
    match, first_sheet = start(client, TABLE)
    # The key shown once on a new match is a link to keep: it must work from outside too.
    assert f"{PUBLIC}/m/{match['id']}/join?key={match['edit_token']}" in first_sheet
    assert f"{TABLE}/m/" not in first_sheet

    sheet = client.get(f"/m/{match['id']}?show=scoring-qr", base_url=TABLE).get_data(as_text=True)
    board_url = qr_of(sheet, "QR code of the board link", tmp_path)
    assert board_url == f"{PUBLIC}/board/{match['view_token']}"
    join = qr_of(sheet, "QR code of the scoring key", tmp_path)
    assert join == f"{PUBLIC}/m/{match['id']}/join?key={match['edit_token']}"
    assert captions(sheet) == [board_url, join]
    assert "table.local" not in sheet
