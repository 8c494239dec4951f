"""Timing for benchmarks: medians of repeated runs, because shared machines are noisy."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(work: Callable[[], object], repeats: int = 5) -> float:
    """The median wall time of ``work()`` over ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
