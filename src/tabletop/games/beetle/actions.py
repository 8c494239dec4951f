"""Beetle's actions and their notation: the player's ``roll`` and chance's die faces ``1``–``6``.

Every turn is the same two steps (B13): the player to move takes the action ``roll``, then chance
gives the die's face. Both are small values whose text round-trips (``str(action)`` ↔
:func:`parse_action`), so a record is simply ``roll, 4, roll, 2, …`` and a person presses a key to
roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.dice import fair_die
from tabletop.core.game import notation_error


@dataclass(frozen=True, slots=True)
class Roll:
    """The player's action: roll the die (B5)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Face:
    """A chance outcome: the die shows ``value``."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


BeetleAction = Roll | Face
ROLL = Roll()
FACES = tuple(Face(value) for value, _ in fair_die(6))
CHANCE_OUTCOMES = tuple((Face(value), p) for value, p in fair_die(6))
"""Every face of the die with its exact probability (the chance node of every turn)."""


def parse_action(text: str) -> BeetleAction:
    """``roll`` or a die face ``1``–``6``.

    Raises:
        NotationError: saying what the notation looks like.

    >>> parse_action(" Roll "), parse_action("4")
    (Roll(), Face(value=4))
    """
    word = text.strip().lower()
    if word == "roll":
        return ROLL
    if word in ("1", "2", "3", "4", "5", "6"):
        return FACES[int(word) - 1]
    raise notation_error(text, "`roll` (a player's turn) or a die face `1`–`6` (chance)")
