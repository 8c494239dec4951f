"""The database schema of live play: tables, their seats, and each table's event log.

The event log is the truth: a table's state is its game's initial state with every logged action
applied in order (chance outcomes included), so a restarted server rebuilds every table from here.
``(table_id, number)`` is the log's primary key: two servers or two requests racing to write move
``n`` cannot both succeed — the database refuses the second (optimistic concurrency).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

STATUSES = ("open", "playing", "over", "abandoned")
"""A table's statuses, in the lobby's order: waiting for players, being played, finished, ended without a result."""


def now() -> datetime:
    """The current time, timezone-aware (UTC)."""
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """A time read back from SQLite (which keeps no zone) as UTC, as it was written."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    """The declarative base of tabletop's tables."""


class TableRow(Base):
    """A game table: which game with which options, its status, and its result once over."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="open", index=True)  #: open, playing, over, abandoned
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, onupdate=now)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  #: timers, the chance secret, …
    owner: Mapped[str | None] = mapped_column(String(32), nullable=True)  #: the server process running it
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  #: owner's lease
    creator: Mapped[str | None] = mapped_column(String(32), nullable=True)  #: hashed address of its creator
    creator_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  #: may abandon it
    all_bots: Mapped[bool] = mapped_column(default=False)  #: no person plays: limited in number and lifetime
    active_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    """The table's last sign of life: its creation, a seat taken, a move logged (the lobby's order and
    its ages; unlike ``updated_at``, a lease renewed or a setting changed is no activity)."""

    __table_args__ = (
        Index("ix_game_tables_activity", "status", "active_at", "id"),  # the lobby, every game
        Index("ix_game_tables_game_activity", "status", "game", "active_at", "id"),  # the lobby, one game
        Index("ix_game_tables_lease", "status", "lease_until"),
        Index("ix_game_tables_creator", "creator", "status"),
    )

    seats: Mapped[list[SeatRow]] = relationship(back_populates="table", order_by="SeatRow.seat",
                                                cascade="all, delete-orphan", lazy="selectin")


class SeatRow(Base):
    """One seat: a person (by secret token, stored hashed), a bot (by level) or a hot-seat local."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  #: human, bot, local
    name: Mapped[str] = mapped_column(String(64), default="")
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    joined: Mapped[bool] = mapped_column(default=False)
    client: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)  #: hashed address of who sits
    account: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    """The account of who sits here, when signed in as they sat: the seat follows it to any device (an
    opaque id to the tables; the accounts feature knows what it names)."""
    open: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A person's seat anyone may take from the lobby; else (an invitation's) only its token takes it."""
    reserved_for: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    """The account a seat was addressed to at creation (``seats[].for``): besides its invitation link, only
    that account takes it from the lobby, and it lists the table among its games."""
    reserved_name: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """That account's username (public: a lobby line says whom the seat waits for)."""

    table: Mapped[TableRow] = relationship(back_populates="seats")


class EventRow(Base):
    """Move ``number`` of a table's log: an action in the game's notation (or an undo)."""

    __tablename__ = "events"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), default="action")  #: action, undo
    seat: Mapped[int] = mapped_column(Integer)  #: who acted; -1 for chance
    action: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatRow(Base):
    """One chat message at a table: who wrote it (a seat, or -1 for a spectator), under which name,
    and its text, already cleaned (:mod:`tabletop.server.chat`). Chat is kept with the table, never
    in its event log: it is no game action and no record or replay holds it."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)  #: the writer's seat; -1 for a spectator
    name: Mapped[str] = mapped_column(String(64), default="")  #: the seat's name when written ("" for a spectator)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    account: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The account that wrote it, when signed in (never sent to clients: a reader who blocked it is not sent the
    line, and a report names whom it is about)."""
    hidden_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When a moderator hid it: sent to nobody from then on, kept for the record."""

    __table_args__ = (Index("ix_chat_messages_table", "table_id", "id"),)


class ConsumedRow(Base):
    """A finished table as one consumer of finished tables (ratings, statistics, a tournament's scoring…)
    has taken it: claimed when it began, done once handled. A finished table without a done row is
    still to be handled by that consumer, however long ago it ended (:mod:`tabletop.storage.consumers`)."""

    __tablename__ = "table_consumers"

    consumer: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    done: Mapped[bool] = mapped_column(Boolean, default=False)
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
