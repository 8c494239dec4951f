"""Neutral set-ups (U13) compared in the Cubulus expert's games against itself (issue #20).

The seat that does not start places the nine neutral balls and then moves second: the set-up is its
one lever against the starter. Against MCTS, ``benchmarks/cubulus_expert.py --mcts-starts --setup``
measures a set-up; this script asks the other question — how it holds against the expert itself.
Seat 0 starts and plays the level; seat 1 places the given set-up and plays the same level. The
expert is deterministic for a position, so each seat's first move of the play is drawn uniformly
from its legal moves (from the game's seed): the games differ, and every set-up meets the same
openings. Prints, for each set-up, the second player's wins, draws and losses with a 95% Wilson
interval of its win rate.

``--covering`` lists instead every set-up, up to the cube's 48 symmetries, that puts a neutral ball
on each of the 36 squares (so no square can be made before a neutral ball is moved out of it).

    .venv/bin/python benchmarks/cubulus_setups.py --games 100 --seed 1000 \\
        0,5,7,11,13,15,19,21,26 1,3,5,7,13,19,21,23,25
    .venv/bin/python benchmarks/cubulus_setups.py --covering
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter
from typing import Any

import tabletop
from tabletop.core import Agent, Decision
from tabletop.games.cubulus.expert import LEVELS, CubulusExpert
from tabletop.games.cubulus.geometry import CELLS, SQUARE_MASKS
from tabletop.games.cubulus.neutral import SETUPS, SYMMETRIES
from tabletop.sim import play
from tabletop.sim.tournament import wilson


class RandomFirstMove:
    """An agent whose first move of the play is uniformly random; the wrapped agent's otherwise."""

    def __init__(self, agent: Agent) -> None:
        self.agent, self.name, self.opened = agent, agent.name, False

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        """A random legal move the first time the play (not the set-up) asks, else the agent's."""
        if decision.view.get("phase") != "setup" and not self.opened:
            self.opened = True
            return decision.legal_actions[rng.randrange(len(decision.legal_actions))]
        return self.agent.choose(decision, rng)


def second_player_return(setup: tuple[int, ...], level: str, seed: int) -> float:
    """One game: the starter (seat 0) against the placer of ``setup`` (seat 1); seat 1's return."""
    game = tabletop.load("cubulus", players=2, first="0")
    agents = [RandomFirstMove(CubulusExpert(LEVELS[level])),
              RandomFirstMove(CubulusExpert(LEVELS[level], setups=(setup,)))]
    return play(game, agents, seed).state.returns()[1]


def covering_setups() -> list[tuple[tuple[int, ...], int]]:
    """Each nine-cell set-up with a cell on every square, as its least image under the symmetries,
    with how many of the C(27, 9) cell sets are its images."""
    classes: Counter[int] = Counter()
    for cells in itertools.combinations(range(27), 9):
        mask = sum(1 << c for c in cells)
        if all(mask & square for square in SQUARE_MASKS):
            classes[min(sum(1 << table[c] for c in cells) for table in SYMMETRIES)] += 1
    return [(tuple(c for c in range(27) if least >> c & 1), count) for least, count in sorted(classes.items())]


def kinds(cells: tuple[int, ...]) -> str:
    """How many corners, edges, face centres and centre the cells hold, e.g. ``2 corners, 6 edges, centre``."""
    counts = Counter(("corner", "edge", "face centre", "centre")[sum(v == 1 for v in CELLS[c].coords)]
                     for c in cells)
    return ", ".join(f"{counts[k]} {k}s" if counts[k] > 1 else k
                     for k in ("corner", "edge", "face centre", "centre") if counts[k])


def main() -> None:
    """Play the games (or list the covering set-ups) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("setups", nargs="*", metavar="CELLS",
                        help="set-ups to compare, nine cells 9x + 3y + z each, comma-separated "
                        "(default: the expert's own, in its order of preference)")
    parser.add_argument("--games", type=int, default=40, help="games per set-up (default 40)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--level", default="hard", help="both seats' level (default hard)")
    parser.add_argument("--covering", action="store_true",
                        help="list the set-ups with a neutral ball on every square, up to symmetry")
    args = parser.parse_args()
    if args.covering:
        found = covering_setups()
        for cells, images in found:
            print(f"{','.join(map(str, cells)):<28} {images:2d} images  {kinds(cells)}")
        print(f"{len(found)} set-ups up to symmetry")
        return
    if args.level not in LEVELS:
        parser.error(f"--level: one of {', '.join(LEVELS)}, not {args.level!r}")
    if args.games < 1:
        parser.error(f"--games: at least 1, not {args.games}")
    setups = []
    for text in args.setups or [",".join(map(str, s)) for s in SETUPS]:
        try:
            cells = tuple(int(c) for c in text.split(","))
        except ValueError:
            cells = ()
        if len(set(cells)) != 9 or len(cells) != 9 or not all(0 <= c < 27 for c in cells):
            parser.error(f"a set-up is nine different cells 0–26, comma-separated, not {text!r}")
        setups.append(cells)
    for cells in setups:
        returns = [second_player_return(cells, args.level, args.seed + i) for i in range(args.games)]
        wins, draws = sum(r > 0 for r in returns), sum(r == 0 for r in returns)
        low, high = wilson(wins, len(returns))
        print(f"{','.join(map(str, cells)):<28} second player {wins}-{draws}-{len(returns) - wins - draws} "
              f"of {len(returns)} ({wins / len(returns):.1%}, 95% Wilson CI {low:.1%}–{high:.1%})  {kinds(cells)}",
              flush=True)


if __name__ == "__main__":
    main()
