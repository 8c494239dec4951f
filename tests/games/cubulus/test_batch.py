"""The batched kernel against the scalar engine: random games played side by side, action for action.

Each game of a :class:`CubulusBatch` is mirrored by a :class:`CubulusState` given the same chance
outcome and the same actions; after every action the two must agree on the legal mask (U10–U14),
every seat's observation (which carries the board, the hands, the move clock, the last move, the
undo ban U12, the repetition counts U16, the winner U8/U15 and why the game ended), the seat to
move and the returns. The players lean towards shifts, and towards shifting the same line again,
so that full lines, the undo ban, repetition draws and the move cap all come up, not only inserts.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import IllegalActionError
from tabletop.games.cubulus import Cubulus, CubulusState, First
from tabletop.games.cubulus.batch import CubulusBatch
from tabletop.games.cubulus.encoding import PASS_INDEX, SHIFT_BASE


def choose(masks: np.ndarray, last_shift: np.ndarray, rng: np.random.Generator, stubborn: float = 0.5) -> np.ndarray:
    """Per game a legal action: with probability ``stubborn`` the line shifted last again if it may
    (every third turn of a line brings its board back: U16's repetitions), else half the time a
    shift, else any legal action."""
    actions = np.empty(len(masks), dtype=np.int64)
    for row, mask in enumerate(masks):
        legal = np.flatnonzero(mask)
        if not legal.size:
            actions[row] = 0  # a finished game: not played
            continue
        shifts = legal[(legal >= SHIFT_BASE) & (legal < PASS_INDEX)]
        if mask[last_shift[row]] and rng.random() < stubborn:
            actions[row] = last_shift[row]
        elif shifts.size and rng.random() < 0.5:
            actions[row] = rng.choice(shifts)
        else:
            actions[row] = rng.choice(legal)
    return actions


def mirror(game: Cubulus, batch: CubulusBatch, row: int) -> CubulusState:
    """The scalar game of ``row`` just after a reset: the same first seat drawn."""
    state = game.initial_state()
    if state.is_chance:
        state = state.apply(First(int(batch.last_seat[row])))
    return state


def check_equal(game: Cubulus, batch: CubulusBatch, states: list[CubulusState]) -> None:
    """Masks, every seat's observation, the seat to move and the returns agree in every game."""
    encoding = game.encoding()
    masks, players, returns = batch.legal_masks(), batch.current_players(), batch.returns()
    seen = [batch.observe(np.full(batch.size, seat)) for seat in range(game.num_players)]
    for row, state in enumerate(states):
        assert players[row] == state.current_player, (row, state)
        assert np.array_equal(masks[row], encoding.legal_mask(state)), (row, state)
        assert tuple(returns[row]) == state.returns()
        for seat in range(game.num_players):
            assert np.array_equal(seen[seat][row], encoding.observe(state.view(seat), seat)), (row, seat, state)


def play_side_by_side(options: dict[str, Any], size: int, steps: int, seed: int,
                      stubborn: float = 0.5) -> dict[str, int]:
    """Random play of ``size`` games for ``steps`` rounds in both engines; how the games ended."""
    game = Cubulus(**options)
    batch = game.batch(size)
    assert isinstance(batch, CubulusBatch)
    rng = np.random.default_rng(seed)
    batch.reset(np.ones(size, dtype=np.bool_), rng)
    states = [mirror(game, batch, row) for row in range(size)]
    last_shift = np.full(size, SHIFT_BASE)
    ends: dict[str, int] = {}
    for _ in range(steps):
        check_equal(game, batch, states)
        over = batch.terminal()
        if over.any():
            for row in np.flatnonzero(over):
                why = str(states[row].end.value if states[row].end else None)
                ends[why] = ends.get(why, 0) + 1
            batch.reset(over, rng)
            for row in np.flatnonzero(over):
                states[row] = mirror(game, batch, row)
            check_equal(game, batch, states)
        actions = choose(batch.legal_masks(), last_shift, rng, stubborn)
        batch.apply(actions, np.ones(size, dtype=np.bool_), rng)
        for row, index in enumerate(actions):
            states[row] = states[row].apply(game.encoding().action_at(int(index)))
        is_shift = (actions >= SHIFT_BASE) & (actions < PASS_INDEX)
        last_shift = np.where(is_shift, actions, last_shift)
    check_equal(game, batch, states)
    return ends


@pytest.mark.parametrize("options", [
    {"players": 2},
    {"players": 3},
    {"players": 2, "first": 1, "move_cap": 25, "neutral_cells": "exterior"},
    {"players": 3, "first": 2, "allow_null_shift": True, "no_undo": "off"},
    {"players": 2, "repetition_draw": False, "move_cap": 40},
], ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()))
def test_random_play_agrees_with_the_scalar_engine(options: dict[str, Any]) -> None:
    ends = play_side_by_side(options, size=8, steps=60, seed=1)
    assert sum(ends.values()) > 0, "no game ended: the run checked no ending"


def test_every_ending_comes_up() -> None:
    """U8/U15 squares, U16 repetitions and the U16 move cap all occur in the side-by-side runs."""
    ends = play_side_by_side({"players": 2, "move_cap": 40}, size=12, steps=90, seed=3, stubborn=0.6)
    assert {"square", "repetition", "move cap"} <= ends.keys(), ends


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3]), cap=st.integers(1, 60),
       null=st.booleans(), undo=st.sampled_from(["next", "off"]), repetition=st.booleans())
def test_any_configuration_agrees(seed: int, players: int, cap: int, null: bool, undo: str, repetition: bool) -> None:
    play_side_by_side({"players": players, "move_cap": cap, "allow_null_shift": null, "no_undo": undo,
                       "repetition_draw": repetition}, size=4, steps=25, seed=seed)


def test_an_illegal_action_changes_nothing() -> None:
    game = Cubulus(players=3, first=0)
    batch = game.batch(3)
    rng = np.random.default_rng(0)
    batch.reset(np.ones(3, dtype=np.bool_), rng)
    before = batch.observe(np.zeros(3, dtype=np.int64)).copy()
    legal = np.flatnonzero(batch.legal_masks()[0])
    actions = np.array([legal[0], 0, legal[0]])  # game 1 tries place 000: no neutral balls with three (U9)
    with pytest.raises(IllegalActionError, match=r"game 1: action 0 \(place 000\) is not legal for seat 1; legal: 27"):
        batch.apply(actions, np.ones(3, dtype=np.bool_), rng)
    with pytest.raises(IllegalActionError, match="game 0: action 136 is out of range 0–135"):
        batch.apply(np.array([136, 27, 27]), np.ones(3, dtype=np.bool_), rng)
    assert np.array_equal(batch.observe(np.zeros(3, dtype=np.int64)), before)
    batch.apply(actions, np.array([True, False, True]), rng)  # game 1 left out: the others move
    assert list(batch.current_players()) == [1, 0, 1]


def test_a_finished_game_refuses_until_reset() -> None:
    game = Cubulus(players=3, first=0, move_cap=1)
    batch = game.batch(2)
    rng = np.random.default_rng(0)
    batch.reset(np.ones(2, dtype=np.bool_), rng)
    batch.apply(np.array([27, 27]), np.array([True, False]), rng)
    assert list(batch.current_players()) == [-2, 0]
    assert not batch.legal_masks()[0].any()
    with pytest.raises(IllegalActionError, match="game 0: the game is over; reset it"):
        batch.apply(np.array([28, 27]), np.ones(2, dtype=np.bool_), rng)
    batch.reset(np.array([True, False]), rng)
    assert list(batch.current_players()) == [0, 0]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        Cubulus().batch(0)
    batch = Cubulus(players=3).batch(2)
    rng = np.random.default_rng(0)
    batch.reset(np.ones(2, dtype=np.bool_), rng)
    with pytest.raises(ValueError, match=r"one action and one flag per game, shape \(2,\)"):
        batch.apply(np.array([27]), np.ones(2, dtype=np.bool_), rng)
    with pytest.raises(ValueError, match=r"reset takes one flag per game, shape \(2,\), not \(3,\)"):
        batch.reset(np.ones(3, dtype=np.bool_), rng)
    with pytest.raises(ValueError, match="one seat index 0–2 per game"):
        batch.observe(np.array([0, 3]))
