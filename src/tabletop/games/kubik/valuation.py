"""What a throw and an interception are worth on the calibrated model (K20b): the values Kubik's bots choose by.

For a cube lying in a pose, each candidate throw's chance of each outcome (the calibrated model evaluated
for the whole grid at once, cached per field, skill and position, the faces mapped on per decision); an
interceptor's hit chance and faces (K13–K15); the win table ``W(need, their need, top)`` solved by value
iteration over the points policy; and from these each throw's value — expected points or the chance to
win — and the gains of standing and of striking (K19), by the win table or by the winning policy's table
(:mod:`~tabletop.games.kubik.policy`). :mod:`~tabletop.games.kubik.expert` tells how each level uses
them (its docstring has the formulas' story, docs/kubik.md the measurements). This module is apart from
the bot because the coach (:mod:`~tabletop.games.kubik.coach`) shows the same values and the match-ups
and tests read them: the bot is then only the choosing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

import tabletop.games.kubik.calibrated as calibrated
import tabletop.games.kubik.chance_tables as chance_tables
import tabletop.games.kubik.policy as policy
from tabletop.games.kubik.actions import ThrowChoice
from tabletop.games.kubik.field import CubePose, Field, Throw
from tabletop.games.kubik.policy_solver import Solution

if TYPE_CHECKING:
    from tabletop.games.kubik.game import Kubik
    from tabletop.games.kubik.state import KubikState

MISS, IN = 0, 1
OUT = 2  #: columns 2…7 are ``out 1`` … ``out 6``; 8…13 are ``past 1`` … ``past 6`` (calibrated.OUTCOMES)
PAST = 8
FACES = np.arange(1, 7, dtype=float)
POINTS = np.array([-5.0, 0.0, *FACES, *FACES])
"""K7, K9: each outcome column's points for the thrower (a past n is out n until intercepted)."""

EXTRA_NEED = 40
"""The win table tracks a team's need up to target + this (scores may go negative, K16)."""

MIN_DRIFT = 0.5
"""The win table is trusted when each team's throws gain at least this many points on average with the 1
up (skill ≳ 0.5 at 6 steps). Wilder teams lose points on average, their scores fall past the table's cap,
and their games end at the throw limit, where the higher score wins: expected points decide for them."""

HORIZON = 160
"""The win table looks this many throws ahead of the throw limit at most (further is read as this far)."""


# ---------------------------------------------------------------- the calibrated model, vectorised


Candidates = chance_tables.Candidates
ThrowChances = chance_tables.ThrowChances
throw_chances = chance_tables.throw_chances


def model_field(field: Field) -> tuple[calibrated.Model, Field]:
    """The calibrated model for ``field``; an uncalibrated cube borrows the calibrated cube nearest in size."""
    try:
        return calibrated.model_for(field)
    except ValueError:
        nearest = min(calibrated.CUBES, key=lambda name: abs(calibrated.CUBES[name] - field.cube_edge))
        return calibrated.model_for(f"{nearest}:{field.distance_steps:g}")


@lru_cache(maxsize=256)
def _chances(field: Field, skill: float, x: float, y: float, candidates: Candidates) -> ThrowChances:
    model, model_fld = model_field(field)
    return throw_chances(model, model_fld, x, y, skill, candidates)


def outcome_matrix(field: Field, pose: CubePose, skill: float, candidates: Candidates,
                   interception: bool) -> np.ndarray:
    """(throws, 14): each candidate's chance of each of :data:`calibrated.OUTCOMES` for a cube in ``pose``.

    Without an interceptor standing the ``past n`` columns are 0 and counted in ``out n``, as the rules do
    (K19: the border line matters only to an interceptor).
    """
    c = _chances(field, float(skill), round(pose.x, 4), round(pose.y, 4), candidates)
    rows = chance_tables.outcome_rows(c, pose, candidates.line_a)
    if not interception:
        rows = np.column_stack([rows[:, :2], rows[:, 2:8] + rows[:, 8:], np.zeros_like(rows[:, 8:])])
    return rows


def grid(game: Kubik) -> Candidates:
    """The game's 3,120 grid throws (K6), in the order of its legal actions."""
    return chance_tables.GRID


# ---------------------------------------------------------------- interception (K13–K15)


def interceptor_chances(field: Field, skill: float, top: int, speed: float | None = None) -> tuple[float, np.ndarray]:
    """An interceptor's hit chance (for a cube crossing at ``speed`` m/s, or at the mean speed) and the
    chance of each face 1–6 given a hit, for a cube that had ``top``."""
    model, _ = model_field(field)
    hit = calibrated.intercept_hit(model, skill, speed)
    same, opposite, side = model.intercept_faces
    faces = np.array([same if n == top else opposite if n == 7 - top else side for n in range(1, 7)])
    return hit, faces / faces.sum()


def best_interceptor(game: Kubik, team: int, top: int, speed: float | None = None) -> tuple[int, float, np.ndarray]:
    """K19: the team's player most likely to hit (the first such in seat order), with the hit chance and faces."""
    seats = [game.seat(team, i) for i in range(game.team_sizes[team])]
    chances = [interceptor_chances(game.field, game.skills[s], top, speed) for s in seats]
    best = max(range(len(seats)), key=lambda i: chances[i][0])
    return seats[best], chances[best][0], chances[best][1]


def intercept_points(hit: float, faces: np.ndarray, n: float) -> float:
    """Points (interceptors minus throwers) gained by striking at a crossing cube that would end with n
    (or n on average) rather than holding back.

    Holding: the throwers score n. Striking: a hit scores 2f for the interceptors and nothing for the
    throw (K14); a miss costs the interceptors 10 and the throw counts (K15). So the gain is
    ``h·(2·E[f | hit] + n) − 10·(1 − h)``.

    >>> intercept_points(0.5, np.array([0, 0, 1.0, 0, 0, 0]), 4)
    0.0
    """
    return hit * (2.0 * float(faces @ FACES) + n) - INTERCEPT_MISS * (1.0 - hit)


INTERCEPT_MISS = 10.0  #: K15


# ---------------------------------------------------------------- the win table


@dataclass(frozen=True, eq=False)
class WinTable:
    """``value[l, k, a, b, t]``: the chance that team k, about to throw with l throws left before the limit
    (``max_throws``), wins when it needs a points, the other team needs b, and the cube lies in the centre
    with t on top. Needs run 1 … ``cap`` (more is read as ``cap``); more than ``horizon`` throws left is
    read as ``horizon``."""

    value: np.ndarray
    cap: int
    horizon: int
    reliable: bool  #: both teams' policies gain points (see :data:`MIN_DRIFT`): the needs stay within the cap

    def to_throw(self, team: int, need: int, their_need: int, top: int, left: int) -> float:
        """The chance that ``team``, about to throw with ``left`` throws left, wins (1 if it needs nothing,
        0 if the others need nothing; with no throws left the higher score wins, a draw counting a half)."""
        if need <= 0:
            return 1.0
        if their_need <= 0:
            return 0.0
        if left <= 0:
            return 1.0 if need < their_need else 0.5 if need == their_need else 0.0
        return float(self.value[min(left, self.horizon), team, min(need, self.cap), min(their_need, self.cap), top])


def policy_outcomes(field: Field, skill: float, candidates: Candidates) -> np.ndarray:
    """(7, 8): for each top face t, the chances of miss, in, out 1…6 of the points policy's throw from the
    centre, averaged over the four ways the cube can face the lines (the basis of the win table)."""
    table = np.zeros((7, 8))
    for top in range(1, 7):
        fronts = [f for f in range(1, 7) if f != top and f + top != 7]
        for front in fronts:
            matrix = outcome_matrix(field, CubePose(top, front), skill, candidates, interception=False)
            best = int(np.argmax(matrix @ POINTS))
            table[top] += matrix[best, :8] / len(fronts)
    return table


@lru_cache(maxsize=4)
def win_table(field: Field, target: int, max_throws: int, skills: tuple[float, float],
              candidates: Candidates) -> WinTable:
    """Solve ``W`` backwards from the throw limit (both teams throwing by the points policy; interceptions
    left out): with l throws left a throw leads to the other team's turn with l − 1 left, so each layer
    follows from the one before, and with none left the higher score wins (docs/kubik.md)."""
    cap = target + EXTRA_NEED
    horizon = min(max_throws, HORIZON)
    policy = [policy_outcomes(field, s, candidates) for s in skills]
    size = cap + 1
    needs = np.arange(size)
    after_miss = np.minimum(needs + 5, cap)
    after_out = [np.maximum(needs - n, 0) for n in range(7)]
    won = [(needs <= n)[:, None] for n in range(7)]  # rows a with a − n ≤ 0: the thrower has won
    value = np.zeros((horizon + 1, 2, size, size, 7), dtype=np.float32)
    a, b = needs[:, None], needs[None, :]
    value[0] = np.where(a < b, 1.0, np.where(a == b, 0.5, 0.0))[None, :, :, None]
    for left in range(1, horizon + 1):
        for k in (0, 1):
            other = value[left - 1, 1 - k]  # [b, a', t]: the other team to throw, needing b, with a' for us
            for t in range(1, 7):
                miss, hit_in, *outs = policy[k][t]
                seen = other[:, :, t].T  # [a', b]
                acc = miss * (1.0 - seen[after_miss]) + hit_in * (1.0 - seen)
                for n, p in enumerate(outs, start=1):
                    if p:
                        acc = acc + p * np.where(won[n], 1.0, 1.0 - other[:, :, n].T[after_out[n]])
                value[left, k, :, :, t] = acc
    drift = min(float(p[1] @ POINTS[:8]) for p in policy)  # expected points of a throw at 1 up, the worst face
    return WinTable(value, cap, horizon, drift >= MIN_DRIFT)


# ---------------------------------------------------------------- values of throws and interceptions


def team_skills(game: Kubik) -> tuple[float, float]:
    """Each team's mean skill (the win table's throwers)."""
    means = []
    for team in (0, 1):
        seats = [game.seat(team, i) for i in range(game.team_sizes[team])]
        means.append(round(sum(game.skills[s] for s in seats) / len(seats), 6))
    return means[0], means[1]


def game_win_table(game: Kubik) -> WinTable:
    """The win table of ``game``'s field, target and teams (cached)."""
    return win_table(game.field, int(game.options["target"]), game.throw_limit or UNLIMITED, team_skills(game),
                     grid(game))


def throw_values(game: Kubik, state: KubikState, seat: int, candidates: Candidates, *,
                 score_aware: bool, stander: int | None = None, standing: bool | None = None) -> np.ndarray:
    """Each candidate throw's value for ``seat`` (the thrower): expected points, or (``score_aware``) the
    chance to win. ``standing`` says whether an interceptor stands (K19; default: as in ``state``), and
    ``stander`` who (default: the one in ``state``, else the other team's most accurate)."""
    if standing is None:
        standing = state.interceptor is not None
    skill = float(game.skills[seat])
    matrix = outcome_matrix(game.field, state.cube, skill, candidates, standing)
    us = game.team_of(seat)
    them = 1 - us
    top = state.cube.top
    past = matrix[:, PAST:]
    cross = past.sum(axis=1)
    hit = 0.0
    faces = np.zeros(6)
    if standing:
        who = stander if stander is not None else state.interceptor
        if who is None:
            who, _, _ = best_interceptor(game, them, top)
        hit, faces = interceptor_chances(game.field, game.skills[who], top)
    if not score_aware:
        plain = matrix[:, :PAST] @ POINTS[:PAST]
        if not standing:
            return np.asarray(plain)
        hold = past @ FACES  # Σ_n P(cross, n)·n
        strike = (1 - hit) * (hold + INTERCEPT_MISS * cross) - 2 * hit * float(faces @ FACES) * cross
        return np.asarray(plain + (np.minimum(hold, strike) if game.options["hold_back"] else strike))
    table = game_win_table(game)
    if not table.reliable:
        return throw_values(game, state, seat, candidates, score_aware=False, stander=stander, standing=standing)
    target = int(game.options["target"])
    need, their_need = target - state.scores[us], target - state.scores[them]
    left = (game.throw_limit or UNLIMITED) - state.throws - 1  # the others' next throw, and those after it
    worth = np.empty(PAST)
    worth[MISS] = 1 - table.to_throw(them, their_need, need + 5, top, left)
    worth[IN] = 1 - table.to_throw(them, their_need, need, top, left)
    for n in range(1, 7):
        worth[OUT + n - 1] = 1.0 if need - n <= 0 else 1 - table.to_throw(them, their_need, need - n, n, left)
    plain = matrix[:, :PAST] @ worth
    if not standing:
        return np.asarray(plain)
    hit_value = sum(float(faces[f - 1]) * (0.0 if their_need - 2 * f <= 0
                                           else 1 - table.to_throw(them, their_need - 2 * f, need, f, left))
                    for f in range(1, 7))
    miss_value = np.array([1.0 if need - n <= 0 else 1 - table.to_throw(them, their_need + 10, need - n, n, left)
                           for n in range(1, 7)])
    hold = past @ worth[OUT:PAST]
    strike = hit * hit_value * cross + (1 - hit) * (past @ miss_value)
    return np.asarray(plain + (np.minimum(hold, strike) if game.options["hold_back"] else strike))


def stand_gain(game: Kubik, state: KubikState, who: int, *, score_aware: bool) -> float:
    """K19: how much ``who`` standing to intercept lowers the thrower's best value (points or chance to
    win): the thrower answers each with its best grid throw, and the interceptor, seeing the crossing,
    strikes or, where the table allows holding back, holds as it pays (:func:`throw_values`). With holding
    back standing costs nothing (no throw, no penalty if the cube never crosses, or if the interceptor
    holds), so the gain is never negative; without it (K19: who stands must throw) a wild interceptor's
    misses can make it negative, and the team does not stand."""
    candidates = grid(game)
    thrower = state.thrower
    free = throw_values(game, state, thrower, candidates, score_aware=score_aware, standing=False)
    watched = throw_values(game, state, thrower, candidates, score_aware=score_aware, stander=who, standing=True)
    return float(free.max() - watched.max())


def crossing_speed(state: KubikState) -> float | None:
    """The crossing cube's speed (m/s) where it was measured, else None (the mean crossing speed)."""
    pending = state.pending
    if pending is not None and pending.moving is not None:
        return math.hypot(*pending.moving)
    return None


def crossing_faces(game: Kubik, state: KubikState) -> np.ndarray:
    """P(n | the cube crossed) for n = 1…6: the calibrated model's faces for the throw being made."""
    assert state.throw is not None
    # on a real field there is no geometry to go by: a plain hard throw at the cube stands in
    throw = Throw("A", 0.0, 0.0, 14.0, 3.0) if state.throw.throw is None else state.throw.throw
    row = outcome_matrix(game.field, state.cube, float(game.skills[state.thrower]), Candidates.of([throw]), True)[0]
    past = row[PAST:]
    return np.asarray(past / past.sum()) if past.sum() > 0 else np.full(6, 1 / 6)


def strike_gain(game: Kubik, state: KubikState, seat: int, *, score_aware: bool) -> float:
    """K19, at the crossing: what striking rather than holding gains ``seat``'s team — points, or the chance
    to win — averaged over the faces the cube may still end on (nobody knows it yet), with the hit chance
    for the cube's speed as it crossed (the mean crossing speed when that was not measured)."""
    hit, faces = interceptor_chances(game.field, game.skills[seat], state.cube.top, crossing_speed(state))
    ends = crossing_faces(game, state)
    team = game.team_of(seat)
    points = intercept_points(hit, faces, float(ends @ FACES))
    if not score_aware:
        return points
    if not game_win_table(game).reliable:
        # wild teams (MIN_DRIFT): the faces that would lose the game at once count as the hit chance saving
        # it, the others as points, a target's worth of points counted as the whole game
        their_need = int(game.options["target"]) - state.scores[1 - team]
        lose = float(ends[their_need - 1:].sum()) if their_need <= 6 else 0.0
        return lose * hit + (1 - lose) * points / int(game.options["target"])
    return sum(float(p) * intercept_gain(game, state, team, hit, faces, n) for n, p in enumerate(ends, start=1))


def intercept_gain(game: Kubik, state: KubikState, team: int, hit: float, faces: np.ndarray, n: int) -> float:
    """How much striking at a crossing cube that would end with ``n`` raises ``team``'s chance to win
    (K13–K15, K19).

    Holding, the throwers score n (and win if that reaches the target, K16) and ``team`` throws
    next with n on top. Striking: with chance ``hit`` the interceptors score 2f (f drawn from
    ``faces``) and the throw nothing (K14); otherwise they lose 10, the throw counts (K15). Either
    way ``team`` throws next (its own next throw is not lost, K14). The gain is the chance to win
    striking less than holding. Where the win table is not trusted (wild teams, :data:`MIN_DRIFT`) it
    is the hit chance when holding loses at once, else the points gain :func:`intercept_points`.
    """
    table = game_win_table(game)
    target = int(game.options["target"])
    need, their_need = target - state.scores[team], target - state.scores[1 - team]
    if not table.reliable:
        return hit if their_need - n <= 0 else intercept_points(hit, faces, n)
    left = (game.throw_limit or UNLIMITED) - state.throws - 1  # ``team`` throws next, after this throw counts

    def after_their_points(mine: int) -> float:
        return 0.0 if their_need - n <= 0 else table.to_throw(team, mine, their_need - n, n, left)

    let_go = after_their_points(need)
    caught = sum(float(faces[f - 1]) * table.to_throw(team, need - 2 * f, their_need, f, left) for f in range(1, 7))
    missed = after_their_points(need + int(INTERCEPT_MISS))
    return hit * caught + (1 - hit) * missed - let_go


# ---------------------------------------------------------------- hard: the winning policy


UNLIMITED = 1_000_000
"""Throws left in a game with no throw limit (``max_throws`` 0, the default): more than any table looks ahead."""

MIN_THROW_LIMIT = 100
"""``hard`` plays the winning policy only when the throw limit (``max_throws``) is at least this: the policy's
table leaves the limit out (:mod:`tabletop.games.kubik.policy_solver`), which a game between teams that gain
points (:data:`MIN_DRIFT`) does not reach."""


def winning_table(game: Kubik) -> Solution | None:
    """The winning policy's table ``hard`` plays from (shipped, or small enough to solve at once:
    :func:`~tabletop.games.kubik.policy.table`), or None where it does not apply — a short throw limit, a
    wild team, a set-up whose table does not ship and is too large to solve at a table — and ``hard`` falls
    back to one step of policy improvement on the points policy (:func:`throw_values` with ``score_aware``)."""
    if (game.throw_limit or UNLIMITED) < MIN_THROW_LIMIT or not game_win_table(game).reliable:
        return None
    return policy.game_table(game)


def winning_values(game: Kubik, state: KubikState, solution: Solution, candidates: Candidates,
                   stander: int | None = None, standing: bool | None = None) -> np.ndarray:
    """Each candidate throw's chance to win for the thrower's team by the winning policy's table, with the
    interceptor (``stander``, default the state's; ``standing`` default as in ``state``) striking or
    holding as is better for its team (K19)."""
    if standing is None:
        standing = state.interceptor is not None
    matrix = outcome_matrix(game.field, state.cube, float(game.skills[state.thrower]), candidates, True)
    hit, faces = 0.0, np.zeros(6)
    if standing:
        who = stander if stander is not None else state.interceptor
        if who is None:
            who, _, _ = best_interceptor(game, 1 - state.team, state.cube.top)
        hit, faces = interceptor_chances(game.field, game.skills[who], state.cube.top)
    return policy.choice_values(solution, state, matrix, standing, hit, faces)


def winning_throw(game: Kubik, state: KubikState, solution: Solution) -> ThrowChoice:
    """The legal grid throw (K6) the winning policy makes in ``state`` (nobody standing, or the state's
    stander at the mean crossing speed), the first on the grid among equals."""
    legal = [a for a in state.legal_actions() if isinstance(a, ThrowChoice) and a.throw is not None]
    candidates = Candidates.of([a.throw for a in legal if a.throw is not None])
    matrix = outcome_matrix(game.field, state.cube, float(game.skills[state.thrower]), candidates, True)
    hit, faces = 0.0, np.zeros(6)
    if state.interceptor is not None:
        hit, faces = interceptor_chances(game.field, game.skills[state.interceptor], state.cube.top)
    values = policy.choice_values(solution, state, matrix, state.interceptor is not None, hit, faces)
    return legal[int(np.argmax(values))]


def winning_stand_gain(game: Kubik, state: KubikState, solution: Solution, who: int) -> float:
    """K19 by the winning policy: how much ``who`` standing lowers the thrower's team's best chance to win
    (the thrower answering with its best grid throw either way)."""
    free = winning_values(game, state, solution, grid(game), standing=False)
    watched = winning_values(game, state, solution, grid(game), stander=who, standing=True)
    return float(free.max() - watched.max())
