"""The rules on masks, once: what an insert and a shift do to a board, which lines may move, who wins.

A :data:`.board.Board` is three 27-bit masks, one per colour. These functions are the hot path of every
playout, search and batch of games, and each exists only here: :class:`.state.CubulusState` runs them as
Python, the searches (:mod:`.search`, :mod:`.proof_numbers`, :mod:`.solver`) and :class:`.batch.CubulusBatch`
as machine code where Numba is installed — the same source (:mod:`tabletop.core.compiling`), so it is
written in the Python Numba compiles: ints and tuples of ints, loops, tables. An insert (U10) moves the
pushed segment of its line one cell inward with one shift of each colour's mask; a shift (U11) turns a full
line the same way; the lines that are full, or of one colour, come out of three shifts of a mask per axis
for all 27 lines at once, as a 54-bit mask of holes (bit h for hole h); the win check (U15) looks only at
the squares through the cells a colour gained on the line just moved, since a square that was there before
would already have ended the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from tabletop.core.compiling import kernel, table
from tabletop.games.cubulus.board import BALLS_PER_COLOUR
from tabletop.games.cubulus.geometry import ALL_CELLS, AXIS_STARTS, ENTRY, FAR, INWARD, LINE_MASK, MIDDLE, SQUARES_NEAR

if TYPE_CHECKING:
    from tabletop.games.cubulus.board import Board

HOLE_COUNT: Final = 54
PASS_CODE: Final = 108
"""A move as the searches code it: a hole 0–53 for an insert, 54 + hole for a shift, 108 a pass."""
NO_BAN: Final = (-1, 0, 0)
"""The banned board when no board is banned (U12): no board has a negative mask."""
MAX_MOVES: Final = 2 * HOLE_COUNT + 1
"""More moves than a position ever has (54 inserts and 54 shifts at most, or a pass)."""

LEFT: Final = tuple(left for left, _ in INWARD)
RIGHT: Final = tuple(right for _, right in INWARD)
"""Per hole, the shifts moving a mask one cell inward along its line: ``(m << LEFT[h]) >> RIGHT[h]``."""
SQUARES_FROM: Final = table([0, *[sum(len(s) for s in SQUARES_NEAR[: hole + 1]) for hole in range(54)]])
NEAR_SQUARES: Final = table([s for squares in SQUARES_NEAR for s in squares])
""":data:`.geometry.SQUARES_NEAR` in one table: the squares with a cell on the line of hole h are
``NEAR_SQUARES[SQUARES_FROM[h]:SQUARES_FROM[h + 1]]``."""
HOLES_THROUGH: Final = tuple(sum(1 << hole for hole in range(54) if LINE_MASK[hole] >> cell & 1) for cell in range(27))
"""Per cell, the holes of the lines through it, as a hole mask."""
X_STARTS: Final = AXIS_STARTS[0]
Y_STARTS: Final = AXIS_STARTS[1]
"""The cells where the lines along x and along y begin (x = 0, y = 0)."""
ALL_HOLES: Final = (1 << HOLE_COUNT) - 1
DE_BRUIJN: Final = 0x03F79D71B4CB0A89
BIT_AT: Final = tuple(k for _, k in sorted(((1 << k) * DE_BRUIJN >> 58 & 63, k) for k in range(64)))
"""A de Bruijn sequence, and where each of its six-bit windows starts: :func:`lowest`'s tables."""


@kernel
def popcount(mask: int) -> int:
    """How many cells of a board mask (27 bits) are set."""
    mask = mask - (mask >> 1 & 0x55555555)
    mask = (mask & 0x33333333) + (mask >> 2 & 0x33333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F
    return (mask * 0x01010101 & 0xFFFFFFFF) >> 24


@kernel
def every_third(mask: int) -> int:
    """Bits 0, 3, 6, …, 24 of ``mask`` packed into bits 0–8 (a line of cells along z, read across)."""
    mask &= 0x1249249
    mask = (mask ^ mask >> 2) & 0x30C30C3
    mask = (mask ^ mask >> 4) & 0x300F00F
    mask = (mask ^ mask >> 8) & 0x30000FF
    return (mask ^ mask >> 16) & 0x1FF


@kernel
def lines_within(mask: int) -> int:
    """The holes whose line lies wholly in ``mask``, as a hole mask (bit h for hole h; both holes of a line).

    Along an axis with step s, ``m & m >> s & m >> 2s`` keeps the first cell of every line wholly in ``m``;
    the nine first cells of an axis, read in cell order, are the order of the holes of each of its two faces.
    """
    x = mask & mask >> 9 & mask >> 18 & X_STARTS
    y = mask & mask >> 3 & mask >> 6 & Y_STARTS
    y = y & 7 | y >> 6 & 0o70 | y >> 12 & 0o700
    z = every_third(mask & mask >> 1 & mask >> 2)
    return x | x << 9 | y << 18 | y << 27 | z << 36 | z << 45


@kernel
def is_null_shift(board: Board, hole: int) -> bool:
    """U11: the line of ``hole`` holds three balls of one colour, so shifting it changes nothing."""
    line = LINE_MASK[hole]
    return board[0] & line == line or board[1] & line == line or board[2] & line == line


@kernel
def one_colour_lines(board: Board) -> int:
    """:func:`is_null_shift` for every hole at once, as a hole mask."""
    return lines_within(board[0]) | lines_within(board[1]) | lines_within(board[2])


@kernel
def in_hand(board: Board, colour: int) -> bool:
    """``colour`` has a ball off the board (U1: nine of each), so its seat may insert (U7)."""
    return popcount(board[colour]) < BALLS_PER_COLOUR


@kernel
def pushed_cells(occupied: int, hole: int) -> int:
    """U10: the cells whose balls an insert at ``hole`` pushes one cell deeper — those before the line's
    first gap: none, the entry, or the entry and the middle — or the whole line when it is full (no insert)."""
    entry = ENTRY[hole]
    if not occupied & entry:
        return 0
    middle = MIDDLE[hole]
    if not occupied & middle:
        return entry
    if not occupied & FAR[hole]:
        return entry | middle
    return LINE_MASK[hole]


@kernel
def pushes(board: Board, hole: int) -> int:
    """How many balls an insert at ``hole`` pushes inward (0, 1 or 2), or −1 when its line is full (U5, U10)."""
    cells = pushed_cells(board[0] | board[1] | board[2], hole)
    if cells == LINE_MASK[hole]:
        return -1
    return 0 if not cells else 1 if cells == ENTRY[hole] else 2


@kernel
def insert(board: Board, colour: int, hole: int) -> Board:
    """U10: a ball of ``colour`` enters at ``hole``; the balls before the first gap move one cell in.

    The caller has checked that the line is not full, so no ball ever leaves the cube.
    """
    m0, m1, m2 = board
    segment = pushed_cells(m0 | m1 | m2, hole)
    if segment:
        left, right = LEFT[hole], RIGHT[hole]
        moved = m0 & segment
        m0 ^= moved ^ (moved << left >> right)
        moved = m1 & segment
        m1 ^= moved ^ (moved << left >> right)
        moved = m2 & segment
        m2 ^= moved ^ (moved << left >> right)
    entry = ENTRY[hole]
    if colour == 0:
        m0 |= entry
    elif colour == 1:
        m1 |= entry
    else:
        m2 |= entry
    return m0, m1, m2


@kernel
def shift(board: Board, hole: int) -> Board:
    """U11: the full line of ``hole`` turns: [a, b, c] from the hole inward becomes [c, a, b]."""
    entry, line = ENTRY[hole], LINE_MASK[hole]
    segment, far = entry | MIDDLE[hole], FAR[hole]
    left, right = LEFT[hole], RIGHT[hole]
    m0, m1, m2 = board
    part = m0 & line
    m0 ^= part ^ ((part & segment) << left >> right | (entry if part & far else 0))
    part = m1 & line
    m1 ^= part ^ ((part & segment) << left >> right | (entry if part & far else 0))
    part = m2 & line
    m2 ^= part ^ ((part & segment) << left >> right | (entry if part & far else 0))
    return m0, m1, m2


@kernel
def winner_after(before: Board, after: Board, seats: int, mover: int, hole: int) -> int:
    """U8, U15 after ``mover``'s insert or shift at ``hole`` turned ``before`` into ``after``: the seat that
    wins — another seat's square first, in turn order, then the mover's — or −1. Neutral squares never count.

    Only the line of ``hole`` changed, and before the move nobody had a square, so a new square holds a cell
    of that line its colour just gained: only the squares touching the line, and through a gained cell, are
    looked at.
    """
    near = NEAR_SQUARES[SQUARES_FROM[hole]:SQUARES_FROM[hole + 1]]
    for step in range(1, seats + 1):
        seat = (mover + step) % seats
        mask = after[seat]
        gained = mask & ~before[seat]
        if gained:
            for square in near:
                if square & gained and mask & square == square:
                    return seat
    return -1


@kernel
def banned_after(code: int, before: Board, banned: Board, no_undo: bool) -> Board:
    """U12: the board the next move may not recreate after move ``code`` from ``before``: the board before a
    shift (with ``no_undo``), the ban as it was after a pass (no move), none (:data:`NO_BAN`) after an insert."""
    if code == PASS_CODE:
        return banned
    if code >= HOLE_COUNT and no_undo:
        return before
    return NO_BAN


@kernel
def window_key(board: Board, seat: int) -> int:
    """A position for the repetition rule (U16) as one int64, valid among positions with the same occupied
    cells — as are all positions since the last insert, the only ones that can recur: the third colour's
    balls are the occupied cells the other two do not hold."""
    return board[0] | board[1] << 27 | seat << 54


@kernel
def lowest(bits: int) -> int:
    """The number of the lowest set bit of a mask below 2⁶³: a de Bruijn sequence, which reads the same in Python
    and in machine code (where the product wraps at 64 bits; the six bits read are the same)."""
    return BIT_AT[(bits & -bits) * DE_BRUIJN >> 58 & 63]


@kernel
def legal_holes(board: Board, seat: int, banned: Board, allow_null: bool) -> tuple[int, int]:
    """U10–U12: the holes where ``seat`` may insert — lines not full (U5), with a ball in hand (U7) — and where
    it may shift — full lines (U11) that change something unless ``allow_null``, and whose shift does not
    recreate ``banned`` (U12) — as two hole masks; both empty, the seat passes (U14)."""
    full = lines_within(board[0] | board[1] | board[2])
    inserts = ALL_HOLES & ~full if in_hand(board, seat) else 0
    shifts = full
    if shifts and not allow_null:
        shifts &= ~one_colour_lines(board)
    if shifts and banned[0] >= 0:
        # a shift changes only its own line: it can recreate the banned board only if nothing else differs
        diff = (banned[0] ^ board[0]) | (banned[1] ^ board[1]) | (banned[2] ^ board[2])
        left = shifts & HOLES_THROUGH[lowest(diff)] if diff else shifts
        while left:
            hole = lowest(left)
            left &= left - 1
            if not diff & ~LINE_MASK[hole] and shift(board, hole) == banned:
                shifts &= ~(1 << hole)
    return inserts, shifts


@kernel
def search_holes(board: Board, seat: int, banned: Board, allow_null: bool) -> tuple[int, int]:
    """:func:`legal_holes` as the searches take them: one insert per empty entry cell — the hole first in hole
    order — since every hole into an empty cell makes the same board."""
    inserts, shifts = legal_holes(board, seat, banned, allow_null)
    empty = ~(board[0] | board[1] | board[2])
    left, taken = inserts, 0
    while left:
        hole = lowest(left)
        left &= left - 1
        entry = ENTRY[hole]
        if empty & entry:
            if taken & entry:
                inserts &= ~(1 << hole)
            taken |= entry
    return inserts, shifts


@kernel
def hole_codes(inserts: int, shifts: int, codes: list[int]) -> int:
    """The moves at the holes of two hole masks as codes from index 0 of ``codes``: the inserts (the hole),
    then the shifts (:data:`HOLE_COUNT` + hole), each in hole order; how many."""
    n = 0
    while inserts:
        codes[n] = lowest(inserts)
        inserts &= inserts - 1
        n += 1
    while shifts:
        codes[n] = HOLE_COUNT + lowest(shifts)
        shifts &= shifts - 1
        n += 1
    return n


@kernel
def move_codes(board: Board, seat: int, banned: Board, allow_null: bool, codes: list[int]) -> int:
    """The moves of :func:`search_holes` as codes (:func:`hole_codes`); how many (none: the seat passes, U14)."""
    inserts, shifts = search_holes(board, seat, banned, allow_null)
    return hole_codes(inserts, shifts, codes)


@kernel
def play(board: Board, seat: int, code: int) -> Board:
    """The board after ``seat``'s move ``code``: an insert (U10), a shift (U11) or a pass (U14)."""
    if code < HOLE_COUNT:
        return insert(board, seat, code)
    if code < PASS_CODE:
        return shift(board, code - HOLE_COUNT)
    return board


@kernel
def board_at(boards: list[int], i: int) -> Board:
    """Board ``i`` of a list of boards kept as their masks one after another (as :func:`children` writes them)."""
    return boards[3 * i], boards[3 * i + 1], boards[3 * i + 2]


@kernel
def children(board: Board, seat: int, banned: Board, seats: int, allow_null: bool, codes: list[int],
             boards: list[int], winners: list[int]) -> int:
    """The moves of :func:`move_codes` into ``codes``, each with the board after it into ``boards`` (its three
    masks at ``3i``, :func:`board_at`) and the seat it makes win (U15), or −1, into ``winners``; how many."""
    n = move_codes(board, seat, banned, allow_null, codes)
    for i in range(n):
        after = play(board, seat, codes[i])
        boards[3 * i], boards[3 * i + 1], boards[3 * i + 2] = after
        winners[i] = winner_after(board, after, seats, seat, codes[i] % HOLE_COUNT)
    return n


@kernel
def children_or_pass(board: Board, seat: int, banned: Board, seats: int, allow_null: bool, codes: list[int],
                     boards: list[int], winners: list[int]) -> int:
    """:func:`children`, or a pass (:data:`PASS_CODE`, the board unchanged, no winner) when there is no move (U14):
    every answer a proof must consider; how many."""
    n = children(board, seat, banned, seats, allow_null, codes, boards, winners)
    if n == 0:
        codes[0], winners[0] = PASS_CODE, -1
        boards[0], boards[1], boards[2] = board
        n = 1
    return n


@kernel
def first_move(board: Board, seat: int, banned: Board, seats: int, allow_null: bool, attackers: int,
               winning: bool) -> int:
    """The first move of :func:`move_codes` after which a seat of ``attackers`` (bit s for seat s) has a square
    (U15) — or, not ``winning``, after which none has: a pass when there is no move (U14) — or −1. The moves
    are made one at a time, stopping at the first."""
    inserts, shifts = search_holes(board, seat, banned, allow_null)
    if not winning and not inserts | shifts:
        return PASS_CODE
    while inserts:
        hole = lowest(inserts)
        inserts &= inserts - 1
        winner = winner_after(board, insert(board, seat, hole), seats, seat, hole)
        if (winner >= 0 and attackers >> winner & 1 == 1) == winning:
            return hole
    while shifts:
        hole = lowest(shifts)
        shifts &= shifts - 1
        winner = winner_after(board, shift(board, hole), seats, seat, hole)
        if (winner >= 0 and attackers >> winner & 1 == 1) == winning:
            return HOLE_COUNT + hole
    return -1


def window_keys(positions: Iterable[int]) -> list[int]:
    """The window keys (:func:`window_key`) of positions as :func:`.board.position_key` writes them (the
    positions of one window: since the last insert)."""
    return [window_key((key & ALL_CELLS, key >> 27 & ALL_CELLS, 0), key >> 81) for key in positions]


__all__ = ["ALL_HOLES", "HOLE_COUNT", "MAX_MOVES", "NO_BAN", "PASS_CODE", "banned_after", "board_at", "children",
           "children_or_pass", "first_move", "hole_codes", "in_hand", "insert", "is_null_shift", "legal_holes",
           "lines_within", "lowest", "move_codes", "one_colour_lines", "play", "popcount", "pushed_cells", "pushes",
           "search_holes", "shift", "window_key", "window_keys", "winner_after"]
