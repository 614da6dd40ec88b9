"""Golden explanations in every language: a few hands of each game, from the engine's golden cases
(tests/rules/golden), and the explanation a table reads of each in each language the app speaks, kept in
``golden/<language>.json`` with the case and the rule-book sentence it rests on.

The files are written from the catalogs by ``python -m tests.languages.golden_explanations --write`` and then
read by someone who knows the language and its game's words (docs/glossary.md); the test
(test_golden_explanations.py) keeps them true: a catalog or an engine sentence that changes what a table reads
fails it until the file is written again and read again.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import create_app
from scorekeeper.i18n import said
from scorekeeper.languages import LANGUAGES
from scorekeeper.rules import PRESETS
from tests.rules.test_golden import CASES, _run

GOLDEN = Path(__file__).parent / "golden"
NAMES = {2: ["Mike", "Yvonne"], 3: ["Ana", "Ivo", "Marta"], 4: ["Ann & Cat", "Bob & Dan"]}
"""The sides' names where a case names none (the tables' names, not the engine's "side 0"), by the number of
players: four play in pairs, whose verbs are plural ("Ann & Cat win the game")."""
PER_GAME = 4
"""How many cases of each game: the first ones whose hands end in results not seen yet in that game."""


def chosen() -> list[tuple[str, dict[str, Any]]]:
    """The cases whose hands are explained: per game, the first cases that bring a result not seen yet
    (made, bate, a tie, a valat, a claim, a revoke …), at most ``PER_GAME``."""
    picked: list[tuple[str, dict[str, Any]]] = []
    seen: dict[str, set[str]] = {}
    for preset, case in CASES:
        outcomes, _ = _run(preset, case)
        kinds = {o.result.value + ("+valat" if o.valat is not None else "") for o in outcomes}
        known = seen.setdefault(preset, set())
        if kinds - known and sum(p == preset for p, _ in picked) < PER_GAME:
            known |= kinds
            picked.append((preset, case if "names" in case else {**case, "names": NAMES[PRESETS[preset].players]}))
    return picked


@contextmanager
def app() -> Iterator[Flask]:
    application = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "golden"})
    yield application


def explained(application: Flask, language: str) -> list[dict[str, Any]]:
    """Every chosen case's hands, each with its explanation said in ``language`` as a page says it."""
    entries = []
    with application.test_request_context("/", headers={"Accept-Language": language}):
        for preset, case in chosen():
            outcomes, _ = _run(preset, case)
            entries.append({
                "game": preset, "case": case["name"], "rests_on": case["rests_on"],
                "explanations": [[said(line) for line in outcome.explanation] for outcome in outcomes],
            })
    return entries


def path_of(language: str) -> Path:
    return GOLDEN / f"{language}.json"


def write() -> None:
    with app() as application:
        for language in LANGUAGES:
            data = {"language": language, "name": LANGUAGES[language], "cases": explained(application, language)}
            path_of(language).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            print(f"{path_of(language)}: {len(data['cases'])} cases")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    write()
