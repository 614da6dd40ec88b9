"""A hand as entered at the table (docs/api.md "A hand"), read and checked against the rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeGuard

from .cards import Card, Contract, Rank, Suit
from .errors import Problem, RuleError
from .melds import Declaration, Square
from .melds import Sequence as Run
from .variants import Claims, Contest, Melds, Revoke, Rules, SequenceTie, ThanksKind
from .words import N_, Listed, Said

MeldEntry = int | Declaration
"""A meld as given: a credited value, or a declaration for the engine to adjudicate."""


@dataclass(frozen=True, slots=True)
class ClaimParts:
    """What a claimant has won so far, as the rule book counts it (RULES.md §6): the card points of the tricks
    taken, the declarations that count, its bela, and the last trick once taken."""

    card_points: int
    declarations: tuple[int, ...] = ()
    bela: bool = False
    last_trick: bool = False

    def total(self, rules: Rules) -> int:
        """The points won so far: the parts added up."""
        return (self.card_points + sum(self.declarations) + (rules.bela_points if self.bela else 0)
                + (rules.last_trick if self.last_trick else 0))


@dataclass(frozen=True, slots=True)
class Thanks:
    """Jass's bedanken (RULES.md §11): what each side had won so far in the hand, by kind, before the multiplier."""

    stoeck: tuple[int, ...]
    weis: tuple[int, ...]
    tricks: tuple[int, ...]

    def won(self, side: int) -> int:
        """What ``side`` had won so far, before the multiplier."""
        return self.stoeck[side] + self.weis[side] + self.tricks[side]


@dataclass(frozen=True, slots=True)
class Claim:
    """A side claims the game in the middle of a hand with ``points`` won so far in it."""

    side: int
    points: int
    trick: int | None = None
    """The trick during which the claim was made (needed under a claim window)."""
    parts: ClaimParts | None = None
    """The points' parts, when the claim gave them instead of (or beside) the one number."""
    race: tuple[int, ...] | None = None
    """Under the race (``claims: race``): what each side had won so far in the hand; ``points`` is the claimant's."""
    thanks: Thanks | None = None
    """Jass's bedanken: both sides' points so far by kind; ``points`` is the claimant's, before the multiplier."""


@dataclass(frozen=True, slots=True)
class RevokeChallenge:
    """``accuser`` challenged ``accused`` for a revoke; ``upheld`` says who was right."""

    accused: int
    accuser: int
    upheld: bool


class HandInput(NamedTuple):
    """One hand's input, read and checked; sides are indices from 0."""

    taker: int | None = None
    contract: Contract | None = None
    double: int = 0
    card_points: tuple[int | None, ...] | None = None
    last_trick: int | None = None
    melds: tuple[tuple[MeldEntry, ...], ...] = ()
    bela: tuple[int, ...] = ()
    took_trick: tuple[bool, ...] | None = None
    claim: Claim | None = None
    revoke: RevokeChallenge | None = None
    thrown_in: bool = False
    belot: int | None = None
    """The side dealt a whole suit (Croatian belot, Deberc's debertz): it wins the game, the hand unplayed."""
    melds_by_seat: tuple[tuple[Declaration, ...], ...] | None = None
    """Declarations given per seat in four-handed play (seat order), where an exact tie needs the seats."""
    bid: int | str | None = None
    """What the taker bid in a game with bids (Belote contrée): 80 to 160 in tens, or ``CAPOT``."""
    gahwa: bool = False
    """Baloot's gahwa (قهوة): the side that wins the hand wins the game at once."""

    @property
    def declared(self) -> bool:
        """True when melds are declarations to adjudicate rather than credited values."""
        return any(not isinstance(m, int) for side in self.melds for m in side)


HAND_FIELDS = ("taker", "bid", "contract", "double", "card_points", "last_trick", "melds", "bela",
               "took_trick", "claim", "revoke", "thrown_in", "belot", "melds_by_seat", "gahwa")

CAPOT = "capot"
"""The bid of every trick (Belote contrée), beside the bids in points."""
BIDS: tuple[int | str, ...] = (*range(80, 161, 10), CAPOT)
"""The bids of Belote contrée, lowest first (RULES.md §12)."""


_HAND_FIELD_SET = frozenset(HAND_FIELDS)
_CONTRACTS = {c.value: c for c in Contract}


def default_names(rules: Rules) -> tuple[str, ...]:
    """``side 0``, ``side 1`` …: the names used when a match gives none (said in the table's language)."""
    # Translators: a side's name when its players were not named: "side 1".
    return tuple(Said("side %(number)s", number=i) for i in range(rules.sides))


def _whole(value: object) -> TypeGuard[int]:
    """A whole number, and not a bool (JSON true is no side)."""
    return type(value) is int


class _Reader:
    """Collects every problem of one hand before giving up, so a form can show them all."""

    def __init__(self, rules: Rules, names: Sequence[str], worthless: bool = False) -> None:
        self.rules = rules
        self.names = names
        self.problems: list[Problem] = []
        self.worthless = worthless
        """Take four of a kind that scores nothing in a game that scores squares (four sevens, four eights) as
        declared (the referee, who says it scores nothing), instead of refusing it (a hand's melds)."""

    def fail(self, field: str, message: Said) -> None:
        self.problems.append(Problem(field, message))

    def side(self, raw: Mapping[str, object], key: str, field: str, required: bool) -> int | None:
        value = raw.get(key)
        if value is None:
            if required:
                # Translators: a side's number and name, as in "0 (Mike)".
                choices = Listed((Said("%(number)s (%(side)s)", number=i, side=name)
                                  for i, name in enumerate(self.names)), N_(" or "))
                self.fail(field, Said("say which side: %(choices)s", choices=choices))
            return None
        if not _whole(value) or not 0 <= value < self.rules.sides:
            self.fail(field, Said("%(value)s is not a side: sides are numbered 0 to %(last)s", value=repr(value),
                                  last=self.rules.sides - 1))
            return None
        return int(value)

    def per_side(self, raw: Mapping[str, object], key: str) -> list[object] | None:
        value = raw.get(key)
        if value is None:
            return None
        if not isinstance(value, (list, tuple)) or len(value) != self.rules.sides:
            self.fail(key, Said("give one entry per side: %(sides)s entries", sides=self.rules.sides))
            return None
        return list(value)


def read_hand(rules: Rules, raw: object, names: Sequence[str] | None = None) -> HandInput:
    """Read a hand given as docs/api.md describes it; a RuleError listing every problem, each with its field."""
    if isinstance(raw, HandInput):
        return raw
    if not isinstance(raw, Mapping):
        # glossary: hand
        raise RuleError("hand", Said("a hand is an object with fields such as taker, card_points and last_trick"))
    r = _Reader(rules, names or default_names(rules))
    if not _HAND_FIELD_SET.issuperset(raw):
        for key in raw:
            if key not in _HAND_FIELD_SET:
                # glossary: hand
                r.fail(str(key), Said("unknown field %(name)s: a hand has %(fields)s", name=repr(key),
                                      fields=Listed(HAND_FIELDS, N_(", "))))

    if raw.get("belot") is not None:
        return _read_belot(r, raw)
    thrown_in = raw.get("thrown_in", False)
    if not isinstance(thrown_in, bool):
        r.fail("thrown_in", Said("thrown_in is true or false"))
        thrown_in = False
    elif thrown_in and not rules.throw_in:
        # glossary: hand, trumps
        r.fail("thrown_in", Said("in %(game)s no hand is thrown in: when everybody passes, the dealer must name "
                                 "trumps", game=rules.title))
        thrown_in = False
    # Replay reads every stored hand again, so absent sections cost no call.
    claim = _read_claim(r, raw["claim"]) if raw.get("claim") is not None else None
    revoke = _read_revoke(r, raw["revoke"]) if raw.get("revoke") is not None else None
    if (thrown_in + (claim is not None) + (revoke is not None)) > 1:
        # glossary: hand, claim, revoke
        r.fail("hand", Said("a hand is thrown in, ended by a claim, or challenged for a revoke: only one of them"))
    # A hand given with a claim was stopped by it, even if the claim itself is faulty: no card points needed.
    played_out = not thrown_in and raw.get("claim") is None

    # A claim stops the hand and decides it alone, so the taker is optional there (kept for history).
    taker = r.side(raw, "taker", "taker", required=played_out)
    contract = _read_contract(r, raw.get("contract"), required=rules.contract_required and not thrown_in)
    if claim is not None and claim.thanks is not None and any(claim.thanks.stoeck) and contract is not None \
            and not contract.is_suit:
        r.fail("claim.stoeck", _too_much_bela(rules.bela_word, 0, contract))
    bid = _read_bid(r, raw.get("bid"), required=played_out)
    double = raw.get("double", 0) or 0
    if not _whole(double) or not 0 <= double < len(rules.double_levels):
        r.fail("double", _double_levels(rules))
        double = 0
    elif double and not rules.doubles:
        r.fail("double", Said("%(game)s has no double or redouble", game=rules.title))
    elif double > 1 and rules.game_points and contract is Contract.NO_TRUMPS:
        # glossary: Sun, double
        r.fail("double", Said("Sun has the double alone (×2): three and four are Hokum's"))
        double = 0
    gahwa = raw.get("gahwa", False)
    if not isinstance(gahwa, bool):
        r.fail("gahwa", Said("gahwa is true or false"))
        gahwa = False
    elif gahwa and not rules.game_points:
        # glossary: gahwa, game
        r.fail("gahwa", Said("%(game)s has no gahwa", game=rules.title))
        gahwa = False
    # A contract may change what a declaration is worth (Baloot's Sun: four aces 200).
    r.rules = rules.melds_in(contract)
    card_points = _read_card_points(r, raw, contract, required=played_out)
    last_trick = r.side(raw, "last_trick", "last_trick", required=played_out)
    took_trick = _read_took_trick(r, raw) if raw.get("took_trick") is not None else None
    melds = _read_melds(r, raw, contract)
    by_seat = _read_melds_by_seat(r, raw["melds_by_seat"], contract, bool(any(melds))) \
        if raw.get("melds_by_seat") is not None else None
    bela = _read_bela(r, raw, contract)

    # Without took_trick a side took a trick when it has card points or the last trick, which is consistent
    # by construction; only a given took_trick can contradict the card points.
    if played_out and card_points is not None and last_trick is not None and took_trick is not None:
        took = took_trick
        for s, c in enumerate(card_points):
            if not took[s] and c:
                r.fail("took_trick", Said.agreeing(r.rules.team(r.names[s]), N_("%(side)s has %(points)s card points, "
                                                                                "so took a trick"),
                                          # Translators: the same, said of a team (two partners): its verbs plural.
                                          N_("%(side)s have %(points)s card points, so took a trick"), side=r.names[s],
                                          points=c))
        if not took[last_trick]:
            r.fail("took_trick", Said("%(side)s took the last trick, so took a trick", side=r.names[last_trick]))
    if r.problems:
        raise RuleError(r.problems)
    return HandInput(taker, contract, int(double), card_points, last_trick, melds, bela, took_trick, claim, revoke,
                     thrown_in, melds_by_seat=by_seat, bid=bid, gahwa=gahwa)


def _double_levels(rules: Rules) -> Said:
    """What ``double`` may be in this game: its levels and their multipliers."""
    if rules.game_points:
        # glossary: double, Hokum
        # Translators: Baloot's doubling levels (دبل ×2, ثري ×3, فور ×4).
        return Said("double is 0, 1 (double ×2), 2 (three ×3) or 3 (four ×4, Hokum only)")
    if rules.bids:
        # glossary: coinche
        return Said("double is 0, 1 (coinche) or 2 (surcoinche)")
    return Said("double is 0, 1 (doubled) or 2 (redoubled)")


def _read_bid(r: _Reader, value: object, required: bool) -> int | str | None:
    """The taker's bid in a game with bids (RULES.md §12): 80 to 160 in tens, or capot; none elsewhere."""
    if not r.rules.bids:
        if value is not None:
            # glossary: bid
            r.fail("bid", Said("%(game)s has no bids", game=r.rules.title))
        return None
    if value is None:
        if required:
            # glossary: bid, capot
            r.fail("bid", Said("say the bid: 80 to 160 in tens, or capot"))
        return None
    if value not in BIDS or type(value) not in (int, str):
        # glossary: bid, capot
        r.fail("bid", Said("a bid is 80 to 160 in tens, or capot; not %(value)s", value=repr(value)))
        return None
    return value


def _read_belot(r: _Reader, raw: Mapping[str, object]) -> HandInput:
    """A whole suit dealt to one side (``{"belot": 1}``, a contract optional): nothing else may be given."""
    rules = r.rules
    if not rules.belot:
        # glossary: game
        r.fail("belot", Said("%(game)s has no belot: a whole suit in one hand does not win the game",
                             game=rules.title))
    side = r.side(raw, "belot", "belot", required=True)
    contract = _read_contract(r, raw.get("contract"), required=False)
    for key in HAND_FIELDS:
        if key not in ("belot", "contract") and key in raw and raw[key] is not None:
            # glossary: hand
            r.fail(key, Said("a belot ends the hand before it is played: give only belot (and the contract), "
                             "not %(name)s", name=key))
    if r.problems:
        raise RuleError(r.problems)
    return HandInput(contract=contract, belot=side)


def _read_contract(r: _Reader, value: object, required: bool) -> Contract | None:
    if value is None:
        if required:
            r.fail("contract", Said("say the contract: %(choices)s", choices=_contracts(r.rules)))
        return None
    contract = _CONTRACTS.get(value) if isinstance(value, str) else None
    if contract is None or contract not in r.rules.contracts:
        r.fail("contract", Said("%(value)s is not a contract in %(game)s: choose %(choices)s", value=repr(value),
                                game=r.rules.title, choices=_contracts(r.rules)))
        return None
    return contract


def _contracts(rules: Rules) -> Listed:
    """The game's contracts in words: ``clubs, diamonds, hearts, spades``."""
    return Listed((c.word for c in rules.contracts), N_(", "))


def _read_card_points(
    r: _Reader, raw: Mapping[str, object], contract: Contract | None, required: bool,
) -> tuple[int | None, ...] | None:
    values = r.per_side(raw, "card_points")
    if values is None:
        if required and all(p.field != "card_points" for p in r.problems):
            r.fail("card_points", Said("give the card points each side took"))
        return None
    rules = r.rules
    deck = rules.deck(contract)
    problems_before = len(r.problems)
    good: list[int | None] = []
    for s, value in enumerate(values):
        field = f"card_points.{s}"
        if value is None:
            if not rules.full_deck:
                r.fail(field, Said("give %(side)s's card points: in %(game)s not every card is played", side=r.names[s],
                                   game=rules.title))
            good.append(None)
        elif not _whole(value):
            r.fail(field, Said("card points are a whole number, not %(value)s", value=repr(value)))
            good.append(None)
        elif value < 0:
            r.fail(field, Said("card points cannot be negative (%(points)s)", points=value))
            good.append(None)
        elif value > deck:
            r.fail(field, Said("%(side)s's %(points)s card points are more than the %(deck)s in the deck",
                               side=r.names[s], points=value, deck=deck))
            good.append(None)
        elif value == 1 or (rules.full_deck and value == deck - 1):
            r.fail(field, Said("%(points)s card points cannot be made from real cards", points=value))
            good.append(None)
        else:
            good.append(int(value))
    if len(r.problems) > problems_before:
        return None
    given = [v for v in good if v is not None]
    if rules.full_deck:
        if len(given) == rules.sides and sum(given) != deck:
            r.fail("card_points", Said("card points %(sum)s = %(total)s, but every card is played: they must add up to "
                                       "%(deck)s", sum=Listed(given, " + "), total=sum(given), deck=deck))
            return None
        if not given:
            r.fail("card_points", Said("give at least one side's card points"))
            return None
        missing = deck - sum(given)
        good = [missing if v is None else v for v in good]
    elif sum(given) > deck:
        r.fail("card_points", Said("card points %(sum)s exceed the %(deck)s in the deck", sum=Listed(given, " + "),
                                   deck=deck))
        return None
    return tuple(good)


def _read_took_trick(r: _Reader, raw: Mapping[str, object]) -> tuple[bool, ...] | None:
    values = r.per_side(raw, "took_trick")
    if values is None:
        return None
    if not all(isinstance(v, bool) for v in values):
        r.fail("took_trick", Said("took_trick is true or false for each side"))
        return None
    return tuple(bool(v) for v in values)


def _read_declaration(r: _Reader, field: str, value: Mapping[str, object]) -> Declaration | None:
    kind = value.get("kind")
    rules = r.rules
    if kind == "sequence":
        length, top, suit_name = value.get("length"), value.get("top"), value.get("suit")
        try:
            rank = Rank(str(top).upper())
        except ValueError:
            r.fail(field, Said("%(value)s is not a top card: write 7 8 9 10 J Q K or A", value=repr(top)))
            return None
        suit = next((s for s in Suit if suit_name in (s.value, s.letter, s.letter.lower())), None)
        if suit is None:
            r.fail(field, Said("%(value)s is not a suit: clubs, diamonds, hearts or spades", value=repr(suit_name)))
            return None
        longest = 9 if rules.deck_cards == 36 else 8
        if not _whole(length) or not 3 <= length <= longest:
            r.fail(field, Said("a sequence has 3 to %(most)s cards, not %(value)s", most=longest, value=repr(length)))
            return None
        if length == 8 and rules.belot:
            # glossary: game
            r.fail(field, Said("eight cards of one suit are not a sequence but a belot: it wins the game (enter "
                               "it as a belot)"))
            return None
        if rank.height + 1 < length and not (rules.deck_cards == 36 and rank.height + 2 == length):
            # With 36 cards the six is below the seven (Tarabish: 6-7-8 is a run).
            r.fail(field, Said("no %(length)s-card sequence can end in the %(rank)s: the seven is the lowest card",
                               length=length, rank=rank.word) if rules.deck_cards == 32 else
                   Said("no %(length)s-card sequence can end in the %(rank)s: the six is the lowest card",
                        length=length, rank=rank.word))
            return None
        return Run(int(length), rank, suit)
    if kind == "square":
        try:
            rank = Rank(str(value.get("rank")).upper())
        except ValueError:
            r.fail(field, Said("%(value)s is not a rank: write 7 8 9 10 J Q K or A", value=repr(value.get("rank"))))
            return None
        if not rules.square_value(rank) and not (r.worthless and rules.squares):
            r.fail(field, Said("%(square)s score nothing in %(game)s", square=Square(rank).describe(),
                               game=rules.title))
            return None
        return Square(rank)
    r.fail(field, Said("a declaration's kind is sequence or square, not %(value)s", value=repr(kind)))
    return None


def read_declarations(
    rules: Rules, raw: object, contract: Contract | None, names: Sequence[str] | None = None,
    field: str = "declarations", worthless: bool = False,
) -> tuple[tuple[Declaration, ...], ...]:
    """Declarations per side as announced at the table (a list per side of docs/api.md's declaration objects).

    Read and checked as a hand's declared melds are; a RuleError names each problem under ``field``. With
    ``worthless``, four of a kind that scores nothing in a game that scores squares is read too (the referee's
    question: "do our four sevens count?").
    """
    r = _Reader(rules.melds_in(contract), names or default_names(rules), worthless)
    if not isinstance(raw, (list, tuple)):
        raise RuleError(field, Said("give one list of declarations per side: %(sides)s lists", sides=rules.sides))
    for s, side in enumerate(raw):
        if isinstance(side, (list, tuple)) and any(_whole(m) for m in side):
            r.fail(f"{field}.{s}", Said("a declaration is an object such as "
                                        '{"kind": "sequence", "length": 3, "top": "K", "suit": "clubs"}, not a value'))
    if r.problems:
        raise RuleError(r.problems)
    melds = _read_melds(r, {field: raw}, contract, at=field)
    if r.problems:
        raise RuleError(r.problems)
    return tuple(tuple(m for m in side if not isinstance(m, int)) for side in melds)


def _read_melds_by_seat(
    r: _Reader, value: object, contract: Contract | None, per_side: bool,
) -> tuple[tuple[Declaration, ...], ...] | None:
    """Declarations per seat (API.md: ``melds_by_seat``), for four-handed play where the player nearer to forehand
    settles an exact tie: a list per seat in seat order, each of declaration objects."""
    rules = r.rules
    if rules.players == rules.sides:
        r.fail("melds_by_seat", Said("declarations per seat are for four-handed games, where partners share a side: "
                                     "give melds per side"))
        return None
    if per_side:
        r.fail("melds_by_seat", Said("give the declarations either per side (melds) or per seat (melds_by_seat), "
                                     "not both"))
        return None
    if rules.melds is Melds.NONE and isinstance(value, (list, tuple)) and any(value):
        r.fail("melds_by_seat", _NO_DECLARATIONS)
        return None
    if not isinstance(value, (list, tuple)) or len(value) != rules.players:
        r.fail("melds_by_seat", Said("give one list of declarations per seat: %(seats)s lists", seats=rules.players))
        return None
    seats: list[tuple[Declaration, ...]] = []
    seen: dict[Card, Declaration] = {}
    for seat, declared in enumerate(value):
        field = f"melds_by_seat.{seat}"
        entries: list[Declaration] = []
        if not isinstance(declared, (list, tuple)):
            r.fail(field, Said("give one list of declarations per seat: %(seats)s lists", seats=rules.players))
            declared = ()
        for m in declared:
            decl = _read_declaration(r, field, m) if isinstance(m, Mapping) else None
            if decl is None:
                if not isinstance(m, Mapping):
                    r.fail(field, Said("a declaration is an object such as "
                                       '{"kind": "sequence", "length": 3, "top": "K", "suit": "clubs"}, not a value'))
                continue
            _hold_cards(r, field, decl, seen)
            entries.append(decl)
        if len({card for d in entries for card in d.cards()}) > rules.cards_per_player:
            r.fail(field, Said("a player holds %(cards)s cards: too few for these declarations",
                               cards=rules.cards_per_player))
        seats.append(tuple(entries))
    if contract is Contract.NO_TRUMPS and any(seats) and not rules.melds_in_no_trumps:
        # glossary: trumps (no trumps)
        r.fail("melds_by_seat", Said("there are no declarations in no-trumps"))
    return tuple(seats)


def _hold_cards(r: _Reader, field: str, decl: Declaration, seen: dict[Card, Declaration]) -> None:
    """Note the cards of ``decl`` in ``seen``, saying under ``field`` any card already in another declaration (one
    card may be in a square and a sequence at once where the game allows it: Croatian Bela, Jass)."""
    for card in decl.cards():
        if card in seen and not (r.rules.square_in_sequence
                                 and isinstance(seen[card], Square) != isinstance(decl, Square)):
            r.fail(field, Said("the %(card)s is in two declarations (%(first)s and %(second)s)",
                               card=str(card), first=seen[card].describe(), second=decl.describe()))
        seen[card] = decl


_MeldTables = tuple[frozenset[int], dict[int, int], frozenset[int], frozenset[int]]
_MELD_TABLES: dict[int, tuple[Mapping[str, int], _MeldTables]] = {}


def _meld_tables(meld_values: Mapping[str, int]) -> _MeldTables:
    """The values a scorer may credit, the fewest cards each needs, the values only a sequence has, and
    the values only a square has.

    Worked out once per meld table (replay reads every stored hand again, so this is a hot path).
    """
    cached = _MELD_TABLES.get(id(meld_values))
    if cached is not None and cached[0] is meld_values:
        return cached[1]
    min_cards: dict[int, int] = {}
    for key, points in meld_values.items():
        cards = 4 if key.startswith("square-") else int(key.rsplit("-", 1)[1])
        min_cards[points] = min(min_cards.get(points, 99), cards)
    sequences = {v for k, v in meld_values.items() if k.startswith("sequence-")}
    squares = {v for k, v in meld_values.items() if k.startswith("square-")}
    tables = (frozenset(meld_values.values()), min_cards, frozenset(sequences - squares),
              frozenset(squares - sequences))
    if len(_MELD_TABLES) > 256:
        _MELD_TABLES.clear()
    _MELD_TABLES[id(meld_values)] = (meld_values, tables)
    return tables


def _read_melds(
    r: _Reader, raw: Mapping[str, object], contract: Contract | None, at: str = "melds",
) -> tuple[tuple[MeldEntry, ...], ...]:
    rules = r.rules
    empty: tuple[tuple[MeldEntry, ...], ...] = tuple(() for _ in range(rules.sides))
    values = r.per_side(raw, at)
    if values is None:
        return empty
    if not any(values):
        return empty
    if rules.melds is Melds.NONE:
        r.fail(at, _NO_DECLARATIONS)
        return empty
    credited_values, min_cards, sequence_only, square_only = _meld_tables(rules.meld_values)
    result: list[tuple[MeldEntry, ...]] = []
    kinds: set[bool] = set()
    sequence_sides = square_sides = 0
    seen: dict[Card, Declaration] = {}
    for s, side_melds in enumerate(values):
        field = f"{at}.{s}"
        if not isinstance(side_melds, (list, tuple)):
            r.fail(field, Said("melds are a list per side"))
            result.append(())
            continue
        entries: list[MeldEntry] = []
        cards_used = 0
        for m in side_melds:
            if _whole(m):
                value = int(m)
                if value not in credited_values:
                    r.fail(field, Said("%(points)s is not a meld in %(game)s: melds are worth %(values)s", points=value,
                                       game=rules.title, values=Listed(sorted(credited_values), N_(", "))))
                    continue
                cards_used += min_cards[value]
                entries.append(value)
                kinds.add(True)
            elif isinstance(m, Mapping):
                decl = _read_declaration(r, field, m)
                if decl is None:
                    continue
                _hold_cards(r, field, decl, seen)
                cards_used += len(decl.cards())
                entries.append(decl)
                kinds.add(False)
            else:
                r.fail(field, Said("a meld is a value such as 20 or a declaration, not %(value)s", value=repr(m)))
        if cards_used > rules.cards_per_side:
            r.fail(field, Said.agreeing(r.rules.team(r.names[s]), N_("%(side)s holds %(cards)s cards: too few for "
                                                                     "these melds"),
                               # Translators: the same, said of a team (two partners): its verbs plural.
                               N_("%(side)s hold %(cards)s cards: too few for these melds"), side=r.names[s],
                               cards=rules.cards_per_side))
        if any(isinstance(e, int) and e in sequence_only for e in entries):
            sequence_sides += 1
        if any(isinstance(e, int) and e in square_only for e in entries):
            square_sides += 1
        result.append(tuple(entries))
    if len(kinds) > 1:
        r.fail(at, Said("give melds either as values or as declarations, not both"))
    contested = rules.melds is Melds.BEST_SIDE
    if contested and rules.meld_contest is Contest.SINGLE and kinds == {True} and sum(map(bool, result)) > 1:
        r.fail(at, Said("only the side with the best declaration scores declarations: credit them to one side, "
                        "or enter the declarations and let the app decide"))
    else:
        if contested and sequence_sides > 1 and rules.sequence_tie is not SequenceTie.ALL:
            r.fail(at, Said("only the side with the best sequence scores sequences: credit them to one side, "
                            "or enter the declarations and let the app decide"))
        if contested and square_sides > 1:
            r.fail(at, Said("only the side with the higher square scores squares: credit squares to one side, "
                            "or enter the declarations and let the app decide"))
    if contract is Contract.NO_TRUMPS and any(result) and not rules.melds_in_no_trumps:
        # glossary: trumps (no trumps)
        r.fail(at, Said("there are no declarations in no-trumps"))
    return tuple(result)


# glossary: declarations
_NO_DECLARATIONS = Said("these house rules count no declarations")


def _read_bela(r: _Reader, raw: Mapping[str, object], contract: Contract | None) -> tuple[int, ...]:
    rules = r.rules
    values = r.per_side(raw, "bela")
    if values is None:
        return tuple(0 for _ in range(rules.sides))
    most = 4 if contract is Contract.ALL_TRUMPS else 1 if contract is None or contract.is_suit else 0
    word = rules.bela_word
    good: list[int] = []
    for s, value in enumerate(values):
        if not _whole(value) or value < 0:
            # glossary: belote and rebelote
            r.fail(f"bela.{s}", Said("%(bela)s is a count: 0 or more, not %(value)s", bela=word, value=repr(value)))
            good.append(0)
        else:
            good.append(int(value))
    if sum(good) > most:
        r.fail("bela", _too_much_bela(word, most, contract))
    elif any(good) and not rules.bela_points:
        r.fail("bela", Said("these house rules give %(bela)s no points", bela=word))
    return tuple(good)


def _too_much_bela(word: str, most: int, contract: Contract | None) -> Said:
    """Why more bela were given than the contract allows (``most``: 0 without trumps, 4 in all-trumps, else 1)."""
    if most == 0 and contract is not None and contract is not Contract.NO_TRUMPS:
        # glossary: Stöck, Obenabe, Undenufe
        # Translators: %(bela)s is the game's word for K and Q of trumps (Stöck), %(contract)s a contract without
        # trumps: Obenabe or Undenufe.
        return Said("there is no %(bela)s in %(contract)s: it has no trumps", bela=word, contract=contract.word)
    if most == 0:
        # glossary: belote and rebelote, trumps (no trumps)
        return Said("there is no %(bela)s in no-trumps", bela=word)
    if most == 4:
        # glossary: belote and rebelote
        return Said("only %(count)s %(bela)s can be held: one for each suit", count=most, bela=word)
    # glossary: belote and rebelote, trumps
    return Said("only %(count)s %(bela)s can be held: one K and Q of trumps", count=most, bela=word)


def _read_claim(r: _Reader, value: object) -> Claim | None:
    if value is None:
        return None
    rules = r.rules
    if not isinstance(value, Mapping):
        # glossary: claim
        r.fail("claim", Said("a claim is an object with side and points"))
        return None
    if rules.claims is Claims.NONE:
        # glossary: claim, game, hand
        r.fail("claim", Said("%(game)s has no claims: the game is decided at the end of a hand", game=rules.title))
        return None
    side = r.side(value, "side", "claim.side", required=True)
    if rules.claims is Claims.RACE:
        return _read_race(r, value, side)
    if rules.thanks:
        return _read_thanks(r, value, side)
    points = value.get("points")
    parts = _read_claim_parts(r, value["parts"]) if value.get("parts") is not None else None
    most = claim_points_limit(rules)
    if parts is not None and points is not None and _whole(points) and points != parts.total(rules):
        # glossary: claim
        # Translators: %(points)s is the one number given, %(sum)s what the parts given beside it add up to.
        r.fail("claim.points", Said("the points won so far (%(points)s) are not what their parts add up to "
                                    "(%(sum)s): give one or the other", points=points, sum=parts.total(rules)))
        points = None
    elif parts is not None and points is None:
        points = parts.total(rules)
    elif "parts" in value and value["parts"] is not None and parts is None:
        points = None  # the parts' own problems are said
    elif not _whole(points) or not 0 <= points <= most:
        if points is None:
            # glossary: claim, hand
            r.fail("claim.points", Said("say how many points the claimant has won so far in this hand"))
        else:
            r.fail("claim.points", Said("the points won so far are a whole number from 0 to %(most)s, not %(value)s",
                                        most=most, value=repr(points)))
        points = None
    trick = value.get("trick")
    if trick is not None and (not _whole(trick) or not 1 <= trick <= rules.cards_per_player):
        r.fail("claim.trick", Said("the trick is a number from 1 to %(most)s", most=rules.cards_per_player))
        trick = None
    elif rules.claim_window is not None:
        if trick is None:
            # glossary: claim
            r.fail("claim.trick", Said("say in which trick the claim was made: claims count only within the first "
                                       "%(tricks)s tricks", tricks=rules.claim_window))
        elif trick > rules.claim_window:
            # glossary: claim, hand
            r.fail("claim.trick", Said("a claim is allowed only within the first %(tricks)s tricks, not in trick "
                                       "%(trick)s: play the hand out", tricks=rules.claim_window, trick=trick))
    if side is None or points is None:
        return None
    return Claim(side, int(points), None if trick is None else int(trick), parts)


def _read_race(r: _Reader, value: Mapping[str, object], side: int | None) -> Claim | None:
    """A claim of the race: what every side had won so far in the hand, a list with one entry per side."""
    rules = r.rules
    most = claim_points_limit(rules)
    for key in value:
        if key not in ("side", "points"):
            # glossary: claim
            r.fail(f"claim.{key}", Said("a claim of the race has side and points (one entry per side), not %(name)s",
                                        name=repr(key)))
    points = value.get("points")
    if not isinstance(points, (list, tuple)) or len(points) != rules.sides:
        # glossary: claim, hand
        r.fail("claim.points", Said("say what each side has won so far in this hand: %(sides)s entries",
                                    sides=rules.sides))
        return None
    good = True
    for s, won in enumerate(points):
        if not _whole(won) or not 0 <= won <= most:
            r.fail(f"claim.points.{s}", Said("the points won so far are a whole number from 0 to %(most)s, not "
                                             "%(value)s", most=most, value=repr(won)))
            good = False
    if side is None or not good:
        return None
    race = tuple(int(won) for won in points)
    return Claim(side, race[side], race=race)


def _read_thanks(r: _Reader, value: Mapping[str, object], side: int | None) -> Claim | None:
    """Jass's bedanken (RULES.md §11): both sides' Stöck, Weis and trick points so far in the hand, before the
    multiplier: ``{"side": 0, "stoeck": [20, 0], "weis": [0, 50], "tricks": [31, 12]}``."""
    rules = r.rules
    for key in value:
        if key not in ("side", *ThanksKind):
            # glossary: claim
            r.fail(f"claim.{key}", Said("a claim (bedanken) has side, stoeck, weis and tricks, not %(name)s",
                                        name=repr(key)))
    kinds: dict[ThanksKind, tuple[int, ...]] = {}
    deck = rules.deck(None) + rules.last_trick
    weis_most = max(rules.meld_values.values(), default=0) * (rules.cards_per_side // 3)
    for key in ThanksKind:
        raw = value.get(key, [0] * rules.sides)
        if not isinstance(raw, (list, tuple)) or len(raw) != rules.sides:
            # glossary: claim, hand
            r.fail(f"claim.{key}", Said("give %(name)s for each side: %(sides)s entries", name=key,
                                        sides=rules.sides))
            continue
        good: list[int] = []
        for s, won in enumerate(raw):
            at = f"claim.{key}.{s}"
            if not _whole(won) or won < 0:
                r.fail(at, Said("%(name)s is a whole number, 0 or more, not %(value)s", name=key, value=repr(won)))
            elif key == ThanksKind.STOECK and won not in (0, rules.bela_points):
                # glossary: Stöck
                r.fail(at, Said("%(bela)s is %(points)s or 0, not %(value)s", bela=rules.bela_word,
                                points=rules.bela_points, value=won))
            elif key == ThanksKind.WEIS and won and rules.melds is Melds.NONE:
                r.fail(at, _NO_DECLARATIONS)
            elif key == ThanksKind.WEIS and (won % 10 or won > weis_most):
                # glossary: Weis
                r.fail(at, Said("Weis is a sum of %(values)s, not %(value)s",
                                values=Listed(sorted(set(rules.meld_values.values())), N_(", ")), value=won))
            elif key == ThanksKind.TRICKS and won > deck:
                r.fail(at, Said("the tricks hold %(most)s points at most, not %(value)s", most=deck, value=won))
            else:
                good.append(int(won))
                continue
            good.append(0)
        kinds[key] = tuple(good)
    if len(kinds) == len(ThanksKind):
        if sum(kinds[ThanksKind.TRICKS]) > deck:
            r.fail("claim.tricks", Said("the tricks won so far add up to %(sum)s: more than the %(most)s in the hand",
                                        sum=sum(kinds[ThanksKind.TRICKS]), most=deck))
        if sum(kinds[ThanksKind.STOECK]) > rules.bela_points:
            # glossary: Stöck
            r.fail("claim.stoeck", Said("only one side can have %(bela)s", bela=rules.bela_word))
        if sum(1 for w in kinds[ThanksKind.WEIS] if w) > 1:
            # glossary: Weis
            r.fail("claim.weis", Said("only the side with the best Weis writes Weis: give it to one side"))
    if side is None or r.problems:
        return None
    thanks = Thanks(kinds[ThanksKind.STOECK], kinds[ThanksKind.WEIS], kinds[ThanksKind.TRICKS])
    return Claim(side, thanks.won(side), thanks=thanks)


_CLAIM_PARTS = ("card_points", "declarations", "bela", "last_trick")


def _read_claim_parts(r: _Reader, value: object) -> ClaimParts | None:
    """A claim's points given by their parts (docs/api.md): each checked, every problem said."""
    rules = r.rules
    if not isinstance(value, Mapping) or not set(value) <= set(_CLAIM_PARTS):
        # glossary: claim
        r.fail("claim.parts", Said("the parts of the points won so far are an object with %(fields)s",
                                   fields=Listed(_CLAIM_PARTS, N_(", "))))
        return None
    ok = True
    cards = value.get("card_points", 0)
    deck = rules.deck(None)
    if not _whole(cards) or not 0 <= cards <= deck:
        # Translators: beside the card points of the tricks a claimant has taken so far.
        r.fail("claim.parts.card_points", Said("card points are a whole number from 0 to %(most)s, not %(value)s",
                                               most=deck, value=repr(cards)))
        ok = False
    declarations = value.get("declarations", [])
    known = sorted(set(rules.meld_values.values()))
    if not isinstance(declarations, (list, tuple)) or not all(_whole(d) and d in known for d in declarations):
        # glossary: claim. %(values)s lists the values a declaration of this game can have: "20, 50 or 100".
        r.fail("claim.parts.declarations", Said("a declaration here is worth %(values)s",
                                                values=Listed(known, N_(" or "))) if known else
               Said("%(game)s has no declarations", game=rules.title))
        ok = False
    elif len(declarations) > rules.cards_per_side // 3:
        r.fail("claim.parts.declarations", Said("at most %(count)s declarations can count in one hand",
                                                count=rules.cards_per_side // 3))
        ok = False
    flags = {}
    for key in ("bela", "last_trick"):
        flag = value.get(key, False)
        if not isinstance(flag, bool):
            # Translators: %(name)s is a field's name (bela, last_trick).
            r.fail(f"claim.parts.{key}", Said("%(name)s is true or false", name=key))
            ok = False
        flags[key] = flag is True
    if flags["bela"] and not rules.bela_points:
        r.fail("claim.parts.bela", Said("these house rules give %(bela)s no points", bela=rules.bela_word))
        ok = False
    if not ok:
        return None
    return ClaimParts(int(cards), tuple(int(d) for d in declarations), flags["bela"], flags["last_trick"])


def claim_points_limit(rules: Rules) -> int:
    """The most points a side can have won in one hand: the deck, last trick, melds and bela."""
    best_meld = max(rules.meld_values.values(), default=0)
    return rules.deck(None) + rules.last_trick + rules.bela_points + best_meld * (rules.cards_per_side // 3)


def _read_revoke(r: _Reader, value: object) -> RevokeChallenge | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        # glossary: revoke
        r.fail("revoke", Said("a revoke is an object with accused, accuser and upheld"))
        return None
    if r.rules.revoke is Revoke.NONE:
        # glossary: revoke
        r.fail("revoke", Said("these house rules do not score revoke challenges"))
        return None
    accused = r.side(value, "accused", "revoke.accused", required=True)
    accuser = r.side(value, "accuser", "revoke.accuser", required=True)
    upheld = value.get("upheld")
    if not isinstance(upheld, bool):
        # glossary: revoke
        r.fail("revoke.upheld", Said("say whether the revoke was upheld: true or false"))
    if accused is not None and accused == accuser:
        r.fail("revoke.accuser", Said("a side cannot challenge itself"))
    if accused is None or accuser is None or not isinstance(upheld, bool) or accused == accuser:
        return None
    return RevokeChallenge(accused, accuser, upheld)
