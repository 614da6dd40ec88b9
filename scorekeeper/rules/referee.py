"""The referee's meld question (docs/api.md "Referee"): who scores which declarations, read from the table's words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import JASS, Card, CardValues, Contract
from .errors import Problem, RuleError
from .hand import default_names, read_declarations
from .legal import read_contract
from .melds import Declaration, MeldContest, Square, contest
from .variants import Contest, Melds, Rules, capital_bela
from .words import Said


def judge_melds(
    rules: Rules, contract: object, forehand: object, declarations: object, names: Sequence[str] | None = None,
    bela: Sequence[int] | None = None, seats: object = None, seat_names: Sequence[str] | None = None,
) -> MeldContest:
    """Adjudicate the declarations of each side (a list per side, as docs/api.md writes them), or in four-handed
    play of each seat (``seats``: a list per seat in seat order), where the player nearer to forehand decides an
    exact tie (RULES.md §10a); the scores are per side either way.

    ``forehand`` is the side that plays first to the first trick, or with ``seats`` the seat (it wins
    declarations equal in every way where the variant says so). ``seat_names`` name the seats in the
    explanation (default: "seat 0 (side 0)" …, with the sides' ``names``). A RuleError names every problem:
    ``contract``, ``forehand``, ``declarations``, ``declarations.N``, ``seats``, ``seats.N``.
    """
    names = names or default_names(rules)
    problems: list[Problem] = []
    the_contract = read_contract(rules, contract, problems)
    rules = rules.melds_in(the_contract)  # a contract may change what a declaration is worth (Baloot's Sun)
    by_seat = seats is not None
    if by_seat and declarations is not None:
        problems.append(Problem("seats", Said("give the declarations either per side (declarations) or per seat "
                                              "(seats), not both")))
        by_seat = False
    elif by_seat and rules.players <= rules.sides:
        problems.append(Problem("seats", Said("declarations per seat are for four-handed games, where partners "
                                              "make a side; in %(game)s give them per side (declarations)",
                                              game=rules.title)))
        by_seat = False
    elif not by_seat and declarations is None:
        problems.append(Problem("declarations", Said("give the declarations per side (declarations) or, in "
                                                     "four-handed games, per seat (seats)")
                                if rules.players > rules.sides else
                                Said("give one list of declarations per side: %(sides)s lists", sides=rules.sides)))
    last = rules.players - 1 if by_seat else rules.sides - 1
    if isinstance(forehand, bool) or not isinstance(forehand, int) or not 0 <= forehand <= last:
        problems.append(Problem("forehand", Said("%(value)s is not a seat: forehand is the player who leads to the "
                                                 "first trick, seats numbered 0 to %(last)s", value=repr(forehand),
                                                 last=last) if by_seat else
                                Said("%(value)s is not a side: forehand is the side that leads to the "
                                     "first trick, numbered 0 to %(last)s", value=repr(forehand), last=last)))
    declared: tuple[tuple[Declaration, ...], ...] = ()
    try:
        if by_seat:
            declared = _read_seats(rules, seats, the_contract, names, seat_names)
        elif declarations is not None:
            declared = read_declarations(rules, declarations, the_contract, names, worthless=True)
    except RuleError as error:
        problems.extend(error.problems)
    bela = list(bela or [0] * rules.sides)
    word = rules.bela_word
    trumpless = the_contract is not None and the_contract.trump is None and the_contract is not Contract.ALL_TRUMPS
    most = 4 if the_contract is Contract.ALL_TRUMPS else 0 if trumpless else 1
    if len(bela) != rules.sides or any(n < 0 for n in bela):
        # glossary: belote and rebelote
        problems.append(Problem("bela", Said("give a count of %(bela)s for each of the %(sides)s sides", bela=word,
                                             sides=rules.sides)))
    elif sum(bela) > most and the_contract in (Contract.TOP_DOWN, Contract.BOTTOM_UP):
        assert the_contract is not None
        # glossary: belote and rebelote, trumps, Obenabe, Undenufe
        # Translators: %(bela)s is the game's word for K and Q of trumps (Stöck); %(contract)s is Obenabe or
        # Undenufe.
        problems.append(Problem("bela", Said("there is no %(bela)s in %(contract)s: it has no trumps", bela=word,
                                             contract=the_contract.word)))
    elif sum(bela) > most:
        # glossary: belote and rebelote, trumps (no trumps)
        problems.append(Problem("bela", Said("there is no %(bela)s in no-trumps", bela=word) if most == 0 else
                                # glossary: trumps
                                Said("only %(count)s K and Q of trumps can be held", count=most)))
    if problems:
        raise RuleError(problems)
    assert isinstance(forehand, int)
    holders = _seat_names(rules, names, seat_names) if by_seat else names
    # Four of a kind that scores nothing (four sevens or eights) is no declaration: said, and left out of the contest.
    worthless: list[str] = [
        Said("No points for %(side)s's %(square)s: they score nothing in %(game)s.", side=holders[who],
             square=d.describe(), game=rules.title)
        for who, held in enumerate(declared) for d in held if _worthless(rules, d)]
    declared = tuple(tuple(d for d in held if not _worthless(rules, d)) for held in declared)
    judged = _contest(rules, the_contract, forehand, declared, names, seat_names) if by_seat else \
        _contest_sides(rules, the_contract, forehand, declared, names)
    scores = list(judged.scores)
    lines = worthless + (list(judged.explanation) or
                         ([] if worthless else [Said("Nobody declared a sequence or a square.")]))
    for side, count in enumerate(bela):
        if count:
            points = rules.bela_points * count
            # glossary: belote and rebelote, trumps
            # Translators: %(Bela)s is the game's word for K and Q of trumps with a capital first letter ("Bela",
            # "Belote").
            lines.append(Said("%(Bela)s always counts: %(side)s scores %(points)s for the K and Q of trumps.",
                              Bela=capital_bela(rules), side=names[side], points=points))
            scores[side] += points
    return MeldContest(tuple(scores), tuple(lines))


def _worthless(rules: Rules, declaration: Declaration) -> bool:
    """Four of a kind that scores nothing in this game (four sevens or eights where squares score)."""
    return isinstance(declaration, Square) and not rules.square_value(declaration.rank)


def _seat_names(rules: Rules, names: Sequence[str], seat_names: Sequence[str] | None) -> Sequence[str]:
    """The seats as the referee's answer names them: the names given, else "seat 2 (Ana & Marko)"."""
    if seat_names is not None:
        return seat_names
    # Translators: a seat in the referee's answer when declarations are given per seat: "seat 2 (side 0)", or
    # with the sides' names "seat 2 (Ana & Marko)".
    return [Said("seat %(seat)s (%(side)s)", seat=seat, side=names[rules.side_of(seat)])
            for seat in range(rules.players)]


def decided_by_seat(rules: Rules) -> bool:
    """Whether the player nearer to forehand can decide an exact tie of declarations (one contest in four-handed
    play: bela-4, Schieber), so the referee needs to know which seat holds each (API.md: ``seats``)."""
    return rules.players > rules.sides and rules.meld_contest is Contest.SINGLE and rules.melds is Melds.BEST_SIDE


def _contest_sides(
    rules: Rules, contract: Contract | None, forehand: int, declared: Sequence[Sequence[Declaration]],
    names: Sequence[str],
) -> MeldContest:
    """The contest of declarations given per side; an exact tie only a seat can settle is the ``declarations``'
    problem (the request names no ``melds``)."""
    try:
        return contest(rules, contract, forehand, declared, names)
    except RuleError as error:
        raise RuleError([Problem("declarations" if p.field == "melds" else p.field, p.message)
                         for p in error.problems]) from None


def _contest(
    rules: Rules, contract: Contract | None, forehand: int, declared: Sequence[Sequence[Declaration]],
    names: Sequence[str], seat_names: Sequence[str] | None,
) -> MeldContest:
    """The contest of declarations given per seat, scored per side.

    Under one contest (``meld-contest: single``) every seat's declarations compete and the nearer player to
    forehand settles an exact tie. Otherwise (RULES.md §3: a side's best sequence scores all its sequences, the
    squares apart; or each side its own) the contest is the sides': each side's seats are put together, and
    forehand's side stands for forehand."""
    if not decided_by_seat(rules):
        sides = tuple(tuple(d for seat, held in enumerate(declared) if rules.side_of(seat) == side for d in held)
                      for side in range(rules.sides))
        return _contest_sides(rules, contract, rules.side_of(forehand), sides, names)
    judged = contest(rules, contract, forehand, declared, _seat_names(rules, names, seat_names))
    scores = [0] * rules.sides
    for seat, points in enumerate(judged.scores):
        scores[rules.side_of(seat)] += points
    return MeldContest(tuple(scores), judged.explanation)


def _read_seats(
    rules: Rules, raw: object, contract: Contract | None, names: Sequence[str],
    seat_names: Sequence[str] | None = None,
) -> tuple[tuple[Declaration, ...], ...]:
    """Declarations per seat (a list per seat, in seat order), each seat's read as a side's are; a card declared
    by two players is refused (the players named by ``seat_names``, else numbered). A RuleError names ``seats``
    or ``seats.N``."""
    if not isinstance(raw, list | tuple) or len(raw) != rules.players:
        raise RuleError("seats", Said("give one list of declarations per seat, in seat order: %(seats)s lists",
                                      seats=rules.players))
    problems: list[Problem] = []
    declared: list[tuple[Declaration, ...]] = []
    held: dict[Card, int] = {}
    for seat, value in enumerate(raw):
        side = rules.side_of(seat)
        lists: list[object] = [[] for _ in range(rules.sides)]
        lists[side] = value
        field = f"seats.{seat}"
        if not isinstance(value, list | tuple):
            problems.append(Problem(field, Said("a seat's declarations are a list, like "
                                                '[{"kind": "square", "rank": "J"}]')))
            declared.append(())
            continue
        try:
            read = read_declarations(rules, lists, contract, names, field="seats", worthless=True)[side]
        except RuleError as error:
            problems.extend(Problem(field if p.field.startswith("seats") else p.field, p.message)
                            for p in error.problems)
            declared.append(())
            continue
        if sum(len(declaration.cards()) for declaration in read) > rules.cards_per_player:
            problems.append(Problem(field, Said("a player holds %(cards)s cards: too few for these declarations",
                                                cards=rules.cards_per_player)))
        for declaration in read:
            for card in declaration.cards():
                if card in held and held[card] != seat:
                    problems.append(Problem(field, Said("the %(card)s is declared by seats %(first)s and %(second)s: "
                                                        "a pack has one of each", card=str(card), first=held[card],
                                                        second=seat) if seat_names is None else
                                            # Translators: %(first)s and %(second)s are players' names.
                                            Said("the %(card)s is declared by %(first)s and %(second)s: a pack has "
                                                 "one of each", card=str(card), first=seat_names[held[card]],
                                                 second=seat_names[seat])))
                held.setdefault(card, seat)
        declared.append(read)
    if problems:
        raise RuleError(problems)
    return tuple(declared)


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
