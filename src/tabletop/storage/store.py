"""The store of live tables: SQLAlchemy 2 over SQLite (a file, the default) or PostgreSQL (by URL).

A small interface the server speaks (``create_table``, ``table``, ``append``, ``events``, …) and one
SQL implementation of it. Appending move ``n`` is how a server claims a turn: if another request or
another server process wrote move ``n`` first, the database's primary key refuses the second and
:class:`StaleMoveError` says so; nothing is half-written. The schema is created and upgraded by
Alembic (:func:`tabletop.storage.migrate.upgrade`), never by ``create_all``.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, and_, create_engine, event, exists, func, insert, or_, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from tabletop.core.extras import require
from tabletop.storage.errors import StaleMoveError, StorageError, TableExistsError
from tabletop.storage.lobby import LobbyPage, lobby_page
from tabletop.storage.migrate import upgrade
from tabletop.storage.models import STATUSES, EventRow, SeatRow, TableRow, now

log = logging.getLogger("tabletop.storage")
DEFAULT_URL = "sqlite:///tabletop.db"


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
    joined: bool = False  #: taken at creation (the creator's own seat, hot-seat players)
    open: bool = False  #: a person's seat anyone may take from the lobby (else only its invitation's token)
    reserved_for: str | None = None  #: the account it is addressed to (taken by it or its invitation's token)
    reserved_name: str | None = None  #: that account's username, shown in the lobby
    account: str | None = None  #: a bot seat's account (a bot level's, at a rated table)


def hash_token(token: str) -> str:
    """What the store keeps of a seat token: its SHA-256 (the token itself is only given out once)."""
    return hashlib.sha256(token.encode()).hexdigest()


def make_engine(url: str = DEFAULT_URL, pool_size: int = 8) -> Engine:
    """An engine for ``url``; SQLite gets foreign keys, WAL and a busy timeout for concurrent writers."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                               pool_size=pool_size, max_overflow=2)

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    if url.startswith("postgresql"):
        require("psycopg", extra="postgres", purpose="PostgreSQL database URLs")
    return create_engine(url, pool_pre_ping=True, pool_size=pool_size, max_overflow=2, pool_timeout=10)


class Store:
    """Tables, seats and event logs in one database."""

    def __init__(self, url: str = DEFAULT_URL, *, migrate: bool = True, pool_size: int = 8) -> None:
        self.url = url
        if migrate:
            upgrade(url)
        self.engine = make_engine(url, pool_size)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def session(self) -> Session:
        """A new ORM session (use as a context manager)."""
        return self._sessions()

    # ------------------------------------------------------------------ tables and seats

    def create_table(self, game: str, options: dict[str, Any], seats: Sequence[SeatSpec],
                     settings: dict[str, Any] | None = None, *, creator: str | None = None,
                     creator_token: str | None = None, owner: str | None = None,
                     lease_seconds: float = 0.0, table_id: str | None = None,
                     account: str | None = None) -> tuple[TableRow, dict[int, str]]:
        """A new open table; returns it and the secret token of each human or local seat (given once).

        ``creator`` (a hashed address) counts it among that client's tables and sits in the seats
        joined at creation; ``creator_token`` (kept hashed) may abandon it; ``owner`` holds its lease.
        ``table_id`` names it (a rematch's id follows from its game's, so two requests make one table).

        Raises:
            TableExistsError: when a table ``table_id`` exists already.
        """
        table_id = table_id or uuid.uuid4().hex
        tokens: dict[int, str] = {}
        rows = []
        for number, spec in enumerate(seats):
            if spec.kind not in ("human", "bot", "local"):
                raise StorageError(f"seat {number + 1}: kind {spec.kind!r}; kinds: human, bot, local")
            token = None
            if spec.kind != "bot":
                token = tokens[number] = secrets.token_urlsafe(24)
            joined = spec.kind == "bot" or spec.joined
            rows.append(SeatRow(seat=number, kind=spec.kind, name=spec.name, bot=spec.bot,
                                token_hash=hash_token(token) if token else None, joined=joined,
                                open=spec.open and spec.kind == "human",
                                reserved_for=spec.reserved_for if spec.kind == "human" else None,
                                reserved_name=spec.reserved_name if spec.kind == "human" else None,
                                client=creator if joined and spec.kind != "bot" else None,
                                account=spec.account if spec.kind == "bot" else account if joined else None))
        table = TableRow(id=table_id, game=game, options=options, status="open", settings=settings or {},
                         seats=rows, creator=creator, all_bots=all(spec.kind == "bot" for spec in seats),
                         creator_token_hash=hash_token(creator_token) if creator_token else None, owner=owner,
                         lease_until=now() + timedelta(seconds=lease_seconds) if owner else None)
        try:
            with self.session() as session, session.begin():
                session.add(table)
        except IntegrityError:
            raise TableExistsError(f"table {table_id!r} exists already") from None
        return table, tokens  # as written: every column and seat is loaded (nothing expires on commit)

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

    def lobby(self, statuses: Sequence[str], game: str | None = None, limit: int = 50,
              cursor: str | None = None, *, quiet_since: datetime | None = None,
              quiet: bool | None = None, account: str | None = None) -> LobbyPage:
        """A page of the lobby (:func:`tabletop.storage.lobby.lobby_page` says what it lists, and how)."""
        return lobby_page(self.engine, statuses, game, limit, cursor, quiet_since=quiet_since, quiet=quiet,
                          account=account)

    def unfinished_tables_of(self, client: str) -> int:
        """How many open or playing tables ``client`` created or sits at."""
        sits = exists().where(SeatRow.table_id == TableRow.id, SeatRow.client == client)
        query = select(func.count()).select_from(TableRow).where(
            TableRow.status.in_(("open", "playing")), or_(TableRow.creator == client, sits))
        with self.session() as session:
            return int(session.scalar(query) or 0)

    def created_since(self, client: str, seconds: float) -> list[datetime]:
        """When ``client`` created each of the tables it made in the last ``seconds``, the earliest first: the
        database decides the creation limit, so it holds across processes, with Redis or without."""
        since = now() - timedelta(seconds=seconds)
        query = select(TableRow.created_at).where(TableRow.creator == client, TableRow.created_at >= since) \
            .order_by(TableRow.created_at)
        with self.session() as session:
            return [moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
                    for moment in session.scalars(query)]

    def unfinished_tables_of_account(self, account: str) -> int:
        """How many open or playing tables ``account`` sits at (or is seated at by the tables it made)."""
        sits = exists().where(SeatRow.table_id == TableRow.id, SeatRow.account == account)
        query = select(func.count()).select_from(TableRow).where(TableRow.status.in_(("open", "playing")), sits)
        with self.session() as session:
            return int(session.scalar(query) or 0)

    def created_by_account_since(self, account: str, seconds: float) -> list[datetime]:
        """When each table made in the last ``seconds`` with a seat of ``account`` was made, the earliest first
        (a signed-in player's creations: its seat is bound at creation)."""
        since = now() - timedelta(seconds=seconds)
        sits = exists().where(SeatRow.table_id == TableRow.id, SeatRow.account == account)
        query = select(TableRow.created_at).where(sits, TableRow.created_at >= since).order_by(TableRow.created_at)
        with self.session() as session:
            return [moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
                    for moment in session.scalars(query)]

    def bot_tables(self) -> int:
        """How many all-bot tables are open or playing (on the whole deployment)."""
        query = select(func.count()).select_from(TableRow).where(
            TableRow.status.in_(("open", "playing")), TableRow.all_bots.is_(True))
        with self.session() as session:
            return int(session.scalar(query) or 0)

    def is_creator(self, table_id: str, token: str) -> bool:
        """True when ``token`` is the creator token of the table."""
        digest = self.table(table_id).creator_token_hash
        return digest is not None and secrets.compare_digest(digest, hash_token(token))

    # ------------------------------------------------------------------ ownership leases

    def claim(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take the table's lease for ``owner`` if nobody holds a live one (or ``owner`` already does)."""
        moment = now()
        with self.engine.begin() as connection:
            done = connection.execute(update(TableRow).where(
                TableRow.id == table_id, TableRow.status.in_(("open", "playing")),
                or_(TableRow.owner == owner, TableRow.owner.is_(None), TableRow.lease_until.is_(None),
                    TableRow.lease_until < moment)).values(owner=owner, lease_until=moment + timedelta(seconds=seconds),
                                               updated_at=TableRow.updated_at))  # a lease is not activity
            return bool(done.rowcount)

    def renew(self, owner: str, seconds: float) -> set[str]:
        """Extend every lease ``owner`` holds on an unfinished table; the tables it still owns."""
        moment = now()
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(
                TableRow.owner == owner, TableRow.status.in_(("open", "playing"))).values(
                lease_until=moment + timedelta(seconds=seconds), updated_at=TableRow.updated_at))
            rows = connection.execute(select(TableRow.id).where(
                TableRow.owner == owner, TableRow.status.in_(("open", "playing"))))
            return {row[0] for row in rows}

    def release(self, owner: str) -> None:
        """Hand back every lease ``owner`` holds (a clean shutdown: others take over at once)."""
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.owner == owner).values(
                owner=None, lease_until=None, updated_at=TableRow.updated_at))

    def lapsed(self, limit: int = 50) -> list[str]:
        """Playing tables whose owner's lease ran out (its process died or lost the database)."""
        query = select(TableRow.id).where(TableRow.status == "playing", or_(
            TableRow.lease_until.is_(None), TableRow.lease_until < now())).limit(limit)
        with self.session() as session:
            return list(session.scalars(query))

    def expire(self, open_minutes: float, bot_minutes: float, idle_minutes: float | None = None) -> list[str]:
        """Abandon open tables nobody joined for ``open_minutes``, all-bot tables older than
        ``bot_minutes`` and — with ``idle_minutes`` — tables without a move clock where nobody has
        moved for that long (the people walked away: a clock ends a clocked table by itself); the
        tables abandoned, at most 500 a call."""
        moment = now()
        stale_open = and_(TableRow.status == "open", TableRow.updated_at < moment - timedelta(minutes=open_minutes))
        old_bots = and_(TableRow.status.in_(("open", "playing")), TableRow.all_bots.is_(True),
                        TableRow.created_at < moment - timedelta(minutes=bot_minutes))
        with self.engine.begin() as connection:
            query = select(TableRow.id).where(or_(stale_open, old_bots)).limit(500)
            ids = [row[0] for row in connection.execute(query)]
            if idle_minutes is not None:
                cutoff = moment - timedelta(minutes=idle_minutes)
                moved = select(EventRow.number).where(EventRow.table_id == TableRow.id, EventRow.at >= cutoff)
                idle = select(TableRow.id, TableRow.settings).where(
                    TableRow.status == "playing", TableRow.all_bots.is_(False), TableRow.updated_at < cutoff,
                    ~moved.exists()).limit(500)
                ids += [row.id for row in connection.execute(idle) if not (row.settings or {}).get("move_seconds")]
            if ids:
                connection.execute(update(TableRow).where(TableRow.id.in_(ids)).values(
                    status="abandoned", updated_at=moment))
        return ids

    def seat_for_token(self, table_id: str, token: str) -> int | None:
        """The seat whose secret ``token`` this is, or None."""
        query = select(SeatRow.seat).where(SeatRow.table_id == table_id, SeatRow.token_hash == hash_token(token))
        with self.engine.connect() as connection:  # one indexed look-up, no table loaded (every hello asks)
            return connection.execute(query).scalar()

    def seats_for_tokens(self, table_id: str, tokens: Iterable[str]) -> dict[str, int]:
        """The seat each of ``tokens`` holds at the table (a token that holds none is left out), in one
        query whatever their number: a hot-seat client sends every seat's token at once."""
        digests = {hash_token(token): token for token in tokens}
        if not digests:
            return {}
        query = select(SeatRow.token_hash, SeatRow.seat).where(SeatRow.table_id == table_id,
                                                               SeatRow.token_hash.in_(list(digests)))
        with self.engine.connect() as connection:
            return {digests[digest]: seat for digest, seat in connection.execute(query) if digest}

    def join(self, table_id: str, seat: int, name: str, client: str | None = None) -> None:
        """Mark ``seat`` as taken by ``name`` (from ``client``, a hashed address)."""
        with self.session() as session, session.begin():
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                raise StorageError(f"table {table_id!r} has no seat {seat + 1}")
            row.joined, row.name, row.client = True, name or row.name, client or row.client
            row.table.updated_at = row.table.active_at = now()  # a seat taken: a sign of life

    def claim_seat(self, table_id: str, seat: int, name: str, client: str | None = None,
                   account: str | None = None) -> str:
        """Give a free human seat to ``name`` from the lobby (bound to ``account`` when signed in): a fresh
        token replaces the invitation's."""
        token = secrets.token_urlsafe(24)
        with self.session() as session, session.begin():
            row = session.get(SeatRow, (table_id, seat))
            if row is None or row.kind != "human" or row.joined:
                raise StorageError(f"seat {seat + 1} of table {table_id!r} is not a free human seat")
            row.token_hash, row.joined, row.name, row.client = hash_token(token), True, name or row.name, client
            row.account = account
            row.table.updated_at = row.table.active_at = now()  # a seat taken: a sign of life
        return token

    def take_kept_seat(self, table_id: str, seat: int, name: str, client: str | None = None,
                       account: str | None = None) -> str:
        """Seat ``name`` in a seat kept for them (a rematch's seat, for the holder of the same seat at
        the last game), whatever its kind: a fresh token replaces the one made at creation; bound to ``account``
        when given (a seat kept for an account — a rated rematch's — is taken by that account only).

        Raises:
            StorageError: when the seat is a bot's, is taken already, or is kept for another account.
        """
        token = secrets.token_urlsafe(24)
        with self.session() as session, session.begin():
            row = session.get(SeatRow, (table_id, seat))
            if row is None or row.kind == "bot" or row.joined or (row.reserved_for and row.reserved_for != account):
                raise StorageError(f"seat {seat + 1} of table {table_id!r} is not a seat kept free")
            row.token_hash, row.joined, row.name, row.client = hash_token(token), True, name or row.name, client
            if account is not None:
                row.account = account
            row.table.updated_at = row.table.active_at = now()  # a seat taken: a sign of life
        return token

    def free_seat(self, table_id: str, seat: int, *, keep: bool = False) -> None:
        """Its person leaves ``seat``: with ``keep`` (a started game, a bot playing on) the seat keeps its
        token — its holder may still watch as that seat — and only stops counting as theirs; else (a table
        not started) the seat is free again for anyone, its token void.

        Raises:
            StorageError: when the table has no such seat.
        """
        with self.session() as session, session.begin():
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                raise StorageError(f"table {table_id!r} has no seat {seat + 1}")
            row.client = None
            if not keep:
                row.token_hash, row.joined = None, False
                if row.kind == "human":
                    row.name = ""
            row.table.updated_at = now()

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
        moment = now()  # a game started or ended is activity (the finished list shows the latest first)
        values: dict[str, Any] = {"status": status, "updated_at": moment, "active_at": moment}
        if result is not None:
            values["result"] = result
        with self.engine.begin() as connection:  # one UPDATE (a move that ends a game waits for it)
            if not connection.execute(update(TableRow).where(TableRow.id == table_id).values(values)).rowcount:
                raise StorageError(f"no table {table_id!r}")

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
        self._touch([table_id])

    def append_many(self, groups: Sequence[Sequence[NewEvent]], touch: Iterable[str] | None = None) -> list[bool]:
        """Write several groups of events in one transaction (a group commit: one commit for many tables'
        moves); for each group, True when written, False when stale (one of its move numbers was already
        written: then none of it is). A group is one table's consecutive events that stand or fall together —
        a move and what follows from it at once (a bot's instant reply, the cards dealt after it).
        Their tables are marked active now — of ``touch`` only those, when given (a writer that marks each
        table at most every few seconds spares the database a second write for every move).

        The primary key refuses a second event with the same number; a writer that keeps its tables'
        moves in order (the server does, under a per-table lock) cannot leave a gap.
        """
        marked = None if touch is None else set(touch)

        def rows(group: Sequence[NewEvent]) -> list[dict[str, Any]]:
            return [{"table_id": e.table_id, "number": e.number, "seat": e.seat, "action": e.action, "kind": e.kind}
                    for e in group]

        try:
            with self.engine.begin() as connection:
                connection.execute(insert(EventRow), [row for group in groups for row in rows(group)])
            written = [True] * len(groups)
        except IntegrityError:  # someone else wrote one of them: find out which group, one by one
            written = []
            for group in groups:
                try:
                    with self.engine.begin() as connection:
                        connection.execute(insert(EventRow), rows(group))
                    written.append(True)
                except IntegrityError:
                    written.append(False)
        self._touch({group[0].table_id for group, done in zip(groups, written, strict=True)
                     if done and group and (marked is None or group[0].table_id in marked)})
        return written

    def _touch(self, table_ids: Iterable[str]) -> None:
        """Mark these tables active now (their moves were just logged): the lobby's order and ages.

        Its own transaction, after the moves' commit, and allowed to fail: a move is never refused for
        the lobby's bookkeeping (two processes updating the same rows in another order may deadlock,
        and the database then cancels one), and ``updated_at`` stays as it was (a move changes no row).
        """
        ids = sorted(set(table_ids))
        if not ids:
            return
        try:
            with self.engine.begin() as connection:
                connection.execute(update(TableRow).where(TableRow.id.in_(ids)).values(
                    active_at=now(), updated_at=TableRow.updated_at))
        except DBAPIError as error:
            log.warning("the last activity of %d tables was not recorded: %s: %s", len(ids), type(error).__name__,
                        error)

    def events(self, table_id: str, since: int = 0) -> list[EventRow]:
        """The table's log in order (from move ``since`` on: what a process that has the rest lacks)."""
        with self.session() as session:
            query = select(EventRow).where(EventRow.table_id == table_id, EventRow.number >= since)
            return list(session.scalars(query.order_by(EventRow.number)))
