"""Sampling and checking a throw's outcome with the physics (K20, K19): the bridge from the rules to MuJoCo.

The rules ask for an outcome; this module draws the noise from the runner's generator, runs the
simulation, and writes the result as a recorded :class:`Outcome` (with its noise sample and the
trajectory for animation). The simulation is deterministic, so the same noise gives the same outcome
again: that is how a record is *checked* — an outcome that claims to be simulated is accepted only if
re-running its noise gives exactly it (:func:`mismatch`) — and how a viewer re-runs a throw to animate it.
It is apart from the physics it runs because the rules (``state``, ``motion``) import it in every install,
MuJoCo or not: it loads the physics (:mod:`~tabletop.games.kubik.physics.throw`, and MuJoCo with it) only
inside the functions that simulate, when a throw is simulated.

With an interceptor standing (K19) a throw whose cube crosses the border line is simulated only to the
crossing: the outcome ``cross at … moving … noise …`` says where the cube crossed and how it moved, and
its motion ends there. How the throw ends is decided only after the interceptor has thrown (rules 2):
the interception is simulated from the crossing state with fresh noise (the interceptor's); a cube
nobody hit runs on from the crossing over rough turf whose noise
(:class:`~tabletop.games.kubik.physics.throw.TurfNoise`) is drawn then — the ``rest`` of the throw carries
it (``out 4/2 noise …``, four numbers). Nothing told at the crossing, its throw's noise included, decides
the end. (Rules 1 ran a crossing cube nobody hit on from
the throw's own noise, so the crossing's noise decided its end; its records still replay so.)

Runs are cached by their inputs (a handful), so sampling an outcome and then checking it costs one run.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING

from tabletop.games.kubik.actions import Outcome
from tabletop.games.kubik.field import CubePose, Field, Throw
from tabletop.games.kubik.phases import Phase

if TYPE_CHECKING:
    from tabletop.games.kubik.physics.stepping import CrossingState
    from tabletop.games.kubik.physics.throw import InterceptResult, Noise, ThrowResult, Trajectory
    from tabletop.games.kubik.state import KubikState


@lru_cache(maxsize=16)
def _throw(field: Field, cube: CubePose, throw: Throw, skill: float, noise: tuple[float, ...],
           to_crossing: bool) -> ThrowResult:
    from tabletop.games.kubik.physics.throw import Noise, simulate_throw

    return simulate_throw(field, cube, throw, skill, Noise(noise), to_crossing=to_crossing)


@lru_cache(maxsize=16)
def _interception(field: Field, cube: CubePose, throw: Throw, skill: float, throw_noise: tuple[float, ...],
                  interceptor_skill: float, noise: tuple[float, ...]) -> InterceptResult:
    from tabletop.games.kubik.physics.throw import Noise, simulate_interception

    thrown = _throw(field, cube, throw, skill, throw_noise, True)
    if thrown.crossing is None:
        raise ValueError("the throw being intercepted never crossed the border line")
    return simulate_interception(field, thrown.crossing, throw.line, interceptor_skill, Noise(noise))


def simulated_outcome(state: KubikState, rng: random.Random) -> Outcome:
    """The outcome of the throw, interception or rest of a throw ``state`` is waiting for, from the physics."""
    from tabletop.games.kubik.physics.throw import Noise, sample_noise, sample_turf

    if state.phase is Phase.REST:
        return rest(state, _recordable(sample_turf(rng).values) if state.game.rules >= 2 else ())
    return rerun(state, Noise(_recordable(sample_noise(rng).values)))


def _made(state: KubikState) -> tuple[Field, CubePose, Throw, float]:
    throw = state.throw.throw if state.throw is not None else None
    if throw is None:
        raise ValueError("no simulated throw is being made")
    return state.game.field, state.cube, throw, state.game.skills[state.thrower]


def rerun(state: KubikState, noise: Noise) -> Outcome:
    """What the throw (or interception) ``state`` is waiting for did with this ``noise`` sample:
    the outcome as the record writes it, with the trajectory attached.

    Raises:
        ValueError: when ``state`` is not waiting for a simulated throw or interception, or the noise
            sample has the wrong length.
    """
    from tabletop.games.kubik.physics.throw import Noise

    field, cube, throw, skill = _made(state)
    values = Noise(noise.values).values  # checks the length
    if state.phase is Phase.THROW:
        standing = state.interceptor is not None
        result = _throw(field, cube, throw, skill, values, standing)
        if not result.complete:
            crossing = result.crossing
            assert crossing is not None
            at = (round(crossing.position[0], 3), round(crossing.position[1], 3))
            moving = (round(crossing.velocity[0], 2), round(crossing.velocity[1], 2))
            return Outcome("cross", at=at, noise=values, trajectory=_to_crossing(result.trajectory, crossing),
                           moving=moving)
        return _ending(result, values)
    if state.phase is Phase.INTERCEPT:
        pending, interceptor = state.pending, state.interceptor
        if pending is None or interceptor is None or not pending.noise:
            raise ValueError("no simulated crossing is being intercepted")
        caught = _interception(field, cube, throw, skill, pending.noise, state.game.skills[interceptor], values)
        if not caught.hit:
            return Outcome("miss", noise=values, trajectory=caught.trajectory)
        return Outcome("hit", caught.top, caught.front, None, values, caught.trajectory)
    raise ValueError(f"no simulated throw is being made (phase {state.phase.value})")


def rest(state: KubikState, turf: tuple[float, ...] = ()) -> Outcome:
    """K19: how a throw that crossed the border line ends when nobody hit the cube, computed only now.

    Rules 2: the cube runs on from the crossing over the turf, whose noise ``turf`` (four numbers) the
    outcome carries; its trajectory is the whole throw, to the crossing and on from there. Rules 1: the
    throw runs on from its own noise (the crossing's) and the outcome carries none.

    Raises:
        ValueError: when ``state`` is not waiting for the rest of a simulated crossing, or ``turf`` is not
            what its rules take.
    """
    from tabletop.games.kubik.physics.throw import Trajectory, TurfNoise

    field, cube, throw, skill = _made(state)
    pending = state.pending
    if pending is None or not pending.noise:
        raise ValueError("no simulated crossing to run on")
    if state.game.rules < 2:
        if turf:
            raise ValueError("the rest of a crossing takes no noise of its own under rules 1; the crossing's "
                             "noise decides it")
        result = _throw(field, cube, throw, skill, pending.noise, False)
        ending = _ending(result, ())
        return Outcome(ending.kind, ending.top, ending.front, ending.at, (), result.trajectory)
    values = TurfNoise(turf).values  # checks the length
    thrown = _throw(field, cube, throw, skill, pending.noise, True)
    assert thrown.crossing is not None
    result = _rest(field, thrown.crossing, values)
    ending = _ending(result, values)
    before = _to_crossing(thrown.trajectory, thrown.crossing)
    after = result.trajectory
    whole = Trajectory(before.times + after.times[1:], before.cube + after.cube[1:], before.bat + after.bat[1:])
    return Outcome(ending.kind, ending.top, ending.front, ending.at, values, whole)


@lru_cache(maxsize=16)
def _rest(field: Field, crossing: CrossingState, turf: tuple[float, ...]) -> ThrowResult:
    from tabletop.games.kubik.physics.throw import TurfNoise, simulate_rest

    return simulate_rest(field, crossing, TurfNoise(turf))


def _to_crossing(trajectory: Trajectory, crossing: CrossingState) -> Trajectory:
    """A crossing's motion as it may be shown before the interceptor decides (K19): the frames before the
    crossing and the cube at the crossing itself — no frame of the cube past the border line."""
    from tabletop.games.kubik.physics.throw import Trajectory

    kept = [k for k, time in enumerate(trajectory.times) if time < crossing.time]
    bat = trajectory.bat[kept[-1]] if kept else trajectory.bat[0]
    times = (*(trajectory.times[k] for k in kept), round(crossing.time, 9))
    cube = (*(trajectory.cube[k] for k in kept), (*crossing.position, *crossing.quaternion))
    return Trajectory(times, cube, (*(trajectory.bat[k] for k in kept), bat))


def _ending(result: ThrowResult, noise: tuple[float, ...]) -> Outcome:
    """A finished throw as the record writes it: miss, in (with where it lies) or out."""
    if not result.hit:
        return Outcome("miss", noise=noise, trajectory=result.trajectory)
    if not result.out:
        at = (round(result.x, 3), round(result.y, 3), round(math.degrees(result.yaw), 1))
        return Outcome("in", result.top, result.front, at, noise, result.trajectory)
    return Outcome("out", result.top, result.front, None, noise, result.trajectory)


def mismatch(state: KubikState, outcome: Outcome) -> str | None:
    """Why ``outcome`` is not what the simulation gives here (``None`` when it is): a simulated outcome
    must carry a whole noise sample (the rest of a crossing carries none) and be exactly what re-running
    that noise gives (item 3 of the physics contract: nothing is taken on trust)."""
    from tabletop.games.kubik.physics.throw import NOISE_NAMES, Noise

    try:
        if state.phase is Phase.REST:
            refusal = rest_noise_refusal(state.game.rules, outcome)
            if refusal is not None:
                return refusal
            simulated = rest(state, outcome.noise)
        elif len(outcome.noise) != len(NOISE_NAMES):
            return (f"a simulated outcome carries its noise sample, {len(NOISE_NAMES)} numbers "
                    f"({', '.join(NOISE_NAMES)}); this one has {len(outcome.noise)}"
                    " (an outcome people saw is written `seen …`)")
        else:
            simulated = rerun(state, Noise(outcome.noise))
    except ValueError as error:
        return str(error)
    if str(simulated) != str(outcome):
        return f"the simulation gives {simulated}"
    return None


def rest_noise_refusal(rules: int, outcome: Outcome) -> str | None:
    """Why the rest of a crossing carries the wrong noise under ``rules`` (None when it is right): the
    turf's four numbers under rules 2, none under rules 1."""
    if rules < 2:
        return ("the rest of a crossing takes no noise of its own under rules 1; the crossing's noise decides it"
                if outcome.noise else None)
    if len(outcome.noise) != TURF_SIZE:
        return (f"the rest of a crossing carries the turf's noise, {TURF_SIZE} numbers (speed, heading, tumble, "
                f"twist); this one has {len(outcome.noise)}")
    return None


TURF_SIZE = 4
"""Numbers in the turf's noise (:data:`~tabletop.games.kubik.physics.throw.TURF_NAMES`; a test keeps them
equal)."""


def _recordable(values: tuple[float, ...]) -> tuple[float, ...]:
    """Noise as the record writes it (six significant digits), so that the simulation that decided the
    outcome is exactly the one a viewer re-runs from the record."""
    return tuple(float(f"{v:.6g}") for v in values)
