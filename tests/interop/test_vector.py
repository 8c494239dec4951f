"""The vector environment: ``make_vec`` by entry point, the kernel against the interface step for
step, Gymnasium 1.x's three autoreset modes, seeding, illegal actions and batched opponents."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import Capability, IllegalActionError
from tabletop.core.compiling import COMPILING
from tabletop.games.cribbage.batch import CribbageBatch
from tabletop.interop.batches import TableBatch
from tabletop.interop.gymnasium import SeatEnv, env_id
from tabletop.interop.vector import Observations, SeatVectorEnv, random_actions


def first_legal(observations: Observations) -> np.ndarray:
    """A deterministic batched policy: the lowest legal index in each game."""
    return np.asarray(observations["action_mask"].argmax(axis=1))


def test_make_vec_builds_the_vector_environment() -> None:
    env = gymnasium.make_vec("tabletop/Cubulus-v1", num_envs=4, vectorization_mode="vector_entry_point", players=3)
    assert isinstance(env, SeatVectorEnv) and env.num_envs == 4
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert env.single_action_space == gymnasium.spaces.Discrete(136)
    assert env.observation_space["observation"].shape == (4, 323)
    observations, info = env.reset(seed=0)
    assert observations in env.observation_space
    assert np.array_equal(info["action_mask"], observations["action_mask"])
    assert np.array_equal(env.action_masks(), observations["action_mask"])
    assert observations["action_mask"].any(axis=1).all()  # the learner is to move in every game


@pytest.mark.parametrize("options", [{"players": 2, "first": "1"}, {"players": 2, "first": "0"},
                                     {"players": 3, "first": "2", "move_cap": 20}],
                         ids=["learner-places", "learner-starts", "three-players"])
def test_the_kernel_steps_as_the_interface_does(options: dict[str, Any]) -> None:
    """U4–U16 through the batched kernel and through ``State.apply``, the same learner and opponent
    choices (no chance: the first seat is fixed): the same observations, rewards and ends."""
    fast = SeatVectorEnv("cubulus", num_envs=3, opponents=first_legal, max_steps=40, **options)
    slow = SeatVectorEnv("cubulus", num_envs=3, opponents=first_legal, max_steps=40, interface=True, **options)
    assert isinstance(slow.batch, TableBatch) and not isinstance(fast.batch, TableBatch)
    seen_fast, _ = fast.reset(seed=1)
    seen_slow, _ = slow.reset(seed=1)
    episodes = 0
    for step in range(60):
        for key in seen_fast:
            assert np.array_equal(seen_fast[key], seen_slow[key]), (step, key)
        masks = seen_fast["action_mask"]
        actions = np.array([np.flatnonzero(row)[(step * 7) % max(1, row.sum())] if row.any() else 0 for row in masks])
        seen_fast, *rest_fast = fast.step(actions)
        seen_slow, *rest_slow = slow.step(actions)
        for got, expected in zip(rest_fast[:3], rest_slow[:3], strict=True):
            assert np.array_equal(got, expected), step
        episodes += int((rest_fast[1] | rest_fast[2]).sum())
    assert episodes > 0


def run(env: SeatVectorEnv, steps: int, seed: int) -> list[tuple[Any, ...]]:
    """Masked random learner actions for ``steps`` steps: every step's results."""
    observations, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    results = []
    for _ in range(steps):
        observations, rewards, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        results.append((observations["observation"].copy(), rewards, terminated, truncated))
    return results


def test_a_seed_fixes_every_game() -> None:
    first, second = (run(SeatVectorEnv("cubulus", num_envs=8, seat="random"), 40, seed=5) for _ in range(2))
    for a, b in zip(first, second, strict=True):
        assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_next_step_autoreset() -> None:
    """The step after an episode's end restarts it: reward 0, not done, the learner to move again."""
    env = SeatVectorEnv("cubulus", num_envs=16, seat="random")
    observations, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    ended_once = False
    for _ in range(80):
        was_over = env.ended.copy()
        observations, rewards, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        assert observations in env.observation_space
        assert set(rewards[terminated]) <= {-1.0, 0.0, 1.0}
        assert not rewards[~terminated].any()
        if was_over.any():
            ended_once = True
            assert not (terminated[was_over] | truncated[was_over]).any()
            assert (info["steps"][was_over] == 0).all()
        live = ~(terminated | truncated)
        assert observations["action_mask"][live].any(axis=1).all()
        assert not observations["action_mask"][~live].any()
    assert ended_once


def test_same_step_autoreset_keeps_the_final_observation() -> None:
    env = SeatVectorEnv("cubulus", num_envs=16, autoreset_mode="SameStep", players=3)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    observations, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(60):
        observations, _, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        done = terminated | truncated
        assert observations["action_mask"].any(axis=1).all()  # every game goes on at once
        if done.any():
            assert np.array_equal(info["_final_obs"], done)
            row = int(np.flatnonzero(done)[0])
            final = info["final_obs"][row]
            assert not final["action_mask"].any()
            assert not np.array_equal(final["observation"], observations["observation"][row])
            return
    pytest.fail("no episode ended")


def test_disabled_autoreset_needs_a_reset_mask() -> None:
    env = SeatVectorEnv("cubulus", num_envs=2, autoreset_mode=AutoresetMode.DISABLED, first="0")
    _, info = env.reset(seed=0)
    illegal = np.array([0, int(np.flatnonzero(info["action_mask"][1])[0])])  # place 000 in play: game 0 loses
    _, rewards, terminated, _, info = env.step(illegal)
    assert terminated.tolist() == [True, False] and rewards[0] == -1.0
    with pytest.raises(IllegalActionError, match="env 0: its episode is over"):
        env.step(illegal)
    observations, _ = env.reset(options={"reset_mask": np.array([True, False])})
    assert observations["action_mask"][0].any()
    with pytest.raises(ValueError, match="reset_mask"):
        env.reset(options={"reset_mask": np.array([1, 0])})


def test_an_illegal_action_loses_or_raises() -> None:
    env = SeatVectorEnv("cubulus", num_envs=2, first="0")
    _, info = env.reset(seed=0)
    legal = int(np.flatnonzero(info["action_mask"][0])[0])
    _, rewards, terminated, _, info = env.step(np.array([legal, 135]))  # pass while inserts are legal (U14)
    assert terminated.tolist() == [False, True] and rewards.tolist() == [0.0, -1.0]
    assert "game 1: action 135 (pass) is not legal" in info["illegal_action"][1]
    assert info["_illegal_action"].tolist() == [False, True]
    strict = SeatVectorEnv("cubulus", num_envs=2, first="0", illegal="raise")
    observations, _ = strict.reset(seed=0)
    with pytest.raises(IllegalActionError, match="game 1: action 200 is out of range"):
        strict.step(np.array([legal, 200]))
    assert np.array_equal(strict.batch.observe(strict.seats), observations["observation"])  # nothing changed
    assert strict.step(np.array([legal, legal]))[2].tolist() == [False, False]


def test_opponents_and_arguments() -> None:
    def cheat(observations: Observations) -> np.ndarray:
        return np.full(len(observations["action_mask"]), 200)

    with pytest.raises(IllegalActionError, match="the opponents' policy chose an illegal action"):
        SeatVectorEnv("cubulus", num_envs=2, seat=0, opponents=cheat, first="0").reset(seed=0)
    with pytest.raises(ValueError, match="'random' or a batched policy"):
        SeatVectorEnv("cubulus", opponents="normal")
    with pytest.raises(ValueError, match=r"one action index per game, shape \(2,\), not \(3,\)"):
        env = SeatVectorEnv("cubulus", num_envs=2)
        env.reset(seed=0)
        env.step(np.array([27, 27, 27]))
    with pytest.raises(ValueError, match="at least 1"):
        SeatVectorEnv("cubulus", num_envs=0)
    with pytest.raises(ValueError, match="no seat has index 4"):
        SeatVectorEnv("cubulus", seat=4)
    env = SeatVectorEnv("cubulus", num_envs=32, seat="random")
    _, info = env.reset(seed=0)
    assert set(info["seat"]) == {0, 1}


@pytest.mark.skipif(not COMPILING, reason="cribbage's batched kernel runs compiled (Numba)")
def test_two_player_cribbage_steps_in_its_kernel() -> None:
    """Two-player cribbage's vector environment runs on its batched kernel; every episode ends with
    the learner's win or loss (C14), and the learner has a legal action whenever its game goes on."""
    env = gymnasium.make_vec("tabletop/Cribbage-v1", num_envs=16, seat="random", target=31)
    assert isinstance(env, SeatVectorEnv) and isinstance(env.batch, CribbageBatch)
    observations, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    outcomes = []
    for _ in range(120):
        observations, rewards, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        assert observations in env.observation_space and not truncated.any()
        outcomes += list(rewards[terminated])
        assert observations["action_mask"][~terminated].any(axis=1).all()
    assert len(outcomes) >= 16 and set(outcomes) == {-1.0, 1.0}


def test_games_without_a_kernel_step_through_the_interface() -> None:
    with pytest.raises(NotImplementedError, match="beetle has no batched kernel"):
        tabletop.load("beetle").batch(2)
    env = gymnasium.make_vec(env_id("beetle"), num_envs=2, max_steps=50)
    assert isinstance(env, SeatVectorEnv) and isinstance(env.batch, TableBatch)
    observations, info = env.reset(seed=0)
    for table, row in zip(env.batch.tables, observations["observation"], strict=True):
        assert np.array_equal(row, table.observe(0)["observation"])
    rng = np.random.default_rng(0)
    for _ in range(10):
        observations, *_, info = env.step(random_actions(info["action_mask"], rng))
    assert observations in env.observation_space


@pytest.mark.parametrize("name", tabletop.REGISTRY.providing(Capability.ENCODING))
def test_every_game_has_a_vector_environment(name: str) -> None:
    options = {"throws": "calibrated"} if name == "kubik" else {}
    env = gymnasium.make_vec(env_id(name), num_envs=2, max_steps=5, **options)
    observations, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = np.zeros(2, dtype=np.bool_)
    for _ in range(5):  # max_steps=5: by the fifth step every episode has ended or been cut short
        observations, _, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        assert observations in env.observation_space
        ended |= terminated | truncated
    assert ended.all()


def test_gymnasium_vector_wrappers_read_its_episodes() -> None:
    env = RecordEpisodeStatistics(gymnasium.make_vec("tabletop/Cubulus-v1", num_envs=8))
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(60):
        _, rewards, terminated, truncated, info = env.step(random_actions(info["action_mask"], rng))
        if "episode" in info:
            ended = info["_episode"]
            assert np.array_equal(ended, terminated | truncated)
            assert np.array_equal(info["episode"]["r"][ended], rewards[ended])
            return
    pytest.fail("no episode ended")


def first_legal_index(observation: dict[str, np.ndarray]) -> int:
    """The scalar twin of :func:`first_legal`: the lowest legal index."""
    return int(observation["action_mask"].argmax())


@pytest.mark.parametrize("options", [{"players": 2, "target": 31}, {"players": 3, "target": 31},
                                     {"players": 2, "target": 31, "muggins": True}],
                         ids=["two-players", "three-players", "muggins"])
def test_the_cribbage_vector_environment_steps_as_the_scalar_one(options: dict[str, Any]) -> None:
    """Cribbage's N games through the interface (one table each, C5–C17 through ``State.apply``) against N
    ``SeatEnv``s given the same deals (``game_seed``), the same learner actions and the same
    opponent: the same observations, masks, rewards, ends and restarts, step for step. (Two-player
    cribbage's batched kernel is held to the scalar engine in ``tests/games/cribbage/test_batch.py``.)"""
    size, rng = 3, np.random.default_rng(7)
    vector = SeatVectorEnv("cribbage", num_envs=size, opponents=first_legal, max_steps=60, interface=True,
                           **options)
    scalars = [SeatEnv("cribbage", opponents=first_legal_index, max_steps=60, **options) for _ in range(size)]
    observations, _ = vector.reset(seed=7)
    expected = [env.reset(options={"game_seed": table.seed})[0] for env, table in zip(scalars, vector.batch.tables,
                                                                                       strict=True)]
    episodes = 0
    for step in range(90):
        for row in range(size):
            for key in ("observation", "action_mask"):
                assert np.array_equal(observations[key][row], expected[row][key]), (step, row, key)
        actions = random_actions(observations["action_mask"], rng)
        restarted = vector.ended.copy()
        observations, rewards, terminated, truncated, _ = vector.step(actions)
        for row, env in enumerate(scalars):
            if restarted[row]:  # next-step autoreset: this step started the game again
                expected[row] = env.reset(options={"game_seed": vector.batch.tables[row].seed})[0]
                assert not (rewards[row] or terminated[row] or truncated[row])
                continue
            expected[row], reward, ended, cut, _ = env.step(int(actions[row]))
            assert (rewards[row], terminated[row], truncated[row]) == (reward, ended, cut), (step, row)
            episodes += ended or cut
    assert episodes >= size


def test_a_game_seed_deals_the_game_play_deals() -> None:
    """``reset(options={"game_seed": g})`` deals what ``tabletop.sim`` deals with seed ``g`` (C5)."""
    first, second = SeatEnv("cribbage"), SeatEnv("cribbage")
    seen_first, _ = first.reset(seed=1, options={"game_seed": 99})
    seen_second, _ = second.reset(seed=2, options={"game_seed": 99})
    assert np.array_equal(seen_first["observation"], seen_second["observation"])
    assert first.table.state == second.table.state
    with pytest.raises(ValueError, match="game_seed"):
        first.reset(options={"game_seed": "99"})


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(0, 12), columns=st.integers(1, 1400), density=st.sampled_from([0.0, 0.002, 0.05, 0.5, 1.0]),
       seed=st.integers(0, 2**32 - 1))
def test_random_actions_draw_the_uth_legal_index_of_each_row(rows: int, columns: int, density: float,
                                                              seed: int) -> None:
    """Each row's draw is its ⌊u · legal⌋-th legal index for one ``rng.random()`` per row (0 without any):
    uniform over the legal actions, and the same draws however the masks are searched."""
    masks = (np.random.default_rng(seed).random((rows, columns)) < density).astype(np.int8)
    drawn = random_actions(masks, np.random.default_rng(seed))
    u = np.random.default_rng(seed).random(rows)
    for row, (mask, value) in enumerate(zip(masks, u, strict=True)):
        legal = np.flatnonzero(mask)
        assert drawn[row] == (legal[int(value * len(legal))] if len(legal) else 0)


def test_has_kernel_tells_the_configurations_a_kernel_covers() -> None:
    from tabletop.interop.batches import has_kernel

    assert has_kernel(tabletop.load("cubulus"))
    for options in ({}, {"players": 3}, {"muggins": True}):  # as Python, cribbage's steps a table a game
        assert has_kernel(tabletop.load("cribbage", **options)) == COMPILING
    assert not has_kernel(tabletop.load("beetle"))
