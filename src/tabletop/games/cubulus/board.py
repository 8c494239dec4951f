"""The board as data: balls as one 27-bit mask per colour, its names and marks, and its text form.

A :data:`Board` is three masks, one per colour — seats 0, 1, 2, where in a two-player game colour 2
is the neutral colour. What moves do to a board — the rules on masks — is :mod:`.kernel`'s; here are
the names the rules and the screens share, the board as 27 characters and back (with the checks a
board read from outside must pass), the squares on a board and a position's key for the repetition
rule (U16).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from tabletop.core.errors import TabletopError
from tabletop.core.game import Player
from tabletop.games.cubulus.geometry import ALL_CELLS, SQUARE_MASKS

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
