"""What a Cubulus move does to the balls, as data a screen draws: which ball goes where.

The server sends it for each of the mover's legal moves (the preview capability) and for the last move in
every view, so the browser shows a move before it is made and animates the one just made without a copy of
the rules: the paths follow the move's line (:data:`.geometry.LINES`, from the hole inward) as far as the
kernel says the insert pushes (:func:`.kernel.pushes`), and putting each moved ball where it goes gives the
board the rules' own transition makes (the tests check it move for move). Every move is certain and the
whole cube is public, so a preview tells no seat anything it will not see.

A move is ``[from, to, ball]``: ``from`` and ``to`` are cell names (``"102"``), ``from`` None for the ball
that comes in from a hand; ``ball`` is the board character of the ball that moves (``"0"``–``"2"``). Deeper
balls come first, the ball coming in last: the order a screen moves them in.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.cubulus.actions import CubulusAction, Insert, Place, Shift
from tabletop.games.cubulus.board import NEUTRAL, Board, board_text
from tabletop.games.cubulus.geometry import CELL_NAMES, LINES
from tabletop.games.cubulus.kernel import pushes

Move = list[Any]
"""``[from cell name or None, to cell name, ball character]``."""


def ball_moves(before: Board, seat: int, action: CubulusAction) -> list[Move]:
    """Which ball goes where when ``seat`` makes ``action`` on ``before`` (nothing for a pass or a draw).

    U10: an insert pushes the balls before the first gap of its line one cell deeper and its ball takes
    the hole's cell; U11: a shift moves the line's two near balls one cell deeper and its far ball comes
    back in at the hole; U13: a set-up place puts a neutral ball into its cell.
    """
    text = board_text(before)
    match action:
        case Place(cell):
            return [[None, CELL_NAMES[cell], str(NEUTRAL)]]
        case Insert(hole):
            line = LINES[hole]
            pushed = pushes(before, hole) or 0
            deeper = [[CELL_NAMES[line[i]], CELL_NAMES[line[i + 1]], text[line[i]]] for i in reversed(range(pushed))]
            return [*deeper, [None, CELL_NAMES[line[0]], str(seat)]]
        case Shift(hole):
            a, b, c = LINES[hole]
            return [[CELL_NAMES[b], CELL_NAMES[c], text[b]], [CELL_NAMES[a], CELL_NAMES[b], text[a]],
                    [CELL_NAMES[c], CELL_NAMES[a], text[c]]]
    return []

