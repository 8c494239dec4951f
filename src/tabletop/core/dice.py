"""Dice as chance nodes: the faces of a fair die with their exact probabilities."""

from __future__ import annotations

from fractions import Fraction


def fair_die(sides: int = 6) -> tuple[tuple[int, Fraction], ...]:
    """Every face of a fair ``sides``-sided die with probability 1/sides.

    >>> fair_die(2)
    ((1, Fraction(1, 2)), (2, Fraction(1, 2)))
    """
    if sides < 1:
        raise ValueError(f"a die needs at least one side, not {sides}")
    return tuple((face, Fraction(1, sides)) for face in range(1, sides + 1))
