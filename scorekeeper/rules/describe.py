"""House rules in words, made from the Rules value itself so they cannot disagree with the scoring."""

from __future__ import annotations

from .cards import Rank
from .variants import BelaOnBate, Claims, Deal, FalseClaim, Melds, Revoke, Rules, SequenceTie, Success, Tie

_TIES = {
    Tie.HOLD_TAKER: "the defenders score their own and the taker's points are held over for the next winner",
    Tie.HOLD_ALL: "nobody scores and the whole hand value is held over for the next winner",
    Tie.TAKER_NOTHING: "the taker scores nothing and the defenders score their own",
    Tie.TAKER_FAILS: "the taker is bate",
}
_DEALS = {
    Deal.WINNER: "The winner of a hand deals the next; after a tie or a thrown-in hand the deal passes on.",
    Deal.LEFT: "The deal passes to the left (clockwise).",
    Deal.RIGHT: "The deal passes to the right (counter-clockwise).",
}


def describe_rules(rules: Rules) -> tuple[str, ...]:
    """One sentence per house rule, in the rule book's words."""
    lines = [f"{rules.title}: {rules.players} players"
             + (", two sides of partners (seats 1 and 3 against 2 and 4)." if rules.players == 4 else "."),
             f"A game is won at {rules.target}" + (" (scores in tens)." if rules.tens else ".")]
    if rules.deal_limit is not None:
        lines.append(f"A game nobody has won after {rules.deal_limit} played deals goes to the side ahead; "
                     "level sides play on until one is ahead after a deal.")
    values = rules.cards
    if values.top_trump is not Rank.JACK:
        order = " ".join(rank.value for rank in reversed(values.trump_order))
        lines.append(f"The {values.top_trump.word} is the top trump ({values.trump_points[values.top_trump]}), "
                     f"then the nine ({values.trump_points[Rank.NINE]}); trumps rank {order}; "
                     f"the deck holds {rules.deck(None)} card points.")
    if rules.success is Success.HALF_BAIT:
        lines.append("The defenders bait the taker when they have half or more of the hand value: "
                     "they score the whole hand value.")
    else:
        lines.append("The taker must have more hand points than every defender, or is bate: "
                     "the best defender scores the taker's points too.")
        lines.append(f"On a tie with the best defender, {_TIES[rules.tie]}.")
    word = rules.bela_word
    if rules.bela_on_bate is BelaOnBate.STAYS:
        lines.append(f"{word.capitalize()} always counts: every side scores its own {word}, also when the taker "
                     "is bate.")
    melds = [(f"a run of {key.removeprefix('sequence-')}" if key.startswith("sequence-")
              else f"four {key.removeprefix('square-')}") + f" = {value}" for key, value in rules.meld_values.items()]
    lines.append("Melds: " + ", ".join(melds) + f"; {word} {rules.bela_points} always counts.")
    if rules.melds is Melds.EACH_SIDE:
        lines.append("Every side scores the declarations it holds: no contest between the sides.")
    elif rules.sequence_tie is SequenceTie.NOBODY:
        lines.append("Equal best sequences on both sides: nobody scores sequences, whether in trumps or not.")
    else:
        lines.append("Equal best sequences: the one in trumps wins, else forehand's.")
    if rules.squares and rules.melds is Melds.BEST_SIDE:
        square_values = [rules.square_value(rank) for rank in values.trump_order]
        equal = [rank for rank in reversed(values.trump_order)
                 if rules.square_value(rank) and square_values.count(rules.square_value(rank)) > 1]
        lines.append("Only the side with the better square scores squares; squares of equal value rank in trump "
                     f"order ({' > '.join(rank.value for rank in equal)}); sequences still score beside them.")
    if rules.melds_need_trick:
        lines.append("A side that takes no trick scores no melds.")
    if rules.claims is Claims.NONE:
        lines.append("No claims: the game is decided at the end of a hand; the higher total wins if both reach it.")
    else:
        when = f" within the first {rules.claim_window} tricks" if rules.claim_window else " at any moment"
        who = f"A side on {rules.claim_from} or more" if rules.claim_from is not None else "Any side"
        cost = ("a false claim loses the game" if rules.false_claim is FalseClaim.LOSES_GAME
                else "a false claim forfeits the hand value to the other side")
        lines.append(f"{who} may claim the game{when}; {cost}.")
        if not rules.wins_at_end_of_hand:
            lines.append("Reaching the target at the end of a hand does not win: the side must claim.")
    if rules.revoke is Revoke.FORFEIT_HAND:
        lines.append("Revoke challenge upheld: the offender scores 0 and the challenger takes its points; "
                     "a wrong challenge costs the challenger the same way.")
    if rules.doubles:
        lines.append("Double ×2, redouble ×4: the side with more points scores everything.")
    if rules.valat:
        lines.append(f"Valat (every trick): +{rules.valat}"
                     + ("; no game is won on a hand with a valat." if rules.no_win_on_valat else "."))
    lines.append(_DEALS[rules.deal])
    if rules.best_of > 1:
        lines.append(f"The match is best of {rules.best_of} games.")
    return tuple(lines)


def meld_chips(rules: Rules) -> tuple[int, ...]:
    """The meld values a scorer can credit in this variant, lowest first (the form's quick chips)."""
    return tuple(sorted(set(rules.meld_values.values())))

