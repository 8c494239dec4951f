"""Cubulus's batched games: many games in NumPy arrays, stepped together for learning code.

A batch keeps each game's fields as a row of arrays — the board as three 27-bit masks, the balls placed,
the moves made, the banned board (U12), the positions met since the last insert (U16), the end — and
steps every row with the scalar kernel (:mod:`.kernel`: :func:`~.kernel.legal_holes`,
:func:`~.kernel.insert`, :func:`~.kernel.shift`, :func:`~.kernel.winner_after`, …), the rules
:class:`.state.CubulusState` plays by: a loop over the rows, compiled with the kernel where Numba is
installed (:mod:`tabletop.core.compiling`), plain Python where it is not. What is not a rule — laying the
games out as observation vectors — is array arithmetic. The repetition rule (U16) needs the positions met
since the last insert; only shifts and passes come between, and they keep the occupied cells, so inside
that window a position is one int (:func:`~.kernel.window_key`), and each game keeps its window as a row
of keys.

Everything is numbered as :mod:`.encoding` numbers it (actions 0–135, the observation layout), and
``tests/games/cubulus/test_batch.py`` plays random games here and in :class:`.state.CubulusState`
side by side: the same masks, observations, returns and ends, action for action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from tabletop.core import TERMINAL
from tabletop.core.batch import ArrayBatch, Ints, Mask
from tabletop.core.compiling import compiled, kernel
from tabletop.games.cubulus.board import BALLS_PER_COLOUR
from tabletop.games.cubulus.encoding import (
    CELL_COUNT,
    ENDS,
    HOLE_COUNT,
    INSERT_BASE,
    LAST_KINDS,
    NUM_ACTIONS,
    PASS_INDEX,
    PHASES,
    SHIFT_BASE,
    CubulusEncoding,
)
from tabletop.games.cubulus.kernel import (
    NO_BAN,
    PASS_CODE,
    banned_after,
    legal_holes,
    lines_within,
    play,
    shift,
    window_key,
    winner_after,
)

if TYPE_CHECKING:
    from tabletop.games.cubulus.board import Board
    from tabletop.games.cubulus.game import Cubulus

Int64s = npt.NDArray[np.int64]

START, SETUP, PLAY, OVER = range(4)
"""Phases, numbered as the encoding's ``phase`` field orders them."""
assert [phase.name for phase in PHASES] == ["START", "SETUP", "PLAY", "OVER"]
FIRST, PLACE, INSERT, SHIFT, PASS = range(5)
"""Kinds of action, numbered as the encoding's ``last_kind`` field orders them (``LAST_KINDS``)."""
assert [kind.__name__ for kind in LAST_KINDS] == ["First", "Place", "Insert", "Shift", "Pass"]
SQUARE, REPETITION, MOVE_CAP = range(3)
"""Why a game ended, numbered as the encoding's ``end`` field orders them (``ENDS``)."""
assert ENDS == ("square", "repetition", "move cap")
NONE: Final = -1
"""No winner, no end, no last action yet."""
SEATS, NO_UNDO, REPEATS, CAP = range(4)
"""The fields of a batch's rules tuple: the seats and the options U12 and U16 read."""
_CELLS: Final = np.arange(CELL_COUNT, dtype=np.int64)


@kernel
def _board(board: Int64s, row: int) -> Board:
    """Game ``row``'s board, as Python ints where it runs as Python (NumPy's ints would be slow and wrap)."""
    return int(board[row, 0]), int(board[row, 1]), int(board[row, 2])


@kernel
def _banned(banned: Int64s, has_banned: npt.NDArray[np.bool_], row: int) -> Board:
    """The board game ``row``'s next move may not recreate (U12), or :data:`.kernel.NO_BAN`."""
    if has_banned[row]:
        return int(banned[row, 0]), int(banned[row, 1]), int(banned[row, 2])
    return NO_BAN


@kernel
def _occurrences(window: Int64s, window_size: Int64s, row: int, key: int) -> int:
    """How often the position ``key`` occurs in game ``row``'s window (U16)."""
    count = 0
    for i in range(window_size[row]):
        if window[row, i] == key:
            count += 1
    return count


@kernel
def _remember(window: Int64s, window_size: Int64s, row: int, key: int) -> None:
    """Add ``key`` to game ``row``'s window (its room was made beforehand)."""
    window[row, window_size[row]] = key
    window_size[row] += 1


@kernel
def _legal_rows(rows: Ints, phase: Int64s, to_move: Int64s, board: Int64s, banned: Int64s,
                has_banned: npt.NDArray[np.bool_], neutral_cells: int, allow_null: bool,
                out: npt.NDArray[np.int8]) -> None:
    """The masks of the games ``rows`` into ``out``: a neutral ball into a free cell in the set-up (U13),
    the legal inserts and shifts in play (:func:`.kernel.legal_holes`), or a pass (U14)."""
    for k in range(len(rows)):
        row = rows[k]
        position = _board(board, row)
        if phase[row] == SETUP:
            free = neutral_cells & ~(position[0] | position[1] | position[2])
            for cell in range(CELL_COUNT):
                out[k, cell] = free >> cell & 1
        elif phase[row] == PLAY:
            inserts, shifts = legal_holes(position, to_move[row], _banned(banned, has_banned, row), allow_null)
            for hole in range(HOLE_COUNT):
                out[k, INSERT_BASE + hole] = inserts >> hole & 1
                out[k, SHIFT_BASE + hole] = shifts >> hole & 1
            out[k, PASS_INDEX] = 0 if inserts or shifts else 1


@kernel
def _fresh_window(window: Int64s, window_size: Int64s, row: int, key: int, repeats: bool) -> None:
    """Start game ``row``'s window of positions (U16) afresh with the position ``key`` (none when repetitions
    do not draw)."""
    window_size[row] = 0
    if repeats:
        _remember(window, window_size, row, key)


@kernel
def _fresh_windows(rows: Ints, board: Int64s, to_move: Int64s, window: Int64s, window_size: Int64s,
                   repeats: bool) -> None:
    """:func:`_fresh_window` of each game ``rows[k]`` with its position."""
    for row in rows:
        _fresh_window(window, window_size, row, window_key(_board(board, row), to_move[row]), repeats)


@kernel
def _play_rows(rows: Ints, indices: Ints, rules: tuple[int, int, int, int], phase: Int64s, to_move: Int64s,
               board: Int64s, placed: Int64s, moves: Int64s, banned: Int64s, has_banned: npt.NDArray[np.bool_],
               window: Int64s, window_size: Int64s, winner: Int64s, end: Int64s, last_kind: Int64s,
               last_seat: Int64s, last_spot: Int64s) -> None:
    """Each game ``rows[k]`` plays its legal action ``indices[k]``, as :class:`.state.CubulusState` applies it:
    U13's set-up, then U10–U12 and U14's move, U15's win, U12's ban, U16's repetition and move cap."""
    seats = rules[SEATS]
    for k in range(len(rows)):
        row, index = rows[k], indices[k]
        seat = to_move[row]
        if index < INSERT_BASE:  # U13: a neutral ball into an empty cell; after the ninth, the other seat starts
            board[row, 2] |= 1 << index
            placed[row, 2] += 1
            last_kind[row], last_seat[row], last_spot[row] = PLACE, seat, index
            if placed[row, 2] == BALLS_PER_COLOUR:
                phase[row], to_move[row] = PLAY, 1 - seat
                _fresh_window(window, window_size, row, window_key(_board(board, row), 1 - seat), rules[REPEATS] == 1)
            continue
        code = index - INSERT_BASE if index < PASS_INDEX else PASS_CODE
        before = _board(board, row)
        after = play(before, seat, code)
        board[row, 0], board[row, 1], board[row, 2] = after
        if code < HOLE_COUNT:
            placed[row, seat] += 1
        moves[row] += 1
        last_kind[row] = INSERT if code < HOLE_COUNT else SHIFT if code < PASS_CODE else PASS
        last_seat[row], last_spot[row] = seat, code % HOLE_COUNT if code < PASS_CODE else 0
        if code < PASS_CODE:  # U8, U15: another seat's square wins for them, else the mover's own
            won = winner_after(before, after, seats, seat, code % HOLE_COUNT)
            if won >= 0:
                phase[row], winner[row], end[row], has_banned[row] = OVER, won, SQUARE, False
                continue
        following = (seat + 1) % seats
        ban = banned_after(code, before, _banned(banned, has_banned, row), rules[NO_UNDO] == 1)
        banned[row, 0], banned[row, 1], banned[row, 2] = ban
        has_banned[row] = ban[0] >= 0
        if code < HOLE_COUNT:  # an insert: no earlier position can come back
            _fresh_window(window, window_size, row, window_key(after, following), rules[REPEATS] == 1)
        elif rules[REPEATS]:  # U16: the third occurrence of a position draws
            key = window_key(after, following)
            if _occurrences(window, window_size, row, key) >= 2:
                phase[row], end[row] = OVER, REPETITION
                continue
            _remember(window, window_size, row, key)
        if moves[row] >= rules[CAP]:  # U16: the move cap draws
            phase[row], end[row] = OVER, MOVE_CAP
        else:
            to_move[row] = following


@kernel
def _look_ahead_rows(rows: Ints, to_move: Int64s, board: Int64s, banned: Int64s, has_banned: npt.NDArray[np.bool_],
                     window: Int64s, window_size: Int64s, seats: int, repeats: bool,
                     out: npt.NDArray[np.float32], at: int) -> None:
    """The ``undo_banned`` and ``repeats`` fields of the games ``rows`` in play: which shifts U12 forbids, and
    how often the position after each shift, or a pass, has occurred (U16)."""
    for row in rows:
        position = _board(board, row)
        ban = _banned(banned, has_banned, row)
        following = (to_move[row] + 1) % seats
        full = lines_within(position[0] | position[1] | position[2])
        for hole in range(HOLE_COUNT):
            if not full >> hole & 1:
                continue  # only a full line shifts (U11)
            after = shift(position, hole)
            if after == ban:
                out[row, at + hole] = 1
            if repeats:
                out[row, at + HOLE_COUNT + hole] = _occurrences(window, window_size, row,
                                                                window_key(after, following)) / 2
        if repeats:
            out[row, at + 2 * HOLE_COUNT] = _occurrences(window, window_size, row, window_key(position, following)) / 2


class CubulusBatch(ArrayBatch):
    """``size`` Cubulus games of one configuration as arrays (see the module doc)."""

    def __init__(self, game: Cubulus, size: int) -> None:
        self.game, self.size = game, size
        self.num_players = game.num_players
        self.encoding: CubulusEncoding = game.encoding()  # type: ignore[assignment]
        first = game.options["first"]
        self.first = NONE if first == "random" else int(first)
        self.phase = np.full(size, OVER, dtype=np.int64)
        self.to_move = np.zeros(size, dtype=np.int64)
        self.board = np.zeros((size, 3), dtype=np.int64)
        self.placed = np.zeros((size, 3), dtype=np.int64)  #: balls of each colour on the board
        self.moves = np.zeros(size, dtype=np.int64)
        self.banned = np.zeros((size, 3), dtype=np.int64)
        self.has_banned = np.zeros(size, dtype=np.bool_)
        self.window = np.zeros((size, 8), dtype=np.int64)  #: keys met since the last insert (U16)
        self.window_size = np.zeros(size, dtype=np.int64)
        self.winner = np.full(size, NONE, dtype=np.int64)
        self.end = np.full(size, NONE, dtype=np.int64)
        self.last_kind = np.full(size, NONE, dtype=np.int64)
        self.last_seat = np.zeros(size, dtype=np.int64)
        self.last_spot = np.zeros(size, dtype=np.int64)  #: the cell of a place, the hole of an insert or shift
        self.neutral_cells = game.neutral_cells
        self._start_masks(size, NUM_ACTIONS)

    # --- starting, asking -------------------------------------------------------------------

    def reset(self, which: Mask, rng: np.random.Generator) -> None:
        """New games in ``which``: chance draws who starts (``first=random``, U4, U9), else the option's seat.

        Raises:
            ValueError: when ``which`` is not one flag per game.
        """
        rows = self._rows(which)
        for array in (self.board, self.placed, self.moves, self.banned, self.window_size):
            array[rows] = 0
        self.has_banned[rows] = False
        for array in (self.winner, self.end, self.last_kind):
            array[rows] = NONE
        if self.first == NONE:
            seats = rng.integers(self.num_players, size=len(rows)).astype(np.int64)
            self.last_kind[rows], self.last_seat[rows], self.last_spot[rows] = FIRST, seats, 0
        else:
            seats = np.full(len(rows), self.first, dtype=np.int64)
        if self.game.has_neutral:  # U13: the seat that does not start places the neutral balls
            self.phase[rows], self.to_move[rows] = SETUP, 1 - seats
        else:
            self.phase[rows], self.to_move[rows] = PLAY, seats
            self._make_room()
            compiled(_fresh_windows)(rows, self.board, self.to_move, self.window, self.window_size,
                                     self.game.repetition_draw)
        self._stale[rows] = True

    def current_players(self) -> Ints:
        """The seat to move, ``TERMINAL`` once over."""
        return np.where(self.phase == OVER, TERMINAL, self.to_move)

    def returns(self) -> npt.NDArray[np.float64]:
        """The winner +1, the others share −1; a draw and a game in play 0."""
        n = self.num_players
        out = np.zeros((self.size, n))
        won = self.winner >= 0
        out[won] = -1.0 / (n - 1)
        out[won, self.winner[won]] = 1.0
        return out

    def _legal(self, rows: Ints) -> npt.NDArray[np.int8]:
        """The masks of the games ``rows``."""
        out = np.zeros((len(rows), NUM_ACTIONS), dtype=np.int8)
        compiled(_legal_rows)(rows, self.phase, self.to_move, self.board, self.banned, self.has_banned,
                              self.neutral_cells, self.game.allow_null_shift, out)
        return out

    # --- moving ------------------------------------------------------------------------------

    def apply(self, actions: Ints, which: Mask, rng: np.random.Generator) -> None:
        """Each game of ``which`` plays its action (an index); Cubulus has no chance after the start.

        Raises:
            IllegalActionError: naming the first game whose action is not legal; no game changes.
        """
        rows, chosen = self._checked(actions, which)
        self._make_room()
        game = self.game
        compiled(_play_rows)(rows, chosen, (self.num_players, int(game.no_undo), int(game.repetition_draw),
                                            game.move_cap),
                             self.phase, self.to_move, self.board, self.placed, self.moves, self.banned,
                             self.has_banned, self.window, self.window_size, self.winner, self.end, self.last_kind,
                             self.last_seat, self.last_spot)
        self._stale[rows] = True

    def _over(self, row: int) -> bool:
        return bool(self.phase[row] == OVER)

    def _make_room(self) -> None:
        """Room in every game's window for one more position (a step adds one at most)."""
        needed = int(self.window_size.max(initial=0)) + 1
        if needed > self.window.shape[1]:
            grown = np.zeros((self.size, max(needed, 2 * self.window.shape[1])), dtype=np.int64)
            grown[:, : self.window.shape[1]] = self.window
            self.window = grown

    # --- seeing ------------------------------------------------------------------------------

    def observe(self, seats: Ints) -> npt.NDArray[np.float32]:
        """Each game as ``seats[i]`` sees it, in :class:`.encoding.CubulusEncoding`'s layout."""
        n, size = self.num_players, self.size
        seats = np.asarray(seats, dtype=np.int64)
        if seats.shape != (size,) or not ((seats >= 0) & (seats < n)).all():
            raise ValueError(f"observe takes one seat index 0–{n - 1} per game, shape ({size},)")
        everyone = np.arange(size)
        colours = 3  # two seats and neutral, or three seats
        out = np.zeros((size, self.encoding.observation_size), dtype=np.float32)

        def relative(seat: Ints) -> Ints:
            return (seat - seats) % n

        def colour_plane(colour: int) -> Ints:
            if self.game.has_neutral and colour == 2:
                return np.full(size, n, dtype=np.int64)
            return relative(np.full(size, colour, dtype=np.int64))

        planes = np.full((size, CELL_COUNT), colours, dtype=np.int64)
        for colour in range(3):
            planes = np.where(self.board[:, colour, None] >> _CELLS & 1, colour_plane(colour)[:, None], planes)
        out[everyone[:, None], planes * CELL_COUNT + _CELLS] = 1
        at = (colours + 1) * CELL_COUNT
        out[everyone, at + self.phase] = 1
        at += len(PHASES)
        acting = np.flatnonzero((self.phase == SETUP) | (self.phase == PLAY))
        out[acting, at + relative(self.to_move)[acting]] = 1
        at += n
        for colour in range(colours):
            out[everyone, at + colour_plane(colour)] = (BALLS_PER_COLOUR - self.placed[:, colour]) / BALLS_PER_COLOUR
        at += colours
        out[:, at] = self.moves / self.game.move_cap
        at += 1
        self._observe_last(out, at, relative(self.last_seat))
        at += len(LAST_KINDS) + n + CELL_COUNT + HOLE_COUNT
        self._look_ahead(out, at)
        at += 2 * HOLE_COUNT + 1
        won = np.flatnonzero(self.winner >= 0)
        out[won, at + relative(self.winner)[won]] = 1
        at += n
        ended = np.flatnonzero(self.end >= 0)
        out[ended, at + self.end[ended]] = 1
        return out

    def _observe_last(self, out: npt.NDArray[np.float32], at: int, seat: Ints) -> None:
        """The ``last_kind``, ``last_seat``, ``last_cell`` and ``last_hole`` fields."""
        kind = self.last_kind
        rows = np.flatnonzero(kind >= 0)
        out[rows, at + kind[rows]] = 1
        out[rows, at + len(LAST_KINDS) + seat[rows]] = 1
        spot = at + len(LAST_KINDS) + self.num_players
        placed = np.flatnonzero(kind == PLACE)
        out[placed, spot + self.last_spot[placed]] = 1
        moved = np.flatnonzero((kind == INSERT) | (kind == SHIFT))
        out[moved, spot + CELL_COUNT + self.last_spot[moved]] = 1

    def _look_ahead(self, out: npt.NDArray[np.float32], at: int) -> None:
        """``undo_banned`` and ``repeats`` in play (:func:`_look_ahead_rows`)."""
        compiled(_look_ahead_rows)(np.flatnonzero(self.phase == PLAY), self.to_move, self.board, self.banned,
                                   self.has_banned, self.window, self.window_size, self.num_players,
                                   self.game.repetition_draw, out, at)


__all__ = ["CubulusBatch"]
