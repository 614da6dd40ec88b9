"""A fact of the cards is written once, in the engine, and everything else asks it. A second copy is a
place the next game would have to be added by hand."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.rules import SUIT_SIGNS, Suit

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*ROOT.joinpath("scorekeeper").rglob("*.py"), *ROOT.joinpath("templates").rglob("*.html"),
           *(p for p in ROOT.joinpath("static", "js").rglob("*.js") if "vendor" not in p.parts)]
SIGN_WRITTEN = re.compile(r"""["'][♣♦♥♠]["']|[♣♦♥♠]{2}""")
"""A suit's sign written as data: a one-sign string ("♥") or the signs side by side ("♣♦♥♠")."""
SUIT_NAMES_WRITTEN = re.compile(r"""(?:hearts|diamonds|clubs|spades)["']?\s*(?:\|\||===|==|:)\s*["']?[♣♦♥♠]""")


def test_the_suits_signs_are_written_once_in_the_engine() -> None:
    assert {suit.value: suit.sign for suit in Suit} == dict(SUIT_SIGNS) and len(set(SUIT_SIGNS.values())) == 4
    copies = sorted(str(p.relative_to(ROOT)) for p in SOURCES
                    if SIGN_WRITTEN.search(p.read_text(encoding="utf-8")) or
                    SUIT_NAMES_WRITTEN.search(p.read_text(encoding="utf-8")))
    assert copies == ["scorekeeper/rules/cards.py"]


def test_the_card_counter_asks_the_server_which_suits_are_trumps_and_red() -> None:
    script = ROOT.joinpath("static", "js", "hand.js").read_text(encoding="utf-8")
    assert not re.search(r"""["'](?:all-trumps|hearts|diamonds)["']""", script)


def test_the_limits_of_what_a_table_types_are_written_once() -> None:
    """A name's length, the seats, a note's length: scorekeeper/rules/limits.py, read by the forms, the API, the
    phone's engine, the database's columns and the pages' maxlength; no number of its own elsewhere."""
    written = re.compile(r"""maxlength=["']?\d|Length\(max=\d|max_length=\d{2}|String\(40\)|MAX_PLAYERS = \d""")
    copies = sorted(f"{p.relative_to(ROOT)}:{n}" for p in SOURCES if "migrations" not in p.parts
                    for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if written.search(line))
    assert copies == []
