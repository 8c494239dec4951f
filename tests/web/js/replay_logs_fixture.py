"""Writes tests/web/js/replay_logs.json: one seeded, finished game of every registered game as the
replay's log (``jobs.replay_log``: each entry's seat, action and events, nothing hidden), for the
replay's steps (js/steps.js and each game's ``replaySteps``) to be checked against in
replay_steps.test.mjs. ``tests/web/test_replay.py`` checks the file is up to date.

Run: ``PYTHONPATH=src python tests/web/js/replay_logs_fixture.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import tabletop
from tabletop.server.jobs import replay_log

FIXTURE = Path(__file__).parent / "replay_logs.json"
OPTIONS: dict[str, dict[str, Any]] = {  # short games; Kubik's throws as chance outcomes, not physics
    "cribbage": {"target": 31},
    "cubulus": {"move_cap": 8},
    "kubik": {"players": 3, "target": 15, "throws": "manual", "interception": True},
}
LONGEST = 400
"""A game still going after this many actions is cut there (a replay's steps need no ending)."""


def game_log(name: str, seed: int = 1) -> dict[str, Any]:
    """A random game of ``name`` from ``seed``: its options, actions and the replay's log of them."""
    game = tabletop.load(name, **OPTIONS.get(name, {}))
    rng = random.Random(seed)
    state = game.initial_state()
    actions: list[str] = []
    while not state.is_terminal and len(actions) < LONGEST:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions()))
        actions.append(str(action))
        state = state.apply(action)
    _, log = replay_log(game, actions, len(actions))
    return {"options": OPTIONS.get(name, {}), "log": log}


def text() -> str:
    """The fixture's contents: the log of every registered game with a browser folder (whose log it tells)."""
    folders = Path(tabletop.__file__).parent / "web" / "js" / "games"
    told = sorted(name for name in tabletop.REGISTRY if (folders / name / "index.js").is_file())
    return json.dumps({name: game_log(name) for name in told}, separators=(",", ":"), sort_keys=True) + "\n"


if __name__ == "__main__":
    FIXTURE.write_text(text())
