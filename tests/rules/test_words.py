"""The engine's words are sayable in every language (scorekeeper/rules/words.py).

Every sentence the engine makes (a hand's explanation, a house rule, a referee's answer, a problem with an input)
is a ``Said``: its English text, which every other test reads unchanged, and the gettext message and fields it
was made from, which the web layer says in the table's language. These tests check that:

- ``Said`` and ``Listed`` say the English without a catalog, and another language through one, nested parts and
  separators included, numbers by the language's ``number``; and survive pickling and copying;
- every line of every golden case (tests/rules/golden), of every game's house rules in words, of referee answers,
  and every problem the engine finds in bad input, is a ``Said`` (never a plain English ``str``), and said in a
  pseudo-language it keeps no English of its own: every letter left is a player's name or a key of the API
  (an option, a field, a card as typed), never a word of an English fragment glued into a sentence;
- every message the engine says is written where ``pybabel extract -k Said -k N_`` finds it (a message made in
  a variable would never reach the catalogs).
"""

from __future__ import annotations

import copy
import pickle
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_file

from scorekeeper.rules import (
    PRESETS,
    Card,
    PlayOptions,
    Position,
    RuleError,
    Rules,
    judge_melds,
    legal_plays,
    make_rules,
    read_hand,
    replay,
    score_hand,
    split_play_options,
)
from scorekeeper.rules.describe import describe_rules
from scorekeeper.rules.hand import HAND_FIELDS
from scorekeeper.rules.legal import PLAY_OPTION_NAMES
from scorekeeper.rules.match import Replayer, check_next
from scorekeeper.rules.variants import _ENUMS, MELD_KEYS, OPTION_NAMES
from scorekeeper.rules.words import N_, Listed, Said, say
from scorekeeper.tournament import (
    ENTRY_KINDS,
    FORMATS,
    Entry,
    Format,
    PlayedRound,
    TableResult,
    check_entries,
    check_entry_names,
    draw_round,
)
from tests.rules.test_golden import CASE_IDS, CASES, _run

RULES_DIR = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"
TOURNAMENT_DIR = RULES_DIR.parent / "tournament"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
NAMES = ("Ana", "Ivo", "Mara", "Luka")


def bracketed(message: str) -> str:
    """The brief's pseudo-language: the whole message between ⟦ ⟧."""
    return "⟦" + message + "⟧"


def runs(message: str) -> str:
    """A pseudo-language that brackets each run of the message's own text and leaves its fields outside:
    ``⟦Taker ⟧%(side)s⟦: ⟧%(points)s``. What a field brings (a name, a number, a part said in the same
    language) then lies outside the brackets, so English glued in as data would show."""
    return PLACEHOLDER.sub(lambda found: "⟧" + found.group(0) + "⟦", bracketed(message))


def hashed(number: int) -> str:
    """Every number said through ``number``: a digit left in the text was put in as text."""
    return "#"


def leftover(text: str, data: Iterable[str] = ()) -> str:
    """``text`` said in the ``runs`` pseudo-language, less the messages' own text and the given data."""
    rest = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    for item in sorted(data, key=len, reverse=True):
        rest = re.sub(rf"(?<![\w-]){re.escape(item)}(?![\w-])", " ", rest)
    return rest


def english_left(line: str, data: Iterable[str] = ()) -> list[str]:
    """The words of English ``line`` keeps when said in a pseudo-language (beyond ``data``)."""
    return re.findall(r"[A-Za-z]+", leftover(say(line, runs, hashed), data))


def said_everywhere(line: object, data: Iterable[str] = (), digits: bool = False) -> None:
    """``line`` is a Said, says its own English, and keeps no English in a pseudo-language."""
    assert isinstance(line, Said), f"plain text, not a Said: {line!r}"
    assert line.say() == line, f"says other English than it is: {line!r}"
    pseudo = line.say(bracketed, hashed)
    assert pseudo.startswith("⟦") and pseudo.endswith("⟧"), pseudo
    left = english_left(line, data)
    assert not left, f"English outside the messages {left} in {line!r}: {line.say(runs, hashed)}"
    if not digits:
        assert not re.search(r"\d", leftover(line.say(runs, hashed), data)), f"a number put in as text: {line!r}"


def messages(line: object) -> Iterator[str]:
    """Every message ``line`` is said with: its own, its separators, its parts' and fields'."""
    if isinstance(line, Listed):
        yield line.separator
        for part in line.parts:
            yield from messages(part)
    elif isinstance(line, Said):
        yield line.message
        for value in line.fields.values():
            yield from messages(value)


# --- Said and Listed ---------------------------------------------------------------------------------------------

CROATIAN = {
    "%(side)s took every trick: a valat.": "%(side)s je uzeo sve štihove: štiglja.",
    "%(Bela)s always counts: %(side)s keeps %(bela)s %(points)s.": "%(Bela)s se uvijek broji: %(side)s zadržava "
                                                                   "%(bela)s %(points)s.",
    "Bela": "Bela", "bela": "bela",
    "A game is won at %(target)s.": "Partija se dobiva na %(target)s.",
    " and ": " i ",
    "side %(number)s": "strana %(number)s",
}


def croatian(message: str) -> str:
    return CROATIAN.get(message, message)


def spaced(number: int) -> str:
    """Thousands apart by a space, as Croatian and French write them."""
    return f"{number:,}".replace(",", " ")


def test_said_is_its_english_text() -> None:
    line = Said("%(side)s took every trick: a valat.", side="Mike")
    assert line == "Mike took every trick: a valat." and isinstance(line, str)
    assert line.message == "%(side)s took every trick: a valat." and dict(line.fields) == {"side": "Mike"}
    assert line.say() == line
    assert Said("Thrown in: nobody scores; the deal moves on.") == "Thrown in: nobody scores; the deal moves on."


def test_said_in_another_language() -> None:
    line = Said("%(side)s took every trick: a valat.", side="Mike")
    assert line.say(croatian) == "Mike je uzeo sve štihove: štiglja."
    assert say(line, croatian) == "Mike je uzeo sve štihove: štiglja."
    assert say("Mike", croatian) == "Mike", "plain text (a name) is given back as it is"
    unknown = Said("No such message in the catalog: %(side)s.", side="Ivo")
    assert unknown.say(croatian) == "No such message in the catalog: Ivo.", "a message the catalog lacks: English"


def test_nested_parts_are_said_in_the_same_language() -> None:
    line = Said("%(Bela)s always counts: %(side)s keeps %(bela)s %(points)s.", Bela=Said("Bela"),
                side=Said("side %(number)s", number=1), bela=Said("bela"), points=20)
    assert line == "Bela always counts: side 1 keeps bela 20."
    assert line.say(croatian) == "Bela se uvijek broji: strana 1 zadržava bela 20."
    assert line.say(bracketed) == "⟦⟦Bela⟧ always counts: ⟦side 1⟧ keeps ⟦bela⟧ 20.⟧"


def test_numbers_are_written_the_languages_way() -> None:
    line = Said("A game is won at %(target)s.", target=1001)
    assert line == "A game is won at 1001."
    assert line.say(croatian, spaced) == "Partija se dobiva na 1 001."
    assert Said("%(text)s", text="1001").say(number=spaced) == "1001", "a number given as text stays text"
    assert Said("%(flag)s", flag=True).say(number=spaced) == "True", "a bool is no number"


def test_listed_parts_and_separator() -> None:
    names = Listed(["Ana", "Ivo"], N_(" and "))
    assert names == "Ana and Ivo" and names.say(croatian) == "Ana i Ivo"
    assert Listed([]) == "" and Listed([], N_(" and ")).say(croatian) == ""
    sums = Listed([1000, 20], " + ")
    assert sums == "1000 + 20" and sums.say(number=spaced) == "1 000 + 20"
    sides = Listed([Said("side %(number)s", number=0), "Ivo"], N_(" and "))
    assert sides.say(croatian) == "strana 0 i Ivo"
    line = Said("%(sides)s are level on %(total)s: another hand is played.", sides=sides, total=1500)
    assert line == "side 0 and Ivo are level on 1500: another hand is played."
    assert line.say(bracketed, spaced) == "⟦⟦side 0⟧⟦ and ⟧Ivo are level on 1 500: another hand is played.⟧"


@pytest.mark.parametrize("clone", [lambda x: pickle.loads(pickle.dumps(x)), copy.copy, copy.deepcopy],
                         ids=["pickle", "copy", "deepcopy"])
def test_said_survives_pickling_and_copying(clone: Callable[[Any], Any]) -> None:
    sides = Listed([Said("side %(number)s", number=0), "Ivo"], N_(" and "))
    line = Said("%(sides)s are level on %(total)s: another hand is played.", sides=sides, total=1500)
    for original in (line, sides, Said("Doubled"), Listed(["Ana"])):
        again = clone(original)
        assert again == original and type(again) is type(original)
        assert again.message == original.message and dict(again.fields) == dict(original.fields)
        assert again.say(croatian, spaced) == original.say(croatian, spaced)
    again = clone(line)
    assert isinstance(again.fields["sides"], Listed) and again.fields["sides"].parts == sides.parts


# --- every sentence of the engine ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "case"), CASES, ids=CASE_IDS)
def test_every_golden_explanation_line_is_said(preset: str, case: dict[str, Any]) -> None:
    results, _ = _run(preset, case)
    names = case.get("names") or ()
    lines = [line for result in results for line in result.explanation]
    assert lines
    for line in lines:
        said_everywhere(line, names)


HOUSE_RULES: list[dict[str, object] | None] = [
    None, {"bela-on-bate": "stays"}, {"melds": "each-side"}, {"deal-limit": 7}, {"claim-window": 3},
    {"claim-from": 100}, {"claim-from": 100, "claim-window": 2, "false-claim": "forfeits-hand"},
    {"claims": "none"}, {"tie": "hold-all"}, {"tie": "taker-nothing"}, {"tie": "taker-fails"}, {"tens": True},
    {"valat": 100}, {"valat": 100, "no-win-on-valat": True}, {"sequence-tie": "nobody"}, {"revoke": "none"},
    {"best-of": 5}, {"meld-values": {"sequence-5": 100, "square-9": 150, "square-J": 200}},
    {"success": "half-bait", "tie": "taker-fails"},
]


def house_rules() -> Iterator[Rules]:
    for variant in PRESETS:
        for overrides in HOUSE_RULES:
            try:
                rules = make_rules(variant, overrides)
            except RuleError:
                continue  # a house rule this game cannot take (half-bait for three players …)
            yield rules


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_house_rule_in_words_is_said(variant: str) -> None:
    for rules in house_rules():
        if rules.variant == variant:
            for line in describe_rules(rules):
                # Card ranks 7 to 10 are written as on the card (the letters J Q K A are said).
                said_everywhere(line, digits=True)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_games_own_words_are_said(variant: str) -> None:
    rules = PRESETS[variant]
    for word in (rules.title, rules.description, rules.bela_word):
        said_everywhere(word, digits=True)


def referee_answers() -> Iterator[tuple[Rules, str]]:
    """Meld contests and legal plays of every game, each with the line it explains."""
    declared: list[list[list[object]]] = [
        [[{"kind": "sequence", "length": 4, "top": "K", "suit": "clubs"}],
         [{"kind": "sequence", "length": 4, "top": "K", "suit": "hearts"}]],
        [[{"kind": "sequence", "length": 4, "top": "A", "suit": "clubs"}],
         [{"kind": "sequence", "length": 4, "top": "K", "suit": "hearts"}, {"kind": "square", "rank": "A"}]],
        [[{"kind": "sequence", "length": 3, "top": "K", "suit": "clubs"}, {"kind": "square", "rank": "K"}],
         [{"kind": "sequence", "length": 5, "top": "10", "suit": "hearts"}, {"kind": "square", "rank": "Q"}]],
        [[{"kind": "square", "rank": "A"}], [{"kind": "square", "rank": "K"}]],
        [[], [{"kind": "sequence", "length": 3, "top": "9", "suit": "spades"}]],
        [[], []],
    ]
    plays = [([], ["JH", "7H", "AD"]), ([{"seat": 0, "card": "AH"}], ["7H", "JC", "KD"]),
             ([{"seat": 0, "card": "AC"}], ["JH", "7D"]), ([{"seat": 0, "card": "AC"}], ["JH", "8H", "7D"]),
             ([{"seat": 0, "card": "7D"}, {"seat": 1, "card": "9H"}], ["JH", "7H", "KS"]),
             ([{"seat": 0, "card": "7D"}, {"seat": 1, "card": "AD"}], ["KS", "QS"]),
             ([{"seat": 0, "card": "AH"}], ["JH", "QC"]), ([{"seat": 0, "card": "7D"}], ["JH", "KC"])]
    for rules in (PRESETS[variant] for variant in PRESETS):
        for sides in declared:
            for contract in rules.contracts:
                for bela in (None, [1] + [0] * (rules.sides - 1)):
                    if contract.value == "no-trumps" and (bela or any(sides)):
                        continue
                    padded = sides + [[]] * (rules.sides - 2)
                    for names in (None, NAMES[:rules.sides]):
                        try:
                            judged = judge_melds(rules, contract.value, 0, padded, names, bela)
                        except RuleError:
                            continue  # a meld this game does not have
                        for line in judged.explanation:
                            yield rules, line
        step = -1 if rules.deal.value == "right" else 1
        for trick, hand in plays:
            if len(trick) >= rules.players:
                continue
            trick = [{"seat": (n * step) % rules.players, "card": played["card"]} for n, played in enumerate(trick)]
            for contract in rules.contracts:
                for options in (PlayOptions(), PlayOptions(bare_yuss=True, scoring_trump_lead=True)):
                    found = legal_plays(rules, contract.value, (len(trick) * step) % rules.players, trick, hand,
                                        options)
                    for line in found.explanation:
                        yield rules, line


def test_every_referee_answer_is_said() -> None:
    seen = 0
    for _rules, line in referee_answers():
        said_everywhere(line, NAMES, digits=True)  # cards are written 7♠ to 10♠ as on the card
        seen += 1
    assert seen > 500


# --- problems with bad input --------------------------------------------------------------------------------------

BELA: dict[str, Any] = {"taker": 0, "card_points": [80, 62], "last_trick": 0}
BELOTE: dict[str, Any] = {"taker": 0, "contract": "hearts", "card_points": [82, None], "last_trick": 0}
SEQUENCE = {"kind": "sequence", "length": 3, "top": "K", "suit": "clubs"}
BAD_HANDS: list[tuple[str, object, dict[str, object] | None]] = [
    ("bela", {**BELA, "card_points": [-5, 60]}, None),
    ("bela", {**BELA, "card_points": [160, 0]}, None),
    ("bela", {**BELA, "card_points": [1, 140]}, None),
    ("bela", {**BELA, "card_points": [100, 100]}, None),
    ("bela", {**BELA, "card_points": ["x", 1.5]}, None),
    ("bela", {**BELA, "card_points": [80]}, None),
    ("bela-3", {**BELA, "card_points": [50, None, 50]}, None),
    ("belote", {**BELOTE, "card_points": [1, None]}, None),
    ("belote", {**BELOTE, "card_points": [80, 80]}, None),
    ("belote", {**BELOTE, "card_points": [None, None]}, None),
    ("belote", {**BELOTE, "contract": "all-trumps", "card_points": [249, None]}, None),
    ("belote", {"taker": 0, "card_points": [82, None], "last_trick": 0}, None),
    ("belote", {**BELOTE, "contract": "spadez"}, None),
    ("bela", {**BELA, "contract": "no-trumps"}, None),
    ("belote", {**BELOTE, "double": 3}, None),
    ("bela", {**BELA, "double": 1}, None),
    ("bela", {}, None),
    ("bela", {"taker": True, "card_points": [80, 62], "last_trick": 7}, None),
    ("bela", "taker 0", None),
    ("bela", {**BELA, "bogus": 1, "thrown_in": "yes"}, None),
    ("bela", {"thrown_in": True, "claim": {"side": 0, "points": 10}}, None),
    ("bela", {**BELA, "took_trick": [False, False]}, None),
    ("bela", {**BELA, "took_trick": [1, 0]}, None),
    ("bela", {**BELA, "melds": [[30], []]}, None),
    ("bela", {**BELA, "melds": [[20, 20, 20, 20], []]}, None),
    ("bela", {**BELA, "melds": [[20], [20]]}, None),
    ("zensa", {**BELA, "melds": [[200], [200]]}, None),
    ("bela", {**BELA, "melds": ["x", []]}, None),
    ("bela", {**BELA, "melds": [[]]}, None),
    ("bela", {**BELA, "melds": [["x"], []]}, None),
    ("bela", {**BELA, "melds": [[20, SEQUENCE], []]}, None),
    ("bela", {**BELA, "melds": [[SEQUENCE, {**SEQUENCE, "top": "Q"}], []]}, None),
    ("bela", {**BELA, "melds": [[{"kind": "run"}, {**SEQUENCE, "length": 9}, {**SEQUENCE, "top": "Z"},
                                 {**SEQUENCE, "suit": "stars"}, {**SEQUENCE, "length": 5, "top": "9"},
                                 {"kind": "square", "rank": "X"}, {"kind": "square", "rank": "7"}], []]}, None),
    ("belote", {**BELOTE, "contract": "no-trumps", "melds": [[20], []], "bela": [1, 0]}, None),
    ("belote", {**BELOTE, "contract": "all-trumps", "bela": [3, 2]}, None),
    ("bela", {**BELA, "bela": [1, 1]}, None),
    ("bulka", {**BELA, "card_points": [80, 61], "bela": [-1, "x"]}, None),
    ("klaberjass", {"claim": {"side": 0, "points": 10}}, None),
    ("bela", {"claim": 5}, None),
    ("bela", {"claim": {"side": 0}}, None),
    ("bela", {"claim": {"side": 2, "points": 9999, "trick": 99}}, None),
    ("bela", {"claim": {"side": 0, "points": 10}}, {"claim-window": 3}),
    ("bela", {"claim": {"side": 0, "points": 10, "trick": 5}}, {"claim-window": 3}),
    ("bela", {**BELA, "revoke": 5}, None),
    ("bela", {**BELA, "revoke": {"accused": 0, "accuser": 0, "upheld": "x"}}, None),
    ("bela", {**BELA, "revoke": {}}, None),
    ("bela", {**BELA, "revoke": {"accused": 0, "accuser": 1, "upheld": True}}, {"revoke": "none"}),
]
BAD_RULES: list[tuple[str, object]] = [
    ("ladder", None),
    ("bela", [1]),
    ("bela", {"bogus": 1, "tie": "sometimes", "tens": 3, "target": "x", "claim_window": "x",
              "meld-values": {"run-7": 1, "sequence-3": 15}}),
    ("bela", {"meld-values": 3}),
    ("bela", {"target": 0, "best-of": 2, "claim-window": 20, "claim-from": 99999, "valat": 15, "deal-limit": 0}),
    ("bela-3", {"success": "half-bait", "false-claim": "forfeits-hand", "tens": True}),
    ("bela", {"success": "half-bait"}),
    ("klaberjass", {"claim-window": 2, "claim-from": 3}),
]


def refused(call: Callable[..., object], *args: object) -> tuple[Any, ...]:
    with pytest.raises(RuleError) as info:
        call(*args)
    return info.value.problems


def bad_input_problems() -> Iterator[tuple[str, object]]:
    """The problems of many bad inputs, as the engine words them: (field, message)."""
    for variant, hand, overrides in BAD_HANDS:
        rules = make_rules(variant, overrides)
        for names in (None, NAMES[:rules.sides]):
            for problem in refused(read_hand, rules, hand, names):
                yield problem.field, problem.message
    for variant, raw in BAD_RULES:
        for problem in refused(make_rules, variant, raw):
            yield problem.field, problem.message
    for raw in (3, {"bare-yuss": 1, "scoring_trump_lead": "x"}):
        for problem in refused(split_play_options, raw):
            yield problem.field, problem.message
    clobby = make_rules("clobby")
    claim = {"claim": {"side": 0, "points": 100}}
    for problem in refused(score_hand, clobby, Position((100, 0)), claim, NAMES[:2]):
        yield problem.field, problem.message
    for problem in refused(Card.parse, "11H"):
        yield problem.field, problem.message
    bela, belote = PRESETS["bela"], PRESETS["belote"]
    for problem in refused(Replayer, bela, 9):
        yield problem.field, problem.message
    short = make_rules("klaberjass", {"target": 50})
    won = replay(short, [BELA], names=NAMES[:2])
    for problem in refused(check_next, short, won, BELA, NAMES[:2]):
        yield problem.field, problem.message
    for problem in refused(replay, short, [BELA, BELA]):
        yield problem.field, problem.message
    # The referee: legal plays and meld contests.
    for rules, contract, seat, trick, hand in [
        (bela, "stars", 9, "AH", "AH"),
        (bela, None, "x", [1, {"seat": 0, "card": "ZZ"}, {"seat": 0, "card": 5}], []),
        (bela, "hearts", 0, [{"seat": 0, "card": "AH"}, {"seat": 1, "card": "KH"}], ["AH"] * 10),
        (belote, "hearts", 0, [{"seat": 0, "card": "AH"}, {"seat": 0, "card": "AH"}], ["AH", "KH", "KH"]),
        (belote, "hearts", 3, [{"seat": 0, "card": "AH"}, {"seat": 1, "card": "7H"}], ["7H"]),
        (make_rules("clobby"), "hearts", 3, [{"seat": 0, "card": "AH"}, {"seat": 2, "card": "7H"}], ["8H"]),
    ]:
        for problem in refused(legal_plays, rules, contract, seat, trick, hand):
            yield problem.field, problem.message
    for rules, contract, forehand, declarations, bela_count in [
        (bela, "stars", 9, "x", None),
        (bela, "hearts", True, [[20], []], [1]),
        (bela, "hearts", 0, [[], []], [1, 1]),
        (belote, "no-trumps", 0, [[], []], [1, 0]),
        (belote, "hearts", 0, [[SEQUENCE, {"kind": "square", "rank": "7"}], []], [-1, 0]),
    ]:
        for problem in refused(judge_melds, rules, contract, forehand, declarations, NAMES[:rules.sides], bela_count):
            yield problem.field, problem.message
    # The tournament draw.
    pairs, players = Format("knockout", "pairs", 4, 2), Format("knockout", "players", 2, 2)
    for fmt, count in [
        (Format("ladder", "players", 4, 2), 4), (Format("swiss", "teams", 4, 2, rounds=3), 4),
        (Format("knockout", "pairs", 2, 2), 4), (Format("knockout-remix", "pairs", 4, 2), 4),
        (Format("knockout", "players", 4, 2), 4), (Format("swiss", "players", 2, 2), 4),
        (Format("swiss", "players", 2, 2, rounds=51), 4), (Format("knockout", "players", 2, 2, rounds=3), 4),
        (Format("round-robin", "players", 3, 3), 4), (Format("swiss", "players", 4, 3, rounds=2), 4),
        (Format("knockout-remix", "players", 4, 2), 10), (pairs, 1), (Format("swiss", "players", 3, 3, 3), 2),
        (Format("knockout", "players", 3, 3), 4),
    ]:
        for problem in refused(check_entries, fmt, count):
            yield problem.field, problem.message
    for fmt, entries in [(pairs, [Entry(("Ana", "Ivo")), Entry(("Mara",))]),
                         (players, [Entry(("Ana",)), Entry((" ana ",))]), (players, [Entry(("Ana",)), Entry(("",))]),
                         (players, [Entry(("Ana",)), Entry(("Ivo", "Mara"))])]:
        for problem in refused(check_entry_names, fmt, entries):
            yield problem.field, problem.message
    swiss = Format("swiss", "players", 2, 2, rounds=2)
    four = [Entry((name,)) for name in NAMES]
    table = TableResult(((0,), (1,)), (1, 2), 0)
    other = TableResult(((2,), (3,)), (1, 2), 0)
    for fmt, entries, played in [
        (swiss, four, [PlayedRound(2, (), ())]),
        (swiss, four, [PlayedRound(1, (table,), ())]),
        (swiss, four, [PlayedRound(1, (TableResult(((0,), (9,)), (1, 2), 0),), ())]),
        (swiss, four, [PlayedRound(1, (TableResult(((0,), (0,)), (1, 2), 0),), ())]),
        (swiss, four, [PlayedRound(1, (TableResult(((0,),), (1,), 0),), ())]),
        (swiss, four, [PlayedRound(1, (TableResult(((0,), (1,)), (1,), 0),), ())]),
        (swiss, four, [PlayedRound(1, (TableResult(((0,), (1,)), (1, 2), 5),), ())]),
        (swiss, four, [PlayedRound(1, (table, other), ()), PlayedRound(2, (table, other), ())]),
        (swiss, four, [PlayedRound(n, (table, other), ()) for n in (1, 2, 3)]),
        (players, four[:3], [PlayedRound(1, (table,), ())]),
        (players, four, [PlayedRound(1, (table, other), (1,))]),
        (players, four, [PlayedRound(1, (table, other), ()),
                         PlayedRound(2, (TableResult(((0,), (2,)), (1, 2), 0),), (1,))]),
        (players, four, [PlayedRound(1, (TableResult(((0,), (2,)), (1, 2), 0),
                                         TableResult(((1,), (3,)), (1, 2), 0)), ()),
                         PlayedRound(2, (table,), ())]),
        (players, four, [PlayedRound(1, (table, other), ()),
                         PlayedRound(2, (TableResult(((0,), (2,)), (1, 2), 0),), ())]),
        (Format("knockout-remix", "players", 2, 2), four, [PlayedRound(1, (table, other), (1,))]),
    ]:
        for problem in refused(draw_round, fmt, entries, played, 1):
            yield problem.field, problem.message


# Keys of the API, not words: option names and values, a hand's fields, meld keys, games, tournament formats.
KEYS = {*OPTION_NAMES, *(member.value for enum in _ENUMS.values() for member in enum), *HAND_FIELDS, *MELD_KEYS,
        *PRESETS, *FORMATS, *ENTRY_KINDS, *PLAY_OPTION_NAMES}
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")  # a value as it was given (its repr)
GIVEN = {"True", "False", "None", "ana"}  # values as they were given: JSON true, a player's name


def test_every_problem_with_bad_input_is_said() -> None:
    found = list(bad_input_problems())
    assert len(found) > 150
    for field, message in found:
        assert isinstance(field, str) and not isinstance(field, Said), "a field is a key, not text"
        assert isinstance(message, Said), f"{field}: plain text, not a Said: {message!r}"
        assert message.say() == message
        shown = message.say(runs, hashed)
        data = QUOTED.sub(" ", CARD_CODE.sub(" ", leftover(shown)))
        left = re.findall(r"[A-Za-z]+", leftover(data, [*KEYS, *NAMES, *GIVEN]))
        assert not left, f"{field}: English outside the messages {left} in {message!r}: {shown}"


# --- every message can be extracted --------------------------------------------------------------------------------


def extracted() -> set[str]:
    """The messages ``pybabel extract -k Said -k N_`` finds in scorekeeper/rules and scorekeeper/tournament."""
    found: set[str] = set()
    for path in sorted([*RULES_DIR.glob("*.py"), *TOURNAMENT_DIR.glob("*.py")]):
        for _line, message, _comments, _context in extract_from_file(
                "python", str(path), keywords={"Said": None, "N_": None}, comment_tags=("Translators:", "glossary:")):
            found.add(message if isinstance(message, str) else message[0])
    return found


def test_every_message_said_is_extracted() -> None:
    catalog = extracted()
    lines: list[object] = []
    for preset, case in CASES:
        results, _ = _run(preset, case)
        lines.extend(line for result in results for line in result.explanation)
    for rules in house_rules():
        lines.extend(describe_rules(rules))
        lines.extend((rules.title, rules.description, rules.bela_word))
    lines.extend(line for _rules, line in referee_answers())
    lines.extend(message for _field, message in bad_input_problems())
    for kind in FORMATS.values():  # a format's words on the pages
        lines.extend((kind.word, kind.title, kind.description, *kind.nights.values()))
    said = {message for line in lines for message in messages(line)}
    # Separators that are notation (" + ", " > ", " "), not words, need no translation.
    missing = {message for message in said if re.search(r"[A-Za-z]", message)} - catalog
    assert not missing, f"said but not where pybabel finds it: {sorted(missing)}"
    assert len(said & catalog) > 250
