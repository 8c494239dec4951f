"""Kubik physics timings for `make bench`: simulated throws per second on one core, and the fast model.

:func:`rows` returns (what, figure) pairs, each figure the median of several runs. The goal of issue #5
is 50 simulated throws a second per core at the 0.25 ms step; the mix that matters is a middling
thrower's (misses end as soon as the bat is past the cube), and the worst case is a skilled thrower's
strong hits, whose cube slides longest. Run this file alone to see them without the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from timing import median_seconds

from tabletop.games.kubik import calibrated, physics
from tabletop.games.kubik.field import START, Field, Throw

REPEATS = 5
BATCH = 40


def _throws(seed: int, skill: float, strong: bool) -> list[tuple[Throw, float, physics.Noise]]:
    rng = random.Random(seed)
    found = []
    for _ in range(BATCH):
        if strong:
            throw = Throw(rng.choice("AB"), rng.uniform(-1, 1), 0.0, rng.uniform(14, 18), rng.uniform(0, 6))
        else:
            throw = Throw(rng.choice("AB"), rng.uniform(-1, 1), rng.uniform(-4, 4), rng.uniform(8, 18),
                          rng.uniform(0, 6))
        found.append((throw, skill, physics.sample_noise(rng)))
    return found


def _batch(field: Field, throws: list[tuple[Throw, float, physics.Noise]]) -> Callable[[], object]:
    def work() -> None:
        for throw, skill, noise in throws:
            physics.simulate_throw(field, START, throw, skill, noise)

    return work


def rows() -> list[tuple[str, str]]:
    """(what, figure) rows: throws/s for a typical and a worst-case mix, interceptions/s, model calls/s."""
    field = Field()
    physics.simulate_throw(field, START, Throw("A", 0.0, 0.0, 12.0, 2.0), 1.0, physics.ZERO_NOISE)  # build once
    found: list[tuple[str, str]] = []
    mixed = _throws(1, 0.5, False)
    seconds = median_seconds(_batch(field, mixed), REPEATS)
    found.append(("kubik throws/s per core, mixed choices, skill 0.5 (goal ≥ 50)", f"{BATCH / seconds:.0f}"))
    strong = _throws(2, 1.0, True)
    seconds = median_seconds(_batch(field, strong), REPEATS)
    found.append(("kubik throws/s per core, strong dead-centre hits, skill 1 (worst case)", f"{BATCH / seconds:.0f}"))
    small = _throws(3, 0.5, False)
    seconds = median_seconds(_batch(Field(cube_edge=0.042), small), REPEATS)
    found.append(("kubik throws/s per core, small cube, mixed, skill 0.5", f"{BATCH / seconds:.0f}"))
    crossings = [(t.line, r.crossing) for t, s, n in strong
                 if (r := physics.simulate_throw(field, START, t, s, n)).crossing is not None][:10]
    noise = physics.sample_noise(random.Random(4))

    def intercept() -> None:
        for line, crossing in crossings:
            assert crossing is not None
            physics.simulate_interception(field, crossing, line, 0.7, noise)

    seconds = median_seconds(intercept, REPEATS)
    found.append(("kubik interceptions/s per core, skill 0.7", f"{len(crossings) / seconds:.0f}"))
    throws = [t for t, _, _ in mixed]

    def model() -> None:
        for throw in throws:
            calibrated.outcome_probabilities("standard:6", START, throw, 0.5)

    seconds = median_seconds(model, REPEATS)
    found.append(("kubik calibrated outcome tables/s (exact fractions)", f"{len(throws) / seconds:,.0f}"))
    return found


if __name__ == "__main__":
    for what, figure in rows():
        print(f"{what:75s} {figure:>10s}")
