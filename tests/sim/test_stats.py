"""Simulation statistics: lengths, seat results, points and the seat-advantage test (bots issue, part 5)."""

from __future__ import annotations

import pytest

from tabletop.sim.executors import make_executor, run_jobs
from tabletop.sim.stats import Distribution, simulation_jobs, summarise


def test_one_agent_name_fills_every_seat_and_rotation_cycles_seatings() -> None:
    jobs = simulation_jobs("beetle", {"players": 3}, ["random"], games=2, seed=0)
    assert all(job.agents == ("random",) * 3 for job in jobs)
    jobs = simulation_jobs("cubulus", {}, ["random", "first"], games=4, seed=0, rotate=True)
    assert [job.agents for job in jobs] == [("random", "first"), ("first", "random")] * 2


def test_the_agent_count_must_fit_the_seats() -> None:
    with pytest.raises(ValueError, match="needs 2 agents"):
        simulation_jobs("cubulus", {}, ["random", "first", "random"], games=1, seed=0)


def test_beetle_summary_counts_every_game_and_every_part() -> None:
    results = run_jobs(simulation_jobs("beetle", {"players": 2}, ["random"], games=40, seed=3))
    summary = summarise(results)
    assert summary["games"] == summary["finished"] == 40
    assert sum(line["wins"] for line in summary["seats"]) == 40  # B7: exactly one winner, no draws
    assert summary["draws"] == 0
    for line in summary["seats"]:
        assert line["points"]["high"] <= 13  # B3: a full beetle has 13 parts
    assert summary["seat_advantage_p"] is not None and 0 <= summary["seat_advantage_p"] <= 1
    assert summary["length"]["p5"] <= summary["length"]["median"] <= summary["length"]["p95"]


def test_games_stopped_early_are_counted_as_unfinished() -> None:
    results = run_jobs(simulation_jobs("cubulus", {}, ["random"], games=3, seed=0, max_actions=5))
    assert summarise(results)["finished"] == 0
    assert all(r.length == 5 for r in results)


def test_distribution_of_nothing_and_of_values() -> None:
    assert Distribution.of([]).mean == 0
    spread = Distribution.of([1.0, 2.0, 3.0])
    assert (spread.mean, spread.median, spread.low, spread.high) == (2.0, 2.0, 1.0, 3.0)


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="backends: local, ray"):
        make_executor("spark")
    with pytest.raises(ValueError, match="for the ray backend"):
        make_executor("local", address="auto")
