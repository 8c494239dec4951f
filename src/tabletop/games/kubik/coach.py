"""Kubik's coach: for each line and aim, the best throw's chance to score and chance to win.

Kubik hides nothing, so the seat's view rebuilds the position. A throw (K6) is rated against the bots'
calibrated model (K20b) for the thrower's skill and the cube as it lies: its chance to score (the cube leaves
the circle, K7 — with an interceptor standing, K19, whether or not it is then caught), its expected points
(K7, K9) and its chance to win, read from the exact winning policy's table where one applies
(:func:`.valuation.winning_table`, what ``hard`` plays), else from the one-step win table (:mod:`.valuation`; where
the teams are too wild for it, expected points rank the throws instead). The 3,120 grid throws are grouped by
line and aim, each row showing the best of its positions, powers and spins. Before a throw the other team's
choice of interceptor (K13, K19) and at a crossing the strike are rated by how much they raise that team's
chance to win. A real field's ``throw`` (K20) has nothing to advise. The chances go through
:func:`win_values`, the one place a faster or exact policy can plug in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.coach import CoachAdvice, Figure
from tabletop.games.kubik.actions import Intercept, Strike, ThrowChoice
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.valuation import (
    OUT,
    PAST,
    Candidates,
    game_win_table,
    outcome_matrix,
    stand_gain,
    strike_gain,
    throw_values,
    winning_table,
    winning_values,
)

if TYPE_CHECKING:
    from tabletop.games.kubik.game import Kubik
    from tabletop.games.kubik.state import KubikState


def win_values(game: Kubik, state: KubikState, seat: int, candidates: Candidates) -> np.ndarray | None:
    """Each candidate throw's chance that ``seat``'s team wins, or None where the win table is not
    trusted (wild teams: expected points rank the throws)."""
    solution = winning_table(game)
    if solution is not None:  # the exact winning policy's table (what ``hard`` plays), thrower's team's chance
        values = winning_values(game, state, solution, candidates)
        return values if game.team_of(seat) == state.team else 1.0 - values
    if not game_win_table(game).reliable:
        return None
    return throw_values(game, state, seat, candidates, score_aware=True)


def coach(game: Kubik, view: Mapping[str, Any], seat: int, include: Sequence[str] = (),
          seed: int = 0) -> CoachAdvice | None:
    """``seat``'s advice at ``view``: throws by line and aim, or the interception decisions."""
    state = game.state_from_view(view, random.Random(seed))
    if state.current_player != seat:
        return None
    legal = list(state.legal_actions())
    match state.phase:
        case Phase.AIM if legal and isinstance(legal[0], ThrowChoice) and legal[0].throw is not None:
            return _throws(game, state, seat, legal, include)
        case Phase.STAND if len(legal) > 1:
            return _stand(game, state, seat, legal)
        case Phase.CROSSING if len(legal) > 1:
            return _strike(game, state, seat)
    return None


def _throws(game: Kubik, state: KubikState, seat: int, legal: list[Any], include: Sequence[str]) -> CoachAdvice:
    throws = [a.throw for a in legal]
    candidates = Candidates.of(throws)
    standing = state.interceptor is not None
    matrix = outcome_matrix(game.field, state.cube, float(game.skills[seat]), candidates, standing)
    score = matrix[:, OUT:PAST].sum(axis=1) + matrix[:, PAST:].sum(axis=1)
    points = throw_values(game, state, seat, candidates, score_aware=False)
    win = win_values(game, state, seat, candidates)
    rank = points if win is None else win
    best_of: dict[tuple[str, float], int] = {}
    for i, throw in enumerate(throws):
        key = (throw.line, throw.aim)
        if key not in best_of or rank[i] > rank[best_of[key]]:
            best_of[key] = i
    wanted = set(include)
    rows = sorted(set(best_of.values()) | {i for i, a in enumerate(legal) if str(a) in wanted})
    actions: dict[str, dict[str, Figure]] = {}
    for i in rows:
        figures: dict[str, Figure] = {"line": "AB".index(throws[i].line), "aim": throws[i].aim,
                                      "score": float(score[i]), "points": float(points[i])}
        if win is not None:
            figures["win"] = float(win[i])
        actions[str(legal[i])] = figures
    best = str(legal[int(np.argmax(rank))])
    return CoachAdvice("throw", seat, "points" if win is None else "win", "points" if win is None else "chance",
                       actions, best)


def _stand(game: Kubik, state: KubikState, seat: int, legal: list[Any]) -> CoachAdvice:
    """K19 before the throw: how much each possible interceptor standing lowers the thrower's chance."""
    reliable = game_win_table(game).reliable
    actions: dict[str, dict[str, Figure]] = {}
    for action in legal:
        if isinstance(action, Intercept):
            gain = 0.0 if action.seat is None else stand_gain(game, state, action.seat, score_aware=reliable)
            actions[str(action)] = {"gain": gain}
    top = max(float(f["gain"]) for f in actions.values())
    best = next((a for a in actions if float(actions[a]["gain"]) == top and top > 1e-9), "pass")
    return CoachAdvice("stand", seat, "gain", "chance" if reliable else "points", actions, best)


def _strike(game: Kubik, state: KubikState, seat: int) -> CoachAdvice:
    """K19 at the crossing: what striking gains over holding back."""
    reliable = game_win_table(game).reliable
    gain = strike_gain(game, state, seat, score_aware=reliable)
    actions: dict[str, dict[str, Figure]] = {str(Strike(True)): {"gain": gain}, str(Strike(False)): {"gain": 0.0}}
    return CoachAdvice("strike", seat, "gain", "chance" if reliable else "points", actions,
                       "strike" if gain > 0 else "hold")
