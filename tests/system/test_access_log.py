"""The access log of `scorekeeper serve` never holds a secret of a link.

An edit link, a club's link, a side's confirmation page and a board carry their secret in the address (and a
page's own requests send that address back as their Referer): the served log line keeps the address's shape
and blanks the secret out.
"""

from __future__ import annotations

import http.cookiejar
import re
import urllib.request
from pathlib import Path

from scorekeeper.access_log import HIDDEN, redact
from tests.support.servers import api_match, start_server, stop_server


def test_redact_blanks_every_secret_of_an_address_and_keeps_its_shape() -> None:
    assert redact("GET /m/abc/join?key=SeCrEt_-1 HTTP/1.1") == f"GET /m/abc/join?key={HIDDEN} HTTP/1.1"
    assert redact("/clubs/c1/join?x=1&key=s3cret&y=2") == f"/clubs/c1/join?x=1&key={HIDDEN}&y=2"
    assert redact("POST /c/abc/1/t0ken/3 HTTP/1.1") == f"POST /c/abc/1/{HIDDEN}/3 HTTP/1.1"
    assert redact("http://h:5/c/abc/0/t0ken#hand-2") == f"http://h:5/c/abc/0/{HIDDEN}#hand-2"
    assert redact("/board/v1ew/live") == f"/board/{HIDDEN}/live"
    assert redact("/api/v1/boards/v1ew/events?last_event_id=3") == f"/api/v1/boards/{HIDDEN}/events?last_event_id=3"
    assert redact("GET /m/abc/hand?revision=2 HTTP/1.1") == "GET /m/abc/hand?revision=2 HTTP/1.1"
    assert redact("/clubs/c1/stats") == "/clubs/c1/stats"


def test_the_served_access_log_never_holds_a_links_secret(tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'log.sqlite'}", tmp_path, quiet=False)
    try:
        made = api_match(server, "bela", ["Mike", "Yvonne"],
                         hands=({"taker": 0, "card_points": [90, 62], "last_trick": 0},))
        status, club = server.json("POST", "/api/v1/clubs", {"name": "The Anchor", "players": ["Mike", "Yvonne"]})
        assert status == 201, club
        secrets = [made["edit_token"], made["view_token"], club["club_token"]]

        scorer = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with scorer.open(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}") as answer:
            sheet = answer.read().decode()
        assert answer.url == f"{server.url}/m/{made['id']}"  # the join redirect lost the key
        confirm = re.search(rf'href="[^"]*(/c/{made["id"]}/0/([A-Za-z0-9_-]+))"', sheet)
        assert confirm, "the sheet shows the first side's confirmation link"
        secrets.append(confirm.group(2))
        page = urllib.request.Request(server.url + confirm.group(1), headers={"Referer": answer.url})
        with urllib.request.urlopen(page) as opened:
            assert opened.status == 200
        # A page's own request (its stylesheet) sends the page's address, secret and all, as its Referer.
        style = urllib.request.Request(f"{server.url}/static/css/app.css",
                                       headers={"Referer": server.url + confirm.group(1)})
        with urllib.request.urlopen(style) as opened:
            assert opened.status == 200
        with scorer.open(f"{server.url}{club['links']['club']}") as joined:
            assert joined.url == f"{server.url}/clubs/{club['id']}"
        with urllib.request.urlopen(f"{server.url}/board/{made['view_token']}") as board:
            assert board.status == 200
        status, _ = server.json("GET", f"/api/v1/matches/{made['id']}",
                                headers={"Authorization": f"Bearer {made['edit_token']}"})
        assert status == 200
    finally:
        stop_server(server)
    log = Path(server.log.name).read_text()
    for path in (f"/m/{made['id']}/join?key={HIDDEN}", f"/clubs/{club['id']}/join?key={HIDDEN}",
                 f"/c/{made['id']}/0/{HIDDEN}", f"/board/{HIDDEN}", f"/api/v1/matches/{made['id']}"):
        assert path in log, f"the access log has a line for {path}:\n{log}"
    for secret in secrets:
        assert secret not in log, f"a secret is in the access log:\n{log}"
