"""The house rules on a match's sheet say what becomes of a failed taker's bela as the engine scores it: a table
that reads "bela 20 always counts" and then sees the bate taker's bela written to the other side stops trusting
the sheet.

Every preset where a taker can fail and the game has a bela, with each value of bela-on-bate: a hand is recorded
through the API with the taker bate and holding the bela, beside the same hand without it; where the bela's points
went is compared with what the sheet's house rules say (docs/rules.md §4: "`moves`: the bela goes to the defender
with the rest of the hand; `stays`: bela always counts")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS, Contract, Rules, make_rules
from scorekeeper.rules.variants import BelaOnBate, Success
from tests.support.api import create, record
from tests.support.pages import parse_page

FAILING = [name for name, rules in PRESETS.items() if rules.success is not Success.EACH_OWN and rules.bela_points
           and not rules.bids and not rules.game_points]
"""Belote contrée and Baloot judge a hand by their own rules (a bid, game points), whose belote or baloot stays
with its holder by their own options (tests/rules/golden/coinche.json, baloot.json)."""


def bate_hand(rules: Rules, bela: bool) -> dict[str, Any]:
    """The taker (side 0) with 20 card points against defenders sharing the rest and the last trick: bate (or
    baited, or nat) in every game, whatever the bela adds."""
    rest = rules.deck(Contract.HEARTS) - 20
    defenders = [rest // (rules.sides - 1)] * (rules.sides - 1)
    defenders[0] += rest - sum(defenders)
    hand: dict[str, Any] = {"taker": 0, "card_points": [20, *defenders], "last_trick": 1,
                            "bela": [1 if bela else 0] + [0] * (rules.sides - 1)}
    if rules.contract_required:
        hand["contract"] = "hearts"
    return hand


def house_rules(client: FlaskClient, made: Any) -> list[str]:
    """The sheet's house rules, one line each, as its phone shows them."""
    assert client.get(f"/m/{made.id}/join?key={made.edit_token}").status_code == 302
    page = parse_page(client.get(f"/m/{made.id}", headers={"Accept-Language": "en"}).get_data(as_text=True))
    [section] = [node for node in page.walk() if node.tag == "section" and "house-rules" in node.classes()]
    return [re.sub(r"\s+", " ", item.all_text()).strip() for item in section.walk() if item.tag == "li"]


@pytest.mark.parametrize("bela_on_bate", [value.value for value in BelaOnBate])
@pytest.mark.parametrize("variant", FAILING)
def test_the_house_rules_say_where_a_bate_taker_s_bela_goes(client: FlaskClient, variant: str,
                                                            bela_on_bate: str) -> None:
    rules = make_rules(variant, {"bela-on-bate": bela_on_bate})
    chosen = {"rules": {"bela-on-bate": bela_on_bate}}
    with_bela = create(client, variant, **chosen)
    without = create(client, variant, **chosen)
    held = record(client, with_bela, bate_hand(rules, bela=True))["scores"]
    plain = record(client, without, bate_hand(rules, bela=False))["scores"]
    assert held[1:] != [0] * (rules.sides - 1), (variant, held)  # the defenders scored: the taker failed
    gained = [a - b for a, b in zip(held, plain, strict=True)]
    moved = gained[0] == 0 and sum(gained[1:]) > 0
    stayed = gained[0] > 0 and not any(gained[1:])
    assert moved != stayed, (variant, bela_on_bate, gained)

    lines = house_rules(client, with_bela)
    word = rules.bela_word
    about_bate = [line for line in lines if re.search(r"\b(bate|baited|nat)\b", line) and word in line.lower()]
    assert len(about_bate) == 1, lines
    if moved:
        assert re.search(rf"the taker's {word} goes to the (best defender|defenders) too", about_bate[0]), lines
        assert not [line for line in lines if "always counts" in line], lines
    else:
        assert "always counts: every side scores its own" in about_bate[0], lines
