"""The referee's pages: meld contests, a card counter, the legal-play checker and the roem in a Klaverjas trick,
without JavaScript.

Every answer comes from the engine (scorekeeper.rules): the pages only read the form, ask, and show the reply
with each problem beside the field it is about (``forms.show_problems``). With ``?match=<id>`` and this phone's
key for that match, the match's own rules and side names are used. The rules themselves are the rule book's.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm

from .. import services
from ..forms import SUIT_SIGNS, show_problems
from ..forms.choices import CONTRACT_LABELS, CONTRACT_WORDS
from ..forms.referee import (
    LEGAL_FIELDS,
    SEQUENCE_SLOTS,
    SQUARE_SLOTS,
    counter_form,
    legal_form,
    meld_fields,
    meld_form,
    meld_groups,
    pack,
    pack_ranks,
    read_card,
    read_legal_form,
    read_meld_form,
    read_roem_form,
    roem_form,
)
from ..i18n import said
from ..models import Match
from ..rules import PRESETS, PlayOptions, Problem, RuleError, Rules, judge_melds, legal_plays
from ..rules.cards import Card, Contract, Suit
from ..rules.legal import show
from ..rules.referee import count_card_points, decided_by_seat
from ..rules.roem import no_roem, roem
from ..rules.variants import Revoke
from . import phone

bp = Blueprint("referee", __name__)

PLAYERS = (_l("first player"), _l("second player"), _l("third player"), _l("fourth player"))
SIDES = (_l("first side"), _l("second side"))
"""Players and sides said in words when no match names them (never "side 0" or "seat 1"): lazy texts, said in
the language of the request that shows them."""


def _setting() -> tuple[Match | None, Rules, list[str]]:
    """The match of ``?match=`` (403 without this phone's key for it), its rules and side names; without the
    argument, the game of ``variant`` and its sides in words."""
    match_id = request.args.get("match")
    if match_id:
        match, _key = phone.scored_match(match_id)
        rules = services.rules_of(match)
        return match, rules, services.side_names(rules, match.players)
    rules = PRESETS.get(request.values.get("variant", "bela"), PRESETS["bela"])
    return None, rules, _unnamed_sides(rules)


def _unnamed_sides(rules: Rules) -> list[str]:
    """The sides' names without a match, given to the engine in place of its ``side 0``, ``side 1``…:
    "first side" and "second side" for partners, else "first player"… (in the request's language)."""
    words = SIDES if rules.players == 4 else PLAYERS
    return [str(words[i]) for i in range(rules.sides)]


def _seat_names(rules: Rules, match: Match | None) -> list[str]:
    """Each seat's name in play order: the match's players, else "first player" … (with its side in four-handed);
    given to the engine, which names the seats with them in its problems."""
    if match is not None:
        return list(match.players)
    if rules.players == 4:
        # Translators: a seat without a name in four-handed play: "first player (first side)".
        return [_("%(player)s (%(side)s)", player=PLAYERS[i], side=SIDES[rules.side_of(i)])
                for i in range(rules.players)]
    return [str(PLAYERS[i]) for i in range(rules.players)]


def _formdata() -> Any:
    return request.form if request.method == "POST" else None


# ------------------------------------------------------------------------------------------------ melds


@bp.route("/referee/melds", methods=["GET", "POST"])
def melds() -> Any:
    """Each side's declarations in (each player's, where the player nearer to forehand settles a tie: bela-4,
    Schieber); who scores what, and why, out."""
    match, rules, names = _setting()
    by_seat = decided_by_seat(rules)
    entries = _seat_names(rules, match) if by_seat else names
    form = meld_form(rules, entries, _formdata())
    errors: dict[str, list[str]] = {}
    answer: dict[str, Any] | None = None
    if request.method == "POST":
        body: dict[str, Any] = {}
        problems: list[Problem] = []
        if form.validate_on_submit():
            body, problems = read_meld_form(form, rules, entries)
            if not problems:
                bela = [0] * rules.sides
                for i, held in enumerate(body["bela"]):
                    bela[rules.side_of(i) if by_seat else i] += int(held)
                try:
                    judged = judge_melds(rules, body["contract"], body["forehand"],
                                         None if by_seat else body["declarations"], names, bela=bela,
                                         seats=body["declarations"] if by_seat else None,
                                         seat_names=entries if by_seat else None)
                except RuleError as error:
                    problems = list(error.problems)
                else:
                    answer = {"scores": list(judged.scores), "explanation": list(judged.explanation)}
        errors = show_problems(form, problems, meld_fields(entries), groups=meld_groups(entries))
    return render_template("referee/melds.html", match=match, rules=rules, names=names, entries=entries,
                           by_seat=by_seat, form=form, errors=errors, answer=answer, presets=PRESETS,
                           sequence_slots=SEQUENCE_SLOTS, square_slots=SQUARE_SLOTS,
                           undenufe=Contract.BOTTOM_UP in rules.contracts,
                           natural=" ".join(said(rank.short) for rank in reversed(pack_ranks(rules))),
                           roem=rules.roem), (422 if errors else 200)


# ------------------------------------------------------------------------------------------------ card counter


def _suit_rows(rules: Rules) -> list[tuple[Suit, list[Card]]]:
    """The counter's grid: a row per suit, its cards high to low (the sixes too in Jass's 36 cards)."""
    return [(suit, [Card(rank, suit) for rank in reversed(pack_ranks(rules))]) for suit in Suit]


def _contract_tables(rules: Rules) -> list[tuple[Contract, list[tuple[str, int]]]]:
    """Each of the game's contracts with card values of its own (Jass's Obenabe and Undenufe): its ranks that
    count, highest value first, with their card points (the engine's, ``rules.cards``)."""
    tables = []
    for contract in rules.contracts:
        own = rules.cards.contract_points.get(contract)
        if own:
            ranks = sorted((rank for rank in pack_ranks(rules) if own[rank]), key=lambda rank: -own[rank])
            tables.append((contract, [(rank.value, own[rank]) for rank in ranks]))
    return tables


@bp.route("/referee/cards", methods=["GET", "POST"])
def cards() -> Any:
    """Tick the cards a side took, choose the trumps: the card points, counted by the engine with the game's
    card values (the Czech games count the queen of trumps 20)."""
    match, rules, names = _setting()
    sides = names[:2]  # the counter's two grids: the first two sides (the match's, else "first …", "second …")
    form = counter_form(rules, sides, _formdata())
    errors: dict[str, list[str]] = {}
    answer: dict[str, Any] | None = None
    if request.method == "POST":
        if not form.validate_on_submit():
            errors = show_problems(form)
            for name in ("cards-0", "cards-1"):
                if name in errors:
                    errors[name] = [_("that is not a card of the 36-card pack: tick the cards in the grid")
                                    if len(pack(rules)) == 36 else
                                    _("that is not a card of the 32-card pack: tick the cards in the grid")]
        else:
            contract = Contract(form.data["contract"] or "hearts")
            taken = [[read_card(c, rules) for c in form.data[f"cards-{i}"] or []] for i in range(2)]
            both = set(taken[0]) & set(taken[1])
            problems = []
            if both:
                twice = ", ".join(show(c) for c in sorted(both, key=pack(rules).index))
                # Translators: %(cards)s lists the cards, such as "10♥, A♠".
                problems.append(Problem("cards-1", _("a card cannot be in both sides' tricks: %(cards)s", cards=twice)))
            if not taken[0]:
                problems.append(Problem("cards-0", _("tick the cards the side took")))
            errors = show_problems(form, problems)
            if not errors:
                four = form.data["deal"] == "4"
                count = count_card_points(contract, taken, four, rules.cards)
                answer = {"contract": contract, "deck": count.deck, "points": list(count.points),
                          "counts": [len(t) for t in taken], "four": four, "second": bool(taken[1])}
                if four:
                    answer["other"] = count.other
                    answer["adds_up"] = count.adds_up is not False
    return render_template("referee/cards.html", match=match, rules=rules, names=names, sides=sides, form=form,
                           errors=errors, answer=answer, rows=_suit_rows(rules), signs=SUIT_SIGNS,
                           suit_words=CONTRACT_WORDS, last_trick=rules.last_trick, presets=PRESETS,
                           card_table=rules.cards.table(), contract_tables=_contract_tables(rules),
                           contract_labels=CONTRACT_LABELS), (422 if errors else 200)


# ------------------------------------------------------------------------------------------------ legal plays


@bp.route("/referee/legal-plays", methods=["GET", "POST"])
def legal() -> Any:
    """The trick so far and the accused's hand in; which cards were legal, and why, out."""
    match, rules, names = _setting()
    seats = _seat_names(rules, match)
    form = legal_form(rules, names, seats, _formdata())
    errors: dict[str, list[str]] = {}
    answer: dict[str, Any] | None = None
    if request.method == "POST":
        if not form.validate_on_submit():
            errors = show_problems(form)
        else:
            answer, errors = _judge_play(form, rules, match, seats)
    return render_template("referee/legal.html", match=match, rules=rules, names=names, seats=seats, form=form,
                           errors=errors, answer=answer, presets=PRESETS), (422 if errors else 200)


def _judge_play(form: FlaskForm, rules: Rules, match: Match | None, seats: list[str],
                ) -> tuple[dict[str, Any] | None, dict[str, list[str]]]:
    """The engine's ruling on the form's question, and the problems beside their fields: what the form could not
    read first, then the engine's about any other field (the engine names the seats ``seats``)."""
    question, problems = read_legal_form(form, rules)
    errors = show_problems(form, problems, LEGAL_FIELDS, groups=("trick",))
    try:
        found = legal_plays(rules, question["contract"], question["seat"], question["trick"],
                            question["hand"] or None, PlayOptions(bare_yuss=question["bare_yuss"]), seats)
    except RuleError as error:
        ruled = show_problems(form, list(error.problems), LEGAL_FIELDS, groups=("trick",))
        return None, {**ruled, **errors}
    if errors:
        return None, errors
    held = [read_card(c, rules) for c in question["hand"]]
    played: Card | None = question["played"]
    if played is not None and played not in held:
        # Translators: %(card)s is a card, such as 10♥.
        problem = Problem("played", _("the %(card)s is not among the cards held: add it to the hand",
                                      card=show(played)))
        return None, show_problems(form, [problem])
    seat = question["seat"]
    accused = rules.side_of(seat)
    answer: dict[str, Any] = {"legal": [show(c) for c in found.legal], "explanation": list(found.explanation),
                              "held": [(show(c), c in found.legal) for c in held], "seat": seat, "accused": accused,
                              "played": show(played) if played else None,
                              "revoke": played is not None and played not in found.legal}
    if match is not None and played is not None and rules.revoke is not Revoke.NONE:
        challenger = question["challenger"]
        others = [s for s in range(rules.sides) if s != accused]
        if challenger in (None, "") and len(others) == 1:
            challenger = str(others[0])
        args = {"revoke-accused": str(accused), "revoke-upheld": "yes" if answer["revoke"] else "no"}
        if challenger not in (None, "") and int(challenger) != accused:
            args["revoke-accuser"] = str(challenger)
        answer["record"] = args
        answer["record_url"] = url_for("scorer.new_hand", match_id=match.id)
    return answer, errors


# ------------------------------------------------------------------------------------------------ roem


@bp.route("/referee/roem", methods=["GET", "POST"])
def roem_page() -> Any:
    """The trumps and a trick's four cards in; the roem in them, and why, out (Klaverjas: RULES.md §10b)."""
    match, rules, names = _setting()
    if match is None and not rules.roem:
        # No match and a game without roem asked for: the first game that counts it (Klaverjas).
        rules = next((preset for preset in PRESETS.values() if preset.roem), rules)
    form = roem_form(rules, _formdata())
    errors: dict[str, list[str]] = {}
    answer: dict[str, Any] | None = None
    missing = no_roem(rules)
    if missing is not None:
        # A match of a game without roem: the page says so, and asks nothing.
        return render_template("referee/roem.html", match=match, rules=rules, names=names, form=form, errors={},
                               answer=None, no_roem=missing)
    if request.method == "POST":
        if not form.validate_on_submit():
            errors = show_problems(form)
        else:
            question, problems = read_roem_form(form, rules)
            try:
                found = roem(rules, question["contract"], question["trick"])
            except RuleError as error:
                problems = [*problems, *(p for p in error.problems
                                         if not (p.field.startswith("trick.") and question["trick"][int(p.field[6:])]
                                                 == ""))]
            else:
                answer = {"roem": found.points, "explanation": list(found.explanation)}
            if problems:
                answer = None
                errors = show_problems(form, problems, groups=("trick",))
    return render_template("referee/roem.html", match=match, rules=rules, names=names, form=form, errors=errors,
                           answer=answer, no_roem=None), (422 if errors else 200)
