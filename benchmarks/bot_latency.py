"""Bot decision latency at each level, per game, on one core (bots issue, part 3: p95 ≤ 250 ms at the
default level ``normal``; ``hard`` may think longer).

The bot plays every seat of a few whole games in this process, pinned to one core, and every decision
is timed (moves with a single legal action included: the bot still answers them). Run alone with
``python benchmarks/bot_latency.py [--levels easy,normal,hard] [--games N]``; ``make bench`` runs the
default level.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

import numpy as np

from tabletop.sim import GameJob, run_job

GAMES: dict[str, dict[str, object]] = {
    "beetle": {"players": 3},
    "cribbage": {"players": 2},
    "cubulus": {"players": 2},
    "kubik": {"players": 2, "throws": "calibrated"},
}
"""The configurations timed: each game's common table (Kubik's bot never simulates physics to decide,
so the throw source does not change its latency)."""

GAMES_PER_CONFIGURATION = {"beetle": 3, "cribbage": 4, "cubulus": 6, "kubik": 5}


def pin_to_one_core() -> None:
    """Run on one core, as a live server's worker would."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def latencies(game: str, level: str, games: int) -> list[float]:
    """Every decision's seconds when ``level`` plays every seat of ``games`` games."""
    seats = int(str(GAMES[game]["players"]))
    times: list[float] = []
    for i in range(games):
        result = run_job(GameJob(i, game, GAMES[game], (level,) * seats, f"latency:{i}", max_actions=3_000))
        times.extend(t for seat in result.think_seconds for t in seat)
    return times


def rows(levels: Sequence[str] = ("normal",), games: int | None = None) -> list[tuple[str, str]]:
    """(what, figure) rows for ``make bench``: p50 / p95 / max decision milliseconds."""
    pin_to_one_core()
    table = []
    for level in levels:
        for game in GAMES:
            times = np.array(latencies(game, level, games or GAMES_PER_CONFIGURATION[game])) * 1e3
            p50, p95 = np.percentile(times, [50, 95])
            table.append((f"{game} {level}: decisions, p50 / p95 / max ms",
                          f"{len(times)}, {p50:.1f} / {p95:.1f} / {times.max():.1f}"))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--levels", default="normal", help="comma-separated levels (easy,normal,hard)")
    parser.add_argument("--games", type=int, default=None, help="games per game and level")
    args = parser.parse_args()
    for what, figure in rows(args.levels.split(","), args.games):
        print(f"{what:55} {figure}")


if __name__ == "__main__":
    main()
