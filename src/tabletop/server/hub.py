"""The authority over live tables in one server process: its parts, put together.

- :mod:`.registry`: the tables held in memory, their locks and leases;
- :mod:`.seating`: tables made and joined, seat tokens, connections attached;
- :mod:`.moves`: actions checked, logged and applied, and what comes next (chance, bots, the end);
  its :mod:`.clocks` time each move;
- :mod:`.undo`: takebacks; :mod:`.endings`: resigning, abandoning and leaving, and going on without those who
  left, whom :mod:`.presence` counts; :mod:`.chat`;
- :mod:`.broadcast`: the connections and what each is sent (its seat's view, the log it has not had);
- :mod:`.failover` and :mod:`.notices`: the cross-process layer (leases, catching up, retries, housekeeping;
  notices over Redis, and reading the database while Redis is down);
- :mod:`.table_events` and :mod:`.seams`: the seam to everything else — tables opened, started and finished
  and moves applied, consumers that handle each finished table once, and the narrow interfaces the site's
  features (the rematch, the lobby, the coach) are handed instead of the hub (``Hub.seam``).

Each part is handed the few things it needs (the registry, a ``write``, a ``broadcast``, ``notify``…)
and none reaches into another's fields. Database calls run on a pool of their own; expensive answers on
another (:mod:`.work`); every limit on what a client may ask is in :mod:`.limits`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, TypeVar

from tabletop.core.extras import require
from tabletop.server.broadcast import Broadcaster, Connection
from tabletop.server.chat import TableChat
from tabletop.server.endings import TableEndings
from tabletop.server.failover import Failover
from tabletop.server.guards import Guarded
from tabletop.server.limits import Limits, Rates
from tabletop.server.lobby_lines import bot_levels, row_info
from tabletop.server.messages import TableInfo
from tabletop.server.moves import Moves
from tabletop.server.notices import Notices
from tabletop.server.presence import Presence
from tabletop.server.registry import TableRegistry
from tabletop.server.seams import Tables
from tabletop.server.seating import ChosenSeedRefused, Seating
from tabletop.server.table import LiveTable
from tabletop.server.table_events import TableEvents
from tabletop.server.undo import Undo
from tabletop.server.work import HeavyWork
from tabletop.server.writer import EventWriter
from tabletop.storage import Store
from tabletop.storage.consumers import ConsumerMarks

__all__ = ["ChosenSeedRefused", "Connection", "Hub", "bot_levels"]

log = logging.getLogger("tabletop.server")
T = TypeVar("T")


class Hub:
    """Every live table of this server process."""

    def __init__(self, store: Store, bots: Executor | None = None, redis_url: str | None = None,
                 limits: Limits | None = None, renew_bots: Callable[[], Executor] | None = None) -> None:
        """``bots`` runs bot decisions and simulated throws (None: threads of this process);
        ``renew_bots`` starts a new such pool when a worker process died (killed for memory, a crash)."""
        self.store = store
        self.limits = limits or Limits()
        self.database = ThreadPoolExecutor(self.limits.database_threads, thread_name_prefix="tabletop-db")
        self.writer = EventWriter(store, self.database)
        self.heavy = HeavyWork(self.limits)
        self.rates = Rates(self.limits, redis_url)
        self.redis_url = redis_url
        self.instance = uuid.uuid4().hex
        self.background: set[asyncio.Task[Any]] = set()
        self.registry = TableRegistry(store, self.db, self.instance, self.limits.lease_seconds)
        self.broadcaster = Broadcaster(self.registry, self.limits.spectators_per_table, self.limits.reconnect_seconds)
        self.notices = Notices(self.registry, self.spawn)
        self.presence = Presence(self.registry, self.broadcaster, self.notices, self.limits.lease_seconds,
                                 self.limits.reconnect_seconds, self.broadcaster.broadcast)
        self.failover = Failover(self.registry, self.broadcaster, self.limits, self.spawn, self.notices)
        self.events = TableEvents(ConsumerMarks(store), self.db, self.registry.read)
        self.moves = Moves(self.registry, self.writer, self.failover, self.limits, self.broadcaster.broadcast,
                           self.spawn, self.events.emit, bots, renew_bots)
        #: who may not sit with whom, whose chat a reader is not sent (the moderation feature installs itself)
        self.guards = Guarded()
        self.seating = Seating(self.registry, self.broadcaster, self.failover, self.rates, self.limits,
                               self.moves.advance_or_retry, self.events.emit, self.guards)
        self.undo = Undo(self.registry, self.moves.write, self.broadcaster.same_screen, self.failover.notify,
                         self.moves.advance_or_retry)
        self.chat = TableChat(self.registry, self.broadcaster, self.notices, self.rates, self.guards)
        self.endings = TableEndings(self.registry, self.moves, self.failover, self.broadcaster.broadcast,
                                    self.presence.present, self.limits.reconnect_seconds)
        self.failover.advance = self.moves.advance
        notices = self.notices
        notices.catch_up, notices.read_again, notices.take_over = (self.failover.catch_up, self.failover.read_again,
                                                                   self.failover.take_over)
        notices.heard_chat, notices.read_chat, notices.backoff = self.chat.heard, self.chat.read_chat, \
            self.failover.backoff
        self.registry.on_resumed = lambda table_id: self.spawn(self.failover.keep_trying(table_id, self.moves.advance))
        #: the tables as the site's features see them (:mod:`.seams`): what they are handed, not the hub
        self.seam = Tables(self.registry, self.seating, self.failover.catch_up, self.failover.notify,
                          self.broadcaster.broadcast, lambda table_id: self.notices.publish({"table": table_id}),
                          self.chat.hidden)

    # the parts' state, by the names the tests and tools read it with
    tables = property(lambda self: self.registry.live, doc="The live tables by id (:class:`.registry.TableRegistry`).")
    owned = property(lambda self: self.registry.owned, doc="The tables whose lease this process holds.")
    locks = property(lambda self: self.registry.locks, doc="Each table's lock in this process.")
    connections = property(lambda self: self.broadcaster.connections, doc="Each table's connections here.")
    sockets = property(lambda self: self.broadcaster.sockets, doc="Open WebSockets per client.")
    bots = property(lambda self: self.moves.bots, doc="The pool bot decisions run on (None: threads).")

    async def start(self) -> None:
        """Start the event writer and the background work; tables load when first asked for."""
        self.writer.start()
        await self.heavy.warm()
        self.spawn(self.failover.keep_leases())
        self.spawn(self.events.run())
        self.spawn(self.events.keep_caught_up())
        self.spawn(self.presence.keep())
        if self.redis_url:
            require("redis", extra="redis", purpose="servers sharing tables through Redis (--redis)")
            self.notices.connect(self.redis_url)
            self.spawn(self.notices.listen())
            self.spawn(self.notices.poll_while_deaf())

    async def stop(self) -> None:
        """Cancel background work (bots, clocks, the Redis listener) and hand back this process's leases."""
        for task in list(self.background):
            task.cancel()
        for task in list(self.background):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.writer.stop()
        # a renewal already running on a database thread could commit after the release: wait for it
        await asyncio.to_thread(self.database.shutdown, wait=True)
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.release, self.instance)
            await self.notices.released()
        await self.notices.disconnect()
        self.heavy.close()

    async def db(self, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``call(*args, **kwargs)`` on the database's own threads (never the loop, never the heavy pool)."""
        return await asyncio.get_running_loop().run_in_executor(self.database, functools.partial(call, *args, **kwargs))

    def spawn(self, work: Awaitable[Any]) -> None:
        """Run ``work`` in the background until it ends or the hub stops; a failure is logged."""
        task = asyncio.ensure_future(work)
        self.background.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, loaded if this process has not got it (Rejection: no such table)."""
        return await self.registry.table(table_id)

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock that orders changes to one table in this process."""
        return self.registry.lock(table_id)

    async def broadcast(self, table_id: str) -> None:
        """Send every connection of the table its own view."""
        await self.broadcaster.broadcast(table_id)

    def info(self, table: LiveTable) -> TableInfo:
        """What anyone may know of a table (the lobby line)."""
        return row_info(table.row, table.moves)
