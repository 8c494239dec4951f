"""Kubik's calibrated outcome model (K20b): the fitting code, the exact tables, the shipped data, the CLI."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import tabletop
from tabletop.cli.app import app
from tabletop.core import State
from tabletop.games.kubik import calibrated, chance_tables, fitting
from tabletop.games.kubik.calibrated import (
    DENOMINATOR,
    INTERCEPT_OUTCOMES,
    OUTCOMES,
    Model,
    exact,
    field_key,
    parse_field_key,
    relative_faces,
)
from tabletop.games.kubik.chance_tables import intercept_probabilities, outcome_probabilities
from tabletop.games.kubik.field import SMALL_EDGE, START, CubePose, Field, Throw, face_normal, orientation
from tabletop.games.kubik.fitting import fit_logistic, fit_softmax

runner = CliRunner()
CENTRE = Throw("A", 0.0, 0.0, 12.0, 2.0)


# ---------------------------------------------------------------- fitting, on data with a known answer


def test_logistic_fit_recovers_the_coefficients_it_was_drawn_from() -> None:
    """20 000 draws pin each coefficient to about ±0.05 (its standard error is about 0.02)."""
    rng = np.random.default_rng(1)
    x = np.column_stack([np.ones(20_000), rng.normal(size=20_000), rng.uniform(-1, 1, 20_000)])
    true = np.array([0.5, -1.5, 2.0])
    y = (rng.uniform(size=20_000) < 1 / (1 + np.exp(-(x @ true)))).astype(float)
    assert fit_logistic(x, y, ridge=0.0) == pytest.approx(true, abs=0.1)


def test_logistic_fit_stays_finite_on_separable_data() -> None:
    x = np.column_stack([np.ones(6), [-3.0, -2, -1, 1, 2, 3]])
    w = fit_logistic(x, np.array([0.0, 0, 0, 1, 1, 1]))
    assert np.all(np.isfinite(w)) and w[1] > 0


def test_softmax_fit_recovers_the_coefficients_it_was_drawn_from() -> None:
    rng = np.random.default_rng(2)
    x = np.column_stack([np.ones(30_000), rng.uniform(-1, 1, 30_000)])
    true = np.array([[0.0, 0.0], [0.5, 1.0], [-0.5, -1.5]])
    logits = x @ true.T
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    y = np.array([rng.choice(3, p=row) for row in p])
    assert fit_softmax(x, y, 3, ridge=0.0) == pytest.approx(true, abs=0.1)


# ---------------------------------------------------------------- exact tables


def test_exact_fractions_sum_to_one_with_a_fixed_denominator() -> None:
    rng = random.Random(3)
    for _ in range(200):
        floats = [rng.random() ** 4 for _ in range(14)]
        table = exact(floats, OUTCOMES)
        assert sum(table.values()) == 1
        assert all(DENOMINATOR % p.denominator == 0 and p >= Fraction(1, DENOMINATOR) for p in table.values())
        total = sum(floats)
        assert all(abs(float(table[k]) - f / total) < 2e-5 for k, f in zip(OUTCOMES, floats, strict=True))


def test_exact_parts_round_each_row_as_exact_does() -> None:
    rng = np.random.default_rng(4)
    rows = rng.random((300, 9)) ** 4
    parts = calibrated.exact_parts(rows)
    assert (parts.sum(axis=1) == DENOMINATOR).all() and (parts >= 1).all()
    names = [str(i) for i in range(9)]
    for row, got in zip(rows, parts, strict=True):
        assert [Fraction(int(n), DENOMINATOR) for n in got] == list(exact(list(row), names).values())


POSES = [START, CubePose(6, 3), CubePose(4, 5, 0.3, -0.2, 20.0)]


@pytest.mark.parametrize("pose", POSES)
def test_k20b_a_grid_throws_table_has_the_bits_of_the_throw_evaluated_alone(pose: CubePose) -> None:
    """The play tables come from one array evaluation of the whole grid (K6); a throw off the grid is evaluated
    alone. Both are the same kernel summed in the same order, so a grid throw's table is exactly what it
    would be alone, for every chance node of a throw (K19: with and without an interceptor, and the rest)."""
    model, field = calibrated.model_for("standard:6")
    for i in random.Random(8).sample(range(len(chance_tables.GRID.throws)), 40):
        throw = chance_tables.GRID.throws[i]
        alone = np.array([chance_tables.outcome_floats(model, field, pose, throw, 0.65)])
        for phase, names in chance_tables.NAMES.items():
            table = chance_tables.table("standard:6", pose, throw, 0.65, phase)
            assert table.names == names
            assert table.parts == tuple(calibrated.exact_parts(chance_tables._play_rows(alone, phase))[0])


def test_k20b_tables_refuse_a_bad_skill_or_node_before_anything_is_cached() -> None:
    throw = chance_tables.GRID.throws[0]
    with pytest.raises(ValueError, match=r"skill 1\.5"):
        chance_tables.table("standard:6", START, throw, 1.5)
    with pytest.raises(ValueError, match="no chance node 'later'"):
        chance_tables.table("standard:6", START, Throw("A", 0.1, 0.0, 12.0, 2.0), 0.5, "later")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), interception=st.booleans())
def test_k20b_a_calibrated_draw_is_the_generic_draw_from_the_exact_outcomes(seed: int, interception: bool) -> None:
    """A calibrated chance node draws from its table without making fractions; it must draw exactly what
    ``State.sample_chance`` draws from ``chance_outcomes()`` with the same generator (so a seed plays the same
    game either way), at every node of a throw (K7, K9, K19: the throw, the crossing's rest, the interception)."""
    game = tabletop.load("kubik", throws="calibrated", interception=interception, skill=0.8)
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(60):
        if state.is_terminal:
            break
        if state.is_chance:
            fast, generic = random.Random(rng.random()), random.Random()
            generic.setstate(fast.getstate())
            action = state.sample_chance(fast)
            assert action == State.sample_chance(state, generic)
            assert fast.getstate() == generic.getstate()
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)


# ---------------------------------------------------------------- fields and faces


def test_field_keys_name_the_cube_and_the_distance() -> None:
    assert field_key(Field()) == "standard:6"
    assert field_key(Field(5.5, SMALL_EDGE)) == "small:5.5"
    assert field_key(Field(cube_edge=0.2)) == "0.2:6"
    assert parse_field_key("small:7") == ("small", Field(7.0, SMALL_EDGE))
    with pytest.raises(ValueError, match="write <cube>:<steps>"):
        parse_field_key("huge:6")
    with pytest.raises(ValueError, match="calibrated for 5–7 steps"):
        outcome_probabilities("standard:9", START, CENTRE, 0.5)
    with pytest.raises(ValueError, match=r"no calibration for cube '0\.2'"):
        outcome_probabilities("0.2:6", START, CENTRE, 0.5)


def test_relative_faces_as_each_thrower_sees_them() -> None:
    """K4's start: 1 up, 2 towards line A, 3 to +x. From A the near face is 2 and 3 is right; from B
    (looking along +x) the near face is 4 and the right one is 2."""
    assert relative_faces(START, "A") == {"top": 1, "bottom": 6, "near": 2, "far": 5, "left": 4, "right": 3}
    assert relative_faces(START, "B") == {"top": 1, "bottom": 6, "near": 4, "far": 3, "left": 5, "right": 2}
    for top in range(1, 7):
        for front in (f for f in range(1, 7) if f not in (top, 7 - top)):
            for line, forward in (("A", np.array([0, 1, 0])), ("B", np.array([1, 0, 0]))):
                faces = relative_faces(CubePose(top, front), line)
                assert sorted(faces.values()) == [1, 2, 3, 4, 5, 6]
                assert orientation(top, front) @ face_normal(faces["far"]) == pytest.approx(forward)
                assert orientation(top, front) @ face_normal(faces["right"]) == pytest.approx(
                    np.cross(forward, [0, 0, 1]))


# ---------------------------------------------------------------- the shipped model


def test_the_shipped_tables_are_exact_and_plausible() -> None:
    table = outcome_probabilities("standard:6", START, CENTRE, 1.0)
    assert tuple(table) == OUTCOMES[:8] and sum(table.values()) == 1
    assert all(isinstance(p, Fraction) for p in table.values())
    assert table["miss"] < Fraction(1, 10)  # a dead-centre throw exactly as chosen hits
    out_faces = [table[f"out {n}"] for n in range(1, 7)]
    assert max(out_faces) == out_faces[0]  # knocked out, the top face most often stays on top
    wild = outcome_probabilities("standard:6", START, CENTRE, 0.0)
    wide = outcome_probabilities("standard:6", START, Throw("A", 0.0, 6.0, 12.0, 2.0), 0.6)
    assert wild["miss"] > table["miss"] and wide["miss"] > table["miss"]
    soft = outcome_probabilities("standard:6", START, Throw("B", 0.0, 0.0, 9.0, 2.0), 0.9, interceptor=True)
    hard = outcome_probabilities("standard:6", START, Throw("B", 0.0, 0.0, 17.0, 2.0), 0.9, interceptor=True)
    assert hard["cross"] > soft["cross"]
    small = outcome_probabilities("small:6", START, CENTRE, 0.5)
    assert small["miss"] > outcome_probabilities("standard:6", START, CENTRE, 0.5)["miss"]


def test_tables_follow_the_starting_faces() -> None:
    """K8 keeps the top face: with 3 up, "out 3" is the likeliest face knocked out."""
    table = outcome_probabilities(Field(), CubePose(3, 1), CENTRE, 0.8)
    assert max(range(1, 7), key=lambda n: table[f"out {n}"]) == 3


def test_k19_with_an_interceptor_a_crossing_is_one_outcome_and_its_end_comes_after() -> None:
    """K19: standing, the crossing is the outcome ``cross``; the face it ends on is a chance node of its
    own (drawn after the interceptor decides); together they are the plain table's ``out n``."""
    merged = outcome_probabilities("standard:6", START, CENTRE, 0.7)
    split = outcome_probabilities("standard:6", START, CENTRE, 0.7, interceptor=True)
    rest = chance_tables.rest_probabilities("standard:6", START, CENTRE, 0.7)
    assert tuple(merged) == OUTCOMES[:8] and sum(merged.values()) == 1
    assert tuple(split) == calibrated.THROW_OUTCOMES and sum(split.values()) == 1
    assert tuple(rest) == calibrated.REST_OUTCOMES and sum(rest.values()) == 1
    for n in range(1, 7):
        joint = split[f"out {n}"] + split["cross"] * rest[f"out {n}"]
        assert abs(merged[f"out {n}"] - joint) <= Fraction(5, DENOMINATOR)


def test_intercept_tables() -> None:
    sharp, wild = intercept_probabilities("standard:6", 1.0), intercept_probabilities(Field(), 0.0)
    for table in (sharp, wild):
        assert tuple(table) == INTERCEPT_OUTCOMES and sum(table.values()) == 1
    assert sharp["miss"] < wild["miss"]
    assert len({sharp[f"hit {n}"] for n in range(1, 7)}) <= 2  # rounding aside, every face alike
    given = intercept_probabilities("standard:6", 0.8, top=4)
    assert max(range(1, 7), key=lambda n: given[f"hit {n}"]) == 4
    with pytest.raises(ValueError, match="top face 7"):
        intercept_probabilities("standard:6", 0.8, top=7)


def test_the_shipped_model_matches_fresh_simulations() -> None:
    """On 80 fresh simulated throws (seed unused by the calibration), the fitted hit and out rates agree
    with the simulated ones within three binomial standard errors plus 0.05 for the fit's own error."""
    samples = [fitting.sample_throw(0.15, 999, "standard", i) for i in range(80)]
    model = calibrated.Model.from_dict(calibrated.shipped()["models"]["standard"])
    fitted = np.array([chance_tables.outcome_floats(model, s.field, s.pose, s.throw, s.skill) for s in samples])
    for simulated, predicted in (([s.hit for s in samples], 1 - fitted[:, 0]),
                                 ([s.out for s in samples], fitted[:, 2:].sum(axis=1))):
        p = float(np.mean(predicted))
        assert abs(float(np.mean(simulated)) - p) < 3 * math.sqrt(p * (1 - p) / len(samples)) + 0.05


def test_the_shipped_data_says_how_it_was_made() -> None:
    data = calibrated.shipped()
    assert data["format"] == calibrated.FORMAT and set(data["models"]) >= {"standard", "small"}
    for cube in ("standard", "small"):
        assert data["runs"][cube]["throws"] >= 3000
        Model.from_dict(data["models"][cube])
    broken = dict(data["models"]["standard"], hit=[1.0, 2.0])
    with pytest.raises(ValueError, match="'hit' has shape"):
        Model.from_dict(broken)


# ---------------------------------------------------------------- a small calibration run, end to end


def test_a_small_calibration_run_fits_a_usable_model() -> None:
    model, samples = fitting.calibrate("standard", throws=60, intercepts=4, seed=7)
    assert len(samples) == 60
    again = Model.from_dict(json.loads(json.dumps(model.as_dict())))
    assert again.as_dict() == model.as_dict()
    floats = chance_tables.outcome_floats(again, Field(), START, CENTRE, 0.5)
    assert math.isclose(sum(floats), 1.0) and min(floats) > 0
    bands = fitting.checks(model, samples)
    assert bands[-1]["throws"] == 60 and bands[-1]["hit"][0] == pytest.approx(bands[-1]["hit"][1], abs=0.02)


def test_calibrate_command_writes_data_the_model_reads(tmp_path: Path) -> None:
    target = tmp_path / "calibration.json"
    result = runner.invoke(app, ["kubik", "calibrate", "--throws", "50", "--intercepts", "3", "--cube", "standard",
                                 "--seed", "5", "--output", str(target)])
    assert result.exit_code == 0, result.output
    data = json.loads(target.read_text())
    assert data["runs"]["standard"]["throws"] == 50
    Model.from_dict(data["models"]["standard"])
    bad = runner.invoke(app, ["kubik", "calibrate", "--throws", "10", "--output", str(target)])
    assert bad.exit_code == 2 and "at least 50" in bad.stderr


def test_throw_command_prints_one_simulated_throw() -> None:
    result = runner.invoke(app, ["kubik", "throw", "--seed", "3", "--skill", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hit"] is True and len(data["trajectory"]["times"]) > 10
    text = runner.invoke(app, ["kubik", "throw", "--seed", "3", "--line", "B", "--aim", "-12"])
    assert text.exit_code == 0 and "miss" in text.stdout
    bad = runner.invoke(app, ["kubik", "throw", "--line", "C"])
    assert bad.exit_code == 2 and "no throwing line 'C'" in bad.stderr


def test_k19_the_hit_chance_knows_only_what_the_crossing_shows() -> None:
    """K19: the interceptor sees where the cube crosses and how fast it moves; the fitted hit chance falls
    with the crossing speed and, unmeasured (calibrated or scorekeeper play), uses the mean crossing speed."""
    model, _ = calibrated.model_for("standard:6")
    slow, fast = calibrated.intercept_hit(model, 0.7, 1.0), calibrated.intercept_hit(model, 0.7, 8.0)
    assert slow > fast and 2.0 < model.cross_speed < 8.0
    assert calibrated.intercept_hit(model, 0.7) == calibrated.intercept_hit(model, 0.7, model.cross_speed)
    table = intercept_probabilities("standard:6", 0.7, speed=8.0)
    assert float(table["miss"]) == pytest.approx(1 - fast, abs=1e-5)
    old = dict(model.as_dict(), intercept=model.intercept.tolist()[:3])  # format 1: the hit in skill only
    assert Model.from_dict(old).intercept.tolist()[3] == 0.0
