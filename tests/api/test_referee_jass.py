"""The referee of RULES.md §11 (Swiss Jass, `schieber`): the Weis contest of `POST /api/v1/referee/melds`, per
seat as API.md says ("needed where the nearer player to forehand decides (`bela-4`, `schieber`)"), and the legal
plays of `POST /api/v1/referee/legal-plays` with the 36 cards, Obenabe and Undenufe. RULES.md §11's example 34 is
asked here, of the referee.

Schieber plays to the right (RULES.md §11 "Deal: to the right"; §8: the player after seat n is seat n − 1): after
forehand 0 come seats 3, 2 and 1.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.api import API, assert_errors

MELDS = f"{API}/referee/melds"
LEGAL = f"{API}/referee/legal-plays"


def _square(rank: str) -> dict[str, Any]:
    return {"kind": "square", "rank": rank}


def _run(length: int, top: str, suit: str) -> dict[str, Any]:
    return {"kind": "sequence", "length": length, "top": top, "suit": suit}


def _ask(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post(MELDS, json={"variant": "schieber", "contract": "hearts", "forehand": 0, **body})
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = response.get_json()
    assert set(answer) == {"scores", "explanation"} and answer["explanation"], answer
    return answer


def _seats(client: FlaskClient, seats: list[list[dict[str, Any]]], **more: Any) -> list[int]:
    scores: list[int] = _ask(client, seats=seats, **more)["scores"]
    return scores


# ------------------------------------------------------------------------------------------------ Weis contest


def test_worked_example_34(client: FlaskClient) -> None:
    """RULES.md §11.34: `schieber`, hearts: side 0 holds 6-7-8-9-10 of diamonds (100) and four aces (100), side 1
    four jacks (200) → side 1 writes 200, side 0 no Weis. Side 0 6-7-8-9-10 of diamonds, side 1 four kings → side 0
    writes 100 (a sequence beats four of a kind at equal points). Asked per side and per seat."""
    assert _ask(client, declarations=[[_run(5, "10", "diamonds"), _square("A")], [_square("J")]]
                )["scores"] == [0, 200]
    answer = _ask(client, declarations=[[_run(5, "10", "diamonds")], [_square("K")]])
    assert answer["scores"] == [100, 0]
    assert answer["explanation"] == [
        "One contest of Weis: side 0's 5-card sequence to the ten in diamonds against side 1's four kings.",
        "The best Weis wins (more points, then a sequence before four of a kind, then the higher top card): side 0 "
        "scores 100 (5-card sequence to the ten in diamonds)."]
    assert _seats(client, [[_run(5, "10", "diamonds")], [_square("J")], [_square("A")], []]) == [0, 200]
    assert _seats(client, [[], [_square("K")], [_run(5, "10", "diamonds")], []]) == [100, 0]


@pytest.mark.parametrize(("run", "square"), [
    (_run(5, "10", "hearts"), "A"), (_run(5, "A", "spades"), "6"), (_run(5, "K", "clubs"), "8"),
])
def test_a_sequence_beats_four_of_a_kind_at_equal_points(client: FlaskClient, run: dict[str, Any],
                                                         square: str) -> None:
    """RULES.md §11: "at equal points the sequence beats four of a kind (the opposite of `bela-4`)", whatever the
    top cards and the contract. (Every run of six holds a nine and every run of seven a jack, so four nines or
    four jacks never meet a run of their value.) In `bela-4` the square wins."""
    for contract in ("hearts", "top-down", "bottom-up"):
        assert _seats(client, [[], [_square(square)], [run], []], contract=contract) == [100, 0], contract
    response = client.post(MELDS, json={"variant": "bela-4", "contract": "hearts", "forehand": 0,
                                        "seats": [[], [_square("K")], [_run(5, "J", "diamonds")], []]})
    assert response.get_json()["scores"] == [0, 100]


def test_more_points_first(client: FlaskClient) -> None:
    """RULES.md §11: "Best = more points": four jacks (200) beat a hundred in sequence; a 4-card run (50) beats a
    3-card run to the ace (20); the winner's partner writes its Weis too, the other side nothing."""
    assert _seats(client, [[_run(5, "10", "spades")], [_square("J")], [], []]) == [0, 200]
    assert _seats(client, [[_run(3, "A", "hearts")], [_run(4, "9", "clubs")], [], [_run(3, "K", "spades")]]
                  ) == [0, 70]


@pytest.mark.parametrize(("length", "top", "points"), [(6, "J", 150), (7, "Q", 200), (8, "K", 250), (9, "A", 300)])
def test_long_runs_down_to_the_six(client: FlaskClient, length: int, top: str, points: int) -> None:
    """RULES.md §11: "36 cards (6 to A)"; Weis "6 = 150, 7 = 200, 8 = 250, 9 = 300": runs that reach down to the
    six."""
    answer = _ask(client, seats=[[], [], [_run(length, top, "clubs")], []])
    assert answer["scores"] == [points, 0]
    assert f"scores {points} ({length}-card sequence to the" in " ".join(answer["explanation"])


def test_a_run_cannot_go_below_the_six(client: FlaskClient) -> None:
    """RULES.md §11: the six is the lowest card: 6-7-8-9 is a run, nothing lies below it."""
    assert _seats(client, [[_run(4, "9", "spades")], [], [], []]) == [50, 0]
    errors = assert_errors(client.post(MELDS, json={"variant": "schieber", "contract": "hearts", "forehand": 0,
                                                    "seats": [[_run(5, "9", "spades")], [], [], []]}), 422, "seats.0")
    assert errors[0]["message"] == "no 5-card sequence can end in the nine: the six is the lowest card"


def test_squares_of_sixes(client: FlaskClient) -> None:
    """RULES.md §11: "four of any other rank (A K Q 10 8 7 6) 100"; at equal points the higher top card in natural
    order: four sevens over four sixes (trumps or Obenabe), four sixes over four sevens in Undenufe (reversed)."""
    assert _seats(client, [[_square("6")], [_run(4, "A", "clubs")], [], []]) == [100, 0]
    assert _seats(client, [[_square("6")], [_square("7")], [], []]) == [0, 100]
    assert _seats(client, [[_square("6")], [_square("7")], [], []], contract="top-down") == [0, 100]
    answer = _ask(client, seats=[[_square("6")], [_square("7")], [], []], contract="bottom-up")
    assert answer["scores"] == [100, 0]
    assert "in Undenufe the order is reversed" in answer["explanation"][1]


def test_the_higher_top_card_in_the_contracts_order(client: FlaskClient) -> None:
    """RULES.md §11: "then the higher top card in natural order (A K Q J 10 9 8 7 6; reversed in Undenufe, where a
    run's top is its lowest card)". 9-10-J-Q of spades against 6-7-8-9 of clubs: the queen is higher in a trump
    contract and in Obenabe; in Undenufe the run down to the six is."""
    seats = [[_run(4, "Q", "spades")], [_run(4, "9", "clubs")], [], []]
    assert _seats(client, seats) == [50, 0]
    assert _seats(client, seats, contract="top-down") == [50, 0]
    assert _seats(client, seats, contract="bottom-up") == [0, 50]
    assert _seats(client, [[_square("K")], [_square("A")], [], []]) == [0, 100]
    assert _seats(client, [[_square("K")], [_square("A")], [], []], contract="bottom-up") == [100, 0]


def test_then_the_sequence_in_trumps(client: FlaskClient) -> None:
    """RULES.md §11: "then, at equal tops, the sequence in trumps" - before the player nearer to forehand."""
    seats = [[_run(3, "K", "clubs")], [_run(3, "K", "hearts")], [], []]
    answer = _ask(client, seats=seats, forehand=0)
    assert answer["scores"] == [0, 20]
    assert "Equal best declarations: the one in trumps wins: seat 1 (side 1) scores 20" in answer["explanation"][1]
    assert _seats(client, seats, contract="spades", forehand=0) == [20, 0]  # neither in trumps: forehand


@pytest.mark.parametrize(("forehand", "scores"), [(0, [20, 0]), (1, [0, 20]), (2, [20, 0]), (3, [20, 0])])
def test_then_the_player_nearer_to_forehand(client: FlaskClient, forehand: int, scores: list[int]) -> None:
    """RULES.md §11: "then the player nearer to forehand (§8)"; Schieber plays to the right, so after forehand 0
    come seats 3, 2, 1: seat 2 (side 0) plays before seat 1 (side 1) unless seat 1 is forehand."""
    seats = [[], [_run(3, "K", "clubs")], [_run(3, "K", "spades")], []]
    for contract in ("top-down", "bottom-up", "diamonds"):
        answer = _ask(client, seats=seats, forehand=forehand, contract=contract)
        assert answer["scores"] == scores, contract
        assert "the player nearer to forehand wins" in answer["explanation"][1]


def test_an_exact_tie_given_per_side_is_refused(client: FlaskClient) -> None:
    """API.md: per seat is "needed where the nearer player to forehand decides (`bela-4`, `schieber`)"."""
    body = {"variant": "schieber", "contract": "top-down", "forehand": 0,
            "declarations": [[_run(3, "K", "clubs")], [_run(3, "K", "spades")]]}
    errors = assert_errors(client.post(MELDS, json=body), 422, "declarations")
    assert "seat" in errors[0]["message"]


def test_a_card_declared_by_two_players(client: FlaskClient) -> None:
    """A pack has one of each card: 6-7-8 of clubs and four sixes share the six of clubs only within one hand."""
    assert _seats(client, [[_run(3, "8", "clubs"), _square("6")], [], [], []]) == [120, 0]
    errors = assert_errors(client.post(MELDS, json={"variant": "schieber", "contract": "hearts", "forehand": 0,
                                                    "seats": [[_run(3, "8", "clubs")], [_square("6")], [], []]}),
                           422, "seats.1")
    assert errors[0]["message"] == "the 6C is declared by seats 0 and 1: a pack has one of each"


# ------------------------------------------------------------------------------------------------ legal plays


def test_legal_plays_with_the_sixes_in_undenufe(client: FlaskClient) -> None:
    """RULES.md §11: Undenufe has no trumps: follow suit, otherwise anything; the sixes are cards of the pack."""
    body = {"variant": "schieber", "contract": "bottom-up", "seat": 3, "trick": [{"seat": 0, "card": "6H"}],
            "hand": ["AH", "6S", "JD"]}
    response = client.post(LEGAL, json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == {"legal": ["AH"], "explanation": ["Must follow suit: hearts."]}
    response = client.post(LEGAL, json={**body, "hand": ["6S", "JD"]})
    assert response.get_json() == {"legal": ["6S", "JD"],
                                   "explanation": ["No hearts: may discard (Undenufe has no trumps)."]}
    errors = assert_errors(client.post(LEGAL, json={**body, "variant": "bela-4", "contract": "hearts"}), 422)
    assert {e["field"] for e in errors} == {"trick.0.card", "hand.1"}


def test_tarabish_sixes_are_cards_of_its_pack(client: FlaskClient) -> None:
    """RULES.md §10c: `tarabish`: 36 cards (sixes worth nothing), 9 each: the referee reads a six, the lowest of its
    suit, and the counter counts it 0."""
    body = {"variant": "tarabish", "contract": "hearts", "seat": 1, "trick": [{"seat": 0, "card": "7C"}],
            "hand": ["6C", "AH", "KD"]}
    response = client.post(LEGAL, json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["legal"] == ["6C"]
