"""Kubik throw timings: simulated throws per second on one core, and throws from the calibrated model.

A ``throws=physics`` game simulates each throw in MuJoCo; the goal of issue #5 is 50 simulated throws
a second per core at the 0.25 ms step. The mix that matters is a middling thrower's (misses end as
soon as the bat is past the cube), the worst case a skilled thrower's strong hits, whose cube slides
longest. ``throws=calibrated`` draws each outcome from a model fitted to the physics: its speed is what
bots and fast simulations get. :func:`sections` returns one table, each figure a median of several
runs; run this file alone to see it without the rest of ``make bench``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import kubik_speed
from sections import Section, rate
from timing import Scale, median_seconds

import tabletop
from tabletop.core import State
from tabletop.games.kubik import KubikState, Phase, chance_tables
from tabletop.games.kubik.field import START, Field, Throw
from tabletop.games.kubik.physics.throw import ZERO_NOISE, Noise, sample_noise, simulate_interception, simulate_throw

BATCH = 40
"""Throws a run at full scale."""


def _throws(seed: int, skill: float, strong: bool, count: int) -> list[tuple[Throw, float, Noise]]:
    """``count`` seeded throws: mixed choices, or strong ones aimed dead at the cube."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        if strong:
            throw = Throw(rng.choice("AB"), rng.uniform(-1, 1), 0.0, rng.uniform(14, 18), rng.uniform(0, 6))
        else:
            throw = Throw(rng.choice("AB"), rng.uniform(-1, 1), rng.uniform(-4, 4), rng.uniform(8, 18),
                          rng.uniform(0, 6))
        found.append((throw, skill, sample_noise(rng)))
    return found


def _batch(field: Field, throws: list[tuple[Throw, float, Noise]]) -> Callable[[], object]:
    def work() -> None:
        for throw, skill, noise in throws:
            simulate_throw(field, START, throw, skill, noise)

    return work


def _calibrated_throw_states(count: int) -> list[KubikState]:
    """``count`` states of calibrated 2-player games waiting for a throw's outcome, from random play."""
    game = tabletop.load("kubik", players=2, throws="calibrated")
    rng = random.Random(5)
    found: list[KubikState] = []
    state: State[Any] = game.initial_state()
    while len(found) < count:
        if state.is_terminal:
            state = game.initial_state()
        if isinstance(state, KubikState) and state.phase is Phase.THROW:
            found.append(state)
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return found


def sections(scale: Scale) -> list[Section]:
    """Throws/s for a typical and a worst-case mix, interceptions/s, and calibrated throws/s."""
    runs, count = scale.runs, scale.of(BATCH)
    field = Field()
    simulate_throw(field, START, Throw("A", 0.0, 0.0, 12.0, 2.0), 1.0, ZERO_NOISE)  # build once
    found: list[tuple[str, str]] = []
    mixed = _throws(1, 0.5, False, count)
    found.append(("physics throws/s, mixed choices, skill 0.5 (goal ≥ 50)",
                  rate(count / median_seconds(_batch(field, mixed), runs))))
    strong = _throws(2, 1.0, True, count)
    found.append(("physics throws/s, strong dead-centre hits, skill 1 (worst case)",
                  rate(count / median_seconds(_batch(field, strong), runs))))
    small = _throws(3, 0.5, False, count)
    found.append(("physics throws/s, small cube (4.2 cm), mixed, skill 0.5",
                  rate(count / median_seconds(_batch(Field(cube_edge=0.042), small), runs))))
    crossings = [(t.line, r.crossing) for t, s, n in strong
                 if (r := simulate_throw(field, START, t, s, n)).crossing is not None][:10]
    noise = sample_noise(random.Random(4))

    def intercept() -> None:
        for line, crossing in crossings:
            assert crossing is not None
            simulate_interception(field, crossing, line, 0.7, noise)

    if crossings:
        found.append(("physics interceptions/s, skill 0.7", rate(len(crossings) / median_seconds(intercept, runs))))
    throws = [t for t, _, _ in mixed]

    def model() -> None:
        for throw in throws:
            chance_tables.outcome_probabilities("standard:6", START, throw, 0.5)

    found.append(("calibrated outcome tables/s (exact fractions)", rate(len(throws) / median_seconds(model, runs))))
    states = _calibrated_throw_states(count * 5)
    throw_rng = random.Random(6)
    seconds = median_seconds(lambda: [s.apply(s.sample_chance(throw_rng)) for s in states], runs)
    found.append(("calibrated throws/s in a game (outcome drawn and applied)", rate(len(states) / seconds)))
    # issue #19 item 5: the goals are ratios to the code before the speed work, measured side by side; a
    # tiny run (the report's test) compares the calibrated games only, each side's process costs seconds
    measures = None if scale.work >= 0.1 else ["games-2"]
    for what, old, new, goal in kubik_speed.compare(scale, measures):
        found.append((f"{what}: now / {kubik_speed.BASELINE} (goal ≥ {goal:.1f}×)",
                      f"{new / old:.2f}× ({rate(new)} vs {rate(old)})"))
    return [Section("kubik-physics", "Kubik throws (single-threaded)", ("measure", "median"), tuple(found),
                    f"{count} seeded throws a run through physics.throw.simulate_throw at the default 0.25 ms step "
                    f"(up to 10 interceptions of the strong throws that crossed the border); {len(states)} "
                    "throw states of random calibrated 2-player games for the calibrated rows; "
                    f"medians of {runs} runs. The rows marked now / {kubik_speed.BASELINE} are "
                    "benchmarks/kubik_speed.py: per CPU second, each side in its own process (the baseline "
                    f"from git archive {kubik_speed.BASELINE}), the sides alternating, medians of {runs} runs; "
                    f"their throws are {kubik_speed.MEASURES['mixed'][1]} a run, drawn as these batches are (these "
                    "40 first).")]


if __name__ == "__main__":
    from rich.console import Console
    from sections import to_rich

    for section in sections(Scale()):
        Console().print(to_rich(section))
