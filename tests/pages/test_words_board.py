"""The board in the table's words: each hand said with names ("Mike is bate"), the side that reached
the target without a good claim told it must still claim, "Ann & Cat win", and "Play again" when it is over."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.support.pages import parse_page

API = "/api/v1"


def made(client: FlaskClient, variant: str, players: list[str], **rules: Any) -> dict[str, Any]:
    answer = client.post(f"{API}/matches", json={"variant": variant, "players": players, "rules": rules})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    body: dict[str, Any] = answer.get_json()
    return body


def record(client: FlaskClient, match: dict[str, Any], hand: dict[str, Any]) -> str:
    answer = client.post(f"{API}/matches/{match['id']}/hands", json=hand,
                         headers={"Authorization": f"Bearer {match['edit_token']}"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return str(answer.get_json()["result"])


def board(client: FlaskClient, match: dict[str, Any]) -> str:
    return parse_page(client.get(f"/board/{match['view_token']}").get_data(as_text=True)).text()


def last_hands(client: FlaskClient, match: dict[str, Any]) -> list[str]:
    page = parse_page(client.get(f"/board/{match['view_token']}").get_data(as_text=True))
    listing = next(n for n in page.walk() if n.tag == "ol" and "last" in n.attrs.get("class", ""))
    return [item.text() for item in listing.walk() if item.tag == "li"]


def test_a_side_over_the_target_without_a_claim_is_told_to_claim(client: FlaskClient) -> None:
    """Bela's Scottish rule: reaching the target at the end of a hand does not win (RULES.md §6)."""
    match = made(client, "bela", ["Mike", "Yvonne"], target=100)
    assert record(client, match, {"taker": 0, "card_points": [110, 42], "last_trick": 0}) == "made"
    words = board(client, match)
    assert ("Mike has 120, at or over the target of 100, but has not won: a game is won only by a good claim, "
            "so Mike must still claim the game during a hand.") in words
    tree = parse_page(client.get(f"/board/{match['view_token']}").get_data(as_text=True))
    needs = [n.text() for n in tree.walk() if "need" in n.attrs.get("class", "").split()]
    assert needs == ["must claim", "needs 58"]
    # Where a game is won at the end of a hand (Klaberjass), no such line: the side has won.
    other = made(client, "klaberjass", ["Mike", "Yvonne"], target=100)
    record(client, other, {"taker": 0, "card_points": [110, 42], "last_trick": 0})
    assert "must still claim" not in board(client, other) and "Match over: Mike wins." in board(client, other)


def test_each_hand_on_the_board_is_said_with_names(client: FlaskClient) -> None:
    belote = made(client, "belote", ["Ann", "Bob", "Cat", "Dan"])
    record(client, belote, {"contract": "hearts", "double": 1, "taker": 0, "card_points": [100, 52], "last_trick": 0})
    record(client, belote, {"contract": "spades", "taker": 1, "card_points": [110, 42], "last_trick": 0})
    record(client, belote, {"contract": "clubs", "taker": 0, "card_points": [71, 81], "last_trick": 0})
    record(client, belote, {"thrown_in": True})
    hands = last_hands(client, belote)
    assert hands[0].startswith("Hand 4: thrown in: nobody scores")
    assert hands[1].startswith("Hand 3: Ann & Cat (♣) tied with Bob & Dan: hanging ·")
    assert hands[2].startswith("Hand 2: Bob & Dan (♠) are bate (inside) · Ann & Cat +")
    assert hands[3].startswith("Hand 1: Ann & Cat (♥ ×2) made it (outside) · Ann & Cat +")

    clobby = made(client, "clobby", ["Ann", "Bob", "Cat", "Dan"])
    record(client, clobby, {"taker": 0, "card_points": [66, 86], "last_trick": 1})
    assert last_hands(client, clobby)[0].startswith("Hand 1: Ann & Cat are baited ·")

    bela = made(client, "bela", ["Mike", "Yvonne"])
    record(client, bela, {"taker": 0, "card_points": [100, 52], "last_trick": 0,
                          "revoke": {"accused": 1, "accuser": 0, "upheld": True}})
    record(client, bela, {"claim": {"side": 1, "points": 30}})
    hands = last_hands(client, bela)
    assert hands[0].startswith("Hand 2: Yvonne’s claim fell short (a false claim) ·")
    assert hands[1].startswith("Hand 1: revoke by Yvonne: the challenge is upheld ·")
    klaberjass = made(client, "klaberjass", ["Mike", "Yvonne"])
    record(client, klaberjass, {"taker": 1, "card_points": [81, 71], "last_trick": 1})
    assert last_hands(client, klaberjass)[0].startswith(
        "Hand 1: Yvonne tied with Mike: the taker scores nothing ·")


def test_partners_win_together_and_can_play_again(client: FlaskClient) -> None:
    match = made(client, "south-african", ["Ann", "Bob", "Cat", "Dan"], target=100)
    record(client, match, {"taker": 0, "card_points": [110, 42], "last_trick": 0})
    words = board(client, match)
    assert "Match over: Ann & Cat win." in words
    assert "Play again The same players and house rules; the deal passes on." in words
    # The house rules say the sides by name, not by seat number.
    assert "two sides of partners sitting opposite: Ann & Cat against Bob & Dan." in words
    assert "seats 1 and 3" not in words


def test_the_board_offers_its_link_to_share_and_keeps_the_screen_on(client: FlaskClient) -> None:
    match = made(client, "bela", ["Mike", "Yvonne"])
    html = client.get(f"/board/{match['view_token']}").get_data(as_text=True)
    page = parse_page(html)
    share = next(n for n in page.walk() if n.tag == "button" and "data-share-url" in n.attrs)
    assert share.attrs["data-share-url"] == f"http://localhost/board/{match['view_token']}"
    # Drawn in place from the first paint (nothing moves when share.js runs); a page without scripts hides it
    # with the stylesheet only it loads, and the link stays as text.
    assert "hidden" not in share.attrs
    assert '<noscript><link rel="stylesheet" href="/static/css/noscript.css"></noscript>' in html
    assert f"http://localhost/board/{match['view_token']}" in page.text()
    assert "<html lang=\"en\" dir=\"ltr\" data-keep-awake>" in html and "/static/js/wake.js" in html
    assert "<script>" not in html.replace('<script type="application/json"', "")  # no inline code (CSP)
    # A page that is not looked at between hands does not hold the screen on.
    assert "data-keep-awake" not in client.get("/rules").get_data(as_text=True)
