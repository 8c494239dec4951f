"""What keeps a deployment of several server processes going when one of its parts fails.

- **Leases.** A table's owner (the process that draws its chance, asks its bots and keeps its
  clocks) holds a lease in the database, renewed every third of ``lease_seconds`` while it lives.
  When the lease lapses — the process died, or lost the database — any process takes the table
  over: it claims the lease (a conditional update, so exactly one wins), catches up from the log and
  goes on. A process that stops cleanly hands its leases back at once.
- **The Redis listener** is supervised: when the connection drops it reconnects with backoff, and
  each time Redis confirms the subscription it catches up every table it serves from the database
  (notifications sent meanwhile are lost, the log is not; read after the confirmation, the log
  misses nothing published later). Publishing never fails a move: the log already has it. A
  notification Redis did not take is sent again until it does: a process whose own subscription
  never dropped would otherwise not hear of that move at all, and its players would wait forever.
- **Retries.** Background work (bot moves, chance draws, clock timeouts) that meets a database
  error tries again with backoff for as long as the table is still played, so an outage delays a
  table and never leaves it stuck.
- **Polling while Redis is down.** While this process is not subscribed (Redis unreachable, or its
  notices refused), it reads every table it holds from the database instead — at once and then with
  backoff (:data:`POLL_SECONDS`) while nothing changes — and the chat written meanwhile: no table freezes
  longer than a few seconds for want of a notice, and chat still arrives.
- **Housekeeping.** Idle open tables and old all-bot tables are abandoned (limits), finished
  tables nobody watches are let go from memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from tabletop.storage import StorageError

if TYPE_CHECKING:
    from tabletop.server.broadcast import Broadcaster
    from tabletop.server.limits import Limits
    from tabletop.server.registry import TableRegistry

log = logging.getLogger("tabletop.server")

CHANNEL = "tabletop:tables"
"""The Redis channel on which processes tell each other that a table changed."""

BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds between attempts after failures (the last repeats), each at most ``retry_max_seconds``."""

PUBLISH_SECONDS = 2.0
"""The longest a notice may take to publish: a Redis that hangs must not hold a table's lock."""

POLL_SECONDS = (0.5, 1.0, 2.0)
"""Seconds between two readings of every table while Redis is down: the first while things change, the
longer ones (the last repeats) while nothing does."""

HOUSEKEEPING_SECONDS = 30.0
"""How often idle tables are expired and finished ones let go from memory."""


class Failover:
    """Leases, the supervised Redis listener and retries of one :class:`~tabletop.server.hub.Hub`'s tables."""

    def __init__(self, registry: TableRegistry, broadcaster: Broadcaster, limits: Limits,
                 spawn: Callable[[Awaitable[Any]], None]) -> None:
        self.registry, self.broadcaster, self.limits, self.spawn = registry, broadcaster, limits, spawn
        self.instance = registry.instance
        self.unsent: set[str] = set()  #: tables whose latest change could not be published yet
        self.redis: Any = None  #: the connection to Redis (None: this process serves alone)
        #: how a table goes on after a change (the moves' ``advance``), and where chat notices go: set by the hub
        self.advance: Callable[[str], Awaitable[None]] = _nothing
        self.heard_chat: Callable[[str, dict[str, Any]], Awaitable[None]] = _nothing
        self.read_chat: Callable[[str], Awaitable[None]] = _nothing  #: chat written elsewhere, while Redis is down
        self.listening = False  #: Redis confirmed the subscription and has not dropped it since

    def connect(self, url: str) -> None:
        """Share tables with other processes through the Redis at ``url`` (:meth:`listen` follows them)."""
        import redis.asyncio as redis

        self.redis = redis.from_url(url, health_check_interval=5, socket_connect_timeout=2, socket_timeout=None)

    async def disconnect(self) -> None:
        """Close the connection to Redis, if any."""
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.aclose()

    async def publish(self, notice: dict[str, Any]) -> Exception | None:
        """Send ``notice`` to the other processes; the error when Redis did not take it (None: sent, or no
        Redis). redis-py does not retry a PUBLISH on a pooled connection that a restarted Redis closed: that
        attempt fails at once, and a second one takes a fresh connection."""
        if self.redis is None:
            return None
        message = json.dumps({**notice, "origin": self.instance})
        error: Exception | None = None
        for _ in range(2):
            try:
                await asyncio.wait_for(self.redis.publish(CHANNEL, message), PUBLISH_SECONDS)
                return None
            except asyncio.CancelledError:
                raise
            except Exception as failure:
                error = failure
        return error

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
                await self.publish_unsent()
                registry = self.registry
                kept = await registry.db(registry.store.renew, self.instance, self.limits.lease_seconds)
                lost = registry.owned - kept
                registry.owned -= lost
                for table_id in lost:  # finished, or another process took it over while this one was cut off
                    await self.catch_up(table_id)
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

    # ------------------------------------------------------------------ other processes

    async def notify(self, table: Any) -> None:
        """Tell the other server processes that this table changed (moves, seats, status, undo)."""
        if self.redis is None:
            return
        table_id = table.row.id
        error = await self._publish(table)
        if error is None:
            self.unsent.discard(table_id)
        else:  # the move is logged; the lease loop sends the notification again until Redis takes it
            self.unsent.add(table_id)
            log.warning("redis: could not publish (%s: %s); sending it again later", type(error).__name__, error)

    async def publish_unsent(self) -> None:
        """Send the notifications Redis refused: a process that kept its own subscription all along
        would otherwise never hear of those changes (nothing else tells it)."""
        for table_id in list(self.unsent):
            table = self.registry.get(table_id)
            self.unsent.discard(table_id)  # before the await: a failing notify meanwhile adds it back
            if table is None:
                continue
            if await self._publish(table) is not None:
                self.unsent.add(table_id)
                return  # Redis is still unreachable: the next round tries again

    async def _publish(self, table: Any) -> Exception | None:
        """Publish the table's change; the error when Redis did not take it."""
        return await self.publish({"table": table.row.id, "moves": table.moves, "status": table.status})

    async def listen(self) -> None:
        """Follow other processes' changes over Redis; reconnect with backoff and catch up after a drop."""
        attempt = 0
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                async for message in pubsub.listen():
                    if message.get("type") == "subscribe":  # (again, after a reconnection)
                        attempt = 0
                        await self.subscribed()
                    elif message.get("type") == "message":
                        await self.heard(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self.listening = False
                delay = self.backoff(attempt)
                attempt += 1
                log.warning("redis: listener lost (%s: %s); reconnecting in %.2g s", type(error).__name__, error,
                            delay)
                await asyncio.sleep(delay)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def subscribed(self) -> None:
        """Redis confirmed the subscription (at start or after a reconnection): whatever was published
        while this process was not listening is lost, so every table it serves catches up from the
        database; then its own unsent notifications go out."""
        self.listening = True
        if len(self.registry):
            log.info("redis: listening; catching up %d tables", len(self.registry))
        for table_id in self.registry:
            await self.catch_up(table_id)
            await self.read_chat(table_id)
        await self.publish_unsent()

    @property
    def deaf(self) -> bool:
        """Whether this process may miss other processes' changes now: Redis is configured but it is not
        subscribed, or a notice of its own could not be published (Redis is likely down for the others too)."""
        return self.redis is not None and (not self.listening or bool(self.unsent))

    async def poll_while_deaf(self) -> None:
        """While :attr:`deaf`, read every table held here and its chat from the database (forever)."""
        quiet = 0
        while True:
            if not self.deaf:
                quiet = 0
                await asyncio.sleep(POLL_SECONDS[0])
                continue
            changed = False
            for table_id in self.registry:
                try:
                    changed |= await self.read_again(table_id)
                    await self.read_chat(table_id)
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # the database too: the next round
                    log.warning("table %s: could not read it (%s)", table_id, error)
            quiet = 0 if changed else quiet + 1
            await asyncio.sleep(POLL_SECONDS[min(quiet, len(POLL_SECONDS) - 1)])

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

    async def released(self) -> None:
        """Tell the other processes that this one handed its leases back (it is stopping): they take
        its tables over at once instead of at their next lease round."""
        with contextlib.suppress(Exception):
            await self.publish({"released": True})

    async def heard(self, raw: bytes | str) -> None:
        try:
            data = json.loads(raw)
            if data.get("released") and data.get("origin") != self.instance:
                self.spawn(self.take_over())
                return
            table_id, origin = str(data["table"]), str(data["origin"])
        except (ValueError, KeyError, TypeError, AttributeError):
            return
        if origin == self.instance or table_id not in self.registry:
            return
        if "chat" in data:  # a chat message or policy (tabletop.server.chat): no move to catch up on
            await self.heard_chat(table_id, data["chat"])
            return
        try:
            await self.catch_up(table_id)
        except Exception as error:  # the database is down: the lease loop and the next message catch up
            log.warning("table %s: could not catch up (%s)", table_id, error)


async def _nothing(*_: Any) -> None:
    """What a hook does until the hub sets it."""


def _fingerprint(table: Any) -> tuple[Any, ...]:
    """What a reading of a table may change: its moves, status, seats and settings."""
    return (table.moves, table.row.status, [(s.seat, s.joined, s.name, s.kind) for s in table.seats],
            table.row.settings)
