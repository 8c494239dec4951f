"""The batch against the scalar engine: random games played side by side, action for action.

Each game of a :class:`CribbageBatch` (the kernel's step looped over the rows of an array) is mirrored by a
:class:`CribbageState` given the same chance outcomes (the cuts, C6, the deal, C5, and the starter, C7, the
batch writes down) and the same actions; after every action the two must agree on the legal mask (the batch's
compiled one against the encoding's reading of ``legal_actions``: C5, C8, C9, C13, C17), every seat's
observation (the batch's compiled one against the encoding's reading of the seat's view: hands, laid-away
cards, piles, the series, the count, goes, the show, pegs and the result), the seat to move and the returns.
Low targets make games end in the play (C10–C12), by heels (C7) and in the show (C13, C14) within a short run;
skunks (C18) change what the win is worth.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import IllegalActionError
from tabletop.core.compiling import COMPILING
from tabletop.games.cribbage import Cribbage, CribbageState
from tabletop.games.cribbage.batch import CribbageBatch
from tabletop.interop.batches import TableBatch, batch_of
from tabletop.interop.vector import random_actions


def replay_chance(game: Cribbage, batch: CribbageBatch, row: int, state: CribbageState) -> CribbageState:
    """``state`` after the chance outcomes the batch drew in game ``row`` at its last call."""
    encoding = game.encoding()
    for index in batch.chance[row, : batch.chance_count[row]]:
        assert state.is_chance, (row, state)
        state = state.apply(encoding.chance_at(int(index)))
    return state


def check_equal(game: Cribbage, batch: CribbageBatch, states: list[CribbageState]) -> None:
    """Masks, both seats' observations, the seat to move and the returns agree in every game."""
    encoding = game.encoding()
    masks, players, returns = batch.legal_masks(), batch.current_players(), batch.returns()
    seen = [batch.observe(np.full(batch.size, seat)) for seat in range(game.num_players)]
    for row, state in enumerate(states):
        assert players[row] == state.current_player, (row, state)
        assert np.array_equal(masks[row], encoding.legal_mask(state)), (row, state)
        assert tuple(returns[row]) == state.returns(), (row, state)
        for seat in range(game.num_players):
            expected = encoding.observe(state.view(seat), seat)
            assert np.array_equal(seen[seat][row], expected), (row, seat, np.flatnonzero(seen[seat][row] != expected))


def play_side_by_side(options: dict[str, Any], size: int, steps: int, seed: int) -> Counter[str]:
    """Random play of ``size`` games for ``steps`` rounds in both engines; what came up: games ended in
    the play, in the show or by heels (the dealer's last action was laying away), and ties in the cut."""
    game = Cribbage(**options)
    batch = CribbageBatch(game, size)  # (as Python too, where Game.batch gives a table a game instead)
    encoding = game.encoding()
    rng = np.random.default_rng(seed)
    seen: Counter[str] = Counter()

    def start(rows: npt.NDArray[np.int64]) -> None:
        batch.reset(np.isin(np.arange(size), rows), rng)
        for row in rows:
            states[row] = replay_chance(game, batch, int(row), game.initial_state())
            seen["cut tie"] += int(batch.chance_count[row] > game.num_players + game.deal_size)  # cuts, deal

    states: list[CribbageState] = [game.initial_state()] * size
    start(np.arange(size))
    for _ in range(steps):
        check_equal(game, batch, states)
        over = batch.terminal()
        if over.any():
            start(np.flatnonzero(over))
            check_equal(game, batch, states)
        moving = rng.random(size) < 0.8  # some games sit out a call: games in every phase step together
        actions = random_actions(batch.legal_masks(), rng)
        phases = [state.phase.value for state in states]
        batch.apply(actions, moving, rng)
        for row in np.flatnonzero(moving):
            state = states[row].apply(encoding.action_at(int(actions[row])))
            states[row] = replay_chance(game, batch, int(row), state)
            if states[row].is_terminal:
                seen["heels" if phases[row] == "discard" else phases[row]] += 1
    check_equal(game, batch, states)
    return seen


@pytest.mark.parametrize("options", [
    {},
    {"target": 31},
    {"target": 61, "skunk": True},
    {"target": 91, "skunk": True},
], ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()) or "default")
def test_random_play_agrees_with_the_scalar_engine(options: dict[str, Any]) -> None:
    seen = play_side_by_side(options, size=8, steps=260 if not options else 160, seed=1)
    assert seen["play"] + seen["show"] > 0, "no game ended: the run checked no ending"


def test_every_ending_and_a_tied_cut_come_up() -> None:
    """Short games end in the pegging (C10–C12), in the show (C13, C14) and by heels (C7); the cut
    for the deal is tied and cut again (C6)."""
    seen = play_side_by_side({"target": 31}, size=32, steps=100, seed=3)
    assert {"play", "show", "heels", "cut tie"} <= seen.keys(), seen


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), target=st.integers(31, 181), skunk=st.booleans())
def test_any_target_agrees(seed: int, target: int, skunk: bool) -> None:
    play_side_by_side({"target": target, "skunk": skunk}, size=4, steps=40, seed=seed)


def test_an_illegal_action_changes_nothing() -> None:
    game = Cribbage()
    batch = CribbageBatch(game, 3)
    rng = np.random.default_rng(0)
    batch.reset(np.ones(3, dtype=np.bool_), rng)
    before = batch.observe(np.zeros(3, dtype=np.int64)).copy()
    masks = batch.legal_masks()
    legal = [int(np.flatnonzero(masks[row])[0]) for row in range(3)]
    play = game.encoding().action_index(game.parse_action("AC"))
    actions = np.array([legal[0], play, legal[2]])  # game 1 plays a card while both lay away (C5)
    with pytest.raises(IllegalActionError, match=r"game 1: action \d+ \(AC\) is not legal for seat \d; legal: "):
        batch.apply(actions, np.ones(3, dtype=np.bool_), rng)
    with pytest.raises(IllegalActionError, match="game 0: action 1380 is out of range 0–1379"):
        batch.apply(np.array([1380, *legal[1:]]), np.ones(3, dtype=np.bool_), rng)
    assert np.array_equal(batch.observe(np.zeros(3, dtype=np.int64)), before)
    assert np.array_equal(batch.legal_masks(), masks)
    batch.apply(actions, np.array([True, False, True]), rng)  # game 1 left out: the others move
    assert np.array_equal(batch.observe(np.zeros(3, dtype=np.int64))[1], before[1])
    assert not np.array_equal(batch.observe(np.zeros(3, dtype=np.int64))[0], before[0])


def test_a_finished_game_refuses_until_reset() -> None:
    game = Cribbage(target=31)
    batch = CribbageBatch(game, 2)
    rng = np.random.default_rng(0)
    batch.reset(np.ones(2, dtype=np.bool_), rng)
    while not batch.terminal()[0]:
        batch.apply(random_actions(batch.legal_masks(), rng), np.array([True, False]), rng)
    assert batch.current_players()[0] == -2 and not batch.legal_masks()[0].any()
    assert sorted(batch.returns()[0]) == [-1.0, 1.0]
    with pytest.raises(IllegalActionError, match="game 0: the game is over; reset it"):
        batch.apply(np.array([0, int(np.flatnonzero(batch.legal_masks()[1])[0])]), np.ones(2, dtype=np.bool_), rng)
    batch.reset(np.array([True, False]), rng)
    assert batch.current_players()[0] >= 0 and not batch.returns()[0].any()


@pytest.mark.parametrize("options", [
    {"players": 3}, {"players": 4, "target": 61}, {"muggins": True, "target": 61},
    {"players": 3, "muggins": True, "games": 3, "target": 31, "skunk": True, "stop_at_majority": True},
], ids=["three-players", "four-players", "muggins", "three-players-muggins-match"])
def test_every_configuration_steps_in_the_batch(options: dict[str, Any]) -> None:
    """Three and four players (C5, C15), muggins claims (C17) and matches (C16, C18) are the kernel's too: the
    batch plays them as the state does, and ``batch_of`` gives it."""
    play_side_by_side(options, size=6, steps=150, seed=4)
    assert isinstance(batch_of(Cribbage(**options), 2), CribbageBatch if COMPILING else TableBatch)


def test_bad_arguments_are_refused() -> None:
    if COMPILING:
        with pytest.raises(ValueError, match="at least one game"):
            Cribbage().batch(0)
    else:
        with pytest.raises(NotImplementedError, match="runs compiled"):
            Cribbage().batch(2)
    batch = CribbageBatch(Cribbage(), 2)
    rng = np.random.default_rng(0)
    batch.reset(np.ones(2, dtype=np.bool_), rng)
    with pytest.raises(ValueError, match=r"one action and one flag per game, shape \(2,\)"):
        batch.apply(np.array([0]), np.ones(2, dtype=np.bool_), rng)
    with pytest.raises(ValueError, match=r"reset takes one flag per game, shape \(2,\), not \(3,\)"):
        batch.reset(np.ones(3, dtype=np.bool_), rng)
    with pytest.raises(ValueError, match="one seat index 0–1 per game"):
        batch.observe(np.array([0, 2]))
