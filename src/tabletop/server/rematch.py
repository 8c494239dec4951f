"""A rematch: the same game with the same options and the same seats, once a table is over.

Anyone who held a seat at the finished table may ask (``POST /api/tables/{id}/rematch`` with their
seat tokens). The first request creates the new table: bots are seated at once, the asker's seats
(every seat a hot-seat screen holds) are taken at creation, and every other person's seat is kept
for the one who held it — the lobby cannot give it away. The old table's updates then say where its
rematch is, so each person still looking at it is offered their seat; taking it is the same request.

The rematch's id follows from the old table's (:func:`rematch_id`), so two people pressing Rematch
at once — on one server process or on two — make one table: the database's primary key refuses
the second creation and that request seats its asker at the table the first one made. Creating
counts against the asker's limits like any new table (creations per minute, unfinished tables); every
request counts against ``rematches_per_minute``, and one that finds the asker seated already writes nothing.

:class:`Rematches` is handed only what it needs (:class:`~tabletop.server.seams.TableMaking`: the old table
glanced at, the new one made through the one creation interface, its kept seats taken; and how a request is
counted): it never reads the hub, its registry or the database's rows. Whether a table is over it learns from
the table itself, not from :class:`~tabletop.server.table_events.TableFinished`: the table may have finished
on another process or before this one started, and the database's status is the one that holds everywhere.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from tabletop.server import chance
from tabletop.server.errors import Rejection
from tabletop.server.seams import SeatGlance, TableGlance, TableMaking
from tabletop.storage import SeatSpec, TableExistsError


@dataclass(frozen=True)
class Rematch:
    """The answer to a rematch request: the new table's id, the tokens of the seats the asker took now,
    whether this request created it, and the seats the asker had taken there already."""

    table: str
    tokens: dict[int, str]
    created: bool
    already: list[int]


def rematch_id(table_id: str) -> str:
    """The id of ``table_id``'s rematch: the same for every request, so they all meet at one table.

    >>> rematch_id("a" * 32) == rematch_id("a" * 32) != rematch_id("b" * 32)
    True
    """
    return hashlib.sha256(f"rematch:{table_id}".encode()).hexdigest()[:32]


class Rematches:
    """The rematches of finished tables, made through the seam."""

    def __init__(self, tables: TableMaking, count: Callable[[str], Awaitable[None]]) -> None:
        """``count(client)``: one rematch request by ``client`` counted (LimitReached past
        ``rematches_per_minute``)."""
        self.tables, self.count = tables, count

    async def ask(self, table_id: str, seats: list[int], client: str = "", account: str | None = None) -> Rematch:
        """Create ``table_id``'s rematch, or seat the asker (who holds ``seats`` there; signed in as ``account``)
        at it. A rated table's rematch is rated (its seats kept for the same accounts, its bots under theirs)
        when the asker is the account that sat there; asked by seat tokens alone, it is casual.

        Raises:
            Rejection: when the table is not over (nothing is made), or there is no such table.
            LimitReached: when the asker made ``rematches_per_minute`` requests in the last minute, or
                creating or sitting down would pass one of its limits.
        """
        if client:
            await self.count(client)
        old = await self.tables.glance(table_id)
        if old.status != "over":
            if old.status in ("open", "playing"):
                raise Rejection("a rematch is offered once the game is over", "rematch_too_early")
            raise Rejection(f"the game was {old.status}: only a finished game has a rematch", "rematch_not_over",
                            status=old.status)
        people = [seat for seat in seats if old.seats[seat].kind != "bot"]
        new_id = rematch_id(table_id)
        async with self.tables.lock(table_id):  # one creation at a time in this process; the primary key across
            # as the request before this one left it (held here: a table is let go of only unlocked)
            old = await self.tables.glance(table_id)
            tokens = await self._create(old, new_id, people, client, account)
            if tokens is not None:
                await self.tables.write_settings(table_id, {"rematch": {"table": new_id, "by": people}})
        if tokens is not None:
            await self.tables.start(new_id)
            return Rematch(new_id, tokens, True, [])
        return await self._sit_down(old, new_id, people, client, account)

    async def _create(self, old: TableGlance, new_id: str, people: list[int], client: str,
                      account: str | None = None) -> dict[int, str] | None:
        """The rematch made now with the asker seated: the asker's tokens (None when it exists already)."""
        if old.rematch or self.tables.holds(new_id):
            return None
        await self.tables.check_limits(client, all_bots=False)
        rated = old.pool is not None and account is not None and all(old.seats[s].account == account for s in people)
        settings: dict[str, Any] = {"chance_secret": chance.new_secret(), "seeded": False, "zombies": [],
                                    "move_seconds": old.move_seconds, "time_bank": old.time_bank,
                                    "rematch_of": old.table, **({"rated": True, "pool": old.pool} if rated else {})}
        def kept(seat: SeatGlance) -> bool:  # a rated rematch's seat kept for the account that sat there
            return rated and seat.kind != "bot" and seat.seat not in people

        specs = [SeatSpec(seat.kind, seat.name, seat.bot, joined=seat.seat in people,
                          reserved_for=seat.account if kept(seat) else None,
                          reserved_name=seat.name if kept(seat) else None,
                          account=seat.account if rated and seat.kind == "bot" else None) for seat in old.seats]
        try:
            _, tokens, _ = await self.tables.open(old.game.name, dict(old.options), specs, settings, client, new_id,
                                                  account if rated else None)
        except TableExistsError:  # another process made it a moment ago
            return None
        return {seat: token for seat, token in tokens.items() if seat in people}

    async def _sit_down(self, old: TableGlance, new_id: str, people: list[int], client: str,
                        account: str | None = None) -> Rematch:
        """Seat the asker in the rematch's seats kept for them (the ones they held at the old table; at a rated
        rematch, kept for their account: taken only by it)."""
        new = await self.tables.glance(new_id)
        free = {seat: old.seats[seat].name for seat in people if not new.seats[seat].joined}
        already = [seat for seat in people if new.seats[seat].joined]
        tokens: dict[int, str] = {}
        if free:
            if client:
                await self.tables.check_unfinished(client)
            tokens, taken = await self.tables.take_kept(new_id, free, client, account)
            already += taken
        if old.rematch is None:  # made by another process: this one learns where it is
            await self.tables.catch_up(old.table)
        return Rematch(new_id, tokens, False, sorted(already))
