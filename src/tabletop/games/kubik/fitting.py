"""Making Kubik's calibrated model (K20b): simulate training throws, fit the pieces, check the fit.

``tabletop kubik calibrate`` runs :func:`calibrate` for each cube and writes the coefficients that
:mod:`tabletop.games.kubik.calibrated` reads at play time; that module describes the model and its
features. Here are the training distribution (:func:`sample_throw`, :func:`sample_intercept`: each
throw has its own seeded generator, so a run gives the same data on any number of processes), the
maximum-likelihood fits (Newton's method for the logistic and softmax regressions) and the in-sample
check the command prints (:func:`checks`). Simulating loads MuJoCo; nothing at play time imports this.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.games.kubik.calibrated import (
    CROSS_SPEED,
    CUBES,
    STEPS_RANGE,
    Model,
    features,
    geometry,
    relative_class,
)
from tabletop.games.kubik.chance_tables import outcome_floats
from tabletop.games.kubik.field import CubePose, Field, Throw

if TYPE_CHECKING:  # the physics (and MuJoCo) load only when throws are simulated
    from tabletop.games.kubik.physics.stepping import CrossingState


# ---------------------------------------------------------------- fitting


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = 0.01, iterations: int = 50) -> np.ndarray:
    """Maximum-likelihood logistic regression by Newton's method, with a ridge (a normal prior that keeps
    separable data finite): ``ridge`` on every coefficient, a hundredth of it on the first (the intercept)."""
    k = x.shape[1]
    w = np.zeros(k)
    penalty = np.full(k, ridge)
    penalty[0] = ridge / 100
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -60.0, 60.0)))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(k)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    return w


def fit_softmax(x: np.ndarray, y: np.ndarray, classes: int, ridge: float = 1.0, iterations: int = 50) -> np.ndarray:
    """Multinomial logistic regression (class 0 the reference) by Newton's method, ridge as
    :func:`fit_logistic` (so a class never seen keeps a small, finite chance); returns a
    (classes, features) array whose first row is zero."""
    n, k = x.shape
    m = classes - 1
    w = np.zeros((m, k))
    onehot = np.eye(classes)[y][:, 1:]
    penalty = np.tile(np.r_[ridge / 100, np.full(k - 1, ridge)], m)
    for _ in range(iterations):
        logits = np.hstack([np.zeros((n, 1)), x @ w.T])
        prob = np.exp(logits - logits.max(axis=1, keepdims=True))
        prob /= prob.sum(axis=1, keepdims=True)
        p = prob[:, 1:]
        gradient = ((p - onehot).T @ x).reshape(-1) + penalty * w.reshape(-1)
        hessian = np.zeros((m * k, m * k))
        for a in range(m):
            for c in range(m):
                weight = p[:, a] * ((a == c) - p[:, c])
                hessian[a * k:(a + 1) * k, c * k:(c + 1) * k] = (x * weight[:, None]).T @ x
        hessian += np.diag(penalty) + 1e-9 * np.eye(m * k)
        step = np.linalg.solve(hessian, gradient)
        w -= step.reshape(m, k)
        if float(np.max(np.abs(step))) < 1e-10:
            break
    return np.vstack([np.zeros(k), w])


# ---------------------------------------------------------------- calibration runs


@dataclass(frozen=True, slots=True)
class Sample:
    """One simulated training throw: what was chosen and what happened."""

    field: Field
    pose: CubePose
    throw: Throw
    skill: float
    hit: bool
    out: bool
    past: bool
    top: int
    crossing: CrossingState | None


def sample_throw(cube_edge: float, seed: int, cube: str, index: int, timestep: float | None = None) -> Sample:
    """Draw and simulate the ``index``-th training throw: every choice uniform over its range (K3's
    5–7 steps, either line, position ±1 m, aim ±6°, power 8–18 m/s, spin 0–6 turns/s, skill 0–1), the
    cube in any of its 24 orientations, in the centre 70% of the time and anywhere within 0.6 m otherwise."""
    from tabletop.games.kubik.physics.mujoco_model import DEFAULT_TIMESTEP
    from tabletop.games.kubik.physics.throw import sample_noise, simulate_throw

    rng = random.Random(f"kubik-calibrate:{seed}:{cube}:{index}")
    field = Field(distance_steps=rng.uniform(*STEPS_RANGE), cube_edge=cube_edge)
    top = rng.randint(1, 6)
    front = rng.choice([f for f in range(1, 7) if f not in (top, 7 - top)])
    if rng.random() < 0.7:
        x = y = 0.0
    else:
        radius, angle = 0.6 * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
        x, y = radius * math.cos(angle), radius * math.sin(angle)
    pose = CubePose(top, front, x, y)
    throw = Throw(rng.choice("AB"), rng.uniform(-1, 1), rng.uniform(-6, 6), rng.uniform(8, 18), rng.uniform(0, 6))
    skill = rng.random()
    result = simulate_throw(field, pose, throw, skill, sample_noise(rng), timestep=timestep or DEFAULT_TIMESTEP)
    return Sample(field, pose, throw, skill, result.hit, result.out, result.out and result.crossed_border, result.top,
                  result.crossing)


def sample_intercept(sample: Sample, seed: int, cube: str, index: int,
                     timestep: float | None = None) -> tuple[float, float, bool, int]:
    """Intercept a training throw's crossing with a random skill: (skill, the cube's crossing speed on the
    ground, hit, class 0 same / 1 opposite / 2 side)."""
    from tabletop.games.kubik.physics.mujoco_model import DEFAULT_TIMESTEP
    from tabletop.games.kubik.physics.throw import sample_noise, simulate_interception
    if sample.crossing is None:
        raise ValueError("this throw did not cross the border line")
    rng = random.Random(f"kubik-intercept:{seed}:{cube}:{index}")
    skill = rng.random()
    result = simulate_interception(sample.field, sample.crossing, sample.throw.line, skill, sample_noise(rng),
                                   timestep=timestep or DEFAULT_TIMESTEP)
    kind = 0 if result.top == sample.pose.top else 1 if result.top == 7 - sample.pose.top else 2
    return skill, math.hypot(*sample.crossing.velocity[:2]), result.hit, kind


def fit(samples: Sequence[Sample], intercepts: Sequence[tuple[float, float, bool, int]]) -> Model:
    """Fit every piece to simulated throws and interceptions.

    Raises:
        ValueError: when there are too few throws to fit (fewer than one hit, out and past each).
    """
    geo = [geometry(s.field, s.pose, s.throw, s.skill) for s in samples]
    hits = [i for i, s in enumerate(samples) if s.hit]
    outs = [i for i in hits if samples[i].out]
    pasts = [i for i in outs if samples[i].past]
    stays = [i for i in outs if not samples[i].past]
    if not (hits and outs and pasts and stays):
        raise ValueError(f"{len(samples)} throws are too few to calibrate: need hits, outs and outs past the border")

    def matrix(piece: str, rows: Sequence[int]) -> np.ndarray:
        return np.array([features(piece, geo[i]) for i in rows])

    def classes(rows: Sequence[int]) -> np.ndarray:
        return np.array([relative_class(samples[i].pose, samples[i].throw.line, samples[i].top) for i in rows])

    hit = fit_logistic(matrix("hit", range(len(samples))), np.array([s.hit for s in samples], dtype=float))
    out = fit_logistic(matrix("out", hits), np.array([samples[i].out for i in hits], dtype=float))
    past = fit_logistic(matrix("past", outs), np.array([samples[i].past for i in outs], dtype=float))
    faces_out = fit_softmax(matrix("faces", stays), classes(stays), 6)
    faces_past = fit_softmax(matrix("faces", pasts), classes(pasts), 6)
    qs = np.array([[1.0, 1 - k, (1 - k) ** 2, (v - CROSS_SPEED) / 2] for k, v, _, _ in intercepts]).reshape(-1, 4)
    intercept = fit_logistic(qs, np.array([h for _, _, h, _ in intercepts], dtype=float)) if intercepts else \
        np.zeros(4)
    counts = np.ones(3)  # a uniform prior: one of each before counting
    for _, _, h, kind in intercepts:
        if h:
            counts[kind] += 1
    speeds = [math.hypot(*s.crossing.velocity[:2]) for s in samples if s.crossing is not None]
    cross_speed = float(np.mean(speeds)) if speeds else CROSS_SPEED
    same, opposite, side = counts[0] / counts.sum(), counts[1] / counts.sum(), counts[2] / counts.sum() / 4
    return Model(hit, out, past, faces_out, faces_past, intercept, (same, opposite, side), cross_speed)


def run_samples(cube: str, cube_edge: float, throws: int, seed: int, jobs: int = 1, timestep: float | None = None,
                progress: Callable[[int], None] | None = None) -> Iterator[Sample]:
    """Simulate training throws ``0 … throws−1`` in order, on ``jobs`` processes."""
    if jobs <= 1:
        for i in range(throws):
            yield sample_throw(cube_edge, seed, cube, i, timestep)
            if progress:
                progress(1)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        chunk = 50
        for start in range(0, throws, chunk):
            batch = range(start, min(throws, start + chunk))
            yield from pool.map(sample_throw, [cube_edge] * len(batch), [seed] * len(batch), [cube] * len(batch),
                                batch, [timestep] * len(batch), chunksize=10)
            if progress:
                progress(len(batch))


def calibrate(cube: str, throws: int, intercepts: int, seed: int = 1, jobs: int = 1, timestep: float | None = None,
              progress: Callable[[int], None] | None = None) -> tuple[Model, list[Sample]]:
    """Simulate ``throws`` training throws and up to ``intercepts`` interceptions of those that crossed
    the border line, and fit the model for ``cube`` (``standard``, ``small`` or an edge in metres)."""
    edge = CUBES[cube] if cube in CUBES else float(cube)
    samples = list(run_samples(cube, edge, throws, seed, jobs, timestep, progress))
    crossed = [s for s in samples if s.crossing is not None][:intercepts]
    tried = [sample_intercept(s, seed, cube, i, timestep) for i, s in enumerate(crossed)]
    return fit(samples, tried), samples


def checks(model: Model, samples: Sequence[Sample]) -> list[dict[str, Any]]:
    """Simulated against fitted rates by skill band (and overall): hit, out, past, and how often the top
    face stays on top of a cube knocked out — the in-sample check ``calibrate`` prints and stores."""
    bands = [(0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.0), (0.0, 1.0)]
    found = []
    for low, high in bands:
        chosen = [s for s in samples if low <= s.skill < high or (high == 1.0 and s.skill == 1.0)]
        if not chosen:
            continue
        fitted = np.array([outcome_floats(model, s.field, s.pose, s.throw, s.skill) for s in chosen])
        outs = [s for s in chosen if s.out]
        stay_fit = sum(row[2 + s.pose.top - 1] + row[8 + s.pose.top - 1] for row, s in zip(fitted, chosen, strict=True))
        found.append({
            "skill": f"{low:.2f}–{high:.2f}", "throws": len(chosen),
            "hit": (float(np.mean([s.hit for s in chosen])), float(1 - fitted[:, 0].mean())),
            "out": (float(np.mean([s.out for s in chosen])), float(fitted[:, 2:].sum(axis=1).mean())),
            "past": (float(np.mean([s.past for s in chosen])), float(fitted[:, 8:].sum(axis=1).mean())),
            "stays": (sum(s.top == s.pose.top for s in outs) / max(1, len(outs)),
                      float(stay_fit / max(1e-12, fitted[:, 2:].sum()))),
        })
    return found
