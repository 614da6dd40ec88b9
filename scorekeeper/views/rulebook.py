"""The rule book's pages: every game's rules, and a match's house rules (for its scorer and for the board's
watchers), all made from the engine's own ``Rules`` value; and the house rules in words for other pages."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from .. import services
from ..forms import CONTRACT_LABELS, checked_rules, encode_rules, house_overrides
from ..forms.referee import FOUR_OF
from ..i18n import said, speak_for_page
from ..models import Match
from ..qr import qr_svg
from ..rules import PRESETS, Rules
from ..rules.cards import Contract, Rank
from ..rules.describe import describe_rules
from ..rules.match import STROKES_BERG, STROKES_KONTERMATCH, STROKES_MATCH, STROKES_SCHNEIDER, STROKES_WIN
from ..rules.melds import value_word
from . import phone
from .links import public_url

bp = Blueprint("rulebook", __name__)


def named_house_rules(rules: Rules, names: list[str]) -> list[str]:
    """The house rules in words, the sides by their names ("Ann & Cat against Bob & Dan"), not seat numbers: the
    engine's lines (``Said``, for the page to say), the first one in four-handed play said here in the request's
    language."""
    lines = list(describe_rules(rules))
    if rules.players == 4 and len(names) == 2:
        # Translators: the first house rule of a four-handed match; %(game)s is the game's name (Belote …),
        # %(first)s and %(second)s the two sides' names ("Ann & Cat").
        lines[0] = _("%(game)s: 4 players, two sides of partners sitting opposite: %(first)s against %(second)s.",
                     game=said(rules.title), first=names[0], second=names[1])
    return lines


def changed_rule_lines(variant: str, overrides: dict[str, Any]) -> list[str]:
    """The house rules ``overrides`` change, in the rule book's words: the lines that differ from the game's."""
    rules = checked_rules(variant, overrides) if overrides else None
    if rules is None:
        return []
    plain = set(describe_rules(PRESETS[variant]))
    return [line for line in describe_rules(rules) if line not in plain]


def rules_link(match: Match) -> str:
    """The start page with exactly this match's game and house rules (no players): a table's rules to take along."""
    overrides = house_overrides(match.variant, match.rules)
    return url_for("scorer.start", variant=match.variant, rules=encode_rules(overrides) if overrides else None)


def _meld_label(key: str) -> str:
    """``Sequence of 3 cards``, ``Four jacks``: a meld key of the Rules in words, in the request's language."""
    kind, _dash, size = key.partition("-")
    if kind == "sequence":
        return ngettext("Sequence of %(num)s card", "Sequence of %(num)s cards", int(size))
    square = str(FOUR_OF[Rank(size)])
    return square[:1].upper() + square[1:]


def _rules_page(rules: Rules, heading: str, match: Match | None = None, back: str | None = None) -> str:
    values = rules.cards
    house = list(describe_rules(rules))
    start_link = start_qr = None
    if match is not None:
        house = named_house_rules(rules, services.side_names(rules, match.players))
        start_link = public_url(rules_link(match))
        start_qr = qr_svg(start_link, _("QR code of a link that starts a match with these house rules"))
    # The whole deck's card points with each kind of trumps: a suit (hearts stands for any), no trumps, all trumps.
    decks = [("suit" if c.is_suit else c.value, rules.deck(c))
             for c in (Contract.HEARTS, *(c for c in rules.contracts if not c.is_suit))]
    orders = {"trumps": " ".join(r.value for r in reversed(values.trump_order)),
              "plain": " ".join(r.value for r in reversed(values.plain_order))}
    # Contracts with card values and an order of their own (Jass's Obenabe and Undenufe): a column each, and
    # their order from the highest card.
    own = [c for c in rules.contracts if c in values.contract_points]
    card_table = [(rank, trump, plain, [values.contract_points[c][rank] for c in own])
                  for rank, trump, plain in values.table()]
    own_orders = [(c, " ".join(r.value for r in reversed(values.contract_orders[c]))) for c in own
                  if c in values.contract_orders]
    melds = [(key, value, said(value_word(value)), _meld_label(key)) for key, value in rules.meld_values.items()]
    # Jass: what each contract multiplies a hand by, and a game's strokes (the engine's values).
    multipliers = [(c, rules.multiplier(c)) for c in rules.contracts] if rules.multipliers or rules.strokes else []
    strokes = {"win": STROKES_WIN, "berg": STROKES_BERG, "match": STROKES_MATCH, "kontermatch": STROKES_KONTERMATCH,
               "schneider": STROKES_SCHNEIDER} if rules.strokes else None
    return render_template("rulebook/variant.html", rules=rules, heading=heading, match=match, back=back,
                           card_table=card_table, own_contracts=own, own_orders=own_orders, orders=orders,
                           decks=decks, melds=melds, last_trick=rules.last_trick, house_rules=house,
                           contract_labels=CONTRACT_LABELS, multipliers=multipliers, strokes=strokes,
                           start_link=start_link, start_qr=start_qr)


@bp.get("/rules")
def rules_index() -> Any:
    """The presets, each a link to its rules."""
    return render_template("rulebook/index.html", presets=PRESETS)


@bp.get("/rules/<variant>")
def variant_rules(variant: str) -> Any:
    """A preset's rules, made from the engine's own Rules value."""
    rules = PRESETS.get(variant)
    if rules is None:
        abort(404)
    return _rules_page(rules, said(rules.title), back=url_for("rulebook.rules_index"))


@bp.get("/m/<match_id>/rules")
def match_rules(match_id: str) -> Any:
    """This match's house rules, from its stored options: the same value the scoring uses."""
    match, _key = phone.scored_match(match_id)
    return _rules_page(services.rules_of(match), _("House rules of this match"), match,
                       back=url_for("scorer.sheet", match_id=match_id))


@bp.get("/board/<view_token>/rules")
def board_rules(view_token: str) -> Any:
    """The house rules for watchers of the board."""
    match = services.find_board(view_token)
    speak_for_page(services.screen_language(match.language, match.club_id))
    return _rules_page(services.rules_of(match), _("House rules of this match"), match,
                       back=url_for("board.board", view_token=view_token))
