"""The lobby's listing: pages of tables, waiting first, each status's most recently active first, read as
plain rows (never ORM objects, never a table's hidden settings) with a cursor that goes on where a page ended.
An account's listing is the same query, narrowed to the tables it sits at or is invited to."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, and_, exists, func, or_, select

from tabletop.storage.errors import StorageError
from tabletop.storage.models import STATUSES, EventRow, SeatRow, TableRow


@dataclass(frozen=True, slots=True)
class LobbySeat:
    """A seat as a lobby line shows it."""

    seat: int
    kind: str
    name: str
    bot: str | None
    joined: bool
    open: bool = False
    reserved_name: str | None = None  #: the username of the account the seat is addressed to
    account: str | None = None  #: the account the seat is bound to (a feature's to know; never a lobby's to show)


@dataclass(frozen=True, slots=True)
class LobbyRow:
    """A table as a lobby page lists it: the columns a line shows and its seats, read as plain rows.
    Loaded as ORM objects, a page of 100 tables took 6 ms of Python instead of 2.5, on a database thread
    holding the GIL the event loop waits for — what a client paging the lobby costs everyone's moves."""

    id: str
    game: str
    options: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    settings: dict[str, Any]  #: only :data:`LOBBY_SETTINGS`, those the table has
    active_at: datetime
    seats: list[LobbySeat]


LOBBY_SETTINGS = ("zombies", "rematch_of")
"""The settings a lobby line shows (seats a bot took over, the table a rematch follows): only these are
read, never the rest of a table's settings (its chance secret among them)."""
LOBBY_COLUMNS = (TableRow.id, TableRow.game, TableRow.options, TableRow.status, TableRow.result, TableRow.active_at,
                 *(TableRow.settings[name].label(name) for name in LOBBY_SETTINGS))
"""The columns of a lobby line (:class:`LobbyRow` without its seats)."""


@dataclass(frozen=True)
class LobbyPage:
    """One page of the lobby: tables, each one's number of logged moves, and the next page's cursor."""

    tables: list[LobbyRow]
    moves: dict[str, int]
    next: str | None
    mine: dict[str, list[int]] = field(default_factory=dict)  #: an account's listing: its seats at each table
    invited: dict[str, list[int]] = field(default_factory=dict)  #: and the free seats addressed to it


def lobby_page(engine: Engine, statuses: Sequence[str], game: str | None = None, limit: int = 50,
               cursor: str | None = None, *, quiet_since: datetime | None = None,
               quiet: bool | None = None, account: str | None = None) -> LobbyPage:
    """A page of tables in ``statuses`` (of ``game``): waiting tables first, then the others in the
    order of :data:`STATUSES`, each status's most recently active first (the lobby's index).

    With ``quiet_since``, a playing table whose last activity is older is *quiet*: ``quiet=False``
    leaves such tables out, ``quiet=True`` lists only them (the lobby's idle group); ``None`` lists all.
    Each status is one index range read in order, so a page costs at most one query per status.
    With ``account``, only the tables where that account has a seat, and its seats at each (``mine``), or a
    free seat addressed to it (``invited``).

    Raises:
        StorageError: for a cursor this store did not give out.
    """
    order = [status for status in STATUSES if status in statuses]
    after: tuple[datetime, str] | None = None
    if cursor is not None:
        status, active, table_id = _read_cursor(cursor)
        if status not in order:
            raise StorageError(f"cursor {cursor[:40]!r} is not one of this listing; start from the first page")
        order, after = order[order.index(status):], (active, table_id)
    rows: list[Any] = []
    with engine.connect() as connection:
        for status in order:
            query = _lobby_range(status, game, quiet_since, quiet)
            if query is None:
                continue
            if account is not None:  # its seats, and those addressed to it that wait for it
                query = query.where(exists().where(SeatRow.table_id == TableRow.id, or_(
                    SeatRow.account == account, and_(SeatRow.reserved_for == account, SeatRow.joined.is_(False)))))
            if after is not None:
                query = query.where(or_(TableRow.active_at < after[0],
                                        and_(TableRow.active_at == after[0], TableRow.id < after[1])))
                after = None  # (the cursor's status only; the statuses after it start at their top)
            query = query.order_by(TableRow.active_at.desc(), TableRow.id.desc()).limit(limit + 1 - len(rows))
            rows += connection.execute(query)
            if len(rows) > limit:
                break
        more = len(rows) > limit
        rows = rows[:limit]
        moves: dict[str, int] = {}
        mine: dict[str, list[int]] = {}
        invited: dict[str, list[int]] = {}
        seats: dict[str, list[LobbySeat]] = {row.id: [] for row in rows}
        if rows:
            ids = list(seats)
            counts = connection.execute(select(EventRow.table_id, func.count()).where(
                EventRow.table_id.in_(ids)).group_by(EventRow.table_id))
            moves = {table_id: int(count) for table_id, count in counts}
            for table_id, seat, kind, name, bot, joined, open_, reserved in connection.execute(
                    select(SeatRow.table_id, SeatRow.seat, SeatRow.kind, SeatRow.name, SeatRow.bot, SeatRow.joined,
                           SeatRow.open, SeatRow.reserved_name)
                    .where(SeatRow.table_id.in_(ids)).order_by(SeatRow.table_id, SeatRow.seat)):
                seats[table_id].append(LobbySeat(seat, kind, name, bot, joined, bool(open_), reserved))
            if account is not None:
                for table_id, seat, bound in connection.execute(
                        select(SeatRow.table_id, SeatRow.seat, SeatRow.account == account).where(
                            SeatRow.table_id.in_(ids), or_(SeatRow.account == account,
                                                           and_(SeatRow.reserved_for == account,
                                                                SeatRow.joined.is_(False))))
                        .order_by(SeatRow.seat)):
                    (mine if bound else invited).setdefault(table_id, []).append(seat)
    tables = [LobbyRow(row.id, row.game, row.options, row.status, row.result, _shown_settings(row), row.active_at,
                       seats[row.id]) for row in rows]
    following = _write_cursor(rows[-1].status, rows[-1].active_at, rows[-1].id) if more and rows else None
    return LobbyPage(tables, {r.id: moves.get(r.id, 0) for r in rows}, following, mine, invited)

def _lobby_range(status: str, game: str | None, quiet_since: datetime | None,
                 quiet: bool | None) -> Any:
    """The lobby's query of one status (None: nothing of it is listed), before its order and cursor."""
    query = select(*LOBBY_COLUMNS).where(TableRow.status == status)
    if game is not None:
        query = query.where(TableRow.game == game)
    if quiet_since is None or quiet is None:
        return query
    if status != "playing":  # only a game being played goes quiet: a waiting table waits, a finished one is over
        return None if quiet else query
    return query.where(TableRow.active_at < quiet_since if quiet else TableRow.active_at >= quiet_since)


def _shown_settings(row: Any) -> dict[str, Any]:
    """The :data:`LOBBY_SETTINGS` a lobby query's row holds (those the table has)."""
    return {name: getattr(row, name) for name in LOBBY_SETTINGS if getattr(row, name) is not None}


def _write_cursor(status: str, active: datetime, table_id: str) -> str:
    return base64.urlsafe_b64encode(f"{status}|{active.isoformat()}|{table_id}".encode()).decode().rstrip("=")


def _read_cursor(cursor: str) -> tuple[str, datetime, str]:
    """A cursor's status, time and table id, each of the form :func:`_write_cursor` writes: what a client
    made up instead is refused here, before it reaches a query (PostgreSQL fails on a NUL in a text
    parameter, which SQLite would take).

    Raises:
        StorageError: for anything else.
    """
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        status, active, table_id = text.split("|")
        if status not in STATUSES or not (table_id.isascii() and table_id.isalnum() and len(table_id) <= 32):
            raise ValueError(text)
        return status, datetime.fromisoformat(active), table_id
    except (ValueError, UnicodeDecodeError):
        raise StorageError(f"cursor {cursor[:40]!r} is not one this server gave out; start from the first page") \
            from None
