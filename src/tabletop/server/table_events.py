"""The one seam between live tables and everything else (the site's features: ratings, tournaments, puzzles,
the bot API): what happened at a table, as events a feature subscribes to.

- :class:`TableOpened` — a table was made (its seats waiting for their people, or about to start);
- :class:`TableStarted` — every seat filled, the game begins;
- :class:`MoveApplied` — move ``move`` was logged and applied (the move's number and who made it: what was
  done is each seat's to see, through that seat's view, never here);
- :class:`TableFinished` — the result, how the game ended (:data:`~tabletop.core.ending.Cause`: one
  vocabulary for every feature), the game record and who sat where.

Events are delivered in the process where they happened, after the change is committed, in order, by a
task of their own (:meth:`TableEvents.run`): a slow listener never holds a table's lock or a move, and a
handler's failure is logged and never reaches the table. A feature that must not miss a finished table — a rating,
a tournament's score — registers a *consumer* (:meth:`TableEvents.consume`): it is handed each finished
table once, keyed by the table id, including tables finished while it was not running or by another
process (:meth:`TableEvents.catch_up` reads them from the database: at start, and every housekeeping
round after).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.core import Record
from tabletop.core.ending import Cause
from tabletop.server.table import LiveTable
from tabletop.storage.consumers import ConsumerMarks

log = logging.getLogger("tabletop.server")

QUEUED = 10_000
"""Events waiting for their listeners at most; beyond, new ones are dropped (and logged): a consumer loses
nothing by it (it catches up from the database), a stream of moves shows the next state instead."""
CATCH_UP_SECONDS = 30.0
"""How often consumers look in the database for finished tables they have not handled."""


@dataclass(frozen=True, slots=True)
class Sitter:
    """Who sat at a seat: a person (``human``, or ``local`` on a shared screen) or a bot (its level)."""

    seat: int
    kind: str
    name: str
    bot: str | None = None
    account: str | None = None  #: the account the seat is bound to (a signed-in person's), if any


@dataclass(frozen=True, slots=True)
class TableOpened:
    """A table was made (:meth:`.seating.Seating.open`, the one way): its seats wait for their people, or it
    starts at once (:class:`TableStarted` follows)."""

    table: str
    game: str
    options: Mapping[str, Any]
    seats: tuple[Sitter, ...]


@dataclass(frozen=True, slots=True)
class TableStarted:
    """Every seat of the table is filled: its game begins."""

    table: str
    game: str
    options: Mapping[str, Any]
    seats: tuple[Sitter, ...]


@dataclass(frozen=True, slots=True)
class MoveApplied:
    """Move ``move`` of the table's log (an ``action``, an ``undo`` or an ``end``) was written and applied;
    ``seat`` made it (-1: chance, or the table's own ending)."""

    table: str
    move: int
    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class TableFinished:
    """The table ended: ``status`` over (with a ``result``) or abandoned, ``cause`` how, the game ``record``
    (replays to the same result), and who sat where."""

    table: str
    game: str
    options: Mapping[str, Any]
    status: str
    cause: Cause
    result: Mapping[str, Any] | None
    record: Record
    seats: tuple[Sitter, ...]
    pool: str | None = None  #: the rating pool of a rated table (:mod:`tabletop.core.pools`); None: casual


TableEvent = TableOpened | TableStarted | MoveApplied | TableFinished
Handler = Callable[[Any], Awaitable[None]]
Db = Callable[..., Awaitable[Any]]


def sitters(table: LiveTable) -> tuple[Sitter, ...]:
    """Who sits at each of the table's seats."""
    return tuple(Sitter(s.seat, s.kind, s.name, s.bot, s.account) for s in table.seats)


def opened(table: LiveTable) -> TableOpened:
    """The :class:`TableOpened` of a table just made."""
    return TableOpened(table.row.id, table.game.name, dict(table.row.options), sitters(table))


def started(table: LiveTable) -> TableStarted:
    """The :class:`TableStarted` of a table that has just started."""
    return TableStarted(table.row.id, table.game.name, dict(table.row.options), sitters(table))


def finished(table: LiveTable) -> TableFinished:
    """The :class:`TableFinished` of a finished table."""
    cause: Cause = table.ending.cause if table.ending is not None else "finished"
    return TableFinished(table.row.id, table.game.name, dict(table.row.options), table.status, cause,
                         table.result(), table.record(), sitters(table),
                         table.settings.pool if table.settings.rated else None)


class TableEvents:
    """Who hears of what happens at this process's tables."""

    def __init__(self, marks: ConsumerMarks, db: Db, load: Callable[[str], Awaitable[LiveTable]]) -> None:
        """``load(table_id)``: a finished table read from the database (without holding it in memory)."""
        self.marks, self.db, self.load = marks, db, load
        self.handlers: list[tuple[tuple[type[Any], ...], Handler]] = []
        self.consumers: dict[str, Callable[[TableFinished], Awaitable[None]]] = {}
        self.queue: asyncio.Queue[TableEvent] = asyncio.Queue(QUEUED)

    def subscribe(self, handler: Handler, *kinds: type[Any]) -> None:
        """Call ``handler(event)`` for every event of ``kinds`` (all kinds when none is named)."""
        self.handlers.append((kinds or (TableOpened, TableStarted, MoveApplied, TableFinished), handler))

    def consume(self, name: str, handler: Callable[[TableFinished], Awaitable[None]]) -> None:
        """Hand every finished table to ``handler`` once, under the consumer ``name`` (unique, kept in the
        database): the ones finished here as they finish, the others on :meth:`catch_up`. ``handler`` keys
        what it writes by the table id: after a crash mid-way, a table may be handed to it again."""
        if name in self.consumers:
            raise ValueError(f"a consumer named {name!r} is registered already")
        self.consumers[name] = handler

    def emit(self, event: TableEvent) -> None:
        """Queue ``event`` for its listeners (:meth:`run` delivers it); never waits, never fails."""
        try:
            self.queue.put_nowait(event)
        except asyncio.QueueFull:
            log.warning("table %s: %s dropped: %d events wait for their listeners", event.table,
                        type(event).__name__, QUEUED)

    async def run(self) -> None:
        """Deliver the queued events, in order, forever (the hub runs this in the background)."""
        while True:
            event = await self.queue.get()
            try:
                await self.deliver(event)
            finally:
                self.queue.task_done()

    async def delivered(self) -> None:
        """Wait until every event queued so far has been delivered."""
        await self.queue.join()

    async def deliver(self, event: TableEvent) -> None:
        """Tell every subscriber of ``event``'s kind, then (a finished table) every consumer; a failure is
        logged, never raised: the table's change is committed whatever its listeners make of it."""
        for kinds, handler in self.handlers:
            if isinstance(event, kinds):
                try:
                    await handler(event)
                except Exception:
                    log.exception("table %s: a %s handler failed", event.table, type(event).__name__)
        if isinstance(event, TableFinished):
            for name in self.consumers:
                await self._hand(name, event)

    async def keep_caught_up(self) -> None:
        """:meth:`catch_up` now and every :data:`CATCH_UP_SECONDS`, forever."""
        while True:
            try:
                await self.catch_up()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database is down: the next round catches up
                log.warning("consumers: could not catch up (%s: %s)", type(error).__name__, error)
            await asyncio.sleep(CATCH_UP_SECONDS)

    async def catch_up(self) -> int:
        """Hand every consumer the finished tables it has not handled (finished elsewhere, or while it was
        not running); how many were handed."""
        handed = 0
        for name in self.consumers:
            while pending := await self.db(self.marks.pending, name, 50):
                before = handed
                for table_id in pending:
                    try:
                        table = await self.load(table_id)
                    except Exception:
                        log.exception("table %s: could not be read for consumer %s", table_id, name)
                        continue
                    handed += await self._hand(name, finished(table))
                if handed == before:  # none taken this round (claimed elsewhere, or failing): the next round
                    break
        return handed

    async def _hand(self, name: str, event: TableFinished) -> bool:
        """``event`` to consumer ``name`` if it is this caller's to hand (claimed now); True when handled."""
        if not await self.db(self.marks.claim, name, event.table):
            return False
        try:
            await self.consumers[name](event)
        except Exception:
            log.exception("table %s: consumer %s failed; it is tried again next round", event.table, name)
            await self.db(self.marks.release, name, event.table)
            return False
        await self.db(self.marks.done, name, event.table)
        return True
