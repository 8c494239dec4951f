"""Kubik's coach (issue #20, item 6): each line and aim's best throw, its chance to score and to win."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tabletop
from tabletop.games.kubik.coach import coach
from tabletop.games.kubik.field import AIMS
from tabletop.games.kubik.phases import Phase
from tabletop.games.kubik.valuation import Candidates, throw_values, winning_table, winning_values


def until(game: Any, phase: Phase, seed: int = 1) -> Any:
    state, rng = game.initial_state(), random.Random(seed)
    while state.phase is not phase:
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions())))
    return state


def test_k6_k7_every_line_and_aim_has_its_best_throw_with_chances_to_score_and_win() -> None:
    game = tabletop.load("kubik", throws="calibrated")
    state = until(game, Phase.AIM)
    seat = state.current_player
    advice = coach(game, state.view(seat), seat)
    assert advice is not None and advice.kind == "throw" and advice.measure == "win"
    rows = {(f["line"], f["aim"]) for f in advice.actions.values()}
    assert rows == {(line, aim) for line in (0, 1) for aim in AIMS}
    for figures in advice.actions.values():
        assert 0 <= float(figures["score"]) <= 1 and 0 <= float(figures["win"]) <= 1
    throws = [a.throw for a in state.legal_actions()]
    solution = winning_table(game)  # the default game's table ships: the coach reads the exact winning policy
    assert solution is not None
    win = winning_values(game, state, solution, Candidates.of(throws))
    assert advice.value(str(advice.best)) == pytest.approx(float(np.max(win)))
    one_step = throw_values(game, state, seat, Candidates.of(throws), score_aware=True)
    assert float(np.max(one_step)) == pytest.approx(float(np.max(win)), abs=0.01)  # close, but not the same


def test_a_throw_named_in_include_is_rated_too() -> None:
    game = tabletop.load("kubik", throws="calibrated")
    state = until(game, Phase.AIM)
    seat = state.current_player
    odd = "throw B pos +1 aim -6 power 8 spin 6"
    assert odd not in coach(game, state.view(seat), seat).actions  # type: ignore[union-attr]
    advice = coach(game, state.view(seat), seat, include=[odd])
    assert advice is not None and odd in advice.actions and advice.value(odd) is not None


def test_k19_the_interception_decisions_are_rated_by_their_gain() -> None:
    game = tabletop.load("kubik", throws="calibrated", interception=True, players=4)
    state = until(game, Phase.STAND)
    seat = state.current_player
    advice = coach(game, state.view(seat), seat)
    assert advice is not None and advice.kind == "stand" and advice.actions["pass"]["gain"] == 0.0
    assert all(float(f["gain"]) >= 0 for f in advice.actions.values())  # standing never costs (K19)
    thrower = state.thrower  # not the seat deciding: nothing to advise it now
    assert coach(game, state.view(thrower), thrower) is None


def test_a_real_field_throw_gets_no_advice_k20() -> None:
    game = tabletop.load("kubik", throws="manual")
    state = until(game, Phase.AIM)
    assert coach(game, state.view(state.current_player), state.current_player) is None
