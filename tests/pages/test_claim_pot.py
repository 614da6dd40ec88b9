"""An open pot and a claim: the pot never counts towards a claim, and a claim that ends the game leaves it
unscored, "as when any game ends" (docs/rules.md §4.7: "A pot still open when a game ends is not scored"); a false
claim that forfeits the hand gives it to the other side with the hand value (§6, Clobby's rule: "the claiming side
forfeits the hand"). The claim form says so before the claim, and the hand's explanation after it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.support.api import BELA_TIE, TABLE, create, record
from tests.support.pages import parse_page


def opened(client: FlaskClient, made: Any, path: str) -> Any:
    assert client.get(f"/m/{made.id}/join?key={made.edit_token}").status_code == 302
    return parse_page(client.get(f"/m/{made.id}{path}", headers={"Accept-Language": "en"}).get_data(as_text=True))


def words(node: Any) -> str:
    return re.sub(r"\s+", " ", node.text()).strip()


@pytest.mark.parametrize(("claimed", "result", "game_winner"), [(60, "claim", 0), (20, "false-claim", 1)])
def test_a_claim_that_ends_the_game_leaves_the_pot_to_nobody_and_says_so(client: FlaskClient, claimed: int,
                                                                          result: str, game_winner: int) -> None:
    """§9 example 5: a tie 71–71 under hold-taker: Yvonne scores 71, the pot holds 71. Mike then claims: 60 won
    so far reaches a target of 60 (good); 20 does not (false, losing the game). Either way the game ends, and the
    71 in the pot is nobody's."""
    made = create(client, "bela", TABLE[2], rules={"target": 60})
    first = record(client, made, BELA_TIE)
    assert first["result"] == "tie" and first["state"]["pot"] == 71

    form = opened(client, made, "/claim")
    [note] = form.find(id="pot-note")
    assert words(note) == ("The pot of 71 does not count towards a claim: the game ends with the claim, and the "
                           "pot goes to nobody.")
    assert "Pot 71 waiting for the next winner." in words(form)

    hand = record(client, made, {"claim": {"side": 0, "points": claimed}})
    assert hand["result"] == result
    assert hand["scores"][1] == 0  # the pot went to nobody
    assert hand["explanation"][-1] == ("The pot of 71 goes to nobody: it does not count towards a claim, and the "
                                       "game ended with the claim.")
    games = hand["state"]["games"]
    assert games[0]["winner"] == game_winner

    # The sheet says it where the table looks after saving.
    sheet = opened(client, made, "")
    assert "The pot of 71 goes to nobody" in words(sheet)


def test_a_false_claim_that_forfeits_the_hand_gives_the_pot_with_it(client: FlaskClient) -> None:
    """With false-claim: forfeits-hand the pot goes to the other side with the hand value (§6), and the form says
    what a good claim and a false one each do with it."""
    made = create(client, "bela", TABLE[2], rules={"target": 200, "false-claim": "forfeits-hand"})
    record(client, made, BELA_TIE)
    [note] = opened(client, made, "/claim").find(id="pot-note")
    assert words(note) == ("The pot of 71 does not count towards a claim: a good claim ends the game and the pot "
                           "goes to nobody; a false claim gives it to the other side with the hand value.")
    hand = record(client, made, {"claim": {"side": 0, "points": 20}})
    assert hand["result"] == "false-claim"
    assert hand["scores"] == [0, 162 + 71]
    assert "Yvonne also takes the pot of 71." in hand["explanation"]
    assert not [line for line in hand["explanation"] if "goes to nobody" in line]


def test_without_a_pot_the_claim_form_says_nothing_of_it(client: FlaskClient) -> None:
    made = create(client, "bela", TABLE[2])
    form = opened(client, made, "/claim")
    assert form.find(id="pot-note") == [] and "pot" not in words(form).lower()
