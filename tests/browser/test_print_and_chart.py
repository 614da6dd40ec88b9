"""The running-totals chart on the sheet at phone size, and the sheet printed to PDF by Chromium."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import ARTIFACTS, record, shot, start_match, totals

pytestmark = pytest.mark.browser


def test_the_chart_on_the_sheet_and_the_sheet_printed(page: Page, server, tmp_path: Path) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    expect(page.get_by_text("No hands yet: the chart starts after the first hand.")).to_be_visible()
    record(page, "Mike", {"Mike": 50, "Yvonne": 61}, "Mike")
    record(page, "Yvonne", {"Mike": 30, "Yvonne": 110}, "Yvonne", {"Yvonne": "50"})
    record(page, "Mike", {"Mike": 90, "Yvonne": 52}, "Mike")
    final = totals(page)

    chart = page.get_by_role("img", name="Running totals per hand")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390
    assert page.locator(".chart-svg polyline").count() == 2
    assert page.locator(".chart-svg polyline").first.get_attribute("points").count(",") == 3  # type: ignore[union-attr]
    page.get_by_text("The figures as a table").click()
    last_row = page.locator(".chart-table tbody tr").last
    expect(last_row).to_have_text(re.compile(rf"^\s*3\s*{final[0]}\s*{final[1]}\s*$"))
    chart.scroll_into_view_if_needed()
    shot(page, "chart-on-sheet")

    # The print view on screen: white paper, every hand open, no buttons.
    page.get_by_role("link", name="Print this sheet").click()
    expect(page.locator("body")).to_have_class("print")
    expect(page.locator("#hand-1 .explanation")).to_be_visible()
    expect(page.get_by_role("button")).to_have_count(0)
    assert page.locator("body").evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(255, 255, 255)"
    shot(page, "sheet-print-view")

    # Printed from the ordinary sheet, without the print view: print media hides the rest.
    page.goto(server.url + page.url.removeprefix(server.url).split("?")[0])
    page.emulate_media(media="print")
    expect(page.get_by_role("link", name="Print this sheet")).to_be_hidden()
    expect(page.locator("#hand-2 .explanation")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = ARTIFACTS / "sheet-printed.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext") is None:
        if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
            pytest.fail("the browser tests are required but pdftotext (poppler-utils) is missing")
        pytest.skip("pdftotext is missing (apt package poppler-utils; `make browser` installs it as root): "
                    "the PDF was made but its text is not checked")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    for word in ("Mike", "Yvonne", "Score sheet", "House rules", "Running totals", *final):
        assert word in text, (word, text)
    for hidden in ("Print this sheet", "Record hand", "Share the board", "Undo hand"):
        assert hidden not in text, (hidden, text)
