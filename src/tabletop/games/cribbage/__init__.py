"""Cribbage for 2, 3 and 4 players: rules C1–C19, with the reference facts of C20 as exact answers.

A self-contained package importing only :mod:`tabletop.core`: cards are core primitives; the
scoring kernel, the rules, the views and the text rendering live here. ``docs/cribbage.md`` says
how the engine reads the rules where a choice had to be made.
"""

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
from tabletop.games.cribbage.board import Pegs, Phase
from tabletop.games.cribbage.game import Cribbage
from tabletop.games.cribbage.scoring import Combination, Score, pegging_score, score_hand
from tabletop.games.cribbage.state import CribbageState

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
