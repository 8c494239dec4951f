"""Cubulus rules U1–U16: the draw for the start, the neutral set-up, inserts and shifts, the undo
ban, passes, the win check and the draws.

A :class:`CubulusState` is an immutable position: the phase, the seat to move, the board as three
27-bit masks, and just enough history for the rules that look back — the board the next move may
not recreate (U12) and the positions met since the last insert (U16). Only shifts and passes keep
the number of balls on the board, so a position can recur only within a run of them: an insert
starts the history afresh, which keeps it small. Text (pictures, log lines) lives in
:mod:`.render`; views in :mod:`.views`; what an action did, as events, in :mod:`.events`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tabletop.core import CHANCE, TERMINAL, Event, IllegalActionError, Player, State, TabletopError, View
from tabletop.core.errors import Reason, list_allowed, no_such_seat
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
)
from tabletop.games.cubulus.board import (
    BALLS_PER_COLOUR,
    EMPTY_BOARD,
    NEUTRAL,
    Board,
    check_board,
    owned_squares,
    position_key,
)
from tabletop.games.cubulus.events import events as last_events
from tabletop.games.cubulus.events import result as final_result
from tabletop.games.cubulus.geometry import CELLS, HOLES, LINE_MASK, Cell, Hole
from tabletop.games.cubulus.kernel import NO_BAN, insert, is_null_shift, legal_holes, pushed_cells, shift, winner_after
from tabletop.games.cubulus.phases import End, Last, Phase
from tabletop.games.cubulus.preview import ball_moves
from tabletop.games.cubulus.render import describe as describe_action
from tabletop.games.cubulus.render import render_state
from tabletop.games.cubulus.views import view as seat_view

if TYPE_CHECKING:
    from tabletop.games.cubulus.game import Cubulus


@dataclass(frozen=True, slots=True)
class CubulusState(State[CubulusAction]):
    """A Cubulus position.

    ``to_move`` is the seat to act (in the set-up, the one placing the neutral balls; once over, the
    last to move). ``banned`` is the board the next move may not recreate (U12): the board before
    the last shift (a pass, being no move, keeps it), None after an insert or with ``no_undo=off``.
    ``seen`` holds the positions (see :func:`.board.position_key`) met since the last insert, the current
    one included, and ``repeated`` those met twice: meeting one of those again is a draw (U16).
    """

    game: Cubulus
    phase: Phase
    to_move: Player
    board: Board
    moves: int = 0  #: moves made since the set-up (U16's cap)
    banned: Board | None = None
    seen: frozenset[int] = frozenset()
    repeated: frozenset[int] = frozenset()
    winner: Player | None = None
    end: End | None = None
    last: Last | None = field(default=None, compare=False)

    # --- the interface -----------------------------------------------------------------------

    @property
    def current_player(self) -> Player:
        match self.phase:
            case Phase.START:
                return CHANCE
            case Phase.OVER:
                return TERMINAL
        return self.to_move

    def hand(self, colour: int) -> int:
        """The balls of ``colour`` not on the board: in the seat's hand, or neutral balls in the bag."""
        return BALLS_PER_COLOUR - self.board[colour].bit_count()

    def legal_actions(self) -> Sequence[CubulusAction]:
        match self.phase:
            case Phase.START:
                return FIRSTS[: self.game.num_players]
            case Phase.SETUP:
                free = self.game.neutral_cells & ~(self.board[0] | self.board[1] | self.board[2])
                return tuple(PLACES[c] for c in CELLS if free >> c & 1)
            case Phase.PLAY:
                return self._moves() or (PASS,)
        return ()

    def _moves(self) -> tuple[CubulusAction, ...]:
        """U10–U12: the inserts into lines that are not full (with a ball in hand) and the legal shifts
        (:func:`.kernel.legal_holes`)."""
        inserts, shifts = legal_holes(self.board, self.to_move, self.banned or NO_BAN, self.game.allow_null_shift)
        return _actions_at(inserts, shifts)

    def why_illegal(self, action: object) -> Reason | None:
        """Why ``action`` may not be taken here, or None when it may (the reason names the rule, and
        carries its code and params: ``spec.errors``)."""
        game, phase = self.game, self.phase
        if phase is Phase.OVER:
            return Reason("the game is over; no action is legal", "game_over")
        if phase is Phase.START and not isinstance(action, First):
            return Reason("chance first draws who starts (U4, U9)", "chance_first")
        match action:
            case First(seat):
                if phase is not Phase.START:
                    return Reason("who starts is already decided", "start_decided")
                if not 0 <= seat < game.num_players:
                    return Reason(no_such_seat(seat, game.num_players), "no_seat",
                                  seat=seat, players=game.num_players)
                return None
            case Place(cell):
                if not game.has_neutral:
                    return Reason("there are no neutral balls with three players (U9)", "no_neutral")
                if phase is not Phase.SETUP:
                    return Reason("the neutral balls are all placed (U13)", "neutral_all_placed")
                if (self.board[0] | self.board[1] | self.board[2]) >> cell & 1:
                    return Reason(f"cell {cell} already holds a ball", "cell_taken", cell=str(cell))
                if not game.neutral_cells >> cell & 1:
                    return Reason(f"cell {cell} is the centre; neutral balls go on the surface "
                                  "(neutral_cells=exterior)", "centre_cell", cell=str(cell))
                return None
        if phase is Phase.SETUP:
            return Reason(f"{game.seat_label(self.to_move)} is placing the neutral balls first (U13: place xyz)",
                          "placing_neutral", seat=self.to_move)
        match action:
            case Insert(hole):
                if not self.hand(self.to_move):
                    return Reason(f"{game.seat_label(self.to_move)} has no ball left in hand; only shifts remain (U7)",
                                  "no_ball_in_hand", seat=self.to_move)
                board = self.board
                if pushed_cells(board[0] | board[1] | board[2], hole) == LINE_MASK[hole]:
                    return Reason(f"line {hole.line_name} is full; a ball would be pushed out (U5, U10)",
                                  "line_full", line=hole.line_name)
                return None
            case Shift(hole):
                return self._why_not_shift(hole)
            case Pass():
                if self._moves():
                    return Reason(f"{game.seat_label(self.to_move)} has a legal move and must move (U14)", "must_move",
                                  seat=self.to_move)
                return None
        return Reason("not a Cubulus action", "not_an_action")

    def _why_not_shift(self, hole: Hole) -> Reason | None:
        """U11, U12: a shift needs a full line, must change something, and may not undo the last move."""
        board = self.board
        line = LINE_MASK[hole]
        balls = ((board[0] | board[1] | board[2]) & line).bit_count()
        if balls < 3:
            return Reason(f"line {hole.line_name} holds {balls} ball{'s' if balls != 1 else ''}; only a full line "
                          "shifts (U11)", "line_not_full", line=hole.line_name, balls=balls)
        if not self.game.allow_null_shift and is_null_shift(board, hole):
            colour = next(c for c in range(3) if board[c] & line == line)
            return Reason(f"line {hole.line_name} holds three {self.game.colour_name(colour)} balls; "
                          "shifting it changes nothing (U11, allow_null_shift=false)", "null_shift",
                          line=hole.line_name, colour=self.game.colour_name(colour))
        if self.banned is not None and shift(board, hole) == self.banned:
            return Reason("it would recreate the board as it was before the previous move (U12, no_undo=next)",
                          "recreates_board")
        return None

    def is_legal(self, action: CubulusAction) -> bool:
        return self.why_illegal(action) is None

    def _apply_if_legal(self, action: CubulusAction) -> CubulusState | None:
        return self._apply(action) if self.why_illegal(action) is None else None

    def refusal(self, action: CubulusAction) -> IllegalActionError | None:
        """Which rule forbids ``action`` (U…, with its code) and what is legal; None when it is legal."""
        reason = self.why_illegal(action)
        if reason is None:
            return None
        legal = self.legal_actions()
        return reason.error(action, f"; legal: {list_allowed(legal, limit=12)}" if legal else "")

    def chance_outcomes(self) -> Sequence[tuple[CubulusAction, Fraction]]:
        if self.phase is not Phase.START:
            raise IllegalActionError(f"nothing is drawn at random now: this is the {self.phase.value} phase",
                                     code="not_chance", params={"phase": self.phase.value})
        n = self.game.num_players
        return tuple((first, Fraction(1, n)) for first in FIRSTS[:n])

    def _apply(self, action: CubulusAction) -> CubulusState:
        match action:
            case First(seat):
                return _with_last(start(self.game, seat), Last(action, seat, self.board))
            case Place(cell):
                return self._place(action, cell)
            case Insert(hole):
                return self._after_move(action, insert(self.board, self.to_move, hole), hole, fresh=True)
            case Shift(hole):
                return self._after_move(action, shift(self.board, hole), hole, fresh=False)
            case Pass():
                return self._after_move(action, self.board, None, fresh=False)
        raise AssertionError(action)  # pragma: no cover - apply() refuses anything else

    def _place(self, action: Place, cell: int) -> CubulusState:
        """U13: one neutral ball into an empty cell; after the ninth, the starting player inserts."""
        b0, b1, b2 = self.board
        board = (b0, b1, b2 | 1 << cell)
        last = Last(action, self.to_move, self.board)
        if board[NEUTRAL].bit_count() < BALLS_PER_COLOUR:
            return CubulusState(self.game, Phase.SETUP, self.to_move, board, last=last)
        starter = 1 - self.to_move
        return CubulusState(self.game, Phase.PLAY, starter, board, seen=history_of(self.game, board, starter),
                            last=last)

    def _after_move(self, action: CubulusAction, board: Board, hole: int | None, fresh: bool) -> CubulusState:
        """U15 (the win), U12 (the undo ban), U16 (repetition and the cap), then the next seat (U9)."""
        game, seat = self.game, self.to_move
        seats, moves = game.num_players, self.moves + 1
        last = Last(action, seat, self.board)
        if hole is not None:
            winner = winner_after(self.board, board, seats, seat, hole)
            if winner >= 0:
                return CubulusState(game, Phase.OVER, seat, board, moves, winner=winner, end=End.SQUARE, last=last)
        nxt = (seat + 1) % seats
        banned: Board | None = None
        repeated: frozenset[int] = frozenset()
        if fresh:  # an insert: no earlier position can come back, nor the board before it (U12)
            seen = history_of(game, board, nxt)
        else:
            # a pass is no move: the ban on undoing the last move stays as it was
            banned = self.banned if isinstance(action, Pass) else self.board if game.no_undo else None
            seen, repeated = self.seen, self.repeated
            if game.repetition_draw:
                key = position_key(board, nxt)
                if key in repeated:
                    return CubulusState(game, Phase.OVER, seat, board, moves, banned, seen, repeated,
                                        end=End.REPETITION, last=last)
                if key in seen:
                    repeated = repeated | {key}
                else:
                    seen = seen | {key}
        if moves >= game.move_cap:
            return CubulusState(game, Phase.OVER, seat, board, moves, banned, seen, repeated,
                                end=End.MOVE_CAP, last=last)
        return CubulusState(game, Phase.PLAY, nxt, board, moves, banned, seen, repeated, last=last)

    def returns(self) -> tuple[float, ...]:
        """The winner +1, the others share −1 (−1 each with two players, −½ with three); a draw 0."""
        n = self.game.num_players
        if self.winner is None:
            return (0.0,) * n
        return tuple(1.0 if seat == self.winner else -1.0 / (n - 1) for seat in range(n))

    def view(self, player: Player) -> View:
        """Everything is public: every seat sees the whole cube and history (:mod:`.views`)."""
        return seat_view(self, player)

    def preview(self, action: CubulusAction) -> dict[str, Any] | None:
        """Which ball the legal ``action`` moves where (:mod:`.preview`); None for a pass or a draw of who
        starts, which move no ball."""
        if not isinstance(action, Insert | Shift | Place):
            return None
        return {"moves": ball_moves(self.board, self.to_move, action)}

    def describe(self, action: CubulusAction) -> str:
        return describe_action(self, action)

    def events(self) -> Sequence[Event]:
        """What the last action did: its own event, then any square made or draw (:mod:`.events`)."""
        return last_events(self)

    def result(self) -> Event | None:
        """``game_won`` by the winner's seat with the winning square, or ``game_drawn`` with ``why``."""
        return final_result(self)

    def render(self, player: Player | None = None) -> str:
        return render_state(self)

    def __str__(self) -> str:
        return self.render()


def start(game: Cubulus, seat: Player) -> CubulusState:
    """The empty cube once ``seat`` is known to start: the set-up (two players) or the first insert."""
    if game.has_neutral:
        return CubulusState(game, Phase.SETUP, 1 - seat, EMPTY_BOARD)
    return CubulusState(game, Phase.PLAY, seat, EMPTY_BOARD, seen=history_of(game, EMPTY_BOARD, seat))


def history_of(game: Cubulus, board: Board, to_move: Player) -> frozenset[int]:
    """The positions met so far when ``board`` with ``to_move`` starts a fresh history (U16)."""
    return frozenset((position_key(board, to_move),)) if game.repetition_draw else frozenset()


def position(game: Cubulus, cells: Mapping[str, int], to_move: Player, moves: int) -> CubulusState:
    """A play position from ``{cell: colour}`` (see :meth:`Cubulus.position`)."""
    masks = [0, 0, 0]
    for name, colour in cells.items():
        cell = Cell.parse(name)
        if colour not in (0, 1, 2):
            raise TabletopError(f"cell {cell}: colour {colour!r} is not one of 0, 1, 2")
        if any(m >> cell & 1 for m in masks):
            raise TabletopError(f"cell {cell} is given twice")
        masks[colour] |= 1 << cell
    board: Board = (masks[0], masks[1], masks[2])
    check_board(board)
    if not 0 <= to_move < game.num_players:
        raise TabletopError(f"to_move={to_move}: {no_such_seat(to_move, game.num_players)}",
                            params={"to_move": to_move, "players": game.num_players})
    if not 0 <= moves < game.move_cap:
        raise TabletopError(f"moves must be 0–{game.move_cap - 1} (the move cap is {game.move_cap})")
    made = owned_squares(board, game.num_players)
    if made:
        raise TabletopError(f"colour {made[0][0]} already has a square: the game would be over (U15)")
    return CubulusState(game, Phase.PLAY, to_move, board, moves, seen=history_of(game, board, to_move))


def _with_last(state: CubulusState, last: Last) -> CubulusState:
    """``state`` remembering ``last``."""
    return CubulusState(state.game, state.phase, state.to_move, state.board, state.moves, state.banned,
                        state.seen, state.repeated, state.winner, state.end, last)


@lru_cache(maxsize=1 << 14)
def _actions_at(inserts: int, shifts: int) -> tuple[CubulusAction, ...]:
    """The inserts and the shifts at the holes of two hole masks, each in hole order (the same few recur)."""
    return (*(INSERTS[h] for h in HOLES if inserts >> h & 1), *(SHIFTS[h] for h in HOLES if shifts >> h & 1))
