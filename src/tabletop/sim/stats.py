"""Statistics of many games between fixed seats: length, returns, points, seat advantage.

``tabletop simulate`` plays one seating many times (or every seating with ``rotate``) and
summarises: how long games last, how each seat does (win rate with a Wilson interval, mean return,
the game's own points as a distribution), whether the seat itself matters (a chi-square test of
wins by seat when the same agent sits everywhere), and how long the bots think. The intervals and
the test need SciPy (the ``stats`` extra); without it the summary has the rest and says so (``notes``).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import tabletop
from tabletop.core import extras
from tabletop.core.extras import require
from tabletop.sim.jobs import AgentSpec, GameJob, GameResult, entrants
from tabletop.sim.tournament import STATS_PURPOSE, mean_interval, percentile, seatings, stats_note, wilson


def simulation_jobs(game: str, options: Mapping[str, Any], agents: Sequence[AgentSpec], games: int,
                    seed: int | str, rotate: bool = False, max_actions: int | None = None) -> list[GameJob]:
    """``games`` games with ``agents`` in seat order (one: that agent in every seat); ``rotate``
    cycles the agents through every seating so each agent's figures do not carry a seat's edge.
    ``agents`` are bots by name or your own (:data:`~tabletop.sim.jobs.AgentSpec`).
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    seats = tabletop.load(game, **options).num_players
    names, factories = entrants(agents)
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise ValueError(f"{game} with {seats} players needs {seats} agents (or one for every seat), "
                         f"not {len(names)}")
    ways = seatings(tuple(names)) if rotate else [tuple(names)]
    return [GameJob(i, game, dict(options), ways[i % len(ways)], f"{seed}:{i}", max_actions=max_actions,
                    factories=factories)
            for i in range(games)]


@dataclass(frozen=True)
class Distribution:
    """A sample described by its mean, spread and percentiles."""

    mean: float
    stdev: float
    p5: float
    median: float
    p95: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Distribution:
        """The description of ``values`` (all zero when there are none)."""
        if not values:
            return cls(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        return cls(statistics.fmean(values), statistics.pstdev(values), percentile(values, 5),
                   percentile(values, 50), percentile(values, 95), min(values), max(values))


def summarise(results: Sequence[GameResult]) -> dict[str, Any]:
    """JSON-ready statistics of ``results`` (games of one game, any seatings)."""
    if not results:
        raise ValueError("no games to summarise")
    seats = len(results[0].agents)
    finished = [r for r in results if r.finished]
    intervals = extras.available("scipy")  # without SciPy: the figures without their intervals, and a note
    by_seat = []
    wins_by_seat: list[int] = []
    for seat in range(seats):
        wins = sum(1 for r in finished if r.winners == (seat,))
        returns = [r.returns[seat] for r in finished]
        points = [r.points[seat] for r in finished if r.points is not None]
        times = [t for r in results for t in r.think_seconds[seat]]
        wins_by_seat.append(wins)
        by_seat.append({
            "seat": seat,
            "agents": sorted({r.agents[seat] for r in results}),
            "wins": wins,
            "win_rate": wins / len(finished) if finished else 0.0,
            "win_interval": list(wilson(wins, len(finished))) if intervals else None,
            "mean_return": statistics.fmean(returns) if returns else 0.0,
            "return_interval": list(mean_interval(returns)) if intervals else None,
            "points": Distribution.of(points).__dict__ if points else None,
            "think_p50_ms": percentile(times, 50) * 1e3,
            "think_p95_ms": percentile(times, 95) * 1e3,
        })
    same_agents = len({r.agents for r in results}) == 1 and len(set(results[0].agents)) == 1
    seat_test = None
    if same_agents and sum(wins_by_seat) > 0 and seats > 1 and intervals:
        require("scipy", extra="stats", purpose=STATS_PURPOSE)
        from scipy import stats  # scipy loads only where a summary tests the seats (a second of start-up)

        seat_test = float(stats.chisquare(wins_by_seat).pvalue)
    return {
        "games": len(results),
        "finished": len(finished),
        "draws": sum(1 for r in finished if not r.winners),
        "length": Distribution.of([float(r.length) for r in results]).__dict__,
        "decisions": Distribution.of([float(sum(r.decisions)) for r in results]).__dict__,
        "seats": by_seat,
        "seat_advantage_p": seat_test,
        "seconds_per_game": statistics.fmean(r.seconds for r in results),
        "notes": [note] if (note := stats_note()) else [],
    }
