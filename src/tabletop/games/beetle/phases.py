"""Where a Beetle game stands between rolls: its phase and the last roll.

These plain values are named by the state, its views and its picture alike, so they sit below all
of them: the phase says whether the roll-off for the start (B6, B11), the play (B5) or nothing is
going on, and the last roll is what the log and the picture show of the most recent turn.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tabletop.core import Player


class Phase(enum.Enum):
    """Where the game is: deciding who starts, playing, or over."""

    ROLL_OFF = "roll-off"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class LastRoll:
    """The most recent roll, kept for the log and the picture (not part of the position)."""

    seat: Player
    face: int
    part: int | None  #: index of the part drawn, None when the turn was lost
    rolloff: bool = False
