"""Kubik games for the rule tests: a scorekeeper game with chosen options, and a position reached by notation."""

from __future__ import annotations

import tabletop
from tabletop.games.kubik import Kubik, KubikState


def manual(**options: object) -> Kubik:
    game = tabletop.load("kubik", throws="manual", **options)
    assert isinstance(game, Kubik)
    return game


def play(state: KubikState, *texts: str) -> KubikState:
    for text in texts:
        new = state.apply_text(text)
        assert isinstance(new, KubikState)
        state = new
    return state
