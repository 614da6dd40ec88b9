"""Stored matches, hands, the audit log and idempotency keys. Scores are never stored as the truth."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, false, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .rules.limits import NAME_LIMIT


def utcnow() -> datetime:
    """Now, in UTC."""
    return datetime.now(UTC)


class Club(db.Model):  # type: ignore[name-defined,misc]
    """A regular table (a pub's, a family's): a name, a secret link, its players and its matches."""

    __tablename__ = "clubs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """SHA-256 of the club's secret (its link); the secret itself is never stored."""
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """The language (``hr``, ``fr`` …) the boards of the club's matches and its tournaments' venue screens
    speak when the match or tournament names none (a pub's TV); None: each watching phone's own."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Player(db.Model):  # type: ignore[name-defined,misc]
    """A player of a club, named once: later matches pick the name from the club's list."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("club_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LIMIT))
    key: Mapped[str] = mapped_column(String(160))
    """The name as compared: case folded, spaces collapsed ("mike " and "Mike" are one player)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MatchPlayer(db.Model):  # type: ignore[name-defined,misc]
    """Who sat where in a club's match (for finding a player's matches)."""

    __tablename__ = "match_players"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)


class Match(db.Model):  # type: ignore[name-defined,misc]
    """A match: its game, the house rules resolved at creation, the players and sides, and a revision."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    variant: Mapped[str] = mapped_column(String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The resolved house rules agreed when the match was created (every option, not only overrides)."""
    players: Mapped[list[str]] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    club_id: Mapped[str | None] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), nullable=True,
                                                index=True)
    """The club the match was played in, if any: its players are the club's."""
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    view_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    revision: Mapped[int] = mapped_column(Integer, default=1)
    state_summary: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The engine's state at ``state_revision`` without its hands: a cache of replaying the stored hands (each
    hand's entry is cached on its own row, ``Hand.state_entry``)."""
    state_revision: Mapped[int | None] = mapped_column(Integer, nullable=True)
    state_engine: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The ``ENGINE_VERSION`` that made the cache: a cache of another engine is replayed, never served."""
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """The language (``hr``, ``fr`` …) the match's board speaks to a phone that chose none with the switch (a
    pub's TV); None: its club's, else each watching phone's own."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    hands: Mapped[list[Hand]] = relationship(
        back_populates="match", order_by="Hand.number", cascade="all, delete-orphan")


class Hand(db.Model):  # type: ignore[name-defined,misc]
    """One hand as entered: its number, the game it was played in, the input as given, voided or not."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    game: Mapped[int | None] = mapped_column(Integer, nullable=True)
    input: Mapped[dict[str, Any]] = mapped_column(JSON)
    voided: Mapped[bool] = mapped_column(Boolean, default=False)
    disputed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Flagged as disputed at the table, until a ruling resolves it."""
    dispute_note: Mapped[str | None] = mapped_column(Text, nullable=True)
    confirmed_by: Mapped[list[int]] = mapped_column(JSON, default=list, server_default=text("'[]'"))
    """The sides that confirmed the hand as scored; a change clears it (the hand is open again)."""
    state_entry: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The hand's entry in the match's state at the match's ``state_revision``, as JSON text ready to send: a
    cache of the replay, written with the match's summary (a new hand writes only its own)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    match: Mapped[Match] = relationship(back_populates="hands")


WRITE_KINDS = ("record", "edit", "void", "restore", "dispute", "resolve", "confirm")
"""The writes to a hand: what a write's answer and a board's change event name."""
EVENT_KINDS = ("create", "import", *WRITE_KINDS, "decide")
"""What an event can record: a match created or imported, a hand's write, a table decided by the organizer."""


class Event(db.Model):  # type: ignore[name-defined,misc]
    """The append-only audit log: every create, record, edit and void, with its time and revision."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    revision: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    """One of ``EVENT_KINDS``."""
    hand_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class IdempotencyKey(db.Model):  # type: ignore[name-defined,misc]
    """A write's Idempotency-Key with its request fingerprint and first answer, replayed on a retry."""

    __tablename__ = "idempotency_keys"
    __table_args__ = (UniqueConstraint("scope", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    scope: Mapped[str] = mapped_column(String(64))
    """Where the key was used: the match id, or for a create its kind and a digest of its caller."""
    key: Mapped[str] = mapped_column(String(200))
    fingerprint: Mapped[str] = mapped_column(String(64))
    status: Mapped[int] = mapped_column(Integer)
    response: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class Tournament(db.Model):  # type: ignore[name-defined,misc]
    """A tournament night: its game and house rules, its format and entry, the seed of its draw, its status,
    and what was drawn so far (each round's tables are ``TournamentTable`` rows, each with its match)."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    variant: Mapped[str] = mapped_column(String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The resolved house rules every table's match is created with (every option, as a match stores them)."""
    format: Mapped[str] = mapped_column(String(16))
    entry: Mapped[str] = mapped_column(String(16))
    rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Only in a format whose organizer chooses its number of rounds: how many are played."""
    seed: Mapped[int] = mapped_column(Integer)
    """The draw's seed, shown to everyone: the same seed and entries give the same draw."""
    status: Mapped[str] = mapped_column(String(16), default="registering")
    """``registering``, ``playing`` or ``finished``."""
    byes: Mapped[list[list[int]]] = mapped_column(JSON, default=list)
    """Per round drawn, the entry indices that had a bye in it (its length is the number of rounds drawn)."""
    winner: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The winning entries' indices once the tournament is finished."""
    organizer_token_hash: Mapped[str] = mapped_column(String(64))
    """SHA-256 of the organizer's secret; the secret itself is never stored."""
    view_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    """The venue screen's address."""
    club_id: Mapped[str | None] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), nullable=True,
                                                index=True)
    """The club the tournament is played in, if any: its tables are the club's matches."""
    revision: Mapped[int] = mapped_column(Integer, default=1)
    """Raised by every write to the tournament itself (the tables' hands raise their matches' revisions)."""
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """The language (``hr``, ``fr`` …) the venue screen speaks to a phone that chose none with the switch (a
    pub's TV), and the tables' matches are created with; None: its club's, else each phone's own."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TournamentEntry(db.Model):  # type: ignore[name-defined,misc]
    """One entry of a tournament: a player, or a fixed pair, numbered from 0 in the order they registered."""

    __tablename__ = "tournament_entries"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    """The entry's index (from 0), as the draw numbers entries."""
    names: Mapped[list[str]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TournamentTable(db.Model):  # type: ignore[name-defined,misc]
    """A table of a round: its match, the entries on each side, and the organizer's decision if the table
    could not finish."""

    __tablename__ = "tournament_tables"
    __table_args__ = (UniqueConstraint("tournament_id", "round", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), unique=True)
    sides: Mapped[list[list[int]]] = mapped_column(JSON)
    """Per side, the entry indices on it."""
    decided_winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The side the organizer declared the winner of a table that could not finish."""
    decided_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The winning side as the round was closed (null while it is played): a closed round is final, whatever
    its matches' sheets are changed to later."""
    totals: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The match's totals as the round was closed."""
    strokes: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """Where the game keeps strokes (Jass): each side's strokes as the round was closed; null elsewhere."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
