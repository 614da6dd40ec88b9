"""Declarations (sequences, squares) and the contest of who scores them (RULES.md section 3)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Sequence as Seq
from dataclasses import dataclass
from enum import Enum, auto
from types import MappingProxyType
from typing import NamedTuple

from .cards import NATURAL_36, Card, Contract, Rank, Suit
from .errors import RuleError
from .variants import Contest, ContestTie, Deal, Melds, Rules, SequenceTie, TableWords
from .words import N_, Listed, Said

_VALUE_WORDS = {
    # Translators: a meld named by its value, as players name it: "a twenty" (a three-card sequence).
    20: Said("twenty"),
    # Translators: a meld named by its value, as players name it: "a thirty" (a derda).
    30: Said("thirty"),
    # Translators: a meld named by its value, as players name it: "a fifty" (a four-card sequence).
    50: Said("fifty"),
    # Translators: a meld named by its value, as players name it: "a hundred".
    100: Said("hundred"),
    # Translators: a meld named by its value, as players name it: "a hundred and fifty" (four nines).
    150: Said("hundred and fifty"),
    # Translators: a meld named by its value, as players name it: "two hundred" (four jacks).
    200: Said("two hundred"),
}
_VALUE_PLURALS = {
    # Translators: melds named by their value, in the plural, as in "Both twenties".
    20: Said("twenties"),
    # Translators: melds named by their value, in the plural, as in "Both thirties".
    30: Said("thirties"),
    # Translators: melds named by their value, in the plural, as in "Both fifties".
    50: Said("fifties"),
    # Translators: melds named by their value, in the plural, as in "Both hundreds".
    100: Said("hundreds"),
    # Translators: melds named by their value, in the plural, as in "Both hundred and fifties".
    150: Said("hundred and fifties"),
    # Translators: melds named by their value, in the plural, as in "Both two hundreds".
    200: Said("two hundreds"),
}
_SQUARES = {
    Rank.SEVEN: Said("four sevens"), Rank.EIGHT: Said("four eights"), Rank.NINE: Said("four nines"),
    Rank.TEN: Said("four tens"), Rank.JACK: Said("four jacks"), Rank.QUEEN: Said("four queens"),
    Rank.KING: Said("four kings"), Rank.ACE: Said("four aces"), Rank.SIX: Said("four sixes"),
}


def value_word(points: int) -> str:
    """How players name a meld by its value: a twenty, a fifty (a ``Said``; other values as the number)."""
    return _VALUE_WORDS.get(points) or str(points)


def _value(points: int) -> object:
    """A meld's value in a sentence: its word, else the number."""
    return _VALUE_WORDS.get(points) or points


def _values(points: int) -> str:
    """Melds of a value in the plural: ``fifties``; ``40s`` for a value without a word."""
    # Translators: melds worth %(points)s, in the plural, as in "Both 40s" (for a value without a word).
    return _VALUE_PLURALS.get(points) or Said("%(points)ss", points=points)


@dataclass(frozen=True, slots=True)
class Sequence:
    """A run of ``length`` cards of one suit in natural order, ending in ``top``."""

    length: int
    top: Rank
    suit: Suit

    def cards(self) -> tuple[Card, ...]:
        """The cards of the run, lowest first (down to the six of the 36-card pack: Tarabish, Jass)."""
        high = self.top.height + 1
        return tuple(Card(NATURAL_36[i], self.suit) for i in range(max(high - self.length + 1, 0), high + 1))

    @property
    def bottom(self) -> Rank:
        """The run's lowest card: its top in Undenufe, where the order is reversed."""
        return NATURAL_36[self.top.height + 2 - self.length]

    def describe(self) -> Said:
        """``3-card sequence to the king in clubs``."""
        return Said("%(length)s-card sequence to the %(rank)s in %(suit)s", length=self.length, rank=self.top.word,
                    suit=self.suit.word)


@dataclass(frozen=True, slots=True)
class Square:
    """Four cards of one rank."""

    rank: Rank

    def cards(self) -> tuple[Card, ...]:
        """The four cards."""
        return tuple(Card(self.rank, suit) for suit in Suit)

    def describe(self) -> Said:
        """``four jacks``."""
        return _SQUARES[self.rank]


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
            values = [_meld_value(rules, d) for d in declarations[s]]
            if values:
                scores[s] = sum(values)
                # Translators: a side scores its declarations: "Mike scores 20 + 50 = 70 (3-card sequence to the
                # king in clubs, 4-card sequence to the ace in hearts)."
                lines.append(Said.agreeing(rules.team(names[s]), N_("%(side)s scores %(points)s (%(melds)s)."),
                                  # Translators: the same, said of a team (two partners): its verbs plural.
                                  N_("%(side)s score %(points)s (%(melds)s)."), side=_capital(names[s]),
                                  points=_sum(values), melds=Listed((d.describe() for d in declarations[s]), N_(", "))))
        if lines:
            lines.insert(0, Said("Every side scores the declarations it holds (house rule: melds each-side)."))
        return MeldContest(tuple(scores), tuple(lines))

    if rules.meld_contest is Contest.SINGLE:
        return _single_contest(rules, contract, forehand, declarations, names)

    holders = [s for s in range(sides) if sequences[s]]
    if holders:
        best = {s: max(sequences[s], key=lambda q: _sequence_key(rules, contract, q)) for s in holders}

        def points(side: int) -> object:
            return _sum([rules.sequence_value(q.length) for q in sequences[side]])

        winners, line = _sequence_winners(rules, contract, forehand, best, names, points)
        for winner in winners:
            scores[winner] += sum(rules.sequence_value(q.length) for q in sequences[winner])
        lines.append(line)

    square_holders = [s for s in range(sides) if squares[s]]
    if square_holders:
        tops = {s: max(squares[s], key=lambda q: rules.square_rank(q.rank)) for s in square_holders}
        winner = max(square_holders, key=lambda s: rules.square_rank(tops[s].rank))
        if len(square_holders) > 1:
            others = [s for s in square_holders if s != winner]
            equal = all(rules.square_value(tops[s].rank) == rules.square_value(tops[winner].rank) for s in others)
            # Translators: what a side's best square was beaten by: "Mike's four kings".
            beaten = Listed((Said("%(side)s's %(square)s", side=names[s], square=tops[s].describe()) for s in others),
                            N_(" and "))
            if equal:
                lines.append(Said("Squares are judged apart: %(side)s's %(square)s beat %(beaten)s (equal squares "
                                  "rank in trump order).", side=names[winner], square=tops[winner].describe(),
                                  beaten=beaten))
            else:
                lines.append(Said("Squares are judged apart: %(side)s's %(square)s beat %(beaten)s.",
                                  side=names[winner], square=tops[winner].describe(), beaten=beaten))
        values = [rules.square_value(q.rank) for q in squares[winner]]
        scores[winner] += sum(values)
        lines.append(Said.agreeing(rules.team(names[winner]), N_("%(side)s scores %(points)s for squares "
                                                                           "(%(squares)s)."),
                          # Translators: the same, said of a team (two partners): its verbs plural.
                          N_("%(side)s score %(points)s for squares (%(squares)s)."), side=_capital(names[winner]),
                          points=_sum(values), squares=Listed((q.describe() for q in squares[winner]), N_(", "))))
    return MeldContest(tuple(scores), tuple(lines))


def _single_key(rules: Rules, contract: Contract | None, declaration: Declaration) -> tuple[int, int, int]:
    """How declarations compare in one contest (RULES.md §10a, §11): more points; at equal points a square beats a
    sequence (Jass: a sequence beats a square, ``meld-contest-tie: sequence-first``); then the higher top card in
    natural order (squares too), reversed in Undenufe, where a run's top is its lowest card."""
    square_first = rules.meld_contest_tie is ContestTie.SQUARE_FIRST
    reverse = contract is Contract.BOTTOM_UP
    if isinstance(declaration, Square):
        height = declaration.rank.height
        return (rules.square_value(declaration.rank), 1 if square_first else 0, -height if reverse else height)
    top = -declaration.bottom.height if reverse else declaration.top.height
    return (rules.sequence_value(declaration.length), 0 if square_first else 1, top)


def _single_contest(
    rules: Rules, contract: Contract | None, forehand: int, declarations: Seq[Seq[Declaration]], names: Seq[str],
) -> MeldContest:
    """One contest (``meld-contest: single``): every declaration competes; the side holding the single best scores
    all of its declarations, the others none. Equal best ones are settled by the sequence-tie rule.

    ``declarations`` are per side, or per seat in four-handed play (the referee): then ``forehand`` is a seat and
    the scores are per seat, a winning seat's partner scoring its own declarations too."""
    sides = len(declarations)
    holders = [s for s in range(sides) if declarations[s]]
    if not holders:
        return MeldContest((0,) * sides, ())
    best = {s: max(declarations[s], key=lambda d: _single_key(rules, contract, d)) for s in holders}
    top = max(_single_key(rules, contract, best[s]) for s in holders)
    level = [s for s in holders if _single_key(rules, contract, best[s]) == top]
    if len(level) > 1:
        in_trumps = [s for s in level if contract is not None and contract is not Contract.ALL_TRUMPS
                     and isinstance(run := best[s], Sequence) and contract.is_trump(run.suit)]
        tie = rules.sequence_tie
        if len(in_trumps) == 1 and tie is not SequenceTie.FOREHAND_ONLY and tie is not SequenceTie.NOBODY:
            level, why = in_trumps, _IN_TRUMPS
        elif tie in (SequenceTie.NOBODY, SequenceTie.TRUMPS_THEN_NOBODY):
            level, why = [], _NOBODY
        elif tie is SequenceTie.ALL:
            why = _EVERY_EQUAL
        elif sides < rules.players:
            # Partners' declarations given per side: the player nearer to forehand may be either partner.
            raise RuleError("melds", Said("%(melds)s are equal, and the player nearer to forehand decides: enter "
                                          "them in the referee with the seat that holds each",
                                          melds=Listed((best[s].describe() for s in holders), N_(" and "))))
        else:
            level, why = [min(level, key=lambda s: _after(rules, forehand, s, sides))], _NEARER_FOREHAND
    elif len(holders) == 1:
        why = _ONLY
    else:
        why = _BEST_BOTTOM_UP if contract is Contract.BOTTOM_UP else _BEST[rules.meld_contest_tie]
    # Given per seat (the referee), a seat's win is its side's: both partners score all their declarations.
    level = [s for s in holders if any(s % rules.sides == w % rules.sides for w in level)]
    scores = [0] * sides
    lines: list[str] = []
    for s in level:
        values = [_meld_value(rules, d) for d in declarations[s]]
        scores[s] = sum(values)
        # Per seat, each name is one player's, whatever its side's name says.
        team = rules.team(names[s]) and sides == rules.sides
        lines.append(Said.agreeing(team, N_("%(why)s: %(side)s scores %(points)s (%(melds)s)."),
                                   # Translators: the same, said of a team (two partners): its verbs plural.
                                   N_("%(why)s: %(side)s score %(points)s (%(melds)s)."), why=why,
                                   side=names[s], points=_sum(values),
                                   melds=Listed((d.describe() for d in declarations[s]), N_(", "))))
    if not level:
        lines.append(why)
    # Translators: a side's best declaration in the one contest: "Ana & Marko's four jacks".
    bests = [Said("%(side)s's %(meld)s", side=names[s], meld=best[s].describe()) for s in holders]
    # Translators: between the sides' best declarations: "Ana & Marko's four jacks against Ivo & Petra's four nines".
    against = N_(" against ")
    # glossary: declarations
    head = (Said("One contest of declarations: %(best)s.", best=Listed(bests, against))
            if rules.words is not TableWords.JASS else
            # glossary: Weis
            Said("One contest of Weis: %(best)s.", best=Listed(bests, against)))
    return MeldContest(tuple(scores), (head, *lines))


# glossary: declarations
_ONLY = Said("Only one side declared")
_BEST = {
    # glossary: declarations
    ContestTie.SQUARE_FIRST: Said("The best declaration wins (more points, then a square before a sequence, then "
                                  "the higher top card)"),
    # glossary: Weis
    ContestTie.SEQUENCE_FIRST: Said("The best Weis wins (more points, then a sequence before four of a kind, then "
                                    "the higher top card)"),
}
# glossary: Weis, Undenufe
_BEST_BOTTOM_UP = Said("The best Weis wins (more points, then a sequence before four of a kind, then the higher top "
                       "card: in Undenufe the order is reversed, so a run's top is its lowest card)")
# glossary: trumps
_IN_TRUMPS = Said("Equal best declarations: the one in trumps wins")
# glossary: declarations
_NOBODY = Said("Equal best declarations: nobody scores declarations.")
# glossary: declarations
_EVERY_EQUAL = Said("Equal best declarations, none in trumps: each side holding one scores its own")
_NEARER_FOREHAND = Said("Equal best declarations: the player nearer to forehand wins")


def _after(rules: Rules, forehand: int, seat: int, seats: int) -> int:
    """How many turns after ``forehand`` ``seat`` plays, in the game's play order (§8: Bela for four and Belote
    151 play to the right)."""
    step = -1 if rules.deal is Deal.RIGHT else 1
    return ((seat - forehand) * step) % seats


def _meld_value(rules: Rules, declaration: Declaration) -> int:
    if isinstance(declaration, Square):
        return rules.square_value(declaration.rank)
    return rules.sequence_value(declaration.length)


def _sum(values: list[int]) -> object:
    """``50``; ``20 + 50 = 70`` for more than one value."""
    if len(values) == 1:
        return values[0]
    # Translators: a sum of meld values, "20 + 50 = 70": keep it as it is unless your language writes sums otherwise.
    return Said("%(terms)s = %(total)s", terms=Listed(values, " + "), total=sum(values))


class _Step(Enum):
    """The step of the sequence contest that decided it (RULES.md §3's order: longer, higher, trumps, house rule)."""

    ONLY = auto()
    LONGER = auto()
    HIGHER = auto()
    NOBODY = auto()
    NOBODY_TRUMPS_MOOT = auto()
    IN_TRUMPS = auto()
    NEITHER_IN_TRUMPS = auto()
    EACH_OWN = auto()
    FOREHAND = auto()
    PLAYS_FIRST = auto()


class _SequenceRuling(NamedTuple):
    """What the sequence contest decided: the step that did, the sides that win (none: nobody; several: equal
    ones under sequence-tie all), the sides still level when it was decided, and those whose best sequences are
    of the longest length (what "Both fifties" counts)."""

    step: _Step
    winners: tuple[int, ...]
    level: tuple[int, ...]
    longest: tuple[int, ...]


def _sequence_ruling(rules: Rules, contract: Contract | None, forehand: int, best: Mapping[int, Sequence],
                     seats: int) -> _SequenceRuling:
    """Whose best sequence wins: the longer, then the higher top card, then the one in trumps, then the house's
    sequence-tie rule."""
    holders = tuple(best)
    if len(holders) == 1:
        return _SequenceRuling(_Step.ONLY, holders, holders, holders)
    longest = max(best[s].length for s in holders)
    level = tuple(s for s in holders if best[s].length == longest)
    if len(level) == 1:
        return _SequenceRuling(_Step.LONGER, level, holders, level)
    highest = max(best[s].top.height for s in level)
    high = tuple(s for s in level if best[s].top.height == highest)
    if len(high) == 1:
        return _SequenceRuling(_Step.HIGHER, high, level, level)
    in_trumps = tuple(s for s in high if contract is not None and contract.is_trump(best[s].suit)
                      and contract is not Contract.ALL_TRUMPS)
    if rules.sequence_tie is SequenceTie.NOBODY:
        return _SequenceRuling(_Step.NOBODY_TRUMPS_MOOT if len(in_trumps) == 1 else _Step.NOBODY, (), high, level)
    if rules.sequence_tie is SequenceTie.FOREHAND_ONLY:
        in_trumps = ()  # trumps give no precedence: the side nearer to forehand wins
    if len(in_trumps) == 1:
        return _SequenceRuling(_Step.IN_TRUMPS, in_trumps, high, level)
    if rules.sequence_tie is SequenceTie.TRUMPS_THEN_NOBODY:
        return _SequenceRuling(_Step.NEITHER_IN_TRUMPS, (), high, level)
    if rules.sequence_tie is SequenceTie.ALL:
        return _SequenceRuling(_Step.EACH_OWN, high, high, level)
    winner = min(high, key=lambda s: _after(rules, forehand, s, seats))
    return _SequenceRuling(_Step.FOREHAND if winner == forehand else _Step.PLAYS_FIRST, (winner,), high, level)


class _Telling(NamedTuple):
    """What a sentence of the sequence contest is made from."""

    rules: Rules
    ruling: _SequenceRuling
    best: Mapping[int, Sequence]
    names: Seq[str]
    points: Callable[[int], object]

    @property
    def winner(self) -> int:
        return self.ruling.winners[0]

    def agreeing(self, one: str, many: str, **fields: object) -> Said:
        """The winner's sentence, its verbs agreeing with the winner (a player or a team), with its name and what
        it scores."""
        name = self.names[self.winner]
        return Said.agreeing(self.rules.team(name), one, many, side=name, points=self.points(self.winner), **fields)

    def same(self) -> Said:
        """What the longest best sequences have in common, starting the sentence: "Both fifties", "3 fifties"
        (of which two may be king high)."""
        level = self.ruling.longest
        plural = _values(self.rules.sequence_value(self.best[level[0]].length))
        # Translators: what two (or three) sides' best sequences have in common, starting the sentence: "Both
        # fifties", "3 fifties".
        return (Said("Both %(melds)s", melds=plural) if len(level) == 2
                # Translators: what three sides' best sequences have in common, starting the sentence: "3 fifties".
                else Said("%(count)s %(melds)s", count=len(level), melds=plural))

    def high(self) -> Said:
        """What the sides still level have in common after "Both fifties,": "both king high"."""
        level = self.ruling.level
        rank = self.best[level[0]].top.word
        # Translators: what the best sequences have in common after "Both fifties,": "both king high".
        return (Said("both %(rank)s high", rank=rank) if len(level) == 2
                # Translators: what three sides' best sequences have in common after "3 fifties,": "all king high".
                else Said("all %(rank)s high", rank=rank))


def _only(t: _Telling) -> Said:
    return t.agreeing(N_("Only %(side)s declared a sequence (%(sequence)s): %(side)s scores %(points)s."),
                      # Translators: the same, said of a team (two partners): its verbs plural.
                      N_("Only %(side)s declared a sequence (%(sequence)s): %(side)s score %(points)s."),
                      sequence=t.best[t.winner].describe())


def _longer(t: _Telling) -> Said:
    length = t.best[t.winner].length
    # Translators: the other sides' sequences, as in "… is longer than Yvonne's and Ann's".
    others = Listed((Said("%(side)s's", side=t.names[s]) for s in t.ruling.level if s != t.winner), N_(" and "))
    # Translators: %(Side)s is the winner's name with a capital first letter (it starts the sentence),
    # %(side)s the same name as given; %(value)s names the sequence by its value ("fifty"); %(others)s are
    # the other sides' sequences: "Yvonne's" or "Yvonne's and Ann's".
    return t.agreeing(N_("%(Side)s's %(length)s-card sequence (%(value)s) is longer than %(others)s: %(side)s scores "
                         "%(points)s."),
                      # Translators: the same, said of a team (two partners): its verbs plural.
                      N_("%(Side)s's %(length)s-card sequence (%(value)s) is longer than %(others)s: %(side)s score "
                         "%(points)s."), Side=_capital(t.names[t.winner]), length=length,
                      value=_value(t.rules.sequence_value(length)), others=others)


def _higher(t: _Telling) -> Said:
    # Translators: %(same)s is "Both fifties" (what the sequences have in common); %(rank)s a rank: "king".
    return t.agreeing(N_("%(same)s; %(side)s's is %(rank)s high, the highest: %(side)s scores %(points)s."),
                      # Translators: the same, said of a team (two partners): its verbs plural.
                      N_("%(same)s; %(side)s's is %(rank)s high, the highest: %(side)s score %(points)s."),
                      same=t.same(), rank=t.best[t.winner].top.word)


def _nobody_trumps_moot(t: _Telling) -> Said:
    # glossary: trumps
    # Translators: %(same)s is "Both fifties", %(high)s "both king high".
    return Said("%(same)s, %(high)s; equal best sequences (one in trumps makes no difference): nobody scores "
                "sequences.", same=t.same(), high=t.high())


def _nobody(t: _Telling) -> Said:
    # Translators: %(same)s is "Both fifties", %(high)s "both king high".
    return Said("%(same)s, %(high)s; equal best sequences: nobody scores sequences.", same=t.same(), high=t.high())


def _in_trumps(t: _Telling) -> Said:
    # glossary: trumps
    # Translators: %(same)s is "Both fifties", %(high)s "both king high".
    return t.agreeing(N_("%(same)s, %(high)s; %(side)s's is in trumps: %(side)s scores %(points)s."),
                      # Translators: the same, said of a team (two partners): its verbs plural.
                      N_("%(same)s, %(high)s; %(side)s's is in trumps: %(side)s score %(points)s."), same=t.same(),
                      high=t.high())


def _neither_in_trumps(t: _Telling) -> Said:
    # Translators: %(same)s is "Both fifties", %(high)s "both king high".
    return Said("%(same)s, %(high)s; equal best sequences, neither in trumps: nobody scores sequences.",
                same=t.same(), high=t.high())


def _each_own(t: _Telling) -> Said:
    # Translators: %(same)s is "Both fifties", %(high)s "both king high"; %(sides)s the sides holding them.
    return Said("%(same)s, %(high)s; equal best sequences, none in trumps: %(sides)s each score their own.",
                same=t.same(), high=t.high(), sides=Listed((t.names[s] for s in t.ruling.winners), N_(" and ")))


def _forehand(t: _Telling) -> Said:
    # Translators: %(same)s is "Both fifties", %(high)s "both king high"; forehand leads to the first trick.
    return t.agreeing(N_("%(same)s, %(high)s; equal in every way, and %(side)s is forehand: %(side)s scores "
                         "%(points)s."),
                      # Translators: the same, said of a team (two partners): its verbs plural.
                      N_("%(same)s, %(high)s; equal in every way, and %(side)s are forehand: %(side)s score "
                         "%(points)s."), same=t.same(), high=t.high())


def _plays_first(t: _Telling) -> Said:
    # Translators: %(same)s is "Both fifties", %(high)s "both king high"; %(side)s plays before the others.
    return t.agreeing(N_("%(same)s, %(high)s; equal in every way, and %(side)s plays first of them: %(side)s scores "
                         "%(points)s."),
                      # Translators: the same, said of a team (two partners): its verbs plural.
                      N_("%(same)s, %(high)s; equal in every way, and %(side)s play first of them: %(side)s score "
                         "%(points)s."), same=t.same(), high=t.high())


_SEQUENCE_SAYINGS: Mapping[_Step, Callable[[_Telling], Said]] = MappingProxyType({
    _Step.ONLY: _only, _Step.LONGER: _longer, _Step.HIGHER: _higher, _Step.NOBODY_TRUMPS_MOOT: _nobody_trumps_moot,
    _Step.NOBODY: _nobody, _Step.IN_TRUMPS: _in_trumps, _Step.NEITHER_IN_TRUMPS: _neither_in_trumps,
    _Step.EACH_OWN: _each_own, _Step.FOREHAND: _forehand, _Step.PLAYS_FIRST: _plays_first,
})
"""The sentence of each step of the sequence contest: what the sides have in common is joined by commas, the step
that decides follows a semicolon, and what the winner scores after a colon: ``Both fifties, both king high; side
1's is in trumps: side 1 scores 50.`` (docs/api.md's referee example)."""


def _sequence_winners(
    rules: Rules,
    contract: Contract | None,
    forehand: int,
    best: Mapping[int, Sequence],
    names: Seq[str],
    points: Callable[[int], object],
) -> tuple[tuple[int, ...], Said]:
    """The sides whose best sequences win, decided first (``_sequence_ruling``), and the sentence that says it as
    at the table (``_SEQUENCE_SAYINGS``)."""
    ruling = _sequence_ruling(rules, contract, forehand, best, len(names))
    return ruling.winners, _SEQUENCE_SAYINGS[ruling.step](_Telling(rules, ruling, best, names, points))


def _capital(name: str) -> str:
    """A side's name at the start of a sentence, its first letter a capital: ``Mike``; ``Side 0``."""
    if isinstance(name, Said) and name.message == "side %(number)s":
        # Translators: a side's name when its players were not named, starting a sentence: "Side 1".
        return Said("Side %(number)s", **name.fields)
    first = name[:1]
    return name if first.upper() == first else first.upper() + name[1:]
