"""Move clocks: a table's ``move_seconds`` for every move, and each seat's time bank, which pays for the
moves that take longer (``time_bank`` seconds at the start). Only the table's owner keeps its clocks;
when a seat's time runs out, ``expire`` is called (the hub lets a bot play it: the seat becomes a zombie).

A clock is stored with the table when it starts (its deadline in wall-clock time, and every bank), so a
restart or another process taking the table over keeps it (:meth:`LiveTable.resume_clock`) instead of
giving the seat a fresh one. Whether a move beat its clock is the event log's to decide, not a process's
memory: the time-out is written to the log as move ``n`` (:mod:`.moves`), so a move a person made in time
on another process — already move ``n`` in the log — always wins, even when this process never heard of it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from tabletop.server.table import LiveTable

Expire = Callable[[str, int, int], Awaitable[None]]
"""``expire(table_id, seat, move)``: the seat did not make move ``move`` in time."""
Retry = Callable[[str, Callable[[str], Awaitable[None]]], Awaitable[None]]
"""``keep_trying(table_id, work)``: ``work`` tried until it succeeds or the table is no longer played."""
Save = Callable[[LiveTable, dict[str, Any]], Awaitable[None]]
"""``save(table, changes)``: settings written to the database and the live table."""


class Clocks:
    """The running move clocks of the tables this process owns."""

    def __init__(self, spawn: Callable[[Awaitable[Any]], None], keep_trying: Retry, expire: Expire,
                 save: Save) -> None:
        self.spawn, self.keep_trying, self.expire, self.save = spawn, keep_trying, expire, save
        self.running: set[tuple[str, int]] = set()  #: (table, move) of the clocks whose time-out waits here

    async def start(self, table: LiveTable, seat: int) -> None:
        """Run ``seat``'s clock for the table's current move: a new one (stored with the table), or the one the
        table was read with (a restart, a take-over); once — a clock already running here is left alone."""
        seconds = table.settings.move_seconds
        key = (table.row.id, table.moves)
        if not seconds or key in self.running:
            return
        if table.deadline is None:
            now = asyncio.get_running_loop().time()
            table.turn_started = now
            table.deadline = now + seconds + table.banks.get(seat, 0.0)
            wall = time.time()
            await self.save(table, {"clock": {"move": table.moves, "seat": seat, "started": wall,
                                              "deadline": wall + table.deadline - now,
                                              "banks": {str(k): v for k, v in table.banks.items()}}})
        self.running.add(key)
        self.spawn(self._run_out(table.row.id, seat, table.moves, table.deadline))

    @staticmethod
    def spend(table: LiveTable, seat: int) -> None:
        """``seat`` moved: what it took beyond ``move_seconds`` comes out of its bank."""
        seconds = table.settings.move_seconds
        started = table.turn_started
        if seconds and started is not None:
            used = asyncio.get_running_loop().time() - started
            table.banks[seat] = max(0.0, table.banks.get(seat, 0.0) - max(0.0, used - seconds))

    async def _run_out(self, table_id: str, seat: int, move: int, deadline: float) -> None:
        try:
            await asyncio.sleep(max(0.0, deadline - asyncio.get_running_loop().time()))
            await self.keep_trying(table_id, lambda _: self.expire(table_id, seat, move))
        finally:
            self.running.discard((table_id, move))


def clock_of(table: LiveTable) -> dict[str, Any] | None:
    """The clock as a state message shows it (None at a table without one): the seconds a move has, what
    is left of the running one, and every seat's bank."""
    seconds = table.settings.move_seconds
    if not seconds:
        return None
    remaining = None
    if table.deadline is not None:
        remaining = max(0.0, table.deadline - asyncio.get_running_loop().time())
    return {"move_seconds": table.row.settings.get("move_seconds"), "remaining": remaining,
            "banks": {str(k): round(v, 3) for k, v in table.banks.items()}}
