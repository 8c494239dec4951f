"""Where a Cubulus game stands besides its board: the phase, why it ended, and the last action.

A state holds these small values and everything that reads a state matches on them — the events,
the views, the text — so they sit below :mod:`.state`, and its readers need not import it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tabletop.core.game import Player
from tabletop.games.cubulus.actions import CubulusAction
from tabletop.games.cubulus.board import Board


class Phase(enum.Enum):
    """Where a game is (STYLE 9: an enum dispatched with ``match``)."""

    START = "start"  #: chance draws who starts (option first=random)
    SETUP = "setup"  #: two players: the one who does not start places the 9 neutral balls (U4, U13)
    PLAY = "play"  #: inserts and shifts (U5–U7, U10–U12)
    OVER = "over"  #: a square was made (U8, U15) or the game was drawn (U16)


class End(enum.Enum):
    """Why a game ended."""

    SQUARE = "square"  #: U8, U15: someone owns a square
    REPETITION = "repetition"  #: U16: a position occurred for the third time
    MOVE_CAP = "move cap"  #: U16: the move cap was reached


@dataclass(frozen=True, slots=True)
class Last:
    """The last action and the board before it: for the log, the picture's highlights and the view."""

    action: CubulusAction
    seat: Player
    before: Board
