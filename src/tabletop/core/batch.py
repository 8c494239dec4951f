"""Many games of one configuration stepped together in arrays, for learning code that wants speed.

A learner trains on millions of steps; through :class:`~tabletop.core.State` each step builds
Python objects (a state, its legal list, a view) for one game. A :class:`Batch` holds ``size``
games of one configuration as numpy arrays in the game's own kernel and moves all of them with
one call, in the numbers of the game's :class:`~tabletop.core.Encoding`: legal masks, action
indices, observation vectors and returns. It is the same rules, not a second set: a game offers a
batch only with a differential test proving that, on random play, its masks, observations,
returns and ends equal those of the scalar engine, action for action.

Chance is drawn inside, from the generator the caller passes to :meth:`Batch.reset` and
:meth:`Batch.apply`, so a batch never stops at a chance node; bad input (an action the mask
forbids, a game that is over) raises :class:`~tabletop.core.IllegalActionError` naming the game
and changes nothing. ``Game.batch(size)`` builds one (``tabletop.interop.vector`` uses it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tabletop.core.errors import IllegalActionError, list_allowed, seat_label

if TYPE_CHECKING:
    from tabletop.core.encoding import Encoding

Mask = npt.NDArray[np.bool_]
"""One flag per game of a batch."""
Ints = npt.NDArray[np.int64]
"""One integer per game of a batch (a seat, an action index)."""


class Batch(ABC):
    """``size`` games of one configuration, in arrays; game ``i`` is row ``i`` of everything."""

    size: int
    num_players: int
    encoding: Encoding[Any]

    @abstractmethod
    def reset(self, which: Mask, rng: np.random.Generator) -> None:
        """Start new games in the rows of ``which``, their chance drawn from ``rng``; the others stay."""

    @abstractmethod
    def current_players(self) -> Ints:
        """The seat to move in each game, or ``TERMINAL`` (-2) once it is over (never ``CHANCE``)."""

    @abstractmethod
    def legal_masks(self) -> npt.NDArray[np.int8]:
        """``(size, num_actions)``: 1 at each action index the seat to move may take (all 0 once over)."""

    @abstractmethod
    def apply(self, actions: Ints, which: Mask, rng: np.random.Generator) -> None:
        """Play ``actions[i]`` in each game ``i`` of ``which``, then any chance that follows (from ``rng``).

        Raises:
            IllegalActionError: naming the first game whose action its mask forbids (or that is
                over) and what is legal there; no game changes.
        """

    @abstractmethod
    def observe(self, seats: Ints) -> npt.NDArray[np.float32]:
        """``(size, observation_size)``: game ``i`` as seat ``seats[i]`` sees it, exactly
        ``encoding.observe(state.view(seat), seat)`` of the same game in the scalar engine."""

    @abstractmethod
    def returns(self) -> npt.NDArray[np.float64]:
        """``(size, num_players)``: each seat's utility, final once a game is over, 0 before."""

    def terminal(self) -> Mask:
        """Which games are over."""
        return self.current_players() < 0


class ArrayBatch(Batch):
    """What every array batch does alike: the legal masks cached per game until it moves, and the
    check of a call's actions against them (one per game, each legal, or nothing changes).

    A subclass calls :meth:`_start_masks` when it is built, marks the games it moves with
    ``self._stale[rows] = True``, and supplies :meth:`_legal` (the rules) and :meth:`_over`.
    """

    to_move: Ints

    def _start_masks(self, size: int, num_actions: int) -> None:
        self._masks = np.zeros((size, num_actions), dtype=np.int8)
        self._stale = np.ones(size, dtype=np.bool_)  #: games whose mask must be computed again

    @abstractmethod
    def _legal(self, rows: Ints) -> npt.NDArray[np.int8]:
        """The masks of the games ``rows``, computed from their positions."""

    @abstractmethod
    def _over(self, row: int) -> bool:
        """Whether game ``row`` is over."""

    def legal_masks(self) -> npt.NDArray[np.int8]:
        """Every game's mask, computed again only in the games that moved (read-only)."""
        stale = np.flatnonzero(self._stale)
        if stale.size:
            self._masks[stale] = self._legal(stale)
            self._stale[stale] = False
        return self._masks

    def _rows(self, which: Mask) -> Ints:
        """The rows ``which`` flags, once it is one flag per game.

        Raises:
            ValueError: when ``which`` is not one flag per game.
        """
        if np.shape(which) != (self.size,):
            raise ValueError(f"reset takes one flag per game, shape ({self.size},), not {np.shape(which)}")
        return np.flatnonzero(which)

    def _checked(self, actions: Ints, which: Mask) -> tuple[Ints, Ints]:
        """The rows of ``which`` and their actions, once every one is legal.

        Raises:
            ValueError: when ``actions`` or ``which`` is not one per game.
            IllegalActionError: naming the first game whose action its mask forbids.
        """
        actions, which = np.asarray(actions), np.asarray(which)
        if actions.shape != (self.size,) or which.shape != (self.size,):
            raise ValueError(f"apply takes one action and one flag per game, shape ({self.size},), "
                             f"not {actions.shape} and {which.shape}")
        rows = np.flatnonzero(which)
        chosen = actions.astype(np.int64)[rows]
        inside = (chosen >= 0) & (chosen < self.encoding.num_actions)
        legal = inside & (self.legal_masks()[rows, np.where(inside, chosen, 0)] == 1)
        if not legal.all():
            self._refuse(int(rows[~legal][0]), int(chosen[~legal][0]))
        return rows, chosen

    def _refuse(self, row: int, index: int) -> None:
        if self._over(row):
            raise IllegalActionError(f"game {row}: the game is over; reset it before playing action {index}")
        legal = [f"{i} ({self.encoding.action_at(int(i))})" for i in np.flatnonzero(self.legal_masks()[row])]
        seat = int(self.to_move[row])
        if not 0 <= index < self.encoding.num_actions:
            what = f"action {index} is out of range 0–{self.encoding.num_actions - 1}"
        else:
            what = f"action {index} ({self.encoding.action_at(index)}) is not legal for {seat_label(seat)}"
        raise IllegalActionError(f"game {row}: {what}; legal: {list_allowed(legal, limit=12)}",
                                 params={"row": row, "index": index, "player": seat})
