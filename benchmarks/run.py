"""`make bench`: random-playout speed per game and exact-odds timings, as medians of several runs.

Timings on shared machines are noisy, so every figure is the median of ``REPEATS`` runs, and a
pure-Python reference loop is timed in the same run so figures can be compared across machines
as ratios. Not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import importlib
import platform
import random
import statistics
from typing import Any

from rich.console import Console
from rich.table import Table
from timing import median_seconds

import tabletop
from tabletop.games.beetle import PartsTable, preset
from tabletop.games.beetle.odds import chain, turn_order_odds
from tabletop.sim import random_playout

REPEATS = 5

PLAYOUT_OPTIONS = {"kubik": {"throws": "calibrated"}}
"""Options for the random-playout table: Kubik's physics throws are measured in their own table."""


def reference() -> float:
    """Seconds for one million draws from a seeded generator: the machine's yardstick."""
    rng = random.Random(0)
    return median_seconds(lambda: [rng.random() for _ in range(1_000_000)])


def main() -> None:
    console = Console()
    ref = reference()
    console.print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}; "
                  f"reference (1M rng draws): {ref * 1000:.1f} ms; medians of {REPEATS} runs")
    games = Table(title="Random playouts", title_justify="left")
    for column in ("game", "options", "games/s", "actions/s", "actions/game", "games per ref time"):
        games.add_column(column, justify="right" if column != "game" else "left")
    for name in tabletop.REGISTRY:
        base = PLAYOUT_OPTIONS.get(name, {})
        for options in (base, {**base, "players": tabletop.REGISTRY[name].spec.max_players}):
            game = tabletop.load(name, **options)
            n = 200
            lengths: list[int] = []

            def batch(game: tabletop.Game[Any, Any] = game, n: int = n, lengths: list[int] = lengths) -> None:
                rng = random.Random(1)
                lengths.clear()
                for _ in range(n):
                    lengths.append(random_playout(game, rng)[1])

            seconds = median_seconds(batch)
            per_game = statistics.fmean(lengths)
            label = " ".join(f"{k}={v}" for k, v in {**options, "players": game.num_players}.items())
            games.add_row(name, label, f"{n / seconds:,.0f}",
                          f"{n * per_game / seconds:,.0f}", f"{per_game:.0f}", f"{n / seconds * ref:.2f}")
    console.print(games)
    odds = Table(title="Beetle exact odds", title_justify="left")
    for column in ("table", "players", "play-on", "sheets", "ms (cold chain)", "ms (cached chain)"):
        odds.add_column(column, justify="right")
    for variant, players, play_on in [("classic", 2, False), ("classic", 8, False), ("winged", 8, True)]:
        table = preset(variant)

        def cold(table: PartsTable = table, players: int = players, play_on: bool = play_on) -> None:
            chain.cache_clear()
            turn_order_odds(table, players, play_on)

        def warm(table: PartsTable = table, players: int = players, play_on: bool = play_on) -> None:
            turn_order_odds(table, players, play_on)

        cold_s = median_seconds(cold)
        warm_s = median_seconds(warm)
        odds.add_row(variant, str(players), "yes" if play_on else "no", str(len(chain(table).sheets)),
                     f"{cold_s * 1000:.1f}", f"{warm_s * 1000:.1f}")
    console.print(odds)
    sections = (("Cribbage analysis", "cribbage_analysis"), ("Cribbage engine vs OpenSpiel", "cribbage_engine"),
                ("Kubik physics", "kubik_physics"), ("Bot decision latency (one core)", "bot_latency"),
                ("Live server: 200 tables against bots, people thinking 1 s", "server_load"))
    for title, module in sections:
        section = Table(title=title, title_justify="left")
        section.add_column("what")
        section.add_column("figure", justify="right")
        for what, figure in importlib.import_module(module).rows():
            section.add_row(what, figure)
        console.print(section)


if __name__ == "__main__":
    main()
