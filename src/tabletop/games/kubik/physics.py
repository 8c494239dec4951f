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
  ground or the cube: a spinning bat about a principal axis with no air drag moves exactly as a
  parabola and a steady rotation, and that saves the most steps of all. From there MuJoCo takes over:
  the bat, the cube (birch, 650 kg/m³: 2.2 kg for the 15 cm cube) and the ground, with contact pairs
  for wood on turf and wood on wood.
* **Leaps**: once the bat is out of play, the cube's flights between touches of the turf are summed in
  closed form (:func:`_leap`: MuJoCo's own Euler steps, which with no contact are a parabola and, the cube's
  inertia being isotropic, a steady turn), so that only steps that touch are taken one by one.
* **Stopping**: the run ends when the bat has missed (it is past the cube and moving away, or at rest),
  or when the cube has been still and lying on a face for two frames and the bat can no longer reach it
  (a bat that is out of play is parked far away so the cube's last slide costs less).

Every throw resets the whole MuJoCo state (``mj_resetData``: positions, velocities, warm start, applied
forces), so the same inputs give bit-identical results; the model and its data are built once per cube
edge and time step and cached. The time step, 0.25 ms, is the largest at which the face statistics no
longer change when it is halved (the convergence study is in docs/kubik-physics.md and guarded by a test).
"""

from __future__ import annotations

import math
import random
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from tabletop.core.extras import require

require("mujoco", extra="physics", purpose="Kubik's physics throws (throws=physics)",
        hint=", or play with throws=calibrated (the calibrated model, K20b)")

import mujoco  # type: ignore[import-untyped]

from tabletop.games.kubik.field import STEP, CubePose, Field, Throw, face_normal, faces_of, orientation

DEFAULT_TIMESTEP = 0.00025
"""Seconds per MuJoCo step: halving it no longer changes the face statistics (K20a)."""

FRAME_INTERVAL = 0.02
"""Seconds between the trajectory's frames (50 per second) and between the run's checks."""

MAX_TIME = 20.0
"""A run ends by this time after the release, whatever still moves: a safety net (the longest runs seen,
a small cube hit hard and sliding 40 m, take 10 s)."""

GRAVITY = 9.81
RELEASE_HEIGHT = 0.8
"""Metres above the ground at which a side-arm throw lets go of the bat."""

LANDING_LEAD = 0.3
"""Metres short of the cube's near face where a thrower means the bat to land and skid in."""

BAT_LENGTH = 0.75
BAT_RADIUS = 0.03
BAT_MASS = 1.5
WOOD_DENSITY = 650.0
"""Birch, kg/m³: the 15 cm cube weighs 2.19 kg, the 4.2 cm one 48 g."""

INTERCEPT_POWER = 14.0
"""K13: an interceptor throws hard and flat (m/s) ..."""
INTERCEPT_SPIN = 3.0
"""... with a moderate spin (turns/s), standing one step past the border line on the other throwing line."""

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


ZERO_NOISE = Noise((0.0,) * len(NOISE_NAMES))
"""A throw exactly as chosen (what skill 1 makes of any noise)."""


def sample_noise(rng: random.Random) -> Noise:
    """Draw every random number a throw (or an interception) needs from the caller's generator."""
    return Noise(tuple(rng.gauss(0.0, 1.0) for _ in NOISE_NAMES))


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


# ---------------------------------------------------------------- the model


_XML = """
<mujoco model="kubik">
  <option timestep="{timestep}" gravity="0 0 -{gravity}"/>
  <worldbody>
    <geom name="ground" type="plane" size="0 0 1" contype="0" conaffinity="0"/>
    <body name="cube" pos="0 0 {half}">
      <freejoint/>
      <geom name="cube" type="box" size="{half} {half} {half}" mass="{cube_mass}" contype="0" conaffinity="0"/>
    </body>
    <body name="bat" pos="0 -3 1">
      <freejoint/>
      <geom name="bat" type="capsule" fromto="-{segment} 0 0 {segment} 0 0" size="{radius}" mass="{bat_mass}"
            contype="0" conaffinity="0"/>
    </body>
  </worldbody>
  <contact>
    <pair geom1="cube" geom2="ground" condim="3" friction="0.5 0.5 0.005 0.0001 0.0001" solref="0.004 1"/>
    <pair geom1="bat" geom2="ground" condim="6" friction="0.5 0.5 0.005 0.01 0.01" solref="0.004 1"/>
    <pair geom1="bat" geom2="cube" condim="3" friction="0.35 0.35 0.005 0.0001 0.0001" solref="0.002 0.3"/>
  </contact>
  <sensor>
    <contact name="touch" geom1="bat" geom2="cube" data="found"/>
  </sensor>
</mujoco>
"""


def model_xml(cube_edge: float, timestep: float) -> str:
    """The MJCF of the field: turf (a plane), the cube and the bat, and how each pair of them touches.

    Friction 0.5 for wood on turf, 0.35 wood on wood. Turf gives: its contacts are critically damped
    springs with a 4 ms time constant (a cube landing at 4 m/s sinks about 6 mm); wood on wood is stiffer
    (2 ms) and bouncy (damping ratio 0.3: restitution about 0.25). The bat meets rolling resistance on turf.
    """
    half = cube_edge / 2
    return _XML.format(timestep=timestep, gravity=GRAVITY, half=half, cube_mass=WOOD_DENSITY * cube_edge ** 3,
                       segment=BAT_LENGTH / 2 - BAT_RADIUS, radius=BAT_RADIUS, bat_mass=BAT_MASS)


@dataclass(frozen=True)
class _Sim:
    """A compiled model with its data (one per thread), and the numbers the run loop needs."""

    model: Any
    local: threading.local
    cube_edge: float
    timestep: float
    steps_per_frame: int

    @property
    def data(self) -> Any:
        data = getattr(self.local, "data", None)
        if data is None:
            data = self.local.data = mujoco.MjData(self.model)
        return data


@lru_cache(maxsize=16)
def _sim(cube_edge: float, timestep: float) -> _Sim:
    """Build the model once per cube edge and time step (the field's distances do not enter it)."""
    if not 0.0 < timestep <= 0.002:
        raise ValueError(f"time step {timestep} s: choose one in (0, 0.002]")
    if not 0.01 <= cube_edge <= 0.5:
        raise ValueError(f"cube edge {cube_edge} m: choose one in [0.01, 0.5]")
    steps = round(FRAME_INTERVAL / timestep)
    if abs(steps * timestep - FRAME_INTERVAL) > 1e-9:
        raise ValueError(f"time step {timestep} s must divide the frame interval {FRAME_INTERVAL} s")
    model = mujoco.MjModel.from_xml_string(model_xml(cube_edge, timestep))
    return _Sim(model, threading.local(), cube_edge, timestep, steps)


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

    def at(self, t: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Centre, velocity and orientation ``t`` seconds after release: a parabola and a steady spin."""
        gravity = np.array([0.0, 0.0, -GRAVITY])
        turned = _axis_angle(self.spin_axis, self.spin_rate * t) @ self.rotation
        return self.position + self.velocity * t + 0.5 * gravity * t * t, self.velocity + gravity * t, turned

    def first_reach(self, target: np.ndarray, reach: float, horizon: float = 3.0) -> float:
        """The first time (1 ms grid) at which the bat comes within ``reach`` of ``target`` or near the ground."""
        t = np.arange(0.0, horizon, 0.001)
        centre = self.position[None, :] + self.velocity[None, :] * t[:, None]
        centre[:, 2] -= 0.5 * GRAVITY * t * t
        axis0 = self.rotation[:, 0]
        side = np.cross(self.spin_axis, axis0)
        angle = self.spin_rate * t
        axis_z = axis0[2] * np.cos(angle) + side[2] * np.sin(angle)
        lowest = centre[:, 2] - np.abs(axis_z) * (BAT_LENGTH / 2 - BAT_RADIUS) - BAT_RADIUS
        near = np.linalg.norm(centre - target[None, :], axis=1) < reach
        hits = np.flatnonzero((lowest < 0.02) | near)
        return float(t[hits[0]]) if hits.size else horizon


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


# ---------------------------------------------------------------- the run


@dataclass(slots=True)
class _Run:
    """What one simulation run found: hit, crossing, frames, and the cube's final state."""

    hit: bool
    crossing: CrossingState | None
    times: list[float]
    cube: list[tuple[float, ...]]
    bat: list[tuple[float, ...]]
    cube_qpos: np.ndarray


def _pose7(qpos: np.ndarray) -> tuple[float, ...]:
    return tuple(float(v) for v in qpos)


def _crossing(data: Any) -> CrossingState:
    """The cube's state now, its angular velocity turned from its own frame into the world's."""
    qpos, qvel = data.qpos, data.qvel
    world_spin = _rotation_of(qpos[3:7]) @ qvel[3:6]
    return CrossingState(float(data.time), (float(qpos[0]), float(qpos[1]), float(qpos[2])),
                         (float(qpos[3]), float(qpos[4]), float(qpos[5]), float(qpos[6])),
                         (float(qvel[0]), float(qvel[1]), float(qvel[2])),
                         (float(world_spin[0]), float(world_spin[1]), float(world_spin[2])))


_STEPS = np.arange(0.0, 2001.0)
"""Step counts 0, 1, 2, … for the closed-form flight (a frame has at most this many steps)."""


def _free_steps(data: Any, half: float, limit: int, border: tuple[int, float] | None,
                timestep: float) -> tuple[int, int | None]:
    """How many whole steps (at most ``limit``) the cube can fly from now without touching the ground,
    and the first step after which its centre has passed ``border`` (None if it does not within those).

    MuJoCo finds contacts at the configuration a step starts from, so ``k`` steps may be leapt when the
    configurations after 0 … k − 1 of them all have every corner above the ground (by a micrometre, for
    rounding). Positions are :func:`_leap`'s closed form of the very steps MuJoCo would take: MuJoCo's
    Euler step updates the velocity first (``v += a dt``), then the position with the new velocity
    (``x += v dt``), so after k steps ``x = x0 + k dt v0 + a dt² k(k+1)/2``; and with no contact, the
    cube's inertia being the same about every axis, its angular velocity stays constant and it turns
    by k dt |ω| about ω (in its own frame, MuJoCo's convention for a free joint).
    """
    qpos, qvel, qacc = data.qpos, data.qvel, data.qacc
    dt = timestep
    k = _STEPS[:limit]
    drop = (dt * dt / 2) * k * (k + 1)
    height = float(qpos[2]) + (dt * float(qvel[2])) * k + float(qacc[2]) * drop
    w, x, y, z = (float(v) for v in qpos[3:7])
    up = (2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))  # the cube's axes' heights
    wx, wy, wz = (float(v) for v in qvel[3:6])
    rate = math.sqrt(wx * wx + wy * wy + wz * wz)
    if rate > 0.0:
        ax, ay, az = wx / rate, wy / rate, wz / rate
        # Rodrigues, on a row: up · (I + sin θ K + (1 − cos θ) K²),
        # where up · K = −(axis × up) and up · K² = axis (axis · up) − up
        across = (ay * up[2] - az * up[1], az * up[0] - ax * up[2], ax * up[1] - ay * up[0])
        dot = ax * up[0] + ay * up[1] + az * up[2]
        along = (ax * dot - up[0], ay * dot - up[1], az * dot - up[2])
        angle = (dt * rate) * k
        sin, cos = np.sin(angle), 1.0 - np.cos(angle)
        reach = (np.abs(up[0] - across[0] * sin + along[0] * cos) + np.abs(up[1] - across[1] * sin + along[1] * cos)
                 + np.abs(up[2] - across[2] * sin + along[2] * cos))
        lowest = height - half * reach
    else:
        lowest = height - half * (abs(up[0]) + abs(up[1]) + abs(up[2]))
    touching = np.flatnonzero(lowest <= 1e-6)
    free = int(touching[0]) if touching.size else limit
    passed = None
    if border is not None:
        axis, offset = border
        after = k + 1  # the configurations after 1 … limit steps
        place = float(qpos[axis]) + (dt * float(qvel[axis])) * after + float(qacc[axis]) * (drop + dt * dt * after)
        beyond = np.flatnonzero(place > offset)
        passed = int(beyond[0]) + 1 if beyond.size else None
    return free, passed


def _leap(data: Any, count: int, timestep: float) -> None:
    """Advance the free-flying cube and the parked bat ``count`` MuJoCo steps in closed form
    (:func:`_free_steps`): positions, velocities, orientation and time, as the steps would leave them."""
    if count <= 0:
        return
    qpos, qvel, qacc = data.qpos, data.qvel, data.qacc
    dt = timestep
    moved, sped = count * dt, dt * dt * count * (count + 1) / 2
    for q, v in ((0, 0), (7, 6)):  # the cube's dofs, then the bat's (held still: its acceleration is nil)
        qpos[q:q + 3] += moved * qvel[v:v + 3] + sped * qacc[v:v + 3]
        qvel[v:v + 3] += moved * qacc[v:v + 3]
    wx, wy, wz = (float(v) for v in qvel[3:6])
    rate = math.sqrt(wx * wx + wy * wy + wz * wz)
    if rate > 0.0:
        half = moved * rate / 2
        sin = math.sin(half) / rate
        quat = np.empty(4)
        mujoco.mju_mulQuat(quat, qpos[3:7].copy(), np.array((math.cos(half), sin * wx, sin * wy, sin * wz)))
        mujoco.mju_normalize4(quat)
        qpos[3:7] = quat
    data.time += moved


CHUNK = 10
"""MuJoCo steps taken at a time while the cube touches the ground and the bat is out of play, between
checks for a leap: a hopping cube is in the air again within a few milliseconds."""


def _cube_frame(sim: _Sim, data: Any, border: tuple[int, float] | None,
                crossing: CrossingState | None) -> CrossingState | None:
    """One frame with the bat out of play (parked): the cube's flights leapt in closed form (:func:`_leap`),
    its contacts stepped by MuJoCo, a few steps at a time (one at a time as it nears the border line,
    ``border``, so that the crossing is caught at its step). Returns the crossing, found now or before."""
    model, qpos, qvel = sim.model, data.qpos, data.qvel
    half, dt, left = sim.cube_edge / 2, sim.timestep, sim.steps_per_frame
    while left:
        watching = border if crossing is None else None
        if data.ncon == 0:  # nothing touched in the last step: no contact force in the warm start either
            free, passed = _free_steps(data, half, left, watching, dt)
            if passed is not None and passed <= free:
                _leap(data, passed, dt)
                crossing = _crossing(data)
                left -= passed
                continue
            _leap(data, free, dt)
            left -= free
            if not left:
                break
        chunk = min(left, CHUNK)
        if watching is not None and \
                watching[1] - float(qpos[watching[0]]) < abs(float(qvel[watching[0]])) * chunk * dt * 1.5 + 0.05:
            chunk = 1
        mujoco.mj_step(model, data, chunk)
        left -= chunk
        if watching is not None and qpos[watching[0]] > watching[1]:
            crossing = _crossing(data)
    return crossing


def _run(sim: _Sim, cube_qpos: np.ndarray, cube_qvel: np.ndarray, flight: _Flight, start: float,
         border: tuple[int, float] | None,
         frames: tuple[list[float], list[tuple[float, ...]], list[tuple[float, ...]]],
         to_crossing: bool = False) -> _Run:
    """Simulate from ``start`` s after release until everything that matters is at rest.

    ``border`` is (axis, offset): the cube crosses it when its centre's coordinate on that axis passes
    the offset. ``frames`` are the frames so far (the closed-form flight), extended in place. With
    ``to_crossing`` the run stops at the end of the frame in which the cube crossed (K19: what happens
    after the crossing is not computed until the interceptor has decided); the steps up to there are
    the very steps of a full run, so the crossing is the same.
    """
    model, data = sim.model, sim.data
    mujoco.mj_resetData(model, data)  # the whole state, warm start included: runs are independent (K20a)
    bat_pos, bat_vel, bat_rot = flight.at(start)
    data.time = start
    data.qpos[0:7] = cube_qpos
    data.qvel[0:6] = cube_qvel
    data.qpos[7:10] = bat_pos
    data.qpos[10:14] = _quat_of(bat_rot)
    data.qvel[6:9] = bat_vel
    data.qvel[9:12] = (0.0, 0.0, flight.spin_rate)  # a free joint's angular velocity is in its own frame
    times, cube_frames, bat_frames = frames
    edge = sim.cube_edge
    reach = BAT_LENGTH / 2 + edge * math.sqrt(3) / 2 + 0.02
    steps = sim.steps_per_frame
    hit = False
    crossing: CrossingState | None = None
    parked: tuple[float, ...] | None = None
    still = 0
    qpos, qvel, touch = data.qpos, data.qvel, data.sensordata
    while data.time < MAX_TIME:
        cube_p, bat_p = qpos[0:3], qpos[7:10]
        gap = float(np.linalg.norm(bat_p - cube_p))
        closing = float(np.linalg.norm(qvel[6:9] - qvel[0:3])) * FRAME_INTERVAL
        watch_hit = not hit and parked is None and gap < reach + closing + 0.05
        watch_border = border is not None and crossing is None and \
            border[1] - float(qpos[border[0]]) < abs(float(qvel[border[0]])) * FRAME_INTERVAL * 1.5 + 0.05
        if parked is not None:  # the bat is out of play: only the cube moves
            crossing = _cube_frame(sim, data, border if crossing is None else None, crossing)
        elif watch_hit or watch_border:
            for _ in range(steps):
                mujoco.mj_step(model, data)
                if watch_hit and not hit and touch[0] > 0:
                    hit = True
                if watch_border and crossing is None and border is not None and qpos[border[0]] > border[1]:
                    crossing = _crossing(data)
        else:
            mujoco.mj_step(model, data, steps)
            if not hit and touch[0] > 0:
                hit = True
        if border is not None and crossing is None and qpos[border[0]] > border[1]:
            crossing = _crossing(data)
        times.append(round(float(data.time), 9))
        cube_frames.append(_pose7(qpos[0:7]))
        bat_frames.append(parked if parked is not None else _pose7(qpos[7:14]))
        if to_crossing and crossing is not None:
            break
        # is anything still going on?
        cube_v, cube_w = float(np.linalg.norm(qvel[0:3])), float(np.linalg.norm(qvel[3:6]))
        flat = abs(_rotation_of(qpos[3:7])).max(axis=1)[2] > 0.985  # some face within 10° of up
        still = still + 1 if cube_v < 0.005 and cube_w < 0.05 and flat else 0
        if parked is None:
            bat_v = float(np.linalg.norm(qvel[6:9]))
            bat_resting = bat_v < 0.02 and float(np.linalg.norm(qvel[9:12])) < 0.2
            apart = float(np.dot(qpos[7:10] - qpos[0:3], qvel[6:9] - qvel[0:3])) > 0
            gone = bat_resting or (apart and float(np.linalg.norm(qpos[7:10] - qpos[0:3])) > reach + 0.3)
            if gone and (hit or still == 0):
                parked = _pose7(qpos[7:14])  # out of play: keep it far away, held up against gravity
                qpos[7:14] = (1000.0, 1000.0, 10.0, 1.0, 0.0, 0.0, 0.0)
                qvel[6:12] = 0.0
                data.qfrc_applied[8] = BAT_MASS * GRAVITY
            elif gone:
                break  # a miss: the cube never moved
        if still >= 2 and parked is not None:
            break
    return _Run(hit, crossing, times, cube_frames, bat_frames, qpos[0:7].copy())


def _flight_frames(flight: _Flight, until: float, cube: tuple[float, ...]) -> tuple[
        list[float], list[tuple[float, ...]], list[tuple[float, ...]]]:
    """Frames of the closed-form flight, every frame interval from the release up to ``until``."""
    times: list[float] = []
    cubes: list[tuple[float, ...]] = []
    bats: list[tuple[float, ...]] = []
    count = round(until / FRAME_INTERVAL)
    for k in range(count + 1):
        t = k * FRAME_INTERVAL
        position, _, rotation = flight.at(t)
        times.append(round(t, 9))
        cubes.append(cube)
        bats.append(tuple(float(v) for v in position) + tuple(float(v) for v in _quat_of(rotation)))
    return times, cubes, bats


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
    sim = _sim(field.cube_edge, timestep)
    start = field.release_point(throw.line, throw.position)
    half = field.cube_edge / 2
    target = np.array([pose.x, pose.y, half])
    flight = _release(start, target, throw.aim, throw.power, throw.spin, skill, noise, field.cube_edge)
    reach = BAT_LENGTH / 2 + field.cube_edge * math.sqrt(3) / 2 + 0.05
    touch = flight.first_reach(target, reach)
    handoff = max(0.0, math.floor((touch - 0.001) / FRAME_INTERVAL) * FRAME_INTERVAL)
    cube_qpos = np.concatenate([target, _quat_of(orientation(pose.top, pose.front))])
    frames = _flight_frames(flight, handoff, _pose7(cube_qpos))
    run = _run(sim, cube_qpos, np.zeros(6), flight, handoff, border_of(field, throw.line), frames, to_crossing)
    top, front, yaw = rest_faces(run.cube_qpos[3:7])
    x, y = float(run.cube_qpos[0]), float(run.cube_qpos[1])
    trajectory = Trajectory(tuple(run.times), tuple(run.cube), tuple(run.bat))
    stopped = to_crossing and run.crossing is not None
    return ThrowResult(run.hit, True if stopped else field.is_out(x, y, yaw), top, front, x, y, yaw,
                       run.crossing is not None, run.crossing, trajectory, complete=not stopped)


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
    sim = _sim(field.cube_edge, timestep)
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
    cube_qpos = np.concatenate([cube, quat])
    cube_qvel = np.concatenate([velocity, local_spin])
    run = _run(sim, cube_qpos, cube_qvel, flight, 0.0, None, ([], [], []))
    top, front, yaw = rest_faces(run.cube_qpos[3:7])
    trajectory = Trajectory(tuple(run.times), tuple(run.cube), tuple(run.bat))
    return InterceptResult(run.hit, top, front, float(run.cube_qpos[0]), float(run.cube_qpos[1]), yaw, trajectory)
