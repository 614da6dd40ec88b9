"""A forged ``Host:`` header never ends up in an edit link, a shared link or a QR code.

Without SCOREKEEPER_PUBLIC_URL or SCOREKEEPER_TRUSTED_HOSTS (a club's ``make run`` at home) the links use the
host the phone reached when it can only be this server's own network (an address of it, a private address,
``localhost``, a home network's name); a name of the internet is not trusted and the links use the address the
connection arrived at. With SCOREKEEPER_TRUSTED_HOSTS any other host is refused outright (400).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.app import migrated_app
from tests.support.pages import hidden
from tests.support.qr import decode, rasterize, require_decoder

FORGED = "evil.example"


def start(client: FlaskClient, **request: object) -> tuple[str, str]:
    """Start a match on the start page (``request``: the test client's Host header or base URL); the id and the
    page the start lands on (the sheet, with the key shown once)."""
    page = client.get("/", **request).get_data(as_text=True)  # type: ignore[arg-type]
    fields = hidden(page)
    answer = client.post("/", follow_redirects=True, **request, data={  # type: ignore[arg-type]
        "csrf_token": fields["csrf_token"], "idempotency_key": fields["idempotency_key"], "variant": "bela",
        "player_0": "Mike", "player_1": "Yvonne", "first_dealer": "0", "target": "", "tie": "", "claims": "",
        "best_of": ""})
    assert answer.status_code == 200
    return answer.request.path.rsplit("/", 1)[1], answer.get_data(as_text=True)


def links(page: str) -> list[str]:
    """Every absolute link the page shows or shares."""
    return re.findall(r'(?:href|data-share-url)="(https?://[^"]+)"', page)


def qr_codes(page: str, tmp_path: Path) -> list[str]:
    """What every QR code on the page decodes to."""
    found = []
    for i, svg in enumerate(re.findall(r'<svg [^>]*class="qr".*?</svg>', page, re.S)):
        found += decode(rasterize(svg, tmp_path / f"code-{i}.pgm"))
    return found


def test_a_forged_host_is_in_no_link_of_the_sheet(client: FlaskClient) -> None:
    forged = {"headers": {"Host": FORGED}}
    match_id, first = start(client, **forged)
    sheet = client.get(f"/m/{match_id}?show=scoring-qr", **forged).get_data(as_text=True)  # type: ignore[arg-type]
    for page in (first, sheet):  # the key shown once after the start; the sheet's scoring link and board link
        assert FORGED not in page
        shown = links(page)
        assert any(f"/m/{match_id}/join?key=" in link for link in shown)
        assert all(link.startswith("http://localhost/") for link in shown), shown  # the server's own name
    assert any("/board/" in link for link in links(sheet))


def test_a_forged_host_is_in_no_qr_code(client: FlaskClient, tmp_path: Path) -> None:
    require_decoder()
    forged = {"headers": {"Host": f"{FORGED}:5000"}}
    match_id, _ = start(client, **forged)
    sheet = client.get(f"/m/{match_id}?show=scoring-qr", **forged).get_data(as_text=True)  # type: ignore[arg-type]
    codes = qr_codes(sheet, tmp_path)
    assert len(codes) >= 4, codes  # the board, the scoring key, each side's confirmation
    assert not [code for code in codes if FORGED in code], codes
    assert any(code.startswith(f"http://localhost/m/{match_id}/join?key=") for code in codes), codes


@pytest.mark.parametrize("host", ["192.168.1.20:5000", "table.local:8080", "scorer:5000", "localhost:5000",
                                  "127.0.0.1:5000", "[::1]:5000", "10.0.0.7"])
def test_the_home_networks_names_and_addresses_are_kept(client: FlaskClient, host: str) -> None:
    match_id, first = start(client, base_url=f"http://{host}")
    assert f"http://{host}/m/{match_id}/join?key=" in first


@pytest.fixture
def trusting_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    monkeypatch.setenv("SCOREKEEPER_TRUSTED_HOSTS", "cards.example.org, .club.example.org")
    with migrated_app(f"sqlite:///{tmp_path / 'hosts.sqlite'}", tmp_path) as app:
        yield app


def test_with_trusted_hosts_another_host_is_refused_and_a_trusted_one_is_linked(trusting_app: Flask) -> None:
    client = trusting_app.test_client()
    assert client.get("/", headers={"Host": FORGED}).status_code == 400
    assert client.get("/api/v1/variants", headers={"Host": FORGED}).status_code == 400
    # (over https the form's CSRF check wants a referrer of the same site, as the browser sends)
    match_id, first = start(client, base_url="https://cards.example.org",
                            headers={"Referer": "https://cards.example.org/"})
    assert f"https://cards.example.org/m/{match_id}/join?key=" in first
    _, other = start(client, base_url="http://anchor.club.example.org:8080")
    assert "http://anchor.club.example.org:8080/m/" in other
