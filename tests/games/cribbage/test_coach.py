"""Cribbage's coach (issue #20, item 6): discards (C5, C13) and pegging cards (C8–C12), from the view."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.core import Decision
from tabletop.core.cards import Card
from tabletop.games.cribbage.analysis import discard_analysis
from tabletop.games.cribbage.coach import coach
from tabletop.games.cribbage.expert import CribbageExpert, ExpertConfig
from tabletop.games.cribbage.state import CribbageState


def walk(players: int, seed: int, phase: str) -> CribbageState:
    """A seeded game played at random until a seat must choose in ``phase`` with a real choice."""
    game = tabletop.load("cribbage", players=players)
    state: Any = game.initial_state()
    rng = random.Random(seed)
    while True:
        if not state.is_chance and state.view(state.current_player)["phase"] == phase \
                and len(state.legal_actions()) > 1:
            return state  # type: ignore[no-any-return]
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions())))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c5_each_discards_figures_are_the_analysis_modules(players: int) -> None:
    state = walk(players, 5, "discard")
    seat = state.current_player
    view = state.view(seat)
    advice = coach(state.game, view, seat)
    assert advice is not None and advice.kind == "discard"
    own = view["sides"][view["dealer"]] == view["sides"][seat]
    options = discard_analysis([Card.parse(c) for c in view["hand"]], own, "exact")
    assert len(advice.actions) == len(options) == len(state.legal_actions())
    for option in options:
        thrown = {str(c) for c in option.discard}
        figures = next(f for a, f in advice.actions.items() if set(a.split()[1:]) == thrown)
        assert (figures["hand"], figures["crib"], figures["net"]) == (option.hand, option.crib, option.net)
    assert set(str(advice.best).split()[1:]) == {str(c) for c in options[0].discard}


def test_c8_c12_each_playable_card_is_valued_as_the_expert_values_its_rank() -> None:
    state = walk(2, 11, "play")
    seat = state.current_player
    view = state.view(seat)
    advice = coach(state.game, view, seat, budget=30, seed=4)
    assert advice is not None and advice.kind == "play"
    assert set(advice.actions) == {str(a) for a in state.legal_actions()}
    expert = CribbageExpert(ExpertConfig("same", samples=30))
    chosen = expert.choose(Decision(state.game, seat, view, tuple(state.legal_actions()), ()), random.Random(4))
    assert advice.value(str(chosen)) == max(v for a in advice.actions if (v := advice.value(a)) is not None)


def test_two_worlds_with_the_same_view_get_the_same_advice_and_it_names_only_cards_the_seat_sees() -> None:
    for phase, seed in (("discard", 3), ("play", 8)):
        state = walk(2, seed, phase)
        seat = state.current_player
        view = state.view(seat)
        other = state.game.state_from_view(view, random.Random(99))  # the opponent's hand dealt afresh
        assert other.hands[1 - seat] != state.hands[1 - seat] and other.view(seat) == view
        advice = coach(state.game, view, seat, budget=20)
        assert advice == coach(other.game, other.view(seat), seat, budget=20)
        assert advice is not None
        named = {word for action in advice.actions for word in action.split() if word != "discard"}
        assert named <= set(view["hand"])


def test_no_advice_for_a_seat_not_to_move_nor_for_a_count_c13() -> None:
    state = walk(2, 5, "discard")
    other = 1 - state.current_player
    assert coach(state.game, state.view(other), other) is None
    game, rng = state.game, random.Random(1)
    while state.is_chance or state.view(state.current_player)["phase"] != "show":
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions())))
    assert coach(game, state.view(state.current_player), state.current_player) is None
