"""The referee's legal plays: which cards a player could play to a trick, per family of rules, and why.

Each test quotes the sentence of a source text (docs/rules.md, "Sources": its number and exact words, typos
included) or of docs/api.md / the rule book (docs/rules.md) that it rests on. Seats are numbered from 0; in
four-handed play seats 0+2 and 1+3 are partners, and play goes clockwise (seat + 1) except in Belote 151, where
it goes to the right (seat − 1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from scorekeeper.rules import (
    PRESETS,
    Card,
    Family,
    LegalPlays,
    PlayOptions,
    RuleError,
    family_of,
    legal_plays,
    make_rules,
    split_play_options,
)
from scorekeeper.rules.cards import FULL_DECK, FULL_DECK_36
from scorekeeper.rules.legal import play_step, sixes

Trick = Sequence[tuple[int, str]]


def judge(
    variant: str,
    contract: str,
    seat: int,
    trick: Trick,
    hand: Sequence[str],
    options: PlayOptions | None = None,
    overrides: Mapping[str, object] | None = None,
) -> LegalPlays:
    """Ask the referee, writing the trick and hand as API.md does."""
    rules = make_rules(variant, overrides)
    return legal_plays(rules, contract, seat, [{"seat": s, "card": c} for s, c in trick], list(hand), options)


def legal(
    variant: str, contract: str, seat: int, trick: Trick, hand: Sequence[str], options: PlayOptions | None = None,
) -> list[str]:
    """The legal cards, written as the API answers them."""
    return [str(card) for card in judge(variant, contract, seat, trick, hand, options).legal]


def problems(variant: str, contract: object, seat: object, trick: object, hand: object) -> dict[str, str]:
    """The refused input's problems, field → message."""
    with pytest.raises(RuleError) as info:
        legal_plays(make_rules(variant), contract, seat, trick, hand)
    return {p.field: p.message for p in info.value.problems}


# ---------------------------------------------------------------------------------------------------------------
# Families


@pytest.mark.parametrize(("variant", "family"), [
    ("bela", Family.TWO_HANDED), ("klaberjass", Family.TWO_HANDED), ("zensa", Family.TWO_HANDED),
    ("derda", Family.TWO_HANDED), ("bela-3", Family.THREE_HANDED), ("clobby", Family.CLOBBY),
    ("belote", Family.BELOTE), ("south-african", Family.SOUTH_AFRICAN),
])
def test_every_preset_has_its_family_of_trick_rules(variant: str, family: Family) -> None:
    """RULES.md §5: the presets and their sources (000 bela, bela-3; 001 belote; 002 klaberjass, zensa, derda,
    south-african; 003 clobby); a house rule of the scoring does not change how the cards are played."""
    assert family_of(make_rules(variant)) is family
    assert family_of(make_rules(variant, {"best-of": 5})) is family


# ---------------------------------------------------------------------------------------------------------------
# Two-handed Bela (000) and Klaberjass (002)


def test_api_md_example_no_hearts_must_trump() -> None:
    """API.md Referee: `{"variant": "bela", "contract": "spades", "seat": 1, "trick": [{"seat": 0, "card": "AH"}],
    "hand": ["7S", "KD", "9S"]}` → `{"legal": ["7S", "9S"], "explanation": ["No hearts: must trump."]}`.
    The Scottish Bela text: "If the suit cannot be followed, then it is obligatory to trump"."""
    out = judge("bela", "spades", 1, [(0, "AH")], ["7S", "KD", "9S"])
    assert [str(c) for c in out.legal] == ["7S", "9S"]
    assert out.explanation == ("No hearts: must trump.",)


def test_bela_a_suit_led_must_be_followed_but_need_not_be_beaten() -> None:
    """The Scottish Bela text: "A suit led must be followed if posible." (nothing obliges a player to beat a plain
    card)."""
    out = judge("bela", "spades", 1, [(0, "AH")], ["7H", "KH", "9S", "KD"])
    assert [str(c) for c in out.legal] == ["7H", "KH"]
    assert out.explanation == ("Must follow suit: hearts.",)


def test_bela_a_trump_lead_must_be_beaten() -> None:
    """The Scottish Bela text: "When a trump is led, it is obligatory to beat the trump played"."""
    out = judge("bela", "spades", 1, [(0, "9S")], ["JS", "7S", "AH"])
    assert [str(c) for c in out.legal] == ["JS"]
    assert out.explanation == ("Trumps led: must beat the 9♠ if possible.",)


def test_bela_a_trump_lead_that_cannot_be_beaten_is_still_followed() -> None:
    """The Scottish Bela text: "When a trump is led, it is obligatory to beat the trump played" and "A suit led must be
    followed if posible." - read as: with no higher trump, any trump (the suit led) must still be played."""
    out = judge("bela", "spades", 1, [(0, "AS")], ["7S", "KS", "AH"])
    assert [str(c) for c in out.legal] == ["7S", "KS"]
    assert out.explanation[0] == "Trumps led: must beat the A♠ if possible."
    assert "must still follow suit with any spade" in out.explanation[1]


def test_bela_discard_freely_only_without_the_suit_and_without_trumps() -> None:
    """The Scottish Bela text: "Only if one can neither follow suit nor play a trump is it permitted to discard
    freely." """
    out = judge("bela", "spades", 1, [(0, "AH")], ["KD", "7C", "10D"])
    assert [str(c) for c in out.legal] == ["KD", "7C", "10D"]
    assert out.explanation == ("No hearts and no trumps: may discard.",)
    assert legal("bela", "spades", 1, [(0, "9S")], ["KD", "7C"]) == ["KD", "7C"]


def test_bela_trumping_with_any_trump() -> None:
    """The Scottish Bela text: "If the suit cannot be followed, then it is obligatory to trump" (any trump: every trump
    takes a plain card - "a trump Seven will take an Ace of Hearts")."""
    assert legal("bela", "spades", 1, [(0, "AH")], ["JS", "7S", "KD"]) == ["JS", "7S"]


def test_bela_leader_may_lead_any_card() -> None:
    """The Scottish Bela text: "Forehand leads to the first trick" and "winner of the last trick leads to the next" -
    the sources put no obligation on the lead (but see the Scottish custom below)."""
    out = judge("bela", "spades", 0, [], ["7S", "AH", "KD"])
    assert [str(c) for c in out.legal] == ["7S", "AH", "KD"]
    assert out.explanation == ("Leading: any card may be played.",)


def test_bela_bare_yuss_may_be_withheld_in_scotland() -> None:
    """The Scottish Bela text: "But it is acceptable in Scotland to withold the Yuss (trump J) if one holds the Yuss
    alone (bare Yuss)." - on by default in `bela` and `bela-3`; read as: neither to trump a plain lead nor to a trump
    lead (the sentence follows the trump-lead rule)."""
    out = judge("bela", "spades", 1, [(0, "AH")], ["JS", "KD", "7C"])
    assert [str(c) for c in out.legal] == ["JS", "KD", "7C"]
    assert out.explanation == ("No hearts: must trump.", "Bare Yuss: the J♠ is the only trump and may be withheld.")
    assert legal("bela", "spades", 1, [(0, "9S")], ["JS", "KD"]) == ["JS", "KD"]
    assert legal("bela-3", "spades", 2, [(0, "AH"), (1, "10S")], ["JS", "KD"]) == ["JS", "KD"]


def test_bela_yuss_with_another_trump_is_not_bare() -> None:
    """The Scottish Bela text: "if one holds the Yuss alone (bare Yuss)" - a Yuss with another trump is not alone."""
    assert legal("bela", "spades", 1, [(0, "AH")], ["JS", "7S", "KD"]) == ["JS", "7S"]
    assert legal("bela", "spades", 1, [(0, "9S")], ["JS", "7S", "KD"]) == ["JS"]


def test_bela_bare_yuss_can_be_switched_off() -> None:
    """The Scottish Bela text: "it is acceptable in Scotland to withold the Yuss" - a table that does not play so sets
    `bare-yuss` false."""
    off = PlayOptions(bare_yuss=False)
    assert legal("bela", "spades", 1, [(0, "AH")], ["JS", "KD"], off) == ["JS"]
    assert legal("bela", "spades", 1, [(0, "9S")], ["JS", "KD"], off) == ["JS"]


def test_bela_scottish_custom_a_trump_lead_with_a_scoring_card() -> None:
    """The Scottish Bela text: "It is customary in the Scottish circles in which Mike Block has played that any trump
    lead must be with a scoring card (Yuss Manel A Ten K Q), not an Eight or a Seven" - a custom, so off unless the
    table sets `scoring-trump-lead`; a hand of nothing but low trumps must still lead one."""
    assert legal("bela", "spades", 0, [], ["7S", "AS", "KD"]) == ["7S", "AS", "KD"]
    custom = PlayOptions(scoring_trump_lead=True)
    out = judge("bela", "spades", 0, [], ["7S", "8S", "AS", "KD"], custom)
    assert [str(c) for c in out.legal] == ["AS", "KD"]
    assert "Not the 7♠ or 8♠" in out.explanation[1]
    assert legal("bela", "spades", 0, [], ["7S", "8S"], custom) == ["7S", "8S"]


@pytest.mark.parametrize("variant", ["klaberjass", "zensa", "derda"])
def test_klaberjass_must_trump_and_overtrump_a_trump_lead(variant: str) -> None:
    """The Klaberjass article: "In trick-play, a player who cannot follow suit must trump if possible, and any trump
    lead must be overtrumped." """
    assert legal(variant, "hearts", 1, [(0, "10H")], ["AH", "9H", "KH", "KS"]) == ["AH", "9H"]
    assert legal(variant, "hearts", 1, [(0, "AS")], ["7H", "KD"]) == ["7H"]
    assert legal(variant, "hearts", 1, [(0, "AS")], ["KS", "7H"]) == ["KS"]


def test_klaberjass_bare_yass_variation() -> None:
    """The Klaberjass article: "Under the bare Yass variation, a player who holds the jack of trumps but no further
    trumps is not obliged to trump a plain suit lead with it." - a variation, so off unless the table sets `bare-yuss`;
    and only for a plain suit lead."""
    assert legal("klaberjass", "spades", 1, [(0, "AH")], ["JS", "KD"]) == ["JS"]
    variation = PlayOptions(bare_yuss=True)
    assert legal("klaberjass", "spades", 1, [(0, "AH")], ["JS", "KD"], variation) == ["JS", "KD"]
    assert legal("klaberjass", "spades", 1, [(0, "9S")], ["JS", "KD"], variation) == ["JS"]


# ---------------------------------------------------------------------------------------------------------------
# Three-handed Bela (000, 002)


def test_three_handed_third_player_must_overtrump() -> None:
    """The Scottish Bela text: "where a lead of a plain suit has been trumped by the second player to a trick and the
    third to play also has no cards in the suit led, then the third player must still overtrump if possible." """
    out = judge("bela-3", "spades", 2, [(0, "AH"), (1, "10S")], ["AS", "8S", "KD"])
    assert [str(c) for c in out.legal] == ["AS"]
    assert out.explanation == ("No hearts: must trump.", "Must overtrump the 10♠ with a higher trump.")


def test_three_handed_cannot_overtrump_must_underplay() -> None:
    """The Scottish Bela text: "If he cannot overtrump he must play a lower trump, and only if he is out of trump may he
    discard freely." The Klaberjass article: "the third player is obliged to overtrump if possible or otherwise play a
    lower trump if possible." """
    out = judge("bela-3", "spades", 2, [(0, "AH"), (1, "9S")], ["AS", "8S", "KD"])
    assert [str(c) for c in out.legal] == ["AS", "8S"]
    assert out.explanation == ("No hearts: must trump.", "Cannot overtrump: must play a lower trump (underplay).")
    assert legal("bela-3", "spades", 2, [(0, "AH"), (1, "9S")], ["KD", "7C"]) == ["KD", "7C"]


def test_three_handed_third_player_who_can_follow_follows() -> None:
    """The Scottish Bela text: "and the third to play also has no cards in the suit led" - the overtrump rule is for a
    player void in the suit led; one who holds it follows suit ("A suit led must be followed if posible.")."""
    assert legal("bela-3", "spades", 2, [(0, "AH"), (1, "10S")], ["7H", "AS"]) == ["7H"]


def test_three_handed_nobody_trumped_any_trump() -> None:
    """The Scottish Bela text: "All the basics are the same." and "If the suit cannot be followed, then it is obligatory
    to trump" - with no trump in the trick, any trump."""
    assert legal("bela-3", "spades", 2, [(0, "AH"), (1, "7H")], ["7S", "AS", "KD"]) == ["7S", "AS"]


def test_three_handed_trump_lead_beat_the_highest_trump() -> None:
    """The Scottish Bela text: "When a trump is led, it is obligatory to beat the trump played" - the third player beats
    the highest trump on the table."""
    out = judge("bela-3", "spades", 2, [(0, "10S"), (1, "AS")], ["KS", "9S", "KD"])
    assert [str(c) for c in out.legal] == ["9S"]
    assert out.explanation == ("Trumps led: must beat the A♠ if possible.",)


# ---------------------------------------------------------------------------------------------------------------
# Clobby (003)


def test_clobby_follow_suit_need_not_beat() -> None:
    """The Clobby pub rules: "You must follow suit at all times, but need not "beat" any card laid when non-trumps are
    led." """
    out = judge("clobby", "hearts", 1, [(0, "AS")], ["7S", "KS", "JH"])
    assert [str(c) for c in out.legal] == ["7S", "KS"]
    assert out.explanation == ("Must follow suit: spades.",)


def test_clobby_void_must_trump_with_any_trump() -> None:
    """The Clobby pub rules: "If you cannot follow suit you must play a trump card – this can be any trump." """
    out = judge("clobby", "hearts", 2, [(0, "AS"), (1, "KS")], ["7H", "JH", "KD"])
    assert [str(c) for c in out.legal] == ["7H", "JH"]
    assert out.explanation == ("No spades: must trump.",)


def test_clobby_someone_trumped_must_trump_higher_even_over_partner() -> None:
    """The Clobby pub rules: "If any person prior to your go has trumped and you also cannot follow suit then you must
    also trump, but higher, if this is possible." - "any person": partner too (seat 1 is seat 3's partner)."""
    out = judge("clobby", "hearts", 3, [(0, "AS"), (1, "10H"), (2, "KS")], ["AH", "8H", "KD"])
    assert [str(c) for c in out.legal] == ["AH"]
    assert out.explanation == ("No spades: must trump.", "Must overtrump the 10♥ with a higher trump.")


def test_clobby_cannot_trump_higher_may_discard() -> None:
    """The Clobby pub rules: "If you cannot trump higher then you too may discard another suit." - read as: any card, a
    lower trump included."""
    out = judge("clobby", "hearts", 2, [(0, "AS"), (1, "9H")], ["AH", "8H", "KD"])
    assert [str(c) for c in out.legal] == ["AH", "8H", "KD"]
    assert out.explanation[-1] == "Cannot overtrump: may discard."


def test_clobby_trumps_led_trump_higher_and_follow_suit() -> None:
    """The Clobby pub rules: "When trumps are led, each successive player must trump higher if possible and in any event
    follow suit if possible." """
    assert legal("clobby", "hearts", 1, [(0, "10H")], ["AH", "7H", "KS"]) == ["AH"]
    assert legal("clobby", "hearts", 2, [(0, "10H"), (1, "9H")], ["AH", "7H", "KS"]) == ["AH", "7H"]
    assert legal("clobby", "hearts", 1, [(0, "10H")], ["KS", "7D"]) == ["KS", "7D"]


def test_clobby_has_no_bare_yuss_unless_the_table_says_so() -> None:
    """The Clobby pub rules has no bare-Yuss exemption: "If you cannot follow suit you must play a trump card"."""
    assert legal("clobby", "hearts", 1, [(0, "AS")], ["JH", "KD"]) == ["JH"]
    assert legal("clobby", "hearts", 1, [(0, "AS")], ["JH", "KD"], PlayOptions(bare_yuss=True)) == ["JH", "KD"]


# ---------------------------------------------------------------------------------------------------------------
# Belote 151 (001): play goes to the right, so after seat 0 come seats 3, 2, 1.


def test_belote_play_goes_to_the_right() -> None:
    """The Belote 151 text: "The player to the right of the dealer begins the game by playing a card." and RULES.md §8
    "Belote 151: to the right (counter-clockwise)." - after seat 0, seat 3 plays."""
    assert play_step(make_rules("belote")) == -1
    assert legal("belote", "hearts", 3, [(0, "AS")], ["7S"]) == ["7S"]
    assert "seat" in problems("belote", "hearts", 1, [{"seat": 0, "card": "AS"}], ["7S"])


def test_belote_must_follow_suit() -> None:
    """The Belote 151 text: "Each player must play a card of the same color" (in a plain suit, no need to beat)."""
    assert legal("belote", "hearts", 3, [(0, "AS")], ["7S", "KS", "JH"]) == ["7S", "KS"]


def test_belote_raise_on_trumps_even_over_partner() -> None:
    """The Belote 151 text: "Each player must play a card of the same color, as well as raise on trump color." - read
    as: whoever is winning (seat 0, partner of seat 2, holds the trick here)."""
    out = judge("belote", "hearts", 2, [(0, "9H"), (3, "7H")], ["JH", "AH", "KD"])
    assert [str(c) for c in out.legal] == ["JH"]
    assert out.explanation == ("Trumps led: must beat the 9♥ if possible.",)
    assert legal("belote", "hearts", 2, [(0, "JH"), (3, "7H")], ["AH", "8H", "KD"]) == ["AH", "8H"]


def test_belote_void_and_partner_winning_may_discard() -> None:
    """The Belote 151 text: "If the player doesn't have a card of the same color, and the highest card belongs to the
    opponents, they must play a trump card." - so with partner winning, any card."""
    out = judge("belote", "hearts", 2, [(0, "AS"), (3, "7S")], ["7H", "KD"])
    assert [str(c) for c in out.legal] == ["7H", "KD"]
    assert out.explanation == ("No spades.", "May discard: partner is winning.")
    assert legal("belote", "hearts", 1, [(0, "AS"), (3, "10H"), (2, "7S")], ["KD", "9H"]) == ["KD", "9H"]


def test_belote_void_and_opponent_winning_must_trump() -> None:
    """The Belote 151 text: "If the player doesn't have a card of the same color, and the highest card belongs to the
    opponents, they must play a trump card." """
    assert legal("belote", "hearts", 3, [(0, "AS")], ["7H", "JH", "KD"]) == ["7H", "JH"]
    assert legal("belote", "hearts", 3, [(0, "AS")], ["KD", "7C"]) == ["KD", "7C"]


def test_belote_opponent_trumped_must_overtrump() -> None:
    """The Belote 151 text: "If the opponents played a trump card, then the player must put a trump card of a higher
    rank." """
    out = judge("belote", "hearts", 2, [(0, "AS"), (3, "10H")], ["AH", "8H", "KD"])
    assert [str(c) for c in out.legal] == ["AH"]
    assert out.explanation[-1] == "Must overtrump the 10♥ with a higher trump."
    # Partner trumped, then an opponent overtrumped: the opponent's trump is the one to beat.
    assert legal("belote", "hearts", 1, [(0, "AS"), (3, "10H"), (2, "AH")], ["9H", "7H", "KD"]) == ["9H"]


def test_belote_cannot_overtrump_may_play_any_card() -> None:
    """The Belote 151 text: "If they don't have such a card, they can play a random card instead." """
    out = judge("belote", "hearts", 2, [(0, "AS"), (3, "10H")], ["KH", "8H", "KD"])
    assert [str(c) for c in out.legal] == ["KH", "8H", "KD"]
    assert out.explanation[-1] == "Cannot overtrump: may discard."


def test_belote_no_trumps_only_follow_suit() -> None:
    """The Belote 151 text: "It is played like a trump game, but there is no trump color and the only mandatory rule is
    to respond to the played color." """
    assert legal("belote", "no-trumps", 3, [(0, "10S")], ["7S", "AS", "KH"]) == ["7S", "AS"]
    out = judge("belote", "no-trumps", 3, [(0, "10S")], ["KH", "JD"])
    assert [str(c) for c in out.legal] == ["KH", "JD"]
    assert out.explanation == ("No spades: may discard (no trumps).",)


def test_belote_all_trumps_follow_and_raise_whoever_wins() -> None:
    """The Belote 151 text: "all colors are trump colors, so playing cards of the same color is mandatory, as well as
    raising (playing a card of a higher rank than the other played cards), regardless of which team has the
    highest card." - read as: higher than the cards of the suit led (trump order J 9 A 10 K Q 8 7)."""
    out = judge("belote", "all-trumps", 2, [(0, "9S"), (3, "7S")], ["JS", "AS", "KD"])
    assert [str(c) for c in out.legal] == ["JS"]
    assert out.explanation[1] == "All trumps: must beat the 9♠ if possible, whoever is winning."
    assert legal("belote", "all-trumps", 2, [(0, "10S"), (3, "JD")], ["AS", "KS"]) == ["AS"]
    assert legal("belote", "all-trumps", 2, [(0, "10S"), (3, "9S")], ["AS", "KS", "KD"]) == ["AS", "KS"]
    assert legal("belote", "all-trumps", 2, [(0, "10S"), (3, "9S")], ["KD", "7C"]) == ["KD", "7C"]


def test_belote_bare_jack_is_not_a_belote_rule() -> None:
    """The Belote 151 text has no bare-jack exemption: "they must play a trump card"."""
    assert legal("belote", "hearts", 3, [(0, "AS")], ["JH", "KD"]) == ["JH"]


# ---------------------------------------------------------------------------------------------------------------
# South African four-handed Klaberjass (002)


def test_south_african_trumps_led_higher_than_the_winning_card() -> None:
    """The Klaberjass article: "An important technicality in four-handed play is that if trumps are led, players must
    play a higher trump than the current winning card, if they can." """
    out = judge("south-african", "hearts", 2, [(0, "10H"), (1, "AH")], ["9H", "KH", "KS"])
    assert [str(c) for c in out.legal] == ["9H"]
    assert out.explanation == ("Trumps led: must beat the A♥ if possible.",)
    assert legal("south-african", "hearts", 2, [(0, "10H"), (1, "AH")], ["KH", "8H", "KS"]) == ["KH", "8H"]


def test_south_african_trumped_plain_lead_trump_only_if_higher() -> None:
    """The Klaberjass article: "if a non-trump suit is led, and a trump is played over it, then if a following player is
    void in the suit led, he only has to play a trump if his trump is higher than the trump already played. If he has no
    higher trump, then he may discard any other card." """
    assert legal("south-african", "hearts", 2, [(0, "AS"), (1, "10H")], ["AH", "8H", "KD"]) == ["AH"]
    out = judge("south-african", "hearts", 2, [(0, "AS"), (1, "10H")], ["KH", "8H", "KD"])
    assert [str(c) for c in out.legal] == ["KH", "8H", "KD"]
    assert out.explanation == ("No spades: must overtrump the 10♥ if possible.", "Cannot overtrump: may discard.")


def test_south_african_no_partner_exemption() -> None:
    """The Klaberjass article: "he only has to play a trump if his trump is higher than the trump already played" - the
    source names no exemption when partner played it (seat 1 is seat 3's partner)."""
    assert legal("south-african", "hearts", 3, [(0, "AS"), (1, "10H"), (2, "7S")], ["AH", "KD"]) == ["AH"]


def test_south_african_void_must_trump_if_nobody_has() -> None:
    """The Klaberjass article: "The trick phase is also similar." to two-handed play, where "a player who cannot follow
    suit must trump if possible"."""
    assert legal("south-african", "hearts", 1, [(0, "AS")], ["7H", "KH", "KD"]) == ["7H", "KH"]
    assert legal("south-african", "hearts", 1, [(0, "AS")], ["7S", "KH"]) == ["7S"]


def test_south_african_no_trumps_only_follow_suit() -> None:
    """The Klaberjass article: "players may take on in "no-trumps" - that is, declare that there will be no trump suit,
    and hence no Jass, Manille, or Bela." - with no trumps only following suit is left."""
    assert legal("south-african", "no-trumps", 1, [(0, "10S")], ["7S", "AS", "KH"]) == ["7S", "AS"]
    assert legal("south-african", "no-trumps", 1, [(0, "10S")], ["KH", "JD"]) == ["KH", "JD"]


# ---------------------------------------------------------------------------------------------------------------
# Swiss Jass: Schieber (RULES.md §11)


@pytest.mark.parametrize("variant", ["schieber", "schieber-2500"])
def test_schieber_keeps_the_four_handed_trick_rules(variant: str) -> None:
    """RULES.md §11 says nothing of the obligations in the trick play (only the contracts, their card values and
    orders), so Schieber keeps the four-handed family's (as bela-4, Klaverjas, Tarabish do): a player void in the
    suit led must trump, and after a trump overtrump if possible, else discard."""
    assert family_of(make_rules(variant)) is Family.SOUTH_AFRICAN
    # Play goes to the right (RULES.md §11 "Deal: to the right"): after seat 0 comes seat 3.
    assert legal(variant, "hearts", 3, [(0, "AS")], ["7H", "KD"]) == ["7H"]
    assert set(problems(variant, "hearts", 1, [{"seat": 0, "card": "AS"}], ["7H"])) == {"seat"}


def test_schieber_reads_the_sixes_and_a_32_card_game_does_not() -> None:
    """RULES.md §11: "36 cards (6 to A), nine each"; the 32-card games still refuse a six."""
    nine = ["6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]
    assert legal("schieber", "spades", 0, [], nine) == nine
    assert set(problems("schieber", "spades", 0, [], [*nine, "6S"])) == {"hand"}
    assert legal("schieber", "spades", 3, [(0, "6C")], ["6S", "AC", "6D"]) == ["AC"]
    found = problems("bela-4", "spades", 3, [{"seat": 0, "card": "6C"}], ["7S", "6D"])
    assert set(found) == {"trick.0.card", "hand.1"}
    assert found["hand.1"] == "'6D' is not a card of the 32-card pack: write rank then suit, like 10H, JS or AC"
    found = problems("schieber", "spades", 3, [{"seat": 0, "card": "5C"}], ["7S"])
    assert found["trick.0.card"] == "'5C' is not a card of the 36-card pack: write rank then suit, like 10H, JS or 6C"


def test_schieber_trumps_in_the_swiss_order() -> None:
    """RULES.md §11 (cards.SWISS): trumps J 9 A K Q 10 8 7 6 from the top - the queen over the ten, unlike the
    32-card games' J 9 A 10 K Q; the six the lowest trump."""
    out = judge("schieber", "hearts", 2, [(0, "6H"), (3, "QH")], ["10H", "KH", "7C"])
    assert [str(c) for c in out.legal] == ["KH"]
    assert out.explanation == ("Trumps led: must beat the Q♥ if possible.",)
    assert legal("schieber", "hearts", 2, [(0, "7H"), (3, "AH")], ["9H", "KH"]) == ["9H"]
    assert legal("schieber", "hearts", 2, [(0, "8H"), (3, "7H")], ["6H", "10H"]) == ["10H"]
    assert legal("schieber", "hearts", 2, [(0, "9H"), (3, "JH")], ["6H", "AH", "KC"]) == ["6H", "AH"]


def test_schieber_trumped_plain_lead_overtrump_in_the_swiss_order() -> None:
    """The four-handed rule kept (see above), in the Swiss order: the queen of trumps beats the ten."""
    assert legal("schieber", "spades", 2, [(0, "AH"), (3, "10S")], ["QS", "6S", "KD"]) == ["QS"]
    out = judge("schieber", "spades", 2, [(0, "AH"), (3, "QS")], ["10S", "6S", "KD"])
    assert [str(c) for c in out.legal] == ["10S", "6S", "KD"]
    assert out.explanation == ("No hearts: must overtrump the Q♠ if possible.", "Cannot overtrump: may discard.")


@pytest.mark.parametrize(("contract", "word"), [("top-down", "Obenabe"), ("bottom-up", "Undenufe")])
def test_obenabe_and_undenufe_only_follow_suit(contract: str, word: str) -> None:
    """RULES.md §11: Obenabe and Undenufe have "no trumps": a player must follow suit (any card of it: nothing
    asks to beat the card winning), and one void in the suit led may play anything."""
    out = judge("schieber", contract, 3, [(0, "AH")], ["6H", "KH", "JS", "10C"])
    assert [str(c) for c in out.legal] == ["6H", "KH"]
    assert out.explanation == ("Must follow suit: hearts.",)
    out = judge("schieber", contract, 2, [(0, "6S"), (3, "AS")], ["JH", "9D", "10C"])
    assert [str(c) for c in out.legal] == ["JH", "9D", "10C"]
    assert out.explanation == (f"No spades: may discard ({word} has no trumps).",)
    assert legal("schieber-2500", contract, 2, [(0, "6S"), (3, "AS")], ["7S", "AD"]) == ["7S"]


# ---------------------------------------------------------------------------------------------------------------
# What every answer is


@pytest.mark.parametrize("variant", list(PRESETS))
def test_answers_are_never_empty_and_follow_suit_where_possible(variant: str) -> None:
    """API.md: "which cards a player could legally play to a trick, and why" - over random deals of every preset,
    there is always a legal card, from the hand, in its order, with a reason; and a player holding the suit led
    follows it (the only exception: a bare Yuss withheld from a trump lead in Bela)."""
    rng = random.Random(variant)
    rules = make_rules(variant)
    step = play_step(rules)
    for _ in range(300):
        deck = list(FULL_DECK_36 if sixes(rules) else FULL_DECK)
        rng.shuffle(deck)
        contract = rng.choice(rules.contracts)
        size = rng.randint(0, rules.players - 1)
        leader = rng.randrange(rules.players)
        trick = [{"seat": (leader + step * n) % rules.players, "card": str(deck[n])} for n in range(size)]
        seat = (leader + step * size) % rules.players
        hand = deck[size:size + rng.randint(1, rules.cards_per_player)]
        out = legal_plays(rules, contract.value, seat, trick, [str(c) for c in hand])
        assert out.legal and out.explanation
        assert list(out.legal) == [c for c in hand if c in out.legal]
        if trick:
            led = Card.parse(str(trick[0]["card"]), sixes=True).suit
            if any(c.suit is led for c in hand) and not any("Bare Yuss" in line for line in out.explanation):
                assert all(c.suit is led for c in out.legal), (trick, hand, out)


# ---------------------------------------------------------------------------------------------------------------
# Input checks: every problem named with its field


def test_cards_that_are_not_cards() -> None:
    """API.md Referee: "Cards are written rank then suit: ranks `7 8 9 10 J Q K A`, suits `C D H S`"."""
    found = problems("bela", "spades", 1, [{"seat": 0, "card": "1H"}], ["7S", "XX", 9])
    assert set(found) == {"trick.0.card", "hand.1", "hand.2"}
    assert "rank then suit" in found["hand.1"]


def test_lowercase_cards_are_read() -> None:
    """API.md Referee: cards such as `10H`, `JS`, `AC` (read as written at the table, in either case)."""
    assert legal("bela", "spades", 1, [(0, "ah")], ["7s", "kd", "9S"]) == ["7S", "9S"]


def test_a_card_in_both_the_hand_and_the_trick() -> None:
    """A pack has one of each card: a card already played to the trick cannot still be in the hand."""
    found = problems("bela", "spades", 1, [{"seat": 0, "card": "AH"}], ["7S", "AH"])
    assert set(found) == {"hand.1"}
    assert "already played to this trick by seat 0" in found["hand.1"]


def test_the_seats_named_by_the_table() -> None:
    """Given the seats' names (the referee page), the problems name the players; without them (the API), the
    seats are numbered."""
    rules = make_rules("belote")
    trick = [{"seat": 0, "card": "AH"}, {"seat": 2, "card": "KH"}]
    with pytest.raises(RuleError) as info:
        legal_plays(rules, "spades", 0, trick, ["7S", "KH"], seats=["Ana", "Ivo", "Marta", "Luka"])
    found = {p.field: p.message for p in info.value.problems}
    assert found == {
        "trick.1.seat": "Marta cannot play after Ana: play goes to the right, so Luka is next",
        "seat": "Ana does not play next: after Marta (to the right) comes Ivo",
        "hand.1": "the KH was already played to this trick by Marta: it cannot still be in the hand",
    }
    unnamed = problems("belote", "spades", 0, trick, ["7S", "KH"])
    assert unnamed["trick.1.seat"] == "seat 2 cannot play after seat 0: play goes to the right, so seat 3 is next"
    assert unnamed["seat"] == "seat 0 does not play next: after seat 2 (to the right) comes seat 1"


def test_a_card_twice() -> None:
    """A pack has one of each card: not twice in a hand, not twice in a trick."""
    assert set(problems("bela", "spades", 1, [{"seat": 0, "card": "AH"}], ["7S", "7S"])) == {"hand.1"}
    found = problems("clobby", "spades", 2, [{"seat": 0, "card": "AH"}, {"seat": 1, "card": "AH"}], ["7S"])
    assert set(found) == {"trick.1.card"}


def test_a_trick_too_long() -> None:
    """RULES.md §1: two- and three-handed games and four-handed ones: a trick has one card per player, so at most
    players − 1 are on the table before the last one plays."""
    found = problems("bela", "spades", 0, [{"seat": 0, "card": "AH"}, {"seat": 1, "card": "KH"}], ["7S"])
    assert "trick" in found
    assert "at most 1" in found["trick"]


def test_seats_must_exist_and_play_in_turn() -> None:
    """RULES.md §8: "Three-handed: deal passes clockwise." - seats are 0 to players − 1 and play in turn."""
    assert set(problems("bela-3", "spades", 5, [], ["7S"])) == {"seat"}
    assert set(problems("bela-3", "spades", 1, [{"seat": 3, "card": "AH"}], ["7S"])) == {"trick.0.seat"}
    found = problems("clobby", "spades", 3, [{"seat": 0, "card": "AH"}, {"seat": 2, "card": "KH"}], ["7S"])
    assert set(found) == {"trick.1.seat"}
    assert "seat 1 is next" in found["trick.1.seat"]
    found = problems("bela-3", "spades", 0, [{"seat": 1, "card": "AH"}], ["7S"])
    assert set(found) == {"seat"}
    assert "comes seat 2" in found["seat"]
    assert "seat" in problems("bela", "spades", True, [], ["7S"])


def test_contract_must_be_one_of_the_game() -> None:
    """RULES.md §7 (Belote) and API.md `contract`: `clubs|diamonds|hearts|spades|no-trumps|all-trumps` - Bela has
    only the suit contracts, and the referee needs the contract to know the trumps."""
    assert set(problems("bela", "no-trumps", 1, [], ["7S"])) == {"contract"}
    assert set(problems("bela", None, 1, [], ["7S"])) == {"contract"}
    assert legal("belote", "all-trumps", 0, [], ["7S"]) == ["7S"]


def test_hand_must_be_a_list_of_held_cards() -> None:
    """RULES.md §1 / Rules.cards_per_player: 9 cards in two- and three-handed games, 8 in four-handed ones."""
    assert set(problems("bela", "spades", 1, [], [])) == {"hand"}
    assert set(problems("bela", "spades", 1, [], "7S")) == {"hand"}
    nine = [str(c) for c in FULL_DECK[:9]]
    assert legal("bela", "spades", 0, [], nine) == nine
    assert set(problems("belote", "spades", 1, [], nine)) == {"hand"}


def test_trick_entries_must_be_seat_and_card() -> None:
    """API.md Referee: `"trick": [{"seat": 0, "card": "AH"}]`."""
    assert set(problems("bela", "spades", 1, "AH", ["7S"])) == {"trick"}
    assert set(problems("bela", "spades", 1, ["AH"], ["7S"])) == {"trick.0"}


def test_every_problem_at_once() -> None:
    """API.md Errors: "422 a hand or match the rules do not allow (each problem named, with its field)." """
    found = problems("bela", "nt", 3, [{"seat": 0, "card": "ZZ"}, {"seat": 1, "card": "AH"}], ["AH", "AH", 5])
    assert set(found) == {"contract", "seat", "trick", "trick.0.card", "hand.0", "hand.1", "hand.2"}


def test_play_options_are_read_from_house_rules() -> None:
    """The Scottish Bela text: the bare Yuss is "acceptable in Scotland" - a house rule, `bare-yuss` (or `bare_yuss`),
    true or false, taken out of the house rules before the scoring options are read."""
    scoring, options = split_play_options({"bare_yuss": False, "target": 300, "scoring-trump-lead": True})
    assert scoring == {"target": 300}
    assert options == PlayOptions(bare_yuss=False, scoring_trump_lead=True)
    assert split_play_options(None) == ({}, PlayOptions())
    with pytest.raises(RuleError) as info:
        split_play_options({"bare-yuss": "yes"})
    assert info.value.field == "bare-yuss"
    with pytest.raises(RuleError) as info:
        split_play_options(["bare-yuss"])
    assert info.value.field == "rules"
