"""The scorer's link the API answers on create (``links.scorer``, ``/m/<id>#<key>``),
opened in a phone's browser that never saw the match, lands on the score sheet, able to record a hand; the key
leaves the address bar and never travels in an address the server logs."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Request, expect

from tests.support.browser import record, totals
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser


def test_the_scorer_link_from_a_create_answer_opens_the_sheet_in_a_fresh_browser(
        server: LiveServer, browser: Browser, browser_context_args: dict[str, Any]) -> None:
    status, made = server.json("POST", "/api/v1/matches", {"variant": "bela", "players": ["Mike", "Yvonne"]})
    assert status == 201, made
    link = made["links"]["scorer"]
    assert link == f"/m/{made['id']}#{made['edit_token']}"

    context = browser.new_context(**browser_context_args)
    try:
        page = context.new_page()
        sent: list[Request] = []
        page.on("request", lambda request: sent.append(request))
        page.goto(server.url + link)
        expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
        assert page.url == f"{server.url}/m/{made['id']}"  # the key is out of the address bar
        assert "#" not in page.evaluate("location.href")
        assert not [r.url for r in sent if made["edit_token"] in r.url], "the key travelled in an address"
        posted = [r for r in sent if r.method == "POST" and r.url.endswith(f"/m/{made['id']}/join")]
        assert len(posted) == 1 and made["edit_token"] in (posted[0].post_data or "")

        record(page, "Mike", {"Mike": 65, "Yvonne": 60}, "Mike")
        expect(page.locator("#hand-1")).to_be_visible()
        assert totals(page)[0] != "0"
        page.reload()  # the phone keeps the key: the sheet opens again without the link
        expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
        expect(page.get_by_role("link", name=re.compile("^Record hand 2"))).to_be_visible()
    finally:
        context.close()


def test_a_wrong_key_after_the_hash_says_no_key(server: LiveServer, browser: Browser,
                                                 browser_context_args: dict[str, Any]) -> None:
    status, made = server.json("POST", "/api/v1/matches", {"variant": "bela", "players": ["Mike", "Yvonne"]})
    assert status == 201
    context = browser.new_context(**browser_context_args)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/m/{made['id']}#not-the-key")
        expect(page.get_by_role("heading", name="No key for this match")).to_be_visible()
        assert "#" not in page.url
    finally:
        context.close()
