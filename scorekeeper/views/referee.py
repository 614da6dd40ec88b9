"""The referee's pages: meld contests, a card counter, the legal-play checker and the rules, without JavaScript.

Every answer comes from the engine (scorekeeper.rules): the pages only read the form, ask, and show the reply
with each problem beside the field it is about. With ``?match=<id>`` and this phone's key for that match, the
match's own rules and side names are used.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField, SelectMultipleField, StringField
from wtforms.validators import Length, Optional

from .. import services
from ..forms import CONTRACT_LABELS, SUIT_SIGNS, options
from ..models import Match
from ..qr import qr_svg
from ..rules import PRESETS, PlayOptions, Problem, RuleError, Rules, judge_melds, legal_plays
from ..rules.cards import FULL_DECK, LAST_TRICK, NATURAL_ORDER, Card, Contract, Rank, Suit
from ..rules.describe import describe_rules
from ..rules.hand import read_declarations
from ..rules.legal import show
from ..rules.melds import value_word
from ..rules.referee import count_card_points
from ..rules.variants import Revoke
from . import phone
from .board import named_house_rules, rules_link
from .links import public_url

bp = Blueprint("referee", __name__)

SEQUENCE_SLOTS = 2
"""Sequences each side may enter on the meld page."""
SQUARE_SLOTS = 1
"""Squares each side may enter on the meld page."""
_CARD_SPLIT = re.compile(r"[\s,;]+")


def _match_of(match_id: str | None) -> Match | None:
    """The match of ``?match=`` when this phone has its key; None without the argument; 403 without the key."""
    if not match_id:
        return None
    match = services.find_match(match_id)
    if phone.scoring_key(match) is None:
        abort(403)
    return match


def _setting() -> tuple[Match | None, Rules, list[str]]:
    """The match (if any), the rules and the side names the page works with."""
    match = _match_of(request.args.get("match"))
    if match is not None:
        rules = services.rules_of(match)
        return match, rules, services.side_names(rules, match.players)
    variant = request.values.get("variant", "bela")
    rules = PRESETS.get(variant, PRESETS["bela"])
    return None, rules, _unnamed_sides(rules)


ORDINALS = ("first", "second", "third", "fourth")
"""Seats and sides said in words when no match names them (never "side 0" or "seat 1")."""


def _unnamed_sides(rules: Rules) -> list[str]:
    """The sides' names without a match, given to the engine in place of its ``side 0``, ``side 1``…:
    "first side" and "second side" for partners, else "first player"…"""
    kind = "side" if rules.players == 4 else "player"
    return [f"{ORDINALS[i]} {kind}" for i in range(rules.sides)]


def _seat_names(rules: Rules, match: Match | None) -> list[str]:
    """Each seat's name in play order: the match's players, else "first player" … (with its side in four-handed)."""
    if match is not None:
        return list(match.players)
    if rules.players == 4:
        return [f"{ORDINALS[i]} player ({ORDINALS[rules.side_of(i)]} side)" for i in range(rules.players)]
    return [f"{ORDINALS[i]} player" for i in range(rules.players)]


_SEAT_NUMBER = re.compile(r"\bseat (\d+)\b")


def _seat_words(message: str, seats: list[str]) -> str:
    """An engine message with its seat numbers (counted from 0) said as the seats' names."""
    return _SEAT_NUMBER.sub(lambda m: seats[int(m.group(1))] if int(m.group(1)) < len(seats) else m.group(0),
                            message)


def _csrf_errors(form: FlaskForm) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for name, messages in form.errors.items():
        if name == "csrf_token":
            errors.setdefault("_form", []).append("This page was open too long or came from elsewhere: "
                                                  "check the entries and ask again.")
        else:
            errors[name] = list(messages)
    return errors


def _add(errors: dict[str, list[str]], name: str, message: str) -> None:
    errors.setdefault(name, []).append(message)


def _make_form(fields: dict[str, Field], data: dict[str, Any] | None = None) -> FlaskForm:
    form_class = type("RefereeForm", (FlaskForm,), fields)
    form: FlaskForm = form_class(formdata=request.form if request.method == "POST" else None, data=data or {})
    return form


def _variant_field(rules: Rules) -> HiddenField:
    return HiddenField(default=rules.variant)


# ------------------------------------------------------------------------------------------------ melds


def _meld_form(rules: Rules, names: list[str]) -> FlaskForm:
    fields: dict[str, Field] = {"variant": _variant_field(rules)}
    fields["contract"] = RadioField("Trumps (the contract)", validators=[Optional()], choices=options(
        [(c.value, CONTRACT_LABELS[c.value]) for c in rules.contracts]))
    fields["forehand"] = RadioField("Forehand (leads to the first trick)", validators=[Optional()],
                                    choices=options([(str(i), n) for i, n in enumerate(names)]))
    lengths = options([("", "—"), *((str(n), f"{n} cards") for n in range(3, 9))])
    tops = options([("", "—"), *((r.value, r.word) for r in reversed(NATURAL_ORDER))])
    suits = options([("", "—"), *((s.value, f"{SUIT_SIGNS[s.value]} {s.value}") for s in Suit)])
    ranks = options([("", "—"), *((r.value, f"four {r.word}s") for r in reversed(NATURAL_ORDER))])
    for i, name in enumerate(names):
        for j in range(SEQUENCE_SLOTS):
            fields[f"seq-{i}-{j}-length"] = SelectField(f"{name}: sequence {j + 1}, length", choices=lengths,
                                                        validators=[Optional()])
            fields[f"seq-{i}-{j}-top"] = SelectField(f"{name}: sequence {j + 1}, top card", choices=tops,
                                                     validators=[Optional()])
            fields[f"seq-{i}-{j}-suit"] = SelectField(f"{name}: sequence {j + 1}, suit", choices=suits,
                                                      validators=[Optional()])
        for j in range(SQUARE_SLOTS):
            fields[f"square-{i}-{j}"] = SelectField(f"{name}: square", choices=ranks, validators=[Optional()])
        fields[f"bela-{i}"] = BooleanField(f"{name} holds {rules.bela_word} (K and Q of trumps)")
    return _make_form(fields)


def _read_meld_form(form: FlaskForm, rules: Rules, names: list[str]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The declarations per side, and the problems of each slot found by the engine's own reader."""
    get = form.data.get
    errors: dict[str, list[str]] = {}
    contract = get("contract") or None
    if contract is None:
        _add(errors, "contract", "choose the trumps: they decide which sequence is higher")
    forehand = get("forehand")
    if forehand in (None, "", "None"):
        _add(errors, "forehand", "choose forehand: equal sequences may go to the side that leads")
    declarations: list[list[dict[str, Any]]] = [[] for _ in names]
    for i in range(len(names)):
        slots: list[tuple[str, dict[str, Any]]] = []
        for j in range(SEQUENCE_SLOTS):
            parts = [get(f"seq-{i}-{j}-{p}") or "" for p in ("length", "top", "suit")]
            if any(parts) and not all(parts):
                _add(errors, f"seq-{i}-{j}", "give the sequence's length, top card and suit")
            elif all(parts):
                slots.append((f"seq-{i}-{j}", {"kind": "sequence", "length": int(parts[0]), "top": parts[1],
                                               "suit": parts[2]}))
        for j in range(SQUARE_SLOTS):
            if get(f"square-{i}-{j}"):
                slots.append((f"square-{i}-{j}", {"kind": "square", "rank": get(f"square-{i}-{j}")}))
        for field, declaration in slots:
            alone = [[declaration] if k == i else [] for k in range(len(names))]
            try:
                read_declarations(rules, alone, None, names)
            except RuleError as error:
                for problem in error.problems:
                    _add(errors, field, problem.message)
                continue
            declarations[i].append(declaration)
    bela = [bool(get(f"bela-{i}")) for i in range(len(names))]  # the engine checks what the contract allows
    body = {"contract": contract, "forehand": int(forehand) if str(forehand).isdigit() else None,
            "declarations": declarations, "bela": bela}
    return body, errors


@bp.route("/referee/melds", methods=["GET", "POST"])
def melds() -> Any:
    """Each side's declarations in; who scores what, and why, out."""
    match, rules, names = _setting()
    form = _meld_form(rules, names)
    errors: dict[str, list[str]] = {}
    answer: dict[str, Any] | None = None
    if request.method == "POST":
        if not form.validate_on_submit():
            errors = _csrf_errors(form)
        else:
            body, errors = _read_meld_form(form, rules, names)
            if not errors:
                try:
                    judged = judge_melds(rules, body["contract"], body["forehand"], body["declarations"], names,
                                         bela=[int(b) for b in body["bela"]])
                except RuleError as error:
                    for problem in error.problems:
                        field = problem.field.replace("declarations.", "declarations-")
                        _add(errors, field if field in ("contract", "forehand", "bela") or "-" in field else "_form",
                             problem.message)
                else:
                    answer = {"scores": list(judged.scores), "explanation": list(judged.explanation)}
    return render_template("referee/melds.html", match=match, rules=rules, names=names, form=form, errors=errors,
                           answer=answer, presets=PRESETS, sequence_slots=SEQUENCE_SLOTS,
                           square_slots=SQUARE_SLOTS), (422 if errors else 200)


# ------------------------------------------------------------------------------------------------ card counter


_CARD_CHOICES = options((str(c), str(c)) for c in FULL_DECK)


def _counter_form(rules: Rules, sides: list[str]) -> FlaskForm:
    fields: dict[str, Field] = {
        "variant": _variant_field(rules),
        "contract": RadioField("Trumps", validators=[Optional()], default="hearts",
                               choices=options([(c.value, CONTRACT_LABELS[c.value]) for c in Contract])),
        "deal": RadioField("Players", validators=[Optional()], default="4" if rules.full_deck else "2",
                           choices=options([("4", "four-handed: every card is played"),
                                            ("2", "two- or three-handed")])),
    }
    for i, side in enumerate(sides):
        fields[f"cards-{i}"] = SelectMultipleField(f"Cards {side} took", choices=_CARD_CHOICES,
                                                   validators=[Optional()])
    return _make_form(fields)


def _counter_sides(match: Match | None, names: list[str]) -> list[str]:
    """Whose cards the counter's two grids are: the first two sides (the match's, else "first …", "second …")."""
    return names[:2]


def _suit_rows() -> list[tuple[Suit, list[Card]]]:
    return [(suit, [Card(rank, suit) for rank in reversed(NATURAL_ORDER)]) for suit in Suit]


@bp.route("/referee/cards", methods=["GET", "POST"])
def cards() -> Any:
    """Tick the cards a side took, choose the trumps: the card points, counted by the engine with the game's
    card values (the Czech games count the queen of trumps 20)."""
    match, rules, names = _setting()
    sides = _counter_sides(match, names)
    form = _counter_form(rules, sides)
    errors: dict[str, list[str]] = {}
    answer: dict[str, Any] | None = None
    if request.method == "POST":
        if not form.validate_on_submit():
            errors = _csrf_errors(form)
            for name in ("cards-0", "cards-1"):
                if name in errors:
                    errors[name] = ["that is not a card of the 32-card pack: tick the cards in the grid"]
        else:
            contract = Contract(form.data["contract"] or "hearts")
            taken = [[Card.parse(c) for c in form.data[f"cards-{i}"] or []] for i in range(2)]
            both = set(taken[0]) & set(taken[1])
            if both:
                _add(errors, "cards-1", "a card cannot be in both sides' tricks: "
                     + ", ".join(show(c) for c in sorted(both, key=FULL_DECK.index)))
            if not taken[0]:
                _add(errors, "cards-0", "tick the cards the side took")
            if not errors:
                four = form.data["deal"] == "4"
                count = count_card_points(contract, taken, four, rules.cards)
                answer = {"contract": contract, "deck": count.deck, "points": list(count.points),
                          "counts": [len(t) for t in taken], "four": four, "second": bool(taken[1])}
                if four:
                    answer["other"] = count.other
                    answer["adds_up"] = count.adds_up is not False
    return render_template("referee/cards.html", match=match, rules=rules, names=names, sides=sides, form=form,
                           errors=errors, answer=answer, rows=_suit_rows(), signs=SUIT_SIGNS, last_trick=LAST_TRICK,
                           presets=PRESETS, card_table=rules.cards.table()), (422 if errors else 200)


# ------------------------------------------------------------------------------------------------ legal plays


def _legal_form(rules: Rules, names: list[str], seats: list[str]) -> FlaskForm:
    seat_choices = [(str(i), s) for i, s in enumerate(seats)]
    fields: dict[str, Field] = {"variant": _variant_field(rules)}
    fields["contract"] = RadioField("Trumps (the contract)", validators=[Optional()], choices=options(
        [(c.value, CONTRACT_LABELS[c.value]) for c in rules.contracts]))
    for n in range(rules.players - 1):
        fields[f"trick-{n}-seat"] = SelectField(f"Card {n + 1} of the trick: played by", validators=[Optional()],
                                                choices=options([("", "—"), *seat_choices]))
        fields[f"trick-{n}-card"] = StringField(f"Card {n + 1} of the trick", validators=[Optional(), Length(max=4)])
    fields["seat"] = SelectField("The accused player", validators=[Optional()],
                                 choices=options([("", "—"), *seat_choices]))
    fields["hand"] = StringField("The cards the accused held", validators=[Optional(), Length(max=80)])
    fields["played"] = StringField("The card the accused played (optional)", validators=[Optional(), Length(max=4)])
    top = rules.cards.top_trump
    fields["bare_yuss"] = SelectField(f"Bare {'Yuss' if top is Rank.JACK else 'jasek'} ({top.word} of trumps alone)",
                                      validators=[Optional()], choices=options(
        [("", "as the game says"), ("yes", "may be withheld"), ("no", "must be played")]))
    fields["challenger"] = SelectField("Who challenged", validators=[Optional()],
                                       choices=options([("", "—"), *((str(i), n) for i, n in enumerate(names))]))
    return _make_form(fields)


def _card_text(text: str) -> list[str]:
    return [t for t in _CARD_SPLIT.split(text.strip()) if t]


@bp.route("/referee/legal-plays", methods=["GET", "POST"])
def legal() -> Any:
    """The trick so far and the accused's hand in; which cards were legal, and why, out."""
    match, rules, names = _setting()
    seats = _seat_names(rules, match)
    form = _legal_form(rules, names, seats)
    errors: dict[str, list[str]] = {}
    answer: dict[str, Any] | None = None
    if request.method == "POST":
        if not form.validate_on_submit():
            errors = _csrf_errors(form)
        else:
            answer, errors = _judge_play(form, rules, names, match)
            errors = {field: [_seat_words(m, seats) for m in messages] for field, messages in errors.items()}
    return render_template("referee/legal.html", match=match, rules=rules, names=names, seats=seats, form=form,
                           errors=errors, answer=answer, presets=PRESETS), (422 if errors else 200)


def _judge_play(form: FlaskForm, rules: Rules, names: list[str], match: Match | None,
                ) -> tuple[dict[str, Any] | None, dict[str, list[str]]]:
    get = form.data.get
    errors: dict[str, list[str]] = {}
    trick: list[dict[str, Any]] = []
    for n in range(rules.players - 1):
        seat, card = get(f"trick-{n}-seat") or "", (get(f"trick-{n}-card") or "").strip()
        if not seat and not card:
            continue
        if not seat:
            _add(errors, f"trick-{n}-seat", "say who played this card")
        if not card:
            _add(errors, f"trick-{n}-card", "write the card, like 10H, JS or AC")
        if len(trick) != n:
            _add(errors, f"trick-{n}-card", "enter the trick's cards in order, from the first")
        if seat and card:
            trick.append({"seat": int(seat), "card": card})
    if not get("seat"):
        _add(errors, "seat", "choose the player whose play is questioned")
    hand_text = _card_text(get("hand") or "")
    if not hand_text:
        _add(errors, "hand", "write the cards the player held, like 7S KD 10H")
    played: Card | None = None
    if (get("played") or "").strip():
        try:
            played = Card.parse(get("played"), "played")
        except RuleError as error:
            errors.setdefault("played", []).extend(p.message for p in error.problems)
    bare = {"yes": True, "no": False}.get(get("bare_yuss") or "")
    seat_text = get("seat") or ""
    try:
        found = legal_plays(rules, get("contract") or None, int(seat_text) if seat_text.isdigit() else None,
                            trick, hand_text or None, PlayOptions(bare_yuss=bare))
    except RuleError as error:
        mine = set(errors)
        for problem in error.problems:
            field = _legal_field(problem)
            if field not in mine:
                _add(errors, field, problem.message)
        return None, errors
    if errors:
        return None, errors
    held = [Card.parse(c) for c in hand_text]
    if played is not None and played not in held:
        _add(errors, "played", f"the {show(played)} is not among the cards held: add it to the hand")
        return None, errors
    seat = int(get("seat"))
    accused = rules.side_of(seat)
    answer: dict[str, Any] = {"legal": [show(c) for c in found.legal], "explanation": list(found.explanation),
                              "held": [(show(c), c in found.legal) for c in held], "seat": seat, "accused": accused,
                              "played": show(played) if played else None,
                              "revoke": played is not None and played not in found.legal}
    if match is not None and played is not None and rules.revoke is not Revoke.NONE:
        challenger = get("challenger")
        others = [s for s in range(rules.sides) if s != accused]
        if challenger in (None, "") and len(others) == 1:
            challenger = str(others[0])
        args = {"revoke-accused": str(accused), "revoke-upheld": "yes" if answer["revoke"] else "no"}
        if challenger not in (None, "") and int(challenger) != accused:
            args["revoke-accuser"] = str(challenger)
        answer["record"] = args
        answer["record_url"] = url_for("scorer.new_hand", match_id=match.id)
    return answer, errors


def _legal_field(problem: Problem) -> str:
    field = problem.field
    if field.startswith("hand"):
        return "hand"
    if field == "trick":
        return "trick"
    return field.replace(".", "-")


# ------------------------------------------------------------------------------------------------ rules


def _rules_page(rules: Rules, heading: str, match: Match | None = None, back: str | None = None) -> str:
    values = rules.cards
    house = list(describe_rules(rules))
    start_link = start_qr = None
    if match is not None:
        house = named_house_rules(rules, services.side_names(rules, match.players))
        start_link = public_url(rules_link(match))
        start_qr = qr_svg(start_link, "QR code of a link that starts a match with these house rules")
    decks = [(CONTRACT_LABELS[c.value] if c.value not in SUIT_SIGNS else "a trump suit", rules.deck(c))
             for c in (Contract.HEARTS, *(c for c in rules.contracts if not c.is_suit))]
    orders = {"trumps": " ".join(r.value for r in reversed(values.trump_order)),
              "plain": " ".join(r.value for r in reversed(values.plain_order))}
    melds = [(key, value, value_word(value), _meld_label(key)) for key, value in rules.meld_values.items()]
    return render_template("rules/variant.html", rules=rules, heading=heading, match=match, back=back,
                           card_table=values.table(), orders=orders, decks=decks, melds=melds,
                           last_trick=LAST_TRICK, house_rules=house, contract_labels=CONTRACT_LABELS,
                           start_link=start_link, start_qr=start_qr)


def _meld_label(key: str) -> str:
    """``Sequence of 3 cards``, ``Four jacks``: a meld key of the Rules in words."""
    kind, _, size = key.partition("-")
    return f"Sequence of {size} cards" if kind == "sequence" else f"Four {Rank(size).word}s"


@bp.get("/rules")
def rules_index() -> Any:
    """The presets, each a link to its rules."""
    return render_template("rules/index.html", presets=PRESETS)


@bp.get("/rules/<variant>")
def variant_rules(variant: str) -> Any:
    """A preset's rules, made from the engine's own Rules value."""
    rules = PRESETS.get(variant)
    if rules is None:
        abort(404)
    return _rules_page(rules, rules.title, back=url_for("referee.rules_index"))


@bp.get("/m/<match_id>/rules")
def match_rules(match_id: str) -> Any:
    """This match's house rules, from its stored options: the same value the scoring uses."""
    match = _match_of(match_id)
    assert match is not None
    return _rules_page(services.rules_of(match), "House rules of this match", match,
                       back=url_for("scorer.sheet", match_id=match_id))


@bp.get("/board/<view_token>/rules")
def board_rules(view_token: str) -> Any:
    """The house rules for watchers of the board."""
    match = services.find_board(view_token)
    return _rules_page(services.rules_of(match), "House rules of this match", match,
                       back=url_for("board.board", view_token=view_token))
