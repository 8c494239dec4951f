"""Cubulus's batched kernel: many games in numpy arrays, stepped together for learning code.

The bitboards of :mod:`.board` — one 27-bit mask per colour — are already numbers, so a batch
keeps them as an ``(N, 3)`` int64 array and every rule becomes a few array operations over the
tables of :mod:`.geometry`: an insert (U10) shifts the pushed segment of each game's line with
one masked shift per colour, a shift (U11) rotates the line, ``(N, 54)`` comparisons find the full
lines, the one-colour lines (U11) and the shift that would undo the last move (U12), and the win
check (U8, U15) tests the squares touching the moved line. The repetition rule (U16) needs the
positions met since the last insert; only shifts and passes come between, and they keep the
occupied cells, so inside that window a position is exactly the first two colours' masks and the
seat to move — 56 bits, one int64 — and each game keeps its window as a row of keys.

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
from tabletop.games.cubulus.geometry import ENTRY, FAR, INWARD, LINE_MASK, MIDDLE, SQUARE_MASKS, SQUARES_NEAR

if TYPE_CHECKING:
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

_CELLS: Final = np.arange(CELL_COUNT, dtype=np.int64)
_ENTRY: Final = np.array(ENTRY, dtype=np.int64)
_MIDDLE: Final = np.array(MIDDLE, dtype=np.int64)
_FAR: Final = np.array(FAR, dtype=np.int64)
_SEGMENT: Final = _ENTRY | _MIDDLE
_LINE: Final = np.array(LINE_MASK, dtype=np.int64)
_LEFT: Final = np.array([left for left, _ in INWARD], dtype=np.int64)
_RIGHT: Final = np.array([right for _, right in INWARD], dtype=np.int64)
_SQUARES: Final = np.array(SQUARE_MASKS, dtype=np.int64)
_NEAR: Final = np.array([[square in SQUARES_NEAR[h] for square in SQUARE_MASKS] for h in range(HOLE_COUNT)])
"""``(54, 36)``: the squares touching each hole's line, the only ones a move there can complete."""
_KIND_STARTS: Final = np.array([0, INSERT_BASE, SHIFT_BASE, PASS_INDEX])
"""Where each kind's indices start: ``searchsorted(…, side="right")`` of an index is its kind."""
_SHORT: Final = 4
"""Windows this long or shorter are compared together (most are: an insert starts a new one)."""
SEAT_SHIFT: Final = 54
"""A window key is ``colour 0 | colour 1 << 27 | seat to move << 54``."""


def shifted(boards: Int64s) -> Int64s:
    """``(R, 54, 3)``: each board of ``(R, 3)`` after shifting each hole's line (U11: [a, b, c] from
    the hole becomes [c, a, b]); meaningful only where the line is full."""
    after = np.empty((boards.shape[0], HOLE_COUNT, 3), dtype=np.int64)
    for colour in range(3):
        mask = boards[:, colour, None]
        part = mask & _LINE
        back = np.where(part & _FAR, _ENTRY, 0)
        after[:, :, colour] = mask ^ part ^ ((((part & _SEGMENT) << _LEFT) >> _RIGHT) | back)
    return after


def shifted_at(boards: Int64s, holes: Ints) -> Int64s:
    """``(R, 3)``: each board after shifting the full line of ``holes[r]`` (U11)."""
    line, segment, far, entry = _LINE[holes], _SEGMENT[holes], _FAR[holes], _ENTRY[holes]
    left, right = _LEFT[holes], _RIGHT[holes]
    after = boards.copy()
    for colour in range(3):
        part = boards[:, colour] & line
        after[:, colour] ^= part ^ ((((part & segment) << left) >> right) | np.where(part & far, entry, 0))
    return after


def inserted(boards: Int64s, colours: Ints, holes: Ints) -> Int64s:
    """``(R, 3)``: each board after a ball of ``colours[r]`` enters at ``holes[r]`` (U10: the balls
    before the first gap move one cell deeper); the lines are not full."""
    occupied = boards[:, 0] | boards[:, 1] | boards[:, 2]
    entry, middle = _ENTRY[holes], _MIDDLE[holes]
    segment = np.where(occupied & entry, np.where(occupied & middle, entry | middle, entry), 0)
    left, right = _LEFT[holes], _RIGHT[holes]
    after = boards.copy()
    for colour in range(3):
        moved = boards[:, colour] & segment
        after[:, colour] ^= moved ^ ((moved << left) >> right)
    after[np.arange(len(holes)), colours] |= entry
    return after


def window_keys(boards: Int64s, seats: Ints) -> Int64s:
    """The repetition keys (U16) of ``boards[..., 3]`` with ``seats`` to move, inside one window."""
    return boards[..., 0] | boards[..., 1] << CELL_COUNT | seats << SEAT_SHIFT


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
            self._fresh_window(rows, self.board[rows], seats)
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
        phase, board = self.phase[rows], self.board[rows]
        occupied = board[:, 0] | board[:, 1] | board[:, 2]
        setup = np.flatnonzero(phase == SETUP)
        if setup.size:  # U13: a neutral ball into any free cell the option allows
            free = ~occupied[setup] & self.neutral_cells
            out[setup, :CELL_COUNT] = free[:, None] >> _CELLS & 1
        play = np.flatnonzero(phase == PLAY)
        if not play.size:
            return out
        boards, games = board[play], rows[play]
        full = occupied[play, None] & _LINE == _LINE
        in_hand = self.placed[games, self.to_move[games]] < BALLS_PER_COLOUR
        inserts = ~full & in_hand[:, None]
        shifts = full.copy()
        if not self.game.allow_null_shift:  # U11: a line of one colour does not shift
            for colour in range(3):
                shifts &= boards[:, colour, None] & _LINE != _LINE
        banned, holes = np.nonzero(shifts & self.has_banned[games, None])
        if banned.size:  # U12: no shift back to the board before the last move
            undo = (shifted_at(boards[banned], holes) == self.banned[games[banned]]).all(axis=1)
            shifts[banned[undo], holes[undo]] = False
        out[play, INSERT_BASE:SHIFT_BASE] = inserts
        out[play, SHIFT_BASE:PASS_INDEX] = shifts
        out[play, PASS_INDEX] = ~(inserts.any(axis=1) | shifts.any(axis=1))  # U14
        return out

    # --- moving ------------------------------------------------------------------------------

    def apply(self, actions: Ints, which: Mask, rng: np.random.Generator) -> None:
        """Each game of ``which`` plays its action (an index); Cubulus has no chance after the start.

        Raises:
            IllegalActionError: naming the first game whose action is not legal; no game changes.
        """
        rows, chosen = self._checked(actions, which)
        kinds = np.searchsorted(_KIND_STARTS, chosen, side="right")
        for kind in (PLACE, INSERT, SHIFT, PASS):
            picked = kinds == kind
            if picked.any():
                self._play(kind, rows[picked], chosen[picked])
        self._stale[rows] = True

    def _over(self, row: int) -> bool:
        return bool(self.phase[row] == OVER)

    def _play(self, kind: int, rows: Ints, indices: Ints) -> None:
        seats = self.to_move[rows]
        before = self.board[rows]
        if kind == PLACE:
            self._place(rows, seats, indices)
            return
        spots = indices - (INSERT_BASE if kind == INSERT else SHIFT_BASE)
        if kind == INSERT:
            after = inserted(before, seats, spots)
            self.placed[rows, seats] += 1
        elif kind == SHIFT:
            after = shifted_at(before, spots)
        else:
            after, spots = before, np.zeros(len(rows), dtype=np.int64)
        self.board[rows] = after
        self.moves[rows] += 1
        self.last_kind[rows], self.last_seat[rows], self.last_spot[rows] = kind, seats, spots
        going = np.ones(len(rows), dtype=np.bool_)
        if kind != PASS:  # U8, U15: another seat's square wins for them, else the mover's own
            winners = self._winners(after, seats, spots)
            won = winners >= 0
            self.phase[rows[won]], self.winner[rows[won]], self.end[rows[won]] = OVER, winners[won], SQUARE
            self.has_banned[rows[won]] = False
            going = ~won
        rows, seats, before, after = rows[going], seats[going], before[going], after[going]
        following = (seats + 1) % self.num_players
        if kind == INSERT:  # no earlier position can come back, nor the board before it (U12)
            self.has_banned[rows] = False
            self._fresh_window(rows, after, following)
        else:
            if kind == SHIFT:  # a pass is no move: the ban on undoing the last move stays (U12)
                self.banned[rows] = before
                self.has_banned[rows] = self.game.no_undo
            if self.game.repetition_draw:  # U16: the third occurrence of a position draws
                keys = window_keys(after, following)
                third = self._occurrences(rows, keys) >= 2
                self.phase[rows[third]], self.end[rows[third]] = OVER, REPETITION
                self._remember(rows[~third], keys[~third])
                rows, following = rows[~third], following[~third]
        capped = self.moves[rows] >= self.game.move_cap  # U16: the move cap draws
        self.phase[rows[capped]], self.end[rows[capped]] = OVER, MOVE_CAP
        self.to_move[rows[~capped]] = following[~capped]

    def _place(self, rows: Ints, seats: Ints, cells: Ints) -> None:
        """U13: a neutral ball into an empty cell; after the ninth, the other seat starts."""
        self.board[rows, 2] |= np.int64(1) << cells
        self.placed[rows, 2] += 1
        self.last_kind[rows], self.last_seat[rows], self.last_spot[rows] = PLACE, seats, cells
        done = self.placed[rows, 2] == BALLS_PER_COLOUR
        rows, starters = rows[done], 1 - seats[done]
        self.phase[rows], self.to_move[rows] = PLAY, starters
        self._fresh_window(rows, self.board[rows], starters)

    def _winners(self, boards: Int64s, movers: Ints, holes: Ints) -> Ints:
        """Per game, the seat a move at ``holes`` makes win (U8, U15), or -1."""
        n = self.num_players
        near = _NEAR[holes]
        owners = np.stack([(((boards[:, c, None] & _SQUARES) == _SQUARES) & near).any(axis=1) for c in range(n)],
                          axis=1)
        order = (movers[:, None] + np.arange(1, n + 1)) % n  # the seats after the mover, the mover last
        found = np.take_along_axis(owners, order, axis=1)
        first = found.argmax(axis=1)
        return np.where(found.any(axis=1), order[np.arange(len(holes)), first], NONE)

    # --- the repetition window (U16) ----------------------------------------------------------

    def _fresh_window(self, rows: Ints, boards: Int64s, seats: Ints) -> None:
        """A new window holding only this position (none when repetitions do not draw)."""
        self.window_size[rows] = 0
        if self.game.repetition_draw:
            self._remember(rows, window_keys(boards, seats))

    def _remember(self, rows: Ints, keys: Int64s) -> None:
        if not rows.size:
            return
        needed = int(self.window_size[rows].max()) + 1
        if needed > self.window.shape[1]:
            grown = np.zeros((self.size, max(needed, 2 * self.window.shape[1])), dtype=np.int64)
            grown[:, : self.window.shape[1]] = self.window
            self.window = grown
        self.window[rows, self.window_size[rows]] = keys
        self.window_size[rows] += 1

    def _occurrences(self, rows: Ints, keys: Int64s) -> Ints:
        """How often each ``keys[k]`` occurs in game ``rows[k]``'s window; windows are mostly short, so
        those are compared apart from the few long ones."""
        counts = np.zeros(len(rows), dtype=np.int64)
        sizes = self.window_size[rows]
        short = sizes <= _SHORT
        for part in (np.flatnonzero(short & (sizes > 0)), np.flatnonzero(~short)):
            if part.size:
                width = int(sizes[part].max())
                seen = self.window[rows[part], :width]
                valid = np.arange(width) < sizes[part, None]
                counts[part] = ((seen == keys[part, None]) & valid).sum(axis=1)
        return counts

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
        """``undo_banned`` and ``repeats`` in play: which shifts U12 forbids, and how often the position
        after each shift, or a pass, has occurred (U16)."""
        rows = np.flatnonzero(self.phase == PLAY)
        if not rows.size:
            return
        boards = self.board[rows]
        occupied = boards[:, 0] | boards[:, 1] | boards[:, 2]
        following = (self.to_move[rows] + 1) % self.num_players
        pairs, holes = np.nonzero(occupied[:, None] & _LINE == _LINE)  # only a full line shifts (U11)
        games = rows[pairs]
        after = shifted_at(boards[pairs], holes)
        undo = self.has_banned[games] & (after == self.banned[games]).all(axis=1)
        out[games[undo], at + holes[undo]] = 1
        if self.game.repetition_draw:
            repeats = at + HOLE_COUNT
            out[games, repeats + holes] = self._occurrences(games, window_keys(after, following[pairs])) / 2
            out[rows, repeats + HOLE_COUNT] = self._occurrences(rows, window_keys(boards, following)) / 2


__all__ = ["CubulusBatch", "inserted", "shifted", "shifted_at", "window_keys"]
