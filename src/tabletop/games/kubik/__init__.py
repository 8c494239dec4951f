"""Kubik ("Игра с кубиком"), rules K1–K21 (docs/kubik.md): a folk outdoor team game.

Imports only :mod:`tabletop.core`. The field and throws (``field``), the notation (``actions``), the
state and its rules (``state``, its phases and points in ``phases``), what a seat sees (``views``), the
MuJoCo physics of a throw (the ``physics`` package, loaded only when a throw is simulated, through its
``outcomes`` and ``motion``), a calibrated fast model (``calibrated``, fitted by ``fitting``, read at play
time through ``chance_tables``), the text rendering (``render``), the numeric encoding (``encoding``), the
bots (``expert``, choosing by the values of ``valuation`` and the winning policy of ``policy``, solved by
``policy_solver``) and the :class:`Kubik` game that binds them (``game``).
"""

from tabletop.games.kubik.actions import FirstTeam, Intercept, KubikAction, Outcome, Strike, ThrowChoice
from tabletop.games.kubik.field import CubePose, Field, Throw
from tabletop.games.kubik.game import Kubik
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.state import KubikState

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
