"""Schieber on the start page and in the rule book: two chips of their own among the games,
told apart by their short names; the rules page with Obenabe's and Undenufe's card values and orders, each
contract's multiplier, the last trick 5, every Weis and the strokes, all from the engine's values."""

from __future__ import annotations

from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS
from tests.support.pages import Element, parse_page


def page(client: FlaskClient, path: str) -> Element:
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.status)
    return parse_page(answer.get_data(as_text=True))


def test_the_start_page_offers_both_schiebers(client: FlaskClient) -> None:
    start = page(client, "/")
    chips = {next(n for n in chip.walk() if n.tag == "input").attrs["value"]: chip for chip in start.walk()
             if chip.tag == "label" and "game-chip" in chip.classes()}
    assert len(chips) == len(PRESETS)
    # Told apart by what the chip shows (its full title read out before it).
    assert chips["schieber"].text() == "Schieber, Schieber 4 players"
    assert chips["schieber-2500"].text() == "Schieber (2500), Schieber 2500 4 players"
    # Five full rows of four: the last holds Belote contrée, Baloot and both Schiebers (a two-word name may take two
    # lines there), so that no chip spans two columns.
    assert list(chips)[-4:] == ["coinche", "baloot", "schieber", "schieber-2500"]
    assert not any("span-2" in chip.classes() for chip in chips.values())


def rows(tree: Element, section: str) -> dict[str, list[str]]:
    """A rules table's rows by their first cell: the cells' texts."""
    found = tree.find(id=section)[0]
    return {cells[0]: cells[1:] for tr in found.walk() if tr.tag == "tr"
            for cells in [[n.text() for n in tr.children if n.tag in ("th", "td")]]}


def settings(tree: Element) -> dict[str, str]:
    dl = tree.find(id="settings")[0]
    terms = [n for n in dl.walk() if n.tag in ("dt", "dd")]
    return {terms[i].text(): terms[i + 1].text() for i in range(0, len(terms) - 1, 2) if terms[i].tag == "dt"}


def test_the_schieber_2500_rules_show_its_contracts_multipliers_and_weis(client: FlaskClient) -> None:
    tree = page(client, "/rules/schieber-2500")
    cards = rows(tree, "card-points")
    assert cards["Card"] == ["Trump", "Plain"] and cards["jack (J)"] == ["20", "2"]
    own = rows(tree, "contract-card-points")
    assert own["Card"] == ["Obenabe", "Undenufe"]
    assert own["jack (J)"] == ["2", "2"]
    assert own["eight (8)"] == ["8", "8"]  # the eights 8 without trumps
    assert own["six (6)"] == ["0", "11"]  # Undenufe: the six on top, 11
    assert own["ace (A)"] == ["11", "0"]  # …and the ace nothing
    orders = tree.find(id="contract-card-points")[0].text()
    assert "Trick order in Obenabe: A K Q J 10 9 8 7 6. Trick order in Undenufe: 6 7 8 9 10 J Q K A." in orders
    text = tree.find(id="card-points")[0].text()
    assert "Last trick: +5." in text
    assert "The whole deck in Obenabe: 152 card points (+5 for the last trick)." in text
    assert "all trumps" not in text
    weis = rows(tree, "melds")
    assert weis["Sequence of 9 cards"] == ["300 (300)"] and weis["Four sixes"] == ["100 (hundred)"]
    assert weis["Four jacks"] == ["200 (two hundred)"] and weis["Stöck (K and Q of trumps)"] == ["20"]
    said = settings(tree)
    assert said["Multipliers"].startswith("♣ clubs ×2, ♦ diamonds ×1, ♥ hearts ×1, ♠ spades ×2, Obenabe ×3, "
                                          "Undenufe ×3:")
    assert said["Success"] == "each side writes its own points: no taker to beat"
    assert "On a tie" not in said and "Stöck when the taker is bate" not in said
    assert said["Weis"] == ("one contest: the side with the best Weis writes all of its Weis; at equal points a "
                           "sequence beats four of a kind")
    assert said["Weis needs a trick"] == "no"
    assert said["Claims"].startswith("bedanken:") and "Stöck, then Weis, then the tricks" in said["Claims"]
    assert said["Match (every trick)"].startswith("+100") and "Kontermatch" in said["Match (every trick)"]
    assert said["Strokes"] == ("a game's winner 2, Berg (first to half the target) 1, each Match 1, each "
                               "Kontermatch 2, Schneider (the loser under half the target) 2 more")


def test_schieber_to_1000_multiplies_nothing(client: FlaskClient) -> None:
    said = settings(page(client, "/rules/schieber"))
    assert said["Multipliers"].startswith("♣ clubs ×1, ♦ diamonds ×1, ♥ hearts ×1, ♠ spades ×1, Obenabe ×1, "
                                          "Undenufe ×1:")


def test_other_games_rules_keep_their_own(client: FlaskClient) -> None:
    tree = page(client, "/rules/bela")
    assert rows(tree, "card-points")["Card"] == ["Trump", "Plain"] and not tree.find(id="contract-card-points")
    assert "Last trick: +10." in tree.text()
    said = settings(tree)
    assert "Multipliers" not in said and "Strokes" not in said and "Valat (every trick)" in said
    assert said["Success"] == "the taker must beat every defender"
