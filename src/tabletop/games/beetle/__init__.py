"""Beetle ("Жук"), rules B1–B13: the dice drawing game.

A self-contained package that imports only :mod:`tabletop.core`: the parts tables, the rules,
exact odds and the text picture.
"""

from tabletop.games.beetle.parts import PRESETS, Part, PartsTable, preset
from tabletop.games.beetle.rules import FACES, ROLL, Beetle, BeetleAction, BeetleState, Face, Phase, Roll

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
]
