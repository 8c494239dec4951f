"""The live tables one server process holds: loaded from the database on first use, each with the lock
that orders its changes in this process, and the set of those it owns (holds the lease of: it draws
their chance, asks their bots and keeps their clocks; :mod:`.failover`).

Every other part of the hub reaches a table through here and never keeps one: a table another process
changed is read again and replaced (:meth:`TableRegistry.load`), so a part holding an old object would act
on a stale position.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

from tabletop.server.errors import Rejection
from tabletop.server.table import LiveTable
from tabletop.storage import StorageError, Store

T = TypeVar("T")
Db = Callable[..., Awaitable[Any]]
"""How a part runs a database call: ``await db(call, *args)`` on the database's own threads."""


class TableRegistry:
    """Every live table of this process, by id."""

    def __init__(self, store: Store, db: Db, instance: str, lease_seconds: float) -> None:
        self.store, self.db, self.instance, self.lease_seconds = store, db, instance, lease_seconds
        self.live: dict[str, LiveTable] = {}
        self.owned: set[str] = set()  #: tables whose lease this process holds
        self.locks: dict[str, asyncio.Lock] = {}
        #: called with a table this process loaded (not created) that is being played and that it owns
        self.on_resumed: Callable[[str], None] = lambda table_id: None

    def __getitem__(self, table_id: str) -> LiveTable:
        return self.live[table_id]

    def __contains__(self, table_id: object) -> bool:
        return table_id in self.live

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.live))

    def __len__(self) -> int:
        return len(self.live)

    def get(self, table_id: str) -> LiveTable | None:
        """The table if this process holds it, else None (nothing is loaded)."""
        return self.live.get(table_id)

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock that orders changes to one table in this process."""
        return self.locks.setdefault(table_id, asyncio.Lock())

    def owns(self, table_id: str) -> bool:
        """Whether this process holds the table's lease."""
        return table_id in self.owned

    async def read(self, table_id: str) -> LiveTable:
        """The table as the database has it (its row and its whole log), not held here.

        Raises:
            StorageError: when there is no such table.
        """
        row = await self.db(self.store.table, table_id)
        events = await self.db(self.store.events, table_id)
        table: LiveTable = await self.db(LiveTable.rebuild, row, events)  # a long game's replay: off the loop
        return table

    async def load(self, table_id: str) -> LiveTable:
        """Read the table from the database (its row and its whole log) and hold it; claim its lease
        when it is unfinished and nobody holds it. Its clocks carry over from the table it replaces."""
        table = await self.read(table_id)
        old = self.live.get(table_id)
        if old is not None:
            table.banks, table.deadline = old.banks, old.deadline
        self.live[table_id] = table
        if table.status in ("open", "playing") and table_id not in self.owned \
                and await self.db(self.store.claim, table_id, self.instance, self.lease_seconds):
            self.owned.add(table_id)
        return table

    async def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, loaded from the database if this process has not got it.

        Raises:
            Rejection: when there is no such table.
        """
        table = self.live.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32 or not table_id.isalnum():
            raise Rejection(f"no table {table_id[:40]!r}", "no_table", table=table_id[:40])
        async with self.lock(table_id):  # one load at a time: an older read must not replace a newer
            table = self.live.get(table_id)
            if table is not None:
                return table
            try:
                table = await self.load(table_id)
            except StorageError as error:
                self.locks.pop(table_id, None)
                raise Rejection(str(error), "no_table", table=table_id) from None
        if table.status == "playing" and table_id in self.owned:
            self.on_resumed(table_id)
        return table

    async def save_settings(self, table: LiveTable, changes: dict[str, Any]) -> None:
        """Write ``changes`` into the table's settings in the database, then into the live table's row."""
        await self.db(self.store.update_settings, table.row.id, changes)
        table.change_settings(changes)

    def forget(self, table_id: str) -> None:
        """Let a table go from memory (finished and unwatched: the database has it all)."""
        self.live.pop(table_id, None)
        self.locks.pop(table_id, None)
        self.owned.discard(table_id)
