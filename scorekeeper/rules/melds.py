"""Declarations (sequences, squares) and the contest of who scores them (RULES.md section 3)."""

from __future__ import annotations

from collections.abc import Sequence as Seq
from dataclasses import dataclass

from .cards import NATURAL_ORDER, Card, Contract, Rank, Suit
from .variants import Melds, Rules, SequenceTie

_VALUE_WORDS = {20: "twenty", 30: "thirty", 50: "fifty", 100: "hundred", 150: "hundred and fifty", 200: "two hundred"}


def value_word(points: int) -> str:
    """How players name a meld by its value: a twenty, a fifty."""
    return _VALUE_WORDS.get(points, str(points))


@dataclass(frozen=True, slots=True)
class Sequence:
    """A run of ``length`` cards of one suit in natural order, ending in ``top``."""

    length: int
    top: Rank
    suit: Suit

    def cards(self) -> tuple[Card, ...]:
        """The cards of the run, lowest first."""
        high = self.top.height
        return tuple(Card(NATURAL_ORDER[i], self.suit) for i in range(high - self.length + 1, high + 1))

    def describe(self) -> str:
        """``three-card sequence to the king in clubs``."""
        return f"{self.length}-card sequence to the {self.top.word} in {self.suit.value}"


@dataclass(frozen=True, slots=True)
class Square:
    """Four cards of one rank."""

    rank: Rank

    def cards(self) -> tuple[Card, ...]:
        """The four cards."""
        return tuple(Card(self.rank, suit) for suit in Suit)

    def describe(self) -> str:
        """``four jacks``."""
        return f"four {self.rank.word}s"


Declaration = Sequence | Square
"""A meld as announced at the table."""


@dataclass(frozen=True, slots=True)
class MeldContest:
    """Who scores which declarations, and the sentences that say why."""

    scores: tuple[int, ...]
    explanation: tuple[str, ...]


def _sequence_key(rules: Rules, contract: Contract | None, seq: Sequence) -> tuple[int, int, int]:
    in_trumps = 1 if contract is not None and contract.is_trump(seq.suit) else 0
    return (seq.length, seq.top.height, in_trumps)


def contest(
    rules: Rules,
    contract: Contract | None,
    forehand: int,
    declarations: Seq[Seq[Declaration]],
    names: Seq[str],
) -> MeldContest:
    """Adjudicate declared melds per side: best sequence scores all its side's sequences; squares apart.

    ``forehand`` is the side that plays first to the first trick; equal best sequences go to it
    (or the side nearest after it in play order) unless the variant says nobody scores them.
    """
    sides = len(declarations)
    scores = [0] * sides
    lines: list[str] = []
    sequences = [[d for d in side if isinstance(d, Sequence)] for side in declarations]
    squares = [[d for d in side if isinstance(d, Square)] for side in declarations]

    if rules.melds is Melds.EACH_SIDE:
        for s in range(sides):
            values = [_value(rules, d) for d in declarations[s]]
            if values:
                scores[s] = sum(values)
                lines.append(_capital(f"{names[s]} scores {_sum_text(values)} "
                                      f"({', '.join(d.describe() for d in declarations[s])})."))
        if lines:
            lines.insert(0, "Every side scores the declarations it holds (house rule: melds each-side).")
        return MeldContest(tuple(scores), tuple(lines))

    holders = [s for s in range(sides) if sequences[s]]
    if holders:
        best = {s: max(sequences[s], key=lambda q: _sequence_key(rules, contract, q)) for s in holders}
        winner, reason = _sequence_winner(rules, contract, forehand, best, names)
        if winner is None:
            lines.append(_sentence(reason, "nobody scores sequences"))
        else:
            values = [rules.sequence_value(q.length) for q in sequences[winner]]
            scores[winner] += sum(values)
            lines.append(_sentence(reason, f"{names[winner]} scores {_sum_text(values)}"))

    square_holders = [s for s in range(sides) if squares[s]]
    if square_holders:
        tops = {s: max(squares[s], key=lambda q: rules.square_rank(q.rank)) for s in square_holders}
        winner = max(square_holders, key=lambda s: rules.square_rank(tops[s].rank))
        if len(square_holders) > 1:
            others = [s for s in square_holders if s != winner]
            equal = all(rules.square_value(tops[s].rank) == rules.square_value(tops[winner].rank) for s in others)
            why = " (equal squares rank in trump order)" if equal else ""
            beaten = " and ".join(names[s] + "'s " + tops[s].describe() for s in others)
            lines.append(f"Squares are judged apart: {names[winner]}'s {tops[winner].describe()} beat {beaten}{why}.")
        values = [rules.square_value(q.rank) for q in squares[winner]]
        scores[winner] += sum(values)
        lines.append(_capital(f"{names[winner]} scores {_sum_text(values)} for squares "
                              f"({', '.join(q.describe() for q in squares[winner])})."))
    return MeldContest(tuple(scores), tuple(lines))


def _value(rules: Rules, declaration: Declaration) -> int:
    if isinstance(declaration, Square):
        return rules.square_value(declaration.rank)
    return rules.sequence_value(declaration.length)


def _sum_text(values: list[int]) -> str:
    return str(values[0]) if len(values) == 1 else f"{' + '.join(map(str, values))} = {sum(values)}"


def _sequence_winner(
    rules: Rules,
    contract: Contract | None,
    forehand: int,
    best: dict[int, Sequence],
    names: Seq[str],
) -> tuple[int | None, str]:
    """The side whose best sequence wins (None: nobody), and the comparison said as at the table.

    What the sides have in common is joined by commas, the step that decides follows a semicolon:
    ``both twenties, both king high; side 1's is in trumps`` (docs/api.md's referee example).
    """
    holders = list(best)
    if len(holders) == 1:
        only = holders[0]
        return only, f"only {names[only]} declared a sequence ({best[only].describe()})"
    lengths = {s: best[s].length for s in holders}
    longest = max(lengths.values())
    values = {s: value_word(rules.sequence_value(best[s].length)) for s in holders}
    if list(lengths.values()).count(longest) == 1:
        winner = max(holders, key=lambda s: lengths[s])
        return winner, (f"{names[winner]}'s {longest}-card sequence ({values[winner]}) is longer than "
                        f"{_others(names, holders, winner)}")
    holders = [s for s in holders if lengths[s] == longest]
    word = values[holders[0]]
    plural = f"{word[:-1]}ies" if word.endswith("y") else f"{word}s"
    same = [f"both {plural}" if len(holders) == 2 else f"{len(holders)} {plural}"]
    tops = {s: best[s].top.height for s in holders}
    highest = max(tops.values())
    if list(tops.values()).count(highest) == 1:
        winner = max(holders, key=lambda s: tops[s])
        return winner, _steps(same, f"{names[winner]}'s is {best[winner].top.word} high, the highest")
    holders = [s for s in holders if tops[s] == highest]
    same.append(f"{'both' if len(holders) == 2 else 'all'} {best[holders[0]].top.word} high")
    in_trumps = [s for s in holders if contract is not None and contract.is_trump(best[s].suit)
                 and contract is not Contract.ALL_TRUMPS]
    if rules.sequence_tie is SequenceTie.NOBODY:
        aside = " (one in trumps makes no difference)" if len(in_trumps) == 1 else ""
        return None, _steps(same, f"equal best sequences{aside}")
    if len(in_trumps) == 1:
        winner = in_trumps[0]
        return winner, _steps(same, f"{names[winner]}'s is in trumps")
    sides_in_order = sorted(holders, key=lambda s: (s - forehand) % len(names))
    winner = sides_in_order[0]
    who = "is forehand" if winner == forehand else "plays first of them"
    return winner, _steps(same, f"equal in every way, and {names[winner]} {who}")


def _steps(same: list[str], decider: str) -> str:
    return ", ".join(same) + "; " + decider


def _others(names: Seq[str], holders: list[int], winner: int) -> str:
    return " and ".join(f"{names[s]}'s" for s in holders if s != winner)


def _sentence(reason: str, conclusion: str) -> str:
    return _capital(f"{reason}: {conclusion}.")


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]
