"""A flying cube's MuJoCo steps summed in closed form (K20a): how far it can fly untouched, and the leap.

Once the bat is out of play a cube in the air meets nothing until a corner reaches the turf, and with no
contact MuJoCo's Euler steps are a parabola and, the cube's inertia being isotropic, a steady turn: so
:func:`free_steps` finds how many steps the cube can fly without touching the ground (and when it passes
the border line), and :func:`leap` sets its state to what those steps would leave, bit for bit the
physics of stepping them. This is plain arithmetic on floats, with no MuJoCo call (it reads and writes an
``MjData``'s arrays): it is apart from :mod:`~tabletop.games.kubik.physics.stepping`, which decides when to
leap and steps the rest, so that the closed form can be read, and checked against MuJoCo's own steps
(``tests/games/kubik/test_physics.py``), on its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

_SQRT3 = 1.7320509
"""√3 rounded up: no corner of a cube is farther from its centre than this many half-edges."""


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
