"""Round-robin schedule, standings, intervals and ratings (bots issue, part 4)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from tabletop.core import Decision
from tabletop.sim.executors import LocalExecutor, run_jobs
from tabletop.sim.jobs import AgentSpec, GameJob, GameResult, run_job
from tabletop.sim.tournament import head_to_head, mean_interval, ratings, schedule, seatings, standings, tables, wilson


def result(index: int, agents: tuple[str, ...], returns: tuple[float, ...], winners: tuple[int, ...]) -> GameResult:
    return GameResult(index, 0, agents, str(index), returns, winners, True, 10, (1,) * len(agents), None,
                      tuple((0.001,) for _ in agents))


def test_every_pair_meets_and_seats_rotate() -> None:
    jobs = schedule("cubulus", {}, ["random", "first", "easy"], games=4, seed=7)
    assert len(jobs) == 3 * 4
    pairs = {frozenset(job.agents) for job in jobs}
    assert pairs == {frozenset(p) for p in (("random", "first"), ("random", "easy"), ("first", "easy"))}
    for table in range(3):
        games = [job for job in jobs if job.table == table]
        firsts = [job.agents[0] for job in games]
        assert firsts.count(firsts[0]) == 2  # each agent takes the first seat in half the games
    assert len({job.seed for job in jobs}) == len(jobs)


def test_fewer_agents_than_seats_mix_them() -> None:
    assert tables(["a", "b"], 3) == [("a", "a", "b"), ("a", "b", "b")]
    assert seatings(("a", "a", "b")) == [("a", "a", "b"), ("a", "b", "a"), ("b", "a", "a")]
    assert len(seatings(("a", "b", "c"))) == 6


@pytest.mark.parametrize(("agents", "message"), [(["a"], "at least two"), (["a", "a"], "twice")])
def test_bad_agent_lists(agents: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tables(agents, 2)


def test_bad_game_count() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        schedule("beetle", {}, ["random", "first"], games=0, seed=0)


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(55, 100)
    assert low == pytest.approx(0.4524, abs=1e-4) and high == pytest.approx(0.6438, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert mean_interval([1.0, 1.0]) == (1.0, 1.0)
    low, high = mean_interval([0.0, 1.0] * 50)
    assert low < 0.5 < high


def test_standings_count_wins_draws_losses_and_rate_the_winner_higher() -> None:
    results = [result(i, ("a", "b") if i % 2 else ("b", "a"), (1.0, -1.0), (0,)) for i in range(10)]
    results.append(result(10, ("a", "b"), (0.0, 0.0), ()))
    lines = {line.agent: line for line in standings(results, ["a", "b"])}
    assert (lines["a"].wins, lines["a"].draws, lines["a"].losses) == (5, 1, 5)
    assert lines["a"].games == lines["b"].games == 11
    rated = ratings([result(i, ("a", "b"), (1.0, -1.0), (0,)) for i in range(5)], ["a", "b"])
    assert rated["a"][0] > 25 > rated["b"][0]
    assert head_to_head(results, ["a", "b"])["a"]["b"] == pytest.approx(5 / 11)


class Backwards:
    """An executor whose games finish in the reverse order (as a slow first game on a pool would)."""

    def results(self, jobs: Sequence[GameJob]) -> Iterator[GameResult]:
        return iter([run_job(job) for job in reversed(jobs)])


def test_results_and_ratings_do_not_depend_on_arrival_order() -> None:
    jobs = schedule("cubulus", {}, ["random", "first"], games=6, seed=1)
    arrived: list[int] = []
    backwards = run_jobs(jobs, Backwards(), on_result=lambda r: arrived.append(r.index))
    assert arrived == list(range(len(jobs)))[::-1]
    in_order = run_jobs(jobs)
    assert backwards == in_order
    assert ratings(backwards, ["random", "first"]) == ratings(in_order, ["random", "first"])


def test_a_process_pool_gives_the_same_games_as_one_process() -> None:
    jobs = schedule("beetle", {"players": 3}, ["random", "first"], games=3, seed="pool")
    assert run_jobs(jobs, LocalExecutor(2)) == run_jobs(jobs, LocalExecutor(1))


def test_duplicate_sets_share_one_seed_and_need_whole_sets() -> None:
    jobs = schedule("cribbage", {}, ["random", "easy", "normal"], games=4, seed=3, duplicate=True)
    for table in range(3):
        games = [job for job in jobs if job.table == table]
        assert games[0].seed == games[1].seed != games[2].seed == games[3].seed
        assert games[0].agents == games[1].agents[::-1]  # a set seats each agent once in each seat
    with pytest.raises(ValueError, match="multiple of 2"):
        schedule("cribbage", {}, ["random", "easy"], games=3, seed=3, duplicate=True)


def test_a_duplicate_set_deals_each_seat_the_same_cards() -> None:
    """Chance has its own stream, so the swapped seating of a set gets the same cuts and deals (C4–C5)."""
    import tabletop
    from tabletop.agents import make_bot
    from tabletop.core import CHANCE
    from tabletop.sim import play

    game = tabletop.load("cribbage")
    first, second = (job for job in schedule("cribbage", {}, ["random", "easy"], games=2, seed=5, duplicate=True))

    def chance_of_first_deals(job: GameJob) -> list[object]:
        outcomes: list[object] = []
        play(game, [make_bot(name, game) for name in job.agents], job.seed,
             on_step=lambda before, action, after: outcomes.append(action)
             if before.current_player == CHANCE else None)
        return outcomes[:20]

    assert chance_of_first_deals(first) == chance_of_first_deals(second)


def test_set_margins_cancel_the_luck_of_a_set() -> None:
    from tabletop.sim.tournament import margins, set_margins

    def game(index: int, seed: str, agents: tuple[str, ...], points: tuple[float, ...]) -> GameResult:
        won = (points.index(max(points)),)
        return GameResult(index, 0, agents, seed, (1.0, -1.0) if won == (0,) else (-1.0, 1.0), won, True, 10,
                          (1, 1), points, ((0.001,), (0.001,)))

    results = [game(0, "s0", ("a", "b"), (121.0, 100.0)), game(1, "s0", ("b", "a"), (121.0, 111.0)),
               game(2, "s1", ("a", "b"), (121.0, 90.0)), game(3, "s1", ("b", "a"), (105.0, 121.0))]
    assert set_margins(results, "a", "b") == [(21 - 10) / 2, (31 + 16) / 2]
    assert set_margins(results, "b", "a") == [-5.5, -23.5]
    table = margins(results, ["a", "b"])
    assert table["a"]["b"]["sets"] == 2 and table["a"]["b"]["mean"] == pytest.approx(14.5)
    low, high = table["a"]["b"]["interval"]
    assert low < 14.5 < high and "a" not in table["a"]


class LastLegal:
    """An agent of this module, not a bot by name: it takes the last legal action."""

    name = "last"

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        return decision.legal_actions[-1]


class Counting:
    """An agent object with a setting and a state of its own (how many decisions it took)."""

    def __init__(self, index: int) -> None:
        self.name = f"pick-{index}"
        self.index = index
        self.decisions = 0

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        self.decisions += 1
        return decision.legal_actions[min(self.index, len(decision.legal_actions) - 1)]


def test_your_own_agents_play_a_tournament_with_workers() -> None:
    """#41 item 7: a class (a factory) and an agent object enter as they are — no global table of bots —
    and play in a process pool (sent by pickle) the games they play in this process."""
    counting = Counting(1)
    agents: list[AgentSpec] = ["random", LastLegal, counting]
    jobs = schedule("cubulus", {}, agents, games=2, seed="own", max_actions=60)
    assert {name for job in jobs for name in job.agents} == {"random", "last", "pick-1"}
    pooled = run_jobs(jobs, LocalExecutor(2))
    assert pooled == run_jobs(jobs, LocalExecutor(1))
    assert counting.decisions == 0  # each game plays a copy: no game sees another's state
    assert {line.agent for line in standings(pooled, agents)} == {"random", "last", "pick-1"}
    assert all(sum(result.decisions) > 0 for result in pooled)


def test_something_that_is_no_agent_is_refused() -> None:
    with pytest.raises(TypeError, match="not an Agent"):
        schedule("cubulus", {}, ["random", lambda: "first"], games=1, seed=0)
    with pytest.raises(TypeError, match="a bot's name, an Agent"):
        schedule("cubulus", {}, ["random", 3], games=1, seed=0)  # type: ignore[list-item]


def test_without_scipy_standings_come_without_intervals_and_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """The extras table: SciPy adds the intervals, nothing else needs it."""
    from tabletop.core import extras
    from tabletop.sim.stats import simulation_jobs, summarise
    from tabletop.sim.tournament import stats_note

    assert stats_note() is None
    monkeypatch.setattr(extras, "available", lambda module: module != "scipy")
    results = run_jobs(schedule("beetle", {"players": 2}, ["random", "first"], games=4, seed=2))
    lines = standings(results, ["random", "first"])
    assert sum(line.wins for line in lines) == 4
    assert all(line.win_interval is None and line.points_interval is None for line in lines)
    summary = summarise(run_jobs(simulation_jobs("beetle", {"players": 2}, ["random"], games=4, seed=2)))
    assert summary["finished"] == 4 and summary["seat_advantage_p"] is None
    assert summary["seats"][0]["win_interval"] is None
    assert summary["notes"] == [stats_note()]
    assert "confidence intervals and the seat test need scipy" in str(stats_note())
    assert "pip install 'tabletop[stats]'" in str(stats_note())
