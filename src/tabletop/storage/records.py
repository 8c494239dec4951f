"""Finished tables read back for their records: a player's games, or every rated game of a period, a page at a time.

What the open record reads (a player's finished games as game records, and ``tabletop export``'s dumps): each
table with what its record is made of — its options, seats (with the username of each seat's account), stored
result, chance secret and log — read as plain rows (never ORM objects) in pages ordered by when the table finished
(its ``active_at``: a finished table's last activity is its end), keyed by (time, id) so a page goes on exactly
where the last ended. Only finished tables are ever read here: a table being played has hidden information in its
log and its secret. Turning a page into records is the engine's (:mod:`tabletop.server.archive`).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, and_, exists, false, or_, select, true

from tabletop.storage.accounts import AccountRow
from tabletop.storage.errors import StorageError
from tabletop.storage.models import EventRow, SeatRow, TableRow, aware

FINISHED = ("over", "abandoned")
"""The statuses of a finished table (with a result, or ended without one)."""

Key = tuple[datetime, str]
"""Where a page ends: the last table's finishing time and id."""


@dataclass(frozen=True, slots=True)
class FinishedQuery:
    """Which finished tables to read: an account's (None: anyone's), of one game, finished in [since, until),
    rated or casual (None: both), in these statuses, the latest first or the earliest."""

    account: str | None = None
    game: str | None = None
    since: datetime | None = None
    until: datetime | None = None  #: exclusive
    rated: bool | None = None
    statuses: tuple[str, ...] = FINISHED
    newest_first: bool = True


@dataclass(frozen=True, slots=True)
class StoredSeat:
    """A seat as the database keeps it: its name, kind, bot level, and the account bound to it with that account's
    username (None: nobody's — an anonymous person, a casual bot, a deleted account's seat)."""

    seat: int
    kind: str
    name: str
    bot: str | None
    account: str | None
    username: str | None


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A finished table as stored: what its game record and a line of the open record are made of."""

    id: str
    game: str
    options: dict[str, Any]
    status: str
    created_at: datetime  #: as the database gives it back (SQLite keeps no zone), as a live table's row has it
    finished_at: datetime  #: UTC
    result: dict[str, Any] | None
    pool: str | None  #: a rated table's pool (None: casual)
    chance_secret: str | None
    seed: int | None
    seats: tuple[StoredSeat, ...]
    events: tuple[tuple[str, int, str], ...]  #: the log in order: (kind, seat, action)

    @property
    def key(self) -> Key:
        """Where a page that ends with this table ends."""
        return self.finished_at, self.id


class RecordStore:
    """Finished tables, read a page at a time from a :class:`~tabletop.storage.Store`'s database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def finished(self, query: FinishedQuery, after: Key | None = None, limit: int = 50) -> list[StoredGame]:
        """Up to ``limit`` finished tables that ``query`` asks for, after ``after`` in its order (the latest first
        or the earliest), each with its seats and its log: three queries a page, whatever its size."""
        rated = TableRow.settings["rated"].as_boolean()
        statement = select(TableRow.id, TableRow.game, TableRow.options, TableRow.status, TableRow.created_at,
                           TableRow.active_at, TableRow.result, rated.label("rated"),
                           TableRow.settings["pool"].as_string().label("pool"),
                           TableRow.settings["chance_secret"].as_string().label("chance_secret"),
                           TableRow.settings["seed"].as_integer().label("seed")).where(
            TableRow.status.in_([status for status in query.statuses if status in FINISHED]))
        if query.account is not None:
            statement = statement.where(exists().where(SeatRow.table_id == TableRow.id,
                                                       SeatRow.account == query.account))
        if query.game is not None:
            statement = statement.where(TableRow.game == query.game)
        if query.since is not None:
            statement = statement.where(TableRow.active_at >= query.since)
        if query.until is not None:
            statement = statement.where(TableRow.active_at < query.until)
        if query.rated is not None:
            statement = statement.where(rated == true() if query.rated else or_(rated.is_(None), rated == false()))
        if query.newest_first:
            if after is not None:
                statement = statement.where(or_(TableRow.active_at < after[0],
                                                and_(TableRow.active_at == after[0], TableRow.id < after[1])))
            statement = statement.order_by(TableRow.active_at.desc(), TableRow.id.desc())
        else:
            if after is not None:
                statement = statement.where(or_(TableRow.active_at > after[0],
                                                and_(TableRow.active_at == after[0], TableRow.id > after[1])))
            statement = statement.order_by(TableRow.active_at, TableRow.id)
        with self.engine.connect() as connection:
            rows = list(connection.execute(statement.limit(limit)))
            ids = [row.id for row in rows]
            seats: dict[str, list[StoredSeat]] = {table_id: [] for table_id in ids}
            events: dict[str, list[tuple[str, int, str]]] = {table_id: [] for table_id in ids}
            if ids:
                for table_id, seat, kind, name, bot, account, username in connection.execute(
                        select(SeatRow.table_id, SeatRow.seat, SeatRow.kind, SeatRow.name, SeatRow.bot, SeatRow.account,
                               AccountRow.username)
                        .outerjoin(AccountRow, and_(AccountRow.id == SeatRow.account, AccountRow.deleted_at.is_(None)))
                        .where(SeatRow.table_id.in_(ids)).order_by(SeatRow.table_id, SeatRow.seat)):
                    seats[table_id].append(StoredSeat(seat, kind, name, bot, account, username or None))
                for table_id, kind, seat, action in connection.execute(
                        select(EventRow.table_id, EventRow.kind, EventRow.seat, EventRow.action)
                        .where(EventRow.table_id.in_(ids)).order_by(EventRow.table_id, EventRow.number)):
                    events[table_id].append((kind, seat, action))
        return [StoredGame(row.id, row.game, row.options, row.status, row.created_at, aware(row.active_at), row.result,
                           row.pool if row.rated else None, row.chance_secret, row.seed, tuple(seats[row.id]),
                           tuple(events[row.id])) for row in rows]


def write_cursor(key: Key) -> str:
    """The cursor a client continues after ``key`` with (opaque to it)."""
    moment, table_id = key
    return base64.urlsafe_b64encode(f"{aware(moment).isoformat()}|{table_id}".encode()).decode().rstrip("=")


def read_cursor(cursor: str) -> Key:
    """A cursor's key, of the form :func:`write_cursor` writes: anything a client made up instead is refused here,
    before it reaches a query (PostgreSQL fails on a NUL that SQLite would take).

    Raises:
        StorageError: for anything else.
    """
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        moment, table_id = text.split("|")
        when = datetime.fromisoformat(moment)
        if when.tzinfo is None or not (table_id.isascii() and table_id.isalnum() and len(table_id) <= 32):
            raise ValueError(text)
        return when.astimezone(UTC), table_id
    except (ValueError, UnicodeDecodeError, OverflowError):
        raise StorageError(f"cursor {cursor[:40]!r} is not one this server gave out; start from the first page") \
            from None

