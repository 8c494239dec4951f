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
