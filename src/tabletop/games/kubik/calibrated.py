"""Kubik's calibrated throw model (K20b): outcome probabilities fitted to the physics engine.

Simulating a throw costs tens of milliseconds; bots that search and large simulations need the
chance of each outcome at once, as exact probabilities. This module is that model at play time (numpy
only, no MuJoCo): a chain of fitted pieces, each a logistic or softmax regression on the throw's
geometry (features in :data:`FEATURES`, documented in docs/kubik-physics.md):

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

In play the pieces give three chance nodes (K19): the throw (``miss``, ``in``, ``out n`` and, with an
interceptor standing, ``cross``: :func:`outcome_probabilities`), the rest of a throw that crossed
(``out n`` from the faces given past: :func:`rest_probabilities`) and the interception
(:func:`intercept_probabilities`). Their product is the joint model, so the face a crossing cube ends on
is drawn only after the interceptor has decided.

The model is evaluated for many throws at once (:func:`throw_chances`: arrays, each logit summed term by
term in a fixed order, so a throw gets the same bits alone or among thousands); play keeps every grid throw's
exact table per cube pose and skill (:func:`table`), so that a calibrated game's throws are look-ups, and the
bots read the same arrays.

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
from functools import cache, lru_cache
from importlib import resources
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.games.kubik.field import (
    CIRCLE_RADIUS,
    GRID_VALUES,
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


# ---------------------------------------------------------------- the model for many throws at once


@dataclass(frozen=True, eq=False)
class Candidates:
    """Throws to choose from, as columns of numbers (and the throws themselves); compared by identity."""

    throws: tuple[Throw, ...]
    line_a: np.ndarray
    position: np.ndarray
    aim: np.ndarray
    power: np.ndarray
    spin: np.ndarray

    @classmethod
    def of(cls, throws: Sequence[Throw]) -> Candidates:
        """Columns for ``throws``."""
        return cls(tuple(throws), np.array([t.line == "A" for t in throws]),
                   *(np.array([getattr(t, name) for t in throws], dtype=float)
                     for name in ("position", "aim", "power", "spin")))


GRID = Candidates.of([Throw(line, p, a, w, s) for line, p, a, w, s in product("AB", *GRID_VALUES)])
"""K6: the thrower's grid of 3,120 throws (docs/kubik.md), in the order of a state's legal throws."""
_GRID_ROW = {throw: i for i, throw in enumerate(GRID.throws)}


@dataclass(frozen=True, eq=False)
class ThrowChances:
    """For every candidate: the chance pieces of the calibrated model at one cube position and skill."""

    miss: np.ndarray  #: P(miss)
    hit_in: np.ndarray  #: P(hit, stays in)
    out_only: np.ndarray  #: P(out, not past the border)
    past: np.ndarray  #: P(out past the border)
    faces_out: np.ndarray  #: (throws, 6): P(top face came from RELATIVE[i] | out, not past)
    faces_past: np.ndarray  #: (throws, 6): the same given past


def _sigmoids(z: np.ndarray) -> np.ndarray:
    return np.asarray(1.0 / (1.0 + np.exp(-np.clip(z, -60.0, 60.0))))


def _softmax_rows(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return np.asarray(e / e.sum(axis=1, keepdims=True))


def _logit(columns: dict[str, np.ndarray], names: Sequence[str], w: np.ndarray) -> np.ndarray:
    """Σ w_j × feature_j, summed term by term in :data:`FEATURES` order, so that a throw gets the same bits
    whether it is evaluated alone or among thousands (a matrix product's order depends on its shape)."""
    total = columns[names[0]] * float(w[0])
    for name, weight in zip(names[1:], w[1:], strict=True):
        total = total + columns[name] * float(weight)
    return total


def throw_chances(model: Model, field: Field, x: float, y: float, skill: float,
                  candidates: Candidates) -> ThrowChances:
    """The model's pieces for every candidate throw at a cube lying at (x, y): :func:`geometry` and
    :func:`features` as arrays, the one evaluation of the model that play, bots and benchmarks share.

    Raises:
        ValueError: for a skill outside [0, 1].
    """
    if not 0.0 <= skill <= 1.0:
        raise ValueError(f"skill {skill}: choose one in [0, 1]")
    q = 1.0 - skill
    rx = np.where(candidates.line_a, candidates.position, -field.line_offset)
    ry = np.where(candidates.line_a, -field.line_offset, candidates.position)
    dx, dy = x - rx, y - ry
    distance = np.hypot(dx, dy)
    ux, uy = dx / distance, dy / distance
    along = x * ux + y * uy
    exit_ = -along + np.sqrt(np.maximum(0.0, along * along - x * x - y * y + field.outer_radius ** 2))
    with np.errstate(divide="ignore", invalid="ignore"):  # each line divides by its own forward component only
        border = np.where(candidates.line_a, (field.border_offset - y) / uy, (field.border_offset - x) / ux)
    lateral = distance * np.sin(np.radians(candidates.aim))
    d, p, s = distance - 5.0, (candidates.power - 13.0) / 5.0, (candidates.spin - 3.0) / 3.0
    e, b = exit_ - CIRCLE_RADIUS, border - 1.45
    ones = np.ones_like(d)
    values: dict[str, np.ndarray] = {
        "1": ones, "q": q * ones, "q2": q * q * ones, "d": d, "dq": d * q, "p": p, "pq": p * q, "p2": p * p,
        "s": s, "sq": s * q, "s2": s * s, "e": e, "ep": e * p, "b": b, "bp": b * p}
    r = np.minimum(np.abs(lateral), KNOTS[-1])
    step = KNOTS[1] - KNOTS[0]
    for j, knot in enumerate(KNOTS[1:], start=1):
        h = np.maximum(0.0, 1.0 - np.abs(r - knot) / step)
        values[f"h{j}"], values[f"h{j}q"], values[f"h{j}q2"] = h, h * q, h * q * q
    z_hit, z_out, z_past = (_logit(values, FEATURES[piece], w)
                            for piece, w in (("hit", model.hit), ("out", model.out), ("past", model.past)))
    hit, out, past = _sigmoids(z_hit), _sigmoids(z_out), _sigmoids(z_past)
    faces = [np.column_stack([_logit(values, FEATURES["faces"], row) for row in weights])
             for weights in (model.faces_out, model.faces_past)]
    # each complement as a sigmoid of its own, so that none rounds to an exact 0
    return ThrowChances(_sigmoids(-z_hit), hit * _sigmoids(-z_out), hit * out * _sigmoids(-z_past),
                        hit * out * past, _softmax_rows(faces[0]), _softmax_rows(faces[1]))


def outcome_rows(chances: ThrowChances, pose: CubePose, line_a: np.ndarray) -> np.ndarray:
    """(throws, 14): each throw's chance of each of :data:`OUTCOMES`, the relative faces mapped onto the
    faces of the cube in ``pose`` as each throw's line sees them."""
    out_faces = np.empty_like(chances.faces_out)
    past_faces = np.empty_like(chances.faces_past)
    for line, rows in (("A", line_a), ("B", ~line_a)):
        columns = np.array(_relative(pose.top, pose.front, line)) - 1
        out_faces[np.ix_(rows, columns)] = chances.faces_out[rows]
        past_faces[np.ix_(rows, columns)] = chances.faces_past[rows]
    return np.column_stack([chances.miss, chances.hit_in, chances.out_only[:, None] * out_faces,
                            chances.past[:, None] * past_faces])


def outcome_floats(model: Model, field: Field, pose: CubePose, throw: Throw, skill: float) -> list[float]:
    """The probabilities of :data:`OUTCOMES` as floats (see :func:`outcome_probabilities`)."""
    if throw.line not in ("A", "B"):
        raise ValueError(f"no throwing line {throw.line!r}; the lines are A and B")
    one = Candidates.of([throw])
    return [float(v) for v in outcome_rows(throw_chances(model, field, pose.x, pose.y, skill, one), pose,
                                           one.line_a)[0]]


# ---------------------------------------------------------------- exact tables for play


@dataclass(frozen=True, slots=True)
class Table:
    """A chance node's outcomes (names in notation) with their parts of :data:`DENOMINATOR`."""

    names: tuple[str, ...]
    parts: tuple[int, ...]

    def probabilities(self) -> dict[str, Fraction]:
        """The exact chances, by name."""
        return {name: Fraction(n, DENOMINATOR) for name, n in zip(self.names, self.parts, strict=True)}


NAMES = {"throw": OUTCOMES[:8], "cross": THROW_OUTCOMES, "rest": REST_OUTCOMES}
"""A throw's chance nodes in play (K19): ``throw`` (nobody stands: a crossing is an out), ``cross`` (an
interceptor stands: a crossing is one outcome) and ``rest`` (how a crossing ends: the faces given past)."""


def _play_rows(floats: np.ndarray, phase: str) -> np.ndarray:
    """Rows of :data:`OUTCOMES` floats as the chance node ``phase`` of :data:`NAMES` sees them."""
    match phase:
        case "cross":
            return np.column_stack([floats[:, :8], floats[:, 8:].sum(axis=1)])
        case "rest":
            return floats[:, 8:]
        case "throw":
            return np.column_stack([floats[:, :2], floats[:, 2:8] + floats[:, 8:]])
    raise ValueError(f"no chance node {phase!r}; the nodes are {', '.join(NAMES)}")


@lru_cache(maxsize=64)
def _fitted(key: str | Field) -> tuple[Model, Field]:
    return model_for(key)


@lru_cache(maxsize=16)
def _grid_chances(field: Field, x: float, y: float, skill: float) -> ThrowChances:
    """The model's pieces for every grid throw at a cube lying at (x, y): one array evaluation (a few
    milliseconds) for all 3,120; the faces are mapped on per pose (:func:`_grid_parts`)."""
    model, fitted = _fitted(field)
    return throw_chances(model, fitted, x, y, skill, GRID)


@lru_cache(maxsize=128)
def _grid_parts(field: Field, x: float, y: float, top: int, front: int, skill: float, phase: str) -> np.ndarray:
    """Every grid throw's exact parts at one cube pose and skill, so that a game's throws are look-ups."""
    rows = outcome_rows(_grid_chances(field, x, y, skill), CubePose(top, front, x, y), GRID.line_a)
    return exact_parts(_play_rows(rows, phase))


def table(field_key: str | Field, pose: CubePose, throw: Throw, skill: float, phase: str = "throw") -> Table:
    """The exact table of a throw's chance node (``phase``, one of :data:`NAMES`): a grid throw's from the
    cached grid, any other throw's evaluated alone (the same bits either way).

    Raises:
        ValueError: for a bad field key, line, skill or node.
    """
    if phase not in NAMES:
        raise ValueError(f"no chance node {phase!r}; the nodes are {', '.join(NAMES)}")
    model, field = _fitted(field_key)
    row = _GRID_ROW.get(throw)
    if row is not None:
        if not 0.0 <= skill <= 1.0:
            raise ValueError(f"skill {skill}: choose one in [0, 1]")
        return Table(NAMES[phase], tuple(_grid_parts(field, pose.x, pose.y, pose.top, pose.front, skill,
                                                     phase)[row].tolist()))
    floats = np.array([outcome_floats(model, field, pose, throw, skill)])
    return Table(NAMES[phase], tuple(int(n) for n in exact_parts(_play_rows(floats, phase))[0]))


def outcome_probabilities(field_key: str | Field, pose: CubePose, throw: Throw, skill: float, *,
                          interceptor: bool = False) -> dict[str, Fraction]:
    """K20b: the exact chance of each outcome of a throw, from the shipped calibration. With an
    interceptor standing (K19) a cube that crosses the border line is the outcome ``cross``
    (:data:`THROW_OUTCOMES`; how it ends is :func:`rest_probabilities`); without one the border line
    means nothing and a crossing cube is simply ``out n``.

    Raises:
        ValueError: for a bad field key, line or skill.
    """
    return table(field_key, pose, throw, skill, "cross" if interceptor else "throw").probabilities()


def rest_probabilities(field_key: str | Field, pose: CubePose, throw: Throw, skill: float) -> dict[str, Fraction]:
    """K19: how a throw that crossed the border line ends, nobody having hit the cube: ``out n`` with the
    model's faces given past (:data:`REST_OUTCOMES`).

    Raises:
        ValueError: for a bad field key, line or skill.
    """
    return table(field_key, pose, throw, skill, "rest").probabilities()


def intercept_hit(model: Model, skill: float, speed: float | None = None) -> float:
    """K13, K19: the chance an interceptor of ``skill`` hits a cube crossing the border line at ``speed`` m/s
    (None: the mean crossing speed)."""
    q = 1.0 - skill
    v = ((model.cross_speed if speed is None else speed) - CROSS_SPEED) / 2
    return _sigmoid(float(np.array([1.0, q, q * q, v]) @ model.intercept))


def intercept_probabilities(field_key: str | Field, skill: float, top: int | None = None,
                            speed: float | None = None) -> dict[str, Fraction]:
    """K13–K15: the exact chance of each interception outcome (:data:`INTERCEPT_OUTCOMES`).

    ``top`` is the top face of the cube before the throw that sent it past the border; given, the face
    after a hit is that face, its opposite or a side face with the fitted frequencies; not given, every
    face is equally likely (which is what those frequencies average to over a random top face).
    ``speed`` is the crossing cube's speed (m/s) when it is known.

    Raises:
        ValueError: for a bad field key, skill or face.
    """
    return intercept_table(field_key, skill, top, speed).probabilities()


@lru_cache(maxsize=256)
def intercept_table(field_key: str | Field, skill: float, top: int | None = None,
                    speed: float | None = None) -> Table:
    """:func:`intercept_probabilities` as a :class:`Table` (cached: a game has few interceptors and faces).

    Raises:
        ValueError: for a bad field key, skill or face.
    """
    model, _ = model_for(field_key)
    if not 0.0 <= skill <= 1.0:
        raise ValueError(f"skill {skill}: choose one in [0, 1]")
    hit = intercept_hit(model, skill, speed)
    if top is None:
        faces = [1 / 6] * 6
    elif 1 <= top <= 6:
        same, opposite, side = model.intercept_faces
        faces = [same if n == top else opposite if n == 7 - top else side for n in range(1, 7)]
    else:
        raise ValueError(f"top face {top}: a die's faces are 1–6")
    parts = exact_parts(np.array([[hit * f for f in faces] + [1 - hit]]))[0]
    return Table(INTERCEPT_OUTCOMES, tuple(int(n) for n in parts))
