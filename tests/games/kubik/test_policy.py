"""The winning policy (issue #20, :mod:`tabletop.games.kubik.policy_solver` and :mod:`tabletop.games.kubik.policy`):
its table of win chances and the choices ``hard`` makes from it, on small targets so that each solve takes
seconds (K7, K9, K11, K14–K19)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.kubik import Kubik, KubikState, Phase
from tabletop.games.kubik import matchups as ev
from tabletop.games.kubik import policy as kp
from tabletop.games.kubik import policy_solver as solver
from tabletop.games.kubik.actions import Outcome, ThrowChoice
from tabletop.games.kubik.field import CubePose, Field
from tabletop.games.kubik.valuation import winning_throw

pytestmark = pytest.mark.xdist_group("kubik-policy")  # one solve (module fixture), not one per worker

TARGET = 5


@pytest.fixture(scope="module")
def solution() -> solver.Solution:
    return solver.solve(solver.Setup(Field(), TARGET, ((0.7,), (0.7,)), False))


def test_values_are_probabilities_and_a_won_score_is_worth_one(solution: solver.Solution) -> None:
    """K11: a team that needs nothing has won; every other value is a probability."""
    value = solution.value
    assert np.all((value >= 0) & (value <= 1))
    assert np.all(value[:, :, 0, :] == 1.0) and np.all(value[:, :, 1:, 0] == 0.0)
    assert solution.win(0, 0, 0, 3) == 1.0 and solution.win(0, 0, 3, -2) == 0.0


def test_k11_the_value_grows_with_ones_own_score(solution: solver.Solution) -> None:
    """K7, K11: needing fewer points never lowers a team's chance (A's need falls down a column; B's need
    rising is A's gain)."""
    interior = solution.value[:, :, 1:, 1:]
    assert np.all(np.diff(interior, axis=2) <= 1e-9)  # A needs more: A's chance falls
    assert np.all(np.diff(interior, axis=3) >= -1e-9)  # B needs more: A's chance rises


def test_k5_symmetry_from_level_scores(solution: solver.Solution) -> None:
    """Equal teams: whoever throws first has the same chance (K5); before the lot it is a half."""
    pose = solver.POSE_INDEX[1, 2]
    a_first = solution.win(solution.turn(0, (0, 0)), pose, TARGET, TARGET)
    b_first = solution.win(solution.turn(1, (0, 0)), pose, TARGET, TARGET)
    assert a_first == pytest.approx(1 - b_first, abs=1e-7)
    assert a_first > 0.5  # throwing first is worth something
    assert solution.start() == pytest.approx(0.5, abs=1e-7)


def test_k11_hand_checked_one_point_each_with_six_up(solution: solver.Solution) -> None:
    """Both teams need 1 point, 6 up: any out wins at once (K11); an in hands the same position to the other
    team (K17: the cube stays); a miss (K9) leaves the thrower needing 6 and the other team to throw needing
    1. By the symmetry of equal teams, V = max over throws of P(out) + P(in)(1 − V) + P(miss)(1 − V₁₆), V₁₆
    being the chance of the team to throw needing 1 against 6."""
    pose = solver.POSE_INDEX[6, 2]
    outcomes = solver.pose_outcomes(Field(), 0.7, pose)
    turn = solution.turn(0, (0, 0))
    value, v16 = solution.win(turn, pose, 1, 1), solution.win(turn, pose, 1, 6)
    by_throw = outcomes[:, 2:].sum(axis=1) + outcomes[:, 1] * (1 - value) + outcomes[:, 0] * (1 - v16)
    assert value == pytest.approx(float(by_throw.max()), abs=1e-7)
    assert 0.5 < value < 1.0


def test_rotation_tells_players_apart_only_where_skills_differ() -> None:
    """K10, K18: the table's turn names a player only when the team's skills are not all equal."""
    assert solver.rotation((0.7, 0.7)) == (0.7,)
    assert solver.rotation((0.4, 0.9, 0.4, 0.9)) == (0.4, 0.9)
    setup = solver.Setup(Field(), TARGET, ((0.4, 0.9), (0.7,)), False)
    assert len(setup.turns()) == 4


def game(**options: object) -> Kubik:
    return Kubik(players=2, throws="calibrated", target=TARGET, **options)


@settings(max_examples=8, deadline=None)
@given(a=st.integers(0, TARGET - 1), b=st.integers(0, TARGET - 1),
       top=st.integers(1, 6))
def test_the_policy_throw_is_legal_the_tables_best_and_repeatable(
        solution: solver.Solution, a: int, b: int, top: int) -> None:
    """K6: the policy's throw is one of the legal actions, the best by the table, and the same every time."""
    g = game()
    state = KubikState(g, Phase.AIM, 0, (0, 0), (a, b), CubePose(top, 2 if top not in (2, 5) else 3), 2)
    first = winning_throw(g, state, solution)
    assert first in state.legal_actions()
    assert winning_throw(g, state, solution) == first
    outcomes = solver.pose_outcomes(g.field, 0.7, solver.POSE_INDEX[state.cube.top, state.cube.front])
    values = kp.choice_values(solution, state, outcomes, False, 0.0, np.zeros(6))
    chosen = [c.throw for c in state.legal_actions()].index(first.throw)
    assert values[chosen] == pytest.approx(values.max(), abs=1e-12)


# ---------------------------------------------------------------- tables at a table: shipped, small, or none


def test_a_table_round_trips_through_the_shipped_format(solution: solver.Solution, tmp_path: Path) -> None:
    """What ``--build`` writes, :func:`policy.load` reads back: the same table to float32's precision."""
    path = tmp_path / "policy.npz"
    kp.build(path, (solution.setup,))
    (value, sweeps), = kp.load(path.read_bytes()).values()
    assert sweeps == solution.sweeps
    assert np.abs(value - solution.value).max() < 1e-7


@pytest.fixture(scope="module")
def default() -> solver.Solution:
    shipped = kp.shipped(kp.SHIPPED[0])
    assert shipped is not None, "data/policy.npz is missing: python -m tabletop.games.kubik.policy --build"
    return shipped


@settings(max_examples=6, deadline=None)
@given(turn=st.integers(0, 1), pose=st.integers(0, 23), a=st.integers(1, 50), b=st.integers(1, 50))
def test_k6_k11_the_shipped_table_is_the_fixed_point_over_the_whole_grid(
        default: solver.Solution, turn: int, pose: int, a: int, b: int) -> None:
    """The shipped default table still solves the Bellman equation of today's calibrated model (K20b): each
    value is the best over all 3,120 grid throws (K6) of one throw's expectation (a refitted model or a changed
    rule shows here: rebuild with ``--build``)."""
    cap = default.cap
    k = default.setup.turns()[turn][0]
    after = default.value.reshape(2, len(solver.POSES), -1)[default.after(k, (0, 0))]
    plain, missed, _ = solver._worths(after, cap, k)
    cell = (a - 1) * cap + (b - 1)
    outcomes = solver._all_outcomes(default.setup.field, 0.7)[pose]
    values = solver.throw_values(outcomes, plain[pose][:, [cell]], missed[pose][:, [cell]], np.zeros(1), False, k, 0.0)
    best = values.max() if k == 0 else values.min()
    assert default.value[turn, pose, a, b] == pytest.approx(best, abs=1e-6)


def test_a_table_is_shipped_solved_when_small_or_none() -> None:
    """Bounded cost at a table: the default set-up's table ships; a small one is solved on first use; a large
    one not shipped (a long target, the interception variant) is never solved there."""
    assert kp.table(kp.SHIPPED[0]) is not None and kp.table(kp.SHIPPED[0]).seconds == 0.0  # type: ignore[union-attr]
    assert kp.work(solver.Setup(Field(), TARGET, ((0.7,), (0.7,)), False)) <= kp.WORK_BUDGET
    assert kp.table(solver.Setup(Field(), 40, ((0.7,), (0.7,)), False)) is None
    assert kp.table(solver.Setup(Field(), TARGET, ((0.7,), (0.7,)), True)) is None


def test_win_chance_reads_the_table_for_either_seat(solution: solver.Solution) -> None:
    """The chance to win from a state is the table's, seen from each team (they sum to 1); a game won is 1/0."""
    g = game()
    state = KubikState(g, Phase.AIM, 1, (0, 0), (2, 3), CubePose(4, 2), 3)
    mine = kp.win_chance(g, state, g.seat(1, 0))
    assert mine == pytest.approx(1 - solution.win(solution.turn(1, (0, 0)), solver.POSE_INDEX[4, 2], 3, 2))
    assert kp.win_chance(g, state, g.seat(0, 0)) == pytest.approx(1 - mine)  # type: ignore[operator]
    won = state.apply(ThrowChoice(g.throw_choices[0].throw)).apply(Outcome("out", 2))
    assert won.is_terminal and kp.win_chance(g, won, g.seat(1, 0)) == 1.0 and kp.win_chance(g, won, 0) == 0.0


# ---------------------------------------------------------------- exact match-ups (matchups)


def test_evaluating_the_policy_gives_back_its_table(solution: solver.Solution) -> None:
    """Policy evaluation of the solved policy's own throws reproduces the solved values (a fixed point of
    the max is the fixed point of its argmax)."""
    rows = [ev.chosen_rows(solution.setup, t, ev.policy_throws(solution, t)) for t in range(2)]
    assert np.abs(ev.evaluate(solution.setup, rows).value - solution.value).max() < 1e-7


def test_k5_the_winning_policy_beats_points_both_ways_round(solution: solver.Solution) -> None:
    """The winning policy against the best expected points (normal's rule), exact on the model: at least a
    half as either team, equal both ways round for equal teams (K5: the lot), and points against itself is a
    half."""
    as_a, as_b = ev.duel(solution)
    assert as_a == pytest.approx(as_b, abs=1e-7) and as_a > 0.5
    rows = [ev.softmax_rows(solution.setup, t, np.arange(3120), 0.0) for t in range(2)]
    assert ev.evaluate(solution.setup, rows).start() == pytest.approx(0.5, abs=1e-7)
