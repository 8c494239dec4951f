"""The store of live tables against a real SQLite file and a real PostgreSQL (server issue, parts 1, 3, 5)."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import inspect

from tabletop.storage import SeatSpec, StaleMoveError, StorageError, Store
from tabletop.storage.migrate import upgrade


def test_migrations_create_the_schema_and_are_idempotent(database_url: str) -> None:
    upgrade(database_url)
    upgrade(database_url)  # a restarted server upgrades again: nothing to do
    store = Store(database_url)
    assert {"game_tables", "seats", "events", "alembic_version"} <= set(inspect(store.engine).get_table_names())
    store.close()


def test_the_seats_of_several_tokens_come_in_one_query(database_url: str) -> None:
    from sqlalchemy import event

    store = Store(database_url)
    table, tokens = store.create_table("cribbage", {"players": 3},
                                       [SeatSpec("local"), SeatSpec("bot", bot="easy"), SeatSpec("local")])
    statements: list[str] = []
    event.listen(store.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    found = store.seats_for_tokens(table.id, [tokens[2], "guess", tokens[0]])
    assert found == {tokens[0]: 0, tokens[2]: 2} and len(statements) == 1  # a token holding no seat is left out
    assert store.seats_for_tokens(table.id, []) == {} and len(statements) == 1
    assert store.seats_for_tokens("another", [tokens[0]]) == {}
    store.close()


def test_a_table_with_seats_tokens_and_a_log_survives_a_new_store(database_url: str) -> None:
    store = Store(database_url)
    table, tokens = store.create_table("cribbage", {"players": 2},
                                       [SeatSpec("human", "Ann"), SeatSpec("bot", bot="normal")])
    assert set(tokens) == {0}  # bots have no token
    assert store.seat_for_token(table.id, tokens[0]) == 0
    assert store.seat_for_token(table.id, "guess") is None
    for number, action in enumerate(["cut 5H", "cut 9C"]):
        store.append(table.id, number, -1, action)
    store.set_status(table.id, "playing")
    store.close()
    again = Store(database_url)  # a restarted server
    assert [e.action for e in again.events(table.id)] == ["cut 5H", "cut 9C"]
    row = again.table(table.id)
    assert (row.game, row.options, row.status) == ("cribbage", {"players": 2}, "playing")
    assert [(s.kind, s.name, s.bot) for s in row.seats] == [("human", "Ann", None), ("bot", "", "normal")]
    assert all(s.token_hash != tokens[0] for s in row.seats)  # only a hash is kept
    assert [t.id for t in again.tables()] == [table.id]
    again.close()


def test_a_stale_or_skipping_move_is_refused_and_changes_nothing(database_url: str) -> None:
    store = Store(database_url)
    table, _ = store.create_table("cubulus", {}, [SeatSpec("local"), SeatSpec("local")])
    store.append(table.id, 0, -1, "first 1")
    with pytest.raises(StaleMoveError, match="stale"):
        store.append(table.id, 0, 0, "place 111")
    with pytest.raises(StaleMoveError, match="stale"):
        store.append(table.id, 5, 0, "place 111")
    assert [e.action for e in store.events(table.id)] == ["first 1"]
    store.close()


def test_concurrent_claims_on_one_move_exactly_one_wins(database_url: str) -> None:
    """Server issue, part 3: racing submissions for the same turn — exactly one applies."""
    store = Store(database_url)
    table, _ = store.create_table("cubulus", {}, [SeatSpec("local"), SeatSpec("local")])
    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def claim(i: int) -> None:
        barrier.wait()
        try:
            store.append(table.id, 0, 0, f"move {i}")
            outcomes.append("won")
        except StaleMoveError:
            outcomes.append("stale")

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["stale"] * 7 + ["won"]
    assert len(store.events(table.id)) == 1
    store.close()


def test_bad_requests_say_what_is_wrong(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    with pytest.raises(StorageError, match="no table 'nope'"):
        store.table("nope")
    with pytest.raises(StorageError, match="kinds: human, bot, local"):
        store.create_table("beetle", {}, [SeatSpec("robot")])
    table, _ = store.create_table("beetle", {}, [SeatSpec("bot", bot="normal")])
    with pytest.raises(StorageError, match="statuses: open, playing, over, abandoned"):
        store.set_status(table.id, "paused")
    with pytest.raises(StorageError, match="no seat 3"):
        store.join(table.id, 2, "Bob")
    store.close()
