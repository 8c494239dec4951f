"""Kubik's calibrated throw model (K20b): outcome probabilities fitted to the physics engine.

Simulating a throw costs tens of milliseconds; bots that search and large simulations need the
chance of each outcome at once, as exact probabilities. This module is that model (numpy only, no
MuJoCo) — its pieces, their features, the shipped coefficients and the exact rounding — and
:mod:`~tabletop.games.kubik.chance_tables` evaluates it at play time, for many throws at once and as the
exact tables a calibrated game reads; the model is apart so that the fitting
(:mod:`~tabletop.games.kubik.fitting`) and the tables stand on one definition of it. It is a chain of
fitted pieces, each a logistic or softmax regression on the throw's geometry (features in
:data:`FEATURES`, documented in docs/kubik-physics.md):

* ``P(hit)``: skill, a piecewise-linear function of the lateral offset of the aimed line at the cube
  (and its products with skill), the distance, the power and the spin;
* ``P(out | hit)``: the same kind of terms plus how far the cube has to go to leave the circle (K7, K9);
* ``P(past | out)``: the same with the distance to the border line (K12): "past" is a cube that crosses
  the border line (in play: ``cross``, K19, when an interceptor stands);
* the face on top, given out (and given past): a softmax over where that face was before the throw,
  seen from the thrower (``top``, ``bottom``, ``near``, ``far``, ``left``, ``right``), in skill, power
  and spin; mapping these through the pose conditions the result on the starting faces (K8 keeps them);
* interceptions (K13, K19): a logistic in skill and the cube's speed as it crosses the border line for
  the hit, and how often the intercepted cube ends with the thrown cube's top face, its opposite, or a side
  face up; the mean crossing speed stands in where the speed is not known (a calibrated crossing).

Probabilities are :class:`~fractions.Fraction` with denominator :data:`DENOMINATOR` that sum to exactly
1 (every outcome keeps at least one part in a million), so the rules engine can use them as chance
outcomes. The coefficients ship as ``data/calibration.json``, made by ``tabletop kubik calibrate``
(:mod:`tabletop.games.kubik.fitting`). Fields are named by a key, ``"<cube>:<steps>"``
(:func:`field_key`), ``<cube>`` being ``standard``, ``small`` or an edge in metres; the distance is a
feature, fitted over K3's 5–7 steps.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.games.kubik.field import (
    CIRCLE_RADIUS,
    SMALL_EDGE,
    STANDARD_EDGE,
    CubePose,
    Field,
    Throw,
    right_face,
)

DENOMINATOR = 1_000_000
OUTCOMES = ("miss", "in", *(f"out {n}" for n in range(1, 7)), *(f"past {n}" for n in range(1, 7)))
INTERCEPT_OUTCOMES = (*(f"hit {n}" for n in range(1, 7)), "miss")
CUBES = {"standard": STANDARD_EDGE, "small": SMALL_EDGE}
RELATIVE = ("top", "bottom", "near", "far", "left", "right")
"""Where the face that ends on top was before the throw, seen by the thrower."""
STEPS_RANGE = (5.0, 7.0)
FORMAT = 2
THROW_OUTCOMES = ("miss", "in", *(f"out {n}" for n in range(1, 7)), "cross")
"""A throw's outcomes in play with an interceptor standing (K19): a crossing is one outcome."""
REST_OUTCOMES = tuple(f"out {n}" for n in range(1, 7))
CROSS_SPEED = 4.0
"""m/s: the interception piece's speed feature is (speed − this) / 2."""

KNOTS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
"""Metres of lateral offset at which the hit and out pieces bend: their logits are piecewise linear in it."""

_HATS = tuple(f"h{j}" for j in range(1, len(KNOTS)))
FEATURES = {
    "hit": ("1", "q", "q2", *_HATS, *(f"{h}q" for h in _HATS), *(f"{h}q2" for h in _HATS),
            "d", "dq", "p", "pq", "p2", "s", "sq", "s2"),
    "out": ("1", "q", "q2", *_HATS, *(f"{h}q" for h in _HATS), "p", "pq", "p2", "s", "sq", "s2", "d", "e", "ep"),
    "past": ("1", "q", "q2", *_HATS, *(f"{h}q" for h in _HATS), "p", "pq", "p2", "s", "d", "b", "bp"),
    "faces": ("1", "q", "p", "s"),
    "intercept": ("1", "q", "q2", "v"),
}
"""Each piece's features: q = 1 − skill; h1 … h6 = the piecewise-linear "hat" functions of the lateral
offset of the aimed line at the cube |l| (m) at :data:`KNOTS` (h_j is 1 at the j-th knot, 0 at its
neighbours); d = distance from release to cube − 5 m; p = (power − 13)/5; s = (spin − 3)/3; e = distance
along the throw to the circle's edge − 0.75 m; b = distance along the throw to the border line − 1.45 m;
a name followed by q, q2, p is that feature times q, q², p; v = (the cube's speed on the ground as it
crosses the border line − 4 m/s) / 2."""


# ---------------------------------------------------------------- fields and faces


def field_key(field: Field) -> str:
    """The calibration key of ``field``: its cube (``standard``, ``small`` or the edge) and distance in steps."""
    cube = next((name for name, edge in CUBES.items() if edge == field.cube_edge), f"{field.cube_edge:g}")
    return f"{cube}:{field.distance_steps:g}"


def parse_field_key(key: str) -> tuple[str, Field]:
    """The cube's name and the field a key names.

    Raises:
        ValueError: for a key that is not ``<cube>:<steps>``.
    """
    cube, _, steps = key.partition(":")
    try:
        edge = CUBES[cube] if cube in CUBES else float(cube)
        return cube, Field(distance_steps=float(steps or 6), cube_edge=edge)
    except ValueError:
        raise ValueError(f"field key {key!r}: write <cube>:<steps>, the cube standard, small or an edge in "
                         f"metres (e.g. standard:6)") from None


def relative_faces(pose: CubePose, line: str) -> dict[str, int]:
    """Which face of the cube in ``pose`` is top, bottom, near, far, left and right for a thrower on ``line``."""
    return dict(zip(RELATIVE, _relative(pose.top, pose.front, line), strict=True))


@cache
def _relative(top: int, front: int, line: str) -> tuple[int, ...]:
    """:func:`relative_faces` as a tuple in :data:`RELATIVE` order (24 orientations × 2 lines: cached)."""
    right = right_face(top, front)
    if line == "A":  # the thrower looks along +y: the front face (−y) is near, +x is right
        near, side = front, right
    elif line == "B":  # the thrower looks along +x: the −x face is near, −y (the front) is right
        near, side = 7 - right, front
    else:
        raise ValueError(f"no throwing line {line!r}; the lines are A and B")
    return top, 7 - top, near, 7 - near, 7 - side, side


def relative_class(pose: CubePose, line: str, top: int) -> int:
    """The index in :data:`RELATIVE` of where the face now on top was before the throw."""
    faces = relative_faces(pose, line)
    return next(i for i, name in enumerate(RELATIVE) if faces[name] == top)


# ---------------------------------------------------------------- features


@dataclass(frozen=True, slots=True)
class Geometry:
    """The throw's numbers the pieces are fitted in."""

    q: float
    lateral: float
    distance: float
    power: float
    spin: float
    exit: float
    border: float


def geometry(field: Field, pose: CubePose, throw: Throw, skill: float) -> Geometry:
    """Measure a throw: offset of the aimed line at the cube, distances to the circle's edge and the border."""
    if not 0.0 <= skill <= 1.0:
        raise ValueError(f"skill {skill}: choose one in [0, 1]")
    rx, ry = field.release_point(throw.line, throw.position)
    dx, dy = pose.x - rx, pose.y - ry
    distance = math.hypot(dx, dy)
    ux, uy = dx / distance, dy / distance
    along = pose.x * ux + pose.y * uy
    exit_ = -along + math.sqrt(max(0.0, along * along - pose.x ** 2 - pose.y ** 2 + field.outer_radius ** 2))
    border = (field.border_offset - (pose.y if throw.line == "A" else pose.x)) / (uy if throw.line == "A" else ux)
    return Geometry(1.0 - skill, distance * math.sin(math.radians(throw.aim)), distance, throw.power, throw.spin,
                    exit_, border)


def hats(offset: float) -> list[float]:
    """The hat functions h1 … h6 at a lateral offset (its size, clamped to the last knot)."""
    r = min(abs(offset), KNOTS[-1])
    return [max(0.0, 1.0 - abs(r - knot) / (KNOTS[1] - KNOTS[0])) for knot in KNOTS[1:]]


def features(piece: str, g: Geometry) -> np.ndarray:
    """The feature vector of ``piece`` (names in :data:`FEATURES`) for a throw's geometry."""
    q, d = g.q, g.distance - 5.0
    p, s = (g.power - 13.0) / 5.0, (g.spin - 3.0) / 3.0
    e, b = g.exit - CIRCLE_RADIUS, g.border - 1.45
    values = {"1": 1.0, "q": q, "q2": q * q, "d": d, "dq": d * q, "p": p, "pq": p * q, "p2": p * p, "s": s,
              "sq": s * q, "s2": s * s, "e": e, "ep": e * p, "b": b, "bp": b * p}
    for name, h in zip(_HATS, hats(g.lateral), strict=True):
        values[name], values[f"{name}q"], values[f"{name}q2"] = h, h * q, h * q * q
    return np.array([values[name] for name in FEATURES[piece]])


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return np.asarray(e / e.sum())


# ---------------------------------------------------------------- the shipped model


@dataclass(frozen=True)
class Model:
    """The fitted coefficients for one cube."""

    hit: np.ndarray
    out: np.ndarray
    past: np.ndarray
    faces_out: np.ndarray
    faces_past: np.ndarray
    intercept: np.ndarray
    intercept_faces: tuple[float, float, float]  # the thrown cube's top face, its opposite, one given side
    cross_speed: float = CROSS_SPEED  #: the mean speed (m/s) of a cube crossing the border line

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready coefficients."""
        return {"hit": self.hit.tolist(), "out": self.out.tolist(), "past": self.past.tolist(),
                "faces_out": self.faces_out.tolist(), "faces_past": self.faces_past.tolist(),
                "intercept": self.intercept.tolist(), "intercept_faces": list(self.intercept_faces),
                "cross_speed": self.cross_speed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Model:
        """Read coefficients back, checking each piece has one per feature.

        Raises:
            ValueError: for a piece of the wrong size.
        """
        shapes = {"hit": (len(FEATURES["hit"]),), "out": (len(FEATURES["out"]),), "past": (len(FEATURES["past"]),),
                  "faces_out": (6, len(FEATURES["faces"])), "faces_past": (6, len(FEATURES["faces"])),
                  "intercept": (len(FEATURES["intercept"]),), "intercept_faces": (3,)}
        arrays = {}
        data = dict(data)
        if len(data.get("intercept") or ()) == 3:  # format 1: the hit in skill only
            data["intercept"] = [*data["intercept"], 0.0]
        for name, shape in shapes.items():
            array = np.asarray(data.get(name), dtype=float)
            if array.shape != shape:
                raise ValueError(f"calibration piece {name!r} has shape {array.shape}, expected {shape}")
            arrays[name] = array
        faces = arrays.pop("intercept_faces")
        return cls(**arrays, intercept_faces=(float(faces[0]), float(faces[1]), float(faces[2])),
                   cross_speed=float(data.get("cross_speed", CROSS_SPEED)))


DATA = "calibration.json"
DATA_PATH = Path(__file__).with_name("data") / DATA
"""Where ``tabletop kubik calibrate`` writes by default: the data file that ships."""


@cache
def shipped() -> dict[str, Any]:
    """The calibration that ships with tabletop (``data/calibration.json``)."""
    text = resources.files("tabletop.games.kubik").joinpath("data", DATA).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _model(cube: str) -> Model:
    models = shipped()["models"]
    if cube not in models:
        raise ValueError(f"no calibration for cube {cube!r}; calibrated: {', '.join(models)} "
                         f"(run tabletop kubik calibrate --cube {cube})")
    return Model.from_dict(models[cube])


def model_for(key: str | Field) -> tuple[Model, Field]:
    """The shipped model and the field for a field key (or a field, whose key is then :func:`field_key`).

    Raises:
        ValueError: for a bad key, an uncalibrated cube, or a distance outside 5–7 steps.
    """
    given = key if isinstance(key, Field) else None
    if isinstance(key, Field):
        key = field_key(key)
    cube, field = parse_field_key(key)
    field = given or field  # a field given keeps its own line width (K9a)
    if not STEPS_RANGE[0] <= field.distance_steps <= STEPS_RANGE[1]:
        raise ValueError(f"field key {key!r}: calibrated for {STEPS_RANGE[0]:g}–{STEPS_RANGE[1]:g} steps only")
    return _model(cube), field


def intercept_hit(model: Model, skill: float, speed: float | None = None) -> float:
    """K13, K19: the chance an interceptor of ``skill`` hits a cube crossing the border line at ``speed`` m/s
    (None: the mean crossing speed)."""
    q = 1.0 - skill
    v = ((model.cross_speed if speed is None else speed) - CROSS_SPEED) / 2
    return _sigmoid(float(np.array([1.0, q, q * q, v]) @ model.intercept))


def exact(probabilities: Sequence[float], names: Sequence[str]) -> dict[str, Fraction]:
    """Round to fractions of :data:`DENOMINATOR` that sum to exactly 1, each at least one part.

    >>> sum(exact([0.5, 0.25, 0.25], ["a", "b", "c"]).values())
    Fraction(1, 1)
    """
    parts = exact_parts(np.asarray([probabilities], dtype=float))[0]
    return {name: Fraction(int(n), DENOMINATOR) for name, n in zip(names, parts, strict=True)}


def exact_parts(probabilities: np.ndarray) -> np.ndarray:
    """:func:`exact` for each row of a (rows, outcomes) array: whole parts of :data:`DENOMINATOR`, each row
    summing to it, each outcome at least one part; the remainders go to the largest fractions (the first
    among equals)."""
    p = np.clip(probabilities, 0.0, None)
    p = p / p.sum(axis=1, keepdims=True) * (DENOMINATOR - p.shape[1])
    whole = np.floor(p)
    parts = whole.astype(np.int64) + 1
    order = np.argsort(-(p - whole), axis=1, kind="stable")
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.arange(p.shape[1])[None, :].repeat(len(p), axis=0), axis=1)
    parts += rank < (DENOMINATOR - parts.sum(axis=1))[:, None]
    return np.asarray(parts)
