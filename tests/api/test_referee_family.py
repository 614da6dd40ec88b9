"""The referee of RULES.md §10 (API.md "More of the family"): the roem in a Klaverjas trick
(`POST /api/v1/referee/roem`) and the melds referee per seat (`"seats"`) where the player nearer to forehand
decides (`bela-4`). RULES.md §10e's examples 25 and 28 are asked here, of the referee."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.api import API, assert_errors

ROEM = f"{API}/referee/roem"
MELDS = f"{API}/referee/melds"
ROEM_EXAMPLE: dict[str, Any] = {"variant": "klaverjas", "contract": "hearts", "trick": ["JH", "AH", "KH", "QH"]}


def _square(rank: str) -> dict[str, Any]:
    return {"kind": "square", "rank": rank}


def _run(length: int, top: str, suit: str) -> dict[str, Any]:
    return {"kind": "sequence", "length": length, "top": top, "suit": suit}


def _roem(client: FlaskClient, trick: list[str], **more: Any) -> dict[str, Any]:
    response = client.post(ROEM, json={**ROEM_EXAMPLE, "trick": trick, **more})
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    assert set(answer) == {"roem", "explanation"} and answer["explanation"], answer
    return answer


def _seats(client: FlaskClient, seats: list[list[dict[str, Any]]], **more: Any) -> dict[str, Any]:
    body = {"variant": "bela-4", "contract": "hearts", "forehand": 0, "seats": seats, **more}
    response = client.post(MELDS, json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    return answer


# ------------------------------------------------------------------------------------------------ roem


def test_roem_example_of_api_md(client: FlaskClient) -> None:
    """API.md: → `{"roem": 70, "explanation": ["A-K-Q-J in hearts: 50.", "King and queen of trumps (stuk): 20."]}`."""
    assert _roem(client, ["JH", "AH", "KH", "QH"]) == {
        "roem": 70, "explanation": ["A-K-Q-J in hearts: 50.", "King and queen of trumps (stuk): 20."]}


@pytest.mark.parametrize(("trick", "points"), [
    (["JH", "AH", "KH", "QH"], 70), (["7H", "JH", "QH", "KH"], 40), (["KH", "KS", "KD", "KC"], 100),
    (["7C", "8C", "9H", "10C"], 0),
])
def test_worked_example_28(client: FlaskClient, trick: list[str], points: int) -> None:
    """RULES.md §10e.28: Referee roem, `klaverjas`, hearts trumps: J♥ A♥ K♥ Q♥ → 70; 7♥ J♥ Q♥ K♥ → 40; four
    kings → 100; 7♣ 8♣ 9♥ 10♣ → 0."""
    assert _roem(client, trick)["roem"] == points


def test_roem_says_where_it_is(client: FlaskClient) -> None:
    """RULES.md §10b: "stuk (K+Q of trumps) 20, and it adds to a run that holds it: K-Q-J of trumps 40 ... Four
    kings with the trump king are 100, not 120." """
    assert _roem(client, ["7H", "JH", "QH", "KH"])["explanation"] == [
        "K-Q-J in hearts: 20.", "King and queen of trumps (stuk): 20."]
    assert _roem(client, ["KH", "KS", "KD", "KC"])["explanation"] == ["Four of a kind (four kings): 100."]
    nothing = _roem(client, ["7C", "8C", "9H", "10C"])["explanation"]
    assert len(nothing) == 1 and nothing[0].startswith("No roem in this trick")


@pytest.mark.parametrize(("trick", "points"), [
    (["KD", "QD", "JD", "10D"], 50),  # four in sequence, any suit, no stuk outside trumps
    (["KH", "QH", "JH", "10H"], 70),  # K-Q-J-10 of trumps
    (["10S", "9S", "8S", "AH"], 20),  # three in sequence
    (["KH", "QH", "7C", "AD"], 20),  # stuk alone
    (["KS", "QS", "JS", "7C"], 20),  # K-Q-J of a plain suit: no stuk
    (["7S", "7H", "7D", "7C"], 100),  # four of a kind of any rank
    (["JS", "JH", "JD", "JC"], 100),
    (["QH", "JH", "10H", "9H"], 50),  # in trumps without the king: no stuk
])
def test_roem_in_one_trick(client: FlaskClient, trick: list[str], points: int) -> None:
    """RULES.md §10b: "In one trick: three in sequence 20, four in sequence 50; four of a kind of any rank 100
    ... stuk (K+Q of trumps) 20, and it adds to a run that holds it: ... A-K-Q-J or K-Q-J-10 of trumps 70." """
    assert _roem(client, trick)["roem"] == points


def test_four_jacks_under_the_house_option(client: FlaskClient) -> None:
    """RULES.md §10b: "four jacks 200 is a house option" (`meld-values: {"square-J": 200}`)."""
    answer = _roem(client, ["JS", "JH", "JD", "JC"], rules={"meld-values": {"square-J": 200}})
    assert answer == {"roem": 200, "explanation": ["Four of a kind (four jacks): 200."]}


@pytest.mark.parametrize("variant", ["bela", "bela-4", "belote", "tarabish", "deberc-4"])
def test_a_game_without_roem_is_refused(client: FlaskClient, variant: str) -> None:
    """RULES.md §10b: "Roem is won in a trick" - in Klaverjas; the other games declare their melds."""
    errors = assert_errors(client.post(ROEM, json={**ROEM_EXAMPLE, "variant": variant}), 422, "variant")
    assert "Klaverjas" in " ".join(e["message"] for e in errors)


@pytest.mark.parametrize(("change", "fields"), [
    ({"variant": "whist"}, {"variant"}),
    ({"variant": None}, {"variant"}),
    ({"rules": {"target": -1}}, {"rules.target"}),
    ({"contract": None}, {"contract"}),
    ({"contract": "no-trumps"}, {"contract"}),
    ({"contract": 3}, {"contract"}),
    ({"trick": None}, {"trick"}),
    ({"trick": "JH AH KH QH"}, {"trick"}),
    ({"trick": 12}, {"trick"}),
    ({"trick": ["JH", "AH", "KH"]}, {"trick"}),
    ({"trick": ["JH", "AH", "KH", "QH", "7C"]}, {"trick"}),
    ({"trick": ["JH"] * 10_000}, {"trick"}),
    ({"trick": ["JH", "AH", "KH", "JH"]}, {"trick.3"}),
    ({"trick": ["JH", "AH", "6H", "QH"]}, {"trick.2"}),
    ({"trick": ["JH", None, 7, {"card": "QH"}]}, {"trick.1", "trick.2", "trick.3"}),
    ({"trick": [[], True, "", "QH"]}, {"trick.0", "trick.1", "trick.2"}),
])
def test_roem_names_the_bad_field(client: FlaskClient, change: dict[str, Any], fields: set[str]) -> None:
    """API.md Errors: "422 ... (each problem named, with its field)"; nothing odd is a 500."""
    errors = assert_errors(client.post(ROEM, json={**ROEM_EXAMPLE, **change}), 422)
    assert {e["field"] for e in errors} == fields


@pytest.mark.parametrize(("data", "content_type"), [
    ("not json", "text/plain"), ("{broken", "application/json"), ("[1, 2]", "application/json"),
    ("null", "application/json"),
])
def test_roem_needs_a_json_object(client: FlaskClient, data: str, content_type: str) -> None:
    """API.md Errors: "400 not JSON"."""
    assert_errors(client.post(ROEM, data=data, content_type=content_type), 400)


def test_roem_is_in_openapi(client: FlaskClient) -> None:
    """API.md: "The server also publishes it as OpenAPI at `GET /api/v1/openapi.json`." """
    post = client.get(f"{API}/openapi.json").get_json()["paths"]["/api/v1/referee/roem"]["post"]
    assert "security" not in post and "422" in post["responses"]


# ------------------------------------------------------------------------------------------------ melds per seat


def test_worked_example_25(client: FlaskClient) -> None:
    """RULES.md §10e.25: Referee, `bela-4`: four jacks (seat 0) and a three-card sequence A-K-Q (seat 2) against
    four nines (seat 1) → side 0 scores 220, side 1 nothing. Two twenties (seat 0) against a fifty (seat 1) →
    side 1 scores 50. A hundred in sequence (seat 1) against four queens (seat 2) → side 0 (the square)."""
    assert _seats(client, [[_square("J")], [_square("9")], [_run(3, "A", "hearts")], []])["scores"] == [220, 0]
    assert _seats(client, [[_run(3, "A", "hearts"), _run(3, "A", "clubs")], [_run(4, "K", "spades")], [], []]
                  )["scores"] == [0, 50]
    assert _seats(client, [[], [_run(5, "J", "spades")], [_square("Q")], []])["scores"] == [100, 0]


def test_seats_are_named_with_their_sides(client: FlaskClient) -> None:
    """API.md: "The answer's `scores` stay per side"; the explanation says whose seat scored, with the sides'
    names when the request gives them."""
    answer = _seats(client, [[_square("J")], [_square("9")], [_run(3, "A", "hearts")], []],
                    sides=["Ana & Marko", "Ivo & Luka"])
    text = " ".join(answer["explanation"])
    assert "seat 0 (Ana & Marko)'s four jacks against seat 1 (Ivo & Luka)'s four nines" in text
    assert "seat 2 (Ana & Marko) scores 20" in text


@pytest.mark.parametrize(("forehand", "scores"), [(0, [20, 0]), (1, [0, 20]), (2, [0, 20]), (3, [0, 20])])
def test_the_player_nearer_to_forehand_decides(client: FlaskClient, forehand: int, scores: list[int]) -> None:
    """RULES.md §10a: "then the player nearer to forehand in play order (§8). Trumps give no precedence" - Bela
    for four plays to the right (after seat 3 come seats 2, 1 and 0), so seat 0 comes before seat 1 only when it
    is forehand."""
    seats = [[_run(3, "A", "clubs")], [_run(3, "A", "hearts")], [], []]
    answer = _seats(client, seats, forehand=forehand)
    assert answer["scores"] == scores
    assert "nearer to forehand" in " ".join(answer["explanation"])


def test_an_exact_tie_given_per_side_is_refused(client: FlaskClient) -> None:
    """RULES.md §10a: "declarations given per side that tie exactly are refused (422: say which seat holds each)"."""
    body = {"variant": "bela-4", "contract": "hearts", "forehand": 0,
            "declarations": [[_run(3, "A", "clubs")], [_run(3, "A", "hearts")]]}
    errors = assert_errors(client.post(MELDS, json=body), 422, "declarations")
    assert "seat" in errors[0]["message"]
    # Not tied, per side is enough: four jacks beat a fifty.
    body["declarations"] = [[_square("J")], [_run(4, "10", "hearts")]]
    response = client.post(MELDS, json=body)
    assert response.status_code == 200 and response.get_json()["scores"] == [200, 0]


def test_tarabish_equal_runs_neither_in_trumps_score_nothing(client: FlaskClient) -> None:
    """RULES.md §10c: "equal: the run in trumps wins, and if neither is, nobody scores runs"."""
    body = {"variant": "tarabish", "contract": "hearts", "forehand": 0,
            "declarations": [[_run(3, "A", "clubs")], [_run(3, "A", "spades")]]}
    assert client.post(MELDS, json=body).get_json()["scores"] == [0, 0]
    body["declarations"] = [[_run(3, "A", "clubs")], [_run(3, "A", "hearts")]]
    assert client.post(MELDS, json=body).get_json()["scores"] == [0, 20]


def test_deberc_equal_combinations_neither_in_trumps_both_score(client: FlaskClient) -> None:
    """RULES.md §10d: "equal and neither in trumps: every side holding an equal best scores its combinations"."""
    body = {"variant": "deberc-4", "contract": "hearts", "forehand": 1,
            "declarations": [[_run(3, "A", "clubs")], [_run(3, "A", "spades")]]}
    assert client.post(MELDS, json=body).get_json()["scores"] == [20, 20]


def test_seats_in_a_game_with_separate_contests(client: FlaskClient) -> None:
    """RULES.md §3 (Tarabish's runs): a side's best run scores all its runs, the partner's too, when given per
    seat: the seats are put together per side."""
    answer = _seats(client, [[_run(4, "A", "clubs")], [_run(3, "A", "hearts")], [_run(3, "10", "spades")], []],
                    variant="tarabish")
    assert answer["scores"] == [70, 0]


@pytest.mark.parametrize(("change", "fields"), [
    ({"seats": None, "declarations": None}, {"declarations"}),
    ({"declarations": [[], []]}, {"seats"}),
    ({"seats": [[], [], []]}, {"seats"}),
    ({"seats": [[]] * 5}, {"seats"}),
    ({"seats": [[]] * 10_000}, {"seats"}),
    ({"seats": "JS"}, {"seats"}),
    ({"seats": 4}, {"seats"}),
    ({"seats": [[], None, [], []]}, {"seats.1"}),
    ({"seats": [[], [], [20], []]}, {"seats.2"}),
    ({"seats": [[], [], [], [{"kind": "square", "rank": "5"}]]}, {"seats.3"}),
    ({"seats": [[], [], [], [{"kind": "square"}, "x", None]]}, {"seats.3"}),
    ({"seats": [[_square("Q")], [_run(3, "K", "spades")], [], []]}, {"seats.1"}),
    ({"seats": [[_square("J"), _square("9"), _run(3, "K", "spades")], [], [], []]}, {"seats.0"}),
    ({"forehand": 4}, {"forehand"}),
    ({"forehand": True}, {"forehand"}),
    ({"forehand": None}, {"forehand"}),
    ({"variant": "bela", "forehand": 0}, {"seats"}),
])
def test_seats_name_the_bad_field(client: FlaskClient, change: dict[str, Any], fields: set[str]) -> None:
    """API.md: "`"seats": [[…], […], […], […]]` (seat order) with `"forehand"` then a seat"; each problem named."""
    body = {"variant": "bela-4", "contract": "hearts", "forehand": 0, "seats": [[], [], [], []], **change}
    errors = assert_errors(client.post(MELDS, json={k: v for k, v in body.items() if v is not None}), 422)
    assert {e["field"] for e in errors} == fields


def test_forehand_per_side_is_a_side(client: FlaskClient) -> None:
    """API.md: `"forehand"` is a side unless the declarations are given per seat."""
    body = {"variant": "bela-4", "contract": "hearts", "forehand": 3, "declarations": [[], []]}
    assert_errors(client.post(MELDS, json=body), 422, "forehand")
    assert client.post(MELDS, json={**body, "seats": body["declarations"], "declarations": None}
                       ).status_code == 422  # null is not a list of declarations per side either
    del body["declarations"]
    assert client.post(MELDS, json={**body, "seats": [[], [], [], []]}).status_code == 200
