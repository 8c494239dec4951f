"""Cubulus's forced-loss proofs: the full proof search, threat-space search and proof numbers, at equal work.

Plays ``--games`` games of the expert's ``easy`` against ``normal`` (seeds ``solver0``, ``solver1``,
…), draws 40 of their play positions (seed 1), and after about six of each position's legal moves
asks :func:`~tabletop.games.cubulus.solver.forced_loss` whether the mover now loses by force
within ``--plies`` (positions lost within two plies are left out: both searches see those at
once). Prints, per search, how many losses it proved, its CPU time and the positions it spent (the
depth-first searches count positions visited, proof numbers positions made).

    .venv/bin/python benchmarks/cubulus_solver.py --plies 7 --nodes 4000
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import tabletop
from tabletop.core import State
from tabletop.games.cubulus import CubulusState, Phase
from tabletop.games.cubulus.expert import CubulusExpert
from tabletop.games.cubulus.proof_numbers import proved_loss
from tabletop.games.cubulus.solver import Outcome, forced_loss
from tabletop.sim import play


def positions(games: int) -> list[tuple[CubulusState, int]]:
    """(position after a move, the seat that made it) pairs, as the module docstring says."""
    game = tabletop.load("cubulus")
    seen: list[CubulusState] = []

    def watch(before: State[Any], action: Any, after: State[Any]) -> None:
        if isinstance(after, CubulusState) and after.phase is Phase.PLAY and after.moves >= 6:
            seen.append(after)

    for g in range(games):
        agents = [CubulusExpert("easy"), CubulusExpert("normal")]
        play(game, agents[::1 if g % 2 else -1], seed=f"solver{g}", on_step=watch)
    cases = []
    for state in random.Random(1).sample(seen, min(40, len(seen))):
        legal = state.legal_actions()
        for action in legal[::max(1, len(legal) // 6)]:
            after = state.apply(action)
            if not after.is_terminal and forced_loss(after, state.to_move, 1, 2).result != "loss":
                cases.append((after, state.to_move))
    return cases


def main() -> None:
    """Run both searches over the same positions and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games the positions come from (default 10)")
    parser.add_argument("--plies", type=int, default=7, help="the longest proof looked for (default 7)")
    parser.add_argument("--nodes", type=int, default=4000, help="positions a proof may take (default 4,000)")
    args = parser.parse_args()
    cases = positions(args.games)
    searches: dict[str, Callable[[CubulusState, int, int, int], Outcome]] = {
        "full proof search": partial(forced_loss, threats_only=False),
        "threat-space search": partial(forced_loss, threats_only=True),
        "proof numbers over threats": proved_loss}
    for name, search in searches.items():
        started, proved, nodes = time.process_time(), 0, 0
        for state, seat in cases:
            outcome = search(state, seat, args.nodes, args.plies)
            proved += outcome.result == "loss"
            nodes += outcome.nodes
        print(f"{name}: {proved} of {len(cases)} positions proved lost within {args.plies} plies, "
              f"{time.process_time() - started:.1f} s CPU, {nodes:,} positions")


if __name__ == "__main__":
    main()
