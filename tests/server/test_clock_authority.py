"""Authority in the database (live-path issue, item 4): whether a move beat its clock is the event log's to
decide, a clock survives a restart or a take-over, and the creation limit holds across processes — each
with two hubs on one database and no Redis between them, as two processes are while Redis is down."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tabletop.server.errors import Rejection
from tabletop.server.hub import Hub
from tabletop.server.limits import LimitReached, Limits
from tabletop.server.messages import CreateTable
from tabletop.storage import Store
from tests.server.live import run

CLOCK = 1.0
"""The move clock here: short, so a time-out comes within the test (the server's own minimum is lowered)."""
PERSON_FIRST = CreateTable(game="cubulus", options={"first": "0"}, move_seconds=CLOCK, creator_seat=0,
                           seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])


PERSON_AT_CRIBBAGE = CreateTable(game="cribbage", move_seconds=CLOCK, creator_seat=0,
                                 seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])


def limits(**changes: Any) -> Limits:
    return Limits(min_move_seconds=0.5, bot_table_move_seconds=0, **changes)


async def until(check: Any, seconds: float = 30.0) -> None:
    """Wait until ``check()`` holds (polled), failing after ``seconds`` (generous: a CI machine running the
    browser tests beside this one once took more than ten for a time-out and the bot's move after it)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not within the time"
        await asyncio.sleep(0.02)


def test_a_move_made_in_time_on_another_process_beats_the_owners_clock(sqlite_url: str) -> None:
    """The audit's race: the person moved on process B a moment into the clock; the owner A never heard of
    it (no Redis between them). At the deadline A's time-out is written to the log as the same move, which
    the log refuses: A catches up, and its bot answers the person's move instead of playing for them."""

    async def main() -> tuple[list[str], list[int], int]:
        a, b = Hub(Store(sqlite_url), limits=limits()), Hub(Store(sqlite_url), limits=limits())
        await a.start()
        await b.start()
        try:
            table, _, _ = await a.seating.create(PERSON_FIRST)
            table_id = table.row.id
            await until(lambda: a.registry[table_id].deadline is not None)  # the person's clock runs on A
            on_b = await b.registry.table(table_id)
            move = on_b.moves
            await b.moves.submit(table_id, 0, on_b.legal_for(0)[0], move)  # in time, on B; A hears nothing
            await asyncio.sleep(CLOCK + 0.5)  # A's deadline passes
            await until(lambda: a.registry[table_id].moves > move + 1)  # A caught up; its bot answered
            events = a.store.events(table_id)
            return [event.kind for event in events], sorted(a.registry[table_id].zombies), move
        finally:
            await b.stop()
            await a.stop()

    kinds, zombies, move = run(main())
    assert "timeout" not in kinds[: move + 2] and zombies == []


def test_a_seat_out_of_time_is_timed_out_in_the_log_and_a_bot_plays_it(sqlite_url: str) -> None:
    async def main() -> tuple[list[str], list[int], dict[str, Any]]:
        hub = Hub(Store(sqlite_url), limits=limits())
        await hub.start()
        try:
            # cribbage: the bot that takes the seat over ("normal") chooses in pure Python at once, where
            # Cubulus's search is compiled on first use — minutes on a loaded CI machine's fresh clone
            table, _, _ = await hub.seating.create(PERSON_AT_CRIBBAGE)
            table_id = table.row.id
            await until(lambda: 0 in hub.registry[table_id].zombies, CLOCK + 30)
            timed_out = hub.registry[table_id].moves
            # the bot plays the seat now (read from the log: bots alone may finish the game, and a finished
            # table leaves this process's memory)
            await until(lambda: len(hub.store.events(table_id)) > timed_out + 1, 60.0)
            table = await hub.table(table_id)
            return [e.kind for e in hub.store.events(table_id)], sorted(table.zombies), hub.info(table).model_dump()
        finally:
            await hub.stop()

    kinds, zombies, line = run(main())
    assert "timeout" in kinds and zombies == [0] and line["seats"][0]["zombie"]


def test_a_restart_keeps_the_running_clock_and_the_banks(sqlite_url: str) -> None:
    """A clock is stored with the table when it starts: a process reading the table again (a restart, a
    take-over) goes on with it rather than giving the seat a fresh one."""
    request = PERSON_FIRST.model_copy(update={"move_seconds": 30.0, "time_bank": 12.0})

    async def main() -> tuple[float, float]:
        first = Hub(Store(sqlite_url), limits=limits())
        await first.start()
        table, _, _ = await first.seating.create(request)
        table_id = table.row.id
        await until(lambda: first.registry[table_id].deadline is not None)
        await first.stop()
        await asyncio.sleep(1.5)
        again = Hub(Store(sqlite_url), limits=limits())
        await again.start()
        try:
            resumed = await again.registry.table(table_id)
            await until(lambda: again.registry[table_id].deadline is not None)
            update = again.broadcaster.update(resumed, 0)
            return update["clock"]["remaining"], update["clock"]["banks"]["0"]
        finally:
            await again.stop()

    remaining, bank = run(main())
    assert 30 + 12 - 1.5 - 2.0 < remaining <= 30 + 12 - 1.5 and bank == 12.0


def test_the_creation_limit_holds_across_processes(sqlite_url: str) -> None:
    """Counted by the database, not by each process (nor by a Redis that may be down): a client's fourth
    table in a minute is refused wherever it asks."""
    request = CreateTable(game="cubulus", seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])

    async def main() -> LimitReached:
        a = Hub(Store(sqlite_url), limits=limits(creations_per_minute=3, open_tables_per_client=100))
        b = Hub(Store(sqlite_url), limits=limits(creations_per_minute=3, open_tables_per_client=100))
        await a.start()
        await b.start()
        try:
            for hub in (a, b, a):
                await hub.seating.create(request, client="client-1")
            await b.seating.create(request, client="client-2")  # another client's own count
            with pytest.raises(LimitReached) as refused:
                await b.seating.create(request, client="client-1")
            return refused.value
        finally:
            await b.stop()
            await a.stop()

    refusal = run(main())
    assert refusal.code == "too_many_creations" and 1 <= (refusal.retry_after or 0) <= 60


def test_a_time_out_for_a_move_already_made_is_refused_by_the_log(sqlite_url: str) -> None:
    """The bare rule: the log's primary key orders a time-out and a move as it orders two moves."""

    async def main() -> str:
        hub = Hub(Store(sqlite_url), limits=limits())
        await hub.start()
        try:
            table, _, _ = await hub.seating.create(PERSON_FIRST.model_copy(update={"move_seconds": 30.0}))
            table_id = table.row.id
            await until(lambda: hub.registry[table_id].deadline is not None)  # the person is to move
            live = hub.registry[table_id]
            hub.store.append(table_id, live.moves, 0, live.legal_for(0)[0])  # another process's move, unheard
            async with hub.registry.lock(table_id):
                with pytest.raises(Rejection) as refused:
                    await hub.moves.write(live, 0, "timeout", kind="timeout")
            return refused.value.code
        finally:
            await hub.stop()

    assert run(main()) == "move_taken"
