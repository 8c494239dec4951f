"""Bots in seats (server issue, part 4): searching bots decide in the worker pool, instant ones in-process."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

from tabletop.server.bots import BotRequest, LazyView, choose_here, decide, is_instant
from tabletop.server.hub import Connection, Hub
from tabletop.server.limits import Limits
from tabletop.server.messages import CreateTable
from tabletop.server.work import worker_processes
from tabletop.storage import Store
from tests.server.live import run


class RefusingPool(Executor):
    """A worker pool that must not be used: an instant bot has no reason to leave the process."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise AssertionError(f"{getattr(fn, '__name__', fn)} was sent to the worker pool")


class CountingPool(Executor):
    """A pool that runs work at once, counting it (a real pool of processes is tested in test_api)."""

    def __init__(self) -> None:
        self.jobs = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.jobs += 1
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.mark.parametrize(("bot", "instant"), [("random", True), ("first", True), ("normal", False),
                                              ("mcts", False)])
def test_only_bots_that_do_not_search_are_instant(bot: str, instant: bool) -> None:
    assert is_instant("cubulus", "{}", bot) is instant


def test_a_bot_decides_from_its_request_alone_and_the_same_seed_gives_the_same_move() -> None:
    request = BotRequest("beetle", '{"players": 2}', "random", 0, {}, ("roll",), (), "seed")
    assert decide(request) == "roll"
    legal = ("insert L001", "insert L010", "shift U102")
    many = BotRequest("cubulus", "{}", "random", 0, {}, legal, (), "s")
    assert decide(many) == decide(many) in legal


def play(sqlite_url: str, bot: str, pool: Executor, renew: Callable[[], Executor] | None = None,
         seconds: float = 6) -> dict[str, Any]:
    """A table of two ``bot`` bots played to the end by a hub with ``pool``; its lobby line."""

    async def main() -> dict[str, Any]:
        hub = Hub(Store(sqlite_url), bots=pool, limits=Limits(bot_table_move_seconds=0),  # no watching pace
                  renew_bots=renew)
        await hub.start()
        try:
            table, _, _ = await hub.seating.create(CreateTable(game="cubulus", seats=[{"kind": "bot", "bot": bot}] * 2,
                                                    seed=3))
            for _ in range(int(seconds * 100)):
                if table.status == "over":
                    break
                await asyncio.sleep(0.01)
            return hub.info(table).model_dump()
        finally:
            await hub.stop()

    return run(main())


def test_instant_bots_play_a_whole_game_without_the_worker_pool(sqlite_url: str) -> None:
    info = play(sqlite_url, "random", RefusingPool())
    assert info["status"] == "over" and info["result"]["winner"] is not None


def test_searching_bots_decide_in_the_worker_pool(sqlite_url: str) -> None:
    pool = CountingPool()
    info = play(sqlite_url, "easy", pool)
    assert info["status"] == "over"
    assert pool.jobs >= info["moves"] // 3  # every bot move (chance draws and set-up aside) went there


def test_a_dead_bot_worker_is_replaced_and_its_tables_play_on(sqlite_url: str) -> None:
    """A bot worker killed (the kernel's out-of-memory killer, a crash) breaks its whole process pool:
    every later decision would fail, and every bot table would wait forever. The hub starts a new
    pool and tries the decision again."""
    started: list[Executor] = []

    def workers() -> Executor:
        started.append(worker_processes(1, "tabletop.server.bots", 0))
        return started[-1]

    pool = workers()
    os.kill(pool.submit(os.getpid).result(), signal.SIGKILL)  # the pool is broken from here on
    try:
        info = play(sqlite_url, "easy", pool, renew=workers, seconds=60)
    finally:
        for each in started:
            each.shutdown(cancel_futures=True)
    assert info["status"] == "over" and info["result"]["winner"] is not None
    assert len(started) == 2  # one new pool, however many decisions found the old one broken


def test_against_an_instant_bot_a_persons_move_and_the_bots_reply_come_in_one_update(sqlite_url: str) -> None:
    """An instant bot decides inside the move that gave it the turn: the person's socket gets one update
    carrying both (not one for the person's move and another a moment later for the reply)."""

    async def main() -> list[dict[str, Any]]:
        hub = Hub(Store(sqlite_url), bots=RefusingPool())
        await hub.start()
        updates: list[dict[str, Any]] = []
        answers: list[dict[str, Any]] = []  #: the update each of Ann's moves brought

        async def send(message: dict[str, Any]) -> None:
            updates.append(message)

        try:
            table, _, _ = await hub.seating.create(CreateTable(
                game="cubulus", seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}], seed=5))
            table_id = table.row.id
            await hub.seating.connect(table_id, Connection(send, [0]))
            for _ in range(20):  # Cubulus's set-up first: each seat places several balls in turn
                live = hub.registry[table_id]
                if live.seat_to_move() != 0:  # (the game is over)
                    break
                before = len(updates)
                await hub.moves.submit(table_id, 0, live.legal_for(0)[0], live.moves)
                assert len(updates) == before + 1
                answers.append(updates[-1])
            return answers
        finally:
            await hub.stop()

    replies = run(main())
    for update in replies:  # each shows Ann's move, any reply of the bot's, and Ann to move again (or the end)
        assert update["log"][0]["seat"] == 0 and (update["to_move"] == 0 or update["status"] == "over")
    assert any(line["seat"] == 1 for update in replies for line in update["log"])


def test_an_instant_bot_that_does_not_look_at_the_view_never_costs_one() -> None:
    made: list[int] = []

    def view() -> dict[str, Any]:
        made.append(1)
        return {"board": "…"}

    legal = ("insert L001", "insert L010")
    lazy = LazyView(view)
    assert choose_here("cubulus", "{}", "random", 0, lazy, legal, (), "s") in legal
    assert made == []
    assert dict(lazy) == {"board": "…"} and lazy["board"] == "…" and len(lazy) == 1
    assert made == [1]  # made once, when first read
