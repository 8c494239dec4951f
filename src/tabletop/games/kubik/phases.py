"""The steps of a Kubik turn and what a turn scores: the plain values a state is made of.

They sit below the state so that everything the state hands its work to — the view, the text, the
simulation of a throw and its motion — can name where a game is (:class:`Phase`) and read what was
scored (:class:`Score`) without importing the state back.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

#: Why points were scored (K7, K9, K14, K15), as the ``why`` of a :class:`Score` and a ``points`` event.
WHYS = ("miss", "out", "in", "intercepted", "interception", "interception_missed")


class Phase(enum.Enum):
    """Where a game is (dispatched with ``match``)."""

    LOT = "lot"  #: chance: which team throws first (K5)
    STAND = "stand"  #: with the variant: the other team names an interceptor, or nobody (K13, K19)
    AIM = "aim"  #: the thrower chooses the throw (K6)
    THROW = "throw"  #: chance: what the throw did, or that it crossed the border line (K7, K9, K19, K20)
    CROSSING = "crossing"  #: the interceptor, seeing the cube cross, strikes or holds (K19)
    INTERCEPT = "intercept"  #: chance: what the interception did (K14, K15)
    REST = "rest"  #: chance: how a throw that crossed the border ends, nobody having hit it (K15, K19)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Score:
    """Points scored (or lost) by a team, and why: a code of :data:`WHYS`, with the face on top when a
    face scored (``out``, ``interception``, ``intercepted``)."""

    team: int
    points: int
    why: str
    top: int | None = None
