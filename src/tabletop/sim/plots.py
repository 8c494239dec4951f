"""Pictures of tournaments and simulations as PNG files.

Drawn with matplotlib's object API (a :class:`~matplotlib.figure.Figure` saved straight to a file):
no pyplot state, no screen, safe in worker processes and servers.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.core.extras import require

require("matplotlib", extra="plot", purpose="plots (--plot)")

from matplotlib.figure import Figure

from tabletop.sim.jobs import GameResult
from tabletop.sim.tournament import Standing


def plot_tournament(lines: Sequence[Standing], path: Path, title: str) -> None:
    """Ratings (mu ± 3 sigma) and win rates (with 95% intervals), one bar per agent."""
    names = [line.agent for line in lines]
    figure = Figure(figsize=(10, 0.5 * len(names) + 2.5), layout="constrained")
    left, right = figure.subplots(1, 2)
    positions = range(len(names))
    left.barh(positions, [line.rating for line in lines], xerr=[3 * line.rating_sigma for line in lines],
              color="#4477aa", capsize=4)
    left.set(yticks=list(positions), yticklabels=names, xlabel="OpenSkill rating (μ ± 3σ)")
    left.invert_yaxis()
    rates = [line.win_rate for line in lines]
    errors = [[r - (line.win_interval or (r, r))[0] for r, line in zip(rates, lines, strict=True)],
              [(line.win_interval or (r, r))[1] - r for r, line in zip(rates, lines, strict=True)]]
    right.barh(positions, rates, xerr=errors, color="#ee6677", capsize=4)
    right.set(yticks=list(positions), yticklabels=names, xlabel="win rate (95% Wilson interval)", xlim=(0, 1))
    right.invert_yaxis()
    figure.suptitle(title)
    figure.savefig(path, dpi=110)


def plot_simulation(results: Sequence[GameResult], summary: dict[str, Any], path: Path, title: str) -> None:
    """Game lengths, win rate by seat, and each seat's points where the game keeps points."""
    has_points = any(r.points is not None for r in results)
    figure = Figure(figsize=(13 if has_points else 9, 4), layout="constrained")
    axes = figure.subplots(1, 3 if has_points else 2)
    axes[0].hist([r.length for r in results], bins=30, color="#4477aa")
    axes[0].set(xlabel="actions per game", ylabel="games")
    seats = summary["seats"]
    rates = [line["win_rate"] for line in seats]
    low = [r - (line["win_interval"] or (r, r))[0] for r, line in zip(rates, seats, strict=True)]  # none: no SciPy
    high = [(line["win_interval"] or (r, r))[1] - r for r, line in zip(rates, seats, strict=True)]
    labels = [f"{line['seat'] + 1}: {'/'.join(line['agents'])}" for line in seats]
    axes[1].bar(labels, rates, yerr=[low, high], color="#ee6677", capsize=4)
    axes[1].set(ylabel="win rate (95% interval)", ylim=(0, 1), xlabel="seat")
    if has_points:
        for seat in range(len(seats)):
            values = [r.points[seat] for r in results if r.points is not None]
            axes[2].hist(values, bins=30, alpha=0.5, label=labels[seat])
        axes[2].set(xlabel="the game's own points at the end", ylabel="games")
        axes[2].legend()
    figure.suptitle(title)
    figure.savefig(path, dpi=110)
