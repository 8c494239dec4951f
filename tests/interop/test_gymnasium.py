"""The Gymnasium adapter: Gymnasium's env checker on every game, full episodes against the
games' own bots, observations read from the learner's view, and illegal actions."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabletop
from tabletop.agents import RandomAgent
from tabletop.core import Capability, IllegalActionError
from tabletop.interop.gymnasium import ENV_IDS, SeatEnv, env_id
from tests.interop.configs import CONFIGS, PHYSICS, params


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():  # the checker's advice on unbounded boxes, not failures
        warnings.simplefilter("ignore")
        yield


def test_every_game_is_registered() -> None:
    assert [env_id(name) for name in tabletop.REGISTRY.providing(Capability.ENCODING)] == ENV_IDS
    assert env_id("cribbage") == "tabletop/Cribbage-v1"
    assert all(ident in gymnasium.registry for ident in ENV_IDS)


@params()
def test_check_env(name: str, options: dict[str, Any]) -> None:
    environment = gymnasium.make(env_id(name), opponents="random", **options)
    check_env(environment.unwrapped)


@params([PHYSICS])
def test_check_env_with_simulated_throws(name: str, options: dict[str, Any]) -> None:
    check_env(gymnasium.make(env_id(name), opponents="random", **options).unwrapped, skip_render_check=True)


def play_out(environment: SeatEnv, seed: int) -> tuple[float, int, dict[str, Any]]:
    """Masked random learner actions to the end: the reward, the learner's steps and the last info."""
    observation, info = environment.reset(seed=seed)
    steps, reward, done = 0, 0.0, False
    while not done:
        assert np.array_equal(observation["action_mask"], environment.action_masks())
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward_now, terminated, truncated, info = environment.step(int(legal[steps % len(legal)]))
        reward = float(reward_now)
        steps += 1
        done = terminated or truncated
    return reward, steps, info


@pytest.mark.parametrize("name", tabletop.REGISTRY.providing(Capability.ENCODING))
def test_a_full_episode_against_the_games_own_bots(name: str) -> None:
    options = {"throws": "calibrated"} if name == "kubik" else {}
    environment = SeatEnv(name, seat=1, opponents="normal", **options)
    reward, steps, info = play_out(environment, seed=4)
    state = environment.table.state
    assert state.is_terminal
    assert reward == state.returns()[1]
    assert info["steps"] == steps


@params([c for c in CONFIGS if c[0] != "beetle"][:4])
def test_a_seed_fixes_the_episode(name: str, options: dict[str, Any]) -> None:
    first, second = SeatEnv(name, opponents="random", **options), SeatEnv(name, opponents="random", **options)
    assert play_out(first, seed=8)[:2] == play_out(second, seed=8)[:2]
    assert str(first.table.state) == str(second.table.state)


def test_the_observation_is_the_learners_view() -> None:
    environment = SeatEnv("cribbage", seat=1, players=3, opponents="random")
    observation, _ = environment.reset(seed=0)
    state, encoding = environment.table.state, environment.table.encoding
    assert state.current_player == 1
    assert np.array_equal(observation["observation"], encoding.observe(state.view(1), 1))
    assert np.array_equal(observation["action_mask"], encoding.legal_mask(state))


def test_opponents_by_seat() -> None:
    environment = SeatEnv("cubulus", seat=2, players=3, opponents=["random", "first"])
    assert [bot.name for bot in environment.opponents.values()] == ["random", "first"]
    with pytest.raises(ValueError, match="needs 2 opponents, not 1"):
        SeatEnv("cubulus", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="no seat has index 3"):
        SeatEnv("cubulus", seat=3)
    with pytest.raises(ValueError, match="no bot called"):
        SeatEnv("cubulus", opponents="nobody")


def test_an_illegal_action_loses_or_raises() -> None:
    environment = SeatEnv("cubulus", opponents="random", first="0")
    observation, _ = environment.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = environment.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "not legal" in info["illegal_action"]
    strict = SeatEnv("cubulus", opponents="random", first="0", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError, match=f"action {illegal} "):
        strict.step(illegal)
    with pytest.raises(ValueError, match="illegal="):
        SeatEnv("cubulus", illegal="ignore")


def test_max_steps_truncates() -> None:
    environment = SeatEnv("beetle", players=2, opponents="random", max_steps=3)
    reward, steps, _ = play_out(environment, seed=0)
    assert (reward, steps) == (0.0, 3)


def test_render_is_the_learners_view() -> None:
    environment = gymnasium.make("tabletop/Cribbage-v1", opponents="random", render_mode="ansi")
    environment.reset(seed=1)
    assert environment.render() == environment.unwrapped.table.state.render(0)


def test_the_default_opponent_is_the_fast_random_bot() -> None:
    environment = SeatEnv("cubulus")
    assert [bot.name for bot in environment.opponents.values()] == ["random"]  # type: ignore[union-attr]


class _AskedRandom(RandomAgent):
    """The random bot, but not the class the environment plays without a decision: it is asked one."""


@pytest.mark.parametrize(("name", "options"), [("cribbage", {"players": 3}), ("beetle", {}), ("cubulus", {})])
def test_the_random_bot_plays_as_it_would_if_asked(name: str, options: dict[str, Any]) -> None:
    """The random bot is played from the legal actions and its seat's stream, without a view or a history:
    the same episodes, draw for draw, as the bot asked through a Decision."""
    fast = SeatEnv(name, seat=1, opponents="random", **options)
    asked = SeatEnv(name, seat=1, opponents=_AskedRandom(), **options)
    assert not fast.table.history and asked.table.history
    for seed in range(3):
        rng = np.random.default_rng(seed)
        seen = [env.reset(seed=seed)[0] for env in (fast, asked)]
        for _ in range(300):
            assert all(np.array_equal(seen[0][key], seen[1][key]) for key in ("observation", "action_mask"))
            action = int(rng.choice(np.flatnonzero(seen[0]["action_mask"])))
            results = [env.step(action) for env in (fast, asked)]
            seen = [result[0] for result in results]
            assert results[0][1:4] == results[1][1:4]
            if results[0][2] or results[0][3]:
                break


def test_a_random_seat_is_drawn_at_each_reset_and_told_in_info() -> None:
    environment = SeatEnv("cribbage", seat="random", players=3, opponents=["random", "first"])
    seats = set()
    for seed in range(12):
        reward, _, info = play_out(environment, seed=seed)
        seats.add(info["seat"])
        assert environment.seat == info["seat"]
        assert sorted(environment.opponents) == [s for s in range(3) if s != info["seat"]]
        assert reward == environment.table.state.returns()[info["seat"]]
    assert seats == {0, 1, 2}
    again = SeatEnv("cribbage", seat="random", players=3, opponents="random")
    assert [again.reset(seed=s)[1]["seat"] for s in range(6)] == [
        SeatEnv("cribbage", seat="random", players=3, opponents="random").reset(seed=s)[1]["seat"] for s in range(6)]


def test_a_policy_plays_the_other_seats_from_their_own_observations() -> None:
    asked: list[dict[str, Any]] = []

    def lowest_legal(observation: dict[str, Any]) -> int:  # a frozen "policy": the first legal index
        asked.append(observation)
        return int(np.flatnonzero(observation["action_mask"])[0])

    environment = SeatEnv("cubulus", seat=0, opponents=lowest_legal)
    play_out(environment, seed=3)
    assert asked and all(o["action_mask"].any() for o in asked)  # each time the opponent had a move
    assert all(o["observation"].shape == environment.observation_space["observation"].shape for o in asked)


def test_self_play_with_a_copy_of_the_learner() -> None:
    moves = 0

    def frozen(observation: dict[str, Any]) -> int:  # the same rule the learner follows below
        nonlocal moves
        moves += 1
        return int(np.flatnonzero(observation["action_mask"])[-1])

    learner = SeatEnv("cribbage", seat="random", opponents=frozen)
    reward, _, _ = play_out(learner, seed=5)
    assert moves > 0 and reward in (-1.0, 1.0)


def test_agents_may_be_passed_as_objects() -> None:
    from tabletop.agents import make_bot

    bot = make_bot("first")
    environment = SeatEnv("cubulus", players=3, seat=1, opponents=[bot, "random"])
    assert environment.opponents[0] is bot
    play_out(environment, seed=1)


def test_a_policy_that_chooses_an_illegal_action_is_named() -> None:
    environment = SeatEnv("cubulus", seat=0, first="0", opponents=lambda observation: -1)
    with pytest.raises(IllegalActionError, match="policy at seat 2 chose an illegal action: action -1") as caught:
        environment.reset(seed=0)  # seat 1 (index 0) starts, so seat 2 places the neutral balls first (U4, U13)
    assert caught.value.params["player"] == 1  # the index, for programs (issue 41, item 4)


def test_an_unsupported_render_mode_is_warned_about_not_refused() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        environment = SeatEnv("cubulus", render_mode="rgb_array")  # what SB3's make_vec_env passes
    assert environment.render_mode is None
    assert any("rgb_array" in str(w.message) for w in caught)
