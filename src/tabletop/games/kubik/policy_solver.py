"""Kubik's winning policy solved: the throw and interception choices that maximise the chance of
winning the game, solved exactly by value iteration on the calibrated model (K20b).

On the calibrated model a game's future depends only on both teams' needs (target − score, K11, K16),
who throws next (the team, and — where a team's skills differ — which of its players, K10, K18) and the
cube's orientation in the centre (top and front face: the calibrated ``out n`` sets the top and keeps the
front where it can, ``in`` and a miss leave the cube as it was, K8, K17). So the chance that team A wins
is a table ``V[turn, pose, need A, need B]``; team A throws to raise it, team B to lower it, and the
interceptors of K19 (with the variant) stand and then strike or hold at a crossing seeing only the crossing
— the throw that made it, never the face it will end on. The table is the fixed point of one throw's
expectation (value iteration: sweeps of numpy matrix products over all score states at once, Gauss–Seidel
between the turns); a throw's best is taken over the whole 3,120-throw grid (K6), checked at the end so the
fixed point is exact on the grid, though each sweep only looks at the throws that were best somewhere.

What is left out, on purpose: the throw limit (``max_throws``, 200 in a simulated game, far beyond a game
between teams that gain points; the table is the game without it) and needs beyond ``target + EXTRA_NEED`` (read as
that: a team so far behind is lost either way). This module is the solving (:func:`solve`) and what it
stands on — the states, one throw's expectation, the sweeps — apart from
:mod:`~tabletop.games.kubik.policy`, which says which tables a game may have (shipped, solved on first use, or
none) and reads one at play time: a bot at a table never solves anything larger than that module allows.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

import tabletop.games.kubik.calibrated as calibrated
import tabletop.games.kubik.chance_tables as chance_tables
from tabletop.games.kubik.field import CubePose, Field

EXTRA_NEED = 20
"""Needs run 1 … target + this (a team's scores may fall, K16; further behind is read as this far)."""
MISS_POINTS = 5  #: K9
INTERCEPT_MISS = 10  #: K15
TOLERANCE = 1e-8
"""Sweeps stop when no value moves by more than this."""
MAX_SWEEPS = 5000

POSES = tuple(CubePose(top, front) for top in range(1, 7) for front in range(1, 7)
              if front != top and front + top != 7)
"""The 24 orientations of a cube in the centre, faces to the lines (K4, K8)."""
POSE_INDEX = {(p.top, p.front): i for i, p in enumerate(POSES)}


def settled(pose: int, top: int) -> int:
    """The pose after the cube comes to rest with ``top`` up and is carried back (K8): the front is kept
    where it can be one, else the lowest that can (as the rules engine does)."""
    front = POSES[pose].front
    if front == top or front + top == 7:
        front = min(f for f in range(1, 7) if f != top and f + top != 7)
    return POSE_INDEX[top, front]


def rotation(skills: tuple[float, ...]) -> tuple[float, ...]:
    """A team's skills in throwing order cut to their shortest repeating cycle (K10, K18): equal skills
    make one player of the team as good as the next, and the table need not tell them apart.

    >>> rotation((0.7, 0.7, 0.7)), rotation((0.5, 0.9, 0.5, 0.9)), rotation((0.5, 0.9, 0.6))
    ((0.7,), (0.5, 0.9), (0.5, 0.9, 0.6))
    """
    n = len(skills)
    period = next(p for p in range(1, n + 1) if n % p == 0 and all(skills[i] == skills[i % p] for i in range(n)))
    return skills[:period]


@dataclass(frozen=True)
class Setup:
    """What the table depends on: the field, the target, each team's skill rotation, each team's best
    interceptor's hit chance (None without the interception variant)."""

    field: Field
    target: int
    teams: tuple[tuple[float, ...], tuple[float, ...]]
    interception: bool
    hold_back: bool = False  #: with interception: an interceptor may hold back at the crossing (else must throw)

    def turns(self) -> list[tuple[int, int, int]]:
        """Every (team to throw, A's next player, B's next player) in the table's order."""
        a, b = (len(t) for t in self.teams)
        return [(k, i, j) for k in (0, 1) for i in range(a) for j in range(b)]


@dataclass(frozen=True, eq=False)
class Solution:
    """``value[turn, pose, a, b]``: the chance that team A wins when it needs ``a`` (1 … cap) and B needs
    ``b``, the cube in the centre in :data:`POSES`\\[pose], and ``Setup.turns()[turn]`` about to throw (index
    0 of a need is unused: a team that needs nothing has won)."""

    setup: Setup
    value: np.ndarray
    cap: int
    hits: tuple[float, float]  #: each team's best interceptor's hit chance at the mean crossing speed
    sweeps: int
    seconds: float

    def turn(self, team: int, next_index: tuple[int, int]) -> int:
        """The table's turn index for ``team`` about to throw with each team's next player."""
        a, b = (len(t) for t in self.setup.teams)
        return (team * a + next_index[0] % a) * b + next_index[1] % b

    def after(self, team: int, next_index: tuple[int, int]) -> int:
        """The turn after ``team``'s throw (its next player, the other team to throw, K10)."""
        index = list(next_index)
        index[team] += 1
        return self.turn(1 - team, (index[0], index[1]))

    def win(self, turn: int, pose: int, need_a: int, need_b: int) -> float:
        """Team A's chance to win from these needs (clamped to the cap; a need ≤ 0 has won, A first)."""
        if need_a <= 0:
            return 1.0
        if need_b <= 0:
            return 0.0
        return float(self.value[turn, pose, min(need_a, self.cap), min(need_b, self.cap)])

    def start(self, team_a_first: float = 0.5) -> float:
        """Team A's chance to win before the lot (K5), the cube 1 up as K4 places it."""
        t = self.setup.target
        pose = POSE_INDEX[1, 2]
        return team_a_first * self.win(self.turn(0, (0, 0)), pose, t, t) + (1 - team_a_first) * self.win(
            self.turn(1, (0, 0)), pose, t, t)


@lru_cache(maxsize=64)
def pose_outcomes(field: Field, skill: float, pose: int) -> np.ndarray:
    """(3,120, 14): each grid throw's chance of each of ``calibrated.OUTCOMES`` with the cube in the centre
    in ``POSES[pose]`` (miss, in, out 1–6 not crossing the border, past 1–6 crossing it)."""
    model, fitted = _model(field)
    chances = chance_tables.throw_chances(model, fitted, 0.0, 0.0, skill, chance_tables.GRID)
    return chance_tables.outcome_rows(chances, POSES[pose], chance_tables.GRID.line_a)


def _model(field: Field) -> tuple[calibrated.Model, Field]:
    try:
        return calibrated.model_for(field)
    except ValueError:  # an uncalibrated cube borrows the calibrated cube nearest in size (as the bots do)
        nearest = min(calibrated.CUBES, key=lambda name: abs(calibrated.CUBES[name] - field.cube_edge))
        return calibrated.model_for(f"{nearest}:{field.distance_steps:g}")


def interceptor(field: Field, skills: tuple[float, ...], top: int) -> tuple[float, np.ndarray]:
    """A team's best interceptor (K19: the team names whom it likes): the hit chance at the mean crossing
    speed and the chance of each face 1–6 after a hit, for a cube that had ``top``."""
    model, _ = _model(field)
    hit = max(calibrated.intercept_hit(model, s) for s in skills)
    same, opposite, side = model.intercept_faces
    faces = np.array([same if n == top else opposite if n == 7 - top else side for n in range(1, 7)])
    return hit, faces / faces.sum()


# ---------------------------------------------------------------- one throw's expectation


@lru_cache(maxsize=16)
def _gathers(cap: int, team: int) -> tuple[np.ndarray, ...]:
    """Where each outcome of a throw by ``team`` moves the game, as gather indices into the next turn's
    (pose, flat score cell) table, for every pose and interior score cell (a, b ≥ 1): the poses and cells of
    miss, in, out 1–6 (8 rows, K7, K9), of the interceptors missing and the throw then ending with n (6, K15)
    and of an interception hit with f on top (6, K14)."""
    size = cap + 1
    a, b = np.meshgrid(np.arange(1, size), np.arange(1, size), indexing="ij")
    mine, theirs = (a, b) if team == 0 else (b, a)

    def flat(m: np.ndarray, t: np.ndarray) -> np.ndarray:
        m, t = np.clip(m, 0, cap), np.clip(t, 0, cap)
        return np.asarray(((m if team == 0 else t) * size + (t if team == 0 else m)).ravel())

    plain_cells = np.stack([flat(mine + MISS_POINTS, theirs), flat(mine, theirs),
                            *(flat(mine - n, theirs) for n in range(1, 7))])
    missed_cells = np.stack([flat(mine - n, theirs + INTERCEPT_MISS) for n in range(1, 7)])
    hit_cells = np.stack([flat(mine, theirs - 2 * f) for f in range(1, 7)])
    poses = range(len(POSES))
    faces = [[settled(p, n) for n in range(1, 7)] for p in poses]
    plain_poses = np.array([[p, p, *faces[p]] for p in poses])
    face_poses = np.array(faces)
    return plain_poses, plain_cells, face_poses, missed_cells, hit_cells


def _worths(after: np.ndarray, cap: int, team: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Team A's chance to win after each outcome of a throw by ``team``, from every pose and interior score
    cell, read from ``after`` (poses, cells) — the next turn's table: plain (poses, 8, cells), missed and
    hit (poses, 6, cells) as :func:`_gathers` orders them."""
    plain_poses, plain_cells, face_poses, missed_cells, hit_cells = _gathers(cap, team)
    return (after[plain_poses[:, :, None], plain_cells[None, :, :]],
            after[face_poses[:, :, None], missed_cells[None, :, :]],
            after[face_poses[:, :, None], hit_cells[None, :, :]])


def throw_values(outcomes: np.ndarray, plain: np.ndarray, missed: np.ndarray, hit_worth: np.ndarray,
                 standing: bool, thrower: int, hit: float, hold_back: bool = False) -> np.ndarray:
    """(..., throws, cells): team A's chance to win after each throw, ``outcomes`` (..., throws, 14) in the
    columns of ``calibrated.OUTCOMES``, ``plain`` (..., 8, cells) and ``missed`` (..., 6, cells) the worth of
    each outcome, ``hit_worth`` (..., cells) that of an interception hit averaged over its faces.

    Without a stander a crossing is an out. With one (K19) the interceptor, seeing the crossing of this
    throw but not its face, strikes — or, where the table allows holding back (``hold_back``), strikes or
    holds as is better for its team: holding, the throw ends as out n; striking, a hit scores 2f for the
    interceptors and nothing for the throw (K14), a miss costs them 10 and the throw then ends as out n (K15)."""
    if not standing:
        merged = np.concatenate([outcomes[..., :2], outcomes[..., 2:8] + outcomes[..., 8:]], axis=-1)
        return np.asarray(merged @ plain)
    past = outcomes[..., 8:]
    hold = past @ plain[..., 2:, :]
    strike = hit * past.sum(axis=-1)[..., None] * hit_worth[..., None, :] + (1 - hit) * (past @ missed)
    if not hold_back:
        return np.asarray(outcomes[..., :8] @ plain + strike)
    crossing = np.minimum(hold, strike) if thrower == 0 else np.maximum(hold, strike)
    return np.asarray(outcomes[..., :8] @ plain + crossing)


def hit_faces(field: Field, skills: tuple[float, ...]) -> tuple[float, np.ndarray]:
    """The team's best interceptor's hit chance and, per pose, the chance of each face after a hit."""
    hit = interceptor(field, skills, 1)[0]
    return hit, np.stack([interceptor(field, skills, pose.top)[1] for pose in POSES])


# ---------------------------------------------------------------- value iteration


@lru_cache(maxsize=16)
def _all_outcomes(field: Field, skill: float, dtype: str = "float64") -> np.ndarray:
    return np.stack([pose_outcomes(field, skill, p) for p in range(len(POSES))]).astype(dtype)


def _seed_throws(outcomes: np.ndarray) -> set[int]:
    """Throws worth starting from: the best for points, for each face out, for a high face, and the safest."""
    merged = outcomes[:, 2:8] + outcomes[:, 8:]
    points = -MISS_POINTS * outcomes[:, 0] + merged @ np.arange(1, 7)
    picks = {int(np.argmax(points)), int(np.argmin(outcomes[:, 0])), int(np.argmax(outcomes[:, 1]))}
    picks |= {int(np.argmax(merged[:, n])) for n in range(6)}
    picks |= {int(np.argmax(merged[:, n:].sum(axis=1))) for n in range(6)}
    picks |= {int(np.argmin(outcomes[:, 8:].sum(axis=1) - 0.01 * points))}
    picks |= {int(i) for i in np.argsort(-points)[:8]}
    return picks


Active = dict[tuple[int, bool], np.ndarray]
"""Per turn and standing: (poses, throws) grid rows each sweep looks at (padded by repeating one)."""


def _sweep(setup: Setup, value: np.ndarray, cap: int, active: Active) -> np.ndarray:
    """One sweep: every turn, pose and score valued from ``value``, throws from ``active``, each turn reading
    the turns before it in this sweep as already updated (Gauss–Seidel between turns: team B's throw is
    valued from team A's new values, so a sweep carries two throws' information and the fixed point is
    reached in about half the sweeps of Jacobi's)."""
    new = value.copy()
    solution = Solution(setup, value, cap, (0.0, 0.0), 0, 0.0)
    flat = new.reshape(value.shape[0], len(POSES), -1)
    poses = np.arange(len(POSES))[:, None]
    for t, (k, i, j) in enumerate(setup.turns()):
        outcomes = _all_outcomes(setup.field, setup.teams[k][i if k == 0 else j])
        plain, missed, hits = _worths(flat[solution.after(k, (i, j))], cap, k)
        hit, faces = hit_faces(setup.field, setup.teams[1 - k])
        hit_worth = np.einsum("pf,pfc->pc", faces, hits)
        best = []
        for standing in (False, True) if setup.interception else (False,):
            values = throw_values(outcomes[poses, active[t, standing]], plain, missed, hit_worth, standing, k, hit,
                                  setup.hold_back)
            best.append(values.max(axis=1) if k == 0 else values.min(axis=1))
        # K19: the other team stands (its best interceptor) or not, whichever is better for it
        chosen = best[0] if len(best) == 1 else (np.minimum(*best) if k == 0 else np.maximum(*best))
        new[t, :, 1:, 1:] = chosen.reshape(len(POSES), cap, cap)
    return new


def _discover(setup: Setup, value: np.ndarray, cap: int) -> dict[tuple[int, bool], list[set[int]]]:
    """Per turn, standing and pose: the grid throws that are best for some score against ``value`` (the
    whole grid, in float32 chunks, to find them; they are then valued exactly)."""
    solution = Solution(setup, value, cap, (0.0, 0.0), 0, 0.0)
    flat = value.reshape(value.shape[0], len(POSES), -1).astype(np.float32)
    found: dict[tuple[int, bool], list[set[int]]] = {}
    for t, (k, i, j) in enumerate(setup.turns()):
        outcomes = _all_outcomes(setup.field, setup.teams[k][i if k == 0 else j], "float32")
        plain, missed, hits = _worths(flat[solution.after(k, (i, j))], cap, k)
        hit, faces = hit_faces(setup.field, setup.teams[1 - k])
        hit_worth = np.einsum("pf,pfc->pc", faces.astype(np.float32), hits)
        sign = 1.0 if k == 0 else -1.0
        for standing in (False, True) if setup.interception else (False,):
            per_pose = []
            for p in range(len(POSES)):
                rows: set[int] = set()
                for start in range(0, cap * cap, 1024):
                    cells = slice(start, start + 1024)
                    values = sign * throw_values(outcomes[p], plain[p, :, cells], missed[p, :, cells],
                                                 hit_worth[p, cells], standing, k, hit, setup.hold_back)
                    best = values.max(axis=0)
                    rows |= set(np.flatnonzero((values == best[None, :]).any(axis=1)).tolist())
                per_pose.append(rows)
            found[t, standing] = per_pose
    return found


def _pack(sets: list[set[int]]) -> np.ndarray:
    width = max(len(s) for s in sets)
    rows = [sorted(s) for s in sets]
    return np.array([row + [row[0]] * (width - len(row)) for row in rows])


@lru_cache(maxsize=8)
def solve(setup: Setup) -> Solution:
    """The winning policy's table for ``setup`` (cached): value iteration over the throws found best
    somewhere; then the whole grid is searched for a throw better anywhere, and if one is found it joins and
    the iteration goes on, until the whole grid adds nothing."""
    begin = time.perf_counter()
    cap = setup.target + EXTRA_NEED
    size = cap + 1
    turns = setup.turns()
    hits = (interceptor(setup.field, setup.teams[0], 1)[0], interceptor(setup.field, setup.teams[1], 1)[0])
    value = np.full((len(turns), len(POSES), size, size), 0.5)
    value[:, :, 0, :] = 1.0  # team A needs nothing: A has won (K11)
    value[:, :, 1:, 0] = 0.0  # B has
    sets: dict[tuple[int, bool], list[set[int]]] = {}
    for t, (k, i, j) in enumerate(turns):
        outcomes = _all_outcomes(setup.field, setup.teams[k][i if k == 0 else j])
        seeds = [_seed_throws(outcomes[p]) for p in range(len(POSES))]
        for standing in (False, True):
            sets[t, standing] = [set(s) for s in seeds]
    sweeps = 0
    while True:
        active = {key: _pack(rows) for key, rows in sets.items()}
        change = 1.0
        while change >= TOLERANCE:
            if sweeps >= MAX_SWEEPS:
                raise RuntimeError(f"Kubik policy: no fixed point after {MAX_SWEEPS} sweeps (change {change:.2g})")
            new = _sweep(setup, value, cap, active)
            sweeps += 1
            change = float(np.abs(new - value).max())
            value = new
        found = _discover(setup, value, cap)
        grown = False
        for key, per_pose in found.items():
            for p, rows in enumerate(per_pose):
                if not rows <= sets[key][p]:
                    sets[key][p] |= rows
                    grown = True
        if not grown:
            break
    return Solution(setup, value, cap, hits, sweeps, time.perf_counter() - begin)
