"""The house rules of one kind of game on the start page (Belote contrée's bids: when a bid is made, dedans, the
rounding…), made from the rules' fields: read through the test client as a browser without JavaScript would,
where every kind's fields are shown and apply only to the games that have them."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.forms import HOUSE_FIELDS, MATCH_FIELDS, NewMatchForm
from scorekeeper.forms.match import GAME_LABELS
from scorekeeper.models import Match
from scorekeeper.offline.house_rules import encode_rules
from scorekeeper.offline.start_fields import GAME_ENUMS, GAME_FIELDS, GAME_KINDS, GAME_NUMBERS, START_CHOICES
from scorekeeper.rules import PRESETS
from scorekeeper.rules.variants import option_name
from tests.support.pages import beside, form_data, parse_page, text

API = "/api/v1"
FOUR = {"player_0": "Ana", "player_1": "Marko", "player_2": "Ivo", "player_3": "Yvonne"}


def _matches(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(Match)) or 0)


def _post(client: FlaskClient, variant: str, **changes: Any) -> Any:
    """The start page of ``variant``, with some fields changed as a person would, posted."""
    data = form_data(client.get(f"/?variant={variant}").get_data(as_text=True))
    data.update(changes)
    return client.post("/", data=data)


def _api_rules(client: FlaskClient, location: str) -> dict[str, Any]:
    """The rules of the match a start's redirect names, as the API answers them to its scorer."""
    match_id = location.rsplit("/", 1)[1]
    with client.session_transaction() as session:
        token = dict(session["keys"])[match_id]  # the edit key the phone keeps (views.phone)
    answer = client.get(f"{API}/matches/{match_id}", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return dict(answer.get_json()["rules"])


def test_every_option_of_a_kind_of_game_is_a_start_field_with_its_label() -> None:
    """Each ``Rules`` field of one kind of game is on the start form: a list of its values or a whole number,
    with a label, beside its API problems, and among the house rules the folded summary and a club remember."""
    assert GAME_FIELDS and set(GAME_FIELDS) == {*GAME_ENUMS, *GAME_NUMBERS}
    assert set(GAME_LABELS) == set(GAME_FIELDS)
    for name in GAME_FIELDS:
        assert name in HOUSE_FIELDS and MATCH_FIELDS[f"rules.{option_name(name)}"] == name
        if name in GAME_ENUMS:
            offered = [choice.value for choice in getattr(NewMatchForm, name).kwargs["choices"]]
            assert offered == ["", *START_CHOICES[name]] == ["", *(member.value for member in GAME_ENUMS[name])]


def test_the_page_shows_each_kinds_options_for_the_games_of_that_kind(client: FlaskClient) -> None:
    html = client.get("/?variant=coinche").get_data(as_text=True)
    page = parse_page(html)
    kinds = [n for n in page.walk() if n.tag == "fieldset" and "data-games" in n.attrs]
    assert len(kinds) == len(GAME_KINDS)
    for kind, (when, names) in zip(kinds, GAME_KINDS.items(), strict=True):
        games = [name for name, rules in PRESETS.items() if getattr(rules, when)]
        assert games and sorted(kind.attrs["data-games"].split()) == sorted(games)
        legend = next(n for n in kind.walk() if n.tag == "legend").text()
        assert all(str(PRESETS[game].title) in legend for game in games), legend
        controls = [n.attrs["name"] for n in kind.walk() if n.tag in ("select", "input")]
        assert controls == list(names)
        # Inside the folded house rules, after the others.
        assert kind.parent is not None and kind.parent.attrs.get("id") == "house-rules"
    bids = next(kind for kind in kinds if kind.attrs["data-games"] == "coinche")
    assert next(n for n in bids.walk() if n.tag == "legend").text() == "Only for Belote contrée (coinche)"
    words = text(html)
    assert "When a bid is made" in words and "Rounding of each side's score" in words
    # The page's script knows them as house rules (a change by hand, a club's remembered rules per game).
    form = next(n for n in page.walk() if n.tag == "form" and "start-form" in n.classes())
    assert form.attrs["data-house-names"].split() == list(HOUSE_FIELDS)


def test_a_coinche_match_starts_with_the_bid_rules_chosen_on_the_page(app: Flask, client: FlaskClient) -> None:
    answer = _post(client, "coinche", **FOUR, rounding="five-down", dedans="160-plus-bid", capot_bid="300")
    assert answer.status_code == 302, text(answer.get_data(as_text=True))
    rules = _api_rules(client, answer.headers["Location"])
    assert rules["rounding"] == "five-down" and rules["dedans"] == "160-plus-bid" and rules["capot-bid"] == 300
    # The rest as the game says.
    assert rules["bid-success"] == PRESETS["coinche"].bid_success.value
    assert rules["double-values"] == PRESETS["coinche"].double_values.value
    # The match's rules page says them in words.
    said = text(client.get(answer.headers["Location"] + "/rules").get_data(as_text=True))
    assert "rounded to the nearest ten, 5 down" in said and "the other side writes 160, the bid" in said


def test_a_game_without_bids_leaves_the_bid_rules_aside(app: Flask, client: FlaskClient) -> None:
    """The same form serves every game: a bid rule posted with a Bela match (the fields are shown without the
    page's script) is no error, and the match has the Bela rules."""
    answer = _post(client, "bela", player_0="Ana", player_1="Marko", rounding="five-down", dedans="160-plus-bid",
                   capot_bid="300")
    assert answer.status_code == 302, text(answer.get_data(as_text=True))
    assert _api_rules(client, answer.headers["Location"]) == PRESETS["bela"].as_dict()


def test_a_bad_bid_rule_is_refused_beside_its_field(app: Flask, client: FlaskClient) -> None:
    before = _matches(app)
    answer = _post(client, "coinche", **FOUR, rounding="sideways")
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert beside(html, "rounding") == ["choose one of the choices shown"]
    assert "open" in parse_page(html).find(id="house-rules")[0].attrs  # the house rules unfold to show it
    # A number that is none, and one the engine refuses (a bid of capot is worth tens).
    html = _post(client, "coinche", **FOUR, capot_bid="lots").get_data(as_text=True)
    assert beside(html, "capot_bid") == ["write a whole number"]
    html = _post(client, "coinche", **FOUR, capot_bid="255").get_data(as_text=True)
    assert beside(html, "capot_bid") == ["a bid of capot is worth 10 to 1000 in tens, not 255"]
    assert _matches(app) == before


def test_a_house_rules_link_shows_its_bid_rules_in_their_fields(client: FlaskClient) -> None:
    overrides = {"rounding": "five-down", "capot-bid": 500, "double-values": "2-3"}
    html = client.get(f"/?variant=coinche&rules={encode_rules(overrides)}").get_data(as_text=True)
    shown = form_data(html)
    assert shown["rounding"] == "five-down" and shown["capot_bid"] == "500" and shown["double_values"] == "2-3"
    assert shown["extra_rules"] == ""  # every one of them in its field, none left hidden
    assert ("House rules: A bid of capot is worth: 500 · Coinche and surcoinche: coinche ×2, surcoinche ×3 · "
            "Rounding of each side's score: to the nearest ten, 5 down (from the house-rules link)") in text(html)
    # The page's script gets them as that game's fields too.
    memory = json.loads(next(n for n in parse_page(html).walk() if n.attrs.get("id") == "house-memory").all_text())
    assert memory["coinche"]["fields"]["rounding"] == "five-down" and memory["coinche"]["fields"]["capot_bid"] == "500"


def test_the_summary_leaves_out_a_bid_rule_of_a_game_without_bids(client: FlaskClient) -> None:
    """A Bela start refused for another reason keeps the bid rule posted, but its summary does not name it."""
    answer = _post(client, "bela", player_0="Ana", player_1="", rounding="five-down")
    assert answer.status_code == 200
    words = text(answer.get_data(as_text=True))
    assert "House rules: as the game says" in words and "Rounding of each side's score:" not in words
