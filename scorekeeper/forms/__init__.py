"""Forms of the pages (WTForms through Flask-WTF, so CSRF is on), and their conversions to and from the API's
bodies. One module per form, the shared parts and the problems-beside-fields helper apart:

- ``problems``     ``show_problems``: WTForms' errors and service/engine problems beside their fields, and
                   the one sentence of an expired form
- ``choices``      choices, suit signs, contract labels, the idempotency key
- ``house_rules``  house rules that differ from a game, encoded for a link, checked by the engine
- ``match``        the start form
- ``hand``         the hand form (and the claim form), read into the API's hand input
- ``clubs``        the club form
- ``referee``      the referee's forms: meld contest, card counter, legal plays
"""

from __future__ import annotations

from ..offline.house_rules import checked_rules, decode_rules, encode_rules, house_overrides
from .choices import CONTRACT_LABELS, CONTRACT_WORDS, SUIT_SIGNS, new_key, options
from .clubs import CLUB_FIELDS, NewClubForm
from .hand import (
    HAND_GROUPS,
    SIDE_ASKS,
    bela_toggle,
    claim_takes_melds,
    counted_with_last_trick,
    form_data_from_hand,
    hand_form,
    hand_from_form,
    in_table_words,
    swiss_pad,
)
from .match import (
    CLAIM_KEYS,
    HOUSE_FIELDS,
    MATCH_FIELDS,
    MATCH_GROUPS,
    MAX_PLAYERS,
    NewMatchForm,
    claim_overrides,
)
from .problems import EXPIRED_FORM, FORM, form_field, problems_text, show_problems

__all__ = [
    "CLAIM_KEYS", "CLUB_FIELDS", "CONTRACT_LABELS", "CONTRACT_WORDS", "EXPIRED_FORM", "FORM",
    "HAND_GROUPS", "HOUSE_FIELDS", "MATCH_FIELDS", "MATCH_GROUPS", "MAX_PLAYERS", "SIDE_ASKS", "SUIT_SIGNS",
    "NewClubForm", "NewMatchForm", "bela_toggle", "checked_rules", "claim_overrides", "claim_takes_melds",
    "counted_with_last_trick", "decode_rules", "encode_rules", "form_data_from_hand", "form_field", "hand_form",
    "hand_from_form", "house_overrides", "in_table_words", "new_key", "options", "problems_text", "show_problems",
    "swiss_pad",
]
