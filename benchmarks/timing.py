"""Timing for benchmarks: medians of repeated runs (shared machines are noisy), latency percentiles,
the machine's yardstick, and the scale of a run (runs per figure, work per run).

Every section of ``make bench`` measures with these helpers, so that "median of N runs" means the
same thing everywhere and a tiny run (``--runs 1 --work 0.01``, as the tests use) exercises exactly
the code of a full one.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

import numpy as np


@dataclass(frozen=True, slots=True)
class Scale:
    """How big a benchmark run is: ``runs`` per figure (their median is reported) and ``work``, the
    fraction of each section's default amount of work (games, throws, decisions) done in one run."""

    runs: int = 5
    work: float = 1.0

    def of(self, amount: int) -> int:
        """``amount`` scaled by :attr:`work`, at least 1.

        >>> Scale(work=0.01).of(200), Scale().of(200)
        (2, 200)
        """
        return max(1, round(amount * self.work))

    def at_most(self, runs: int) -> int:
        """Runs for a slow figure: :attr:`runs`, but no more than ``runs``."""
        return max(1, min(self.runs, runs))


FULL = Scale()
"""What ``make bench`` runs."""

QUICK = Scale(runs=3, work=0.2)
"""``--quick``: a fifth of the work, three runs a figure: the same tables in a fraction of the time."""


def median_seconds(work: Callable[[], object], repeats: int = 5) -> float:
    """The median wall time of ``work()`` over ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_rate(batch: Callable[[], int], count: int, repeats: int = 5) -> tuple[float, float]:
    """Median ``count``/s and returned-units/s of ``batch()``, which does ``count`` things (games, say)
    and returns how many smaller units (actions) they took."""
    counts: list[float] = []
    units: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        done = batch()
        seconds = time.perf_counter() - start
        counts.append(count / seconds)
        units.append(done / seconds)
    return statistics.median(counts), statistics.median(units)


def percentiles_ms(seconds: Sequence[float]) -> tuple[float, float, float]:
    """p50, p95 and the maximum of ``seconds``, in milliseconds (zeros when there are none)."""
    if not seconds:
        return 0.0, 0.0, 0.0
    ms = np.asarray(seconds) * 1e3
    p50, p95 = np.percentile(ms, [50, 95])
    return float(p50), float(p95), float(ms.max())


@cache
def reference_seconds(repeats: int = 5) -> float:
    """Seconds for one million draws from a seeded generator: the machine's yardstick, timed once a run."""
    rng = random.Random(0)
    return median_seconds(lambda: [rng.random() for _ in range(1_000_000)], repeats)


@contextmanager
def one_core() -> Iterator[None]:
    """Run the block on one core, as a live server's worker would; the affinity is restored after."""
    if not hasattr(os, "sched_setaffinity"):
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(before)})
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)
