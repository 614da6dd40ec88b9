"""Claiming mid-hand without mental arithmetic. The claim form asks for the parts the rule book counts
(RULES.md §6: "declarations that count, card points of tricks taken, last trick", and bela), the engine adds
them up, and "Count, don't save" shows the sum and the verdict before anything is saved (the live preview does
the same with JavaScript). The single number stays possible."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS
from scorekeeper.rules.variants import Claims
from tests.support.api import create
from tests.support.pages import Phone, all_errors, form_data, parse_page, text


def _played(phone: Phone, game: str, players: list[str], hands: int) -> str:
    """A match of ``game`` after ``hands`` hands in which the first side took 142 + last trick 10 = 152 and the
    other 10."""
    match_id = phone.start(game, players)
    for _ in range(hands):
        status, page = phone.post(f"/m/{match_id}/hand", {"taker": "0", "card_points-0": "142",
                                                          "card_points-1": "10", "last_trick": "0"})
        assert status == 302, all_errors(page)
    return match_id


def _mike_on_456(phone: Phone) -> str:
    return _played(phone, "bela", ["Mike", "Yvonne"], 3)


def test_the_claim_form_asks_for_the_parts(phone: Phone) -> None:
    match_id = _mike_on_456(phone)
    page = phone.client.get(f"/m/{match_id}/claim").get_data(as_text=True)
    words = text(page)
    for label in ("Points won so far in this hand", "Card points of the tricks taken so far",
                  "Declarations that count", "Took the last trick (+10)", "Bela (K and Q of trumps, 20)"):
        assert label in words
    names = {n.attrs.get("name") for n in parse_page(page).walk() if n.tag == "input"}
    assert {"claim-parts-card_points", "claim-parts-declarations", "claim-parts-last_trick",
            "claim-parts-bela"} <= names
    chips = [n.all_text() for n in parse_page(page).find(**{"class": "chip"}) if n.attrs.get("data-value") != "clear"]
    assert chips == ["+20", "+50"]  # Bela's declarations, as on the hand form


@pytest.mark.parametrize("game", [name for name, rules in PRESETS.items()
                                  if rules.claims is not Claims.NONE and not rules.thanks])
@pytest.mark.parametrize("last_trick", [10, 20, 0])
def test_the_last_trick_is_worth_what_the_house_gives_it(phone: Phone, game: str, last_trick: int) -> None:
    """The part "took the last trick" says what it adds at this table: 10 by the book ("With the last trick (10)",
    RULES.md §2), or the house's own figure (option ``last-trick``); a house that gives it nothing is not asked.
    Jass's bedanken asks by kind and says 5."""
    match = create(phone.client, game, rules={"last-trick": last_trick})
    assert phone.client.get(f"/m/{match.id}/join?key={match.edit_token}").status_code == 302
    words = text(phone.client.get(f"/m/{match.id}/claim").get_data(as_text=True))
    if last_trick:
        assert f"Took the last trick (+{last_trick})" in words
        assert "card points of tricks taken, the last trick." in words  # the hint counts it
    else:
        assert "Took the last trick" not in words and "Card points of the tricks taken so far" in words
        # Nor does the hint, or what a false claim forfeits, name a trick worth nothing here.
        assert "the last trick" not in words
        assert "declarations that count and card points of tricks taken." in words


def test_count_shows_the_sum_and_the_verdict_and_saves_nothing(phone: Phone) -> None:
    match_id = _mike_on_456(phone)
    path = f"/m/{match_id}/claim"
    parts = {"mode": "claim", "claim-side": "0", "claim-parts-card_points": "12", "claim-parts-declarations": "20",
             "claim-parts-bela": "y"}
    page = phone.client.get(path).get_data(as_text=True)
    counted = phone.client.post(path, data={**form_data(page, None), **parts, "choice": "count"})
    assert counted.status_code == 200
    words = text(counted.get_data(as_text=True))
    assert "Mike: card points 12 + melds 20 + bela 20 = 52." in words
    assert "Mike claims with 52 won so far: 456 + 52 = 508, reaching 501. Good claim: Mike wins the game." in words
    assert phone.hands(match_id) == 3  # counting saved nothing
    # Short by one: the verdict says so before saving.
    short = phone.client.post(path, data={**form_data(page, None), **parts, "claim-parts-card_points": "4",
                                          "claim-parts-bela": "", "choice": "count"})
    assert "456 + 24 = 480, short of 501. False claim." in text(short.get_data(as_text=True))
    saved = phone.client.post(path, data={**form_data(counted.get_data(as_text=True), None), **parts})
    assert saved.status_code == 302
    sheet = text(phone.client.get(saved.headers["Location"]).get_data(as_text=True))
    assert "Good claim: Mike wins the game." in sheet and phone.hands(match_id) == 4


def test_the_single_number_stays_and_must_agree_with_parts_given_beside_it(phone: Phone) -> None:
    match_id = _mike_on_456(phone)
    path = f"/m/{match_id}/claim"
    page = phone.client.get(path).get_data(as_text=True)
    both = phone.client.post(path, data={**form_data(page, None), "mode": "claim", "claim-side": "0",
                                         "claim-points": "60", "claim-parts-card_points": "40"})
    assert both.status_code == 422 and phone.hands(match_id) == 3
    assert any("(60) are not what their parts add up to (40)" in m
               for m in all_errors(both.get_data(as_text=True)).get("claim-points", []))
    one = phone.client.post(path, data={**form_data(page, None), "mode": "claim", "claim-side": "0",
                                        "claim-points": "45"})
    assert one.status_code == 302 and phone.hands(match_id) == 4


def test_clobby_counts_the_claimants_declarations_from_those_made_so_far(phone: Phone) -> None:
    """Clobby's claim form already asks for the declarations and bela made so far (a false claim forfeits them):
    the parts take the claimant's from there instead of asking twice."""
    match_id = _played(phone, "clobby", ["Ana", "Marko", "Iva", "Luka"], 6)  # Ana & Iva on 912
    page = phone.client.get(f"/m/{match_id}/claim").get_data(as_text=True)
    names = {n.attrs.get("name") for n in parse_page(page).walk() if n.tag == "input"}
    assert "claim-parts-card_points" in names and "claim-parts-declarations" not in names
    counted = phone.client.post(f"/m/{match_id}/claim", data={
        **form_data(page, None), "mode": "claim", "claim-side": "0", "claim-parts-card_points": "30",
        "melds-0": "50", "bela-0": "y", "choice": "count"})
    words = text(counted.get_data(as_text=True))
    assert "Ana & Iva: card points 30 + melds 50 + bella 20 = 100." in words
    assert "912 + 100 = 1012, reaching 1001. Good claim" in words


def test_the_race_asks_what_each_side_has_won(phone: Phone) -> None:
    """RULES.md §10a, option `claims: race` (dosta): both sides add what they had won so far; the claiming side must
    reach the target and end ahead, else the claim is refused (nothing saved)."""
    match_id = phone.start("bela-4", ["Ana", "Ivo", "Marko", "Petra"], claims="race", target="301")
    status, page = phone.post(f"/m/{match_id}/hand", {"taker": "0", "card_points-0": "142", "last_trick": "0",
                                                      "melds-0": "100"})
    assert status == 302, all_errors(page)  # Ana & Marko 252, Ivo & Petra 10
    path = f"/m/{match_id}/claim"
    words = text(phone.client.get(path).get_data(as_text=True))
    assert "Ana & Marko: won so far in this hand" in words and "Ivo & Petra: won so far in this hand" in words
    assert "Points won so far in this hand" not in words and "Or give the parts" not in words
    status, page = phone.post(path, {"mode": "claim", "claim-side": "0", "claim-points-0": "40",
                                     "claim-points-1": "28"})
    assert status == 422
    refused = "⚠ Ana & Marko would have 292: a claim of the race must reach 301 and be ahead"
    assert refused in all_errors(page)["claim-points"]
    assert phone.hands(match_id) == 1
    status, page = phone.post(path, {"mode": "claim", "claim-side": "0", "claim-points-0": "60",
                                     "claim-points-1": "28"})
    assert status == 302, all_errors(page)
    sheet = text(phone.client.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Race: both sides add what they had won so far (Ana & Marko 60, Ivo & Petra 28)" in sheet
    assert "Match over: Ana & Marko win." in sheet


def test_the_sheet_counts_each_sides_baits_under_the_bolts(phone: Phone) -> None:
    """RULES.md §10d, option `bait-penalty` ("bolts"): a side's N-th bait in a game costs it P points and its count
    starts again; the scoreboard keeps the count where the table can see it."""
    match_id = phone.start("deberc", ["Oksana", "Taras"])
    status, page = phone.post(f"/m/{match_id}/hand", {"taker": "0", "card_points-0": "40", "card_points-1": "70",
                                                      "last_trick": "1"})
    assert status == 302, all_errors(page)
    assert "Baits towards" not in text(phone.client.get(f"/m/{match_id}").get_data(as_text=True))
    from scorekeeper.offline.house_rules import encode_rules

    bolts = phone.start("deberc", ["Oksana", "Taras"], extra_rules=encode_rules({"bait-penalty": [3, 100]}),
                        rules_for="deberc")
    for _ in range(2):
        status, page = phone.post(f"/m/{bolts}/hand", {"taker": "0", "card_points-0": "40", "card_points-1": "70",
                                                       "last_trick": "1"})
        assert status == 302, all_errors(page)
    sheet = text(phone.client.get(f"/m/{bolts}").get_data(as_text=True))
    assert "Baits towards a penalty of 100 (every 3): Oksana 2, Taras 0." in sheet


def test_a_belot_from_the_sheet_without_javascript(phone: Phone) -> None:
    """RULES.md §10a: a player dealt all eight cards of one suit shows them; the hand is not played and that side wins
    the game at once. The sheet offers it (and no Thrown in: the dealer must call), asks which side on a page of its
    own, and records it there."""
    match_id = phone.start("bela-4", ["Ana", "Ivo", "Marko", "Petra"])
    sheet = phone.client.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Belot" in text(sheet) and "Thrown in" not in text(sheet)
    page = phone.client.get(f"/m/{match_id}/belot").get_data(as_text=True)
    assert "Who was dealt all eight cards of one suit? That side scores 1001 and wins the game" in text(page)
    assert phone.client.get(f"/m/{phone.start('bela', ['Mike', 'Yvonne'])}/belot").status_code == 404
    status, answer = phone.post(f"/m/{match_id}/belot", {"side": "1"})
    assert status == 302, all_errors(answer)
    after = text(phone.client.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Ivo & Petra hold a belot, all eight cards of one suit" in after
    assert "Match over: Ivo & Petra win." in after
