"""Exact match-ups of Kubik's bots on the calibrated model (K20b): the chance that one policy beats another.

Without the interception variant both ``normal`` (the best expected points, K7, K9) and ``hard`` (the winning
policy, :mod:`tabletop.games.kubik.policy`) choose each throw as a fixed function of the table's state — both
teams' needs, who throws and the cube's pose in the centre (in a calibrated game a cube that stays in stays
in the centre, K17) — so the chance that one beats the other is the value of a linear system over those
states: one throw's expectation with each team's throw fixed, iterated to its fixed point (Jacobi sweeps,
as the solver's but without the max). No sampling, no interval: the numbers are the model's exact ones, up
to the throw limit the table leaves out (``max_throws``, 200 in a simulated game, which games between
teams that gain points never reach). ``python -m tabletop.games.kubik.matchups`` prints them;
docs/kubik.md ("Levels") reports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tabletop.games.kubik.chance_tables import GRID
from tabletop.games.kubik.policy_solver import (
    EXTRA_NEED,
    MAX_SWEEPS,
    MISS_POINTS,
    POSES,
    Setup,
    Solution,
    _all_outcomes,
    _gathers,
    _worths,
    throw_values,
)

if TYPE_CHECKING:
    from tabletop.games.kubik.game import Kubik

TOLERANCE = 1e-10
"""Sweeps stop when no value moves by more than this."""
POINTS = np.array([-MISS_POINTS, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
"""K7, K9: the points of miss, in, out 1–6 (a crossing is an out without the variant)."""


def _merged(setup: Setup, team: int, player: int) -> np.ndarray:
    """(poses, 3,120, 8): each grid throw's chance of miss, in, out 1–6 for that player (no interceptor)."""
    outcomes = _all_outcomes(setup.field, setup.teams[team][player])
    return np.concatenate([outcomes[..., :2], outcomes[..., 2:8] + outcomes[..., 8:]], axis=-1)


def policy_throws(solution: Solution, turn: int) -> np.ndarray:
    """(poses, cells): the winning policy's throw from ``solution``'s table in each pose and interior score
    cell (the thrower's best chance, the first on the grid among equals: what ``hard`` plays)."""
    setup, cap = solution.setup, solution.cap
    k, i, j = setup.turns()[turn]
    outcomes = _all_outcomes(setup.field, setup.teams[k][i if k == 0 else j])
    after = solution.value.reshape(solution.value.shape[0], len(POSES), -1)[solution.after(k, (i, j))]
    plain, missed, _ = _worths(after, cap, k)
    chosen = np.empty((len(POSES), cap * cap), dtype=np.int64)
    for p in range(len(POSES)):
        values = throw_values(outcomes[p], plain[p], missed[p], np.zeros(cap * cap), False, k, 0.0)
        chosen[p] = np.argmax(values if k == 0 else 1.0 - values, axis=0)
    return chosen


def chosen_rows(setup: Setup, turn: int, throws: np.ndarray) -> np.ndarray:
    """(poses, cells, 8): the outcome chances of the grid throws ``throws`` (poses, cells) of ``turn``'s player."""
    k, i, j = setup.turns()[turn]
    return np.asarray(_merged(setup, k, i if k == 0 else j)[np.arange(len(POSES))[:, None], throws])


def softmax_rows(setup: Setup, turn: int, candidates: np.ndarray, temperature: float) -> np.ndarray:
    """(poses, 1, 8): the outcome chances of a throw drawn from the grid throws ``candidates`` by a softmax of
    their expected points at ``temperature`` (0: the best, the first among equals), the same in every cell."""
    k, i, j = setup.turns()[turn]
    merged = _merged(setup, k, i if k == 0 else j)[:, candidates]
    points = merged @ POINTS
    if temperature > 0:
        weights = np.exp((points - points.max(axis=1, keepdims=True)) / temperature)
    else:
        weights = np.zeros_like(points)
        weights[np.arange(len(points)), np.argmax(points, axis=1)] = 1.0
    weights /= weights.sum(axis=1, keepdims=True)
    return np.asarray(np.einsum("pt,pto->po", weights, merged))[:, None, :]


def evaluate(setup: Setup, rows: list[np.ndarray]) -> Solution:
    """Team A's chance to win with every throw's outcome chances fixed: ``rows[turn]`` (poses, cells, 8), or
    (poses, 1, 8) for a policy that ignores the score, gives the chances of miss, in, out 1–6 in each pose and
    interior score cell (a mixed policy's are its throws' averaged), as a :class:`Solution` table (no
    interception variant).

    Raises:
        ValueError: for the interception variant (its stand and strike decisions are not fixed here).
    """
    if setup.interception:
        raise ValueError("exact match-ups cover the game without the interception variant only")
    cap = setup.target + EXTRA_NEED
    size = cap + 1
    turns = setup.turns()
    value = np.full((len(turns), len(POSES), size, size), 0.5)
    value[:, :, 0, :] = 1.0
    value[:, :, 1:, 0] = 0.0
    solution = Solution(setup, value, cap, (0.0, 0.0), 0, 0.0)
    for sweep in range(1, MAX_SWEEPS + 1):
        new = value.copy()
        flat = value.reshape(len(turns), len(POSES), -1)
        for t, (k, i, j) in enumerate(turns):
            plain_poses, plain_cells = _gathers(cap, k)[:2]
            plain = flat[solution.after(k, (i, j))][plain_poses[:, :, None], plain_cells[None, :, :]]
            if rows[t].shape[1] == 1:
                expected = np.einsum("po,poc->pc", rows[t][:, 0], plain)
            else:
                expected = np.einsum("pco,poc->pc", rows[t], plain)
            new[t, :, 1:, 1:] = expected.reshape(len(POSES), cap, cap)
        change = float(np.abs(new - value).max())
        value = new
        if change < TOLERANCE:
            return Solution(setup, value, cap, (0.0, 0.0), sweep, 0.0)
    raise RuntimeError(f"Kubik evaluation: no fixed point after {MAX_SWEEPS} sweeps")


def level_rows(game: Kubik, solution: Solution, level: str) -> list[np.ndarray]:
    """Each turn's outcome chances as a bot level plays (no interception variant): ``hard`` the winning policy
    of ``solution``, ``normal`` and ``easy`` their softmax of expected points over their throws
    (``expert.LEVEL_SETTINGS``), ``points`` the best expected points."""
    from tabletop.games.kubik.expert import LEVEL_SETTINGS, _coarse

    setup = solution.setup
    turns = range(len(setup.turns()))
    if level == "hard":
        return [chosen_rows(setup, t, policy_throws(solution, t)) for t in turns]
    throws, temperature = LEVEL_SETTINGS.get(level, ("grid", 0.0))
    candidates = np.arange(len(GRID.throws)) if throws == "grid" else np.array(_coarse(game)[1])
    return [softmax_rows(setup, t, candidates, temperature) for t in turns]


def match(setup: Setup, first: list[np.ndarray], second: list[np.ndarray]) -> tuple[float, float]:
    """``first``'s chance to beat ``second`` (each a :func:`level_rows`), before the lot (K5) from 0–0 with the
    cube 1 up (K4): (as team A, as team B)."""
    kinds = [k for k, _, _ in setup.turns()]
    as_a = evaluate(setup, [first[t] if k == 0 else second[t] for t, k in enumerate(kinds)]).start()
    as_b = 1.0 - evaluate(setup, [second[t] if k == 0 else first[t] for t, k in enumerate(kinds)]).start()
    return as_a, as_b


def duel(solution: Solution) -> tuple[float, float]:
    """The winning policy of ``solution`` against the best expected points, both ways round."""
    setup = solution.setup
    turns = range(len(setup.turns()))
    dp = [chosen_rows(setup, t, policy_throws(solution, t)) for t in turns]
    return match(setup, dp, [softmax_rows(setup, t, np.arange(len(GRID.throws)), 0.0) for t in turns])


MATCHES = (("hard", "normal"), ("normal", "easy"), ("hard", "easy"), ("hard", "points"), ("points", "normal"))
"""The match-ups :func:`levels` reports: each level against the one below, and the points policy (normal
before the winning policy) against the levels either side of it."""


def levels(game: Kubik) -> list[tuple[str, str, float, float]]:
    """Each of :data:`MATCHES` in ``game`` (its table from :func:`policy.table`): (first, second, first's
    chance to win as team A, as team B), exact on the model.

    Raises:
        ValueError: where no table is at hand for ``game`` or it has the interception variant.
    """
    from tabletop.games.kubik.policy import setup_of, table

    solution = table(setup_of(game))
    if solution is None or solution.setup.interception:
        raise ValueError("exact match-ups need a table at hand (policy.table) and no interception variant")
    rows = {level: level_rows(game, solution, level) for level in ("hard", "normal", "easy", "points")}
    return [(first, second, *match(solution.setup, rows[first], rows[second])) for first, second in MATCHES]


if __name__ == "__main__":  # python -m tabletop.games.kubik.matchups: the default game's exact match-ups
    from tabletop.games.kubik.game import Kubik as _Kubik

    for first, second, a, b in levels(_Kubik(throws="calibrated", players=2)):
        print(f"{first} vs {second}: {a:.4f} as team A, {b:.4f} as team B, {(a + b) / 2:.4f} seats alternating")
