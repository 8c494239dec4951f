"""Compile Cubulus's kernels now and cache the machine code (``python -m tabletop.games.cubulus.compiled``).

The install runs this once, so that the first ``hard`` move of a game, or the first step of a batch of games
for learning code, does not wait the minute Numba takes to compile the searches and the rules; after that
every process loads the cached code in a second or two. Without Numba (the core install) there is nothing
to compile, and it says so.
"""

from __future__ import annotations

import random

import numpy as np

from tabletop.core.compiling import COMPILING
from tabletop.games.cubulus.expert import CubulusExpert
from tabletop.games.cubulus.game import Cubulus
from tabletop.games.cubulus.phases import Phase


def main() -> None:
    """Play one decision of ``hard`` (the search and both proofs) in a position of play, and a few steps
    of a batch of games."""
    if not COMPILING:
        print("Numba is not installed (or TABLETOP_COMPILE=0): Cubulus's kernels run as Python, nothing to compile")
        return
    rng = random.Random(0)
    game = Cubulus(first=0)
    state = game.initial_state()
    while state.phase is not Phase.PLAY or state.moves < 6:
        state = state.apply(rng.choice(list(state.legal_actions())))
    CubulusExpert("hard").play(state, list(state.legal_actions()), rng)
    batch = game.batch(2)
    generator = np.random.default_rng(0)
    everyone = np.ones(2, dtype=np.bool_)
    batch.reset(everyone, generator)
    for _ in range(12):
        masks = batch.legal_masks()
        batch.apply(np.array([generator.choice(np.flatnonzero(mask)) for mask in masks]), everyone, generator)
        batch.observe(np.zeros(2, dtype=np.int64))


if __name__ == "__main__":
    main()
