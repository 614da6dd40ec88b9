"""What every tournament verb shares: finding a tournament (by id, or by its venue screen's token), the
organizer's secret, the row lock every write takes, the format and rules, and the tables' secrets."""

from __future__ import annotations

import hmac

from sqlalchemy import select, update

from ...extensions import db
from ...models import Tournament, utcnow
from ...rules import OPTION_NAMES, Problem, RuleError, Rules, make_rules
from ...rules.limits import REASON_LIMIT as REASON_LIMIT  # the tournaments' limits, read here by the services
from ...rules.limits import TOURNAMENT_NAME_LIMIT as TOURNAMENT_NAME_LIMIT
from ...rules.words import Said
from ...tournament import Format
from ..access import hash_token, secret_from_seed
from ..errors import Invalid, NotFound, ServiceError, Unauthorized
from ..idempotency import Replayed, stored_answer
from ..text import broken_character

ENTRY_LIMIT = 128
"""The most entries (players or pairs) a tournament takes: 32 tables of four in its first round."""
SEED_LIMIT = 2**31 - 1
"""The largest seed (the column is a 32-bit integer)."""


class Closed(ServiceError):
    """409: the tournament is not at the stage this needs (registration is over, a table is still playing,
    the tournament is finished), or the table is already over."""

    status = 409


def scope_of(tournament_id: str) -> str:
    """The idempotency scope of a tournament's writes."""
    return f"tournament {tournament_id}"


def find_tournament(tournament_id: str) -> Tournament:
    """The tournament ``tournament_id``, or NotFound."""
    found = None if broken_character(tournament_id) else db.session.get(Tournament, tournament_id)
    if found is None:
        raise NotFound("id", Said("no tournament %(id)r", id=tournament_id))
    return found


def find_screen(view_token: str) -> Tournament:
    """The tournament whose venue screen is at ``view_token``, or NotFound."""
    found: Tournament | None = None
    if not broken_character(view_token):
        found = db.session.scalar(select(Tournament).where(Tournament.view_token == view_token))
    if found is None:
        raise NotFound("view_token", Said("no venue screen at this link"))
    return found


def authorize_organizer(tournament: Tournament, token: str | None) -> None:
    """Unauthorized unless ``token`` is the tournament's organizer secret (compared in constant time)."""
    if token is None:
        # Translators: 'Authorization: Bearer <organizer_token>' is an HTTP header: keep it as it is.
        raise Unauthorized("Authorization",
                           Said("send the organizer's secret as 'Authorization: Bearer <organizer_token>'"))
    if not hmac.compare_digest(hash_token(token), tournament.organizer_token_hash):
        raise Unauthorized("Authorization", Said("this token is not this tournament's organizer secret"))


def take_tournament(tournament_id: str, scope: str, key: str | None, print_: str) -> Tournament:
    """Lock the tournament's row by raising its revision (concurrent writes to it queue up), then load it.

    A retry that waited for the lock while its twin committed gets the twin's answer (``Replayed``)."""
    stmt = (update(Tournament).where(Tournament.id == tournament_id)
            .values(revision=Tournament.revision + 1, updated_at=utcnow()).returning(Tournament.revision))
    revision = db.session.execute(stmt, execution_options={"synchronize_session": False}).scalar_one_or_none()
    if revision is None:
        raise NotFound("id", Said("no tournament %(id)r", id=tournament_id))
    if key is not None:
        earlier = stored_answer(scope, key, print_)
        if earlier is not None:
            raise Replayed(earlier)
    locked = db.session.get(Tournament, tournament_id, populate_existing=True)
    assert locked is not None
    return locked


def tournament_rules(tournament: Tournament) -> Rules:
    """The house rules every table plays, rebuilt from the options stored at creation."""
    stored = tournament.rules
    return make_rules(tournament.variant, {name: stored[name] for name in OPTION_NAMES if name in stored})


def format_of(tournament: Tournament, rules: Rules) -> Format:
    """The draw's view of the tournament: format, entry, table size, rounds (where chosen), and whether the game
    keeps strokes (Jass: the standings rank by them)."""
    return Format(tournament.format, tournament.entry, rules.players, rules.sides, tournament.rounds,
                  strokes=rules.strokes)


def checked(error: RuleError, status: type[ServiceError] = Invalid) -> ServiceError:
    """The draw's refusal as a service error (422 unless said), each problem under its own field."""
    return status([Problem(p.field, p.message) for p in error.problems])


def table_token(match_id: str) -> str:
    """The edit secret of a tournament table's match: derived from the app's secret key and the match's id,
    never stored (the match keeps only its hash), so the organizer's page can show every table's link again."""
    return secret_from_seed(f"tournament-table:{match_id}")
