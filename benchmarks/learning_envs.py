"""Learning environments' steps per second, as ratios measured in the same run (issue #19, item 6).

* **Vector vs scalar** (goal ≥ 10×): learner steps/s of :class:`tabletop.interop.vector.SeatVectorEnv`
  on Cubulus — N games in the batched numpy kernel — against the single-game
  :class:`tabletop.interop.gymnasium.SeatEnv`, both with random opponents and masked uniformly
  random learner actions, at several N; and the same vector environment stepped through the game
  interface (``interface=True``), to show what the kernel buys. A learner step is one action of the
  learner in one game, with the opponents' replies and any reset it brings (``num_envs`` per
  vector call).
* **Vector vs OpenSpiel native** (reported): OpenSpiel has no Cubulus, so the yardstick is its C++
  cribbage driven from Python (``pyspiel``), every player and chance step counted — what a Python
  learner loop over OpenSpiel's fastest native game gets.
* **PettingZoo AEC vs OpenSpiel native cribbage** (reported; the issue's goal is ≥ 0.5×): two-player
  cribbage through :func:`tabletop.interop.pettingzoo.env`, masked random actions, every agent step
  counted, against the same OpenSpiel loop.

Every figure is the median of ``scale.runs`` runs; each run does a fixed, seeded amount of work.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from sections import Section, rate, ratio
from timing import Scale, median_rate

from tabletop.interop.gymnasium import SeatEnv
from tabletop.interop.pettingzoo import env as aec_env
from tabletop.interop.vector import SeatVectorEnv, random_actions

SCALAR_STEPS = 3000
"""Learner steps per run of the scalar environment."""
VECTOR_SIZES = (64, 256, 1024)
"""The vector environments' N."""
VECTOR_STEPS = 60_000
"""Learner steps per run of a kernel vector environment (N per call), whatever N."""
INTERFACE = (64, 3000)
"""N and learner steps per run of the vector environment stepped through the interface."""
AEC_STEPS = 4000
OPENSPIEL_STEPS = 40_000
"""Agent steps per run of PettingZoo's cribbage, and steps of OpenSpiel's."""


def scalar_steps(steps: int) -> int:
    """``steps`` learner steps of one Cubulus ``SeatEnv``; returns the steps."""
    env = SeatEnv("cubulus", opponents="random")
    rng = np.random.default_rng(0)
    observation, _ = env.reset(seed=0)
    for _ in range(steps):
        observation, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        if terminated or truncated:
            observation, _ = env.reset()
    return steps


def vector_steps(num_envs: int, steps: int, interface: bool = False) -> int:
    """About ``steps`` learner steps of a Cubulus ``SeatVectorEnv`` of ``num_envs`` games; returns the steps."""
    env = SeatVectorEnv("cubulus", num_envs=num_envs, interface=interface)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    calls = max(1, steps // num_envs)
    for _ in range(calls):
        *_, info = env.step(random_actions(info["action_mask"], rng))
    return calls * num_envs


def aec_steps(steps: int) -> int:
    """``steps`` agent steps of two-player cribbage through PettingZoo's AEC API; returns the steps."""
    table = aec_env("cribbage", players=2)
    rng = np.random.default_rng(0)
    done, seed = 0, 0
    while done < steps:
        table.reset(seed=seed)
        seed += 1
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            ended = terminated or truncated
            table.step(None if ended else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            done += 1
            if done >= steps:
                break
    return steps


def openspiel_steps(pyspiel: Any, steps: int) -> int:
    """``steps`` random steps (player and chance) of OpenSpiel's C++ two-player cribbage; returns them."""
    game = pyspiel.load_game("cribbage", {"players": 2})
    rng = random.Random(0)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return steps


def pyspiel_module() -> Any | None:
    """``pyspiel``, or None when open-spiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # a compiled module without type stubs
    except ImportError:
        return None
    return pyspiel


def sections(scale: Scale) -> list[Section]:
    """The learning environments' table: steps/s and the same-run ratios."""
    runs = scale.runs
    scalar = median_rate(lambda: scalar_steps(scale.of(SCALAR_STEPS)), 1, runs)[1]
    pyspiel = pyspiel_module()
    native = median_rate(lambda: openspiel_steps(pyspiel, scale.of(OPENSPIEL_STEPS)), 1, runs)[1] if pyspiel else 0.0
    rows: list[tuple[str, ...]] = [("SeatEnv, Cubulus (one game)", "1", rate(scalar), "1.00×", ratio(scalar, native))]
    for size in VECTOR_SIZES:
        steps = max(size, scale.of(VECTOR_STEPS))
        measured = median_rate(lambda size=size, steps=steps: vector_steps(size, steps), 1, runs)[1]  # type: ignore[misc]
        rows.append(("SeatVectorEnv, Cubulus, batched kernel", str(size), rate(measured), ratio(measured, scalar),
                     ratio(measured, native)))
    size, steps = INTERFACE
    through = median_rate(lambda: vector_steps(size, max(size, scale.of(steps)), interface=True), 1, runs)[1]
    rows.append(("SeatVectorEnv, Cubulus, through the interface", str(size), rate(through), ratio(through, scalar),
                 ratio(through, native)))
    aec = median_rate(lambda: aec_steps(scale.of(AEC_STEPS)), 1, runs)[1]
    rows.append(("PettingZoo AEC, Cribbage 2 players (agent steps)", "1", rate(aec), "–", ratio(aec, native)))
    if pyspiel:
        rows.append(("OpenSpiel cribbage 2 players, C++ via pyspiel (all steps)", "1", rate(native), "–", "1.00×"))
    note = (f"Learner steps/s, medians of {runs} runs in this process: masked uniformly random learner actions, "
            "random opponents; a vector step counts N learner steps. 'vs scalar' divides by the one-game SeatEnv "
            "(goal ≥ 10× for the kernel); 'vs OpenSpiel' by OpenSpiel's C++ cribbage stepped from Python, player and "
            "chance steps alike (OpenSpiel has no Cubulus; PettingZoo's goal is ≥ 0.5×)"
            + ("." if pyspiel else "; open-spiel is not installed, so that column is empty."))
    return [Section("learning-envs", "Learning environments: steps per second (benchmarks/learning_envs.py)",
                    ("environment", "N", "steps/s", "vs scalar", "vs OpenSpiel"), tuple(rows), note)]
