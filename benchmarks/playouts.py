"""Random playouts per game and configuration: games/s, actions/s and actions per game.

Uniformly random legal actions, chance drawn with its probabilities, through the one game interface
(:func:`tabletop.sim.random_playout`): the speed every agent's rollouts and every simulation see.
Each game is timed at its default table and at its largest; every run plays the same seeded games,
and the figures are medians of the runs. "Games per reference" multiplies games/s by the machine's
yardstick (:func:`timing.reference_seconds`), so that two machines' reports compare.
"""

from __future__ import annotations

import random
from typing import Any

from sections import Section, rate
from timing import Scale, median_rate, reference_seconds

import tabletop
from tabletop.sim import random_playout

GAMES = {"beetle": 200, "cribbage": 40, "cubulus": 200, "kubik": 20}
"""Games per run at full scale, so that a run takes about a second on a laptop core."""

OPTIONS: dict[str, dict[str, Any]] = {"kubik": {"throws": "calibrated"}}
"""Options besides the players: Kubik's physics throws are timed in their own section."""


def configurations() -> list[tuple[str, dict[str, Any]]]:
    """(game, options) pairs: each game's default table and its largest (the games tabletop ships, which
    :data:`GAMES` sizes; a game another package registers is not timed here)."""
    found = []
    for name in GAMES:
        game = tabletop.REGISTRY[name]
        base = OPTIONS.get(name, {})
        found += [(name, base), (name, {**base, "players": game.spec.max_players})]
    return found


def measure(name: str, options: dict[str, Any], games: int, runs: int) -> tuple[float, float, float]:
    """Median games/s and actions/s of ``games`` seeded random games, and the mean actions a game."""
    game = tabletop.load(name, **options)
    lengths: list[int] = []

    def batch() -> int:
        rng = random.Random(1)
        lengths[:] = [random_playout(game, rng)[1] for _ in range(games)]
        return sum(lengths)

    games_per_s, actions_per_s = median_rate(batch, games, runs)
    return games_per_s, actions_per_s, sum(lengths) / games


def sections(scale: Scale) -> list[Section]:
    """The random-playout table."""
    reference = reference_seconds(scale.runs)
    rows = []
    for name, options in configurations():
        games = scale.of(GAMES[name])
        players = tabletop.load(name, **options).num_players
        label = " ".join(f"{k}={v}" for k, v in {**options, "players": players}.items())
        games_per_s, actions_per_s, length = measure(name, options, games, scale.runs)
        rows.append((name, label, str(games), rate(games_per_s), rate(actions_per_s), f"{length:,.0f}",
                     f"{games_per_s * reference:.2f}"))
    return [Section("playouts", "Random playouts",
                    ("game", "options", "games a run", "games/s", "actions/s", "actions/game", "games per reference"),
                    tuple(rows),
                    "The same seeded games every run, uniformly random legal actions and chance drawn with its "
                    f"probabilities (tabletop.sim.random_playout); medians of {scale.runs} runs. Actions count "
                    "chance outcomes too (deals, cuts, rolls, throws).")]


if __name__ == "__main__":
    from rich.console import Console
    from sections import to_rich

    for section in sections(Scale()):
        Console().print(to_rich(section))
