"""The lobby's order and idle rule in the store (issue #40, item 6), against SQLite and PostgreSQL:
tables waiting for players first, then the most recently active; a move, a seat taken or a game
started is activity; a game nobody moved in lately is quiet; the cursor pages through it all."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, select, text, update

from tabletop.storage import SeatSpec, StorageError, Store
from tabletop.storage.migrate import upgrade
from tabletop.storage.models import EventRow, TableRow, now

PAIR = [SeatSpec("human", "Ann", joined=True), SeatSpec("human")]
PLAYED = [SeatSpec("human", "Ann", joined=True), SeatSpec("bot", bot="random")]


@pytest.fixture
def store(database_url: str) -> Store:
    return Store(database_url)


def utc(moment: datetime) -> datetime:
    """A time read back, in UTC (SQLite keeps no zone; every time is written in UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def aged(store: Store, table_id: str, minutes: float) -> None:
    """Make the table's last activity ``minutes`` old (a test cannot wait for minutes to pass)."""
    with store.engine.begin() as connection:
        connection.execute(update(TableRow).where(TableRow.id == table_id).values(
            active_at=now() - timedelta(minutes=minutes)))


def playing(store: Store, minutes: float) -> str:
    table, _ = store.create_table("cubulus", {}, PLAYED)
    store.set_status(table.id, "playing")
    aged(store, table.id, minutes)
    return table.id


def waiting(store: Store, minutes: float, game: str = "cubulus") -> str:
    table, _ = store.create_table(game, {}, PAIR)
    aged(store, table.id, minutes)
    return table.id


def listed(store: Store, **asked: object) -> list[str]:
    return [row.id for row in store.lobby(("open", "playing"), **asked).tables]  # type: ignore[arg-type]


def test_waiting_tables_come_first_then_the_most_recently_active(store: Store) -> None:
    busy, slow = playing(store, 1), playing(store, 3)
    new, old = waiting(store, 0.5), waiting(store, 20)  # a table waits as long as it waits: it comes first
    assert listed(store) == [new, old, busy, slow]
    store.close()


def test_a_move_and_a_seat_taken_are_activity_and_a_lease_is_not(store: Store) -> None:
    first, second = playing(store, 2), playing(store, 1)
    assert listed(store) == [second, first]
    before = store.table(first)
    store.append(first, 0, -1, "first 0")  # a move at the quieter table puts it on top
    assert listed(store) == [first, second]
    after = store.table(first)
    assert after.active_at > before.active_at and after.updated_at == before.updated_at  # a move changes no row
    aged(store, first, 2)
    store.claim(first, "process", 10)  # a lease renewed is no sign of a person
    store.renew("process", 10)
    assert listed(store) == [second, first]
    table = waiting(store, 30)
    other = waiting(store, 10)
    assert listed(store)[:2] == [other, table]
    store.claim_seat(table, 1, "Bob")  # the seat taken is activity, even if the table then starts
    assert listed(store)[:2] == [table, other]
    store.close()


def test_a_group_commit_marks_each_of_its_tables_active(store: Store) -> None:
    from tabletop.storage import NewEvent

    a, b, c = playing(store, 3), playing(store, 2), playing(store, 1)
    store.append_many([[NewEvent(a, 0, -1, "first 0")], [NewEvent(b, 0, -1, "first 1")]])
    assert listed(store)[2] == c and set(listed(store)[:2]) == {a, b}
    store.append(c, 0, -1, "first 0")
    assert store.append_many([[NewEvent(a, 0, -1, "first 1")], [NewEvent(a, 1, 0, "place 111")]]) == [False, True]
    assert listed(store)[0] == a  # a stale event among them does not keep the written one from counting
    store.close()


def test_quiet_games_are_left_out_of_the_running_and_listed_on_their_own(store: Store) -> None:
    lively, quiet = playing(store, 1), playing(store, 12)
    old_wait = waiting(store, 40)
    cutoff = now() - timedelta(minutes=5)
    assert listed(store, quiet_since=cutoff, quiet=False) == [old_wait, lively]  # a waiting table is never quiet
    assert listed(store, quiet_since=cutoff, quiet=True) == [quiet]
    assert listed(store, quiet_since=cutoff, quiet=None) == [old_wait, lively, quiet]
    store.append(quiet, 0, -1, "first 0")  # someone came back: running again
    assert listed(store, quiet_since=cutoff, quiet=False) == [old_wait, quiet, lively]
    over = store.lobby(("over",), quiet_since=cutoff, quiet=True)
    assert over.tables == []  # a finished game is no idle one
    store.close()


def test_the_cursor_pages_through_every_status_each_table_once(store: Store) -> None:
    made = [waiting(store, minutes, game) for minutes, game in ((1, "cubulus"), (2, "cribbage"), (3, "cubulus"))]
    made += [playing(store, minutes) for minutes in (0.5, 4, 4)]  # two at once: the id orders them
    tied = store.table(made[4]).active_at
    with store.engine.begin() as connection:
        connection.execute(update(TableRow).where(TableRow.id == made[5]).values(active_at=tied))
    expected = [*made[:3], made[3], *sorted(made[4:], reverse=True)]
    for limit in (1, 2, 3, 4, 6, 7):
        seen: list[str] = []
        cursor = None
        while True:
            page = store.lobby(("open", "playing"), limit=limit, cursor=cursor)
            assert len(page.tables) <= limit
            seen += [row.id for row in page.tables]
            cursor = page.next
            if cursor is None:
                break
        assert seen == expected, limit
    cubulus = store.lobby(("open", "playing"), game="cubulus", limit=1)
    second = store.lobby(("open", "playing"), game="cubulus", limit=10, cursor=cubulus.next)
    assert [row.id for row in cubulus.tables + second.tables] == [made[0], made[2], *expected[3:]]
    with pytest.raises(StorageError, match="this listing"):  # a cursor of the playing tables, for the finished
        store.lobby(("over",), cursor=store.lobby(("open", "playing"), limit=4).next)
    store.close()


def test_the_migration_gives_existing_tables_their_last_moves_time(database_url: str) -> None:
    upgrade(database_url, "0003")
    store = Store(database_url, migrate=False)
    moved, then, later = now() - timedelta(hours=2), now() - timedelta(hours=1), now() - timedelta(minutes=30)
    old = [{"id": name, "game": "cubulus", "options": {}, "status": "playing", "created_at": then,
            "updated_at": later, "settings": {}, "all_bots": False} for name in ("moved", "still")]
    with store.engine.begin() as connection:  # the schema of 0003: no active_at column
        connection.execute(text("INSERT INTO game_tables (id, game, options, status, created_at, updated_at, settings,"
                                " all_bots) VALUES (:id, :game, '{}', :status, :created_at, :updated_at, '{}',"
                                " :all_bots)"), old)
        connection.execute(insert(EventRow), [{"table_id": "moved", "number": 0, "seat": -1, "action": "first 0",
                                               "kind": "action", "at": moved}])
    store.close()
    upgrade(database_url)
    store = Store(database_url)
    with store.session() as session:
        active = {row.id: row.active_at for row in session.execute(select(TableRow.id, TableRow.active_at))}
    assert utc(active["moved"]) == moved and utc(active["still"]) == later  # no move: its last change
    assert listed(store) == ["still", "moved"]
    store.close()


def test_a_lobby_row_carries_only_the_settings_its_line_shows(store: Store) -> None:
    """A lobby page reads a table's zombies and the table it is a rematch of, nothing else of its
    settings: the chance secret never leaves the database for a listing."""
    secret = "f" * 64
    plain, _ = store.create_table("cubulus", {}, PAIR, {"chance_secret": secret, "seeded": False})
    rematch, _ = store.create_table("cubulus", {}, PAIR, {"chance_secret": secret, "zombies": [1],
                                                          "rematch_of": plain.id, "time_bank": 30.0})
    rows = {row.id: row for row in store.lobby(("open",)).tables}
    assert rows[plain.id].settings == {}
    assert rows[rematch.id].settings == {"zombies": [1], "rematch_of": plain.id}
    assert secret not in repr(rows)
    store.close()
