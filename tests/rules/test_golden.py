"""Golden cases: the worked examples of RULES.md §9 and more, one JSON file per preset, run through the engine.

Each file ``golden/<preset>.json`` is ``{"preset": ..., "cases": [...]}``. A case has:

- ``name``; ``rests_on``: the sentence of the rule book it rests on, quoted verbatim after a prefix naming
  where it is: ``RULES.md §9.5: ...`` (section, and optionally the numbered item in it);
- optionally ``note`` (for people), ``rules`` (overrides), ``names``, ``first_dealer``;
- ``hands``: hands as API.md "A hand" gives them;
- ``expect``: one object per hand with any of the HandResult fields in ``RESULT_FIELDS``, and optionally
  ``explanation_contains`` (substrings of the joined explanation);
- either ``before`` (``totals``, ``pot``, ``dealer``, ``game``): the hands are scored one after another with
  ``score_hand`` from that position (the dealer stays as given); or, without it, the hands are replayed
  from the start of a match, and ``state`` may name fields of ``replay(...).as_dict()`` to compare.
"""

from __future__ import annotations

import json
import re
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import PRESETS, HandResult, MatchState, Position, make_rules, replay, score_hand

GOLDEN = Path(__file__).parent / "golden"
RULE_BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
"""The rule book the code and the cases cite as "RULES.md §N": part of the repository, so every quotation is
checked wherever the tests run."""

CASE_KEYS = {"name", "rests_on", "note", "rules", "names", "first_dealer", "before", "hands", "expect", "state"}
RESULT_FIELDS = {"result", "points", "scores", "pot", "totals", "winner", "game_winner", "valat", "multiplier",
                 "valat_side", "kontermatch"}
EXPECT_KEYS = RESULT_FIELDS | {"explanation_contains"}
BEFORE_KEYS = {"totals", "pot", "dealer", "game"}

# RULES.md §9: the presets each worked example names (17 is a referee question asked of two games). Checked
# against the rule book.
WORKED_EXAMPLES = {
    1: {"bela"}, 2: {"bela"}, 3: {"bela"}, 4: {"bela"}, 5: {"bela"}, 6: {"bela"}, 7: {"klaberjass"},
    8: {"bela-3"}, 9: {"clobby"}, 10: {"clobby"}, 11: {"belote"}, 12: {"belote"}, 13: {"belote"},
    14: {"belote"}, 15: {"belote"}, 16: {"belote"}, 17: {"belote", "bela"}, 18: {"belote"}, 19: {"darda"},
}

# RULES.md §10e: the same for the family's new members (25 and 28 are also referee questions, asked in
# tests/api/test_referee_family.py).
FAMILY_EXAMPLES = {
    20: {"bela-4"}, 21: {"bela-4"}, 22: {"bela-4"}, 23: {"bela-4"}, 24: {"bela-4"}, 25: {"bela-4"},
    26: {"klaverjas"}, 27: {"klaverjas"}, 29: {"tarabish"}, 30: {"deberc"},
}

# RULES.md §11: Swiss Jass.
JASS_EXAMPLES = {31: {"schieber"}, 32: {"schieber-2500"}, 33: {"schieber-2500"}, 34: {"schieber"}, 35: {"schieber"}}

# RULES.md §12 and §13: each a game of its own, whose every worked example is a case of its preset.
SECTION_GAMES = {"12": "coinche", "13": "baloot"}

PREFIX = re.compile(r"(?s)(?P<source>RULES\.md §(?P<section>\d+[a-z]?)(?:\.(?P<item>\d+))?): (?P<quote>.+)")


def _load() -> list[tuple[Path, dict[str, Any]]]:
    return [(path, json.loads(path.read_text(encoding="utf-8"))) for path in sorted(GOLDEN.glob("*.json"))]


FILES = _load()
CASES = [(data["preset"], case) for _, data in FILES for case in data["cases"]]


def _ascii(text: str) -> str:
    for char, word in {"§": "s", "×": "x", "–": "-", "→": "->"}.items():
        text = text.replace(char, word)
    return text.encode("ascii", "replace").decode()


CASE_IDS = [_ascii(f"{preset}: {case['name']}") for preset, case in CASES]


def _flat(text: str) -> str:
    """Whitespace runs (line breaks, indentation, table spacing) count as one space."""
    return " ".join(text.split())


def _rules_part(section: str, item: str | None) -> str:
    """The text of ``## <section>.`` (or ``### 2a.``) in RULES.md, or of its numbered item ``<item>.``."""
    text = RULE_BOOK.read_text(encoding="utf-8")
    found = re.search(rf"(?ms)^###? {section}\. .*?(?=^##|\Z)", text)
    assert found, f"RULES.md has no section {section}"
    part = found.group(0)
    if item is None:
        return part
    numbered = re.search(rf"(?ms)^{item}\. .*?(?=^\d+\. |^## |\Z)", part)
    assert numbered, f"RULES.md §{section} has no item {item}"
    return numbered.group(0)


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _run(preset: str, case: dict[str, Any]) -> tuple[list[HandResult], MatchState | None]:
    rules = make_rules(preset, case.get("rules") or None)
    names = case.get("names")
    if "before" not in case:
        state = replay(rules, case["hands"], first_dealer=case.get("first_dealer", 0), names=names)
        outcomes = [hand.outcome for hand in state.hands]
        assert all(o is not None for o in outcomes)
        return [o for o in outcomes if o is not None], state
    before = case["before"]
    assert set(before) <= BEFORE_KEYS, f"unknown keys in before: {set(before) - BEFORE_KEYS}"
    position = Position(tuple(before["totals"]), before.get("pot", 0), before.get("dealer", 0), before.get("game", 1))
    results: list[HandResult] = []
    for hand in case["hands"]:
        assert not results or results[-1].game_winner is None, "a hand after the end of the game: use replay"
        result = score_hand(rules, position, hand, names)
        results.append(result)
        position = Position(result.totals, result.pot, position.dealer, position.game)
    return results, None


def test_every_preset_has_a_file() -> None:
    assert {path.stem for path, _ in FILES} == set(PRESETS)


@pytest.mark.parametrize(("path", "data"), FILES, ids=[path.name for path, _ in FILES])
def test_file_is_its_preset(path: Path, data: dict[str, Any]) -> None:
    assert set(data) == {"preset", "cases"}
    assert data["preset"] == path.stem
    assert len(data["cases"]) >= 3
    names = [case["name"] for case in data["cases"]]
    assert len(names) == len(set(names)), "case names must be unique within a file"


def test_every_worked_example_is_a_case_of_its_preset() -> None:
    _check_worked_examples("9", WORKED_EXAMPLES)


def test_every_family_example_is_a_case_of_its_preset() -> None:
    _check_worked_examples("10e", FAMILY_EXAMPLES, referee=frozenset({28}))


def test_every_jass_example_is_a_case_of_its_preset() -> None:
    _check_worked_examples("11", JASS_EXAMPLES)


def _check_worked_examples(section_name: str, examples: dict[int, set[str]],
                           referee: frozenset[int] = frozenset()) -> None:
    """The worked examples of a section cited by the golden cases, against the presets each names in the book
    (``referee``: examples asked of the referee alone, not of a golden case)."""
    cited: dict[int, set[str]] = {}
    for preset, case in CASES:
        found = PREFIX.match(case["rests_on"])
        if found and found["section"] == section_name and found["item"]:
            cited.setdefault(int(found["item"]), set()).add(preset)
    assert cited == examples
    section = _rules_part(section_name, None)
    in_book = {int(n): {name for name in re.findall(r"`([\w-]+)`", text) if name in PRESETS}
               for n, text in re.findall(r"(?ms)^(\d+)\. (.*?)(?=^\d+\. |\Z)", section)}
    assert {n: presets for n, presets in in_book.items() if n not in referee} == examples


@pytest.mark.parametrize(("section", "preset"), sorted(SECTION_GAMES.items()))
def test_every_example_of_a_game_s_own_section_is_a_case_of_its_preset(section: str, preset: str) -> None:
    """RULES.md §12 (Belote contrée) and §13 (Baloot): "Worked examples (must pass)"; each numbered one is cited by a
    case of the section's preset, and only by its cases."""
    numbers = {int(n) for n in re.findall(r"(?m)^(\d+)\. ", _rules_part(section, None))}
    cited: dict[int, set[str]] = {}
    for name, case in CASES:
        found = PREFIX.match(case["rests_on"])
        if found and found["section"] == section and found["item"]:
            cited.setdefault(int(found["item"]), set()).add(name)
    assert numbers and cited == {n: {preset} for n in numbers}


@pytest.mark.parametrize(("preset", "case"), CASES, ids=CASE_IDS)
def test_case_rests_on_a_quoted_sentence(preset: str, case: dict[str, Any]) -> None:
    rests_on = case.get("rests_on")
    assert isinstance(rests_on, str) and rests_on.strip(), "every case says what it rests on"
    found = PREFIX.match(rests_on)
    assert found, f"rests_on must start with 'RULES.md §N[.M]: ', not {rests_on[:40]!r}"
    source = _rules_part(found["section"], found["item"])
    quote = _flat(found["quote"])
    assert quote in _flat(source), f"not found verbatim in {found['source']}: {quote!r}"


@pytest.mark.parametrize(("preset", "case"), CASES, ids=CASE_IDS)
def test_case(preset: str, case: dict[str, Any]) -> None:
    assert set(case) <= CASE_KEYS, f"unknown case keys: {set(case) - CASE_KEYS}"
    assert case["hands"] and len(case["expect"]) == len(case["hands"]), "one expect object per hand"
    assert not ("before" in case and "state" in case), "state is compared only for a replay from the start"
    results, state = _run(preset, case)

    problems: list[str] = []
    for number, (expected, result) in enumerate(zip(case["expect"], results, strict=True), start=1):
        assert set(expected) <= EXPECT_KEYS, f"unknown expect keys: {set(expected) - EXPECT_KEYS}"
        for field in sorted(set(expected) & RESULT_FIELDS):
            actual = _plain(getattr(result, field))
            if actual != expected[field]:
                problems.append(f"hand {number} {field}: expected {expected[field]!r}, got {actual!r}")
        explanation = " ".join(result.explanation)
        for text in expected.get("explanation_contains", []):
            if text not in explanation:
                problems.append(f"hand {number} explanation lacks {text!r}")
        if problems:
            problems.append(f"hand {number} explanation: {explanation}")

    if "state" in case:
        assert state is not None
        shown = state.as_dict()
        for field, value in case["state"].items():
            assert field in shown, f"unknown state field {field!r}"
            if shown[field] != value:
                problems.append(f"state {field}: expected {value!r}, got {shown[field]!r}")
    assert not problems, "\n".join(problems)


def test_a_game_of_so_many_deals_says_how_it_ends_and_no_claim() -> None:
    """RULES.md §10b: a Klaverjas game is 16 deals with no target, the higher total wins, equal totals are a draw;
    its house rules say so and say nothing of claims or of reaching a target."""
    from scorekeeper.rules.describe import describe_rules

    said = " ".join(describe_rules(PRESETS["klaverjas"]))
    assert "A game is 16 deals: the higher total wins it; level totals are a draw." in said
    assert "claim" not in said and "target" not in said
