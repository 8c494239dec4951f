"""Cubulus's numeric form for learning code: 136 actions, one chance outcome per seat, views as vectors.

Actions are numbered the same in every configuration: ``place xyz`` 0–26 (cell ``xyz`` is
9x + 3y + z), ``insert H`` 27–80 and ``shift H`` 81–134 (H one of the 54 holes in
:data:`~tabletop.games.cubulus.geometry.HOLES` order: faces L R F B D U, nine holes each, entry cells
ascending), ``pass`` 135. Chance outcome ``first N`` is N. The observation is read from a player's
view alone (everything in Cubulus is public): the 27 cells one-hot by owner, relative to the
observer — own colour first, then the next seats in turn order, the neutral colour (two players),
empty — then the phase, the seat to move, the balls in hand, the move clock (U16), the last move,
the shifts the undo ban forbids (U12) and the positions a shift or pass would repeat (U16).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from tabletop.core import Encoding, Field, Observation, Player, View, no_such_seat
from tabletop.games.cubulus.actions import (
    FIRSTS,
    INSERTS,
    PASS,
    PLACES,
    SHIFTS,
    CubulusAction,
    First,
    Insert,
    Pass,
    Place,
    Shift,
    parse_action,
)
from tabletop.games.cubulus.board import BALLS_PER_COLOUR, parse_board_text, position_key
from tabletop.games.cubulus.geometry import CELLS, HOLES, LINE_MASK
from tabletop.games.cubulus.kernel import shift
from tabletop.games.cubulus.phases import Phase

if TYPE_CHECKING:
    from tabletop.games.cubulus.game import Cubulus

CELL_COUNT: Final = len(CELLS)
HOLE_COUNT: Final = len(HOLES)
INSERT_BASE: Final = CELL_COUNT
SHIFT_BASE: Final = INSERT_BASE + HOLE_COUNT
PASS_INDEX: Final = SHIFT_BASE + HOLE_COUNT
NUM_ACTIONS: Final = PASS_INDEX + 1
ACTIONS: Final[tuple[CubulusAction, ...]] = (*PLACES, *INSERTS, *SHIFTS, PASS)
"""Every player action, at its index."""

PHASES: Final = tuple(Phase)
"""The phases in the order of the ``phase`` field: start, setup, play, over."""
LAST_KINDS: Final = (First, Place, Insert, Shift, Pass)
"""The kinds of the last action, in the order of the ``last_kind`` field."""
ENDS: Final = ("square", "repetition", "move cap")
"""Why a game ended, in the order of the ``end`` field (the values of ``End``)."""


class CubulusEncoding(Encoding[CubulusAction]):
    """Cubulus's actions and views as numbers, for one player count (the other options change
    what is legal, not the layout)."""

    def __init__(self, game: Cubulus) -> None:
        n = self.players = game.num_players
        self.has_neutral = game.has_neutral
        self.colours = n + (1 if self.has_neutral else 0)  #: seats' colours and, with two players, neutral
        owners = ("own", "the next seat's", "the seat after that's")[:n] + (("neutral",) if self.has_neutral else ())
        planes = ", ".join((*owners, "empty"))
        self._fields = (
            Field.unit("board", (self.colours + 1) * CELL_COUNT,
                       f"one-hot per cell, plane-major ({planes}; cells 000…222 in each plane): "
                       "who owns the ball in each cell, relative to the observer (U1, U9)"),
            Field.unit("phase", len(PHASES), "one-hot: start (chance draws who starts), setup (neutral balls, U13), "
                       "play, over"),
            Field.unit("to_move", n, "one-hot: the seat to act, relative to the observer (0 at chance and at the end)"),
            Field.unit("hands", self.colours,
                       "balls not on the board / 9, by colour as in board (own hand first; neutral: still in the bag)"),
            Field.unit("moves", 1, "moves made since the set-up / move_cap (U16)"),
            Field.unit("last_kind", len(LAST_KINDS),
                       "one-hot: the last action was first, place, insert, shift or pass"),
            Field.unit("last_seat", n, "one-hot: the seat that took the last action, relative to the observer "
                       "(for first N: the seat drawn)"),
            Field.unit("last_cell", CELL_COUNT, "one-hot: the cell of the last place (U13)"),
            Field.unit("last_hole", HOLE_COUNT, "one-hot: the hole of the last insert or shift (U10, U11)"),
            Field.unit("undo_banned", HOLE_COUNT, "1 at each hole whose shift would recreate the board before the "
                       "previous move (U12: illegal)"),
            Field.unit("repeats", HOLE_COUNT + 1, "per hole's shift, then pass: how often the position it leads to "
                       "has occurred, / 2 (1: a third occurrence, a draw by repetition, U16)"),
            Field.unit("winner", n, "one-hot: the winning seat, relative to the observer (U8, U15)"),
            Field.unit("end", len(ENDS), "one-hot: why the game ended: square, repetition, move cap (U15, U16)"),
        )
        # board character -> plane, per observing seat
        self._plane = tuple(
            {".": self.colours, **{str(c): self._relative_colour(c, seat) for c in range(3)}} for seat in range(n))

    def _relative_colour(self, colour: int, seat: Player) -> int:
        """The plane of ``colour`` for ``seat``: own 0, next seat 1, …, neutral n (two players)."""
        if self.has_neutral and colour == 2:
            return self.players
        return (colour - seat) % self.players

    @property
    def num_actions(self) -> int:
        """136: 27 places, 54 inserts, 54 shifts, pass."""
        return NUM_ACTIONS

    @property
    def num_chance_outcomes(self) -> int:
        """One per seat: ``first N`` (U4, U9, U13)."""
        return self.players

    @property
    def fields(self) -> Sequence[Field]:
        return self._fields

    def action_index(self, action: CubulusAction) -> int:
        """``place xyz`` is its cell 0–26, ``insert H`` 27 + H, ``shift H`` 81 + H, ``pass`` 135.

        Raises:
            ValueError: for a chance outcome or anything that is not a Cubulus action.
        """
        match action:
            case Place(cell) if 0 <= cell < CELL_COUNT:
                return int(cell)
            case Insert(hole) if 0 <= hole < HOLE_COUNT:
                return INSERT_BASE + int(hole)
            case Shift(hole) if 0 <= hole < HOLE_COUNT:
                return SHIFT_BASE + int(hole)
            case Pass():
                return PASS_INDEX
            case First():
                raise ValueError(f"{action}: a chance outcome, not a player action (see chance_index)")
        raise ValueError(f"{action!r}: not a Cubulus player action; the encoding numbers place xyz, insert H, "
                         "shift H and pass")

    def action_at(self, index: int) -> CubulusAction:
        """The action numbered ``index`` (see :meth:`action_index`).

        Raises:
            ValueError: when ``index`` is outside 0–135.
        """
        if not 0 <= index < NUM_ACTIONS:
            raise ValueError(f"action {index} is out of range 0–{NUM_ACTIONS - 1} "
                             "(places 0–26, inserts 27–80, shifts 81–134, pass 135)")
        return ACTIONS[index]

    def chance_index(self, outcome: CubulusAction) -> int:
        """``first N`` is N.

        Raises:
            ValueError: for anything but ``first N`` with N a seat of this game.
        """
        if isinstance(outcome, First) and 0 <= outcome.seat < self.players:
            return outcome.seat
        raise ValueError(f"{outcome}: not a chance outcome of {self.players}-player Cubulus; "
                         f"the outcomes are first 0–first {self.players - 1}")

    def chance_at(self, index: int) -> CubulusAction:
        """The outcome ``first index``.

        Raises:
            ValueError: when ``index`` is not a seat.
        """
        if not 0 <= index < self.players:
            raise ValueError(f"chance outcome {index} is out of range 0–{self.players - 1} (first N, one per seat)")
        return FIRSTS[index]

    def observe(self, view: View, player: Player) -> Observation:
        """The layout of :attr:`fields`, read from ``view`` alone, relative to ``player``'s seat.

        Raises:
            ValueError: when ``player`` is not a seat or ``view`` is not a view of this game.
        """
        n = self.players
        if not 0 <= player < n:
            raise ValueError(no_such_seat(player, n))
        if view.get("game") != "cubulus" or view.get("players") != n:
            raise ValueError(f"not a view of {n}-player Cubulus")
        out = np.zeros(self.observation_size, dtype=np.float32)
        plane = self._plane[player]

        def rel(seat: int) -> int:
            return (seat - player) % n

        text = view["board"]
        for cell, mark in enumerate(text):
            out[plane[mark] * CELL_COUNT + cell] = 1
        at = (self.colours + 1) * CELL_COUNT
        phase = Phase(view["phase"])
        out[at + PHASES.index(phase)] = 1
        at += len(PHASES)
        if view["to_move"] >= 0:
            out[at + rel(view["to_move"])] = 1
        at += n
        for colour, balls in enumerate(view["hands"][: self.colours]):
            out[at + self._relative_colour(colour, player)] = balls / BALLS_PER_COLOUR
        at += self.colours
        out[at] = view["moves"] / view["move_cap"]
        at += 1
        last = view["last"]
        if last is not None:
            action = parse_action(last["action"])
            out[at + LAST_KINDS.index(type(action))] = 1
            out[at + len(LAST_KINDS) + rel(last["seat"])] = 1
            spot = at + len(LAST_KINDS) + n
            match action:
                case Place(cell):
                    out[spot + cell] = 1
                case Insert(hole) | Shift(hole):
                    out[spot + CELL_COUNT + hole] = 1
        at += len(LAST_KINDS) + n + CELL_COUNT + HOLE_COUNT
        if phase is Phase.PLAY:
            self._look_ahead(view, out, at)
        at += 2 * HOLE_COUNT + 1
        if view["winner"] is not None:
            out[at + rel(view["winner"])] = 1
        at += n
        if view["end"] is not None:
            out[at + ENDS.index(view["end"])] = 1
        return out

    def _look_ahead(self, view: View, out: Observation, at: int) -> None:
        """The ``undo_banned`` and ``repeats`` fields: which shifts U12 forbids, and how often the
        position after each shift (or a pass) has occurred (U16)."""
        board = parse_board_text(view["board"])
        occupied = board[0] | board[1] | board[2]
        banned = None if view["banned"] is None else parse_board_text(view["banned"])
        after_move = (int(view["seat"]) + 1) % self.players  # the seat to move after this move
        counts: dict[int, int] = {}
        for name, times in (("seen", 1), ("repeated", 2)):
            for board_text, seat in view[name]:
                counts[position_key(parse_board_text(board_text), int(seat))] = times
        for hole in HOLES:
            if occupied & LINE_MASK[hole] != LINE_MASK[hole]:
                continue  # only a full line shifts (U11)
            after = shift(board, hole)
            if after == banned:
                out[at + hole] = 1
            out[at + HOLE_COUNT + hole] = counts.get(position_key(after, after_move), 0) / 2
        out[at + 2 * HOLE_COUNT] = counts.get(position_key(board, after_move), 0) / 2
