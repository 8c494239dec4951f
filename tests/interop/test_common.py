"""What the adapters share: the action mask a learner is handed, and a table's one-call observation."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest
from gymnasium import spaces

import tabletop
from tabletop.core import IllegalActionError
from tabletop.interop.common import ActionMask, Table


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.bool_, np.int16, np.float32])
def test_an_action_masks_nonzero_is_the_ndarrays(dtype: type[np.generic]) -> None:
    """The bool view finds the same indices as NumPy's own ``nonzero`` whatever the bytes (negative and large
    values too), in any shape and stride; other dtypes go to the ndarray's own."""
    rng = np.random.default_rng(0)
    for shape in ((1380,), (7, 9), (0,)):
        plain = rng.integers(-128, 128, shape).astype(dtype)
        plain.flat[: plain.size // 2] = 0
        mask = plain.view(ActionMask)
        for ours, theirs in ((mask, plain), (mask[::3], plain[::3]), (mask.T, plain.T)):
            assert all(np.array_equal(a, b) for a, b in zip(ours.nonzero(), theirs.nonzero(), strict=True))
            assert np.array_equal(np.flatnonzero(ours), np.flatnonzero(theirs))
            assert type(np.flatnonzero(ours)) is np.ndarray


def test_an_action_mask_is_an_int8_array_gymnasium_takes() -> None:
    table = Table(tabletop.load("cribbage"), history=False)
    table.reset(3)
    mask = table.observe(table.to_move)["action_mask"]
    assert isinstance(mask, np.ndarray) and isinstance(mask, ActionMask) and mask.dtype == np.int8
    space = spaces.Discrete(table.num_actions)
    space.seed(0)
    assert all(mask[space.sample(mask)] == 1 for _ in range(20))  # Discrete.sample takes int8 masks only
    again = pickle.loads(pickle.dumps(mask))
    assert np.array_equal(again, mask) and np.array_equal(np.flatnonzero(again), np.flatnonzero(mask))


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3}, {"players": 4, "muggins": True}])
def test_the_one_call_observation_equals_the_vector_and_the_mask(options: dict[str, object]) -> None:
    """``observe_with_mask`` is ``observe_state`` with ``mask_of`` for the seat to move (zeros for the others),
    over whole random games."""
    game = tabletop.load("cribbage", **options)
    encoding = game.encoding()
    table = Table(game, history=False)
    rng = random.Random(1)
    for seed in range(2):
        table.reset(seed)
        while not table.state.is_terminal:
            state = table.state
            for seat in range(game.num_players):
                vector, mask = encoding.observe_with_mask(state, seat)  # type: ignore[attr-defined]
                assert vector.dtype == np.float32 and mask.dtype == np.int8
                assert np.array_equal(vector, encoding.observe_state(state, seat))  # type: ignore[attr-defined]
                expected = encoding.mask_of(state) if seat == table.to_move else np.zeros_like(mask)  # type: ignore[attr-defined]
                assert np.array_equal(mask, expected)
                assert type(encoding.observe_with_mask(state, seat, ActionMask)[1]) is ActionMask  # type: ignore[attr-defined]
                assert np.array_equal(table.vector(seat), vector)
            table.take(rng.choice(np.flatnonzero(table.legal_mask()).tolist()))


def test_every_observation_is_new_arrays_the_caller_may_write() -> None:
    """Nothing a table keeps is handed out: writing into one observation changes no other, nor the legality
    of the actions."""
    table = Table(tabletop.load("cribbage"), history=False)
    table.reset(0)
    seat = table.to_move
    first, second = table.observe(seat), table.observe(seat)
    for key in ("observation", "action_mask"):
        assert first[key].flags.writeable and not np.shares_memory(first[key], second[key])
        assert np.array_equal(first[key], second[key])
    legal = np.flatnonzero(second["action_mask"])
    first["observation"][:] = 7
    first["action_mask"][:] = 1 - first["action_mask"]
    assert np.array_equal(table.observe(seat)["observation"], second["observation"])
    assert np.array_equal(np.flatnonzero(table.observe(seat)["action_mask"]), legal)
    illegal = int(np.flatnonzero(first["action_mask"])[0])  # legal by the mask written over: not by the game
    with pytest.raises(IllegalActionError, match=rf"action {illegal} \(.*\) is not legal for .*; legal: "):
        table.take(illegal)


@pytest.mark.parametrize("history", [False, True])
def test_take_refuses_before_anything_changes(history: bool) -> None:
    table = Table(tabletop.load("cribbage"), history=history)
    table.reset(5)
    state, steps, legal = table.state, table.steps, np.flatnonzero(table.legal_mask())
    illegal = next(i for i in range(table.num_actions) if i not in set(legal.tolist()))
    for index in (illegal, -1, table.num_actions):
        with pytest.raises(IllegalActionError):
            table.take(index)
        assert table.state is state and table.steps == steps
    table.take(int(legal[0]))
    assert table.steps == steps + 1 and table.state is not state
