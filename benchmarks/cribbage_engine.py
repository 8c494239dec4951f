"""Cribbage engine speed: our readable engine, our fast playout engine and OpenSpiel's, side by side.

The issue "Cribbage, complete" sets the goal: at least as many random games per second as
OpenSpiel's cribbage. Each engine plays whole random 2-player games to 121 — uniformly random
legal actions, chance drawn with its probabilities — and every figure is the median of
``REPEATS`` runs in this one process, so the ratios compare like with like on whatever machine
runs it. OpenSpiel is driven through ``pyspiel`` from Python, as a Python user would drive it;
its actions/s count its own steps (its no-op passes included), ours count our actions (cuts,
deals one card at a time, counts). :func:`rows` gives ``(what, figure)`` pairs for
``benchmarks/run.py``; run this file alone to print them. Not a test: nothing fails when slow.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import tabletop
from tabletop.games.cribbage.fast import random_game
from tabletop.sim import random_playout

REPEATS = 5
"""Runs per figure; the median is reported."""

GAMES = {"readable": 20, "fast": 400, "openspiel": 150}
"""Games per run for each engine, so that each run takes a few tenths of a second."""


def median_rate(batch: Callable[[], int], games: int, repeats: int = REPEATS) -> tuple[float, float]:
    """Median games/s and actions/s of ``batch()``, which plays ``games`` games and returns their actions."""
    games_per_s: list[float] = []
    actions_per_s: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        actions = batch()
        seconds = time.perf_counter() - start
        games_per_s.append(games / seconds)
        actions_per_s.append(actions / seconds)
    return statistics.median(games_per_s), statistics.median(actions_per_s)


def readable_rate(games: int = GAMES["readable"]) -> tuple[float, float]:
    """Our rules engine through :func:`tabletop.sim.random_playout`."""
    game = tabletop.load("cribbage", players=2)
    rng = random.Random(1)
    return median_rate(lambda: sum(random_playout(game, rng)[1] for _ in range(games)), games)


def fast_rate(games: int = GAMES["fast"]) -> tuple[float, float]:
    """Our fast playout engine, actions written out in notation."""
    rng = random.Random(2)
    return median_rate(lambda: sum(len(random_game(rng, 2).actions) for _ in range(games)), games)


def openspiel_playout(game: Any, rng: random.Random) -> int:
    """One random game of OpenSpiel's cribbage; its number of steps."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            point, total, action = rng.random(), 0.0, outcomes[-1][0]
            for outcome, probability in outcomes:
                total += probability
                if point < total:
                    action = outcome
                    break
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1
    return steps


def openspiel_rate(games: int = GAMES["openspiel"]) -> tuple[float, float] | None:
    """OpenSpiel's cribbage through ``pyspiel``; None when open-spiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # a compiled module without type stubs
    except ImportError:
        return None
    game = pyspiel.load_game("cribbage", {"players": 2})
    rng = random.Random(3)
    return median_rate(lambda: sum(openspiel_playout(game, rng) for _ in range(games)), games)


def rows() -> list[tuple[str, str]]:
    """``(what, figure)`` rows: games/s and actions/s of each engine, and their ratios."""
    readable, fast, openspiel = readable_rate(), fast_rate(), openspiel_rate()
    table = [
        ("cribbage 2p, readable engine (random_playout): games/s", f"{readable[0]:,.0f}"),
        ("cribbage 2p, readable engine: actions/s", f"{readable[1]:,.0f}"),
        ("cribbage 2p, fast engine (fast.random_game): games/s", f"{fast[0]:,.0f}"),
        ("cribbage 2p, fast engine: actions/s", f"{fast[1]:,.0f}"),
        ("cribbage 2p, fast / readable", f"{fast[0] / readable[0]:.1f}×"),
    ]
    if openspiel is None:
        return [*table, ("cribbage 2p, OpenSpiel (pyspiel)", "open-spiel not installed")]
    return [
        *table,
        ("cribbage 2p, OpenSpiel (pyspiel): games/s", f"{openspiel[0]:,.0f}"),
        ("cribbage 2p, OpenSpiel: actions/s", f"{openspiel[1]:,.0f}"),
        ("cribbage 2p, readable / OpenSpiel", f"{readable[0] / openspiel[0]:.2f}×"),
        ("cribbage 2p, fast / OpenSpiel", f"{fast[0] / openspiel[0]:.2f}×"),
        ("cribbage 2p, medians of", f"{REPEATS} runs"),
    ]


if __name__ == "__main__":
    for what, figure in rows():
        print(f"{what:<60} {figure:>12}")
