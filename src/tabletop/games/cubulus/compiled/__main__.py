"""Compile the expert's searches now and cache the machine code (``python -m tabletop.games.cubulus.compiled``).

The install runs this once, so that the first ``hard`` move in a game does not wait the half minute
Numba takes to compile them; after that every process loads the cached code in a second or two.
"""

from __future__ import annotations

import random

from tabletop.games.cubulus import Cubulus, Phase
from tabletop.games.cubulus.expert import CubulusExpert


def main() -> None:
    """Play one decision of ``hard`` (the compiled search and both proofs) in a position of play."""
    rng = random.Random(0)
    state = Cubulus(first=0).initial_state()
    while state.phase is not Phase.PLAY or state.moves < 6:
        state = state.apply(rng.choice(list(state.legal_actions())))
    CubulusExpert("hard").play(state, list(state.legal_actions()), rng)


if __name__ == "__main__":
    main()
