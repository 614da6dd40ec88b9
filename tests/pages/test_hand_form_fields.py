"""The hand form's fields through the test client, as a browser without JavaScript posts them: a trick
taken without card points, the bela toggle kept and taken back when a hand is changed, the claim form's melds
where a false claim forfeits them, the table's words for a side left unchosen, and the first problem's autofocus."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.api import TABLE
from tests.support.pages import form_data, parse_page

KEYS: dict[str, str] = {}
"""Each test match's edit key, to read its stored hands through the API."""


def start(client: FlaskClient, variant: str, hands: list[dict[str, Any]] | None = None) -> str:
    """A match through the API, its edit link opened by this client (the phone); its id."""
    from scorekeeper.rules import PRESETS

    answer = client.post("/api/v1/matches", json={"variant": variant, "players": TABLE[PRESETS[variant].players]})
    assert answer.status_code == 201
    body = answer.get_json()
    for hand in hands or []:
        assert client.post(f"/api/v1/matches/{body['id']}/hands", json=hand,
                           headers={"Authorization": f"Bearer {body['edit_token']}"}).status_code == 201
    assert client.get(f"/m/{body['id']}/join?key={body['edit_token']}").status_code == 302
    KEYS[body["id"]] = body["edit_token"]
    return str(body["id"])


def post(client: FlaskClient, path: str, fields: dict[str, Any]) -> tuple[int, str]:
    """Post the page's form with ``fields`` changed (None leaves a box unticked), as a browser would."""
    data = form_data(client.get(path).get_data(as_text=True), "#hand-form")
    data.update(fields)
    answer = client.post(path, data={k: v for k, v in data.items() if v is not None})
    return answer.status_code, answer.get_data(as_text=True)


def stored_input(client: FlaskClient, match_id: str, number: int) -> dict[str, Any]:
    """Hand ``number`` as stored, read through the API with the phone's key."""
    state = client.get(f"/api/v1/matches/{match_id}", headers={"Authorization": f"Bearer {KEYS[match_id]}"})
    assert state.status_code == 200
    return dict(state.get_json()["state"]["hands"][number - 1]["input"])


PLAIN = {"taker": "0", "card_points-0": "130", "card_points-1": "0", "last_trick": "0"}


def test_a_trick_without_card_points_is_said_in_words_and_counts_the_melds(client: FlaskClient) -> None:
    match_id = start(client, "bela")
    page = client.get(f"/m/{match_id}/hand").get_data(as_text=True)
    assert "Yvonne took a trick (no card points)" in page
    assert "took no trick" not in page.lower()
    status, _ = post(client, f"/m/{match_id}/hand", {**PLAIN, "melds-1": "20", "took_trick-1": "y"})
    assert status == 302
    stored = stored_input(client, match_id, 1)
    assert stored["took_trick"] == [True, True]
    # Without the box the default stands: Yvonne took no trick, her twenty does not count.
    status, _ = post(client, f"/m/{match_id}/hand", {**PLAIN, "melds-1": "20"})
    assert status == 302
    assert "took_trick" not in stored_input(client, match_id, 2)


def test_a_ticked_trick_beside_card_points_says_nothing_wrong(client: FlaskClient) -> None:
    """A side with card points took a trick anyway: ticking the box for it is no contradiction."""
    match_id = start(client, "clobby")
    status, _ = post(client, f"/m/{match_id}/hand", {"taker": "0", "card_points-0": "100", "last_trick": "1",
                                                     "took_trick-0": "y", "took_trick-1": "y"})
    assert status == 302
    assert stored_input(client, match_id, 1)["took_trick"] == [True, True]


def test_changing_a_hand_keeps_the_trick_and_can_take_back_bela(client: FlaskClient) -> None:
    match_id = start(client, "bela", [{"taker": 0, "card_points": [130, 0], "last_trick": 0, "melds": [[], [20]],
                                       "bela": [1, 0], "took_trick": [True, True]}])
    data = form_data(client.get(f"/m/{match_id}/hand/1").get_data(as_text=True), "#hand-form")
    assert data.get("took_trick-1") == "y" and "took_trick-0" not in data
    assert data.get("bela-0") == "y" and "bela-1" not in data
    # Untick bela: the change takes it away (an unticked box is not posted at all).
    status, _ = post(client, f"/m/{match_id}/hand/1", {"bela-0": None})
    assert status == 302
    stored = stored_input(client, match_id, 1)
    assert "bela" not in stored
    assert stored["took_trick"] == [True, True]


def test_a_side_left_unchosen_is_asked_for_by_name_of_the_choice(client: FlaskClient) -> None:
    match_id = start(client, "bela")
    status, html = post(client, f"/m/{match_id}/hand", {"card_points-0": "90", "card_points-1": "62"})
    assert status == 422
    assert "say who the taker is" in html and "say who took the last trick" in html
    assert "say which side" not in html and "0 (Mike)" not in html
    autofocused = [n for n in parse_page(html).walk() if "autofocus" in n.attrs]
    assert [(n.attrs["name"], n.attrs["value"]) for n in autofocused] == [("taker", "0")]
    preview = client.post(f"/m/{match_id}/preview", data=form_data(html, "#hand-form")).get_json()
    assert preview["errors"]["taker"] == ["say who the taker is"]


def test_clobby_claim_form_takes_melds_and_bella_bela_claim_form_does_not(client: FlaskClient) -> None:
    hands = [{"taker": 0, "card_points": [142, None], "last_trick": 0}] * 6
    match_id = start(client, "clobby", hands)
    status, _ = post(client, f"/m/{match_id}/claim", {"claim-side": "0", "claim-points": "40", "melds-0": "",
                                                      "melds-1": "50", "bela-0": "y"})
    assert status == 302
    stored = stored_input(client, match_id, 7)
    assert stored["melds"] == [[], [50]] and stored["bela"] == [1, 0]
    bela = start(client, "bela")
    page = client.get(f"/m/{bela}/claim").get_data(as_text=True)
    assert 'name="melds-0"' not in page and 'name="bela-0"' not in page


def test_each_game_shows_its_own_choices(client: FlaskClient) -> None:
    """Three names in three-handed Bela, no double outside Belote, Belote's belote a count (all-trumps)."""
    three = client.get(f"/m/{start(client, 'bela-3')}/hand").get_data(as_text=True)
    taker = [n.attrs["value"] for n in parse_page(three).walk() if n.attrs.get("name") == "taker"]
    assert taker == ["0", "1", "2"]
    assert 'name="double"' not in three
    belote = client.get(f"/m/{start(client, 'belote')}/hand").get_data(as_text=True)
    assert '<select id="bela-0" name="bela-0"' in belote
    assert 'name="double"' in belote


def _every_game() -> list[str]:
    from scorekeeper.rules import PRESETS

    return list(PRESETS)


@pytest.mark.parametrize("variant", _every_game())
def test_every_games_hand_form_has_the_fields_the_engine_declares(client: FlaskClient, variant: str) -> None:
    """The page's form and the phone's reading of it (``offline.hand_fields``) ask the same fields, with the same
    choices, in every game: the browser tests tap one game of each form (tests/browser/test_hand_form_screen.py)."""
    from scorekeeper.offline.hand_fields import hand_fields
    from scorekeeper.rules import PRESETS

    match_id = start(client, variant)
    page = parse_page(client.get(f"/m/{match_id}/hand").get_data(as_text=True))
    inputs: dict[str, set[str]] = {}
    for node in page.walk():
        if node.tag in ("input", "select", "textarea") and node.attrs.get("name"):
            values = inputs.setdefault(node.attrs["name"], set())
            if node.attrs.get("type") == "radio":
                values.add(node.attrs.get("value", ""))
    for field in hand_fields(PRESETS[variant]):
        assert field.name in inputs, f"{variant}: no {field.name} on the page"
        if field.kind == "choice" and inputs[field.name]:
            assert inputs[field.name] <= {*field.choices, ""}, (variant, field.name, inputs[field.name])


@pytest.mark.parametrize("last_trick", [10, 20, 0])
def test_the_last_trick_says_what_the_house_gives_it(client: FlaskClient, last_trick: int) -> None:
    """Who took the last trick is asked with what it adds at this table (option ``last-trick``, 10 by the book,
    RULES.md §2), not a fixed "+10"."""
    answer = client.post("/api/v1/matches", json={"variant": "bela", "players": TABLE[2],
                                                  "rules": {"last-trick": last_trick}})
    assert answer.status_code == 201
    body = answer.get_json()
    assert client.get(f"/m/{body['id']}/join?key={body['edit_token']}").status_code == 302
    words = parse_page(client.get(f"/m/{body['id']}/hand").get_data(as_text=True)).all_text()
    assert f"Last trick (+{last_trick})" in words
    assert [other for other in (10, 20, 0) if other != last_trick and f"Last trick (+{other})" in words] == []
