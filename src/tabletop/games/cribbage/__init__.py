"""Cribbage for 2, 3 and 4 players: rules C1–C19, with the reference facts of C20 as exact answers.

A self-contained package importing only :mod:`tabletop.core`: cards are core primitives; the
scoring kernel, the rules, the views and the text rendering live here. ``docs/cribbage.md`` says
how the engine reads the rules where a choice had to be made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.lazy import lazy_exports

if TYPE_CHECKING:
    from tabletop.games.cribbage.actions import (
        Claim,
        Count,
        CribbageAction,
        Cut,
        Deal,
        Discard,
        Go,
        Muggins,
        Pass,
        Play,
        Starter,
    )
    from tabletop.games.cribbage.game import Cribbage
    from tabletop.games.cribbage.phases import Pegs, Phase
    from tabletop.games.cribbage.scoring import Combination, Score, pegging_score, score_hand
    from tabletop.games.cribbage.state import CribbageState

_LAZY = {
    "Claim": "tabletop.games.cribbage.actions",
    "Combination": "tabletop.games.cribbage.scoring",
    "Count": "tabletop.games.cribbage.actions",
    "Cribbage": "tabletop.games.cribbage.game",
    "CribbageAction": "tabletop.games.cribbage.actions",
    "CribbageState": "tabletop.games.cribbage.state",
    "Cut": "tabletop.games.cribbage.actions",
    "Deal": "tabletop.games.cribbage.actions",
    "Discard": "tabletop.games.cribbage.actions",
    "Go": "tabletop.games.cribbage.actions",
    "Muggins": "tabletop.games.cribbage.actions",
    "Pass": "tabletop.games.cribbage.actions",
    "Pegs": "tabletop.games.cribbage.phases",
    "Phase": "tabletop.games.cribbage.phases",
    "Play": "tabletop.games.cribbage.actions",
    "Score": "tabletop.games.cribbage.scoring",
    "Starter": "tabletop.games.cribbage.actions",
    "pegging_score": "tabletop.games.cribbage.scoring",
    "score_hand": "tabletop.games.cribbage.scoring",
}
"""Each name here and the module that defines it, imported on first use (PEP 562): the scoring kernel alone (``tabletop
cribbage score``) does not load the game, its bots and NumPy."""


__getattr__, __dir__ = lazy_exports(__name__, _LAZY)

__all__ = [
    "Claim",
    "Combination",
    "Count",
    "Cribbage",
    "CribbageAction",
    "CribbageState",
    "Cut",
    "Deal",
    "Discard",
    "Go",
    "Muggins",
    "Pass",
    "Pegs",
    "Phase",
    "Play",
    "Score",
    "Starter",
    "pegging_score",
    "score_hand",
]
