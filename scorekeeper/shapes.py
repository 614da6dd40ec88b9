"""Each JSON answer of the API declared once, as a typed shape: what the serializers (and the services that
store answers byte for byte) build, and what views/api/openapi.py documents (pydantic reads these types into
the OpenAPI document's schemas; nothing here validates an answer or a request).

A shape's docstring is its description in the document, a member's is its ``Field``'s (pydantic reads
members' docstrings only by parsing the source, which takes seconds). The vocabularies (suits,
ranks, contracts, results, the rule options, tournament formats, languages) come from where they live: the
engine's enums are used as they are, and a vocabulary kept as a tuple of strings is put into the schema
(``choice``); for the type checker such a member is a plain ``str``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Annotated, Any, Literal, NotRequired, Required, get_type_hints

from pydantic import Field, Json, WithJsonSchema
from typing_extensions import TypedDict  # pydantic reads a TypedDict of typing only from Python 3.12

from .languages import LANGUAGES
from .models import WRITE_KINDS
from .rules import PRESETS, Contract, Rank, Result, Rules, Suit
from .rules.variants import option_name
from .tournament import ENTRY_KINDS, FORMATS


def choice(values: Any, description: str | None = None) -> WithJsonSchema:
    """A member whose values are one of ``values`` (a vocabulary kept as strings where it lives)."""
    schema: dict[str, Any] = {"enum": list(values)}
    if description:
        schema["description"] = description
    return WithJsonSchema(schema)


Count = Annotated[int, Field(ge=0)]
Ordinal = Annotated[int, Field(ge=1)]
"""A number counted from 1: a hand, a game, a round, a table, a revision."""
SideIndex = Annotated[int, Field(ge=0, description="a side, numbered from 0")]
PerSide = Annotated[list[int], Field(description="one entry per side, side 0 first")]
Time = Annotated[str, WithJsonSchema({"type": "string", "format": "date-time",
                                      "description": "ISO 8601 with its UTC offset"})]
Day = Annotated[str, WithJsonSchema({"type": "string", "format": "date", "description": "YYYY-MM-DD"})]
Language = Annotated[str, choice(LANGUAGES, f"{', '.join(list(LANGUAGES)[:-1])} or {list(LANGUAGES)[-1]}")]
Format = Annotated[str, choice(FORMATS)]
EntryKind = Annotated[str, choice(ENTRY_KINDS)]
Digest = Annotated[str, Field(pattern="^[0-9a-f]{64}$")]
CARD_PATTERN = f"^({'|'.join(r.value for r in Rank)})[{''.join(s.letter for s in Suit)}]$"
Card = Annotated[str, Field(pattern=CARD_PATTERN, examples=["10H", "JS", "AC"],
                            description=f"rank then suit letter ({' '.join(s.letter for s in Suit)})")]
STATUSES = ("registering", "playing", "finished")
"""A tournament's status: taking entries, playing its rounds, over."""
Status = Annotated[str, choice(STATUSES)]


# ---------------------------------------------------------------- the rules

_RULES_REQUIRED = ("variant", "title", "description", "players", "sides", "target", "best-of", "contracts")
_RULES_SHOWN: dict[str, Any] = {
    "variant": str, "title": str, "description": str, "top-trump": str, "contracts": list[Contract],
    "meld-values": dict[str, int],
    # Not house rules: the presets' own counts.
    "players": Literal[tuple(sorted({rules.players for rules in PRESETS.values()}))],
    "sides": Literal[tuple(sorted({rules.sides for rules in PRESETS.values()}))]}


def _rules_shape() -> Any:
    """The Rules answer made from the engine's ``Rules`` fields: each option under its name (``as_dict``), a
    choice's values from its enum, a number that may be absent as nullable (docs/api.md "Variants and house
    rules")."""
    types = get_type_hints(Rules)
    members: dict[str, Any] = {}
    for item in fields(Rules):
        if not item.init or item.metadata.get("fact") or item.name == "cards":
            continue
        name = option_name(item.name)
        kind = _RULES_SHOWN.get(name, types[item.name])
        members[name] = Required[kind] if name in _RULES_REQUIRED else NotRequired[kind]
        if name == "players":
            members["sides"] = Required[_RULES_SHOWN["sides"]]
    members["top-trump"] = NotRequired[str]
    made = TypedDict("Rules", members)  # type: ignore[misc]  # the engine's fields, read at import
    made.__doc__ = "a preset with its options resolved (docs/api.md \"Variants and house rules\")"
    return made


if TYPE_CHECKING:
    RulesShape = dict[str, Any]
else:
    RulesShape = _rules_shape()


# ---------------------------------------------------------------- a match and its hands


class Hand(TypedDict):
    """a hand's entry in the state; a voided hand keeps number, input and its dispute and confirmation fields,
    and has null game, result, points, scores, pot, totals and valat, and an empty explanation"""

    number: Ordinal
    game: int | None
    input: Annotated[dict[str, Any], Field(description="the hand as it was given (HandInput)")]
    voided: bool
    result: Result | None
    points: PerSide | None
    scores: PerSide | None
    pot: int | None
    totals: PerSide | None
    explanation: list[str]
    valat: Annotated[bool | SideIndex | None, Field(description=
        "whether one side took every trick; in Jass the side that made the Match, or false")]
    multiplier: NotRequired[Annotated[int, Field(description=
        "Jass: the contract's multiplier; points and scores are after it")]]
    kontermatch: NotRequired[Annotated[bool, Field(description=
        "Jass: true when the side that did not choose trumps made the Match")]]
    disputed: bool
    dispute: str | None
    confirmed_by: list[SideIndex]


class Game(TypedDict):
    number: Ordinal
    totals: PerSide
    winner: SideIndex | None
    drawn: NotRequired[Annotated[bool, Field(description=
        "true for a game that ended level after its deal limit where level is a draw (Klaverjas); absent otherwise")]]
    strokes: NotRequired[Annotated[PerSide, Field(description=
        "Jass: each side's strokes (Striche) in the game, so far while it is played")]]


class _Replay(TypedDict):
    game: Ordinal
    totals: PerSide
    pot: int
    games: list[Game]
    games_won: PerSide
    winner: SideIndex | None
    finished: bool
    dealer: Count
    leader: Count
    can_claim: list[bool]
    needs: Annotated[list[int], Field(description=
        "points each side still needs to reach the target, side 0 first; empty in a game without a target")]
    baits: NotRequired[Annotated[list[int], Field(description=
        "each side's baits in the current game since its last bait penalty; only under option bait-penalty")]]
    strokes: NotRequired[Annotated[PerSide, Field(description=
        "Jass: each side's strokes (Striche) over the match's games, the current one's so far")]]


class StateSummary(_Replay):
    """the engine's replay of the stored hands, without revision and hands"""

    deals: NotRequired[Annotated[Count, Field(description=
        "deals played in the current game, thrown-in ones not counted")]]


class State(_Replay):
    """the match's state: its revision (the ETag) and every hand, voided ones too"""

    deals: Annotated[Count, Field(description="deals played in the current game, thrown-in ones not counted")]
    revision: Ordinal
    hands: list[Hand]


class WrittenState(_Replay):
    """the new state without its hands (GET /matches/{match_id} has them)"""

    deals: Count
    revision: Ordinal


class HandWritten(Hand):
    """the answer of every hand write: the hand's entry, the match's new revision and state"""

    revision: Ordinal
    state: WrittenState


class Change(HandWritten):
    """a board's change event: what one write changed (after anything but a record, later hands were scored
    again: the board is one GET away)"""

    event: Annotated[str, choice(WRITE_KINDS)]
    updated_at: Time


class Side(TypedDict):
    index: SideIndex
    name: str
    players: list[str]


class MatchLinks(TypedDict):
    board: str
    scorer: NotRequired[str]


class _MatchHead(TypedDict):
    id: str
    variant: str
    rules: RulesShape
    players: list[str]
    sides: list[Side]
    first_dealer: Count
    created_at: Time
    updated_at: Time


class MatchHead(_MatchHead):
    """the match without its state, and without any secret but the board link (serializers.match_head)"""

    links: MatchLinks
    language: NotRequired[Annotated[Language | None, Field(
        description="the language its board speaks to a phone that chose none (null: its club's, else each "
                    "phone's own)")]]


class Match(MatchHead):
    """a match without its secrets (but the board's link)"""

    state: State


class NewMatchLinks(TypedDict):
    board: str
    scorer: str


class NewMatch(_MatchHead):
    """a created or imported match with its secrets, shown only in this answer (and to a retry with the same
    Idempotency-Key)"""

    links: NewMatchLinks
    language: NotRequired[Language | None]
    state: State
    edit_token: str
    view_token: str


class Event(TypedDict):
    """an entry of the audit log (docs/api.md "The audit log")"""

    revision: Ordinal
    kind: str
    hand: int | None
    data: dict[str, Any]
    at: Time


class Events(TypedDict):
    events: list[Event]


class ExportedMatch(TypedDict):
    variant: str
    rules: dict[str, Any]
    players: list[str]
    first_dealer: Count
    created_at: Time


class ExportedHand(TypedDict):
    number: Ordinal
    input: dict[str, Any]
    voided: bool
    disputed: bool
    dispute_note: str | None
    confirmed_by: list[SideIndex]


class Export(TypedDict):
    """everything needed to rebuild a match, and no secret"""

    format: Literal["scorekeeper-match"]
    version: Literal[1]
    match: ExportedMatch
    hands: list[ExportedHand]
    events: Annotated[list[Event], Field(description="the audit log as /events gives it")]
    state: StateSummary
    digest: Annotated[Digest, Field(description=
        "SHA-256 (hex) of the canonical JSON (sorted keys, compact) of every other member")]


# ---------------------------------------------------------------- the engine without saving


class Preview(TypedDict):
    result: Result
    points: PerSide
    scores: PerSide
    pot: int
    totals: PerSide
    explanation: list[str]
    game_winner: SideIndex | None
    multiplier: NotRequired[Annotated[int, Field(description=
        "Jass: the contract's multiplier; points and scores are after it")]]


class Variants(TypedDict):
    variants: list[RulesShape]


class MeldVerdict(TypedDict):
    scores: PerSide
    explanation: list[str]


class RoemVerdict(TypedDict):
    roem: Count
    explanation: list[str]


class LegalPlays(TypedDict):
    legal: list[Card]
    explanation: list[str]


# ---------------------------------------------------------------- clubs


class Club(TypedDict):
    id: str
    name: str
    created_at: Time
    players: list[str]
    language: NotRequired[Annotated[Language | None, Field(description=
        "the language its matches' boards and its venue screens speak (null: each phone's own)")]]


class ClubLinks(TypedDict):
    club: str


class NewClub(Club):
    """a created club with its secret, shown only in this answer (and to a retry with the same
    Idempotency-Key)"""

    club_token: str
    links: ClubLinks


class ImportedClub(NewClub):
    """the new club, its secret and its new matches' ids"""

    matches: list[str]


Filters = TypedDict("Filters", {"player": str, "game": str, "from": Day, "to": Day}, total=False)
Filters.__doc__ = "the filters applied, as query arguments"


class SheetLinks(TypedDict):
    sheet: str
    board: str


class ClubMatch(TypedDict):
    id: str
    day: Day
    variant: str
    game: str
    players: list[str]
    sides: list[str]
    finished: bool
    winner: str | None
    games_won: PerSide
    hands: Count
    result: str
    links: SheetLinks


class ClubMatches(TypedDict):
    filters: Filters
    matches: list[ClubMatch]


class Rate(TypedDict):
    """a rate with its counts; percent is null when of is 0"""

    count: Count
    of: Count
    percent: int | None


class Average(TypedDict):
    hands: Count
    points: int
    average: float | None


class MatchTally(TypedDict):
    played: Count
    won: Count
    unfinished: Count
    win_rate: Rate


class GameTally(TypedDict):
    played: Count
    won: Count
    win_rate: Rate


class HandTally(TypedDict):
    played: Count
    taken: Count
    made: Count
    bate: Count
    tie: Count


class ClaimTally(TypedDict):
    good: Count
    false: Count


class BiggestHand(TypedDict):
    points: int
    match: str
    hand: int
    day: str
    variant: str


class StrokeTally(TypedDict):
    """Jass: the strokes (Striche) and the points the side wrote over the games decided in matches that keep
    strokes, for it and against it (only such games counted)"""

    games: Count
    won: Count
    against: Count
    points: int
    points_against: int


class Figures(TypedDict):
    """a player's or a partnership's figures; strokes only where a match counted keeps them (Jass)"""

    matches: MatchTally
    games: GameTally
    hands: HandTally
    make_rate: Rate
    bate_rate: Rate
    as_taker: Average
    as_defender: Average
    claims: ClaimTally
    biggest_hand: BiggestHand | None
    strokes: NotRequired[StrokeTally]


class NamedFigures(Figures):
    name: str


class PartnershipFigures(Figures):
    name: str
    players: list[str]


class ClubStats(TypedDict):
    filters: Filters
    matches: Count
    players: list[NamedFigures]
    partnerships: list[PartnershipFigures]


class PlayerResult(TypedDict):
    day: Day
    match: str
    variant: str
    game: str
    partners: list[str]
    against: list[str]
    won: bool
    won_so_far: Count
    played_so_far: Count


class PlayerStats(TypedDict, total=False):
    """one player's figures (absent while the player has no match), results over time, partnerships and
    opponents; the figures are Figures' members, each absent until the player has played"""

    name: Required[str]
    matches: MatchTally
    games: GameTally
    hands: HandTally
    make_rate: Rate
    bate_rate: Rate
    as_taker: Average
    as_defender: Average
    claims: ClaimTally
    biggest_hand: BiggestHand | None
    strokes: StrokeTally
    results: Required[list[PlayerResult]]
    partnerships: Required[list[PartnershipFigures]]
    opponents: Required[list[str]]


class HeadToHead(TypedDict):
    players: Annotated[list[str], Field(min_length=2, max_length=2)]
    matches: list[str]
    tallies: dict[str, Figures]


class ExportedClub(TypedDict):
    name: str
    created_at: Time


class ClubExport(TypedDict):
    format: Literal["scorekeeper-club"]
    version: Literal[1]
    club: ExportedClub
    players: list[str]
    matches: list[Export]
    digest: Digest


# ---------------------------------------------------------------- tournaments


class TournamentEntry(TypedDict):
    """a player, or a pair (name "Ana & Ivo"); index is the draw's number for it, from 0, in the order of
    registration"""

    index: Count
    name: str
    names: list[str]


class Decided(TypedDict):
    winner: SideIndex
    reason: str


class TableLinks(TypedDict):
    """the match's board; for the organizer also its scorer link (with the match's edit token after #) and each
    side's confirmation link"""

    board: str
    scorer: NotRequired[str]
    confirm: NotRequired[list[str]]


class _TableTotals(TypedDict):
    number: Ordinal
    match: str
    sides: Annotated[list[list[str]], Field(description="per side, its players in seat order")]
    names: Annotated[list[str], Field(description="per side, its name (\"Ana & Ivo\")")]
    entries: Annotated[list[list[Count]], Field(description="per side, the indices of the entries on it")]
    totals: PerSide
    games_won: PerSide
    strokes: NotRequired[Annotated[PerSide, Field(description=
        "Jass: each side's strokes (Striche) at the table: as its round was closed, else its match's so far (a side "
        "the organizer decided the winner of an unfinished match also has a won game's strokes)")]]


class ExportedTable(_TableTotals):
    """a table of a round as exported: its totals and result, without any link"""

    finished: bool
    winner: SideIndex | None
    decided: Decided | None


class TournamentTable(ExportedTable):
    """a table of a round: its match's totals (from the match's state), and whether it is over (finished: its
    match has a winner, or the organizer decided it)"""

    links: TableLinks


class TournamentRound(TypedDict):
    number: Ordinal
    tables: list[TournamentTable]
    byes: Annotated[list[str], Field(description="the entries that had a bye in this round")]


class Standing(TypedDict):
    """a line of the standings: by wins, then points difference, then points for; in a game that keeps strokes
    (Jass), by strokes, then points for (knockouts by the round reached first; reached is null in a format that
    plays every round)"""

    entry: str
    index: Count
    names: list[str]
    rank: Ordinal
    played: Count
    won: Count
    points_for: int
    points_against: int
    reached: Ordinal | None
    strokes: NotRequired[Annotated[Count, Field(description=
        "Jass: the strokes (Striche) of the entry's tables (outside the knockouts a bye counts as a won game's)")]]


class TournamentWinner(TypedDict):
    entries: list[Count]
    names: list[str]
    name: str


class _TournamentHead(TypedDict):
    id: str
    name: str
    variant: str
    rules: RulesShape
    format: Format
    entry: EntryKind
    seed: Count
    status: Status
    club: str | None
    created_at: Time
    updated_at: Time


class ScreenLinks(TypedDict):
    screen: str
    organizer: NotRequired[str]


class TournamentHead(_TournamentHead):
    """the tournament without its rounds, standings or any secret (but the venue screen's link)"""

    links: ScreenLinks
    language: NotRequired[Annotated[Language | None, Field(
        description="the language of its venue screen and its tables' boards (null: its club's, else each "
                    "phone's own)")]]


class _TournamentView(TypedDict):
    revision: Annotated[Ordinal, Field(description="the venue's revision (the ETag): raised by every change to the "
                                                   "tournament and by every hand at any of its tables")]
    total_rounds: Ordinal | None
    round: Annotated[Count, Field(description="the round being played (the last one drawn); 0 before the first")]
    round_complete: Annotated[bool, Field(description="every table of the round being played is finished or "
                                                      "decided")]
    entries: list[TournamentEntry]
    rounds: list[TournamentRound]
    standings: list[Standing]
    winner: TournamentWinner | None


class Tournament(TournamentHead, _TournamentView):
    """a tournament; the venue screen's view has no scorer or confirmation links"""


class OrganizerLinks(TypedDict):
    screen: str
    organizer: str


class NewTournament(_TournamentHead, _TournamentView):
    """a created tournament with its secrets, shown only in this answer (and to a retry with the same
    Idempotency-Key)"""

    links: OrganizerLinks
    language: NotRequired[Language | None]
    organizer_token: str
    view_token: str


class Registered(TypedDict):
    entry: TournamentEntry
    entries: list[TournamentEntry]
    revision: Ordinal


class ScorerLinks(TypedDict):
    scorer: str


class DrawnTable(TypedDict):
    number: Ordinal
    match: str
    sides: list[list[str]]
    names: list[str]
    entries: list[list[Count]]
    links: ScorerLinks


class Drawn(TypedDict):
    number: Ordinal
    tables: list[DrawnTable]
    byes: list[str]


class RoundDrawn(TypedDict):
    """the round drawn (its tables with their scorer links), or, after the last round, drawn null and the
    winner"""

    id: str
    status: Literal["playing", "finished"]
    round: Ordinal
    total_rounds: Ordinal
    drawn: Drawn | None
    winner: TournamentWinner | None
    revision: Ordinal


class DecidedTable(_TableTotals):
    finished: Literal[True]
    winner: SideIndex
    decided: Decided
    round: Ordinal
    revision: Ordinal


class ExportedTournament(TypedDict):
    id: str
    name: str
    variant: str
    rules: RulesShape
    format: Format
    entry: EntryKind
    rounds: Ordinal | None
    seed: Count
    status: Status
    created_at: Time


class ExportedRound(TypedDict):
    number: Ordinal
    byes: list[str]
    tables: list[ExportedTable]


class TournamentExport(TypedDict):
    """the whole tournament to take away: no secret, no screen, board or scorer link"""

    format: Literal["scorekeeper-tournament"]
    version: Literal[1]
    tournament: ExportedTournament
    total_rounds: Ordinal | None
    entries: list[TournamentEntry]
    rounds: list[ExportedRound]
    standings: list[Standing]
    winner: TournamentWinner | None


# ---------------------------------------------------------------- event streams and this document


class BoardEvent(TypedDict):
    """one state or change event of a board's stream (as OpenAPI 3.2's itemSchema would say it)"""

    event: Literal["state", "change"]
    id: Annotated[str, Field(pattern="^[0-9]+$", description="the match's revision")]
    data: Annotated[Json[Match | Change], Field(description="the board (state) or what one write changed (change), "
                                                            "one line of JSON")]
    retry: NotRequired[Count]


class VenueEvent(TypedDict):
    """one event of a venue screen's stream"""

    event: Literal["state"]
    id: Annotated[str, Field(pattern="^[0-9]+$", description="the venue's revision")]
    data: Annotated[Json[Tournament], Field(description="the venue view, one line of JSON")]
    retry: NotRequired[Count]


class Document(TypedDict):
    """an OpenAPI document"""

    openapi: str
