"""The event log's writer: every table's moves go to the database through one queue, committed in
groups.

With hundreds of live tables, one commit per move would make the database (and the threads waiting
on it) the bottleneck. The writer takes whatever events are waiting, writes them in one transaction
and answers each caller only after that commit — so "logged before broadcast" still holds for every
move, and a stale move (its number already written by another process) is refused individually.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import Executor

from tabletop.storage import NewEvent, StaleMoveError, Store

MAX_BATCH = 500


class EventWriter:
    """Group-commits events to ``store``; :meth:`append` returns once the event is committed."""

    def __init__(self, store: Store, database: Executor | None = None) -> None:
        self.store = store
        self.database = database  #: the threads database calls run on (None: asyncio's default)
        self._queue: asyncio.Queue[tuple[NewEvent, asyncio.Future[bool]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start writing (from inside the running event loop)."""
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        """Stop after the batch being written."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def append(self, event: NewEvent) -> None:
        """Write ``event``; returns once it is committed.

        Raises:
            StaleMoveError: when its move number was already written.
        """
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        await self._queue.put((event, done))
        if not await done:
            raise StaleMoveError(f"move {event.number} is stale: it was already made at table {event.table_id}")

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty() and len(batch) < MAX_BATCH:
                batch.append(self._queue.get_nowait())
            try:
                written = await asyncio.get_running_loop().run_in_executor(
                    self.database, self.store.append_many, [event for event, _ in batch])
            except Exception as error:  # the database is down: every caller hears it, nothing is applied
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
                continue
            for (_, done), ok in zip(batch, written, strict=True):
                if not done.done():
                    done.set_result(ok)
