"""The ratings simulation of issue #46 (``benchmarks/ratings.py``) at a small scale: one seeded ladder a pool.

The levels whose measured win rates tell them apart end in their known order; cribbage's are measured too
close together for any ladder to order (and the simulation says so); a newcomer leaves provisional in a
sane number of games. Every figure is drawn from seeded generators: nothing here depends on time.
"""

from __future__ import annotations

import itertools
import statistics
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.core import LEVELS

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import ratings  # noqa: E402
from timing import Scale  # noqa: E402

APART = ("cubulus-2", "kubik-1v1", "cubulus-3")
"""Pools whose adjacent levels win at least 60% of a game of two against each other, as fitted."""
CLOSE = ("cribbage-2", "cribbage-3")
"""Pools whose levels are measured within a few points of a coin flip of each other."""


@pytest.fixture(scope="module")
def ladders() -> dict[str, ratings.Ladder]:
    """One ladder a pool (the full run's first), with a few newcomers."""
    return {pool: ratings.simulate(pool, ladders=1, newcomers=8)[0] for pool in ratings.MEASURED}


def pairwise(pool: str) -> list[float]:
    """Each level's fitted chance to beat the level below it in a game of two."""
    strengths = list(ratings.pool_strengths(pool).values())
    return [ratings.chance([low, high], 1) for low, high in itertools.pairwise(strengths)]


def test_every_simulated_pool_is_a_rated_pool_of_single_seats() -> None:
    assert set(APART) | set(CLOSE) == set(ratings.MEASURED)
    for pool in ratings.MEASURED:
        game, players = ratings.pool_table(pool)
        assert all(len(seats) == 1 for _, seats in tabletop.load(game, players=players).seat_sides()), pool


def test_the_fitted_strengths_keep_the_levels_order_and_their_measured_win_rates() -> None:
    for pool, measured in ratings.MEASURED.items():
        strengths = ratings.pool_strengths(pool)
        assert list(strengths) == [level for level in LEVELS if level in strengths], pool
        assert sorted(strengths, key=strengths.__getitem__) == list(strengths), pool
        for tally in measured.tallies:
            _, share, model = ratings.top_share(tally, strengths)
            assert abs(share - model) < 0.05, (pool, tally.table)


@pytest.mark.parametrize("pool", APART)
def test_levels_told_apart_end_in_their_known_order(pool: str, ladders: dict[str, ratings.Ladder]) -> None:
    assert min(pairwise(pool)) >= 0.6
    run = ladders[pool]
    assert list(run.levels) == [level for level in LEVELS if level in run.levels]
    assert ratings.in_order(list(run.levels.values())), {level: skill.shown for level, skill in run.levels.items()}
    means = run.settled_means()
    assert means == sorted(means)
    assert run.ordered_from is not None and run.ordered_from <= ratings.ROUNDS
    assert run.tau > 0.5


@pytest.mark.parametrize("pool", CLOSE)
def test_cribbage_levels_are_measured_too_close_for_a_ladder_to_spread(pool: str,
                                                                      ladders: dict[str, ratings.Ladder]) -> None:
    assert max(pairwise(pool)) < 0.6
    means = ladders[pool].settled_means()  # over the second half: a level's rating wanders, game by game
    assert max(means) - min(means) < 150


def test_a_newcomer_leaves_provisional_in_a_sane_number_of_games(ladders: dict[str, ratings.Ladder]) -> None:
    for pool, run in ladders.items():
        assert len(run.newcomers) == len(run.matched) == 8
        assert 3 <= statistics.median(run.newcomers) <= 60, pool
        assert 3 <= statistics.median(run.matched) <= 60, pool
        assert 3 <= statistics.median(run.founders) <= 60, pool
        assert all(not skill.shown["provisional"] for skill in run.people), pool


def test_the_same_seed_plays_the_same_ladder() -> None:
    strengths = ratings.pool_strengths("cubulus-3")
    first, again = (ratings.ladder("cubulus-3", strengths, "test", rounds=20, newcomers=2) for _ in range(2))
    assert first.trace == again.trace and first.newcomers == again.newcomers
    assert ratings.ladder("cubulus-3", strengths, "other", rounds=20).trace != first.trace


def test_the_sections_are_tables_of_figures() -> None:
    found = ratings.sections(Scale(runs=1, work=0.01), pools=("kubik-1v1", "cubulus-3"))
    assert [section.key for section in found] == ["ratings"] * 3
    levels, people, rates = found
    assert [row[0] for row in levels.rows] == [row[0] for row in people.rows] == ["kubik-1v1", "cubulus-3"]
    assert levels.rows[1][4] == "—"  # no hard in three-player Cubulus: it is not run live
    assert len(rates.rows) == 5
