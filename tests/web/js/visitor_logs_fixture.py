"""Writes tests/web/js/visitor_logs.json: one seeded game of every game with a browser folder, as the
server's live protocol gives its log to each seat and to a spectator — each entry's ``move`` (the number
of the table event that wrote it), who acted, the action as that viewer observed it and the events that
viewer may see (``tabletop.server.table.Table.replay_event``'s lines) — for the games' visitors
(js/games/<game>/visitor.js) to be read over in visitors.test.mjs: entry by entry, rewound, and as
another seat sees the same moves. ``tests/web/test_log.py`` checks the file is up to date.

Run: ``PYTHONPATH=src python tests/web/js/visitor_logs_fixture.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import tabletop
from tabletop.core import CHANCE, SPECTATOR, visible

FIXTURE = Path(__file__).parent / "visitor_logs.json"
OPTIONS: dict[str, dict[str, Any]] = {  # short games; Kubik's throws as chance outcomes, not physics
    "cribbage": {"target": 31},
    "cubulus": {"move_cap": 8},
    "kubik": {"players": 3, "target": 15, "throws": "manual", "interception": True},
}
LONGEST = {"beetle": 60}
"""A game still going after this many actions (110 unless named) is cut there: the visitors need no ending,
and Beetle's rolls are all alike."""


def game_logs(name: str, seed: int = 2) -> dict[str, Any]:
    """A random game of ``name`` from ``seed``: each seat's log and the spectator's (``"spectator"``), as the
    server keeps them for its updates."""
    game = tabletop.load(name, **OPTIONS.get(name, {}))
    rng = random.Random(seed)
    state = game.initial_state()
    viewers = [*range(game.num_players), SPECTATOR]
    logs: dict[int, list[dict[str, Any]]] = {viewer: [] for viewer in viewers}
    move = 0
    while not state.is_terminal and move < LONGEST.get(name, 110):
        action = state.sample_chance(rng) if state.is_chance else rng.choice(list(state.legal_actions()))
        parsed = game.parse_action(str(action))
        seen = {viewer: state.observation(parsed, viewer) for viewer in viewers}
        mover = CHANCE if state.is_chance else state.current_player
        state = state.apply_recorded(parsed)
        events = state.events()
        for viewer in viewers:
            if seen[viewer] is not None:
                logs[viewer].append({"move": move, "seat": mover, "action": seen[viewer],
                                     "events": visible(events, viewer)})
        move += 1
    return {"options": OPTIONS.get(name, {}), "players": game.num_players,
            "logs": {("spectator" if viewer == SPECTATOR else str(viewer)): log for viewer, log in logs.items()}}


def text() -> str:
    """The fixture's contents: the logs of every registered game with a browser folder."""
    folders = Path(tabletop.__file__).parent / "web" / "js" / "games"
    told = sorted(name for name in tabletop.REGISTRY if (folders / name / "index.js").is_file())
    return json.dumps({name: game_logs(name) for name in told}, separators=(",", ":"), sort_keys=True) + "\n"


if __name__ == "__main__":
    FIXTURE.write_text(text())
