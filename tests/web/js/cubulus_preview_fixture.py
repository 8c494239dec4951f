"""Writes tests/web/js/cubulus_preview.json: sample Cubulus positions (two and three players, from
seeded random games) with every legal move's preview as the server sends it (``State.preview``) and the
board after the server's own ``apply``, for the browser's layout of previews (js/games/cubulus/preview.js)
to be checked against in cubulus_preview.test.mjs and cubulus_motion.test.mjs.
``tests/web/test_cubulus_screen.py`` checks the file is up to date.

Run: ``PYTHONPATH=src python tests/web/js/cubulus_preview_fixture.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import tabletop

FIXTURE = Path(__file__).parent / "cubulus_preview.json"


def samples() -> list[dict[str, Any]]:
    """Positions along seeded random games, each with its legal moves' previews and the boards they lead to."""
    found: list[dict[str, Any]] = []
    for players, seed in ((2, 1), (2, 2), (3, 3)):
        rng = random.Random(seed)
        state = tabletop.REGISTRY["cubulus"](players=players).initial_state()
        step = 0
        while not state.is_terminal and step < 60:
            if state.is_chance:
                state = state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if step % 6 == 0 or (step % 3 == 0 and any(str(a).startswith("shift") for a in legal)):
                view = state.view(state.current_player)
                moving = [a for a in legal if str(a) != "pass"]
                found.append({"view": {"board": view["board"], "seat": view["seat"], "players": players},
                              "previews": {str(a): state.preview(a) for a in moving},
                              "after": {str(a): state.apply(a).view(state.current_player)["board"] for a in moving}})
            state = state.apply(rng.choice(legal))
            step += 1
    return found


def text() -> str:
    """The fixture file's content."""
    return json.dumps(samples(), indent=0, sort_keys=True) + "\n"


if __name__ == "__main__":
    FIXTURE.write_text(text())
