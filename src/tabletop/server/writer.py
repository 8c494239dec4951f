"""The event log's writer: every table's moves go to the database through one queue, committed in
groups.

With hundreds of live tables, one commit per move would make the database (and the threads waiting
on it) the bottleneck. The writer takes whatever events are waiting, writes them in one transaction
and answers each caller only after that commit — so "logged before broadcast" still holds for every
move, and a stale move (its number already written by another process) is refused alone. A caller may
hand in a move with what follows from it at once (an instant bot's reply, the cards dealt next): those
stand or fall together.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import Executor

from tabletop.storage import NewEvent, StaleMoveError, Store

MAX_BATCH = 500
TOUCH_SECONDS = 5.0
"""How often at most a table's last activity (the lobby's order and ages: ``active_at``) is written as its moves
are: a second write per move for a time the lobby shows in minutes cost the database as much as the moves."""


class EventWriter:
    """Group-commits events to ``store``; :meth:`append` returns once the event is committed."""

    def __init__(self, store: Store, database: Executor | None = None) -> None:
        self.store = store
        self.database = database  #: the threads database calls run on (None: asyncio's default)
        self._queue: asyncio.Queue[tuple[tuple[NewEvent, ...], asyncio.Future[bool]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._touched: dict[str, float] = {}  #: when each table's activity was last written (loop time)

    def start(self) -> None:
        """Start writing (from inside the running event loop)."""
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        """Stop after the batch being written."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def append(self, *events: NewEvent) -> None:
        """Write ``events`` (one table's, consecutive: a move and what follows from it at once) in one
        transaction; returns once they are committed.

        Raises:
            StaleMoveError: when one of their move numbers was already written (then none of them is).
        """
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        await self._queue.put((events, done))
        if not await done:
            first = events[0]
            raise StaleMoveError(f"move {first.number} is stale: it was already made at table {first.table_id}")

    def _to_touch(self, batch: list[tuple[tuple[NewEvent, ...], asyncio.Future[bool]]]) -> set[str]:
        """The batch's tables whose activity was not written in the last :data:`TOUCH_SECONDS` (now marked)."""
        moment = asyncio.get_running_loop().time()
        if len(self._touched) > 4 * MAX_BATCH:  # forget tables long quiet (finished, or moved elsewhere)
            self._touched = {table: at for table, at in self._touched.items() if moment - at < TOUCH_SECONDS}
        due = {events[0].table_id for events, _ in batch
               if moment - self._touched.get(events[0].table_id, -TOUCH_SECONDS) >= TOUCH_SECONDS}
        self._touched.update(dict.fromkeys(due, moment))
        return due

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty() and len(batch) < MAX_BATCH:
                batch.append(self._queue.get_nowait())
            touch = self._to_touch(batch)
            try:
                written = await asyncio.get_running_loop().run_in_executor(
                    self.database, self.store.append_many, [events for events, _ in batch], touch)
            except Exception as error:  # the database is down: every caller hears it, nothing is applied
                for table in touch:
                    self._touched.pop(table, None)
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
                continue
            for (_, done), ok in zip(batch, written, strict=True):
                if not done.done():
                    done.set_result(ok)
