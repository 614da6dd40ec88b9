"""The club form: start a club, its name and the players known already; and where a problem with it is shown."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import HiddenField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length

CLUB_FIELDS = {"players.*": "players"}
"""The club form's field for a problem with a new club: every player's problem is beside the players."""


class NewClubForm(FlaskForm):
    """Start a club: its name, and the players known already (one a line; more join as they play)."""

    idempotency_key = HiddenField()
    name = StringField("Name of the club", validators=[InputRequired("give the club a name"), Length(max=80)])
    players = TextAreaField("Players (optional, one a line)")

    def request_body(self) -> dict[str, Any]:
        """The API's club body made from the form."""
        names = [line.strip() for line in (self.players.data or "").splitlines() if line.strip()]
        return {"name": self.name.data or "", "players": names}
