"""The numeric encoding's contract, over every registered game and configuration (STYLE 14; RL
adapters issue, part 1): what PettingZoo, Gymnasium and OpenSpiel rely on.

At every step of random legal play: each legal action has an index in range, distinct actions have
distinct indices, and the index gives the action back; each listable chance outcome likewise in its
own numbering; the legal mask is exactly the legal actions; every seat's observation is a finite
float32 vector of the declared size, computed from that seat's view alone — a state rebuilt from
the view (with everything hidden drawn afresh) gives the identical vector.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import Capability, Encoding, SampledChanceError, State
from tests.conformance.configs import ALL, IDS
from tests.environment import examples

ENCODED = [(i, (name, config)) for i, (name, config) in enumerate(ALL)
           if Capability.ENCODING in tabletop.REGISTRY[name].spec.capabilities]
"""The configurations of the games with a numeric encoding (a game with only the required core has none)."""

_CHECKED_STEPS = 300
"""Steps checked in each game (long cribbage matches: the first hands are checked, the rest played)."""


def _check_actions(encoding: Encoding[Any], state: State[Any]) -> None:
    legal = list(state.legal_actions())
    indices = [encoding.action_index(action) for action in legal]
    assert all(0 <= i < encoding.num_actions for i in indices)
    assert len(set(indices)) == len(set(legal)), "distinct actions need distinct indices"
    assert [encoding.action_at(i) for i in indices] == legal
    mask = encoding.legal_mask(state)
    assert mask.dtype == np.int8 and mask.shape == (encoding.num_actions,)
    assert set(np.flatnonzero(mask)) == set(indices)


def _check_chance(encoding: Encoding[Any], state: State[Any], drawn: Any) -> None:
    try:
        outcomes = state.chance_outcomes()
    except SampledChanceError:  # a physics throw: the drawn outcome (with its noise) has a number
        assert 0 <= encoding.chance_index(drawn) < encoding.num_chance_outcomes
        return
    indices = [encoding.chance_index(outcome) for outcome, _ in outcomes]
    assert all(0 <= i < encoding.num_chance_outcomes for i in indices)
    assert len(set(indices)) == len(outcomes)
    assert [encoding.chance_at(i) for i in indices] == [outcome for outcome, _ in outcomes]
    assert not encoding.legal_mask(state).any(), "no seat may act at a chance node"


def _fields_at(encoding: Encoding[Any], positions: Any) -> list[str]:
    """The names of the fields the observation numbers at ``positions`` belong to."""
    ends = np.cumsum([field.size for field in encoding.fields])
    return [encoding.fields[int(np.searchsorted(ends, p, side="right"))].name for p in positions]


def _check_observations(game: tabletop.Game, encoding: Encoding[Any], state: State[Any],
                        rng: random.Random) -> None:
    for seat in range(game.num_players):
        view = state.view(seat)
        vector = encoding.observe(view, seat)
        assert vector.dtype == np.float32 and vector.shape == (encoding.observation_size,)
        assert np.isfinite(vector).all()
        low, high = encoding.observation_bounds()
        outside = np.flatnonzero((vector < low) | (vector > high))
        assert not outside.size, f"observation numbers {outside[:5].tolist()} outside their fields' ranges: " \
            f"{vector[outside[:5]].tolist()} (fields: {_fields_at(encoding, outside[:5])})"
        rebuilt = game.state_from_view(view, random.Random(rng.random()))
        assert np.array_equal(encoding.observe(rebuilt.view(seat), seat), vector), \
            "the observation must come from the view alone"


@pytest.mark.parametrize(("name", "config"), [case for _, case in ENCODED], ids=[IDS[i] for i, _ in ENCODED])
@settings(max_examples=examples(2), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_state_of_a_random_game_is_encoded_faithfully(name: str, config: dict[str, Any], seed: int) -> None:
    game = tabletop.load(name, **config)
    encoding = game.encoding()
    assert encoding is game.encoding(), "one encoding per configuration"
    assert sum(field.size for field in encoding.fields) == encoding.observation_size > 0
    assert encoding.num_actions > 0
    rng = random.Random(seed)
    state: State[Any] = game.initial_state()
    for _ in range(_CHECKED_STEPS):
        if state.is_terminal:
            break
        _check_observations(game, encoding, state, rng)
        if state.is_chance:
            outcome = state.sample_chance(rng)
            _check_chance(encoding, state, outcome)
            state = state.apply(outcome)
        else:
            _check_actions(encoding, state)
            state = state.apply(rng.choice(list(state.legal_actions())))
    _check_observations(game, encoding, state, rng)


@pytest.mark.parametrize("name", tabletop.REGISTRY.providing(Capability.ENCODING))
@pytest.mark.parametrize("index", [-1, 10**7])
def test_an_index_out_of_range_is_refused_with_its_range(name: str, index: int) -> None:
    encoding = tabletop.load(name).encoding()
    with pytest.raises(ValueError, match="out of range"):
        encoding.action_at(index)
    if encoding.num_chance_outcomes:
        with pytest.raises(ValueError, match="out of range"):
            encoding.chance_at(index)
