"""A game's batch for the vector environment: its batched kernel where it has one, else N tables.

:meth:`Game.batch` gives the fast path — games stepped together in the game's own kernel (Cubulus's numpy
arrays, cribbage's compiled kernel looped over rows). Every other game is still offered in the same form
by :class:`TableBatch`, which holds one :class:`~tabletop.interop.common.Table` per game and steps them
one by one through the game interface: no faster than N scalar environments, but the same API, masks,
observations and semantics, so a learner written against the vector environment runs on every game and
gets the kernel's speed where there is one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.core import TERMINAL, Batch, Capability, Game, IllegalActionError
from tabletop.core.batch import Ints, Mask
from tabletop.interop.common import Table, encoding_of


class TableBatch(Batch):
    """``size`` games through the interface, one :class:`Table` each (see the module doc)."""

    def __init__(self, game: Game[Any, Any], size: int) -> None:
        if size < 1:
            raise ValueError(f"a batch holds at least one game, not {size}")
        self.size, self.num_players = size, game.num_players
        self.encoding = encoding_of(game)
        self.tables = [Table(game, history=False) for _ in range(size)]
        self.over = np.ones(size, dtype=np.bool_)  #: games not started yet count as over
        self._masks = np.zeros((size, self.encoding.num_actions), dtype=np.int8)
        self._stale = np.ones(size, dtype=np.bool_)  #: games whose mask must be computed again

    def reset(self, which: Mask, rng: np.random.Generator) -> None:
        """New games in ``which``, each table's streams seeded from ``rng``."""
        for row in np.flatnonzero(which):
            self.tables[row].reset(int(rng.integers(2**63)))
            self.over[row] = False
        self._stale |= which

    def current_players(self) -> Ints:
        pairs = zip(self.tables, self.over, strict=True)
        return np.array([TERMINAL if over else table.to_move for table, over in pairs], dtype=np.int64)

    def legal_masks(self) -> npt.NDArray[np.int8]:
        """The masks, taken again only from the games that moved (read-only)."""
        for row in np.flatnonzero(self._stale):
            self._masks[row] = 0 if self.over[row] else self.tables[row].legal_mask()
        self._stale[:] = False
        return self._masks

    def apply(self, actions: Ints, which: Mask, rng: np.random.Generator) -> None:
        """Each game of ``which`` plays its action; chance that follows is drawn by the table's stream.

        Raises:
            IllegalActionError: naming the first game whose action is not legal; no game changes.
        """
        rows = np.flatnonzero(which)
        chosen = []
        for row in rows:
            table = self.tables[row]
            if self.over[row] or table.state.is_terminal:
                raise IllegalActionError(f"game {row}: the game is over; reset it before playing action {actions[row]}")
            try:
                chosen.append(table.action(int(actions[row])))
            except IllegalActionError as error:  # the same refusal as a game's own batched kernel gives
                raise IllegalActionError(f"game {row}: {error}", params={
                    "row": int(row), "index": int(actions[row]), "player": int(table.state.current_player)}) from None
        for row, action in zip(rows, chosen, strict=True):
            self.tables[row].play(action)
        self._stale[rows] = True

    def observe(self, seats: Ints) -> npt.NDArray[np.float32]:
        pairs = zip(self.tables, seats, strict=True)
        return np.stack([table.vector(int(seat)) for table, seat in pairs])

    def returns(self) -> npt.NDArray[np.float64]:
        return np.array([table.returns() for table in self.tables], dtype=np.float64)


def batch_of(game: Game[Any, Any], size: int) -> Batch:
    """The game's batched kernel if it has one, else a :class:`TableBatch` over the interface."""
    if not game.provides(Capability.BATCH):
        return TableBatch(game, size)
    try:
        return game.batch(size)
    except NotImplementedError:
        return TableBatch(game, size)


def has_kernel(game: Game[Any, Any]) -> bool:
    """True when ``game`` steps its batches in a kernel of its own (a game's kernel may cover only some
    of its configurations: a game's ``batch`` raises NotImplementedError for the others)."""
    return not isinstance(batch_of(game, 1), TableBatch)


__all__ = ["TableBatch", "batch_of", "has_kernel"]
