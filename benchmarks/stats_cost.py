"""What a finished game's statistics cost: the CPU of the job the server runs once per finished game.

Plays ``--games`` games of each game that keeps statistics between its bots (cribbage to 121, two players,
``normal`` against ``easy``; Cubulus, two players, ``normal`` against ``easy``; Kubik, two against two on the
calibrated model, ``normal`` against ``easy``), then times :func:`tabletop.server.jobs.seat_statistics` — every
seat of the game, as the server's pool runs it — in CPU seconds of its thread, after one warm-up job (the machine
code and the winning policy's table are made or read once a process). Prints per game the decisions rated, the
mean and the largest CPU per finished game, and whether any analysis ran out of its budget.

    .venv/bin/python benchmarks/stats_cost.py --games 3
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import tabletop
from tabletop.server.jobs import seat_statistics
from tabletop.server.site.stats.feature import GAME_SECONDS
from tabletop.sim import play

SETUPS: dict[str, dict[str, Any]] = {
    "cribbage": {"players": 2},
    "cubulus": {"players": 2},
    "kubik": {"players": 4, "throws": "calibrated"},
}
"""Each game's table, as people play it (the server's defaults)."""
RATED = {"cribbage": "discards", "cubulus": "positions", "kubik": "rated_throws"}
"""The total that counts each game's decisions analysed."""


def played(name: str, games: int) -> list[str]:
    """``games`` records of ``name`` between its normal and easy bots, as JSON."""
    game = tabletop.load(name, **SETUPS[name])
    bots = game.bots()
    agents = [bots["normal" if seat % 2 == 0 else "easy"]() for seat in range(game.num_players)]
    return [play(game, agents, f"stats{n}").record.to_json(indent=None) for n in range(games)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for name in SETUPS:
        records = played(name, args.games)
        seats = list(range(SETUPS[name]["players"]))
        seat_statistics(name, records[0], seats, GAME_SECONDS)  # (warm-up: machine code, tables)
        costs, rated, complete = [], 0.0, True
        for record in records:
            start = time.thread_time()
            found = seat_statistics(name, record, seats, GAME_SECONDS)
            costs.append(time.thread_time() - start)
            rated += sum(seat["totals"].get(RATED[name], 0.0) for seat in found.values())
            complete = complete and all(seat["complete"] for seat in found.values())
        print(f"{name}: {len(records)} games, {rated / len(records):.0f} decisions rated a game, CPU a game "
              f"{sum(costs) / len(costs) * 1000:.0f} ms mean, {max(costs) * 1000:.0f} ms most; "
              f"{'every analysis complete' if complete else 'some stopped at the budget'}")


if __name__ == "__main__":
    main()
