"""A simulated throw's motion for an animation (K20, K19): the throw re-run from its recorded noise.

In ``throws=physics`` every outcome records the noise sample that produced it, and the simulation is
deterministic (K20a), so the record is enough to re-run a throw — or an interception — and get its
trajectory back: the bat's and the cube's position and orientation every 20 ms from the release, to
their resting places. :func:`throw_motion` is what :meth:`KubikState.motion` answers (everything in
Kubik is public): plain JSON, down-sampled to at most :data:`MAX_FRAMES` frames, with the final faces
read off the cube's last orientation and a check that the re-run gives the recorded outcome exactly.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.games.kubik.actions import KubikAction, Outcome
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.physics.outcomes import rerun, rest

if TYPE_CHECKING:
    from tabletop.games.kubik.state import KubikState

MAX_FRAMES = 400
"""At most this many frames are sent (8 s at the simulation's 50 frames a second); a longer run keeps
every k-th frame, always with its last."""


def throw_motion(state: KubikState, action: KubikAction) -> dict[str, Any] | None:
    """The trajectory of the simulated throw, crossing, interception or rest of a throw whose recorded
    outcome is ``action``, taken in ``state``; None for anything else (the lot, a choice, an outcome
    people entered, an outcome the simulation does not give).

    A crossing's motion (K19) ends at the crossing and has no final faces: the rest is not computed
    until the interceptor has decided, and no frame shows the cube past the border line. The rest of a
    crossed throw is the whole throw to its end.
    """
    from tabletop.games.kubik.physics.mujoco_model import BAT_LENGTH, BAT_RADIUS
    from tabletop.games.kubik.physics.throw import Noise, Trajectory, rest_faces

    game = state.game
    if (game.mode != "physics" or not isinstance(action, Outcome) or action.seen
            or state.phase not in (Phase.THROW, Phase.INTERCEPT, Phase.REST) or not state.is_legal(action)):
        return None
    try:
        simulated = rest(state, action.noise) if state.phase is Phase.REST else rerun(state, Noise(action.noise))
    except ValueError:  # a noise sample of the wrong length, an interception that never crossed
        return None
    trajectory = simulated.trajectory
    assert isinstance(trajectory, Trajectory)
    intercepting = state.phase is Phase.INTERCEPT
    assert state.throw is not None and state.throw.throw is not None
    line = state.throw.throw.line
    if intercepting:
        line = "B" if line == "A" else "A"
    keep = _sample(len(trajectory))
    last = trajectory.cube[-1]
    thrower = state.interceptor if intercepting and state.interceptor is not None else state.thrower
    kind = {Phase.INTERCEPT: "interception", Phase.REST: "rest"}.get(state.phase, "throw")
    found: dict[str, Any] = {
        "game": "kubik",
        "kind": "crossing" if action.kind == "cross" else kind,
        "outcome": str(action),
        "simulated": str(simulated),
        "reproduced": str(simulated) == str(action),
        "thrower": game.labels[thrower],
        "team": game.team_of(thrower),
        "line": line,
        "cube_edge": game.field.cube_edge,
        "bat_length": BAT_LENGTH,
        "bat_radius": BAT_RADIUS,
    }
    if action.kind == "cross":
        assert action.at is not None and action.moving is not None  # a reproduced crossing has both
        found["crossing"] = {"x": action.at[0], "y": action.at[1], "vx": action.moving[0],
                             "vy": action.moving[1]}  # where it is and how it moves: no faces, no end
    else:
        top, front, yaw = rest_faces(np.array(last[3:7]))
        found["final"] = {"top": top, "front": front, "x": round(last[0], 4), "y": round(last[1], 4),
                          "yaw": round(math.degrees(yaw), 1)}
    found["times"] = [round(trajectory.times[k], 4) for k in keep]
    found["cube"] = [[round(v, 4) for v in trajectory.cube[k]] for k in keep]
    found["bat"] = [[round(v, 4) for v in trajectory.bat[k]] for k in keep]
    return found


def _sample(frames: int) -> list[int]:
    """The frames kept: all of them, or every k-th and the last when there are more than MAX_FRAMES."""
    stride = max(1, math.ceil(frames / MAX_FRAMES))
    keep = list(range(0, frames, stride))
    if keep and keep[-1] != frames - 1:
        keep[-1] = frames - 1  # the resting pose always closes the motion
    return keep
