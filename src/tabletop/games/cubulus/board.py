"""The board kernel: balls as one 27-bit mask per colour, and what inserts and shifts do to them.

A :data:`Board` is three masks, one per colour — seats 0, 1, 2, where in a two-player game
colour 2 is the neutral colour. These functions are the hot path of every playout, so they are
plain functions over ints and the tables of :mod:`.geometry`: an insert (U10) moves the pushed
segment of its line one cell inward with a single mask shift per colour; a shift (U11) rotates a
full line the same way; the win check (U15) looks only at the squares touching the line just
moved, since a square that existed before the move would already have ended the game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from tabletop.core.errors import TabletopError
from tabletop.core.game import Player
from tabletop.games.cubulus.geometry import (
    ALL_CELLS,
    AXIS_STARTS,
    AXIS_STEPS,
    ENTRY,
    FAR,
    INWARD,
    LINE_MASK,
    MIDDLE,
    SQUARE_MASKS,
    SQUARES_NEAR,
)

Board = tuple[int, int, int]
"""One mask per colour (bit n = cell n holds a ball of that colour)."""
EMPTY_BOARD: Final[Board] = (0, 0, 0)
BALLS_PER_COLOUR: Final = 9
"""U1: 27 balls, 9 of each colour."""
EMPTY_MARK: Final = "."
COLOUR_NAMES: Final = ("red", "blue", "yellow")
"""The seats' colours, seat 0 first; with two players colour 2 is :data:`NEUTRAL_NAME` instead."""
NEUTRAL: Final = 2
"""With two players, colour 2 is the neutral colour (U4); with three it is seat 2's."""
NEUTRAL_NAME: Final = "neutral"
MARKS: Final = ("X", "O", "Y")
"""How the seats' balls are drawn in the terminal."""
NEUTRAL_MARK: Final = "#"


def occupied(board: Board) -> int:
    """The mask of cells holding a ball of any colour."""
    return board[0] | board[1] | board[2]


def pushes(board: Board, hole: int) -> int | None:
    """How many balls an insert at ``hole`` pushes inward (0, 1 or 2), or None when its line is full."""
    occ = board[0] | board[1] | board[2]
    if not occ & ENTRY[hole]:
        return 0
    if not occ & MIDDLE[hole]:
        return 1
    if not occ & FAR[hole]:
        return 2
    return None


def insert(board: Board, colour: int, hole: int) -> Board:
    """U10: a ball of ``colour`` enters at ``hole``; the balls before the first gap move one cell in.

    The caller has checked that the line is not full (:func:`pushes` is not None), so no ball
    ever leaves the cube.
    """
    m0, m1, m2 = board
    occ = m0 | m1 | m2
    entry = ENTRY[hole]
    if occ & entry:
        segment = entry if not occ & MIDDLE[hole] else entry | MIDDLE[hole]
        left, right = INWARD[hole]
        moved = m0 & segment
        m0 ^= moved ^ (moved << left >> right)
        moved = m1 & segment
        m1 ^= moved ^ (moved << left >> right)
        moved = m2 & segment
        m2 ^= moved ^ (moved << left >> right)
    if colour == 0:
        m0 |= entry
    elif colour == 1:
        m1 |= entry
    else:
        m2 |= entry
    return m0, m1, m2


def shift(board: Board, hole: int) -> Board:
    """U11: the full line of ``hole`` turns: [a, b, c] from the hole inward becomes [c, a, b]."""
    entry, line = ENTRY[hole], LINE_MASK[hole]
    segment, far = entry | MIDDLE[hole], FAR[hole]
    left, right = INWARD[hole]
    m0, m1, m2 = board
    part = m0 & line
    m0 ^= part ^ ((part & segment) << left >> right | (entry if part & far else 0))
    part = m1 & line
    m1 ^= part ^ ((part & segment) << left >> right | (entry if part & far else 0))
    part = m2 & line
    m2 ^= part ^ ((part & segment) << left >> right | (entry if part & far else 0))
    return m0, m1, m2


def line_set(mask: int) -> int:
    """The lines all of whose three cells are in ``mask``, as a line set (bit :data:`LINE_BIT` per line).

    Along an axis with step s, ``m & m >> s & m >> 2s`` keeps the first cell of every line that is
    wholly in ``m``: one expression per axis instead of a test per line.
    """
    found = 0
    for axis in range(3):
        step = AXIS_STEPS[axis]
        found |= (mask & mask >> step & mask >> 2 * step & AXIS_STARTS[axis]) << 27 * axis
    return found


def one_colour_lines(board: Board) -> int:
    """The line set of the lines holding three balls of one colour: shifting them changes nothing (U11)."""
    return line_set(board[0]) | line_set(board[1]) | line_set(board[2])


def is_null_shift(board: Board, hole: int) -> bool:
    """True when shifting the (full) line of ``hole`` changes nothing: its three balls share a colour."""
    line = LINE_MASK[hole]
    return board[0] & line == line or board[1] & line == line or board[2] & line == line


def owners_near(board: Board, colours: range, hole: int) -> list[int]:
    """The colours among ``colours`` owning a square that touches the line of ``hole`` (U8, U15)."""
    near = SQUARES_NEAR[hole]
    found = []
    for colour in colours:
        mask = board[colour]
        for square in near:
            if mask & square == square:
                found.append(colour)
                break
    return found


def owned_squares(board: Board, players: int) -> list[tuple[int, int]]:
    """Every (colour, square mask) of a seat's colour on the board; neutral squares never count (U15)."""
    return [(c, s) for c in range(players) for s in SQUARE_MASKS if board[c] & s == s]


def position_key(board: Board, to_move: Player) -> int:
    """A position for the repetition rule (U16) as one int: the board and the seat to move.

    The balls in hand are implied: each seat holds the 9 balls of its colour not on the board.
    """
    return board[0] | board[1] << 27 | board[2] << 54 | to_move << 81


@lru_cache(maxsize=1 << 12)
def board_text(board: Board) -> str:
    """The board as 27 characters in cell order 000, 001, …, 222: ``.`` empty, else the colour 0–2.

    >>> board_text((1, 2, 1 << 26))
    '01........................2'
    """
    chars = [EMPTY_MARK] * 27
    for colour, mask in enumerate(board):
        while mask:  # one step per ball, lowest cell first
            low = mask & -mask
            chars[low.bit_length() - 1] = "012"[colour]
            mask ^= low
    return "".join(chars)


def parse_board_text(text: str) -> Board:
    """The inverse of :func:`board_text`.

    Raises:
        TabletopError: when ``text`` is not 27 characters of ``.``, ``0``, ``1``, ``2``.
    """
    if len(text) != 27 or set(text) - {EMPTY_MARK, "0", "1", "2"}:
        raise TabletopError(f"a board is 27 characters of '.', '0', '1', '2' in cell order, not {text!r}")
    masks = [0, 0, 0]
    for n, mark in enumerate(text):
        if mark != EMPTY_MARK:
            masks[int(mark)] |= 1 << n
    return masks[0], masks[1], masks[2]


def check_board(board: Board) -> None:
    """Raise :class:`TabletopError` unless the masks are disjoint, inside the cube and ≤ 9 balls each."""
    m0, m1, m2 = board
    if m0 & m1 or m0 & m2 or m1 & m2 or (m0 | m1 | m2) & ~ALL_CELLS or min(board) < 0:
        raise TabletopError("a board's colours must be disjoint sets of the 27 cells")
    for colour, mask in enumerate(board):
        if mask.bit_count() > BALLS_PER_COLOUR:
            raise TabletopError(f"colour {colour} has {mask.bit_count()} balls on the board; there are only 9")
