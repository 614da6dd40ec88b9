"""A house rule's value is said in one set of words: the start page's list offers it with the words the rules
page's settings then show for the match (``rules.describe.WORDS``), in every language."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.variants import BelaOnBate, Melds, Tie
from tests.support.api import TABLE
from tests.support.pages import parse_page

OFFERED = [("tie", "tie", tie.value) for tie in Tie] + [
    ("bela_on_bate", "bela-on-bate", bela.value) for bela in BelaOnBate] + [
    ("melds", "melds", melds.value) for melds in (Melds.BEST_SIDE, Melds.EACH_SIDE)]


def _words(node: object) -> str:
    return re.sub(r"\s+", " ", node.all_text()).strip()  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "hr"])
@pytest.mark.parametrize(("field", "option", "value"), OFFERED)
def test_the_rules_page_says_a_choice_as_the_start_page_offered_it(client: FlaskClient, language: str, field: str,
                                                                    option: str, value: str) -> None:
    headers = {"Accept-Language": language}
    start = parse_page(client.get("/?variant=bela", headers=headers).get_data(as_text=True))
    offered = [_words(node) for node in start.find(id=field)[0].walk()
               if node.tag == "option" and node.attrs.get("value") == value]
    assert len(offered) == 1, (field, value)
    made = client.post("/api/v1/matches", json={"variant": "bela", "players": TABLE[2], "rules": {option: value}})
    assert made.status_code == 201
    body = made.get_json()
    assert client.get(f"/m/{body['id']}/join?key={body['edit_token']}").status_code == 302
    rules_page = parse_page(client.get(f"/m/{body['id']}/rules", headers=headers).get_data(as_text=True))
    shown = rules_page.find(**{"data-option": option})[0]
    assert shown.attrs["data-value"] == value
    assert _words(shown).startswith(offered[0]), (language, option, _words(shown), offered[0])
