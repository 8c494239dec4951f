"""``GET /api/tables``, the lobby that shows life (issue #40, item 6): tables waiting for a player
first, then the most recently active, each with its last activity; games nobody moved in for
``lobby_idle_minutes`` are not listed as running but on their own (``activity=idle``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from tabletop.server import create_app, writer
from tabletop.server.lobby import REREAD_SECONDS
from tabletop.storage.models import TableRow, now
from tests.server.live import bearer, create, from_address, settings_for_tests


@pytest.fixture(autouse=True)
def every_move_is_activity(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests age tables by writing the database (they cannot wait minutes), which the event writer's memory
    of when it last wrote a table's activity knows nothing of: it writes each move's (test_writer.py checks
    that it writes it at most every few seconds)."""
    monkeypatch.setattr(writer, "TOUCH_SECONDS", 0.0)


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    # pages kept a millisecond: these tests read what the database says after each change (the cache that
    # keeps a page a second has tests of its own, in test_pricing.py)
    with TestClient(create_app(settings_for_tests(sqlite_url, lobby_idle_minutes=5,
                                                  lobby_cache_seconds=0.001))) as test_client:
        yield test_client


def lobby(client: TestClient, **params: Any) -> dict[str, Any]:
    answer = client.get("/api/tables", params=params)
    assert answer.status_code == 200, answer.text
    page: dict[str, Any] = answer.json()
    return page


def ids(page: dict[str, Any]) -> list[str]:
    return [table["id"] for table in page["tables"]]


def hot_seat(client: TestClient) -> tuple[str, str]:
    """A Cubulus table played on one device (it starts at once); its id and a token holding both seats."""
    created = create(client, "cubulus", [{"kind": "local"}, {"kind": "local"}])
    return created["table"]["id"], created["tokens"]["0"]


def play_one(client: TestClient, table: str, tokens: dict[str, str]) -> None:
    """The seat to move (or the one holding the move, hot-seat) plays its first legal action."""
    for token in tokens.values():
        state = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
        if state["legal"]:
            acted = client.post(f"/api/tables/{table}/act", json={"token": token, "action": state["legal"][0],
                                                                  "move": state["move"]})
            assert acted.status_code == 200, acted.text
            return
    raise AssertionError("no seat may move")


def aged(client: TestClient, table: str, minutes: float) -> None:
    """The table's last activity ``minutes`` ago, as the database has it (a test cannot wait minutes)."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(update(TableRow).where(TableRow.id == table).values(
            active_at=now() - timedelta(minutes=minutes)))


def test_waiting_tables_come_first_with_their_last_activity(client: TestClient) -> None:
    created = create(client, "cubulus", [{"kind": "local"}, {"kind": "local"}])
    played, tokens = created["table"]["id"], created["tokens"]
    waiting = create(client, "cribbage", [{"kind": "human"}, {"kind": "human"}])["table"]["id"]  # Ann waits for one
    page = lobby(client)
    assert ids(page) == [waiting, played]  # the newer table is the waiting one, but waiting comes first anyway
    assert page["idle_minutes"] == 5
    server_now = datetime.fromisoformat(page["now"])
    lines = {table["id"]: table for table in page["tables"]}
    for line in lines.values():
        age = server_now - datetime.fromisoformat(line["active_at"])
        assert timedelta(0) <= age < timedelta(seconds=30)  # in UTC, by the server's clock
    assert [s["joined"] for s in lines[waiting]["seats"]] == [True, False]  # what it waits for: seat 2
    before = datetime.fromisoformat(lines[played]["active_at"])
    play_one(client, played, tokens)
    after = datetime.fromisoformat(lobby(client)["tables"][1]["active_at"])
    assert after > before
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert store.table(played).active_at.replace(tzinfo=None) > before.replace(tzinfo=None)  # written, not only known


def test_a_game_nobody_moved_in_lately_is_idle_not_running(client: TestClient) -> None:
    quiet, quiet_token = hot_seat(client)
    lively, _ = hot_seat(client)
    waiting = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}])["table"]["id"]
    aged(client, quiet, 12)
    aged(client, waiting, 30)  # a table waits as long as it waits: still first
    assert ids(lobby(client)) == [waiting, lively]
    assert ids(lobby(client, activity="idle")) == [quiet]
    assert ids(lobby(client, activity="all")) == [waiting, lively, quiet]
    assert ids(lobby(client, activity="idle", status="open")) == []  # a waiting table is never idle
    play_one(client, quiet, {"0": quiet_token})  # someone came back to it: running again, on top
    assert ids(lobby(client)) == [waiting, quiet, lively]
    refused = client.get("/api/tables", params={"activity": "asleep"})
    assert refused.status_code == 422 and refused.json()["code"] == "malformed"


def test_the_cursor_pages_waiting_then_running_each_table_once(client: TestClient) -> None:
    running = [hot_seat(client)[0] for _ in range(3)]
    waiting = [create(client, game, [{"kind": "human"}, {"kind": "human"}])["table"]["id"]
               for game in ("cubulus", "cribbage", "cubulus")]
    for limit in (1, 2, 4):
        seen: list[str] = []
        page = lobby(client, limit=limit)
        seen += ids(page)
        while page["next"]:
            page = lobby(client, limit=limit, cursor=page["next"])
            assert len(page["tables"]) <= limit
            seen += ids(page)
        assert seen == waiting[::-1] + running[::-1], limit
    assert ids(lobby(client, game="cribbage")) == [waiting[1]]


def test_a_lobby_line_says_what_the_tables_own_answer_says(client: TestClient) -> None:
    """The lobby reads its lines as plain rows (not ORM objects and models, for its cost): each must
    still be the table's line as ``GET /api/tables/{id}`` gives it — seats, bot levels, moves, result."""
    against_bot = create(client, "cubulus", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "hard"}])
    played, tokens = hot_seat(client)
    play_one(client, played, {"0": tokens})
    waiting = create(client, "cribbage", [{"kind": "human", "name": "Bo"}, {"kind": "human"}])
    ended = create(client, "cubulus", [{"kind": "human"}, {"kind": "human"}])
    abandoned = client.post(f"/api/tables/{ended['table']['id']}/abandon", headers=bearer(ended["creator_token"]))
    assert abandoned.status_code == 200, abandoned.text
    page = lobby(client, activity="all", status=["open", "playing", "abandoned"])
    lines = {line["id"]: line for line in page["tables"]}
    assert set(lines) == {against_bot["table"]["id"], played, waiting["table"]["id"], ended["table"]["id"]}
    for table, line in lines.items():
        own = client.get(f"/api/tables/{table}").json()
        # (a live table's time is its own, set a moment apart from the database's write of it)
        apart = datetime.fromisoformat(line.pop("active_at")) - datetime.fromisoformat(own.pop("active_at"))
        assert abs(apart) < timedelta(seconds=1)
        assert line == own
    assert [seat["level"] for seat in lines[against_bot["table"]["id"]]["seats"]] == [None, "hard"]
    assert lines[played]["moves"] >= 1 and lines[ended["table"]["id"]]["status"] == "abandoned"


def test_a_table_made_started_or_finished_here_shows_at_once_not_after_the_caches_lifetime(sqlite_url: str) -> None:
    """Pages kept a minute: a table Ann makes, Bob joins (it starts) and Ann resigns shows in a stranger's
    lobby each time, a fifth of a second later at most — the cache hears the table events — while the
    kept page is still answered in between (no read per request)."""
    with TestClient(create_app(settings_for_tests(sqlite_url, lobby_cache_seconds=60))) as ann:
        bob, stranger = from_address(ann, "127.0.0.2"), from_address(ann, "127.0.0.3")
        cache = ann.app.state.lobby  # type: ignore[attr-defined]

        def listed(**params: Any) -> dict[str, str]:
            time.sleep(REREAD_SECONDS)  # a page read a moment ago is answered a moment longer (coalesced)
            page = lobby(stranger, **params)
            return {line["id"]: line["status"] for line in page["tables"]}

        assert listed() == {}
        reads = cache.reads
        assert lobby(stranger)["tables"] == [] and cache.reads == reads  # kept: no event, no read
        made = create(ann, "cribbage", [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
        table = made["table"]["id"]
        assert listed() == {table: "open"}
        assert bob.post(f"/api/tables/{table}/join", json={"name": "Bob"}).status_code == 200
        assert listed() == {table: "playing"}
        assert listed(status="over") == {}
        resigned = ann.post(f"/api/tables/{table}/resign", headers=bearer(made["tokens"]["0"]))
        assert resigned.status_code == 200 and resigned.json()["status"] == "over", resigned.text
        assert listed() == {}
        assert listed(status="over") == {table: "over"}
        reads = cache.reads
        for _ in range(20):  # nothing changed since: the kept pages are answered, however often asked
            lobby(stranger)
        assert cache.reads == reads
