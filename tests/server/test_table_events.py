"""The seam between tables and everything else (live-path issue, item 6): tables started, moves applied and
tables finished, as events; consumers that handle each finished table once, caught up from the database after
a restart, keyed by the table id."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

import tabletop
from tabletop.core import replay
from tabletop.server.hub import Hub
from tabletop.server.limits import Limits
from tabletop.server.messages import CreateTable
from tabletop.server.table_events import MoveApplied, TableFinished, TableOpened, TableStarted
from tabletop.storage import Store
from tabletop.storage.consumers import ConsumerMarks
from tests.server.live import run

BOTS = CreateTable(game="cubulus", seats=[{"kind": "bot", "bot": "random"}] * 2)
PERSON = CreateTable(game="cubulus", seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
                     creator_seat=0)


def with_hub(url: str, work: Callable[[Hub], Awaitable[Any]], before: Callable[[Hub], None] = lambda hub: None) -> Any:
    """``work(hub)`` on a started hub of the database at ``url`` (``before``: what is registered first)."""

    async def main() -> Any:
        hub = Hub(Store(url), limits=Limits(bot_table_move_seconds=0))
        before(hub)
        await hub.start()
        try:
            return await work(hub)
        finally:
            await hub.stop()

    return run(main())


async def finish(hub: Hub, request: CreateTable = BOTS) -> str:
    """A table of ``request`` played to its end (all bots) or resigned at once (a person); its id."""
    table, tokens, _ = await hub.seating.create(request)
    if tokens:
        await hub.endings.resign(table.row.id, 0, {0})
    for _ in range(1000):
        if hub.registry[table.row.id].status in ("over", "abandoned"):
            break
        await asyncio.sleep(0.01)
    await hub.events.delivered()
    return table.row.id


def test_a_game_is_heard_start_to_finish_in_order_and_its_record_replays_to_its_result(sqlite_url: str) -> None:
    heard: list[Any] = []

    async def listen(event: Any) -> None:
        heard.append(event)

    table_id = with_hub(sqlite_url, finish, lambda hub: hub.events.subscribe(listen))
    assert isinstance(heard[0], TableOpened) and heard[0].table == table_id and heard[0].game == "cubulus"
    assert isinstance(heard[1], TableStarted) and heard[1].table == table_id and heard[1].game == "cubulus"
    assert [sitter.kind for sitter in heard[1].seats] == ["bot", "bot"] == [sitter.kind for sitter in heard[0].seats]
    moves = [event for event in heard if isinstance(event, MoveApplied)]
    assert [event.move for event in moves] == list(range(len(moves))) and len(moves) > 5
    assert isinstance(heard[-1], TableFinished) and heard.count(heard[-1]) == 1
    end = heard[-1]
    assert end.status == "over" and end.cause == "finished" and end.result is not None
    state = replay(end.record, tabletop.load)
    assert state.is_terminal and len(end.record.actions) == len(moves)  # every move was an action
    assert end.record.meta["result"] == end.result


def test_a_resignation_is_heard_with_its_cause_and_seat(sqlite_url: str) -> None:
    """The ending contract is one vocabulary for every feature: a person's word is a cause, not a status."""
    heard: list[TableFinished] = []

    async def listen(event: TableFinished) -> None:
        heard.append(event)

    with_hub(sqlite_url, lambda hub: finish(hub, PERSON), lambda hub: hub.events.subscribe(listen, TableFinished))
    (end,) = heard
    assert end.cause == "resigned" and end.status == "over" and end.record.ending is not None
    assert end.record.ending.seats == (0,) and [s.name for s in end.seats] == ["Ann", "random"]


def test_a_subscriber_that_fails_changes_nothing_at_the_table(sqlite_url: str) -> None:
    async def broken(event: Any) -> None:
        raise RuntimeError("a listener's bug")

    async def work(hub: Hub) -> str:
        table_id = await finish(hub)
        return hub.registry[table_id].status

    assert with_hub(sqlite_url, work, lambda hub: hub.events.subscribe(broken)) == "over"


def test_a_consumer_handles_each_finished_table_once_across_restarts(sqlite_url: str) -> None:
    """Tables finished while no consumer ran (or by another process) are handed to it when it starts; a
    restart hands it nothing it has handled."""
    handled: list[str] = []

    async def rate(event: TableFinished) -> None:
        handled.append(event.table)

    def consumer(hub: Hub) -> None:
        hub.events.consume("ratings", rate)

    async def two(hub: Hub) -> list[str]:
        return [await finish(hub), await finish(hub)]

    before = with_hub(sqlite_url, two)  # no consumer yet
    assert handled == []

    async def one_more(hub: Hub) -> str:
        await hub.events.catch_up()  # (the hub's own start ran one too: whichever came first handed them)
        return await finish(hub)

    later = with_hub(sqlite_url, one_more, consumer)
    assert sorted(handled) == sorted([*before, later])
    with_hub(sqlite_url, lambda hub: hub.events.catch_up(), consumer)
    assert sorted(handled) == sorted([*before, later])  # nothing twice


def test_a_consumer_that_fails_gets_the_table_again_next_round(sqlite_url: str) -> None:
    tries: list[str] = []

    async def flaky(event: TableFinished) -> None:
        tries.append(event.table)
        if len(tries) == 1:
            raise RuntimeError("the ratings table is locked")

    async def work(hub: Hub) -> tuple[str, int]:
        table_id = await finish(hub)
        return table_id, await hub.events.catch_up()

    table_id, handed = with_hub(sqlite_url, work, lambda hub: hub.events.consume("stats", flaky))
    assert tries == [table_id, table_id] and handed == 1


def test_two_processes_never_both_claim_a_table_and_a_stale_claim_is_taken_again(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    table_id = with_hub(sqlite_url, finish)
    marks, other = ConsumerMarks(store), ConsumerMarks(store, stale_seconds=0)
    assert marks.pending("ratings") == [table_id]
    assert marks.claim("ratings", table_id) and not marks.claim("ratings", table_id)
    assert marks.claim("tournaments", table_id)  # each consumer keeps its own marks
    assert other.claim("ratings", table_id)  # its claimer died mid-way: taken again once stale
    marks.done("ratings", table_id)
    assert not other.claim("ratings", table_id) and other.pending("ratings") == []
    store.close()


def test_a_consumer_name_is_registered_once(sqlite_url: str) -> None:
    hub = Hub(Store(sqlite_url))

    async def nothing(event: TableFinished) -> None:
        return None

    hub.events.consume("ratings", nothing)
    with pytest.raises(ValueError, match="registered already"):
        hub.events.consume("ratings", nothing)
