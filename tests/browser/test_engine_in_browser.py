"""The phone's engine is the server's. scorekeeper/rules runs in Pyodide in a Web Worker
(static/js/engine.js, engine-worker.js, the modules packed by views/engine.py), on a real page of a live
`scorekeeper serve` under its Content-Security-Policy, in Debian's Chromium.

Every golden case of every preset (tests/rules/golden) is scored on the phone and by the server's engine, in
English and in the other six languages: the points, scores, totals, pots and every sentence of each explanation
are the same. The hand form's preview on the phone answers what the server's ``POST /m/<id>/preview`` answers
for the same fields, a real match's state replayed on the phone is the state the API gives, and nothing of
Pyodide is fetched before a script asks for the engine.

Pyodide loads once for the module (a module-scoped page); the cases run in a few ``page.evaluate`` calls."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page

from scorekeeper import create_app
from scorekeeper.i18n import said
from scorekeeper.languages import LANGUAGES
from scorekeeper.rules import Position, make_rules, replay, score_hand
from scorekeeper.serializers import hand_entry
from tests.support.servers import LiveServer, api_match

GOLDEN = Path(__file__).resolve().parents[1] / "rules" / "golden"
CASES = [(data["preset"], case) for path in sorted(GOLDEN.glob("*.json"))
         for data in [json.loads(path.read_text(encoding="utf-8"))] for case in data["cases"]]
RESULT_FIELDS = ("result", "points", "scores", "pot", "totals", "winner", "game_winner", "valat")

# engine.js as templates/_macros/engine.html writes its tag, the addresses from the same engine_urls().
ADD_ENGINE = """async () => {
  if (window.scorekeeperEngine) return;
  const urls = await (await fetch("/engine/files.json")).json();
  const tag = document.createElement("script");
  tag.src = urls.script;
  Object.assign(tag.dataset, {worker: urls.worker, pyodide: urls.pyodide, engine: urls.engine,
                              catalogs: urls.catalogs});
  await new Promise((done, failed) => { tag.onload = done; tag.onerror = failed; document.head.append(tag); });
  window.engineStatuses = [];
  window.scorekeeperEngine.onStatus((status) => window.engineStatuses.push(status));
}"""

# The golden cases on the phone: a replay from the start, or hands scored one after another from the position
# the case gives (the totals and pot carried from each hand's result, as tests/rules/test_golden.py does).
RUN_CASES = """async ([cases, languages]) => {
  const engine = window.scorekeeperEngine;
  const out = {};
  for (const language of languages) {
    out[language] = [];
    for (const c of cases) {
      if (!c.before) {
        out[language].push(await engine.replay(c.match, c.hands, language));
        continue;
      }
      const state = {totals: c.before.totals, pot: c.before.pot || 0, dealer: c.before.dealer || 0,
                     game: c.before.game || 1, deals: 0};
      const results = [];
      for (const hand of c.hands.map((h) => h.input)) {
        const result = await engine.score(c.match, state, hand, language);
        results.push(result);
        state.totals = result.totals;
        state.pot = result.pot;
      }
      out[language].push(results);
    }
  }
  return out;
}"""


def _match(preset: str, case: dict[str, Any]) -> dict[str, Any]:
    """The case's match as the phone is given it (the API's shape: its sides' names when the case names them)."""
    match: dict[str, Any] = {"variant": preset, "rules": case.get("rules") or {},
                             "first_dealer": case.get("first_dealer", 0)}
    if case.get("names"):
        match["sides"] = [{"index": i, "name": name} for i, name in enumerate(case["names"])]
    return match


def _phone_cases() -> list[dict[str, Any]]:
    return [{"match": _match(preset, case), "before": case.get("before"),
             "hands": [{"number": n, "input": hand, "voided": False} for n, hand in enumerate(case["hands"], 1)]}
            for preset, case in CASES]


def _server_results(app: Flask, language: str) -> list[Any]:
    """What the server's engine gives for every case, its sentences said by the server's i18n in ``language``
    (as the API's state and the preview say them)."""
    answers: list[Any] = []
    with app.test_request_context("/", headers={"Accept-Language": language}):
        for preset, case in CASES:
            rules = make_rules(preset, case.get("rules") or None)
            names = case.get("names")
            if "before" not in case:
                state = replay(rules, case["hands"], case.get("first_dealer", 0), names)
                entries = [hand_entry(hand, None) for hand in state.hands]
                answers.append({**state.summary(), "hands": [
                    {**entry, "explanation": [said(line) for line in entry["explanation"]]} for entry in entries]})
                continue
            before = case["before"]
            position = Position(tuple(before["totals"]), before.get("pot", 0), before.get("dealer", 0),
                                before.get("game", 1))
            results = []
            for hand in case["hands"]:
                result = score_hand(rules, position, hand, names)
                results.append({"ok": True, "result": result.result.value, "points": list(result.points),
                                "scores": list(result.scores), "totals": list(result.totals), "pot": result.pot,
                                "winner": result.winner, "game_winner": result.game_winner, "valat": result.valat,
                                "explanation": [said(line) for line in result.explanation],
                                **({} if result.multiplier is None else {"multiplier": result.multiplier})})
                position = Position(result.totals, result.pot, position.dealer, position.game)
            answers.append(results)
    return answers


@pytest.fixture(scope="module")
def engine_server(server: LiveServer) -> LiveServer:
    """The session's `scorekeeper serve` (tests/browser/conftest.py): each test makes its own matches."""
    return server


@pytest.fixture(scope="module")
def table(engine_server: LiveServer) -> dict[str, Any]:
    """A Belote match of four scored through the API (a hand, a voided hand, a hand), this phone its scorer."""
    hands = ({"taker": 0, "contract": "hearts", "card_points": [100, 52], "last_trick": 0, "bela": [1, 0]},
             {"taker": 1, "contract": "all-trumps", "card_points": [120, 128], "last_trick": 1},
             "void 2",
             {"taker": 1, "contract": "no-trumps", "card_points": [30, 90], "last_trick": 1, "double": 1})
    made = api_match(engine_server, "belote", ["Ann", "Bob", "Cat", "Dan"], hands)
    return made


@pytest.fixture(scope="module")
def phone(browser: Browser, browser_context_args: dict[str, Any], engine_server: LiveServer,
          table: dict[str, Any]) -> Iterator[tuple[Page, dict[str, Any]]]:
    """The match's hand form open on a phone, engine.js added as the macro adds it, and the engine loaded once;
    with the engine's status changes and the Pyodide files fetched before it was asked to load."""
    # No service worker: getting ready for no signal (which starts the engine at once, in the background) is
    # tests/browser/test_ready_for_no_signal.py's; here the engine starts only when this page's script asks.
    assert browser_context_args["service_workers"] == "block"
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{engine_server.url}/m/{table['id']}/join?key={table['edit_token']}")
    page.goto(f"{engine_server.url}/m/{table['id']}/hand")
    page.evaluate(ADD_ENGINE)
    page.wait_for_timeout(300)
    before = {"status": page.evaluate("window.scorekeeperEngine.status"),
              "pyodide": [url for url in fetched if "/vendor/pyodide/" in url or url.endswith((".zip", ".mo"))]}
    page.set_default_timeout(120_000)
    page.evaluate("window.scorekeeperEngine.load()")
    info = {"before": before, "statuses": page.evaluate("window.engineStatuses"),
            "status": page.evaluate("window.scorekeeperEngine.status")}
    yield page, info
    context.close()


def test_nothing_of_the_engine_is_fetched_until_a_script_asks(phone: tuple[Page, dict[str, Any]]) -> None:
    _, info = phone
    assert info["before"] == {"status": "idle", "pyodide": []}
    assert info["statuses"] == ["loading", "ready"]
    assert info["status"] == "ready"


def test_every_golden_case_scores_on_the_phone_as_on_the_server_in_every_language(
        phone: tuple[Page, dict[str, Any]]) -> None:
    page, _ = phone
    languages = list(LANGUAGES)
    on_phone = page.evaluate(RUN_CASES, [_phone_cases(), languages])
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "golden"})
    for language in languages:
        on_server = _server_results(app, language)
        for (preset, case), phone_answer, server_answer in zip(CASES, on_phone[language], on_server, strict=True):
            assert phone_answer == server_answer, f"{language} {preset}: {case['name']}"
    # The golden figures themselves, from the phone's answers (the server's are checked by tests/rules).
    for (preset, case), answer in zip(CASES, on_phone["en"], strict=True):
        results = answer if case.get("before") else answer["hands"]
        for expected, result in zip(case["expect"], results, strict=True):
            for field in set(expected) & set(RESULT_FIELDS):
                if field in result:
                    assert result[field] == expected[field], f"{preset}: {case['name']}: {field}"
            for text in expected.get("explanation_contains", []):
                assert text in " ".join(result["explanation"]), f"{preset}: {case['name']}"
    # Said in the language: a Croatian bate is "pad", and no English sentence is left in a French explanation.
    bate = next(i for i, (preset, case) in enumerate(CASES) if preset == "bela" and "bate" in case["name"]
                and not case.get("before"))
    assert "pad" in " ".join(on_phone["hr"][bate]["hands"][0]["explanation"])
    assert on_phone["fr"][bate]["hands"][0]["explanation"] != on_phone["en"][bate]["hands"][0]["explanation"]


def test_a_real_match_replayed_on_the_phone_is_the_state_the_api_gives(
        phone: tuple[Page, dict[str, Any]], engine_server: LiveServer, table: dict[str, Any]) -> None:
    page, _ = phone
    for language in ("en", "hr", "bg"):
        status, body = engine_server.json("GET", f"/api/v1/matches/{table['id']}",
                                          headers={"Authorization": f"Bearer {table['edit_token']}",
                                                   "Accept-Language": language})
        assert status == 200
        server_state = body["state"]
        hands = [{"number": h["number"], "input": h["input"], "voided": h["voided"]} for h in server_state["hands"]]
        on_phone = page.evaluate("([m, h, l]) => window.scorekeeperEngine.replay(m, h, l)",
                                 [body, hands, language])
        assert on_phone == {k: v for k, v in server_state.items() if k != "revision"}, language
    assert [h["voided"] for h in on_phone["hands"]] == [False, True, False]


FIELDS = [
    # A hand as the form posts it, then the form's own problems, the engine's, and the table's words for a blank.
    ("hand", {"taker": "1", "contract": "spades", "card_points-0": "40", "card_points-1": "", "last_trick": "1",
              "melds-1": "20 50", "bela-0": "1", "double": "0"}),
    ("hand", {"taker": "0", "contract": "all-trumps", "card_points-0": "150", "last_trick": "0", "double": "2"}),
    ("hand", {"taker": "0", "contract": "hearts", "card_points-0": "sixty", "last_trick": "0"}),
    ("hand", {"taker": "7", "contract": "hearts", "card_points-0": "60", "last_trick": "0"}),
    ("hand", {"contract": "hearts", "card_points-0": "60", "card_points-1": "92"}),
    ("hand", {"taker": "0", "contract": "hearts", "card_points-0": "60", "card_points-1": "99", "last_trick": "0"}),
    ("hand", {"taker": "0", "contract": "hearts", "card_points-0": "60", "last_trick": "1", "melds-0": "20 fifty"}),
    ("hand", {"taker": "0", "contract": "hearts", "card_points-0": "60", "last_trick": "1", "melds-0": "5" * 61}),
    ("hand", {"taker": "1", "contract": "diamonds", "card_points-0": "0", "card_points-1": "152", "last_trick": "1",
              "revoke-accuser": "0", "revoke-accused": "1", "revoke-upheld": "yes"}),
    ("claim", {"claim-side": "1", "claim-points": "60"}),
    ("claim", {"claim-points": "x"}),
]

PREVIEWS = """async ([match, hands, cases, language]) => {
  const token = document.querySelector("input[name=csrf_token]").value;
  const out = [];
  for (const [mode, fields] of cases) {
    const body = new FormData();
    body.append("csrf_token", token);
    if (mode === "claim") body.append("mode", "claim");
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const server = await (await fetch(location.pathname.replace(/hand$/, "preview"), {method: "POST", body})).json();
    const phone = await window.scorekeeperEngine.preview(match, hands, fields, mode, language);
    out.push({server, phone});
  }
  return out;
}"""


@pytest.mark.parametrize("language", ["en", "hr"])
def test_the_preview_on_the_phone_answers_what_the_server_answers(
        phone: tuple[Page, dict[str, Any]], engine_server: LiveServer, table: dict[str, Any], language: str) -> None:
    page, _ = phone
    page.context.add_cookies([{"name": "lang", "value": language, "url": engine_server.url}])
    _, body = engine_server.json("GET", f"/api/v1/matches/{table['id']}",
                                 headers={"Authorization": f"Bearer {table['edit_token']}"})
    hands = [{"number": h["number"], "input": h["input"], "voided": h["voided"]} for h in body["state"]["hands"]]
    answers = page.evaluate(PREVIEWS, [body, hands, FIELDS, language])
    for (mode, fields), answer in zip(FIELDS, answers, strict=True):
        assert answer["phone"] == answer["server"], (mode, fields)
    shown = [answer["phone"] for answer in answers]
    assert shown[0]["ok"] and shown[1]["ok"], shown[:2]
    assert not shown[2]["ok"] and list(shown[2]["errors"]) == ["card_points-0"]
    assert shown[4]["errors"]["taker"] == [{"en": "say who the taker is", "hr": "odaberi zvača"}[language]]
    assert {True, False} <= {answer["ok"] for answer in shown}
