"""A game's fixed-size numeric form, for learning code (PettingZoo, Gymnasium, OpenSpiel).

Learning libraries want what our interface deliberately is not: actions as integers in a fixed
range and observations as fixed-shape arrays. An :class:`Encoding` is that translation, written
once per game configuration in the game's own package (the game knows its actions and its
views; nothing outside it should have to), and used by every adapter in ``tabletop.interop``.

Two rules keep it honest:

* **Observations are encoded from a view**, never from a state — :meth:`Encoding.observe` gets
  exactly what :meth:`State.view` gives the player, so an encoding cannot leak hidden
  information even by mistake.
* **Indices round-trip**: ``action_at(action_index(a)) == a`` for every legal action and
  ``chance_at(chance_index(o)) == o`` for every chance outcome that can be listed, so a
  record written in indices replays exactly in notation.

Player actions and chance outcomes are numbered separately (as OpenSpiel does): a chance node
offers indices below :attr:`Encoding.num_chance_outcomes`, a player below :attr:`num_actions`.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from tabletop.core.game import Player, State, View

ActionT = TypeVar("ActionT")

Observation = npt.NDArray[np.float32]
"""A player's view as a flat float32 vector of :attr:`Encoding.observation_size` numbers."""


@dataclass(frozen=True, slots=True)
class Field:
    """One named stretch of the observation vector, for documentation and debugging, with the
    range its numbers lie in (unbounded unless the game says: a learner's observation space is
    built from these, and a promise broken there is a bug the conformance tests look for)."""

    name: str
    size: int
    meaning: str
    low: float = -math.inf
    high: float = math.inf

    @classmethod
    def unit(cls, name: str, size: int, meaning: str) -> Field:
        """A field whose numbers all lie in [0, 1]: one-hots, flags, counts divided by their most."""
        return cls(name, size, meaning, 0.0, 1.0)


class Encoding(ABC, Generic[ActionT]):
    """Actions as indices and views as vectors for one game configuration (its options fixed)."""

    @property
    @abstractmethod
    def num_actions(self) -> int:
        """How many distinct player actions there are (the size of the action mask)."""

    @property
    def num_chance_outcomes(self) -> int:
        """How many distinct chance outcomes there are (0 in a game without chance)."""
        return 0

    @property
    @abstractmethod
    def fields(self) -> Sequence[Field]:
        """The observation's layout, in order; their sizes add up to :attr:`observation_size`."""

    @property
    def observation_size(self) -> int:
        """The length of every observation vector."""
        return sum(field.size for field in self.fields)

    def observation_bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The lowest and highest value of each observation number, from the fields (±inf where
        a field promises no range)."""
        low = np.concatenate([np.full(f.size, f.low, dtype=np.float32) for f in self.fields])
        high = np.concatenate([np.full(f.size, f.high, dtype=np.float32) for f in self.fields])
        return low, high

    @abstractmethod
    def action_index(self, action: ActionT) -> int:
        """The index of a player action, in ``range(num_actions)``."""

    @abstractmethod
    def action_at(self, index: int) -> ActionT:
        """The player action numbered ``index``.

        Raises:
            ValueError: when ``index`` is outside ``range(num_actions)``.
        """

    def chance_index(self, outcome: ActionT) -> int:
        """The index of a chance outcome, in ``range(num_chance_outcomes)``."""
        raise ValueError(f"{outcome}: this game has no chance outcomes to number")

    def chance_at(self, index: int) -> ActionT:
        """The chance outcome numbered ``index``.

        Raises:
            ValueError: when ``index`` is outside ``range(num_chance_outcomes)``.
        """
        raise ValueError(f"chance outcome {index}: this game has no chance outcomes to number")

    @abstractmethod
    def observe(self, view: View, player: Player) -> Observation:
        """``player``'s view as a vector of :attr:`observation_size` float32 numbers.

        Only ``view`` is read: whatever the view hides cannot appear in the vector.
        """

    def legal_mask(self, state: State[Any]) -> npt.NDArray[np.int8]:
        """1 at the index of each legal player action of ``state``, 0 elsewhere (all 0 at
        chance and terminal nodes)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if state.current_player >= 0:
            mask[[self.action_index(action) for action in state.legal_actions()]] = 1
        return mask

    def describe(self) -> str:
        """The observation layout as text, one field per line (for docs and ``repr``)."""
        lines, start = [], 0
        for field in self.fields:
            lines.append(f"[{start}:{start + field.size}] {field.name}: {field.meaning}")
            start += field.size
        return "\n".join(lines)

