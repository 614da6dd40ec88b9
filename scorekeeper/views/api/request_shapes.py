"""What a request to the API carries, declared once as typed shapes: each body the views read, and each path,
query and header parameter. views/api/openapi.py documents them (pydantic reads the types); the views never
validate with them: the engine and the services read a request and name each problem's field themselves.

The limits are the services' own (a name's, a note's, a tournament's rounds and seed …), so the document
cannot promise what the server does not check.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict  # pydantic reads a TypedDict of typing only from Python 3.12

from ...offline.start_fields import MAX_PLAYERS
from ...rules import PRESETS, Contract, Rank, Suit
from ...services.clubs import CLUB_NAME_LIMIT, CLUB_PLAYER_LIMIT, NAME_LIMIT
from ...services.disputes import RESOLUTIONS
from ...services.hands import NOTE_LIMIT
from ...services.idempotency import KEY_LIMIT
from ...services.tournaments import REASON_LIMIT, TOURNAMENT_NAME_LIMIT
from ...services.tournaments.common import SEED_LIMIT
from ...services.tournaments.registration import DEFAULT_SEED_LIMIT
from ...shapes import Card, ClubExport, Count, EntryKind, Export, Format, Language, SideIndex, choice
from ...tournament import MAX_SWISS_ROUNDS

closed = with_config(ConfigDict(extra="forbid"))
"""A body that refuses any member it does not name (422, naming it)."""
lenient = with_config(ConfigDict(extra="ignore"))
"""A part of a closed body whose other members are not refused (a part takes its body's config otherwise)."""

Name = Annotated[str, Field(min_length=1, max_length=NAME_LIMIT,
                            description=f"a player's name, 1 to {NAME_LIMIT} characters")]
Note = Annotated[str, Field(min_length=1, max_length=NOTE_LIMIT)]
HouseRules = Annotated[dict[str, Any], Field(description="house rules: option names and values")]
Preset = Annotated[str, Field(description="a preset (GET /variants)")]
ClubId = Annotated[str, Field(description="a club's id: played in that club (send the club's token as the bearer)")]


# ---------------------------------------------------------------- a hand


@lenient
class Declaration(TypedDict):
    """a sequence (length, top, suit) or a square (rank)"""

    kind: Literal["sequence", "square"]
    length: NotRequired[Annotated[int, Field(ge=3, le=9, description="3 to 8 cards; to 9 in 36-card games (Jass)")]]
    top: NotRequired[Rank]
    suit: NotRequired[Suit]
    rank: NotRequired[Rank]


@closed
class ClaimParts(TypedDict, total=False):
    """the points won so far by their parts; the engine adds them up (given with points, they must agree)"""

    card_points: Count
    declarations: list[Count]
    bela: bool
    last_trick: bool


@lenient
class Claim(TypedDict):
    """points, or parts, or both agreeing"""

    side: SideIndex
    points: NotRequired[Annotated[Count | list[Count], Field(description=
        "the points the claimant has won so far; under claims: race, what each side has won, one entry per side")]]
    trick: NotRequired[Annotated[int, Field(ge=1)]]
    parts: NotRequired[ClaimParts]
    stoeck: NotRequired[Annotated[list[Count], Field(description=
        "Jass's bedanken: each side's Stöck so far (20 or 0), before the multiplier")]]
    weis: NotRequired[Annotated[list[Count], Field(description=
        "Jass's bedanken: each side's Weis so far (one side only), before the multiplier")]]
    tricks: NotRequired[Annotated[list[Count], Field(description=
        "Jass's bedanken: each side's trick points so far, before the multiplier")]]


@lenient
class RevokeCall(TypedDict):
    accused: SideIndex
    accuser: SideIndex
    upheld: bool


@closed
class HandInput(TypedDict, total=False):
    """a hand as the table saw it (docs/api.md "The hand"); any other field is refused (422, naming it)"""

    taker: SideIndex
    bid: Annotated[int | Literal["capot"], Field(description=
        "Belote contrée: what the taker bid, 80 to 160 in tens, or capot (every trick)")]
    contract: Contract
    double: Annotated[Literal[0, 1, 2, 3], Field(description=
        "0; 1 doubled (Belote contrée: coinche); 2 redoubled (surcoinche); Baloot: 1 دبل ×2, 2 ثري ×3, 3 فور ×4")]
    gahwa: Annotated[bool, Field(description="Baloot: the side that wins the hand wins the game (قهوة)")]
    card_points: Annotated[list[Annotated[int, Field(ge=0)] | None], Field(description=
        "per side, without the last trick; in four-handed games one may be null: the rest of the deck")]
    last_trick: SideIndex
    melds: Annotated[list[list[int | Declaration]], Field(description=
        "per side: credited values (20, 50, …) or declarations, not both")]
    bela: Annotated[list[Count], Field(description="per side, the bela declared")]
    took_trick: list[bool]
    claim: Claim
    revoke: RevokeCall
    thrown_in: bool
    belot: Annotated[SideIndex, Field(description=
        "the side dealt all eight cards of one suit (Croatian belot, Deberc's debertz): it wins the game; only "
        "contract may be given beside it")]
    melds_by_seat: Annotated[list[list[Declaration]], Field(description=
        "four-handed games: declarations per seat in seat order, where the player nearer to forehand settles an "
        "exact tie (instead of melds)")]


class DisputeNote(TypedDict):
    note: Note


class Resolution(TypedDict):
    note: Note
    resolution: Annotated[str, choice(RESOLUTIONS)]


class Confirmation(TypedDict):
    side: SideIndex


# ---------------------------------------------------------------- matches and the engine


class CreateMatch(TypedDict):
    variant: Preset
    players: Annotated[list[Name], Field(min_length=2, max_length=MAX_PLAYERS, description=
        "the names in seat order, as many as the preset's players, no two the same")]
    rules: NotRequired[HouseRules]
    best_of: NotRequired[Annotated[int, Field(ge=1, description="games in the match, odd")]]
    first_dealer: NotRequired[Annotated[Count, Field(description="the seat that deals the first hand")]]
    club: NotRequired[ClubId]
    language: NotRequired[Annotated[Language | None, Field(description=
        "the language its board speaks to a phone that chose none (a pub's TV); absent or null: its "
        "club's, else each phone's own")]]


class Before(TypedDict, total=False):
    """the position to score from; a new game when absent"""

    totals: list[Count]
    pot: Count
    dealer: Count


class PreviewRequest(TypedDict):
    """either match, or variant with rules, sides and before"""

    match: NotRequired[Annotated[str, Field(description=
        "score the hand from this match's current position (send its edit or view token)")]]
    variant: NotRequired[str]
    rules: NotRequired[dict[str, Any]]
    sides: NotRequired[list[str]]
    before: NotRequired[Before]
    hand: HandInput


class MeldsRequest(TypedDict):
    """declarations per side, or in four-handed games per seat (seats): exactly one of the two"""

    variant: str
    rules: NotRequired[dict[str, Any]]
    contract: Contract
    forehand: Annotated[Count, Field(description="the side that leads to the first trick; with seats, the seat")]
    declarations: NotRequired[Annotated[list[list[Declaration]], Field(description="one list per side")]]
    seats: NotRequired[Annotated[list[list[Declaration]], Field(
        min_length=4, max_length=4,
        description="four-handed games: one list per seat, in seat order (where the player nearer to forehand "
                    "settles an exact tie); the scores stay per side")]]
    sides: NotRequired[Annotated[list[str], Field(description="side names for the explanation")]]


ROEM_GAMES = ", ".join(name for name, rules in PRESETS.items() if rules.roem)
"""The games with roem in their tricks, as the API document names them (from the registry)."""


class RoemRequest(TypedDict):
    variant: Annotated[str, Field(description=f"a game with roem in its tricks: {ROEM_GAMES}")]
    rules: NotRequired[HouseRules]
    contract: Annotated[Contract, Field(description="the trumps")]
    trick: Annotated[list[Card], Field(min_length=4, max_length=4, description="the four cards of the trick")]


class Played(TypedDict):
    seat: Count
    card: Card


class LegalPlaysRequest(TypedDict):
    variant: str
    rules: NotRequired[Annotated[dict[str, Any], Field(description=
        "house rules; also the trick-play options bare-yuss (default true in bela and bela-3) and "
        "scoring-trump-lead")]]
    contract: Contract
    seat: Annotated[Count, Field(description="the player about to play")]
    trick: NotRequired[Annotated[list[Played], Field(description="the cards already played to the trick, in order")]]
    hand: Annotated[list[Card], Field(description="the cards the player held")]


# ---------------------------------------------------------------- clubs and tournaments


class CreateClub(TypedDict):
    name: Annotated[str, Field(min_length=1, max_length=CLUB_NAME_LIMIT)]
    players: NotRequired[Annotated[list[Name], Field(max_length=CLUB_PLAYER_LIMIT)]]
    language: NotRequired[Annotated[Language | None, Field(description=
        "the language its matches' boards and venue screens speak to a phone that chose none (a pub's "
        "TV); absent or null: each phone's own")]]


class CreateTournament(TypedDict):
    name: Annotated[str, Field(min_length=1, max_length=TOURNAMENT_NAME_LIMIT)]
    variant: Preset
    rules: NotRequired[Annotated[dict[str, Any], Field(description="house rules every table plays: option names and "
                                                                   "values")]]
    format: Format
    entry: NotRequired[Annotated[EntryKind, Field(description=
        "pairs: fixed partnerships, four-handed games only; players by default")]]
    rounds: NotRequired[Annotated[int, Field(ge=1, le=MAX_SWISS_ROUNDS, description="swiss only: how many rounds")]]
    seed: NotRequired[Annotated[int, Field(ge=0, le=SEED_LIMIT, description=f"the draw's seed; drawn by the server "
                                           f"(below {DEFAULT_SEED_LIMIT:,}) when absent")]]
    club: NotRequired[ClubId]
    language: NotRequired[Annotated[Language | None, Field(description=
        "the language its venue screen and its tables' boards speak to a phone that chose none (a pub's "
        "TV); absent or null: its club's, else each phone's own")]]


class PlayerEntry(TypedDict):
    """a players entry: {"name": "Ana"} (any other member is not read)"""

    name: Name


class PairEntry(TypedDict):
    """a pairs entry: {"names": ["Ana", "Ivo"]}"""

    names: Annotated[list[Name], Field(min_length=1, max_length=2)]


Register = PlayerEntry | PairEntry


class Decide(TypedDict):
    winner: SideIndex
    reason: Annotated[str, Field(min_length=1, max_length=REASON_LIMIT)]


Import = Export
ClubImport = ClubExport


# ---------------------------------------------------------------- parameters


class Parameter(NamedTuple):
    """A path, query or header parameter: where it is, its type (for its schema) and what it says."""

    name: str
    where: Literal["path", "query", "header"]
    kind: Any
    description: str
    required: bool = False


PARAMETERS: dict[str, Parameter] = {
    "match_id": Parameter("match_id", "path", str, "the match's id (as its create answer gives it)", True),
    "number": Parameter("number", "path", Annotated[int, Field(ge=1)], "the hand's number in the match, from 1; a path "
                        "that is not a whole number is 404", True),
    "view_token": Parameter("view_token", "path", str, "the board's token (the match's view_token)", True),
    "club_id": Parameter("club_id", "path", str, "the club's id", True),
    "name": Parameter("name", "path", str, "a club player's name, in any case", True),
    "tournament_id": Parameter("tournament_id", "path", str, "the tournament's id (as its create answer gives it)",
                               True),
    "table": Parameter("number", "path", Annotated[int, Field(ge=1)], "the table's number in the current round, "
                       "from 1; a path that is not a whole number is 404", True),
    "screen_token": Parameter("view_token", "path", str, "the venue screen's token (the tournament's view_token)",
                              True),
    "Idempotency-Key": Parameter(
        "Idempotency-Key", "header", Annotated[str, Field(min_length=1, max_length=KEY_LIMIT)],
        f"A retried write with the same key and the same body gets the first answer, byte for byte, and nothing new "
        f"is recorded; the same key with a different body is 422, and so is a key outside 1 to {KEY_LIMIT} "
        f"characters. A hand write's keys belong to its match, a create's to its caller, and a create's key (a "
        f"match, club, tournament or import) must be random, else 422: at least 22 characters of the base64 or "
        f"base64url alphabet (32 hex digits when it is hex, dashes aside, as in a UUID) with at least 8 different "
        f"characters (16 random bytes in base64url pass)."),
    "If-Match": Parameter(
        "If-Match", "header", Annotated[str, Field(pattern='^(W/)?"?[0-9]+"?$', examples=['"7"'])],
        'The revision the write is based on, in quotes ("7"; W/"7" and a bare 7 are read too): 412 when the match '
        "has moved on; anything that is not a revision is 400."),
    "X-Change-Reason": Parameter(
        "X-Change-Reason", "header", Annotated[str, Field(max_length=NOTE_LIMIT)],
        f"Why a hand a side confirmed is changed or voided (UTF-8; at most {NOTE_LIMIT} characters). Without it "
        "such a change is 422 (field reason); the change empties confirmed_by."),
    "Last-Event-ID": Parameter("Last-Event-ID", "header", str,
                               "resume after this revision (what EventSource sends when it reconnects)"),
    "last_event_id": Parameter("last_event_id", "query", str,
                               "the same as Last-Event-ID, for clients that cannot set headers"),
    "player": Parameter("player", "query", str, "a club player's name (any case)"),
    "game": Parameter("game", "query", str, "a preset"),
    "from": Parameter("from", "query", str, "the first day, YYYY-MM-DD"),
    "to": Parameter("to", "query", str, "the last day, YYYY-MM-DD"),
    "a": Parameter("a", "query", str, "a club player's name", True),
    "b": Parameter("b", "query", str, "another club player's name", True),
}
"""Every parameter by its component's name (a path's own name, but a tournament's table and screen token)."""
