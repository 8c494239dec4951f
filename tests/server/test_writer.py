"""The event log's writer (:mod:`tabletop.server.writer`): moves group-committed, each caller answered after the
commit, a stale move refused alone, and a table's last activity written at most every few seconds."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import update

from tabletop.server import writer
from tabletop.server.writer import EventWriter
from tabletop.storage import NewEvent, SeatSpec, StaleMoveError, Store
from tabletop.storage.models import TableRow, now
from tests.server.live import run

PAIR = [SeatSpec("local", "Ann", joined=True), SeatSpec("local", "Bob", joined=True)]


def hour_ago(store: Store, table: str) -> None:
    with store.engine.begin() as connection:
        connection.execute(update(TableRow).where(TableRow.id == table).values(active_at=now() - timedelta(hours=1)))


def active_minutes_ago(store: Store, table: str) -> float:
    return (now() - store.table(table).active_at.replace(tzinfo=now().tzinfo)).total_seconds() / 60


def test_moves_of_many_tables_commit_together_and_a_stale_one_is_refused_alone(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    tables = [store.create_table("cubulus", {}, PAIR)[0].id for _ in range(3)]

    async def play() -> list[object]:
        events = EventWriter(store)
        events.start()
        try:
            firsts = [events.append(NewEvent(table, 0, -1, "first 0")) for table in tables]
            stale = events.append(NewEvent(tables[0], 0, -1, "first 1"))  # move 0 of the first table again
            return await asyncio.gather(*firsts, stale, return_exceptions=True)
        finally:
            await events.stop()

    answers = run(play())
    assert answers[:3] == [None, None, None]
    assert isinstance(answers[3], StaleMoveError)
    assert [[e.action for e in store.events(table)] for table in tables] == [["first 0"]] * 3
    store.close()


def test_a_tables_activity_is_written_with_its_first_move_then_at_most_every_few_seconds(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(sqlite_url)
    table = store.create_table("cubulus", {}, PAIR)[0].id

    async def play() -> list[float]:
        events = EventWriter(store)
        events.start()
        ages = []
        try:
            for move, action in enumerate(["first 0", "place 111", "place 222"]):
                if move == 2:
                    monkeypatch.setattr(writer, "TOUCH_SECONDS", 0.0)  # as if the few seconds had passed
                hour_ago(store, table)
                await events.append(NewEvent(table, move, -1 if move == 0 else move % 2, action))
                ages.append(active_minutes_ago(store, table))
        finally:
            await events.stop()
        return ages

    first, soon_after, later = run(play())
    assert first < 1  # written with the first move
    assert soon_after > 59  # a second move within TOUCH_SECONDS: the moves written, not the activity
    assert later < 1
    assert len(store.events(table)) == 3
    store.close()


def test_a_move_and_what_follows_from_it_stand_or_fall_together(sqlite_url: str) -> None:
    """A move is handed in with what follows from it at once (an instant bot's reply, cards dealt): if another
    process already wrote that move, none of the group is written — a later number never lands after someone
    else's move."""
    store = Store(sqlite_url)
    table = store.create_table("cubulus", {}, PAIR)[0].id
    store.append(table, 0, -1, "first 0")

    async def play() -> BaseException | None:
        events = EventWriter(store)
        events.start()
        try:
            await events.append(NewEvent(table, 0, -1, "first 1"), NewEvent(table, 1, 1, "place 111"))
        except StaleMoveError as error:
            return error
        finally:
            await events.stop()
        return None

    assert isinstance(run(play()), StaleMoveError)
    assert [e.action for e in store.events(table)] == ["first 0"]  # move 1 not written after another's move 0
    store.close()
