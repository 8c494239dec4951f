"""Every game's bots, through the interface only (bots issue, part 6): legal answers, decisions from
the view alone, and the same decision for the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.agents import bot_names, make_bot
from tabletop.core import LEVELS, Decision, State

CONFIGURATIONS = [
    ("beetle", {"players": 3}),
    ("cribbage", {"players": 2}),
    ("cribbage", {"players": 3}),
    ("cubulus", {"players": 2}),
    ("kubik", {"players": 2, "throws": "calibrated"}),
]
QUICK_LEVELS = ("easy", "normal")  # hard thinks up to a second of CPU: its own game's tests cover it


def positions(game: tabletop.Game[Any, Any], count: int, seed: int) -> list[State[Any]]:
    """Decision points reached by random play (``count`` of them, spread over a few games)."""
    rng = random.Random(seed)
    found: list[State[Any]] = []
    while len(found) < count:
        state: State[Any] = game.initial_state()
        while not state.is_terminal and len(found) < count:
            if state.is_chance:
                state = state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.15:
                found.append(state)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return found


def decide(name: str, game: tabletop.Game[Any, Any], state: State[Any], seed: int) -> Any:
    seat = state.current_player
    decision = Decision(game, seat, state.view(seat), tuple(state.legal_actions()))
    return make_bot(name, game).choose(decision, random.Random(seed))


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=lambda v: str(v))
def test_every_game_offers_every_level(name: str, options: dict[str, Any]) -> None:
    game = tabletop.load(name, **options)
    assert set(LEVELS) <= set(game.bots()), "each game names its own easy / normal / hard"
    assert bot_names(game)[:1] == ["bot"]
    assert make_bot("bot", game).name == make_bot("normal", game).name


@pytest.mark.parametrize("level", QUICK_LEVELS)
@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=lambda v: str(v))
def test_bots_answer_legally_and_the_same_for_the_same_seed(name: str, options: dict[str, Any], level: str) -> None:
    game = tabletop.load(name, **options)
    for state in positions(game, 4, seed=len(name) + len(level)):
        action = decide(level, game, state, seed=5)
        assert state.is_legal(action), f"{level} chose {action} at a position where it is illegal"
        assert str(decide(level, game, state, seed=5)) == str(action)


@pytest.mark.parametrize("level", QUICK_LEVELS)
def test_a_cribbage_bot_decides_from_its_view_not_the_hidden_cards(level: str) -> None:
    """The same view with different hidden cards (the opponent's hand, the deck order): same decision."""
    game = tabletop.load("cribbage", players=2)
    checked = 0
    for state in positions(game, 6, seed=3):
        seat = state.current_player
        view = state.view(seat)
        other_world = game.state_from_view(view, random.Random(99))
        assert other_world.view(seat) == view
        hidden = [s.view(1 - seat) for s in (state, other_world)]
        if hidden[0] != hidden[1]:
            checked += 1
        assert str(decide(level, game, state, 7)) == str(decide(level, game, other_world, 7))
    assert checked > 0, "the two worlds must differ in what the seat cannot see"
