"""Cribbage analysis timings for `make bench`: the score distribution, discard advice, scoring speed.

:func:`rows` returns (what, figure) pairs, each figure the median of several runs; ``benchmarks/run.py``
prints them. Run this file alone to see them without the rest of the benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

import numpy as np
from timing import median_seconds

from tabletop.core.cards import DECK, Card, parse_cards
from tabletop.games.cribbage import crib_tables
from tabletop.games.cribbage.analysis import (
    CribModel,
    discard_analysis,
    distribution_counts,
    fast_hand_total,
    hand_distribution,
    hand_totals,
)
from tabletop.games.cribbage.crib_tables import build_tables
from tabletop.games.cribbage.crib_tables import crib_tables as load_crib_tables
from tabletop.games.cribbage.scoring import score_hand

REPEATS = 7


def _median_seconds(work: Callable[[], object], repeats: int = REPEATS) -> float:
    """The median wall time of ``work()`` over this module's number of runs."""
    return median_seconds(work, repeats)


def _cold_distribution() -> None:
    """The hand distribution from nothing: the pattern tables are rebuilt too."""
    distribution_counts.cache_clear()
    crib_tables.pattern_table.cache_clear()
    crib_tables.pattern_bytes.cache_clear()
    hand_distribution(False)


def _warm_distribution() -> None:
    distribution_counts.cache_clear()
    hand_distribution(False)


def _analyse_all(hands: Sequence[Sequence[Card]], model: CribModel) -> None:
    for hand in hands:
        discard_analysis(hand, True, model)


def rows() -> list[tuple[str, str]]:
    """(what, figure) rows: distribution time, one discard analysis, scoring throughput."""
    rng = random.Random(7)
    found: list[tuple[str, str]] = []
    found.append(("cribbage hand distribution, cold (pattern tables built too)",
                  f"{_median_seconds(_cold_distribution) * 1000:.1f} ms"))
    found.append(("cribbage hand distribution, pattern tables built",
                  f"{_median_seconds(_warm_distribution) * 1000:.1f} ms"))
    found.append(("cribbage crib tables rebuild (182 exact expectations)",
                  f"{_median_seconds(build_tables) * 1000:.0f} ms"))
    load_crib_tables()
    six = parse_cards(["5H", "5C", "5S", "JD", "4C", "6D"])
    hands = [tuple(rng.sample(DECK, 6)) for _ in range(100)]
    models: tuple[CribModel, ...] = ("table", "exact")
    for model in models:
        one = _median_seconds(partial(discard_analysis, six, True, model), repeats=51)
        many = _median_seconds(partial(_analyse_all, hands, model))
        found.append((f"cribbage discard analysis, 6 cards, crib {model} (5H 5C 5S JD 4C 6D / random mean)",
                      f"{one * 1000:.2f} ms / {many * 10:.2f} ms"))
    deals = [tuple(rng.sample(DECK, 5)) for _ in range(20_000)]
    readable = _median_seconds(lambda: [score_hand(d[:4], d[4]).total for d in deals[:2_000]], repeats=3) / 2_000
    fast = _median_seconds(lambda: [fast_hand_total(d[:4], d[4]) for d in deals]) / len(deals)
    indices = np.array([[card.index for card in rng.sample(DECK, 5)] for _ in range(200_000)])
    vector = _median_seconds(lambda: hand_totals(indices[:, :4], indices[:, 4])) / len(indices)
    found.append(("cribbage hands scored per second: readable kernel / fast_hand_total / hand_totals (numpy)",
                  f"{1 / readable:,.0f} / {1 / fast:,.0f} / {1 / vector:,.0f}"))
    return found


if __name__ == "__main__":
    for what, figure in rows():
        print(f"{what}: {figure}")
