"""The scoring engine: every game of RULES.md, scored and explained. Standard library only.

Typical use::

    rules = make_rules("bela", {"target": 500})
    state = replay(rules, [{"taker": 0, "card_points": [65, 60], "last_trick": 0}], names=["Mike", "Yvonne"])
    state.totals  # (75, 60)
"""

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from .cards import CZECH, JASS, SUIT_SIGNS, Card, CardValues, Contract, Rank, Suit, deck_card_points
from .errors import MatchFinished, Problem, RuleError
from .hand import Claim, ClaimParts, HandInput, RevokeChallenge, read_declarations, read_hand
from .legal import LegalPlays, Played, PlayOptions, family_of, legal_plays, split_play_options
from .match import ENGINE_VERSION, GameRecord, HandRecord, MatchState, Replayer, ScoredHand, check_next, replay
from .melds import MeldContest, Sequence, Square, contest
from .referee import judge_melds
from .scoring import HandResult, Position, Result, hand_points, leader_seat, score_hand, tens_pair
from .variants import CHOICES, OPTION_NAMES, PRESETS, Family, Rules, ThanksKind, find_variant, make_rules

KINDS: Mapping[str, type[StrEnum]] = MappingProxyType({
    **CHOICES, **{kind.__name__: kind for kind in (Rank, Result, ThanksKind)}})
"""Every kind a page compares a value with, by its class's name: a game's choices (``CHOICES``), a card's rank, a
hand's result and a bedanken's kinds of points. In every page's globals, online and on the phone, so a page writes
``done.hand.result == Result.THROWN_IN``, never ``== "thrown-in"``: a value renamed in the engine fails loudly."""

__all__ = [
    "CHOICES", "ENGINE_VERSION", "CZECH", "JASS", "KINDS", "OPTION_NAMES", "PRESETS", "SUIT_SIGNS",
    "Card", "CardValues", "Claim", "ClaimParts", "Contract", "Family", "GameRecord", "HandInput", "HandRecord",
    "HandResult", "LegalPlays", "MatchFinished", "MatchState", "MeldContest", "PlayOptions", "Played", "Position",
    "Problem", "Rank", "Replayer", "Result", "RevokeChallenge", "RuleError", "Rules", "ScoredHand", "Sequence",
    "Square", "Suit", "ThanksKind",
    "check_next", "contest", "deck_card_points", "family_of", "find_variant", "hand_points", "judge_melds",
    "leader_seat", "legal_plays", "make_rules", "read_declarations", "read_hand", "replay", "score_hand",
    "split_play_options", "tens_pair",
]
