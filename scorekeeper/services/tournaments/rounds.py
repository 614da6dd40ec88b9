"""Playing the tournament: closing a round and drawing the next (each table a match of its own, created as
any match is), and the organizer's decision for a table that cannot finish."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from ... import serializers
from ...extensions import db
from ...models import Club, Event, Match, Tournament, TournamentEntry, TournamentTable, utcnow
from ...rules import Problem, Replayer, RuleError, Rules
from ...rules.words import Said
from ...serializers import side_names
from ...tournament import PlayedRound, Table, draw
from ..access import find_club, hash_token
from ..clubs import club_seats, seat_players
from ..errors import Answer, Invalid, NotFound, json_object
from ..idempotency import fingerprint, idempotent
from ..matches import new_match
from ..state import cache_state
from ..text import text_problem
from .common import (
    REASON_LIMIT,
    Closed,
    authorize_organizer,
    checked,
    find_tournament,
    format_of,
    scope_of,
    table_token,
    take_tournament,
    tournament_rules,
)
from .publish import publish_venue
from .view import Loaded, load, revision_of, tournament_body


def _seat(tournament: Tournament, rules: Rules, club: Club | None, number: int, table: Table) -> TournamentTable:
    """A drawn table's match, created as any match is (the tournament's rules, the drawn seats and first
    dealer; a club's players seated when the tournament is a club's), and the table's row."""
    players = list(table.seats)
    match, _ = new_match(rules, players, table.first_dealer, 1)
    match.language = tournament.language
    match.edit_token_hash = hash_token(table_token(match.id))
    match.club_id = club.id if club is not None else None
    db.session.add(match)
    db.session.flush()
    seat_players(match, club, club_seats(club, players))
    cache_state(match, Replayer(rules, table.first_dealer, side_names(rules, match.players)).state(), 1, [])
    db.session.add(Event(match_id=match.id, revision=1, kind="create",
                         data={"variant": rules.variant, "rules": match.rules, "players": match.players,
                               "first_dealer": table.first_dealer,
                               "tournament": {"id": tournament.id, "round": number, "table": table.number}}))
    row = TournamentTable(tournament_id=tournament.id, round=number, number=table.number, match_id=match.id,
                          sides=[list(side) for side in table.sides])
    db.session.add(row)
    return row


def _still_playing(loaded: Loaded) -> Closed:
    # Translators: sides is the table's sides, "Ana & Ivo v Mike & Yvonne".
    return Closed([Problem(f"tables.{table.number}",
                           Said("table %(number)s (%(sides)s) is still playing: its match has no winner yet (decide "
                                "it if it cannot finish)", number=table.number, sides=loaded.title(table)))
                   for table in loaded.still_playing()])


def _answer(tournament: Tournament, drawn: int | None) -> Answer:
    """What closing a round answers: the status, the round now played and (when one was drawn) its tables with
    their links; the whole tournament is one GET away."""
    view = tournament_body(load(tournament), secrets=True)
    tables = []
    round_ = next((r for r in view["rounds"] if r["number"] == drawn), None)
    if round_ is not None:
        tables = [{"number": t["number"], "match": t["match"], "sides": t["sides"], "names": t["names"],
                   "entries": t["entries"], "links": {"scorer": t["links"]["scorer"]}} for t in round_["tables"]]
    return Answer.of(201, {
        "id": tournament.id, "status": view["status"], "round": view["round"], "total_rounds": view["total_rounds"],
        "drawn": None if round_ is None else {"number": drawn, "tables": tables, "byes": round_["byes"]},
        "winner": view["winner"], "revision": view["revision"]})


def _close_round(loaded: Loaded) -> None:
    """The current round closes: its results are final, whatever a sheet says later."""
    for row in loaded.tables:
        if row.round == loaded.round and row.winner is None:
            totals, winner = loaded.outcome(row)
            strokes = loaded.strokes(row)
            row.totals, row.winner = list(totals), winner
            row.strokes = None if strokes is None else list(strokes)


def _name_winners(locked: Tournament, loaded: Loaded, played: list[PlayedRound]) -> None:
    locked.status = "finished"
    locked.winner = list(draw.winner(loaded.format, loaded.draw_entries(), played) or ())


def _finish_when_over(locked: Tournament, loaded: Loaded) -> bool:
    """The tournament (locked, ``loaded`` as it is now) finishes and names its winners when its last round's
    last table is over: no further round would be drawn. Any earlier round waits for the organizer's draw."""
    if locked.status != "playing" or loaded.still_playing():
        return False
    played = loaded.played()
    if len(played) != loaded.round or not draw.finished(loaded.format, len(loaded.entries), played):
        return False
    _close_round(loaded)
    _name_winners(locked, loaded, loaded.played())
    locked.updated_at = utcnow()
    db.session.flush()
    return True


def finish_at_last_table(match_id: str) -> str | None:
    """After a write that gave a tournament table's match its winner, in that write's transaction (the match's
    row locked): when it was the last table still playing of the tournament's last round, the tournament
    finishes and names its winners at once, as closing that round by hand did. The tournament's id when it
    finished (its venue screens are to be told), else None. One indexed lookup for any other match; the
    tournament's row is locked only when the table is in its last round."""
    found = db.session.execute(
        select(TournamentTable.tournament_id, TournamentTable.round)
        .where(TournamentTable.match_id == match_id)).first()
    if found is None:
        return None
    tournament_id, number = found
    tournament = db.session.get(Tournament, tournament_id)
    if tournament is None or tournament.status != "playing" or number != len(tournament.byes or []):
        return None
    entries = db.session.scalar(select(func.count()).select_from(TournamentEntry)
                                .where(TournamentEntry.tournament_id == tournament_id)) or 0
    if number < draw.total_rounds(format_of(tournament, tournament_rules(tournament)), entries):
        return None  # a round before the last: the organizer draws the next
    db.session.flush()
    db.session.expire_all()  # the match's state as this write left it (some of it written by plain statements)
    locked = take_tournament(tournament_id, scope_of(tournament_id), None, "")
    return tournament_id if _finish_when_over(locked, load(locked)) else None


def next_round(tournament_id: str, token: str | None, idempotency_key: str | None = None) -> Answer:
    """Close the current round and draw the next → 201. The first call starts the tournament (422 when the
    entries cannot fill its format); later ones need every table of the round finished or decided (409 naming
    the tables still playing). After the last round it closes the tournament: status finished, winner set."""
    tournament = find_tournament(tournament_id)
    authorize_organizer(tournament, token)
    db.session.rollback()
    scope = scope_of(tournament_id)
    print_ = fingerprint("POST", f"/api/v1/tournaments/{tournament_id}/rounds")

    def work() -> Answer:
        locked = take_tournament(tournament_id, scope, idempotency_key, print_)
        loaded = load(locked)
        count = len(loaded.entries)
        if locked.status == "finished":
            raise Closed("status", Said("the tournament is finished: there is no round to draw"))
        if locked.status == "registering":
            try:
                draw.check_entries(loaded.format, count)
            except RuleError as error:
                raise checked(error) from None
            locked.status = "playing"
        elif loaded.still_playing():
            raise _still_playing(loaded)
        _close_round(loaded)
        played = loaded.played()
        entries = loaded.draw_entries()
        drawn = None
        if draw.finished(loaded.format, count, played):
            # A tournament from before it finished by itself, its last round over: named now.
            _name_winners(locked, loaded, played)
        else:
            try:
                round_ = draw.draw_round(loaded.format, entries, played, locked.seed)
            except RuleError as error:
                raise checked(error, Closed) from None
            club = find_club(locked.club_id) if locked.club_id is not None else None
            for table in round_.tables:
                _seat(locked, loaded.rules, club, round_.number, table)
            locked.byes = [*(locked.byes or []), list(round_.byes)]
            drawn = round_.number
        locked.updated_at = utcnow()
        db.session.flush()
        return _answer(locked, drawn)

    answer = idempotent(scope, idempotency_key, print_, work)
    publish_venue(tournament_id)
    return answer


def _read_decision(data: Any, sides: int) -> tuple[int, str]:
    body = json_object(data)
    problems: list[Problem] = []
    winner = body.get("winner")
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < sides:
        problems.append(Problem("winner", Said("the winner is a side of the table, from 0 to %(last)s",
                                               last=sides - 1)))
        winner = 0
    reason = body.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        problems.append(Problem("reason", Said("say why the table is decided (a no-show, a dispute …), in 1 to "
                                               "%(limit)s characters", limit=REASON_LIMIT)))
    # Translators: the organizer's reason for deciding a table, in "… is not valid text: it holds a broken character".
    elif broken := text_problem(reason, "reason", Said("the reason")):
        problems.append(broken)
    elif len(reason.strip()) > REASON_LIMIT:
        problems.append(Problem("reason", Said("a reason has at most %(limit)s characters", limit=REASON_LIMIT)))
    if problems:
        raise Invalid(problems)
    return winner, str(reason).strip()


def decide(tournament_id: str, number: int, token: str | None, data: Any,
           idempotency_key: str | None = None) -> Answer:
    """The organizer decides table ``number`` of the current round, which cannot finish (a no-show, a
    dispute): ``{"winner": <side>, "reason": "…"}`` → 200 with the table. 409 when the table is already over
    (its match finished, or decided before) or the tournament is not playing; the decision is kept in the
    table's match's audit log (an event of kind ``decide``)."""
    body = json_object(data)
    tournament = find_tournament(tournament_id)
    authorize_organizer(tournament, token)
    db.session.rollback()
    scope = scope_of(tournament_id)
    print_ = fingerprint("POST", f"/api/v1/tournaments/{tournament_id}/tables/{number}/decide", body)

    def work() -> Answer:
        locked = take_tournament(tournament_id, scope, idempotency_key, print_)
        if locked.status != "playing":
            raise Closed("status", Said("the tournament is finished: its tables can no longer be decided")
                         if locked.status == "finished" else Said("no round has been drawn yet"))
        loaded = load(locked)
        table = next((t for t in loaded.tables if t.round == loaded.round and t.number == number), None)
        if table is None:
            raise NotFound("number", Said("no table %(number)s in round %(round)s", number=number, round=loaded.round))
        winner, reason = _read_decision(body, loaded.rules.sides)
        if table.decided_winner is not None:
            # Translators: reason is the organizer's reason for deciding the table ("Ivo had to leave").
            raise Closed("number", Said("table %(number)s was already decided: %(reason)s", number=number,
                                        reason=table.decided_reason))
        if loaded.summaries[table.match_id]["winner"] is not None:
            raise Closed("number", Said("table %(number)s has finished its match: there is nothing to decide",
                                        number=number))
        table.decided_winner = winner
        table.decided_reason = reason
        match: Match = loaded.matches[table.match_id]
        names = side_names(loaded.rules, match.players)
        db.session.add(Event(match_id=match.id, revision=match.revision, kind="decide",
                             data={"winner": winner, "side": names[winner], "reason": reason,
                                   "tournament": {"id": locked.id, "round": loaded.round, "table": number}}))
        db.session.flush()
        _finish_when_over(locked, loaded)  # the last round's last table: the winners are named
        shown: dict[str, Any] = dict(serializers.tournament_table(table, match, loaded.rules,
                                                                  loaded.summaries[table.match_id], {}))
        shown.pop("links")
        return Answer.of(200, {**shown, "round": loaded.round, "revision": revision_of(loaded)})

    answer = idempotent(scope, idempotency_key, print_, work)
    publish_venue(tournament_id)
    return answer
