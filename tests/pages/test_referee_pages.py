"""The referee's pages (meld contest, card counter, legal-play checker) and the rules pages, without JavaScript.

The forms are posted through the test client as a browser would (CSRF token read from the page), on both
databases; every answer must be the engine's, and bad input must be shown beside its field. The rules pages
are made from the same Rules value the scoring uses, so they show a match's overrides and each preset's values.
The browser test that uses the meld contest and the legal-play checker, and records a revoke challenge from it,
is tests/browser/test_referee_pages.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS
from scorekeeper.rules.describe import describe_rules
from scorekeeper.rules.melds import value_word
from tests.support.pages import Phone, all_errors, ask, beside, hidden, parse_page, text, value_of


def seq(side: int, slot: int, length: int, top: str, suit: str) -> dict[str, str]:
    return {f"seq-{side}-{slot}-length": str(length), f"seq-{side}-{slot}-top": top,
            f"seq-{side}-{slot}-suit": suit}


def selected(html: str, name: str) -> str | None:
    """The chosen option of select ``name``, or the checked radio of group ``name``."""
    for node in parse_page(html).walk():
        if node.tag == "select" and node.attrs.get("name") == name:
            chosen = [o for o in node.walk() if o.tag == "option" and "selected" in o.attrs]
            return chosen[0].attrs.get("value") if chosen else None
        if node.tag == "input" and node.attrs.get("name") == name and "checked" in node.attrs:
            return node.attrs.get("value")
    return None


# ------------------------------------------------------------------------------------------------ meld contest


def test_meld_contest_says_who_scores_and_why(client: FlaskClient) -> None:
    """API.md's referee example, asked on the page: equal twenties, the one in trumps wins."""
    status, page = ask(client, "/referee/melds", {"contract": "hearts", "forehand": "0", **seq(0, 0, 3, "K", "clubs"),
                                                  **seq(1, 0, 3, "K", "hearts")})
    assert status == 200, all_errors(page)
    assert ("Both twenties, both king high; second player's is in trumps: second player scores 20."
            in text(page))
    verdict = text(page)[text(page).index("The referee's ruling"):]
    assert "first player: 0" in verdict and "second player: 20" in verdict


def test_meld_contest_squares_bela_and_the_match_names(phone: Phone, client: FlaskClient) -> None:
    match_id = phone.start("zensa", ["Mike", "Yvonne"])
    status, page = ask(client, f"/referee/melds?match={match_id}", {
        "contract": "spades", "forehand": "1", **seq(0, 0, 3, "9", "clubs"), **seq(1, 0, 3, "9", "diamonds"),
        "square-0-0": "J", "square-1-0": "10", "bela-1": "y"})
    assert status == 200, all_errors(page)
    words = text(page)
    assert "Both twenties, both nine high; equal in every way, and Yvonne is forehand: Yvonne scores 20." in words
    assert "Squares are judged apart: Mike's four jacks beat Yvonne's four tens." in words
    assert "Mike scores 200 for squares (four jacks)." in words
    assert "Bela always counts: Yvonne scores 20" in words
    assert "Mike: 200" in words and "Yvonne: 40" in words


def test_meld_contest_bad_input_beside_its_field(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/melds", {
        "contract": "hearts", "forehand": "0", **seq(0, 0, 5, "9", "clubs"), "seq-1-0-length": "3",
        "square-1-0": "9"})
    assert status == 422
    assert beside(page, "seq-0-0") == ["no 5-card sequence can end in the nine: the seven is the lowest card"]
    assert beside(page, "seq-1-0") == ["give the sequence's length, top card and suit"]
    assert beside(page, "square-1-0") == ["four nines score nothing in Bela (two-handed)"]
    assert "The referee's ruling" not in page


def test_meld_contest_problems_of_the_whole_contest(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/melds", {**seq(0, 0, 3, "K", "clubs"), **seq(0, 1, 4, "Q", "clubs")})
    assert status == 422
    assert beside(page, "contract") == ["choose the trumps: they decide which sequence is higher"]
    assert beside(page, "forehand") == ["choose forehand: equal sequences may go to the side that leads"]
    status, page = ask(client, "/referee/melds", {"contract": "hearts", "forehand": "0",
                                                  **seq(0, 0, 3, "K", "clubs"), **seq(0, 1, 4, "Q", "clubs")})
    assert status == 422
    assert beside(page, "declarations-0")[0].startswith("the JC is in two declarations")
    status, page = ask(client, "/referee/melds?variant=belote", {"contract": "no-trumps", "forehand": "0",
                                                                 "bela-0": "y"})
    assert status == 422
    assert beside(page, "bela") == ["there is no belote in no-trumps"]  # Belote's own word


def test_meld_contest_of_a_match_needs_its_key(phone: Phone, app: Any) -> None:
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    assert app.test_client().get(f"/referee/melds?match={match_id}").status_code == 403
    assert phone.client.get(f"/referee/melds?match={match_id}").status_code == 200


def test_hand_form_links_to_the_meld_referee(phone: Phone) -> None:
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    page = phone.client.get(f"/m/{match_id}/hand").get_data(as_text=True)
    links = [n for n in parse_page(page).find(href=f"/referee/melds?match={match_id}")]
    assert [n.all_text() for n in links] == ["Argue about melds? Let the referee decide"]
    assert any(n.attrs.get("id") == "group-melds" for n in _ancestors(links[0]))


def _ancestors(node: Any) -> list[Any]:
    out = []
    while node.parent is not None:
        node = node.parent
        out.append(node)
    return out


# ------------------------------------------------------------------------------------------------ card counter


HEARTS = ["7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]


def test_card_counter_counts_with_the_engine(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/cards", {"contract": "hearts", "deal": "4", "cards-0": HEARTS + ["AS"]})
    assert status == 200, all_errors(page)
    words = text(page)
    assert "First player: 73 card points in 9 cards." in words
    assert "The deck holds 152 card points: the other side took 79." in words
    assert "do not add up" not in words
    assert selected(page, "contract") == "hearts"
    status, page = ask(client, "/referee/cards", {"contract": "no-trumps", "deal": "4", "cards-0": HEARTS})
    assert "First player: 30 card points in 8 cards." in text(page)
    assert "The deck holds 120 card points in no trumps: the other side took 90." in text(page)
    status, page = ask(client, "/referee/cards", {"contract": "all-trumps", "deal": "2", "cards-0": HEARTS})
    assert "First player: 62 card points in 8 cards." in text(page)
    assert "the other side took" not in text(page)


def test_card_counter_warns_when_two_sides_do_not_add_up(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/cards", {"contract": "spades", "deal": "4", "cards-0": HEARTS,
                                                  "cards-1": ["JS", "9S"]})
    assert status == 200
    words = text(page)
    assert "Second player: 34 card points in 2 cards." in words
    assert "These do not add up: 30 + 34 = 64, but the deck holds 152." in words


def test_card_counter_bad_input_beside_its_field(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/cards", {"contract": "hearts", "deal": "4", "cards-0": ["AH", "ZZ"]})
    assert status == 422
    assert beside(page, "cards-0") == ["that is not a card of the 32-card pack: tick the cards in the grid"]
    status, page = ask(client, "/referee/cards", {"contract": "hearts", "deal": "4", "cards-0": ["AH", "KH"],
                                                  "cards-1": ["KH"]})
    assert status == 422
    assert beside(page, "cards-1") == ["a card cannot be in both sides' tricks: K♥"]
    status, page = ask(client, "/referee/cards", {"contract": "hearts", "deal": "4"})
    assert beside(page, "cards-0") == ["tick the cards the side took"]


# ------------------------------------------------------------------------------------------------ legal plays


def test_legal_play_checker_lists_the_legal_cards(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/legal-plays", {
        "contract": "hearts", "trick-0-seat": "0", "trick-0-card": "AS", "seat": "1", "hand": "7s, KH 8C",
        "played": "KH"})
    assert status == 200, all_errors(page)
    words = text(page)
    assert "Must follow suit: spades." in words
    assert "Legal: 7♠" in words
    assert "The K♥ was not a legal play: a revoke; the challenge is upheld." in words
    assert "Record a revoke challenge" not in words  # no match: nothing to record it on


def test_legal_play_checker_three_handed_underplay(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/legal-plays?variant=bela-3", {
        "variant": "bela-3", "contract": "hearts", "trick-0-seat": "0", "trick-0-card": "AS",
        "trick-1-seat": "1", "trick-1-card": "AH", "seat": "2", "hand": "7H 8H KC", "played": "KC"})
    assert status == 200, all_errors(page)
    assert "Cannot overtrump: must play a lower trump (underplay)." in text(page)


def test_legal_play_checker_bad_input_beside_its_field(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/legal-plays", {
        "contract": "hearts", "trick-0-seat": "0", "trick-0-card": "1S", "seat": "1", "hand": "7S KX",
        "played": "QQ"})
    assert status == 422
    typo = "is not a card of the 32-card pack: write rank then suit, like 10H, JS or AC"
    assert beside(page, "trick-0-card") == [f"'1S' {typo}"]
    assert beside(page, "hand") == [f"'KX' {typo}"]
    assert beside(page, "played") == [f"'QQ' {typo}"]
    assert value_of(page, "hand") == "7S KX"
    status, page = ask(client, "/referee/legal-plays", {"trick-0-seat": "1", "trick-0-card": "AS", "seat": "1",
                                                        "hand": "7S", "played": "AH"})
    assert status == 422
    assert beside(page, "contract") == ["say the contract, which decides the trumps: clubs, diamonds, hearts, spades"]
    assert beside(page, "seat") == [
        "second player does not play next: after second player (clockwise) comes first player"]
    status, page = ask(client, "/referee/legal-plays", {"contract": "clubs", "seat": "0", "hand": "7S", "played": "AH"})
    assert beside(page, "played") == ["the A♥ is not among the cards held: add it to the hand"]


def test_legal_play_result_prefills_a_revoke_challenge(phone: Phone) -> None:
    """With the match's key, the ruling opens the hand form with the revoke challenge filled in."""
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    status, page = ask(phone.client, f"/referee/legal-plays?match={match_id}", {
        "contract": "hearts", "trick-0-seat": "0", "trick-0-card": "AS", "seat": "1", "hand": "7S KH 8C",
        "played": "KH"})
    assert status == 200, all_errors(page)
    form = next(n for n in parse_page(page).find(action=f"/m/{match_id}/hand"))
    args = {n.attrs["name"]: n.attrs["value"] for n in form.walk() if n.tag == "input"}
    assert args == {"revoke-accused": "1", "revoke-accuser": "0", "revoke-upheld": "yes"}
    assert form.attrs.get("method") == "get"
    hand = phone.client.get(f"/m/{match_id}/hand", query_string=args).get_data(as_text=True)
    assert selected(hand, "revoke-accused") == "1"
    assert selected(hand, "revoke-accuser") == "0"
    assert selected(hand, "revoke-upheld") == "yes"
    assert "open" in parse_page(hand).find(id="group-revoke")[0].attrs
    # A legal card: the challenge is wrong.
    status, page = ask(phone.client, f"/referee/legal-plays?match={match_id}", {
        "contract": "hearts", "trick-0-seat": "0", "trick-0-card": "AS", "seat": "1", "hand": "7S KH 8C",
        "played": "7S"})
    assert "The 7♠ was a legal play: no revoke; the challenge is wrong." in text(page)
    assert 'name="revoke-upheld" value="no"' in page


# ------------------------------------------------------------------------------------------------ rules pages


def test_rules_index_lists_every_preset(client: FlaskClient) -> None:
    page = client.get("/rules").get_data(as_text=True)
    for name, rules in PRESETS.items():
        assert f'href="/rules/{name}"' in page
        assert rules.title in text(page)
    assert client.get("/rules/no-such-game").status_code == 404


def _option(page: str, name: str) -> str:
    node = parse_page(page).find(**{"data-option": name})[0]
    return re.sub(r"\s+", " ", node.all_text()).strip()


def _melds(page: str) -> dict[str, str]:
    rows = parse_page(page).find(id="melds")[0].walk()
    return {n.attrs["data-meld"]: re.sub(r"\s+", " ", n.children[1].all_text()).strip()
            for n in rows if n.tag == "tr" and "data-meld" in n.attrs}


@pytest.mark.parametrize("variant", list(PRESETS))
def test_each_preset_rules_page_is_made_from_its_rules(client: FlaskClient, variant: str) -> None:
    rules = PRESETS[variant]
    page = client.get(f"/rules/{variant}").get_data(as_text=True)
    assert _option(page, "target").startswith(str(rules.target) if rules.target is not None
                                              else "none: a game is its deals")
    # The option's code only for machines (data-value); the page says what it does.
    ties = parse_page(page).find(**{"data-option": "tie"})
    if rules.success.value == "each-own":  # Jass: each side writes its own, no taker to tie with
        assert not ties
    else:
        assert ties[0].attrs["data-value"] == rules.tie.value and rules.tie.value not in _option(page, "tie")
    melds = _melds(page)
    assert melds == {**{key: f"{value} ({value_word(value)})" for key, value in rules.meld_values.items()},
                     "bela": str(rules.bela_points)}
    for line in describe_rules(rules):
        assert line in text(page)
    grid = {re.sub(r"\s+", " ", r.children[0].all_text()): [c.all_text() for c in r.children[1:]]
            for r in parse_page(page).find(id="card-points")[0].walk() if r.tag == "tr"}
    for rank, trump, plain in rules.cards.table():
        assert grid[f"{rank.word} ({rank.value})"] == [str(trump), str(plain)]
    top = rules.cards.top_trump
    assert grid[f"{top.word} ({top.value})"] == ["20", str(rules.cards.plain_points[top])]  # the Jass, or jasek
    assert grid["nine (9)"] == ["14", "0"] and grid["ace (A)"] == ["11", "11"]
    assert f"The whole deck with a trump suit: {rules.deck(rules.contracts[0])} card points" in text(page)
    if "all-trumps" in [c.value for c in rules.contracts]:
        assert "The whole deck with all trumps: 248 card points" in text(page)


def test_match_rules_page_shows_its_overrides(phone: Phone, app: Any) -> None:
    """A match created with target 500 and tie taker-fails: its rules page says so, as the scoring does."""
    match_id = phone.start("bela", ["Mike", "Yvonne"], target="500", tie="taker-fails")
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    assert f'href="/m/{match_id}/rules"' in sheet
    view_token = re.search(r"/board/([A-Za-z0-9_-]+)", sheet)
    assert view_token is not None
    board = app.test_client().get(f"/board/{view_token.group(1)}").get_data(as_text=True)
    assert f'href="/board/{view_token.group(1)}/rules"' in board
    for client, path in ((phone.client, f"/m/{match_id}/rules"),
                         (app.test_client(), f"/board/{view_token.group(1)}/rules")):
        answer = client.get(path)
        assert answer.status_code == 200
        page = answer.get_data(as_text=True)
        assert _option(page, "target") == "500"
        assert _option(page, "tie") == "taker is bate"  # as the start page's list says it
        assert "A game is won at 500." in text(page)
        assert "On a tie with the best defender, the taker is bate." in text(page)
        assert _melds(page) == {"sequence-3": "20 (twenty)", "sequence-4": "50 (fifty)", "bela": "20"}
    assert app.test_client().get(f"/m/{match_id}/rules").status_code == 403


# ------------------------------------------------------------------------------------------------ roem


def _trick(*cards: str) -> dict[str, str]:
    return {f"trick-{n}": card for n, card in enumerate(cards)}


def test_roem_page_says_the_roem_and_why(client: FlaskClient) -> None:
    """RULES.md §10e.28: Referee roem, `klaverjas`, hearts trumps: J♥ A♥ K♥ Q♥ → 70 (asked on the page)."""
    status, page = ask(client, "/referee/roem", {"contract": "hearts", **_trick("JH", "AH", "KH", "QH")})
    assert status == 200, all_errors(page)
    verdict = text(page)[text(page).index("The referee's ruling"):]
    assert "A-K-Q-J in hearts: 50." in verdict and "King and queen of trumps (stuk): 20." in verdict
    assert "Roem in this trick: 70" in verdict
    assert selected(page, "trick-2") == "KH" and selected(page, "contract") == "hearts"
    status, page = ask(client, "/referee/roem", {"contract": "hearts", **_trick("7C", "8C", "9H", "10C")})
    assert status == 200 and "Roem in this trick: 0" in text(page)


def test_roem_page_bad_input_beside_its_field(client: FlaskClient) -> None:
    status, page = ask(client, "/referee/roem", {**_trick("JH", "", "KH", "JH")})
    assert status == 422
    assert beside(page, "contract") == ["say the contract, which decides the trumps: clubs, diamonds, hearts, spades"]
    assert beside(page, "trick-1") == ["choose this card of the trick"]
    assert beside(page, "trick-3") == ["the JH is already the trick's card 1: a pack has one of each"]
    assert "The referee's ruling" not in page


def test_roem_page_is_klaverjas_and_linked(client: FlaskClient, phone: Phone) -> None:
    """RULES.md §10b: "The referee knows roem" - Klaverjas's; a match of a game without roem is told so."""
    page = client.get("/referee/roem?variant=bela").get_data(as_text=True)
    assert hidden(page)["variant"] == "klaverjas"
    assert "/referee/roem" in client.get("/rules").get_data(as_text=True)
    assert "/referee/roem" in client.get("/referee/melds?variant=klaverjas").get_data(as_text=True)
    assert "/referee/roem" not in client.get("/referee/melds?variant=bela").get_data(as_text=True)
    match_id = phone.start("bela", ["Mike", "Yvonne"])
    answer = phone.client.get(f"/referee/roem?match={match_id}")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert "Bela (two-handed) has no roem: roem is won in the tricks in Klaverjas" in text(page)
    assert 'name="trick-0"' not in page
    match_id = phone.start("klaverjas", ["Ana", "Ivo", "Marko", "Luka"])
    status, page = ask(phone.client, f"/referee/roem?match={match_id}",
                       {"contract": "spades", **_trick("KS", "QS", "JS", "10S")})
    assert status == 200 and "Roem in this trick: 70" in text(page), all_errors(page)


# ------------------------------------------------------------------------------------------------ Swiss Jass


def _labels(html: str, name: str) -> list[str]:
    """The choices of select or radio group ``name``, as the page shows them."""
    found = []
    for node in parse_page(html).walk():
        if node.tag == "select" and node.attrs.get("name") == name:
            found.extend(o.text() for o in node.walk() if o.tag == "option")
        if node.tag == "input" and node.attrs.get("name") == name and node.parent is not None:
            found.append(node.parent.text())
    return found


def test_weis_contest_per_player_in_schieber(client: FlaskClient) -> None:
    """RULES.md §11.34 on the page: Schieber's Weis are entered per player (the player nearer to forehand
    settles an exact tie), the scores per side; the sixes, runs to nine cards and Obenabe / Undenufe are offered."""
    page = client.get("/referee/melds?variant=schieber").get_data(as_text=True)
    legends = [n.text() for n in parse_page(page).walk() if n.tag == "legend" and n.text().endswith("declared")]
    assert legends == ["First player (first side) declared", "Second player (second side) declared",
                       "Third player (first side) declared", "Fourth player (second side) declared"]
    assert "four sixes" in _labels(page, "square-2-0")
    assert _labels(page, "seq-3-1-length")[-1] == "9 cards"
    assert [label for label in _labels(page, "contract")] == ["♣ clubs", "♦ diamonds", "♥ hearts", "♠ spades",
                                                              "Obenabe", "Undenufe"]
    assert "in Undenufe too" in text(page)
    status, page = ask(client, "/referee/melds?variant=schieber", {
        "contract": "hearts", "forehand": "0", **seq(0, 0, 5, "10", "diamonds"), "square-1-0": "K"})
    assert status == 200, all_errors(page)
    verdict = text(page)[text(page).index("The referee's ruling"):]
    assert ("a sequence before four of a kind, then the higher top card): first player (first side) scores 100 "
            "(5-card sequence to the ten in diamonds).") in verdict
    assert "first side: 100" in verdict and "second side: 0" in verdict
    status, page = ask(client, "/referee/melds?variant=schieber", {
        "contract": "hearts", "forehand": "0", **seq(0, 0, 5, "10", "diamonds"), "square-0-0": "A",
        "square-3-0": "J"})
    verdict = text(page)[text(page).index("The referee's ruling"):]
    assert "first side: 0" in verdict and "second side: 200" in verdict
    # Bela's page, with its 32 cards, has neither.
    page = client.get("/referee/melds?variant=bela").get_data(as_text=True)
    assert "four sixes" not in _labels(page, "square-1-0") and "9 cards" not in _labels(page, "seq-1-0-length")
    assert "Undenufe" not in text(page)


def test_weis_tie_goes_to_the_player_nearer_to_forehand(phone: Phone) -> None:
    """RULES.md §11: "then the player nearer to forehand" - Schieber plays to the right: after Ana come Luka,
    Marko and Ivo. The match's players are named, each singular, and the sides' totals shown."""
    match_id = phone.start("schieber", ["Ana", "Ivo", "Marko", "Luka"])
    path = f"/referee/melds?match={match_id}"
    page = phone.client.get(path).get_data(as_text=True)
    assert _labels(page, "forehand") == ["Ana", "Ivo", "Marko", "Luka"]
    fields = {"contract": "top-down", **seq(1, 0, 3, "K", "clubs"), **seq(2, 0, 3, "K", "spades")}
    status, page = ask(phone.client, path, {**fields, "forehand": "0"})
    assert status == 200, all_errors(page)
    words = text(page)
    assert ("Equal best declarations: the player nearer to forehand wins: Marko scores 20 (3-card sequence to the "
            "king in spades).") in words
    assert "Ana & Marko: 20" in words and "Ivo & Luka: 0" in words
    status, page = ask(phone.client, path, {**fields, "forehand": "1"})
    assert "the player nearer to forehand wins: Ivo scores 20" in text(page)
    status, page = ask(phone.client, path, {"contract": "bottom-up", "forehand": "0", **seq(1, 0, 4, "Q", "clubs"),
                                            **seq(3, 0, 4, "9", "hearts")})
    assert "in Undenufe the order is reversed, so a run's top is its lowest card): Luka scores 50" in text(page)
    status, page = ask(phone.client, path, {"contract": "hearts", "forehand": "0", **seq(0, 0, 3, "8", "clubs"),
                                            "square-1-0": "6"})
    assert status == 422
    assert beside(page, "declarations-1") == ["the 6C is declared by Ana and Ivo: a pack has one of each"]


def test_stoeck_in_the_weis_contest(client: FlaskClient) -> None:
    """RULES.md §11: "Stöck (K+Q of trumps): 20, always, outside the contest; none in Obenabe or Undenufe"."""
    status, page = ask(client, "/referee/melds?variant=schieber", {"contract": "spades", "forehand": "0",
                                                                   **seq(1, 0, 3, "A", "clubs"), "bela-2": "y"})
    assert status == 200, all_errors(page)
    words = text(page)
    assert "Stöck always counts: first side scores 20 for the K and Q of trumps." in words
    assert "first side: 20" in words and "second side: 20" in words
    for contract, word in (("top-down", "Obenabe"), ("bottom-up", "Undenufe")):
        status, page = ask(client, "/referee/melds?variant=schieber", {"contract": contract, "forehand": "0",
                                                                       "bela-2": "y"})
        assert status == 422
        assert beside(page, "bela") == [f"there is no Stöck in {word}: it has no trumps"]
    status, page = ask(client, "/referee/melds?variant=schieber", {"contract": "hearts", "forehand": "0",
                                                                   "bela-0": "y", "bela-3": "y"})
    assert beside(page, "bela") == ["only 1 K and Q of trumps can be held"]


def test_card_counter_in_obenabe_and_undenufe(client: FlaskClient) -> None:
    """RULES.md §11: Obenabe A 11, 10 10, 8 8, K 4, Q 3, J 2; Undenufe 6 11, 10 10, 8 8, K 4, Q 3, J 2, A 0; 152 in
    the cards in each; the last trick 5. The grid holds the sixes."""
    page = client.get("/referee/cards?variant=schieber").get_data(as_text=True)
    words = text(page)
    assert "The last trick's 5 is not included." in words
    assert "Obenabe counts A 11, 10 10, 8 8, K 4, Q 3, J 2; the rest 0." in words
    assert "Undenufe counts 6 11, 10 10, 8 8, K 4, Q 3, J 2; the rest 0." in words
    assert 'value="6H"' in page
    assert _labels(page, "contract") == ["♣ clubs", "♦ diamonds", "♥ hearts", "♠ spades", "Obenabe", "Undenufe"]
    for contract, points in (("top-down", 23), ("bottom-up", 12), ("hearts", 15)):
        status, page = ask(client, "/referee/cards?variant=schieber", {"contract": contract, "deal": "4",
                                                                       "cards-0": ["AH", "8H", "KH"]})
        assert status == 200, all_errors(page)
        assert f"First side: {points} card points in 3 cards." in text(page)
        assert f"The deck holds 152 card points: the other side took {152 - points}." in text(page)
    status, page = ask(client, "/referee/cards?variant=schieber", {"contract": "bottom-up", "deal": "4",
                                                                   "cards-0": ["6S", "6C", "AS"]})
    assert "First side: 22 card points in 3 cards." in text(page)
    status, page = ask(client, "/referee/cards?variant=schieber", {"contract": "hearts", "deal": "4",
                                                                   "cards-0": ["5H"]})
    assert beside(page, "cards-0") == ["that is not a card of the 36-card pack: tick the cards in the grid"]
    # A 32-card game: no sixes, the last trick 10, and its contracts as before.
    page = client.get("/referee/cards?variant=bela").get_data(as_text=True)
    assert 'value="6H"' not in page and "The last trick's 10 is not included." in text(page)
    assert "Obenabe" not in _labels(page, "contract")
    status, page = ask(client, "/referee/cards", {"contract": "hearts", "deal": "4", "cards-0": ["6H"]})
    assert beside(page, "cards-0") == ["that is not a card of the 32-card pack: tick the cards in the grid"]


def test_legal_play_checker_in_schieber(client: FlaskClient) -> None:
    """RULES.md §11: 36 cards; the Swiss trump order (the queen over the ten); Undenufe without trumps."""
    path = "/referee/legal-plays?variant=schieber"
    assert "Undenufe" in _labels(client.get(path).get_data(as_text=True), "contract")
    status, page = ask(client, path, {"contract": "hearts", "trick-0-seat": "0", "trick-0-card": "6H",
                                      "trick-1-seat": "3", "trick-1-card": "QH", "seat": "2", "hand": "10H KH 7C",
                                      "played": "10H"})
    assert status == 200, all_errors(page)
    words = text(page)
    assert "Trumps led: must beat the Q♥ if possible." in words and "Legal: K♥" in words
    assert "The 10♥ was not a legal play: a revoke; the challenge is upheld." in words
    status, page = ask(client, path, {"contract": "bottom-up", "trick-0-seat": "0", "trick-0-card": "6H",
                                      "seat": "3", "hand": "6S JD", "played": "6S"})
    assert status == 200, all_errors(page)
    assert "No hearts: may discard (Undenufe has no trumps)." in text(page)
    assert "The 6♠ was a legal play: no revoke; the challenge is wrong." in text(page)
    status, page = ask(client, "/referee/legal-plays", {"contract": "hearts", "seat": "0", "hand": "6S 7S",
                                                        "played": "6S"})
    assert status == 422
    typo = "is not a card of the 32-card pack: write rank then suit, like 10H, JS or AC"
    assert beside(page, "played") == [f"'6S' {typo}"]


def test_bela_4_declarations_per_player_too(client: FlaskClient) -> None:
    """RULES.md §10a: bela-4's one contest also ends, at an exact tie, with the player nearer to forehand (trumps
    give no precedence): its page takes each player's declarations as well, and rules on the tie (play goes to the
    right: after the second player come the first and the fourth)."""
    status, page = ask(client, "/referee/melds?variant=bela-4", {
        "contract": "hearts", "forehand": "1", **seq(2, 0, 3, "A", "clubs"), **seq(3, 0, 3, "A", "hearts")})
    assert status == 200, all_errors(page)
    assert ("Equal best declarations: the player nearer to forehand wins: fourth player (second side) scores 20"
            in text(page))
    assert "first side: 0" in text(page) and "second side: 20" in text(page)
