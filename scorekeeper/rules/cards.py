"""Cards, suits, contracts and the card-point tables of RULES.md section 2."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from .errors import RuleError
from .words import Said


class Suit(StrEnum):
    """A suit of the 32-card piquet pack."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def letter(self) -> str:
        """The one-letter form used in card names (``C D H S``)."""
        return self.value[0].upper()

    @property
    def sign(self) -> str:
        """The suit's sign as printed on the cards (``♣ ♦ ♥ ♠``): the only place it is written."""
        return _SIGNS[self]

    @property
    def red(self) -> bool:
        """Whether the suit is printed red (hearts, diamonds)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def word(self) -> Said:
        """The suit as players say it: ``clubs``, ``hearts`` (said in the table's language)."""
        return _SUIT_WORDS[self]


_SIGNS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUIT_SIGNS: Mapping[str, str] = MappingProxyType({suit.value: suit.sign for suit in Suit})
"""Each suit's sign by the suit's name (``"hearts": "♥"``), for the pages and the card counter."""


class Rank(StrEnum):
    """A rank of the pack, written as on the card: the 32-card pack, and the six of the 36-card one (Tarabish,
    Jass)."""

    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def height(self) -> int:
        """Position in the natural order A K Q J 10 9 8 7 (6) used for sequences and the cut (7 is 0, the six
        of the 36-card pack -1)."""
        return _HEIGHTS[self]

    @property
    def word(self) -> Said:
        """The rank as players say it: ``ace``, ``king``, ``ten`` (said in the table's language)."""
        return _WORDS[self]

    @property
    def short(self) -> str:
        """The rank as written on a card in a sentence: ``7`` to ``10`` as they are, ``J Q K A`` said in the
        table's language (the letters differ: a Croatian jack is a *dečko*)."""
        return _SHORT.get(self, self.value)


_NATURAL = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
NATURAL_ORDER: tuple[Rank, ...] = _NATURAL
"""Ranks of the 32-card pack low to high in the natural order (sequences, squares, the cut for deal)."""
NATURAL_36: tuple[Rank, ...] = (Rank.SIX, *_NATURAL)
"""Ranks of the 36-card pack low to high: the six below the seven."""
_HEIGHTS = {rank: index - 1 for index, rank in enumerate(NATURAL_36)}

_WORDS = {
    Rank.SIX: Said("six"), Rank.SEVEN: Said("seven"), Rank.EIGHT: Said("eight"), Rank.NINE: Said("nine"),
    Rank.TEN: Said("ten"),
    Rank.JACK: Said("jack"), Rank.QUEEN: Said("queen"), Rank.KING: Said("king"), Rank.ACE: Said("ace"),
}
_SHORT: dict[Rank, str] = {
    # Translators: the jack's letter, as written on a card and in a card's name such as "J♠".
    Rank.JACK: Said("J"),
    # Translators: the queen's letter, as written on a card and in a card's name such as "Q♠".
    Rank.QUEEN: Said("Q"),
    # Translators: the king's letter, as written on a card and in a card's name such as "K♠".
    Rank.KING: Said("K"),
    # Translators: the ace's letter, as written on a card and in a card's name such as "A♠".
    Rank.ACE: Said("A"),
}
_SUIT_WORDS = {
    Suit.CLUBS: Said("clubs"), Suit.DIAMONDS: Said("diamonds"), Suit.HEARTS: Said("hearts"),
    Suit.SPADES: Said("spades"),
}

TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10,
    Rank.KING: 4, Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0,
}
"""Card points of a trump (J is Yuss / Jass, 9 is Manel / Manille)."""

PLAIN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
    Rank.JACK: 2, Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0,
}
"""Card points of a plain (non-trump) card."""

TRUMP_TRICK_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN, Rank.EIGHT, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE, Rank.NINE, Rank.JACK,
)
"""Trumps low to high in trick-taking power: J 9 A 10 K Q 8 7 from the top."""

PLAIN_TRICK_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE,
)
"""Plain cards low to high in trick-taking power: A 10 K Q J 9 8 7 from the top."""

LAST_TRICK = 10
"""The bonus for taking the last trick."""


class Contract(StrEnum):
    """What the taker plays: a trump suit, no-trumps or all-trumps (RULES.md section 7)."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NO_TRUMPS = "no-trumps"
    ALL_TRUMPS = "all-trumps"
    TOP_DOWN = "top-down"
    """No trumps, the natural order (Jass's Obenabe): the eights are worth 8."""
    BOTTOM_UP = "bottom-up"
    """No trumps, the order reversed (Jass's Undenufe): the six is the top card, worth 11; aces nothing."""

    @property
    def trump(self) -> Suit | None:
        """The trump suit of a suit contract, else None."""
        return _TRUMP_SUIT.get(self)

    @property
    def is_suit(self) -> bool:
        """True for a contract with one trump suit."""
        return self in _TRUMP_SUIT

    def is_trump(self, suit: Suit) -> bool:
        """Whether cards of ``suit`` are trumps under this contract."""
        return self is Contract.ALL_TRUMPS or _TRUMP_SUIT.get(self) is suit

    @property
    def word(self) -> Said:
        """The contract as players say it: ``hearts``, ``no-trumps`` (said in the table's language)."""
        return _CONTRACT_WORDS[self]


# Looked up by member, not by .value: an Enum's .value is a slow descriptor, and scoring asks often.
_TRUMP_SUIT: dict[Contract, Suit] = {Contract(s.value): s for s in Suit}
_CONTRACT_WORDS = {
    **{Contract(s.value): word for s, word in _SUIT_WORDS.items()},
    # glossary: trumps (no trumps)
    Contract.NO_TRUMPS: Said("no-trumps"),
    # glossary: trumps (all trumps)
    Contract.ALL_TRUMPS: Said("all-trumps"),
    # glossary: Obenabe
    # Translators: Jass's no-trumps contract played top down (aces high): Swiss tables say Obenabe.
    Contract.TOP_DOWN: Said("Obenabe"),
    # glossary: Undenufe
    # Translators: Jass's no-trumps contract played bottom up (sixes high): Swiss tables say Undenufe.
    Contract.BOTTOM_UP: Said("Undenufe"),
}
SUIT_CONTRACTS: tuple[Contract, ...] = (Contract.CLUBS, Contract.DIAMONDS, Contract.HEARTS, Contract.SPADES)
"""The four suit contracts, lowest first (the Belote bidding order)."""


@dataclass(frozen=True, slots=True)
class CardValues:
    """What the cards are worth and how they rank: the one source of every card fact the app shows.

    Most games of the family make the jack the top trump (the Jass); the Czech games (RULES.md §2a) put the
    queen (jasek) in its place and value, and the jack of trumps counts as a plain jack.
    """

    top_trump: Rank
    """The highest trump: J (Jass / Yuss), Q in the Czech games (jasek)."""
    trump_points: Mapping[Rank, int]
    """Card points of a trump."""
    plain_points: Mapping[Rank, int]
    """Card points of a plain (non-trump) card."""
    trump_order: tuple[Rank, ...]
    """Trumps low to high in trick-taking power."""
    plain_order: tuple[Rank, ...] = PLAIN_TRICK_ORDER
    """Plain cards low to high in trick-taking power."""
    contract_points: Mapping[Contract, Mapping[Rank, int]] = field(default_factory=lambda: MappingProxyType({}))
    """Card points under a contract with its own values (Jass's Obenabe and Undenufe)."""
    contract_orders: Mapping[Contract, tuple[Rank, ...]] = field(default_factory=lambda: MappingProxyType({}))
    """Every card's order low to high under a contract with its own order (Obenabe natural, Undenufe reversed)."""
    _decks: dict[Contract | None, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Worked out once: every hand read asks for the deck total.
        trump_suit = sum(self.trump_points.values())
        plain_suit = sum(self.plain_points.values())
        decks: dict[Contract | None, int] = {contract: trump_suit + 3 * plain_suit for contract in _TRUMP_SUIT}
        decks.update({None: trump_suit + 3 * plain_suit, Contract.ALL_TRUMPS: 4 * trump_suit,
                      Contract.NO_TRUMPS: 4 * plain_suit, Contract.TOP_DOWN: 4 * plain_suit,
                      Contract.BOTTOM_UP: 4 * plain_suit})
        decks.update({contract: 4 * sum(points.values()) for contract, points in self.contract_points.items()})
        object.__setattr__(self, "_decks", decks)

    def points(self, card: Card, contract: Contract | None) -> int:
        """Card points of ``card`` under ``contract``."""
        if contract is not None:
            if contract.is_trump(card.suit):
                return self.trump_points[card.rank]
            own = self.contract_points.get(contract)
            if own is not None:
                return own[card.rank]
        return self.plain_points[card.rank]

    def power(self, card: Card, contract: Contract | None) -> int:
        """Trick-taking power of ``card`` within its suit (higher beats lower), by the trump or plain order."""
        if contract is not None:
            if contract.is_trump(card.suit):
                return self.trump_order.index(card.rank)
            own = self.contract_orders.get(contract)
            if own is not None:
                return own.index(card.rank)
        return self.plain_order.index(card.rank)

    def deck(self, contract: Contract | None) -> int:
        """Card points of the whole deck without the last trick: one trump suit and three plain, all four
        suits trumps (all-trumps) or none (no-trumps). 152 / 248 / 120; 151 in the Czech games; 152 in every
        Jass contract."""
        return self._decks[contract]

    def table(self) -> tuple[tuple[Rank, int, int], ...]:
        """Every rank with its trump and plain points, highest trump first (the rules pages' table)."""
        return tuple((rank, self.trump_points[rank], self.plain_points[rank]) for rank in reversed(self.trump_order))


JASS = CardValues(Rank.JACK, MappingProxyType(TRUMP_POINTS), MappingProxyType(PLAIN_POINTS), TRUMP_TRICK_ORDER)
"""RULES.md §2: the jack is the top trump (20), the nine second (14). Every game but the Czech ones."""

CZECH = CardValues(
    Rank.QUEEN,
    MappingProxyType({Rank.QUEEN: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10,
                      Rank.KING: 4, Rank.JACK: 2, Rank.EIGHT: 0, Rank.SEVEN: 0}),
    MappingProxyType(PLAIN_POINTS),
    (Rank.SEVEN, Rank.EIGHT, Rank.JACK, Rank.KING, Rank.TEN, Rank.ACE, Rank.NINE, Rank.QUEEN),
)
"""RULES.md §2a (Bulka, Darda): the queen is the top trump (jasek, 20), the nine second (minela, 14), the jack
of trumps worth 2; trick order in trumps Q 9 A 10 K J 8 7; the deck holds 151 card points."""


JASS_36 = CardValues(
    Rank.JACK, MappingProxyType({**TRUMP_POINTS, Rank.SIX: 0}), MappingProxyType({**PLAIN_POINTS, Rank.SIX: 0}),
    (Rank.SIX, *TRUMP_TRICK_ORDER), (Rank.SIX, *PLAIN_TRICK_ORDER),
)
"""The 36-card pack of Tarabish: the cards of the Jass (§2), and the sixes below the sevens, worth nothing."""

_SWISS_PLAIN = MappingProxyType({Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
                                 Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0, Rank.SIX: 0})
SWISS = CardValues(
    Rank.JACK,
    MappingProxyType({Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
                      Rank.EIGHT: 0, Rank.SEVEN: 0, Rank.SIX: 0}),
    _SWISS_PLAIN,
    (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.NINE, Rank.JACK),
    NATURAL_36,
    MappingProxyType({
        Contract.TOP_DOWN: MappingProxyType({**_SWISS_PLAIN, Rank.EIGHT: 8}),
        Contract.BOTTOM_UP: MappingProxyType({**_SWISS_PLAIN, Rank.EIGHT: 8, Rank.SIX: 11, Rank.ACE: 0}),
    }),
    MappingProxyType({Contract.TOP_DOWN: NATURAL_36, Contract.BOTTOM_UP: tuple(reversed(NATURAL_36))}),
)
"""RULES.md §11 (Jass, 36 cards): trumps J 20, 9 14, A 11, 10 10, K 4, Q 3; plain A 11, 10 10, K 4, Q 3, J 2 (the
Swiss trick orders: trumps J 9 A K Q 10 8 7 6, plain suits A K Q J 10 9 8 7 6); Obenabe the natural order with the
eights worth 8; Undenufe the order reversed, the six worth 11 and the ace nothing. 152 in the cards in each."""


def deck_card_points(contract: Contract | None, values: CardValues = JASS) -> int:
    """Card points of the whole deck without the last trick: 152, 248 all-trumps, 120 no-trumps (Czech 151)."""
    return values.deck(contract)


@dataclass(frozen=True, slots=True)
class Card:
    """One card, written rank then suit letter: ``10H``, ``JS``, ``AC``."""

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str, field: str = "card", sixes: bool = False) -> Card:
        """Read ``10H`` / ``js`` / ``AC`` (``6H`` too with ``sixes``: the 36-card pack); a RuleError naming
        ``field`` if it is no card of the pack."""
        cleaned = text.strip().upper() if isinstance(text, str) else ""
        rank_text, suit_letter = cleaned[:-1], cleaned[-1:]
        for suit in Suit:
            if suit.letter == suit_letter:
                for rank in Rank:
                    if rank.value == rank_text and (sixes or rank is not Rank.SIX):
                        return cls(rank, suit)
        if sixes:
            raise RuleError(field, Said("%(text)s is not a card of the 36-card pack: write rank then suit, like 10H, "
                                        "JS or 6C", text=repr(text)))
        raise RuleError(field, Said("%(text)s is not a card of the 32-card pack: write rank then suit, like 10H, "
                                    "JS or AC", text=repr(text)))

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.letter}"

    def points(self, contract: Contract | None, values: CardValues = JASS) -> int:
        """Card points of this card under ``contract`` (by ``values``: the Czech games differ)."""
        return values.points(self, contract)

    def power(self, contract: Contract | None, values: CardValues = JASS) -> int:
        """Trick-taking power within its suit (higher beats lower), by the trump or plain order."""
        return values.power(self, contract)


FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in NATURAL_ORDER)
"""The 32 cards, suit by suit, low to high in natural order."""
FULL_DECK_36: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in NATURAL_36)
"""The 36 cards (the sixes in: Jass), suit by suit, low to high in natural order."""
