"""Kubik games for the rule tests: a scorekeeper game with chosen options, and a position reached by notation."""

from __future__ import annotations

import tabletop
from tabletop.games.kubik import Kubik, KubikState


def kubik(**options: object) -> Kubik:
    """Kubik with ``options``, typed as the game it is."""
    game = tabletop.load("kubik", **options)
    assert isinstance(game, Kubik)
    return game


def manual(**options: object) -> Kubik:
    """A scorekeeper game (K20: people enter what happened) with ``options``."""
    return kubik(throws="manual", **options)


def play(state: KubikState, *texts: str) -> KubikState:
    """The position after ``texts``, each an action in notation."""
    for text in texts:
        new = state.apply_text(text)
        assert isinstance(new, KubikState)
        state = new
    return state
