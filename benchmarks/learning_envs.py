"""Learning environments' steps per second, as ratios measured in the same run (issue #19, item 6).

* **Vector vs scalar** (goal ≥ 10×): learner steps/s of :class:`tabletop.interop.vector.SeatVectorEnv`
  on Cubulus — N games in the batched kernel — against the single-game
  :class:`tabletop.interop.gymnasium.SeatEnv`, both with random opponents and masked uniformly
  random learner actions, at several N; and the same vector environment stepped through the game
  interface (``interface=True``), to show what the kernel buys. A learner step is one action of the
  learner in one game, with the opponents' replies and any reset it brings (``num_envs`` per
  vector call).
* **Vector vs OpenSpiel native** (reported): OpenSpiel has no Cubulus, so the yardstick is its C++
  cribbage driven from Python (``pyspiel``), every player and chance step counted — what a Python
  learner loop over OpenSpiel's fastest native game gets.
* **Cribbage's vector environment vs its scalar one** (goal ≥ 10× at N = 256): two-player cribbage's
  :class:`SeatVectorEnv` on its batched kernel (:mod:`tabletop.games.cribbage.batch`) at several N,
  against cribbage's ``SeatEnv``; and the same vector environment through one
  :class:`~tabletop.interop.common.Table` per game (``interface=True``, what cribbage steps in without the
  compiled extra), which saves over N ``SeatEnv``s only the opponents' turns (drawn from the masks
  in arrays, not asked of a bot through a view).
* **Memory per environment** (goal ≤ 50 KiB): what one more PettingZoo or Gymnasium environment of
  a game holds once made and reset, beyond the first (tracemalloc; #41 item 9) — a learner runs many
  of them in one process, and what a configuration's environments share is built once.
* **PettingZoo AEC vs OpenSpiel native cribbage** (reported; the issue's goal is ≥ 0.5×): two-player
  cribbage through :func:`tabletop.interop.pettingzoo.env`, masked random actions, every agent step
  counted (each with its observation: the agent's view encoded), against the same OpenSpiel loop —
  which counts chance steps too and encodes nothing (OpenSpiel's cribbage has no observation
  tensor) — and against that loop counting only its player steps, the like-for-like figure.
* **Gymnasium SeatEnv vs OpenSpiel native cribbage** (reported likewise): two-player cribbage's ``SeatEnv``
  against the random bot, the learner's index drawn from its mask as the AEC loop draws it, every decision
  counted (the learner's and the bot's, which ``step`` plays), against OpenSpiel's player steps.

Every figure is the median of ``scale.runs`` rounds, each measuring every row in turn with a fixed, seeded
amount of work; a ratio is the median of the ratios within a round, so both sides saw the same load.
"""

from __future__ import annotations

import random
import statistics
import time
import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from cribbage_engine import openspiel_chance
from env_memory import MEMORY_ENVS, kib_per_env
from sections import Section, rate
from timing import Scale

import tabletop
from tabletop.core import Capability
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


CRIBBAGE_SCALAR_STEPS = 1500
CRIBBAGE_SIZES = (256, 1024)
CRIBBAGE_KERNEL_STEPS = 30_000
CRIBBAGE_INTERFACE = (64, 3000)
"""Learner steps per run of cribbage's scalar environment; its kernel vector environments' N and learner
steps (N per call); N and learner steps of its vector environment through the interface."""


def scalar_steps(steps: int, game: str = "cubulus") -> int:
    """``steps`` learner steps of one ``SeatEnv`` of ``game``; returns the steps."""
    env = SeatEnv(game, opponents="random")
    rng = np.random.default_rng(0)
    observation, _ = env.reset(seed=0)
    for _ in range(steps):
        observation, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        if terminated or truncated:
            observation, _ = env.reset()
    return steps


def vector_steps(num_envs: int, steps: int, interface: bool = False, game: str = "cubulus") -> int:
    """About ``steps`` learner steps of a ``SeatVectorEnv`` of ``num_envs`` games; returns the steps."""
    env = SeatVectorEnv(game, num_envs=num_envs, interface=interface)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    calls = max(1, steps // num_envs)
    for _ in range(calls):
        *_, info = env.step(random_actions(info["action_mask"], rng))
    return calls * num_envs


def aec_steps(steps: int) -> int:
    """``steps`` agent steps of two-player cribbage through PettingZoo's AEC API; returns the steps."""
    table = aec_env("cribbage", players=2)
    rng = random.Random(0)  # a legal index drawn as the OpenSpiel loop draws one
    done, seed = 0, 0
    while done < steps:
        table.reset(seed=seed)
        seed += 1
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
            else:
                legal = np.flatnonzero(observation["action_mask"])
                table.step(int(legal[rng.randrange(len(legal))]))
            done += 1
            if done >= steps:
                break
    return steps


def seat_decisions(decisions: int) -> int:
    """About ``decisions`` decisions of two-player cribbage through Gymnasium's :class:`SeatEnv` against the
    random bot — the learner's, its index drawn from the mask as :func:`aec_steps` draws it, and the bot's in
    ``step`` — counted as OpenSpiel's player steps are (every seat's; chance not counted); returns them."""
    env = SeatEnv("cribbage", opponents="random", players=2)
    table = env.table
    rng = random.Random(0)
    done, seed = 0, 0
    observation, _ = env.reset(seed=seed)
    while done + table.steps < decisions:
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, truncated, _ = env.step(int(legal[rng.randrange(len(legal))]))
        if terminated or truncated:
            done += table.steps
            seed += 1
            observation, _ = env.reset(seed=seed)
    return done + table.steps


def aec_split(steps: int = AEC_STEPS, runs: int = 7) -> dict[str, float]:
    """Where an agent step of :func:`aec_steps` goes, in CPU µs (medians of ``runs`` rounds), each part
    timed on its own over the decisions that loop meets: ``game`` (``State.apply`` of the action and of
    the chance that follows, with its draws; the legal actions, where they are listed at all, are listed by
    the mask's writer and counted there), ``observe`` (the seat's vector and its
    mask, ``observe_with_mask``, or the vector alone, ``observe_state``), ``mask`` (the action mask, where
    it is not written with the vector), ``pick`` (the loop's learner: ``np.flatnonzero`` of the mask as the
    environment hands it out and a draw), ``adapter`` (the rest: PettingZoo's calls, ``Table``) and
    ``openspiel`` (a step of :func:`openspiel_steps`, chance included). For docs/benchmarks.md:
    ``python -c "import sys; sys.path[:0] = ['benchmarks']; import learning_envs as l; print(l.aec_split())"``.
    """
    table = aec_env("cribbage", players=2)
    inner = table.unwrapped.table
    rng, seed = random.Random(0), 0
    seen: list[tuple[Any, int, Any, Any, Any]] = []  # (state, seat, action, chance generator's state, mask)
    while len(seen) < steps:
        table.reset(seed=seed)
        seed += 1
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            index = int(legal[rng.randrange(len(legal))])
            seen.append((inner.state, inner.to_move, inner.action(index), inner.chance.getstate(),
                         observation["action_mask"]))
            table.step(index)
            if len(seen) == steps:
                break
    chance = random.Random()

    def draws() -> None:
        for *_, drawn, _ in seen:
            chance.setstate(drawn)

    def game() -> None:
        for state, _, action, drawn, _ in seen:
            chance.setstate(drawn)
            after = state.apply(action)
            while after.is_chance:
                after = after.apply(after.sample_chance(chance))

    both = getattr(inner.encoding, "observe_with_mask", None)  # the vector and the mask in one call, where offered
    handed = type(table.last()[0]["action_mask"])  # the mask's class, as the table makes it

    def observe() -> None:
        for state, seat, *_ in seen:
            state.offered = None  # as the adapter meets the state: its legal actions not listed yet
            both(state, seat, handed) if both is not None else inner.encoding.observe_state(state, seat)

    def mask() -> None:
        if both is not None:  # written by observe's call
            return
        for state, *_ in seen:
            state.offered = None
            inner._set(state)
            inner._fresh_mask()

    def pick() -> None:
        for *_, legal_mask in seen:
            legal = np.flatnonzero(legal_mask)
            int(legal[rng.randrange(len(legal))])

    pyspiel = pyspiel_module()
    work: dict[str, Callable[[], object]] = {"aec": lambda: aec_steps(steps), "game": game, "draws": draws,
                                             "observe": observe, "mask": mask, "pick": pick}
    if pyspiel:
        work["openspiel"] = lambda: openspiel_steps(pyspiel, 10 * steps)
    found: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(runs):
        for name, measure in work.items():
            start = time.process_time()
            measure()
            found[name].append((time.process_time() - start) * 1e6 / (10 * steps if name == "openspiel" else steps))
    split = {name: statistics.median(times) for name, times in found.items()}
    split["game"] -= split.pop("draws")  # restoring the chance generator is the measurement's, not the game's
    split["adapter"] = split["aec"] - sum(split[part] for part in ("game", "observe", "mask", "pick"))
    return {name: round(value, 2) for name, value in split.items()}


def openspiel_steps(pyspiel: Any, steps: int, players_only: bool = False) -> int:
    """``steps`` random steps (player and chance; or, with ``players_only``, player steps, the chance
    between them not counted) of OpenSpiel's C++ two-player cribbage; returns them."""
    game = pyspiel.load_game("cribbage", {"players": 2})
    rng = random.Random(0)
    state = game.new_initial_state()
    done = 0
    while done < steps:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(openspiel_chance(state, rng))  # the driver of the engine's section
            done += not players_only
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            done += 1
    return steps


def pyspiel_module() -> Any | None:
    """``pyspiel``, or None when open-spiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # a compiled module without type stubs
    except ImportError:
        return None
    return pyspiel


def rates(work: dict[str, Callable[[], int]], runs: int) -> dict[str, list[float]]:
    """Steps/s of each of ``work``'s measurements in each of ``runs`` rounds; each round measures them
    all one after another, so a ratio taken within a round compares figures of the same moment (a
    shared machine's load comes and goes between rounds)."""
    found: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(runs):
        for name, measure in work.items():
            start = time.perf_counter()
            steps = measure()
            found[name].append(steps / (time.perf_counter() - start))
    return found


def median_ratio(ours: list[float], theirs: list[float]) -> str:
    """The median over rounds of ``ours / theirs`` measured in the same round."""
    return f"{statistics.median(a / b for a, b in zip(ours, theirs, strict=True)):.2f}×" if theirs else "–"




def memory_section() -> Section:
    """What one more environment of each game holds, PettingZoo's and Gymnasium's (default options;
    Kubik on its calibrated throws, as MuJoCo would weigh on its figure)."""

    def aec(name: str, options: dict[str, Any]) -> Any:
        table = aec_env(name, **options)
        table.reset(seed=0)
        return table

    def seat(name: str, options: dict[str, Any]) -> Any:
        env = SeatEnv(name, **options)
        env.reset(seed=0)
        return env

    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in tabletop.REGISTRY.providing(Capability.ENCODING):  # (the games learning code can use)
            options: dict[str, Any] = {"throws": "calibrated"} if name == "kubik" else {}
            rows.append((name, f"{kib_per_env(partial(aec, name, options)):.1f}",
                         f"{kib_per_env(partial(seat, name, options)):.1f}"))
    note = (f"KiB still held (tracemalloc) per environment by {MEMORY_ENVS} more environments of the game, each "
            "made and reset, after a first one built what they share (a configuration's action tables); "
            "default options, Kubik with throws=calibrated. Goal ≤ 50 KiB.")
    return Section("learning-envs", "Learning environments: memory per environment (benchmarks/learning_envs.py)",
                   ("game", "PettingZoo KiB", "Gymnasium KiB"), tuple(rows), note)


def sections(scale: Scale) -> list[Section]:
    """The learning environments' table: steps/s and the same-round ratios."""
    pyspiel = pyspiel_module()
    work: dict[str, Callable[[], int]] = {"scalar": lambda: scalar_steps(scale.of(SCALAR_STEPS))}
    for size in VECTOR_SIZES:
        work[f"kernel {size}"] = lambda size=size: vector_steps(size, max(size, scale.of(VECTOR_STEPS)))  # type: ignore[misc]
    size, steps = INTERFACE
    work["interface"] = lambda: vector_steps(size, max(size, scale.of(steps)), interface=True)
    work["cribbage scalar"] = lambda: scalar_steps(scale.of(CRIBBAGE_SCALAR_STEPS), "cribbage")
    for n in CRIBBAGE_SIZES:
        work[f"cribbage kernel {n}"] = lambda n=n: vector_steps(  # type: ignore[misc]
            n, max(n, scale.of(CRIBBAGE_KERNEL_STEPS)), game="cribbage")
    crib_size, crib_steps = CRIBBAGE_INTERFACE
    work["cribbage interface"] = lambda: vector_steps(crib_size, max(crib_size, scale.of(crib_steps)),
                                                      interface=True, game="cribbage")
    work["aec"] = lambda: aec_steps(scale.of(AEC_STEPS))
    work["gymnasium"] = lambda: seat_decisions(scale.of(AEC_STEPS))
    if pyspiel:
        work["openspiel"] = lambda: openspiel_steps(pyspiel, scale.of(OPENSPIEL_STEPS))
        work["openspiel players"] = lambda: openspiel_steps(pyspiel, scale.of(OPENSPIEL_STEPS), players_only=True)
    found = rates(work, scale.runs)
    native = found.get("openspiel", [])

    def row(label: str, name: str, n: int, versus: str | None = "scalar") -> tuple[str, ...]:
        return (label, str(n), rate(statistics.median(found[name])),
                median_ratio(found[name], found[versus]) if versus else "–", median_ratio(found[name], native))

    rows = [row("SeatEnv, Cubulus (one game)", "scalar", 1)]
    rows += [row("SeatVectorEnv, Cubulus, batched kernel", f"kernel {n}", n) for n in VECTOR_SIZES]
    rows.append(row("SeatVectorEnv, Cubulus, through the interface", "interface", size))
    rows.append(row("SeatEnv, Cribbage 2 players (one game)", "cribbage scalar", 1, "cribbage scalar"))
    rows += [row("SeatVectorEnv, Cribbage 2 players, batched kernel", f"cribbage kernel {n}", n, "cribbage scalar")
             for n in CRIBBAGE_SIZES]
    rows.append(row("SeatVectorEnv, Cribbage 2 players, through the interface", "cribbage interface", crib_size,
                    "cribbage scalar"))
    rows.append(row("PettingZoo AEC, Cribbage 2 players (agent steps)", "aec", 1, None))
    rows.append(row("Gymnasium SeatEnv, Cribbage 2 players vs the random bot (decisions, both seats')",
                    "gymnasium", 1, None))
    if pyspiel:
        rows.append(row("OpenSpiel cribbage 2 players, C++ via pyspiel (all steps)", "openspiel", 1, None))
        rows.append(row("OpenSpiel cribbage 2 players, C++ via pyspiel (player steps)", "openspiel players", 1, None))
        rows.append(("PettingZoo AEC vs OpenSpiel's player steps", "1", "–", "–",
                     median_ratio(found["aec"], found["openspiel players"])))
        rows.append(("Gymnasium SeatEnv's decisions vs OpenSpiel's player steps", "1", "–", "–",
                     median_ratio(found["gymnasium"], found["openspiel players"])))
    note = (f"Learner steps/s, medians of {scale.runs} rounds in this process, each round measuring every row in "
            "turn; the ratios are medians of the ratios within a round. Masked uniformly random learner actions, "
            "random opponents; a vector step counts N learner steps. 'vs scalar' divides by the one-game SeatEnv "
            "of the same game (goal ≥ 10× for a kernel); 'vs OpenSpiel' by OpenSpiel's C++ cribbage stepped "
            "from Python, player and chance steps alike (OpenSpiel has no Cubulus; PettingZoo's goal is ≥ 0.5×), "
            "and the last two rows by its player steps alone (PettingZoo's goal ≥ 0.5×; Gymnasium's SeatEnv "
            "counts the learner's decisions and the random bot's it plays inside step)"
            + ("." if pyspiel else "; open-spiel is not installed, so that column is empty."))
    return [Section("learning-envs", "Learning environments: steps per second (benchmarks/learning_envs.py)",
                    ("environment", "N", "steps/s", "vs scalar", "vs OpenSpiel"), tuple(rows), note),
            memory_section()]
