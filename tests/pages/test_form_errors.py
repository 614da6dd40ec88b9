"""Every problem the engine finds in a hand is shown beside the field it is about, and nothing is saved.

These post the pages' forms through Flask's test client as a browser would (with the CSRF token read
from the rendered page), then read the answer's HTML: the `.error` paragraph `#err-<field>` must sit in
the container of that field (its `.field`, or the fieldset `#group-<field>` for a problem of the whole
group), the page must say nothing was saved, and the figures typed must still be there to correct.
"""

from __future__ import annotations

import re

import pytest

from tests.support.pages import Phone, all_errors, beside, container, hidden, parse_page, value_of

BELA = ("bela", ["Mike", "Yvonne"])
BELA_3 = ("bela-3", ["Ann", "Bob", "Cy"])
CLOBBY = ("clobby", ["Ann", "Bob", "Cat", "Dan"])
BELOTE = ("belote", ["Ann", "Bob", "Cat", "Dan"])
PLAIN = {"taker": "0", "card_points-0": "80", "card_points-1": "62", "last_trick": "0"}

# (game, what the scorer typed, the field the message must be beside, the message)
CASES = [
    pytest.param(BELA, {**PLAIN, "card_points-0": "-5"}, "card_points-0",
                 "card points cannot be negative (-5)", id="negative-card-points"),
    pytest.param(BELA, {**PLAIN, "card_points-0": "200", "card_points-1": "0"}, "card_points-0",
                 "Mike's 200 card points are more than the 152 in the deck", id="over-the-deck"),
    pytest.param(BELOTE, {"taker": "0", "contract": "no-trumps", "card_points-1": "130", "last_trick": "0"},
                 "card_points-1", "Bob & Dan's 130 card points are more than the 120 in the deck",
                 id="over-the-no-trumps-deck"),
    pytest.param(BELA, {**PLAIN, "card_points-0": "100", "card_points-1": "100"}, "card_points",
                 "card points 100 + 100 exceed the 152 in the deck", id="pair-over-the-deck"),
    pytest.param(BELA, {**PLAIN, "card_points-0": "1"}, "card_points-0",
                 "1 card points cannot be made from real cards", id="one-card-point"),
    pytest.param(CLOBBY, {"taker": "0", "card_points-0": "151", "last_trick": "0"}, "card_points-0",
                 "151 card points cannot be made from real cards", id="deck-less-one"),
    pytest.param(CLOBBY, {"taker": "0", "card_points-0": "80", "card_points-1": "80", "last_trick": "0"},
                 "card_points", "card points 80 + 80 = 160, but every card is played: they must add up to 152",
                 id="four-handed-pair-not-152"),
    pytest.param(CLOBBY, {"taker": "0", "last_trick": "0"}, "card_points",
                 "give the card points each side took", id="no-card-points"),
    pytest.param(BELA_3, {"taker": "0", "card_points-0": "60", "card_points-1": "40", "last_trick": "0"},
                 "card_points-2", "give Cy's card points: in Bela (three-handed) not every card is played",
                 id="three-handed-missing-one"),
    pytest.param(BELA, {**PLAIN, "card_points-0": "eighty"}, "card_points-0", "write a whole number",
                 id="text-in-card-points"),
    pytest.param(BELA, {k: v for k, v in PLAIN.items() if k != "taker"}, "taker",
                 "say who the taker is", id="missing-taker"),
    pytest.param(BELA, {k: v for k, v in PLAIN.items() if k != "last_trick"}, "last_trick",
                 "say who took the last trick", id="missing-last-trick"),
    pytest.param(BELA, {**PLAIN, "melds-0": "100"}, "melds-0",
                 "100 is not a meld in Bela (two-handed): melds are worth 20, 50", id="meld-bela-does-not-have"),
    pytest.param(BELA, {**PLAIN, "melds-0": "fifty"}, "melds-0",
                 "write meld values as numbers, like 20 50; not 'fifty'", id="text-in-melds"),
    pytest.param(BELA, {**PLAIN, "melds-0": "20", "melds-1": "50"}, "melds",
                 "only the side with the best sequence scores sequences: credit them to one side, "
                 "or enter the declarations and let the app decide", id="sequences-to-both-sides"),
    pytest.param(BELOTE, {"taker": "0", "contract": "no-trumps", "card_points-0": "60", "last_trick": "0",
                          "melds-0": "20"}, "melds", "there are no declarations in no-trumps",
                 id="melds-in-no-trumps"),
    pytest.param(BELA, {**PLAIN, "contract": "hearts", "bela-0": "1", "bela-1": "1"}, "bela",
                 "only 1 bela can be held: one K and Q of trumps", id="two-bela-in-a-suit-contract"),
    pytest.param(BELOTE, {"taker": "0", "contract": "no-trumps", "card_points-0": "60", "last_trick": "0",
                          "bela-0": "1"}, "bela", "there is no belote in no-trumps", id="bela-in-no-trumps"),
    pytest.param(BELOTE, {"taker": "0", "card_points-0": "80", "last_trick": "0"}, "contract",
                 "say the contract: clubs, diamonds, hearts, spades, no-trumps, all-trumps",
                 id="belote-without-contract"),
    pytest.param(BELA, {**PLAIN, "revoke-accuser": "0", "revoke-accused": "0", "revoke-upheld": "yes"},
                 "revoke-accuser", "a side cannot challenge itself", id="revoke-challenger-is-accused"),
    pytest.param(BELA, {**PLAIN, "revoke-accuser": "0", "revoke-upheld": "yes"}, "revoke-accused",
                 "say who is accused of a revoke", id="revoke-without-accused"),
]


@pytest.mark.parametrize(("game", "fields", "name", "message"), CASES)
def test_hand_problem_beside_its_field(phone: Phone, game: tuple[str, list[str]], fields: dict[str, str],
                                       name: str, message: str) -> None:
    match_id = phone.start(*game)
    status, html = phone.post(f"/m/{match_id}/hand", fields)
    assert status == 422
    assert beside(html, name) == [message], all_errors(html)
    assert "Nothing was saved: see the messages beside the fields." in html
    assert phone.hands(match_id) == 0
    # The figures typed are still on the form, to be corrected rather than typed again.
    for key, value in fields.items():
        if key.startswith(("card_points-", "melds-")):
            assert value_of(html, key) == value


def test_every_problem_of_a_hand_at_once(phone: Phone) -> None:
    """The engine names every problem it finds, each beside its own field."""
    match_id = phone.start(*BELA)
    status, html = phone.post(f"/m/{match_id}/hand", {"card_points-0": "-5", "card_points-1": "1",
                                                      "melds-0": "30", "contract": "hearts"})
    assert status == 422
    assert beside(html, "taker") == ["say who the taker is"]
    assert beside(html, "card_points-0") == ["card points cannot be negative (-5)"]
    assert beside(html, "card_points-1") == ["1 card points cannot be made from real cards"]
    assert beside(html, "last_trick") == ["say who took the last trick"]
    assert beside(html, "melds-0") == ["30 is not a meld in Bela (two-handed): melds are worth 20, 50"]
    # The form keeps what was chosen, too.
    assert re.search(r'name="contract" value="hearts"\s+checked', html)


def test_edit_problem_beside_its_field_and_hand_unchanged(phone: Phone) -> None:
    match_id = phone.start(*BELA)
    assert phone.post(f"/m/{match_id}/hand", PLAIN)[0] == 302
    status, html = phone.post(f"/m/{match_id}/hand/1", {**PLAIN, "card_points-1": "152"})
    assert status == 422
    assert beside(html, "card_points") == ["card points 80 + 152 exceed the 152 in the deck"]
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    assert re.search(r'aria-label="Mike total">90<', sheet)
    assert re.search(r'aria-label="Yvonne total">62<', sheet)


def test_claim_below_claim_from_in_clobby(phone: Phone) -> None:
    match_id = phone.start(*CLOBBY)
    page = phone.client.get(f"/m/{match_id}/claim").get_data(as_text=True)
    assert "cannot claim yet (a side needs 900 or more)" in page
    status, html = phone.post(f"/m/{match_id}/claim", {"claim-side": "0", "claim-points": "40"})
    assert status == 422
    assert beside(html, "claim-side") == ["Ann & Cat have 0: only a side on 900 or more may claim"]
    assert phone.hands(match_id) == 0


def test_claim_points_out_of_range(phone: Phone) -> None:
    match_id = phone.start(*BELA)
    status, html = phone.post(f"/m/{match_id}/claim", {"claim-side": "1", "claim-points": "4000"})
    assert status == 422
    assert beside(html, "claim-points") == ["the points won so far are a whole number from 0 to 332, not 4000"]


def test_claim_outside_the_claim_window(phone: Phone) -> None:
    match_id = phone.start(*BELA, claims="window-3")
    status, html = phone.post(f"/m/{match_id}/claim", {"claim-side": "0", "claim-points": "40",
                                                       "claim-trick": "5"})
    assert status == 422
    assert beside(html, "claim-trick") == [
        "a claim is allowed only within the first 3 tricks, not in trick 5: play the hand out"]


def test_the_preview_names_the_field_too(phone: Phone) -> None:
    """The live preview answers the same problems, keyed by the same field names."""
    match_id = phone.start(*CLOBBY)
    page = phone.client.get(f"/m/{match_id}/hand").get_data(as_text=True)
    answer = phone.client.post(f"/m/{match_id}/preview", data={
        "csrf_token": hidden(page)["csrf_token"], "taker": "0", "card_points-0": "80", "card_points-1": "80",
        "last_trick": "0"}).get_json()
    assert answer == {"ok": False, "errors": {
        "card_points": ["card points 80 + 80 = 160, but every card is played: they must add up to 152"]}}
    answer = phone.client.post(f"/m/{match_id}/preview", data={
        "csrf_token": hidden(page)["csrf_token"], "taker": "0", "card_points-1": "101", "last_trick": "1",
        "melds-0": "20", "bela-0": "1"}).get_json()
    assert answer["ok"] and answer["result"] == "bate" and answer["scores"] == [0, 202]


def test_a_form_without_its_csrf_token_saves_nothing(phone: Phone) -> None:
    match_id = phone.start(*BELA)
    for token in ({}, {"csrf_token": "from-another-site"}):
        answer = phone.client.post(f"/m/{match_id}/hand", data={**PLAIN, **token})
        assert answer.status_code == 400
        html = answer.get_data(as_text=True)
        assert "<h1>Nothing was saved</h1>" in html
        assert "This page was open too long: nothing was saved. Reload it and try again." in html
    assert phone.hands(match_id) == 0


@pytest.mark.parametrize(("players", "house", "name", "message"), [
    pytest.param(["Mike", ""], {}, "player_1", "every player needs a name", id="missing-name"),
    pytest.param(["Mike", "mike"], {}, "players",
                 "two players have the same name: the sheet could not tell them apart", id="same-names"),
    pytest.param(["Mike", "Yvonne"], {"target": "0"}, "target", "Number must be between 1 and 100000.",
                 id="target-zero"),
])
def test_start_page_problem_beside_its_field(phone: Phone, players: list[str], house: dict[str, str],
                                             name: str, message: str) -> None:
    page = phone.client.get("/").get_data(as_text=True)
    data = {"csrf_token": hidden(page)["csrf_token"], "idempotency_key": hidden(page)["idempotency_key"],
            "variant": "bela", "first_dealer": "0", "target": "", "tie": "", "claims": "", "best_of": "",
            **{f"player_{i}": p for i, p in enumerate(players)}, **house}
    answer = phone.client.post("/", data=data)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert all_errors(html).keys() == {name}
    (paragraph,) = parse_page(html).find(id=f"err-{name}")
    box = container(paragraph)
    assert name in {n.attrs.get("name") for n in box.walk()} or name == "players" and box.tag == "fieldset"
    assert message in paragraph.all_text()
