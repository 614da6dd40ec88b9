"""Belote contrée's and Baloot's hand forms through the test client, as a browser without JavaScript posts them: the
bid, coinche, the points with the last trick in, the projects and gahwa saved as the engine's hand; what is missing
or wrong said beside its field in the table's words, nothing saved; a stored hand shown again to be changed."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.pages.test_hand_form_fields import post, start, stored_input
from tests.support.pages import form_data, parse_page


def test_a_coinche_hand_is_saved_from_the_form(client: FlaskClient) -> None:
    """RULES.md §12.43: 120 in hearts coinched, the bidder 130 with the last trick: 500 / 0."""
    match_id = start(client, "coinche")
    status, _ = post(client, f"/m/{match_id}/hand", {"taker": "0", "bid": "120", "contract": "hearts", "double": "1",
                                                     "card_points-0": "130"})
    assert status == 302
    assert stored_input(client, match_id, 1) == {"taker": 0, "bid": 120, "contract": "hearts", "double": 1,
                                                 "card_points": [120, None], "last_trick": 0}
    sheet = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Coinched: 250 × 2 = 500." in sheet
    # Changed in place: the form shows the figure as it was typed, the last trick in.
    data = form_data(client.get(f"/m/{match_id}/hand/1").get_data(as_text=True), "#hand-form")
    assert (data["bid"], data["double"], data["card_points-0"]) == ("120", "1", "130")
    status, _ = post(client, f"/m/{match_id}/hand/1", {"bid": "capot", "double": "0", "card_points-0": "162"})
    assert status == 302
    assert stored_input(client, match_id, 1)["bid"] == "capot"


def test_a_coinche_hand_without_a_bid_says_so_and_saves_nothing(client: FlaskClient) -> None:
    match_id = start(client, "coinche")
    status, html = post(client, f"/m/{match_id}/hand", {"taker": "0", "contract": "hearts", "card_points-0": "130"})
    assert status == 422
    page = parse_page(html)
    assert "choose the bid: 80 to 160, or capot" in page.find(id="err-bid")[0].all_text()
    status, html = post(client, f"/m/{match_id}/hand", {"taker": "0", "bid": "120", "contract": "hearts",
                                                        "card_points-0": "170"})
    assert status == 422
    assert "write 0 to 162, the last trick in; not 170" in parse_page(html).find(id="err-card_points-0")[0].all_text()
    state = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Record hand 1" in state


def test_a_baloot_hand_with_a_project_and_gahwa_is_saved_from_the_form(client: FlaskClient) -> None:
    """RULES.md §13.52 and §13.60: Hokum, the buyer 100 with a fifty, gahwa: 15 / 6, and the game is won."""
    match_id = start(client, "baloot")
    status, _ = post(client, f"/m/{match_id}/hand", {"taker": "0", "contract": "hearts", "card_points-0": "100",
                                                     "melds-0": "50", "gahwa": "y"})
    assert status == 302
    assert stored_input(client, match_id, 1) == {"taker": 0, "contract": "hearts", "card_points": [90, None],
                                                 "last_trick": 0, "melds": [[50], []], "gahwa": True}
    sheet = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert "win the hand, so win the game." in sheet and "Match over" in sheet
    assert 'href="/m/' + match_id + '/hand"' not in sheet  # no hand after the game is won


def test_a_baloot_sun_hand_with_baloot_is_refused_beside_its_field(client: FlaskClient) -> None:
    """RULES.md §13: baloot is Hokum's; Sun has 130 raw points."""
    match_id = start(client, "baloot")
    status, html = post(client, f"/m/{match_id}/hand", {"taker": "0", "contract": "no-trumps", "card_points-0": "80",
                                                        "bela-0": "y"})
    assert status == 422
    assert "there is no baloot in no-trumps" in parse_page(html).all_text()
    status, html = post(client, f"/m/{match_id}/hand", {"taker": "0", "contract": "no-trumps", "card_points-0": "140"})
    assert status == 422
    assert "write 0 to 130, the last trick in; not 140" in parse_page(html).all_text()
