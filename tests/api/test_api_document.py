"""docs/api.md's lists of games and options, and the README's games, are the registry's: every preset (in the
registry's order, with its title, players and target) and every option a match may set, each choice with all its
values; and every list of the languages the app speaks. A game, an option or a language added to the app and not to
the documents fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.languages import LANGUAGES
from scorekeeper.rules import OPTION_NAMES, PRESETS
from scorekeeper.rules.variants import _ENUMS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")


def codes(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def test_the_variant_field_names_every_game_in_the_registrys_order() -> None:
    row = next(line for line in DOC.splitlines() if line.startswith("| `variant` | required |"))
    assert [c for c in codes(row) if c != "variant" and not c.startswith("GET ")] == list(PRESETS)


def test_the_preset_table_is_the_registry() -> None:
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| ([^|]+) \| (\d) \| ([^|]+) \|$", DOC, re.MULTILINE)
    table = {name: (title.strip(), int(players), target.strip()) for name, title, players, target in rows}
    games = [name for name, *_ in rows]
    assert games == list(PRESETS), "the preset table lists other games than the registry, or in another order"
    for name, rules in PRESETS.items():
        target = str(rules.target) if rules.target is not None else f"none: {rules.deal_limit} deals"
        assert table[name] == (str(rules.title), rules.players, target), name


def test_the_unknown_game_example_lists_every_game() -> None:
    example = re.search(r"no game 'poker': one of ([a-z0-9, -]+)\"", DOC)
    assert example is not None
    assert example.group(1).split(", ") == list(PRESETS)


OPTIONS = DOC.split("the options a match may set in `rules` when it is created", 1)[1].split("\n\n", 2)[1]
"""The option table of "Variants and house rules"."""


@pytest.mark.parametrize("option", OPTION_NAMES)
def test_every_option_a_match_may_set_is_in_the_option_table_with_all_its_values(option: str) -> None:
    rows = [line for line in OPTIONS.splitlines() if line.startswith("| `") and f"`{option}`" in line.split(" | ")[0]]
    assert rows, f"docs/api.md's option table has no row for {option}"
    if option in _ENUMS:
        shown = set(codes(rows[0].split(" | ", 1)[1]))
        assert {member.value for member in _ENUMS[option]} <= shown, (option, shown)


def test_the_readme_names_every_game() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8").split("## ", 1)[0]
    missing = {name for name, rules in PRESETS.items() if str(rules.title).split(" (")[0] not in readme}
    assert not missing, f"README.md's first lines do not name {sorted(missing)}"


def test_every_list_of_languages_names_each_language_the_app_speaks() -> None:
    """The three places docs/api.md lists the language codes (Accept-Language, a match's board, a club's) name
    every language of the registry, and nothing else."""
    lists = re.findall(r"(?:`[a-z]{2}`(?:,\s+|\s+or\s+))+`[a-z]{2}`", DOC)
    assert len(lists) == 3, lists
    for listed in lists:
        assert sorted(codes(listed)) == sorted(LANGUAGES), listed
