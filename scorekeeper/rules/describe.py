"""House rules in words, made from the Rules value itself so they cannot disagree with the scoring."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

from .cards import LAST_TRICK, Contract, Rank
from .variants import (
    BelaOnBate,
    BeloteOnDedans,
    BidScores,
    BidSuccess,
    ClaimOrder,
    Claims,
    Contest,
    ContestTie,
    Deal,
    DealLimitLevel,
    Dedans,
    DoubledProjects,
    DoubleLoser,
    DoubleValues,
    FalseClaim,
    Melds,
    NoTrick,
    Revoke,
    Rounding,
    Rules,
    SequenceTie,
    Success,
    SunDouble,
    TableWords,
    Tie,
    ValatTo,
    capital_bela,
)
from .words import N_, Listed, Said


class Worded(NamedTuple):
    """A house rule's value in words: its label, as a choice says it (the start page's list, the rules page's
    settings), and its sentence, as the house rules in words say it (None where the sentence needs the game's own
    words, or where the game's rule goes without saying)."""

    label: Said
    sentence: Said | None = None


WORDS: Mapping[type[StrEnum], Mapping[Any, Worded]] = MappingProxyType({
    Tie: {
        Tie.HOLD_TAKER: Worded(
            # glossary: taker
            Said("taker's points held over"),
            # glossary: taker
            # Translators: ends "On a tie with the best defender, %(rule)s."
            Said("the defenders score their own and the taker's points are held over for the next winner")),
        Tie.HOLD_ALL: Worded(
            # glossary: hand
            Said("whole hand held over"),
            # glossary: hand
            # Translators: ends "On a tie with the best defender, %(rule)s."
            Said("nobody scores and the whole hand value is held over for the next winner")),
        Tie.TAKER_NOTHING: Worded(
            # glossary: taker
            Said("taker scores nothing"),
            # glossary: taker
            # Translators: ends "On a tie with the best defender, %(rule)s."
            Said("the taker scores nothing and the defenders score their own")),
        Tie.TAKER_FAILS: Worded(
            # glossary: taker, bate
            Said("taker is bate"),
            # glossary: taker, bate
            # Translators: ends "On a tie with the best defender, %(rule)s."
            Said("the taker is bate")),
    },
    BelaOnBate: {
        BelaOnBate.MOVES: Worded(Said("goes to the defenders with the rest")),
        BelaOnBate.STAYS: Worded(Said("always counts for its own side")),
    },
    Melds: {
        Melds.BEST_SIDE: Worded(Said("only the side with the best scores")),
        Melds.EACH_SIDE: Worded(Said("every side scores its own"),
                                Said("Every side scores the declarations it holds: no contest between the sides.")),
        Melds.NONE: Worded(Said("none count")),
    },
    SequenceTie: {
        SequenceTie.FOREHAND: Worded(
            # glossary: trumps
            Said("the one in trumps wins, else forehand's"),
            # glossary: trumps
            Said("Equal best sequences: the one in trumps wins, else forehand's.")),
        SequenceTie.NOBODY: Worded(
            Said("nobody scores sequences"),
            # glossary: trumps
            Said("Equal best sequences on both sides: nobody scores sequences, whether in trumps or not.")),
        SequenceTie.FOREHAND_ONLY: Worded(
            # glossary: trumps
            Said("the player nearer to forehand wins, trumps or not"),
            # glossary: trumps
            Said("Equal best declarations: the player nearer to forehand wins, trumps or not.")),
        SequenceTie.TRUMPS_THEN_NOBODY: Worded(
            # glossary: trumps
            Said("the one in trumps wins, else nobody"),
            # glossary: trumps
            Said("Equal best sequences: the one in trumps wins; if neither is, nobody scores sequences.")),
        SequenceTie.ALL: Worded(
            # glossary: trumps
            Said("the one in trumps wins, else each side scores its own"),
            # glossary: trumps
            Said("Equal best sequences: the one in trumps wins; if neither is, every side holding one scores its "
                 "own.")),
    },
    Deal: {
        Deal.WINNER: Worded(
            # glossary: hand
            Said("the winner of a hand deals the next"),
            # glossary: hand
            Said("The winner of a hand deals the next; after a tie or a thrown-in hand the deal passes on.")),
        Deal.LEFT: Worded(Said("passes to the left"), Said("The deal passes to the left (clockwise).")),
        Deal.RIGHT: Worded(Said("passes to the right"), Said("The deal passes to the right (counter-clockwise).")),
    },
    Revoke: {
        Revoke.FORFEIT_HAND: Worded(
            # glossary: revoke, hand
            Said("the side found wrong (the offender, or a wrong challenger) scores nothing and the other side takes "
                 "the hand"),
            # glossary: revoke
            Said("Revoke challenge upheld: the offender scores 0 and the challenger takes its points; a wrong "
                 "challenge costs the challenger the same way.")),
        Revoke.NONE: Worded(Said("not scored: the table settles it")),
    },
    Success: {
        Success.BEAT_EACH: Worded(Said("the taker must beat every defender")),
        # glossary: bate (baited), taker
        Success.HALF_BAIT: Worded(Said("the defenders bait the taker with half the hand value or more")),
        Success.EACH_OWN: Worded(Said("each side writes its own points: no taker to beat")),
    },
    FalseClaim: {
        FalseClaim.LOSES_GAME: Worded(
            # glossary: claim, game, hand
            Said("loses the game"),
            # glossary: claim, game, hand
            Said("a false claim loses the game")),
        FalseClaim.FORFEITS_HAND: Worded(
            # glossary: claim, game, hand
            Said("forfeits the hand value to the other side"),
            # glossary: claim, hand
            Said("a false claim forfeits the hand value to the other side")),
    },
    BidSuccess: {
        BidSuccess.REACH: Worded(
            # glossary: bid, taker
            Said("the taker's points reach the bid"),
            # glossary: bid, taker, belote and rebelote
            # Translators: Belote contrée; %(bela)s is its word for K and Q of trumps (belote).
            Said("The bid is made when the taker's points (card points, the last trick, its declarations and its "
                 "%(bela)s) reach it.")),
        BidSuccess.REACH_AND_BEAT: Worded(
            # glossary: bid, taker
            Said("they reach the bid and are more than the other side's"),
            # glossary: bid, taker, belote and rebelote
            Said("The bid is made when the taker's points (card points, the last trick, its declarations and its "
                 "%(bela)s) reach it and are more than the other side's.")),
    },
    BidScores: {
        BidScores.POINTS_AND_BID: Worded(
            # glossary: bid
            Said("its points and the bid"),
            # glossary: bid, taker
            Said("Made: the taker writes its points and the bid; the other side writes its own points.")),
        BidScores.BID: Worded(
            # glossary: bid
            Said("the bid alone"),
            # glossary: bid, taker, belote and rebelote
            Said("Made: the taker writes the bid alone (and its %(bela)s); the other side writes its own points.")),
        BidScores.POINTS: Worded(
            Said("its points alone"),
            # glossary: bid, taker
            Said("Made: the taker writes its points alone; the other side writes its own points.")),
    },
    Dedans: {
        Dedans.PLUS_BID: Worded(
            # glossary: bid, hand
            Said("the hand's 162 and the bid"),
            # glossary: bid, dedans, declarations
            Said("Dedans (the bid failed): the other side writes the hand's %(hand)s, the bid and every declaration "
                 "of both sides.")),
        Dedans.FEDERATION: Worded(
            # glossary: bid
            Said("160 and the bid"),
            # glossary: bid, dedans, declarations
            Said("Dedans (the bid failed): the other side writes %(hand)s, the bid and every declaration of both "
                 "sides.")),
        Dedans.HAND: Worded(
            # glossary: hand
            Said("the hand's 162 alone"),
            # glossary: bid, dedans, declarations
            Said("Dedans (the bid failed): the other side writes the hand's %(hand)s and every declaration of both "
                 "sides.")),
    },
    BeloteOnDedans: {
        BeloteOnDedans.HOLDER: Worded(
            Said("stays with the taker"),
            # glossary: dedans, belote and rebelote, taker
            Said("When the bid fails, the taker writes only its %(bela)s.")),
        BeloteOnDedans.DEFENCE: Worded(
            Said("goes to the other side"),
            # glossary: dedans, belote and rebelote, taker
            Said("When the bid fails, the taker writes nothing: its %(bela)s goes to the other side too.")),
    },
    DoubleValues: {
        # glossary: coinche
        DoubleValues.TWO_FOUR: Worded(Said("coinche ×2, surcoinche ×4")),
        # glossary: coinche
        DoubleValues.TWO_THREE: Worded(Said("coinche ×2, surcoinche ×3")),
    },
    DoubleLoser: {
        DoubleLoser.NOTHING: Worded(
            # glossary: belote and rebelote
            Said("nothing but its belote"),
            # glossary: coinche, belote and rebelote
            Said("the other side writes nothing but its %(bela)s")),
        DoubleLoser.KEEPS_OWN: Worded(
            Said("its own points, not multiplied"),
            # glossary: coinche, bid
            Said("when the bid is made, the other side keeps its own points, not multiplied")),
    },
    SunDouble: {
        SunDouble.BEHIND_OVER_100: Worded(
            # glossary: Sun, double
            Said("only from behind, against 100 or more"),
            # glossary: Sun, double
            Said("Sun may be doubled only when the buyer's side has 100 or more and the other side less.")),
        SunDouble.ANY: Worded(
            Said("at any time"),
            # glossary: Sun, double
            Said("Sun may be doubled at any time.")),
    },
    DoubledProjects: {
        DoubledProjects.ALL: Worded(
            # glossary: projects
            Said("with the hand, at every level"),
            # glossary: projects, double
            Said("The projects are multiplied with the hand, at every level.")),
        DoubledProjects.DOUBLE_ONLY: Worded(
            Said("by 2 at most"),
            # glossary: projects, double
            Said("The projects are multiplied by 2 at most, whatever the level.")),
    },
    Rounding: {
        Rounding.NONE: Worded(Said("not rounded")),
        Rounding.NEAREST_TEN: Worded(
            Said("to the nearest ten, 5 up"),
            # glossary: hand, bid
            Said("Each side's score of a hand is rounded to the nearest ten, 5 up (85 → 90); no rounding makes a "
                 "bid.")),
        Rounding.FIVE_DOWN: Worded(
            Said("to the nearest ten, 5 down"),
            # glossary: hand, bid
            Said("Each side's score of a hand is rounded to the nearest ten, 5 down (85 → 80, 86 → 90); no rounding "
                 "makes a bid.")),
    },
})
"""Each value of a house rule's kind in words, its label and its sentence: the one table the start page, the rules
page's settings and the house rules in words read (``worded``)."""


def worded(value: StrEnum) -> Worded:
    """The words of one house rule's value: ``worded(rules.tie).label``."""
    return WORDS[type(value)][value]


def _sentence(value: StrEnum) -> Said:
    sentence = worded(value).sentence
    assert sentence is not None, value
    return sentence


def describe_rules(rules: Rules) -> tuple[str, ...]:
    """One sentence per house rule, in the rule book's words (each a ``Said``): each option's reader in
    ``_READERS`` says its own, in the order the rule book gives them."""
    return tuple(line for read in _READERS for line in read(rules))


def _players(rules: Rules) -> Iterator[Said]:
    if rules.players == 4:
        yield Said("%(game)s: %(players)s players, two sides of partners (seats 1 and 3 against 2 and 4).",
                   game=rules.title, players=rules.players)
    else:
        yield Said("%(game)s: %(players)s players.", game=rules.title, players=rules.players)


def _deck(rules: Rules) -> Iterator[Said]:
    if rules.deck_cards == 36 and rules.cards.contract_points:
        yield Said("36 cards: the sixes are in; %(cards)s cards each.", cards=rules.cards_per_player)
    elif rules.deck_cards == 36:
        yield Said("36 cards: the sixes are in, worth nothing; %(cards)s cards each.", cards=rules.cards_per_player)


def _last_trick(rules: Rules) -> Iterator[Said]:
    if rules.last_trick != LAST_TRICK:
        yield Said("The last trick is worth %(points)s.", points=rules.last_trick)


def _target(rules: Rules) -> Iterator[Said]:
    if rules.target is None:
        assert rules.deal_limit is not None
        if rules.deal_limit_level is DealLimitLevel.DRAW:
            # glossary: game
            yield Said("A game is %(deals)s deals: the higher total wins it; level totals are a draw.",
                       deals=rules.deal_limit)
        else:
            # glossary: game
            yield Said("A game is %(deals)s deals: the higher total wins it; level sides play on until one is ahead "
                       "after a deal.", deals=rules.deal_limit)
    elif rules.tens:
        # glossary: game
        yield Said("A game is won at %(target)s (scores in tens).", target=rules.target)
    else:
        # glossary: game
        yield Said("A game is won at %(target)s.", target=rules.target)


def _deal_limit(rules: Rules) -> Iterator[Said]:
    """A deal limit beside a target (a game of so many deals alone is said by ``_target``)."""
    if rules.target is None or rules.deal_limit is None:
        return
    if rules.deal_limit_level is DealLimitLevel.DRAW:
        # glossary: game
        yield Said("A game nobody has won after %(deals)s played deals goes to the side ahead; level totals are a "
                   "draw.", deals=rules.deal_limit)
    else:
        # glossary: game
        yield Said("A game nobody has won after %(deals)s played deals goes to the side ahead; level sides play on "
                   "until one is ahead after a deal.", deals=rules.deal_limit)


def _top_trump(rules: Rules) -> Iterator[Said]:
    values = rules.cards
    if values.top_trump is not Rank.JACK:
        # glossary: trumps
        # Translators: the Czech games: "The queen is the top trump (20), then the nine (14); trumps rank Q 9 A 10
        # K J 8 7; the deck holds 151 card points."
        yield Said("The %(rank)s is the top trump (%(points)s), then the nine (%(nine)s); trumps rank %(order)s; the "
                   "deck holds %(deck)s card points.", rank=values.top_trump.word,
                   points=values.trump_points[values.top_trump], nine=values.trump_points[Rank.NINE],
                   order=Listed((rank.short for rank in reversed(values.trump_order)), " "), deck=rules.deck(None))


def _own_values(rules: Rules) -> Iterator[Said]:
    """The contracts with their own card values (Jass's Obenabe and Undenufe) and the contracts' multipliers."""
    for contract, points in rules.cards.contract_points.items():
        if contract not in rules.contracts:
            continue
        order = rules.cards.contract_orders[contract]
        # Translators: a card's value: "A 11" (the rank as written on the card, then its card points).
        values = Listed((Said("%(rank)s %(points)s", rank=rank.short, points=points[rank])
                         for rank in sorted(order, key=lambda r: -points[r]) if points[rank]), N_(", "))
        # glossary: trumps, Obenabe, Undenufe
        # Translators: "Obenabe: no trumps, the cards rank 6 7 8 … A upwards: A 11, 10 10, 8 8, K 4, Q 3, J 2."
        yield Said("%(contract)s: no trumps; the cards rank %(order)s from the top and count %(values)s.",
                   contract=contract.word, order=Listed((rank.short for rank in reversed(order)), " "), values=values)
    if rules.multipliers:
        # Translators: a contract's multiplier in Jass: "clubs ×2", "Obenabe ×3".
        times = [Said("%(contract)s ×%(times)s", contract=c.word, times=rules.multiplier(c)) for c in rules.contracts
                 if rules.multiplier(c) != 1]
        # glossary: hand
        # Translators: Jass's multipliers: "Multipliers: clubs ×2, Obenabe ×3; everything written in such a hand
        # counts so many times."
        yield Said("Multipliers: %(times)s; everything written in such a hand counts so many times.",
                   times=Listed(times, N_(", ")))


def _bids(rules: Rules) -> Iterator[Said]:
    """A game with bids (Belote contrée, RULES.md §12): the bids, when one is made, what made and dedans write,
    coinche and surcoinche, the rounding."""
    if not rules.bids:
        return
    bela = rules.bela_word
    capot = rules.deck(None) + rules.last_trick + rules.valat
    # glossary: bid, taker, capot
    yield Said("The taker bids 80 to 160 in tens, or capot (every trick, worth %(points)s); no hand is thrown in.",
               points=rules.capot_bid)
    yield Said(_sentence(rules.bid_success).message, bela=bela)
    # glossary: capot
    yield Said("A bid of capot is made only by taking every trick; a side taking every trick has %(capot)s card "
               "points instead of %(hand)s.", capot=capot, hand=rules.deck(None) + rules.last_trick)
    yield Said(_sentence(rules.bid_scores).message, bela=bela)
    yield Said(_sentence(rules.dedans).message, hand=rules.deck(None) + rules.last_trick
               if rules.dedans is not Dedans.FEDERATION else (rules.deck(None) + rules.last_trick) // 10 * 10)
    yield Said(_sentence(rules.belote_on_dedans).message, bela=bela)
    times = rules.double_values.times
    # glossary: coinche, bid
    # Translators: %(loser)s says what the side that lost the contract writes: "the other side writes nothing but
    # its belote".
    yield Said("Coinche ×%(coinche)s, surcoinche ×%(surcoinche)s: the side that wins the contract writes its line "
               "multiplied; %(loser)s.", coinche=times[1], surcoinche=times[2],
               loser=Said(_sentence(rules.double_loser).message, bela=bela))
    if rules.rounding is not Rounding.NONE:
        yield _sentence(rules.rounding)


def _game_points(rules: Rules) -> Iterator[Said]:
    """A game of game points (Baloot, RULES.md §13): Sun and Hokum, raw points to game points, kaboot, what the
    buyer must do, khasran, the doubles and gahwa, the projects."""
    if not rules.game_points:
        return
    # glossary: Sun, Hokum, taker
    yield Said("The buyer plays Sun (no trumps) or Hokum (a trump suit). Raw points (card points with the last "
               "trick) become game points: Hokum ÷ 10, 6 and more up, %(hokum)s a hand (both ending in 6: the higher "
               "rounds down); Sun ÷ 5, to the even number, %(sun)s a hand.",
               hokum=(rules.deck(None) + rules.last_trick) // 10, sun=(rules.deck(Contract.NO_TRUMPS)
                                                                       + rules.last_trick) // 5)
    # glossary: kaboot
    yield Said("Kaboot (every trick): Hokum %(hokum)s, Sun %(sun)s, instead of the hand's game points.",
               hokum=rules.kaboot[0], sun=rules.kaboot[1])
    # glossary: taker, khasran, projects
    yield Said("The buyer must make more game points than the other side (cards and projects); level, the side with "
               "fewer raw points fails; level in raw points too, each side writes its own. Khasran (the buyer "
               "failed): the other side writes the whole hand and every project; the buyer only its %(bela)s.",
               bela=rules.bela_word)
    # glossary: double, gahwa
    yield Said("Double ×2, three ×3, four ×4 (Hokum only; Sun the double alone): the side that wins the hand writes "
               "everything, multiplied, and the side that doubled loses a level hand; %(bela)s is never multiplied. "
               "Gahwa: the side that wins the hand wins the game.", bela=rules.bela_word)
    yield _sentence(rules.sun_double)
    yield _sentence(rules.doubled_projects)


def _success(rules: Rules) -> Iterator[Said]:
    """What the taker must do, and what a tie with the best defender does (the game's own word for bate)."""
    if rules.bids or rules.game_points:
        return  # said by ``_bids`` and ``_game_points``
    if rules.success is Success.EACH_OWN:
        # glossary: taker, bate
        yield Said("No bate: each side writes its own points; who chose trumps matters only for the Match.")
        return
    if rules.success is Success.HALF_BAIT:
        # glossary: baited, taker, hand
        yield Said("The defenders bait the taker when they have half or more of the hand value: they score the whole "
                   "hand value.")
        return
    tie = _sentence(rules.tie)
    if rules.words is TableWords.NAT:
        # glossary: taker, bate
        yield Said("The taker must have more hand points than every defender, or is nat: the best defender scores "
                   "the taker's points too.")
        if rules.tie is Tie.TAKER_FAILS:
            # glossary: taker, bate
            # Translators: ends "On a tie with the best defender, %(rule)s." in Klaverjas, whose word for bate is
            # nat.
            tie = Said("the taker is nat")
    elif rules.words is TableWords.BAIT:
        # glossary: taker, bait
        yield Said("The taker must have more hand points than every defender, or is baited: the best defender "
                   "scores the taker's points too.")
    else:
        # glossary: taker, bate
        yield Said("The taker must have more hand points than every defender, or is bate: the best defender scores "
                   "the taker's points too.")
    # Translators: %(rule)s says what happens: "the taker scores nothing and the defenders score their own".
    yield Said("On a tie with the best defender, %(rule)s.", rule=tie)


def _bela_on_bate(rules: Rules) -> Iterator[Said]:
    """Whose a failed taker's bela is, in the game's own word for failing: said wherever a taker can fail and the
    game has a bela (the meld values only say what it is worth)."""
    if rules.success is Success.EACH_OWN or not rules.bela_points or rules.bids or rules.game_points:
        return
    if rules.bela_on_bate is BelaOnBate.STAYS:
        # glossary: belote and rebelote, taker, bate
        # Translators: %(Bela)s and %(bela)s are the game's word for K and Q of trumps, the first with a capital
        # first letter.
        yield Said("%(Bela)s always counts: every side scores its own %(bela)s, also when the taker is bate.",
                   Bela=capital_bela(rules), bela=rules.bela_word)
    elif rules.success is Success.HALF_BAIT:
        # glossary: belote and rebelote, taker, baited
        # Translators: %(bela)s is the game's word for K and Q of trumps (bella).
        yield Said("When the taker is baited, the taker's %(bela)s goes to the defenders too.", bela=rules.bela_word)
    elif rules.words is TableWords.NAT:
        # glossary: belote and rebelote, taker, bate
        # Translators: Klaverjas, whose word for bate is nat; %(bela)s is its word for K and Q of trumps (stuk).
        yield Said("When the taker is nat, the taker's %(bela)s goes to the best defender too.", bela=rules.bela_word)
    elif rules.words is TableWords.BAIT:
        # glossary: belote and rebelote, taker, baited
        # Translators: %(bela)s is the game's word for K and Q of trumps (bella).
        yield Said("When the taker is baited, the taker's %(bela)s goes to the best defender too.",
                   bela=rules.bela_word)
    else:
        # glossary: belote and rebelote, taker, bate
        # Translators: %(bela)s is the game's word for K and Q of trumps (bela, belote).
        yield Said("When the taker is bate, the taker's %(bela)s goes to the best defender too.", bela=rules.bela_word)


def _meld_values(rules: Rules) -> Iterator[Said]:
    """What the declarations are worth (Weis, roem or melds, by the table's words), and the bela beside them."""
    word = rules.bela_word
    if rules.melds is Melds.NONE:
        if rules.bela_points:
            # glossary: declarations, belote and rebelote
            yield Said("No declarations count; %(bela)s %(points)s counts for the side holding it.", bela=word,
                       points=rules.bela_points)
        else:
            # glossary: declarations, belote and rebelote
            yield Said("No declarations count, and no %(bela)s.", bela=word)
        return
    melds = Listed((
        # Translators: a sequence's value: "a run of 3 = 20" (3 cards in a row of one suit).
        Said("a run of %(cards)s = %(points)s", cards=int(key.removeprefix("sequence-")), points=value)
        if key.startswith("sequence-") else
        # Translators: a square's value: "four J = 200" (four cards of the rank written as on the card).
        Said("four %(rank)s = %(points)s", rank=Rank(key.removeprefix("square-")).short, points=value)
        for key, value in rules.meld_values.items()), N_(", "))
    if rules.meld_words:
        named = Listed((Said("%(name)s %(points)s", name=rules.meld_words[value], points=value)
                        for value in sorted(rules.meld_words)), N_(", "))
        # glossary: projects, Sun, Hokum
        # Translators: Baloot's projects: "Projects, in raw points: sira 20, fifty 50, hundred 100, four hundred 200
        # (four aces, Sun only); ..."
        yield Said("Projects, in raw points (Hokum ÷ 10, Sun ÷ 5): %(named)s (four aces, Sun only); %(melds)s; "
                   "%(bela)s %(points)s for the side holding it (Hokum).", named=named, melds=melds, bela=word,
                   points=rules.bela_written)
    elif rules.words is TableWords.JASS:
        # glossary: Weis, Stöck, Obenabe, Undenufe
        # Translators: Jass's declarations: "Weis: a run of 3 = 20, …; Stöck 20 for the side holding it, in a trump
        # contract."
        yield Said("Weis: %(melds)s; %(bela)s %(points)s for the side holding it, in a trump contract.", melds=melds,
                   bela=word,
                   points=rules.bela_points)
    elif rules.words is TableWords.NAT:
        # glossary: belote and rebelote
        # Translators: Klaverjas's declarations, roem: "Roem: a run of 3 = 20, …; stuk 20 for the side holding it."
        yield Said("Roem: %(melds)s; %(bela)s %(points)s for the side holding it.", melds=melds, bela=word,
                   points=rules.bela_points)
    else:
        # glossary: belote and rebelote
        # Translators: %(melds)s lists the melds' values: "a run of 3 = 20, four J = 200"; %(bela)s is the game's
        # word for K and Q of trumps.
        yield Said("Melds: %(melds)s; %(bela)s %(points)s for the side holding it.", melds=melds, bela=word,
                   points=rules.bela_points)


def _meld_contest(rules: Rules) -> Iterator[Said]:
    """Which side scores its declarations: every side its own, or the contest and its ties."""
    if rules.melds is Melds.EACH_SIDE:
        yield _sentence(rules.melds)
        return
    if rules.melds is Melds.NONE:
        return
    if rules.meld_contest is Contest.SINGLE and rules.meld_contest_tie is ContestTie.SEQUENCE_FIRST:
        # glossary: Weis
        yield Said("One contest of Weis: the side holding the best Weis writes all of its Weis, the other side none "
                   "(more points wins, then a sequence before four of a kind, then the higher top card).")
    elif rules.meld_contest is Contest.SINGLE:
        # glossary: declarations
        yield Said("One contest of declarations: the side holding the best declaration scores all of its "
                   "declarations, the other side none (more points wins, then a square before a sequence, then the "
                   "higher top card).")
    yield _sentence(rules.sequence_tie)


def _squares(rules: Rules) -> Iterator[Said]:
    if rules.squares and rules.melds is Melds.BEST_SIDE and rules.meld_contest is Contest.SEPARATE:
        order = rules.cards.trump_order
        square_values = [rules.square_value(rank) for rank in order]
        equal = [rank for rank in reversed(order)
                 if rules.square_value(rank) and square_values.count(rules.square_value(rank)) > 1]
        # glossary: trumps
        # Translators: %(order)s ranks squares of equal value by their rank as written on the card: "A > 10 > K".
        yield Said("Only the side with the better square scores squares; squares of equal value rank in trump order "
                   "(%(order)s); sequences still score beside them.", order=Listed((rank.short for rank in equal),
                                                                                   " > "))


def _melds_need_trick(rules: Rules) -> Iterator[Said]:
    if rules.melds_need_trick is NoTrick.TRANSFER:
        # glossary: belote and rebelote
        yield Said("A side that takes no trick hands its declarations and its %(bela)s to the other side.",
                   bela=rules.bela_word)
    elif rules.melds_need_trick:
        yield Said("A side that takes no trick scores no melds.")


def _belot(rules: Rules) -> Iterator[Said]:
    if rules.belot:
        # glossary: game
        # Translators: %(belot)s is the game's word for all eight cards of one suit in one hand (belot, debertz).
        yield Said("A player dealt all eight cards of one suit (a %(belot)s) wins the game at once.",
                   belot=rules.belot_word)


def _claiming(rules: Rules) -> Iterator[Said]:
    """How a game ends in the middle of a hand: no claims, the race, bedanken, or a claim and its cost."""
    if rules.claims is Claims.NONE:
        if rules.target is not None:  # a game of so many deals: the deal limit's sentence says how it ends
            # glossary: claim, game, hand
            yield Said("No claims: the game is decided at the end of a hand; the higher total wins if both reach it.")
    elif rules.claims is Claims.RACE:
        # glossary: claim, game, hand
        yield Said("The race: a side may stop the hand as soon as its total and what it has won so far reach the "
                   "target ahead of the other; both sides add what they had won, without pass or fall.")
    elif rules.thanks:
        # glossary: bedanken, Stöck, Weis
        # Translators: Jass's bedanken; %(order)s is the counting order: "Stöck, Weis, tricks".
        yield Said("A side at or over the target after a hand wins the game. A side may also thank (bedanken) in the "
                   "middle of a hand: both sides add what they have won so far; a side short of the target loses the "
                   "game; if both have reached it, the one that got there first in the order %(order)s wins.",
                   order=Listed(_ORDER_WORDS[rules.claim_order], N_(", ")))
    else:
        yield _claims(rules)
        if not rules.wins_at_end_of_hand:
            # glossary: claim, hand
            yield Said("Reaching the target at the end of a hand does not win: the side must claim.")


def _revoke(rules: Rules) -> Iterator[Said]:
    if rules.revoke is Revoke.FORFEIT_HAND:
        yield _sentence(rules.revoke)


def _doubles(rules: Rules) -> Iterator[Said]:
    if rules.doubles and not rules.bids and not rules.game_points:
        times = rules.double_times
        yield Said("Double ×%(double)s, redouble ×%(redouble)s: the side with more points scores everything.",
                   double=times[1], redouble=times[2])


def _valat(rules: Rules) -> Iterator[Said]:
    if not rules.valat or rules.bids or rules.game_points:
        return  # a game with bids says its capot with the bids
    if rules.valat_to is ValatTo.TAKER and rules.words is TableWords.NAT:
        # glossary: valat, taker
        yield Said("Pit (every trick to the taker's side): +%(points)s; the defenders taking every trick only make "
                   "the taker nat.", points=rules.valat)
    elif rules.valat_to is ValatTo.TAKER:
        # glossary: valat, taker
        yield Said("Valat (every trick to the taker's side): +%(points)s; the defenders taking every trick only make "
                   "the taker fail.", points=rules.valat)
    elif rules.words is TableWords.JASS:
        # glossary: Match
        yield Said("Match (every trick): +%(points)s; a Kontermatch when the side that did not choose trumps makes "
                   "it.", points=rules.valat)
    elif rules.no_win_on_valat:
        # glossary: valat, game, hand
        yield Said("Valat (every trick): +%(points)s; no game is won on a hand with a valat.", points=rules.valat)
    else:
        # glossary: valat
        yield Said("Valat (every trick): +%(points)s.", points=rules.valat)


def _strokes(rules: Rules) -> Iterator[Said]:
    if rules.strokes:
        # glossary: Striche, Berg, Schneider, Match
        yield Said("Strokes (Striche) for each game: the winner 2; Berg, the first side to reach half the target, 1; "
                   "each Match 1, each Kontermatch 2; Schneider, the loser under half the target, 2 more to the "
                   "winner.")


def _deal(rules: Rules) -> Iterator[Said]:
    yield _sentence(rules.deal)


def _length(rules: Rules) -> Iterator[Said]:
    length = match_length(rules)
    if length is not None:
        yield length


_READERS: tuple[Callable[[Rules], Iterable[Said]], ...] = (
    _players, _deck, _last_trick, _target, _deal_limit, _top_trump, _own_values, _bids, _game_points, _success,
    _meld_values,
    _bela_on_bate, _meld_contest, _squares, _melds_need_trick, _belot, _claiming, _revoke, _doubles, _valat, _strokes,
    _deal, _length,
)
"""The house rules' readers, each saying what one option (or one group of options that read as one sentence)
makes of the game, in the order the rule book gives them."""


_ORDER_WORDS = {
    # glossary: Stöck, Weis
    ClaimOrder.STOECK_WEIS_STICH: (Said("Stöck"), Said("Weis"), Said("tricks")),
    # glossary: Stöck, Weis
    ClaimOrder.STOECK_STICH_WEIS: (Said("Stöck"), Said("tricks"), Said("Weis")),
}


def match_length(rules: Rules) -> Said | None:
    """How many games a match is, when more than one: "The match is best of 3 games." (the start page says it
    beside the game too)."""
    # glossary: game
    return Said("The match is best of %(games)s games.", games=rules.best_of) if rules.best_of > 1 else None


def _claims(rules: Rules) -> Said:
    """Who may claim the game, and when, and what a false claim costs."""
    cost = _sentence(rules.false_claim)
    if rules.claim_from is not None:
        if rules.claim_window:
            # glossary: claim, game
            # Translators: %(cost)s is "a false claim loses the game" or "a false claim forfeits the hand value to
            # the other side".
            return Said("A side on %(least)s or more may claim the game within the first %(tricks)s tricks; %(cost)s.",
                        least=rules.claim_from, tricks=rules.claim_window, cost=cost)
        # glossary: claim, game
        # Translators: %(cost)s is "a false claim loses the game" or "a false claim forfeits the hand value to the
        # other side".
        return Said("A side on %(least)s or more may claim the game at any moment; %(cost)s.", least=rules.claim_from,
                    cost=cost)
    if rules.claim_window:
        # glossary: claim, game
        # Translators: %(cost)s is "a false claim loses the game" or "a false claim forfeits the hand value to the
        # other side".
        return Said("Any side may claim the game within the first %(tricks)s tricks; %(cost)s.",
                    tricks=rules.claim_window, cost=cost)
    # glossary: claim, game
    # Translators: %(cost)s is "a false claim loses the game" or "a false claim forfeits the hand value to the other
    # side".
    return Said("Any side may claim the game at any moment; %(cost)s.", cost=cost)


def meld_chips(rules: Rules) -> tuple[int, ...]:
    """The meld values a scorer can credit in this variant, in any of its contracts, lowest first (the form's quick
    chips; Baloot's four hundred is Sun's alone, and the engine says so of a Hokum hand)."""
    values = set(rules.meld_values.values())
    for own in rules.contract_meld_values.values():
        values |= set(own.values())
    return tuple(sorted(values))

