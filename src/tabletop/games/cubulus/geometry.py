"""The cube as precomputed tables: cells, faces, holes, lines and the 36 squares (rules U1, U2).

A cell ``xyz`` (three digits 0–2: x left→right, y front→back, z bottom→top) is the number
9x + 3y + z, so its notation is simply its number written in base 3, and a set of cells is a
27-bit mask with bit ``n`` for cell ``n``. A hole is a face letter and the cell it opens into
(``U102``); the balls of its line, counted from the hole inward, sit on cells c0, c1, c2 spaced by
a fixed step of ±1, ±3 or ±9 bits, so pushing every ball of a line segment one cell deeper is one
shift of a mask. Everything the rules ask in their hot path — is this line full, which balls does
an insert push, which squares could this move have completed — becomes a few integer operations
on the tables built here once, at import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tabletop.core.errors import NotationError


class Cell(int):
    """A cell of the cube as its number 0–26 (= ``xyz`` in base 3); ``str`` gives the notation.

    >>> Cell.parse("102"), str(Cell(11))
    (Cell.parse('102'), '102')
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Cell:
        """The cell written ``xyz`` (three digits 0–2).

        Raises:
            NotationError: saying what a cell looks like.
        """
        word = text.strip()
        if len(word) != 3 or any(ch not in "012" for ch in word):
            raise NotationError(f"{text!r} is not a cell; expected three digits 0–2, xyz (e.g. 102)",
                                params={"text": text})
        return CELLS[int(word, 3)]

    @property
    def coords(self) -> tuple[int, int, int]:
        """``(x, y, z)``."""
        return self // 9, self // 3 % 3, self % 3

    @property
    def bit(self) -> int:
        """The cell's bit in a board mask."""
        return 1 << self

    def __str__(self) -> str:
        return CELL_NAMES[self]

    def __repr__(self) -> str:
        return f"Cell.parse({CELL_NAMES[self]!r})"


CELL_NAMES: Final = tuple(f"{n // 9}{n // 3 % 3}{n % 3}" for n in range(27))
CELLS: Final = tuple(Cell(n) for n in range(27))
CENTRE: Final = CELLS[13]
"""Cell 111: on no face, so it is in no hole's entry and no square (it never counts for a win)."""
ALL_CELLS: Final = (1 << 27) - 1
"""The mask of the whole cube."""
EXTERIOR: Final = ALL_CELLS & ~CENTRE.bit
"""The 26 cells on the surface: where neutral balls may go with ``neutral_cells=exterior`` (U13)."""

FACES: Final = ("L", "R", "F", "B", "D", "U")
"""The six faces in the order holes are listed."""
FACE_PLANE: Final = {"L": (0, 0), "R": (0, 2), "F": (1, 0), "B": (1, 2), "D": (2, 0), "U": (2, 2)}
"""Each face as (axis, coordinate): ``L`` is the plane x = 0, ``U`` the plane z = 2."""
_AXIS_STEP = (9, 3, 1)


def cells_of_face(face: str) -> tuple[Cell, ...]:
    """The nine cells on ``face``, in cell order."""
    axis, coordinate = FACE_PLANE[face]
    return tuple(c for c in CELLS if c.coords[axis] == coordinate)


class Hole(int):
    """One of the 54 holes, as its index in :data:`HOLES` order; ``str`` gives ``U102``.

    A hole opens into a cell of its face; a ball inserted there travels inward along the line.

    >>> hole = Hole.parse("U102")
    >>> [str(c) for c in hole.line], hole.face
    (['102', '101', '100'], 'U')
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Hole:
        """The hole written face + cell, ``U102`` (case-insensitive).

        Raises:
            NotationError: naming the problem and what a hole looks like.
        """
        word = text.strip().upper()
        expected = "a hole: a face L R F B D U and the cell it opens into, e.g. U102"
        if len(word) != 4 or word[0] not in FACE_PLANE:
            raise NotationError(f"{text!r} is not a hole; expected {expected}", params={"text": text})
        cell = Cell.parse(word[1:])
        hole = _HOLE_AT.get((word[0], cell))
        if hole is None:
            axis, coordinate = FACE_PLANE[word[0]]
            raise NotationError(
                f"{text!r} is not a hole: cell {cell} is not on face {word[0]} "
                f"({'xyz'[axis]}={coordinate}); expected {expected}", params={"text": text}
            )
        return hole

    @property
    def face(self) -> str:
        """The face letter."""
        return HOLE_NAMES[self][0]

    @property
    def cell(self) -> Cell:
        """The cell the hole opens into (c0 of its line)."""
        return LINES[self][0]

    @property
    def line(self) -> tuple[Cell, Cell, Cell]:
        """The line's cells from the hole inward: c0, c1, c2."""
        return LINES[self]

    @property
    def opposite(self) -> Hole:
        """The hole at the other end of the same line."""
        return OPPOSITE[self]

    @property
    def line_name(self) -> str:
        """The line as written in messages: hole → far cell, ``R211→011``."""
        return f"{self}→{LINES[self][2]}"

    def __str__(self) -> str:
        return HOLE_NAMES[self]

    def __repr__(self) -> str:
        return f"Hole.parse({HOLE_NAMES[self]!r})"


def _holes() -> list[tuple[str, Cell, int]]:
    """Every (face, entry cell, inward step), faces in :data:`FACES` order, cells ascending."""
    found = []
    for face in FACES:
        axis, coordinate = FACE_PLANE[face]
        step = _AXIS_STEP[axis] if coordinate == 0 else -_AXIS_STEP[axis]
        found += [(face, cell, step) for cell in cells_of_face(face)]
    return found


_HOLE_DATA = _holes()
HOLES: Final = tuple(Hole(n) for n in range(len(_HOLE_DATA)))
HOLE_NAMES: Final = tuple(f"{face}{cell}" for face, cell, _ in _HOLE_DATA)
_HOLE_AT: Final = {(face, cell): HOLES[n] for n, (face, cell, _) in enumerate(_HOLE_DATA)}
LINES: Final = tuple((cell, CELLS[cell + step], CELLS[cell + 2 * step]) for _, cell, step in _HOLE_DATA)
"""Per hole: its line's cells from the hole inward."""
_HOLE_OF_LINE = {LINES[h]: h for h in HOLES}
OPPOSITE: Final = tuple(_HOLE_OF_LINE[LINES[h][::-1]] for h in HOLES)
"""Per hole: the hole at the other end of its line."""

# --- the hot-path tables, one entry per hole -------------------------------------------------
ENTRY: Final = tuple(1 << LINES[h][0] for h in HOLES)
"""Bit of c0, where an inserted ball lands."""
MIDDLE: Final = tuple(1 << LINES[h][1] for h in HOLES)
"""Bit of c1."""
FAR: Final = tuple(1 << LINES[h][2] for h in HOLES)
"""Bit of c2, the cell at the far end."""
LINE_MASK: Final = tuple(ENTRY[h] | MIDDLE[h] | FAR[h] for h in HOLES)
"""The line's three bits."""
INWARD: Final = tuple((max(step, 0), max(-step, 0)) for _, _, step in _HOLE_DATA)
"""Per hole, ``(left, right)`` shifts moving a mask one cell inward: ``(m << left) >> right``."""

LINE_MASKS: Final = tuple(sorted(set(LINE_MASK)))
"""The 27 lines, as masks."""
AXIS_STARTS: Final = tuple(sum(1 << c for c in CELLS if c.coords[axis] == 0) for axis in range(3))
"""Per axis, the cells at coordinate 0: the first cell of each line along that axis."""


@dataclass(frozen=True, slots=True)
class Square:
    """One of the 36 ways to make a square on a face (U2): a *small* 2×2 block, the *large*
    square of the four corners, or the *diamond* of the four edge-middles."""

    face: str
    kind: str  #: small, large or diamond
    cells: tuple[Cell, Cell, Cell, Cell]
    mask: int

    def __str__(self) -> str:
        return f"{self.kind} square on face {self.face} ({' '.join(str(c) for c in self.cells)})"


def _squares() -> list[Square]:
    """Six per face, in :data:`FACES` order: the four small squares, the large one, the diamond."""
    found = []
    for face in FACES:
        axis, coordinate = FACE_PLANE[face]
        a, b = (other for other in range(3) if other != axis)

        def cell(u: int, v: int, axis: int = axis, coordinate: int = coordinate, a: int = a, b: int = b) -> Cell:
            xyz = [0, 0, 0]
            xyz[axis], xyz[a], xyz[b] = coordinate, u, v
            return CELLS[9 * xyz[0] + 3 * xyz[1] + xyz[2]]

        blocks = [("small", [(u, v), (u + 1, v), (u, v + 1), (u + 1, v + 1)]) for u in (0, 1) for v in (0, 1)]
        blocks.append(("large", [(0, 0), (2, 0), (0, 2), (2, 2)]))
        blocks.append(("diamond", [(1, 0), (0, 1), (2, 1), (1, 2)]))
        for kind, spots in blocks:
            cells = tuple(sorted(cell(u, v) for u, v in spots))
            assert len(cells) == 4
            found.append(Square(face, kind, (cells[0], cells[1], cells[2], cells[3]),
                                sum(1 << c for c in cells)))
    return found


SQUARES: Final = tuple(_squares())
"""The 36 squares (U2): 6 faces × (4 small + large + diamond)."""
SQUARE_MASKS: Final = tuple(square.mask for square in SQUARES)
SQUARES_NEAR: Final = tuple(tuple(s for s in SQUARE_MASKS if s & LINE_MASK[h]) for h in HOLES)
"""Per hole: the square masks touching its line — the only squares a move there can complete."""
SQUARE_OF_MASK: Final = {square.mask: square for square in SQUARES}

HOLES_OF_CELL: Final = tuple(tuple(h for h in HOLES if LINES[h][0] == c) for c in CELLS)
"""Per cell: the holes opening into it (3 for a corner, 2 for an edge, 1 for a face centre, 0 at 111)."""

