"""Everything that knows card values follows the game: the Czech games (RULES.md §2a: the queen the top trump,
the deck 151, bejle 40) on the hand form, the card counter and the rules pages; the deal limit (§6) on the
sheet and the board. Pages through the test client; Darda and Bulka in the browser (§9.19) are in
tests/browser/test_card_values.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS
from tests.support.pages import Phone, all_errors, ask, beside, hidden, parse_page, text

FOUR = ["Ann", "Bob", "Cat", "Dan"]
US, THEM = "Ann & Cat", "Bob & Dan"
HAND_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "hand.js"


def card_values(page: str) -> dict[str, Any]:
    """The hand form's card facts: the JSON block its script reads."""
    block = parse_page(page).find(id="card-values")
    assert len(block) == 1 and block[0].tag == "script" and block[0].attrs.get("type") == "application/json"
    facts: dict[str, Any] = json.loads(block[0].all_text())
    return facts


def legend(page: str, group: str) -> str:
    node = parse_page(page).find(id=f"group-{group}")[0]
    return re.sub(r"\s+", " ", next(n for n in node.walk() if n.tag == "legend").all_text()).strip()


def board_path(phone: Phone, match_id: str) -> str:
    found = re.search(r"/board/([A-Za-z0-9_-]+)", phone.client.get(f"/m/{match_id}").get_data(as_text=True))
    assert found is not None
    return found.group(0)


# ------------------------------------------------------------------------------------------------ the hand form


def test_darda_hand_form_carries_the_czech_cards(phone: Phone) -> None:
    match_id = phone.start("darda", FOUR)
    page = phone.client.get(f"/m/{match_id}/hand").get_data(as_text=True)
    facts = card_values(page)
    assert facts["top_trump"] == "Q"
    assert facts["trump"]["Q"] == 20 and facts["trump"]["9"] == 14 and facts["trump"]["J"] == 2
    assert facts["plain"]["Q"] == 3 and facts["plain"]["J"] == 2 and facts["plain"]["A"] == 11
    assert facts["decks"] == {"": 151, "clubs": 151, "diamonds": 151, "hearts": 151, "spades": 151}
    assert facts["bela"] == {"points": 40, "word": "bejle"}
    words = text(page)
    assert "Every card is played: enter one side, and the other is the rest of the deck (151)." in words
    assert "152" not in words
    assert legend(page, "bela") == "Bejle (K and Q of trumps, 40)"
    assert [n.all_text() for n in parse_page(page).find(**{"for": "bela-0"})] == [f"{US}: bejle"]


def test_bela_and_belote_hand_forms_carry_their_decks(phone: Phone) -> None:
    page = phone.client.get(f"/m/{phone.start('bela', ['Mike', 'Yvonne'])}/hand").get_data(as_text=True)
    facts = card_values(page)
    assert facts["top_trump"] == "J" and facts["trump"]["J"] == 20 and facts["trump"]["Q"] == 3
    assert facts["decks"]["hearts"] == 152 and facts["decks"][""] == 152
    assert legend(page, "bela") == "Bela (K and Q of trumps, 20)"
    page = phone.client.get(f"/m/{phone.start('belote', FOUR)}/hand").get_data(as_text=True)
    assert card_values(page)["decks"] == {"": 152, "clubs": 152, "diamonds": 152, "hearts": 152, "spades": 152,
                                          "no-trumps": 120, "all-trumps": 248}
    assert ("the other is the rest of the deck (152; no-trumps 120; all-trumps 248)." in text(page))
    assert legend(page, "bela") == "Belote (K and Q of trumps, 20)"


def test_the_hand_script_knows_no_card_value() -> None:
    """The card counter and the rest-of-the-deck hint read the page's card facts: no table is copied in the script."""
    script = HAND_JS.read_text()
    assert re.findall(r"\b(?:152|151|248|120|20|14|11)\b", script) == []
    assert 'getElementById("card-values")' in script


# ------------------------------------------------------------------------------------------------ referee pages


def test_card_counter_of_a_bulka_match_counts_the_queen_of_trumps_20(phone: Phone) -> None:
    match_id = phone.start("bulka", ["Mike", "Yvonne"])
    status, page = ask(phone.client, f"/referee/cards?match={match_id}", {
        "contract": "hearts", "deal": "2", "cards-0": ["QH", "QS"], "cards-1": ["JH", "9H"]})
    assert status == 200, all_errors(page)
    words = text(page)
    assert "Mike: 23 card points in 2 cards." in words  # queen of trumps 20, a plain queen 3
    assert "Yvonne: 16 card points in 2 cards." in words  # jack of trumps 2, nine of trumps 14
    assert "Bulka counts trumps Q 20, 9 14, A 11, 10 10, K 4, J 2" in words
    # The same cards in Bela: the jack is the top trump.
    status, page = ask(phone.client, "/referee/cards", {
        "contract": "hearts", "deal": "2", "cards-0": ["QH", "QS"], "cards-1": ["JH", "9H"]})
    assert "First player: 6 card points in 2 cards." in text(page)
    assert "Second player: 34 card points in 2 cards." in text(page)


def test_card_counter_four_handed_darda_deck_is_151(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/cards?variant=darda", {
        "contract": "hearts", "deal": "4", "cards-0": ["7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]})
    assert status == 200, all_errors(page)
    assert "First side: 61 card points in 8 cards." in text(page)
    assert "The deck holds 151 card points: the other side took 90." in text(page)


def test_meld_contest_of_darda_scores_bejle_40(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/melds?variant=darda", {"contract": "hearts", "forehand": "0",
                                                                "bela-1": "y"})
    assert status == 200, all_errors(page)
    assert "Bejle (K and Q of trumps, 40)" in text(page)
    assert "Bejle always counts: second side scores 40 for the K and Q of trumps." in text(page)


def test_legal_plays_of_darda_name_the_jasek(client: FlaskClient) -> None:
    page = client.get("/referee/legal-plays?variant=darda").get_data(as_text=True)
    assert "Bare jasek (queen of trumps alone)" in text(page)
    assert "Bare Yuss (jack of trumps alone)" in text(client.get("/referee/legal-plays").get_data(as_text=True))


def _grid(page: str) -> dict[str, list[str]]:
    return {re.sub(r"\s+", " ", r.children[0].all_text()): [c.all_text() for c in r.children[1:]]
            for r in parse_page(page).find(id="card-points")[0].walk() if r.tag == "tr"}


def test_darda_rules_page_puts_the_queen_on_top(client: FlaskClient) -> None:
    page = client.get("/rules/darda").get_data(as_text=True)
    words = text(page)
    grid = _grid(page)
    assert list(grid)[1] == "queen (Q)"  # the first row after the heading: the top trump
    assert grid["queen (Q)"] == ["20", "3"] and grid["nine (9)"] == ["14", "0"] and grid["jack (J)"] == ["2", "2"]
    assert "The top trump is the queen (Q). Trick order: trumps Q 9 A 10 K J 8 7; plain cards A 10 K Q J 9 8 7." \
        in words
    assert "The whole deck with a trump suit: 151 card points (+10 for the last trick)." in words
    bela = parse_page(page).find(**{"data-meld": "bela"})[0]
    assert [c.all_text() for c in bela.children] == ["Bejle (K and Q of trumps)", "40"]
    assert "J 9 A 10 K Q 8 7" not in words
    bela_page = text(client.get("/rules/bela").get_data(as_text=True))
    assert "The top trump is the jack (J). Trick order: trumps J 9 A 10 K Q 8 7" in bela_page


def test_rules_index_and_start_page_offer_the_czech_games(client: FlaskClient) -> None:
    index = text(client.get("/rules").get_data(as_text=True))
    start = client.get("/").get_data(as_text=True)
    for name, players in (("bulka", "2"), ("darda", "4")):
        assert PRESETS[name].description in index
        radio = [n for n in parse_page(start).find(name="variant", value=name) if n.tag == "input"]
        assert len(radio) == 1 and radio[0].attrs["data-players"] == players
        assert radio[0].attrs["data-rules"] == f"/rules/{name}"  # the game's rules, on demand
        rules_page = text(client.get(f"/rules/{name}").get_data(as_text=True))
        assert "The queen is the top trump (20), then the nine (14)" in rules_page


# ------------------------------------------------------------------------------------------------ deal limit


def deal_line(html: str) -> str:
    lines = [re.sub(r"\s+", " ", n.all_text()).strip() for n in parse_page(html).walk() if "deal" in n.classes()]
    assert len(lines) == 1, lines
    return lines[0]


def test_deal_limit_on_the_sheet_and_the_board(phone: Phone, app: Any) -> None:
    match_id = phone.start("bela", ["Mike", "Yvonne"], deal_limit="7")
    board = board_path(phone, match_id)
    watcher = app.test_client()
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    assert deal_line(sheet) == "Next, deal 1 of 7: Mike deals, Yvonne leads."
    assert "deal 1 of 7" in deal_line(watcher.get(board).get_data(as_text=True))
    rules = text(phone.client.get(f"/m/{match_id}/rules").get_data(as_text=True))
    assert "A game nobody has won after 7 played deals goes to the side ahead" in rules

    status, _ = phone.post(f"/m/{match_id}/hand", {"taker": "0", "card_points-0": "80", "card_points-1": "62",
                                                   "last_trick": "0"})
    assert status == 302
    assert "deal 2 of 7" in deal_line(phone.client.get(f"/m/{match_id}").get_data(as_text=True))
    assert "deal 2 of 7" in deal_line(watcher.get(board).get_data(as_text=True))
    assert "deal 2 of 7" in deal_line(watcher.get(board + "/live").get_data(as_text=True))  # what live.js fetches
    assert "deal 2 of 7" in deal_line(phone.client.get(f"/m/{match_id}/live").get_data(as_text=True))
    # A thrown-in deal is no deal.
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    form = parse_page(sheet).find(action=f"/m/{match_id}/thrown-in")[0]
    fields = {n.attrs["name"]: n.attrs["value"] for n in form.walk() if n.tag == "input"}
    assert phone.client.post(f"/m/{match_id}/thrown-in", data=fields).status_code == 302
    assert phone.hands(match_id) == 2
    assert "deal 2 of 7" in deal_line(phone.client.get(f"/m/{match_id}").get_data(as_text=True))


def test_level_after_the_deal_limit_plays_on(phone: Phone) -> None:
    match_id = phone.start("bela", ["Mike", "Yvonne"], deal_limit="1", tie="hold-all")
    status, _ = phone.post(f"/m/{match_id}/hand", {"taker": "0", "card_points-0": "61", "card_points-1": "71",
                                                   "last_trick": "0"})  # 71 all: nobody scores, 0–0
    assert status == 302
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    assert deal_line(sheet).startswith("Next, deal 2 (level after 1, playing on):")


def test_no_deal_count_without_a_deal_limit(phone: Phone) -> None:
    sheet = phone.client.get(f"/m/{phone.start('bela', ['Mike', 'Yvonne'])}").get_data(as_text=True)
    assert deal_line(sheet) == "Next: Mike deals, Yvonne leads."


def test_deal_limit_problem_beside_its_field(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    data = {n.attrs["name"]: n.attrs.get("value", "") for n in parse_page(page).find(type="hidden") if n.tag == "input"}
    answer = client.post("/", data={**data, "variant": "darda", "first_dealer": "0", "target": "", "tie": "",
                                    "claims": "", "best_of": "", "deal_limit": "0",
                                    **{f"player_{i}": name for i, name in enumerate(FOUR)}})
    html = answer.get_data(as_text=True)
    assert answer.status_code != 302
    assert beside(html, "deal_limit") == ["the deal limit counts deals: 1 to 1000, or none, not 0"]
    assert "open" in parse_page(html).find(**{"class": "house"})[0].attrs


def test_the_preview_knows_the_deal_that_ends_the_game(phone: Phone) -> None:
    """RULES.md §6 deal-limit: the preview of the hand that reaches the limit says who wins the game, as saving
    it will (the preview scores from the deals already played)."""
    match_id = phone.start("bela", ["Mike", "Yvonne"], deal_limit="2")
    hand = {"taker": "0", "card_points-0": "80", "card_points-1": "62", "last_trick": "0"}
    status, _ = phone.post(f"/m/{match_id}/hand", hand)
    assert status == 302
    page = phone.client.get(f"/m/{match_id}/hand").get_data(as_text=True)
    answer = phone.client.post(f"/m/{match_id}/preview", data={"csrf_token": hidden(page)["csrf_token"], **hand})
    answer = answer.get_json()
    assert answer["ok"]
    assert "Deal 2 of 2 played: Mike is ahead with 180 and wins the game." in answer["explanation"]
