"""Start in seconds: the start page's compact choice, "Play again", a club's house rules remembered,
a house-rules link and its QR code, read through the test client as a browser without JavaScript would."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.forms import decode_rules, encode_rules, house_overrides
from scorekeeper.rules import PRESETS, make_rules
from tests.support.pages import form_data, parse_page
from tests.support.qr import decode, rasterize, require_decoder


def words(html: str) -> str:
    return parse_page(html).text()


def start(client: FlaskClient, path: str = "/", **changes: Any) -> tuple[str, dict[str, Any]]:
    """Open the start page at ``path``, change some fields as a person would, post it: (new match id, form sent)."""
    page = client.get(path, follow_redirects=True)
    assert page.status_code == 200
    data = form_data(page.get_data(as_text=True))
    data.update(changes)
    answer = client.post("/", data=data)
    assert answer.status_code == 302, words(answer.get_data(as_text=True))
    return answer.headers["Location"].rsplit("/", 1)[1], data


def match_rules(app: Flask, match_id: str) -> dict[str, Any]:
    from scorekeeper import services

    with app.app_context():
        match = services.find_match(match_id)
        return {"variant": match.variant, "rules": dict(match.rules), "players": list(match.players),
                "first_dealer": match.first_dealer, "club": match.club_id, "view_token": match.view_token,
                "dealer": services.state_of(match)["dealer"]}


# ------------------------------------------------------------------------------------------------ the link's text


@pytest.mark.parametrize("variant", list(PRESETS))
def test_house_rules_survive_the_link_for_every_game(variant: str) -> None:
    """Overrides → link text → overrides again make the very same rules; a preset's own rules make no text."""
    preset = PRESETS[variant]
    changes: dict[str, Any] = {"target": (preset.target or 1000) + 99, "deal-limit": 9, "best-of": 3,
                               "melds": "each-side",
                               "meld-values": {**preset.meld_values, next(iter(preset.meld_values)): 30}}
    if preset.success.value == "beat-each":
        changes["tie"] = "hold-all"
    rules = make_rules(variant, changes)
    overrides = house_overrides(variant, rules.as_dict())
    assert overrides and house_overrides(variant, preset.as_dict()) == {}
    text = encode_rules(overrides)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", text)  # safe in a URL and a QR code as it is
    assert make_rules(variant, decode_rules(text)) == rules
    for damaged in ("", "%%%", text[:-3], "bm90IGpzb24", encode_rules({}) + "x"):
        decoded = decode_rules(damaged)
        assert decoded is None or decoded == {} or isinstance(decoded, dict)


# ------------------------------------------------------------------------------------------------ the page


def test_start_page_offers_short_names_and_the_chosen_games_description(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    tree = parse_page(page)
    chips = [n for n in tree.walk() if n.tag == "label" and "game-chip" in n.attrs.get("class", "")]
    assert len(chips) == len(PRESETS)
    # The full title is the radio's name for a screen reader; the chip shows the short name and the players.
    assert [c.text() for c in chips][:2] == ["Bela (two-handed), Bela 2 players", "Bela (three-handed), Bela 3 players"]
    description = next(n for n in tree.walk() if n.attrs.get("id") == "game-desc").text()
    assert description.startswith("Bela (two-handed): " + PRESETS["bela"].description)
    # No game's long house rules on the page: they are one tap away on the rules page.
    assert "Melds:" not in words(page) and 'data-rules="/rules/belote"' in page
    assert "House rules: as the game says" in words(page)
    assert "Seat 1" in words(page)  # the dealer choices without a script: "Seat 1" … (the script shows names)


def test_a_wrong_first_dealer_is_said_in_words(client: FlaskClient) -> None:
    data = form_data(client.get("/").get_data(as_text=True))
    data.update(variant="bela", player_0="Mike", player_1="Yvonne", first_dealer="3")
    answer = client.post("/", data=data)
    assert answer.status_code == 200
    assert "choose the first dealer among the game's players" in words(answer.get_data(as_text=True))
    assert "seat from 0" not in answer.get_data(as_text=True)


def test_house_rules_link_prefills_exactly_those_rules(app: Flask, client: FlaskClient) -> None:
    overrides = {"target": 1500, "tie": "hold-all", "false-claim": "forfeits-hand", "claims": "any-time",
                 "claim-window": 3}
    link = f"/?variant=bela&rules={encode_rules(overrides)}"
    page = client.get(link).get_data(as_text=True)
    shown = form_data(page)
    assert shown["variant"] == "bela" and shown["target"] == "1500" and shown["tie"] == "hold-all"
    assert shown["claims"] == "window-3"  # the claims choice that sets the same three options
    text = words(page)
    assert "House rules: target 1500 · on a tie: whole hand held over · claims: claims only within the first 3 " \
           "tricks · 1 more agreed (from the house-rules link)" in text
    assert "Also agreed for Bela (two-handed)" in text and "a false claim forfeits the hand value" in text
    match_id, _ = start(client, link, player_0="Ann", player_1="Bob")
    made = match_rules(app, match_id)
    assert make_rules("bela", house_overrides("bela", made["rules"])) == make_rules("bela", overrides)
    # Changing a field on the page changes that rule only; the rest still come from the link.
    match_id, _ = start(client, link, player_0="Ann", player_1="Bob", target="900", claims="none")
    made = match_rules(app, match_id)["rules"]
    assert made["target"] == 900 and made["claims"] == "none" and made["false-claim"] == "forfeits-hand"
    assert made["tie"] == "hold-all"


def test_extra_rules_of_one_game_do_not_follow_to_another(app: Flask, client: FlaskClient) -> None:
    link = f"/?variant=bela&rules={encode_rules({'false-claim': 'forfeits-hand'})}"
    match_id, _ = start(client, link, variant="klaberjass", player_0="Mike", player_1="Yvonne")
    assert house_overrides("klaberjass", match_rules(app, match_id)["rules"]) == {}


def test_a_damaged_link_says_so_and_starts_with_the_games_rules(app: Flask, client: FlaskClient) -> None:
    page = client.get("/?variant=bela&rules=eyJ0YXJnZXQiOiAi").get_data(as_text=True)
    assert "This house-rules link could not be read" in words(page)
    assert form_data(page)["target"] == ""
    page = client.get(f"/?variant=bela&rules={encode_rules({'target': 'many'})}").get_data(as_text=True)
    assert "This house-rules link could not be read" in words(page)
    # A hidden field changed by hand is refused beside the house rules, and nothing is made.
    data = form_data(client.get("/").get_data(as_text=True))
    data.update(player_0="Mike", player_1="Yvonne", extra_rules="bm9wZQ", rules_for="bela")
    answer = client.post("/", data=data)
    assert answer.status_code == 200
    assert "the house rules from the link could not be read" in words(answer.get_data(as_text=True))


# ------------------------------------------------------------------------------------------------ play again


def finish_klaberjass(client: FlaskClient, target: str = "100") -> str:
    match_id, _ = start(client, variant="klaberjass", player_0="Mike", player_1="Yvonne", first_dealer="1",
                        target=target, tie="hold-all")
    page = client.get(f"/m/{match_id}/hand").get_data(as_text=True)
    data = form_data(page, "#hand-form")
    data.update({"taker": "0", "card_points-0": "100", "card_points-1": "52", "last_trick": "0"})
    answer = client.post(f"/m/{match_id}/hand", data=data)
    assert answer.status_code == 302, words(answer.get_data(as_text=True))
    return match_id


def test_play_again_starts_the_same_players_and_house_rules(app: Flask, client: FlaskClient) -> None:
    first = finish_klaberjass(client)
    before = match_rules(app, first)
    board = client.get(f"/board/{before['view_token']}").get_data(as_text=True)
    assert "Match over: Mike wins." in words(board)
    again = next(n for n in parse_page(board).walk() if n.tag == "a" and n.text().startswith("Play again"))
    assert again.attrs["href"] == f"/board/{before['view_token']}/again"
    for path in (again.attrs["href"], f"/m/{first}/again"):
        answer = client.get(path)
        assert answer.status_code == 302
        query = parse_qs(urlsplit(answer.headers["Location"]).query)
        assert query["variant"] == ["klaberjass"] and query["player"] == ["Mike", "Yvonne"]
        page = client.get(answer.headers["Location"]).get_data(as_text=True)
        shown = form_data(page)
        assert (shown["player_0"], shown["player_1"], shown["target"], shown["tie"]) == ("Mike", "Yvonne", "100",
                                                                                       "hold-all")
        # The deal passes on: whoever would deal next deals first.
        assert shown["first_dealer"] == str(before["dealer"]) and before["first_dealer"] == 1
    second, _ = start(client, f"/m/{first}/again")
    after = match_rules(app, second)
    assert after["players"] == ["Mike", "Yvonne"] and after["rules"] == before["rules"] and second != first
    # The scorer's own route needs this phone's key; the board's works for anyone with the board link.
    stranger = app.test_client()
    assert stranger.get(f"/m/{first}/again").status_code == 403
    assert stranger.get(f"/board/{before['view_token']}/again").status_code == 302


def test_play_again_on_the_sheet_starts_the_next_match_at_once(app: Flask, client: FlaskClient) -> None:
    """The "Play again" button on the scorer's sheet starts the next match (one tap, no start form to fill and
    send); a second tap or a retry is the same match; "Change players" opens the start page filled in."""
    first = finish_klaberjass(client)
    before = match_rules(app, first)
    sheet = client.get(f"/m/{first}").get_data(as_text=True)
    assert "Match over: Mike wins." in words(sheet)
    change = next(n for n in parse_page(sheet).walk() if n.tag == "a" and n.text() == "Change players")
    assert change.attrs["href"] == f"/m/{first}/again"
    data = form_data(sheet, f"/m/{first}/again")
    answer = client.post(f"/m/{first}/again", data=data)
    assert answer.status_code == 302
    second = answer.headers["Location"].rsplit("/", 1)[1]
    after = match_rules(app, second)
    assert second != first and after["players"] == ["Mike", "Yvonne"] and after["rules"] == before["rules"]
    assert after["first_dealer"] == before["dealer"]  # the deal passes on
    page = client.get(f"/m/{second}").get_data(as_text=True)
    assert "Record hand 1" in words(page)
    # The same tap again (the answer was lost, or a second tap): the same new match, not a third.
    assert client.post(f"/m/{first}/again", data=data).headers["Location"].endswith(f"/m/{second}")
    assert app.test_client().post(f"/m/{first}/again", data=data).status_code in (400, 403)


# ------------------------------------------------------------------------------------------------ clubs


def new_club(client: FlaskClient, name: str = "The Miners Arms") -> str:
    page = client.get("/clubs/new").get_data(as_text=True)
    data = form_data(page, "/clubs/new")
    data.update(name=name, players="Mike\nYvonne")
    answer = client.post("/clubs/new", data=data)
    assert answer.status_code == 302
    return answer.headers["Location"].rsplit("/", 1)[1]


def test_a_clubs_house_rules_are_remembered_for_its_next_match(app: Flask, client: FlaskClient) -> None:
    club_id = new_club(client)
    fresh = form_data(client.get(f"/?club={club_id}").get_data(as_text=True))
    assert fresh["variant"] == "bela" and fresh["target"] == ""  # nothing played yet: the game's own rules
    start(client, f"/?club={club_id}", variant="bela", player_0="Mike", player_1="Yvonne", target="701",
          tie="hold-all")
    page = client.get(f"/?club={club_id}").get_data(as_text=True)
    shown = form_data(page)
    assert (shown["club"], shown["variant"], shown["target"], shown["tie"]) == (club_id, "bela", "701", "hold-all")
    assert "(as The Miners Arms last played Bela (two-handed))" in words(page)
    # Another game played later comes first; each game keeps its own (the page's script swaps them).
    start(client, f"/?club={club_id}", variant="klaberjass", player_0="Mike", player_1="Yvonne", target="",
          tie="", best_of="3")
    page = client.get(f"/?club={club_id}").get_data(as_text=True)
    shown = form_data(page)
    assert (shown["variant"], shown["target"], shown["best_of"]) == ("klaberjass", "", "3")
    memory = re.search(r'<script type="application/json" id="house-memory">(.*?)</script>', page, re.S)
    assert memory is not None
    remembered = json.loads(memory.group(1))
    assert remembered["bela"]["fields"]["target"] == "701" and remembered["klaberjass"]["fields"]["best_of"] == "3"
    # The club page says what its next matches start with.
    club_page = words(client.get(f"/clubs/{club_id}").get_data(as_text=True))
    assert "House rules remembered: Klaberjass with 1 change, and 1 more game" in club_page
    assert "Bela (two-handed): A game is won at 701." in club_page
    # Without the club, the phone's start page stays plain.
    assert form_data(client.get("/?club=").get_data(as_text=True))["target"] == ""


# ------------------------------------------------------------------------------------------------ rules link + QR


def test_match_rules_page_offers_a_link_and_qr_that_start_with_these_rules(app: Flask, client: FlaskClient,
                                                                          tmp_path: Path) -> None:
    match_id, _ = start(client, variant="belote", player_0="Ann", player_1="Bob", player_2="Cat", player_3="Dan",
                        target="201", melds="each-side")
    page = client.get(f"/m/{match_id}/rules").get_data(as_text=True)
    text = words(page)
    assert "Start a match with these rules" in text
    assert "Ann & Cat against Bob & Dan" in text and "seats 1 and 3" not in text
    link = next(n for n in parse_page(page).walk() if n.tag == "a" and n.text() == "Start a match with these rules")
    href = link.attrs["href"]
    svg = re.search(r'<figure class="qr-box">(.*?)</figure>', page, re.S)
    assert svg is not None
    require_decoder()
    assert decode(rasterize(svg.group(1), tmp_path / "rules.pgm")) == [href]
    parts = urlsplit(href)
    shown = form_data(client.get(f"{parts.path}?{parts.query}").get_data(as_text=True))
    assert (shown["variant"], shown["target"], shown["melds"]) == ("belote", "201", "each-side")
    assert all(shown[f"player_{i}"] == "" for i in range(4))
    # The board's rules page (for watchers) offers the same.
    view_token = match_rules(app, match_id)["view_token"]
    watchers = parse_page(client.get(f"/board/{view_token}/rules").get_data(as_text=True))
    assert href in [n.attrs.get("href") for n in watchers.walk() if n.tag == "a"]
    # A game's own rules page starts a match of that game.
    assert 'href="/?variant=zensa"' in client.get("/rules/zensa").get_data(as_text=True)
