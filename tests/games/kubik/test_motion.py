"""A simulated throw's motion, re-run from its record for an animation (K7, K9, K14, K20, K20a).

``KubikState.motion(outcome)`` re-runs the physics from the noise sample the outcome's notation keeps;
the simulation is deterministic, so the re-run must end exactly as the record says.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

import tabletop
from tabletop.games.kubik import Kubik, KubikState, Outcome, Phase
from tabletop.games.kubik.field import faces_of
from tabletop.games.kubik.motion import MAX_FRAMES, _sample
from tabletop.games.kubik.physics.mujoco_model import FRAME_INTERVAL
from tabletop.games.kubik.physics.throw import _rotation_of

THROWS = ("throw A pos +0 aim +0 power 8 spin 0", "throw A pos +1 aim -3 power 16 spin 4")


def physics_game(**options: Any) -> Kubik:
    game = tabletop.load("kubik", **{"players": 2, "throws": "physics", "skill": 0.5, **options})
    assert isinstance(game, Kubik)
    return game


def recorded(state: KubikState, seed: int) -> Outcome:
    """A physics outcome as a record gives it back: parsed from its notation, with no trajectory."""
    drawn = state.sample_chance(random.Random(seed))
    parsed = state.game.parse_action(str(drawn))
    assert isinstance(parsed, Outcome) and parsed.trajectory is None and parsed == drawn
    return parsed


def top_of(quaternion: list[float]) -> int:
    return faces_of(_rotation_of(np.array(quaternion)))[0]


def check_frames(motion: dict[str, Any]) -> None:
    times = motion["times"]
    assert len(times) == len(motion["cube"]) == len(motion["bat"]) >= 2
    assert all(a < b for a, b in itertools.pairwise(times))  # time-ordered
    assert all(len(frame) == 7 for frame in motion["cube"] + motion["bat"])  # x, y, z, qw, qx, qy, qz
    assert len(times) <= MAX_FRAMES


@pytest.mark.parametrize("throw", THROWS)
def test_k7_k9_k20_a_recorded_throw_re_runs_to_its_recorded_outcome_and_face(throw: str) -> None:
    game = physics_game()
    state = game.initial_state().apply_text("first A").apply_text(throw)
    assert isinstance(state, KubikState)
    kinds = set()
    for seed in range(6):
        outcome = recorded(state, seed)
        kinds.add(outcome.kind)
        motion = state.motion(outcome)
        assert motion is not None
        assert motion["reproduced"] and motion["simulated"] == motion["outcome"] == str(outcome)
        assert motion["kind"] == "throw" and motion["line"] == "A" and motion["thrower"] == "A1"
        check_frames(motion)
        assert motion["times"][0] == 0.0  # from the release
        final = motion["final"]
        last = motion["cube"][-1]
        assert top_of(last[3:]) == final["top"]
        if outcome.kind == "miss":  # K9: the cube never moved
            assert motion["cube"][0] == last and final["top"] == state.cube.top
        else:  # K7: the face on top where it came to rest is the recorded one
            assert (final["top"], final["front"]) == (outcome.top, outcome.front)
        if outcome.kind == "in":
            assert outcome.at is not None
            assert (final["x"], final["y"]) == pytest.approx(outcome.at[:2], abs=1e-3)
        # the bat starts in the thrower's hand, on line A at the chosen place
        start = game.field.release_point("A", float(throw.split()[3]))
        assert motion["bat"][0][:2] == pytest.approx(start, abs=1e-3)
    assert len(kinds) >= 2


def crossing_of(game: Kubik, throw: str = THROWS[1]) -> KubikState:
    """A physics game at a crossing: team B's B1 stood to intercept A1's throw, which crossed (K19)."""
    state: Any = game.initial_state().apply_text("first A").apply_text("intercept B1").apply_text(throw)
    seed = next(s for s in range(60) if recorded(state, s).kind == "cross")
    crossing = state.apply(recorded(state, seed))
    assert crossing.phase is Phase.CROSSING
    return crossing  # type: ignore[no-any-return]


def test_k14_k19_k20_an_interception_re_runs_from_the_record() -> None:
    game = physics_game(interception=True, skills="0.8,0.1")  # a wild interceptor hits and misses
    intercepting = crossing_of(game).apply_text("strike")
    seen = set()
    for seed in range(8):
        outcome = recorded(intercepting, seed)
        seen.add(outcome.kind)
        motion = intercepting.motion(outcome)
        assert motion is not None and motion["reproduced"] and motion["outcome"] == str(outcome)
        assert motion["kind"] == "interception" and motion["line"] == "B" and motion["thrower"] == "B1"
        assert motion["team"] == 1
        check_frames(motion)
        if outcome.kind == "hit":
            assert motion["final"]["top"] == outcome.top == top_of(motion["cube"][-1][3:])
    assert seen == {"hit", "miss"}


def test_k19_a_crossing_moves_only_to_the_border_and_the_rest_after_the_decision() -> None:
    """K19: the crossing's motion ends where the cube crosses — no frame shows it past the border line — and
    names no final face; after ``hold`` (a table with hold_back) the rest of the throw is computed and
    animated to its end: the throw to the crossing, then the cube's run on over the turf."""
    game = physics_game(interception=True, hold_back=True)
    crossing = crossing_of(game)
    pending = crossing.pending
    assert pending is not None and pending.at is not None and pending.moving is not None
    before: Any = crossing  # the state the crossing was drawn in is one step back: re-create its motion
    throwing: Any = game.initial_state().apply_text("first A").apply_text("intercept B1").apply_text(THROWS[1])
    motion = throwing.motion(pending)
    assert motion is not None and motion["kind"] == "crossing" and "final" not in motion
    assert motion["reproduced"] and motion["crossing"]["x"] == pytest.approx(pending.at[0], abs=2e-3)
    border = game.field.border_offset
    axis = 0 if pending.at[0] > border - 0.01 else 1
    assert abs(motion["cube"][-1][axis]) >= border - 1e-6
    assert all(abs(cube[axis]) <= border + 0.003 for cube in motion["cube"])  # within a step of the line
    held = before.apply_text("hold")
    assert held.phase is Phase.REST
    end = held.sample_chance(random.Random(0))
    rest = held.motion(end)
    assert rest is not None and rest["kind"] == "rest" and rest["reproduced"]
    assert rest["final"]["top"] == end.top and rest["times"][-1] > motion["times"][-1]
    assert rest["times"][:len(motion["times"])] == motion["times"]  # the same throw to the crossing, then on


def test_only_a_simulated_outcome_has_a_motion() -> None:
    game = physics_game()
    lot = game.initial_state()
    assert lot.motion(game.parse_action("first A")) is None  # the lot
    aim = lot.apply_text("first A")
    assert aim.motion(game.parse_action(THROWS[0])) is None  # the thrower's choice
    throwing = aim.apply_text(THROWS[0])
    assert throwing.motion(game.parse_action("out 4")) is None  # an outcome without its noise
    assert throwing.motion(game.parse_action("seen out 4")) is None  # what people saw: nothing to re-run
    calibrated = tabletop.load("kubik", players=2, throws="calibrated")
    state = calibrated.initial_state().apply_text("first A").apply_text(THROWS[0])
    assert state.motion(state.sample_chance(random.Random(1))) is None  # no trajectory in the model
    manual = tabletop.load("kubik", players=2, throws="manual")
    state = manual.initial_state().apply_text("first B").apply_text("throw")
    assert state.motion(manual.parse_action("out 3")) is None


def test_a_motion_is_plain_json_that_a_server_can_send() -> None:
    import json

    state = physics_game().initial_state().apply_text("first B").apply_text("throw B pos -0.5 aim +1 power 14 spin 2")
    motion = state.motion(recorded(state, 3))
    assert motion is not None
    assert json.loads(json.dumps(motion)) == motion
    assert motion["cube_edge"] == 0.15 and motion["line"] == "B" and motion["thrower"] == "B1"


def test_long_runs_are_down_sampled_to_max_frames_keeping_the_last() -> None:
    assert _sample(5) == [0, 1, 2, 3, 4]
    long = _sample(3 * MAX_FRAMES + 7)
    assert len(long) <= MAX_FRAMES and long[0] == 0 and long[-1] == 3 * MAX_FRAMES + 6
    assert all(a < b for a, b in itertools.pairwise(long))
    assert FRAME_INTERVAL == 0.02  # 50 frames a second before down-sampling
