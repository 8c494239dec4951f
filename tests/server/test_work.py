"""The expensive-work pool: bounded per client and overall, cached, one computation per answer
(server hardening issue, item 1)."""

from __future__ import annotations

import asyncio
import os
import threading
import time

import pytest

from tabletop.server.limits import LimitReached, Limits
from tabletop.server.work import SHARED_NICENESS, HeavyWork
from tests.server.live import run


def square(n: int) -> int:
    return n * n


def test_the_cache_is_bounded_and_computes_each_answer_once() -> None:
    calls: list[int] = []
    gate = threading.Event()

    def compute(n: int) -> dict[str, int]:
        gate.wait(5)
        calls.append(n)
        return {"n": n}

    async def scenario() -> None:
        work = HeavyWork(Limits(heavy_workers=0, heavy_per_client=8), size=2)
        try:
            waiting = [asyncio.ensure_future(work.run("a", f"client{k}", compute, 1)) for k in range(3)]
            await asyncio.sleep(0.05)
            gate.set()
            assert [await w for w in waiting] == [{"n": 1}] * 3 and calls == [1]  # shared while running
            await work.run("b", "c", compute, 2)
            await work.run("c", "c", compute, 3)
            assert len(work) == 2
            await work.run("a", "c", compute, 4)  # evicted: computed again
            assert calls == [1, 2, 3, 4]
        finally:
            work.close()

    run(scenario())


def test_a_client_over_its_share_gets_429_and_a_full_queue_503_both_with_retry_after() -> None:
    release = threading.Event()

    def slow(n: int) -> int:
        release.wait(5)
        return n

    async def scenario() -> None:
        work = HeavyWork(Limits(heavy_workers=0, heavy_per_client=2, heavy_queue=2))
        try:
            mine = [asyncio.ensure_future(work.run(("job", k), "greedy", slow, k)) for k in range(2)]
            await asyncio.sleep(0.05)
            with pytest.raises(LimitReached) as too_many:
                await work.run(("job", 2), "greedy", slow, 2)
            assert too_many.value.status == 429 and too_many.value.retry_after
            assert "at most 2" in str(too_many.value)
            other = asyncio.ensure_future(work.run(("job", 3), "other", slow, 3))
            await asyncio.sleep(0.05)
            with pytest.raises(LimitReached) as busy:  # capacity: 1 worker + 2 waiting
                await work.run(("job", 4), "third", slow, 4)
            assert busy.value.status == 503 and busy.value.retry_after
            shared = await asyncio.wait_for(asyncio.shield(asyncio.ensure_future(
                _after(release, work.run(("job", 3), "fourth", slow, 3)))), 5)
            assert shared == 3  # joining a running computation is never refused
            assert [await m for m in mine] == [0, 1] and await other == 3
            assert await work.run(("job", 2), "greedy", slow, 2) == 2  # its share is free again
        finally:
            work.close()

    run(scenario())


async def _after(event: threading.Event, coroutine: object) -> object:
    event.set()
    return await coroutine  # type: ignore[misc]


def test_jobs_run_in_worker_processes() -> None:
    async def scenario() -> list[int]:
        work = HeavyWork(Limits(heavy_workers=1))
        try:
            return list(await asyncio.gather(*(work.run(("sq", n), "c", square, n) for n in (2, 3))))
        finally:
            work.close()

    started = time.perf_counter()
    assert run(scenario()) == [4, 9]
    assert time.perf_counter() - started < 60


def test_workers_yield_the_cpu_to_the_tables_and_the_shared_lane_to_the_coach() -> None:
    """The worker processes run at a lower priority (``worker_niceness``): while they compute, the
    event loop serving every table's moves gets the cores first; the shared lane (odds, replays,
    blunders) lower still, so a player's coach gets them before it."""

    async def scenario() -> tuple[int, int]:
        work = HeavyWork(Limits(heavy_workers=1, worker_niceness=5))
        try:
            shared: int = await work.run("nice", "c", os.nice, 0)
            coach: int = await work.run("nice coach", "c", os.nice, 0, lane="coach")
            return shared, coach
        finally:
            work.close()

    assert run(scenario()) == (min(19, os.nice(0) + 5 + SHARED_NICENESS), min(19, os.nice(0) + 5))


def test_a_full_shared_lane_neither_refuses_nor_delays_the_coachs_lane() -> None:
    """#42 item 3: replays and blunder lists fill the shared lane (503 beyond it); the coach of a seat to
    move has workers and a queue of its own and is answered at once."""
    release = threading.Event()

    def slow(n: int) -> int:
        release.wait(10)
        return n

    async def scenario() -> None:
        work = HeavyWork(Limits(heavy_workers=0, heavy_per_client=2, heavy_queue=2))
        try:
            flood = [asyncio.ensure_future(work.run(("replay", k), f"stranger{k}", slow, k)) for k in range(3)]
            await asyncio.sleep(0.05)
            with pytest.raises(LimitReached) as busy:
                await work.run(("replay", 3), "stranger3", slow, 3)
            assert busy.value.status == 503
            advice = await asyncio.wait_for(work.run(("coach", 1), "player", square, 7, lane="coach"), 5)
            assert advice == 49 and not any(job.done() for job in flood)  # answered while the flood still waits
            release.set()
            assert [await job for job in flood] == [0, 1, 2]
        finally:
            release.set()
            work.close()

    run(scenario())
