"""Kubik's field, cube and throws as values (K1–K4, K12), shared by the rules and the physics.

Coordinates are metres on the ground, z up, origin at the centre of the big circle. Throwing
line A runs along x at y = −(R + D) (its throwers face +y); throwing line B runs along y at
x = −(R + D) (its throwers face +x); they meet at a right angle (K3). R is the big circle's
radius (K2: 1.5 m diameter), D the distance from the circle (K3: 5–7 steps; a step is 0.7 m).
Each line's border line (K12) is parallel to it on the far side, one step beyond the circle.

The cube is a die (K1): opposite faces sum to 7. In its starting pose (K4) face 1 is up, face 2
looks at line A (−y), face 3 to +x; so 4 is −x, 5 is +y and 6 is down. An orientation that keeps
the cube's faces looking at the lines is named by two faces: ``top`` and ``front`` (the face
looking at line A).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

STEP = 0.7
"""One step, in metres."""

CIRCLE_RADIUS = 0.75
"""K2: the big circle is 1.5 m across."""

LINE_WIDTH = 0.05
"""K9a: the boundary is a wide line of lime or chalk, 5 cm by default, drawn centred on the circle."""

STANDARD_EDGE = 0.15
"""K1a: the default cube edge, 15 cm (birch, about 2.2 kg)."""

SMALL_EDGE = 0.042
"""K1a: the literal reading of "15–20 sq. cm": a 4.2 cm cube."""

#: The thrower's grid of choices (K6, documented in docs/kubik.md): positions on the line (m), aims
#: (degrees), powers (m/s) and spins (turns/s); with the two lines, 3,120 throws.
POSITIONS = (-1.0, -0.5, 0.0, 0.5, 1.0)
AIMS = tuple(float(a) for a in range(-6, 7))
POWERS = (8.0, 10.0, 12.0, 14.0, 16.0, 18.0)
SPINS = (0.0, 2.0, 4.0, 6.0)
GRID_VALUES = (POSITIONS, AIMS, POWERS, SPINS)

#: The starting pose's face on each axis direction (K4): +z, −y, +x, −x, +y, −z.
_START = {(0, 0, 1): 1, (0, -1, 0): 2, (1, 0, 0): 3, (-1, 0, 0): 4, (0, 1, 0): 5, (0, 0, -1): 6}
_FACE_NORMAL = {face: np.array(direction, dtype=float) for direction, face in _START.items()}
"""Each face's outward normal in the cube's own frame (= the world frame in the starting pose)."""


def face_normal(face: int) -> np.ndarray:
    """The outward normal of ``face`` in the cube's own frame."""
    return _FACE_NORMAL[face].copy()


def orientation(top: int, front: int) -> np.ndarray:
    """The rotation (cube frame → world) that puts ``top`` up and ``front`` towards line A (−y).

    Raises:
        ValueError: if the two faces are equal or opposite (they must be neighbours).
    """
    if top == front or top + front == 7 or not (1 <= top <= 6 and 1 <= front <= 6):
        raise ValueError(f"faces {top} (top) and {front} (front) are not neighbours on a die")
    t, f = face_normal(top), face_normal(front)
    # rows of R^T are the world axes expressed in the cube frame: z ↔ top, −y ↔ front
    x_axis = np.cross(-f, t)  # world +x = (+y) × (+z) in cube coordinates, with +y = −front
    cube_axes_in_world = np.vstack([x_axis, -f, t])  # world x, y, z in cube coordinates
    return np.asarray(cube_axes_in_world)  # maps cube-frame vectors to world coordinates


def faces_of(rotation: np.ndarray) -> tuple[int, int]:
    """The (top, front) faces of a cube whose orientation is ``rotation`` (cube → world), snapped
    to the nearest face-aligned pose: the face whose normal points most nearly up is on top."""
    up = max(range(1, 7), key=lambda face: float((rotation @ _FACE_NORMAL[face])[2]))
    sides = [face for face in range(1, 7) if face not in (up, 7 - up)]
    front = max(sides, key=lambda face: float(-(rotation @ _FACE_NORMAL[face])[1]))
    return up, front


def right_face(top: int, front: int) -> int:
    """The face looking to +x when ``top`` is up and ``front`` looks at line A."""
    rotation = orientation(top, front)
    return max(range(1, 7), key=lambda face: float((rotation @ _FACE_NORMAL[face])[0]))


@dataclass(frozen=True, slots=True)
class CubePose:
    """Where the cube rests and which faces look where (K4, K8, K17)."""

    top: int = 1
    front: int = 2
    x: float = 0.0
    y: float = 0.0
    yaw: float = 0.0  #: degrees the cube is turned from facing the lines (only when it stays where it stopped)

    def replaced(self) -> CubePose:
        """K8, K20a: carried back to the small circle with the same top face, faces to the lines."""
        return CubePose(self.top, self.front, 0.0, 0.0, 0.0)


START = CubePose()
"""K4: the cube in the small circle, 1 up, faces towards the lines."""


@dataclass(frozen=True, slots=True)
class Field:
    """The field's geometry for one game: line distance and cube size are options (K1a, K3)."""

    distance_steps: float = 6.0  #: K3: from the big circle to each throwing line
    cube_edge: float = STANDARD_EDGE
    line_width: float = LINE_WIDTH  #: K9a: the boundary line's width, centred on the circle

    @property
    def outer_radius(self) -> float:
        """K9a: the boundary line's outer edge; a cube is out only when it lies wholly beyond it."""
        return CIRCLE_RADIUS + self.line_width / 2

    @property
    def line_offset(self) -> float:
        """|coordinate| of the throwing lines: the circle's radius plus the distance."""
        return CIRCLE_RADIUS + self.distance_steps * STEP

    @property
    def border_offset(self) -> float:
        """K12: the border lines lie one step beyond the circle, on the far side from their line."""
        return CIRCLE_RADIUS + STEP

    def release_point(self, line: str, position: float) -> tuple[float, float]:
        """Where a thrower standing at ``position`` (m along the line from its point nearest the
        circle's centre) releases the bat: on line A at (position, −offset), on B at (−offset, position)."""
        if line == "A":
            return position, -self.line_offset
        if line == "B":
            return -self.line_offset, position
        raise ValueError(f"no throwing line {line!r}; the lines are A and B")

    @staticmethod
    def forward(line: str) -> tuple[float, float]:
        """The direction a thrower on ``line`` faces: A → +y, B → +x."""
        return (0.0, 1.0) if line == "A" else (1.0, 0.0)

    def is_out(self, x: float, y: float, yaw: float = 0.0) -> bool:
        """K7, K9, K9a: the cube (lying flat at (x, y), turned by ``yaw`` radians) is out only if no part of
        its footprint rests on or inside the boundary line's outer edge: the nearest point of the square to
        the centre lies beyond :attr:`outer_radius` (a cube just touching the edge is in)."""
        half = self.cube_edge / 2
        c, s = math.cos(yaw), math.sin(yaw)
        # the circle's centre in the cube's own frame, then the nearest point of the square to it
        u, v = c * -x + s * -y, -s * -x + c * -y
        du, dv = u - max(-half, min(half, u)), v - max(-half, min(half, v))
        return math.hypot(du, dv) > self.outer_radius


@dataclass(frozen=True, slots=True)
class Throw:
    """A thrower's choices (K6): the line, where on it, the aim, the power and the spin.

    ``aim`` is degrees left (+) or right (−) of the line from the release point to the cube;
    ``power`` the bat's release speed in m/s; ``spin`` the bat's spin in turns per second
    (thrown spinning flat, like a gorodki bat).
    """

    line: str
    position: float
    aim: float
    power: float
    spin: float

    def __str__(self) -> str:
        return (f"throw {self.line} pos {self.position:+g} aim {self.aim:+g} power {self.power:g} "
                f"spin {self.spin:g}")
