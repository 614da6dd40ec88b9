"""The table's words on every page of a match: a match of each game with a made hand, a bate hand,
a tie (hanging), a revoke ruling, a thrown-in hand, a voided hand, a disputed hand and, where the game has
claims, a claim; then every page of it is read as a person reads it (tags, scripts and attributes stripped)
and must not say "side 0/1/2", a bare seat number, or a result code standing alone ("bate" as a whole cell),
nor run two sentences together ("claim.A false claim").

Each failure lists every page and every phrase at fault, one test per game and group of pages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS, Rules, variants
from scorekeeper.rules.variants import Revoke
from tests.support.app import SharedApps
from tests.support.pages import form_data, parse_page

API = "/api/v1"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
RESULT_CODES = {"made", "bate", "tie", "false-claim", "thrown-in", "revoke", "hanging", "bait", "inside", "outside"}
"""Words that must not stand alone as the whole text of an element: a result code without a name or a sentence."""
SIDE_NUMBER = re.compile(r"\bsides? ?#?[0-9]\b", re.I)
SEAT_NUMBER = re.compile(r"\b(?:seats?|player|position) ?#?[0-9]\b", re.I)
SOURCE = re.compile(r"\bseed 0\d\d\b|\bseed 0\d\d's\b|\bRULES\.md\b|§ ?\d", re.I)
"""Where a rule came from ("seed 001's Belote tournaments", "RULES.md §9"): a page says what an option does, never
its source."""
TRIM = " ·:;,.()[]—–-✓▸▾⚑*"
_CODED = (variants.Success, variants.Tie, variants.Claims, variants.FalseClaim, variants.Revoke, variants.SequenceTie,
          variants.BelaOnBate, variants.Melds, variants.Deal)
_CODES = sorted({re.escape(value) for kind in _CODED for value in kind if "-" in value}
                | {re.escape(key) for key in PRESETS["bela"].as_dict() if "-" in key}, key=len, reverse=True)
OPTION_CODES = re.compile(r"(?<![\w-])(" + "|".join(_CODES) + r")(?![\w-])")
"""An option's code as the API writes it ("hold-taker", "claim-window"): a page says what the option does."""
TEAM_SINGULAR = re.compile(r"\b[A-Z]\w* & [A-Z]\w* (reaches|wins|scores|has|is|claims|keeps|forfeits|holds|needs|"
                           r"plays|takes|makes|was)\b")
"""A team given a singular verb ("Ann & Cat reaches 512: Ann & Cat wins the game"): partners take plural verbs."""
GLUED = re.compile(r"([^\W\d_]|\))[.!?]([^\W\d_])")
"""Two sentences run together ("claim.A false claim", "trick.Its rules"): a whitespace control that ate the
space between two pieces of a template."""


MISLEADING = (
    (re.compile(r"\bPut back what you had typed"), "an order where the page says what it did"),
    (re.compile(r"\(with the last trick\).*\bLast trick \(\+\d+\)", re.S), "the last trick added twice"),
)
"""Words that mislead a table, with what is wrong: the draft banner read as an order ("Put back what you had
typed", when the phone has already put it back); Jass's points asked "with the last trick" beside a last trick "+5",
which reads as adding it a second time."""
ONE_DEFENDER = re.compile(r"tied with the defenders")
"""In a game of two sides the taker ties with one defender (a player or a pair), said by name."""


def _shown(node: Any) -> str:
    """The text of an element as a page may show it: hidden elements in, scripts, styles and templates out."""
    if node.tag in ("script", "style", "template", "head"):
        return ""
    return " ".join(part if isinstance(part, str) else _shown(part) for part in node.parts)


def offending(html: str, sides: int | None = None) -> list[str]:
    """Every phrase of the page a table would not say: side numbers, seat numbers, where a rule came from, a lone
    result code, words that mislead; with ``sides``, what that many sides cannot be called."""
    root = parse_page(html)
    text = root.text()
    shown = " ".join(_shown(root).split())  # what a script may show too (the draft banner, hidden until needed)
    found_misleading = [f"{why}: “…{shown[max(0, m.start() - 40):m.start() + 80]}…”"
                        for pattern, why in MISLEADING for m in pattern.finditer(shown)]
    if sides == 2:
        found_misleading += [f"one defender called the defenders: “…{text[max(0, m.start() - 40):m.end() + 40]}…”"
                             for m in ONE_DEFENDER.finditer(text)]
    found = [f"{m.group(0)!r} in “…{text[max(0, m.start() - 40):m.end() + 40]}…”"
             for pattern in (SIDE_NUMBER, SEAT_NUMBER, SOURCE) for m in pattern.finditer(text)]
    found += [f"run together: “…{text[max(0, m.start() - 40):m.end() + 40]}…”"
              for m in GLUED.finditer(text) if m.group(2).isupper()]
    found += [f"a team's singular verb: “…{text[max(0, m.start() - 40):m.end() + 40]}…”"
              for m in TEAM_SINGULAR.finditer(text)]
    found += [f"option code {m.group(0)!r} in “…{text[max(0, m.start() - 40):m.end() + 40]}…”"
              for m in OPTION_CODES.finditer(text)]
    for node in root.walk():
        if node.tag in ("#root", "html", "body", "main") or "hidden" in node.attrs:
            continue
        alone = node.text().strip(TRIM).lower()
        if alone in RESULT_CODES:
            where = node.attrs.get("class") or node.attrs.get("id") or ""
            found.append(f"{alone!r} alone in <{node.tag}{' ' + where if where else ''}>")
    return sorted(set(found + found_misleading))


# ------------------------------------------------------------------------------------------------ the match


def _hands(rules: Rules) -> list[dict[str, Any]]:
    """Inputs for a made, a bate, a tied and a revoked hand of this game (card points that add up to its deck)."""
    contract = rules.contracts[0].value
    deck = rules.deck(rules.contracts[0])
    sides = rules.sides

    def points(taker: int) -> list[int]:
        rest = deck - taker
        others = [rest // (sides - 1)] * (sides - 1)
        others[0] += rest - sum(others)
        return [taker, *others]

    # The taker with the last trick equals the best defender.
    tie = [(deck - 10) // 2, deck - (deck - 10) // 2] if sides == 2 else [60, 70, deck - 130]
    made: dict[str, Any] = {"contract": contract, "taker": 0, "card_points": points(deck * 2 // 3), "last_trick": 0}
    if rules.doubles:
        made["double"] = 1
    hands: list[dict[str, Any]] = [
        made,
        {"contract": contract, "taker": 1 % sides, "card_points": list(reversed(points(deck // (sides + 2)))),
         "last_trick": 0},
        {"contract": contract, "taker": 0, "card_points": tie, "last_trick": 0},
        {"contract": contract, "taker": 0, "card_points": points(deck * 2 // 3), "last_trick": 0,
         "revoke": {"accused": 1, "accuser": 0, "upheld": True}},
        *([{"thrown_in": True}] if rules.throw_in else []),  # Croatian Bela, Tarabish: the dealer must call
        # Jass: every trick to the side that did not choose trumps (a Kontermatch).
        *([{"contract": contract, "taker": 1, "card_points": [deck, 0], "last_trick": 0}] if rules.strokes else []),
    ]
    # A game that scores no revoke challenges (Belote contrée, Baloot) records none; a game with bids bids 80.
    if rules.revoke is Revoke.NONE:
        hands = [hand for hand in hands if "revoke" not in hand]
    if rules.bids:
        hands = [{**hand, "bid": 80} if "card_points" in hand else hand for hand in hands]
    return hands


class Match:
    """A match of one game played through the API, opened on this phone (its key in the session)."""

    def __init__(self, app: Flask, client: FlaskClient, variant: str) -> None:
        self.rules = PRESETS[variant]
        # A game without claims to a low target (Deberc's 501) would end on these hands: give it room.
        room = {"rules": {"target": 2000}} if self.rules.claims.value == "none" and self.rules.target else {}
        answer = client.post(f"{API}/matches", json={"variant": variant, "players": PLAYERS[:self.rules.players],
                                                     **room})
        assert answer.status_code == 201, answer.get_data(as_text=True)
        body = answer.get_json()
        self.id, self.view, token = body["id"], body["view_token"], body["edit_token"]
        self.auth = {"Authorization": f"Bearer {token}"}
        self.results: list[str] = []
        for hand in _hands(self.rules):
            self.record(client, hand)
        assert client.delete(f"{API}/matches/{self.id}/hands/2", headers=self.auth).status_code == 200
        assert client.post(f"{API}/matches/{self.id}/hands/1/dispute", json={"note": "the last trick"},
                           headers=self.auth).status_code == 200
        if self.rules.claims.value != "none":
            if self.rules.claim_from is not None:  # Clobby: made hands until the claimant may claim
                while client.get(f"{API}/matches/{self.id}", headers=self.auth).get_json()["state"]["totals"][0] \
                        < self.rules.claim_from:
                    self.record(client, _hands(self.rules)[0])
            # Short of the target: a false claim (Jass's bedanken gives the points won so far by kind).
            self.record(client, {"contract": self.rules.contracts[0].value, "taker": 0, "claim": {
                "side": 0, "stoeck": [0, 0], "weis": [0, 0], "tricks": [10, 0]}} if self.rules.thanks
                else {"claim": {"side": 0, "points": 10}})
        assert client.get(f"/m/{self.id}/join?key={token}").status_code == 302
        with app.app_context():
            from scorekeeper import services

            self.confirm = [f"/c/{self.id}/{side}/{services.confirm_token(self.id, side)}"
                            for side in range(self.rules.sides)]

    def record(self, client: FlaskClient, hand: dict[str, Any]) -> None:
        answer = client.post(f"{API}/matches/{self.id}/hands", json=hand, headers=self.auth)
        assert answer.status_code == 201, (hand, answer.get_data(as_text=True))
        self.results.append(answer.get_json()["result"])

    def pages(self, group: str) -> list[str]:
        m, v = self.id, self.view
        return {
            "board": [f"/board/{v}", f"/board/{v}?tv=1", f"/board/{v}/live"],
            "rules": [f"/m/{m}/rules", f"/board/{v}/rules"],
            "referee": [f"/referee/melds?match={m}", f"/referee/cards?match={m}", f"/referee/legal-plays?match={m}",
                        f"/referee/melds?variant={self.rules.variant}", f"/referee/cards?variant={self.rules.variant}",
                        f"/referee/legal-plays?variant={self.rules.variant}"]
                       + ([f"/referee/roem?match={m}", "/referee/roem"] if self.rules.variant == "klaverjas" else []),
            "confirm": self.confirm,
            "sheet": [f"/m/{m}", f"/m/{m}?print=1", f"/m/{m}/live"],
            "hand": [f"/m/{m}/hand", f"/m/{m}/hand/1", f"/m/{m}/hand/3"]
                    + ([f"/m/{m}/claim"] if self.rules.claims.value != "none" else []),
        }[group]



@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedApps]:
    """The module's app on each database, and a match of each game on it: made once, read by every group's test
    (reading a page changes nothing)."""
    apps = SharedApps(tmp_path_factory.mktemp("words-sweep"))
    yield apps
    apps.close()


def sweep(client: FlaskClient, paths: list[str], sides: int | None = None) -> dict[str, list[str]]:
    """Every page's offending phrases, by page; a page that does not open is a fault too."""
    faults: dict[str, list[str]] = {}
    for path in paths:
        answer = client.get(path)
        if answer.status_code != 200:
            faults[path] = [f"answered {answer.status_code}"]
            continue
        found = offending(answer.get_data(as_text=True), sides)
        if found:
            faults[path] = found
    return faults


def report(variant: str, faults: dict[str, list[str]]) -> str:
    return f"{variant}: pages that do not speak the table's words:\n" + "\n".join(
        f"  {path}\n" + "\n".join(f"    - {phrase}" for phrase in phrases) for path, phrases in faults.items())


GROUPS = ("board", "rules", "referee", "confirm", "sheet", "hand")
"""The pages of a match, grouped as they are made (board, rules, referee and confirmation pages; the score
sheet with the pages it links to; the hand, edit and claim forms)."""


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("variant", list(PRESETS))
def test_every_page_of_a_match_speaks_the_tables_words(shared: SharedApps, backend: str, variant: str,
                                                       group: str) -> None:
    match = shared.kept(backend, variant, lambda app, phone: Match(app, phone, variant))
    _, client = shared.app(backend)
    # The match really has what the sweep is meant to meet.
    each_own = match.rules.success.value == "each-own"  # Jass: no bate
    expected = {"made"} | ({"thrown-in"} if match.rules.throw_in else set()) | ({"bate"} if not each_own else set())
    expected |= {"revoke"} if match.rules.revoke is not Revoke.NONE else set()
    # A tie needs an even deck (the Czech games' 151 card points cannot split level) and the beat-each rule.
    even = match.rules.deck(match.rules.contracts[0]) % 2 == 0
    tied = (match.rules.success.value == "beat-each" and even and match.rules.tie.value != "taker-fails"
            and not match.rules.bids)  # a bid is made or dedans, never level
    expected |= {"tie"} if tied else set()
    expected |= {"false-claim"} if match.rules.claims.value != "none" else set()
    assert expected <= set(match.results), match.results
    paths = match.pages(group)
    if group == "sheet":  # and every other page of the match the sheet links to (the undo question …)
        sheet = parse_page(client.get(f"/m/{match.id}").get_data(as_text=True))
        paths += sorted({href for n in sheet.walk() if n.tag == "a"
                         and (href := n.attrs.get("href", "")).startswith(f"/m/{match.id}/")
                         and not re.search(r"/(export\.|again|join|hand|claim|rules)", href)} - set(paths))
    faults = sweep(client, paths, match.rules.sides)
    assert not faults, report(variant, faults)


def test_the_referee_without_a_match_names_the_sides_in_words(client: FlaskClient) -> None:
    """The meld contest's ruling without a match: "first player", never the engine's "side 0"."""
    page = client.get("/referee/melds").get_data(as_text=True)
    data = form_data(page)
    data.update({"contract": "hearts", "forehand": "0", "seq-0-0-length": "3", "seq-0-0-top": "K",
                 "seq-0-0-suit": "clubs", "seq-1-0-length": "3", "seq-1-0-top": "K", "seq-1-0-suit": "hearts"})
    answer = client.post("/referee/melds", data=data)
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "The referee's ruling" in html
    assert "second player scores 20" in parse_page(html).text()
    assert offending(html) == []
    four = client.get("/referee/legal-plays?variant=belote").get_data(as_text=True)
    assert "third player (first side)" in parse_page(four).text() and offending(four) == []


def test_the_sweep_finds_what_it_is_for() -> None:
    """The sweep itself: it catches each kind of fault, and passes the table's own words."""
    bad = ("<main><p>Taker side 0: 60 against 61.</p><table><tr><td>bate</td><td>Seat 2</td></tr></table>"
           "<span class='result'>thrown-in</span><p>Player 3 deals.</p></main>")
    found = offending(bad)
    assert any("'side 0'" in f for f in found) and any("'Seat 2'" in f for f in found)
    assert any("run together" in f for f in offending("<p>Count the last trick.A false claim loses.</p>"))
    assert any("option code 'hold-taker'" in f for f in offending("<dl><dt>On a tie</dt><dd>hold-taker: the taker's "
                                                                   "points are held</dd></dl>"))
    assert any("'claim-window'" in f for f in offending("<li>claim-window: 3</li>"))
    assert any("singular verb" in f for f in offending("<p>Ana & Marko reaches 512 of 500: Ana & Marko wins.</p>"))
    assert offending("<p>Ana & Marko reach 512 of 500. Ana & Marko's is in trumps. Mike wins.</p>") == []
    assert offending("<p data-value='hold-taker'>No-trumps: card points doubled.</p>") == []
    assert offending("<ul><li>It is made.</li><li>A false claim loses.</li></ul><p>Bela 20. K and Q.</p>") == []
    assert any("'Player 3'" in f for f in found)
    assert any(f.startswith("'bate' alone in <td") for f in found)
    assert any(f.startswith("'thrown-in' alone in <span") for f in found)
    assert any("'seed 001'" in f for f in offending("<p>After 7 deals (seed 001's Belote tournaments)</p>"))
    assert any("an order" in f for f in offending("<p hidden>Put back what you had typed on this phone.</p>"))
    assert any("added twice" in f for f in offending("<legend>Points (with the last trick)</legend><p>x</p>"
                                                      "<legend>Last trick (+5)</legend>"))
    assert offending("<legend>Points (with the last trick)</legend><legend>Took the last trick</legend>") == []
    tie = "<p>Hand 1: Yvonne tied with the defenders: the taker scores nothing</p>"
    assert any("one defender" in f for f in offending(tie, sides=2)) and offending(tie, sides=3) == []
    good = ("<main><p>Mike is bate: Yvonne scores 162.</p><p>Hand 3: thrown in: nobody scores.</p>"
            "<script>const side = 'side 0';</script><p data-x='side 1'>Ann &amp; Cat win.</p><p>deal 3 of 7</p>"
            "<p>Draw seed 12345: anyone can check the draw.</p></main>")
    assert offending(good) == []


@pytest.mark.parametrize("language", ["en", "hr", "bg", "fr", "de", "nl", "pl", "uk"])
def test_no_sentences_run_together_on_the_start_and_rules_pages(client: FlaskClient, language: str) -> None:
    """No "claim.Its rules" on the start page, in every language; the rules pages of every game too."""
    client.get(f"/?lang={language}")
    faults = {path: found for path in ["/", "/rules", *(f"/rules/{name}" for name in PRESETS)]
              if (found := [f for f in offending(client.get(path).get_data(as_text=True)) if "run together" in f])}
    assert not faults, report(language, faults)


@pytest.mark.parametrize("language", ["en", "hr", "bg", "fr", "de", "nl", "pl", "uk"])
def test_the_tournament_form_says_what_its_options_do_never_where_they_came_from(client: FlaskClient,
                                                                                 language: str) -> None:
    """No choice on the tournament form says where it came from (as "A game ends after 7 deals: the side ahead wins
    (seed 001's Belote tournaments)" once did), in any language: it says what it does."""
    client.get(f"/?lang={language}")
    html = client.get("/t/new").get_data(as_text=True)
    found = [f for f in offending(html) if "seed" in f.lower() or "§" in f]
    assert not found, report(language, {"/t/new": found})
    assert "001" not in parse_page(html).text()
