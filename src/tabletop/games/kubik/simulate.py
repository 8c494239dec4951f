"""Sampling and checking a throw's outcome with the physics (K20, K19): the bridge from the rules to MuJoCo.

The rules ask for an outcome; this module draws the noise from the runner's generator, runs the
simulation, and writes the result as a recorded :class:`Outcome` (with its noise sample and the
trajectory for animation). The simulation is deterministic, so the same noise gives the same outcome
again: that is how a record is *checked* — an outcome that claims to be simulated is accepted only if
re-running its noise gives exactly it (:func:`mismatch`) — and how a viewer re-runs a throw to animate it.

With an interceptor standing (K19) a throw whose cube crosses the border line is simulated only to the
crossing: the outcome ``cross at … moving … noise …`` says where the cube crossed and how it moved, and
nothing about how it ends, which is not even computed until the interceptor has struck or held. Then
either the interception is simulated from the crossing state (fresh noise: the interceptor's), or the
throw is run on to rest from its own noise (the ``rest`` of the throw, no new randomness).

Runs are cached by their inputs (a handful), so sampling an outcome and then checking it costs one run.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import TYPE_CHECKING

from tabletop.games.kubik.actions import Outcome
from tabletop.games.kubik.field import CubePose, Field, Throw
from tabletop.games.kubik.turn import Phase

if TYPE_CHECKING:
    import tabletop.games.kubik.physics as physics
    from tabletop.games.kubik.state import KubikState


@lru_cache(maxsize=16)
def _throw(field: Field, cube: CubePose, throw: Throw, skill: float, noise: tuple[float, ...],
           to_crossing: bool) -> physics.ThrowResult:
    import tabletop.games.kubik.physics as physics

    return physics.simulate_throw(field, cube, throw, skill, physics.Noise(noise), to_crossing=to_crossing)


@lru_cache(maxsize=16)
def _interception(field: Field, cube: CubePose, throw: Throw, skill: float, throw_noise: tuple[float, ...],
                  interceptor_skill: float, noise: tuple[float, ...]) -> physics.InterceptResult:
    import tabletop.games.kubik.physics as physics

    thrown = _throw(field, cube, throw, skill, throw_noise, True)
    if thrown.crossing is None:
        raise ValueError("the throw being intercepted never crossed the border line")
    return physics.simulate_interception(field, thrown.crossing, throw.line, interceptor_skill,
                                         physics.Noise(noise))


def simulated_outcome(state: KubikState, rng: random.Random) -> Outcome:
    """The outcome of the throw, interception or rest of a throw ``state`` is waiting for, from the physics."""
    import tabletop.games.kubik.physics as physics

    if state.phase is Phase.REST:
        return rest(state)
    return rerun(state, _recordable(physics.sample_noise(rng)))


def _made(state: KubikState) -> tuple[Field, CubePose, Throw, float]:
    throw = state.throw.throw if state.throw is not None else None
    if throw is None:
        raise ValueError("no simulated throw is being made")
    return state.game.field, state.cube, throw, state.game.skills[state.thrower]


def rerun(state: KubikState, noise: physics.Noise) -> Outcome:
    """What the throw (or interception) ``state`` is waiting for did with this ``noise`` sample:
    the outcome as the record writes it, with the trajectory attached.

    Raises:
        ValueError: when ``state`` is not waiting for a simulated throw or interception, or the noise
            sample has the wrong length.
    """
    import tabletop.games.kubik.physics as physics

    field, cube, throw, skill = _made(state)
    values = physics.Noise(noise.values).values  # checks the length
    if state.phase is Phase.THROW:
        standing = state.interceptor is not None
        result = _throw(field, cube, throw, skill, values, standing)
        if not result.complete:
            crossing = result.crossing
            assert crossing is not None
            at = (round(crossing.position[0], 3), round(crossing.position[1], 3))
            moving = (round(crossing.velocity[0], 2), round(crossing.velocity[1], 2))
            return Outcome("cross", at=at, noise=values, trajectory=result.trajectory, moving=moving)
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


def rest(state: KubikState) -> Outcome:
    """K19: how a throw that crossed the border line ends when nobody hit the cube, run on from its own
    noise (the crossing's); only now is it computed. No noise is written: the crossing holds it.

    Raises:
        ValueError: when ``state`` is not waiting for the rest of a simulated crossing.
    """
    field, cube, throw, skill = _made(state)
    pending = state.pending
    if pending is None or not pending.noise:
        raise ValueError("no simulated crossing to run on")
    result = _throw(field, cube, throw, skill, pending.noise, False)
    ending = _ending(result, ())
    return Outcome(ending.kind, ending.top, ending.front, ending.at, (), result.trajectory)


def _ending(result: physics.ThrowResult, noise: tuple[float, ...]) -> Outcome:
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
    import tabletop.games.kubik.physics as physics

    try:
        if state.phase is Phase.REST:
            if outcome.noise:
                return "the rest of a crossing takes no noise of its own; the crossing's noise decides it"
            simulated = rest(state)
        elif len(outcome.noise) != len(physics.NOISE_NAMES):
            return (f"a simulated outcome carries its noise sample, {len(physics.NOISE_NAMES)} numbers "
                    f"({', '.join(physics.NOISE_NAMES)}); this one has {len(outcome.noise)}"
                    " (an outcome people saw is written `seen …`)")
        else:
            simulated = rerun(state, physics.Noise(outcome.noise))
    except ValueError as error:
        return str(error)
    if str(simulated) != str(outcome):
        return f"the simulation gives {simulated}"
    return None


def _recordable(noise: physics.Noise) -> physics.Noise:
    """The noise as the record writes it (six significant digits), so that the simulation that
    decided the outcome is exactly the one a viewer re-runs from the record."""
    import tabletop.games.kubik.physics as physics

    return physics.Noise(tuple(float(f"{v:.6g}") for v in noise.values))
