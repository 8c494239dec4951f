"""Kubik's own bots: throws chosen against the calibrated model, interceptions by expected value.

The bots never simulate physics, whatever the game's ``throws`` option: their model of the world is the
calibrated model (K20b, :mod:`tabletop.games.kubik.calibrated`), evaluated for every throw on the grid at
once with numpy (:mod:`~tabletop.games.kubik.valuation`, which puts the values on throws and interceptions
that this module's bots choose by, and the coach shows). The chance of each outcome of a throw depends on
the field, the thrower's skill, where the cube lies (``x``, ``y``: the geometry of the throw) and which
faces look where (``top``, ``front``: which face a tumble brings up), so the expensive part — the hit, out
and past chances and the face chances by where a face was
(:data:`~tabletop.games.kubik.calibrated.RELATIVE`) — is cached per field, skill and position, and the
faces are mapped on per decision.

Two values are put on a throw's outcomes (``miss``, ``in``, ``out n``, and — with an interceptor
standing — "crosses the border line and would end with n", the model's ``past n``):

* **points** (``easy``, ``normal``): the expected points of the throw (K7, K9: +n out, 0 in, −5 a
  miss); a crossing counts as the worse for the thrower of the interceptor holding (E[n | cross]) and
  striking (K14, K15: ``(1 − h)(E[n | cross] + 10) − 2h·E[f | hit]``) — at the crossing nobody knows n.
  ``easy`` draws from 60 throws by a softmax of these at 0.75 points, ``normal`` from the whole grid at
  0.3 points (the seat's generator draws: a seed replays a game).
* **win probability** (``hard``): the winning policy (:mod:`tabletop.games.kubik.policy`) — the throw, the
  stand and the strike with the best chance to win the game by its exact table — where a table is at hand
  (:func:`~tabletop.games.kubik.valuation.winning_table`: the default set-up's ships, a small one is
  solved within a fixed work budget). Elsewhere, and for ``normal``'s interception decisions: the chance
  of winning after the outcome, read from a table ``W(need, their need, top)`` solved once per game set-up
  by value iteration over the scores, the cube's top face and whose throw it is, both teams throwing by
  the points policy (one step of policy improvement on it). Exactly on the model, hard beats normal 0.626
  and normal beats easy 0.635 of their games (:mod:`tabletop.games.kubik.matchups`).

Interception (K13–K15, K19) is two decisions. Before the throw (the one that matters): the team's most
accurate player stands exactly when that lowers the thrower's value, the thrower answering with its best
throw against the stander (:func:`~tabletop.games.kubik.valuation.stand_gain`). At the crossing: strike
exactly when the expected gain over the faces the cube may end on, with the hit chance for the cube's
speed, is positive (:func:`~tabletop.games.kubik.valuation.strike_gain`). See docs/kubik.md ("Bots") for
the formulas and the measurements: at skill 0.7 ``normal`` stands before about 70% of the opponent's
throws, strikes at nearly every crossing and wins 0.958 [0.939, 0.972] of its games against itself never
intercepting (``benchmarks/kubik_expert.py --interceptions``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

import tabletop.games.kubik.policy as policy
from tabletop.core import Decision
from tabletop.games.kubik.actions import Intercept, Strike, ThrowChoice
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.state import KubikState
from tabletop.games.kubik.valuation import (
    Candidates,
    best_interceptor,
    crossing_faces,
    crossing_speed,
    grid,
    interceptor_chances,
    stand_gain,
    strike_gain,
    throw_values,
    winning_stand_gain,
    winning_table,
    winning_values,
)

if TYPE_CHECKING:
    from tabletop.games.kubik.game import Kubik


# ---------------------------------------------------------------- choosing


LEVEL_SETTINGS: dict[str, tuple[str, float]] = {
    "easy": ("coarse", 0.75),  # a coarse grid, choosing by a softmax of expected points (temperature, points)
    "normal": ("grid", 0.3),  # the full grid, a softmax of expected points (a careful player, not a perfect one)
    "hard": ("grid", 0.0),  # the full grid, the best chance to win
}
COARSE = {"position": (0.0,), "aim": (-4.0, -2.0, 0.0, 2.0, 4.0), "power": (8.0, 12.0, 16.0), "spin": (0.0, 4.0)}
"""The easy bot's choices: 2 lines × 1 × 5 × 3 × 2 = 60 throws of the grid."""


class KubikExpert:
    """A Kubik player at a level: ``easy``, ``normal`` or ``hard`` (module docstring)."""

    def __init__(self, level: str = "normal") -> None:
        if level not in LEVEL_SETTINGS:
            raise ValueError(f"no Kubik bot level {level!r}; levels: {', '.join(LEVEL_SETTINGS)}")
        self.level = level
        self.name = f"kubik-{level}"

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """A legal action: a throw from the grid, ``throw`` on a real field, or an interception decision."""
        legal = decision.legal_actions
        if decision.game.name != "kubik" or len(legal) == 1:
            return legal[0]
        state = decision.game.state_from_view(decision.view, rng)
        assert isinstance(state, KubikState)
        game = state.game
        if state.phase is Phase.STAND:
            return self._stand(game, state, decision.seat, legal)
        if state.phase is Phase.CROSSING:
            return self._strike(game, state, decision.seat, legal)
        if state.phase is Phase.AIM and isinstance(legal[0], ThrowChoice) and legal[0].throw is not None:
            return self._throw(game, state, decision.seat, legal, rng)
        return legal[0]

    # ------------------------------------------------------------ throws

    def _throw(self, game: Kubik, state: KubikState, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
        candidates, indices = self._candidates(game, legal)
        solution = winning_table(game) if self.level == "hard" else None
        if solution is not None:
            values = winning_values(game, state, solution, candidates)
        else:
            values = throw_values(game, state, seat, candidates, score_aware=self.level == "hard")
        temperature = LEVEL_SETTINGS[self.level][1]
        if temperature > 0:
            weights = np.exp((values - values.max()) / temperature)
            pick = rng.choices(range(len(values)), weights=weights.tolist())[0]
        else:
            pick = int(np.argmax(values))
        return legal[indices[pick]]

    def _candidates(self, game: Kubik, legal: Sequence[Any]) -> tuple[Candidates, list[int]]:
        """The throws this level considers and their places in ``legal``."""
        full = grid(game)
        on_grid = len(legal) == len(full.throws) and all(
            isinstance(a, ThrowChoice) and a.throw == t for a, t in zip(legal, full.throws, strict=True))
        if not on_grid:
            throws = [a.throw for a in legal]
            return Candidates.of(throws), list(range(len(throws)))
        if LEVEL_SETTINGS[self.level][0] == "grid":
            return full, list(range(len(full.throws)))
        return _coarse(game)

    # ------------------------------------------------------------ interceptions

    def _stand(self, game: Kubik, state: KubikState, seat: int, legal: Sequence[Any]) -> Any:
        """K19, before the throw: the most accurate player stands when that lowers the thrower's value."""
        team = game.team_of(seat)
        who, _, _ = best_interceptor(game, team, state.cube.top)
        solution = winning_table(game) if self.level == "hard" else None
        if solution is not None:
            gain = winning_stand_gain(game, state, solution, who)
        else:
            gain = stand_gain(game, state, who, score_aware=self.level != "easy")
        if gain > 1e-9:
            return next(a for a in legal if isinstance(a, Intercept) and a.seat == who)
        return next(a for a in legal if isinstance(a, Intercept) and a.seat is None)

    def _strike(self, game: Kubik, state: KubikState, seat: int, legal: Sequence[Any]) -> Any:
        """K19, at the crossing: strike when the expected gain is positive."""
        if len(legal) == 1:
            return legal[0]  # K19: who stood must throw (the table does not allow holding back)
        solution = winning_table(game) if self.level == "hard" else None
        if solution is not None:
            hit, faces = interceptor_chances(game.field, game.skills[seat], state.cube.top, crossing_speed(state))
            strike = policy.strike_gain(solution, state, hit, faces, crossing_faces(game, state)) > 0
        else:
            strike = strike_gain(game, state, seat, score_aware=self.level != "easy") > 0
        return next(a for a in legal if isinstance(a, Strike) and a.strike == strike)


@cache
def _coarse(game: Kubik) -> tuple[Candidates, list[int]]:
    full = grid(game)
    indices = [i for i, t in enumerate(full.throws)
               if t.position in COARSE["position"] and t.aim in COARSE["aim"] and t.power in COARSE["power"]
               and t.spin in COARSE["spin"]]
    return Candidates.of([full.throws[i] for i in indices]), indices
