"""The expert's static evaluation of a Cubulus board: how close each colour is to a square (U2, U15).

Every face has the same six squares on its 3×3 grid (four small 2×2 blocks, the large square of
the corners, the diamond of the edge-middles), so one table scores a face for a colour from two
9-bit patterns: the colour's balls on the face and the other balls there (blockers, which a push
or a shift may still move away). The table is indexed by the pattern pair read in base 3 (19,683
entries, built once at import), and a second table gives the *threat cells*: empty face cells that
would complete a square holding three of the colour's balls. An empty face cell is the entry of a
hole, and an insert into an empty entry pushes nothing (U10), so a threat cell is a win on the
next insert for a colour with a ball in hand. Reading a face's pattern out of a 27-bit mask is a
few shifts (faces x = 0 and x = 2 are contiguous bits, y-faces three runs of three, z-faces every
third bit). The functions are kernels (:mod:`tabletop.core.compiling`): the searches run them
compiled, and the tables are :class:`~tabletop.core.compiling.Table` objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.core.compiling import Table, kernel, table
from tabletop.games.cubulus.kernel import every_third, popcount

if TYPE_CHECKING:
    from tabletop.games.cubulus.board import Board

# --- reading a face out of a board mask --------------------------------------------------------


Patterns = tuple[int, int, int, int, int, int]
"""A mask's 9-bit patterns on the six faces."""


@kernel
def face_patterns(mask: int) -> Patterns:
    """The 9-bit pattern of ``mask`` on each face L, R, F, B, D, U (grid index 3u + v)."""
    return (mask & 511, mask >> 18 & 511, mask & 7 | mask >> 6 & 56 | mask >> 12 & 448,
            mask >> 6 & 7 | mask >> 12 & 56 | mask >> 18 & 448, every_third(mask), every_third(mask >> 2))


def _face_cells() -> list[list[int]]:
    """Per face (L R F B D U), the cube cell of each grid index 0–8, as :func:`face_patterns` reads them."""
    faces: list[list[int]] = [[] for _ in range(6)]
    for index in range(9):
        u, v = divmod(index, 3)
        faces[0].append(9 * 0 + 3 * u + v)
        faces[1].append(9 * 2 + 3 * u + v)
        faces[2].append(9 * u + 0 + v)
        faces[3].append(9 * u + 6 + v)
        faces[4].append(9 * u + 3 * v + 0)
        faces[5].append(9 * u + 3 * v + 2)
    return faces


FACE_CELLS: Final = _face_cells()
TO_CUBE: Final = table(sum(1 << cells[i] for i in range(9) if p >> i & 1) for cells in FACE_CELLS for p in range(512))
"""A 9-bit pattern ``p`` of face ``f`` back to cube cells: ``TO_CUBE[f << 9 | p]``."""

# --- the face tables ---------------------------------------------------------------------------

GRID_SQUARES: Final = tuple(
    [sum(1 << (3 * u + v) for u, v in ((a, b), (a + 1, b), (a, b + 1), (a + 1, b + 1))) for a in (0, 1) for b in (0, 1)]
    + [1 | 4 | 64 | 256, 2 | 8 | 32 | 128]
)
"""The six squares of a face's 3×3 grid: four small, the large (corners), the diamond (edge-middles)."""

WEIGHTS: Final = (
    (0, 0, 0, 0, 0),
    (3, 1, 0, 0, 0),
    (12, 4, 1, 0, 0),
    (60, 14, 0, 0, 0),
    (0, 0, 0, 0, 0),  # a whole square ends the game before it is ever evaluated
)
"""WEIGHTS[mine][blockers]: a square holding ``mine`` of a colour's balls and ``blockers`` others."""

TERNARY: Final = table(sum(3**i for i in range(9) if p >> i & 1) for p in range(512))
"""A 9-bit pattern read in base 3: a face's patterns (mine, others) index its tables at
``TERNARY[mine] + 2 * TERNARY[others]``."""


def _tables() -> tuple[Table, Table]:
    size = 3**9
    score = [0] * size
    threat = [0] * size
    for mine in range(512):
        for other in range(512):
            if mine & other:
                continue
            index = TERNARY[mine] + 2 * TERNARY[other]
            total, cells = 0, 0
            for square in GRID_SQUARES:
                own = (mine & square).bit_count()
                blockers = (other & square).bit_count()
                total += WEIGHTS[own][blockers]
                if own == 3 and not blockers:
                    cells |= square & ~mine
            score[index] = total
            threat[index] = cells
    return table(score), table(threat)


SCORE, THREAT = _tables()
"""Per pattern pair: the summed weights of a face's squares, and the face's threat cells as a pattern."""

THREAT_WEIGHT: Final = 40
"""Each distinct threat cell (a win on the next insert) beyond what :data:`WEIGHTS` already counts."""
DOUBLE_THREAT: Final = 400
"""Two or more threat cells: one insert cannot fill both."""


@kernel
def face_terms(mine: Patterns, others: Patterns) -> tuple[int, int]:
    """``(score, threat cells)`` of a colour from its :func:`face_patterns` and the other balls': the summed
    square weights and the cube mask of the empty cells that would complete one of its squares."""
    total = cells = 0
    for face in range(6):
        index = TERNARY[mine[face]] + 2 * TERNARY[others[face]]
        total += SCORE[index]
        threat = THREAT[index]
        if threat:
            cells |= TO_CUBE[face << 9 | threat]
    return total, cells


@kernel
def threat_cells(board: Board, colour: int) -> int:
    """The empty cells where an insert of ``colour`` would complete one of its squares."""
    mine = board[colour]
    return face_terms(face_patterns(mine), face_patterns((board[0] | board[1] | board[2]) & ~mine))[1]


@kernel
def threat_value(cells: int) -> int:
    """What a colour's threat cells add to its score (when it has a ball in hand to fill them)."""
    count = popcount(cells)
    return THREAT_WEIGHT * count + (DOUBLE_THREAT if count > 1 else 0)
