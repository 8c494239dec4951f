"""How server processes tell each other that a table changed: notices over Redis, and reading the database
instead while Redis cannot carry them.

Redis carries notices only; the database has the truth. A notice is sent after every change (a move,
seats, status, a pending request, chat); one Redis did not take is sent again until it does: a process
whose own subscription never dropped would otherwise not hear of that change at all. The listener is
supervised: when its connection drops it reconnects with backoff and, each time Redis confirms the
subscription, every table served here catches up from the database (notices sent meanwhile are lost, the
log is not). While this process is not subscribed, or its own notices are refused, it reads every table
it holds, and their chat, from the database instead (:data:`POLL_SECONDS`), so no table freezes longer
than a few seconds and chat still arrives.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.server.registry import TableRegistry

log = logging.getLogger("tabletop.server")

CHANNEL = "tabletop:tables"
"""The Redis channel on which processes tell each other that a table changed."""

PUBLISH_SECONDS = 2.0
"""The longest a notice may take to publish: a Redis that hangs must not hold a table's lock."""

POLL_SECONDS = (0.5, 1.0, 2.0)
"""Seconds between two readings of every table while Redis is down: the first while things change, the
longer ones (the last repeats) while nothing does."""


class Notices:
    """This process's notices to the others and theirs to it."""

    def __init__(self, registry: TableRegistry, spawn: Callable[[Awaitable[Any]], None]) -> None:
        self.registry, self.spawn = registry, spawn
        self.instance = registry.instance
        self.unsent: set[str] = set()  #: tables whose latest change could not be published yet
        self.redis: Any = None  #: the connection to Redis (None: this process serves alone)
        self.listening = False  #: Redis confirmed the subscription and has not dropped it since
        # what a notice leads to, set by the hub: a table caught up (:mod:`.failover`), read again and told only
        # of a change, lapsed tables taken over, chat heard and chat read from the database
        self.catch_up: Callable[[str], Awaitable[None]] = _nothing
        self.read_again: Callable[[str], Awaitable[bool]] = _false
        self.take_over: Callable[[], Awaitable[None]] = _nothing
        self.heard_chat: Callable[[str, dict[str, Any]], Awaitable[None]] = _nothing
        self.read_chat: Callable[[str], Awaitable[None]] = _nothing
        self.backoff: Callable[[int], float] = lambda attempt: POLL_SECONDS[-1]

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


async def _false(*_: Any) -> bool:
    """What a hook answering True or False answers until the hub sets it."""
    return False
