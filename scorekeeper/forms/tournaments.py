"""The tournament forms: a new tournament, registering a player (or a pair), deciding a table, and the
buttons that draw a round; each read into the API's body, and where a problem with it is shown."""

from __future__ import annotations

from typing import Any

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Optional

from ..i18n import said
from ..rules import PRESETS
from ..tournament import FORMATS
from .choices import options
from .languages import chosen_language, screen_language_field

SEVEN_DEALS = "7"
DEAL_LIMITS = [
    # glossary: game, hand (a deal). Translators: a game is not played to its target: after the 7th deal, the side
    # with more points wins it.
    (SEVEN_DEALS, _l("A game ends after 7 deals: the side ahead wins")),
    # glossary: game
    ("", _l("A game is played to its target, as the game says")),
]
ENTRIES = [("players", _l("Players, each alone")), ("pairs", _l("Fixed pairs of partners (four-handed games)"))]
TOURNAMENT_FIELDS = {"rules.deal-limit": "deal_limit", "variant": "variant", "rules.*": "variant"}
"""Where a problem with a new tournament is shown on its form (the rest by their own names)."""
REGISTER_FIELDS = {"names.0": "name", "names.1": "partner", "names": "name"}


def _chooses_rounds(name: str | None) -> bool:
    """Whether the format chosen takes the organizer's number of rounds (an unknown one is the API's to refuse)."""
    kind = FORMATS.get(name or "")
    return kind is not None and kind.chooses_rounds


class NewTournamentForm(FlaskForm):
    """A new tournament: its name, game, deal limit, format, entry, rounds (where the format lets them be
    chosen), seed and club."""

    idempotency_key = HiddenField()
    name = StringField(_l("Name of the tournament"), validators=[InputRequired(
        # Translators: "Friday Belote" is an example of a tournament's name: a weekday and the game.
        _l("give the tournament a name, such as \"Friday Belote\""))])
    # Each game's name in the page's language (the engine's title, said when the form is shown).
    variant = SelectField(_l("Game"), choices=lambda: options((name, LazyString(said, rules.title))
                                                              for name, rules in PRESETS.items()),
                          default="belote")
    # glossary: game
    deal_limit = RadioField(_l("How a game ends"), choices=options(DEAL_LIMITS), default=SEVEN_DEALS,
                            validate_choice=False)
    # Every registered format, as the registry says it; the first is offered first and chosen.
    format = RadioField(_l("Format"), choices=options((name, LazyString(said, kind.description))
                                                      for name, kind in FORMATS.items()),
                        default=next(iter(FORMATS)), validate_choice=False)
    # Translators: how players enter a tournament: each alone, or as fixed pairs.
    entry = RadioField(_l("Entry"), choices=options(ENTRIES), default="players", validate_choice=False)
    rounds = IntegerField(_l("Rounds (Swiss only)"), validators=[Optional()])
    seed = IntegerField(_l("Draw seed (optional: one is drawn for you)"), validators=[Optional()])
    club = SelectField(_l("Club"), choices=options([("", _l("No club"))]), default="")
    language = screen_language_field(_l("Language of the venue screen and the tables' boards"))

    def request_body(self) -> dict[str, Any]:
        """The API's tournament body made from the form."""
        body: dict[str, Any] = {"name": self.name.data or "", "variant": self.variant.data or "",
                                "format": self.format.data or "", "entry": self.entry.data or "players"}
        if self.deal_limit.data == SEVEN_DEALS:
            body["rules"] = {"deal-limit": 7}
        if self.rounds.data is not None and _chooses_rounds(self.format.data):
            body["rounds"] = self.rounds.data
        if self.seed.data is not None:
            body["seed"] = self.seed.data
        if self.club.data:
            body["club"] = self.club.data
        if chosen_language(self.language):
            body["language"] = chosen_language(self.language)
        return body


class RegisterForm(FlaskForm):
    """A player registering (alone), or a pair: the player's name and the partner's."""

    idempotency_key = HiddenField()
    name = StringField(_l("Name"))
    partner = StringField(_l("Partner's name"))

    def request_body(self, pairs: bool) -> dict[str, Any]:
        """The API's registration body: ``{"name"}``, or ``{"names": [a, b]}`` for pairs."""
        if pairs:
            return {"names": [self.name.data or "", self.partner.data or ""]}
        return {"name": self.name.data or ""}


class DecideForm(FlaskForm):
    """The organizer's decision of a table that cannot finish: the side that wins it, and why."""

    idempotency_key = HiddenField()
    winner = RadioField(_l("Winner"), choices=[], validate_choice=False,
                        validators=[InputRequired(_l("choose the side that wins the table"))])
    reason = StringField(_l("Why (kept in the table's record)"),
                         validators=[InputRequired(_l("say why the table is decided (a no-show, a dispute …)"))])

    def request_body(self) -> dict[str, Any]:
        """The API's decision body."""
        winner = self.winner.data
        return {"winner": int(winner) if winner and winner.isdigit() else winner, "reason": self.reason.data or ""}


class ButtonForm(FlaskForm):
    """A button's write (draw the next round, finish): the CSRF token and an idempotency key."""

    idempotency_key = HiddenField()
