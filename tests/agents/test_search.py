"""Generic search agents: IS-MCTS (sees only its view) and exact expectimax."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import tabletop
from tabletop.agents import Decision, ExpectimaxAgent, MCTSAgent, RandomAgent, make_bot
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
