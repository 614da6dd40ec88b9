"""Rules: a frozen value of every option, the presets of RULES.md section 5, and overrides."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any, get_args, get_type_hints

from .cards import CZECH, JASS, JASS_36, LAST_TRICK, SUIT_CONTRACTS, SWISS, CardValues, Contract, Rank
from .errors import Problem, RuleError
from .words import N_, NC_, Listed, Said


class Success(StrEnum):
    """How a hand is judged for the taker (RULES.md section 4)."""

    BEAT_EACH = "beat-each"
    """The taker needs more hand points than every defender."""
    HALF_BAIT = "half-bait"
    """The defenders take everything with half or more of the hand value (Clobby)."""
    EACH_OWN = "each-own"
    """No bate: each side writes its own points (Jass); the taker matters only for the Match."""


class Tie(StrEnum):
    """What happens when the taker exactly equals the best defender (RULES.md section 4.5)."""

    HOLD_TAKER = "hold-taker"
    """Defenders score their own; the taker's hand points go into the pot."""
    HOLD_ALL = "hold-all"
    """Nobody scores; the whole hand value goes into the pot."""
    TAKER_NOTHING = "taker-nothing"
    """Taker 0, defenders their own; nothing is held."""
    TAKER_FAILS = "taker-fails"
    """Counts as failed (bate)."""


class Claims(StrEnum):
    """Whether a side may claim the game in the middle of a hand (RULES.md section 6)."""

    NONE = "none"
    """No claims: the game is decided at the end of a hand."""
    ANY_TIME = "any-time"
    """A side may claim (subject to claim-window and claim-from)."""
    RACE = "race"
    """The race (Croatian *dosta*): the game ends as soon as a side's total and what it has won so far in the hand
    reach the target; both sides add what they had won, no pass or fall (RULES.md §10a)."""


class FalseClaim(StrEnum):
    """What a false claim costs."""

    LOSES_GAME = "loses-game"
    """The claimant loses the game (Bela)."""
    FORFEITS_HAND = "forfeits-hand"
    """The other side scores the whole hand value (Clobby)."""


class Revoke(StrEnum):
    """How a revoke challenge is scored (RULES.md section 4.2)."""

    FORFEIT_HAND = "forfeit-hand"
    """The losing side of the challenge scores 0 and the other takes its points."""
    NONE = "none"
    """The table does not score revoke challenges; recording one is an error."""


class SequenceTie(StrEnum):
    """Who scores sequences when the best sequences are equal in every respect."""

    FOREHAND = "forehand"
    """The one in trumps, else the side that plays first to the first trick (Bela, Klaberjass)."""
    NOBODY = "nobody"
    """Nobody scores sequences (Belote 151)."""
    FOREHAND_ONLY = "forehand-only"
    """The side nearer to forehand in play order; trumps give no precedence (Croatian Bela)."""
    TRUMPS_THEN_NOBODY = "trumps-then-nobody"
    """The one in trumps; if neither is, nobody scores sequences (Tarabish)."""
    ALL = "all"
    """The one in trumps; if neither is, every side holding an equal best scores its own (Deberc)."""


class TableWords(StrEnum):
    """The game's own word for a failed taker, and the words that go with it, said in English too (the other
    catalogs say their glossary words: docs/glossary.md's bait and nat / pit rows)."""

    BATE = "bate"
    """Bate, a tie, valat, melds: the rule book's words."""
    BAIT = "bait"
    """Bait, and half bait for a tie (Tarabish, Deberc)."""
    NAT = "nat"
    """Nat, pit for every trick, roem for declarations (Klaverjas: Dutch words at every table)."""
    JASS = "jass"
    """No failed taker: Match for every trick, Weis for declarations, Stöck (Jass: Swiss words)."""
    CONTREE = "contree"
    """Dedans for a failed bid, capot for every trick (Belote contrée: French words at every table)."""
    BALOOT = "baloot"
    """Khasran for a failed buyer, kaboot for every trick, projects for declarations (Baloot: Saudi words)."""


class Contest(StrEnum):
    """Whether sequences and squares are contested apart or together (RULES.md §10a)."""

    SEPARATE = "separate"
    """Sequences against sequences, squares against squares (RULES.md section 3)."""
    SINGLE = "single"
    """One contest: the side holding the single best declaration scores all of its declarations."""


class ContestTie(StrEnum):
    """In one contest of declarations (``meld-contest: single``), which wins at equal points."""

    SQUARE_FIRST = "square-first"
    """Four of a kind beats a sequence of equal points (Croatian Bela)."""
    SEQUENCE_FIRST = "sequence-first"
    """A sequence beats four of a kind of equal points (Jass)."""


class ClaimOrder(StrEnum):
    """Jass's counting order: when both sides reach the target in the hand someone thanks in (bedanken), the side
    that got there with the earlier kind of points won first."""

    STOECK_WEIS_STICH = "stoeck-weis-stich"
    """Stöck, then Weis, then the tricks (the Swiss rule books)."""
    STOECK_STICH_WEIS = "stoeck-stich-weis"
    """Stöck, then the tricks, then Weis (some clubs)."""

    @property
    def kinds(self) -> tuple[ThanksKind, ThanksKind, ThanksKind]:
        """The kinds of points of a bedanken in this order: what the form asks first, and counts first."""
        stoeck, weis, tricks = ThanksKind
        return (stoeck, weis, tricks) if self is ClaimOrder.STOECK_WEIS_STICH else (stoeck, tricks, weis)


class ThanksKind(StrEnum):
    """A kind of points a bedanken gives each side, as the API and the forms name it (RULES.md §11)."""

    STOECK = "stoeck"
    """Stöck: the King and Queen of trumps in one hand (0 or the game's Stöck value)."""
    WEIS = "weis"
    """The best Weis (declarations) so far."""
    TRICKS = "tricks"
    """The card points of the tricks taken so far."""


class NoTrick(StrEnum):
    """The value of ``melds-need-trick`` besides true and false."""

    TRANSFER = "transfer"
    """A side that took no trick hands its declarations and its bela to the other side (Croatian Bela)."""


class ValatTo(StrEnum):
    """Which side's valat earns the bonus."""

    ANY = "any"
    """Whichever side takes every trick (Croatian štiglja)."""
    TAKER = "taker"
    """Only the playing side (Dutch pit); the defenders taking every trick only make the taker fail."""


class DealLimitLevel(StrEnum):
    """What level totals after the deal limit's last deal make of the game."""

    PLAY_ON = "play-on"
    """Level sides play on, deal by deal, until one is ahead (RULES.md section 6)."""
    DRAW = "draw"
    """The game is drawn: it counts for no side (Klaverjas's 16 deals)."""


class BelaOnBate(StrEnum):
    """Whose a failed taker's bela is (RULES.md section 4)."""

    MOVES = "moves"
    """It goes to the defender with the rest of the hand (RULES.md section 9, example 3)."""
    STAYS = "stays"
    """Bela always counts: every side scores its own bela, whatever becomes of the rest of the hand (a
    Croatian house rule)."""


class Melds(StrEnum):
    """Who scores declared sequences and squares (RULES.md section 3)."""

    BEST_SIDE = "best-side"
    """Only the side with the best sequence scores sequences; only the side with the better square squares."""
    EACH_SIDE = "each-side"
    """No contest: every side scores the declarations it holds (Dutch and some Croatian tables)."""
    NONE = "none"
    """No declarations count (a Jass tournament's counting without Weis)."""


class BidSuccess(StrEnum):
    """When a bid is made (RULES.md §12): the taker's points are its card points, the last trick, its counted
    declarations and its belote."""

    REACH = "reach"
    """The taker's points reach the bid."""
    REACH_AND_BEAT = "reach-and-beat"
    """They reach the bid and are more than the defence's."""


class BidScores(StrEnum):
    """What a made bid writes for the taker (RULES.md §12)."""

    POINTS_AND_BID = "points-and-bid"
    """Its points plus the bid."""
    BID = "bid"
    """The bid alone (and its belote, which always counts)."""
    POINTS = "points"
    """Its points alone."""


class Dedans(StrEnum):
    """What the defence writes when the bid fails, *dedans* (RULES.md §12), besides every declaration."""

    PLUS_BID = "162-plus-bid"
    """The hand's 162 and the bid."""
    FEDERATION = "160-plus-bid"
    """160 and the bid, as the federation writes it."""
    HAND = "162"
    """The hand's 162 alone."""


class BeloteOnDedans(StrEnum):
    """Whose the taker's belote is when the bid fails (RULES.md §12)."""

    HOLDER = "holder"
    """It stays with the taker, its holder."""
    DEFENCE = "defence"
    """It goes to the defence with the rest, as the contrée texts write it."""


class DoubleValues(StrEnum):
    """What coinche and surcoinche multiply by (RULES.md §12)."""

    TWO_FOUR = "2-4"
    """Coinche ×2, surcoinche ×4."""
    TWO_THREE = "2-3"
    """Coinche ×2, surcoinche ×3."""

    @property
    def times(self) -> tuple[int, int, int]:
        """The multiplier of each double level: none, coinche, surcoinche."""
        return (1, 2, 4) if self is DoubleValues.TWO_FOUR else (1, 2, 3)


class DoubleLoser(StrEnum):
    """What the side that loses a coinched contract writes (RULES.md §12)."""

    NOTHING = "nothing"
    """Nothing but its belote, as the rule texts say."""
    KEEPS_OWN = "keeps-own"
    """Its own points, not multiplied (as some scorers count a made contract's defence)."""


class Rounding(StrEnum):
    """How each side's score of a hand is rounded, after everything else (RULES.md §12)."""

    NONE = "none"
    """Not rounded."""
    NEAREST_TEN = "nearest-ten"
    """To the nearest ten, 5 up: 85 → 90."""
    FIVE_DOWN = "five-down"
    """To the nearest ten, 5 down: 85 → 80, 86 → 90."""

    def apply(self, points: int) -> int:
        """``points`` rounded by this rule."""
        if self is Rounding.NONE:
            return points
        up_from = 5 if self is Rounding.NEAREST_TEN else 6
        return (points + 10 - up_from) // 10 * 10


class SunDouble(StrEnum):
    """When a Sun hand may be doubled (Baloot, RULES.md §13)."""

    BEHIND_OVER_100 = "behind-over-100"
    """Only when one side has 100 or more and the doubling side has less."""
    ANY = "any"
    """Whenever the other side wishes."""


class DoubledProjects(StrEnum):
    """How a doubled Baloot hand multiplies the projects (RULES.md §13)."""

    ALL = "all"
    """By the hand's multiplier, at every level."""
    DOUBLE_ONLY = "double-only"
    """By 2 at most."""


class Deal(StrEnum):
    """How the deal moves on (RULES.md section 8)."""

    WINNER = "winner"
    """The winner of a hand deals the next; after a tie or a thrown-in hand it passes on."""
    LEFT = "left"
    """To the left, clockwise (three-handed Bela, Clobby)."""
    RIGHT = "right"
    """To the right, counter-clockwise (Belote 151)."""


_SQUARE_RANKS = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.EIGHT, Rank.SEVEN)
MELD_KEYS: tuple[str, ...] = (
    "sequence-3", "sequence-4", "sequence-5",
    *(f"square-{rank.value}" for rank in _SQUARE_RANKS),
    "sequence-6", "sequence-7", "sequence-8", "sequence-9", "square-6",
)
"""Every meld a variant may give a value: sequences by length (Jass's Weis runs to nine cards), squares by rank
(the sixes of the 36-card pack too)."""

_NO_MULTIPLIERS: Mapping[str, int] = MappingProxyType({})
MULTIPLIER_MOST = 10
"""The highest multiplier a contract may be given (Jass tables play ×1 to ×4, some ×7)."""

BELA_POINTS = 20
"""Bela / belote: K and Q of trumps held by one player (the Czech bejle is worth 40)."""

DEAL_LIMIT_MAX = 1000
"""The most deals a deal limit may name: far beyond any tournament's."""

TARGET_LIMIT = 1_000_000_000
"""The highest target accepted: far beyond any real game, and within a 32-bit integer."""


HOUSE_RULE = MappingProxyType({"house_rule": True})
"""The metadata of a ``Rules`` field a match may set when it is created (a house rule the table agreed)."""

FACT = MappingProxyType({"fact": True})
"""The metadata of a ``Rules`` field that is a fact of the game the engine reads (its words, its trick play), neither
an option a match sets nor one the API shows among the rules."""

GAME_POINTS_RULE = MappingProxyType({"house_rule": True, "when": "game_points"})
"""The metadata of a house rule of a game whose raw points become game points (``Rules.game_points``, Baloot)."""
BID_RULE = MappingProxyType({"house_rule": True, "when": "bids"})
"""The metadata of a house rule of a game with an auction (``Rules.bids``, coinche): shown and set only there."""


class Family(StrEnum):
    """A set of trick-play obligations shared by some presets (the legal-play referee, rules/legal.py)."""

    TWO_HANDED = "two-handed"
    """Two-handed Bela and Klaberjass, and their cousins."""
    THREE_HANDED = "three-handed"
    """Three-handed Bela: the third player overtrumps, else underplays a trump."""
    CLOBBY = "clobby"
    """Clobby's pub rules."""
    BELOTE = "belote"
    """Four-handed Belote 151: partner-winning exemption, no-trumps and all-trumps."""
    SOUTH_AFRICAN = "south-african"
    """South African four-handed Klaberjass."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of one match: a preset with the table's house-rule overrides applied."""

    variant: str
    """The preset this was built from."""
    title: str
    """The game's name for people."""
    description: str
    """One line saying what the game is."""
    players: int
    """Players at the table (2, 3 or 4)."""
    target: int | None = field(metadata=HOUSE_RULE)
    """Total that wins a game; None: no target, the game is its deal limit's deals (Klaverjas's 16)."""
    success: Success = field(metadata=HOUSE_RULE)
    tie: Tie = field(metadata=HOUSE_RULE)
    melds_need_trick: bool | NoTrick = field(metadata=HOUSE_RULE)
    """True: a side that took no trick scores no melds (bela still counts); ``NoTrick.TRANSFER``: it hands them
    and its bela to the other side."""
    claims: Claims = field(metadata=HOUSE_RULE)
    claim_window: int | None = field(metadata=HOUSE_RULE)
    """Claims only within the first N tricks (East Lothian: 3); None for the whole hand."""
    claim_from: int | None = field(metadata=HOUSE_RULE)
    """Only a side whose total before the hand is at least this may claim (Clobby: 900)."""
    false_claim: FalseClaim = field(metadata=HOUSE_RULE)
    revoke: Revoke = field(metadata=HOUSE_RULE)
    best_of: int = field(metadata=HOUSE_RULE)
    """Games in the match: the first to win more than half wins it."""
    meld_values: Mapping[str, int] = field(metadata=HOUSE_RULE)
    """Value of each meld the variant knows (keys of MELD_KEYS); a key absent is no meld."""
    tens: bool = field(metadata=HOUSE_RULE)
    """Scores are divided by ten and rounded (Belote 151)."""
    valat: int = field(metadata=HOUSE_RULE)
    """Bonus for one side taking every trick (0: none)."""
    no_win_on_valat: bool = field(metadata=HOUSE_RULE)
    """A game cannot be won on a hand with a valat."""
    sequence_tie: SequenceTie = field(metadata=HOUSE_RULE)
    deal: Deal
    contracts: tuple[Contract, ...] = field(metadata=HOUSE_RULE)
    """Contracts a taker may choose (a house rule may add no-trumps, as Tarabish tables do)."""
    contract_required: bool
    """The contract must be given for every hand (Belote, where it changes the scoring)."""
    doubles: bool
    """Double and redouble exist (Belote 151)."""
    no_trumps_doubled: bool
    """In no-trumps the card points are doubled (Belote 151)."""
    cards: CardValues = JASS
    """What the cards are worth and how they rank (the Czech games put the queen on top)."""
    bela_points: int = field(default=BELA_POINTS, metadata=HOUSE_RULE)
    """What a bela is worth: 20, the Czech bejle 40."""
    # glossary: belote and rebelote
    bela_word: str = field(default=Said("bela"), metadata=FACT)
    """The game's own word for K and Q of trumps: bela, belote, bella, bejle (a ``Said``: said in the table's
    language, like ``title`` and ``description``)."""
    # glossary: belote and rebelote
    # Translators: the word for K and Q of trumps at the start of a sentence ("Bela always counts: ..."), not a game.
    capital_bela_word: str = field(default=Said("Bela"), metadata=FACT)
    """The bela word at the start of a sentence: Bela, Belote, Bella (a ``Said``: a language may write the two
    differently)."""
    # glossary: belot
    belot_word: str = field(default=Said("belot"), metadata=FACT)
    """The game's word for all eight cards of one suit in one hand: belot, debertz (a ``Said``)."""
    bela_on_bate: BelaOnBate = field(default=BelaOnBate.MOVES, metadata=HOUSE_RULE)
    melds: Melds = field(default=Melds.BEST_SIDE, metadata=HOUSE_RULE)
    deal_limit: int | None = field(default=None, metadata=HOUSE_RULE)
    """A game nobody has won after this many played deals goes to the side ahead (Belote tournaments: 7)."""
    deal_limit_level: DealLimitLevel = field(default=DealLimitLevel.PLAY_ON, metadata=HOUSE_RULE)
    meld_contest: Contest = field(default=Contest.SEPARATE, metadata=HOUSE_RULE)
    valat_to: ValatTo = field(default=ValatTo.ANY, metadata=HOUSE_RULE)
    bait_penalty: tuple[int, int] | None = field(default=None, metadata=HOUSE_RULE)
    """(N, P): a side's N-th bait in a game costs it P points, and its count starts again (Deberc's bolts)."""
    belot: bool = False
    """A player dealt all eight cards of one suit wins the game at once (Croatian belot, Deberc's debertz)."""
    deck_cards: int = 32
    """Cards in the pack: 32, or 36 with the sixes (worth nothing; Tarabish)."""
    square_in_sequence: bool = False
    """One card may be in a square and a sequence at once (Croatian Bela); two sequences never share a card."""
    melds_in_no_trumps: bool = False
    """Sequences still score in a no-trumps hand (Tarabish); elsewhere a no-trumps hand has no declarations."""
    words: TableWords = TableWords.BATE
    """How the table says a failed taker (and what goes with it): bate; bait (Tarabish, Deberc); nat (Klaverjas)."""
    throw_in: bool = True
    """A hand may be thrown in when everybody passes; False where the dealer must then name trumps (Croatian
    Bela's *mus*, Tarabish)."""
    last_trick: int = field(default=LAST_TRICK, metadata=HOUSE_RULE)
    """What the last trick adds: 10; Jass 5."""
    multipliers: Mapping[str, int] = field(default_factory=lambda: _NO_MULTIPLIERS, metadata=HOUSE_RULE)
    """Jass's multiplier per contract (``{"clubs": 2, "top-down": 3}``): everything a side writes in the hand is
    multiplied; a contract not named is ×1."""
    meld_contest_tie: ContestTie = field(default=ContestTie.SQUARE_FIRST, metadata=HOUSE_RULE)
    claim_required: bool = field(default=True, metadata=HOUSE_RULE)
    """Under claims any-time, a side at or over the target after a hand must still claim (Bela's Scottish rule);
    False: it wins then as at the end of a hand, and a claim (Jass's bedanken) only ends a game early."""
    claim_order: ClaimOrder = field(default=ClaimOrder.STOECK_WEIS_STICH, metadata=HOUSE_RULE)
    strokes: bool = False
    """The game's result is also kept in strokes (Jass's Striche: win 2, Berg 1, Match 1, Kontermatch 2,
    Schneider 2), by which clubs and tournaments rank."""
    trick_play: Family | None = field(default=None, metadata=FACT)
    """The four-handed trick play the game keeps (Clobby's, Belote's, South Africa's), for the legal-play referee;
    None: by its options, Belote's where there are doubles or all-trumps, else South Africa's (the rule book says
    nothing of the trick play of the other four-handed games). Two and three players have their own."""
    scottish_yuss: bool = field(default=False, metadata=FACT)
    """The Scottish custom of the bare Yuss: a player whose only trump is the jack may withhold it, from a trump
    lead as well as from trumping, unless the table's house rule says otherwise (Bela); elsewhere the bare Yuss
    is a house rule, and frees the player from trumping a plain-suit lead only."""
    short_title: str = field(default="", metadata=FACT)
    """The game's name on the start page's small button, in English (marked with ``NC_`` in the context "game", so
    that the pages say it with ``pgettext``); empty: its title before the bracket."""
    start_place: int = field(default=0, metadata=FACT)
    """Where the start page shows the game, in rows of four, each family together (1 first; 5 to 8 the second row):
    a row of one or two games is filled by them, wider; 0: after the games that have a place, in the registry's
    order."""
    outside_inside: bool = field(default=False, metadata=FACT)
    """A hand's result is said in Belote's words: made it (outside), bate (inside), and a tie's held-over points
    hanging."""
    roem: bool = field(default=False, metadata=FACT)
    """The melds are won in the tricks, each side scoring the roem of the tricks it takes (Klaverjas): the roem
    referee answers for this game."""

    bids: bool = field(default=False, metadata=FACT)
    """The taker bids a number of points it will make, 80 to 160 or capot, which the hand is judged by, with coinche
    and surcoinche (Belote contrée, RULES.md §12)."""
    bid_success: BidSuccess = field(default=BidSuccess.REACH, metadata=BID_RULE)
    bid_scores: BidScores = field(default=BidScores.POINTS_AND_BID, metadata=BID_RULE)
    capot_bid: int = field(default=250, metadata=BID_RULE)
    """What a made bid of capot (every trick) adds, as the bid's value; a failed one gives it to the defence."""
    dedans: Dedans = field(default=Dedans.PLUS_BID, metadata=BID_RULE)
    belote_on_dedans: BeloteOnDedans = field(default=BeloteOnDedans.HOLDER, metadata=BID_RULE)
    double_values: DoubleValues = field(default=DoubleValues.TWO_FOUR, metadata=BID_RULE)
    double_loser: DoubleLoser = field(default=DoubleLoser.NOTHING, metadata=BID_RULE)
    rounding: Rounding = field(default=Rounding.NONE, metadata=BID_RULE)
    game_points: bool = field(default=False, metadata=FACT)
    """Each side's raw points (card points with the last trick, *abnat*) become game points, a hand worth 16 in a
    trump contract (raw ÷ 10) and 26 without trumps (raw ÷ 5), and the taker must make more game points than the
    other side (Baloot's Hokum and Sun, RULES.md §13)."""
    kaboot: tuple[int, int] = field(default=(25, 44), metadata=FACT)
    """The game points of every trick to one side, instead of the hand's, with trumps and without (Baloot)."""
    contract_meld_values: Mapping[str, Mapping[str, int]] = field(
        default_factory=lambda: MappingProxyType({}), metadata=FACT)
    """Meld values of a contract where they differ from ``meld_values`` (Baloot's Sun: four aces 200)."""
    double_levels: tuple[int, ...] = field(default=(1, 2, 4), metadata=FACT)
    """What each level of ``double`` multiplies by: none, doubled, redoubled (Baloot: ×2, ×3, ×4)."""
    meld_words: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}), metadata=FACT)
    """The table's name of a declaration by its raw value, where it has one (Baloot's projects: sira 20, fifty 50,
    hundred 100, four hundred 200), each a ``Said``: the hand form's chips say them."""
    sun_double: SunDouble = field(default=SunDouble.BEHIND_OVER_100, metadata=GAME_POINTS_RULE)
    doubled_projects: DoubledProjects = field(default=DoubledProjects.ALL, metadata=GAME_POINTS_RULE)

    sides: int = field(init=False, compare=False, repr=False)
    """Scoring sides: one per player, or two partnerships in four-handed play."""
    full_deck: bool = field(init=False, compare=False, repr=False)
    """Every card is played, so one side's card points fix the other's (four-handed play)."""
    cards_per_player: int = field(init=False, compare=False, repr=False)
    """Cards each player holds for the play: 9 in two- and three-handed games, 8 in four."""
    cards_per_side: int = field(init=False, compare=False, repr=False)
    """Cards a side holds between its players."""
    wins_at_end_of_hand: bool = field(init=False, compare=False, repr=False)
    """A side at or over the target after a hand wins it; under the Scottish rule it must claim."""

    def __post_init__(self) -> None:
        # Worked out once: replay asks for these several times for every hand.
        four = self.players == 4
        per_player = 9 if not four or self.deck_cards == 36 else 8
        derived = {
            "sides": 2 if four else self.players,
            "full_deck": four,
            "cards_per_player": per_player,
            "cards_per_side": per_player * (2 if four else 1),
            "wins_at_end_of_hand": self.claims is not Claims.ANY_TIME or not self.claim_required
            or self.claim_window is not None or self.claim_from is not None,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    @property
    def squares(self) -> bool:
        """Whether the variant scores four of a kind."""
        return any(key.startswith("square-") for key in self.meld_values)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: seats 1+3 (0 and 2) are side 0 in four-handed play."""
        return seat % self.sides

    def team(self, name: object) -> bool:
        """Whether a side's name is a team's (partners, "Ana & Marko"), whose verbs are plural ("Ana & Marko win
        the game"); a default name ("side 1", said by the engine) and a lone player's are singular."""
        return self.players > self.sides and not isinstance(name, Said)

    def sequence_value(self, length: int) -> int:
        """Value of a sequence of ``length`` cards: longer runs count as the longest that has a value."""
        best = 0
        for n in range(3, min(length, 9) + 1):
            best = self.meld_values.get(f"sequence-{n}", best)
        return best

    def melds_in(self, contract: Contract | None) -> Rules:
        """These rules with the meld values of ``contract`` (Baloot's Sun counts four aces 200); themselves where the
        contract changes nothing."""
        values = self.contract_meld_values.get(contract.value) if contract is not None else None
        return self if values is None else replace(self, meld_values=values, contract_meld_values=MappingProxyType({}))

    @property
    def bela_written(self) -> int:
        """What a bela adds to its side's score: its points, or in game points (Baloot's baloot: 2)."""
        return self.bela_points // 10 if self.game_points else self.bela_points

    def raw_per_game_point(self, contract: Contract | None) -> int:
        """Raw points to one game point (Baloot): 10 with trumps, 5 without (Sun counts double)."""
        return 5 if contract is Contract.NO_TRUMPS else 10

    def multiplier(self, contract: Contract | None) -> int:
        """What everything written in a hand played in ``contract`` is multiplied by (Jass; elsewhere 1)."""
        if contract is None or not self.multipliers:
            return 1
        return self.multipliers.get(contract.value, 1)

    @property
    def double_times(self) -> tuple[int, ...]:
        """What each level of ``double`` multiplies a hand by, from none: Belote's double and redouble ×2 and ×4,
        coinche and surcoinche by their house rule (×2, ×4 or ×3), Baloot's double, three and four."""
        return self.double_values.times if self.bids else self.double_levels

    @property
    def thanks(self) -> bool:
        """Whether a claim is Jass's bedanken: both sides' points so far in the hand by kind (Stöck, Weis, tricks)."""
        return self.success is Success.EACH_OWN and self.claims is Claims.ANY_TIME

    def square_value(self, rank: Rank) -> int:
        """Value of four cards of ``rank`` (0: no such meld in the variant)."""
        return self.meld_values.get(f"square-{rank.value}", 0)

    def square_rank(self, rank: Rank) -> tuple[int, int]:
        """How four ``rank`` compare with other squares: by points, then in trump order (RULES.md section 3:
        four aces > four tens > four kings > four queens; the Czech games A > K > J)."""
        return (self.square_value(rank), self.cards.trump_order.index(rank))

    def deck(self, contract: Contract | None) -> int:
        """Card points of the whole deck under ``contract`` without the last trick (152; Czech 151)."""
        return self.cards.deck(contract)

    def has_option(self, name: str) -> bool:
        """Whether the field ``name`` is an option of this game: every house rule, but those of games with an
        auction (``BID_RULE``) only where there is one."""
        when = _WHEN.get(name)
        return when is None or bool(getattr(self, when))

    def as_dict(self) -> dict[str, Any]:
        """The options as the API shows them: each field under its RULES.md name (``claim_window`` is
        ``claim-window``), the sides after the players, the cards by their top trump (``top-trump``)."""
        shown: dict[str, Any] = {}
        for item in fields(self):
            if not item.init or item.metadata.get("fact") or not self.has_option(item.name):
                continue
            value = getattr(self, item.name)
            if item.name == "cards":
                shown["top-trump"] = value.top_trump.value
                continue
            shown[option_name(item.name)] = _shown(value)
            if item.name == "players":
                shown["sides"] = self.sides
        return shown


_SHOWN_NAMES = MappingProxyType({"deck_cards": "deck"})
_WHEN: Mapping[str, str] = MappingProxyType({item.name: item.metadata["when"] for item in fields(Rules)
                                             if "when" in item.metadata})
"""The options of one kind of game (``BID_RULE``), each with the ``Rules`` fact that says a game is of that kind."""
"""The fields the rule book names otherwise than by their own name: the cards in the pack are ``deck`` (36 in Jass)."""


def option_name(field_name: str) -> str:
    """A ``Rules`` field's name as RULES.md and the API write it: ``claim_window`` → ``claim-window``, ``deck_cards``
    → ``deck``."""
    return _SHOWN_NAMES.get(field_name) or field_name.replace("_", "-")


def _shown(value: object) -> object:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, tuple):
        return [_shown(item) for item in value]
    return value


_BELA_MELDS = MappingProxyType({"sequence-3": 20, "sequence-4": 50})
_SQUARES = {"square-J": 200, "square-A": 100, "square-K": 100, "square-Q": 100, "square-10": 100}

_BELA = Rules(
    variant="bela",
    # Translators: a game's name on the start page's small button (its full title is read out beside it).
    short_title=NC_("game", "Bela"), start_place=1,
    # Translators: a game's name: two-handed Bela.
    title=Said("Bela (two-handed)"),
    # glossary: bate, claim
    description=Said("Two players to 501, Scottish rules: bate, ties held over, the game won only by a claim."),
    players=2, target=501, success=Success.BEAT_EACH, tie=Tie.HOLD_TAKER, melds_need_trick=True,
    claims=Claims.ANY_TIME, claim_window=None, claim_from=None, false_claim=FalseClaim.LOSES_GAME,
    revoke=Revoke.FORFEIT_HAND, best_of=3, meld_values=_BELA_MELDS, tens=False, valat=0,
    no_win_on_valat=False, sequence_tie=SequenceTie.FOREHAND, deal=Deal.WINNER,
    contracts=SUIT_CONTRACTS, contract_required=False, doubles=False, no_trumps_doubled=False,
)
_KLABERJASS = replace(
    # Translators: a game's name.
    _BELA, variant="klaberjass", title=Said("Klaberjass"),
    # Translators: a game's name on the start page's small button (its full title is read out beside it).
    short_title=NC_("game", "Klaberjass"), start_place=5,
    # glossary: taker, claim
    description=Said("Two players to 500 by the book: a tie gives the taker nothing, no claims."),
    target=500, tie=Tie.TAKER_NOTHING, claims=Claims.NONE, best_of=1,
)

# RULES.md §2a: four A, K or J 100, four 9 150, four Q 200 (four 10, 8 or 7 score nothing).
_CZECH_MELDS = MappingProxyType({"sequence-3": 20, "sequence-4": 50, "sequence-5": 100,
                                 "square-Q": 200, "square-9": 150, "square-A": 100, "square-K": 100,
                                 "square-J": 100})
_BULKA = replace(
    # Translators: a game's name.
    _KLABERJASS, variant="bulka", title=Said("Bulka"),
    # Translators: a game's name on the start page's small button (its full title is read out beside it).
    short_title=NC_("game", "Bulka"), start_place=12,
    # glossary: game, trumps, belote and rebelote
    description=Said("The Czech two-handed game to 500: the queen is the top trump, bejle (K and Q of trumps) 40."),
    # glossary: belote and rebelote
    meld_values=_CZECH_MELDS, cards=CZECH, bela_points=40, bela_word=Said("bejle"),
    # glossary: belote and rebelote
    # Translators: the word for K and Q of trumps at the start of a sentence ("Bejle always counts: ...").
    capital_bela_word=Said("Bejle"),
)

# RULES.md §10a: sequences 20, 50, 100; four J 200, four 9 150, four A, 10, K or Q 100; four 8 or 7 nothing.
_BELA_4_MELDS = MappingProxyType({"sequence-3": 20, "sequence-4": 50, "sequence-5": 100, **_SQUARES, "square-9": 150})
# RULES.md §10b: roem in one trick: three in sequence 20, four 50, four of a kind of any rank 100.
_ROEM = MappingProxyType({"sequence-3": 20, "sequence-4": 50,
                          **{f"square-{rank.value}": 100 for rank in _SQUARE_RANKS}})
_DEBERC = replace(
    # Translators: a game's name: Deberc (Debertz), as played in Ukraine, by two.
    _BELA, variant="deberc", title=Said("Deberc (two-handed)"),
    # Translators: Deberc (Ukraine), on the start page's small button (two, three or four players beside it).
    short_title=NC_("game", "Deberc"), start_place=14,
    # glossary: taker, bait
    description=Said("Two players to 501: the taker must beat the other; ties hang; debertz wins the game."),
    claims=Claims.NONE, best_of=1, sequence_tie=SequenceTie.ALL, belot=True, words=TableWords.BAIT,
    # glossary: belot
    belot_word=Said("debertz"),
    # glossary: belote and rebelote
    bela_word=Said("bella"),
    # glossary: belote and rebelote
    # Translators: the word for K and Q of trumps at the start of a sentence ("Bella always counts: ...").
    capital_bela_word=Said("Bella"),
)

# RULES.md §11: Weis runs 20, 50, 100, 150, 200, 250, 300; four J 200, four 9 150, four of any other rank 100.
_WEIS = MappingProxyType({"sequence-3": 20, "sequence-4": 50, "sequence-5": 100, "sequence-6": 150,
                          "sequence-7": 200, "sequence-8": 250, "sequence-9": 300,
                          **{f"square-{rank.value}": 100 for rank in (*_SQUARE_RANKS, Rank.SIX)},
                          "square-J": 200, "square-9": 150})
_MULTIPLIERS_2500 = MappingProxyType({"clubs": 2, "spades": 2, "top-down": 3, "bottom-up": 3})
_SCHIEBER = replace(
    # Translators: a game's name: Swiss Jass for four in two teams (Schieber; French-speaking tables say chibre).
    _BELA, variant="schieber", title=Said("Schieber"),
    # Translators: Swiss Jass for four in two teams, on the start page's small button.
    short_title=NC_("game", "Schieber"), start_place=19,
    # glossary: Weis, Stöck, Match
    description=Said("Swiss Jass, two teams of two to 1000 with 36 cards: each side writes its own, Weis, Stöck "
                     "and Match."),
    players=4, target=1000, success=Success.EACH_OWN, tie=Tie.HOLD_TAKER, melds_need_trick=False,
    claims=Claims.ANY_TIME, claim_required=False, best_of=1, meld_values=_WEIS, valat=100, valat_to=ValatTo.ANY,
    sequence_tie=SequenceTie.FOREHAND, deal=Deal.RIGHT, meld_contest=Contest.SINGLE,
    meld_contest_tie=ContestTie.SEQUENCE_FIRST, square_in_sequence=True, throw_in=False, deck_cards=36,
    contracts=(*SUIT_CONTRACTS, Contract.TOP_DOWN, Contract.BOTTOM_UP), contract_required=True, cards=SWISS,
    last_trick=5, words=TableWords.JASS, strokes=True,
    # glossary: Stöck
    bela_word=Said("Stöck"),
    # glossary: Stöck
    # Translators: Jass's word for K and Q of trumps at the start of a sentence ("Stöck always counts: ...").
    capital_bela_word=Said("Stöck"),
)

_PRESETS: dict[str, Rules] = {
    # The Scottish custom of the bare Yuss is Bela's, two- and three-handed.
    "bela": replace(_BELA, scottish_yuss=True),
    "bela-3": replace(
        # Translators: a game's name: three-handed Bela.
        _BELA, variant="bela-3", title=Said("Bela (three-handed)"), scottish_yuss=True,
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Bela"), start_place=2,
        # glossary: taker, bate
        description=Said("Three players to 501: the taker must beat each opponent; the higher opponent wins a bate."),
        players=3, best_of=1, deal=Deal.LEFT,
    ),
    "klaberjass": _KLABERJASS,
    "clobby": replace(
        # Translators: a game's name.
        _BELA, variant="clobby", title=Said("Clobby"), trick_play=Family.CLOBBY,
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Clobby"), start_place=4,
        # glossary: hand, baited, taker, claim
        description=Said("Two teams of two to 1001: half the hand value baits the takers; claims from 900."),
        players=4, target=1001, success=Success.HALF_BAIT, tie=Tie.TAKER_FAILS, melds_need_trick=False,
        claim_from=900, false_claim=FalseClaim.FORFEITS_HAND, best_of=1, deal=Deal.LEFT,
        # glossary: belote and rebelote
        bela_word=Said("bella"),
        # glossary: belote and rebelote
        # Translators: the word for K and Q of trumps at the start of a sentence ("Bella always counts: ...").
        capital_bela_word=Said("Bella"),
    ),
    "belote": replace(
        # Translators: a game's name: Belote played to 151.
        _BELA, variant="belote", title=Said("Belote (151)"), trick_play=Family.BELOTE,
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Belote"), start_place=9,
        outside_inside=True,
        # glossary: hanging
        description=Said("Two teams of two to 151 in tens: contracts, double and redouble, hanging points."),
        players=4, target=151, melds_need_trick=False, claims=Claims.NONE, best_of=1,
        meld_values=MappingProxyType({"sequence-3": 20, "sequence-4": 50, "sequence-5": 100,
                                      **_SQUARES, "square-9": 150}),
        tens=True, valat=90, no_win_on_valat=True, sequence_tie=SequenceTie.NOBODY, deal=Deal.RIGHT,
        contracts=(*SUIT_CONTRACTS, Contract.NO_TRUMPS, Contract.ALL_TRUMPS), contract_required=True,
        doubles=True, no_trumps_doubled=True,
        # glossary: belote and rebelote
        bela_word=Said("belote"),
        # glossary: belote and rebelote
        # Translators: the word for K and Q of trumps at the start of a sentence ("Belote always counts: ..."),
        # not a game.
        capital_bela_word=Said("Belote"),
    ),
    "zensa": replace(
        # Translators: a game's name.
        _KLABERJASS, variant="zensa", title=Said("Zensa"),
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Zensa"), start_place=6,
        description=Said("Klaberjass with a five-card sequence of 100 and squares of jacks, aces, kings, queens, "
                         "tens."),
        meld_values=MappingProxyType({**_BELA_MELDS, "sequence-5": 100, **_SQUARES}),
    ),
    "derda": replace(
        # Translators: a game's name.
        _KLABERJASS, variant="derda", title=Said("Derda"),
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Derda"), start_place=7,
        description=Said("Klaberjass as played in Poland: a three-card sequence (a derda) is worth 30."),
        meld_values=MappingProxyType({"sequence-3": 30, "sequence-4": 50}),
    ),
    "south-african": replace(
        # Translators: a game's name: Klaberjass as played in South Africa, by four.
        _KLABERJASS, variant="south-african", title=Said("Klaberjass (South African, four-handed)"),
        # Translators: Klaberjass (South African, four-handed), shortened to fit a small button.
        short_title=NC_("game", "S. African"), start_place=8,
        trick_play=Family.SOUTH_AFRICAN,
        # glossary: trumps (no trumps), taker
        description=Said("Two teams of two to 500, with a no-trumps contract; a tie gives the taker nothing."),
        players=4, melds_need_trick=False, deal=Deal.LEFT,
        contracts=(*SUIT_CONTRACTS, Contract.NO_TRUMPS),
    ),
    "bulka": _BULKA,
    "darda": replace(
        # Translators: a game's name.
        _BULKA, variant="darda", title=Said("Darda"),
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Darda"), start_place=13,
        # glossary: game, trumps, belote and rebelote
        description=Said("The Czech four-handed game: two teams of two to 500, the queen the top trump, bejle 40."),
        players=4, melds_need_trick=False, deal=Deal.LEFT,
    ),
    "bela-4": replace(
        # Translators: a game's name: Bela as played by four in Croatia, Bosnia and Herzegovina and Serbia.
        _BELA, variant="bela-4", title=Said("Bela (Croatian, four-handed)"),
        # Translators: Bela as played by four in Croatia, on the start page's small button (its players are shown
        # beside it).
        short_title=NC_("game", "Bela"), start_place=3,
        # glossary: taker, valat
        description=Said("Two teams of two to 1001: the taker passes or falls, one contest of declarations, "
                         "štiglja 90."),
        players=4, target=1001, tie=Tie.TAKER_FAILS, melds_need_trick=NoTrick.TRANSFER, claims=Claims.NONE,
        best_of=1, meld_values=_BELA_4_MELDS, valat=90, sequence_tie=SequenceTie.FOREHAND_ONLY, deal=Deal.RIGHT,
        meld_contest=Contest.SINGLE, belot=True, square_in_sequence=True, throw_in=False,
    ),
    "klaverjas": replace(
        # Translators: a game's name: Dutch Klaverjas.
        _BELA, variant="klaverjas", title=Said("Klaverjas"), roem=True,
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Klaverjas"), start_place=10,
        description=Said("Two teams of two, 16 deals: roem in the tricks, nat and pit; level totals are a draw."),
        players=4, target=None, deal_limit=16, deal_limit_level=DealLimitLevel.DRAW, tie=Tie.TAKER_FAILS,
        claims=Claims.NONE, best_of=1, melds=Melds.EACH_SIDE, meld_values=_ROEM, valat=100, valat_to=ValatTo.TAKER,
        deal=Deal.LEFT, words=TableWords.NAT,
        # glossary: belote and rebelote
        bela_word=Said("stuk"),
        # glossary: belote and rebelote
        # Translators: the Klaverjas word for K and Q of trumps at the start of a sentence ("Stuk always counts:
        # ...").
        capital_bela_word=Said("Stuk"),
    ),
    "tarabish": replace(
        # Translators: a game's name: Tarabish, as played in Cape Breton.
        _BELA, variant="tarabish", title=Said("Tarabish"),
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Tarabish"), start_place=11,
        # glossary: bait
        description=Said("Two teams of two to 500 with 36 cards: runs and bella, bait and half bait."),
        players=4, target=500, tie=Tie.TAKER_NOTHING, melds_need_trick=False, claims=Claims.NONE, best_of=1,
        sequence_tie=SequenceTie.TRUMPS_THEN_NOBODY, deal=Deal.LEFT, deck_cards=36, cards=JASS_36, throw_in=False,
        melds_in_no_trumps=True, words=TableWords.BAIT,
        # glossary: belote and rebelote
        bela_word=Said("bella"),
        # glossary: belote and rebelote
        # Translators: the word for K and Q of trumps at the start of a sentence ("Bella always counts: ...").
        capital_bela_word=Said("Bella"),
    ),
    "deberc": _DEBERC,
    "deberc-3": replace(
        # Translators: a game's name: Deberc played by three, each alone.
        _DEBERC, variant="deberc-3", title=Said("Deberc (three-handed)"),
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Deberc"), start_place=15,
        # glossary: taker, bait
        description=Said("Three players to 501: the taker must beat each opponent; ties hang; debertz wins."),
        players=3, deal=Deal.LEFT,
    ),
    "deberc-4": replace(
        # Translators: a game's name: Deberc played by two teams of two.
        _DEBERC, variant="deberc-4", title=Said("Deberc (four-handed)"),
        # Translators: a game's name on the start page's small button (its full title is read out beside it).
        short_title=NC_("game", "Deberc"), start_place=16,
        # glossary: taker, bait
        description=Said("Two teams of two to 501: the taker must beat the other side; ties hang; debertz wins."),
        players=4, deal=Deal.LEFT,
    ),
    "schieber": _SCHIEBER,
    "schieber-2500": replace(
        # Translators: a game's name: Swiss Schieber to 2500, clubs and spades doubled, Obenabe and Undenufe
        # tripled.
        _SCHIEBER, variant="schieber-2500", title=Said("Schieber (2500)"),
        # Translators: Swiss Schieber to 2500 (clubs and spades double, Obenabe and Undenufe triple), on the start
        # page's small button: keep it as short as "Schieber" and the target.
        short_title=NC_("game", "Schieber 2500"), start_place=20,
        # glossary: Weis, Obenabe, Undenufe
        description=Said("Two teams of two to 2500: clubs and spades count double, Obenabe and Undenufe triple."),
        target=2500, multipliers=_MULTIPLIERS_2500,
    ),
}
_PRESETS["coinche"] = replace(
    # Translators: a game's name: Belote contrée, the French Belote with an auction (also called coinche).
    _PRESETS["belote"], variant="coinche", title=Said("Belote contrée (coinche)"),
    # Translators: Belote contrée on the start page's small button: its common name in French cafés.
    short_title=NC_("game", "Coinche"), start_place=17, outside_inside=False,
    # glossary: dedans, coinche
    description=Said("Two teams of two to 2000: bids from 80 to capot, coinche and surcoinche, dedans."),
    target=2000, tens=False, valat=90, no_win_on_valat=False, meld_contest=Contest.SINGLE, revoke=Revoke.NONE,
    contracts=SUIT_CONTRACTS, no_trumps_doubled=False, throw_in=False, words=TableWords.CONTREE, bids=True,
)
_BALOOT_PROJECTS = MappingProxyType({"sequence-3": 20, "sequence-4": 50, "sequence-5": 100, "square-A": 100,
                                     "square-K": 100, "square-Q": 100, "square-J": 100, "square-10": 100})
_PRESETS["baloot"] = replace(
    _PRESETS["belote"], variant="baloot",
    # Translators: a game's name: Baloot (بلوت), the Belote of Saudi Arabia and the Gulf.
    title=Said("Baloot"),
    # Translators: Baloot on the start page's small button.
    short_title=NC_("game", "Baloot"), start_place=18, outside_inside=False,
    # glossary: Sun, Hokum, projects, kaboot, gahwa
    description=Said("Saudi Arabia's Belote, two teams of two to 152: Sun and Hokum, projects, kaboot, doubles to "
                     "four and gahwa."),
    target=152, tens=False, valat=0, no_win_on_valat=False, meld_values=_BALOOT_PROJECTS,
    contract_meld_values=MappingProxyType({"no-trumps": MappingProxyType({**_BALOOT_PROJECTS, "square-A": 200})}),
    meld_contest=Contest.SINGLE, melds_in_no_trumps=True, revoke=Revoke.NONE, throw_in=False,
    contracts=(*SUIT_CONTRACTS, Contract.NO_TRUMPS), no_trumps_doubled=False, words=TableWords.BALOOT,
    game_points=True, double_levels=(1, 2, 3, 4),
    meld_words=MappingProxyType({
        # glossary: projects. Translators: Baloot's project of three cards in sequence (سرا), 20 raw points.
        20: Said("sira"),
        # glossary: projects. Translators: Baloot's project of four in sequence (خمسين), 50 raw points.
        50: Said("fifty"),
        # glossary: projects. Translators: Baloot's project of five in sequence or four K, Q, J, 10 (مية), 100.
        100: Said("hundred"),
        # glossary: projects. Translators: Baloot's four aces in Sun (أربعمية), 200 raw points.
        200: Said("four hundred"),
    }),
    # glossary: belote and rebelote
    bela_word=Said("baloot"),
    # glossary: belote and rebelote
    # Translators: Baloot's word for K and Q of trumps at the start of a sentence ("Baloot always counts: ...").
    capital_bela_word=Said("Baloot"),
)
PRESETS: Mapping[str, Rules] = MappingProxyType(_PRESETS)
"""The presets of RULES.md sections 5, 10 and 11, by name: the registry of games. A game is its entry here (and
its golden file, its words in the catalogs and the glossary): every page, the API and the phone's engine read
the games from it."""

def capital_bela(rules: Rules) -> str:
    """The game's bela word at the start of a sentence: ``Bela``, ``Belote`` (a ``Said``, like ``bela_word``)."""
    return rules.capital_bela_word


def find_variant(name: str) -> Rules:
    """The preset called ``name``; a RuleError naming ``variant`` if there is none."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        # glossary: game
        raise RuleError("variant", Said("unknown game %(name)s: choose one of %(games)s", name=repr(name),
                                        games=Listed(PRESETS, N_(", ")))) from None


# The options a match may override (the fields marked HOUSE_RULE), by their RULES.md name, with the Rules
# attribute each sets; how each is read follows from the field's type.
_TYPES = get_type_hints(Rules)
_OVERRIDABLE: dict[str, str] = {option_name(f.name): f.name for f in fields(Rules) if f.metadata.get("house_rule")}
_ENUMS: dict[str, type[StrEnum]] = {name: kind for name, attr in _OVERRIDABLE.items()
                                     if isinstance(kind := _TYPES[attr], type) and issubclass(kind, StrEnum)}
_BOOLS = tuple(name for name, attr in _OVERRIDABLE.items() if _TYPES[attr] is bool)
_OPTIONAL_INTS = tuple(name for name, attr in _OVERRIDABLE.items() if _TYPES[attr] == int | None)

OPTION_NAMES: tuple[str, ...] = tuple(_OVERRIDABLE)
"""The options a match may override when it is created."""

CHOICES: Mapping[str, type[StrEnum]] = MappingProxyType({
    kind.__name__: kind for kind in (*(kind for f in fields(Rules) for kind in get_args(_TYPES[f.name]) or
                                       (_TYPES[f.name],)), Contract)
    if isinstance(kind, type) and issubclass(kind, StrEnum)})
"""Every kind of choice a game's rules make (``Claims``, ``Success``, ``Contract``…), by its class's name: the
pages compare a rule with a member (``rules.claims == Claims.RACE``), never with a string."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class _Refused:
    """A house rule's value that could not be read, with what is wrong with it."""

    problems: tuple[Problem, ...]


Reader = Callable[[Rules, str, object], object]
"""How one option's value is read: the game it changes, the option's name and the value given; the value the
Rules field takes, or ``_Refused`` saying what is wrong."""


def make_rules(variant: str, overrides: Mapping[str, object] | None = None) -> Rules:
    """The preset ``variant`` with ``overrides`` (RULES.md option names; ``_`` may stand for ``-``), each read by
    its option's reader (``_reader``), then the whole checked (``check_rules``).

    Every problem is reported at once, each naming its option.
    """
    base = find_variant(variant)
    if not overrides:
        return base
    if not isinstance(overrides, Mapping):
        raise RuleError("rules", Said("house rules must be an object of option names and values"))
    problems: list[Problem] = []
    changes: dict[str, Any] = {}
    for raw_name, value in overrides.items():
        name = str(raw_name).replace("_", "-")
        if name not in _OVERRIDABLE:
            problems.append(Problem(name, Said("unknown option %(name)s: the options are %(options)s",
                                               name=repr(raw_name), options=Listed(OPTION_NAMES, N_(", ")))))
            continue
        if not base.has_option(_OVERRIDABLE[name]):
            # Translators: %(option)s is an option's name as the API writes it ("bid-success"): a rule of games with
            # bids (Belote contrée) given for another game.
            problems.append(Problem(name, Said("%(option)s is no rule of %(game)s", option=name, game=base.title)))
            continue
        read = _reader(name)(base, name, value)
        if isinstance(read, _Refused):
            problems.extend(read.problems)
        else:
            changes[_OVERRIDABLE[name]] = read
    if problems:
        raise RuleError(problems)
    if changes.get("target", base.target) is None and "claims" not in changes:
        # A game of so many deals (a Jass "Passe") has no target to claim: claims do not apply, unasked.
        changes["claims"] = Claims.NONE
    rules = replace(base, **changes)
    check_rules(rules)
    return rules


def _reader(name: str) -> Reader:
    """The reader of option ``name``: its own, or the one its field's type gives (a choice, yes or no, a whole
    number)."""
    if name in _READERS:
        return _READERS[name]
    if name in _ENUMS:
        return _read_choice
    return _read_bool if name in _BOOLS else _read_whole


def _refused(name: str, message: Said) -> _Refused:
    return _Refused((Problem(name, message),))


def _read_choice(base: Rules, name: str, value: object) -> object:
    enum = _ENUMS[name]
    allowed = [member.value for member in enum]
    if value not in allowed:
        # Translators: %(option)s is an option's name as the API writes it ("tie", "claims"), %(choices)s
        # its values ("hold-taker, hold-all"); %(value)s the value given.
        return _refused(name, Said("%(value)s is not a %(option)s rule: choose one of %(choices)s", value=repr(value),
                                   option=name, choices=Listed(allowed, N_(", "))))
    return enum(value)


def _read_bool(base: Rules, name: str, value: object) -> object:
    if not isinstance(value, bool):
        return _refused(name, Said("%(option)s is true or false, not %(value)s", option=name, value=repr(value)))
    return value


def _read_whole(base: Rules, name: str, value: object) -> object:
    """A whole number (its bounds are checked with the rest, ``check_rules``); none where the field may be."""
    if name in _OPTIONAL_INTS and value is None:
        return None
    if not _whole(value):
        return _refused(name, Said("%(option)s must be a whole number, not %(value)s", option=name,
                                   value=repr(value)))
    return value


def _read_melds_need_trick(base: Rules, name: str, value: object) -> object:
    if isinstance(value, bool):
        return value
    if value == NoTrick.TRANSFER.value:
        return NoTrick.TRANSFER
    return _refused(name, Said("%(option)s is true or false, or %(other)s, not %(value)s", option=name,
                               other=NoTrick.TRANSFER.value, value=repr(value)))


def _read_bait_penalty(base: Rules, name: str, value: object) -> object:
    if value is None:
        return None
    if (isinstance(value, (list, tuple)) and len(value) == 2 and all(_whole(v) for v in value)
            and 1 <= value[0] <= DEAL_LIMIT_MAX and 0 < value[1] <= TARGET_LIMIT):
        return (int(value[0]), int(value[1]))
    # glossary: bait
    return _refused(name, Said("the bait penalty is two whole numbers, [N, P]: the N-th bait of a side in a game "
                               "costs it P points (e.g. [3, 100]); not %(value)s", value=repr(value)))


def _read_contracts(base: Rules, name: str, value: object) -> object:
    """The contracts a taker may choose: the four suits, and no-trumps or all-trumps where the table plays them
    (a common Tarabish house rule adds no-trumps)."""
    names = [c.value for c in Contract]
    if (not isinstance(value, (list, tuple)) or not value or any(not isinstance(v, str) or v not in names
                                                                  for v in value) or len(set(value)) != len(value)):
        # glossary: trumps
        return _refused(name, Said("the contracts are a list of different names from %(choices)s, not %(value)s",
                                   choices=Listed(names, N_(", ")), value=repr(value)))
    chosen = tuple(c for c in Contract if c.value in value)
    unknown = [c.value for c in chosen if c in (Contract.TOP_DOWN, Contract.BOTTOM_UP)
               and c not in base.cards.contract_points]
    if unknown:
        # Translators: %(contracts)s are Jass's contracts top-down / bottom-up (Obenabe, Undenufe), named in the API.
        return _refused(name, Said("%(game)s has no %(contracts)s: they are Jass contracts, with their own card "
                                   "values", game=base.title, contracts=Listed(unknown, N_(" or "))))
    if not all(c in chosen for c in SUIT_CONTRACTS):
        # glossary: trumps
        return _refused(name, Said("every suit can be trumps: the contracts hold %(suits)s",
                                   suits=Listed((c.value for c in SUIT_CONTRACTS), N_(", "))))
    if base.contract_required and not base.bids and chosen != base.contracts:
        return _refused(name, Said("%(game)s keeps its own contracts", game=base.title))
    return chosen


def _read_multipliers(base: Rules, name: str, value: object) -> object:
    """Jass's multiplier per contract: an object of the game's contracts, each a whole number from 1 to
    MULTIPLIER_MOST (a contract not named is ×1)."""
    names = [c.value for c in base.contracts]
    if not isinstance(value, Mapping):
        return _refused(name, Said("multipliers are an object such as {\"clubs\": 2, \"top-down\": 3}"))
    problems: list[Problem] = []
    good: dict[str, int] = {}
    for key, times in value.items():
        if key not in names:
            # Translators: %(contracts)s lists the contracts of the game by their API names.
            problems.append(Problem("multipliers", Said("%(key)s is no contract of %(game)s: the contracts are "
                                                        "%(contracts)s", key=repr(key), game=base.title,
                                                        contracts=Listed(names, N_(", ")))))
        elif not _whole(times) or not 1 <= times <= MULTIPLIER_MOST:
            problems.append(Problem(f"multipliers.{key}", Said("a multiplier is a whole number from 1 to %(most)s, "
                                                               "not %(value)s", most=MULTIPLIER_MOST,
                                                               value=repr(times))))
        elif times != 1:
            good[str(key)] = int(times)
    return _Refused(tuple(problems)) if problems else MappingProxyType(good)


def _read_meld_values(base: Rules, name: str, value: object) -> object:
    """What each meld is worth: an object of meld names, each a positive multiple of 10 (0 or none: it scores
    nothing); a meld not named keeps the game's value."""
    if not isinstance(value, Mapping):
        return _refused(name, Said("meld values are an object such as {\"sequence-3\": 30}"))
    problems: list[Problem] = []
    melds = dict(base.meld_values)
    for key, points in value.items():
        if key not in MELD_KEYS:
            problems.append(Problem("meld-values", Said("%(key)s is no meld: the melds are %(melds)s", key=repr(key),
                                                        melds=Listed(MELD_KEYS, N_(", ")))))
        elif points is None or points == 0:
            melds.pop(key, None)
        elif not _whole(points) or points < 0 or points % 10:
            problems.append(Problem("meld-values", Said("%(key)s must be a positive multiple of 10, not %(value)s",
                                                        key=str(key), value=repr(points))))
        else:
            melds[key] = points
    return _Refused(tuple(problems)) if problems else MappingProxyType(melds)


_READERS: Mapping[str, Reader] = MappingProxyType({
    "meld-values": _read_meld_values, "multipliers": _read_multipliers, "contracts": _read_contracts,
    "melds-need-trick": _read_melds_need_trick, "bait-penalty": _read_bait_penalty,
})
"""The options read by a reader of their own; the others by their field's type (``_reader``)."""


def check_rules(rules: Rules) -> None:
    """Raise a RuleError, naming each option, for a combination of options that makes no sense: each check of
    ``_CHECKS`` says what is wrong with its option."""
    problems = [problem for check in _CHECKS for problem in check(rules)]
    if problems:
        raise RuleError(problems)


def _check_target(rules: Rules) -> Iterator[Problem]:
    if rules.target is None:
        if rules.deal_limit is None:
            # glossary: game
            yield Problem("target", Said("a game without a target needs a deal limit: say how many deals a game is"))
        if rules.claims is not Claims.NONE:
            # glossary: claim, game
            yield Problem("claims", Said("claims need a target to reach: set a target or claims to none"))
    elif not 0 < rules.target <= TARGET_LIMIT:
        yield Problem("target", Said("the target must be above 0 and at most %(most)s, not %(target)s",
                                     most=TARGET_LIMIT, target=rules.target))


def _check_melds_need_trick(rules: Rules) -> Iterator[Problem]:
    if rules.melds_need_trick is NoTrick.TRANSFER and rules.sides != 2:
        yield Problem("melds-need-trick", Said("transfer needs two sides: the declarations of a side that took no "
                                               "trick go to the other side"))


def _check_race(rules: Rules) -> Iterator[Problem]:
    if rules.claims is Claims.RACE and rules.sides != 2:
        # glossary: claim
        yield Problem("claims", Said("the race needs two sides"))


def _check_best_of(rules: Rules) -> Iterator[Problem]:
    if rules.best_of <= 0 or rules.best_of % 2 == 0:
        # glossary: game
        yield Problem("best-of", Said("best of must be an odd number of games (1, 3, 5 …), not %(games)s",
                                      games=rules.best_of))


def _check_success(rules: Rules) -> Iterator[Problem]:
    if rules.success is not Success.HALF_BAIT:
        return
    if rules.sides != 2:
        # glossary: baited
        yield Problem("success", Said("half-bait needs two sides: the defenders share the bait"))
    if rules.tie is not Tie.TAKER_FAILS:
        # glossary: baited
        yield Problem("tie", Said("with half-bait a tie is already bait: the tie rule must be taker-fails"))


def _check_claims_needed(rules: Rules) -> Iterator[Problem]:
    """A claim window and claim-from shape claims at any moment, so they need them."""
    if rules.claims is Claims.ANY_TIME:
        return
    if rules.claim_window is not None:
        # glossary: claim
        yield Problem("claim-window", Said("a claim window needs claims: set claims to any-time"))
    if rules.claim_from is not None:
        # glossary: claim
        yield Problem("claim-from", Said("claim-from needs claims: set claims to any-time"))


def _check_claim_window(rules: Rules) -> Iterator[Problem]:
    if rules.claim_window is not None and not 1 <= rules.claim_window <= rules.cards_per_player:
        # glossary: claim
        yield Problem("claim-window", Said("the claim window counts tricks: 1 to %(most)s, not %(tricks)s",
                                           most=rules.cards_per_player, tricks=rules.claim_window))


def _check_claim_from(rules: Rules) -> Iterator[Problem]:
    if rules.claim_from is not None and rules.target is not None and not 0 <= rules.claim_from <= rules.target:
        # glossary: claim
        yield Problem("claim-from", Said("claim-from must be between 0 and the target %(target)s, not %(points)s",
                                         target=rules.target, points=rules.claim_from))


def _check_false_claim(rules: Rules) -> Iterator[Problem]:
    if rules.false_claim is FalseClaim.FORFEITS_HAND and rules.sides != 2:
        # glossary: claim, hand
        yield Problem("false-claim", Said("forfeits-hand needs two sides: the other side takes the hand value"))


def _check_valat(rules: Rules) -> Iterator[Problem]:
    if rules.valat < 0 or rules.valat % 10:
        # glossary: valat
        yield Problem("valat", Said("the valat bonus must be 0 or a positive multiple of 10, not %(points)s",
                                    points=rules.valat))


def _check_deal_limit(rules: Rules) -> Iterator[Problem]:
    if rules.deal_limit is not None and not 1 <= rules.deal_limit <= DEAL_LIMIT_MAX:
        yield Problem("deal-limit", Said("the deal limit counts deals: 1 to %(most)s, or none, not %(deals)s",
                                         most=DEAL_LIMIT_MAX, deals=rules.deal_limit))


def _check_bela_points(rules: Rules) -> Iterator[Problem]:
    if not 0 <= rules.bela_points <= 100 or rules.bela_points % 10:
        # glossary: belote and rebelote
        yield Problem("bela-points", Said("%(bela)s is worth 0 to 100 in tens, not %(points)s", bela=rules.bela_word,
                                          points=rules.bela_points))


def _check_last_trick(rules: Rules) -> Iterator[Problem]:
    if not 0 <= rules.last_trick <= 100 or rules.last_trick % 5:
        yield Problem("last-trick", Said("the last trick is worth 0 to 100 in fives, not %(points)s",
                                         points=rules.last_trick))


def _check_tens(rules: Rules) -> Iterator[Problem]:
    if rules.success is Success.EACH_OWN and rules.tens:
        yield Problem("tens", Said("each-own is not scored in tens"))
    if rules.tens and rules.sides != 2:
        yield Problem("tens", Said("scoring in tens is defined for two sides"))


def _check_bids(rules: Rules) -> Iterator[Problem]:
    if not rules.bids:
        return
    if not 0 < rules.capot_bid <= 1000 or rules.capot_bid % 10:
        # glossary: capot
        yield Problem("capot-bid", Said("a bid of capot is worth 10 to 1000 in tens, not %(points)s",
                                        points=rules.capot_bid))
    if rules.tens:
        yield Problem("tens", Said("a game with bids is not scored in tens: choose a rounding"))


_CHECKS: tuple[Callable[[Rules], Iterator[Problem]], ...] = (
    _check_bids, _check_target, _check_melds_need_trick, _check_race, _check_best_of, _check_success,
    _check_claims_needed, _check_claim_window, _check_claim_from, _check_false_claim, _check_valat,
    _check_deal_limit, _check_bela_points, _check_last_trick, _check_tens,
)
"""The checks of a game's rules as a whole, each of one option against the others it depends on."""

