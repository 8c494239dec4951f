"""Expensive answers — odds, replays, motions — computed where they cannot stall a table.

Any anonymous client may ask for a Beetle table's odds, a finished game's replay at any move or a
Kubik throw's re-run simulation; each costs milliseconds to a second of CPU. Run on the event loop
(or on the thread pool the database calls use) a handful of such requests would freeze every
table of the process. So they run here: in a small pool of worker *processes* (the CPU work never
holds the server's GIL), with a bound on jobs waiting overall (503 beyond it) and per client (429),
both with ``Retry-After``; answers are kept in an LRU by what they are about (table, kind, move and
the record up to it), and concurrent requests for the same answer share one computation.

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
from typing import Any

from tabletop.server.limits import LimitReached, Limits

CACHE_SIZE = 512
"""Answers kept per server process (a Kubik throw's motion is about 20 kB, odds a few numbers)."""


def worker_processes(count: int, preload: str, niceness: int) -> ProcessPoolExecutor:
    """``count`` worker processes that start with ``preload`` imported, ``niceness`` lower in CPU
    priority than this process: what they compute (bots, odds, replays, motions) can wait a few
    milliseconds, the moves of every table served by this process's event loop cannot.

    They start from a clean forkserver: the threaded server process itself is never forked.
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([preload])
    return ProcessPoolExecutor(count, mp_context=context, initializer=os.nice, initargs=(niceness,))


class HeavyWork:
    """The bounded pool of expensive jobs, with its answer cache."""

    def __init__(self, limits: Limits, size: int = CACHE_SIZE) -> None:
        self.limits = limits
        self.size = size
        self._executor: Executor
        if limits.heavy_workers > 0:
            self._executor = worker_processes(limits.heavy_workers, "tabletop.server.jobs", limits.worker_niceness)
        else:  # tests: the same bounds, computed in threads
            self._executor = ThreadPoolExecutor(2, thread_name_prefix="tabletop-heavy")
        self._capacity = max(1, limits.heavy_workers) + limits.heavy_queue
        self._done: OrderedDict[Hashable, Any] = OrderedDict()
        self._replies: OrderedDict[Hashable, tuple[int, bytes]] = OrderedDict()
        self._running: dict[Hashable, asyncio.Future[Any]] = {}
        self._clients: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self._done)

    async def warm(self) -> None:
        """Start the workers now, so the first answer does not wait for a process to start."""
        await asyncio.wrap_future(self._executor.submit(int))

    def close(self) -> None:
        """Stop the workers (jobs still waiting are dropped)."""
        self._executor.shutdown(wait=False, cancel_futures=True)

    async def run(self, key: Hashable, client: str, job: Callable[..., Any], *args: Any) -> Any:
        """The answer for ``key``: cached, shared with a running computation, or ``job(*args)``
        computed in a worker.

        Raises:
            LimitReached: 429 when ``client`` already has ``heavy_per_client`` jobs going, 503 when
                ``heavy_queue`` jobs are waiting; both with seconds to wait.
        """
        if key in self._done:
            self._done.move_to_end(key)
            return self._done[key]
        running = self._running.get(key)
        if running is None:
            if self._clients[client] >= self.limits.heavy_per_client:
                raise LimitReached(f"too many expensive requests at once: at most {self.limits.heavy_per_client} "
                                   "from one client (odds, replays, motions); wait for an answer first",
                                   "too_many_heavy", 1.0, limit=self.limits.heavy_per_client)
            if len(self._running) >= self._capacity:
                raise LimitReached("the server is busy computing other answers; try again shortly", "server_busy",
                                   2.0, 503)
            loop = asyncio.get_running_loop()
            running = asyncio.ensure_future(loop.run_in_executor(self._executor, job, *args))
            self._running[key] = running
            running.add_done_callback(lambda done: self._settle(key, done))
        self._clients[client] += 1
        try:
            return await asyncio.shield(running)  # a client that goes away does not stop the others' answer
        finally:
            self._clients[client] -= 1
            if self._clients[client] <= 0:
                del self._clients[client]

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

    def _settle(self, key: Hashable, done: asyncio.Future[Any]) -> None:
        self._running.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        self._done[key] = done.result()
        while len(self._done) > self.size:
            self._done.popitem(last=False)
