"""The winning policy (issue #20, :mod:`tabletop.games.kubik.policy`): its table of win chances and the
choices ``hard`` makes from it, on small targets so that each solve takes seconds (K7, K9, K11, K14–K19)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.kubik import Kubik, KubikState, Phase
from tabletop.games.kubik import policy as kp
from tabletop.games.kubik.field import CubePose, Field

pytestmark = pytest.mark.xdist_group("kubik-policy")  # one solve (module fixture), not one per worker

TARGET = 5


@pytest.fixture(scope="module")
def solution() -> kp.Solution:
    return kp.solve(kp.Setup(Field(), TARGET, ((0.7,), (0.7,)), False))


def test_values_are_probabilities_and_a_won_score_is_worth_one(solution: kp.Solution) -> None:
    """K11: a team that needs nothing has won; every other value is a probability."""
    value = solution.value
    assert np.all((value >= 0) & (value <= 1))
    assert np.all(value[:, :, 0, :] == 1.0) and np.all(value[:, :, 1:, 0] == 0.0)
    assert solution.win(0, 0, 0, 3) == 1.0 and solution.win(0, 0, 3, -2) == 0.0


def test_k11_the_value_grows_with_ones_own_score(solution: kp.Solution) -> None:
    """K7, K11: needing fewer points never lowers a team's chance (A's need falls down a column; B's need
    rising is A's gain)."""
    interior = solution.value[:, :, 1:, 1:]
    assert np.all(np.diff(interior, axis=2) <= 1e-9)  # A needs more: A's chance falls
    assert np.all(np.diff(interior, axis=3) >= -1e-9)  # B needs more: A's chance rises


def test_k5_symmetry_from_level_scores(solution: kp.Solution) -> None:
    """Equal teams: whoever throws first has the same chance (K5); before the lot it is a half."""
    pose = kp.POSE_INDEX[1, 2]
    a_first = solution.win(solution.turn(0, (0, 0)), pose, TARGET, TARGET)
    b_first = solution.win(solution.turn(1, (0, 0)), pose, TARGET, TARGET)
    assert a_first == pytest.approx(1 - b_first, abs=1e-7)
    assert a_first > 0.5  # throwing first is worth something
    assert solution.start() == pytest.approx(0.5, abs=1e-7)


def test_k11_hand_checked_one_point_each_with_six_up(solution: kp.Solution) -> None:
    """Both teams need 1 point, 6 up: any out wins at once (K11); an in hands the same position to the other
    team (K17: the cube stays); a miss (K9) leaves the thrower needing 6 and the other team to throw needing
    1. By the symmetry of equal teams, V = max over throws of P(out) + P(in)(1 − V) + P(miss)(1 − V₁₆), V₁₆
    being the chance of the team to throw needing 1 against 6."""
    pose = kp.POSE_INDEX[6, 2]
    outcomes = kp.pose_outcomes(Field(), 0.7, pose)
    turn = solution.turn(0, (0, 0))
    value, v16 = solution.win(turn, pose, 1, 1), solution.win(turn, pose, 1, 6)
    by_throw = outcomes[:, 2:].sum(axis=1) + outcomes[:, 1] * (1 - value) + outcomes[:, 0] * (1 - v16)
    assert value == pytest.approx(float(by_throw.max()), abs=1e-7)
    assert 0.5 < value < 1.0


def test_rotation_tells_players_apart_only_where_skills_differ() -> None:
    """K10, K18: the table's turn names a player only when the team's skills are not all equal."""
    assert kp.rotation((0.7, 0.7)) == (0.7,)
    assert kp.rotation((0.4, 0.9, 0.4, 0.9)) == (0.4, 0.9)
    setup = kp.Setup(Field(), TARGET, ((0.4, 0.9), (0.7,)), False)
    assert len(setup.turns()) == 4


def game(**options: object) -> Kubik:
    return Kubik(players=2, throws="calibrated", target=TARGET, **options)


@settings(max_examples=8, deadline=None)
@given(a=st.integers(0, TARGET - 1), b=st.integers(0, TARGET - 1),
       top=st.integers(1, 6))
def test_the_policy_throw_is_legal_the_tables_best_and_repeatable(
        solution: kp.Solution, a: int, b: int, top: int) -> None:
    """K6: the policy's throw is one of the legal actions, the best by the table, and the same every time."""
    g = game()
    state = KubikState(g, Phase.AIM, 0, (0, 0), (a, b), CubePose(top, 2 if top not in (2, 5) else 3), 2)
    first = kp.best_throw(g, state)
    assert first in state.legal_actions()
    assert kp.best_throw(g, state) == first
    outcomes = kp.pose_outcomes(g.field, 0.7, kp.POSE_INDEX[state.cube.top, state.cube.front])
    values = kp.choice_values(g, state, outcomes, False, 0.0, np.zeros(6))
    chosen = [c.throw for c in state.legal_actions()].index(first.throw)
    assert values[chosen] == pytest.approx(values.max(), abs=1e-12)
