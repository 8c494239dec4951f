"""Round-robin tournaments between bots: the schedule, the standings and the ratings.

Every group of agents that can sit at one table (each pair in a two-player game; each trio in a
three-player game; with fewer agents than seats, every mix of at least two of them) plays
``games`` games, the seats rotating through every distinct seating so that no one keeps the
first move. Standings give win rates with Wilson confidence intervals, points per game (the
games' returns) with t intervals, the game's own points where it keeps them, and think times.
Ratings come from OpenSkill's Plackett–Luce model, updated game by game in schedule order, so
they do not depend on the order in which workers finished.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from openskill.models import PlackettLuce

import tabletop
from tabletop.core import extras
from tabletop.core.extras import MissingExtra, require
from tabletop.sim.jobs import AgentSpec, GameJob, GameResult, agent_names, entrants


def seatings(table: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct way to seat ``table``'s agents, in a fixed order (rotations first).

    >>> seatings(("a", "b"))
    [('a', 'b'), ('b', 'a')]
    >>> seatings(("a", "a", "b"))
    [('a', 'a', 'b'), ('a', 'b', 'a'), ('b', 'a', 'a')]
    """
    rotations = [tuple(table[i:]) + tuple(table[:i]) for i in range(len(table))]
    rest = sorted(set(itertools.permutations(table)) - set(rotations))
    return list(dict.fromkeys(rotations)) + rest


def tables(agents: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The groups of agents that play each other: every combination of ``seats`` distinct agents,
    or, with fewer agents than seats, every multiset of them with at least two different agents.

    >>> tables(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> tables(["a", "b"], 3)
    [('a', 'a', 'b'), ('a', 'b', 'b')]
    """
    if len(set(agents)) != len(agents):
        raise ValueError(f"--agents names an agent twice: {', '.join(agents)}")
    if len(agents) < 2:
        raise ValueError("a tournament needs at least two agents")
    if len(agents) >= seats:
        return list(itertools.combinations(agents, seats))
    return [mix for mix in itertools.combinations_with_replacement(agents, seats) if len(set(mix)) > 1]


def schedule(game: str, options: Mapping[str, Any], agents: Sequence[AgentSpec], games: int, seed: int | str,
             max_actions: int | None = None, duplicate: bool = False) -> list[GameJob]:
    """The round robin's games: ``games`` per table, seats rotating, each with its own seed.

    ``agents`` are bots by name or your own agents (:data:`~tabletop.sim.jobs.AgentSpec`: an agent
    object or a factory, named in the results by its agent's ``name``).

    ``duplicate``: each run through a table's seatings shares one seed, so every agent meets the same
    chance (the same deals, lots and rolls: chance has its own stream, :func:`tabletop.sim.play`) from
    every seat — as in duplicate bridge, the luck of the cards cancels within a set and far fewer
    games tell two bots apart (:func:`set_margins`). ``games`` must then fill whole sets.
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    seats = tabletop.load(game, **options).num_players
    names, factories = entrants(agents)
    jobs: list[GameJob] = []
    for number, table in enumerate(tables(names, seats)):
        ways = seatings(table)
        if duplicate and games % len(ways):
            raise ValueError(f"--duplicate plays each table in whole sets of its {len(ways)} seatings: "
                             f"--games must be a multiple of {len(ways)}, not {games}")
        own = {name: factories[name] for name in table if name in factories}
        for i in range(games):
            game_seed = f"{seed}:{number}:set{i // len(ways)}" if duplicate else f"{seed}:{number}:{i}"
            jobs.append(GameJob(len(jobs), game, dict(options), ways[i % len(ways)], game_seed,
                                table=number, max_actions=max_actions, factories=own))
    return jobs


@dataclass(frozen=True)
class Standing:
    """One agent's tournament line."""

    agent: str
    games: int
    wins: int
    draws: int  #: draws and shared first places
    losses: int
    win_rate: float
    win_interval: tuple[float, float] | None  #: 95% Wilson interval (None without SciPy: :func:`stats_note`)
    points: float  #: mean return per game
    points_interval: tuple[float, float] | None  #: 95% t interval (None without SciPy)
    game_points: float | None  #: mean of the game's own points (pegs, team points), where kept
    rating: float  #: OpenSkill mu
    rating_sigma: float
    ordinal: float  #: mu − 3 sigma: the rating it almost surely deserves at least
    think_p50_ms: float
    think_p95_ms: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {key: (list(value) if isinstance(value, tuple) else value) for key, value in self.__dict__.items()}


STATS_PURPOSE = "confidence intervals and the seat test"
"""What SciPy (the ``stats`` extra) adds to results: without it they come without these."""


def stats_note() -> str | None:
    """Why results have no confidence intervals — SciPy is not installed, and how to install it —
    or None when they have them. Games, win rates, points and ratings need no SciPy."""
    if extras.available("scipy"):
        return None
    return str(MissingExtra("scipy", "stats", STATS_PURPOSE, " (results without them)"))


def wilson(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (SciPy's), (0, 1) with no trials."""
    if trials == 0:
        return (0.0, 1.0)
    require("scipy", extra="stats", purpose="win-rate intervals")
    from scipy import stats  # loaded where an interval is computed, not for every command that imports this

    interval = stats.binomtest(successes, trials).proportion_ci(confidence, method="wilson")
    return (float(interval.low), float(interval.high))


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float]:
    """A t interval for the mean of ``values`` (the mean itself when they cannot vary)."""
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2 or len(set(values)) == 1:
        return (mean, mean)
    require("scipy", extra="stats", purpose="mean intervals")
    from scipy import stats

    low, high = stats.t.interval(confidence, len(values) - 1, loc=mean, scale=stats.sem(values))
    return (float(low), float(high))


def ratings(results: Sequence[GameResult], agents: Sequence[AgentSpec]) -> dict[str, tuple[float, float, float]]:
    """Each agent's OpenSkill (Plackett–Luce) rating after ``results`` in order: (mu, sigma, ordinal).

    Each seat is a one-player team ranked by its return (equal returns tie, so partnerships share a
    place); an agent in several seats of one game is rated once per seat and its new rating is the
    average of those.
    """
    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in agent_names(agents)}
    for result in results:
        if not result.finished:
            continue
        teams = [[current[name]] for name in result.agents]
        updated = model.rate(teams, scores=list(result.returns))
        for name in set(result.agents):
            mine = [team[0] for team, seat_name in zip(updated, result.agents, strict=True) if seat_name == name]
            current[name] = model.rating(mu=statistics.fmean(r.mu for r in mine),
                                         sigma=statistics.fmean(r.sigma for r in mine), name=name)
    return {name: (r.mu, r.sigma, r.ordinal()) for name, r in current.items()}


def standings(results: Sequence[GameResult], agents: Sequence[AgentSpec]) -> list[Standing]:
    """Each agent's results over every seat it took, best rating first; without SciPy, without
    their intervals (:func:`stats_note` says so)."""
    names = agent_names(agents)
    rated = ratings(results, names)
    intervals = extras.available("scipy")
    lines = []
    for name in names:
        wins = draws = losses = 0
        returns: list[float] = []
        own_points: list[float] = []
        times: list[float] = []
        for result in results:
            for seat, seat_name in enumerate(result.agents):
                if seat_name != name:
                    continue
                returns.append(result.returns[seat])
                times.extend(result.think_seconds[seat])
                if result.points is not None:
                    own_points.append(result.points[seat])
                if result.winners == (seat,):
                    wins += 1
                elif seat in result.winners or not result.winners:
                    draws += 1
                else:
                    losses += 1
        played = wins + draws + losses
        mu, sigma, ordinal = rated[name]
        lines.append(Standing(
            agent=name, games=played, wins=wins, draws=draws, losses=losses,
            win_rate=wins / played if played else 0.0, win_interval=wilson(wins, played) if intervals else None,
            points=statistics.fmean(returns) if returns else 0.0,
            points_interval=mean_interval(returns) if intervals else None,
            game_points=statistics.fmean(own_points) if own_points else None,
            rating=mu, rating_sigma=sigma, ordinal=ordinal,
            think_p50_ms=percentile(times, 50) * 1e3, think_p95_ms=percentile(times, 95) * 1e3,
        ))
    return sorted(lines, key=lambda line: -line.ordinal)


def head_to_head(results: Sequence[GameResult], agents: Sequence[AgentSpec]) -> dict[str, dict[str, float]]:
    """``matrix[a][b]``: the share of the games a and b both played that a won outright."""
    names = agent_names(agents)
    matrix: dict[str, dict[str, float]] = {}
    for a in names:
        row: dict[str, float] = {}
        for b in names:
            shared = [r for r in results if a in r.agents and b in r.agents and a != b]
            won = sum(1 for r in shared if len(r.winners) == 1 and r.agents[r.winners[0]] == a)
            if shared:
                row[b] = won / len(shared)
        matrix[a] = row
    return matrix


def set_margins(results: Sequence[GameResult], a: str, b: str) -> list[float]:
    """a's mean margin over b in the game's own points (or returns), one value per set of games
    that shared a seed (a duplicate schedule's sets; each game alone otherwise), over the games
    that seated both: a's best seat's points less b's best seat's.

    Within a duplicate set the cards cancel, so these values vary far less than single games do and
    a t interval over them (:func:`mean_interval`) separates close bots in fewer games.
    """
    by_seed: dict[str, list[float]] = {}
    for result in results:
        if a not in result.agents or b not in result.agents or a == b or not result.finished:
            continue
        scores = result.points if result.points is not None else result.returns
        best = {name: max(score for score, seat_name in zip(scores, result.agents, strict=True) if seat_name == name)
                for name in (a, b)}
        by_seed.setdefault(result.seed, []).append(best[a] - best[b])
    return [statistics.fmean(margins) for margins in by_seed.values()]


def margins(results: Sequence[GameResult], agents: Sequence[AgentSpec]) -> dict[str, dict[str, dict[str, Any]]]:
    """``matrix[a][b]``: a's mean margin over b per set (:func:`set_margins`), its 95% t interval (None
    without SciPy) and the sets."""
    names = agent_names(agents)
    intervals = extras.available("scipy")
    matrix: dict[str, dict[str, dict[str, Any]]] = {}
    for a in names:
        matrix[a] = {}
        for b in names:
            values = set_margins(results, a, b) if a != b else []
            if values:
                matrix[a][b] = {"mean": statistics.fmean(values), "sets": len(values),
                                "interval": list(mean_interval(values)) if intervals else None}
    return matrix


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile of ``values`` (NumPy's linear rule); 0 when there are none."""
    return float(np.percentile(values, q)) if len(values) else 0.0
