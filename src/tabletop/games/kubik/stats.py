"""Kubik statistics of one seat in a finished game: what its throws did, its interceptions, and the chance to win
its throws gave away against the winning policy.

Read off the game's own events (everything on a field is public): the seat's throws (K6, K20), and of them the
cubes knocked out (K7), left in the circle or on its line (K9, K9a) and the misses (K9); the times it stood to
intercept (K13, K19), struck and hit (K14) or missed (K15). Each throw it chose on the grid is valued by the
winning policy's table — the one ``hard`` plays by (:func:`.valuation.winning_table`), where the set-up has one:
the default field, target and skill ship it, a small set-up is solved on first use — as the thrower's team's
chance to win after it (:func:`.valuation.winning_values`, the interceptor standing if one does): the loss is
the best throw's chance less the chosen one's, in the unit of a chance (0.01 is a point of percentage). A
set-up without a table (the interception variant, a wild team, another target) rates no throw; a real field's
scorekeeping (K20: ``throw``) has no choice to rate. A throw costs a few milliseconds; the rating stops at the
CPU budget and says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.core.statistics import Budget, Figure, SeatStatistics, moves
from tabletop.games.kubik.actions import ThrowChoice
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.valuation import Candidates, winning_table, winning_values

if TYPE_CHECKING:
    from tabletop.core.record import Record
    from tabletop.games.kubik.game import Kubik
    from tabletop.games.kubik.state import KubikState

SECONDS = 2.0
"""The CPU a game's throws may take to rate by default (about 4 ms a throw: some 500 throws)."""
COUNTED = {"throw": "throws", "throw_real": "throws", "cube_out": "outs", "cube_in": "ins", "miss": "misses",
           "stands": "stands", "intercept_hit": "intercepts", "intercept_miss": "intercepts"}
"""The events of the seat (the thrower's, the interceptor's) each total counts (K6–K9, K13–K15, K19)."""

FIGURES = (
    Figure("policy_loss", "chance_lost", per="rated_throws", unit="chance", series=True),
    Figure("rated_throws", "rated_throws"),
    Figure("throws", "throws"),
    Figure("out_share", "outs", per="throws", unit="share"),
    Figure("in_share", "ins", per="throws", unit="share"),
    Figure("miss_share", "misses", per="throws", unit="share"),
    Figure("outs", "outs"),
    Figure("misses", "misses"),
    Figure("stands", "stands"),
    Figure("intercepts", "intercepts"),
    Figure("intercept_hits", "intercept_hits"),
    Figure("hit_share", "intercept_hits", per="intercepts", unit="share"),
)
"""What a profile shows (``GameSpec.statistics``): the chance to win lost per throw against the winning policy
(over time too) and the throws rated; the throws and the share knocked out, left in, missed; the interceptions
stood, tried and hit."""


def seat_statistics(game: Kubik, record: Record, seat: int, seconds: float | None = None) -> SeatStatistics:
    """``seat``'s totals in a finished game's ``record`` (:data:`FIGURES` reads them), its throws rated within
    ``seconds`` of CPU (None: :data:`SECONDS`)."""
    totals = {name: 0.0 for figure in FIGURES for name in (figure.total, figure.per) if name}
    # (read or solved before the budget counts: once a process, a second at most; a real field's throws are not chosen)
    solution = winning_table(game) if game.mode != "manual" else None
    budget = Budget(SECONDS if seconds is None else seconds)
    complete = True
    for state, text, after in moves(game, record):
        if solution is not None and complete and state.phase is Phase.AIM and state.current_player == seat:
            if budget.spent:
                complete = False
            else:
                _rate_throw(game, state, text, solution, totals)
        for event in after.events():
            params: dict[str, Any] = dict(event.params)
            counted = COUNTED.get(event.kind)
            if counted is not None and params.get("seat") == seat:
                totals[counted] += 1
                if event.kind == "intercept_hit":
                    totals["intercept_hits"] += 1
    return SeatStatistics(totals, complete)


def _rate_throw(game: Kubik, state: KubikState, text: str, solution: Any, totals: dict[str, float]) -> None:
    """K6: the chance to win the chosen grid throw gave away against the best one, by the winning policy."""
    legal = [action for action in state.legal_actions() if isinstance(action, ThrowChoice) and action.throw]
    chosen = game.parse_action(text)
    if len(legal) < 2 or chosen not in legal:  # (a real field's throw: no choice to rate)
        return
    values = np.asarray(winning_values(game, state, solution, Candidates.of([a.throw for a in legal if a.throw])))
    totals["rated_throws"] += 1
    totals["chance_lost"] += max(0.0, float(values.max() - values[legal.index(chosen)]))
