"""The tournament forms: a new tournament, registering a player (or a pair), deciding a table, and the
buttons that draw a round; each read into the API's body, and where a problem with it is shown."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Optional

from ..rules import PRESETS
from .choices import options

SEVEN_DEALS = "7"
DEAL_LIMITS = [
    (SEVEN_DEALS, "A game ends after 7 deals: the side ahead wins (seed 001's Belote tournaments)"),
    ("", "A game is played to its target, as the game says"),
]
FORMATS = [
    ("knockout-remix", "Knockout, new partners every round: players enter alone; the winners of each table go on "
                       "and are drawn into new pairs (4, 8, 16, 32… players)"),
    ("knockout", "Knockout: fixed entries; the winners of each table go on, byes fill the first round"),
    ("swiss", "Swiss: every entry plays every round, against the entries with as many wins, never twice"),
    ("round-robin", "Round-robin: every entry meets every other once"),
]
ENTRIES = [("players", "Players, each alone"), ("pairs", "Fixed pairs of partners (four-handed games)")]
TOURNAMENT_FIELDS = {"rules.deal-limit": "deal_limit", "variant": "variant", "rules.*": "variant"}
"""Where a problem with a new tournament is shown on its form (the rest by their own names)."""
REGISTER_FIELDS = {"names.0": "name", "names.1": "partner", "names": "name"}


class NewTournamentForm(FlaskForm):
    """A new tournament: its name, game, deal limit, format, entry, rounds (swiss), seed and club."""

    idempotency_key = HiddenField()
    name = StringField("Name of the tournament", validators=[InputRequired("give the tournament a name, such as "
                                                                           "\"Friday Belote\"")])
    variant = SelectField("Game", choices=options((name, rules.title) for name, rules in PRESETS.items()),
                          default="belote")
    deal_limit = RadioField("How a game ends", choices=options(DEAL_LIMITS), default=SEVEN_DEALS, validate_choice=False)
    format = RadioField("Format", choices=options(FORMATS), default="knockout-remix", validate_choice=False)
    entry = RadioField("Entry", choices=options(ENTRIES), default="players", validate_choice=False)
    rounds = IntegerField("Rounds (Swiss only)", validators=[Optional()])
    seed = IntegerField("Draw seed (optional: one is drawn for you)", validators=[Optional()])
    club = SelectField("Club", choices=options([("", "No club")]), default="")

    def request_body(self) -> dict[str, Any]:
        """The API's tournament body made from the form."""
        body: dict[str, Any] = {"name": self.name.data or "", "variant": self.variant.data or "",
                                "format": self.format.data or "", "entry": self.entry.data or "players"}
        if self.deal_limit.data == SEVEN_DEALS:
            body["rules"] = {"deal-limit": 7}
        if self.rounds.data is not None and self.format.data == "swiss":
            body["rounds"] = self.rounds.data
        if self.seed.data is not None:
            body["seed"] = self.seed.data
        if self.club.data:
            body["club"] = self.club.data
        return body


class RegisterForm(FlaskForm):
    """A player registering (alone), or a pair: the player's name and the partner's."""

    idempotency_key = HiddenField()
    name = StringField("Name")
    partner = StringField("Partner's name")

    def request_body(self, pairs: bool) -> dict[str, Any]:
        """The API's registration body: ``{"name"}``, or ``{"names": [a, b]}`` for pairs."""
        if pairs:
            return {"names": [self.name.data or "", self.partner.data or ""]}
        return {"name": self.name.data or ""}


class DecideForm(FlaskForm):
    """The organizer's decision of a table that cannot finish: the side that wins it, and why."""

    idempotency_key = HiddenField()
    winner = RadioField("Winner", choices=[], validate_choice=False,
                        validators=[InputRequired("choose the side that wins the table")])
    reason = StringField("Why (kept in the table's record)",
                         validators=[InputRequired("say why the table is decided (a no-show, a dispute …)")])

    def request_body(self) -> dict[str, Any]:
        """The API's decision body."""
        winner = self.winner.data
        return {"winner": int(winner) if winner and winner.isdigit() else winner, "reason": self.reason.data or ""}


class ButtonForm(FlaskForm):
    """A button's write (draw the next round, finish): the CSRF token and an idempotency key."""

    idempotency_key = HiddenField()
