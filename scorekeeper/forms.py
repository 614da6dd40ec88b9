"""Forms of the scorer's pages (WTForms through Flask-WTF, so CSRF is on), and their conversions.

Field names mirror the engine's problem fields with ``-`` for ``.`` (``card_points.1`` is the field
``card_points-1``), so an error the engine raises is shown beside the field it is about.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from .rules import OPTION_NAMES, PRESETS, Contract, Problem, RuleError, Rules, make_rules
from .rules.describe import meld_chips
from .rules.variants import FalseClaim

MAX_PLAYERS = 4
SUIT_SIGNS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
CONTRACT_LABELS = {
    c.value: (f"{SUIT_SIGNS[c.value]} {c.value}" if c.value in SUIT_SIGNS else c.value.replace("-", " "))
    for c in Contract
}
CLAIM_CHOICES = [
    ("", "as the game says"),
    ("none", "no claims: decided at the end of a hand"),
    ("any-time", "claims at any moment"),
    ("window-3", "claims only within the first 3 tricks"),
]


def options(pairs: Iterable[tuple[str, str]]) -> list[SelectChoice]:
    """Choices for a radio or select field: (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def new_key() -> str:
    """A fresh idempotency key for a form: a double tap or a resend records one hand."""
    return uuid.uuid4().hex


class NewMatchForm(FlaskForm):
    """Start a match: the game, the house rules that differ, the players in seat order, the first dealer."""

    idempotency_key = HiddenField()
    club = SelectField("Club", choices=[], validate_choice=False)
    variant = RadioField(
        "Game",
        choices=options([(name, rules.title) for name, rules in PRESETS.items()]),
        default="bela",
        validators=[InputRequired("choose a game")],
    )
    player_0 = StringField("Seat 1", validators=[Optional(), Length(max=40)])
    player_1 = StringField("Seat 2", validators=[Optional(), Length(max=40)])
    player_2 = StringField("Seat 3", validators=[Optional(), Length(max=40)])
    player_3 = StringField("Seat 4", validators=[Optional(), Length(max=40)])
    first_dealer = RadioField(
        "First dealer", choices=options([(str(i), f"Seat {i + 1}") for i in range(MAX_PLAYERS)]), default="0"
    )
    target = IntegerField("Target", validators=[Optional(), NumberRange(min=1, max=100000)])
    tie = SelectField(
        "Tie rule",
        choices=options(
            [
                ("", "as the game says"),
                ("hold-taker", "taker's points held over"),
                ("hold-all", "whole hand held over"),
                ("taker-nothing", "taker scores nothing"),
                ("taker-fails", "taker is bate"),
            ]
        ),
    )
    claims = SelectField("Claims", choices=options(CLAIM_CHOICES))
    deal_limit = IntegerField("Deal limit (deals in a game; then the side ahead wins)", validators=[Optional()])
    bela_on_bate = SelectField(
        "Bela (K and Q of trumps) of a taker who is bate",
        choices=options([("", "as the game says"), ("moves", "goes to the defenders with the rest"),
                         ("stays", "always counts for its own side")]),
        default="",
    )
    melds = SelectField(
        "Who scores melds",
        choices=options([("", "as the game says"), ("best-side", "only the side with the best"),
                         ("each-side", "every side its own")]),
        default="",
    )
    best_of = SelectField(
        "Best of", choices=options([("", "as the game says"), ("1", "1 game"), ("3", "3 games"), ("5", "5 games")])
    )
    extra_rules = HiddenField()
    """House rules from a link or a club's last match that no field above shows (encoded, ``encode_rules``)."""
    rules_for = HiddenField()
    """The game ``extra_rules`` belong to: they apply only when that game is chosen."""

    def validate_extra_rules(self, field: Field) -> None:
        """The hidden house rules must still read as house rules of their game."""
        if field.data and checked_rules(self.rules_for.data or "", decode_rules(field.data)) is None:
            raise ValidationError("the house rules from the link could not be read: open the link again, "
                                  "or start with the rules shown here")

    def prefill(self, overrides: Mapping[str, Any]) -> dict[str, Any]:
        """Show ``overrides`` (a game's house rules that differ from the preset) in the fields that can show
        them; the rest are returned, for ``extra_rules``."""
        variant = self.variant.data or "bela"
        extra = dict(overrides)
        if isinstance(extra.get("target"), int):
            self.target.data = extra.pop("target")
        if isinstance(extra.get("deal-limit"), int):
            self.deal_limit.data = extra.pop("deal-limit")
        for key, field in (("tie", self.tie), ("bela-on-bate", self.bela_on_bate), ("melds", self.melds),
                           ("best-of", self.best_of)):
            value = str(extra.get(key, ""))
            if key in extra and value in {c.value for c in field.choices if c.value}:  # type: ignore[union-attr]
                field.data = value
                extra.pop(key)
        family = {k: extra[k] for k in CLAIM_KEYS if k in extra}
        if family:
            wanted = checked_rules(variant, family)
            for choice, _ in CLAIM_CHOICES[1:]:
                shown = checked_rules(variant, claim_overrides(choice))
                if wanted is not None and shown is not None and all(
                        getattr(shown, a) == getattr(wanted, a) for a in ("claims", "claim_window", "claim_from")):
                    self.claims.data = choice
                    for key in family:
                        extra.pop(key)
                    break
        return extra

    def field_overrides(self) -> dict[str, Any]:
        """The house rules the visible fields set (RULES.md option names)."""
        overrides: dict[str, Any] = {}
        if self.target.data is not None:
            overrides["target"] = self.target.data
        if self.tie.data:
            overrides["tie"] = self.tie.data
        if self.deal_limit.data is not None:
            overrides["deal-limit"] = self.deal_limit.data
        if self.bela_on_bate.data:
            overrides["bela-on-bate"] = self.bela_on_bate.data
        if self.melds.data:
            overrides["melds"] = self.melds.data
        overrides.update(claim_overrides(self.claims.data or ""))
        return overrides

    def request_body(self) -> dict[str, Any]:
        """The API's create body made from the form: the hidden house rules of the chosen game, then the fields."""
        rules = PRESETS.get(self.variant.data or "", PRESETS["bela"])
        names = [getattr(self, f"player_{i}").data or "" for i in range(MAX_PLAYERS)]
        players = [n.strip() for n in names[: rules.players]]
        fields = self.field_overrides()
        overrides: dict[str, Any] = {}
        if self.extra_rules.data and self.rules_for.data == self.variant.data:
            overrides = decode_rules(self.extra_rules.data) or {}
            if any(key in fields for key in CLAIM_KEYS):
                overrides = {k: v for k, v in overrides.items() if k not in CLAIM_KEYS}
        overrides.update(fields)
        body: dict[str, Any] = {
            "variant": self.variant.data,
            "players": players,
            "rules": overrides,
            "first_dealer": int(self.first_dealer.data or 0),
        }
        if self.best_of.data:
            body["best_of"] = int(self.best_of.data)
        if self.club.data:
            body["club"] = self.club.data
        return body


CLAIM_KEYS = ("claims", "claim-window", "claim-from")
"""The options the start form's one "Claims" field sets together."""


def claim_overrides(choice: str) -> dict[str, Any]:
    """The options a "Claims" choice of the start form sets."""
    return {"none": {"claims": "none", "claim-window": None, "claim-from": None},
            "any-time": {"claims": "any-time", "claim-window": None},
            "window-3": {"claims": "any-time", "claim-window": 3}}.get(choice, {})


def house_overrides(variant: str, resolved: Mapping[str, Any]) -> dict[str, Any]:
    """The house rules of a match that differ from its game's preset: ``resolved`` is the match's stored
    options (``Rules.as_dict()``); the answer, given to ``make_rules(variant, …)``, makes the same rules."""
    preset = PRESETS.get(variant)
    if preset is None:
        return {}
    base = preset.as_dict()
    return {name: resolved[name] for name in OPTION_NAMES
            if name in resolved and name in base and resolved[name] != base[name]}


def encode_rules(overrides: Mapping[str, Any]) -> str:
    """House rules as a short, URL-safe text for a link or a QR code (compact JSON in base64url)."""
    text = json.dumps(dict(overrides), separators=(",", ":"), sort_keys=True)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_rules(text: str) -> dict[str, Any] | None:
    """The house rules of ``encode_rules``; None for a text that is not one (damaged, cut short, made up)."""
    if not text or len(text) > 2000:
        return None
    try:
        value = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def checked_rules(variant: str, overrides: Mapping[str, Any] | None) -> Rules | None:
    """The rules of ``variant`` with ``overrides``, or None when the engine refuses them."""
    if overrides is None or variant not in PRESETS:
        return None
    try:
        return make_rules(variant, overrides)
    except RuleError:
        return None


class NewClubForm(FlaskForm):
    """Start a club: its name, and the players known already (one a line; more join as they play)."""

    idempotency_key = HiddenField()
    name = StringField("Name of the club", validators=[InputRequired("give the club a name"), Length(max=80)])
    players = TextAreaField("Players (optional, one a line)")

    def request_body(self) -> dict[str, Any]:
        """The API's club body made from the form."""
        names = [line.strip() for line in (self.players.data or "").splitlines() if line.strip()]
        return {"name": self.name.data or "", "players": names}


def match_field(problem_field: str) -> str:
    """The form field an API/engine problem belongs to (``players.1`` → ``player_1``)."""
    if problem_field.startswith("players."):
        return "player_" + problem_field.split(".", 1)[1]
    if problem_field.startswith("rules."):
        option = problem_field.split(".", 1)[1]
        return {
            "target": "target",
            "tie": "tie",
            "best-of": "best_of",
            "claims": "claims",
            "claim-window": "claims",
            "claim-from": "claims",
            "deal-limit": "deal_limit",
            "bela-on-bate": "bela_on_bate",
            "melds": "melds",
        }.get(option, "rules")
    return {"best_of": "best_of", "players": "players"}.get(problem_field, problem_field)


def hand_field(problem_field: str) -> str:
    """The form field an engine problem belongs to: the same path with ``-`` for ``.``."""
    return problem_field.replace(".", "-")


def _side_choices(names: Iterable[str]) -> list[tuple[str, str]]:
    return [(str(i), name) for i, name in enumerate(names)]


def bela_toggle(rules: Rules) -> bool:
    """Whether a side's bela is a yes/no toggle (one K and Q of trumps at most) rather than a count: only where
    an all-trumps contract lets a side hold several (Belote) does the form ask how many."""
    return Contract.ALL_TRUMPS not in rules.contracts


def claim_takes_melds(rules: Rules) -> bool:
    """Whether the claim form asks for the declarations and bela made so far: only where a false claim forfeits
    the hand value, which includes them (RULES.md §6, Clobby); a good claim counts the points given."""
    return rules.false_claim is FalseClaim.FORFEITS_HAND


def _meld_and_bela_fields(rules: Rules, names: list[str], fields: dict[str, Field]) -> None:
    bela_most = 1 if bela_toggle(rules) else 4
    for i, name in enumerate(names):
        fields[f"melds-{i}"] = StringField(f"{name}: melds", validators=[Optional(), Length(max=60)])
        if bela_most == 1:
            fields[f"bela-{i}"] = BooleanField(f"{name}: {rules.bela_word}")
        else:
            fields[f"bela-{i}"] = SelectField(
                f"{name}: {rules.bela_word}",
                choices=options([(str(n), str(n)) for n in range(bela_most + 1)]),
                default="0",
                validators=[Optional()],
            )


def hand_form(
    rules: Rules, names: list[str], formdata: Any = None, data: Mapping[str, Any] | None = None, claim: bool = False
) -> FlaskForm:
    """The form for one hand of this variant: a field per side where the input has one per side."""
    fields: dict[str, Field] = {"idempotency_key": HiddenField(), "revision": HiddenField()}
    sides = _side_choices(names)
    if claim:
        fields["claim-side"] = RadioField("Who claims", choices=options(sides), validators=[Optional()])
        fields["claim-points"] = IntegerField("Points won so far in this hand", validators=[Optional()])
        if rules.claim_window is not None:
            fields["claim-trick"] = IntegerField("In trick number", validators=[Optional()])
        if claim_takes_melds(rules):
            _meld_and_bela_fields(rules, names, fields)
    else:
        fields["taker"] = RadioField("Taker", choices=options(sides), validators=[Optional()])
        contract_choices = [(c.value, CONTRACT_LABELS[c.value]) for c in rules.contracts]
        if not rules.contract_required:
            contract_choices.insert(0, ("", "not noted"))
        fields["contract"] = RadioField(
            "Trumps" if not rules.doubles else "Contract", choices=options(contract_choices), validators=[Optional()]
        )
        if rules.doubles:
            fields["double"] = RadioField(
                "Double",
                choices=options([("0", "no"), ("1", "doubled ×2"), ("2", "redoubled ×4")]),
                default="0",
                validators=[Optional()],
            )
        fields["last_trick"] = RadioField("Last trick (+10)", choices=options(sides), validators=[Optional()])
        for i, name in enumerate(names):
            fields[f"card_points-{i}"] = IntegerField(f"{name}: card points", validators=[Optional()])
        _meld_and_bela_fields(rules, names, fields)
        for i, name in enumerate(names):
            # The rare case the default cannot see: a trick of sevens and eights, no card points, yet the side's
            # melds count (RULES.md §3, melds need a trick).
            fields[f"took_trick-{i}"] = BooleanField(f"{name} took a trick (no card points)")
        if rules.revoke.value != "none":
            blank = [("", "—")]
            fields["revoke-accuser"] = SelectField(
                "Challenger", choices=options(blank + sides), validators=[Optional()]
            )
            fields["revoke-accused"] = SelectField(
                "Accused of a revoke", choices=options(blank + sides), validators=[Optional()]
            )
            fields["revoke-upheld"] = RadioField(
                "Ruling",
                choices=options([("yes", "upheld: it was a revoke"), ("no", "wrong challenge")]),
                validators=[Optional()],
            )
    form_class = type("HandForm", (FlaskForm,), fields)
    form: FlaskForm = form_class(formdata=formdata, data=data or {})
    if not form.idempotency_key.data:
        form.idempotency_key.data = new_key()
    form.meld_chips = meld_chips(rules)  # type: ignore[attr-defined]
    return form


_MELD_SPLIT = re.compile(r"[\s,+]+")


def _melds_and_bela(get: Any, rules: Rules, hand: dict[str, Any], problems: list[Problem]) -> None:
    melds: list[list[int]] = []
    for i in range(rules.sides):
        text = (get(f"melds-{i}") or "").strip()
        values: list[int] = []
        for token in filter(None, _MELD_SPLIT.split(text)):
            if token.isdigit():
                values.append(int(token))
            else:
                problems.append(Problem(f"melds.{i}", f"write meld values as numbers, like 20 50; not {token!r}"))
        melds.append(values)
    if any(melds):
        hand["melds"] = melds
    # A toggle gives True/False, Belote's count a digit: both read as a number of bela.
    bela = [int(get(f"bela-{i}") or 0) for i in range(rules.sides)]
    if any(bela):
        hand["bela"] = bela


def _won_card_points(rules: Rules, hand: Mapping[str, Any]) -> list[bool]:
    """Whether each side has card points in the hand; in four-handed games a side left blank holds the rest of
    the deck, elsewhere a blank is the engine's to refuse."""
    cards: list[int | None] = list(hand.get("card_points") or [None] * rules.sides)
    contract = hand.get("contract")
    deck = rules.deck(Contract(contract) if contract in {c.value for c in Contract} else None)
    rest = deck - sum(c for c in cards if isinstance(c, int))
    return [(c > 0) if isinstance(c, int) else (rest > 0 if rules.full_deck else True) for c in cards]


def _took_trick(get: Any, rules: Rules, hand: Mapping[str, Any]) -> list[bool] | None:
    """Which sides took a trick, when the scorer said a side took one without card points; else None, and the
    engine's default (card points or the last trick) stands."""
    said = [bool(get(f"took_trick-{i}")) for i in range(rules.sides)]
    if not any(said):
        return None
    won = _won_card_points(rules, hand)
    return [said[i] or won[i] or hand.get("last_trick") == i for i in range(rules.sides)]


def hand_from_form(form: FlaskForm, rules: Rules, claim: bool = False) -> tuple[dict[str, Any], list[Problem]]:
    """The API's hand input from the form; problems only for what the form itself cannot read."""
    problems: list[Problem] = []
    get = form.data.get
    if claim:
        body: dict[str, Any] = {"claim": {}}
        if get("claim-side") not in (None, ""):
            body["claim"]["side"] = int(get("claim-side"))
        if get("claim-points") is not None:
            body["claim"]["points"] = get("claim-points")
        if get("claim-trick") is not None:
            body["claim"]["trick"] = get("claim-trick")
        if claim_takes_melds(rules):
            _melds_and_bela(get, rules, body, problems)
        return body, problems
    hand: dict[str, Any] = {}
    if get("taker") not in (None, ""):
        hand["taker"] = int(get("taker"))
    if get("contract"):
        hand["contract"] = get("contract")
    if get("double") not in (None, "", "0"):
        hand["double"] = int(get("double"))
    cards = [get(f"card_points-{i}") for i in range(rules.sides)]
    if any(c is not None for c in cards):
        hand["card_points"] = cards
    if get("last_trick") not in (None, ""):
        hand["last_trick"] = int(get("last_trick"))
    _melds_and_bela(get, rules, hand, problems)
    took_trick = _took_trick(get, rules, hand)
    if took_trick is not None:
        hand["took_trick"] = took_trick
    accuser, accused, upheld = get("revoke-accuser"), get("revoke-accused"), get("revoke-upheld")
    if accuser or accused or upheld:
        revoke: dict[str, Any] = {}
        if accuser:
            revoke["accuser"] = int(accuser)
        if accused:
            revoke["accused"] = int(accused)
        if upheld:
            revoke["upheld"] = upheld == "yes"
        hand["revoke"] = revoke
    return hand, problems


SIDE_ASKS = {
    "taker": "say who the taker is",
    "last_trick": "say who took the last trick",
    "claim-side": "say who claims",
    "revoke-accuser": "say who challenged",
    "revoke-accused": "say who is accused of a revoke",
}
"""What a side choice left blank asks for, in the table's words (the engine's own message names the API's side
numbers, which the form never shows)."""


def in_table_words(errors: dict[str, list[str]], form: FlaskForm) -> dict[str, list[str]]:
    """The errors of a hand form with a blank side choice asked for by name of the choice, not by side number."""
    data = form.data
    return {name: ([SIDE_ASKS[name]] if name in SIDE_ASKS and data.get(name) in (None, "") else messages)
            for name, messages in errors.items()}


def form_data_from_hand(hand: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """Prefill a hand form from a stored hand input (to edit it in place)."""
    data: dict[str, Any] = {}
    for key in ("taker", "last_trick", "double"):
        if hand.get(key) is not None:
            data[key] = str(hand[key])
    if hand.get("contract"):
        data["contract"] = hand["contract"]
    cards = list(hand.get("card_points") or [])
    for i, value in enumerate(cards):
        data[f"card_points-{i}"] = value
    for i, values in enumerate(hand.get("melds") or []):
        data[f"melds-{i}"] = " ".join(str(v) for v in values if isinstance(v, int))
    toggle = bela_toggle(rules)
    for i, value in enumerate(hand.get("bela") or []):
        data[f"bela-{i}"] = bool(value) if toggle else str(value)
    took_trick = hand.get("took_trick")
    if took_trick:
        # Only a trick that the card points and the last trick do not show is asked on the form.
        won = _won_card_points(rules, hand)
        for i, took in enumerate(took_trick):
            data[f"took_trick-{i}"] = bool(took) and not won[i] and hand.get("last_trick") != i
    revoke = hand.get("revoke")
    if isinstance(revoke, Mapping):
        data["revoke-accuser"] = str(revoke.get("accuser", ""))
        data["revoke-accused"] = str(revoke.get("accused", ""))
        data["revoke-upheld"] = "yes" if revoke.get("upheld") else "no"
    return data
