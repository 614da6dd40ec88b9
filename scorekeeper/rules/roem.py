"""Roem in one trick (RULES.md §10b): the Klaverjas referee's question "what roem is in these four cards?".

Three in sequence 20, four in sequence 50 (natural order A K Q J 10 9 8 7, any suit); four of a kind of any
rank 100 (its value from the game's meld values: four jacks 200 under the house option); stuk, the K and Q of
trumps, 20, which adds to a run that holds it (K-Q-J of trumps 40, A-K-Q-J or K-Q-J-10 of trumps 70). A trick
of four cards cannot hold a square and a stuk at once: four kings with the trump king are 100.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import NATURAL_ORDER, Card, Contract, Rank, Suit
from .errors import Problem, RuleError
from .legal import read_card, read_contract
from .melds import Square
from .variants import Rules
from .words import Listed, Said


@dataclass(frozen=True, slots=True)
class Roem:
    """The roem in one trick, and the sentences that say where it is."""

    points: int
    explanation: tuple[str, ...]


def read_trick_cards(rules: Rules, raw: object, problems: list[Problem]) -> list[Card]:
    """A whole trick as four distinct cards (``["JH", "AH", "KH", "QH"]``); each problem named ``trick`` or
    ``trick.N``."""
    if not isinstance(raw, list | tuple) or len(raw) != rules.players:
        given = len(raw) if isinstance(raw, list | tuple) else None
        # Translators: a whole trick as the API writes it: keep the brackets and the card codes.
        problems.append(Problem("trick", Said("a trick is the %(cards)s cards played to it, like "
                                              "[\"JH\", \"AH\", \"KH\", \"QH\"], not %(given)s cards",
                                              cards=rules.players, given=given) if given is not None else
                                # Translators: a whole trick as the API writes it: keep the brackets and the cards.
                                Said("a trick is the %(cards)s cards played to it, like "
                                     "[\"JH\", \"AH\", \"KH\", \"QH\"]", cards=rules.players)))
        if not isinstance(raw, list | tuple) or len(raw) > 2 * rules.players:
            return []
    cards: list[Card] = []
    seen: dict[Card, int] = {}
    for n, value in enumerate(raw):
        card = read_card(value, f"trick.{n}", problems)
        if card is None:
            continue
        if card in seen:
            # Translators: %(number)s counts the trick's cards from 1: "the JH is already the trick's card 1".
            problems.append(Problem(f"trick.{n}", Said("the %(card)s is already the trick's card %(number)s: a pack "
                                                       "has one of each", card=str(card), number=seen[card] + 1)))
            continue
        seen[card] = n
        cards.append(card)
    return cards


def no_roem(rules: Rules) -> Said | None:
    """Why ``rules``' game has no roem to ask about, or None when it has (Klaverjas)."""
    if rules.roem:
        return None
    # glossary: melds
    return Said("%(game)s has no roem: roem is won in the tricks in Klaverjas only (ask the melds referee about "
                "declarations)", game=rules.title)


def roem(rules: Rules, contract: object, trick: object) -> Roem:
    """The roem in the four cards of ``trick`` under ``contract`` (which names the trumps), and why.

    A RuleError names every problem: ``variant`` (a game without roem), ``contract``, ``trick``, ``trick.N``.
    """
    problems: list[Problem] = []
    missing = no_roem(rules)
    if missing is not None:
        problems.append(Problem("variant", missing))
    the_contract = read_contract(rules, contract, problems)
    cards = read_trick_cards(rules, trick, problems)
    if problems:
        raise RuleError(problems)
    return _roem(rules, the_contract, cards)


def _roem(rules: Rules, contract: Contract | None, cards: Sequence[Card]) -> Roem:
    points = 0
    lines: list[str] = []
    trump = contract.trump if contract is not None else None
    ranks = {card.rank for card in cards}
    if len(cards) == 4 and len(ranks) == 1:
        rank = next(iter(ranks))
        value = rules.square_value(rank)
        if value:
            points += value
            # glossary: melds
            # Translators: roem of a square in one trick: "Four of a kind (four kings): 100."
            lines.append(Said("Four of a kind (%(square)s): %(points)s.", square=Square(rank).describe(),
                              points=value))
    for suit in Suit:
        run = _longest_run(sorted((c.rank.height for c in cards if c.suit is suit), reverse=True))
        value = rules.sequence_value(len(run))
        if len(run) >= 3 and value:
            points += value
            # Translators: roem of a run in one trick, its cards from the top: "A-K-Q-J in hearts: 50." (the
            # letters J Q K A are said as your language writes them on the cards).
            lines.append(Said("%(run)s in %(suit)s: %(points)s.", run=Listed((NATURAL_ORDER[h].short for h in run),
                                                                               "-"), suit=suit.word, points=value))
    if trump is not None and Card(Rank.KING, trump) in cards and Card(Rank.QUEEN, trump) in cards:
        points += rules.bela_points
        # glossary: belote and rebelote
        # Translators: roem of the K and Q of trumps in one trick: "King and queen of trumps (stuk): 20." (stuk is
        # the game's word for them).
        lines.append(Said("King and queen of trumps (%(stuk)s): %(points)s.", stuk=rules.bela_word,
                          points=rules.bela_points))
    if not lines:
        # glossary: melds
        lines.append(Said("No roem in this trick: no three cards in sequence, no four of a kind, no king and queen "
                          "of trumps."))
    return Roem(points, tuple(lines))


def _longest_run(heights: list[int]) -> list[int]:
    """The longest run of consecutive heights in ``heights`` (highest first), highest first."""
    best: list[int] = []
    run: list[int] = []
    for height in heights:
        run = [*run, height] if run and run[-1] == height + 1 else [height]
        if len(run) > len(best):
            best = run
    return best
