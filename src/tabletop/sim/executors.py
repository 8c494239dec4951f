"""Where games run: this process, every local core (a process pool) or a Ray cluster.

An executor takes :class:`~tabletop.sim.jobs.GameJob` values and yields their results as they
finish (for a progress bar); :func:`run_jobs` puts them back in job order. Because a job's result
depends only on the job (its seed included), the backend changes how fast a batch runs, never what
it produces. Ray is an optional extra (``pip install 'tabletop[ray]'``) imported only when asked for.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any, Protocol

from tabletop.core.extras import require
from tabletop.sim.jobs import GameJob, GameResult, run_job

BACKENDS = ("local", "ray")


class Executor(Protocol):
    """Runs game jobs somewhere and yields each result when it is done (in any order)."""

    def results(self, jobs: Sequence[GameJob]) -> Iterator[GameResult]:
        """Every job's result, as each finishes."""
        ...


class LocalExecutor:
    """Runs games on this machine: in this process with one worker, else in a pool of processes.

    ``workers`` defaults to every core. Jobs go to the pool a window at a time so that a long batch
    neither floods memory with futures nor waits for the slowest chunk.
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else workers
        if self.workers < 1:
            raise ValueError(f"--workers must be at least 1, not {self.workers}")

    def results(self, jobs: Sequence[GameJob]) -> Iterator[GameResult]:
        if self.workers == 1 or len(jobs) <= 1:
            yield from map(run_job, jobs)
            return
        context = multiprocessing.get_context("forkserver")  # no fork of a threaded parent (progress bars)
        context.set_forkserver_preload(["tabletop.sim.jobs"])
        with ProcessPoolExecutor(max_workers=min(self.workers, len(jobs)), mp_context=context) as pool:
            pending = iter(jobs)
            running = {pool.submit(run_job, job) for job in _take(pending, 4 * self.workers)}
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
                running |= {pool.submit(run_job, job) for job in _take(pending, len(done))}


class RayExecutor:
    """Runs games as Ray tasks: on a cluster at ``address`` (``ray://host:10001`` or ``auto``), or on
    a local Ray runtime started for the run when no address is given.
    """

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        require("ray", extra="ray", purpose="the ray backend")
        import ray
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            options: dict[str, Any] = {"address": address, "include_dashboard": False,
                                       "log_to_driver": False, "configure_logging": False}
            if address is None and workers:
                options["num_cpus"] = workers
            ray.init(**options)

    def results(self, jobs: Sequence[GameJob]) -> Iterator[GameResult]:
        ray = self._ray
        task = ray.remote(run_job)
        running = [task.remote(job) for job in jobs]
        try:
            while running:
                done, running = ray.wait(running, num_returns=1)
                for ref in done:
                    yield ray.get(ref)
        finally:
            if self._started:
                ray.shutdown()


def make_executor(backend: str = "local", workers: int | None = None, address: str | None = None) -> Executor:
    """The executor for ``backend`` (``local`` or ``ray``); raises ValueError naming the backends."""
    if backend == "local":
        if address is not None:
            raise ValueError("--address is for the ray backend")
        return LocalExecutor(workers)
    if backend == "ray":
        return RayExecutor(address, workers)
    raise ValueError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")


def run_jobs(jobs: Sequence[GameJob], executor: Executor | None = None,
             on_result: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Every job's result in job order; ``on_result`` sees each as it arrives (a progress bar)."""
    results: list[GameResult] = []
    for result in (executor or LocalExecutor(1)).results(jobs):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return sorted(results, key=lambda result: result.index)


def _take(iterator: Iterator[GameJob], count: int) -> list[GameJob]:
    return [job for _, job in zip(range(count), iterator, strict=False)]
