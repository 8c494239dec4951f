"""Cribbage in the encoding's numbers, for learning code: a position's legal mask and each seat's observation
vector, and many games stepped together — all by the kernel itself (:mod:`.kernel`), compiled with it.

:func:`legal_mask` and :func:`observe` write one position in the numbers of :class:`.encoding.CribbageEncoding`
(the scalar environments call them through ``CribbageEncoding.observe_state`` and ``legal_mask``); a
:class:`CribbageBatch` holds ``size`` positions as the rows of one 2-D array and moves every game of a call
by looping the kernel's own :func:`.kernel.step` over their rows (:func:`advance`), then resolves the chance
that follows — the cut (C6), the deal (C5), the starter (C7) — with cards drawn from the caller's generator and
written down per game (:attr:`CribbageBatch.chance`) so that the same game can be replayed. It is the same rules
as every cribbage state, for every table size and option (muggins, matches, skunks);
``tests/games/cribbage/test_batch.py`` still plays random games here and through :class:`.state.CribbageState`
side by side — the same masks, observations, players to move and returns, action for action — and checks the
encoding's vectors against its reading of the seat's view.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

import tabletop.games.cribbage.kernel as k
from tabletop.core import TERMINAL
from tabletop.core.batch import ArrayBatch, Ints, Mask
from tabletop.core.compiling import compile_module, compiled

if TYPE_CHECKING:
    from tabletop.games.cribbage.encoding import CribbageEncoding
    from tabletop.games.cribbage.game import Cribbage

Row = Any
"""A position read and written by the compiled functions: a kernel position or a row of a batch's array."""

CHANCE_BASE = (0, 52, 0, 104, 0, 0, 0, 0, 0)
"""By phase: where its chance outcomes start among the encoding's (``cut X`` X, ``deal X`` 52 + X, ``starter X``
104 + X)."""

DRAWS = 24
"""Uniform draws a game is given per call: the most chance needs between two decisions is a deal of 17 and a
starter; a tie in the cut (C6) may need more, and gets them in another round."""

# the encoding's fields, in the order of CribbageEncoding.fields: where each starts is an entry of ``at``
(PHASE, NEXT_SEAT, DEALER, HAND, DISCARDS, STARTER, PILES, SERIES, COUNT, PASSED, LAST_PLAYER, HAND_SIZES,
 DISCARDED, CRIB_SIZE, DEALT, HANDS_SHOWN, CRIB, SHOW_STEP, CUTTERS, CUTS, PENDING, PENDING_SEAT, PENDING_POINTS,
 CLAIMANTS, PENDING_WHAT, SCORES, REAR_PEGS, MATCH_POINTS, GAMES_WON, GAMES_PLAYED) = range(30)


# --- one position in numbers ----------------------------------------------------------------------------


@compiled
def legal_mask(p: Row, index_of: Any, out: Any) -> None:
    """1 in ``out`` at each player action the seat to move may take: every move the kernel accepts
    (:func:`.kernel.is_legal`) among those of its phase, numbered by ``index_of`` (a move code's action index).
    Nothing at chance or once the match is over."""
    phase = p[k.PHASE]
    seat = p[k.TO_MOVE]
    base, held = k.HANDS + k.MAX_HAND * seat, p[k.HELD + seat]
    if phase == k.PLAY:
        for i in range(held):
            if k.is_legal(p, phase, p[base + i]):
                out[index_of[k.move_code(phase, p[base + i])]] = 1
        if k.is_legal(p, phase, k.GO):
            out[index_of[k.move_code(phase, k.GO)]] = 1
    elif phase == k.DISCARD:
        for i in range(held):
            if p[k.LAY_AWAY] == 1:
                out[index_of[k.move_code(phase, p[base + i])]] = 1
                continue
            for j in range(i + 1, held):
                low, high = min(p[base + i], p[base + j]), max(p[base + i], p[base + j])
                out[index_of[k.move_code(phase, low + 64 * (high + 1))]] = 1
    elif phase == k.SHOW or phase == k.CLAIM or phase == k.MUGGINS:
        for move in range(-1, 32):
            if k.is_legal(p, phase, move):
                out[index_of[k.move_code(phase, move)]] = 1


@compiled
def observe(p: Row, player: int, at: Any, slots: int, scale: int, out: Any) -> None:
    """``player``'s view of ``p`` in ``out`` (zeros to begin with), laid out as the encoding's fields starting at
    ``at``: what the view shows and nothing else — the seat's own hand and laid-away cards, the other hands only
    as their sizes until the show turns them face up (C13), the crib once the dealer turns it, never the pack.
    Seats and sides are counted from the observer's; ``slots`` cards of the series are shown, match points are
    divided by ``scale``."""
    n, sides = p[k.PLAYERS], p[k.SIDES]
    phase, pending, target, games = p[k.PHASE], p[k.PENDING], p[k.TARGET], p[k.GAMES]
    out[at[PHASE] + phase] = 1
    out[at[NEXT_SEAT] + (p[k.TO_MOVE] - player) % n] = 1
    out[at[DEALER] + (p[k.DEALER] - player) % n] = 1
    for i in range(p[k.HELD + player]):
        out[at[HAND] + p[k.HANDS + k.MAX_HAND * player + i]] = 1
    for i in range(p[k.LAID_N + player]):
        out[at[DISCARDS] + p[k.LAID + k.MAX_LAID * player + i]] = 1
    if p[k.STARTER_CARD] >= 0:
        out[at[STARTER] + p[k.STARTER_CARD]] = 1
    for seat in range(n):
        j = (seat - player) % n
        for i in range(p[k.PILE_N + seat]):
            out[at[PILES] + 52 * j + p[k.PILES + 4 * seat + i]] = 1
        out[at[HAND_SIZES] + j] = p[k.HELD + seat] / p[k.HAND_SIZE]
        if p[k.LAID_N + seat]:
            out[at[DISCARDED] + j] = 1
        if (p[k.PASSED] >> seat) & 1:
            out[at[PASSED] + j] = 1
    for slot in range(min(p[k.SERIES_N], slots)):
        card = p[k.SERIES + slot]
        start = at[SERIES] + slot * (13 + n)
        out[start + (card >> 2)] = 1
        for seat in range(n):  # who played it: the pile it lies on
            for i in range(p[k.PILE_N + seat]):
                if p[k.PILES + 4 * seat + i] == card:
                    out[start + 13 + (seat - player) % n] = 1
    out[at[COUNT]] = p[k.COUNT] / 31
    if p[k.LAST] >= 0:
        out[at[LAST_PLAYER] + (p[k.LAST] - player) % n] = 1
    out[at[CRIB_SIZE]] = p[k.CRIB_N] / 4
    out[at[DEALT]] = p[k.DEALT] / p[k.DEAL_SIZE]
    counting = phase == k.SHOW or (phase == k.MUGGINS and pending != 0 and p[k.P_RESUME] == k.SHOW)
    if phase == k.OVER or counting:  # the hands are face up (C13), and the crib once turned
        for seat in range(n):
            for i in range(p[k.KEPT_N + seat]):
                out[at[HANDS_SHOWN] + 52 * ((seat - player) % n) + p[k.KEPT + 4 * seat + i]] = 1
        if phase == k.OVER or p[k.SHOW_STEP] >= n:
            for i in range(p[k.CRIB_N]):
                out[at[CRIB] + p[k.CRIB + i]] = 1
    if phase == k.SHOW or (pending != 0 and p[k.P_RESUME] == k.SHOW):
        out[at[SHOW_STEP] + p[k.SHOW_STEP]] = 1
    for i in range(p[k.CUTTERS_N]):
        relative = (p[k.CUTTERS + i] - player) % n
        out[at[CUTTERS] + relative] = 1
        if i < p[k.CUTS_N]:
            out[at[CUTS] + 13 * relative + (p[k.CUTS + i] >> 2)] = 1
    if pending != 0:
        out[at[PENDING]] = 1
        out[at[PENDING_SEAT] + (p[k.P_SEAT] - player) % n] = 1
        declared = p[k.P_DECLARED]
        out[at[PENDING_POINTS]] = 1 if declared >= 0 else 0
        out[at[PENDING_POINTS] + 1] = max(declared, 0) / 31
        for i in range(p[k.P_CLAIMANTS_N]):
            out[at[CLAIMANTS] + (p[k.P_CLAIMANTS + i] - player) % n] = 1
        out[at[PENDING_WHAT] + p[k.P_WHAT]] = 1
    own = k.side_of(p, player)
    for j in range(sides):
        side = (own + j) % sides
        out[at[SCORES] + j] = p[k.SCORES + side] / target
        out[at[REAR_PEGS] + j] = p[k.REARS + side] / target
        out[at[MATCH_POINTS] + j] = p[k.MATCH + side] / scale
        won = 0
        for game in range(p[k.RESULTS_N]):
            won += p[k.RESULTS + k.RESULT * game] == side
        out[at[GAMES_WON] + j] = won / games
    out[at[GAMES_PLAYED]] = p[k.RESULTS_N] / games


# --- many positions ---------------------------------------------------------------------------------------


@compiled
def chance_card(p: Row, draw: float) -> int:
    """The card at place ``int(draw * cards left)`` of the pack in index order: a uniform draw in [0, 1) as a card."""
    place = int(draw * p[k.PACK_N])
    for quarter in range(4):
        bits = p[k.PACK + quarter]
        for i in range(13):
            if (bits >> i) & 1:
                if place == 0:
                    return 13 * quarter + i
                place -= 1
    return -1


@compiled
def advance(positions: Any, rows: Any, codes: Any, draws: Any, chance: Any, counts: Any) -> int:
    """Move game ``rows[i]`` on by the move ``codes[i]`` (0: none), then by chance's cards — each drawn from
    ``draws[i]`` — until a seat is to move or the match is over, writing them down in ``chance[row]`` (the
    encoding's chance indices) after the ``counts[row]`` there. The first ``i`` whose draws or record ran out
    (its chance and the games after it are still to be done), or −1 when every game was moved."""
    for i in range(rows.shape[0]):
        row = rows[i]
        p = positions[row]
        if codes[i] != 0:
            k.step(p, codes[i])
        used = 0
        while k.IS_CHANCE[p[k.PHASE]]:
            if used == draws.shape[1] or counts[row] == chance.shape[1]:
                return i
            phase = p[k.PHASE]
            card = chance_card(p, draws[i, used])
            used += 1
            chance[row, counts[row]] = CHANCE_BASE[phase] + card
            counts[row] += 1
            k.step(p, k.move_code(phase, card))
    return -1


@compiled
def masks(positions: Any, rows: Any, index_of: Any, out: Any) -> None:
    """:func:`legal_mask` of each game ``rows[i]`` in ``out[i]``."""
    for i in range(rows.shape[0]):
        legal_mask(positions[rows[i]], index_of, out[i])


@compiled
def observations(positions: Any, seats: Any, at: Any, slots: int, scale: int, out: Any) -> None:
    """:func:`observe` of each game by the seat ``seats[row]``."""
    for row in range(positions.shape[0]):
        observe(positions[row], seats[row], at, slots, scale, out[row])


@compiled
def outcomes(positions: Any, out: Any) -> None:
    """:func:`.kernel.outcome` of each game."""
    for row in range(positions.shape[0]):
        k.outcome(positions[row], out[row])


_COMPILED: list[bool] = []


def start() -> bool:
    """Compile these functions (after the kernel they call), once; True when they are machine code."""
    if not _COMPILED:
        k.start()
        _COMPILED.append(compile_module(sys.modules[__name__], depends=(k,)))
    return _COMPILED[0]


# --- the batch ------------------------------------------------------------------------------------------


class CribbageBatch(ArrayBatch):
    """``size`` cribbage games of one configuration, as the rows of one array of kernel positions."""

    def __init__(self, game: Cribbage, size: int) -> None:
        """``size`` games of ``game``'s configuration, none started: :meth:`reset` deals them."""
        start()
        self.game, self.size, self.num_players = game, size, game.num_players
        self.encoding: CribbageEncoding = game.encoding()  # type: ignore[assignment]
        options = game.options
        first = k.new_position(game.players, game.target, game.muggins, options["skunk"], options["games"],
                               options["stop_at_majority"])
        self.first = np.array(first, dtype=np.int64)  #: a match not started: everyone is to cut (C6)
        self.positions = np.tile(self.first, (size, 1))
        self.positions[:, k.PHASE] = k.OVER  # games not started are over
        self.to_move = self.positions[:, k.TO_MOVE]
        self.index_of, self.codes = self.encoding.move_numbers()
        self.at, self.slots, self.scale = self.encoding.layout()
        self.chance = np.zeros((size, 2 * DRAWS), dtype=np.int64)
        """Per game, the chance outcomes (the encoding's chance indices) drawn by the last :meth:`reset` or
        :meth:`apply` that moved it, in order: the first ``chance_count[i]`` of row ``i``. A record, or a test
        replaying the game, reads them."""
        self.chance_count = np.zeros(size, dtype=np.int64)
        self._start_masks(size, self.encoding.num_actions)

    def reset(self, which: Mask, rng: np.random.Generator) -> None:
        """New matches in ``which``: every seat cuts for the deal (C6, again on a tie), then the deal (C5).

        Raises:
            ValueError: when ``which`` is not one flag per game.
        """
        rows = self._rows(which)
        self.positions[rows] = self.first
        self._advance(rows, np.zeros(len(rows), dtype=np.int64), rng)

    def current_players(self) -> Ints:
        """The seat to move, ``TERMINAL`` once over."""
        players: Ints = np.where(self.positions[:, k.PHASE] == k.OVER, TERMINAL, self.to_move).astype(np.int64)
        return players

    def returns(self) -> npt.NDArray[np.float64]:
        """Each seat's match result once it is over (the state's :meth:`~.state.CribbageState.returns`), else 0."""
        out = np.zeros((self.size, self.num_players))
        outcomes(self.positions, out)
        return out

    def _legal(self, rows: Ints) -> npt.NDArray[np.int8]:
        out = np.zeros((len(rows), self.encoding.num_actions), dtype=np.int8)
        masks(self.positions, rows, self.index_of, out)
        return out

    def apply(self, actions: Ints, which: Mask, rng: np.random.Generator) -> None:
        """Each game of ``which`` plays its action (an index), then the chance that follows: the starter after
        the dealer lays away (C7), the next deal after the crib is counted (C5, C6).

        Raises:
            IllegalActionError: naming the first game whose action is not legal; no game changes.
            ValueError: when ``actions`` or ``which`` is not one per game.
        """
        rows, chosen = self._checked(actions, which)
        self._advance(rows, self.codes[chosen], rng)

    def _advance(self, rows: Ints, codes: Ints, rng: np.random.Generator) -> None:
        """:func:`advance` the games ``rows`` by ``codes``, with more draws and room until every game is moved."""
        self.chance_count[rows] = 0
        self._stale[rows] = True
        while rows.size:
            stopped = advance(self.positions, rows, codes, rng.random((len(rows), DRAWS)), self.chance,
                              self.chance_count)
            if stopped < 0:
                return
            if self.chance_count[rows[stopped]] == self.chance.shape[1]:  # ties in the cut repeat without bound
                self.chance = np.concatenate([self.chance, np.zeros_like(self.chance)], axis=1)
            rows, codes = rows[stopped:], codes[stopped:].copy()
            codes[0] = 0  # its move is made: only chance is left to it

    def _over(self, row: int) -> bool:
        return bool(self.positions[row, k.PHASE] == k.OVER)

    def observe(self, seats: Ints) -> npt.NDArray[np.float32]:
        """Each game as ``seats[i]`` sees it, in :class:`.encoding.CribbageEncoding`'s layout."""
        seats = np.asarray(seats, dtype=np.int64)
        if seats.shape != (self.size,) or not ((seats >= 0) & (seats < self.num_players)).all():
            raise ValueError(f"observe takes one seat index 0–{self.num_players - 1} per game, shape ({self.size},)")
        out = np.zeros((self.size, self.encoding.observation_size), dtype=np.float32)
        observations(self.positions, seats, self.at, self.slots, self.scale, out)
        return out


__all__ = ["CribbageBatch", "legal_mask", "observe"]
