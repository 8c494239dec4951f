"""Cubulus's coach: the moves that lose by force, the moves that win by force, and the bot's choice.

Cubulus hides nothing, so the seat's view rebuilds the position exactly. Each legal move of a play
position (U10–U14) is searched by the expert's alpha-beta (:mod:`.expert`) with a budget of nodes and
every move's score exact (no null windows), and read as a result: a score within 100 plies of
:data:`~.expert.WIN` is a square the other seats cannot stop (U15) — a forced win — and its negative a
forced loss. Three players are searched *paranoid* (the other two against the seat), so there a
"forced loss" is one the two others can force together. The endgame solver (:mod:`.solver`, what
``hard`` proves with) adds the moves it proves lose within a few plies (:func:`.solver.losing_moves`) —
each proof holds whatever the search's horizon. The set-up of the neutral balls (U13) gets no advice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core.coach import CoachAdvice, Figure
from tabletop.games.cubulus.actions import CubulusAction
from tabletop.games.cubulus.expert import WIN, CubulusExpert, Level
from tabletop.games.cubulus.phases import Phase
from tabletop.games.cubulus.solver import losing_moves
from tabletop.games.cubulus.state import CubulusState

if TYPE_CHECKING:
    from tabletop.games.cubulus.game import Cubulus

BUDGET = 10_000
"""Search nodes per decision by default (a quarter of the ``hard`` bot's)."""
MAX_BUDGET = 200_000
PROOF_PLIES = 6
"""How deep the solver looks for a forced loss after each move (its node budget is the coach's)."""
FORCED = WIN - 100
"""Scores beyond this (either sign) are results the search proved, not judgements."""


def forced_results(state: CubulusState, legal: list[CubulusAction], budget: int) -> dict[CubulusAction, int]:
    """Each legal move's search score for the seat to move, every score exact (the one place the
    coach asks the search: an exact win/loss solver can replace it)."""
    level = Level(max_depth=24, max_nodes=budget, noise=1)  # noise: the root keeps every score exact
    return CubulusExpert.root_scores(state, legal, level)


def coach(game: Cubulus, view: Mapping[str, Any], seat: int, budget: int | None = None,
          seed: int = 0) -> CoachAdvice | None:
    """``seat``'s advice at ``view``: per move, whether it wins or loses by force; the bot's preferred move."""
    state = game.state_from_view(view, random.Random(seed))
    if state.phase is not Phase.PLAY or state.current_player != seat:
        return None
    legal = list(state.legal_actions())
    if len(legal) < 2:
        return None
    nodes = max(100, min(MAX_BUDGET, BUDGET if budget is None else budget))
    scores = forced_results(state, legal, nodes)
    proved = losing_moves(state, max_nodes=nodes, max_plies=PROOF_PLIES)
    actions: dict[str, dict[str, Figure]] = {}
    for action in legal:
        score = scores[action]
        wins, loses = score >= FORCED, score <= -FORCED or action in proved
        actions[str(action)] = {"wins": wins, "loses": loses, "result": 1.0 if wins else 0.0 if loses else 0.5}
    top = max(scores.values())
    best = next(action for action in legal if scores[action] == top)
    return CoachAdvice("move", seat, "result", "chance", actions, str(best), {"nodes": nodes})
