"""Sampling a throw's outcome from the physics (K20): the bridge from the rules to MuJoCo.

The rules ask for an outcome; this module draws the noise from the runner's generator, runs the
simulation, and writes the result as a recorded :class:`Outcome` (with its noise sample and the
trajectory for animation). The simulation is deterministic, so :func:`rerun` gives the same outcome
again from a recorded noise sample: an interception re-runs the throw to find the cube as it crossed
the border line, and a viewer re-runs a throw from the record to animate it (``motion``).
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from tabletop.games.kubik.actions import Outcome

if TYPE_CHECKING:
    from tabletop.games.kubik import physics
    from tabletop.games.kubik.rules import KubikState


def simulated_outcome(state: KubikState, rng: random.Random) -> Outcome:
    """The outcome of the throw (or interception) ``state`` is waiting for, from the physics."""
    from tabletop.games.kubik import physics

    return rerun(state, _recordable(physics.sample_noise(rng)))


def rerun(state: KubikState, noise: physics.Noise) -> Outcome:
    """What the throw (or interception) ``state`` is waiting for did with this ``noise`` sample:
    the outcome as the record writes it, with the trajectory attached.

    Raises:
        ValueError: when ``state`` is not waiting for a simulated throw or interception.
    """
    from tabletop.games.kubik import physics
    from tabletop.games.kubik.rules import Phase

    game = state.game
    throw = state.throw.throw if state.throw is not None else None
    if throw is None or state.phase not in (Phase.THROW, Phase.INTERCEPT):
        raise ValueError("no simulated throw is being made")
    skill = game.skills[state.thrower]
    if state.phase is Phase.THROW:
        result = physics.simulate_throw(game.field, state.cube, throw, skill, noise)
        if not result.hit:
            return Outcome("miss", noise=noise.values, trajectory=result.trajectory)
        if not result.out:
            at = (round(result.x, 3), round(result.y, 3), round(math.degrees(result.yaw), 1))
            return Outcome("in", result.top, result.front, at, noise.values, result.trajectory)
        kind = "past" if result.crossed_border and game.options["interception"] else "out"
        return Outcome(kind, result.top, result.front, None, noise.values, result.trajectory)
    assert state.pending is not None and state.interceptor is not None
    thrown = physics.simulate_throw(game.field, state.cube, throw, skill, physics.Noise(state.pending.noise))
    if thrown.crossing is None:
        raise ValueError("the throw being intercepted never crossed the border line")
    caught = physics.simulate_interception(game.field, thrown.crossing, throw.line,
                                           game.skills[state.interceptor], noise)
    if not caught.hit:
        return Outcome("miss", noise=noise.values, trajectory=caught.trajectory)
    return Outcome("hit", caught.top, caught.front, None, noise.values, caught.trajectory)


def _recordable(noise: physics.Noise) -> physics.Noise:
    """The noise as the record writes it (six significant digits), so that the simulation that
    decided the outcome is exactly the one a viewer re-runs from the record."""
    from tabletop.games.kubik import physics

    return physics.Noise(tuple(float(f"{v:.6g}") for v in noise.values))
