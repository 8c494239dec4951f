"""Compile cribbage's kernel now and cache the machine code (``python -m tabletop.games.cribbage``).

The install runs this once (``make``), so that no first game of a process waits the minute Numba takes to
compile the kernel: it plays a short random game through the states, with a seat's vector and mask at each
decision, and a few steps of a batch — every signature play and learning call the kernel with. Without the
``compiled`` extra it plays them as Python, quickly, and caches nothing.
"""

from __future__ import annotations

import random

import numpy as np

from tabletop.games.cribbage.batch import start
from tabletop.games.cribbage.encoding import CribbageEncoding
from tabletop.games.cribbage.game import Cribbage


def main() -> None:
    """A random game to 61 through the states, then twenty steps of a batch of two."""
    game = Cribbage(target=61)
    rng = random.Random(0)
    state = game.initial_state()
    encoding = game.encoding()
    assert isinstance(encoding, CribbageEncoding)
    while not state.is_terminal:
        if not state.is_chance:
            encoding.observe_state(state, state.current_player)
            encoding.mask_of(state)
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions()))
    state.returns()
    if start():
        batch = game.batch(2)
        generator = np.random.default_rng(0)
        batch.reset(np.ones(2, dtype=np.bool_), generator)
        for _ in range(20):  # each game's first legal action
            batch.apply(batch.legal_masks().argmax(axis=1), ~batch.terminal(), generator)
        batch.observe(np.zeros(2, dtype=np.int64))
        batch.returns()


if __name__ == "__main__":
    main()
