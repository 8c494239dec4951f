"""The expert's neutral set-up (U13): where the seat that does not start puts the nine neutral balls.

The placer moves second, so it wants a set-up that blunts the starter's attack. Candidate set-ups
were measured by games of the expert against itself and then against MCTS with 10,000 rollouts a
move as the starter (``docs/cubulus.md``, Bots); the best are kept here in order of preference, and
the expert plays one of the symmetric images of the first that fits the board and the
``neutral_cells`` option, drawn from its random generator.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Final

from tabletop.games.cubulus.geometry import CELLS

SETUPS: Final = (
    (2, 3, 4, 7, 9, 17, 19, 23, 24),
    (0, 5, 7, 11, 13, 15, 19, 21, 26),
    (1, 3, 5, 7, 13, 19, 21, 23, 25),
    (0, 4, 8, 10, 12, 14, 16, 22, 24),
)
"""Neutral set-ups (U13) in order of preference, nine cells each (``docs/cubulus.md``, Bots).
The first is two opposite corners (002, 220), six edges and one face centre (011): a neutral ball on
each of the 36 squares, the centre free, so it fits ``neutral_cells=exterior`` too. Of the 16 set-ups
that cover every square (up to the cube's symmetries), it did best as the second player against MCTS
with 10,000 rollouts a move: 188 of 200 games, then 367 of 400 on fresh seeds, where the set-up used
until then — the cells with x + y + z ≡ 0 (mod 3), the only covering set-up with the centre — won 178
and 357 on the same seeds. That one had replaced the diamonds of two opposite faces and 111, chosen before by the
expert's games against itself. The last, the six face centres and three corners, is kept for a board
where none of the others fits."""

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
