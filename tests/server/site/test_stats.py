"""Statistics through the server (issue 46 item 4): a finished game's statistics computed once, after it ends, in
the expensive-work pool, stored per (table, account) and shown on the profile and by
``GET /api/players/{name}/stats/{game}`` — on SQLite and PostgreSQL; a table handed twice counts once; the reads'
limit and refusals."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.core import Record
from tabletop.server import create_app
from tabletop.storage.stats import Analysed
from tests.server.live import run, settings_for_tests
from tests.server.site.accounts import new_account


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for_tests(database_url))) as test_client:
        yield test_client


def wait_for(check: Any, what: str, seconds: float = 20) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)
    return found


def stats_of(client: TestClient, username: str, game: str, games: int) -> dict[str, Any]:
    """The profile's statistics of ``game`` once they count ``games`` (the analysis runs after the table ends)."""
    def found() -> dict[str, Any] | None:
        part = client.get(f"/api/players/{username}").json().get("stats", {}).get(game)
        return part if part is not None and part["games"] >= games else None

    return wait_for(found, f"{username}'s {game} statistics counting {games} games")  # type: ignore[no-any-return]


def discard_then_resign(device: TestClient, csrf: dict[str, str]) -> tuple[str, str]:
    """A cribbage table against the bot: the account's seat discards (C5: the first throw it is offered) and
    resigns; the table's id and the throw."""
    made = device.post("/api/tables", json={"game": "cribbage", "seed": 7,
                                            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]}, headers=csrf)
    assert made.status_code == 201, made.text
    table, token = made.json()["table"]["id"], made.json()["tokens"]["0"]
    bearer = {**csrf, "Authorization": f"Bearer {token}"}

    def discarding() -> dict[str, Any] | None:
        state = device.get(f"/api/tables/{table}/state", headers=bearer).json()
        return state if state["to_move"] == 0 and state["legal"] else None

    state = wait_for(discarding, "seat 1's discard")
    throw = next(action for action in state["legal"] if action.startswith("discard"))
    acted = device.post(f"/api/tables/{table}/act", json={"token": token, "action": throw, "move": state["move"]},
                         headers=csrf)
    assert acted.status_code == 200, acted.text
    resigned = device.post(f"/api/tables/{table}/resign", headers=bearer)
    assert resigned.status_code == 200, resigned.text
    return table, throw


def test_a_finished_game_reaches_the_profile_and_the_series_once(client: TestClient) -> None:
    """Issue 46 item 4: a cribbage game resigned after one discard: its discard is rated against the exact best
    throw (the loss the game's own analysis gives for the record, C5), no deal is counted (none reached its show,
    C13), the profile shows the figures and the discard's loss as the first point of the series over time, and the
    table handed to the consumer again — or stored again by a second process — counts once."""
    ann, csrf = new_account(client, "Stats1", "10.47.0.1")
    table, throw = discard_then_resign(ann, csrf)
    part = stats_of(client, "Stats1", "cribbage", 1)
    record = Record.from_data(client.get(f"/api/tables/{table}/record").json())
    assert throw in record.actions
    expected = tabletop.load("cribbage", **record.options).seat_statistics(record, 0)
    assert expected is not None and expected.totals["discards"] == 1
    loss = expected.totals["discard_points_lost"]
    assert part["games"] == 1 and part["incomplete"] == 0
    assert part["figures"]["discards"] == 1 and part["figures"]["discard_loss"] == pytest.approx(loss, abs=1e-6)
    assert part["figures"]["hand_as_pone"] is None and part["figures"]["deals_as_dealer"] == 0  # no deal shown
    assert part["series"]["discard_loss"] == [pytest.approx(loss, abs=1e-6)]
    series = client.get("/api/players/stats1/stats/cribbage").json()
    assert [(point["table"], point["complete"]) for point in series["history"]] == [(table, True)]
    assert series["history"][0]["figures"]["discard_loss"] == pytest.approx(loss, abs=1e-6)
    # handed again (a crash between the queue's write and the consumer's mark): nothing is queued, nothing moves
    stats, portal = client.app.state.stats, client.portal  # type: ignore[attr-defined]
    event = portal.call(_finished_again, client, table)  # type: ignore[union-attr]
    portal.call(stats.finished, event)  # type: ignore[union-attr]
    assert portal.call(stats.db, stats.store.queued) == 0  # type: ignore[union-attr]
    # a second process that analysed it too stores nothing
    again = Analysed(event.seats[0].account, 0, expected.totals)
    assert not portal.call(stats.db, stats.store.store, table, "cribbage", _now(), [again])  # type: ignore[union-attr]
    assert stats_of(client, "Stats1", "cribbage", 1)["games"] == 1


async def _finished_again(client: TestClient, table: str) -> Any:
    from tabletop.server.table_events import finished

    hub = client.app.state.hub  # type: ignore[attr-defined]
    return finished(await hub.registry.load(table))


def _now() -> Any:
    from tabletop.storage.models import now

    return now()


def test_an_analysis_over_its_budget_says_so_and_reads_are_limited(sqlite_url: str) -> None:
    """Bounded CPU per game: with no time at all, the discard is not rated and the game counts as analysed only in
    part (``incomplete``), its other figures kept. ``stats_reads_per_minute`` per client; a game that keeps none
    (Beetle, B13) and a player there is not are refused with their codes."""
    with TestClient(create_app(settings_for_tests(sqlite_url, stats_reads_per_minute=3))) as client:
        client.app.state.stats.seconds = 0.0  # type: ignore[attr-defined]
        ann, csrf = new_account(client, "Stats2", "10.47.0.2")
        assert client.get("/api/players/Stats2").json()["stats"] == {}
        discard_then_resign(ann, csrf)
        part = stats_of(client, "Stats2", "cribbage", 1)
        assert part["incomplete"] == 1 and part["figures"]["discards"] == 0 and part["figures"]["discard_loss"] is None
        assert part["series"]["discard_loss"] == []
        beetle = client.get("/api/players/Stats2/stats/beetle")
        assert beetle.status_code == 404 and beetle.json()["code"] == "no_stats"
        assert "cribbage" in beetle.json()["params"]["games"] and "beetle" not in beetle.json()["params"]["games"]
        assert client.get("/api/players/nobody_here/stats/cribbage").json()["code"] == "no_player"
        empty = client.get("/api/players/Stats2/stats/kubik").json()
        assert empty["games"] == 0 and empty["history"] == [] and empty["figures"]["policy_loss"] is None
        assert client.get("/api/players/Stats2/stats/cubulus").status_code == 200
        assert client.get("/api/players/Stats2/stats/cribbage").json()["incomplete"] == 1
        refused = client.get("/api/players/Stats2/stats/cubulus")
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_stats_reads"


def test_a_failing_analysis_is_tried_again_then_given_up_and_a_full_pool_is_waited_for(sqlite_url: str) -> None:
    """The queue survives what goes wrong: a job that fails is released and tried again, given up after its tries;
    a pool that is full (another user's jobs) is waited for, never a reason to lose the game."""

    from tabletop.server.limits import LimitReached
    from tabletop.server.site.stats.feature import TRIES, Stats
    from tabletop.storage import Store
    from tabletop.storage.accounts import AccountStore
    from tabletop.storage.stats import StatsStore

    store = Store(sqlite_url)
    queue = StatsStore(store)
    ann = AccountStore(store).create("Ann", "ann", "$argon2id$...", ["abcde-12345"]).id
    answers: list[Any] = [RuntimeError("a worker died"), LimitReached("busy", "server_busy", 0.01, 503),
                          {"0": {"totals": {"discards": 1.0}, "complete": True}}]

    async def heavy(*_: Any, **__: Any) -> Any:
        answer = answers.pop(0) if answers else RuntimeError("always")
        if isinstance(answer, Exception):
            raise answer
        return answer

    async def db(call: Any, *args: Any) -> Any:
        return call(*args)

    async def scenario() -> None:
        stats = Stats(queue, db, None, heavy)  # type: ignore[arg-type]
        record = '{"game": "cribbage", "options": {}, "actions": []}'
        queue.enqueue("a" * 12, "cribbage", record, {ann: 0})
        [first] = queue.claim()
        assert not await stats.analyse(first) and queue.queued() == 1  # failed: released, still queued
        [second] = queue.claim()
        assert second.tries == 2 and await stats.analyse(second)  # the pool full once, then stored
        assert queue.queued() == 0 and queue.stored("a" * 12) and queue.totals_of(ann)[0].totals == {"discards": 1}
        queue.enqueue("b" * 12, "cribbage", record, {ann: 0})
        for _ in range(TRIES):
            [again] = queue.claim()
            assert not await stats.analyse(again)
        assert queue.queued() == 0 and not queue.stored("b" * 12)  # given up after its tries (logged)

    run(scenario())  # (in a thread of its own: this worker may hold a browser test's event loop)
    store.close()
