"""Days were written as the database stores them ("2026-11-26") in every language; a page writes a
day as its language does ("Nov 26, 2026", "26. stu 2026.", "26.11.2026"), and the audit log's times on a
24-hour clock."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.models import utcnow
from tests.support.api import API, bearer
from tests.support.pages import parse_page

pytestmark = pytest.mark.postgresql  # days and times as the database stores them (with their zone on PostgreSQL)

ISO_DAY = re.compile(r"\b\d{4}-\d\d-\d\d\b")
TODAY = {"en": "{month} {day}, {year}", "de": "{day}.{mm}.{year}", "hr": "{day}. "}
"""The beginning of today's day on a page, as each language writes it (Babel's medium form)."""


def _club(client: FlaskClient) -> tuple[str, str]:
    club = client.post(f"{API}/clubs", json={"name": "The Anchor", "players": ["Ana", "Marko"]}).get_json()
    made = client.post(f"{API}/matches", json={"variant": "bela", "players": ["Ana", "Marko"], "club": club["id"]},
                       headers=bearer(club["club_token"])).get_json()
    client.post(f"{API}/matches/{made['id']}/hands", json={"taker": 0, "card_points": [100, 52], "last_trick": 0},
                headers=bearer(club["club_token"]))
    assert client.get(f"/clubs/{club['id']}/join?key={club['club_token']}").status_code == 302
    assert client.get(f"/m/{made['id']}/join?key={made['edit_token']}").status_code == 302
    return club["id"], made["id"]


@pytest.mark.parametrize("language", ["en", "hr", "bg", "fr", "de", "nl", "pl", "uk"])
def test_no_page_writes_a_day_as_the_database_stores_it(client: FlaskClient, language: str) -> None:
    club, match = _club(client)
    client.get(f"/?lang={language}")
    today = utcnow().date()
    for path in [f"/clubs/{club}", f"/clubs/{club}/stats", f"/clubs/{club}/stats?from={today.isoformat()}",
                 f"/clubs/{club}/players/Ana", "/matches", f"/m/{match}"]:
        words = parse_page(client.get(path).get_data(as_text=True)).text()
        assert not ISO_DAY.search(words), (language, path, ISO_DAY.findall(words))
    sheet = parse_page(client.get(f"/m/{match}").get_data(as_text=True)).text()
    if language == "en":
        assert today.strftime("%b ") + str(today.day) + today.strftime(", %Y") in sheet
    if language == "de":
        assert today.strftime("%d.%m.%Y") in sheet
    assert not re.search(r"\d\d:\d\d\s?[AP]M", sheet)
