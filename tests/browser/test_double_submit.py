"""A hand sent twice is recorded once; a phone saving over another phone's change is told and asked, not obeyed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import fill_hand, record, shot, start_match, totals

pytestmark = pytest.mark.browser

SEND_TWICE = """async () => {
  const form = document.getElementById("hand-form");
  const send = () => fetch(form.action || location.href, {method: "POST", body: new FormData(form),
                                                          credentials: "same-origin"});
  const answers = await Promise.all([send(), send()]);
  return answers.map(a => [a.status, a.url]);
}"""


def test_the_same_hand_sent_twice_records_one(page: Page, server) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    sheet_url = page.url

    # A double tap that got through: the same form (same idempotency key) posted twice at once.
    page.get_by_role("link", name="Record hand 1").click()
    fill_hand(page, "Mike", {"Mike": 80, "Yvonne": 62}, "Mike")
    answers = page.evaluate(SEND_TWICE)
    assert [status for status, _ in answers] == [200, 200]
    assert all(url.startswith(sheet_url) for _, url in answers), answers
    page.goto(sheet_url)
    expect(page.locator("details.hand")).to_have_count(1)
    assert totals(page) == ["90", "62"]

    # A resend after the first answer came back (a flaky connection, a reload that posts again):
    # the form as it was before saving, posted once more after the save went through.
    page.get_by_role("link", name="Record hand 2").click()
    fill_hand(page, "Yvonne", {"Mike": 50, "Yvonne": 100}, "Yvonne")
    data: dict[str, Any] = page.evaluate(
        "() => Object.fromEntries(new FormData(document.getElementById('hand-form')))")
    form_url = page.url
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status")).to_contain_text("Recorded hand 2")
    again = page.request.post(form_url, form=data, max_redirects=0)
    assert again.status == 302
    assert again.headers["location"].endswith("?saved=2")  # the sheet, at its top
    page.goto(sheet_url)
    expect(page.get_by_role("status")).to_contain_text("Recorded hand 2")  # the first answer, again
    expect(page.locator("details.hand")).to_have_count(2)
    assert totals(page) == ["140", "172"]
    audit = page.locator("details.audit summary")
    expect(audit).to_have_text("Every change to this match (3)")
    shot(page, "double-submit-sheet")


def test_a_stale_phone_is_told_and_overwrites_nothing(page: Page, server, new_context) -> None:
    start_match(page, server.url, "Bela \\(two-handed\\)", ["Mike", "Yvonne"])
    record(page, "Mike", {"Mike": 80, "Yvonne": 62}, "Mike")

    # The scorer hands scoring to a second phone with the edit link.
    page.get_by_text("Hand scoring to another phone").click()
    page.get_by_role("button", name="Yes, show the scoring code").click()
    expect(page.get_by_role("img", name="QR code of the scoring key")).to_be_visible()
    link = page.locator("section.share details a.link-text").get_attribute("href")
    assert link and "/join?key=" in link
    other = new_context().new_page()
    other.goto(link)
    expect(other.get_by_role("heading", name="Score sheet")).to_be_visible()
    assert "key=" not in other.url
    assert totals(other) == ["90", "62"]

    # Both phones open the form for hand 2.
    page.get_by_role("link", name="Record hand 2").click()
    other.get_by_role("link", name="Record hand 2").click()

    # The first phone saves: Yvonne took and made 110 to 50.
    fill_hand(page, "Yvonne", {"Mike": 50, "Yvonne": 100}, "Yvonne")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status")).to_contain_text("Recorded hand 2")

    # The second phone saves its own idea of hand 2 from the page it opened before.
    fill_hand(other, "Mike", {"Mike": 100, "Yvonne": 30}, "Mike")
    other.get_by_role("button", name="Save hand").click()
    expect(other.get_by_role("alert")).to_contain_text(
        "Not saved yet: another phone changed this match while you were entering.")
    expect(other.get_by_role("alert")).to_contain_text("Another phone recorded hand 2 (Mike +50, Yvonne +110)")
    expect(other.get_by_role("alert")).to_contain_text("Yours: Mike +110, Yvonne +30.")
    assert totals(other) == ["140", "172"]  # the new score, shown
    expect(other.get_by_role("heading", name="Hand 3")).to_be_visible()
    expect(other.get_by_role("button", name="Save hand")).to_have_count(0)  # it asks instead
    expect(other.get_by_label("Mike: card points")).to_have_value("100")  # its figures kept to check
    shot(other, "stale-phone-told")

    # Nothing was overwritten: hand 2 is the first phone's.
    page.reload()
    expect(page.locator("details.hand")).to_have_count(2)
    expect(page.locator("#hand-2 .result")).to_contain_text("made")
    assert totals(page) == ["140", "172"]

    # The table keeps both on the second phone: it is recorded as hand 3.
    other.get_by_role("button", name="Keep both (yours becomes hand 3)").click()
    expect(other.get_by_role("status")).to_contain_text(re.compile("Recorded hand 3"))
    assert totals(other) == ["250", "202"]
