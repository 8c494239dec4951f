"""What keeps a deployment of several server processes going when one of its parts fails.

- **Leases.** A table's owner (the process that draws its chance, asks its bots and keeps its
  clocks) holds a lease in the database, renewed every third of ``lease_seconds`` while it lives.
  When the lease lapses — the process died, or lost the database — any process takes the table
  over: it claims the lease (a conditional update, so exactly one wins), catches up from the log and
  goes on. A process that stops cleanly hands its leases back at once.
- **Catching up.** A table is brought up to the database (its row and the moves logged since) whenever
  another process changed it: told by a notice (:mod:`.notices`), or read again while notices cannot come.
- **Retries.** Background work (bot moves, chance draws, clock timeouts) that meets a database
  error tries again with backoff for as long as the table is still played, so an outage delays a
  table and never leaves it stuck.
- **Housekeeping.** Idle open tables and old all-bot tables are abandoned (limits), finished
  tables nobody watches are let go from memory.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from tabletop.storage import StorageError

if TYPE_CHECKING:
    from tabletop.server.broadcast import Broadcaster
    from tabletop.server.limits import Limits
    from tabletop.server.notices import Notices
    from tabletop.server.registry import TableRegistry

log = logging.getLogger("tabletop.server")

BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds between attempts after failures (the last repeats), each at most ``retry_max_seconds``."""

HOUSEKEEPING_SECONDS = 30.0
"""How often idle tables are expired and finished ones let go from memory."""


class Failover:
    """Leases, catching up, retries and housekeeping of one :class:`~tabletop.server.hub.Hub`'s tables."""

    def __init__(self, registry: TableRegistry, broadcaster: Broadcaster, limits: Limits,
                 spawn: Callable[[Awaitable[Any]], None], notices: Notices) -> None:
        self.registry, self.broadcaster, self.limits, self.spawn = registry, broadcaster, limits, spawn
        self.instance = registry.instance
        self.notices = notices
        self.notify = notices.notify  #: tell the other processes that a table changed (:mod:`.notices`)
        #: how a table goes on after a change (the moves' ``advance``): set by the hub
        self.advance: Callable[[str], Awaitable[None]] = _nothing

    def backoff(self, attempt: int) -> float:
        """Seconds to wait before the next attempt after ``attempt`` failures in a row."""
        return min(BACKOFF[min(attempt, len(BACKOFF) - 1)], self.limits.retry_max_seconds)

    async def keep_trying(self, table_id: str, work: Callable[[str], Awaitable[None]]) -> None:
        """Run ``work(table_id)`` until it succeeds or the table is no longer played here."""
        attempt = 0
        while True:
            try:
                await work(table_id)
                return
            except asyncio.CancelledError:
                raise
            except Exception as error:
                table = self.registry.get(table_id)
                if table is None or table.status != "playing":
                    return
                delay = self.backoff(attempt)
                log.warning("table %s: %s: %s; trying again in %.2g s", table_id, type(error).__name__, error, delay)
                attempt += 1
                await asyncio.sleep(delay)

    # ------------------------------------------------------------------ leases

    async def keep_leases(self) -> None:
        """Renew this process's leases, take over lapsed tables, send the notifications Redis refused,
        and keep house; forever."""
        every = self.limits.lease_seconds / 3
        housekeeping = time.monotonic()
        while True:
            try:
                await self.notices.publish_unsent()
                registry = self.registry
                kept = await registry.db(registry.store.renew, self.instance, self.limits.lease_seconds)
                lost = registry.owned - kept
                registry.owned -= lost
                for table_id in lost:  # finished, or another process took it over while this one was cut off
                    if (table := registry.get(table_id)) is None or table.status not in ("over", "abandoned"):
                        await self.catch_up(table_id)  # (a game that ended here has nothing more to read)
                await self.take_over()
                if time.monotonic() - housekeeping > HOUSEKEEPING_SECONDS:
                    housekeeping = time.monotonic()
                    await self.housekeeping()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database is unreachable: the leases lapse, others take over
                log.warning("leases: %s: %s", type(error).__name__, error)
            await asyncio.sleep(every)

    async def take_over(self) -> None:
        """Claim playing tables whose owner's lease lapsed, catch them up and go on with them."""
        while True:
            registry = self.registry
            lapsed = await registry.db(registry.store.lapsed, 50)
            claimed = 0
            for table_id in lapsed:
                if not await registry.db(registry.store.claim, table_id, self.instance, self.limits.lease_seconds):
                    continue
                claimed += 1
                registry.owned.add(table_id)
                log.info("table %s: its owner's lease lapsed; this process (%s) took it over", table_id,
                         self.instance[:8])
                if table_id in registry:
                    await self.catch_up(table_id)  # goes on with it (it is owned now)
                else:
                    await registry.table(table_id)  # loads it and goes on with it
            if len(lapsed) < 50 or not claimed:
                return

    async def housekeeping(self) -> None:
        limits, registry = self.limits, self.registry
        expired = await registry.db(registry.store.expire, limits.open_table_minutes, limits.bot_table_minutes,
                                    limits.idle_table_minutes)
        for table_id in expired:
            if table_id in registry:
                await self.catch_up(table_id)
                await self.notify(registry[table_id])
        for table_id in registry:  # finished, unwatched: the database has it all
            table = registry[table_id]
            if table.status in ("over", "abandoned") and not self.broadcaster.watched(table_id):
                lock = registry.locks.get(table_id)
                if lock is None or not lock.locked():
                    registry.forget(table_id)
                    self.broadcaster.forget(table_id)

    # ------------------------------------------------------------------ catching up

    async def refresh_row(self, table_id: str) -> None:
        """Read the table's row again (seats, status, settings such as a pending undo)."""
        table = self.registry[table_id]
        table.row = await self.registry.db(self.registry.store.table, table_id)
        table.zombies |= set(table.settings.zombies)  # (and the seats the log timed out: never fewer)

    async def catch_up(self, table_id: str) -> None:
        """Bring a table this process serves up to the database (moves and row) and tell its connections."""
        if table_id not in self.registry:
            return
        async with self.registry.lock(table_id):
            caught = await self.catch_up_locked(table_id)
        if caught:
            self.go_on(table_id)
            await self.broadcaster.broadcast(table_id)

    async def catch_up_locked(self, table_id: str) -> bool:
        """:meth:`catch_up`'s reading, for a caller that holds the table's lock; False if the table is gone."""
        table = self.registry.get(table_id)
        if table is None:
            return False
        try:
            await self.refresh_row(table_id)
            for event in await self.registry.db(self.registry.store.events, table_id, table.moves):
                if event.number == table.moves:
                    table.replay_event(event.kind, event.seat, event.action)
                    table.deadline = None
        except StorageError:  # the table is gone from the database
            return False
        return True

    def go_on(self, table_id: str) -> None:
        """If this process owns the table and it is being played, go on with it (chance, bots, clocks)."""
        table = self.registry.get(table_id)
        if table is not None and self.registry.owns(table_id) and table.status == "playing":
            self.spawn(self.keep_trying(table_id, self.advance))

    async def read_again(self, table_id: str) -> bool:
        """Bring an unfinished table up to the database; tell its connections and go on only if something
        changed (a poll that found nothing sends nothing). True when something did."""
        table = self.registry.get(table_id)
        if table is None or table.status not in ("open", "playing"):
            return False
        async with self.registry.lock(table_id):
            before = _fingerprint(table)
            if not await self.catch_up_locked(table_id):
                return False
            changed = _fingerprint(self.registry[table_id]) != before
        if changed:
            self.go_on(table_id)
            await self.broadcaster.broadcast(table_id)
        return changed


async def _nothing(*_: Any) -> None:
    """What a hook does until the hub sets it."""


def _fingerprint(table: Any) -> tuple[Any, ...]:
    """What a reading of a table may change: its moves, status, seats and settings."""
    return (table.moves, table.row.status, [(s.seat, s.joined, s.name, s.kind) for s in table.seats],
            table.row.settings)
