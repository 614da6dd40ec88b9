"""Forms of the scorer's pages (WTForms through Flask-WTF, so CSRF is on), and their conversions.

Field names mirror the engine's problem fields with ``-`` for ``.`` (``card_points.1`` is the field
``card_points-1``), so an error the engine raises is shown beside the field it is about.
"""

from __future__ import annotations

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
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from .rules import PRESETS, Contract, Problem, Rules
from .rules.describe import meld_chips

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

    def request_body(self) -> dict[str, Any]:
        """The API's create body made from the form."""
        rules = PRESETS.get(self.variant.data or "", PRESETS["bela"])
        names = [getattr(self, f"player_{i}").data or "" for i in range(MAX_PLAYERS)]
        players = [n.strip() for n in names[: rules.players]]
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
        if self.claims.data == "none":
            overrides.update({"claims": "none", "claim-window": None, "claim-from": None})
        elif self.claims.data == "any-time":
            overrides.update({"claims": "any-time", "claim-window": None})
        elif self.claims.data == "window-3":
            overrides.update({"claims": "any-time", "claim-window": 3})
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
        bela_most = 4 if Contract.ALL_TRUMPS in rules.contracts else 1
        for i, name in enumerate(names):
            fields[f"card_points-{i}"] = IntegerField(f"{name}: card points", validators=[Optional()])
            fields[f"melds-{i}"] = StringField(f"{name}: melds", validators=[Optional(), Length(max=60)])
            fields[f"bela-{i}"] = SelectField(
                f"{name}: {rules.bela_word}",
                choices=options([(str(n), str(n)) for n in range(bela_most + 1)]),
                default="0",
                validators=[Optional()],
            )
            fields[f"no_trick-{i}"] = BooleanField(f"{name} took no trick")
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
    bela = [int(get(f"bela-{i}") or 0) for i in range(rules.sides)]
    if any(bela):
        hand["bela"] = bela
    no_trick = [bool(get(f"no_trick-{i}")) for i in range(rules.sides)]
    if any(no_trick):
        hand["took_trick"] = [not n for n in no_trick]
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


def form_data_from_hand(hand: Mapping[str, Any], sides: int) -> dict[str, Any]:
    """Prefill a hand form from a stored hand input (to edit it in place)."""
    data: dict[str, Any] = {}
    for key in ("taker", "last_trick", "double"):
        if hand.get(key) is not None:
            data[key] = str(hand[key])
    if hand.get("contract"):
        data["contract"] = hand["contract"]
    for i, value in enumerate(hand.get("card_points") or []):
        data[f"card_points-{i}"] = value
    for i, values in enumerate(hand.get("melds") or []):
        data[f"melds-{i}"] = " ".join(str(v) for v in values if isinstance(v, int))
    for i, value in enumerate(hand.get("bela") or []):
        data[f"bela-{i}"] = str(value)
    for i, took in enumerate(hand.get("took_trick") or []):
        data[f"no_trick-{i}"] = not took
    revoke = hand.get("revoke")
    if isinstance(revoke, Mapping):
        data["revoke-accuser"] = str(revoke.get("accuser", ""))
        data["revoke-accused"] = str(revoke.get("accused", ""))
        data["revoke-upheld"] = "yes" if revoke.get("upheld") else "no"
    return data
