"""The cube's geometry against the spec's reference facts: cells, faces, holes, lines, the 36 squares."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.core import NotationError
from tabletop.games.cubulus import CELLS, HOLES, SQUARES, Cell, Hole, Square
from tabletop.games.cubulus.geometry import (
    CENTRE,
    EXTERIOR,
    FACE_PLANE,
    FACES,
    HOLES_OF_CELL,
    LINE_MASK,
    LINE_MASKS,
    SQUARES_NEAR,
    cells_of_face,
)


def test_cells_are_xyz_in_base_3() -> None:
    """Geometry: a cell is written xyz; 000 is front-left-bottom, 111 the centre, 27 cells in all."""
    assert len(CELLS) == 27
    assert [str(c) for c in CELLS[:4]] == ["000", "001", "002", "010"]
    assert Cell.parse("000").coords == (0, 0, 0)
    assert Cell.parse("102").coords == (1, 0, 2)
    assert str(CENTRE) == "111"
    assert all(Cell.parse(str(c)) == c for c in CELLS)


def test_faces_are_the_six_outer_planes() -> None:
    """Geometry: L x=0, R x=2, F y=0, B y=2, D z=0, U z=2; nine cells each; the centre on none."""
    assert FACE_PLANE == {"L": (0, 0), "R": (0, 2), "F": (1, 0), "B": (1, 2), "D": (2, 0), "U": (2, 2)}
    for face in FACES:
        assert len(cells_of_face(face)) == 9
    on_faces = {c for face in FACES for c in cells_of_face(face)}
    assert len(on_faces) == 26 and CENTRE not in on_faces
    assert EXTERIOR.bit_count() == 26 and not EXTERIOR >> CENTRE & 1


def test_54_holes_two_per_line_27_lines() -> None:
    """Reference fact: 54 holes; 27 lines of 3 cells, each with a hole at each end."""
    assert len(HOLES) == 54
    assert len({str(h) for h in HOLES}) == 54
    assert len(LINE_MASKS) == 27
    assert Counter(LINE_MASK[h] for h in HOLES) == {mask: 2 for mask in LINE_MASKS}
    for hole in HOLES:
        assert hole.opposite != hole and hole.opposite.opposite == hole
        assert hole.opposite.line == hole.line[::-1]


@pytest.mark.parametrize(("kind", "holes"), [("corner", 3), ("edge", 2), ("face centre", 1), ("centre", 0)])
def test_holes_per_cell(kind: str, holes: int) -> None:
    """Reference fact: a corner cell has 3 holes, an edge cell 2, a face centre 1, the centre none."""
    outer = {"corner": 3, "edge": 2, "face centre": 1, "centre": 0}[kind]  # coordinates that are 0 or 2
    cells = [c for c in CELLS if sum(v != 1 for v in c.coords) == outer]
    assert len(cells) == {"corner": 8, "edge": 12, "face centre": 6, "centre": 1}[kind]
    for cell in cells:
        assert len(HOLES_OF_CELL[cell]) == holes


def test_a_hole_opens_into_a_cell_of_its_face_and_runs_inward() -> None:
    """Geometry: U102 is above 102; a ball entering there travels along −z: 102 → 101 → 100."""
    hole = Hole.parse("U102")
    assert (hole.face, str(hole.cell)) == ("U", "102")
    assert [str(c) for c in hole.line] == ["102", "101", "100"]
    assert hole.line_name == "U102→100"
    assert [str(c) for c in Hole.parse("R211").line] == ["211", "111", "011"]
    assert [str(c) for c in Hole.parse("L011").line] == ["011", "111", "211"]
    assert [str(c) for c in Hole.parse("F100").line] == ["100", "110", "120"]
    assert [str(c) for c in Hole.parse("B122").line] == ["122", "112", "102"]
    assert [str(c) for c in Hole.parse("D110").line] == ["110", "111", "112"]
    for hole in HOLES:
        axis, coordinate = FACE_PLANE[hole.face]
        assert hole.cell.coords[axis] == coordinate
        inward = [c.coords[axis] for c in hole.line]
        assert inward == ([0, 1, 2] if coordinate == 0 else [2, 1, 0])
        others = {tuple(v for i, v in enumerate(c.coords) if i != axis) for c in hole.line}
        assert len(others) == 1  # a straight line along the face's axis


@pytest.mark.parametrize("text", ["U100", "L111", "X000", "U10", "U1022", "U103", ""])
def test_a_hole_must_be_a_face_and_a_cell_on_it(text: str) -> None:
    """Notation: a hole is a face letter and a cell of that face; anything else is refused."""
    with pytest.raises(NotationError, match="expected"):
        Hole.parse(text)


def test_36_squares_six_per_face() -> None:
    """U2: on each face 4 small squares, the large square and the diamond: 36 distinct patterns."""
    assert len(SQUARES) == 36
    assert len({s.mask for s in SQUARES}) == 36
    for face in FACES:
        kinds = Counter(s.kind for s in SQUARES if s.face == face)
        assert kinds == {"small": 4, "large": 1, "diamond": 1}


@pytest.mark.parametrize("square", SQUARES, ids=str)
def test_each_square_has_the_shape_its_kind_names(square: Square) -> None:
    """U2: small = a 2×2 block, large = the 4 corners, diamond = the 4 edge-middles; all on the face."""
    axis, coordinate = FACE_PLANE[square.face]
    assert all(c.coords[axis] == coordinate for c in square.cells)
    assert CENTRE not in square.cells
    flat = [tuple(v for i, v in enumerate(c.coords) if i != axis) for c in square.cells]
    match square.kind:
        case "small":
            us, vs = {u for u, _ in flat}, {v for _, v in flat}
            assert len(us) == 2 and len(vs) == 2 and max(us) - min(us) == 1 and max(vs) - min(vs) == 1
        case "large":
            assert set(flat) == {(0, 0), (0, 2), (2, 0), (2, 2)}
        case "diamond":
            assert set(flat) == {(1, 0), (0, 1), (2, 1), (1, 2)}
        case _:
            pytest.fail(square.kind)
    assert square.mask == sum(1 << c for c in square.cells)


def test_squares_near_a_line_are_exactly_those_touching_it() -> None:
    """The win check looks only at squares touching the moved line; none that touch it are missed."""
    for hole in HOLES:
        touching = {s.mask for s in SQUARES if set(s.cells) & set(hole.line)}
        assert set(SQUARES_NEAR[hole]) == touching
