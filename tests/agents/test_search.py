"""Generic search agents: IS-MCTS (sees only its view) and exact expectimax."""

from __future__ import annotations

import random
import time
from fractions import Fraction

import pytest

import tabletop
from tabletop.agents import LEVELS, Decision, ExpectimaxAgent, MCTSAgent, RandomAgent, make_bot
from tabletop.core import State
from tabletop.sim import play


def test_mcts_beats_random_at_cubulus() -> None:
    """A small search already wins most games against random play, in either seat."""
    game = tabletop.load("cubulus", first="0")
    wins = 0
    for seed in range(6):
        searcher = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[searcher] = MCTSAgent(simulations=100)
        wins += play(game, agents, seed).state.returns()[searcher] > 0
    assert wins >= 5


def test_mcts_decides_from_the_view_only() -> None:
    """Two cribbage worlds that look the same to the deciding seat get the same decision: the
    search samples hidden cards from the view, never from the true state."""
    game = tabletop.load("cribbage")
    rng = random.Random(3)
    state: State[object] = game.initial_state()
    while state.is_chance or state.current_player != 1 or str(state.phase.value) != "play":  # type: ignore[attr-defined]
        state = state.apply(state.sample_chance(rng) if state.is_chance else state.legal_actions()[0])
    view = state.view(1)
    other = game.state_from_view(view, random.Random(99))
    assert other.view(1) == view and other != state  # a different world, the same view
    choices = []
    for world in (state, other):
        decision = Decision(game, 1, world.view(1), tuple(world.legal_actions()))
        choices.append(str(MCTSAgent(simulations=40).choose(decision, random.Random(5))))
    assert choices[0] == choices[1]


def test_expectimax_values_are_exact() -> None:
    """A one-part beetle: the roller finishes with probability 1/6 exactly; the second with 5/36."""
    game = tabletop.load("beetle", players=2, parts={"parts": [{"name": "body", "face": 1, "count": 1}]})
    state = game.initial_state()
    for text in ["roll", "6", "roll", "1"]:  # seat 0 wins the roll-off
        state = state.apply_text(text)
    state = state.apply_text("roll").apply_text("2").apply_text("roll").apply_text("3")  # both miss once
    assert state.current_player == 0
    assert ExpectimaxAgent.values(state, 1) == (Fraction(1, 6), 0)
    assert ExpectimaxAgent.values(state, 2) == (Fraction(1, 6), Fraction(5, 36))


def test_expectimax_refuses_hidden_information() -> None:
    game = tabletop.load("cribbage")
    with pytest.raises(ValueError, match="perfect information"):
        ExpectimaxAgent().choose(Decision(game, 0, {}, ("a", "b")), random.Random())


def test_levels_are_named_bots() -> None:
    assert [make_bot(level).name for level in ("easy", "normal", "hard")] == ["easy", "normal", "hard"]
    assert isinstance(make_bot("mcts"), MCTSAgent)


def test_generic_levels_budget_iterations_not_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots issue item 4: the generic levels set no clock, so a seed decides the move however slow the
    machine — here the second search runs under a clock that jumps a minute at every reading, which
    would stop a ``time_budget`` search after one iteration."""
    assert all(make_bot(level).time_budget is None for level in LEVELS)  # type: ignore[attr-defined]
    game = tabletop.load("cubulus", first="0")
    rng = random.Random(2)
    state: State[object] = game.initial_state()
    while state.is_chance or len(state.legal_actions()) < 2 or str(state.phase.value) != "play":  # type: ignore[attr-defined]
        state = state.apply(state.sample_chance(rng) if state.is_chance else state.legal_actions()[0])
    decision = Decision(game, state.current_player, state.view(state.current_player), tuple(state.legal_actions()))
    chosen = str(MCTSAgent(simulations=60).choose(decision, random.Random(8)))
    readings = iter(range(0, 10**9, 60))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(readings)))
    assert str(MCTSAgent(simulations=60).choose(decision, random.Random(8))) == chosen
    # the opt-in cap is honoured (and is why it is not reproducible): one iteration, still a legal move
    assert MCTSAgent(simulations=60, time_budget=1.0).choose(decision, random.Random(8)) in decision.legal_actions
