"""The terminal picture (layers and the six faces seen from outside), log lines and announcements."""

from __future__ import annotations

import pytest

from tabletop.games.cubulus import CELLS, Cell, Cubulus, First, Pass, Place
from tabletop.games.cubulus.geometry import cells_of_face
from tabletop.games.cubulus.render import face_grids, layer_grids, picture
from tests.games.cubulus.helpers import BLUE, LATIN, RED, YELLOW, set_line, three_players, two_players


def test_the_picture_of_an_insert_with_pushes() -> None:
    """The exact picture: three layers side by side, the faces as seen from outside, the move in brackets."""
    position = {"000": RED, "100": BLUE, "222": YELLOW, "012": RED}
    state = three_players().position(position, to_move=0).apply_text("insert L000")
    assert str(state) == "\n".join([
        "Cubulus · 3 players · move 1 of 300",
        "  Balls in hand: Seat 1 (X red) 6 · Seat 2 (O blue) 8 · Seat 3 (Y yellow) 8",
        "Last: Seat 1 (X red) inserted at L000, pushing 2 balls  (its balls in [ ])",
        "Layers, seen from above (front row y=0 at the bottom):",
        "  bottom z=0        middle z=1        top z=2",
        "   y\\x  0  1  2      y\\x  0  1  2      y\\x  0  1  2",
        "    2   ·  ·  ·       2   ·  ·  ·       2   ·  ·  Y",
        "    1   ·  ·  ·       1   ·  ·  ·       1   X  ·  ·",
        "    0  [X][X][O]      0   ·  ·  ·       0   ·  ·  ·",
        "Faces, seen from outside (a hole is the face + the cell behind it, e.g. U102):",
        "  F front y=0       R right x=2       B back y=2        L left x=0",
        "   z\\x  0  1  2      z\\y  0  1  2      z\\x  2  1  0      z\\y  2  1  0",
        "    2   ·  ·  ·       2   ·  ·  Y       2   Y  ·  ·       2   ·  X  ·",
        "    1   ·  ·  ·       1   ·  ·  ·       1   ·  ·  ·       1   ·  ·  ·",
        "    0  [X][X][O]      0  [O] ·  ·       0   ·  ·  ·       0   ·  · [X]",
        "  U top z=2         D bottom z=0",
        "   y\\x  0  1  2      y\\x  0  1  2",
        "    2   ·  ·  Y       0  [X][X][O]",
        "    1   X  ·  ·       1   ·  ·  ·",
        "    0   ·  ·  ·       2   ·  ·  ·",
        "▶ Seat 2 (O blue) to move, 8 in hand.",
        "  insert H — 52 holes open (H = face + cell, e.g. insert L001)",
        "  shift H on a full line — H = L000 R200",
        "  (typing just a hole takes the move there: the insert, or the shift when its line is full)",
    ])
    assert "\x1b" not in str(state)


def corners(grid: tuple[str, str, list[tuple[int, list[Cell]]], list[int]]) -> tuple[str, str]:
    """The cells drawn at the top-left and bottom-left of a grid."""
    rows = grid[2]
    return str(rows[0][1][0]), str(rows[-1][1][0])


def test_each_face_is_drawn_as_seen_from_outside() -> None:
    """U3: walking round the cube, each face's left edge is the previous face's right edge; top and bottom
    are seen with the front edge towards the viewer."""
    faces = {grid[0].split()[0]: grid for grid in face_grids()}
    assert corners(faces["F"]) == ("002", "000")  # front: x to the right, z up
    assert corners(faces["R"]) == ("202", "200")  # right: its left edge is the front's right edge
    assert corners(faces["B"]) == ("222", "220")  # back: seen from behind, x runs right to left
    assert corners(faces["L"]) == ("022", "020")  # left: its right edge is the front's left edge
    assert [str(c) for c in faces["L"][2][-1][1]][-1] == "000"
    assert corners(faces["U"]) == ("022", "002")  # top: the front row at the bottom
    assert corners(faces["D"]) == ("000", "020")  # bottom: tipped towards you, the front row at the top
    for grid in face_grids():
        drawn = [c for _, cells in grid[2] for c in cells]
        assert len(drawn) == 9 and set(drawn) == set(cells_of_face(grid[0][0]))
    layers = [sorted(c for _, cells in grid[2] for c in cells) for grid in layer_grids()]
    assert sorted(c for layer in layers for c in layer) == list(CELLS)


def test_a_winning_square_is_starred() -> None:
    """The winner's square is marked *X*; the result line names the square."""
    state = two_players().position({"001": RED, "010": RED, "011": RED}).apply_text("insert L000")
    text = "\n".join(picture(state))
    assert text.count("*X*") == 4 + 4 + 2 + 2  # the layers (2 + 2), face L, and the edges on F and D
    assert str(state).splitlines()[-2:] == ["Seat 1 (X red) wins with the small square on face L (000 001 010 011).",
                                            "  (the winning square is marked * *)"]


def test_the_status_tells_what_to_type() -> None:
    """The player to move is told the notation: place xyz in the set-up, inserts and shifts in play, pass."""
    setup = Cubulus(first=0).initial_state()
    assert "▶ Seat 2 (O blue) places the neutral balls (#): 9 left." in str(setup)
    assert "place xyz — any empty cell (e.g. place 000)" in str(setup)
    stuck = three_players().position({c: RED for c in LATIN})
    assert str(stuck).endswith("no legal move, so you pass (press Enter).")
    full = three_players().position({**{c: RED for c in LATIN if c != "102"}, "102": RED, "101": BLUE, "100": YELLOW})
    assert str(full).splitlines()[-2] == "  shift H on a full line — H = D100 U102"
    assert "insert H" not in str(full)


def test_chance_and_the_end_of_the_set_up_are_announced() -> None:
    """The log says who was drawn to start, and when the set-up is over who inserts first."""
    start = Cubulus().initial_state()
    assert start.describe(First(1)) == "chance: Seat 2 (O blue) starts; seat 1 places the neutral balls"
    assert "Chance draws who starts." in str(start)
    state = Cubulus(first=1).initial_state()
    for cell in LATIN:
        state = state.apply_text(f"place {cell}")
    assert state.announcements() == ["The neutral balls are placed; Seat 2 (O blue) starts."]


@pytest.mark.parametrize(("cells", "action", "line"), [
    ({}, "insert U102", "Seat 1 (X red) inserts at U102"),
    ({"102": BLUE}, "insert U102", "Seat 1 (X red) inserts at U102, pushing 1 ball"),
    ({"102": BLUE, "101": YELLOW}, "insert U102", "Seat 1 (X red) inserts at U102, pushing 2 balls"),
    (set_line("U102", [RED, BLUE, YELLOW]), "shift U102",
     "Seat 1 (X red) shifts line U102→100: the ball at 100 comes back in at 102"),
])
def test_describe_says_what_a_move_does(cells: dict[str, int], action: str, line: str) -> None:
    """describe(action): a log line naming the seat, the hole, and the balls pushed."""
    state = three_players().position(cells)
    assert state.describe(state.game.parse_action(action)) == line


def test_describe_place_and_pass() -> None:
    """The set-up counts down the neutral balls; a pass says why."""
    state = Cubulus(first=0).initial_state()
    assert state.describe(Place(Cell.parse("111"))) == "Seat 2 (O blue) places a neutral ball at 111 (8 left)"
    stuck = three_players().position({c: RED for c in LATIN})
    assert stuck.describe(Pass()) == "Seat 1 (X red) has no legal move and passes (U14)"
