"""Many cribbage games stepped together for learning code, by the kernel itself (:mod:`.kernel`), compiled with it.

A :class:`CribbageBatch` holds ``size`` positions as the rows of one 2-D array and moves every game of a call
by looping the kernel's own :func:`.kernel.step` over their rows (:func:`advance`), then resolves the chance
that follows — the cut (C6), the deal (C5), the starter (C7) — with cards drawn from the caller's generator and
written down per game (:attr:`CribbageBatch.chance`) so that the same game can be replayed. It is the same rules
as every cribbage state, for every table size and option (muggins, matches, skunks);
``tests/games/cribbage/test_batch.py`` still plays random games here and through :class:`.state.CribbageState`
side by side — the same masks, observations, players to move and returns, action for action. The masks and
vectors are the encoding's own writers (:func:`.observation.write_mask`, :func:`.observation.write_vector`), looped over
the rows.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

import tabletop.games.cribbage.encoding as e
import tabletop.games.cribbage.kernel as kernel
import tabletop.games.cribbage.layout as layout
import tabletop.games.cribbage.observation as observation
import tabletop.games.cribbage.pegboard as pegboard
from tabletop.core import TERMINAL, compiling
from tabletop.core.batch import ArrayBatch, Ints, Mask

if TYPE_CHECKING:
    from tabletop.games.cribbage.game import Cribbage

Row = Any
"""A position read and written by the compiled functions: a kernel position or a row of a batch's array."""

CHANCE_BASE = (0, 52, 0, 104, 0, 0, 0, 0, 0)
"""By phase: where its chance outcomes start among the encoding's (``cut X`` X, ``deal X`` 52 + X, ``starter X``
104 + X)."""

DRAWS = 24
"""Uniform draws a game is given per call: the most chance needs between two decisions is a deal of 17 and a
starter; a tie in the cut (C6) may need more, and gets them in another round."""

# --- many positions ---------------------------------------------------------------------------------------


@compiling.kernel
def chance_card(p: Row, draw: float) -> int:
    """The card at place ``int(draw * cards left)`` of the pack in index order: a uniform draw in [0, 1) as a card."""
    place = int(draw * p[layout.PACK_N])
    for quarter in range(4):
        bits = p[layout.PACK + quarter]
        for i in range(13):
            if (bits >> i) & 1:
                if place == 0:
                    return 13 * quarter + i
                place -= 1
    return -1


@compiling.kernel
def advance(positions: Any, rows: Any, codes: Any, draws: Any, chance: Any, counts: Any) -> int:
    """Move game ``rows[i]`` on by the move ``codes[i]`` (0: none), then by chance's cards — each drawn from
    ``draws[i]`` — until a seat is to move or the match is over, writing them down in ``chance[row]`` (the
    encoding's chance indices) after the ``counts[row]`` there. The first ``i`` whose draws or record ran out
    (its chance and the games after it are still to be done), or −1 when every game was moved."""
    for i in range(rows.shape[0]):
        row = rows[i]
        p = positions[row]
        if codes[i] != 0:
            kernel.step(p, codes[i])
        used = 0
        while layout.IS_CHANCE[p[layout.PHASE]]:
            if used == draws.shape[1] or counts[row] == chance.shape[1]:
                return i
            phase = p[layout.PHASE]
            card = chance_card(p, draws[i, used])
            used += 1
            chance[row, counts[row]] = CHANCE_BASE[phase] + card
            counts[row] += 1
            kernel.step(p, layout.move_code(phase, card))
    return -1


@compiling.kernel
def masks(positions: Any, rows: Any, index_of: Any, out: Any) -> None:
    """:func:`.observation.write_mask` of each game ``rows[i]`` in ``out[i]``."""
    for i in range(rows.shape[0]):
        observation.write_mask(positions[rows[i]], index_of, out[i])


@compiling.kernel
def observations(positions: Any, seats: Any, at: Any, slots: int, scale: int, out: Any) -> None:
    """:func:`.observation.write_vector` of each game by the seat ``seats[row]``."""
    for row in range(positions.shape[0]):
        observation.write_vector(positions[row], seats[row], at, slots, scale, out[row])


@compiling.kernel
def outcomes(positions: Any, out: Any) -> None:
    """:func:`.pegboard.outcome` of each game."""
    for row in range(positions.shape[0]):
        pegboard.outcome(positions[row], out[row])


_COMPILED: list[bool] = []


def start() -> bool:
    """Compile these functions (after the kernel and the encoding's writers they call), once; True when they are
    machine code."""
    if not _COMPILED:
        observation.start()
        _COMPILED.append(compiling.compile_module(sys.modules[__name__]))
    return _COMPILED[0]


# --- the batch ------------------------------------------------------------------------------------------


class CribbageBatch(ArrayBatch):
    """``size`` cribbage games of one configuration, as the rows of one array of kernel positions."""

    def __init__(self, game: Cribbage, size: int) -> None:
        """``size`` games of ``game``'s configuration, none started: :meth:`reset` deals them."""
        start()
        self.game, self.size, self.num_players = game, size, game.num_players
        self.encoding: e.CribbageEncoding = game.encoding()  # type: ignore[assignment]
        options = game.options
        first = kernel.new_position(game.players, game.target, game.muggins, options["skunk"], options["games"],
                                    options["stop_at_majority"])
        self.first = np.array(first, dtype=np.int64)  #: a match not started: everyone is to cut (C6)
        self.positions = np.tile(self.first, (size, 1))
        self.positions[:, layout.PHASE] = layout.OVER  # games not started are over
        self.to_move = self.positions[:, layout.TO_MOVE]
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
        over = self.positions[:, layout.PHASE] == layout.OVER
        players: Ints = np.where(over, TERMINAL, self.to_move).astype(np.int64)
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
        return bool(self.positions[row, layout.PHASE] == layout.OVER)

    def observe(self, seats: Ints) -> npt.NDArray[np.float32]:
        """Each game as ``seats[i]`` sees it, in :class:`.encoding.CribbageEncoding`'s layout."""
        seats = np.asarray(seats, dtype=np.int64)
        if seats.shape != (self.size,) or not ((seats >= 0) & (seats < self.num_players)).all():
            raise ValueError(f"observe takes one seat index 0–{self.num_players - 1} per game, shape ({self.size},)")
        out = np.zeros((self.size, self.encoding.observation_size), dtype=np.float32)
        observations(self.positions, seats, self.at, self.slots, self.scale, out)
        return out


__all__ = ["CribbageBatch", "start"]
