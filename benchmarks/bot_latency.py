"""Bot decision latency at each level, per game, on one core (bots issue, part 3: p95 ≤ 250 ms at the
default level ``normal``; ``hard`` may think longer).

The bot plays every seat of a few whole games in this process, pinned to one core, and every decision
is timed (moves with a single legal action included: the bot still answers them); p50 and p95 are
over all the decisions of those games. Run alone with ``python benchmarks/bot_latency.py [--levels
random,easy,normal,hard] [--games N]``; ``make bench`` runs every level.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from rich.console import Console
from sections import Section, ms, to_rich
from timing import Scale, one_core, percentiles_ms

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

HARD_GAMES = 2
"""At most this many games for ``hard``, which may think seconds a move (Cubulus's alone took minutes)."""

LEVELS = ("random", "easy", "normal", "hard")
"""The uniformly random bot, then each game's expert (or the generic search) at its three levels."""

MAX_ACTIONS = 3_000
"""Actions after which a game is cut short (scaled down with ``--work``, so a tiny run stays tiny)."""


def latencies(game: str, level: str, games: int, max_actions: int = MAX_ACTIONS) -> list[float]:
    """Every decision's seconds when ``level`` plays every seat of ``games`` games."""
    seats = int(str(GAMES[game]["players"]))
    times: list[float] = []
    for i in range(games):
        result = run_job(GameJob(i, game, GAMES[game], (level,) * seats, f"latency:{i}", max_actions=max_actions))
        times.extend(t for seat in result.think_seconds for t in seat)
    return times


def sections(scale: Scale, levels: Sequence[str] = LEVELS, games: int | None = None) -> list[Section]:
    """Decisions, p50 / p95 / max milliseconds per game and level."""
    rows = []
    with one_core():
        for game in GAMES:
            for level in levels:
                usual = GAMES_PER_CONFIGURATION[game]
                count = games or scale.of(min(usual, HARD_GAMES) if level == "hard" else usual)
                times = latencies(game, level, count, scale.of(MAX_ACTIONS))
                p50, p95, top = percentiles_ms(times)
                rows.append((game, level, str(count), str(len(times)), ms(p50), ms(p95), ms(top)))
    return [Section("bot-latency", "Bot decision latency (one core)",
                    ("game", "bot", "games", "decisions", "p50 ms", "p95 ms", "max ms"), tuple(rows),
                    "The bot plays every seat of whole seeded games (" + ", ".join(
                        f"{g} {' '.join(f'{k}={v}' for k, v in o.items())}" for g, o in GAMES.items())
                    + f"; hard at most {HARD_GAMES} games) pinned to one core; every decision is timed "
                    "(Agent.choose only), and p50 / p95 are over all decisions of those games, not medians "
                    "of runs. Beetle has no decisions (B13): every level is the same roller.")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels (random,easy,normal,hard)")
    parser.add_argument("--games", type=int, default=None, help="games per game and level")
    args = parser.parse_args()
    for section in sections(Scale(), args.levels.split(","), args.games):
        Console().print(to_rich(section))


if __name__ == "__main__":
    main()
