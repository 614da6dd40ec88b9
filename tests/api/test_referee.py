"""The referee endpoints of API.md: `POST /api/v1/referee/melds` and `POST /api/v1/referee/legal-plays`.

They change nothing, so they need no token; bad input is 422 with each problem's field, a body that is not a
JSON object 400 (API.md Errors).
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.api import API, assert_errors, create, row_counts

MELDS = f"{API}/referee/melds"
LEGAL = f"{API}/referee/legal-plays"

MELDS_EXAMPLE: dict[str, Any] = {
    "variant": "bela", "contract": "hearts", "forehand": 0,
    "declarations": [[{"kind": "sequence", "length": 3, "top": "K", "suit": "clubs"}],
                     [{"kind": "sequence", "length": 3, "top": "K", "suit": "hearts"}]],
}
LEGAL_EXAMPLE: dict[str, Any] = {
    "variant": "bela", "contract": "spades", "seat": 1,
    "trick": [{"seat": 0, "card": "AH"}], "hand": ["7S", "KD", "9S"],
}


def test_melds_example_of_api_md(client: FlaskClient) -> None:
    """API.md: → `{"scores": [0, 20], "explanation": ["Both twenties, both king high; side 1's is in trumps: side 1
    scores 20."]}`."""
    response = client.post(MELDS, json=MELDS_EXAMPLE)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == {
        "scores": [0, 20],
        "explanation": ["Both twenties, both king high; side 1's is in trumps: side 1 scores 20."],
    }


def test_legal_plays_example_of_api_md(client: FlaskClient) -> None:
    """API.md: → `{"legal": ["7S", "9S"], "explanation": ["No hearts: must trump."]}`."""
    response = client.post(LEGAL, json=LEGAL_EXAMPLE)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == {"legal": ["7S", "9S"], "explanation": ["No hearts: must trump."]}


def test_referee_needs_no_token_and_saves_nothing(app: Flask, client: FlaskClient) -> None:
    """API.md: the referee answers questions; "Every write needs `Authorization: Bearer <edit_token>`" does not
    apply to a request that changes nothing, and "Nothing is saved by a request that fails"."""
    create(client)
    before = row_counts(app)
    assert client.post(MELDS, json=MELDS_EXAMPLE, headers={"Authorization": "Bearer wrong"}).status_code == 200
    assert client.post(LEGAL, json=LEGAL_EXAMPLE).status_code == 200
    assert_errors(client.post(LEGAL, json={**LEGAL_EXAMPLE, "hand": []}), 422, "hand")
    assert row_counts(app) == before


def test_legal_plays_with_house_rules(client: FlaskClient) -> None:
    """The Scottish Bela text: "it is acceptable in Scotland to withold the Yuss (trump J) if one holds the Yuss alone
    (bare Yuss)" - on in `bela`, off with the house rule `bare-yuss: false`."""
    body = {**LEGAL_EXAMPLE, "hand": ["JS", "KD"]}
    scottish = client.post(LEGAL, json=body).get_json()
    assert scottish["legal"] == ["JS", "KD"]
    assert any("Bare Yuss" in line for line in scottish["explanation"])
    strict = client.post(LEGAL, json={**body, "rules": {"bare-yuss": False, "target": 500}}).get_json()
    assert strict == {"legal": ["JS"], "explanation": ["No hearts: must trump."]}


def test_legal_plays_in_belote_all_trumps(client: FlaskClient) -> None:
    """The Belote 151 text: "playing cards of the same color is mandatory, as well as raising ... regardless of which
    team has the highest card." (Belote plays to the right: after seat 0 come seats 3 and 2.)"""
    response = client.post(LEGAL, json={"variant": "belote", "contract": "all-trumps", "seat": 2,
                                        "trick": [{"seat": 0, "card": "9S"}, {"seat": 3, "card": "7S"}],
                                        "hand": ["JS", "AS", "KD"]})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["legal"] == ["JS"]


def test_leading_needs_no_trick(client: FlaskClient) -> None:
    """API.md: `trick` is the cards already played to it; the leader has none (the field may be left out)."""
    body = {key: value for key, value in LEGAL_EXAMPLE.items() if key != "trick"}
    response = client.post(LEGAL, json={**body, "seat": 0})
    assert response.get_json()["legal"] == ["7S", "KD", "9S"]


def test_melds_with_side_names(client: FlaskClient) -> None:
    """API.md: the explanation says who scores; side names may be given as for preview (`sides`)."""
    response = client.post(MELDS, json={**MELDS_EXAMPLE, "sides": ["Mike", "Yvonne"]})
    assert response.get_json()["explanation"] == [
        "Both twenties, both king high; Yvonne's is in trumps: Yvonne scores 20."]


@pytest.mark.parametrize(("change", "fields"), [
    ({"variant": "whist"}, {"variant"}),
    ({"rules": {"target": -1}}, {"rules.target"}),
    ({"rules": {"bare-yuss": "yes"}}, {"rules.bare-yuss"}),
    ({"rules": ["bare-yuss"]}, {"rules"}),
    ({"contract": "no-trumps"}, {"contract"}),
    ({"seat": 2}, {"seat"}),
    ({"seat": 0}, {"seat"}),
    ({"trick": [{"seat": 0, "card": "11H"}]}, {"trick.0.card"}),
    ({"trick": [{"seat": 7, "card": "AH"}]}, {"trick.0.seat"}),
    ({"trick": [{"seat": 0, "card": "AH"}, {"seat": 1, "card": "KH"}]}, {"trick", "seat"}),
    ({"trick": "AH"}, {"trick"}),
    ({"hand": ["7S", "XX"]}, {"hand.1"}),
    ({"hand": ["7S", "AH"]}, {"hand.1"}),
    ({"hand": ["7S", "7S"]}, {"hand.1"}),
    ({"hand": None}, {"hand"}),
])
def test_legal_plays_names_the_bad_field(client: FlaskClient, change: dict[str, Any], fields: set[str]) -> None:
    """API.md Errors: "422 a hand or match the rules do not allow (each problem named, with its field)." """
    errors = assert_errors(client.post(LEGAL, json={**LEGAL_EXAMPLE, **change}), 422)
    assert {e["field"] for e in errors} == fields


@pytest.mark.parametrize(("change", "fields"), [
    ({"variant": None}, {"variant"}),
    ({"contract": "trumps"}, {"contract"}),
    ({"forehand": 2}, {"forehand"}),
    ({"declarations": [[]]}, {"declarations"}),
    ({"declarations": [[20], []]}, {"declarations.0"}),
    ({"declarations": [[], [{"kind": "square", "rank": "J"}]]}, {"declarations.1"}),
    ({"sides": ["only one"]}, {"sides"}),
])
def test_melds_names_the_bad_field(client: FlaskClient, change: dict[str, Any], fields: set[str]) -> None:
    """API.md Errors: "422 ... (each problem named, with its field)." """
    errors = assert_errors(client.post(MELDS, json={**MELDS_EXAMPLE, **change}), 422)
    assert {e["field"] for e in errors} == fields


@pytest.mark.parametrize("path", [MELDS, LEGAL])
@pytest.mark.parametrize(("data", "content_type"), [
    ("not json", "text/plain"), ("{broken", "application/json"), ("[1, 2]", "application/json"),
])
def test_referee_needs_a_json_object(client: FlaskClient, path: str, data: str, content_type: str) -> None:
    """API.md Errors: "400 not JSON"."""
    assert_errors(client.post(path, data=data, content_type=content_type), 400)


def test_referee_is_in_openapi(client: FlaskClient) -> None:
    """API.md: "The server also publishes it as OpenAPI at `GET /api/v1/openapi.json`." """
    paths = client.get(f"{API}/openapi.json").get_json()["paths"]
    assert "post" in paths["/api/v1/referee/melds"]
    assert "post" in paths["/api/v1/referee/legal-plays"]
    assert "security" not in paths["/api/v1/referee/legal-plays"]["post"]


@pytest.mark.parametrize(("variant", "body", "scores", "said"), [
    # RULES.md §3: squares J 200, 9 150, A/K/Q/10 100; four eights and sevens are no square.
    ("belote", {"declarations": [[{"kind": "square", "rank": "7"}], [{"kind": "square", "rank": "K"}]]}, [0, 100],
     ["No points for side 0's four sevens: they score nothing in Belote (151).",
      "Side 1 scores 100 for squares (four kings)."]),
    ("belote", {"declarations": [[{"kind": "square", "rank": "8"}], []]}, [0, 0],
     ["No points for side 0's four eights: they score nothing in Belote (151)."]),
    ("bela-4", {"seats": [[{"kind": "square", "rank": "8"}], [], [], [{"kind": "square", "rank": "A"}]]}, [0, 100],
     ["No points for seat 0 (side 0)'s four eights: they score nothing in Bela (Croatian, four-handed).",
      "One contest of declarations: seat 3 (side 1)'s four aces.",
      "Only one side declared: seat 3 (side 1) scores 100 (four aces)."]),
])
def test_a_square_that_scores_nothing_is_answered_not_refused(client: FlaskClient, variant: str,
                                                              body: dict[str, Any], scores: list[int],
                                                              said: list[str]) -> None:
    """RULES.md §3: four sevens or eights are no square where squares score (Belote, Croatian Bela): the referee says
    they score nothing and judges the rest, as a table asking "do our four sevens count?" expects."""
    response = client.post(MELDS, json={"variant": variant, "contract": "hearts", "forehand": 0, **body})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == {"scores": scores, "explanation": said}


def test_a_square_in_a_game_without_squares_is_still_refused(client: FlaskClient) -> None:
    """RULES.md §3: squares are Belote's, Zensa's and the Czech games' only; two-handed Bela has none at all, so the
    question is a mistake, named under its field."""
    response = client.post(MELDS, json={**MELDS_EXAMPLE, "declarations": [[{"kind": "square", "rank": "7"}], []]})
    errors = assert_errors(response, 422, "declarations.0")
    assert any("score nothing in Bela" in e["message"] for e in errors), errors
