"""The hand form's phone habits and edge cases: a draft that survives a reload or a phone call, the
first problem focused after a refused save, a trick taken without card points, Clobby's false claim with the
declarations and bella made so far, and a card counter that never moves a card silently."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import PHONE, open_hand_form
from tests.support.servers import LiveServer, match_state, start_server, stop_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One `scorekeeper serve` for the module: each test makes its own matches."""
    where = tmp_path_factory.mktemp("hand-form-habits")
    server = start_server(f"sqlite:///{where / 'web.sqlite'}", where)
    yield server
    stop_server(server)


def option(page: Page, group: str, name: str):  # noqa: ANN201 - a Playwright locator
    return page.locator(f"#group-{group} label.option", has_text=re.compile(rf"^{re.escape(name)}\b"))


def on_screen(page: Page, selector: str) -> None:
    """The element is inside the viewport and above the Save bar."""
    box = page.locator(selector).bounding_box()
    bar = page.locator("#save-bar").bounding_box()
    assert box and bar
    assert box["y"] >= 0 and box["y"] + box["height"] <= min(bar["y"], PHONE["height"]) + 0.5, (box, bar)


def test_a_draft_survives_a_reload_and_a_closed_tab_until_saved(page: Page, live: LiveServer) -> None:
    match_id, token = open_hand_form(page, live, "bela")
    option(page, "taker", "Mike").tap()
    page.keyboard.type("90")
    page.keyboard.press("Enter")
    page.keyboard.type("62")
    option(page, "last_trick", "Mike").tap()
    page.locator(".chips[data-target='melds-0']").get_by_role("button", name="+20").tap()
    page.get_by_label("Mike: bela").check()
    expect(page.locator("#save-why")).to_contain_text("If you save now: Mike +140 · Yvonne +62")

    # A reload (the phone rang, the browser dropped the page): the figures are back, and it says so.
    page.reload()
    expect(page.locator("#draft-note")).to_be_visible()
    expect(page.locator("#draft-note")).to_contain_text("Your unsaved hand is back")
    expect(page.locator("#group-taker input[value='0']")).to_be_checked()
    expect(page.get_by_label("Mike: card points")).to_have_value("90")
    expect(page.get_by_label("Yvonne: card points")).to_have_value("62")
    expect(page.locator("#group-last_trick input[value='0']")).to_be_checked()
    expect(page.get_by_label("Mike: melds")).to_have_value("20")
    expect(page.get_by_label("Mike: bela")).to_be_checked()
    expect(page.locator("#save-why")).to_contain_text("If you save now: Mike +140 · Yvonne +62")

    # The tab closed altogether and opened again from the sheet: still there.
    context = page.context
    page.close()
    page = context.new_page()
    page.goto(f"{live.url}/m/{match_id}/hand")
    expect(page.get_by_label("Yvonne: card points")).to_have_value("62")
    page.get_by_role("button", name="Save hand").tap()
    page.wait_for_url(re.compile(rf"/m/{match_id}([?#].*)?$"))
    assert match_state(live, match_id, token)["totals"] == [140, 62]

    # Saved: the next hand starts empty, and no draft of the match is left on the phone.
    page.goto(f"{live.url}/m/{match_id}/hand")
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    expect(page.get_by_label("Mike: card points")).to_have_value("")
    expect(page.locator("#draft-note")).to_be_hidden()
    drafts = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('scorekeeper:draft:'))")
    assert drafts == []


def test_a_draft_is_kept_when_another_phone_records_a_hand_meanwhile(page: Page, live: LiveServer) -> None:
    match_id, token = open_hand_form(page, live, "bela")
    option(page, "taker", "Mike").tap()
    page.keyboard.type("90")
    page.keyboard.press("Enter")
    page.keyboard.type("62")
    # Another phone records hand 1 before this one saves.
    answer = page.request.post(f"{live.url}/api/v1/matches/{match_id}/hands", headers={
        "Authorization": f"Bearer {token}"}, data={"taker": 1, "card_points": [70, 82], "last_trick": 1})
    assert answer.status == 201
    page.goto(f"{live.url}/m/{match_id}/hand")
    # The form is now hand 2's; what this phone had typed is back, and the page says the match moved on.
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    expect(page.get_by_label("Mike: card points")).to_have_value("90")
    expect(page.get_by_label("Yvonne: card points")).to_have_value("62")
    expect(page.locator("#draft-note")).to_contain_text("Another phone changed this match since")
    expect(page.locator("#draft-note")).to_contain_text("save it as hand 2")


def test_a_draft_can_be_thrown_away(page: Page, live: LiveServer) -> None:
    open_hand_form(page, live, "clobby")
    option(page, "taker", "Bob & Dan").tap()
    page.keyboard.type("100")
    page.reload()
    expect(page.get_by_label("Bob & Dan: card points")).to_have_value("100")
    page.get_by_role("button", name="Start this hand again").tap()
    expect(page.get_by_label("Bob & Dan: card points")).to_have_value("")
    expect(page.locator("#group-taker input:checked")).to_have_count(0)
    expect(page.locator("#draft-note")).to_be_hidden()


def test_a_refused_save_focuses_the_first_problem(page: Page, live: LiveServer) -> None:
    open_hand_form(page, live, "bela")
    option(page, "taker", "Mike").tap()
    page.keyboard.type("90")
    page.keyboard.press("Enter")
    page.keyboard.type("62")
    page.get_by_role("button", name="Save hand").tap()
    expect(page.get_by_role("alert")).to_have_text("Nothing was saved: see the messages beside the fields.")
    expect(page.locator("#err-last_trick")).to_have_text("⚠ say who took the last trick")
    expect(page.locator("#group-last_trick input").first).to_be_focused()
    on_screen(page, "#group-last_trick")
    # Nothing restored over what the server sent back.
    expect(page.locator("#draft-note")).to_be_hidden()

    # A problem far down the page (the revoke challenge, folded away) is opened and scrolled to.
    option(page, "last_trick", "Mike").tap()
    page.get_by_text("Revoke challenge").click()
    page.get_by_label("Challenger").select_option(label="Yvonne")
    option(page, "revoke-upheld", "upheld").tap()
    page.get_by_role("button", name="Save hand").tap()
    expect(page.locator("#err-revoke-accused")).to_have_text("⚠ say who is accused of a revoke")
    expect(page.get_by_label("Accused of a revoke")).to_be_focused()
    on_screen(page, "#revoke-accused")


def test_without_javascript_the_first_problem_has_autofocus(new_context, live: LiveServer) -> None:  # noqa: ANN001
    page = new_context(java_script_enabled=False).new_page()
    open_hand_form(page, live, "bela-3")
    option(page, "taker", "Bob").click()
    page.get_by_label("Ann: card points").fill("60")
    page.get_by_label("Bob: card points").fill("50")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#err-card_points-2")).to_contain_text("give Cy's card points")
    expect(page.get_by_label("Cy: card points")).to_have_attribute("autofocus", "")
    expect(page.locator("[autofocus]")).to_have_count(1)
    expect(page.get_by_label("Cy: card points")).to_be_focused()


def test_a_trick_without_card_points_lets_the_sides_melds_count(page: Page, live: LiveServer) -> None:
    """RULES.md §3: in Bela melds need a trick. Yvonne took only a trick of sevens and eights: no card points,
    but her twenty counts once the form says she took a trick."""
    match_id, token = open_hand_form(page, live, "bela")
    option(page, "taker", "Mike").tap()
    page.keyboard.type("130")
    page.keyboard.press("Enter")
    page.keyboard.type("0")
    option(page, "last_trick", "Mike").tap()
    page.locator(".chips[data-target='melds-1']").get_by_role("button", name="+20").tap()
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Yvonne took no trick: melds 20 do not count.")

    page.get_by_text("A side took a trick but no card points?").tap()
    page.get_by_label("Yvonne took a trick (no card points)").check()
    expect(preview).to_contain_text("Yvonne: card points 0 + melds 20 = 20.")
    expect(page.locator("#save-why")).to_have_text("If you save now: Mike +140 · Yvonne +20")
    page.get_by_role("button", name="Save hand").tap()
    page.wait_for_url(re.compile(rf"/m/{match_id}([?#].*)?$"))
    state = match_state(live, match_id, token)
    assert state["totals"] == [140, 20]
    assert state["hands"][0]["input"]["took_trick"] == [True, True]

    # Changing the hand shows the trick again, folded part open.
    page.goto(f"{live.url}/m/{match_id}/hand/1")
    expect(page.locator("#more-took_trick")).to_have_attribute("open", "")
    expect(page.get_by_label("Yvonne took a trick (no card points)")).to_be_checked()
    expect(page.get_by_label("Mike took a trick (no card points)")).not_to_be_checked()


CLOBBY_HANDS = [{"taker": 0, "card_points": [142, None], "last_trick": 0}] * 6  # Ann & Cat 6 × 152, Bob & Dan 6 × 10


def test_clobby_false_claim_forfeits_the_hand_with_melds_and_bella(page: Page, live: LiveServer) -> None:
    """RULES.md §6 (Clobby): a false claim forfeits the hand value, 162 with every declaration and bella made so
    far, to the other side. The claim form takes those."""
    match_id, token = open_hand_form(page, live, "clobby", CLOBBY_HANDS, path="claim")
    assert match_state(live, match_id, token)["totals"] == [912, 60]
    expect(page.get_by_role("heading", name="Claim the game")).to_be_visible()
    expect(page.locator("#group-melds legend")).to_contain_text("Melds declared so far")
    option(page, "claim-side", "Ann & Cat").tap()
    page.get_by_label("Points won so far in this hand").fill("40")
    page.locator(".chips[data-target='melds-1']").get_by_role("button", name="+50").tap()
    page.get_by_label("Ann & Cat: bella").check()
    expect(page.locator("#preview")).to_contain_text(
        "Ann & Cat forfeit the hand: Bob & Dan score the hand value 162 + melds 50 + bella 20 = 232.")
    page.get_by_role("button", name="Record the claim").tap()
    page.wait_for_url(re.compile(rf"/m/{match_id}([?#].*)?$"))
    state = match_state(live, match_id, token)
    assert state["totals"] == [912, 60 + 232]
    assert state["hands"][-1]["input"]["melds"] == [[], [50]]
    assert state["hands"][-1]["input"]["bela"] == [1, 0]


def test_bela_claim_form_asks_no_melds(page: Page, live: LiveServer) -> None:
    """In Bela a false claim loses the game whatever the melds: the claim form does not ask for them."""
    open_hand_form(page, live, "bela", path="claim")
    expect(page.get_by_role("heading", name="Claim the game")).to_be_visible()
    expect(page.locator("#group-melds")).to_have_count(0)
    expect(page.locator("#group-bela")).to_have_count(0)


BELA_HANDS = [{"taker": 0, "card_points": [142, 10], "last_trick": 0}] * 3  # Mike 3 × 152 = 456, Yvonne 3 × 10


def test_a_bela_claim_by_its_parts_shows_the_sum_and_the_verdict_before_saving(page: Page, live: LiveServer) -> None:
    """The claim form takes the parts RULES.md §6 counts (card points of tricks taken, declarations that
    count, bela, last trick); the engine adds them up and judges the claim as they are typed."""
    match_id, token = open_hand_form(page, live, "bela", BELA_HANDS, path="claim")
    assert match_state(live, match_id, token)["totals"] == [456, 30]
    option(page, "claim-side", "Mike").tap()
    page.get_by_label("Card points of the tricks taken so far").fill("12")
    page.locator("#group-claim-parts .chips").get_by_role("button", name="+20").tap()
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Mike: card points 12 + melds 20 = 32.")
    expect(preview).to_contain_text("456 + 32 = 488, short of 501. False claim.")
    page.get_by_text("Bela (K and Q of trumps, 20)").tap()
    expect(preview).to_contain_text("Mike: card points 12 + melds 20 + bela 20 = 52.")
    expect(preview).to_contain_text("456 + 52 = 508, reaching 501. Good claim: Mike wins the game.")
    page.get_by_role("button", name="Count, don't save").tap()  # says it again, saves nothing
    expect(preview).to_be_in_viewport()
    assert len(match_state(live, match_id, token)["hands"]) == 3
    page.get_by_role("button", name="Record the claim").tap()
    page.wait_for_url(re.compile(rf"/m/{match_id}([?#].*)?$"))
    state = match_state(live, match_id, token)
    assert state["hands"][-1]["totals"][0] == 508 and state["games_won"] == [1, 0]
    assert state["hands"][-1]["input"]["claim"]["parts"] == {"card_points": 12, "last_trick": False,
                                                            "declarations": [20], "bela": True}


def test_card_counter_totals_and_no_silent_reassignment(page: Page, live: LiveServer) -> None:
    open_hand_form(page, live, "bela")
    page.get_by_text("Card counter: tap the cards a player took").tap()
    counter = page.locator("#card-counter")
    jack = counter.get_by_role("button", name=re.compile("^J of hearts"))
    jack.tap()
    expect(counter.locator(".counter-totals")).to_have_text(re.compile(r"Mike: 2 \(1 card\)\s*Yvonne: 0 \(0 cards\)"))
    expect(page.get_by_label("Mike: card points")).to_have_value("2")

    # Yvonne's turn: the jack is Mike's, and the first tap only asks.
    counter.locator(".counter-sides label", has_text="Yvonne").tap()
    jack.tap()
    expect(page.locator("#counter-message")).to_have_text("J♥ is Mike’s: tap it again to give it to Yvonne.")
    expect(jack).to_have_attribute("data-owner-mark", "Mike")
    expect(counter.locator(".counter-totals")).to_contain_text("Mike: 2 (1 card)")
    # Another card in between forgets the question.
    counter.get_by_role("button", name=re.compile("^A of spades")).tap()
    jack.tap()
    expect(jack).to_have_attribute("data-owner-mark", "Mike")
    jack.tap()
    expect(jack).to_have_attribute("data-owner-mark", "Yvonne")
    expect(page.locator("#counter-message")).to_have_text("")
    expect(counter.locator(".counter-totals")).to_have_text(re.compile(r"Mike: 0 \(0 cards\)\s*Yvonne: 13 \(2 cards\)"))
    expect(page.get_by_label("Yvonne: card points")).to_have_value("13")
    expect(page.get_by_label("Mike: card points")).to_have_value("0")


@pytest.mark.parametrize("variant", ["bela", "belote"])
def test_enter_on_a_choice_saves_nothing_and_moves_on(page: Page, live: LiveServer, variant: str) -> None:
    """A half-typed hand is never saved by Enter on a choice button: the focus on the taker (a tap, then a keyboard's
    Enter) moves on to the taker's card points, a figure typed there stays unsaved, and the server has no hand.
    Tapping the taker already chosen puts the cursor back in their card points, the figure selected to retype."""
    match_id, token = open_hand_form(page, live, variant)
    taker = "Mike" if variant == "bela" else "Ann & Cat"
    if variant == "belote":
        option(page, "contract", "♥ hearts").tap()
    option(page, "taker", taker).tap()
    points = page.get_by_label(f"{taker}: card points")
    expect(points).to_be_focused()
    page.keyboard.type("9")
    page.locator("#group-taker input:checked").focus()
    page.keyboard.press("Enter")
    expect(points).to_be_focused()
    expect(points).to_have_value("9")
    # Enter on another choice (who took the last trick) moves on too, and saves nothing either.
    page.locator("#group-last_trick input").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#group-last_trick input").first).not_to_be_focused()
    page.wait_for_timeout(500)  # a submit, had there been one, would have left the page by now
    expect(page.get_by_role("button", name="Save hand")).to_be_visible()
    assert page.url.endswith(f"/m/{match_id}/hand"), page.url
    assert match_state(live, match_id, token)["hands"] == []

    page.locator("#group-last_trick input").first.focus()
    option(page, "taker", taker).tap()
    expect(points).to_be_focused()
    page.keyboard.type("92")
    expect(points).to_have_value("92")  # the 9 was selected: the new figure replaces it
