"""A game lives in its preset: what differs between games (its trick play, the bare Yuss, roem, its words) is a
field of ``Rules``, never a test of the preset's name. A game made here under a name no code knows plays, counts
and speaks as its fields say."""

from __future__ import annotations

import re
from dataclasses import fields, replace
from pathlib import Path

import pytest

from scorekeeper.rules import PRESETS, Contract, Family, Rank, Result, Rules, ThanksKind, family_of
from scorekeeper.rules.roem import no_roem
from scorekeeper.rules.variants import capital_bela

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_games_bela_word_has_its_capital_beside_it(name: str) -> None:
    rules = PRESETS[name]
    assert capital_bela(rules).lower() == rules.bela_word.lower() and capital_bela(rules)[0].isupper()


def test_a_game_under_a_name_no_code_knows_keeps_the_trick_play_and_customs_its_preset_gives_it() -> None:
    south_african = PRESETS["south-african"]
    assert family_of(south_african) is Family.SOUTH_AFRICAN
    game = replace(south_african, variant="a-new-game", trick_play=Family.CLOBBY, scottish_yuss=True, roem=True)
    assert family_of(game) is Family.CLOBBY
    assert no_roem(game) is None and no_roem(south_african) is not None
    # Without a trick play of its own, a four-handed game plays by its options: South Africa's without doubles or
    # all-trumps.
    plain = replace(PRESETS["bela-4"], variant="another-game")
    assert family_of(plain) is Family.SOUTH_AFRICAN


def test_the_games_facts_are_not_among_the_options_the_api_shows() -> None:
    facts = {f.name for f in fields(Rules) if f.metadata.get("fact")}
    assert {"trick_play", "scottish_yuss", "roem", "outside_inside", "bela_word", "capital_bela_word",
            "belot_word"} <= facts
    shown = PRESETS["klaverjas"].as_dict()
    assert not {name.replace("_", "-") for name in facts} & set(shown)


def test_no_engine_module_asks_which_preset_a_game_is() -> None:
    """The engine reads a game's fields; ``rules.variant`` is only its name, stored and shown."""
    asking = re.compile(r"\.variant\s*(?:==|!=|\bin\b|\bnot in\b)")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sorted(ROOT.joinpath("scorekeeper").rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if asking.search(line) and "Match.variant" not in line and "m.variant" not in line]
    # The one left: a stored match's rules made again when its preset changed (services/state.py).
    assert [f.split(":")[0] for f in found] == ["scorekeeper/services/state.py"], found


def test_every_game_has_its_own_place_on_the_start_page_and_a_short_name() -> None:
    places = [rules.start_place for rules in PRESETS.values()]
    assert all(places) and len(set(places)) == len(places)
    assert all(rules.short_title and len(rules.short_title) <= 14 for rules in PRESETS.values())


def lines_matching(*patterns: re.Pattern[str]) -> list[str]:
    """Every line of the app's code and templates that one of ``patterns`` finds, as ``path:line: text``."""
    sources = [*ROOT.joinpath("scorekeeper").rglob("*.py"), *ROOT.joinpath("templates").rglob("*.html")]
    return [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in sorted(sources)
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if any(pattern.search(line) for pattern in patterns)]


def test_pages_and_code_compare_a_rule_with_a_member_of_its_kind_never_with_a_string() -> None:
    """``rules.claims == Claims.RACE`` (rules/variants.py CHOICES, in every page's globals), never ``rules.claims.value
    == "race"``: a value renamed in the engine would leave a string comparison false without a word."""
    found = lines_matching(re.compile(r"""\b(?:rules|answer)(?:\.[a-z_]+)+\s*(?:==|!=|\bis\b)\s*["']"""))
    assert not found, "\n".join(found)


def test_pages_and_code_compare_a_hand_s_result_a_rank_and_a_kind_of_points_with_members() -> None:
    """A hand's result (``Result.THROWN_IN``), a card's rank (``Rank.JACK``), a bedanken's kind of points
    (``ThanksKind.STOECK``) and a contract in a loop (``Contract.NO_TRUMPS``) are compared with a member of their
    kind (rules KINDS, in every page's globals), never with the string the engine happens to use."""
    kinds = {"result": (Result,), "top_trump": (Rank,), "kind": (ThanksKind, Contract), "key": (ThanksKind,)}
    found = lines_matching(*(
        re.compile(rf"""\b{name}(?:\.value)?\s*(?:==|!=|\bnot in\b|\bin\b)\s*\(?["'](?:{values})["']""")
        for name, of in kinds.items() for values in ["|".join(re.escape(m.value) for kind in of for m in kind)]))
    assert not found, "\n".join(found)


def test_every_ruling_is_decided_and_said_by_one_row() -> None:
    """The success and tie rules decide a hand by a table (scoring's ``_DECISIONS``) and the explanation says it
    by one (explain's ``_VERDICTS``): the same rulings, each with its row."""
    from scorekeeper.rules.explain import _VERDICTS
    from scorekeeper.rules.judgement import Ruling
    from scorekeeper.rules.scoring import _DECISIONS

    assert set(_VERDICTS) == set(_DECISIONS) == set(Ruling)


def test_what_a_double_multiplies_by_is_the_game_s_own() -> None:
    """Belote's double and redouble multiply by its ``double_levels`` (×2, ×4), read from the preset and not
    written in the scoring: a game whose preset says ×3 and ×9 scores a doubled hand three times over. (Doubled,
    the side with more points scores the whole hand: the sum of both sides' points, multiplied.)"""
    from scorekeeper.rules import replay

    belote = PRESETS["belote"]
    hand = {"taker": 0, "contract": "hearts", "double": 1, "card_points": [90, None], "last_trick": 0}
    names = ["Ann", "Bob", "Cat", "Dan"]
    plain = sum(replay(belote, [{**hand, "double": 0}], names=names).totals)
    assert belote.double_times == (1, 2, 4)
    assert replay(belote, [hand], names=names).totals == (2 * plain, 0)
    threefold = replace(belote, double_levels=(1, 3, 9))
    assert threefold.double_times == (1, 3, 9)
    assert replay(threefold, [hand], names=names).totals == (3 * plain, 0)
    assert replay(threefold, [{**hand, "double": 2}], names=names).totals == (9 * plain, 0)
