"""Cribbage analysis timings: the exact distribution of hand scores, discard advice, scoring speed.

The hand-score distribution (C20: how many of the 12,994,800 hand-and-starter deals score each total)
is computed exactly from 1,820 rank patterns and a precomputed pattern table
(``tabletop.games.cribbage.analysis.distribution_counts``); "cold" rebuilds that table too, as the first
request after a start does. Discard advice and hand scoring are what the expert bot and the web app's
analysis call on every deal. :func:`sections` returns one table, each figure a median of several runs;
run this file alone to see it without the rest of ``make bench``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

import numpy as np
from sections import Section, rate
from timing import Scale, median_seconds

from tabletop.core.cards import DECK, Card, parse_cards
from tabletop.games.cribbage import scoring, show
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

DEALS = 20_000
"""Deals scored by ``fast_hand_total`` a run (a tenth of that by the readable kernel, ten times by numpy)."""

HANDS = 100
"""Random six-card hands a discard-analysis run advises on."""


def _cold_distribution() -> None:
    """The hand distribution from nothing: the pattern tables are rebuilt too."""
    distribution_counts.cache_clear()
    show.pattern_table.cache_clear()
    scoring.pattern_bytes.cache_clear()
    hand_distribution(False)


def _warm_distribution() -> None:
    distribution_counts.cache_clear()
    hand_distribution(False)


def _analyse_all(hands: Sequence[Sequence[Card]], model: CribModel) -> None:
    for hand in hands:
        discard_analysis(hand, True, model)


def sections(scale: Scale) -> list[Section]:
    """The distribution time, one discard analysis, and scoring throughput."""
    runs = scale.runs
    rng = random.Random(7)
    found: list[tuple[str, str, str]] = [
        ("hand-score distribution, cold (pattern tables built too)",
         f"{median_seconds(_cold_distribution, runs) * 1000:.1f} ms", str(runs)),
        ("hand-score distribution, pattern tables built",
         f"{median_seconds(_warm_distribution, runs) * 1000:.1f} ms", str(runs)),
        ("crib tables rebuilt (182 exact expectations)", f"{median_seconds(build_tables, runs) * 1000:.0f} ms",
         str(runs)),
    ]
    load_crib_tables()
    six = parse_cards(["5H", "5C", "5S", "JD", "4C", "6D"])
    hands = [tuple(rng.sample(DECK, 6)) for _ in range(scale.of(HANDS))]
    models: tuple[CribModel, ...] = ("table", "exact")
    for model in models:
        one = median_seconds(partial(discard_analysis, six, True, model), max(runs, 1) * 10 + 1)
        many = median_seconds(partial(_analyse_all, hands, model), runs) / len(hands)
        found.append((f"discard analysis, crib {model}: 5H 5C 5S JD 4C 6D / mean of {len(hands)} random hands",
                      f"{one * 1000:.2f} ms / {many * 1000:.2f} ms", f"{max(runs, 1) * 10 + 1} / {runs}"))
    deals = [tuple(rng.sample(DECK, 5)) for _ in range(scale.of(DEALS))]
    few = deals[:scale.of(DEALS // 10)]
    readable = median_seconds(lambda: [score_hand(d[:4], d[4]).total for d in few], scale.at_most(3)) / len(few)
    fast = median_seconds(lambda: [fast_hand_total(d[:4], d[4]) for d in deals], runs) / len(deals)
    indices = np.array([[card.index for card in rng.sample(DECK, 5)] for _ in range(scale.of(DEALS * 10))])
    vector = median_seconds(lambda: hand_totals(indices[:, :4], indices[:, 4]), runs) / len(indices)
    found += [("hands scored/s, readable kernel (score_hand)", rate(1 / readable), str(scale.at_most(3))),
              ("hands scored/s, fast_hand_total", rate(1 / fast), str(runs)),
              ("hands scored/s, hand_totals (numpy, vectorised)", rate(1 / vector), str(runs))]
    return [Section("cribbage-analysis", "Cribbage analysis", ("measure", "median", "runs"), tuple(found),
                    "The exact hand-score distribution (C20) over 12,994,800 deals, time to compute it; discard "
                    "advice for one six-card hand (the crib from the shipped tables or computed exactly); hands "
                    "scored per second by each scorer. Medians of the runs shown.")]


if __name__ == "__main__":
    from rich.console import Console
    from sections import to_rich

    for section in sections(Scale()):
        Console().print(to_rich(section))
