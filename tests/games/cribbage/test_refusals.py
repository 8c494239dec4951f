"""C5, C8, C9: an illegal play, go or discard is refused naming the rule it breaks, as a game code with
params (``Cribbage.refusal``, declared in ``GameSpec.errors``) and in English with what is legal."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tabletop
from tabletop.core import IllegalActionError
from tabletop.games.cribbage.phases import Phase


def pegging_at(count: int, seed: int = 1) -> Any:
    """A two-player game played (last legal action each time) until the running count passes ``count``."""
    game = tabletop.load("cribbage")
    state = game.initial_state()
    rng = random.Random(seed)
    while not (state.phase is Phase.PLAY and state.current_player >= 0 and state.count > count):
        state = state.apply(state.sample_chance(rng) if state.is_chance else state.legal_actions()[-1])
    return state


def refusal(state: Any, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as raised:
        state.apply(state.game.parse_action(text))
    return raised.value


def test_c8_a_card_that_would_pass_31_and_c9_a_go_while_a_card_fits() -> None:
    state = pegging_at(20)
    hand = state.hands[state.to_move]
    too_big = [c for c in hand if state.count + min(c.rank, 10) > 31]
    fits = [str(c) for c in hand if state.count + min(c.rank, 10) <= 31]
    assert too_big and fits, "the seed gives a hand with both"
    over = refusal(state, str(too_big[0]))
    assert over.code == "count_over_31" and over.params["count"] == state.count
    assert over.params["total"] > 31 and "> 31 (C8); legal: " in str(over)
    go = refusal(state, "go")
    assert (go.code, go.params) == ("go_with_card", {"action": "go", "cards": fits})
    assert "(C9)" in str(go)


def test_c8_a_card_not_in_hand_and_c5_a_discard_of_the_wrong_size() -> None:
    state = pegging_at(0)
    held = {str(c) for c in state.hands[state.to_move]}
    stranger = next(text for text in ("AS", "AH", "AD", "AC", "2S") if text not in held)
    assert refusal(state, stranger).params == {"action": stranger, "card": stranger, "seat": state.to_move}
    game = tabletop.load("cribbage")
    deal = game.initial_state()
    rng = random.Random(2)
    while deal.phase is not Phase.DISCARD or deal.is_chance:
        deal = deal.apply(deal.sample_chance(rng) if deal.is_chance else deal.legal_actions()[0])
    one = str(deal.hands[deal.to_move][0])
    error = refusal(deal, f"discard {one}")
    assert (error.code, error.params) == ("discard_count", {"action": f"discard {one}", "needed": 2})
