"""Coach mode's contract over every registered game (issue #20, item 6): advice rates legal actions of
the seat to move only, prefers one of them, is JSON-ready data, and is the same for the same view."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tabletop
from tabletop.core import Capability
from tabletop.core.coach import CoachAdvice, blunder_cost

CONFIGS = {"kubik": {"throws": "calibrated"}}
BUDGETS = {"cubulus": 300, "cribbage": 8}


@pytest.mark.parametrize("name", sorted(tabletop.REGISTRY.providing(Capability.COACH)))
def test_advice_rates_the_legal_actions_of_the_seat_to_move_from_its_view(name: str) -> None:
    game = tabletop.load(name, **CONFIGS.get(name, {}))
    assert game.provides(Capability.COACH)
    state: Any = game.initial_state()
    rng = random.Random(2)
    advised = 0
    for _ in range(400):
        if state.is_terminal or advised >= 3:
            break
        if not state.is_chance:
            seat = state.current_player
            view = state.view(seat)
            advice = game.coach(view, seat, BUDGETS.get(name), seed=1)
            for other in range(game.num_players):  # a seat not to move is never advised
                assert other == seat or game.coach(state.view(other), other) is None
            if advice is not None:
                advised += 1
                legal = {str(a) for a in state.legal_actions()}
                assert set(advice.actions) <= legal and advice.best in advice.actions and advice.seat == seat
                assert json.loads(json.dumps(advice.to_data()))["best"] == advice.best
                rebuilt = game.state_from_view(view, random.Random(7))
                assert game.coach(rebuilt.view(seat), seat, BUDGETS.get(name), seed=1) == advice
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions())))
    assert advised


def test_a_blunders_cost_is_the_gap_to_the_best_in_the_advices_measure() -> None:
    advice = CoachAdvice("move", 0, "result", "chance", {"a": {"result": 1.0}, "b": {"result": 0.0},
                                                         "c": {"wins": False}}, "a")
    assert blunder_cost(advice, "b") == 1.0 and blunder_cost(advice, "a") == 0.0
    assert blunder_cost(advice, "c") is None and blunder_cost(advice, "zzz") is None
