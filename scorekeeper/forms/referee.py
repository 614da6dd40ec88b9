"""The referee's forms: the meld contest, the card counter, the legal-play checker and the roem in a trick, built
for a game's rules
and read into the engine's input; what a form cannot read is a ``Problem`` beside its field."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField, SelectMultipleField, StringField
from wtforms.validators import Length, Optional

from ..i18n import said
from ..rules import Problem, RuleError, Rules
from ..rules.cards import FULL_DECK, FULL_DECK_36, NATURAL_36, NATURAL_ORDER, Card, Contract, Rank, Suit
from ..rules.hand import read_declarations
from ..rules.legal import show, sixes
from .choices import CONTRACT_LABELS, CONTRACT_WORDS, SUIT_SIGNS, options

SEQUENCE_SLOTS = 2
"""Sequences each side may enter on the meld page."""
SQUARE_SLOTS = 1
"""Squares each side may enter on the meld page."""
LEGAL_FIELDS = {"hand.*": "hand"}
"""The legal-play form's field for an engine problem: every card of the hand is the one ``hand`` field."""
_CARD_SPLIT = re.compile(r"[\s,;]+")
CARD_LONGEST = 4
"""A card as the referee's form takes it: rank then suit, "10H" or "10♥" at most."""
CARDS_LONGEST = 80
"""The cards a player held, written one after the other ("7S KD 9S …")."""
EMPTY = "—"
"""An empty choice of a list."""
FOUR_OF = {
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book (Jass's 36 cards).
    Rank.SIX: _l("four sixes"),
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book.
    Rank.SEVEN: _l("four sevens"),
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book.
    Rank.EIGHT: _l("four eights"),
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book.
    Rank.NINE: _l("four nines"),
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book.
    Rank.TEN: _l("four tens"),
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book.
    Rank.JACK: _l("four jacks"),
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book.
    Rank.QUEEN: _l("four queens"),
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book.
    Rank.KING: _l("four kings"),
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book.
    Rank.ACE: _l("four aces"),
    # Translators: a square (four of a kind), as chosen in a list and named in the rule book (Jass's 36 cards).
    Rank.SIX: _l("four sixes"),
}
"""A square of each rank in words (lazy: said in the language of the request that shows it)."""


def pack(rules: Rules) -> tuple[Card, ...]:
    """The game's cards, suit by suit, low to high: the 36-card pack where the referee reads sixes (Jass)."""
    return FULL_DECK_36 if sixes(rules) else FULL_DECK


def pack_ranks(rules: Rules) -> tuple[Rank, ...]:
    """The ranks of the game's pack, low to high in natural order (the six first in Jass's 36 cards)."""
    return NATURAL_36 if sixes(rules) else NATURAL_ORDER


def read_card(text: str, rules: Rules, field: str = "card") -> Card:
    """A card the form read (``10H``; ``6H`` too in a 36-card game), else the engine's RuleError for ``field``."""
    return Card.parse(text, field, sixes=sixes(rules))


def _make_form(fields: dict[str, Field], formdata: Any) -> FlaskForm:
    form_class = type("RefereeForm", (FlaskForm,), fields)
    form: FlaskForm = form_class(formdata=formdata)
    return form


# glossary: trumps
def _contract_field(rules: Rules, label: str = _l("Trumps (the contract)")) -> RadioField:
    return RadioField(label, validators=[Optional()],
                      choices=options([(c.value, CONTRACT_LABELS[c.value]) for c in rules.contracts]))


# ------------------------------------------------------------------------------------------------ melds


def meld_fields(names: list[str]) -> dict[str, str]:
    """The meld form's field for an engine problem: a side's (or a seat's) declarations at the top of its group,
    any bela under the sides."""
    return {"bela.*": "bela", **{f"declarations.{i}.*": f"declarations-{i}" for i in range(len(names))},
            **{f"seats.{i}.*": f"declarations-{i}" for i in range(len(names))}}


def meld_form(rules: Rules, names: list[str], formdata: Any) -> FlaskForm:
    """Each side's (or, where the seat decides a tie, each player's: ``names`` are then the seats') sequences and
    squares (a few slots each), its bela, the trumps and forehand."""
    fields: dict[str, Field] = {"variant": HiddenField(default=rules.variant)}
    fields["contract"] = _contract_field(rules)
    fields["forehand"] = RadioField(_("Forehand (leads to the first trick)"), validators=[Optional()],
                                    choices=options([(str(i), n) for i, n in enumerate(names)]))
    longest = len(pack_ranks(rules))
    # Translators: the length of a sequence (a run of cards of one suit), chosen in a list.
    lengths = options([("", EMPTY), *((str(n), ngettext("%(num)s card", "%(num)s cards", n))
                                      for n in range(3, longest + 1))])
    tops = options([("", EMPTY), *((r.value, said(r.word)) for r in reversed(NATURAL_ORDER))])  # never the six
    suits = options([("", EMPTY), *((s.value, f"{SUIT_SIGNS[s.value]} {CONTRACT_WORDS[s.value]}") for s in Suit)])
    ranks = options([("", EMPTY), *((r.value, FOUR_OF[r]) for r in reversed(pack_ranks(rules)))])
    for i, name in enumerate(names):
        for j in range(SEQUENCE_SLOTS):
            # Translators: a list's label, heard with a screen reader; %(side)s is a side's name, %(number)s 1 or 2.
            fields[f"seq-{i}-{j}-length"] = SelectField(_("%(side)s: sequence %(number)s, length", side=name,
                                                           number=j + 1), choices=lengths, validators=[Optional()])
            # Translators: a list's label, heard with a screen reader; %(side)s is a side's name, %(number)s 1 or 2.
            fields[f"seq-{i}-{j}-top"] = SelectField(_("%(side)s: sequence %(number)s, top card", side=name,
                                                        number=j + 1), choices=tops, validators=[Optional()])
            # Translators: a list's label, heard with a screen reader; %(side)s is a side's name, %(number)s 1 or 2.
            fields[f"seq-{i}-{j}-suit"] = SelectField(_("%(side)s: sequence %(number)s, suit", side=name,
                                                         number=j + 1), choices=suits, validators=[Optional()])
        for j in range(SQUARE_SLOTS):
            # Translators: a list's label, heard with a screen reader; %(side)s is a side's name.
            fields[f"square-{i}-{j}"] = SelectField(_("%(side)s: square", side=name), choices=ranks,
                                                    validators=[Optional()])
        # glossary: belote and rebelote
        # Translators: %(side)s is a side's name, %(bela)s the game's word for king and queen of trumps (bela).
        fields[f"bela-{i}"] = BooleanField(_("%(side)s holds %(bela)s (K and Q of trumps)", side=name,
                                              bela=said(rules.bela_word)))
    return _make_form(fields, formdata)


def meld_groups(names: list[str]) -> list[str]:
    """The meld form's groups a problem may be about: each side's declarations, each sequence slot, the bela."""
    return ["bela", *(f"declarations-{i}" for i in range(len(names)))] + [
        f"seq-{i}-{j}" for i in range(len(names)) for j in range(SEQUENCE_SLOTS)]


def read_meld_form(form: FlaskForm, rules: Rules, names: list[str]) -> tuple[dict[str, Any], list[Problem]]:
    """The declarations per side (or per seat, when ``names`` are the seats'), and the problems of each slot found
    by the engine's own reader."""
    by_seat = len(names) > rules.sides
    get = form.data.get
    problems: list[Problem] = []
    contract = get("contract") or None
    if contract is None:
        # glossary: trumps
        problems.append(Problem("contract", _("choose the trumps: they decide which sequence is higher")))
    forehand = get("forehand")
    if forehand in (None, "", "None"):
        problems.append(Problem("forehand", _("choose forehand: equal declarations may go to the player nearer to "
                                              "forehand") if by_seat else
                                _("choose forehand: equal sequences may go to the side that leads")))
    declarations: list[list[dict[str, Any]]] = [[] for _ in names]
    for i in range(len(names)):
        slots: list[tuple[str, dict[str, Any]]] = []
        for j in range(SEQUENCE_SLOTS):
            parts = [get(f"seq-{i}-{j}-{p}") or "" for p in ("length", "top", "suit")]
            if any(parts) and not all(parts):
                problems.append(Problem(f"seq-{i}-{j}", _("give the sequence's length, top card and suit")))
            elif all(parts):
                slots.append((f"seq-{i}-{j}", {"kind": "sequence", "length": int(parts[0]), "top": parts[1],
                                               "suit": parts[2]}))
        for j in range(SQUARE_SLOTS):
            if get(f"square-{i}-{j}"):
                slots.append((f"square-{i}-{j}", {"kind": "square", "rank": get(f"square-{i}-{j}")}))
        side = rules.side_of(i) if by_seat else i
        for slot, declaration in slots:
            alone = [[declaration] if k == side else [] for k in range(rules.sides)]
            try:
                read_declarations(rules, alone, None, [names[i] if k == side else "" for k in range(rules.sides)])
            except RuleError as error:
                problems.extend(Problem(slot, p.message) for p in error.problems)
                continue
            declarations[i].append(declaration)
    bela = [bool(get(f"bela-{i}")) for i in range(len(names))]  # the engine checks what the contract allows
    body = {"contract": contract, "forehand": int(forehand) if str(forehand).isdigit() else None,
            "declarations": declarations, "bela": bela}
    return body, problems


# ------------------------------------------------------------------------------------------------ card counter


def counter_contracts(rules: Rules) -> tuple[Contract, ...]:
    """The contracts the card counter offers: a Jass game's own (Obenabe and Undenufe count with their own card
    values); in the other games every contract of the 32-card family, so that a hand of no-trumps or all-trumps
    can be counted whatever the game."""
    if rules.cards.contract_points:
        return rules.contracts
    return tuple(c for c in Contract if c not in (Contract.TOP_DOWN, Contract.BOTTOM_UP))


def counter_form(rules: Rules, sides: list[str], formdata: Any) -> FlaskForm:
    """The trumps, how many play, and a grid of the pack per side to tick the cards it took."""
    cards = options((str(c), str(c)) for c in pack(rules))
    fields: dict[str, Field] = {
        "variant": HiddenField(default=rules.variant),
        # glossary: trumps
        "contract": RadioField(_("Trumps"), validators=[Optional()], default="hearts", choices=options(
            [(c.value, CONTRACT_LABELS[c.value]) for c in counter_contracts(rules)])),
        "deal": RadioField(_("Players"), validators=[Optional()], default="4" if rules.full_deck else "2",
                           choices=options([("4", _("four-handed: every card is played")),
                                            ("2", _("two- or three-handed"))])),
    }
    for i, side in enumerate(sides):
        # Translators: %(side)s is a side's name (or "first player" …): the cards it took in its tricks.
        fields[f"cards-{i}"] = SelectMultipleField(_("Cards %(side)s took", side=side), choices=cards,
                                                   validators=[Optional()])
    return _make_form(fields, formdata)


# ------------------------------------------------------------------------------------------------ legal plays


def legal_form(rules: Rules, names: list[str], seats: list[str], formdata: Any) -> FlaskForm:
    """The trick so far (who played which card), the accused's seat, hand and card, and who challenged."""
    seat_choices = [(str(i), s) for i, s in enumerate(seats)]
    fields: dict[str, Field] = {"variant": HiddenField(default=rules.variant), "contract": _contract_field(rules)}
    for n in range(rules.players - 1):
        # Translators: %(number)s is the card's place in the trick (1, 2, 3).
        fields[f"trick-{n}-seat"] = SelectField(_("Card %(number)s of the trick: played by", number=n + 1),
                                                validators=[Optional()], choices=options([("", EMPTY), *seat_choices]))
        # Translators: %(number)s is the card's place in the trick (1, 2, 3).
        fields[f"trick-{n}-card"] = StringField(_("Card %(number)s of the trick", number=n + 1),
                                                validators=[Optional(), Length(max=CARD_LONGEST)])
    fields["seat"] = SelectField(_("The accused player"), validators=[Optional()],
                                 choices=options([("", EMPTY), *seat_choices]))
    fields["hand"] = StringField(_("The cards the accused held"), validators=[Optional(), Length(max=CARDS_LONGEST)])
    fields["played"] = StringField(_("The card the accused played (optional)"),
                                   validators=[Optional(), Length(max=CARD_LONGEST)])
    top = rules.cards.top_trump
    # Translators: Yuss (the jack) and jasek (the queen) are the top trump's names in the game: keep them;
    # %(rank)s is its rank in words (jack, queen).
    bare = (_("Bare Yuss (%(rank)s of trumps alone)", rank=said(top.word)) if top is Rank.JACK
            # Translators: jasek is the top trump's name in the Czech games (the queen): keep it; %(rank)s is its
            # rank in words (queen).
            else _("Bare jasek (%(rank)s of trumps alone)", rank=said(top.word)))
    fields["bare_yuss"] = SelectField(bare, validators=[Optional()], choices=options(
        [("", _("as the game says")), ("yes", _("may be withheld")), ("no", _("must be played"))]))
    fields["challenger"] = SelectField(_("Who challenged"), validators=[Optional()],
                                       choices=options([("", EMPTY), *((str(i), n) for i, n in enumerate(names))]))
    return _make_form(fields, formdata)


def read_legal_form(form: FlaskForm, rules: Rules) -> tuple[dict[str, Any], list[Problem]]:
    """The question the legal-play form asks (the trick, the accused's seat and hand, the card played, the bare
    top trump's rule), and what the form itself cannot read; the engine checks the rest."""
    get = form.data.get
    problems: list[Problem] = []
    trick: list[dict[str, Any]] = []
    for n in range(rules.players - 1):
        seat, card = get(f"trick-{n}-seat") or "", (get(f"trick-{n}-card") or "").strip()
        if not seat and not card:
            continue
        if not seat:
            problems.append(Problem(f"trick-{n}-seat", _("say who played this card")))
        if not card:
            # Translators: 10H, JS and AC are cards written as the form reads them (rank, then suit): keep them.
            problems.append(Problem(f"trick-{n}-card", _("write the card, like 10H, JS or AC")))
        if len(trick) != n:
            problems.append(Problem(f"trick-{n}-card", _("enter the trick's cards in order, from the first")))
        if seat and card:
            trick.append({"seat": int(seat), "card": card})
    if not get("seat"):
        problems.append(Problem("seat", _("choose the player whose play is questioned")))
    hand = [t for t in _CARD_SPLIT.split((get("hand") or "").strip()) if t]
    if not hand:
        # Translators: 7S KD 10H are cards written as the form reads them (rank, then suit): keep them.
        problems.append(Problem("hand", _("write the cards the player held, like 7S KD 10H")))
    played: Card | None = None
    if (get("played") or "").strip():
        try:
            played = read_card(get("played"), rules, "played")
        except RuleError as error:
            problems.extend(error.problems)
    seat_text = get("seat") or ""
    question = {"contract": get("contract") or None, "seat": int(seat_text) if seat_text.isdigit() else None,
                "trick": trick, "hand": hand, "played": played,
                "bare_yuss": {"yes": True, "no": False}.get(get("bare_yuss") or ""),
                "challenger": get("challenger")}
    return question, problems


# ------------------------------------------------------------------------------------------------ roem


def roem_form(rules: Rules, formdata: Any) -> FlaskForm:
    """The trumps and the four cards of a trick, each chosen in a list of the pack (``trick-0`` … ``trick-3``:
    the engine's ``trick.N`` problems land beside them)."""
    cards = options([("", EMPTY), *((str(c), said(show(c))) for c in FULL_DECK)])
    fields: dict[str, Field] = {"variant": HiddenField(default=rules.variant), "contract": _contract_field(rules)}
    for n in range(rules.players):
        # Translators: %(number)s is the card's place in the trick (1, 2, 3).
        fields[f"trick-{n}"] = SelectField(_("Card %(number)s of the trick", number=n + 1), validators=[Optional()],
                                           choices=cards)
    return _make_form(fields, formdata)


def read_roem_form(form: FlaskForm, rules: Rules) -> tuple[dict[str, Any], list[Problem]]:
    """The question the roem form asks (the trumps and the trick's cards), and the cards it lacks; the engine
    checks the rest."""
    get = form.data.get
    trick = [get(f"trick-{n}") or "" for n in range(rules.players)]
    problems = [Problem(f"trick-{n}", _("choose this card of the trick")) for n, card in enumerate(trick) if not card]
    return {"contract": get("contract") or None, "trick": trick}, problems
