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

from tabletop.games.cribbage.kernel import CARD_VALUE, JACK, pattern_table

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


PAIRS: Final = np.array([0, 2, 6, 12], dtype=np.int64)
"""C11: the points of a pair, pair royal and double pair royal, by how many cards before the last match it."""


def pegging_points(latest: Ints, lengths: Ints, count: Ints) -> Ints:
    """What the last card of each row's series pegs (C10, C11): 15 or 31 for two, pairs 2/6/12, else
    the longest run among the last cards in any order. ``latest[r]`` holds the 0-based ranks of the
    cards played since the count was reset, the last first (only the first ``lengths[r]`` count);
    ``count[r]`` is the count after the last. Go and last card are the caller's (C9, C12).

    >>> pegging_points(np.array([[4, 5, 3]]), np.array([3]), np.array([15]))  # 4, 6, 5 played
    array([5])
    """
    if latest.shape[1] < 4:  # room to look three cards back for a double pair royal
        latest = np.pad(latest, ((0, 0), (0, 4 - latest.shape[1])))
    back = np.arange(latest.shape[1])
    inside = back < lengths[:, None]
    matching = inside[:, 1:4] & (latest[:, 1:4] == latest[:, :1])
    alike = np.logical_and.accumulate(matching, axis=1).sum(axis=1)  # the cards before the last of its rank
    points = PAIRS[alike] + 2 * ((count == 15) | (count == 31))
    # the last k cards' ranks as a set; k distinct consecutive ranks make a run of k (a pair ends every run)
    sets = np.bitwise_or.accumulate(np.int64(1) << latest, axis=1)
    runs = (inside & (RUNS[sets] == back + 1)) * np.where(back >= 2, back + 1, 0)
    total: Ints = points + np.where(alike > 0, 0, runs.max(axis=1))
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
