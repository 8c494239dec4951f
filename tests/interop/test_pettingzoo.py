"""The PettingZoo adapter: PettingZoo's own API and seed tests on every game, full episodes,
observations read from views only, and what an illegal action does."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import tabletop
from tabletop.core import Capability, IllegalActionError
from tabletop.interop.pettingzoo import env, raw_env
from tests.interop.configs import CONFIGS, PHYSICS, params


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():  # PettingZoo's advice for dict observations, not failures
        warnings.simplefilter("ignore")
        yield


def test_every_registered_game_is_covered() -> None:
    assert {name for name, _ in CONFIGS} == set(tabletop.REGISTRY.providing(Capability.ENCODING))


@params()
def test_api(name: str, options: dict[str, Any]) -> None:
    api_test(env(name, **options), num_cycles=1000)


@params()
def test_seed(name: str, options: dict[str, Any]) -> None:
    seed_test(lambda: env(name, **options), num_cycles=500)


@params([PHYSICS])
def test_api_and_seed_with_simulated_throws(name: str, options: dict[str, Any]) -> None:
    """Each physics throw takes a few milliseconds of simulation: a shorter stretch of play."""
    api_test(env(name, **options), num_cycles=40)
    seed_test(lambda: env(name, **options), num_cycles=10)


def random_episode(environment: Any, seed: int) -> tuple[dict[str, float], int]:
    """Play masked random actions to the end; each agent's total reward and the number of steps."""
    environment.reset(seed=seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    steps = 0
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            mask = observation["action_mask"]
            assert mask.sum() > 0, "the agent to move always has a legal action"
            action = int(np.flatnonzero(mask)[steps % int(mask.sum())])
            steps += 1
        environment.step(action)
    return totals, steps


@params()
def test_a_full_episode_pays_the_game_returns(name: str, options: dict[str, Any]) -> None:
    environment = raw_env(name, **options)
    totals, steps = random_episode(environment, seed=3)
    returns = environment.table.returns()
    assert steps == environment.table.steps > 0
    assert environment.table.state.is_terminal
    assert [totals[agent] for agent in environment.possible_agents] == list(returns)
    low, high = environment.game.spec.utility
    assert all(low <= value <= high for value in returns)


@params()
def test_a_seed_fixes_the_episode(name: str, options: dict[str, Any]) -> None:
    first, second = raw_env(name, **options), raw_env(name, **options)
    random_episode(first, seed=11)
    random_episode(second, seed=11)
    assert str(first.table.state) == str(second.table.state)


@params([c for c in CONFIGS if c[0] in ("cribbage", "cubulus")])
def test_observations_come_from_the_agents_view_only(name: str, options: dict[str, Any]) -> None:
    """Each agent's observation is the encoding of its view, and a world that differs only in what
    the agent cannot see (drawn by state_from_view) gives the same observation."""
    environment = raw_env(name, **options)
    environment.reset(seed=5)
    game, encoding, rng = environment.game, environment.table.encoding, random.Random(0)
    for _ in range(40):
        state = environment.table.state
        for seat, agent in enumerate(environment.possible_agents):
            seen = environment.observe(agent)
            expected = encoding.observe(state.view(seat), seat)
            assert seen["observation"].dtype == np.float32
            assert np.array_equal(seen["observation"], expected)
            environment.table.state = game.state_from_view(state.view(seat), rng)
            other = environment.observe(agent)
            environment.table.state = state
            assert np.array_equal(other["observation"], seen["observation"])
            assert np.array_equal(other["action_mask"], seen["action_mask"])
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(rng.choice(np.flatnonzero(mask))))
        if environment.table.state.is_terminal:
            break


def test_only_the_agent_to_move_has_a_mask() -> None:
    environment = raw_env("cribbage", players=3)
    environment.reset(seed=1)
    for agent in environment.possible_agents:
        mask = environment.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == environment.agent_selection)


def test_the_raw_environment_raises_on_an_illegal_action() -> None:
    environment = raw_env("cubulus", players=2, first="0")
    environment.reset(seed=0)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"action {illegal} \(.*\) is not legal .*; legal: "):
        environment.step(illegal)
    with pytest.raises(IllegalActionError, match="out of range"):
        environment.step(10_000)


def test_the_wrapped_environment_makes_an_illegal_mover_lose() -> None:
    environment = env("cubulus", players=2, first="0")
    environment.reset(seed=0)
    mover = environment.agent_selection
    observation, *_ = environment.last()
    environment.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert all(environment.terminations.values())
    assert environment.rewards[mover] == -1.0
    with pytest.raises(IllegalActionError):
        raise_env = env("cubulus", players=2, first="0", illegal="raise")
        raise_env.reset(seed=0)
        raise_env.step(int(np.flatnonzero(raise_env.last()[0]["action_mask"] == 0)[0]))


def test_max_steps_truncates_an_endless_game() -> None:
    environment = raw_env("beetle", players=2, max_steps=5)
    totals, steps = random_episode(environment, seed=0)
    assert steps == 5
    assert not environment.table.state.is_terminal
    assert set(totals.values()) == {0.0}


def test_metadata_and_rendering() -> None:
    environment = raw_env("cribbage", render_mode="ansi")
    assert environment.metadata["name"] == "tabletop_cribbage_v1"
    assert environment.possible_agents == ["player_0", "player_1"]
    environment.reset(seed=2)
    seat = int(environment.agent_selection.split("_")[1])
    assert environment.render() == environment.table.state.render(seat)
    with pytest.warns(UserWarning, match="rgb_array"):  # what vectorising helpers pass: warned, not refused
        assert raw_env("cribbage", render_mode="rgb_array").render_mode is None


def test_the_parallel_api_is_refused() -> None:
    """Every game is turn-based (docs/interop.md): PettingZoo's aec_to_parallel must refuse them."""
    from pettingzoo.utils.conversions import aec_to_parallel

    for name in tabletop.REGISTRY.providing(Capability.ENCODING):
        table = env(name)
        assert not table.metadata.get("is_parallelizable", False)
        with pytest.raises(AssertionError, match="is_parallelizable"):
            aec_to_parallel(table)


def test_an_illegal_mover_loses_and_the_episode_runs_out() -> None:
    """The foul's reward and reason reach the mover, every agent is done, and agent_iter ends the
    episode with None steps; an index outside the action space raises in either mode."""
    environment = env("cribbage", players=3)
    environment.reset(seed=4)
    mover = environment.agent_selection
    observation, *_ = environment.last()
    environment.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert environment.rewards == {agent: (-1.0 if agent == mover else 0.0) for agent in environment.possible_agents}
    assert "is not legal" in environment.infos[mover]["illegal_action"]
    ended = []
    for agent in environment.agent_iter():
        _, _, terminated, _, _ = environment.last()
        assert terminated
        ended.append(agent)
        environment.step(None)
    assert sorted(ended) == environment.possible_agents and not environment.agents
    for illegal in ("lose", "raise"):
        environment = env("cribbage", illegal=illegal)
        environment.reset(seed=0)
        with pytest.raises(IllegalActionError, match="out of range"):
            environment.step(10_000)


def test_each_observation_is_new_data() -> None:
    """Observing the same position twice hands out separate arrays (callers keep them, and may write into them)."""
    environment = env("cribbage")
    environment.reset(seed=0)
    first, second = environment.last()[0], environment.observe(environment.agent_selection)
    for key in ("observation", "action_mask"):
        assert np.array_equal(first[key], second[key]) and not np.shares_memory(first[key], second[key])
    first["action_mask"][:] = 0
    assert environment.observe(environment.agent_selection)["action_mask"].any()
