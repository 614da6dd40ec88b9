"""What a tournament shows: its entries, every round's tables with their matches' totals (from each match's
cached state: points are never worked out here), the standings and the winner; for the organizer with every
table's links, for the venue screen without any secret. And the venue's revision, which every change at any
table raises."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from ... import serializers
from ...extensions import db
from ...models import Match, Tournament, TournamentEntry, TournamentTable
from ...rules import Rules
from ...rules.words import Listed
from ...serializers import to_json
from ...tournament import Entry, Format, PlayedRound, TableResult, draw, find_format
from ..access import confirm_token
from ..state import summary_of
from .common import format_of, table_token, tournament_rules


@dataclass
class Loaded:
    """A tournament with everything its view reads, loaded in a few queries."""

    tournament: Tournament
    rules: Rules
    format: Format
    entries: list[TournamentEntry]
    tables: list[TournamentTable]
    matches: dict[str, Match]
    summaries: dict[str, dict[str, Any]]

    @property
    def round(self) -> int:
        """The round being played (the last one drawn); 0 before the first."""
        return len(self.tournament.byes or [])

    def names(self, index: int) -> list[str]:
        return list(self.entries[index].names)

    def outcome(self, table: TournamentTable) -> tuple[tuple[int, ...], int | None]:
        """The table's totals (its match's) and winning side: as its round was closed; else the organizer's
        decision, else the match's winner; None while it is still playing."""
        if table.winner is not None and table.totals is not None:
            return tuple(table.totals), table.winner
        summary = self.summaries[table.match_id]
        winner = table.decided_winner if table.decided_winner is not None else summary["winner"]
        return tuple(summary["totals"]), winner

    def strokes(self, table: TournamentTable) -> tuple[int, ...] | None:
        """Where the game keeps strokes (Jass): each side's strokes at the table (``serializers.table_strokes``)."""
        found = serializers.table_strokes(table, self.rules, self.summaries[table.match_id])
        return None if found is None else tuple(found)

    def still_playing(self) -> list[TournamentTable]:
        """The current round's tables that are neither finished nor decided."""
        return [t for t in self.tables if t.round == self.round and self.outcome(t)[1] is None]

    def played(self) -> list[PlayedRound]:
        """The rounds played to the end, as the draw reads them: each table's sides, totals and winner (table 1
        first) and the round's byes. The current round counts once every table of it is over (the draw reads
        only whole rounds: a knockout's next round, the standings)."""
        rounds: list[PlayedRound] = []
        for number, byes in enumerate(self.tournament.byes or [], start=1):
            results = []
            for table in self.tables:
                if table.round != number:
                    continue
                totals, winner = self.outcome(table)
                if winner is None:
                    return rounds
                results.append(TableResult(tuple(tuple(side) for side in table.sides), totals, winner,
                                           self.strokes(table)))
            rounds.append(PlayedRound(number, tuple(results), tuple(byes)))
        return rounds

    def draw_entries(self) -> list[Entry]:
        return [Entry(tuple(entry.names)) for entry in self.entries]

    def title(self, table: TournamentTable) -> Listed:
        """"Ana & Ivo v Mike & Yvonne": the table's sides as its match names them (" v " said in the page's
        language, as the board says it)."""
        return Listed(serializers.side_names(self.rules, self.matches[table.match_id].players), " v ")


def load(tournament: Tournament) -> Loaded:
    """The tournament with its entries, tables, their matches and the matches' states (cached)."""
    rules = tournament_rules(tournament)
    entries = list(db.session.scalars(select(TournamentEntry).where(TournamentEntry.tournament_id == tournament.id)
                                      .order_by(TournamentEntry.number)))
    tables = list(db.session.scalars(select(TournamentTable).where(TournamentTable.tournament_id == tournament.id)
                                     .order_by(TournamentTable.round, TournamentTable.number)))
    matches = {m.id: m for m in db.session.scalars(select(Match).where(
        Match.id.in_([t.match_id for t in tables])))} if tables else {}
    summaries = {match_id: summary_of(match) for match_id, match in matches.items()}
    return Loaded(tournament, rules, format_of(tournament, rules), entries, tables, matches, summaries)


def _links(loaded: Loaded, table: TournamentTable, secrets: bool) -> dict[str, Any]:
    match = loaded.matches[table.match_id]
    links: dict[str, Any] = {"board": f"/board/{match.view_token}"}
    if secrets:
        links["scorer"] = f"/m/{match.id}#{table_token(match.id)}"
        links["confirm"] = [f"/c/{match.id}/{side}/{confirm_token(match.id, side)}"
                            for side in range(loaded.rules.sides)]
    return links


def _winner(loaded: Loaded) -> dict[str, Any] | None:
    won = loaded.tournament.winner
    if won is None:
        return None
    names = [loaded.names(index) for index in won]
    knockout = find_format(loaded.tournament.format).knockout
    # A knockout's winner is one side (remix: the final's winning pair); a shared first place, several entries.
    joined = " & " if knockout else ", "
    return {"entries": list(won), "names": [name for entry in names for name in entry],
            "name": joined.join(serializers.entry_name(entry) for entry in names)}


def revision_of(loaded: Loaded) -> int:
    """The venue's revision as loaded: the tournament's own plus every table's match's (see ``venue_revision``)."""
    return loaded.tournament.revision + sum(match.revision for match in loaded.matches.values())


def tournament_body(loaded: Loaded, secrets: bool) -> dict[str, Any]:
    """The tournament as docs/api.md shows it: with every table's scorer and confirmation links for the
    organizer (``secrets``), without them for the venue screen."""
    tournament = loaded.tournament
    count = len(loaded.entries)
    total = None
    if tournament.status != "registering":
        total = draw.total_rounds(loaded.format, count)
    played = loaded.played()
    rounds = []
    for number, byes in enumerate(tournament.byes or [], start=1):
        tables = [serializers.tournament_table(table, loaded.matches[table.match_id], loaded.rules,
                                               loaded.summaries[table.match_id], _links(loaded, table, secrets))
                  for table in loaded.tables if table.round == number]
        rounds.append({"number": number, "tables": tables,
                       "byes": [serializers.entry_name(loaded.names(index)) for index in byes]})
    standings = []
    if tournament.status != "registering":  # before the draw the entries may not fill the format yet
        standings = [serializers.tournament_standing(line, loaded.names(line.entry))
                     for line in draw.standings(loaded.format, loaded.draw_entries(), played)]
    return {
        **serializers.tournament_head(tournament, loaded.rules),
        "revision": revision_of(loaded),
        "total_rounds": total,
        "round": loaded.round,
        "round_complete": tournament.status == "playing" and not loaded.still_playing(),
        "entries": [serializers.tournament_entry(entry) for entry in loaded.entries],
        "rounds": rounds,
        "standings": standings,
        "winner": _winner(loaded),
    }


def view_text(tournament: Tournament, secrets: bool) -> tuple[str, int]:
    """The organizer's view (``secrets``) or the venue screen's as compact JSON text, with its revision."""
    loaded = load(tournament)
    return to_json(tournament_body(loaded, secrets)), revision_of(loaded)


def tournament_json(tournament: Tournament) -> str:
    """The organizer's view as compact JSON text."""
    return view_text(tournament, secrets=True)[0]


def venue_json(tournament: Tournament) -> str:
    """The venue screen's view (no secret) as compact JSON text: what GET /tournaments/boards/<token> answers
    and each live update of the screen carries."""
    return view_text(tournament, secrets=False)[0]


def venue_revision(tournament_id: str) -> int | None:
    """The venue's revision as stored now, in one query: the tournament's own revision plus the revisions of
    its tables' matches. Every write to the tournament raises the first, every hand at a table the second, and
    neither ever falls, so a hand at one of sixteen tables never touches (or waits for) the tournament's row.
    None when there is no such tournament."""
    tables = (select(func.coalesce(func.sum(Match.revision), 0))
              .select_from(TournamentTable).join(Match, Match.id == TournamentTable.match_id)
              .where(TournamentTable.tournament_id == tournament_id).scalar_subquery())
    value = db.session.scalar(select(Tournament.revision + tables).where(Tournament.id == tournament_id))
    return None if value is None else int(value)


def tournament_view(tournament: Tournament, secrets: bool) -> dict[str, Any]:
    """The tournament as the API shows it (``tournament_body``), as a dict for the pages: with every table's
    scorer and confirmation links for the organizer (``secrets``), without them otherwise."""
    return tournament_body(load(tournament), secrets)


def table_of_match(match_id: str) -> dict[str, Any] | None:
    """The tournament table a match is played at, for the line on its sheet and board ("Table 3, round 2 of
    Friday Belote"), with the venue screen's path (no secret: the screen is public); None for any other match."""
    found = db.session.execute(
        select(TournamentTable.number, TournamentTable.round, Tournament.name, Tournament.view_token)
        .join(Tournament, Tournament.id == TournamentTable.tournament_id)
        .where(TournamentTable.match_id == match_id)).first()
    if found is None:
        return None
    number, round_, name, view_token = found
    return {"table": number, "round": round_, "tournament": name, "screen": f"/t/screen/{view_token}"}


def draw_sheet(tournament: Tournament) -> dict[str, Any]:
    """What the printed draw sheet shows: the view without secrets, each table with its players in seat order
    and its first dealer (as its match was created)."""
    loaded = load(tournament)
    view = tournament_body(loaded, secrets=False)
    seated = {table.match_id: loaded.matches[table.match_id] for table in loaded.tables}
    for round_ in view["rounds"]:
        for table in round_["tables"]:
            match = seated[table["match"]]
            table["seats"] = list(match.players)
            table["first_dealer"] = match.players[match.first_dealer]
    return view
