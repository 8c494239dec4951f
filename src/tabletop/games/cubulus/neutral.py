"""The expert's neutral set-up (U13): where the seat that does not start puts the nine neutral balls.

The placer moves second, so it wants a set-up that blunts the starter's first move. Candidate
set-ups were measured by games of the expert against itself (``docs/cubulus.md``, Bots); the best
are kept here in order of preference, and the expert plays one of the 48 symmetric images of the
first that fits the board and the ``neutral_cells`` option, drawn from its random generator.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Final

from tabletop.games.cubulus.geometry import CELLS

SETUPS: Final = (
    (1, 3, 5, 7, 13, 19, 21, 23, 25),
    (0, 4, 8, 10, 12, 14, 16, 22, 24),
)
"""Neutral set-ups (U13) in order of preference, nine cells each, chosen by games of the expert
against itself (``docs/cubulus.md``, Bots): the diamonds of two opposite faces and the centre 111
held the starter to about half the games; the second, the best measured without 111 (for
``neutral_cells=exterior``), is the six face centres and three corners."""

CELL_KIND_ORDER: Final = ("centre", "edge", "face", "corner")
"""The kinds of cell a neutral ball serves the placer best on, best first (the same measurements)."""


def _kind(cell: int) -> str:
    """``corner``, ``edge``, ``face`` (a face centre) or ``centre``: by how many coordinates are 1."""
    return ("corner", "edge", "face", "centre")[sum(v == 1 for v in CELLS[cell].coords)]


def _symmetries() -> list[tuple[int, ...]]:
    """The 48 symmetries of the cube (axis permutations and reflections) as cell permutations."""
    found = []
    for perm in itertools.permutations(range(3)):
        for flips in itertools.product((False, True), repeat=3):
            table = []
            for cell in CELLS:
                xyz = cell.coords
                moved = [2 - xyz[perm[i]] if flips[i] else xyz[perm[i]] for i in range(3)]
                table.append(9 * moved[0] + 3 * moved[1] + moved[2])
            found.append(tuple(table))
    return found


SYMMETRIES: Final = _symmetries()


def neutral_cell(neutral: int, allowed: int, cells: Sequence[int], rng: random.Random,
                 setups: Sequence[Sequence[int]] = SETUPS) -> int:
    """The cell among the free ``cells`` for the next neutral ball: the next of the set-up
    :func:`setup_pattern` picks from ``setups``, or where none fits (someone else began the set-up)
    a cell of the best kind in :data:`CELL_KIND_ORDER`."""
    pattern = setup_pattern(neutral, allowed, rng, setups)
    choices = [c for c in cells if pattern >> c & 1]
    if not choices:
        rank = min(CELL_KIND_ORDER.index(_kind(c)) for c in cells)
        choices = [c for c in cells if CELL_KIND_ORDER.index(_kind(c)) == rank]
    return choices[rng.randrange(len(choices))]


def setup_pattern(neutral: int, allowed: int, rng: random.Random,
                  setups: Sequence[Sequence[int]] = SETUPS) -> int:
    """A nine-cell set-up (a symmetric image of the first of ``setups``, by default :data:`SETUPS`,
    that has one) holding the neutral balls already placed and only ``allowed`` cells; 0 when none fits."""
    for setup in setups:
        images = {sum(1 << symmetry[c] for c in setup) for symmetry in SYMMETRIES}
        fitting = sorted(mask for mask in images if mask & neutral == neutral and not mask & ~allowed)
        if fitting:
            return fitting[rng.randrange(len(fitting))]
    return 0


__all__ = ["CELL_KIND_ORDER", "SETUPS", "SYMMETRIES", "neutral_cell", "setup_pattern"]
