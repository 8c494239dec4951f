"""Move clocks: a table's ``move_seconds`` for every move, and each seat's time bank, which pays for the
moves that take longer (``time_bank`` seconds at the start). Only the table's owner keeps its clocks;
when a seat's time runs out, ``expire`` is called (the hub lets a bot play it: the seat becomes a zombie).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from tabletop.server.table import LiveTable

Expire = Callable[[str, int, int], Awaitable[None]]
"""``expire(table_id, seat, move)``: the seat did not make move ``move`` in time."""
Retry = Callable[[str, Callable[[str], Awaitable[None]]], Awaitable[None]]
"""``keep_trying(table_id, work)``: ``work`` tried until it succeeds or the table is no longer played."""


class Clocks:
    """The running move clocks of the tables this process owns."""

    def __init__(self, spawn: Callable[[Awaitable[Any]], None], keep_trying: Retry, expire: Expire) -> None:
        self.spawn, self.keep_trying, self.expire = spawn, keep_trying, expire

    def start(self, table: LiveTable, seat: int) -> None:
        """Start ``seat``'s clock for the table's current move (once: a running clock is left alone)."""
        seconds = table.settings.move_seconds
        if not seconds or table.deadline is not None:
            return
        now = asyncio.get_running_loop().time()
        table.turn_started = now
        table.deadline = now + seconds + table.banks.get(seat, 0.0)
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
        await asyncio.sleep(max(0.0, deadline - asyncio.get_running_loop().time()))
        await self.keep_trying(table_id, lambda _: self.expire(table_id, seat, move))


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
