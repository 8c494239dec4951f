"""Beetle's coach (issue #20, item 6): the roll (B5) with the live exact odds (B6)."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.games.beetle.coach import coach
from tabletop.games.beetle.odds import win_probabilities


def test_the_roll_carries_the_seats_exact_chance_and_every_seats_odds() -> None:
    game = tabletop.load("beetle", players=3)
    state, rng = game.initial_state(), random.Random(4)
    for _ in range(30):
        state = state.apply(state.sample_chance(rng) if state.is_chance else state.legal_actions()[0])
    while state.is_chance:
        state = state.apply(state.sample_chance(rng))
    seat = state.current_player
    advice = coach(game, state.view(seat), seat)
    assert advice is not None and advice.kind == "roll" and advice.best == "roll"
    odds = win_probabilities(state)
    assert advice.extra["win"] == pytest.approx(odds) and advice.value("roll") == pytest.approx(odds[seat])
    assert sum(advice.extra["win"]) == pytest.approx(1.0)
