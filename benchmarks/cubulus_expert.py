"""The Cubulus expert's strength: the normal level against plain MCTS with random rollouts (issue #6).

Two players, every game with fresh agents; the expert's seat and the starting seat alternate so
that each colour and each role — the starter, and the seat placing the neutral balls (U13) —
come up equally often: game i puts the expert in seat i mod 2 with seat ⌊i/2⌋ mod 2 starting.
Prints the expert's win rate with a 95% Wilson interval, the draws, and the p50/p95 time of the
expert's decisions with more than one legal action (play and neutral placements apart; for play
also the CPU time, which a busy machine does not inflate).

    .venv/bin/python benchmarks/cubulus_expert.py --games 40 --rollouts 1000
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

import tabletop
from tabletop.agents import MCTSAgent, make_bot
from tabletop.core import Agent, Decision
from tabletop.sim import play
from tabletop.sim.tournament import wilson


class Timed:
    """Wraps an agent and records how long each of its decisions with a choice takes."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds: list[float] = []  #: play decisions (the search), wall time
        self.cpu_seconds: list[float] = []  #: the same decisions, CPU time of this process
        self.setup_seconds: list[float] = []  #: neutral placements (U13)

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """The wrapped agent's choice, timed."""
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self.agent.choose(decision, rng)
        if len(decision.legal_actions) > 1:
            if decision.view.get("phase") == "setup":
                self.setup_seconds.append(time.perf_counter() - start)
            else:
                self.seconds.append(time.perf_counter() - start)
                self.cpu_seconds.append(time.process_time() - start_cpu)
        return action




def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values`` by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games to play (default 40)")
    parser.add_argument("--rollouts", type=int, default=1000, help="MCTS random rollouts per move (default 1000)")
    parser.add_argument("--level", default="normal", help="the expert's level (default normal)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    args = parser.parse_args()
    wins = draws = losses = 0
    timers: list[Timed] = []
    started = time.perf_counter()
    for i in range(args.games):
        seat, first = i % 2, i // 2 % 2
        game = tabletop.load("cubulus", players=2, first=str(first))
        expert = Timed(make_bot(args.level, game))
        timers.append(expert)
        agents: list[Agent] = [expert, expert]
        agents[1 - seat] = MCTSAgent(simulations=args.rollouts, name=f"mcts{args.rollouts}")
        result = play(game, agents, args.seed + i).state
        score = result.returns()[seat]
        wins += score > 0
        draws += score == 0
        losses += score < 0
        outcome = "win" if score > 0 else "draw" if score == 0 else "loss"
        print(f"game {i + 1:3d}: expert seat {seat}, seat {first} starts: {outcome} "
              f"({wins}-{draws}-{losses}, {time.perf_counter() - started:.0f} s)", flush=True)
    low, high = wilson(wins, args.games)
    seconds = [s for timer in timers for s in timer.seconds]
    cpu = [s for timer in timers for s in timer.cpu_seconds]
    setup = [s for timer in timers for s in timer.setup_seconds]
    print(f"\nexpert ({args.level}) vs MCTS ({args.rollouts} random rollouts), {args.games} games, "
          "alternating colours and first player")
    print(f"wins {wins} ({wins / max(args.games, 1):.1%}, 95% Wilson CI {low:.1%}–{high:.1%}), "
          f"draws {draws}, losses {losses}")
    for label, values in (("play decisions (wall)", seconds), ("play decisions (CPU)", cpu),
                          ("neutral placements (wall)", setup)):
        if values:
            print(f"expert {label}: {len(values)}, p50 {statistics.median(values) * 1000:.1f} ms, "
                  f"p95 {percentile(values, 0.95) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
