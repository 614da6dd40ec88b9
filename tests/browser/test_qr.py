"""The board's QR code as the browser draws it on the score sheet, read by a decoder as a camera would,
then followed by another phone to the live board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import start_match
from tests.support.qr import decode, require_decoder
from tests.support.servers import LiveServer

pytestmark = pytest.mark.browser


def test_the_sheet_qr_read_by_another_phone_opens_the_board(page: Page, server: LiveServer, browser: Browser,
                                                            browser_context_args: dict[str, Any],
                                                            tmp_path: Path) -> None:
    require_decoder()
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    code = page.get_by_role("img", name="QR code of the board link")
    code.scroll_into_view_if_needed()
    box = code.bounding_box()
    assert box is not None and box["width"] >= 150, f"the code is big enough to scan across a table: {box}"
    image = tmp_path / "board-qr.png"
    code.screenshot(path=str(image))
    [url] = decode(image)
    assert url == page.locator("#share figcaption a").first.get_attribute("href")
    assert url.startswith(f"{server.url}/board/")

    watcher = browser.new_context(**browser_context_args)
    try:
        board = watcher.new_page()
        board.goto(url)
        expect(board.get_by_role("heading", name="Last hands")).to_be_visible()
        expect(board.get_by_role("link", name="TV view")).to_be_visible()
        expect(board.get_by_role("link", name="Record hand 1")).to_have_count(0)
    finally:
        watcher.close()
