"""The show in the cribbage kernel (C13): each hand counted from the dealer's left, the dealer's last, then the
crib, a count declared short offered to muggins (C17), and the deal passed left; and the show's points on card
indices as the kernel and every fast path after it (the bots, the analyses, :mod:`.scoring`) reckon them:
:func:`show_points`, one look-up in a table of fifteens, pairs and runs by rank pattern (:func:`pattern_table`,
built once with NumPy by :func:`tables`), plus flush and nobs (:func:`suit_points`). The tables are the one
thing the kernel reads that is built at run time, which is why :func:`.kernel.start` builds them before it
compiles.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any

from tabletop.core.compiling import COMPILING, kernel
from tabletop.games.cribbage.dealing import new_hand
from tabletop.games.cribbage.layout import (
    CRIB,
    DEALER,
    DEALS_IN_TURN,
    FOR_CRIB,
    FOR_HAND,
    JACK,
    KEPT,
    NOT_DECLARED,
    NOT_ITEMISED,
    PLAYERS,
    SHOW,
    SHOW_STEP,
    STARTER_CARD,
    TO_MOVE,
    TOLD_COUNTS,
    TOLD_DEALER,
    WHAT_CRIB,
    WHAT_HAND,
    Position,
    tell,
)
from tabletop.games.cribbage.pegboard import offer_muggins, peg

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


@kernel
def count(p: Position, declared: int) -> None:
    """C13: hands are counted from the dealer's left, the dealer last, then the crib (C14 applies)."""
    n, dealer, starter = p[PLAYERS], p[DEALER], p[STARTER_CARD]
    if p[SHOW_STEP] < n:
        seat = (dealer + 1 + p[SHOW_STEP]) % n
        what, why, crib, cards = WHAT_HAND, FOR_HAND, 0, KEPT + 4 * seat
    else:
        seat, what, why, crib, cards = dealer, WHAT_CRIB, FOR_CRIB, 1, CRIB
    total = show_points(p[cards], p[cards + 1], p[cards + 2], p[cards + 3], starter, crib)
    at = tell(p, TOLD_COUNTS, 8)
    p[at], p[at + 1], p[at + 2], p[at + 3] = seat, what, declared, starter
    for i in range(4):
        p[at + 4 + i] = p[cards + i]
    if declared == NOT_DECLARED:  # the count is made for the player: itemised (C17 hides a declared one's)
        if peg(p, seat, total, why, cards):
            return
    else:
        if peg(p, seat, min(declared, total), why, NOT_ITEMISED):
            return
        if declared < total:
            offer_muggins(p, seat, total, declared, SHOW, what)
            return
    next_count(p)


@kernel
def next_count(p: Position) -> None:
    """Move the show on: the next hand, the crib, or the next deal (the deal passes left, C6)."""
    n, dealer = p[PLAYERS], p[DEALER]
    if p[SHOW_STEP] < n:
        step_ = p[SHOW_STEP] = p[SHOW_STEP] + 1
        p[TO_MOVE] = (dealer + 1 + step_) % n if step_ < n else dealer
    else:
        at = tell(p, TOLD_DEALER, 2)
        p[at], p[at + 1] = (dealer + 1) % n, DEALS_IN_TURN
        new_hand(p, (dealer + 1) % n)


# --- the show's points (C13) -----------------------------------------------------------------------------


@kernel
def show_points(a: int, b: int, c: int, d: int, starter: int, crib: int) -> int:
    """The show (C13) of four card indices and the starter's (−1: none): fifteens, pairs and runs by look-up
    in the rank tables (:func:`pattern_table`, built by :func:`tables`), then flush and nobs
    (:func:`suit_points`). The cards must differ."""
    if starter < 0:
        return int(PATTERNS4[((a >> 2) * 13 + (b >> 2)) * 169 + (c >> 2) * 13 + (d >> 2)]) + suit_points(
            a, b, c, d, -1, crib)
    ranks = ((((a >> 2) * 13 + (b >> 2)) * 13 + (c >> 2)) * 13 + (d >> 2)) * 13 + (starter >> 2)
    return int(PATTERNS5[ranks]) + suit_points(a, b, c, d, starter & 3, crib)


@kernel
def suit_points(a: int, b: int, c: int, d: int, turned: int, crib: int) -> int:
    """Flush and nobs (C13) of four card indices, given only the starter's suit (−1: no starter), which is all
    they depend on: four of a suit 4 (not in the crib), five with the starter 5, the jack of the starter's
    suit 1."""
    suit = a & 3
    points = 0
    if b & 3 == suit and c & 3 == suit and d & 3 == suit:
        if turned == suit:
            points = 5
        elif not crib:
            points = 4
    if turned >= 0:
        nobs = JACK * 4 + turned
        if a == nobs or b == nobs or c == nobs or d == nobs:
            points += 1
    return points


def _pattern_points(ranks: NDArray[np.int64]) -> NDArray[np.int64]:
    """Fifteens, pairs and runs (C13) for each row of ranks 0–12 (an N × k array): the count form of
    :func:`.scoring.fifteens`, :func:`.scoring.pairs` and :func:`.scoring.runs`, checked against them for every
    pattern (``tests/games/cribbage/test_analysis.py``)."""
    import numpy as np

    rows, size = ranks.shape
    values = np.minimum(ranks + 1, 10)
    points = np.zeros(rows, dtype=np.int64)
    for length in range(2, size + 1):
        for subset in combinations(range(size), length):
            points += 2 * (values[:, list(subset)].sum(axis=1) == 15)
    for a, b in combinations(range(size), 2):
        points += 2 * (ranks[:, a] == ranks[:, b])
    counts = np.zeros((rows, 15), dtype=np.int64)  # column r + 1 counts rank r; columns 0 and 14 stay 0
    for column in range(size):
        counts[np.arange(rows), ranks[:, column] + 1] += 1
    for length in range(3, size + 1):  # a run is a maximal stretch of consecutive ranks, scored length × ways
        for start in range(1, 15 - length):
            window = counts[:, start:start + length]
            maximal = (window > 0).all(axis=1) & (counts[:, start - 1] == 0) & (counts[:, start + length] == 0)
            points += maximal * length * window.prod(axis=1)
    return points


@cache
def pattern_table(size: int) -> NDArray[np.uint8]:
    """Fifteens + pairs + runs for every ordered tuple of ``size`` (4 or 5) ranks 0–12: shape (13,) * size.

    Computed once, with numpy, for the 6,175 multisets of five ranks (1,820 of four) and spread over all
    13**5 orders, so that no caller sorts.
    """
    if size not in (4, 5):
        raise ValueError(f"pattern tables exist for 4 or 5 cards, not {size}")
    import numpy as np

    places = 13 ** np.arange(size - 1, -1, -1)
    multisets = np.array(list(combinations_with_replacement(range(13), size)), dtype=np.int64)
    by_code = np.zeros(13**size, dtype=np.uint8)  # points of each multiset, at the code of its sorted ranks
    by_code[multisets @ places] = _pattern_points(multisets)
    ordered = np.sort(np.indices((13,) * size).reshape(size, -1).T, axis=1)
    table: NDArray[np.uint8] = by_code[ordered @ places].reshape((13,) * size)
    table.flags.writeable = False  # shared by every caller
    return table


PATTERNS4: Any = None
PATTERNS5: Any = None
""":func:`pattern_table` of 4 and 5 ranks, flattened (set by :func:`tables`: built on first use)."""


def tables() -> None:
    """Build the show's rank tables, once, before the first count: arrays where the kernel is compiled (Numba
    reads them as constants of its machine code), bytes where it runs as Python (cheaper to index there)."""
    global PATTERNS4, PATTERNS5
    if PATTERNS5 is None:
        four, five = pattern_table(4).reshape(-1), pattern_table(5).reshape(-1)
        PATTERNS4, PATTERNS5 = (four, five) if COMPILING else (four.tobytes(), five.tobytes())
