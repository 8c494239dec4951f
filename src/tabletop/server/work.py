"""Expensive answers — odds, replays, motions, coach advice — computed where they cannot stall a table.

Any anonymous client may ask for a Beetle table's odds, a finished game's replay at any move or a
Kubik throw's re-run simulation; each costs milliseconds to a second of CPU. Run on the event loop
(or on the thread pool the database calls use) a handful of such requests would freeze every
table of the process. So they run here: in small pools of worker *processes* (the CPU work never
holds the server's GIL), with a bound on jobs waiting overall (503 beyond it) and per client (429),
both with ``Retry-After``; answers are kept in an LRU by what they are about (table, kind, move and
the record up to it), and concurrent requests for the same answer share one computation.

There are two *lanes*, each with its own workers, queue and bounds: ``coach`` for the advice of a
seat to move — asked only by the player holding that seat, who waits for it at the table — and
``shared`` for everything any client may ask (odds, replays, motions, blunder lists). However many
clients flood the shared lane, a coach's job never waits behind theirs, and its workers run
:data:`SHARED_NICENESS` higher in priority than the shared lane's, so they get the cores first too.

A job is plain data — game name, options, the record's actions, a move — and a top-level function
of :mod:`tabletop.server.jobs`, so it pickles to any worker.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Literal

from tabletop.server.limits import LimitReached, Limits

CACHE_SIZE = 512
"""Answers kept per server process (a Kubik throw's motion is about 20 kB, odds a few numbers)."""
SHARED_NICENESS = 5
"""How much lower the shared lane's workers run than ``worker_niceness`` (the coach's and the bots'): a
replay or a blunder list can wait; a player at the table is waiting for the coach."""

Lane = Literal["shared", "coach"]
"""Which workers a job runs on: ``coach`` for the seat to move's advice, ``shared`` for the rest."""


def worker_processes(count: int, preload: str, niceness: int) -> ProcessPoolExecutor:
    """``count`` worker processes that start with ``preload`` imported, ``niceness`` lower in CPU
    priority than this process: what they compute (bots, odds, replays, motions) can wait a few
    milliseconds, the moves of every table served by this process's event loop cannot.

    They start from a clean forkserver: the threaded server process itself is never forked.
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([preload])
    return ProcessPoolExecutor(count, mp_context=context, initializer=os.nice, initargs=(niceness,))


@dataclass
class _Lane:
    """One lane's workers, how many jobs it may hold (running and waiting) and whose they are."""

    executor: Executor
    capacity: int
    jobs: int = 0  #: started and not yet settled
    clients: Counter[str] = field(default_factory=Counter)  #: requests waiting on its jobs, per client


class HeavyWork:
    """The bounded pools of expensive jobs (a lane each), with their answer cache."""

    def __init__(self, limits: Limits, size: int = CACHE_SIZE) -> None:
        self.limits = limits
        self.size = size
        workers, niceness = limits.heavy_workers, limits.worker_niceness
        self._lanes: dict[Lane, _Lane] = {
            "shared": _Lane(self._pool(workers, niceness + SHARED_NICENESS, 2), max(1, workers) + limits.heavy_queue),
            "coach": _Lane(self._pool(limits.coach_workers, niceness, 1), limits.coach_workers + limits.heavy_queue),
        }
        self._done: OrderedDict[Hashable, Any] = OrderedDict()
        self._replies: OrderedDict[Hashable, tuple[int, bytes]] = OrderedDict()
        self._running: dict[Hashable, asyncio.Future[Any]] = {}

    def _pool(self, count: int, niceness: int, threads: int) -> Executor:
        if self.limits.heavy_workers > 0:
            return worker_processes(count, "tabletop.server.jobs", niceness)
        return ThreadPoolExecutor(threads, thread_name_prefix="tabletop-heavy")  # tests: the same bounds, in threads

    def __len__(self) -> int:
        return len(self._done)

    async def warm(self) -> None:
        """Start the workers now, so the first answer does not wait for a process to start."""
        await asyncio.gather(*(asyncio.wrap_future(lane.executor.submit(int)) for lane in self._lanes.values()))

    def close(self) -> None:
        """Stop the workers (jobs still waiting are dropped)."""
        for lane in self._lanes.values():
            lane.executor.shutdown(wait=False, cancel_futures=True)

    async def run(self, key: Hashable, client: str, job: Callable[..., Any], *args: Any,
                  lane: Lane = "shared", keep: bool = True) -> Any:
        """The answer for ``key``: cached, shared with a running computation, or ``job(*args)``
        computed in a worker of ``lane`` (and cached, unless ``keep`` is False: its caller keeps it).

        Raises:
            LimitReached: 429 when ``client`` already has ``heavy_per_client`` jobs going in the lane,
                503 when the lane holds ``heavy_queue`` jobs beyond its workers; both with seconds to wait.
        """
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        chosen = self._lanes[lane]
        running = self._running.get(key)
        if running is None:
            if chosen.clients[client] >= self.limits.heavy_per_client:
                raise LimitReached(f"too many expensive requests at once: at most {self.limits.heavy_per_client} "
                                   "from one client (odds, replays, motions, coach); wait for an answer first",
                                   "too_many_heavy", 1.0, limit=self.limits.heavy_per_client)
            if chosen.jobs >= chosen.capacity:
                raise LimitReached("the server is busy computing other answers; try again shortly", "server_busy",
                                   2.0, 503)
            loop = asyncio.get_running_loop()
            running = asyncio.ensure_future(loop.run_in_executor(chosen.executor, job, *args))
            self._running[key] = running
            chosen.jobs += 1
            running.add_done_callback(lambda done: self._settle(key, chosen, done, keep))
        chosen.clients[client] += 1
        try:
            return await asyncio.shield(running)  # a client that goes away does not stop the others' answer
        finally:
            chosen.clients[client] -= 1
            if chosen.clients[client] <= 0:
                del chosen.clients[client]

    def reply(self, key: Hashable) -> tuple[int, bytes] | None:
        """The HTTP answer already encoded for ``key`` (status, JSON body): a repeated request costs a
        look-up, not a serialisation of a 20 kB motion."""
        reply = self._replies.get(key)
        if reply is not None:
            self._replies.move_to_end(key)
        return reply

    def keep_reply(self, key: Hashable, status: int, body: bytes) -> tuple[int, bytes]:
        """Remember the encoded answer for ``key`` (as many as answers are kept)."""
        self._replies[key] = (status, body)
        while len(self._replies) > self.size:
            self._replies.popitem(last=False)
        return status, body

    def _settle(self, key: Hashable, lane: _Lane, done: asyncio.Future[Any], keep: bool) -> None:
        self._running.pop(key, None)
        lane.jobs -= 1
        if not keep or done.cancelled() or done.exception() is not None:
            return
        self._done[key] = done.result()
        while len(self._done) > self.size:
            self._done.popitem(last=False)
