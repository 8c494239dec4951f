"""The rules on masks for compiled code: :mod:`..board`, :mod:`..solver` and :mod:`..evaluation`'s
hot functions over a board passed as three ints, with their tables as NumPy arrays (which Numba
freezes into the machine code as constants)."""

from __future__ import annotations

import numpy as np
from numba import njit

from tabletop.games.cubulus.evaluation import (
    _SCORE,
    _TERNARY,
    _THREAT,
    _TO_CUBE,
    _Z_HIGH,
    _Z_LOW,
    DOUBLE_THREAT,
    THREAT_WEIGHT,
)
from tabletop.games.cubulus.geometry import ENTRY, FAR, HOLES, INWARD, LINE_MASK, MIDDLE
from tabletop.games.cubulus.solver import SQUARES_OF_CELL

BALLS: int = 9
PASS: int = 108
NO_BAN: int = -1
"""A banned board's first mask when no board is banned (a real mask is never negative)."""

ENTRY_A = np.array(ENTRY, dtype=np.int64)
MIDDLE_A = np.array(MIDDLE, dtype=np.int64)
FAR_A = np.array(FAR, dtype=np.int64)
LINE_A = np.array(LINE_MASK, dtype=np.int64)
LEFT_A = np.array([left for left, _ in INWARD], dtype=np.int64)
RIGHT_A = np.array([right for _, right in INWARD], dtype=np.int64)
N_HOLES: int = len(HOLES)
_SQUARE_START = np.cumsum([0] + [len(s) for s in SQUARES_OF_CELL]).astype(np.int64)
_SQUARE_LIST = np.array([s for squares in SQUARES_OF_CELL for s in squares], dtype=np.int64)
_TERNARY_A = np.array(_TERNARY, dtype=np.int64)
_SCORE_A = np.array(_SCORE, dtype=np.int64)
_THREAT_A = np.array(_THREAT, dtype=np.int64)
_TO_CUBE_A = np.array(_TO_CUBE, dtype=np.int64)
_Z_LOW_A = np.array(_Z_LOW, dtype=np.int64)
_Z_HIGH_A = np.array(_Z_HIGH, dtype=np.int64)


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    """The number of set bits of a mask below 2³² (every board mask is 27 bits)."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return (x * 0x01010101 & 0xFFFFFFFF) >> 24


@njit(cache=True, inline="always")
def top_bit(x: int) -> int:
    """The index of the highest set bit of a positive mask."""
    n = 0
    while x > 1:
        x >>= 1
        n += 1
    return n


@njit(cache=True)
def insert(m0: int, m1: int, m2: int, colour: int, hole: int) -> tuple[int, int, int]:
    """U10, as :func:`..board.insert`."""
    occ = m0 | m1 | m2
    entry = ENTRY_A[hole]
    if occ & entry:
        segment = entry if not occ & MIDDLE_A[hole] else entry | MIDDLE_A[hole]
        left, right = LEFT_A[hole], RIGHT_A[hole]
        moved = m0 & segment
        m0 ^= moved ^ (moved << left >> right)
        moved = m1 & segment
        m1 ^= moved ^ (moved << left >> right)
        moved = m2 & segment
        m2 ^= moved ^ (moved << left >> right)
    if colour == 0:
        m0 |= entry
    elif colour == 1:
        m1 |= entry
    else:
        m2 |= entry
    return m0, m1, m2


@njit(cache=True)
def shift(m0: int, m1: int, m2: int, hole: int) -> tuple[int, int, int]:
    """U11, as :func:`..board.shift`."""
    entry, line = ENTRY_A[hole], LINE_A[hole]
    segment, far = entry | MIDDLE_A[hole], FAR_A[hole]
    left, right = LEFT_A[hole], RIGHT_A[hole]
    part = m0 & line
    m0 ^= part ^ ((part & segment) << left >> right | (entry if part & far else 0))
    part = m1 & line
    m1 ^= part ^ ((part & segment) << left >> right | (entry if part & far else 0))
    part = m2 & line
    m2 ^= part ^ ((part & segment) << left >> right | (entry if part & far else 0))
    return m0, m1, m2


@njit(cache=True)
def null_line(m0: int, m1: int, m2: int, hole: int) -> bool:
    """The full line of ``hole`` holds one colour: shifting it changes nothing (U11)."""
    line = LINE_A[hole]
    return bool(m0 & line == line or m1 & line == line or m2 & line == line)


@njit(cache=True)
def winner_after(b0: int, b1: int, b2: int, m0: int, m1: int, m2: int, seats: int, mover: int) -> int:
    """U15, as :func:`..solver.winner_after`."""
    for step in range(1, seats + 1):
        seat = (mover + step) % seats
        if seat == 0:
            mask, before = m0, b0
        elif seat == 1:
            mask, before = m1, b1
        else:
            mask, before = m2, b2
        gained = mask & ~before
        while gained:
            cell = top_bit(gained)
            for i in range(_SQUARE_START[cell], _SQUARE_START[cell + 1]):
                square = _SQUARE_LIST[i]
                if mask & square == square:
                    return seat
            gained ^= 1 << cell
    return -1


@njit(cache=True)
def move_holes(occupied: int, inserts: np.ndarray, full: np.ndarray) -> tuple[int, int]:
    """:func:`..solver.move_holes` into two arrays: how many inserts and full lines' holes it wrote."""
    n_inserts = n_full = 0
    empty_entries = 0
    for hole in range(N_HOLES):
        line = LINE_A[hole]
        if occupied & line == line:
            full[n_full] = hole
            n_full += 1
            continue
        entry = ENTRY_A[hole]
        if not occupied & entry:
            if empty_entries & entry:
                continue
            empty_entries |= entry
        inserts[n_inserts] = hole
        n_inserts += 1
    return n_inserts, n_full


@njit(cache=True, inline="always")
def _face(mask: int, face: int) -> int:
    if face == 0:
        return mask & 511
    if face == 1:
        return mask >> 18 & 511
    if face == 2:
        return mask & 7 | mask >> 6 & 56 | mask >> 12 & 448
    if face == 3:
        return mask >> 6 & 7 | mask >> 12 & 56 | mask >> 18 & 448
    if face == 5:
        mask >>= 2
    return int(_Z_LOW_A[mask & 32767] | _Z_HIGH_A[mask >> 15 & 4095])


@njit(cache=True)
def colour_terms(mine: int, others: int) -> tuple[int, int]:
    """:func:`..evaluation.colour_terms` for a colour's mask and the mask of every other ball."""
    total = cells = 0
    for face in range(6):
        index = _TERNARY_A[_face(mine, face)] + 2 * _TERNARY_A[_face(others, face)]
        total += _SCORE_A[index]
        t = _THREAT_A[index]
        if t:
            cells |= _TO_CUBE_A[face, t]
    return total, cells


@njit(cache=True)
def threat_cells(m0: int, m1: int, m2: int, colour: int) -> int:
    """:func:`..evaluation.threat_cells`."""
    mine = m0 if colour == 0 else m1 if colour == 1 else m2
    return colour_terms(mine, (m0 | m1 | m2) & ~mine)[1]


@njit(cache=True)
def threat_value(cells: int) -> int:
    """:func:`..evaluation.threat_value`."""
    count = popcount(cells)
    return THREAT_WEIGHT * count + (DOUBLE_THREAT if count > 1 else 0)
