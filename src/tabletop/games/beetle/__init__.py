"""Beetle ("Жук"), rules B1–B13: the dice drawing game.

A self-contained package that imports only :mod:`tabletop.core`: the parts tables, the rules,
exact odds and the text picture.
"""

from tabletop.games.beetle.actions import FACES, ROLL, BeetleAction, Face, Roll
from tabletop.games.beetle.game import Beetle
from tabletop.games.beetle.odds import win_probabilities
from tabletop.games.beetle.parts import PRESETS, Part, PartsTable, preset
from tabletop.games.beetle.phases import Phase
from tabletop.games.beetle.state import BeetleState

__all__ = [
    "FACES",
    "PRESETS",
    "ROLL",
    "Beetle",
    "BeetleAction",
    "BeetleState",
    "Face",
    "Part",
    "PartsTable",
    "Phase",
    "Roll",
    "preset",
    "win_probabilities",
]
