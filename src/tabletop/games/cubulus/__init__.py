"""Cubulus, rules U1–U16: a 3×3×3 cube of balls for 2 or 3 players.

A self-contained package importing only :mod:`tabletop.core`: the cube's geometry tables, the
bitboard kernel, the actions and their notation, the rules, the views and the text pictures.
"""

from tabletop.games.cubulus.actions import CubulusAction, First, Insert, Pass, Place, Shift, parse_action
from tabletop.games.cubulus.board import Board, board_text, parse_board_text, position_key
from tabletop.games.cubulus.game import Cubulus
from tabletop.games.cubulus.geometry import CELLS, HOLES, SQUARES, Cell, Hole, Square
from tabletop.games.cubulus.phases import End, Phase
from tabletop.games.cubulus.state import CubulusState

__all__ = [
    "CELLS",
    "HOLES",
    "SQUARES",
    "Board",
    "Cell",
    "Cubulus",
    "CubulusAction",
    "CubulusState",
    "End",
    "First",
    "Hole",
    "Insert",
    "Pass",
    "Phase",
    "Place",
    "Shift",
    "Square",
    "board_text",
    "parse_action",
    "parse_board_text",
    "position_key",
]
