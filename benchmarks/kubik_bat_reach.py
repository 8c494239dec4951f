"""How far a bat moving away from the cube can be and still come back to touch it: the study behind ``GONE``.

A physics run (``tabletop.games.kubik.physics.stepping.run``) takes the bat out of play once it rests, or
once it is moving away from the cube and more than ``GONE`` (``stepping.GONE``) beyond its reach (half the
bat, half the cube's diagonal and 2 cm, centre to centre). Here every throw is run with ``GONE`` infinite,
so the bat stays in play until it rests, and every MuJoCo step is watched: while the bat moves away from the
cube, the largest distance beyond its reach so far is kept, and when the bat touches the cube again (the
``touch`` sensor) that distance is the one it came back from. The table gives, per cube, the largest such
distance over all throws: ``GONE`` must be well above it. A negative figure means no bat came back from
beyond its reach.

Throws alternate between a middling thrower's mix (skill 0–1, aim ±4°, power 6–18 m/s) and strong
dead-centre hits (skill 0.7–1, power 12–18 m/s), spin 0–6 turns/s, from a seeded generator.
Run: ``python benchmarks/kubik_bat_reach.py --throws 1400`` (both cubes; a few minutes a cube). MuJoCo
warns of an unstable simulation in some runs: a bat left in play can roll on the turf for seconds, which a
real run never lets it do (it is parked once it is out of play), and MuJoCo then resets the run, long after
the bat has left the cube; a reset puts the bat 3 m away, so it cannot bear on the figure.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from typing import Any

import mujoco  # type: ignore[import-untyped]

from tabletop.games.kubik.field import SMALL_EDGE, START, Field, Throw
from tabletop.games.kubik.physics import stepping
from tabletop.games.kubik.physics.throw import sample_noise, simulate_throw


def study(cube_edge: float, throws: int, seed: int) -> tuple[int, int, float]:
    """(throws, hits, the largest distance beyond reach a bat moving away came back from) for one cube."""
    field = Field(cube_edge=cube_edge)
    reach = stepping.out_of_reach(cube_edge) - stepping.GONE
    seen = {"gap": -math.inf, "worst": -math.inf, "touched": False}
    step = mujoco.mj_step

    def watched(model: Any, data: Any, count: int = 1) -> None:
        watching = sys._getframe(1).f_code.co_name == "run"  # the bat is in play only in stepping.run
        for _ in range(count):
            step(model, data)
            if not watching:
                continue
            if data.sensordata[0] > 0:
                seen["worst"] = max(seen["worst"], seen["gap"])
                seen["touched"] = True
            q, v = data.qpos.tolist(), data.qvel.tolist()
            if seen["touched"] and sum((q[7 + i] - q[i]) * (v[6 + i] - v[i]) for i in range(3)) > 0:
                seen["gap"] = max(seen["gap"], math.dist(q[7:10], q[0:3]) - reach)

    rng = random.Random(seed)
    hits, gone = 0, stepping.GONE
    stepping.GONE, mujoco.mj_step = math.inf, watched
    try:
        for number in range(throws):
            if number % 2:
                throw, skill = Throw(rng.choice("AB"), rng.uniform(-1, 1), 0.0, rng.uniform(12, 18),
                                     rng.uniform(0, 6)), rng.uniform(0.7, 1.0)
            else:
                throw, skill = Throw(rng.choice("AB"), rng.uniform(-1, 1), rng.uniform(-4, 4), rng.uniform(6, 18),
                                     rng.uniform(0, 6)), rng.uniform(0.0, 1.0)
            seen.update(gap=-math.inf, touched=False)
            hits += simulate_throw(field, START, throw, skill, sample_noise(rng)).hit
    finally:
        stepping.GONE, mujoco.mj_step = gone, step
    return throws, hits, seen["worst"]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--throws", type=int, default=1400, help="throws per cube")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"stepping.GONE is {stepping.GONE * 100:.0f} cm")
    for edge in (Field().cube_edge, SMALL_EDGE):
        count, hits, worst = study(edge, args.throws, args.seed)
        print(f"cube {edge * 100:.1f} cm: {count} throws, {hits} hits; the farthest beyond reach a bat moving away "
              f"came back from: {worst * 100:+.1f} cm", flush=True)
