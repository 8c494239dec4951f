"""Beetle's own bot, at every level the same: a game with no decisions needs no search.

Every turn is a roll (B13) and chance alone decides what it draws, so no level of play can do
better than rolling; the bot is here so that tables, tournaments and the server find a player for
Beetle through :meth:`~tabletop.core.Game.bots` like for any other game.
"""

from __future__ import annotations

import random

from tabletop.core import Decision
from tabletop.games.beetle.actions import ROLL, BeetleAction


class Roller:
    """Beetle's bot: the only decision is to roll (B13), so it rolls."""

    name = "roller"

    def choose(self, decision: Decision, rng: random.Random) -> BeetleAction:
        """Roll the die."""
        return ROLL
