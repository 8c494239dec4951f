"""The batched kernel against the scalar engine: random two-player games played side by side, action for action.

Each game of a :class:`CribbageBatch` is mirrored by a :class:`CribbageState` given the same chance
outcomes (the cuts, C6, the deal, C5, and the starter, C7, the batch writes down) and the same actions;
after every action the two must agree on the legal mask (C5, C8, C9, C13), both seats' observations
(hands, laid-away cards, piles, the series, the count, goes, the show, pegs and the result), the seat to
move and the returns. Low targets make games end in the play (C10–C12), by heels (C7) and in the show
(C13, C14) within a short run; skunks (C18) change what the win is worth.
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
from tabletop.games.cribbage import Cribbage, CribbageState
from tabletop.games.cribbage.batch import CribbageBatch
from tabletop.games.cribbage.batch_points import pegging_points, show_points
from tabletop.games.cribbage.scoring import RANK
from tabletop.games.cribbage.scoring import pegging_points as scalar_pegging_points
from tabletop.games.cribbage.scoring import show_points as scalar_show_points
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
    seen = [batch.observe(np.full(batch.size, seat)) for seat in range(2)]
    for row, state in enumerate(states):
        assert players[row] == state.current_player, (row, state)
        assert np.array_equal(masks[row], encoding.legal_mask(state)), (row, state)
        assert tuple(returns[row]) == state.returns(), (row, state)
        for seat in range(2):
            expected = encoding.observe(state.view(seat), seat)
            assert np.array_equal(seen[seat][row], expected), (row, seat, np.flatnonzero(seen[seat][row] != expected))


def play_side_by_side(options: dict[str, Any], size: int, steps: int, seed: int) -> Counter[str]:
    """Random play of ``size`` games for ``steps`` rounds in both engines; what came up: games ended in
    the play, in the show or by heels (the dealer's last action was laying away), and ties in the cut."""
    game = Cribbage(**options)
    batch = game.batch(size)
    assert isinstance(batch, CribbageBatch)
    encoding = game.encoding()
    rng = np.random.default_rng(seed)
    seen: Counter[str] = Counter()

    def start(rows: npt.NDArray[np.int64]) -> None:
        batch.reset(np.isin(np.arange(size), rows), rng)
        for row in rows:
            states[row] = replay_chance(game, batch, int(row), game.initial_state())
            seen["cut tie"] += int(batch.chance_count[row] > 2 + 12)  # a cut is two cards, a deal twelve

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
    seen = play_side_by_side({"target": 31}, size=32, steps=100, seed=0)
    assert {"play", "show", "heels", "cut tie"} <= seen.keys(), seen


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), target=st.integers(31, 181), skunk=st.booleans())
def test_any_target_agrees(seed: int, target: int, skunk: bool) -> None:
    play_side_by_side({"target": target, "skunk": skunk}, size=4, steps=40, seed=seed)


def test_pegging_points_are_the_scalar_ones() -> None:
    """C10, C11 on random series of one to eight cards, against :func:`.scoring.pegging_points`."""
    rng = np.random.default_rng(2)
    lengths = rng.integers(1, 9, size=4000)
    series = rng.integers(0, 24, size=(4000, 8))  # low cards: many pairs, runs and fifteens
    counts = rng.integers(1, 32, size=4000)
    counts[::3] = 15
    counts[1::7] = 31
    latest = np.array([[RANK[c] for c in row[:length][::-1]] + [0] * (8 - length)  # the last card first
                       for row, length in zip(series, lengths, strict=True)])
    found = pegging_points(latest, lengths, counts)
    for row in range(4000):
        ranks = [RANK[c] for c in series[row, : lengths[row]]]
        assert found[row] == scalar_pegging_points(ranks, int(counts[row])), (series[row], lengths[row])


def test_show_points_are_the_scalar_ones() -> None:
    """C13 on random hands and cribs with their starter, against :func:`.scoring.show_points`."""
    rng = np.random.default_rng(3)
    cards = np.argsort(rng.random((4000, 52)), axis=1)[:, :5]
    cards[::4, :5] = np.argsort(rng.random((1000, 13)), axis=1)[:, :5] * 4 + 1  # one suit: flushes, nobs
    crib = rng.random(4000) < 0.5
    found = show_points(cards[:, :4], cards[:, 4], crib)
    for row in range(4000):
        hand = tuple(int(c) for c in cards[row, :4])
        assert found[row] == scalar_show_points(hand, int(cards[row, 4]), bool(crib[row])), (hand, cards[row, 4])


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


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 4}, {"muggins": True}, {"games": 3}],
                         ids=["three-players", "four-players", "muggins", "match"])
def test_other_configurations_have_no_batch(options: dict[str, Any]) -> None:
    """They step through the interface: ``batch_of`` falls back to a table per game."""
    game = Cribbage(**options)
    with pytest.raises(NotImplementedError, match="two players in a one-game match without muggins"):
        game.batch(2)
    assert isinstance(batch_of(game, 2), TableBatch)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        Cribbage().batch(0)
    batch = Cribbage().batch(2)
    rng = np.random.default_rng(0)
    batch.reset(np.ones(2, dtype=np.bool_), rng)
    with pytest.raises(ValueError, match=r"one action and one flag per game, shape \(2,\)"):
        batch.apply(np.array([0]), np.ones(2, dtype=np.bool_), rng)
    with pytest.raises(ValueError, match=r"reset takes one flag per game, shape \(2,\), not \(3,\)"):
        batch.reset(np.ones(3, dtype=np.bool_), rng)
    with pytest.raises(ValueError, match="one seat index 0–1 per game"):
        batch.observe(np.array([0, 2]))
