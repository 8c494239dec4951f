"""Beetle's coach: the live exact odds. A turn has one choice — roll (B5) — so the advice is each
seat's exact chance of winning (:mod:`.odds`, roll-off included, B6), the seat's own as the value of
its roll. Beetle hides nothing, so the view rebuilds the position and the odds reveal nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core.coach import CoachAdvice
from tabletop.games.beetle.odds import win_probabilities

if TYPE_CHECKING:
    from tabletop.games.beetle.game import Beetle


def coach(game: Beetle, view: Mapping[str, Any], seat: int, seed: int = 0) -> CoachAdvice | None:
    """``seat``'s advice at ``view``: its roll with its chance of winning, and every seat's odds."""
    state = game.state_from_view(view, random.Random(seed))
    if state.current_player != seat:
        return None
    odds = [round(p, 12) for p in win_probabilities(state)]
    actions = {str(action): {"win": odds[seat]} for action in state.legal_actions()}
    best = next(iter(actions), None)
    return CoachAdvice("roll", seat, "win", "chance", actions, best, {"win": odds})
