"""A seat's observation vector and the legal-action mask, written straight from a kernel position in the numbers
of cribbage's encoding: the fast paths of :class:`.encoding.CribbageEncoding` (``observe_state``, ``mask_of``,
``observe_with_mask``) and of the batched environment (:mod:`.batch`, which loops them over the rows of an
array), machine code where the kernel is compiled. They sit apart from :mod:`.encoding`, which says what the
numbers mean — the fields, the numbering of actions — and reads them from a seat's view, because these read
the kernel's slots (:mod:`.layout`) and compile with it; ``tests/games/cribbage/test_encoding.py`` holds the two
readings to the same vector in every kind of position and table.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

import tabletop.games.cribbage.kernel as kernel
import tabletop.games.cribbage.layout as layout
import tabletop.games.cribbage.pegboard as pegboard
from tabletop.core import compiling
from tabletop.games.cribbage.layout import (
    COUNT,
    CRIB,
    CRIB_N,
    CUTS,
    CUTS_N,
    CUTTERS,
    CUTTERS_N,
    DEAL_SIZE,
    DEALER,
    DEALT,
    GAMES,
    HAND_SIZE,
    HANDS,
    HELD,
    KEPT,
    KEPT_N,
    LAID,
    LAID_N,
    LAST,
    MATCH,
    MAX_HAND,
    MAX_LAID,
    MUGGINS,
    OVER,
    P_CLAIMANTS,
    P_CLAIMANTS_N,
    P_DECLARED,
    P_RESUME,
    P_SEAT,
    P_WHAT,
    PASSED,
    PENDING,
    PHASE,
    PILE_N,
    PILES,
    PLAYERS,
    REARS,
    RESULT,
    RESULTS,
    RESULTS_N,
    SCORES,
    SERIES,
    SERIES_N,
    SHOW,
    SHOW_STEP,
    SIDES,
    STARTER_CARD,
    TARGET,
    TO_MOVE,
)

# the fields of the vector, in the order of CribbageEncoding.fields: where each starts is an entry of ``at``
(AT_PHASE, AT_NEXT_SEAT, AT_DEALER, AT_HAND, AT_DISCARDS, AT_STARTER, AT_PILES, AT_SERIES, AT_COUNT, AT_PASSED,
 AT_LAST_PLAYER, AT_HAND_SIZES, AT_DISCARDED, AT_CRIB_SIZE, AT_DEALT, AT_HANDS_SHOWN, AT_CRIB, AT_SHOW_STEP,
 AT_CUTTERS, AT_CUTS, AT_PENDING, AT_PENDING_SEAT, AT_PENDING_POINTS, AT_CLAIMANTS, AT_PENDING_WHAT, AT_SCORES,
 AT_REAR_PEGS, AT_MATCH_POINTS, AT_GAMES_WON, AT_GAMES_PLAYED) = range(30)


# --- one position in numbers ----------------------------------------------------------------------------


@compiling.kernel
def write_mask(p: layout.Position, index_of: Any, out: Any) -> None:
    """1 in ``out`` at each player action the seat to move may take: every move the kernel accepts
    (:func:`.kernel.is_legal`) among those of its phase, numbered by ``index_of`` (a move code's action index).
    Nothing at chance or once the match is over."""
    phase = p[layout.PHASE]
    seat = p[layout.TO_MOVE]
    base, held = layout.HANDS + layout.MAX_HAND * seat, p[layout.HELD + seat]
    if phase == layout.PLAY:
        for i in range(held):
            if kernel.is_legal(p, phase, p[base + i]):
                out[index_of[layout.move_code(phase, p[base + i])]] = 1
        if kernel.is_legal(p, phase, layout.GO):
            out[index_of[layout.move_code(phase, layout.GO)]] = 1
    elif phase == layout.DISCARD:
        for i in range(held):
            if p[layout.LAY_AWAY] == 1:
                out[index_of[layout.move_code(phase, p[base + i])]] = 1
                continue
            for j in range(i + 1, held):
                low, high = min(p[base + i], p[base + j]), max(p[base + i], p[base + j])
                out[index_of[layout.move_code(phase, low + 64 * (high + 1))]] = 1
    elif phase == layout.SHOW or phase == layout.CLAIM or phase == layout.MUGGINS:
        for move in range(-1, 32):
            if kernel.is_legal(p, phase, move):
                out[index_of[layout.move_code(phase, move)]] = 1


@compiling.kernel
def write_vector(p: layout.Position, player: int, at: Any, slots: int, scale: int, out: Any) -> None:
    """``player``'s view of ``p`` in ``out`` (zeros to begin with), laid out as the encoding's fields starting at
    ``at``: what the view shows and nothing else — the seat's own hand and laid-away cards, the other hands only
    as their sizes until the show turns them face up (C13), the crib once the dealer turns it, never the pack.
    Seats and sides are counted from the observer's; ``slots`` cards of the series are shown, match points are
    divided by ``scale``. (As Python it is the hot path of a learning step too: zeros are not written.)"""
    n, phase, pending = p[PLAYERS], p[PHASE], p[PENDING]
    out[at[AT_PHASE] + phase] = 1
    out[at[AT_NEXT_SEAT] + (p[TO_MOVE] - player) % n] = 1
    out[at[AT_DEALER] + (p[DEALER] - player) % n] = 1
    start = at[AT_HAND]
    for i in range(HANDS + MAX_HAND * player, HANDS + MAX_HAND * player + p[HELD + player]):
        out[start + p[i]] = 1
    start = at[AT_DISCARDS]
    for i in range(LAID + MAX_LAID * player, LAID + MAX_LAID * player + p[LAID_N + player]):
        out[start + p[i]] = 1
    if p[STARTER_CARD] >= 0:
        out[at[AT_STARTER] + p[STARTER_CARD]] = 1
    piles, sizes, hand_size, passed = at[AT_PILES], at[AT_HAND_SIZES], p[HAND_SIZE], p[PASSED]
    for seat in range(n):
        j = (seat - player) % n
        for i in range(PILES + 4 * seat, PILES + 4 * seat + p[PILE_N + seat]):
            out[piles + 52 * j + p[i]] = 1
        if p[HELD + seat]:
            out[sizes + j] = p[HELD + seat] / hand_size
        if p[LAID_N + seat]:
            out[at[AT_DISCARDED] + j] = 1
        if (passed >> seat) & 1:
            out[at[AT_PASSED] + j] = 1
    for slot in range(min(p[SERIES_N], slots)):
        card = p[SERIES + slot]
        start = at[AT_SERIES] + slot * (13 + n)
        out[start + (card >> 2)] = 1
        for seat in range(n):  # who played it: the pile it lies on
            for i in range(PILES + 4 * seat, PILES + 4 * seat + p[PILE_N + seat]):
                if p[i] == card:
                    out[start + 13 + (seat - player) % n] = 1
    if p[COUNT]:
        out[at[AT_COUNT]] = p[COUNT] / 31
    if p[LAST] >= 0:
        out[at[AT_LAST_PLAYER] + (p[LAST] - player) % n] = 1
    if p[CRIB_N]:
        out[at[AT_CRIB_SIZE]] = p[CRIB_N] / 4
    if p[DEALT]:
        out[at[AT_DEALT]] = p[DEALT] / p[DEAL_SIZE]
    counting = phase == SHOW or (phase == MUGGINS and pending != 0 and p[P_RESUME] == SHOW)
    if phase == OVER or counting:  # the hands are face up (C13), and the crib once turned
        start = at[AT_HANDS_SHOWN]
        for seat in range(n):
            for i in range(KEPT + 4 * seat, KEPT + 4 * seat + p[KEPT_N + seat]):
                out[start + 52 * ((seat - player) % n) + p[i]] = 1
        if phase == OVER or p[SHOW_STEP] >= n:
            for i in range(CRIB, CRIB + p[CRIB_N]):
                out[at[AT_CRIB] + p[i]] = 1
    if phase == SHOW or (pending != 0 and p[P_RESUME] == SHOW):
        out[at[AT_SHOW_STEP] + p[SHOW_STEP]] = 1
    for i in range(p[CUTTERS_N]):
        relative = (p[CUTTERS + i] - player) % n
        out[at[AT_CUTTERS] + relative] = 1
        if i < p[CUTS_N]:
            out[at[AT_CUTS] + 13 * relative + (p[CUTS + i] >> 2)] = 1
    if pending != 0:
        out[at[AT_PENDING]] = 1
        out[at[AT_PENDING_SEAT] + (p[P_SEAT] - player) % n] = 1
        declared = p[P_DECLARED]
        if declared >= 0:
            out[at[AT_PENDING_POINTS]] = 1
            out[at[AT_PENDING_POINTS] + 1] = declared / 31
        for i in range(P_CLAIMANTS, P_CLAIMANTS + p[P_CLAIMANTS_N]):
            out[at[AT_CLAIMANTS] + (p[i] - player) % n] = 1
        out[at[AT_PENDING_WHAT] + p[P_WHAT]] = 1
    sides, target = p[SIDES], p[TARGET]
    own = pegboard.side_of(p, player)
    for j in range(sides):
        side = (own + j) % sides
        if p[SCORES + side]:
            out[at[AT_SCORES] + j] = p[SCORES + side] / target
            if p[REARS + side]:
                out[at[AT_REAR_PEGS] + j] = p[REARS + side] / target
        if p[MATCH + side]:
            out[at[AT_MATCH_POINTS] + j] = p[MATCH + side] / scale
    played = p[RESULTS_N]
    if played:
        games = p[GAMES]
        for j in range(sides):
            side = (own + j) % sides
            won = 0
            for game in range(played):
                won += p[RESULTS + RESULT * game] == side
            out[at[AT_GAMES_WON] + j] = won / games
        out[at[AT_GAMES_PLAYED]] = played / games


@compiling.kernel
def write_observation(p: layout.Position, player: int, at: Any, slots: int, scale: int, index_of: Any, out: Any,
                      mask: Any) -> None:
    """:func:`write_vector` of ``player``'s view into ``out`` and, when ``player`` is to move, :func:`write_mask`
    into ``mask``, each zeroed first (whatever they held): a learning step's observation in one call."""
    out[:] = 0
    mask[:] = 0
    write_vector(p, player, at, slots, scale, out)
    if p[TO_MOVE] == player:  # (write_mask writes nothing at chance or once the match is over)
        write_mask(p, index_of, mask)


_COMPILED: list[bool] = []


def start() -> bool:
    """Compile :func:`write_mask` and :func:`write_vector` (after the kernel they read), once; True when compiled."""
    if not _COMPILED:
        kernel.start()
        _COMPILED.append(compiling.compile_module(sys.modules[__name__]))
    return _COMPILED[0]


# --- the machine code, bound for a scalar position ---------------------------------------------------------


def vector_entry() -> Callable[..., None]:
    """:func:`write_vector` for a scalar position as machine code (compiled with the kernel on first use), called
    without Numba's dispatch on types."""
    start()
    position = kernel.new_position(2, 121, False, False, 1, False)
    return compiling.entry(write_vector, position, 0, _read_only(np.int64), 0, 0, np.zeros(1, np.float32))


def mask_entry() -> Callable[..., None]:
    """:func:`write_mask` for a scalar position, as :func:`vector_entry`."""
    start()
    position = kernel.new_position(2, 121, False, False, 1, False)
    return compiling.entry(write_mask, position, _read_only(np.int32), np.zeros(1, np.int8))


def observation_entry() -> Callable[..., None]:
    """:func:`write_observation` for a scalar position, as :func:`vector_entry`."""
    start()
    position = kernel.new_position(2, 121, False, False, 1, False)
    return compiling.entry(write_observation, position, 0, _read_only(np.int64), 0, 0, _read_only(np.int32),
                           np.zeros(1, np.float32), np.zeros(1, np.int8))


def _read_only(dtype: type[np.integer[Any]]) -> npt.NDArray[Any]:
    """An array typed as the encoding's tables are (read-only), to compile for."""
    array = np.zeros(1, dtype=dtype)
    array.flags.writeable = False
    return array
