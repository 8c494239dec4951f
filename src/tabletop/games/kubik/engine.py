"""MuJoCo's half of Kubik's physics (K20, K20a): the model of the field and the run that steps it to rest.

:mod:`~tabletop.games.kubik.physics` decides what a throw is (the release, the bat's closed-form flight,
what the result says); this module takes the bat from its hand-off and steps the cube and the bat until
nothing that matters moves. What keeps a run cheap, each measured by ``benchmarks/kubik_speed.py``:

* **Sleep.** MuJoCo's sleeping is on: a body that lies still (every velocity under 1 mm/s for ten steps)
  is not simulated until something touches it. The untouched cube the bat flies at costs nothing but its
  collision test, and its waking is the bat's touch, so the approach is stepped a frame at a time; the
  bat out of play is parked lying on the turf far away, where it sleeps too; and the run ends as soon as
  the cube sleeps with a face up.
* **Leaps.** Once the bat is out of play a flying cube's steps are summed in closed form (:func:`leap`:
  MuJoCo's own Euler steps, which with no contact are a parabola and, the cube's inertia being isotropic,
  a steady turn) up to the step before a corner reaches the turf (:func:`free_steps`, which looks only
  between the steps a sphere round the cube could touch and those its lowest face surely has); only the
  steps that touch are taken, a few at a time (:data:`CHUNK`), and a cube that will touch within a chunk
  anyway (a chattering slide) is left to MuJoCo.
* **Python stays out of the way.** Per frame the checks read plain floats (``tolist``), never small
  NumPy arrays; single steps are taken only while the bat nears a cube that is awake or the cube is about
  to cross the border line, so that the touch and the crossing are caught at their step. MuJoCo's
  profiling timers do not read the clock (:func:`_unclocked_timers`).

Every run starts from ``mj_resetData`` (positions, velocities, warm start, sleep state, applied forces), so
the same inputs give bit-identical results (K20a); the model and its data are built once per cube edge and
time step and kept.
"""

from __future__ import annotations

import ctypes
import math
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from tabletop.core.extras import require

require("mujoco", extra="physics", purpose="Kubik's physics throws (throws=physics)",
        hint=", or play with throws=calibrated (the calibrated model, K20b)")

import mujoco  # type: ignore[import-untyped]  # noqa: E402  (after the check that names the extra)

DEFAULT_TIMESTEP = 0.00025
"""Seconds per MuJoCo step: halving it no longer changes the face statistics (K20a)."""

FRAME_INTERVAL = 0.02
"""Seconds between the trajectory's frames (50 per second) and between the run's checks."""

MAX_TIME = 20.0
"""A run ends by this time after the release, whatever still moves: a safety net (the longest runs seen,
a small cube hit hard and sliding 40 m, take 10 s)."""

GRAVITY = 9.81
BAT_LENGTH = 0.75
BAT_RADIUS = 0.03
BAT_MASS = 1.5
WOOD_DENSITY = 650.0
"""Birch, kg/m³: the 15 cm cube weighs 2.19 kg, the 4.2 cm one 48 g."""

SLEEP_TOLERANCE = 0.001
"""m/s (and rad/s times the cube's size): a cube slower than this for ten steps lies still and sleeps."""

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

_SQRT3 = 1.7320509
"""√3 rounded up: no corner of a cube is farther from its centre than this many half-edges."""


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


# ---------------------------------------------------------------- the model


_XML = """
<mujoco model="kubik">
  <option timestep="{timestep}" gravity="0 0 -{gravity}" sleep_tolerance="{sleep}">
    <flag sleep="enable"/>
  </option>
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
    Bodies at rest sleep (:data:`SLEEP_TOLERANCE`) until something touches them.
    """
    half = cube_edge / 2
    return _XML.format(timestep=timestep, gravity=GRAVITY, sleep=SLEEP_TOLERANCE, half=half,
                       cube_mass=WOOD_DENSITY * cube_edge ** 3, segment=BAT_LENGTH / 2 - BAT_RADIUS,
                       radius=BAT_RADIUS, bat_mass=BAT_MASS)


@dataclass(frozen=True)
class Sim:
    """A compiled model with its data (one per thread), and the numbers the run loop needs."""

    model: Any
    local: threading.local
    cube_edge: float
    timestep: float
    steps_per_frame: int

    @property
    def data(self) -> Any:
        """This thread's MjData for the model (made on first use)."""
        data = getattr(self.local, "data", None)
        if data is None:
            data = self.local.data = mujoco.MjData(self.model)
        return data


@lru_cache(maxsize=16)
def sim(cube_edge: float, timestep: float) -> Sim:
    """Build the model once per cube edge and time step (the field's distances do not enter it).

    Raises:
        ValueError: for a time step outside (0, 2 ms] or that does not divide the frame interval, or a
            cube edge outside [1 cm, 50 cm].
    """
    if not 0.0 < timestep <= 0.002:
        raise ValueError(f"time step {timestep} s: choose one in (0, 0.002]")
    if not 0.01 <= cube_edge <= 0.5:
        raise ValueError(f"cube edge {cube_edge} m: choose one in [0.01, 0.5]")
    steps = round(FRAME_INTERVAL / timestep)
    if abs(steps * timestep - FRAME_INTERVAL) > 1e-9:
        raise ValueError(f"time step {timestep} s must divide the frame interval {FRAME_INTERVAL} s")
    model = mujoco.MjModel.from_xml_string(model_xml(cube_edge, timestep))
    _unclocked_timers()
    return Sim(model, threading.local(), cube_edge, timestep, steps)


@lru_cache(maxsize=1)
def _unclocked_timers() -> None:
    """Stop MuJoCo reading the clock for its profiling timers (``MjData.timer``), which nothing here reads.

    MuJoCo times each stage of a step through the global callback ``mjcb_time``, some 30 readings a step,
    and the Python bindings install one that calls ``clock_gettime``: on a small model that is a quarter of
    a step (2.85 against 2.10 µs for a cube sliding on the turf, 8–16% of a whole throw). A null callback
    cannot be set from Python, so the callback becomes C's ``drand48`` (a native ``double f(void)``, as
    ``mjcb_time`` is, called without Python): the timers then hold noise, and the physics is untouched.
    The callback is global to the process; one that someone else installed is kept, and where C's library
    has no ``drand48`` (Windows) the clock stays.
    """
    if mujoco.get_mjcb_time() is not None:
        return
    try:
        noise = ctypes.CDLL(None).drand48
    except (OSError, AttributeError, TypeError):
        return
    noise.restype, noise.argtypes = ctypes.c_double, []
    mujoco.set_mjcb_time(noise)


# ---------------------------------------------------------------- closed-form flight of the cube


def _near_turf(z: float, vz: float, az: float, half: float, dt: float, limit: int) -> list[tuple[int, int]]:
    """The stretches of step counts [start, end) below ``limit`` in which a sphere round the cube reaches
    the turf (no corner is lower than the centre's height less √3 half-edges, so none touches outside
    them): the steps before a low cube has risen out of reach, and those from when it comes down again."""
    a = az * dt * dt / 2  # height(k) = z + (dt vz) k + az dt² k(k+1)/2 = a k² + b k + c
    b = dt * vz + a
    c = z - half * _SQRT3 - 1e-6
    disc = b * b - 4 * a * c
    if a >= 0.0 or disc <= 0.0:  # not falling freely, or never out of reach: look at every step
        return [(0, limit)]
    early, late = (-b + math.sqrt(disc)) / (2 * a), (-b - math.sqrt(disc)) / (2 * a)  # the roots, in order
    stretches = [(0, min(limit, int(early) + 2))] if early > -1.0 else []
    if late < limit:
        stretches.append((max(0, int(late) - 1), limit))
    return stretches


def landed(z: float, vz: float, az: float, half: float, dt: float, limit: int) -> int:
    """The first step count k at which the lowest corner of a freely flying cube is surely on the turf (at
    most ``limit``): its centre is then within a half-edge of it, and no corner is higher than the lowest
    face's centre."""
    a = az * dt * dt / 2
    b = dt * vz + a
    c = z - half - 1e-6
    if c <= 0.0:
        return 0
    if a >= 0.0:
        return limit
    root = (-b - math.sqrt(b * b - 4 * a * c)) / (2 * a)
    return limit if root >= limit else int(root) + 1


def _first_past(start: float, speed: float, acc: float, offset: float, dt: float, limit: int) -> int | None:
    """The first step count n in 1 … ``limit`` after which a coordinate that starts at ``start`` with
    ``speed`` and ``acc`` (MuJoCo's Euler steps, summed) has passed ``offset``; None if it does not."""
    def place(n: int) -> float:
        return start + (dt * speed) * n + acc * ((dt * dt / 2) * n * (n + 1))

    turn = -speed / (acc * dt) - 0.5 if acc != 0.0 else -1.0  # where the motion would turn back, in steps
    if 0.0 < turn < limit:  # not seen along the ground in free flight, but then look at every step
        return next((n for n in range(1, limit + 1) if place(n) > offset), None)
    if place(limit) <= offset:
        return None
    low, high = 0, limit  # place(low) <= offset < place(high): bisect (the motion is along a line)
    while high - low > 1:
        middle = (low + high) // 2
        if place(middle) > offset:
            high = middle
        else:
            low = middle
    return high


def free_steps(data: Any, half: float, limit: int, border: tuple[int, float] | None,
               timestep: float) -> tuple[int, int | None]:
    """How many whole steps (at most ``limit``) the cube can fly from now without touching the ground,
    and the first step after which its centre has passed ``border`` (None if it does not within those).

    MuJoCo finds contacts at the configuration a step starts from, so ``k`` steps may be leapt when the
    configurations after 0 … k − 1 of them all have every corner above the ground (by a micrometre, for
    rounding). Positions are :func:`leap`'s closed form of the very steps MuJoCo would take: MuJoCo's
    Euler step updates the velocity first (``v += a dt``), then the position with the new velocity
    (``x += v dt``), so after k steps ``x = x0 + k dt v0 + a dt² k(k+1)/2``; and with no contact, the
    cube's inertia being the same about every axis, its angular velocity stays constant and it turns
    by k dt |ω| about ω (in its own frame, MuJoCo's convention for a free joint). Only the steps that a
    sphere round the cube could touch the turf in are looked at, and among those only the ones that the
    lowest corner's fastest descent could reach (:meth:`_Fall.first_touch`).
    """
    qpos, qvel, qacc = data.qpos.tolist(), data.qvel.tolist(), data.qacc.tolist()
    dt = timestep
    free, fall = limit, None
    for k, last in _near_turf(qpos[2], qvel[2], qacc[2], half, dt, limit):
        fall = fall or _Fall.of(qpos, qvel, qacc, half, dt)
        free = fall.first_touch(k, last)
        if free < last:
            break
    else:
        free = limit
    passed = None
    if border is not None:
        axis, offset = border
        passed = _first_past(qpos[axis], qvel[axis], qacc[axis], offset, dt, free)
    return free, passed


@dataclass(frozen=True, slots=True)
class _Fall:
    """A cube in free flight: the height of its lowest corner after k steps (:func:`free_steps`).

    The centre's height is ``z + climb k + drop k(k + 1)``; the cube's axes' heights turn by Rodrigues'
    formula, on a row: ``up · (I + sin θ K + (1 − cos θ) K²)`` with θ = ``turn`` k, where up · K =
    −(axis × up) = −``across`` and up · K² = axis (axis · up) − up = ``along``.
    """

    z: float
    climb: float
    drop: float
    up: tuple[float, float, float]
    across: tuple[float, float, float]
    along: tuple[float, float, float]
    turn: float
    half: float
    sway: float  #: the most that turning lowers any corner in one step: ``half turn Σ |(across, along)_i|``

    @classmethod
    def of(cls, qpos: list[float], qvel: list[float], qacc: list[float], half: float, dt: float) -> _Fall:
        """The flight from a free joint's qpos, qvel and qacc (the cube's are first)."""
        w, x, y, z = qpos[3:7]
        up = (2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))
        wx, wy, wz = qvel[3:6]
        rate = math.sqrt(wx * wx + wy * wy + wz * wz)
        across = along = (0.0, 0.0, 0.0)
        if rate > 0.0:
            ax, ay, az = wx / rate, wy / rate, wz / rate
            across = (ay * up[2] - az * up[1], az * up[0] - ax * up[2], ax * up[1] - ay * up[0])
            dot = ax * up[0] + ay * up[1] + az * up[2]
            along = (ax * dot - up[0], ay * dot - up[1], az * dot - up[2])
        # an axis's height, u − a sin θ + l (1 − cos θ), changes with θ at most by |(a, l)| per radian
        sway = half * dt * rate * (math.hypot(across[0], along[0]) + math.hypot(across[1], along[1])
                                   + math.hypot(across[2], along[2]))
        return cls(qpos[2], dt * qvel[2], qacc[2] * dt * dt / 2, up, across, along, dt * rate, half, sway)

    def lowest(self, k: int) -> float:
        """After ``k`` steps."""
        (u0, u1, u2), (a0, a1, a2), (l0, l1, l2) = self.up, self.across, self.along  # unpacked: called most
        angle = self.turn * k
        sin, cos = math.sin(angle), 1.0 - math.cos(angle)
        reach = abs(u0 - a0 * sin + l0 * cos) + abs(u1 - a1 * sin + l1 * cos) + abs(u2 - a2 * sin + l2 * cos)
        return self.z + self.climb * k + self.drop * (k * (k + 1)) - self.half * reach

    def first_touch(self, start: int, end: int) -> int:
        """The first step count in [``start``, ``end``) after which the lowest corner is on the turf (within a
        micrometre), or ``end``: MuJoCo's contact would be found at that step.

        The steps looked at are the ones the lowest corner could reach (conservative advancement): from a
        height h after k steps, the centre falls by at most ``drop (j² + (2k + 1) j) + climb j`` in the next
        j steps and the turn lowers a corner by at most ``sway j``, so every step before the first root of
        ``h + (climb + drop (2k + 1) − sway) j + drop j²`` is surely above the turf and is skipped. A long
        flight is crossed in a few looks, and near the turf the looks come step by step.
        """
        (u0, u1, u2), (a0, a1, a2), (l0, l1, l2) = self.up, self.across, self.along  # lowest(), inlined
        z, climb, drop, turn, half, sway = self.z, self.climb, self.drop, self.turn, self.half, self.sway
        k = start
        while k < end:
            angle = turn * k
            sin, cos = math.sin(angle), 1.0 - math.cos(angle)
            reach = abs(u0 - a0 * sin + l0 * cos) + abs(u1 - a1 * sin + l1 * cos) + abs(u2 - a2 * sin + l2 * cos)
            height = z + climb * k + drop * (k * (k + 1)) - half * reach - 1e-6
            if height <= 0.0:
                return k
            rate = climb + drop * (2 * k + 1) - sway  # j steps lower it by at most -rate j - drop j²
            if drop < 0.0:
                root = (-rate - math.sqrt(rate * rate - 4 * drop * height)) / (2 * drop)
            else:
                root = height / -rate if rate < 0.0 else math.inf
            k += max(1, int(min(root * (1 - 1e-9), end)))  # every step short of the root is surely free
        return end


def leap(data: Any, count: int, timestep: float) -> None:
    """Advance the free-flying cube ``count`` MuJoCo steps in closed form (:func:`free_steps`): position,
    velocity, orientation and time, as the steps would leave them. The parked bat is left as it lies: it
    sleeps (setting a velocity from a stale acceleration would wake it), and nothing near it moves."""
    if count <= 0:
        return
    qpos, qvel = _leapt(data.qpos.tolist(), data.qvel.tolist(), data.qacc.tolist(), count, timestep)
    data.qpos[0:7] = qpos[0:7]
    data.qvel[0:6] = qvel[0:6]
    data.time += count * timestep


def _leapt(qpos: list[float], qvel: list[float], qacc: list[float], count: int,
           dt: float) -> tuple[list[float], list[float]]:
    """:func:`leap` on plain lists (qpos, qvel and qacc, the cube's first): the cube's new qpos and qvel."""
    qpos, qvel = qpos[0:7], qvel[0:6]
    moved, sped = count * dt, dt * dt * count * (count + 1) / 2
    for q in (0, 1, 2):
        qpos[q] += moved * qvel[q] + sped * qacc[q]
        qvel[q] += moved * qacc[q]
    wx, wy, wz = qvel[3:6]
    rate = math.sqrt(wx * wx + wy * wy + wz * wz)
    if rate > 0.0:
        half = moved * rate / 2
        sin = math.sin(half) / rate
        qpos[3:7] = _normalized(_mul_quat(qpos[3:7], (math.cos(half), sin * wx, sin * wy, sin * wz)))
    return qpos, qvel


def _mul_quat(p: list[float] | tuple[float, ...], q: tuple[float, ...]) -> list[float]:
    """The product of two quaternions (w, x, y, z), as ``mju_mulQuat`` writes it."""
    return [p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3],
            p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2],
            p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1],
            p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0]]


def _normalized(quat: list[float]) -> list[float]:
    norm = math.sqrt(quat[0] * quat[0] + quat[1] * quat[1] + quat[2] * quat[2] + quat[3] * quat[3])
    if norm < 1e-15:
        return [1.0, 0.0, 0.0, 0.0]
    return quat if abs(norm - 1.0) <= 1e-15 else [v / norm for v in quat]


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

    The cube's flights are leapt in closed form (:func:`leap`) to the step before it touches the turf, or
    to the step at which it crosses the border line (``border``); its contacts are stepped by MuJoCo, a
    few steps at a time (one at a time as it nears the border line, so that the crossing is caught at its
    step). Returns the crossing, found now or before.
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
