"""Cribbage's points for many games at once: the pegging (C10, C11) and the show (C13) on arrays.

The batched kernel (:mod:`.batch`) pegs every game that played a card with one call here, and counts
every hand or crib being shown with another. Both are :mod:`.scoring`'s count form on rows instead of
tuples — :func:`.scoring.pegging_points` and :func:`.scoring.show_points` — built from the same tables
(:data:`.scoring.CARD_VALUE`, :func:`.scoring.pattern_table`); ``tests/games/cribbage/test_batch.py``
checks them against those functions on random series and hands, and the whole batch against the
scalar engine.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from tabletop.games.cribbage.scoring import CARD_VALUE, JACK, pattern_table

Ints = npt.NDArray[np.int64]

VALUE: Final = np.array(CARD_VALUE, dtype=np.int64)
"""A card's counting value (C4) by card index."""
RANK: Final = np.arange(52, dtype=np.int64) >> 2
"""A card's 0-based rank by card index (rank-major: four suits a rank)."""
SUIT: Final = np.arange(52, dtype=np.int64) & 3
"""A card's suit by card index."""


def _runs() -> Ints:
    """By a set of ranks as bits (``1 << rank``): how many, when they are consecutive, else 0."""
    sets = np.arange(1 << 13, dtype=np.int64)
    lowest = sets & -sets
    size = np.zeros(1 << 13, dtype=np.int64)
    for rank in range(13):
        size += sets >> rank & 1
    consecutive = (sets > 0) & ((sets + lowest) & sets == 0)  # one block of ones: adding its lowest bit clears it
    return np.where(consecutive, size, 0)


RUNS: Final = _runs()
"""A run (C11) is the last k cards all of different, consecutive ranks: their rank set's entry here is k."""


def pegging_points(series: Ints, lengths: Ints, count: Ints) -> Ints:
    """What the last card of each row's series pegs (C10, C11): 15 or 31 for two, pairs 2/6/12, else
    the longest run among the last cards in any order — ``series[r, :lengths[r]]`` are card indices
    played since the count was reset, ``count[r]`` the count after the last. Go and last card are
    the caller's (C9, C12).

    >>> pegging_points(np.array([[12, 20, 16]]), np.array([3]), np.array([15]))  # 4, 6, 5
    array([5])
    """
    if series.shape[1] < 4:  # room to look four cards back for a double pair royal
        series = np.pad(series, ((0, 0), (0, 4 - series.shape[1])))
    back = np.arange(series.shape[1])
    latest = RANK[np.take_along_axis(series, np.maximum(lengths[:, None] - 1 - back, 0), axis=1)]  # last card first
    inside = back < lengths[:, None]
    alike = inside & (latest == latest[:, :1])
    pair = alike[:, 1]
    royal = pair & alike[:, 2]
    double = royal & alike[:, 3]
    points = np.where(double, 12, np.where(royal, 6, np.where(pair, 2, 0)))
    points += 2 * ((count == 15) | (count == 31))
    # the last k cards' ranks as a set; k distinct consecutive ranks make a run of k (a pair ends every run)
    sets = np.bitwise_or.accumulate(np.int64(1) << latest, axis=1)
    runs = np.where(inside & (back >= 2) & (RUNS[sets] == back + 1), back + 1, 0).max(axis=1)
    total: Ints = points + np.where(pair, 0, runs)
    return total


def show_points(cards: Ints, starter: Ints, crib: npt.NDArray[np.bool_]) -> Ints:
    """The show (C13) of each row's four card indices with its starter: fifteens, pairs and runs by
    look-up in :func:`.scoring.pattern_table`, then a flush (four of a suit 4, not in the crib; five
    with the starter 5) and nobs (the jack of the starter's suit, 1).

    >>> show_points(np.array([[17, 18, 19, 40]]), np.array([16]), np.array([False]))  # 5♦ 5♥ 5♠ J♣, 5♣
    array([29])
    """
    ranks = RANK[cards]
    points = pattern_table(5)[ranks[:, 0], ranks[:, 1], ranks[:, 2], ranks[:, 3], RANK[starter]].astype(np.int64)
    suits, turned = SUIT[cards], SUIT[starter]
    four = (suits == suits[:, :1]).all(axis=1)
    points += np.where(four & (suits[:, 0] == turned), 5, np.where(four & ~crib, 4, 0))
    nobs = np.asarray((cards == (JACK * 4 + turned)[:, None]).any(axis=1))
    total: Ints = points + nobs
    return total


__all__ = ["RANK", "SUIT", "VALUE", "pegging_points", "show_points"]
