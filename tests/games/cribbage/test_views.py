"""Views hide what they must (hidden information has one door) and the pegboard shows both pegs."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core.cards import DECK
from tabletop.games.cribbage import CribbageState, Phase
from tabletop.games.cribbage.views import crib_is_public, hands_are_public


def states(players: int, seed: int, muggins: bool = False) -> list[CribbageState]:
    """Every state of one random game."""
    rng = random.Random(seed)
    state = tabletop.load("cribbage", players=players, muggins=muggins, target=61).initial_state()
    assert isinstance(state, CribbageState)
    seen = [state]
    while not state.is_terminal:
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
        assert isinstance(state, CribbageState)
        seen.append(state)
    return seen


def cards_in(view: object) -> set[str]:
    """Every card string that appears anywhere in a view."""
    text = json.dumps(view)
    return {str(card) for card in DECK if f'"{card}"' in text}


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000))
def test_views_never_show_another_hand_the_hidden_crib_or_the_pack(players: int, seed: int) -> None:
    """Views: own hand, piles, starter, count, scores and pegs — never an opponent's (or partner's)
    unplayed card before the show, the crib before it is counted, or the undealt cards."""
    for state in states(players, seed):
        for seat in range(players):
            visible = cards_in(state.view(seat))
            # the last count of a hand may name cards that are back in the new pack: that was public
            current = cards_in({k: v for k, v in state.view(seat).items() if k != "events"})
            for card in state.deck:
                assert str(card) not in current, "the pack is never shown"
            if not hands_are_public(state):
                for other in range(players):
                    if other != seat:
                        assert not {str(c) for c in state.hands[other]} & visible
            if not crib_is_public(state):
                others_crib = {str(c) for c in state.crib} - {str(c) for c in state.discards[seat]}
                assert not others_crib & visible
            assert {str(c) for c in state.hands[seat]} <= visible


def test_the_view_shows_the_public_table() -> None:
    """Everyone sees the starter once cut, the count, every pile, the scores and both pegs of each side."""
    for state in states(2, 5):
        if state.phase is Phase.PLAY and state.series:
            view = state.view(0)
            assert view["count"] == state.count
            assert view["starter"] == str(state.starter)
            assert view["piles"][1] == [str(c) for c in state.piles[1]]
            assert view["pegs"] == [{"front": p.front, "rear": p.rear} for p in state.pegs]
            return
    raise AssertionError("no pegging state found")


def test_views_of_other_seats_rebuild_to_the_same_view() -> None:
    """A bot's sampled world shows it exactly its view, with the hidden cards redrawn at random."""
    rng = random.Random(0)
    differs = 0
    for state in states(3, 7)[::5]:
        for seat in range(3):
            view = state.view(seat)
            world = state.game.state_from_view(view, rng)
            assert world.view(seat) == view
            differs += world.hands != state.hands
    assert differs > 0, "hidden cards must be resampled, not copied from the true state"


def test_bad_view_is_a_clear_error() -> None:
    game = tabletop.load("cribbage")
    with pytest.raises(tabletop.core.TabletopError, match="not a view of this cribbage game"):
        game.state_from_view({"game": "beetle"}, random.Random())


def test_observations_hide_cards_dealt_to_others_and_their_discards() -> None:
    """The history a bot is given says a card was dealt to someone else, not which."""
    game = tabletop.load("cribbage")
    state = game.initial_state()
    for text in ["cut AC", "cut KC", "deal 5H", "deal 6D"]:
        action = game.parse_action(text)
        if text == "deal 5H":
            assert state.observation(action, 1) == "deal 5H" and state.observation(action, 0) == "deal"
        state = state.apply(action)


@settings(max_examples=10, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000))
def test_c17_no_view_says_what_a_declaration_is_really_worth(players: int, seed: int) -> None:
    """C17: with muggins, finding the points is the declarer's task and spotting a miss the
    opponents': no seat's view carries the true value, yet a state rebuilt from any view knows it
    (it follows from cards every seat sees), so bots that determinise play the same game."""
    claims = [s for s in states(players, seed, muggins=True) if s.pending is not None]
    assert claims
    for state in claims:
        for seat in range(players):
            view = state.view(seat)
            assert "actual" not in view["pending"]
            rebuilt = state.game.state_from_view(view, random.Random(seed))
            assert rebuilt.pending == state.pending
