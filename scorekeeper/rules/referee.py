"""The referee's meld question (docs/api.md "Referee"): who scores which declarations, read from the table's words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import JASS, Card, CardValues, Contract
from .errors import Problem, RuleError
from .hand import default_names, read_declarations
from .legal import read_contract
from .melds import MeldContest, contest
from .variants import Rules, capital_bela
from .words import Said


def judge_melds(
    rules: Rules, contract: object, forehand: object, declarations: object, names: Sequence[str] | None = None,
    bela: Sequence[int] | None = None,
) -> MeldContest:
    """Adjudicate the declarations of each side (a list per side, as docs/api.md writes them).

    ``forehand`` is the side that plays first to the first trick (it wins sequences equal in every way where
    the variant says so). A RuleError names every problem: ``contract``, ``forehand``, ``declarations.N``.
    """
    names = names or default_names(rules)
    problems: list[Problem] = []
    the_contract = read_contract(rules, contract, problems)
    if isinstance(forehand, bool) or not isinstance(forehand, int) or not 0 <= forehand < rules.sides:
        problems.append(Problem("forehand", Said("%(value)s is not a side: forehand is the side that leads to the "
                                                 "first trick, numbered 0 to %(last)s", value=repr(forehand),
                                                 last=rules.sides - 1)))
    try:
        declared = read_declarations(rules, declarations, the_contract, names)
    except RuleError as error:
        problems.extend(error.problems)
    bela = list(bela or [0] * rules.sides)
    word = rules.bela_word
    most = 0 if the_contract is Contract.NO_TRUMPS else 4 if the_contract is Contract.ALL_TRUMPS else 1
    if len(bela) != rules.sides or any(n < 0 for n in bela):
        # glossary: belote and rebelote
        problems.append(Problem("bela", Said("give a count of %(bela)s for each of the %(sides)s sides", bela=word,
                                             sides=rules.sides)))
    elif sum(bela) > most:
        # glossary: belote and rebelote, trumps (no trumps)
        problems.append(Problem("bela", Said("there is no %(bela)s in no-trumps", bela=word) if most == 0 else
                                # glossary: trumps
                                Said("only %(count)s K and Q of trumps can be held", count=most)))
    if problems:
        raise RuleError(problems)
    assert isinstance(forehand, int)
    judged = contest(rules, the_contract, forehand, declared, names)
    scores = list(judged.scores)
    lines = list(judged.explanation) or [Said("Nobody declared a sequence or a square.")]
    for side, count in enumerate(bela):
        if count:
            points = rules.bela_points * count
            # glossary: belote and rebelote, trumps
            # Translators: %(Bela)s is the game's word for K and Q of trumps with a capital first letter ("Bela",
            # "Belote").
            lines.append(Said("%(Bela)s always counts: %(side)s scores %(points)s for the K and Q of trumps.",
                              Bela=capital_bela(rules), side=names[side], points=points))
            scores[side] += points
    return MeldContest(tuple(scores), tuple(lines)) if any(bela) or not judged.explanation else judged


class CardCount(NamedTuple):
    """Card points of the cards each side took (without the last trick), and what the deck says of them."""

    points: tuple[int, ...]
    deck: int
    other: int | None
    """In four-handed play, the other side's points: the rest of the deck."""
    adds_up: bool | None
    """In four-handed play with both sides' cards given: whether they make the whole deck."""


def count_card_points(
    contract: Contract, taken: Sequence[Sequence[Card]], full_deck: bool, values: CardValues = JASS,
) -> CardCount:
    """The card counter: each side's card points under ``contract`` (trump values follow it; ``values`` are
    the game's, ``rules.cards``: the Czech games count the queen of trumps 20)."""
    deck = values.deck(contract)
    points = tuple(sum(values.points(card, contract) for card in cards) for cards in taken)
    if not full_deck:
        return CardCount(points, deck, None, None)
    given = [p for p, cards in zip(points, taken, strict=True) if cards]
    return CardCount(points, deck, deck - points[0], None if len(given) < 2 else sum(given) == deck)
