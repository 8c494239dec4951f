"""The expert's static evaluation of a Cubulus board: how close each colour is to a square (U2, U15).

Every face has the same six squares on its 3×3 grid (four small 2×2 blocks, the large square of
the corners, the diamond of the edge-middles), so one table scores a face for a colour from two
9-bit patterns: the colour's balls on the face and the other balls there (blockers, which a push
or a shift may still move away). The table is indexed by the pattern pair read in base 3 (19,683
entries, built once at import), and a second table gives the *threat cells*: empty face cells that
would complete a square holding three of the colour's balls. An empty face cell is the entry of a
hole, and an insert into an empty entry pushes nothing (U10), so a threat cell is a win on the
next insert for a colour with a ball in hand. Reading a face's pattern out of a 27-bit mask is a
few shifts (faces x = 0 and x = 2 are contiguous bits, y-faces three runs of three, z-faces go
through two small tables).
"""

from __future__ import annotations

from typing import Final

from tabletop.games.cubulus.board import Board

# --- reading a face out of a board mask --------------------------------------------------------


def _every_third(bits: int, width: int) -> list[int]:
    """For each ``width``-bit value, its bits 0, 3, 6, … packed together (for the z-faces)."""
    table = []
    for value in range(1 << width):
        packed = 0
        for out, bit in enumerate(range(0, width, 3)):
            if value >> bit & 1:
                packed |= 1 << out
        table.append(packed << bits)
    return table


_Z_LOW: Final = _every_third(0, 15)  # cells 0, 3, …, 12 → bits 0–4
_Z_HIGH: Final = _every_third(5, 12)  # cells 15, 18, 21, 24 (from bit 15) → bits 5–8


def face_patterns(mask: int) -> tuple[int, int, int, int, int, int]:
    """The 9-bit pattern of ``mask`` on each face L, R, F, B, D, U (grid index 3u + v)."""
    z0 = mask
    z2 = mask >> 2
    return (
        mask & 511,
        mask >> 18 & 511,
        mask & 7 | mask >> 6 & 56 | mask >> 12 & 448,
        mask >> 6 & 7 | mask >> 12 & 56 | mask >> 18 & 448,
        _Z_LOW[z0 & 32767] | _Z_HIGH[z0 >> 15 & 4095],
        _Z_LOW[z2 & 32767] | _Z_HIGH[z2 >> 15 & 4095],
    )


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
_TO_CUBE: Final = tuple(tuple(sum(1 << cells[i] for i in range(9) if p >> i & 1) for p in range(512))
                        for cells in FACE_CELLS)
"""Per face, a 9-bit face pattern back to cube cells."""

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

_TERNARY: Final = tuple(sum(3**i for i in range(9) if p >> i & 1) for p in range(512))


def _tables() -> tuple[list[int], list[int]]:
    size = 3**9
    score = [0] * size
    threat = [0] * size
    for mine in range(512):
        for other in range(512):
            if mine & other:
                continue
            index = _TERNARY[mine] + 2 * _TERNARY[other]
            total, cells = 0, 0
            for square in GRID_SQUARES:
                own = (mine & square).bit_count()
                blockers = (other & square).bit_count()
                total += WEIGHTS[own][blockers]
                if own == 3 and not blockers:
                    cells |= square & ~mine
            score[index] = total
            threat[index] = cells
    return score, threat


_SCORE, _THREAT = _tables()

THREAT_WEIGHT: Final = 40
"""Each distinct threat cell (a win on the next insert) beyond what :data:`WEIGHTS` already counts."""
DOUBLE_THREAT: Final = 400
"""Two or more threat cells: one insert cannot fill both."""


def colour_terms(board: Board, colour: int) -> tuple[int, int]:
    """``(score, threat cells)`` of ``colour``: the summed square weights and the cube mask of the
    empty cells that would complete one of its squares."""
    mine = board[colour]
    others = (board[0] | board[1] | board[2]) & ~mine
    ternary, score_table, threat_table, to_cube = _TERNARY, _SCORE, _THREAT, _TO_CUBE
    total, cells = 0, 0
    for face, (m, o) in enumerate(zip(face_patterns(mine), face_patterns(others), strict=True)):
        index = ternary[m] + 2 * ternary[o]
        total += score_table[index]
        t = threat_table[index]
        if t:
            cells |= to_cube[face][t]
    return total, cells


def board_terms(board: Board, colours: int) -> list[tuple[int, int]]:
    """:func:`colour_terms` of each of the first ``colours`` colours, reading each face once."""
    ternary, score_table, threat_table, to_cube = _TERNARY, _SCORE, _THREAT, _TO_CUBE
    patterns = [face_patterns(board[0]), face_patterns(board[1]), face_patterns(board[2])]
    found = []
    for colour in range(colours):
        mine, one, two = patterns[colour], patterns[colour - 2], patterns[colour - 1]
        total, cells = 0, 0
        for face in range(6):
            index = ternary[mine[face]] + 2 * ternary[one[face] | two[face]]
            total += score_table[index]
            t = threat_table[index]
            if t:
                cells |= to_cube[face][t]
        found.append((total, cells))
    return found


def threat_cells(board: Board, colour: int) -> int:
    """The empty cells where an insert of ``colour`` would complete one of its squares."""
    return colour_terms(board, colour)[1]


def threat_value(cells: int) -> int:
    """What a colour's threat cells add to its score (when it has a ball in hand to fill them)."""
    count = cells.bit_count()
    return THREAT_WEIGHT * count + (DOUBLE_THREAT if count > 1 else 0)
