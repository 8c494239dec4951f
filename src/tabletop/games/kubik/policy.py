"""Kubik's winning policy at a table: which solved table a game has, read to choose and to tell the odds.

The table is solved by :mod:`~tabletop.games.kubik.policy_solver` (its docstring tells what it is and what
it leaves out). A bot reads a table through :func:`table` with a bounded cost: the tables of the app's
default set-ups ship as package data (``data/policy.npz``, made by
``python -m tabletop.games.kubik.policy --build``), a small set-up (within :data:`WORK_BUDGET`) is solved on
first use (about a second), and any other gives None, ``hard`` then playing its fallback (docs/kubik.md,
"The winning policy"). :func:`win_chance` gives a team's chance to win from a state. This module is apart
from the solver because it is what play imports: the shipped tables, the bound on solving at a table, and
the values a bot (:mod:`~tabletop.games.kubik.expert`) and a display read off a solution.
"""

from __future__ import annotations

import io
import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.games.kubik.field import Field
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.policy_solver import (
    EXTRA_NEED,
    INTERCEPT_MISS,
    MISS_POINTS,
    POSE_INDEX,
    Setup,
    Solution,
    interceptor,
    rotation,
    settled,
    solve,
    throw_values,
)

if TYPE_CHECKING:
    from tabletop.games.kubik.game import Kubik
    from tabletop.games.kubik.state import KubikState


# ---------------------------------------------------------------- tables at a table: shipped, small, or none


DATA_PATH = Path(__file__).with_name("data") / "policy.npz"
"""The shipped tables (:data:`SHIPPED`), written by ``python -m tabletop.games.kubik.policy --build``."""
SHIPPED = (Setup(Field(), 30, ((0.7,), (0.7,)), False),)
"""The app's default set-ups whose tables ship: the default field, target and skill, 2 or more players."""
WORK_BUDGET = 2 * 31 * 31
"""The most work (turns × score cells, :func:`work`) a table may cost to solve on first use: a target of 11
with equal teams and no interception, about a second. Larger set-ups are never solved at a table."""
INTERCEPTION_WORK = 50
"""How much more an interception table costs than one without (many more sweeps, twice the throws)."""


def work(setup: Setup) -> int:
    """The work of solving ``setup``: turns × score cells, times :data:`INTERCEPTION_WORK` with the variant.

    >>> [work(Setup(Field(), t, ((0.7,), (0.7,)), False)) <= WORK_BUDGET for t in (11, 12)]
    [True, False]
    """
    cells = (setup.target + EXTRA_NEED) ** 2 * len(setup.turns())
    return cells * (INTERCEPTION_WORK if setup.interception else 1)


def describe(setup: Setup) -> str:
    """The set-up as a JSON key (how the shipped file names its tables)."""
    return json.dumps({"distance_steps": setup.field.distance_steps, "cube_edge": setup.field.cube_edge,
                       "line_width": setup.field.line_width, "target": setup.target,
                       "teams": [list(t) for t in setup.teams], "interception": setup.interception,
                       **({"hold_back": True} if setup.interception and setup.hold_back else {})}, sort_keys=True)


def load(raw: bytes) -> dict[str, tuple[np.ndarray, int]]:
    """Tables written by :func:`build`, by :func:`describe` key: (value, sweeps)."""
    with np.load(io.BytesIO(raw)) as data:
        keys = [str(k) for k in data["setups"]]
        return {key: (data[f"value_{i}"].astype(np.float64), int(data["sweeps"][i])) for i, key in enumerate(keys)}


@cache
def _shipped() -> dict[str, tuple[np.ndarray, int]]:
    """The shipped tables (read once, on first use; none if the file is missing)."""
    try:
        return load(resources.files("tabletop.games.kubik").joinpath("data", DATA_PATH.name).read_bytes())
    except FileNotFoundError:
        return {}


def _hits(setup: Setup) -> tuple[float, float]:
    return interceptor(setup.field, setup.teams[0], 1)[0], interceptor(setup.field, setup.teams[1], 1)[0]


def shipped(setup: Setup) -> Solution | None:
    """The shipped table of ``setup``, or None if it does not ship."""
    found = _shipped().get(describe(setup))
    if found is None:
        return None
    return Solution(setup, found[0], setup.target + EXTRA_NEED, _hits(setup), found[1], 0.0)


def table(setup: Setup) -> Solution | None:
    """The winning policy's table for ``setup`` at a bounded cost: shipped, solved on first use if its
    :func:`work` is within :data:`WORK_BUDGET`, else None (the caller falls back)."""
    return shipped(setup) or (solve(setup) if work(setup) <= WORK_BUDGET else None)


def build(path: Path = DATA_PATH, setups: tuple[Setup, ...] = SHIPPED) -> None:
    """Solve ``setups`` and write their tables (float32, compressed) for :func:`shipped`."""
    solved = [solve(s) for s in setups]
    arrays: dict[str, Any] = {f"value_{i}": s.value.astype(np.float32) for i, s in enumerate(solved)}
    arrays["setups"] = np.array([describe(s) for s in setups])
    arrays["sweeps"] = np.array([s.sweeps for s in solved])
    np.savez_compressed(path, **arrays)


# ---------------------------------------------------------------- playing it


def setup_of(game: Kubik) -> Setup:
    """The table ``game`` needs: its field, target, teams' skill rotations and variant."""
    teams = tuple(rotation(tuple(float(game.skills[game.seat(k, i)]) for i in range(game.team_sizes[k])))
                  for k in (0, 1))
    return Setup(game.field, int(game.options["target"]), (teams[0], teams[1]), bool(game.interception),
                 bool(game.interception and game.options["hold_back"]))


def game_table(game: Kubik) -> Solution | None:
    """The table for ``game`` (:func:`table`: shipped, small enough to solve, or None)."""
    return table(setup_of(game))


def current_turn(solution: Solution, state: KubikState) -> int:
    """The table's turn index for the throw being made in ``state``."""
    return solution.turn(state.team, state.next_index)


def win_chance(game: Kubik, state: KubikState, seat: int) -> float | None:
    """The chance that ``seat``'s team wins from ``state`` (its cube read as in the centre), as the winning
    policy values the throw being made before its thrower chooses, both teams playing the policy from
    then on; 1 or 0 once the game is won, and None where no table is at hand (:func:`table`)."""
    team = game.team_of(seat)
    if state.phase is Phase.OVER:
        won = state.scores[team] > state.scores[1 - team]
        return 1.0 if won else 0.5 if state.scores[0] == state.scores[1] else 0.0
    solution = game_table(game)
    if solution is None:
        return None
    target = solution.setup.target
    a = solution.win(current_turn(solution, state), POSE_INDEX[state.cube.top, state.cube.front],
                     target - state.scores[0], target - state.scores[1])
    return a if team == 0 else 1.0 - a


def outcome_worths(solution: Solution, state: KubikState) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Team A's chance to win after each outcome of the throw being made in ``state`` (from the solved
    table): plain (8,) for miss, in, out 1–6; missed (6,) and hit (6,) as in
    :func:`~tabletop.games.kubik.policy_solver._gathers`. The cube is read as the centre pose with its faces
    (the model's discretisation: a cube that stayed in off centre in the physics is valued as if in the
    centre)."""
    target = solution.setup.target
    k = state.team
    after = solution.after(k, state.next_index)
    pose = POSE_INDEX[state.cube.top, state.cube.front]
    needs = [target - state.scores[0], target - state.scores[1]]

    def win(p: int, mine: int, theirs: int) -> float:
        a, b = (needs[0] - mine, needs[1] - theirs) if k == 0 else (needs[0] - theirs, needs[1] - mine)
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        return solution.win(after, p, a, b)

    plain = np.array([win(pose, -MISS_POINTS, 0), win(pose, 0, 0),
                      *(win(settled(pose, n), n, 0) for n in range(1, 7))])
    missed = np.array([win(settled(pose, n), n, -INTERCEPT_MISS) for n in range(1, 7)])
    hit = np.array([win(settled(pose, f), 0, 2 * f) for f in range(1, 7)])
    return plain, missed, hit


def choice_values(solution: Solution, state: KubikState, outcomes: np.ndarray, standing: bool, hit: float,
                  faces: np.ndarray) -> np.ndarray:
    """The thrower's team's chance to win after each throw (rows of ``outcomes``, 14 columns), the
    interceptor (if ``standing``) striking or holding as is better for its team: the per-throw values a
    display may show."""
    plain, missed, hits = outcome_worths(solution, state)
    values = throw_values(outcomes, plain[:, None], missed[:, None], np.array([faces @ hits]), standing,
                          state.team, hit, solution.setup.hold_back)[:, 0]
    return np.asarray(values if state.team == 0 else 1.0 - values)


def strike_gain(solution: Solution, state: KubikState, hit: float, faces: np.ndarray, ends: np.ndarray) -> float:
    """K19, at the crossing: what striking rather than holding adds to the interceptors' chance to win,
    the cube's end ``ends`` (P(n | cross)) unknown to them."""
    plain, missed, hits = outcome_worths(solution, state)
    hold = float(ends @ plain[2:])
    strike = hit * float(faces @ hits) + (1 - hit) * float(ends @ missed)
    return strike - hold if state.team == 1 else hold - strike


def win_table(solution: Solution, first: int = 0, top: int = 1) -> list[list[float]]:
    """Rows: team A's score 0 … target − 1, columns B's: A's chance to win with ``first`` (0: A) about
    to throw and the cube ``top`` up (its front as K4 sets it)."""
    target = solution.setup.target
    turn = solution.turn(first, (0, 0))
    front = 2 if top not in (2, 5) else 3
    pose = POSE_INDEX[top, front]
    return [[solution.win(turn, pose, target - a, target - b) for b in range(target)] for a in range(target)]


def markdown(solution: Solution, step: int = 3) -> str:
    """The docs' table: A's chance to win, A to throw with the cube 1 up, by A's and B's score."""
    table = win_table(solution)
    scores = list(range(0, solution.setup.target, step))
    lines = ["| A \\ B | " + " | ".join(str(b) for b in scores) + " |", "|---" * (len(scores) + 1) + "|"]
    lines += [f"| {a} | " + " | ".join(f"{table[a][b]:.3f}" for b in scores) + " |" for a in scores]
    return "\n".join(lines)


if __name__ == "__main__":  # python -m tabletop.games.kubik.policy [target] [skill] [--interception] | --build
    import sys

    if "--build" in sys.argv:
        build()
        print(f"wrote {DATA_PATH} ({DATA_PATH.stat().st_size:,} bytes): " + "; ".join(map(describe, SHIPPED)))
        sys.exit(0)
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    target, skill = int(args[0]) if args else 30, float(args[1]) if len(args) > 1 else 0.7
    solved = solve(Setup(Field(), target, ((skill,), (skill,)), "--interception" in sys.argv))
    print(markdown(solved))
    print(f"\nsolved in {solved.seconds:.1f} s ({solved.sweeps} sweeps); from 0–0 before the lot A wins "
          f"{solved.start():.4f}")
