"""Taking back the last action: asked by a person, done at once when nobody else must agree (every
other seat a bot, or a hot seat: the people who would agree are the ones asking), else kept as a
request in the database until every other person has answered — so any process may take the answers.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from tabletop.server.consent import answered
from tabletop.server.errors import Rejection
from tabletop.server.registry import TableRegistry
from tabletop.server.table import UNDO_REFUSALS, LiveTable

Write = Callable[..., Awaitable[None]]
"""The moves' ``write(table, seat, action, kind=…)``: an event logged, applied and told (:mod:`.moves`)."""


class Undo:
    """Undo requests and their answers at this process's tables."""

    def __init__(self, registry: TableRegistry, write: Write, same_screen: Callable[[str, int], set[int]],
                 notify: Callable[[LiveTable], Awaitable[None]], go_on: Callable[[str], Awaitable[None]]) -> None:
        """``go_on(table_id)``: what the hub does after a change (chance, a bot, a clock; then tell everyone)."""
        self.registry, self.write, self.same_screen = registry, write, same_screen
        self.notify, self.go_on = notify, go_on

    async def request(self, table_id: str, seat: int, move: int) -> None:
        """Ask to take back the last action (:meth:`LiveTable.undo_refusal` says when ``seat`` may); done
        at once when no other person must agree."""
        async with self.registry.lock(table_id):
            table = self.registry[table_id]
            if move != table.moves:
                raise Rejection(f"move {move} is stale: the table is at move {table.moves}", "stale_move",
                                move=move, current=table.moves)
            reason = table.undo_refusal(seat)
            if reason is not None:
                raise Rejection(f"cannot undo: {UNDO_REFUSALS[reason]}", "undo_refused", why=reason)
            screen = self.same_screen(table_id, seat)
            others = [s.seat for s in table.seats if s.seat not in screen and table.bot_for(s.seat) is None]
            if others:
                await self._pending(table, {"seat": seat, "move": table.moves, "waiting": others, "agreed": []})
            else:
                for _ in range(table.undo_steps(seat)):  # against bots: their replies and chance too
                    await self.write(table, seat, "undo", kind="undo")
        await self.go_on(table_id)

    async def answer(self, table_id: str, seat: int, agree: bool) -> None:
        """Agree to or refuse the pending undo; it happens when every other person has agreed. Agreeing
        again changes nothing, and writes and tells nothing."""
        async with self.registry.lock(table_id):
            table = self.registry[table_id]
            pending, done = answered(table.undo, seat, agree,
                                     Rejection("no undo request is waiting for your answer", "no_undo_request"))
            if pending == table.undo:
                return
            await self._pending(table, pending)
            if done and pending is not None:
                await self.write(table, pending["seat"], "undo", kind="undo")
        await self.go_on(table_id)

    async def _pending(self, table: LiveTable, pending: dict[str, Any] | None) -> None:
        await self.registry.save_settings(table, {"undo": pending})
        await self.notify(table)


def undo_for(table: LiveTable, viewer: int, seats: list[int] | None = None) -> tuple[int | None, str | None]:
    """The seat a connection (playing ``seats``; ``viewer`` shown) may ask an undo for now, or None
    and why not (the viewer's reason): on a hot seat, the seat that moved last, whoever is shown."""
    held = [viewer, *(s for s in (seats or []) if s != viewer)] if viewer >= 0 else []
    for seat in held:
        if table.undo_refusal(seat) is None:
            return seat, None
    return None, table.undo_refusal(viewer)
