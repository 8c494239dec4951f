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
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from tabletop.server import chance
from tabletop.server.errors import Rejection
from tabletop.server.hub import Hub
from tabletop.server.limits import REMATCH
from tabletop.server.table import LiveTable
from tabletop.storage import SeatSpec, StorageError, TableExistsError


@dataclass(frozen=True)
class Rematch:
    """The answer to a rematch request: the new table, the tokens of the seats the asker took now,
    whether this request created it, and the seats the asker had taken there already."""

    table: LiveTable
    tokens: dict[int, str]
    created: bool
    already: list[int]


def rematch_id(table_id: str) -> str:
    """The id of ``table_id``'s rematch: the same for every request, so they all meet at one table.

    >>> rematch_id("a" * 32) == rematch_id("a" * 32) != rematch_id("b" * 32)
    True
    """
    return hashlib.sha256(f"rematch:{table_id}".encode()).hexdigest()[:32]


async def rematch(hub: Hub, table_id: str, seats: list[int], client: str = "") -> Rematch:
    """Create ``table_id``'s rematch, or seat the asker (who holds ``seats`` there) at it.

    Raises:
        Rejection: when the table is not over (nothing is made).
        LimitReached: when the asker made ``rematches_per_minute`` requests in the last minute, or
            creating or sitting down would pass one of its limits.
    """
    if client:
        await hub.rates.table_request(client, REMATCH)
    old = await hub.table(table_id)
    if old.status != "over":
        if old.status in ("open", "playing"):
            raise Rejection("a rematch is offered once the game is over", "rematch_too_early")
        raise Rejection(f"the game was {old.status}: only a finished game has a rematch", "rematch_not_over",
                        status=old.status)
    people = [seat for seat in seats if old.seats[seat].kind != "bot"]
    new_id = rematch_id(table_id)
    async with hub.lock(table_id):  # one creation at a time in this process; the primary key across processes
        made = await _create(hub, old, new_id, people, client)
        if made is not None:
            await _announce(hub, old, new_id, people)
    if made is not None:
        new, tokens = made
        await hub.seating.maybe_start(new)
        return Rematch(hub.registry[new_id], tokens, True, [])
    return await _sit_down(hub, old, new_id, people, client)


async def _create(hub: Hub, old: LiveTable, new_id: str, people: list[int],
                  client: str) -> tuple[LiveTable, dict[int, str]] | None:
    """The rematch made now with the asker seated (None when it exists already)."""
    if old.settings.rematch or new_id in hub.registry:
        return None
    await hub.seating.check_limits(client, all_bots=False)
    settings: dict[str, Any] = {"chance_secret": chance.new_secret(), "seeded": False, "zombies": [],
                                "move_seconds": old.settings.move_seconds,
                                "time_bank": old.settings.time_bank, "rematch_of": old.row.id}
    specs = [SeatSpec(seat.kind, seat.name, seat.bot, joined=seat.seat in people) for seat in old.seats]
    try:
        table, tokens, _ = await hub.seating.open(old.game.name, dict(old.row.options), specs, settings, client, new_id)
    except TableExistsError:  # another process made it a moment ago
        return None
    return table, {seat: token for seat, token in tokens.items() if seat in people}


async def _announce(hub: Hub, old: LiveTable, new_id: str, people: list[int]) -> None:
    """Write where the rematch is into the old table, and tell everyone still looking at it."""
    rematch = {"table": new_id, "by": people}
    await hub.registry.save_settings(old, {"rematch": rematch})
    await hub.failover.notify(old)
    await hub.broadcast(old.row.id)


async def _sit_down(hub: Hub, old: LiveTable, new_id: str, people: list[int], client: str) -> Rematch:
    """Seat the asker in the rematch's seats kept for them (the ones they held at the old table)."""
    new = await hub.table(new_id)
    free = [seat for seat in people if not new.seats[seat].joined]
    already = [seat for seat in people if new.seats[seat].joined]
    tokens: dict[int, str] = {}
    if free:
        if client:
            await hub.seating.check_unfinished(client)
        async with hub.lock(new_id):
            for seat in free:
                try:
                    tokens[seat] = await hub.db(hub.store.take_kept_seat, new_id, seat, old.seats[seat].name,
                                                client or None)
                except StorageError:  # taken a moment ago (by this person's other tab, on another process)
                    already.append(seat)
            await hub.failover.refresh_row(new_id)
            await hub.failover.notify(hub.registry[new_id])
        if not await hub.seating.maybe_start(hub.registry[new_id]):
            await hub.broadcast(new_id)  # (a start tells everyone itself)
    if old.settings.rematch is None:  # made by another process: this one learns where it is
        await hub.failover.refresh_row(old.row.id)
        await hub.broadcast(old.row.id)
    return Rematch(hub.registry[new_id], tokens, False, sorted(already))
