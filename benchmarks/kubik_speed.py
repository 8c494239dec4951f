"""Kubik at scale (issue #19, item 5): today's code against the commit before the speed work, in one run.

The goals are ratios to commit :data:`BASELINE` measured side by side on the same machine at the same
time: random calibrated games ≥ 10× (both table sizes), physics throws ≥ 200/s per core for a mixed
batch and ≥ 100/s for strong hits (≥ 2.4× and ≥ 2.5× the baseline's 83/s and 40/s). The baseline's
source is taken out of git (``git archive``, into a temporary folder: the repository is not touched)
and each figure is measured in a fresh process for each side (``--probe``), the two sides alternating
run by run so that a busy machine slows both alike. Times are the processes' CPU time, so a figure is
what one core does; every figure is the median of the runs. Run this file alone to see the table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from sections import Section, rate
from timing import Scale

BASELINE = "4b9cd5b"
"""The commit the goals are measured against (the last before the speed work)."""

ROOT = Path(__file__).resolve().parents[1]

MEASURES = {
    "games-2": ("calibrated random games/s, 2 players", 20, 10.0),
    "games-16": ("calibrated random games/s, 16 players", 20, 10.0),
    "mixed": ("physics throws/s, mixed choices, skill 0.5", 120, 200 / 83),
    "strong": ("physics throws/s, strong dead-centre hits, skill 1", 120, 100 / 40),
}
"""name → (what it is, amount a run at full scale, the goal as a ratio to the baseline). The throws are drawn as
kubik_physics.py draws its batches (the first 40 are those batches), three times as many: on a shared machine
one run of 40 varied from 82 to 150 throws/s, and a throw's cost varies tenfold from a clean miss to a hit
that sends the cube sliding, so 40 throws are a small sample of either mix."""


def baseline_source() -> Path:
    """The baseline's ``src`` folder, extracted once into the temporary folder."""
    target = Path(tempfile.gettempdir()) / f"tabletop-{BASELINE}"
    if not (target / "src" / "tabletop" / "__init__.py").exists():
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", BASELINE, "src/tabletop"],
                                 check=True, capture_output=True).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(target, filter="data")
    return target / "src"


def probe(measure: str, amount: int) -> float:
    """One run of ``measure`` in this process, on whichever tabletop it imports: things per CPU second."""
    import random
    import time

    import tabletop
    from tabletop.games.kubik.field import START, Field, Throw
    from tabletop.sim import random_playout

    try:  # this tree's physics.throw, or the baseline's one physics module (each side imports its own tabletop)
        from tabletop.games.kubik.physics import throw as physics
    except ImportError:
        from tabletop.games.kubik import physics  # type: ignore[no-redef]

    if measure.startswith("games-"):
        game = tabletop.load("kubik", throws="calibrated", players=int(measure.split("-")[1]))
        random_playout(game, random.Random(0))  # imports and the first tables, as any long run has them
        rng = random.Random(1)
        start = time.process_time()
        for _ in range(amount):
            random_playout(game, rng)
        return amount / (time.process_time() - start)
    rng = random.Random(1 if measure == "mixed" else 2)
    throws = []
    for _ in range(amount):  # the batches of benchmarks/kubik_physics.py
        if measure == "strong":
            throw = Throw(rng.choice("AB"), rng.uniform(-1, 1), 0.0, rng.uniform(14, 18), rng.uniform(0, 6))
        else:
            throw = Throw(rng.choice("AB"), rng.uniform(-1, 1), rng.uniform(-4, 4), rng.uniform(8, 18),
                          rng.uniform(0, 6))
        throws.append((throw, 1.0 if measure == "strong" else 0.5, physics.sample_noise(rng)))
    field = Field()
    physics.simulate_throw(field, START, Throw("A", 0.0, 0.0, 12.0, 2.0), 1.0, physics.ZERO_NOISE)  # build once
    start = time.process_time()
    for throw, skill, noise in throws:
        physics.simulate_throw(field, START, throw, skill, noise)
    return amount / (time.process_time() - start)


def _run_probe(source: Path, measure: str, amount: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, __file__, "--probe", measure, str(amount)], env=env, check=True,
                          capture_output=True, text=True)
    return float(json.loads(done.stdout)["rate"])


def compare(scale: Scale, measures: list[str] | None = None) -> list[tuple[str, float, float, float]]:
    """(what, baseline median, current median, goal ratio) for each measure, the sides alternating."""
    sides = (baseline_source(), ROOT / "src")
    found = []
    for name in measures or list(MEASURES):
        what, amount, goal = MEASURES[name]
        rates: tuple[list[float], list[float]] = ([], [])
        for _ in range(scale.runs):
            for side, source in enumerate(sides):
                rates[side].append(_run_probe(source, name, scale.of(amount)))
        found.append((what, statistics.median(rates[0]), statistics.median(rates[1]), goal))
    return found


def sections(scale: Scale) -> list[Section]:
    """The table: each measure at the baseline and now, their ratio and the goal."""
    rows = tuple((what, rate(old), rate(new), f"{new / old:.2f}×", f"≥ {goal:.1f}×")
                 for what, old, new, goal in compare(scale))
    return [Section("kubik-speed", f"Kubik at scale: now against {BASELINE}", ("measure", BASELINE, "now", "ratio",
                                                                              "goal"), rows,
                    f"Each figure per CPU second of one process (a core's work), each side in a fresh process, the "
                    f"sides alternating run by run; medians of {scale.runs} runs. Games: seeded random play through "
                    "State.apply (tabletop.sim.random_playout) with throws=calibrated, after one game that builds "
                    "what a long run keeps (imports, the grid's tables). Throws: physics.throw.simulate_throw at "
                    f"0.25 ms on {MEASURES['mixed'][1]} throws drawn as kubik_physics.py draws its batches (its 40 "
                    f"first); the baseline is git archive {BASELINE}.")]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--probe", nargs=2, metavar=("MEASURE", "AMOUNT"), help="one run in this process (JSON)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", type=float, default=1.0)
    args = parser.parse_args()
    if args.probe:
        print(json.dumps({"rate": probe(args.probe[0], int(args.probe[1]))}))
    else:
        from rich.console import Console
        from sections import to_rich

        for section in sections(Scale(args.runs, args.work)):
            Console().print(to_rich(section))
