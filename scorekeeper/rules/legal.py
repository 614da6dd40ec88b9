"""Which cards a player could legally play to a trick, and why: the referee of a revoke dispute.

The obligations differ by family of rules, each from the rule book's text for it (RULES.md's sources):

- two-handed Bela and Klaberjass (the Scottish rules, the Klaberjass encyclopedia article): follow suit; when
  void, trump; a trump lead must be beaten;
- three-handed Bela (the same two texts): the same, and when a plain lead was trumped by the second player the
  third, void too, must overtrump, else play a lower trump (underplay);
- Clobby (its pub rules): follow suit; when void, trump, and over any trump already played if possible, else
  discard; a trump lead must be beaten if possible;
- Belote 151 (the four-handed contract rules): trump colour: follow and raise on trumps; when void, trump (over an
  opponent's trump) unless partner is winning, free if that cannot be done; no-trumps: follow only; all-trumps:
  follow and raise;
- South African four-handed Klaberjass (the encyclopedia article): a trump lead must be beaten by a higher trump
  if possible; when void after a trump was played, trump only if higher, else discard; no-trumps: follow only.

Which a game keeps is its preset's ``Rules.trick_play``. The other four-handed presets (RULES.md §10 and §11:
bela-4, Klaverjas, Tarabish, Deberc, Schieber) say nothing of the trick play, so they keep the South African
obligations (Belote's where a house rule adds all-trumps). Every contract without trumps (no-trumps, Jass's
Obenabe and Undenufe) only asks to follow suit; the cards' order in it (Undenufe's six on top) is the game's
``rules.cards.power``. In the 36-card pack (Jass) the sixes are cards too.

Seats are numbered as elsewhere in the engine (0 to players − 1, clockwise); play goes the way the deal does
(counter-clockwise in Belote 151), and in four-handed play seats 0+2 and 1+3 are partners.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeGuard

from .cards import Card, Contract, Rank, Suit
from .errors import Problem, RuleError
from .variants import Deal, Family, Rules
from .words import N_, Listed, Said


def family_of(rules: Rules) -> Family:
    """The trick-play family of ``rules``: by players, then the four-handed game's own (``Rules.trick_play``)."""
    if rules.players == 2:
        return Family.TWO_HANDED
    if rules.players == 3:
        return Family.THREE_HANDED
    if rules.trick_play is not None:
        return rules.trick_play
    if rules.doubles or Contract.ALL_TRUMPS in rules.contracts:
        return Family.BELOTE
    return Family.SOUTH_AFRICAN


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """House rules of the trick play (not of the scoring, so they are not part of Rules)."""

    bare_yuss: bool | None = None
    """A player whose only trump is the jack (the Yuss) need not play it; None: the variant's default
    (yes in Bela as in Scotland, no elsewhere)."""
    scoring_trump_lead: bool = False
    """Trumps may be led only with a scoring card, not an 8 or 7 (a Scottish custom, in the Scottish rules)."""

    def bare_yuss_for(self, rules: Rules) -> bool:
        """Whether the bare Yuss may be withheld under ``rules``."""
        return self.bare_yuss if self.bare_yuss is not None else rules.scottish_yuss


PLAY_OPTION_NAMES: tuple[str, ...] = ("bare-yuss", "scoring-trump-lead")
"""The trick-play house rules, by the name the API takes (``_`` may stand for ``-``)."""


def split_play_options(raw: object) -> tuple[dict[str, object], PlayOptions]:
    """Separate the trick-play options from the scoring options of a house-rules object.

    Returns the scoring options (for make_rules) and the PlayOptions; a RuleError names a bad value.
    """
    if raw is not None and not isinstance(raw, Mapping):
        raise RuleError("rules", Said("house rules must be an object of option names and values"))
    scoring: dict[str, object] = {}
    values: dict[str, bool] = {}
    problems: list[Problem] = []
    for key, value in (raw or {}).items():
        name = str(key).replace("_", "-")
        if name not in PLAY_OPTION_NAMES:
            scoring[str(key)] = value
        elif not isinstance(value, bool):
            problems.append(Problem(name, Said("%(option)s is true or false, not %(value)s", option=name,
                                               value=repr(value))))
        else:
            values[name] = value
    if problems:
        raise RuleError(problems)
    return scoring, PlayOptions(bare_yuss=values.get("bare-yuss"),
                                scoring_trump_lead=values.get("scoring-trump-lead", False))


@dataclass(frozen=True, slots=True)
class Played:
    """A card already played to the trick, and the seat that played it."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class LegalPlays:
    """The cards of the hand that may be played (in the hand's order), and the sentences that say why."""

    legal: tuple[Card, ...]
    explanation: tuple[str, ...]


def show(card: Card) -> Said:
    """A card as written in explanations: ``9♠``, ``10♥`` (the letter of a ``J♠`` said in the table's language)."""
    # Translators: a card as written in the explanations: its rank (7 8 9 10, or the letter J Q K A said as you
    # say them) then its suit's symbol, "J♠". Keep it as it is unless your language writes cards otherwise.
    return Said("%(rank)s%(suit)s", rank=card.rank.short, suit=card.suit.sign)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def play_step(rules: Rules) -> int:
    """+1 when play goes clockwise (seat after seat), -1 when it goes to the right (Belote 151)."""
    return -1 if rules.deal is Deal.RIGHT else 1


# ------------------------------------------------------------------------------------------------ reading


def read_contract(rules: Rules, value: object, problems: list[Problem]) -> Contract | None:
    """The contract ``value`` names, if it is one of the game's; else a problem for ``contract`` and None."""
    choices = Listed((c.word for c in rules.contracts), N_(", "))
    if value is None:
        # glossary: trumps
        problems.append(Problem("contract", Said("say the contract, which decides the trumps: %(choices)s",
                                                 choices=choices)))
        return None
    try:
        contract = Contract(value) if isinstance(value, str) else None
    except ValueError:
        contract = None
    if contract is None or contract not in rules.contracts:
        problems.append(Problem("contract", Said("%(value)s is not a contract in %(game)s: choose %(choices)s",
                                                 value=repr(value), game=rules.title, choices=choices)))
        return None
    return contract


def _read_seat(rules: Rules, value: object, field: str, problems: list[Problem]) -> int | None:
    if not _whole(value) or not 0 <= value < rules.players:
        problems.append(Problem(field, Said("%(value)s is not a seat: seats are numbered 0 to %(last)s",
                                            value=repr(value), last=rules.players - 1)))
        return None
    return int(value)


def sixes(rules: Rules) -> bool:
    """Whether the referee reads sixes in ``rules``: the 36-card pack, where the game's card values rank them
    (Tarabish, Jass)."""
    return rules.deck_cards == 36 and Rank.SIX in rules.cards.trump_order and Rank.SIX in rules.cards.plain_order


def read_card(value: object, field: str, problems: list[Problem], with_sixes: bool = False) -> Card | None:
    """The card ``value`` writes (``"10H"``; ``"6H"`` too ``with_sixes``), else a problem for ``field`` and None
    (the referee's card reader)."""
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        problems.append(Problem(field, Said("%(value)s is not a card: write rank then suit, like 10H, JS or AC",
                                            value=repr(value))))
        return None
    try:
        return Card.parse(value, field, sixes=with_sixes)
    except RuleError as error:
        problems.extend(error.problems)
        return None


def _read_trick(rules: Rules, raw: object, problems: list[Problem]) -> list[Played | None]:
    if not isinstance(raw, list | tuple):
        problems.append(Problem("trick", Said("the trick is a list of the cards already played to it, "
                                              "each as {\"seat\": 0, \"card\": \"AH\"}, in the order played")))
        return []
    if len(raw) > rules.players - 1:
        problems.append(Problem("trick", Said("a trick has %(cards)s cards: at most %(most)s can be on the table "
                                              "before the last player's, not %(given)s", cards=rules.players,
                                              most=rules.players - 1, given=len(raw))))
    played: list[Played | None] = []
    for n, entry in enumerate(raw):
        field = f"trick.{n}"
        if isinstance(entry, Played):
            played.append(entry)
            continue
        if not isinstance(entry, Mapping):
            problems.append(Problem(field, Said("each card of the trick is {\"seat\": 0, \"card\": \"AH\"}")))
            played.append(None)
            continue
        seat = _read_seat(rules, entry.get("seat"), f"{field}.seat", problems)
        card = read_card(entry.get("card"), f"{field}.card", problems, sixes(rules))
        played.append(Played(seat, card) if seat is not None and card is not None else None)
    return played


def _read_hand(rules: Rules, raw: object, problems: list[Problem]) -> list[Card | None]:
    if not isinstance(raw, list | tuple) or not raw:
        problems.append(Problem("hand", Said("the hand is a list of the cards the player held, like "
                                             "[\"7S\", \"KD\"]")))
        return []
    if len(raw) > rules.cards_per_player:
        problems.append(Problem("hand", Said("a player holds at most %(cards)s cards in %(game)s, not %(given)s",
                                             cards=rules.cards_per_player, game=rules.title, given=len(raw))))
    return [read_card(value, f"hand.{n}", problems, sixes(rules)) for n, value in enumerate(raw)]


def _check_order(
    rules: Rules, seat: int | None, trick: list[Played | None], problems: list[Problem], seats: Sequence[str] | None,
) -> None:
    """Seats must play in turn: each the next after the one before, and ``seat`` next after the last. With
    ``seats`` (the players' names) the sentences name the players; without, they number the seats."""
    step = play_step(rules)
    for n in range(1, len(trick)):
        before, now = trick[n - 1], trick[n]
        if before is None or now is None:
            continue
        expected = (before.seat + step) % rules.players
        if now.seat != expected:
            problems.append(Problem(f"trick.{n}.seat", _out_of_turn(step, now.seat, before.seat, expected, seats)))
    last = trick[-1] if trick else None
    if seat is not None and last is not None:
        expected = (last.seat + step) % rules.players
        if seat != expected:
            problems.append(Problem("seat", _not_next(step, seat, last.seat, expected, seats)))


def _out_of_turn(step: int, seat: int, before: int, expected: int, seats: Sequence[str] | None) -> Said:
    """A card of the trick played out of turn."""
    if seats is None:
        fields: dict[str, object] = {"seat": seat, "before": before, "next": expected}
        return Said("seat %(seat)s cannot play after seat %(before)s: play goes to the right, so seat %(next)s is "
                    "next", **fields) if step < 0 else Said(
            "seat %(seat)s cannot play after seat %(before)s: play goes clockwise, so seat %(next)s is next", **fields)
    named = {"seat": seats[seat], "before": seats[before], "next": seats[expected]}
    if step < 0:
        # Translators: %(seat)s, %(before)s and %(next)s are players' names (the referee page's seats).
        return Said("%(seat)s cannot play after %(before)s: play goes to the right, so %(next)s is next", **named)
    # Translators: %(seat)s, %(before)s and %(next)s are players' names (the referee page's seats).
    return Said("%(seat)s cannot play after %(before)s: play goes clockwise, so %(next)s is next", **named)


def _not_next(step: int, seat: int, last: int, expected: int, seats: Sequence[str] | None) -> Said:
    """The seat asked about does not play next after the trick's last card."""
    if seats is None:
        fields: dict[str, object] = {"seat": seat, "last": last, "next": expected}
        return Said("seat %(seat)s does not play next: after seat %(last)s (to the right) comes seat %(next)s",
                    **fields) if step < 0 else Said(
            "seat %(seat)s does not play next: after seat %(last)s (clockwise) comes seat %(next)s", **fields)
    named = {"seat": seats[seat], "last": seats[last], "next": seats[expected]}
    if step < 0:
        # Translators: %(seat)s, %(last)s and %(next)s are players' names (the referee page's seats).
        return Said("%(seat)s does not play next: after %(last)s (to the right) comes %(next)s", **named)
    # Translators: %(seat)s, %(last)s and %(next)s are players' names (the referee page's seats).
    return Said("%(seat)s does not play next: after %(last)s (clockwise) comes %(next)s", **named)


def _check_duplicates(
    trick: list[Played | None], hand: list[Card | None], problems: list[Problem], seats: Sequence[str] | None,
) -> None:
    on_table: dict[Card, int] = {}
    for n, entry in enumerate(trick):
        if entry is None:
            continue
        if entry.card in on_table:
            problems.append(Problem(f"trick.{n}.card", Said("the %(card)s is already in this trick (card %(index)s): "
                                                            "a pack has one of each", card=str(entry.card),
                                                            index=on_table[entry.card])))
        else:
            on_table[entry.card] = n
    held: set[Card] = set()
    for n, card in enumerate(hand):
        if card is None:
            continue
        if card in held:
            problems.append(Problem(f"hand.{n}", Said("the %(card)s is twice in the hand: a pack has one of each",
                                                      card=str(card))))
        elif card in on_table:
            seat = trick[on_table[card]]
            problems.append(Problem(f"hand.{n}", Said("the %(card)s was already played to this trick by seat %(seat)s: "
                                                      "it cannot still be in the hand", card=str(card), seat=seat.seat)
                                    if seat is not None and seats is None else
                                    # Translators: %(seat)s is a player's name (the referee page's seats).
                                    Said("the %(card)s was already played to this trick by %(seat)s: it cannot still "
                                         "be in the hand", card=str(card), seat=seats[seat.seat])
                                    if seat is not None and seats is not None else
                                    Said("the %(card)s was already played to this trick by another seat: it cannot "
                                         "still be in the hand", card=str(card))))
        held.add(card)


# ------------------------------------------------------------------------------------------------ judging


class _Table:
    """The trick so far, seen from the player about to play."""

    def __init__(self, rules: Rules, contract: Contract, seat: int, trick: Sequence[Played]) -> None:
        self.rules = rules
        self.contract = contract
        self.seat = seat
        self.trick = trick
        self.led = trick[0].card.suit
        self.trump = contract.trump

    def winner(self) -> Played:
        """The card winning the trick so far: the highest trump, else the highest card of the suit led."""
        trumps = [p for p in self.trick if self.trump is not None and p.card.suit is self.trump]
        contenders = trumps or [p for p in self.trick if p.card.suit is self.led]
        return max(contenders, key=lambda p: self.power(p.card))

    def highest_trump(self) -> Card | None:
        """The highest trump already played to the trick, if any."""
        trumps = [p.card for p in self.trick if self.trump is not None and p.card.suit is self.trump]
        return max(trumps, key=self.power) if trumps else None

    def above(self, cards: Sequence[Card], card: Card) -> list[Card]:
        """The cards of ``cards`` that beat ``card`` in its suit."""
        return [c for c in cards if c.suit is card.suit and self.power(c) > self.power(card)]

    def power(self, card: Card) -> int:
        """Trick-taking power of ``card`` in its suit, by the game's card values (the Czech queen on top)."""
        return self.rules.cards.power(card, self.contract)


def legal_plays(
    rules: Rules,
    contract: Contract | str | object,
    seat: int | object,
    trick: Sequence[Played | Mapping[str, object]] | object,
    hand: Sequence[Card | str] | object,
    options: PlayOptions | None = None,
    seats: Sequence[str] | None = None,
) -> LegalPlays:
    """The cards of ``hand`` that ``seat`` may play to ``trick`` (the cards already played, in order).

    ``trick`` holds Played values or docs/api.md's ``{"seat": 0, "card": "AH"}``; ``hand`` Cards or ``"10H"``.
    Anything else is refused: a RuleError names every problem of the input (``contract``, ``seat``,
    ``trick``, ``trick.N.seat``, ``trick.N.card``, ``hand``, ``hand.N``). ``seats``, each seat's name in play
    order, names the players in those problems ("Mike cannot play after Yvonne"); without them (the API) the
    problems number the seats ("seat 1 cannot play after seat 0").
    """
    options = options or PlayOptions()
    problems: list[Problem] = []
    the_contract = read_contract(rules, contract, problems)
    read_seat = _read_seat(rules, seat, "seat", problems)
    played = _read_trick(rules, trick, problems)
    cards = _read_hand(rules, hand, problems)
    _check_order(rules, read_seat, played, problems, seats)
    _check_duplicates(played, cards, problems, seats)
    if problems:
        raise RuleError(problems)
    assert the_contract is not None and read_seat is not None
    held = [c for c in cards if c is not None]
    table_cards = [p for p in played if p is not None]
    if not table_cards:
        return _lead(rules, the_contract, held, options)
    table = _Table(rules, the_contract, read_seat, table_cards)
    family = family_of(rules)
    if the_contract.trump is None and the_contract is not Contract.ALL_TRUMPS:
        legal, lines = _follow_only(table, held)
    elif the_contract is Contract.ALL_TRUMPS:
        legal, lines = _all_trumps(table, held)
    elif table.led is table.trump:
        legal, lines = _trump_led(table, held)
    elif family is Family.BELOTE:
        legal, lines = _belote_plain(table, held)
    else:
        legal, lines = _plain_led(table, held, family)
    if options.bare_yuss_for(rules) and _bare_yuss(table, held, legal):
        legal, lines = held, [*lines, _bare_yuss_freed(table)]
    chosen = set(legal)
    return LegalPlays(tuple(c for c in held if c in chosen), tuple(lines))


Judged = tuple[list[Card], list[str]]

_ONE = {
    # Translators: one card of the suit, as in "must still follow suit with any club".
    Suit.CLUBS: Said("club"),
    # Translators: one card of the suit, as in "must still follow suit with any diamond".
    Suit.DIAMONDS: Said("diamond"),
    # Translators: one card of the suit, as in "must still follow suit with any heart".
    Suit.HEARTS: Said("heart"),
    # Translators: one card of the suit, as in "must still follow suit with any spade".
    Suit.SPADES: Said("spade"),
}
"""A suit's name for one card of it: "any spade"."""


def _lead(rules: Rules, contract: Contract, held: list[Card], options: PlayOptions) -> LegalPlays:
    trump = contract.trump
    if options.scoring_trump_lead and trump is not None:
        scoring = [rank for rank in reversed(rules.cards.trump_order) if rules.cards.trump_points[rank]]
        low = [c for c in held if c.suit is trump and c.rank not in scoring]
        rest = [c for c in held if c not in low]
        if low and rest:
            return LegalPlays(tuple(rest), (
                # glossary: trumps
                # Translators: %(ranks)s are the trumps that score points, by their rank: "J 9 A 10 K Q".
                Said("Leading: any card, but trumps only with a scoring card (%(ranks)s).",
                     ranks=Listed((r.short for r in scoring), " ")),
                # glossary: trumps
                Said("Not the %(cards)s: an eight or a seven of trumps may not be led.",
                     cards=Listed((show(c) for c in low), N_(" or ")))))
    return LegalPlays(tuple(held), (Said("Leading: any card may be played."),))


def _follow_only(table: _Table, held: list[Card]) -> Judged:
    """No-trumps (Belote 151, South African; Jass's Obenabe and Undenufe): the only obligation is to follow
    suit."""
    follow = [c for c in held if c.suit is table.led]
    if follow:
        return follow, [_must_follow(table.led)]
    if table.contract is not Contract.NO_TRUMPS:
        # glossary: trumps, Obenabe, Undenufe
        # Translators: %(suit)s is the suit led, in the plural: "hearts"; %(contract)s is Obenabe or Undenufe.
        return held, [Said("No %(suit)s: may discard (%(contract)s has no trumps).", suit=table.led.word,
                           contract=table.contract.word)]
    # glossary: trumps (no trumps)
    # Translators: %(suit)s is the suit led, in the plural: "hearts".
    return held, [Said("No %(suit)s: may discard (no trumps).", suit=table.led.word)]


def _all_trumps(table: _Table, held: list[Card]) -> Judged:
    """All-trumps (Belote 151): follow and raise in every suit, whoever is winning."""
    follow = [c for c in held if c.suit is table.led]
    if not follow:
        return held, [_may_discard(table.led)]
    best = table.winner().card
    higher = table.above(follow, best)
    lines: list[str] = [_must_follow(table.led)]
    # glossary: trumps (all trumps)
    lines.append(Said("All trumps: must beat the %(card)s if possible, whoever is winning.", card=show(best)))
    if higher:
        return higher, lines
    return follow, [*lines, _cannot_beat(best, table.led)]


def _trump_led(table: _Table, held: list[Card]) -> Judged:
    """A trump lead: follow with a trump, and beat the highest trump played if possible (every family)."""
    trump = table.trump
    assert trump is not None
    follow = [c for c in held if c.suit is trump]
    if not follow:
        return held, [_may_discard(trump)]
    best = table.highest_trump()
    assert best is not None
    higher = table.above(follow, best)
    # glossary: trumps
    lines: list[str] = [Said("Trumps led: must beat the %(card)s if possible.", card=show(best))]
    if higher:
        return higher, lines
    return follow, [*lines, _cannot_beat(best, trump)]


def _plain_led(table: _Table, held: list[Card], family: Family) -> Judged:
    """A plain lead in Bela, Klaberjass, Clobby and South African play."""
    led = table.led
    follow = [c for c in held if c.suit is led]
    if follow:
        return follow, [_must_follow(led)]
    trumps = [c for c in held if c.suit is table.trump]
    if not trumps:
        return held, [_no_trumps_either(led)]
    best = table.highest_trump()
    if best is None or family is Family.TWO_HANDED:
        return trumps, [_must_trump(led)]
    higher = table.above(trumps, best)
    if higher:
        return higher, [_must_trump(led), _must_overtrump(best)]
    if family is Family.THREE_HANDED:
        # glossary: trumps
        return trumps, [_must_trump(led), Said("Cannot overtrump: must play a lower trump (underplay).")]
    # glossary: trumps
    # Translators: %(suit)s is the suit led, in the plural: "hearts"; %(card)s a card: "K♠".
    return held, [Said("No %(suit)s: must overtrump the %(card)s if possible.", suit=led.word, card=show(best)),
                  _cannot_overtrump()]


def _belote_plain(table: _Table, held: list[Card]) -> Judged:
    """A plain lead in Belote 151's trump-colour game: trump only against the opponents, over their trump."""
    led = table.led
    follow = [c for c in held if c.suit is led]
    if follow:
        return follow, [_must_follow(led)]
    winner = table.winner()
    if table.rules.side_of(winner.seat) == table.rules.side_of(table.seat):
        # Translators: %(suit)s is the suit led, in the plural: "hearts".
        return held, [Said("No %(suit)s.", suit=led.word), Said("May discard: partner is winning.")]
    trumps = [c for c in held if c.suit is table.trump]
    if not trumps:
        return held, [_no_trumps_either(led)]
    if winner.card.suit is not table.trump:
        # glossary: trumps
        # Translators: %(suit)s is the suit led, in the plural: "hearts".
        return trumps, [Said("No %(suit)s: must trump (an opponent is winning).", suit=led.word)]
    higher = table.above(trumps, winner.card)
    if higher:
        # glossary: trumps
        # Translators: %(suit)s is the suit led, in the plural: "hearts".
        return higher, [Said("No %(suit)s: an opponent has trumped.", suit=led.word), _must_overtrump(winner.card)]
    # glossary: trumps
    # Translators: %(suit)s is the suit led, in the plural: "hearts"; %(card)s a card: "K♠".
    return held, [Said("No %(suit)s: an opponent has trumped with the %(card)s.", suit=led.word,
                       card=show(winner.card)), _cannot_overtrump()]


def _bare_yuss(table: _Table, held: list[Card], legal: list[Card]) -> bool:
    """Whether the bare Yuss frees the player: their only trump is the top trump, and it is the only card the rules
    above would let them play."""
    trump = table.trump
    if trump is None or table.contract is Contract.ALL_TRUMPS:
        return False
    yuss = Card(table.rules.cards.top_trump, trump)
    if [c for c in held if c.suit is trump] != [yuss] or legal != [yuss] or len(held) == 1:
        return False
    # The encyclopedia's bare Yass only frees the player from trumping a plain lead.
    return table.led is not trump or table.rules.scottish_yuss


def _bare_yuss_freed(table: _Table) -> Said:
    """What the table is told when the bare Yuss frees a player: any card may be played."""
    assert table.trump is not None
    yuss = Card(table.rules.cards.top_trump, table.trump)
    if yuss.rank is Rank.JACK:
        # glossary: trumps
        # Translators: the Yuss (Jass) is the jack of trumps, the top trump.
        return Said("Bare Yuss: the %(card)s is the only trump and may be withheld.", card=show(yuss))
    # glossary: trumps
    # Translators: the jasek is the queen of trumps, the top trump of the Czech games.
    return Said("Bare jasek: the %(card)s is the only trump and may be withheld.", card=show(yuss))


def _must_follow(suit: Suit) -> Said:
    # Translators: %(suit)s is the suit led, in the plural: "hearts".
    return Said("Must follow suit: %(suit)s.", suit=suit.word)


def _may_discard(suit: Suit) -> Said:
    # Translators: %(suit)s is the suit led, in the plural: "hearts".
    return Said("No %(suit)s: may discard.", suit=suit.word)


def _no_trumps_either(suit: Suit) -> Said:
    # glossary: trumps
    # Translators: %(suit)s is the suit led, in the plural: "hearts".
    return Said("No %(suit)s and no trumps: may discard.", suit=suit.word)


def _must_trump(suit: Suit) -> Said:
    # glossary: trumps
    # Translators: %(suit)s is the suit led, in the plural: "hearts".
    return Said("No %(suit)s: must trump.", suit=suit.word)


def _must_overtrump(card: Card) -> Said:
    # glossary: trumps
    # Translators: %(card)s is the trump to beat: "K♠".
    return Said("Must overtrump the %(card)s with a higher trump.", card=show(card))


def _cannot_overtrump() -> Said:
    # glossary: trumps
    return Said("Cannot overtrump: may discard.")


def _cannot_beat(card: Card, suit: Suit) -> Said:
    # Translators: %(card)s is the card that cannot be beaten: "A♥"; %(suit)s one card of the suit: "heart".
    return Said("Cannot beat the %(card)s: must still follow suit with any %(suit)s.", card=show(card),
                suit=_ONE[suit])
