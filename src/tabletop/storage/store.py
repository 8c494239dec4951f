"""The store of live tables: SQLAlchemy 2 over SQLite (a file, the default) or PostgreSQL (by URL).

A small interface the server speaks (``create_table``, ``table``, ``append``, ``events``, …) and one
SQL implementation of it. Appending move ``n`` is how a server claims a turn: if another request or
another server process wrote move ``n`` first, the database's primary key refuses the second and
:class:`StaleMoveError` says so; nothing is half-written. The schema is created and upgraded by
Alembic (:func:`tabletop.storage.migrate.upgrade`), never by ``create_all``.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, create_engine, event, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from tabletop.storage.migrate import upgrade
from tabletop.storage.models import EventRow, SeatRow, TableRow

DEFAULT_URL = "sqlite:///tabletop.db"
STATUSES = ("open", "playing", "over", "abandoned")


class StorageError(ValueError):
    """A request the store cannot carry out (an unknown table, a bad status)."""


class StaleMoveError(StorageError):
    """Move ``number`` of the table was already written: someone else moved first."""


@dataclass(frozen=True)
class NewEvent:
    """An event to append to a table's log (see :meth:`Store.append_many`)."""

    table_id: str
    number: int
    seat: int
    action: str
    kind: str = "action"


@dataclass(frozen=True)
class SeatSpec:
    """How to fill a seat when a table is created."""

    kind: str  #: human, bot or local
    name: str = ""
    bot: str | None = None


def hash_token(token: str) -> str:
    """What the store keeps of a seat token: its SHA-256 (the token itself is only given out once)."""
    return hashlib.sha256(token.encode()).hexdigest()


def make_engine(url: str = DEFAULT_URL) -> Engine:
    """An engine for ``url``; SQLite gets foreign keys, WAL and a busy timeout for concurrent writers."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """Tables, seats and event logs in one database."""

    def __init__(self, url: str = DEFAULT_URL, *, migrate: bool = True) -> None:
        self.url = url
        if migrate:
            upgrade(url)
        self.engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def session(self) -> Session:
        """A new ORM session (use as a context manager)."""
        return self._sessions()

    # ------------------------------------------------------------------ tables and seats

    def create_table(self, game: str, options: dict[str, Any], seats: Sequence[SeatSpec],
                     settings: dict[str, Any] | None = None) -> tuple[TableRow, dict[int, str]]:
        """A new open table; returns it and the secret token of each human or local seat (given once)."""
        table_id = uuid.uuid4().hex
        tokens: dict[int, str] = {}
        rows = []
        for number, spec in enumerate(seats):
            if spec.kind not in ("human", "bot", "local"):
                raise StorageError(f"seat {number + 1}: kind {spec.kind!r}; kinds: human, bot, local")
            token = None
            if spec.kind != "bot":
                token = tokens[number] = secrets.token_urlsafe(24)
            rows.append(SeatRow(seat=number, kind=spec.kind, name=spec.name, bot=spec.bot,
                                token_hash=hash_token(token) if token else None, joined=spec.kind == "bot"))
        table = TableRow(id=table_id, game=game, options=options, status="open", settings=settings or {},
                         seats=rows)
        with self.session() as session, session.begin():
            session.add(table)
        return self.table(table_id), tokens

    def table(self, table_id: str) -> TableRow:
        """The table ``table_id`` with its seats; raises StorageError when there is none."""
        with self.session() as session:
            table = session.get(TableRow, table_id)
            if table is None:
                raise StorageError(f"no table {table_id!r}")
            return table

    def tables(self, statuses: Sequence[str] = ("open", "playing")) -> list[TableRow]:
        """Tables in any of ``statuses``, newest first (the lobby; recovery at start-up)."""
        with self.session() as session:
            query = select(TableRow).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at.desc())
            return list(session.scalars(query))

    def seat_for_token(self, table_id: str, token: str) -> int | None:
        """The seat whose secret ``token`` this is, or None."""
        digest = hash_token(token)
        for seat in self.table(table_id).seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None

    def join(self, table_id: str, seat: int, name: str) -> None:
        """Mark ``seat`` as taken by ``name``."""
        with self.session() as session, session.begin():
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                raise StorageError(f"table {table_id!r} has no seat {seat + 1}")
            row.joined, row.name = True, name or row.name

    def claim_seat(self, table_id: str, seat: int, name: str) -> str:
        """Give a free human seat to ``name`` from the lobby: a fresh token replaces the invitation's."""
        token = secrets.token_urlsafe(24)
        with self.session() as session, session.begin():
            row = session.get(SeatRow, (table_id, seat))
            if row is None or row.kind != "human" or row.joined:
                raise StorageError(f"seat {seat + 1} of table {table_id!r} is not a free human seat")
            row.token_hash, row.joined, row.name = hash_token(token), True, name or row.name
        return token

    def update_settings(self, table_id: str, changes: dict[str, Any]) -> None:
        """Merge ``changes`` into the table's settings (zombie seats, clocks)."""
        with self.session() as session, session.begin():
            table = session.get(TableRow, table_id)
            if table is None:
                raise StorageError(f"no table {table_id!r}")
            table.settings = {**table.settings, **changes}

    def set_status(self, table_id: str, status: str, result: dict[str, Any] | None = None) -> None:
        """Move a table to ``status`` (open, playing, over, abandoned), with its result when over."""
        if status not in STATUSES:
            raise StorageError(f"status {status!r}; statuses: {', '.join(STATUSES)}")
        with self.session() as session, session.begin():
            table = session.get(TableRow, table_id)
            if table is None:
                raise StorageError(f"no table {table_id!r}")
            table.status = status
            if result is not None:
                table.result = result

    # ------------------------------------------------------------------ the event log

    def append(self, table_id: str, number: int, seat: int, action: str, kind: str = "action") -> None:
        """Write move ``number`` (0-based) of the table's log, committed before this returns.

        Raises:
            StaleMoveError: when move ``number`` is already written (another request won the race)
                or ``number`` skips ahead of the log.
        """
        with self.session() as session:
            try:
                with session.begin():
                    if number > 0 and session.get(EventRow, (table_id, number - 1)) is None:
                        raise StaleMoveError(f"move {number} is stale: the table has not reached move {number - 1}")
                    session.add(EventRow(table_id=table_id, number=number, seat=seat, action=action, kind=kind))
            except IntegrityError:
                raise StaleMoveError(f"move {number} is stale: it was already made at table {table_id}") from None

    def append_many(self, events: Sequence[NewEvent]) -> list[bool]:
        """Write several events in one transaction (a group commit: one commit for many tables'
        moves); for each, True when written, False when stale (that move number was already written).

        The primary key refuses a second event with the same number; a writer that keeps its tables'
        moves in order (the server does, under a per-table lock) cannot leave a gap.
        """
        rows = [{"table_id": e.table_id, "number": e.number, "seat": e.seat, "action": e.action, "kind": e.kind}
                for e in events]
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(EventRow), rows)
            return [True] * len(rows)
        except IntegrityError:  # someone else wrote one of them: find out which, one by one
            written = []
            for row in rows:
                try:
                    with self.engine.begin() as connection:
                        connection.execute(insert(EventRow), [row])
                    written.append(True)
                except IntegrityError:
                    written.append(False)
            return written

    def events(self, table_id: str) -> list[EventRow]:
        """The table's log in order."""
        with self.session() as session:
            query = select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.number)
            return list(session.scalars(query))
