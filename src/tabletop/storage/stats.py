"""The statistics' rows: finished games waiting for their analysis, each account's statistics of each game it
played, and the totals of every game it played, per game.

A finished table whose seats are accounts is *queued* (:meth:`StatsStore.enqueue`, keyed by the table: a table
queued twice is queued once) with its record — public once the game is over — and which account sat where, so
the analysis survives a restart: it runs later, in the expensive-work pool. An analysis is *claimed* before it
runs (a claim left by a process that died goes stale and is taken again) and *stored* in one transaction: a
row per account keyed by (table, account), the account's totals for the game moved by it, the queue's row gone
— a table stored twice is stored once. The totals are what a profile reads (one row per game, however many games
were played); a write expects the count of games it read, and one that finds it changed (another process stored
a game of the same player) is made again from the new totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from tabletop.core.statistics import added
from tabletop.storage.accounts import AccountRow  # noqa: F401  (the accounts' table, which the rows refer to)
from tabletop.storage.models import Base, aware, now
from tabletop.storage.store import Store


class StatsQueueRow(Base):
    """A finished table waiting for its statistics: its game, its record, the seat of each account."""

    __tablename__ = "stats_queue"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    record: Mapped[str] = mapped_column(Text)  #: the game record as JSON (:class:`tabletop.core.Record`)
    seats: Mapped[dict[str, int]] = mapped_column(JSON)  #: account id → its seat
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    tries: Mapped[int] = mapped_column(Integer, default=0)

    __table_args__ = (Index("ix_stats_queue_finished", "finished_at"),)


class PlayerStatsRow(Base):
    """One account's statistics of one finished game: its seat, its totals, and whether the analysis finished."""

    __tablename__ = "player_stats"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int] = mapped_column(Integer)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    complete: Mapped[bool] = mapped_column(Boolean)
    totals: Mapped[dict[str, float]] = mapped_column(JSON)

    __table_args__ = (Index("ix_player_stats_account", "account_id", "game", "finished_at"),)


class StatsTotalsRow(Base):
    """One account's totals over every game of one kind it played: how many, how many analysed only in part."""

    __tablename__ = "player_stats_totals"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    games: Mapped[int] = mapped_column(Integer)
    incomplete: Mapped[int] = mapped_column(Integer)
    totals: Mapped[dict[str, float]] = mapped_column(JSON)


@dataclass(frozen=True, slots=True)
class Queued:
    """A finished table to analyse."""

    table: str
    game: str
    record: str
    seats: Mapping[str, int]
    finished_at: datetime
    tries: int


@dataclass(frozen=True, slots=True)
class Analysed:
    """What the analysis found for one account at a table: its seat, its totals, whether it finished."""

    account: str
    seat: int
    totals: Mapping[str, float]
    complete: bool = True


@dataclass(frozen=True, slots=True)
class Totals:
    """An account's totals for one game."""

    game: str
    games: int
    incomplete: int
    totals: Mapping[str, float]


@dataclass(frozen=True, slots=True)
class Played:
    """One game's statistics of an account, for a series over time."""

    table: str
    finished_at: datetime
    complete: bool
    totals: Mapping[str, float]


class StatsConflict(Exception):
    """An account's totals changed between their reading and their writing: nothing was written; try again."""


class StatsStore:
    """The statistics' queue, rows and totals in a :class:`~tabletop.storage.Store`'s database."""

    def __init__(self, store: Store, stale_seconds: float = 600.0) -> None:
        self.engine = store.engine
        self.stale_seconds = stale_seconds

    def enqueue(self, table: str, game: str, record: str, seats: Mapping[str, int], at: datetime | None = None) -> bool:
        """Queue a finished table for its analysis; False when it is queued or stored already."""
        with self.engine.begin() as connection:
            if connection.execute(select(PlayerStatsRow.table_id).where(PlayerStatsRow.table_id == table)
                                  .limit(1)).first() is not None:
                return False
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(StatsQueueRow).values(table_id=table, game=game, record=record,
                                                                seats=dict(seats), finished_at=at or now(), tries=0))
        except IntegrityError:
            return False
        return True

    def claim(self, limit: int = 10) -> list[Queued]:
        """Take up to ``limit`` queued tables to analyse now, the earliest finished first: each one no other process
        holds (never claimed, or claimed so long ago that its process must have died)."""
        moment = now()
        stale = moment - timedelta(seconds=self.stale_seconds)
        free = (StatsQueueRow.claimed_at.is_(None)) | (StatsQueueRow.claimed_at < stale)
        waiting = (select(StatsQueueRow).where(free).order_by(StatsQueueRow.finished_at, StatsQueueRow.table_id)
                   .limit(limit))
        taken = []
        with self.engine.connect() as connection:
            rows = connection.execute(waiting).all()
        for row in rows:
            with self.engine.begin() as connection:
                done = connection.execute(update(StatsQueueRow).where(StatsQueueRow.table_id == row.table_id, free)
                                          .values(claimed_at=moment, tries=StatsQueueRow.tries + 1))
            if done.rowcount == 1:
                taken.append(Queued(row.table_id, row.game, row.record, dict(row.seats), aware(row.finished_at),
                                    row.tries + 1))
        return taken

    def release(self, table: str) -> None:
        """The analysis of ``table`` failed here: its claim goes, so it is tried again."""
        with self.engine.begin() as connection:
            connection.execute(update(StatsQueueRow).where(StatsQueueRow.table_id == table).values(claimed_at=None))

    def drop(self, table: str) -> None:
        """Give up analysing ``table`` (it failed every time it was tried)."""
        with self.engine.begin() as connection:
            connection.execute(delete(StatsQueueRow).where(StatsQueueRow.table_id == table))

    def stored(self, table: str) -> bool:
        """Whether a table's statistics are written."""
        with self.engine.connect() as connection:
            return connection.execute(select(PlayerStatsRow.table_id).where(PlayerStatsRow.table_id == table)
                                      .limit(1)).first() is not None

    def store(self, table: str, game: str, finished_at: datetime, found: Sequence[Analysed]) -> bool:
        """Write a table's statistics and move each account's totals, all or none, and take the table off the
        queue; False (nothing written) when they were written already.

        Raises:
            StatsConflict: an account's totals changed since they were read (another process stored one of its
                games meanwhile): nothing written.
        """
        if self.stored(table):
            self.drop(table)
            return False
        try:
            with self.engine.begin() as connection:
                if found:
                    connection.execute(insert(PlayerStatsRow), [
                        {"table_id": table, "account_id": one.account, "game": game, "seat": one.seat,
                         "finished_at": finished_at, "complete": one.complete, "totals": dict(one.totals)}
                        for one in found])
                for one in found:
                    self._add(connection, one, game)
                connection.execute(delete(StatsQueueRow).where(StatsQueueRow.table_id == table))
        except IntegrityError:  # this table's rows written meanwhile, or an account's first totals made meanwhile
            if self.stored(table):
                self.drop(table)
                return False
            raise StatsConflict(f"the totals of an account at table {table} were made meanwhile") from None
        return True

    @staticmethod
    def _add(connection: Connection, one: Analysed, game: str) -> None:
        """Move the account's totals for ``game`` by one game's (in the caller's transaction)."""
        key = (StatsTotalsRow.account_id == one.account, StatsTotalsRow.game == game)
        row = connection.execute(select(StatsTotalsRow).where(*key)).first()
        missed = 0 if one.complete else 1
        if row is None:  # a first game of the kind (one made meanwhile: IntegrityError)
            connection.execute(insert(StatsTotalsRow).values(account_id=one.account, game=game, games=1,
                                                             incomplete=missed, totals=dict(one.totals)))
            return
        done = connection.execute(update(StatsTotalsRow).where(*key, StatsTotalsRow.games == row.games).values(
            games=row.games + 1, incomplete=row.incomplete + missed, totals=added(row.totals, one.totals)))
        if done.rowcount != 1:
            raise StatsConflict(f"{one.account}'s {game} totals changed meanwhile")

    def totals_of(self, account: str) -> list[Totals]:
        """Every game's totals of one account."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(StatsTotalsRow).where(StatsTotalsRow.account_id == account)
                                      .order_by(StatsTotalsRow.game)).all()
        return [Totals(row.game, row.games, row.incomplete, dict(row.totals)) for row in rows]

    def played(self, account: str, game: str, limit: int) -> list[Played]:
        """An account's latest ``limit`` games of ``game`` with their statistics, oldest first."""
        query = (select(PlayerStatsRow.table_id, PlayerStatsRow.finished_at, PlayerStatsRow.complete,
                        PlayerStatsRow.totals)
                 .where(PlayerStatsRow.account_id == account, PlayerStatsRow.game == game)
                 .order_by(PlayerStatsRow.finished_at.desc(), PlayerStatsRow.table_id.desc()).limit(limit))
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [Played(row.table_id, aware(row.finished_at), row.complete, dict(row.totals)) for row in reversed(rows)]

    def queued(self) -> int:
        """How many finished tables wait for their analysis."""
        with self.engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(StatsQueueRow)).scalar_one())


__all__ = ["Analysed", "Played", "Queued", "StatsConflict", "StatsStore", "Totals"]
