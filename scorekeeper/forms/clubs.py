"""The club form: start a club, its name and the players known already; and where a problem with it is shown."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length

from ..services.clubs import CLUB_NAME_LIMIT
from .languages import chosen_language, screen_language_field

CLUB_FIELDS = {"players.*": "players"}
"""The club form's field for a problem with a new club: every player's problem is beside the players."""


class NewClubForm(FlaskForm):
    """Start a club: its name, and the players known already (one a line; more join as they play)."""

    idempotency_key = HiddenField()
    name = StringField(_l("Name of the club"), validators=[
        InputRequired(_l("give the club a name")),
        Length(max=CLUB_NAME_LIMIT,
               message=_l("a club's name has at most %(limit)s characters", limit=CLUB_NAME_LIMIT))])
    players = TextAreaField(_l("Players (optional, one a line)"))
    # glossary: board
    language = screen_language_field(_l("Language of the club's boards"))

    def request_body(self) -> dict[str, Any]:
        """The API's club body made from the form."""
        names = [line.strip() for line in (self.players.data or "").splitlines() if line.strip()]
        return {"name": self.name.data or "", "players": names, "language": chosen_language(self.language)}
