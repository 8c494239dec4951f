"""The figures and the plot of docs/kubik-physics.md: the time-step study and what throws do (K20a).

Run ``python benchmarks/kubik_report.py [--throws N] [--workers W]``: it simulates the convergence study
(the same fixed throws at 1, 0.5, 0.25 and 0.125 ms) and a grid of skills, distances and cubes, prints
the tables as Markdown and writes ``docs/kubik-physics.png``. Every throw comes from a seeded generator,
so a rerun on the same build prints the same numbers. It takes a few minutes on one core.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tabletop.games.kubik.field import SMALL_EDGE, STANDARD_EDGE, START, Field, Throw
from tabletop.games.kubik.physics.mujoco_model import DEFAULT_TIMESTEP
from tabletop.games.kubik.physics.throw import Noise, sample_noise, simulate_throw

DOCS = Path(__file__).resolve().parents[1] / "docs"
STEPS = (0.001, 0.0005, 0.00025, 0.000125)
SKILLS = (0.0, 0.25, 0.5, 0.75, 1.0)
DISTANCES = (5.0, 6.0, 7.0)


@dataclass(frozen=True, slots=True)
class Row:
    """One simulated throw, as the report counts it."""

    power: float
    hit: bool
    out: bool
    past: bool
    top: int
    travelled: float
    seconds: float


def study_throw(index: int, timestep: float) -> Row:
    """The ``index``-th throw of the convergence study: a middling thrower (skill 0.5) aiming within 4°."""
    rng = random.Random(f"kubik-study:{index}")
    throw = Throw(rng.choice("AB"), rng.uniform(-1, 1), rng.uniform(-4, 4), rng.uniform(8, 18), rng.uniform(0, 6))
    return simulate(Field(), throw, 0.5, sample_noise(rng), timestep)


def grid_throw(index: int, edge: float, steps: float, skill: float) -> Row:
    """A throw of the plausibility grid: aimed straight at the cube, power 10–16 m/s, spin 0–4 turns/s."""
    rng = random.Random(f"kubik-grid:{edge}:{steps}:{skill}:{index}")
    throw = Throw(rng.choice("AB"), rng.uniform(-1, 1), 0.0, rng.uniform(10, 16), rng.uniform(0, 4))
    return simulate(Field(distance_steps=steps, cube_edge=edge), throw, skill, sample_noise(rng), DEFAULT_TIMESTEP)


def simulate(field: Field, throw: Throw, skill: float, noise: Noise, timestep: float) -> Row:
    started = time.perf_counter()
    result = simulate_throw(field, START, throw, skill, noise, timestep=timestep)
    return Row(throw.power, result.hit, result.out, result.out and result.crossed_border, result.top,
               math.hypot(result.x, result.y), time.perf_counter() - started)


def chi_square_p(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> tuple[float, int]:
    """Pearson's homogeneity test of two count vectors: (p-value, degrees of freedom), by the
    regularised upper incomplete gamma function (series), so no statistics package is needed."""
    table = np.vstack([a, b]).astype(float)
    table = table[:, table.sum(axis=0) > 0]
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0, keepdims=True) / table.sum()
    x = float(((table - expected) ** 2 / expected).sum())
    k = table.shape[1] - 1
    s, z = k / 2, x / 2
    term = total = 1 / s  # the lower gamma series: z^s e^-z sum z^n / (s (s+1) … (s+n))
    n = 0
    while term > 1e-17 * total:
        n += 1
        term *= z / (s + n)
        total += term
    lower = math.exp(-z + s * math.log(z) - math.lgamma(s)) * total if z > 0 else 0.0
    return max(0.0, 1.0 - lower), k


def faces(rows: Sequence[Row], among: str = "hit") -> np.ndarray:
    counts = np.zeros(6)
    for row in rows:
        if getattr(row, among):
            counts[row.top - 1] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throws", type=int, default=3000, help="throws per time step in the study")
    parser.add_argument("--grid", type=int, default=200, help="throws per cell of the plausibility grid")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--jobs", type=int, dest="workers", help=argparse.SUPPRESS)  # the old name of --workers
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        study = {dt: list(pool.map(study_throw, range(args.throws), [dt] * args.throws, chunksize=25))
                 for dt in STEPS}
        cells = [(edge, steps, skill)
                 for edge in (STANDARD_EDGE, SMALL_EDGE) for steps in DISTANCES for skill in SKILLS]
        grid = {cell: list(pool.map(grid_throw, range(args.grid), *([v] * args.grid for v in cell), chunksize=25))
                for cell in cells}
    print(f"## Time-step study: {args.throws} throws at each step\n")
    print("| step | throws/s | hit | out | past | mean distance of hits (m) | top face among hits 1–6 "
          "| stays/side/bottom vs half the step (p) |")
    print("|---|---|---|---|---|---|---|---|")
    for i, dt in enumerate(STEPS):
        rows = study[dt]
        counts = faces(rows)
        pooled = [counts[0], counts[1:5].sum(), counts[5]]
        if i + 1 < len(STEPS):
            half = faces(study[STEPS[i + 1]])
            p, _ = chi_square_p(pooled, [half[0], half[1:5].sum(), half[5]])
            p6, _ = chi_square_p(counts, half)
            vs = f"{p:.2g} (all six faces: {p6:.2g})"
        else:
            vs = "—"
        hits = [r for r in rows if r.hit]
        print(f"| {dt * 1000:g} ms | {len(rows) / sum(r.seconds for r in rows):.0f} "
              f"| {np.mean([r.hit for r in rows]):.3f} | {np.mean([r.out for r in rows]):.3f} "
              f"| {np.mean([r.past for r in rows]):.3f} | {np.mean([r.travelled for r in hits]):.2f} "
              f"| {' '.join(str(int(c)) for c in counts)} | {vs} |")
    for edge in (STANDARD_EDGE, SMALL_EDGE):
        print(f"\n## Cube {edge * 100:g} cm: {args.grid} throws a cell, aimed at the cube, power 10–16, spin 0–4\n")
        print("| skill | " + " | ".join(f"hit at {s:g} steps" for s in DISTANCES)
              + " | out of hits | past of outs | distance of hits (m) | top face among outs 1–6 |")
        print("|---|" + "---|" * (len(DISTANCES) + 4))
        for skill in SKILLS:
            rows = [r for s in DISTANCES for r in grid[(edge, s, skill)]]
            hits = [r for r in rows if r.hit]
            outs = [r for r in hits if r.out]
            rates = " | ".join(f"{np.mean([r.hit for r in grid[(edge, s, skill)]]):.2f}" for s in DISTANCES)
            print(f"| {skill:g} | {rates} | {len(outs) / max(1, len(hits)):.2f} "
                  f"| {sum(r.past for r in outs) / max(1, len(outs)):.2f} "
                  f"| {np.mean([r.travelled for r in hits]) if hits else 0:.2f} "
                  f"| {' '.join(str(int(c)) for c in faces(outs, 'out'))} |")
    plot(study, grid)


def plot(study: dict[float, list[Row]], grid: dict[tuple[float, float, float], list[Row]]) -> None:
    """Four panels: the faces by time step, hit rate by skill and distance, out share by power, distances."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(2, 2, figsize=(11, 8))
    ax = axes[0][0]
    width = 0.2
    for i, dt in enumerate(STEPS):
        counts = faces(study[dt])
        ax.bar(np.arange(1, 7) + (i - 1.5) * width, counts / counts.sum(), width, label=f"{dt * 1000:g} ms")
    ax.set(title="K20a: top face after a hit, by time step", xlabel="face on top (1 was up)", ylabel="share of hits")
    ax.legend()
    ax = axes[0][1]
    for edge, style in ((STANDARD_EDGE, "-"), (SMALL_EDGE, "--")):
        for steps in DISTANCES:
            rates = [np.mean([r.hit for r in grid[(edge, steps, skill)]]) for skill in SKILLS]
            ax.plot(SKILLS, rates, style, marker="o", label=f"{edge * 100:g} cm, {steps:g} steps")
    ax.set(title="Hit rate (aimed at the cube)", xlabel="skill", ylabel="hit rate", ylim=(0, 1.02))
    ax.legend(fontsize=8)
    ax = axes[1][0]
    bands = np.arange(8, 18, 1.0)
    sources = (("15 cm, study throws", "-", [r for r in study[DEFAULT_TIMESTEP] if r.hit]),
               ("4.2 cm, grid throws", "--", [r for k, v in grid.items() if k[0] == SMALL_EDGE for r in v if r.hit]))
    for label, style, hits in sources:
        shares, past, centres = [], [], []
        for low in bands:
            band = [r for r in hits if low <= r.power < low + 1]
            if len(band) >= 10:
                centres.append(low + 0.5)
                shares.append(np.mean([r.out for r in band]))
                past.append(np.mean([r.past for r in band]))
        ax.plot(centres, shares, style, marker="o", label=f"{label}: out")
        ax.plot(centres, past, style, marker="x", label=f"{label}: past the border")
    ax.set(title="Share of hits knocked out (K7, K9, K12)", xlabel="power (m/s)", ylabel="share of hits",
           ylim=(0, 1.02))
    ax.legend(fontsize=8)
    ax = axes[1][1]
    for edge in (STANDARD_EDGE, SMALL_EDGE):
        travelled = [min(r.travelled, 24.99) for k, rows in grid.items() if k[0] == edge for r in rows if r.hit]
        ax.hist(travelled, bins=50, range=(0, 25), alpha=0.6, label=f"{edge * 100:g} cm")
    ax.axvline(0.75, color="k", lw=1)
    ax.axvline(1.45, color="k", lw=1, ls=":")
    ax.set(title="Where a hit cube comes to rest (lines: the circle, the border)",
           xlabel="metres from the centre (25 or more in the last bin)",
           ylabel="throws")
    ax.legend()
    figure.tight_layout()
    figure.savefig(DOCS / "kubik-physics.png", dpi=90)


if __name__ == "__main__":
    main()
