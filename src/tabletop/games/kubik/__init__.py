"""Kubik ("Игра с кубиком"), rules K1–K21 (docs/kubik.md): a folk outdoor team game.

Imports only :mod:`tabletop.core`. The field and throws (``field``), the rules and notation, the
MuJoCo physics of a throw (``physics``, loaded only when a throw is simulated), a calibrated fast
model (``calibrated``), and the text rendering.
"""

from tabletop.games.kubik.actions import FirstTeam, Intercept, KubikAction, Outcome, Strike, ThrowChoice
from tabletop.games.kubik.field import CubePose, Field, Throw
from tabletop.games.kubik.rules import Kubik, KubikState, Phase

__all__ = [
    "CubePose",
    "Field",
    "FirstTeam",
    "Intercept",
    "Kubik",
    "KubikAction",
    "KubikState",
    "Outcome",
    "Phase",
    "Strike",
    "Throw",
    "ThrowChoice",
]
