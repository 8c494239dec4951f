"""MuJoCo's half of Kubik's physics (K20, K20a): the run that steps the field's model to rest.

:mod:`~tabletop.games.kubik.physics.throw` decides what a throw is (the release, the bat's closed-form
flight, what the result says); this module takes the bat from its hand-off and steps the cube and the bat
until nothing that matters moves, on the model of :mod:`~tabletop.games.kubik.physics.mujoco_model`,
leaping a flying cube's steps by :mod:`~tabletop.games.kubik.physics.leaps`. It is apart from both
because it is the one place that drives MuJoCo step by step and decides when a run is over, which is
where a throw's time goes. What keeps a run cheap, each measured by ``benchmarks/kubik_speed.py``:

* **Sleep.** MuJoCo's sleeping is on: a body that lies still (every velocity under 1 mm/s for ten steps)
  is not simulated until something touches it. The untouched cube the bat flies at costs nothing but its
  collision test, and its waking is the bat's touch, so the approach is stepped a frame at a time; the
  bat out of play is parked lying on the turf far away, where it sleeps too; and the run ends as soon as
  the cube sleeps with a face up.
* **Leaps.** Once the bat is out of play a flying cube's steps are summed in closed form
  (:func:`~tabletop.games.kubik.physics.leaps.leap`: MuJoCo's own Euler steps, which with no contact are a
  parabola and, the cube's inertia being isotropic, a steady turn) up to the step before a corner reaches
  the turf (:func:`~tabletop.games.kubik.physics.leaps.free_steps`, which looks only between the steps a
  sphere round the cube could touch and those its lowest face surely has); only the steps that touch are
  taken, a few at a time (:data:`CHUNK`), and a cube that will touch within a chunk anyway (a chattering
  slide) is left to MuJoCo.
* **Python stays out of the way.** Per frame the checks read plain floats (``tolist``), never small
  NumPy arrays; single steps are taken only while the bat nears a cube that is awake or the cube is about
  to cross the border line, so that the touch and the crossing are caught at their step. MuJoCo's
  profiling timers do not read the clock
  (:func:`~tabletop.games.kubik.physics.mujoco_model._unclocked_timers`).

Every run starts from ``mj_resetData`` (positions, velocities, warm start, sleep state, applied forces), so
the same inputs give bit-identical results (K20a); the model and its data are built once per cube edge and
time step and kept (:func:`~tabletop.games.kubik.physics.mujoco_model.sim`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.core.extras import require

require("mujoco", extra="physics", purpose="Kubik's physics throws (throws=physics)",
        hint=", or play with throws=calibrated (the calibrated model, K20b)")

import mujoco  # type: ignore[import-untyped]

from tabletop.games.kubik.physics.leaps import _leapt, free_steps, landed, leap
from tabletop.games.kubik.physics.mujoco_model import BAT_LENGTH, BAT_RADIUS, FRAME_INTERVAL, Sim

MAX_TIME = 20.0
"""A run ends by this time after the release, whatever still moves: a safety net (the longest runs seen,
a small cube hit hard and sliding 40 m, take 10 s)."""

CHUNK = 12
"""MuJoCo steps taken at a time (3 ms) while the cube touches the ground and the bat is out of play, between
checks for a leap: a flight that starts within a chunk is leapt from its end. Any chunk gives MuJoCo's own
physics (a leap is its steps summed); this one is the fastest of 4, 8, 12 and 16 on the benchmark's throws."""

GONE = 0.05
"""Metres beyond its reach that a bat moving away from the cube is out of play. In a study of 2,800 throws
(1,823 hits; 1,400 on each cube, skills 0–1, powers 6–18 m/s, each run with the bat never parked by
distance), a bat that had been moving away from the cube touched it again only from within its reach:
1.6 cm inside it at most (``benchmarks/kubik_bat_reach.py``)."""

PARKED = (1000.0, 1000.0, BAT_RADIUS, 1.0, 0.0, 0.0, 0.0)
"""Where a bat out of play is kept: lying on the turf far from anything it could touch, where it goes to
sleep within a few milliseconds and costs nothing more (a bat held up in the air by an applied force
never sleeps: each step then cost 17% more, for nothing, as the cube slid to rest)."""


@dataclass(frozen=True, slots=True)
class CrossingState:
    """The cube as it crossed the border line (K12, K19): where an interception starts from.

    ``angular_velocity`` is in world coordinates; ``quaternion`` is MuJoCo's (w, x, y, z), cube → world.
    """

    time: float
    position: tuple[float, float, float]
    quaternion: tuple[float, float, float, float]
    velocity: tuple[float, float, float]
    angular_velocity: tuple[float, float, float]


# ---------------------------------------------------------------- the run


@dataclass(slots=True)
class Run:
    """What one simulation run found: hit, crossing, frames, and the cube's final position (x, y, z, quat)."""

    hit: bool
    crossing: CrossingState | None
    times: list[float]
    cube: list[tuple[float, ...]]
    bat: list[tuple[float, ...]]
    cube_qpos: np.ndarray


def _crossing(data: Any) -> CrossingState:
    """The cube's state now, its angular velocity turned from its own frame into the world's."""
    qpos, qvel = data.qpos.tolist(), data.qvel.tolist()
    world_spin = np.zeros(3)
    mujoco.mju_rotVecQuat(world_spin, data.qvel[3:6].copy(), data.qpos[3:7].copy())
    return CrossingState(float(data.time), (qpos[0], qpos[1], qpos[2]), (qpos[3], qpos[4], qpos[5], qpos[6]),
                         (qvel[0], qvel[1], qvel[2]), (float(world_spin[0]), float(world_spin[1]),
                                                       float(world_spin[2])))


def _face_up(quat: list[float]) -> bool:
    """Whether some face of a cube turned by ``quat`` is within 10° of up (its axes' heights, as
    ``mju_quat2Mat`` computes the rotation's last row)."""
    w, x, y, z = quat
    return max(abs(2 * (x * z - w * y)), abs(2 * (y * z + w * x)), abs(w * w - x * x - y * y + z * z)) > 0.985


def _still(qpos: list[float], qvel: list[float]) -> bool:
    """The cube hardly moves (5 mm/s, 0.05 rad/s) and lies on a face."""
    return (math.hypot(qvel[0], qvel[1], qvel[2]) < 0.005 and math.hypot(qvel[3], qvel[4], qvel[5]) < 0.05
            and _face_up(qpos[3:7]))


def out_of_reach(cube_edge: float) -> float:
    """How far (m, centre to centre) a bat moving away from the cube is out of play: its reach and the
    cube's, 2 cm, and :data:`GONE`."""
    return BAT_LENGTH / 2 + cube_edge * math.sqrt(3) / 2 + 0.02 + GONE


def run(sim: Sim, cube: tuple[tuple[float, ...], tuple[float, ...]], bat: tuple[tuple[float, ...], tuple[float, ...]],
        start: float, border: tuple[int, float] | None,
        frames: tuple[list[float], list[tuple[float, ...]], list[tuple[float, ...]]],
        to_crossing: bool = False) -> Run:
    """Simulate from ``start`` s after release until everything that matters is at rest.

    ``cube`` and ``bat`` are each (qpos, qvel) of a free joint: position, quaternion; velocity and angular
    velocity in the body's own frame. ``border`` is (axis, offset): the cube crosses it when its centre's
    coordinate on that axis passes the offset. ``frames`` are the frames so far (the closed-form flight),
    extended in place. With ``to_crossing`` the run stops at the end of the frame in which the cube crossed
    (K19: what happens after the crossing is not computed until the interceptor has decided); the steps up
    to there are the very steps of a full run, so the crossing is the same.
    """
    model, data = sim.model, sim.data
    mujoco.mj_resetData(model, data)  # the whole state, warm start and sleep included: runs are independent
    data.time = start
    data.qpos[:] = (*cube[0], *bat[0])
    data.qvel[:] = (*cube[1], *bat[1])
    times, cubes, bats = frames
    reach = BAT_LENGTH / 2 + sim.cube_edge * math.sqrt(3) / 2 + 0.02
    gone = out_of_reach(sim.cube_edge)
    steps = sim.steps_per_frame
    axis, offset = border if border is not None else (0, math.inf)
    qpos, qvel, touch, asleep = data.qpos, data.qvel, data.sensordata, data.tree_asleep
    hit, crossing, still, parked = False, None, 0, None
    step = mujoco.mj_step
    while data.time < MAX_TIME and parked is None:
        q, v = qpos.tolist(), qvel.tolist()
        near = not hit and math.dist(q[7:10], q[0:3]) < reach + math.dist(v[6:9], v[0:3]) * FRAME_INTERVAL + 0.05
        nearing = crossing is None and offset - q[axis] < abs(v[axis]) * FRAME_INTERVAL * 1.5 + 0.05
        if near and not nearing and asleep[0] >= 0:  # the bat's touch wakes the sleeping cube: a frame at once
            step(model, data, steps)
            hit = bool(touch[0] > 0 or asleep[0] < 0)
        elif near or nearing:  # one step at a time, to catch the touch and the crossing at their step
            left = steps
            while left:
                step(model, data)
                left -= 1
                if touch[0] > 0:
                    hit = True
                if crossing is None and qpos[axis] > offset:
                    crossing = _crossing(data)
                if (hit or not near) and (crossing is not None or not nearing):
                    if left:
                        step(model, data, left)
                    break
                if not nearing and asleep[0] >= 0:  # the cube has just gone to sleep: its waking is the touch
                    if left:
                        step(model, data, left)
                    hit = bool(touch[0] > 0 or asleep[0] < 0)
                    break
        else:
            step(model, data, steps)
            if touch[0] > 0:
                hit = True
        if crossing is None and qpos[axis] > offset:
            crossing = _crossing(data)
        q = qpos.tolist()
        times.append(round(data.time, 9))
        cubes.append(tuple(q[0:7]))
        bats.append(tuple(q[7:14]))
        if to_crossing and crossing is not None:
            break
        v = qvel.tolist()
        still = still + 1 if _still(q, v) else 0
        # is the bat out of play?
        bat_resting = math.hypot(v[6], v[7], v[8]) < 0.02 and math.hypot(v[9], v[10], v[11]) < 0.2
        apart = sum((q[7 + i] - q[i]) * (v[6 + i] - v[i]) for i in range(3)) > 0
        if bat_resting or (apart and math.dist(q[7:10], q[0:3]) > gone):
            if not hit and still:
                break  # a miss: the cube never moved
            parked = tuple(q[7:14])  # keep it far away, lying on the turf (to sleep there)
            qpos[7:14] = PARKED
            qvel[6:12] = 0.0
    if parked is not None and not (to_crossing and crossing is not None):
        crossing = _cube_alone(sim, data, parked, (axis, offset), crossing, frames, to_crossing)
    return Run(hit, crossing, times, cubes, bats, data.qpos[0:7].copy())


def roll_on(sim: Sim, cube_qpos: tuple[float, ...], cube_qvel: tuple[float, ...], start: float) -> Run:
    """The cube alone from ``start`` s (the bat parked out of play) until it lies still: how a cube past
    the border line runs on once nobody hit it (K19). Frames as :func:`run`'s, from ``start``."""
    model, data = sim.model, sim.data
    mujoco.mj_resetData(model, data)  # the whole state: runs are independent
    data.time = start
    data.qpos[:] = (*cube_qpos, *PARKED)
    data.qvel[:] = (*cube_qvel, *(0.0,) * 6)
    mujoco.mj_forward(model, data)  # the accelerations and contacts a leap reads (a reset leaves them zero)
    frames: tuple[list[float], list[tuple[float, ...]], list[tuple[float, ...]]] = ([start], [tuple(cube_qpos)],
                                                                                  [PARKED])
    _cube_alone(sim, data, PARKED, (0, math.inf), None, frames, False)
    return Run(False, None, *frames, data.qpos[0:7].copy())


LEAP_LIMIT = 4000
"""The most steps (1 s) one leap looks ahead: a cube in flight lands well before."""


def _cube_alone(sim: Sim, data: Any, parked: tuple[float, ...], border: tuple[int, float],
                crossing: CrossingState | None,
                frames: tuple[list[float], list[tuple[float, ...]], list[tuple[float, ...]]],
                to_crossing: bool) -> CrossingState | None:
    """Run on with the bat out of play until the cube lies still on a face (it sleeps, or it has hardly
    moved for two frames); frames as :func:`run`'s, at the frame times whether stepped or leapt.

    The cube's flights are leapt in closed form (:func:`~tabletop.games.kubik.physics.leaps.leap`) to the
    step before it touches the turf, or to the step at which it crosses the border line (``border``); its
    contacts are stepped by MuJoCo, a few steps at a time (one at a time as it nears the border line, so
    that the crossing is caught at its step). Returns the crossing, found now or before.
    """
    times, cubes, bats = frames
    model, half, dt, per_frame = sim.model, sim.cube_edge / 2, sim.timestep, sim.steps_per_frame
    axis, offset = border
    qpos, qvel, qacc, asleep = data.qpos, data.qvel, data.qacc, data.tree_asleep
    to_frame, still = per_frame, 0
    step = mujoco.mj_step

    def frame(pose: list[float], velocity: list[float], time: float, crossed: bool) -> bool:
        """Record the frame at ``time``; True when the run is over (``crossed``: the cube has crossed)."""
        nonlocal still
        times.append(round(time, 9))
        cubes.append(tuple(pose[0:7]))
        bats.append(parked)
        still = still + 1 if _still(pose, velocity) else 0
        return (to_crossing and crossed) or still >= 2 or bool(asleep[0] >= 0 and still) or time >= MAX_TIME

    while True:
        if asleep[0] >= 0:  # the cube lies still: nothing moves any more
            data.time += to_frame * dt
            if frame(qpos.tolist(), qvel.tolist(), data.time, crossing is not None):
                return crossing
            to_frame = per_frame
            continue
        if data.ncon == 0 and landed(qpos[2], qvel[2], qacc[2], half, dt, CHUNK) == CHUNK:
            # nothing touched in the last step (no contact force in the warm start either), and the cube may
            # fly for longer than a chunk: a chattering slide is left to MuJoCo
            q, v, a = qpos.tolist(), qvel.tolist(), qacc.tolist()
            free, passed = free_steps(data, half, LEAP_LIMIT, border if crossing is None else None, dt)
            count = free if passed is None or passed > free else passed
            if to_crossing and crossing is not None:
                count = min(count, to_frame)  # the run ends at the next frame: leap no further
            start, boundary, over = data.time, to_frame, False
            while boundary <= count and not over:  # the frames on the way, from the same closed form
                pose, velocity = _leapt(q, v, a, boundary, dt)
                over = frame(pose, velocity, start + boundary * dt, crossing is not None or boundary == passed)
                count = boundary if over else count
                boundary += per_frame
            leap(data, count, dt)
            if count == passed:
                crossing = _crossing(data)
            if over:
                return crossing
            to_frame = boundary - count
            if count == passed:
                continue  # from the crossing, look ahead again
        chunk = min(to_frame, CHUNK)
        if crossing is None and offset - qpos[axis] < abs(qvel[axis]) * chunk * dt * 1.5 + 0.05:
            chunk = 1
        step(model, data, chunk)
        to_frame -= chunk
        if crossing is None and qpos[axis] > offset:
            crossing = _crossing(data)
        if not to_frame:
            if frame(qpos.tolist(), qvel.tolist(), data.time, crossing is not None):
                return crossing
            to_frame = per_frame
