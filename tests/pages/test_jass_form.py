"""The hand form a Swiss table expects (RULES.md §11), through the test client as a browser without
JavaScript posts it. The trumps come first, as buttons with their multiplier where it is not ×1 (the engine's
``Rules.multiplier``), then who chose them; one side's points as the table counts them, the last trick in (157 in
all), the other side the rest; Weis buttons, Stöck, Match; bedanken from the sheet, each side's Stöck, Weis and
tricks so far; every problem beside its field, in the table's words."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.support.pages import all_errors, beside, form_data, parse_page, text

PLAYERS = ["Ana", "Ivo", "Marko", "Petra"]
KEYS: dict[str, str] = {}


def start(client: FlaskClient, variant: str, hands: list[dict[str, Any]] | None = None) -> str:
    """A Jass match through the API, its edit link opened on this client (the phone); its id."""
    answer = client.post("/api/v1/matches", json={"variant": variant, "players": PLAYERS})
    assert answer.status_code == 201
    body = answer.get_json()
    for hand in hands or []:
        recorded = client.post(f"/api/v1/matches/{body['id']}/hands", json=hand,
                               headers={"Authorization": f"Bearer {body['edit_token']}"})
        assert recorded.status_code == 201, recorded.get_json()
    assert client.get(f"/m/{body['id']}/join?key={body['edit_token']}").status_code == 302
    KEYS[body["id"]] = body["edit_token"]
    return str(body["id"])


def post(client: FlaskClient, path: str, fields: dict[str, Any]) -> tuple[int, str]:
    """Send the page's form with ``fields`` over what it holds (None unticks a box), as a browser would."""
    data = form_data(client.get(path).get_data(as_text=True), "#hand-form")
    data.update(fields)
    answer = client.post(path, data={k: v for k, v in data.items() if v is not None})
    return answer.status_code, answer.get_data(as_text=True)


def stored(client: FlaskClient, match_id: str) -> list[dict[str, Any]]:
    """The match's hands as the API gives them (input, points, result)."""
    answer = client.get(f"/api/v1/matches/{match_id}", headers={"Authorization": f"Bearer {KEYS[match_id]}"})
    return list(answer.get_json()["state"]["hands"])


def labels(page: str, group: str) -> list[str]:
    """The buttons of a choice as a person reads them (the sign, the word, the multiplier)."""
    root = parse_page(page).find(id=f"group-{group}")[0]
    return [node.text() for node in root.walk() if node.tag == "label"]


def test_the_trumps_come_first_as_buttons_with_their_multipliers(client: FlaskClient) -> None:
    page = client.get(f"/m/{start(client, 'schieber-2500')}/hand").get_data(as_text=True)
    assert labels(page, "contract") == ["♣ clubs ×2", "♦ diamonds", "♥ hearts", "♠ spades ×2", "Obenabe ×3",
                                        "Undenufe ×3"]
    words = text(page)
    # The trumps, then who chose them, then the points, as the Swiss scorepads lay them out.
    assert words.index("Obenabe ×3") < words.index("Chose trumps") < words.index("Points (with the last trick)")
    assert "Enter one side's: the other has the rest of 157." in words
    # The points are said once to hold the last trick: its question adds nothing to them.
    assert "Took the last trick" in words and not re.search(r"Last trick \(\+\d+\)", words)
    chips = [n.all_text() for n in parse_page(page).find(**{"class": "chip"}) if n.attrs.get("data-value") != "clear"]
    assert chips == ["+20", "+50", "+100", "+150", "+200"] * 2  # the Weis buttons, for each side
    for words_shown in ("Weis (one side only)", "Stöck (20)", "Match (+100)", "Ana & Marko: Match"):
        assert words_shown in words
    # The 1000 table counts every contract once: no multiplier on any button.
    plain = client.get(f"/m/{start(client, 'schieber')}/hand").get_data(as_text=True)
    assert labels(plain, "contract") == ["♣ clubs", "♦ diamonds", "♥ hearts", "♠ spades", "Obenabe", "Undenufe"]


def test_one_sides_points_with_the_last_trick_the_other_side_the_rest(client: FlaskClient) -> None:
    """RULES.md §11 example 31: hearts, 37 / 115 in the cards, the last trick to Ivo & Petra: 37 / 120. The table
    writes Ivo & Petra's 120 (the last trick in); Ana & Marko get the rest of 157."""
    match_id = start(client, "schieber")
    status, page = post(client, f"/m/{match_id}/hand", {"contract": "hearts", "taker": "0", "card_points-1": "120",
                                                         "last_trick": "1"})
    assert status == 302, all_errors(page)
    hand = stored(client, match_id)[0]
    assert hand["input"]["card_points"] == [None, 115] and hand["input"]["last_trick"] == 1
    assert hand["points"] == [37, 120]
    sheet = text(client.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Ivo & Petra: card points 115 + the last trick 5 = 120." in sheet
    # Changing the hand shows the figure as it was written, the last trick in.
    again = client.get(f"/m/{match_id}/hand/1").get_data(as_text=True)
    assert form_data(again, "#hand-form")["card_points-1"] == "120"


def test_the_2500_table_multiplies_everything_a_side_writes(client: FlaskClient) -> None:
    """Example 32 (Obenabe ×3: 37 / 115, last trick to side 1 → 111 / 360), and spades ×2 with Weis and Stöck: the
    multiplier applies to the cards, the last trick, the Weis and the Stöck."""
    match_id = start(client, "schieber-2500")
    status, page = post(client, f"/m/{match_id}/hand", {"contract": "top-down", "taker": "1", "card_points-0": "37",
                                                         "last_trick": "1"})
    assert status == 302, all_errors(page)
    status, page = post(client, f"/m/{match_id}/hand", {"contract": "spades", "taker": "0", "card_points-0": "85",
                                                         "last_trick": "0", "melds-0": "50", "bela-1": "y"})
    assert status == 302, all_errors(page)
    first, second = stored(client, match_id)
    assert first["points"] == [111, 360]
    assert second["input"]["card_points"] == [80, None] and second["input"]["melds"] == [[50], []]
    assert second["input"]["bela"] == [0, 1]
    assert second["points"] == [270, 184]  # (80 + 5 + 50) × 2, (72 + 20) × 2
    sheet = text(client.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Ana & Marko: card points 80 + the last trick 5 + Weis 50 = 135." in sheet
    assert "Ivo & Petra: card points 72 + Stöck 20 = 92." in sheet
    assert "The contract counts 2 times: 135 × 2 = 270, 92 × 2 = 184." in sheet


def test_a_match_needs_no_figure_and_a_kontermatch_is_said(client: FlaskClient) -> None:
    """Example 33: spades ×2, every trick to Ana & Marko: (152 + 5 + 100) × 2 = 514; a Kontermatch when the other
    side chose trumps."""
    match_id = start(client, "schieber-2500")
    status, page = post(client, f"/m/{match_id}/hand", {"contract": "spades", "taker": "0", "valat-0": "y"})
    assert status == 302, all_errors(page)
    status, page = post(client, f"/m/{match_id}/hand", {"contract": "spades", "taker": "1", "valat-0": "y",
                                                         "card_points-0": "157", "last_trick": "0"})
    assert status == 302, all_errors(page)
    match, konter = stored(client, match_id)
    assert match["input"]["card_points"] == [152, 0] and match["input"]["last_trick"] == 0
    assert match["points"] == [514, 0] and match["valat"] == 0 and not match.get("kontermatch")
    assert konter["points"] == [514, 0] and konter["kontermatch"] is True
    sheet = text(client.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Ana & Marko took every trick: Match." in sheet
    assert "Ana & Marko took every trick against the trumps chosen: Kontermatch." in sheet
    # Changing the Match shows it ticked, with the whole hand written to that side.
    again = form_data(client.get(f"/m/{match_id}/hand/1").get_data(as_text=True), "#hand-form")
    assert again["valat-0"] == "y" and "valat-1" not in again and again["card_points-0"] == "157"


def test_bad_input_is_said_beside_its_field(client: FlaskClient) -> None:
    match_id = start(client, "schieber-2500")
    path = f"/m/{match_id}/hand"
    status, page = post(client, path, {"taker": "0", "card_points-0": "80", "last_trick": "0"})
    assert status == 422
    assert beside(page, "contract") == ["choose the trumps: a suit, Obenabe or Undenufe"]
    status, page = post(client, path, {"contract": "hearts", "card_points-0": "80", "last_trick": "0"})
    assert beside(page, "taker") == ["say who chose trumps"]
    status, page = post(client, path, {"contract": "hearts", "taker": "0", "card_points-0": "160",
                                       "last_trick": "0"})
    assert beside(page, "card_points-0") == ["write 0 to 157, the last trick in; not 160"]
    status, page = post(client, path, {"contract": "hearts", "taker": "0", "card_points-0": "85",
                                       "card_points-1": "70", "last_trick": "0"})
    assert beside(page, "card_points") == ["85 + 70 = 155: the two sides' points add up to 157, the last trick in"]
    status, page = post(client, path, {"contract": "hearts", "taker": "0", "card_points-0": "3", "last_trick": "0"})
    assert beside(page, "card_points-0") == [
        "the last trick alone is 5: this side took it, so write 5 or more, not 3"]
    status, page = post(client, path, {"contract": "top-down", "taker": "0", "card_points-0": "80",
                                       "last_trick": "0", "bela-0": "y"})
    assert beside(page, "bela") == ["there is no Stöck in Obenabe: it has no trumps"]
    status, page = post(client, path, {"contract": "hearts", "taker": "0", "card_points-0": "80",
                                       "last_trick": "0", "melds-0": "20", "melds-1": "50"})
    assert beside(page, "melds")[0].startswith("only the side with the best declaration scores declarations")
    status, page = post(client, path, {"contract": "hearts", "taker": "0", "valat-0": "y", "valat-1": "y"})
    assert beside(page, "valat") == ["only one side can take every trick (a Match)"]
    status, page = post(client, path, {"contract": "hearts", "taker": "0", "valat-1": "y", "card_points-1": "90"})
    assert beside(page, "card_points") == ["a Match takes every trick: leave the points empty, or write 157 and 0"]
    assert status == 422 and stored(client, match_id) == []


def test_the_live_preview_says_a_jass_hands_points(client: FlaskClient) -> None:
    """The preview hand.js asks for as the form is filled: the engine's explanation and points, nothing saved."""
    match_id = start(client, "schieber-2500")
    data = form_data(client.get(f"/m/{match_id}/hand").get_data(as_text=True), "#hand-form")
    data.update({"contract": "top-down", "taker": "1", "card_points-0": "37", "last_trick": "1"})
    answer = client.post(f"/m/{match_id}/preview", data=data).get_json()
    assert answer["ok"] is True and answer["scores"] == [111, 360]
    assert answer["explanation"][-1] == "The contract counts 3 times: 37 × 3 = 111, 120 × 3 = 360."
    data.pop("contract")
    answer = client.post(f"/m/{match_id}/preview", data=data).get_json()
    assert answer["errors"]["contract"] == ["choose the trumps: a suit, Obenabe or Undenufe"]
    assert stored(client, match_id) == []


def _at_980_990() -> list[dict[str, Any]]:
    """Ten hands of a 1000 game that leave Ana & Marko on 980, Ivo & Petra on 990 (RULES.md §11 example 35)."""
    hands: list[dict[str, Any]] = []
    for number in range(10):
        hand: dict[str, Any] = {"taker": number % 2, "contract": "hearts", "card_points": [78, None], "last_trick": 1}
        if number in (3, 6):
            hand["melds"] = [[200], []] if number == 3 else [[], [200]]
        hands.append(hand)
    return hands


def test_bedanken_from_the_sheet_without_javascript(client: FlaskClient) -> None:
    """Example 35: on 980 / 990, Ivo & Petra thank with, so far, Ana & Marko Stöck 20 and tricks 12, Ivo & Petra
    Weis 50 and tricks 31: both have reached 1000; counted in the order Stöck, Weis, tricks, Ana & Marko got there
    first and win the game."""
    match_id = start(client, "schieber", _at_980_990())
    sheet = client.get(f"/m/{match_id}").get_data(as_text=True)
    link = next(n for n in parse_page(sheet).walk() if n.tag == "a" and n.text().startswith("Bedanken"))
    assert link.attrs["href"] == f"/m/{match_id}/claim" and "Claim the game" not in text(sheet)
    path = f"/m/{match_id}/claim"
    page = client.get(path).get_data(as_text=True)
    words = text(page)
    assert "If both sides reach 1000 in this hand, the side that got there first wins, counting Stöck, then Weis, " \
           "then tricks." in words
    # Each side's points so far, kind by kind in the counting order.
    assert words.index("Stöck (20)") < words.index("Weis so far") < words.index("Tricks so far")
    for name in ("Ana & Marko", "Ivo & Petra"):
        for kind in ("Stöck 20", "Weis so far", "tricks so far"):
            assert f"{name}: {kind}" in words
    thanks = {"mode": "claim", "claim-side": "1", "contract": "hearts", "claim-stoeck-0": "y", "claim-tricks-0": "12",
              "claim-weis-1": "50", "claim-tricks-1": "31"}
    counted = client.post(path, data={**form_data(page, None), **thanks, "choice": "count"})
    said = text(counted.get_data(as_text=True))
    assert "Ivo & Petra thank: both sides add what they have won so far (Ana & Marko 32, Ivo & Petra 81)" in said
    assert "counted in the order Stöck, Weis, tricks, Ana & Marko got there first, with Stöck" in said
    assert len(stored(client, match_id)) == 10  # counting saved nothing
    status, answer = post(client, path, thanks)
    assert status == 302, all_errors(answer)
    claim = stored(client, match_id)[-1]
    assert claim["input"]["claim"] == {"side": 1, "stoeck": [20, 0], "weis": [0, 50], "tricks": [12, 31]}
    assert claim["input"]["contract"] == "hearts" and claim["result"] == "claim"
    after = text(client.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Match over: Ana & Marko win." in after


def test_bedanken_multiplies_and_says_what_is_wrong_beside_its_field(client: FlaskClient) -> None:
    """On the 2500 table the contract's multiplier counts; a short claim loses the game; bad figures are named."""
    match_id = start(client, "schieber-2500")
    path = f"/m/{match_id}/claim"
    status, page = post(client, path, {"mode": "claim", "claim-tricks-0": "40"})
    assert status == 422
    assert beside(page, "claim-side") == ["say who thanks"]
    assert beside(page, "contract") == ["choose the trumps: a suit, Obenabe or Undenufe"]
    status, page = post(client, path, {"mode": "claim", "claim-side": "0", "contract": "top-down",
                                       "claim-stoeck-0": "y", "claim-weis-0": "50", "claim-weis-1": "20",
                                       "claim-tricks-1": "200"})
    assert status == 422
    errors = all_errors(page)
    assert "⚠ the tricks hold 157 points at most, not 200" in errors["claim-tricks-1"]
    assert "⚠ only the side with the best Weis writes Weis: give it to one side" in errors["claim-weis"]
    status, page = post(client, path, {"mode": "claim", "claim-side": "0", "contract": "top-down",
                                       "claim-stoeck-0": "y", "claim-tricks-0": "40"})
    assert status == 422
    assert beside(page, "claim-stoeck") == ["there is no Stöck in Obenabe: it has no trumps"]
    status, page = post(client, path, {"mode": "claim", "claim-side": "0", "contract": "spades",
                                       "claim-weis-0": "50", "claim-tricks-0": "40", "claim-tricks-1": "12"})
    assert status == 302, all_errors(page)
    claim = stored(client, match_id)[-1]
    assert claim["result"] == "false-claim" and claim["points"] == [180, 24]  # (50 + 40) × 2, 12 × 2
    assert "Match over: Ivo & Petra win." in text(client.get(f"/m/{match_id}").get_data(as_text=True))
