"""Kubik's calibrated model at play time (K20b, K19): every throw's chances at once, and the exact tables.

:mod:`~tabletop.games.kubik.calibrated` is the model (its pieces, features and shipped coefficients);
this module evaluates it the ways play needs: for many candidate throws at once as arrays
(:func:`throw_chances`, which the bots, the winning policy and the benchmarks share), and as the exact
table of each chance node a calibrated game draws from (:func:`table`, cached per cube pose and skill for
the whole grid). It is apart from the model so that the model reads as its definition, and the
vectorised evaluation, the grid and the caches that make a calibrated game fast sit in one place.

In play the pieces give three chance nodes (K19): the throw (``miss``, ``in``, ``out n`` and, with an
interceptor standing, ``cross``: :func:`outcome_probabilities`), the rest of a throw that crossed
(``out n`` from the faces given past: :func:`rest_probabilities`) and the interception
(:func:`intercept_probabilities`). Their product is the joint model, so the face a crossing cube ends on
is drawn only after the interceptor has decided.

The model is evaluated for many throws at once (:func:`throw_chances`: arrays, each logit summed term by
term in a fixed order, so a throw gets the same bits alone or among thousands); play keeps every grid throw's
exact table per cube pose and skill (:func:`table`), so that a calibrated game's throws are look-ups, and the
bots read the same arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

import numpy as np

from tabletop.games.kubik.calibrated import (
    DENOMINATOR,
    FEATURES,
    INTERCEPT_OUTCOMES,
    KNOTS,
    OUTCOMES,
    REST_OUTCOMES,
    THROW_OUTCOMES,
    Model,
    _relative,
    exact_parts,
    intercept_hit,
    model_for,
)
from tabletop.games.kubik.field import CIRCLE_RADIUS, GRID_VALUES, CubePose, Field, Throw

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
    """The model's pieces for every candidate throw at a cube lying at (x, y):
    :func:`~tabletop.games.kubik.calibrated.geometry` and :func:`~tabletop.games.kubik.calibrated.features`
    as arrays, the one evaluation of the model that play, bots and benchmarks share.

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
