"""Building cribbage positions from chosen cards, for rule tests."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.games.cribbage import Cribbage, CribbageState, Phase

_LOW_TO_HIGH = ["AC", "2C", "3C", "4C"]


def cut_for(dealer: int, players: int) -> list[str]:
    """Cut actions that make ``dealer`` deal first (C6: lowest cut deals)."""
    cards = ["KC", "KD", "KH", "KS"][:players]
    cards[dealer] = "AC"
    return [f"cut {c}" for c in cards]


def deal(hands: list[str], dealer: int = 0, crib_card: str | None = None) -> list[str]:
    """Deal actions giving seat s the cards in ``hands[s]`` (space-separated), one at a time
    clockwise from the dealer's left (C5)."""
    cards = [h.split() for h in hands]
    n = len(cards)
    actions = []
    for k in range(n * len(cards[0])):
        seat = (dealer + 1 + k) % n
        actions.append(f"deal {cards[seat][k // n]}")
    if crib_card:
        actions.append(f"deal {crib_card}")
    return actions


def play_out(state: CribbageState, *actions: str) -> CribbageState:
    """Apply actions in notation."""
    for text in actions:
        state = state.apply_text(text)
    return state


def setup(hands: list[str], discards: list[str], starter: str, dealer: int = 0, crib_card: str | None = None,
          **options: Any) -> CribbageState:
    """A game after the cut, the deal, the discards (in order from the dealer's left) and the starter."""
    game = tabletop.load("cribbage", players=len(hands), **options)
    assert isinstance(game, Cribbage)
    n = len(hands)
    order = [(dealer + 1 + k) % n for k in range(n)]
    actions = [*cut_for(dealer, n), *deal(hands, dealer, crib_card)]
    actions += [f"discard {discards[s]}" for s in order]
    actions.append(f"starter {starter}")
    state = play_out(game.initial_state(), *actions)
    assert isinstance(state, CribbageState)
    return state


def to_the_show(state: CribbageState) -> CribbageState:
    """Play the pegging out with the first legal card (claiming exactly, with muggins)."""
    while state.phase is not Phase.SHOW:
        if state.phase is Phase.CLAIM:
            assert state.pending is not None
            state = state.apply_text(f"claim {state.pending.actual}")
        else:
            state = state.apply(state.legal_actions()[0])
    return state
