"""What one more learning environment holds (#41 item 9), measured with tracemalloc: the memory still
held by the 2nd…Nth environment, each made and reset, after the first has built what they share. The
benchmark (``learning_envs.py``) reports it and ``tests/interop/test_memory.py`` holds it to a budget:
one measure for both. Only the standard library, so a test can load it without the benchmarks' imports."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable
from typing import Any

MEMORY_ENVS = 8
"""Environments made after the first to measure what each holds."""


def kib_per_env(make: Callable[[], Any], count: int = MEMORY_ENVS) -> float:
    """KiB still held per environment by ``count`` more of them, each made and reset, beyond the first."""
    kept = [make()]
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept += [make() for _ in range(count)]
        gc.collect()
        return (tracemalloc.get_traced_memory()[0] - before) / count / 1024
    finally:
        tracemalloc.stop()
