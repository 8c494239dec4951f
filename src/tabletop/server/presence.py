"""Who is at a table: which people's seats have a live connection, here and in the other server processes,
and the marks in each table's settings of the seats whose person has gone (and since when) that the rules
for someone leaving read (:func:`tabletop.server.endings.gone_ways`).

A seat is *present* while a connection holding it is open in any process. This process knows its own
connections (:class:`~tabletop.server.broadcast.Broadcaster`); with Redis, each process also keeps its seats
in a sorted set per table (``tabletop:present:<table>``, a member ``<process>:<seat>`` scored by when it
lapses), renewed every third of ``lease_seconds`` and removed when its last connection closes, so a process
that died stops counting within ``lease_seconds``. Whenever Redis cannot be asked (down, or this process
not listening), every seat counts as present: nobody is ever offered a claim against a person who may
still be connected.

Only the table's owner writes the marks (``gone``: seat → wall-clock seconds), so two processes never race
for them: at once for a connection opened or closed here, and on every tick (:data:`TICK_SECONDS`) for those
of other processes, a table read again after a restart (its marks kept from before — the window does not
start again — and a seat nobody has come back to marked then) and a process that died. Each process tells
its own connections when a window ends, so their pages offer the ways on without the gone.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from tabletop.server.table import LiveTable

if TYPE_CHECKING:
    from tabletop.server.broadcast import Broadcaster, Connection
    from tabletop.server.notices import Notices
    from tabletop.server.registry import TableRegistry

log = logging.getLogger("tabletop.server")

KEY = "tabletop:present:"
"""The prefix of each table's sorted set of the seats connected in each process (with Redis)."""

TICK_SECONDS = 1.0
"""How often the marks are brought in line with the connections, and windows that ended are told."""

ASK_SECONDS = 2.0
"""The longest a question to Redis may take: a Redis that hangs must not hold a table."""


def shared(table: LiveTable) -> bool:
    """Whether people play the table from two screens or more (a hot seat is one screen): only then can one
    of them leave the others waiting."""
    kinds = [s.kind for s in table.seats if s.kind != "bot"]
    return kinds.count("human") + (1 if "local" in kinds else 0) >= 2


class Presence:
    """The people at this process's tables, and the marks of those gone."""

    def __init__(self, registry: TableRegistry, broadcaster: Broadcaster, notices: Notices, lease_seconds: float,
                 window: float, broadcast: Callable[[str], Awaitable[None]]) -> None:
        self.registry, self.broadcaster, self.notices, self.broadcast = registry, broadcaster, notices, broadcast
        self.instance = registry.instance
        self.lapse = lease_seconds  #: how long this process's entries in Redis count without being renewed
        self.window = window
        self.told: dict[str, float] = {}  #: per table, the end of the last window its connections were told of
        self.renewed = 0.0  #: when this process's entries were last renewed

    def here(self, table_id: str) -> set[int]:
        """The seats this process's connections hold at the table."""
        return {seat for connection in self.broadcaster.of(table_id) for seat in connection.seats}

    async def elsewhere(self, table_id: str) -> set[int] | None:
        """The seats other processes' connections hold at the table; None when that cannot be known (Redis is
        configured but this process is not hearing it, or it did not answer)."""
        redis = self.notices.redis
        if redis is None:
            return set()
        if self.notices.deaf:
            return None
        try:
            members = await asyncio.wait_for(redis.zrangebyscore(KEY + table_id, time.time(), "+inf"), ASK_SECONDS)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.warning("redis: could not ask who is at table %s (%s)", table_id, error)
            return None
        seats = set()
        for member in members:
            instance, _, seat = (member.decode() if isinstance(member, bytes) else str(member)).partition(":")
            if instance != self.instance and seat.isdigit():
                seats.add(int(seat))
        return seats

    async def present(self, table_id: str, seats: list[int]) -> set[int]:
        """Which of ``seats`` have a connection in any process now (all of them when that cannot be known)."""
        wanted = set(seats)
        elsewhere = await self.elsewhere(table_id)
        if elsewhere is None:
            return wanted
        return (self.here(table_id) | elsewhere) & wanted

    async def arrived(self, table_id: str, connection: Connection) -> None:
        """A connection holding seats opened here: counted in Redis, and its seats no longer gone."""
        if connection.seats:
            await self._redis(lambda redis: redis.zadd(KEY + table_id, self._entries(connection.seats)))
            await self.reconcile(table_id)

    async def departed(self, table_id: str, connection: Connection) -> None:
        """A connection closed here: the seats it held that no other connection here holds leave Redis's
        count, and those now held nowhere are marked gone."""
        if not connection.seats:
            return
        dropped = set(connection.seats) - self.here(table_id)
        if dropped:
            members = [f"{self.instance}:{seat}" for seat in sorted(dropped)]
            await self._redis(lambda redis: redis.zrem(KEY + table_id, *members))
        await self.reconcile(table_id)

    async def reconcile(self, table_id: str) -> None:
        """Bring the table's gone marks in line with who is connected (the table's owner only, while it is
        played by people from two screens or more): a seat held nowhere is marked from now (an earlier
        mark kept), a seat held somewhere unmarked. Whatever cannot be known marks nobody."""
        table = self.registry.get(table_id)
        if table is None or table.status != "playing" or not self.registry.owns(table_id) or not shared(table):
            return
        persons = [s.seat for s in table.seats if s.kind == "human" and s.joined and s.seat not in table.zombies]
        here = self.here(table_id)
        away = [s for s in persons if s not in here]
        elsewhere = await self.elsewhere(table_id) if away else set()
        marks = table.settings.gone
        now = time.time()
        if elsewhere is None:  # unknown: marks of seats connected here go, no new one comes
            wanted = {s: since for s, since in marks.items() if s in persons and s not in here}
        else:
            wanted = {s: marks.get(s, now) for s in away if s not in elsewhere}
        if wanted == marks:
            return
        async with self.registry.lock(table_id):
            table = self.registry.get(table_id)
            if table is None or table.status != "playing":
                return
            await self.registry.save_settings(table, {"gone": {str(s): since for s, since in sorted(wanted.items())}})
            await self.notices.notify(table)
        await self.broadcast(table_id)

    async def keep(self) -> None:
        """Forever: renew this process's entries in Redis, reconcile the tables it owns, and tell its
        connections when a window ends."""
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database or Redis: the next tick
                log.warning("presence: %s: %s", type(error).__name__, error)
            await asyncio.sleep(TICK_SECONDS)

    async def tick(self) -> None:
        """One round of :meth:`keep`."""
        now = time.time()
        if self.notices.redis is not None and now - self.renewed >= self.lapse / 3:
            self.renewed = now
            await self._renew()
        for table_id in self.registry:
            await self.reconcile(table_id)
            await self._tell_ended_window(table_id, now)
        for table_id in [t for t in self.told if t not in self.registry]:
            del self.told[table_id]

    async def _tell_ended_window(self, table_id: str, now: float) -> None:
        """Send the table's connections here their ways out again when a window has ended since they were told."""
        table = self.registry.get(table_id)
        if table is None or table.status != "playing" or not table.settings.gone or table.settings.move_seconds:
            return
        due = max(table.settings.gone.values()) + self.window
        if due <= now and self.told.get(table_id) != due and self.broadcaster.watched(table_id):
            self.told[table_id] = due
            await self.broadcast(table_id)

    async def _renew(self) -> None:
        """Renew the entries of every seat connected here (each lapses ``lease_seconds`` after)."""
        async def renew(redis: Any, key: str, seats: list[int]) -> None:
            await redis.zadd(key, self._entries(seats))
            await redis.expire(key, max(60, round(self.lapse * 10)))  # a table nobody is at any more: gone

        for table_id in self.registry:
            if seats := sorted(self.here(table_id)):
                await self._redis(functools.partial(renew, key=KEY + table_id, seats=seats))

    def _entries(self, seats: list[int]) -> dict[str, float]:
        lapses = time.time() + self.lapse
        return {f"{self.instance}:{seat}": lapses for seat in seats}

    async def _redis(self, call: Callable[[Any], Awaitable[Any]]) -> None:
        """``call(redis)`` when there is a Redis, bounded in time; a failure is logged (the next renewal or a
        reconciliation makes up for it)."""
        redis = self.notices.redis
        if redis is None:
            return
        try:
            await asyncio.wait_for(call(redis), ASK_SECONDS)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.warning("redis: could not count who is at a table (%s: %s)", type(error).__name__, error)
