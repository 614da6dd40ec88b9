"""One screen per ordinary hand: at 390×844, for one game of each hand form (``form_shapes``), every field of an
ordinary hand and the Save button are on the first screen; an ordinary hand takes taker, last trick, Save (and the
contract where the game needs one) plus the digits, as docs/performance.md counts them; the Save bar says what is
still missing."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.offline.hand_fields import counted_with_last_trick, hand_fields
from scorekeeper.rules import PRESETS
from tests.support.api import TABLE
from tests.support.browser import ARTIFACTS, PHONE, open_hand_form
from tests.support.servers import LiveServer, match_state, start_server, stop_server

pytestmark = pytest.mark.browser

MOST_TAPS = 4
"""The issue's target: taker, last trick, Save, and the contract where the game needs one."""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One `scorekeeper serve` for the module: each test makes its own matches."""
    where = tmp_path_factory.mktemp("hand-form-screen")
    server = start_server(f"sqlite:///{where / 'web.sqlite'}", where)
    yield server
    stop_server(server)


def side_names(variant: str) -> list[str]:
    players = TABLE[PRESETS[variant].players]
    return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"] if len(players) == 4 else players


def words(variant: str) -> tuple[str, str]:
    """How the form names a side's figure and its declarations: a Swiss pad (Jass), Belote contrée's and Baloot's ask
    the points as the table counts them, the last trick in; Jass says Weis."""
    rules = PRESETS[variant]
    points = "points" if counted_with_last_trick(rules) else "card points"
    return points, "Weis" if rules.success.value == "each-own" else "melds"


def asks_last_trick(variant: str) -> bool:
    """Whether the form asks who took the last trick: not where the table's figures hold it and its scoring does
    not need it (Belote contrée, Baloot)."""
    return any(field.name == "last_trick" for field in hand_fields(PRESETS[variant]))


def form_shapes() -> list[str]:
    """One game of each hand form that differs (its players, its fields and their choices, as the engine declares
    them): the screen and the taps of the others are the same. Every game's fields are checked through the test
    client (tests/pages/test_hand_form_fields.py)."""
    shapes: dict[object, str] = {}
    for name, rules in PRESETS.items():
        shape = (rules.players, tuple((f.name, f.kind, f.choices) for f in hand_fields(rules)))
        shapes.setdefault(shape, name)
    return list(shapes.values())


def ordinary_fields(page: Page, variant: str) -> dict[str, Locator]:
    """Every control of an ordinary hand, by what a person would call it."""
    rules, names = PRESETS[variant], side_names(variant)
    points, melds = words(variant)
    fields: dict[str, Locator] = {}
    for group in ("taker", "bid", "contract", "double", "last_trick", "valat"):
        options = page.locator(f"#group-{group} label.option")
        for i in range(options.count()):
            fields[f"{group}: {options.nth(i).inner_text().strip()}"] = options.nth(i)
    for i, name in enumerate(names):
        fields[f"{name}: {points}"] = page.get_by_label(f"{name}: {points}")
        fields[f"{name}: {melds}"] = page.get_by_label(f"{name}: {melds}")
        chips = page.locator(f".chips[data-target='melds-{i}'] .chip")
        for c in range(chips.count()):
            fields[f"{name}: chip {chips.nth(c).inner_text()}"] = chips.nth(c)
        if "all-trumps" in [c.value for c in rules.contracts]:  # up to 4 in all-trumps: a count to choose
            fields[f"{name}: {rules.bela_word}"] = page.locator(f"select#bela-{i}")
        else:  # a toggle: the whole label is the target
            fields[f"{name}: {rules.bela_word}"] = page.locator(f"#group-bela label[for='bela-{i}']")
    return fields


@pytest.mark.parametrize("variant", form_shapes())
def test_an_ordinary_hand_fits_the_first_screen(page: Page, live: LiveServer, variant: str) -> None:
    open_hand_form(page, live, variant)
    why = page.locator("#save-why")
    # The bar has its full height once it speaks (a Swiss pad asks the trumps first).
    expect(why).to_have_text("Choose the trumps: a suit, Obenabe or Undenufe" if words(variant)[1] == "Weis"
                             else "Say who the taker is")
    assert page.evaluate("window.scrollY") == 0
    bar = page.locator("#save-bar").bounding_box()
    save = page.get_by_role("button", name="Save hand").bounding_box()
    assert bar and save
    assert save["y"] >= 0 and save["y"] + save["height"] <= PHONE["height"], save
    fields = ordinary_fields(page, variant)
    assert len(fields) >= 10
    for what, locator in fields.items():
        box = locator.bounding_box()
        assert box is not None, f"{variant}: {what} is not shown"
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"] + 0.5, (
            f"{variant}: {what} at {box}, the Save bar at {bar['y']}")
        assert box["height"] >= 44 - 0.5, f"{variant}: {what} is {box['height']} px high, under a 44 px touch target"
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"{variant}: {what} sticks out: {box}"
    # The rarer parts wait folded below: the card counter, a trick without card points, the revoke challenge.
    for folded in page.locator("details").all():
        if folded.is_visible():
            assert folded.get_attribute("open") is None
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"hand-form-{variant}.png"))


# An ordinary hand: the taker's side first (its figure), the others' figures where the game needs every side's
# (one in four-handed play: the rest of the pack is the partners'); the last trick to the taker.
ORDINARY = {2: ["90", "61"], 3: ["60", "50", "42"], 4: ["90"]}




class Phone:
    """Counts what a person does: a tap on any control (tapping into a text field too), a key on the keyboard."""

    def __init__(self, page: Page) -> None:
        self.page, self.taps, self.keys, self.tapped = page, 0, 0, []

    def tap(self, locator: Locator, what: str) -> None:
        locator.tap()
        self.taps += 1
        self.tapped.append(what)

    def type(self, digits: str) -> None:
        for key in digits:
            self.page.keyboard.press(key)
            self.keys += 1

    def enter(self) -> None:
        self.page.keyboard.press("Enter")
        self.keys += 1


@pytest.mark.parametrize("variant", form_shapes())
def test_an_ordinary_hand_in_four_taps_plus_the_digits(page: Page, live: LiveServer, variant: str) -> None:
    rules, names = PRESETS[variant], side_names(variant)
    match_id, token = open_hand_form(page, live, variant)
    phone = Phone(page)
    figures = ORDINARY[rules.players]
    phone.tap(page.locator("#group-taker label.option").nth(0), f"taker {names[0]}")
    if rules.bids:
        phone.tap(page.locator("#group-bid label.option").nth(0), "bid 80")
    if rules.contract_required:
        phone.tap(page.locator("#group-contract label.option", has_text="hearts"), "contract ♥")
    # The taker's figure is typed where the cursor already is; Enter goes on to the next side's.
    for i, digits in enumerate(figures):
        expect(page.get_by_label(f"{names[i]}: {words(variant)[0]}")).to_be_focused()
        phone.type(digits)
        if i + 1 < len(figures):
            phone.enter()
    if asks_last_trick(variant):
        phone.tap(page.locator("#group-last_trick label.option").nth(0), f"last trick {names[0]}")
    expect(page.locator("#save-why")).to_contain_text("If you save now:")
    phone.tap(page.get_by_role("button", name="Save hand"), "Save")
    page.wait_for_url(re.compile(rf"/m/{match_id}([?#].*)?$"))

    state = match_state(live, match_id, token)
    assert len(state["hands"]) == 1
    stored = state["hands"][0]["input"]
    assert stored["taker"] == 0 and stored["last_trick"] == 0
    # A Swiss pad's figure holds the last trick (the taker's here); the engine keeps the cards alone.
    last = rules.last_trick if words(variant)[0] == "points" else 0
    expected = [int(f) - (last if i == 0 else 0) for i, f in enumerate(figures)]
    assert [c for c in stored["card_points"] if c is not None] == expected
    digits = sum(len(f) for f in figures)
    assert phone.taps <= MOST_TAPS, phone.tapped
    assert phone.keys - digits == len(figures) - 1  # one Enter between figures, nothing else
    # Taker, last trick, Save, and the contract where the game needs one: what docs/performance.md counts (a game
    # with bids taps its bid; a pad whose figures hold the last trick does not ask it).
    assert phone.taps == 2 + rules.contract_required + rules.bids + asks_last_trick(variant), phone.tapped


def test_save_bar_says_what_is_missing_in_the_tables_words(page: Page, live: LiveServer) -> None:
    """With JavaScript the Save bar names the first missing field, in the engine's words through the preview."""
    open_hand_form(page, live, "bela")
    why = page.locator("#save-why")
    expect(why).to_have_text("Say who the taker is")
    page.locator("#group-taker label.option", has_text="Mike").tap()
    expect(why).to_have_text("Give the card points each side took")
    page.keyboard.type("90")
    expect(why).to_contain_text("Give Yvonne's card points")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Yvonne: card points")).to_be_focused()
    page.keyboard.type("1")
    expect(why).to_have_text("Yvonne: 1 card points cannot be made from real cards")
    page.keyboard.type("2")
    expect(why).to_have_text("Say who took the last trick")
    page.locator("#group-last_trick label.option", has_text="Mike").tap()
    expect(why).to_have_text("If you save now: Mike +100 · Yvonne +12")
    # Enter in a figure never saves half a hand: it only closes the keyboard.
    page.get_by_label("Yvonne: card points").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    assert "/hand" in page.url


def test_belote_contract_first_then_the_taker_still_lands_in_the_figure(page: Page, live: LiveServer) -> None:
    open_hand_form(page, live, "belote")
    page.locator("#group-contract label.option", has_text="spades").tap()
    expect(page.get_by_label("Ann & Cat: card points")).not_to_be_focused()
    page.locator("#group-taker label.option", has_text="Bob & Dan").tap()
    expect(page.get_by_label("Bob & Dan: card points")).to_be_focused()
    page.keyboard.type("100")
    expect(page.get_by_label("Ann & Cat: card points")).to_have_attribute("placeholder", "rest: 52")
    expect(page.get_by_label("Bob & Dan: card points")).to_have_attribute("enterkeyhint", "done")


def test_the_score_line_names_the_sides_and_the_pot(page: Page, live: LiveServer) -> None:
    """The scoreboard on the hand form is one line: names and totals (the pot and a side that must still claim
    only when there is one)."""
    hands = [{"taker": 0, "contract": "hearts", "card_points": [71, None], "last_trick": 0}]  # hanging: pot 8
    open_hand_form(page, live, "belote", hands)
    line = page.locator(".scoreboard.compact")
    expect(line.locator(".line").first).to_have_text("Ann & Cat 0 · Bob & Dan 8")
    expect(line).to_contain_text("Pot 8 waiting for the next winner.")
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    for word in ("Side 1", "Side 2", "side 0", "side 1"):
        expect(page.locator("main")).not_to_contain_text(word)


def test_bela_three_handed_has_no_fourth_seat_and_bela_has_no_squares(page: Page, live: LiveServer) -> None:
    """The choices match the game: three names in Bela three-handed, the engine's meld values as chips."""
    open_hand_form(page, live, "bela-3")
    expect(page.locator("#group-taker label.option")).to_have_text(["Ann", "Bob", "Cy"])
    expect(page.locator(".chips[data-target='melds-0'] .chip")).to_have_text(["+20", "+50", "✕"])
    open_hand_form(page, live, "zensa")
    expect(page.locator(".chips[data-target='melds-0'] .chip")).to_have_text(["+20", "+50", "+100", "+200", "✕"])
    chip_values = [c.get_attribute("data-value") for c in page.locator(".chips[data-target='melds-1'] .chip").all()]
    assert chip_values == ["20", "50", "100", "200", "clear"]
