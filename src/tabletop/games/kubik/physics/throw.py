"""Kubik's throws as rigid-body physics (K20 *simulated*, K20a): MuJoCo simulates a bat and the cube.

What a throw is made of (every number is documented in docs/kubik-physics.md):

* **The bat** (K1a) is a capsule 0.75 m long, 6 cm thick, 1.5 kg, thrown flat: its axis horizontal
  and square to the flight, spinning about the axis perpendicular to its length that is vertical at
  release (counter-clockwise seen from above). It leaves the thrower's hand at ``RELEASE_HEIGHT`` above
  the release point (``Field.release_point``) at the chosen speed, heading ``aim`` degrees left of the
  line to the cube, at the elevation that brings it down to the cube's foot (a thrower who misjudges
  low sees the bat skid in; high, it flies over).
* **Skill noise**: seven standard-normal samples (:class:`Noise`, recorded in game records) perturb
  aim, speed, spin, release height, elevation, tilt and the bat's turn at release, each scaled by
  ``(1 − skill)`` times the spread in :data:`SPREAD` (a skill-1 thrower throws exactly what was chosen).
* **The flight** is computed in closed form up to the last 20 ms frame before the bat can touch the
  ground or the cube (:meth:`_Flight.first_touch`): a spinning bat about a principal axis with no air drag
  moves exactly as a parabola and a steady rotation. A bat that is out of play before it can touch
  anything is a clean miss that MuJoCo never sees. From the hand-off
  :mod:`~tabletop.games.kubik.physics.stepping` runs MuJoCo: the bat, the cube (birch, 650 kg/m³: 2.2 kg
  for the 15 cm cube) and the ground, with contact pairs for wood on turf and wood on wood, until the cube
  lies still (how a run is kept cheap, and when it ends, is told there).

The model and its data are built once per cube edge and time step and cached
(:mod:`~tabletop.games.kubik.physics.mujoco_model`); every run resets the whole MuJoCo state, so the same
inputs give bit-identical results. The time step, 0.25 ms, is the largest at which the face statistics no
longer change when it is halved (the convergence study is in docs/kubik-physics.md and guarded by a test).
This module is the physics' interface — what the rules' bridge
(:mod:`~tabletop.games.kubik.physics.outcomes`), the fitting and the tools call — and is apart from the
stepping so that what a throw *is* (its numbers, its noise, what its result says) reads without MuJoCo's
run loop.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from tabletop.core.extras import require

require("mujoco", extra="physics", purpose="Kubik's physics throws (throws=physics)",
        hint=", or play with throws=calibrated (the calibrated model, K20b)")

import mujoco  # type: ignore[import-untyped]

import tabletop.games.kubik.physics.mujoco_model as mujoco_model
import tabletop.games.kubik.physics.stepping as stepping
from tabletop.games.kubik.field import STEP, CubePose, Field, Throw, face_normal, faces_of, orientation
from tabletop.games.kubik.physics.mujoco_model import BAT_LENGTH, BAT_RADIUS, DEFAULT_TIMESTEP, FRAME_INTERVAL, GRAVITY
from tabletop.games.kubik.physics.stepping import CrossingState

__all__ = [
    "InterceptResult",
    "Noise",
    "ThrowResult",
    "Trajectory",
    "TurfNoise",
    "rest_faces",
    "sample_noise",
    "sample_turf",
    "simulate_interception",
    "simulate_rest",
    "simulate_throw",
]

RELEASE_HEIGHT = 0.8
"""Metres above the ground at which a side-arm throw lets go of the bat."""

LANDING_LEAD = 0.3
"""Metres short of the cube's near face where a thrower means the bat to land and skid in."""

INTERCEPT_POWER = 14.0
"""K13: an interceptor throws hard and flat (m/s) ..."""
INTERCEPT_SPIN = 3.0
"""... with a moderate spin (turns/s), standing one step past the border line on the other throwing line."""

TOUCH_MARGIN = 0.05
"""Metres: more than any point of a flying bat moves in a millisecond (the grid its first touch is found on)."""

NOISE_NAMES = ("aim", "speed", "spin", "height", "elevation", "tilt", "turn")
"""What each of a :class:`Noise`'s samples perturbs, in order."""


@dataclass(frozen=True, slots=True)
class Spread:
    """Standard deviations of a skill-0 thrower's errors; a thrower of skill s has ``(1 − s)`` times these."""

    aim: float = 5.0  #: degrees of heading
    speed: float = 0.12  #: relative release speed
    spin: float = 1.5  #: turns per second
    height: float = 0.15  #: metres of release height
    elevation: float = 3.0  #: degrees of release elevation
    tilt: float = 25.0  #: degrees the bat is banked about its flight; spin steadies it: divided by 1 + spin/2
    turn: float = 30.0  #: degrees the bat is turned from square to its flight at release


SPREAD = Spread()


@dataclass(frozen=True, slots=True)
class Noise:
    """The random part of one throw: standard-normal samples, one per name in :data:`NOISE_NAMES`."""

    values: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.values) != len(NOISE_NAMES):
            raise ValueError(f"noise needs {len(NOISE_NAMES)} samples ({', '.join(NOISE_NAMES)}), "
                             f"got {len(self.values)}")


TURF_NAMES = ("speed", "heading", "tumble", "twist")
"""What each of a :class:`TurfNoise`'s samples perturbs, in order."""


@dataclass(frozen=True, slots=True)
class TurfSpread:
    """How the rough turf past the border line sends a cube on (K19, rules 2): standard deviations."""

    speed: float = 0.15  #: relative change of its speed on the ground
    heading: float = 8.0  #: degrees its heading on the ground turns
    tumble: float = 6.0  #: rad/s of roll added about the horizontal axis across its heading
    twist: float = 4.0  #: rad/s of spin added about the vertical


TURF_SPREAD = TurfSpread()


@dataclass(frozen=True, slots=True)
class TurfNoise:
    """The random part of a cube's run past the border line (K19, rules 2): standard-normal samples, one
    per name in :data:`TURF_NAMES`, drawn only once the interceptor has struck and missed or held back —
    so nothing anyone saw at the crossing decides how the throw ends."""

    values: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.values) != len(TURF_NAMES):
            raise ValueError(f"the turf's noise needs {len(TURF_NAMES)} samples ({', '.join(TURF_NAMES)}), "
                             f"got {len(self.values)}")


def sample_turf(rng: random.Random) -> TurfNoise:
    """Draw the numbers a cube's run past the border line needs from the caller's generator."""
    return TurfNoise(tuple(rng.gauss(0.0, 1.0) for _ in TURF_NAMES))


ZERO_NOISE = Noise((0.0,) * len(NOISE_NAMES))
"""A throw exactly as chosen (what skill 1 makes of any noise)."""


def sample_noise(rng: random.Random) -> Noise:
    """Draw every random number a throw (or an interception) needs from the caller's generator."""
    return Noise(tuple(rng.gauss(0.0, 1.0) for _ in NOISE_NAMES))


@dataclass(frozen=True, slots=True)
class Trajectory:
    """Frames every :data:`FRAME_INTERVAL` from the release: the cube's and the bat's (x, y, z, qw, qx, qy, qz)."""

    times: tuple[float, ...]
    cube: tuple[tuple[float, ...], ...]
    bat: tuple[tuple[float, ...], ...]

    def __len__(self) -> int:
        return len(self.times)

    def as_dict(self) -> dict[str, list[Any]]:
        """Plain lists for JSON (a UI animates from this)."""
        return {"times": list(self.times), "cube": [list(p) for p in self.cube], "bat": [list(p) for p in self.bat]}

    @classmethod
    def from_dict(cls, data: dict[str, list[Any]]) -> Trajectory:
        """The inverse of :meth:`as_dict`."""
        return cls(tuple(float(t) for t in data["times"]), tuple(tuple(map(float, p)) for p in data["cube"]),
                   tuple(tuple(map(float, p)) for p in data["bat"]))


@dataclass(frozen=True, slots=True)
class ThrowResult:
    """What a throw did: hit or miss, in or out (K7, K9), the faces, where the cube lies, the trajectory."""

    hit: bool
    out: bool
    top: int
    front: int
    x: float
    y: float
    yaw: float
    crossed_border: bool
    crossing: CrossingState | None
    trajectory: Trajectory
    complete: bool = True  #: False for a run stopped at the crossing: the faces and place are not final


@dataclass(frozen=True, slots=True)
class InterceptResult:
    """What an interception did (K13–K15): hit or miss, and where and how the cube came to rest."""

    hit: bool
    top: int
    front: int
    x: float
    y: float
    yaw: float
    trajectory: Trajectory


# ---------------------------------------------------------------- rotations


def _quat_of(rotation: np.ndarray) -> np.ndarray:
    quat = np.zeros(4)
    mujoco.mju_mat2Quat(quat, np.ascontiguousarray(rotation, dtype=float).reshape(9))
    return quat


def _rotation_of(quat: np.ndarray) -> np.ndarray:
    mat = np.zeros(9)
    mujoco.mju_quat2Mat(mat, np.asarray(quat, dtype=float))
    return mat.reshape(3, 3)


def _axis_angle(axis: np.ndarray, angle: float) -> np.ndarray:
    """The rotation matrix turning by ``angle`` about the unit ``axis`` (Rodrigues)."""
    x, y, z = axis
    k = np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])
    return np.asarray(np.eye(3) + math.sin(angle) * k + (1 - math.cos(angle)) * (k @ k))


@cache
def _lying(top: int, front: int) -> tuple[float, ...]:
    """The quaternion of a cube lying with ``top`` up and ``front`` towards line A (24 poses, each made once)."""
    return tuple(_quat_of(orientation(top, front)).tolist())


def rest_faces(quat: np.ndarray) -> tuple[int, int, float]:
    """(top, front, yaw) of a cube lying with orientation ``quat``: yaw turns its front face from −y."""
    rotation = _rotation_of(quat)
    top, front = faces_of(rotation)
    normal = rotation @ face_normal(front)
    return top, front, math.atan2(float(normal[0]), float(-normal[1]))


# ---------------------------------------------------------------- the bat's flight


@dataclass(frozen=True, slots=True)
class _Flight:
    """A released bat: centre, velocity, spin axis and rate, orientation at release (t = 0)."""

    position: np.ndarray
    velocity: np.ndarray
    spin_axis: np.ndarray
    spin_rate: float  # rad/s about spin_axis
    rotation: np.ndarray  # bat frame → world at release; the bat's length is its local x

    def poses(self, times: np.ndarray) -> np.ndarray:
        """The bat's pose (x, y, z, qw, qx, qy, qz) at each of ``times`` (s after release): a parabola and a
        steady spin (the spin's turn as a quaternion, times the orientation at release)."""
        centre = self.position[None, :] + self.velocity[None, :] * times[:, None]
        centre[:, 2] -= 0.5 * GRAVITY * times * times
        half = 0.5 * self.spin_rate * times
        w, sin = np.cos(half), np.sin(half)
        x, y, z = sin * self.spin_axis[0], sin * self.spin_axis[1], sin * self.spin_axis[2]
        p = _quat_of(self.rotation)
        quat = np.column_stack([w * p[0] - x * p[1] - y * p[2] - z * p[3], w * p[1] + x * p[0] + y * p[3] - z * p[2],
                                w * p[2] - x * p[3] + y * p[0] + z * p[1], w * p[3] + x * p[2] - y * p[1] + z * p[0]])
        return np.column_stack([centre, quat])

    def state(self, t: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The bat's free joint ``t`` s after release, as MuJoCo takes it: (pose, velocity and spin in its
        own frame, where the spin axis is its z)."""
        velocity = self.velocity.tolist()
        velocity[2] -= GRAVITY * t
        return tuple(self.poses(np.array([t]))[0].tolist()), (*velocity, 0.0, 0.0, self.spin_rate)

    def first_touch(self, cube: np.ndarray, cube_edge: float) -> tuple[float, float | None]:
        """When the bat may first touch the turf or the cube standing at ``cube``, on a 1 ms grid (within
        :data:`TOUCH_MARGIN` of either); and, if that comes later, when the bat is out of play while still in
        the air (moving away from the cube, :func:`~tabletop.games.kubik.physics.stepping.out_of_reach`): a
        clean miss, nothing to simulate."""
        vz, z = float(self.velocity[2]), float(self.position[2]) - BAT_RADIUS - 0.02
        horizon = (vz + math.sqrt(vz * vz + 2 * GRAVITY * max(z, 0.0))) / GRAVITY + 0.002  # the centre is down
        t = np.arange(0.0, horizon, 0.001)
        centre = self.position[None, :] + self.velocity[None, :] * t[:, None]
        centre[:, 2] -= 0.5 * GRAVITY * t * t
        axis0 = self.rotation[:, 0]  # the bat's length turns about the spin axis, square to it
        (s0, s1, s2), (b0, b1, b2) = self.spin_axis.tolist(), axis0.tolist()
        angle = self.spin_rate * t
        axis = np.multiply.outer(np.cos(angle), axis0) + np.multiply.outer(
            np.sin(angle), (s1 * b2 - s2 * b1, s2 * b0 - s0 * b2, s0 * b1 - s1 * b0))
        segment = BAT_LENGTH / 2 - BAT_RADIUS
        lowest = centre[:, 2] - np.abs(axis[:, 2]) * segment - BAT_RADIUS
        towards = cube[None, :] - centre
        along = np.clip(np.einsum("ij,ij->i", towards, axis), -segment, segment)
        gap = np.linalg.norm(towards - along[:, None] * axis, axis=1)  # from the cube's centre to the bat's axis
        near = gap < cube_edge * math.sqrt(3) / 2 + BAT_RADIUS + TOUCH_MARGIN
        found = np.flatnonzero((lowest < 0.02) | near)
        touch = float(t[found[0]]) if found.size else horizon
        before = int(found[0]) if found.size else len(t)  # a clean miss is out of play before any touch
        velocity = self.velocity[None, :] - np.multiply.outer(t[:before], (0.0, 0.0, GRAVITY))
        towards = towards[:before]
        away = (np.einsum("ij,ij->i", towards, velocity) < 0) & \
            (np.einsum("ij,ij->i", towards, towards) > stepping.out_of_reach(cube_edge) ** 2)
        gone = np.flatnonzero(away)
        return touch, (float(t[gone[0]]) if gone.size else None)


def _elevation(speed: float, distance: float, drop: float) -> float:
    """The low launch angle that carries a projectile ``distance`` forward while it falls ``drop``;
    the angle of longest reach if the speed cannot carry it that far."""
    a = GRAVITY * distance * distance / (2 * speed * speed)
    disc = distance * distance - 4 * a * (a - drop)
    tangent = distance / (2 * a) if disc < 0 else (distance - math.sqrt(disc)) / (2 * a)
    return math.atan(tangent)


def _release(start: tuple[float, float], target: np.ndarray, aim: float, power: float, spin: float,
             skill: float, noise: Noise, cube_edge: float) -> _Flight:
    """The bat as it leaves the hand: the choices plus the thrower's errors (see :class:`Spread`)."""
    if not 0.0 <= skill <= 1.0:
        raise ValueError(f"skill {skill}: choose one in [0, 1]")
    if power <= 0:
        raise ValueError(f"power {power} m/s: the bat must be thrown forward")
    n_aim, n_speed, n_spin, n_height, n_elevation, n_tilt, n_turn = noise.values
    wild = 1.0 - skill
    height = max(0.3, RELEASE_HEIGHT + wild * SPREAD.height * n_height)
    dx, dy = float(target[0]) - start[0], float(target[1]) - start[1]
    heading = math.atan2(dy, dx) + math.radians(aim + wild * SPREAD.aim * n_aim)
    speed = max(1.0, power * (1 + wild * SPREAD.speed * n_speed))
    turns = spin + wild * SPREAD.spin * n_spin
    # the thrower judges the elevation that lands the bat LANDING_LEAD short of the cube's near face, to
    # skid into it, from the chosen (not the actual) speed and the planned release height
    distance = max(0.5, math.hypot(dx, dy) - cube_edge / 2 - LANDING_LEAD)
    drop = RELEASE_HEIGHT - BAT_RADIUS
    pitch = _elevation(power, distance, drop) + math.radians(wild * SPREAD.elevation * n_elevation)
    forward = np.array([math.cos(heading), math.sin(heading), 0.0])
    velocity = speed * np.array([math.cos(pitch) * forward[0], math.cos(pitch) * forward[1], math.sin(pitch)])
    tilt = math.radians(wild * SPREAD.tilt * n_tilt / (1 + abs(spin) / 2))
    turn = math.radians(wild * SPREAD.turn * n_turn)
    # bat frame: length along local x, spin about local z; square to the flight, then banked about it
    rotation = _axis_angle(forward, tilt) @ _axis_angle(np.array([0.0, 0.0, 1.0]), heading + math.pi / 2 + turn)
    return _Flight(np.array([start[0], start[1], height]), velocity, rotation[:, 2].copy(), 2 * math.pi * turns,
                   rotation)


def _flight_frames(flight: _Flight, count: int, cube: tuple[float, ...]) -> tuple[
        list[float], list[tuple[float, ...]], list[tuple[float, ...]]]:
    """The closed-form flight's frames: ``count`` frame intervals from the release, both ends included."""
    times = np.arange(count + 1) * FRAME_INTERVAL
    return ([round(t, 9) for t in times.tolist()], [cube] * (count + 1),
            [tuple(pose) for pose in flight.poses(times).tolist()])


# ---------------------------------------------------------------- throws and interceptions


def border_of(field: Field, line: str) -> tuple[int, float]:
    """K12: the border line beyond the circle opposite ``line``, as (axis, offset): A → y, B → x."""
    if line not in ("A", "B"):
        raise ValueError(f"no throwing line {line!r}; the lines are A and B")
    return (1 if line == "A" else 0), field.border_offset


def simulate_throw(field: Field, pose: CubePose, throw: Throw, skill: float, noise: Noise, *,
                   timestep: float = DEFAULT_TIMESTEP, to_crossing: bool = False) -> ThrowResult:
    """Simulate one throw (K6–K9, K12): the outcome, the cube's resting pose and the trajectory.

    With ``to_crossing`` a cube that crosses the border line is followed only to the crossing (K19):
    the result is then not ``complete`` (its faces and place are where the cube was, not where it ends).

    Raises:
        ValueError: for an unknown line, a skill outside [0, 1], a non-positive power, or a time step
            that does not divide the frame interval.
    """
    sim = mujoco_model.sim(field.cube_edge, timestep)
    start = field.release_point(throw.line, throw.position)
    half = field.cube_edge / 2
    target = np.array([pose.x, pose.y, half])
    flight = _release(start, target, throw.aim, throw.power, throw.spin, skill, noise, field.cube_edge)
    touch, gone = flight.first_touch(target, field.cube_edge)
    cube = (pose.x, pose.y, half, *_lying(pose.top, pose.front))
    if gone is not None:  # a clean miss: the bat flies past and away, and the cube lies as it was
        frames = _flight_frames(flight, math.ceil(gone / FRAME_INTERVAL), cube)
        run = stepping.Run(False, None, *frames, np.array(cube))
    else:  # MuJoCo takes over from the last frame before the bat may touch anything
        count = max(0, math.floor((touch - 0.001) / FRAME_INTERVAL))
        frames = _flight_frames(flight, count, cube)
        handoff = count * FRAME_INTERVAL
        run = stepping.run(sim, (cube, (0.0,) * 6), flight.state(handoff), handoff, border_of(field, throw.line),
                         frames, to_crossing)
    top, front, yaw = rest_faces(run.cube_qpos[3:7])
    x, y = float(run.cube_qpos[0]), float(run.cube_qpos[1])
    trajectory = Trajectory(tuple(run.times), tuple(run.cube), tuple(run.bat))
    stopped = to_crossing and run.crossing is not None
    return ThrowResult(run.hit, True if stopped else field.is_out(x, y, yaw), top, front, x, y, yaw,
                       run.crossing is not None, run.crossing, trajectory, complete=not stopped)


def simulate_rest(field: Field, crossing: CrossingState, turf: TurfNoise, *,
                  timestep: float = DEFAULT_TIMESTEP) -> ThrowResult:
    """K19 (rules 2): how a cube that crossed the border line ends when nobody hit it, run on from the
    crossing over rough turf (:class:`TurfNoise`: a bump that changes its speed, heading and spin).

    The first bat is out of play by then (the cube is past the circle and the border line): the cube runs
    on alone. The result's trajectory starts at the crossing.
    """
    sim = mujoco_model.sim(field.cube_edge, timestep)
    speed, heading, tumble, twist = turf.values
    vx, vy, vz = crossing.velocity
    scale = max(0.3, 1.0 + TURF_SPREAD.speed * speed)
    turn = math.radians(TURF_SPREAD.heading * heading)
    c, s = math.cos(turn), math.sin(turn)
    velocity = (scale * (c * vx - s * vy), scale * (s * vx + c * vy), vz)
    ground = math.hypot(velocity[0], velocity[1])
    across = (-velocity[1] / ground, velocity[0] / ground, 0.0) if ground > 1e-9 else (1.0, 0.0, 0.0)
    wx, wy, wz = crossing.angular_velocity
    spin = np.array((wx + TURF_SPREAD.tumble * tumble * across[0], wy + TURF_SPREAD.tumble * tumble * across[1],
                     wz + TURF_SPREAD.twist * twist))
    quat = np.array(crossing.quaternion)
    local_spin = _rotation_of(quat).T @ spin
    run = stepping.roll_on(sim, (*crossing.position, *crossing.quaternion), (*velocity, *local_spin.tolist()),
                         crossing.time)
    top, front, yaw = rest_faces(run.cube_qpos[3:7])
    x, y = float(run.cube_qpos[0]), float(run.cube_qpos[1])
    trajectory = Trajectory(tuple(run.times), tuple(run.cube), tuple(run.bat))
    return ThrowResult(True, field.is_out(x, y, yaw), top, front, x, y, yaw, True, crossing, trajectory)


def interceptor_position(field: Field) -> float:
    """K13: where on the other throwing line the interceptor stands: one step past the border line."""
    return field.border_offset + STEP


def _lead(cube: np.ndarray, velocity: np.ndarray, t: float) -> np.ndarray:
    """Where a cube sliding on turf (friction 0.5) will be after ``t`` seconds: the interceptor's lead."""
    speed = float(np.linalg.norm(velocity[:2]))
    if speed < 1e-9:
        return cube.copy()
    deceleration = 0.5 * GRAVITY
    t = min(t, speed / deceleration)
    travelled = speed * t - 0.5 * deceleration * t * t
    ahead = cube.copy()
    ahead[:2] += velocity[:2] / speed * travelled
    return ahead


def simulate_interception(field: Field, crossing: CrossingState, throw_line: str, skill: float, noise: Noise, *,
                          timestep: float = DEFAULT_TIMESTEP) -> InterceptResult:
    """K13: a player at the end of the other line throws at the cube just as it crosses the border line.

    ``throw_line`` is the line of the throw that sent the cube past the border; the interceptor
    stands on the other one (:func:`interceptor_position`) and aims where the sliding cube will be when
    the bat gets there (power :data:`INTERCEPT_POWER`, spin :data:`INTERCEPT_SPIN`, plus skill noise).
    The bat of the first throw is not in this run.

    Raises:
        ValueError: as :func:`simulate_throw`.
    """
    sim = mujoco_model.sim(field.cube_edge, timestep)
    other = {"A": "B", "B": "A"}.get(throw_line)
    if other is None:
        raise ValueError(f"no throwing line {throw_line!r}; the lines are A and B")
    start = field.release_point(other, interceptor_position(field))
    cube = np.array(crossing.position)
    velocity = np.array(crossing.velocity)
    target = cube
    for _ in range(3):  # lead the target: where it will be when a bat thrown at it gets there
        flight_time = float(np.linalg.norm(target[:2] - np.array(start))) / INTERCEPT_POWER
        target = _lead(cube, velocity, flight_time)
    target = np.array([target[0], target[1], field.cube_edge / 2])
    flight = _release(start, target, 0.0, INTERCEPT_POWER, INTERCEPT_SPIN, skill, noise, field.cube_edge)
    quat = np.array(crossing.quaternion)
    local_spin = _rotation_of(quat).T @ np.array(crossing.angular_velocity)
    cube_qvel = (*crossing.velocity, *local_spin.tolist())
    run = stepping.run(sim, (crossing.position + crossing.quaternion, cube_qvel), flight.state(0.0), 0.0, None,
                     ([], [], []))
    top, front, yaw = rest_faces(run.cube_qpos[3:7])
    trajectory = Trajectory(tuple(run.times), tuple(run.cube), tuple(run.bat))
    return InterceptResult(run.hit, top, front, float(run.cube_qpos[0]), float(run.cube_qpos[1]), yaw, trajectory)
